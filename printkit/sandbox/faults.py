"""How a template's failure is told to a designer: what went wrong, with which name or value.

Python's own words ("TypeError: unsupported operand type(s) for //: 'int' and 'str'", "'NoneType'
object has no attribute 'node'") name the interpreter's types and point at its code. A failure
inside the sandbox is a TemplateFault worded for the person who wrote the template; what the
sandbox did not foresee is worded by the kind of mistake it is, never by the exception's text.
"""

from __future__ import annotations

_CHECK_VALUES = (
    "look at the values this line uses: their kinds and sizes are listed in "
    "docs/limits.md ('Template helpers')"
)


class TemplateFault(Exception):
    """A template failed for a reason its author can fix; `code` is set when the failure has a
    code of its own (PK402-PK406), else the caller reports its own code for a failing template."""

    def __init__(self, message: str, code: str | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.hint = hint


def reason(error: BaseException) -> str:
    """What kind of mistake an exception of Python's is, in a template's terms."""
    if isinstance(error, ZeroDivisionError):
        return "it divides by zero"
    if isinstance(error, OverflowError):
        return "a number is too large"
    if isinstance(error, TypeError):
        return "a value is of the wrong kind"
    if isinstance(error, AttributeError):
        return "a value has no such field"
    return "a value is out of range"


def unforeseen(error: BaseException) -> TemplateFault:
    """A failure the sandbox has no words of its own for."""
    return TemplateFault(f"the template cannot be worked out: {reason(error)}", hint=_CHECK_VALUES)
