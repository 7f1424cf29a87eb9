"""The bounded Jinja2 sandbox that every template and expression of a package runs in.

Jinja2's sandbox stops a package from running Python, but not from asking for 10**(10**10), a
string of a billion characters or nested loops of a hundred thousand turns each. Here every
rendering gets a budget: steps (loop turns, calls, filters, operators) and characters (what it
prints, literal text repeated by loops included). Operations that could make a huge value in one
step (`*`, `**`, `+`, `%`, `~`, padding, joining and replacing) are checked before they run, from
the sizes of their operands, and every value they make is checked after. A template over a limit
raises LimitExceeded, which becomes a located diagnostic (PK402 or PK403).

What a template sees is data (printkit/sandbox/views.py), what it calls is a closed list of
helpers (printkit/sandbox/helpers.py) besides its own macros, and nothing in it depends on the
machine or the moment (no `random`, no `lipsum`): the same game prints the same bytes. Calls nest
at most MAX_DEPTH deep, and a template that includes, imports or extends itself is refused at
the line that closes the circle. An operator, filter or test that fails says so in a designer's
words (printkit/sandbox/faults.py).
"""

from __future__ import annotations

import functools
import math
import operator as python
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from jinja2 import (
    StrictUndefined,
    Template,
    Undefined,
    nodes,
    pass_environment,
    pass_eval_context,
)
from jinja2.compiler import CodeGenerator
from jinja2.runtime import BlockReference, Context, LoopContext, Macro, missing
from jinja2.sandbox import (
    ImmutableSandboxedEnvironment,
    SandboxedEscapeFormatter,
    SandboxedFormatter,
)
from jinja2.utils import Cycler, Joiner, Namespace
from jinja2.visitor import NodeTransformer
from markupsafe import Markup

from printkit.diagnostics import (
    TEMPLATE_CYCLE,
    TEMPLATE_TOO_DEEP,
    TEMPLATE_TOO_LARGE,
    TEMPLATE_TOO_MUCH_WORK,
    did_you_mean,
)
from printkit.sandbox.faults import TemplateFault, reason
from printkit.sandbox.helpers import Helper, HelperMisuse, Parameter, fail_if_undefined
from printkit.sandbox.views import (
    MISSING,
    List,
    Record,
    Table,
    View,
    describe,
    kind_of,
    plain,
    settled,
    view,
)

MAX_STEPS = 10_000  # loop turns, calls, filters and operators in one rendering
MAX_GAME_STEPS = 200_000  # steps of all the renderings of a game's checks, or of one material
STEPS_AFTER_GAME = 100  # steps per rendering once a game has used its MAX_GAME_STEPS
MAX_TEXT = 100_000  # characters of the rendered text, and length of any string or list made
MAX_MADE = 1_000_000  # characters and items of all the strings and lists one rendering makes
MAX_RANGE = 10_000  # items of one range()
MAX_DEPTH = 50  # calls within calls: macros, recursive loops, prose rendering prose
MAX_DIGITS = 1_000  # digits of a number made by '*' or '**'
MAX_CHOSEN_FROM = 10_000  # things comb() and perm() choose from: a deck holds far fewer
_MAX_BITS = math.ceil(MAX_DIGITS * math.log2(10))


class LimitExceeded(TemplateFault):
    """A template went over a limit; `code` is PK402 (work), PK403 (size) or PK405 (depth)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


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
    # template name → the templates it included, imported or extended in this rendering
    includes: dict[str, set[str]] = field(default_factory=dict)

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
_DEPTH: ContextVar[int] = ContextVar("calls within calls", default=0)  # across renderings


@contextmanager
def game_budget() -> Iterator[None]:
    """One budget for all the renderings of a game's checks, or of one material (which is
    drawn on its own, maybe in a worker process): a template over its limit on every card of a
    long deck costs at most about
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


def _values_only(values: Iterable[Any], what: str) -> None:
    """Refuse a method, helper, macro or other object where a template's text needs a value
    (printed, joined with '~', given to a filter or to a method of a text): Python would write
    it as a description holding its address, which changes from run to run (`{{ row.index }}`
    on a row that is a text prints `str.index`)."""
    for value in values:
        found = _not_a_value(value)
        if found is not None:
            raise TemplateFault(
                f"{what} uses {_named(found)}, which is not a value",
                hint="use one of its fields, as loop.index or loop.length"
                if isinstance(found, LoopContext)
                else "call it with its arguments, as name(…), or use a field of the data",
            )


