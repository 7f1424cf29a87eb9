"""The functions a template may call: a closed list, each checking its arguments before it runs.

A template calls only what is a Helper (besides its own macros and the methods of strings and
numbers): the contexts of printkit declare each one with the kind of every parameter and, for an
id, the ids it may name. A wrong argument (`covered('nope')`, `title(none)`, `range(1, 'a')`)
is then a diagnostic that says which helper, which argument and what it takes, raised before
the helper's Python runs, never an error from deep inside it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from jinja2 import Undefined

from printkit.diagnostics import HELPER_ARGUMENT, did_you_mean
from printkit.sandbox.faults import TemplateFault, reason
from printkit.sandbox.views import describe, unwrap

_HINT = (
    "the helpers templates may call, and what each takes, are listed in "
    "docs/limits.md ('Template helpers')"
)


def fail_if_undefined(values: list[Any]) -> None:
    """Fail as the first undefined value would wherever it is used: the name that is not there
    is the one mistake, not the helper or filter given it (a claim's misspelt value would
    otherwise be reported twice, once as not there and once as the wrong kind)."""
    for value in values:
        if isinstance(value, Undefined):
            value._fail_with_undefined_error()


class HelperMisuse(TemplateFault):
    """A helper or filter was given an argument it cannot use (PK406)."""

    def __init__(self, message: str, hint: str = _HINT) -> None:
        super().__init__(message, HELPER_ARGUMENT, hint)


@dataclass(frozen=True)
class Parameter:
    """One argument of a helper: the Python types it takes, said in words, and for an id the
    ids there are (a function, as they are known only when the helper is called)."""

    name: str
    kinds: type | tuple[type, ...]
    wanted: str  # "a section id", "a rule entry (as covered() gives)"
    choices: Callable[[], Collection[Any]] | None = None
    optional: bool = False

    def check(self, helper: str, value: Any) -> None:
        if not isinstance(value, self.kinds) or (self.kinds is int and isinstance(value, bool)):
            raise HelperMisuse(
                f"{helper}() takes {self.wanted} as '{self.name}', not {describe(value)}"
            )
        if self.choices is not None:
            known = self.choices()
            if value not in known:
                raise HelperMisuse(
                    f"{helper}(): there is no {self.wanted.removeprefix('a ').removeprefix('an ')} "
                    f"'{value}'",
                    did_you_mean(str(value), [str(k) for k in known], otherwise=_HINT),
                )


class Helper:
    """A function a template may call, by the name it has there. (Not a dataclass: a template
    sees a dataclass as a record of its fields.)"""

    __slots__ = ("function", "loose", "name", "parameters")

    def __init__(
        self,
        name: str,
        function: Callable[..., Any],
        parameters: tuple[Parameter, ...] = (),
        loose: bool = False,  # any arguments, as Jinja2's dict() and cycler(): the function checks
    ) -> None:
        self.name = name
        self.function = function
        self.parameters = parameters
        self.loose = loose

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        fail_if_undefined([*args, *kwargs.values()])
        values = [unwrap(arg) for arg in args]
        if self.loose:
            return self._run_loose(values, {key: unwrap(v) for key, v in kwargs.items()})
        if kwargs:
            raise HelperMisuse(f"{self.name}() takes no named arguments ({', '.join(kwargs)})")
        least = sum(not p.optional for p in self.parameters)
        if not least <= len(values) <= len(self.parameters):
            raise HelperMisuse(f"{self.name}() takes {self._count(least)}, not {len(values)}")
        for parameter, value in zip(self.parameters, values, strict=False):
            parameter.check(self.name, value)
        return self.function(*values, **{key: unwrap(value) for key, value in kwargs.items()})

    def _run_loose(self, values: list[Any], named: dict[str, Any]) -> Any:
        try:
            return self.function(*values, **named)
        except (TypeError, ValueError) as error:
            given = ", ".join(describe(value) for value in [*values, *named.values()])
            raise HelperMisuse(
                f"{self.name}() cannot use {given or 'no values'}: {reason(error)}"
            ) from None

    def _count(self, least: int) -> str:
        most = len(self.parameters)
        names = ", ".join(p.name for p in self.parameters)
        if least == most:
            return (
                f"{most} argument{'s' if most != 1 else ''} ({names})" if most else "no arguments"
            )
        return f"{least} to {most} arguments ({names})"
