"""A game's version and date: what every footer and the PDF metadata print, so a sheet on the
table says which build of the game it belongs to.

Both are the designer's, never the build's: the date is the day the designer gives the version,
not today, so two builds of one version stay byte-identical.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, PlainSerializer
from pydantic_core import PydanticCustomError

MAX_VERSION = (
    24  # characters: "0.3", "2nd edition", "1.0-rc2"; a footer line holds it beside its title
)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _version_text(value: Any) -> Any:
    """YAML reads 1.10 as the number 1.1: a version is text, written in quotes."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise PydanticCustomError(
            "version_number",
            "{value} is read as a number; a version is text",
            {"value": value},
        )
    return value


def _iso_date(value: Any) -> Any:
    """A day as YAML writes it (2026-03-01, or in quotes); never a time, never a number."""
    if isinstance(value, datetime.datetime):
        raise PydanticCustomError("date_iso", "'{value}' is a time, not a day", {"value": value})
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str) and _ISO_DATE.fullmatch(value.strip()):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError as error:
            raise PydanticCustomError(
                "date_iso",
                "'{value}' is no day of the calendar ({why})",
                {"value": value, "why": str(error)},
            ) from None
    raise PydanticCustomError("date_iso", "'{value}' is not a date", {"value": value})


Version = Annotated[
    str,
    BeforeValidator(_version_text),
    Field(
        min_length=1,
        max_length=MAX_VERSION,
        pattern=r"^\S(.*\S)?$",
        description="the game's version ('0.3', '2nd edition'), printed in every footer and "
        "in the PDF metadata; in quotes",
    ),
]
IsoDate = Annotated[
    datetime.date,
    BeforeValidator(_iso_date),
    PlainSerializer(lambda day: day.isoformat(), return_type=str),
    Field(description="the day of this version, YYYY-MM-DD; printed beside the version"),
]


@dataclass(frozen=True)
class Edition:
    """A game's version as its documents print it: the words every footer adds ("version 0.3,
    2026-03-01") and the PDF's Subject (the game's title and those words); both "" for a game
    that states neither, whose PDFs then carry no Subject."""

    words: str = ""
    subject: str = ""

    @classmethod
    def of(cls, title: str, version: str | None, day: datetime.date | None) -> Edition:
        parts = [f"version {version}" if version else "", day.isoformat() if day else ""]
        words = ", ".join(part for part in parts if part)
        return cls(words, f"{title}, {words}" if words else "")


def with_edition(title: str, edition: Edition) -> str:
    """A footer's title with the game's version and date after it."""
    return f"{title} · {edition.words}" if edition.words else title


NO_EDITION = Edition()  # a game that states no version: its footers and PDFs as before