def _not_a_value(value: Any) -> Any:
    """The first thing in `value` (itself, or an item of a list or mapping in it) that is not
    data; None when all of it is."""
    if isinstance(value, str | int | float | View | Undefined) or value is None:
        return None
    if isinstance(value, list | tuple | set | frozenset):
        return next((found for item in value if (found := _not_a_value(item)) is not None), None)
    if isinstance(value, dict):
        items = (part for pair in value.items() for part in pair)
        return next((found for item in items if (found := _not_a_value(item)) is not None), None)
    if callable(value) or type(value).__repr__ is object.__repr__:
        return value
    return None


def _named(thing: Any) -> str:
    """A function or object as a template's author knows it."""
    if isinstance(thing, Helper | Macro):
        return f"the {'helper' if isinstance(thing, Helper) else 'macro'} '{thing.name}'"
    owner = getattr(thing, "__self__", None)
    if owner is not None and not isinstance(owner, type):
        return f"the method '{thing.__name__}' of {kind_of(owner)}"
    return describe(thing)


def _checked(value: Any, what: str) -> Any:
    """`value` if it is within the limits, whatever made it."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and not math.isfinite(value):
        raise TemplateFault(f"{what} made a number too large to use ({value})", hint=_OPERANDS)
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


_SEQUENCES = (str, bytes, list, tuple, List)  # a List view's length is checked before '+', '*'


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
    elif operator == "%" and isinstance(left, str | bytes):
        _check_printf(left, right, what)


def _checked_length(length: int, what: str) -> None:
    if length > MAX_TEXT:
        raise _too_large(length, what)


def _largest_int(values: Iterable[Any]) -> int:
    return max((abs(v) for v in values if _is_int(v)), default=0)


# after '%' and its mapping key: flags, width, precision, length modifier and conversion
_PRINTF_SPEC = re.compile(r"[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?.?", re.DOTALL)
_PARENTHESES = re.compile(r"[()]")


def _printf_conversions(template: str) -> Iterator[tuple[str | None, list[str]]]:
    """The mapping key and the width and precision ('*' or digits) of each conversion of a
    '%' template, read in one pass as Python reads them: the key comes first and may hold
    parentheses ('%(a(b))5s'), and '%%' is a literal '%'."""
    position = template.find("%")
    while position >= 0:
        position += 1
        key = None
        if template.startswith("(", position):
            depth = 0
            for parenthesis in _PARENTHESES.finditer(template, position):
                depth += 1 if parenthesis[0] == "(" else -1
                if depth == 0:
                    key = template[position + 1 : parenthesis.start()]
                    position = parenthesis.end()
                    break
            else:
                return  # an unclosed key: Python refuses the template
        spec = _PRINTF_SPEC.match(template, position)
        assert spec is not None  # every part of the pattern is optional
        yield key, [size for size in spec.groups() if size]
        position = template.find("%", spec.end())


def _check_printf(template: str | bytes, values: Any, what: str) -> None:
    """'%1000000000d', '%(a)1000000000s' and '%*d' with a huge width pad to that many
    characters, the widths of many conversions add up ('%99999s' * 9000), and a mapping's
    long value prints once for each conversion naming it ('%(a)s' * 20000): the length is
    counted before the text is made."""
    text = template.decode("latin-1") if isinstance(template, bytes) else template
    positional = values if isinstance(values, tuple) else (values,)
    star = _largest_int(positional)  # at most the largest number given
    measured: dict[str, int] = {}  # each key's value, measured once
    widths = printed = 0
    for key, sizes in _printf_conversions(text):
        widths += sum(star if size == "*" else int(size) for size in sizes)
        if key is not None and isinstance(values, Mapping):
            if key not in measured:
                name = key.encode("latin-1") if isinstance(template, bytes) else key
                measured[key] = len(str(values.get(name, "")))
            printed += measured[key]
    _checked_length(widths, what)  # said alike for every card that shares the template
    _checked_length(widths + printed, what)


_DIGITS = re.compile(r"\d+")


class _BoundedFormatter(SandboxedFormatter):
    """Jinja2's formatter of str.format, refusing a field before it is made when the text
    would go over the limit: its width may come from inside an argument ('{0:>{1[0]}}') or
    from a field of the data ('{0:>{1.w}}'), known only here, and the fields of a short
    template add up ('{0}' * 30000 repeats a long argument)."""

    def __init__(self, environment: BoundedEnvironment, what: str, **kwargs: Any) -> None:
        super().__init__(environment, **kwargs)
        self.what = what
        self.length = 0  # of the fields made so far

    def format_field(self, value: Any, format_spec: str) -> Any:
        width = sum(int(digits) for digits in _DIGITS.findall(format_spec))
        _checked_length(width, self.what)  # the field alone
        _checked_length(self.length + width, self.what)  # after the fields made before it
        made = super().format_field(value, format_spec)
        self.length += len(made)
        return made


class _BoundedEscapeFormatter(_BoundedFormatter, SandboxedEscapeFormatter):
    """The same for a text marked safe ('|safe'), whose fields are escaped."""


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
    return args


MAX_JSON_INDENT = 16


def _bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that spends a step, refuses size arguments over the limit ('center(10**9)',
    'batch(10**9)') and the long results of 'join', 'sum', 'replace', 'indent', 'format' and
    'tojson', and says which filter could not use which values ('truncate(-1)')."""
    first = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0
    what = f"filter '{name}'"

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _spend()
        value, parameters = args[first], [*args[first + 1 :], *kwargs.values()]
        _values_only([value, *parameters], what)
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
            _check_printf(value, kwargs or args[first + 1 :], what)  # as Jinja2 gives them
        elif name == "tojson" and parameters:
            indent = parameters[0]
            width = len(indent) if isinstance(indent, str) else _largest_int([indent])
            if width > MAX_JSON_INDENT:
                raise LimitExceeded(
                    TEMPLATE_TOO_LARGE, f"{what}: an indent of {width:,}; at most {MAX_JSON_INDENT}"
                )
        with _misused(what, parameters or [value]):
            made = function(*args, **kwargs)
            if isinstance(made, Iterator):  # `items`, `map`, `select`… give generators: run
                made = settled(made)  # them here, so a fault is this filter's, and never
            return _checked(made, what)  # print one's address (`[x | items] | string`)

    return bounded


