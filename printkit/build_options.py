"""The options of a build, which its outputs depend on beside the games' files and printkit;
kept apart from the pipeline so that the command line and the cache read them without
importing the compilers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from printkit.export.pod import PodPreset

FORMATS = ("pdf", "svg", "png")  # what a build writes unless told otherwise
EXPORT_FORMATS = ("cards", "tts")  # asked for by name: card images, Tabletop Simulator
ALL_FORMATS = FORMATS + EXPORT_FORMATS
Backgrounds = Literal["full", "light", "none"]  # a profile's ink saving (ink_saving.py)
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
    pods: tuple[PodPreset, ...] = ()  # --pod: print-on-demand services' files too
    profile: str | None = None  # --profile: a game's named options (printkit/profiles.py)
    given: frozenset[str] = frozenset()  # the options the command line set: a profile keeps off
    # What only a game's profile sets, once it is applied:
    watermark: str = ""
    backgrounds: Backgrounds = "full"

    @property
    def exports(self) -> bool:
        """Whether the build writes any export beside the sheets."""
        return bool(self.pods) or any(f in EXPORT_FORMATS for f in self.formats)

    def key(self) -> str:
        """The options as the cache's keys hold them (the exports' only when asked for, so
        that a build of the sheets alone keys the same whether or not exports exist)."""
        key = [
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
        if self.exports:
            key += [self.card_dpi, [preset.key() for preset in self.pods]]
        return json.dumps(key)
