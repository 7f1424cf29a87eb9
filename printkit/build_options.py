"""The options of a build, which its outputs depend on beside the games' files and printkit;
kept apart from the pipeline so that the command line and the cache read them without
importing the compilers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.export.pod import PodPreset

FORMATS = ("pdf", "svg", "png")  # what a build writes unless told otherwise
EXPORT_FORMATS = ("cards", "tts")  # asked for by name: card images, Tabletop Simulator
ALL_FORMATS = FORMATS + EXPORT_FORMATS
PREVIEW_DPI = 100  # PNG previews: a page on screen, not for print (the PDF is)
CARD_DPI = 300  # card images: what print-on-demand services and tabletops ask for


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    press: bool = False
    formats: tuple[str, ...] = FORMATS
    dpi: int = PREVIEW_DPI
    only: tuple[str, ...] = ()
    card_dpi: int = CARD_DPI
    pod: PodPreset | None = None  # --pod: a print-on-demand service's files too

    @property
    def exports(self) -> bool:
        """Whether the build writes any export beside the sheets."""
        return self.pod is not None or any(f in EXPORT_FORMATS for f in self.formats)

    def key(self) -> str:
        """The options as the cache's keys hold them (the exports' only when asked for, so
        that a build of the sheets alone keys as it always did)."""
        key = [self.paper, self.press, list(self.formats), self.dpi, sorted(self.only)]
        if self.exports:
            key += [self.card_dpi, self.pod.key() if self.pod is not None else None]
        return json.dumps(key)