def _bounded_range(*args: int) -> range:
    """Jinja2's range, refusing a step of 0 and more than MAX_RANGE items before it runs."""
    if len(args) == 3 and args[2] == 0:
        raise HelperMisuse("range() cannot step by 0")
    numbers = range(*args)
    try:
        length: int | None = len(numbers)
    except OverflowError:  # more than a machine word can count
        length = None
    if length is None or length > MAX_RANGE:
        count = "astronomically many" if length is None else f"{length:,}"
        raise _too_much_work(f"range() of {count} items; at most {MAX_RANGE:,}")
    return numbers


def _chosen(name: str, count: Callable[[int, int], int]) -> Callable[[int, int], int]:
    """comb() or perm(): the ways of taking k of n things (a hand of 5 from a deck of 50), so
    that a claim of odds computes them from the deck's counts instead of retyping fractions.
    n at most MAX_CHOSEN_FROM, checked before it runs; the result as long as any number made."""

    def bounded(n: int, k: int) -> int:
        if n < 0 or k < 0:
            raise HelperMisuse(f"{name}() takes numbers of at least 0, not {n} and {k}")
        if n > MAX_CHOSEN_FROM:
            raise _too_much_work(f"{name}() of {n:,} things; at most {MAX_CHOSEN_FROM:,}")
        return _checked(count(n, k), f"{name}()")

    return bounded


def _cycler(*items: Any) -> Cycler:
    if not items:
        raise HelperMisuse("cycler() takes at least one value to cycle through")
    return Cycler(*items)


