"""The options of a build, which its outputs depend on beside the games' files and printkit;
kept apart from the pipeline so that the command line and the cache read them without
importing the compilers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

FORMATS = ("pdf", "svg", "png")
Backgrounds = Literal["full", "light", "none"]  # a profile's ink saving (ink_saving.py)
PREVIEW_DPI = 100  # PNG previews: a page on screen, not for print (the PDF is)


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    press: bool = False
    formats: tuple[str, ...] = FORMATS
    dpi: int = PREVIEW_DPI
    only: tuple[str, ...] = ()
    profile: str | None = None  # --profile: a game's named options (printkit/profiles.py)
    given: frozenset[str] = frozenset()  # the options the command line set: a profile keeps off
    # What only a game's profile sets, once it is applied:
    watermark: str = ""
    backgrounds: Backgrounds = "full"

    def key(self) -> str:
        """The options as the cache's keys hold them."""
        return json.dumps(
            [
                self.paper,
                self.press,
                list(self.formats),
                self.dpi,
                sorted(self.only),
                self.profile,
                sorted(self.given) if self.profile else [],  # what the profile may not change
                self.watermark,
                self.backgrounds,
            ]
        )
