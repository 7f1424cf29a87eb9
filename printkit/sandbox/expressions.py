"""Sandboxed Jinja2 expressions in card text: `{{ card.damage }}`, `when: card.damage > 2`.

Numbers printed on a card come from the data through these expressions, never retyped. The
sandbox (printkit/sandbox/environment.py) keeps a shared game package from running arbitrary
Python and bounds the work and output of each rendering; StrictUndefined turns a misspelt field
into a diagnostic instead of an empty string. Card faces, rule prose, claims and examples all
render here, in one environment. An expression's result goes back to Python as the data it
stands for (printkit/sandbox/views.py), not as a view.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from copy import deepcopy
from functools import cache, partial
from typing import Any, TypeVar

from jinja2 import TemplateError, TemplateSyntaxError, Undefined, meta, nodes
from jinja2.environment import TemplateExpression
from jinja2.parser import Parser

from printkit.diagnostics import (
    BAD_VALUE,
    TEMPLATE_TOO_DEEP,
    TEMPLATE_TOO_LARGE,
    TEMPLATE_TOO_MUCH_WORK,
    did_you_mean,
)
from printkit.model.base import unprintable_character
from printkit.sandbox.delimited import STATEMENTS, cut_out
from printkit.sandbox.environment import (
    COMPARISONS,
    MAX_DEPTH,
    MAX_STEPS,
    MAX_TEXT,
    BoundedEnvironment,
)
from printkit.sandbox.environment import budget as _budget
from printkit.sandbox.faults import TemplateFault, unforeseen
from printkit.sandbox.views import describe, plain, unwrap, view

_ENV = BoundedEnvironment()
_Made = TypeVar("_Made")

_LIMIT_HINTS = {
    TEMPLATE_TOO_LARGE: f"card and rule texts are short: a template may make at most "
    f"{MAX_TEXT:,} characters (docs/limits.md, 'Template limits')",
    TEMPLATE_TOO_MUCH_WORK: f"templates are for short texts and checks: small ranges and "
    f"numbers, at most {MAX_STEPS:,} steps per rendering (docs/limits.md, 'Template limits')",
    TEMPLATE_TOO_DEEP: f"a macro that calls itself needs a condition that stops it within "
    f"{MAX_DEPTH} calls (docs/limits.md, 'Template limits')",
}


# A template that does not parse: its braces or quotes, not the card's fields, are at fault.
_SYNTAX_HINT = (
    "an expression goes inside {{ … }} and a statement inside {% … %}: check that each brace "
    "and quote is closed"
)


class TemplateProblem(Exception):
    """A template failed; the message is fit for a diagnostic.

    `code` and `hint` are set when the failure has a code of its own (PK402-PK406); otherwise
    the caller reports its own code for a failing template.
    """

    def __init__(self, message: str, code: str | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.hint = hint


@cache
def _template(source: str):
    return _ENV.from_string(source)


@cache
def _expression(source: str):
    return _ENV.compile_expression(source, undefined_to_none=False)


# `No. {{ card.number }}`: text with a name's fields printed in it, the most common card template.
# The text holds no brace, carriage return or final newline, which Jinja2 would read or change.
_FIELD = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}")
_PIECE = re.compile(r"([^{}\r]+)|" + _FIELD.pattern)
# names Jinja2 reads as constants or operators, never as the context's
_NOT_NAMES = frozenset(
    {"true", "false", "none", "True", "False", "None", "not", "and", "or", "in", "is", "if"}
    | {"else", "elif", "for", "recursive"}
)
Piece = str | tuple[str, tuple[str, ...]]  # a text, or (name, fields) printed


@cache
def _pieces(source: str) -> tuple[Piece, ...] | None:
    """The template's texts and printed fields, in order, when it holds nothing else."""
    pieces: list[Piece] = []
    end = 0
    for found in _PIECE.finditer(source):
        if found.start() != end or found[2] in _NOT_NAMES:
            return None
        pieces.append(found[1] if found[1] is not None else (found[2], _fields(found[3])))
        end = found.end()
    return tuple(pieces) if end == len(source) and not source.endswith("\n") else None


