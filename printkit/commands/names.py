"""A name typed on the command line that names nothing: a usage mistake (exit 2) answered with
the closest name, as an unknown game, material or code is."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import click


def no_such(what: str, name: str, names: Iterable[str]) -> str:
    """ "no format 'pgn'; did you mean 'png'?", or the names to choose from when none is close."""
    from printkit.diagnostics import did_you_mean  # only when a name is refused

    return f"no {what} '{name}'; {did_you_mean(name, names)}"


class NamedChoice(click.Choice):
    """click's Choice, whose refusal names the closest choice rather than only listing them."""

    def __init__(self, what: str, choices: Sequence[str], case_sensitive: bool = True) -> None:
        super().__init__(choices, case_sensitive=case_sensitive)
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            typed = str(value) if self.case_sensitive else str(value).lower()
            self.fail(no_such(self.what, typed, map(str, self.choices)), param, ctx)