_WHOLE = "a whole number"
GLOBALS = {
    "range": Helper(
        "range",
        _bounded_range,
        (
            Parameter("start", int, _WHOLE),
            Parameter("stop", int, _WHOLE, optional=True),
            Parameter("step", int, _WHOLE, optional=True),
        ),
    ),
    "comb": Helper(
        "comb",
        _chosen("comb", math.comb),
        (Parameter("n", int, _WHOLE), Parameter("k", int, _WHOLE)),
    ),
    "perm": Helper(
        "perm",
        _chosen("perm", math.perm),
        (Parameter("n", int, _WHOLE), Parameter("k", int, _WHOLE)),
    ),
    "dict": Helper("dict", dict, loose=True),
    "cycler": Helper("cycler", _cycler, loose=True),
    "joiner": Helper("joiner", Joiner, (Parameter("sep", str, "a text", optional=True),)),
    "namespace": Helper("namespace", Namespace, loose=True),
}
"""The functions every template may call besides the helpers of its context: Jinja2's, less
`lipsum` (random words) and with `range` bounded; and `comb` and `perm`, bounded, for odds."""


def _bounded_test(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A test ('divisibleby(0)') that says which values it could not use."""
    first = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        with _misused(f"test '{name}'", [*args[first:], *kwargs.values()]):
            return function(*args, **kwargs)

    return bounded


@pass_environment
def _attribute(environment: BoundedEnvironment, value: Any, name: str) -> Any:
    """The 'attr' filter reads as `value.name` does (Jinja2's own asks Python)."""
    return environment.getattr(value, name)


def _containing(value: Any, part: Any) -> bool:
    return str(part) in str(value)


@contextmanager
def _misused(what: str, values: list[Any]) -> Iterator[None]:
    """A filter, test or method of a string that cannot use its arguments: a diagnostic that
    names it and the values, not Python's words."""
    try:
        yield
    except (ArithmeticError, TypeError, ValueError, LookupError, AssertionError) as error:
        fail_if_undefined(values)
        given = ", ".join(describe(value) for value in values)
        raise HelperMisuse(f"{what} cannot use {given}: {reason(error)}") from None


@pass_eval_context  # needs the rendering: Jinja2 then never prints a constant at compile time
def _printed(_context: Any, value: Any) -> Any:
    """Every printed value counts towards the rendered text; a view prints as its data, a
    generator as the list of its items. Only data prints: anything else (`self`, a
    namespace, a range, a field that is not there inside a list) would print as Python
    describes it, `<Namespace {'a': 1}>`, never the game's words."""
    value = settled(value)
    _values_only([value], "printing")
    _not_none([value])
    found = _not_data(value)
    if isinstance(found, Undefined):
        found._fail_with_undefined_error()  # the field's own message, as printed alone
    if found is not None:
        raise TemplateFault(
            f"printing uses {_named(found)}, which is not data a card can print",
            hint="print one of its fields, or turn it into a list ('| list')",
        )
    _current().print(len(str(value)))
    return value


def _not_none(values: Iterable[Any]) -> None:
    """None prints as Python's 'None' ('3–None' for a range's open end): a value the data
    leaves unset has no text, and is refused where it is printed or joined with '~'."""
    if any(value is None for value in values):
        raise TemplateFault(
            "a value it prints is none: the data leaves it unset",
            hint="print it only where it is set ({% if row.max is not none %}…{% endif %}), or "
            "give a stand-in ({{ row.max if row.max is not none else '+' }}); in sheets and "
            "references, row_key(table, row) prints a row's roll, range or key as the tables "
            "do ('3 or more')",
        )


_PRINTABLE = (str, int, float, View, date)  # bool is an int; a YAML date is a date


def _not_data(value: Any, inside: bool = False) -> Any:
    """The first thing in a printed value (itself, or an item of a list or mapping in it)
    that is not data; None when all of it is. A field that is not there fails where it is
    printed alone, and is refused inside a list, which would print it as 'Undefined'."""
    if value is None or isinstance(value, _PRINTABLE):
        return None
    if isinstance(value, Undefined):
        return value if inside else None
    if isinstance(value, list | tuple | set | frozenset):
        return next((f for item in value if (f := _not_data(item, True)) is not None), None)
    if isinstance(value, dict):
        items = (part for pair in value.items() for part in pair)
        return next((f for item in items if (f := _not_data(item, True)) is not None), None)
    return value


class _Bounded(NodeTransformer):
    """Rewrites a template so loops, '~', comparisons and written lists go through the
    environment's bounded versions."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        literal = sum(len(data.data) for data in node.find_all(nodes.TemplateData))
        node.iter = _environment_call("bounded_loop", node.iter, nodes.Const(literal))
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return _environment_call("bounded_concat", *node.nodes)

    def visit_Compare(self, node: nodes.Compare) -> nodes.Node:
        """`a < b < c` → compared(a, 'lt', b, 'lt', c): a comparison of values of different
        kinds is then said in words."""
        self.generic_visit(node)
        parts = [node.expr]
        for operand in node.ops:
            parts += [nodes.Const(operand.op), operand.expr]
        return _environment_call("compared", *parts)

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


class _DataContext(Context):
    """A template's names, each seen through a view when it is read."""

    def resolve_or_missing(self, key: str) -> Any:
        value = super().resolve_or_missing(key)
        return value if value is missing else view(value)


COMPARISONS: dict[str, tuple[str, Callable[[Any, Any], bool]]] = {
    "eq": ("==", python.eq),
    "ne": ("!=", python.ne),
    "gt": (">", python.gt),
    "gteq": (">=", python.ge),
    "lt": ("<", python.lt),
    "lteq": ("<=", python.le),
    "in": ("in", lambda item, container: item in container),
    "notin": ("not in", lambda item, container: item not in container),
}


class _MissingKey:
    """The message of a key a template's own mapping lacks, worded only when it is reported:
    `d[k] is defined` over a mapping of thousands of keys asked for a 'did you mean' at every
    miss (37 s for 3,000 misses), which the template's step budget does not count."""

    def __init__(self, mapping: dict[Any, Any], key: Any) -> None:
        self.mapping, self.key = mapping, key

    def __str__(self) -> str:
        keys = [str(key) for key in self.mapping]
        choice = did_you_mean(str(self.key), keys, otherwise="it is empty")
        return f"the mapping has no key {self.key!r} ({choice})"


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """Jinja2's sandbox (lists, dicts and sets read-only too) with a budget per rendering, over
    views of the data and a closed list of helpers."""

    code_generator_class = _BoundedCodeGenerator
    context_class = _DataContext
    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})
    intercepted_unops = frozenset({"+", "-"})

    def __init__(self) -> None:
        super().__init__(
            undefined=StrictUndefined,
            autoescape=False,
            keep_trailing_newline=False,
            finalize=_printed,
            # Jinja2's constant folding tries each node's whole subtree again: a check of 300
            # `1 == 2 or …` took 17 s to compile, none of it bounded by a step budget
            optimized=False,
        )
        self.globals = dict(GLOBALS)
        filters = {name: f for name, f in self.filters.items() if name != "random"}
        filters["attr"] = _attribute
        self.filters = {name: _bounded_filter(name, f) for name, f in filters.items()}
        self.tests = {name: _bounded_test(name, test) for name, test in self.tests.items()}
        # `selectattr('description', 'containing', 'pool')`: Jinja's own `in` test reads the
        # other way round (the value in the argument).
        self.tests["containing"] = _bounded_test("containing", _containing)
        self.policies["json.dumps_kwargs"] = {"sort_keys": True, "default": plain}

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`a.b`: a view gives its field (and a dict its read-only methods), nothing else."""
        if isinstance(obj, View):
            found = obj.attribute(attribute)
            return self._missing(obj, attribute, "field") if found is MISSING else found
        if obj is None:
            return self.undefined(f"nothing (none) has no field '{attribute}'", None, attribute)
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        fail_if_undefined([argument])  # as a mapping's key does: a list's read it as 'Undefined'
        if isinstance(obj, View):
            found = obj.item(argument)
            return self._missing(obj, argument, "item") if found is MISSING else found
        if obj is None:
            return self.undefined(f"nothing (none) has no item {argument!r}", None, argument)
        found = super().getitem(obj, argument)
        if isinstance(obj, dict) and isinstance(found, Undefined):  # a mapping the template wrote
            return self.undefined(_MissingKey(obj, argument), obj, argument)  # worded when told
        return found

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and str.format_map of a text as Jinja2's sandbox runs them, through a
        _BoundedFormatter made for each call: Jinja2's own formatter pads a field before
        any check could see its width."""
        template, name = getattr(value, "__self__", None), getattr(value, "__name__", "")
        if not isinstance(template, str) or name not in ("format", "format_map"):
            return None
        what = f"{name}()"

        def formatted(*args: Any, **kwargs: Any) -> str:
            if name == "format_map":  # its fields come from the one mapping it takes
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes one mapping")
                args, kwargs = (), args[0]
            formatter = (
                _BoundedEscapeFormatter(self, what, escape=template.escape)
                if isinstance(template, Markup)
                else _BoundedFormatter(self, what)
            )
            return type(template)(formatter.vformat(template, args, kwargs))

        return functools.update_wrapper(formatted, value)

    def _missing(self, obj: View, name: Any, what: str) -> Any:
        """An undefined value (a test such as 'is defined' may ask for it) that, used, says
        what the view is and which names it has."""
        message = f"{kind_of(obj)} has no {what} {name!r}"  # alike for every card
        if isinstance(obj, Record):  # a mapping's callers know its keys (a card's fields)
            message += f" ({did_you_mean(str(name), obj.fields(), otherwise='it has no fields')})"
        elif isinstance(obj, Table) and isinstance(name, str):  # the rules' tables, values…
            keys = [key for key in obj if isinstance(key, str)]
            message += f" ({did_you_mean(name, keys, otherwise='it is empty')})"
        return self.undefined(message, obj, name)

    def get_template(self, name: Any, parent: str | None = None, globals: Any = None) -> Any:
        _needs_files(self)
        template = super().get_template(name, parent, globals)
        _included(parent, template)
        return template

    def select_template(self, names: Any, parent: str | None = None, globals: Any = None) -> Any:
        _needs_files(self)
        template = super().select_template(names, parent, globals)
        _included(parent, template)
        return template

    @staticmethod
    def bounded_loop(items: Iterable[Any], literal: int) -> Iterator[Any]:
        """Each turn of a loop is a step and prints its body's literal text once more."""
        budget = _current()
        try:
            turns = iter(items)
        except TypeError:
            raise TemplateFault(f"'for' cannot go through {describe(items)}") from None
        for item in turns:
            budget.spend()
            budget.print(literal)
            yield view(item)

    @staticmethod
    def written(value: Any) -> Any:
        """A list, tuple or dict written in a template; `call` checks it."""
        return value

    @staticmethod
    def bounded_concat(*parts: Any) -> str:
        _values_only(parts, "'~'")
        _not_none(parts)
        texts = [str(part) for part in parts]
        _checked_length(sum(len(text) for text in texts), "'~'")
        return "".join(texts)

    @staticmethod
    def compared(first: Any, *rest: Any) -> bool:
        left = first
        for index in range(0, len(rest), 2):
            symbol, compare = COMPARISONS[rest[index]]
            right = rest[index + 1]
            try:
                holds = compare(left, right)
            except TypeError:
                raise TemplateFault(
                    f"'{symbol}' cannot compare {kind_of(left)} with {kind_of(right)}",
                    hint=_OPERANDS,
                ) from None
            if not holds:
                return False
            left = right
        return True

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _spend()
        _check_binop(operator, left, right)
        try:
            made = super().call_binop(context, operator, left, right)
        except (ArithmeticError, TypeError, ValueError) as error:
            raise TemplateFault(_failed(operator, error, left, right), hint=_OPERANDS) from None
        return _checked(made, f"'{operator}'")

    def call_unop(self, context: Any, operator: str, arg: Any) -> Any:
        try:
            return super().call_unop(context, operator, arg)
        except TypeError as error:
            raise TemplateFault(_failed(operator, error, arg), hint=_OPERANDS) from None

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _spend()
        method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        owner = getattr(method, "__self__", None)
        name = getattr(method, "__name__", "")
        if isinstance(__obj, Undefined):  # says which name is not there
            __obj._fail_with_undefined_error()
        if not _may_call(__obj, owner):
            raise TemplateFault(
                f"{describe(__obj)} cannot be called: a template calls its helpers, its macros "
                "and the methods of texts and numbers"
            )
        if isinstance(__obj, LoopContext):  # a recursive loop's next level: bounded too
            args = (__self.bounded_loop(args[0], 0), *args[1:]) if args else args
        elif isinstance(__obj, Macro):
            _check_macro_arguments(__obj, args, kwargs)
        elif owner is not None:
            args = _check_method(owner, name, args, kwargs)
        if __obj is __self.written:
            what = "a list written in the template"
        else:
            what = f"macro '{__obj.name}'" if isinstance(__obj, Macro) else f"{name}()"
        depth = _DEPTH.get() + 1
        if depth > MAX_DEPTH:
            raise LimitExceeded(
                TEMPLATE_TOO_DEEP, f"calls nest more than {MAX_DEPTH} deep, in {what}"
            )
        token = _DEPTH.set(depth)
        try:
            if isinstance(owner, str | bytes | int | float):  # its Python method: word its failure
                _values_only([*args, *kwargs.values()], f"'{name}'")
                with _misused(f"'{name}'", [*args, *kwargs.values()]):
                    made = super().call(__context, __obj, *args, **kwargs)
            else:
                made = super().call(__context, __obj, *args, **kwargs)
        finally:
            _DEPTH.reset(token)
        made = _checked(made, what)
        # a helper's Python data, a view's items(): seen as views; what the template made, as is
        return view(made) if isinstance(__obj, Helper) or isinstance(owner, View) else made


