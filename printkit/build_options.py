"""The options of a build, which its outputs depend on beside the games' files and printkit;
kept apart from the pipeline so that the command line and the cache read them without
importing the compilers."""

from __future__ import annotations

import json
from dataclasses import dataclass

FORMATS = ("pdf", "svg", "png")
PREVIEW_DPI = 100  # PNG previews: a page on screen, not for print (the PDF is)


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    press: bool = False
    formats: tuple[str, ...] = FORMATS
    dpi: int = PREVIEW_DPI
    only: tuple[str, ...] = ()

    def key(self) -> str:
        """The options as the cache's keys hold them."""
        return json.dumps([self.paper, self.press, list(self.formats), self.dpi, sorted(self.only)])