def _fields(path: str) -> tuple[str, ...]:
    return tuple(path.split(".")[1:])


def _printed_field(value: Any, fields: tuple[str, ...]) -> str:
    """What Jinja2's compiled `{{ name.field }}` does, step for step (the context's view of
    the name, the environment's getattr, its finalize, str), without making a context for
    one value: a tenth of the cost, on every card of a deck."""
    value = view(value)
    for name in fields:
        value = _ENV.getattr(value, name)
    return str(_ENV.finalize(None, value))


def _printed(pieces: tuple[Piece, ...], context: dict[str, Any]) -> str:
    return "".join(
        piece if isinstance(piece, str) else _printed_field(context[piece[0]], piece[1])
        for piece in pieces
    )


def render(source: str, context: dict[str, Any]) -> str:
    if "{" not in source:
        return source
    try:
        with _budget():
            pieces = _pieces(source)
            if pieces is not None and all(
                isinstance(piece, str) or piece[0] in context for piece in pieces
            ):
                return _printable(_printed(pieces, context))
            return _printable(_template(source).render(context))
    except Exception as error:  # any failure of user data is a diagnostic
        raise _problem(source, error) from None


@cache
def names_read(source: str) -> frozenset[str]:
    """The names a template reads from its context (not those it sets itself); none for a
    template that does not parse, whose rendering says why."""
    try:
        return frozenset(meta.find_undeclared_variables(_ENV.parse(source)))
    except TemplateSyntaxError:
        return frozenset()


def evaluate(source: str, context: dict[str, Any]) -> Any:
    """The value of an expression, as the Python data it stands for."""
    return _value(lambda: _expression(source), source, context)


def _value(compiled: Callable[[], TemplateExpression], source: str, context: dict[str, Any]) -> Any:
    """What an expression (`source`, or a part of it, as `compiled` compiles it) gives over
    `context`."""
    try:
        with _budget():
            value = compiled()(**context)
            if isinstance(value, Undefined):  # a value that is not there cannot be compared
                value._fail_with_undefined_error()
            return _printable(unwrap(value))
    except Exception as error:  # any failure of user data is a diagnostic
        raise _problem(source, error) from None


def compared(source: str, context: dict[str, Any], slips: list[str] | None = None) -> str | None:
    """What an expression that is false compared, each side's value in its place: '0.487432
    > 0.5' for `1 - (44/50)*(43/49)*… > 0.5`, so that a claim that fails says by how much.
    Through `and` its false part, through `or` both parts, through `not` what it negates.
    None when the expression compares nothing (a test, a call: false says it all), fails or
    nests too deeply to be read (its failure is reported as such: PK405), or compares more
    values than a message can show. `slips` gathers what those comparisons got wrong whatever
    the data (a number compared with a text), for the hint."""
    try:
        tree = _parsed(source)
        if not isinstance(tree, _EXPLAINED) or _values_shown(tree) > _SHOWN_UP_TO:
            return None
        return _said(tree, _Values(source, context), [] if slips is None else slips)
    except (TemplateSyntaxError, TemplateProblem, RecursionError):
        return None


_EXPLAINED = nodes.Compare | nodes.And | nodes.Or | nodes.Not
# values a failing check's explanation shows: a claim compares a handful, and each value
# costs a compilation (a chain of 5,000 comparisons took minutes when each parsed it again)
_SHOWN_UP_TO = 50


def _values_shown(tree: nodes.Expr) -> int:
    """How many values explaining `tree` may show, counted without recursion: each operand
    of a comparison and each other part that `and`, `or` and `not` join."""
    count, parts = 0, [tree]
    while parts:
        node = parts.pop()
        if isinstance(node, nodes.And | nodes.Or):
            parts += [node.left, node.right]
        elif isinstance(node, nodes.Not):
            parts.append(node.node)
        else:
            count += len(node.ops) + 1 if isinstance(node, nodes.Compare) else 1
    return count


