"""Sandboxed Jinja2 expressions in card text: `{{ card.damage }}`, `when: card.damage > 2`.

Numbers printed on a card come from the data through these expressions, never retyped. The
sandbox keeps a shared game package from running arbitrary Python, and StrictUndefined turns a
misspelt field into a diagnostic instead of an empty string.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment

_ENV = SandboxedEnvironment(
    undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False
)


class TemplateProblem(Exception):
    """A template failed; the message is fit for a diagnostic."""


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
        return _template(source).render(context)
    except Exception as error:  # any failure of user data is a diagnostic
        raise _problem(source, error) from None


def evaluate(source: str, context: dict[str, Any]) -> Any:
    try:
        return _expression(source)(**context)
    except Exception as error:  # any failure of user data is a diagnostic
        raise _problem(source, error) from None


def _problem(source: str, error: Exception) -> TemplateProblem:
    """Name the template and what went wrong; arithmetic errors have no Jinja message."""
    if isinstance(error, TemplateError):
        detail = error.message or str(error)
    else:
        detail = f"{type(error).__name__}: {error}"
    return TemplateProblem(f"in '{source}': {detail}")