def _may_call(obj: Any, owner: Any) -> bool:
    """The closed list of what a template calls: helpers, macros (and `caller`, `super()`,
    recursive loops), the environment's own bounded operations, and the read-only methods of
    plain data (what the sandbox leaves of a list or dict: no append, no update),
    of views and of Jinja2's loop, cycler and joiner."""
    if isinstance(obj, Helper | Macro | LoopContext | BlockReference | Joiner):
        return True
    if obj in _OPERATIONS:
        return True
    return isinstance(owner, _CALLABLE_OWNERS)


_CALLABLE_OWNERS = (str, bytes, int, float, list, tuple, dict, View, LoopContext, Cycler, Joiner)
_OPERATIONS = (  # what _Bounded writes into a template
    BoundedEnvironment.bounded_loop,
    BoundedEnvironment.written,
    BoundedEnvironment.bounded_concat,
    BoundedEnvironment.compared,
)


def _check_macro_arguments(macro: Macro, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Jinja2 says so in a TypeError; here it is the template's own mistake, said as such."""
    if len(args) > len(macro.arguments) and not macro.catch_varargs:
        raise TemplateFault(
            f"macro '{macro.name}' takes at most {len(macro.arguments)} arguments, not {len(args)}"
        )
    unknown = [key for key in kwargs if key not in macro.arguments and not key.startswith("_")]
    if unknown and not macro.catch_kwargs:
        raise TemplateFault(f"macro '{macro.name}' has no argument '{unknown[0]}'")


_OPERANDS = (
    "check the values this line works with: a divisor of 0, a number or power too large, or "
    "a text where a number is wanted (docs/limits.md, 'Template helpers')"
)


def _failed(operator: str, error: BaseException, *operands: Any) -> str:
    """What an operator could not do, by the kinds of its operands (not their values, so that
    the cards that share a template share one diagnostic)."""
    if isinstance(error, ZeroDivisionError):
        return f"'{operator}' divides by zero"
    if isinstance(error, OverflowError):
        return f"'{operator}' makes a number too large"
    kinds = " and ".join(kind_of(operand) for operand in operands)
    return f"'{operator}' cannot work with {kinds}: {reason(error)}"


def _needs_files(environment: BoundedEnvironment) -> None:
    """Only reference templates are files that may name others."""
    if environment.loader is None:
        raise TemplateFault(
            "'include', 'import' and 'extends' work in reference templates only: a card text, "
            "rule prose or claim cannot name another template",
            hint="write the text in place, or share it through the data",
        )


def _included(parent: str | None, template: Template) -> None:
    """Record that `parent` includes, imports or extends `template`; refuse it when that closes
    a circle, which would render for ever."""
    if parent is None or template.name is None:
        return
    includes = _current().includes
    includes.setdefault(parent, set()).add(template.name)
    circle = _path(includes, template.name, parent)
    if circle is not None:
        around = " → ".join([parent, *circle])
        raise TemplateFault(
            f"'{parent}' includes, imports or extends '{template.name}', which leads back to "
            f"it ({around}): a template cannot contain itself",
            TEMPLATE_CYCLE,
            "put the part the templates share in a third template that each includes",
        )


def _path(includes: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """The templates from `start` to `goal` along the recorded includes, or None."""
    stack = [[start]]
    seen = set()
    while stack:
        path = stack.pop()
        if path[-1] == goal:
            return path
        if path[-1] not in seen:
            seen.add(path[-1])
            stack += [[*path, after] for after in sorted(includes.get(path[-1], ()))]
    return None