class _Values:
    """The values of an expression's parts, each compiled and evaluated once from one tree
    of it."""

    def __init__(self, source: str, context: dict[str, Any]) -> None:
        self.source, self.context = source, context
        self.known: dict[int, Any] = {}

    def __call__(self, node: nodes.Expr) -> Any:
        if id(node) not in self.known:
            compiled = partial(_part_expression, node)
            self.known[id(node)] = _value(compiled, self.source, self.context)
        return self.known[id(node)]


def _said(node: nodes.Expr, value: _Values, slips: list[str]) -> str:
    """The part of an expression at `node`, with the values its comparisons compared."""
    if isinstance(node, nodes.Compare):
        operands = [node.expr, *(operand.expr for operand in node.ops)]
        values = [value(operand) for operand in operands]
        for i, operator in enumerate(node.ops):
            slips.extend(_number_as_text(operator.op, values[i : i + 2], operands[i : i + 2]))
        exact = len({_shown(v) for v in values}) < len({repr(v) for v in values})
        shown = [_shown(v, exact) for v in values]
        compares = (f"{COMPARISONS[o.op][0]} {v}" for o, v in zip(node.ops, shown[1:], strict=True))
        return " ".join([shown[0], *compares])
    if isinstance(node, nodes.And):
        part = node.right if value(node.left) else node.left
        return _said(part, value, slips)
    if isinstance(node, nodes.Or):
        return f"{_said(node.left, value, slips)} or {_said(node.right, value, slips)}"
    if isinstance(node, nodes.Not):
        grouped = isinstance(node.node, nodes.Compare | nodes.And | nodes.Or)
        said = _said(node.node, value, slips)
        return f"not ({said})" if grouped else f"not {said}"
    return _shown(value(node))


def _number_as_text(operator: str, values: list[Any], operands: list[nodes.Expr]) -> list[str]:
    """`9 == '9'` is false whatever the data (and `!=` true): a slip of quotes, or a field read
    as text, which no correction of the data or erratum mends. Said as the fix: the quotes
    to drop when the text is written in the check, a conversion when the data gives it."""
    if operator not in ("eq", "ne"):
        return []
    texts = [isinstance(v, str) for v in values]
    numbers = [isinstance(v, int | float) and not isinstance(v, bool) for v in values]
    if not any(texts) or not any(numbers):
        return []
    text, operand = (values[0], operands[0]) if texts[0] else (values[1], operands[1])
    said = f"{_shown(text)} is text, which never equals a number"
    if _NUMERAL.fullmatch(text) is None:
        return [said]
    if isinstance(operand, nodes.Const):
        return [f"{said}: write {text} without quotes"]
    return [f"{said}: make it one with '| {'float' if '.' in text else 'int'}'"]


_NUMERAL = re.compile(r"-?\d+(?:\.\d+)?")


def _parsed(source: str) -> nodes.Expr:
    """The expression's tree, its nodes bound to the sandbox's environment (which compiling a
    part of it needs), parsed once however many parts are explained."""
    expression = Parser(_ENV, source, state="variable").parse_expression()
    expression.set_environment(_ENV)
    return expression


def _part_expression(part: nodes.Expr) -> TemplateExpression:
    """A part of an expression compiled on its own, as compile_expression compiles a whole
    expression. Compiling rewrites a tree (the sandbox's checks): the part is copied first, so
    that the tree keeps its parts as written for the parts compiled after it."""
    copied = deepcopy(part, {id(_ENV): _ENV})  # the copy shares the one environment
    body = [nodes.Assign(nodes.Name("result", "store"), copied, lineno=1)]
    return TemplateExpression(_ENV.from_string(nodes.Template(body, lineno=1)), False)


_WRITTEN_UP_TO = 60  # characters of a text or list shown whole; a longer one is described


