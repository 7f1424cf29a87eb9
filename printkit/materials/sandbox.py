"""The bounded Jinja2 sandbox that every template and expression of a package runs in.

Jinja2's sandbox stops a package from running Python, but not from asking for 10**(10**10), a
string of a billion characters or nested loops of a hundred thousand turns each. Here every
rendering gets a budget: steps (loop turns, calls, filters, operators) and characters (what it
prints, literal text repeated by loops included). Operations that could make a huge value in one
step (`*`, `**`, `+`, `%`, `~`, padding, joining and replacing) are checked before they run, from
the sizes of their operands, and every value they make is checked after. A template over a limit
raises LimitExceeded, which becomes a located diagnostic (PK402 or PK403).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from jinja2 import StrictUndefined, nodes, pass_eval_context
from jinja2.compiler import CodeGenerator
from jinja2.runtime import LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import generate_lorem_ipsum
from jinja2.visitor import NodeTransformer

from printkit.diagnostics import TEMPLATE_TOO_LARGE, TEMPLATE_TOO_MUCH_WORK

MAX_STEPS = 10_000  # loop turns, calls, filters and operators in one rendering
MAX_GAME_STEPS = 200_000  # steps of all the renderings of one game together
STEPS_AFTER_GAME = 100  # steps per rendering once a game has used its MAX_GAME_STEPS
MAX_TEXT = 100_000  # characters of the rendered text, and length of any string or list made
MAX_MADE = 1_000_000  # characters and items of all the strings and lists one rendering makes
MAX_RANGE = 10_000  # items of one range()
MAX_LIPSUM_WORDS = 10_000  # paragraphs × words per paragraph of one lipsum()
MAX_DIGITS = 1_000  # digits of a number made by '*' or '**'
_MAX_BITS = math.ceil(MAX_DIGITS * math.log2(10))


class LimitExceeded(Exception):
    """A template went over a limit; `code` is PK402 (work) or PK403 (size)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _too_much_work(message: str) -> LimitExceeded:
    return LimitExceeded(TEMPLATE_TOO_MUCH_WORK, message)


def _too_large(length: int, what: str) -> LimitExceeded:
    return LimitExceeded(
        TEMPLATE_TOO_LARGE,
        f"{what} would make {length:,} characters or items; at most {MAX_TEXT:,}",
    )


@dataclass
class _Budget:
    steps: int = 0
    characters: int = 0
    made: int = 0

    def spend(self, steps: int = 1) -> None:
        self.steps += steps
        game = _GAME.get()
        if game is not None:
            game.steps += steps
            if game.steps > MAX_GAME_STEPS and self.steps > STEPS_AFTER_GAME:
                raise _too_much_work(
                    f"more than {STEPS_AFTER_GAME} steps, after the game's templates together "
                    f"took {MAX_GAME_STEPS:,}"
                )
        if self.steps > MAX_STEPS:
            raise _too_much_work(
                f"more than {MAX_STEPS:,} loop turns, calls and operations in one rendering"
            )

    def print(self, characters: int) -> None:
        self.characters += characters
        if self.characters > MAX_TEXT:
            raise _too_large(self.characters, "the rendered text")

    def make(self, length: int) -> None:
        """Many values, each within the limit, still add up (a loop making long strings)."""
        self.made += length
        if self.made > MAX_MADE:
            raise LimitExceeded(
                TEMPLATE_TOO_LARGE,
                f"strings and lists of more than {MAX_MADE:,} characters and items in all",
            )


@dataclass
class _GameBudget:
    steps: int = 0


_BUDGET: ContextVar[_Budget] = ContextVar("template budget")
_GAME: ContextVar[_GameBudget | None] = ContextVar("game's template budget", default=None)


@contextmanager
def game_budget() -> Iterator[None]:
    """One budget for all the renderings of a game (a decorator of the function compiling
    one): a template over its limit on every card of a long deck costs at most about
    MAX_GAME_STEPS in all; once they are spent, each rendering may take STEPS_AFTER_GAME,
    which ordinary templates never reach."""
    token = _GAME.set(_GameBudget())
    try:
        yield
    finally:
        _GAME.reset(token)


