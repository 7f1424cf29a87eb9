"""Sandboxed Jinja2 expressions in card text: `{{ card.damage }}`, `when: card.damage > 2`.

Numbers printed on a card come from the data through these expressions, never retyped. The
sandbox (printkit/materials/sandbox.py) keeps a shared game package from running arbitrary
Python and bounds the work and output of each rendering; StrictUndefined turns a misspelt field
into a diagnostic instead of an empty string. Card faces, rule prose, claims and examples all
render here, in one environment.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import TemplateError, TemplateSyntaxError, Undefined

from printkit.diagnostics import TEMPLATE_TOO_LARGE
from printkit.materials.sandbox import MAX_STEPS, MAX_TEXT, BoundedEnvironment, LimitExceeded
from printkit.materials.sandbox import budget as _budget

_ENV = BoundedEnvironment()

_LIMIT_HINTS = {
    TEMPLATE_TOO_LARGE: f"card and rule texts are short: a template may make at most "
    f"{MAX_TEXT:,} characters (README, 'Template limits')",
}
_WORK_HINT = (
    f"templates are for short texts and checks: small ranges and numbers, at most {MAX_STEPS:,} "
    "steps per rendering (README, 'Template limits')"
)


# A template that does not parse: its braces or quotes, not the card's fields, are at fault.
_SYNTAX_HINT = (
    "an expression goes inside {{ … }} and a statement inside {% … %}: check that each brace "
    "and quote is closed"
)


class TemplateProblem(Exception):
    """A template failed; the message is fit for a diagnostic.

    `code` and `hint` are set when a sandbox limit was hit (PK402, PK403); otherwise the caller
    reports its own code for a failing template.
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


def render(source: str, context: dict[str, Any]) -> str:
    if "{" not in source:
        return source
    try:
        with _budget():
            return _template(source).render(context)
    except Exception as error:  # any failure of user data is a diagnostic
        raise _problem(source, error) from None


def evaluate(source: str, context: dict[str, Any]) -> Any:
    try:
        with _budget():
            value = _expression(source)(**context)
            if isinstance(value, Undefined):  # a value that is not there cannot be compared
                value._fail_with_undefined_error()
            return value
    except Exception as error:  # any failure of user data is a diagnostic
        raise _problem(source, error) from None


def _problem(source: str, error: Exception) -> TemplateProblem:
    """Name the template and what went wrong; arithmetic errors have no Jinja message."""
    if isinstance(error, LimitExceeded):
        hint = _LIMIT_HINTS.get(error.code, _WORK_HINT)
        return TemplateProblem(f"in '{source}': {error.message}", error.code, hint)
    if isinstance(error, TemplateSyntaxError):
        detail = error.message or str(error)
        return TemplateProblem(f"in '{source}': {detail}", hint=_SYNTAX_HINT)
    if isinstance(error, TemplateError):
        detail = error.message or str(error)
    else:
        detail = f"{type(error).__name__}: {error}"
    return TemplateProblem(f"in '{source}': {detail}")
