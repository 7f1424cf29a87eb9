"""Image regions: art files from the game's folder, fitted into a region and clipped.

The path is a template (`art/{{ card.id }}.png`), so every card may show its own picture; it must
name a file inside the game's folder. Fitting keeps the art's proportions (`contain` shows all
of it, `cover` fills the region and crops the rest) unless told to `stretch`. A raster image
printed below 300 dpi is reported with its effective resolution, as print shops check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit.draw.images import Art
from printkit.draw.ops import Group, Image, Op
from printkit.load.files import ART, GameFiles, Refused
from printkit.materials.shapes import outline_commands
from printkit.model.layout import Layout, Region

PRINT_DPI = 300  # what print shops ask of raster art at its printed size
Box = tuple[float, float, float, float]


def fit_box(aspect: float, fit: str, box: Box) -> Box:
    """Where the art goes: the whole art centred inside the box (contain), the box filled and
    the art centred on it (cover), or the box itself (stretch)."""
    x, y, w, h = box
    if fit == "stretch":
        return box
    wide = aspect > w / h
    if (fit == "contain") == wide:
        width, height = w, w / aspect
    else:
        width, height = h * aspect, h
    return (x + (w - width) / 2, y + (h - height) / 2, width, height)


def effective_dpi(art: Art, placed: Box) -> float | None:
    """Pixels per inch the art gets at its printed size (the lower of the two axes)."""
    if art.pixels is None:
        return None
    _, _, w, h = placed
    return min(art.pixels[0] / (w / 72), art.pixels[1] / (h / 72))


@dataclass(frozen=True)
class Refusal:
    """Why an image path names no file printkit may read, and what to write instead."""

    message: str
    hint: str


@dataclass
class ArtFinder:
    """Resolves art paths through one game's gate and remembers what it has reported."""

    files: GameFiles
    warned: set[tuple[str, str]] = field(default_factory=set)

    def resolve(self, name: str) -> Path | Refusal:
        """The file, or why it cannot be used: an absolute path (relative to the game's folder
        is how art is named), a path whose '..' leaves the folder, a link out of it, or no file."""
        try:
            return self.files.locate(name, ART)
        except Refused as refused:
            return Refusal(refused.message, refused.hint)


def place_art(layout: Layout, region: Region, art: Art) -> list[Op]:
    """The art fitted into the region and clipped to it, or to the piece's outline."""
    box = (region.x, region.y, region.width, region.height)
    placed = fit_box(art.aspect, region.fit, box)
    image = Image(*placed, str(art.path))
    if region.clip == "piece":
        return [Group((image,), clip_path=outline_commands(layout))]
    if region.fit == "cover":
        return [Group((image,), clip=box)]
    return [image]