@contextmanager
def budget() -> Iterator[None]:
    """A fresh budget for one rendering (nested renderings get their own)."""
    token = _BUDGET.set(_Budget())
    try:
        yield
    finally:
        _BUDGET.reset(token)


def _current() -> _Budget:
    """The rendering's budget; a lazy value consumed after its rendering (a claim's result)
    gets a throwaway one, its size being bounded by what the rendering made."""
    return _BUDGET.get(None) or _Budget()


def _spend() -> None:
    _current().spend()


_CONTAINERS = (list, tuple, dict, set, frozenset)


def _checked(value: Any, what: str) -> Any:
    """`value` if it is within the limits, whatever made it."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if value.bit_length() > _MAX_BITS:
            raise _too_much_work(f"{what} made a number of more than {MAX_DIGITS:,} digits")
    elif isinstance(value, (str, bytes, *_CONTAINERS)):
        if len(value) > MAX_TEXT:
            raise _too_large(len(value), what)
        _current().make(len(value))
        if isinstance(value, _CONTAINERS) and _spelt_out(value) > MAX_MADE:
            raise LimitExceeded(
                TEMPLATE_TOO_LARGE,
                f"{what} made a list whose items spell out more than {MAX_MADE:,} characters",
            )
    return value


def _spelt_out(value: Any) -> int:
    """About how many characters `value` prints as: ['x' * 99999] * 99999 is a small list
    that prints as ten billion characters. A part shared many times counts each time, as
    printing repeats it, but is measured once (a cycle adds nothing)."""
    known: dict[int, int] = {}

    def measure(item: Any) -> int:
        if isinstance(item, str | bytes):
            return len(item)
        if not isinstance(item, _CONTAINERS):
            return 1
        if id(item) not in known:
            known[id(item)] = 0
            parts = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            known[id(item)] = len(item) + sum(measure(part) for part in parts)
        return known[id(item)]

    return measure(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_SEQUENCES = (str, bytes, list, tuple)


def _check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse, before it runs, an operation whose result would be over a limit."""
    what = f"'{operator}'"
    if operator == "*" and isinstance(left, _SEQUENCES) and _is_int(right):
        _checked_length(len(left) * right, what)
    elif operator == "*" and isinstance(right, _SEQUENCES) and _is_int(left):
        _checked_length(len(right) * left, what)
    elif operator == "*" and _is_int(left) and _is_int(right):
        if left.bit_length() + right.bit_length() > _MAX_BITS + 1:
            raise _too_much_work(f"{what} would make a number of more than {MAX_DIGITS:,} digits")
    elif operator == "**" and _is_int(left) and _is_int(right):
        if right > 0 and abs(left) > 1 and right * math.log2(abs(left)) > _MAX_BITS:
            raise _too_much_work(f"{what} would make a number of more than {MAX_DIGITS:,} digits")
    elif operator == "+" and isinstance(left, _SEQUENCES) and isinstance(right, _SEQUENCES):
        _checked_length(len(left) + len(right), what)
    elif operator == "%" and isinstance(left, str):
        _check_printf(left, right if isinstance(right, tuple) else (right,), what)


def _checked_length(length: int, what: str) -> None:
    if length > MAX_TEXT:
        raise _too_large(length, what)


def _largest_int(values: Iterable[Any]) -> int:
    return max((abs(v) for v in values if _is_int(v)), default=0)


_PRINTF_SIZES = re.compile(r"%[-#0 +]*(?:\*|(\d+))?(?:\.(?:\*|(\d+)))?")
_FORMAT_SIZES = re.compile(r"\{[^{}]*:[^{}]*?(\d+)")


def _check_printf(template: str, arguments: Iterable[Any], what: str) -> None:
    """'%1000000000d' and '%*d' with a huge width pad to that many characters."""
    sizes = [int(s) for match in _PRINTF_SIZES.finditer(template) for s in match.groups() if s]
    if "*" in template:
        sizes.append(_largest_int(arguments))
    _checked_length(max(sizes, default=0), what)


