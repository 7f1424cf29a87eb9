"""Named build profiles (`profiles: {playtest: {…}, final: {…}}`): the options one kind of
build of a game takes, so that `printkit build --profile playtest` prints the playtest copy
(a watermark, ink-saving backgrounds, previews only) and `--profile final` the finished one."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from printkit.model.base import Strict

MAX_PROFILE_NAME = 40
MAX_WATERMARK = 60  # characters, as written and as printed: one line across a page
ProfileName = Annotated[
    str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=MAX_PROFILE_NAME)
]


def _paper(value: str) -> str:
    from printkit.impose.catalogue import paper_names

    if value not in paper_names():
        raise PydanticCustomError(
            "literal_error",
            "'{value}' is not a paper",
            {"value": value, "expected": ", ".join(paper_names())},
        )
    return value


def _distinct(formats: list[Any]) -> list[Any]:
    if len(set(formats)) != len(formats):
        raise PydanticCustomError("formats_repeated", "a format is named twice")
    return formats


class Profile(Strict):
    """What a profile sets; an option it does not set comes from the command line, the
    project file or printkit's default, as without a profile."""

    paper: Annotated[str, AfterValidator(_paper)] | None = Field(
        None, description="paper for materials that do not name one (as --paper)"
    )
    formats: (
        Annotated[
            list[Literal["pdf", "svg", "png"]], Field(min_length=1), AfterValidator(_distinct)
        ]
        | None
    ) = Field(None, description="output formats (as --format)")
    press: bool | None = Field(None, description="CMYK PDFs for a print shop (as --press)")
    dpi: int | None = Field(None, ge=10, le=600, description="PNG preview resolution (as --dpi)")
    watermark: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_WATERMARK,
        description="text drawn lightly across every page, a template over `game` "
        "('PLAYTEST {{ game.version }}')",
    )
    backgrounds: Literal["full", "light", "none"] | None = Field(
        None,
        description="ink saving: card and counter backgrounds as designed (full), lightened "
        "(light) or left white (none)",
    )
