"""The `tts:` block of a cards or counters material: how its Tabletop Simulator export names
its images (printkit/export/tts.py)."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from printkit.model.base import Strict

_SCHEMES = ("https://", "http://", "file://")


def _folder_url(value: str) -> str:
    if value and not (value.startswith(_SCHEMES) and value.endswith("/")):
        raise PydanticCustomError(
            "tts_url",
            "'{value}' is not the URL of a folder (https://…/, http://…/ or file:///…/)",
            {"value": value},
        )
    return value


class TtsSpec(Strict):
    url: Annotated[str, AfterValidator(_folder_url)] = Field(
        "",
        max_length=2000,
        description="where the exported images will be served from, ending in '/': each "
        "image's URL in the saved object is this plus its file name; empty: the bare file name",
    )
    description: str | None = Field(
        None,
        max_length=2000,
        description="a template giving each card's Description (shown on hovering it), with "
        "the names a layout's text has (card, set, kind, deck, game, values); default: the "
        "card's data fields, a line each",
    )