def _check_format(template: str, arguments: Iterable[Any], what: str) -> None:
    """'{:>1000000000}' pads likewise; a nested field ('{:>{}}') takes its width from an
    argument."""
    sizes = [int(match[1]) for match in _FORMAT_SIZES.finditer(template)]
    if re.search(r"\{[^{}]*:[^{}]*\{", template):
        sizes.append(_largest_int(arguments))
    _checked_length(max(sizes, default=0), what)


def _joined(separator: Any, items: Iterable[Any], what: str) -> list[Any]:
    """The items to join (or add up), as a list, checking the total length as each item
    arrives: the items may be made one by one, as by 'map'."""
    listed: list[Any] = []
    length = 0
    for item in items:
        length += len(separator) if listed else 0
        length += len(item) if isinstance(item, _SEQUENCES) else 1
        _checked_length(length, what)
        listed.append(item)
    return listed


def _check_replace(text: Any, old: Any, new: Any, count: int, what: str) -> None:
    found = len(text) + 1 if not old else text.count(old)
    if count >= 0:
        found = min(found, count)
    _checked_length(len(text) + found * (len(new) - len(old)), what)


def _check_method(
    owner: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[Any, ...]:
    """Check a call of a method of a str, bytes or int: no size argument over the limit
    ('x'.ljust(10**9), (1).to_bytes(10**9)), and estimates for the str and bytes methods that
    multiply a length. Returns the arguments (a list replaces the iterable to join)."""
    what = f"{type(owner).__name__}.{name}()"
    values = [*args, *kwargs.values()]
    if not isinstance(owner, str | bytes | int):  # lists and dicts are read-only
        return args
    if name not in ("format", "format_map"):  # their arguments are printed, not sizes
        _checked_length(_largest_int(values), what)
    if isinstance(owner, int):
        return args
    if name == "expandtabs":
        tabs = owner.count("\t" if isinstance(owner, str) else b"\t")
        _checked_length(len(owner) + tabs * max(_largest_int(values) or 8, 0), what)
    elif name == "replace" and len(args) >= 2 and isinstance(args[1], str | bytes):
        count = args[2] if len(args) > 2 and _is_int(args[2]) else -1
        _check_replace(owner, args[0], args[1], count, what)
    elif name == "translate" and args and isinstance(args[0], dict):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        _checked_length(len(owner) * longest, what)
    elif name == "join" and args:
        return (_joined(owner, args[0], what),)
    elif isinstance(owner, str) and name in ("format", "format_map"):
        mappings = [v for a in values if isinstance(a, dict) for v in a.values()]
        _check_format(owner, [*values, *mappings], what)
    return args


MAX_JSON_INDENT = 16


def _bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that spends a step, refuses size arguments over the limit ('center(10**9)',
    'batch(10**9)') and the long results of 'join', 'sum', 'replace', 'indent', 'format' and
    'tojson'."""
    first = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0
    what = f"filter '{name}'"

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _spend()
        value, parameters = args[first], [*args[first + 1 :], *kwargs.values()]
        _checked_length(_largest_int(parameters), what)
        if name == "join":
            separator = str(parameters[0]) if parameters else ""
            args = (*args[:first], _joined(separator, value, what), *args[first + 1 :])
        elif name == "sum" and any(isinstance(p, _SEQUENCES) for p in parameters):
            args = (*args[:first], _joined("", value, what), *args[first + 1 :])
        elif name == "replace" and isinstance(value, str) and len(parameters) >= 2:
            count = parameters[2] if len(parameters) > 2 and _is_int(parameters[2]) else -1
            _check_replace(value, str(parameters[0]), str(parameters[1]), count, what)
        elif name == "indent" and isinstance(value, str) and parameters:
            width = parameters[0]
            prefix = len(width) if isinstance(width, str) else width if _is_int(width) else 4
            _checked_length(len(value) + (value.count("\n") + 1) * prefix, what)
        elif name == "format" and isinstance(value, str):
            _check_printf(value, parameters, what)
        elif name == "tojson" and parameters:
            indent = parameters[0]
            width = len(indent) if isinstance(indent, str) else _largest_int([indent])
            if width > MAX_JSON_INDENT:
                raise LimitExceeded(
                    TEMPLATE_TOO_LARGE, f"{what}: an indent of {width:,}; at most {MAX_JSON_INDENT}"
                )
        return _checked(function(*args, **kwargs), what)

    return bounded


def _bounded_range(*args: int) -> range:
    numbers = range(*args)
    try:
        length: int | None = len(numbers)
    except OverflowError:  # more than a machine word can count
        length = None
    if length is None or length > MAX_RANGE:
        count = "astronomically many" if length is None else f"{length:,}"
        raise _too_much_work(f"range() of {count} items; at most {MAX_RANGE:,}")
    return numbers


def _bounded_lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
    """Jinja2's lipsum (same parameter names, so keyword calls work), at most 10,000 words."""
    if n * max > MAX_LIPSUM_WORDS:
        raise _too_much_work(
            f"lipsum() of {n} paragraphs of up to {max} words; at most {MAX_LIPSUM_WORDS:,} words"
        )
    return generate_lorem_ipsum(n, html, min, max)


@pass_eval_context  # needs the rendering: Jinja2 then never prints a constant at compile time
def _printed(_context: Any, value: Any) -> Any:
    """Every printed value counts towards the rendered text."""
    _current().print(len(str(value)))
    return value


class _Bounded(NodeTransformer):
    """Rewrites a template so loops, '~' and written lists go through the environment's bounded
    versions."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        literal = sum(len(data.data) for data in node.find_all(nodes.TemplateData))
        node.iter = _environment_call("bounded_loop", node.iter, nodes.Const(literal))
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return _environment_call("bounded_concat", *node.nodes)

    def visit_List(self, node: nodes.List | nodes.Dict) -> nodes.Node:
        """A list written in a template ([a, a]) is checked like any value made."""
        self.generic_visit(node)
        return _environment_call("written", node)

    visit_Dict = visit_List

    def visit_Tuple(self, node: nodes.Tuple) -> nodes.Node:
        self.generic_visit(node)
        return _environment_call("written", node) if node.ctx == "load" else node


def _environment_call(method: str, *arguments: nodes.Expr) -> nodes.Call:
    return nodes.Call(nodes.EnvironmentAttribute(method), list(arguments), [], None, None)


class _BoundedCodeGenerator(CodeGenerator):
    def visit_Template(self, node: nodes.Template, frame: Any = None) -> None:
        super().visit_Template(_Bounded().visit(node), frame)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """Jinja2's sandbox (lists, dicts and sets read-only too) with a budget per rendering."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self) -> None:
        super().__init__(
            undefined=StrictUndefined,
            autoescape=False,
            keep_trailing_newline=False,
            finalize=_printed,
        )
        self.globals["range"] = _bounded_range
        self.globals["lipsum"] = _bounded_lipsum
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}
        # `selectattr('description', 'containing', 'pool')`: Jinja's own `in` test reads the
        # other way round (the value in the argument).
        self.tests["containing"] = lambda value, part: str(part) in str(value)

    @staticmethod
    def bounded_loop(items: Iterable[Any], literal: int) -> Iterator[Any]:
        """Each turn of a loop is a step and prints its body's literal text once more."""
        budget = _current()
        for item in items:
            budget.spend()
            budget.print(literal)
            yield item

    @staticmethod
    def written(value: Any) -> Any:
        """A list, tuple or dict written in a template; `call` checks it."""
        return value

    @staticmethod
    def bounded_concat(*parts: Any) -> str:
        texts = [str(part) for part in parts]
        _checked_length(sum(len(text) for text in texts), "'~'")
        return "".join(texts)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _spend()
        _check_binop(operator, left, right)
        return _checked(super().call_binop(context, operator, left, right), f"'{operator}'")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _spend()
        method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        owner = getattr(method, "__self__", None)
        name = getattr(method, "__name__", "")
        if isinstance(__obj, LoopContext):  # a recursive loop's next level: bounded too
            args = (__self.bounded_loop(args[0], 0), *args[1:]) if args else args
        elif owner is not None:
            args = _check_method(owner, name, args, kwargs)
        what = "a list written in the template" if __obj is __self.written else f"{name}()"
        return _checked(super().call(__context, __obj, *args, **kwargs), what)