def _shown(value: Any, exact: bool = False) -> str:
    """A value as a comparison shows it: a number to 6 figures (`exact`: every figure, when
    6 would show two values that differ alike), a text quoted, a short list as written."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "none"}[value]
    if isinstance(value, float) and not exact:
        return f"{value:.6g}"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | list | tuple | dict):
        written = repr(plain(value))
        if len(written) <= _WRITTEN_UP_TO:
            return written
    return describe(value)


def _printable(made: _Made) -> _Made:
    """What a template makes, refused as a package's own text is when it holds a character no
    text may (model/base.py): a '\\x01' or a lone surrogate made in a template reaches a PDF's
    title or an SVG page as surely as one written in the YAML."""
    code = unprintable_character(made)
    if code is not None:
        raise TemplateFault(
            f"it makes text holding the control character {code}, which cannot be printed",
            BAD_VALUE,
            "only line breaks and tabs may stand in text: remove what makes the character "
            "(an escape such as '\\x01' in a quoted string)",
        )
    return made


def explain(error: Exception) -> TemplateProblem:
    """Why a template failed, in a designer's words, with its code and hint when it has them;
    whatever the sandbox did not foresee is said by its kind, never in Python's words. Running
    out of memory is not the template's mistake but a bound printkit missed: it goes on to
    printkit's internal-error report, not into a diagnostic blaming the game."""
    if isinstance(error, MemoryError):
        raise error
    # brackets within brackets, thousands deep; Python's compiler refuses 200 of them (300
    # `or`s, each bracketed in the code Jinja2 writes) as a SyntaxError
    if isinstance(error, RecursionError | SyntaxError):
        error = TemplateFault(
            "the template nests too deeply to be read",
            TEMPLATE_TOO_DEEP,
            _LIMIT_HINTS[TEMPLATE_TOO_DEEP],
        )
    if isinstance(error, TemplateFault):
        hint = error.hint or _LIMIT_HINTS.get(error.code or "")
        return TemplateProblem(error.message, error.code, hint)
    if isinstance(error, TemplateSyntaxError):
        return TemplateProblem(error.message or str(error), hint=_SYNTAX_HINT)
    if isinstance(error, TemplateError):
        return TemplateProblem(error.message or str(error))
    return explain(unforeseen(error))


def _problem(source: str, error: Exception) -> TemplateProblem:
    """Name the template and what went wrong, with what was likely meant: a filter's closest
    name, '==' for a lone '='. A failure already naming this template (a row's result that
    reads itself through lookup(), or a circle of rows, failed in a rendering of it within
    this one) names it once, first: the texts the failure passed through, each once."""
    problem = explain(error)
    hint = problem.hint
    if isinstance(error, TemplateSyntaxError):
        hint = _syntax_hint(source, str(error.message or "")) or hint
    shown = source if len(source) <= _ECHOED else source[: _ECHOED - 1] + "…"
    named = f"in '{shown}': "
    return TemplateProblem(named + str(problem).replace(named, ""), problem.code, hint)


_ECHOED = 200  # characters of a template a message quotes: a line, not a 100 KB template


_UNKNOWN_FILTER = re.compile(r"No (filter|test) named '([^']+)'")
_LONE_EQUALS = re.compile(r"(?<![=!<>])=(?!=)")


def _syntax_hint(source: str, message: str) -> str | None:
    unknown = _UNKNOWN_FILTER.search(message)
    if unknown is not None:
        kind, name = unknown.groups()
        known = _ENV.filters if kind == "filter" else _ENV.tests
        return did_you_mean(name, known)
    said_so = "got '='" in message or message.startswith("chunk after expression")
    if said_so and _LONE_EQUALS.search(_code_only(source)):
        return "a comparison is written '==' (a lone '=' compares nothing)"
    return None


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")  # "a=b" is text
_NAMED_ARGUMENT = re.compile(r"[(,]\s*\w+\s*=(?!=)")  # round(precision=1)


def _code_only(source: str) -> str:
    """The expression's own code: no statement, no quoted text, no named argument."""
    # {% set x = 1 %} assigns, as it should: its statements are set aside
    code = cut_out(source, STATEMENTS, "")
    return _NAMED_ARGUMENT.sub("(", _QUOTED.sub("''", code))
