"""Image regions: art files from the game's folder, fitted into a region and clipped.

The path is a template (`art/{{ card.id }}.png`), so every card may show its own picture; it must
name a file inside the game's folder. Fitting keeps the art's proportions (`contain` shows all
of it, `cover` fills the region and crops the rest) unless told to `stretch`. A raster image
printed below 300 dpi is reported with its effective resolution, as print shops check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit.diagnostics import ART_NOT_FOUND, ART_TOO_MUCH
from printkit.draw.images import MAX_PIXELS, Art, ArtProblem, stated_pixels
from printkit.draw.ops import Group, Image, Op
from printkit.load.files import ART, GameFiles, Refused
from printkit.materials.shapes import outline_commands
from printkit.model.layout import Layout, Region
from printkit.model.limits import (
    MAX_MATERIAL_ART_BYTES,
    MAX_MATERIAL_ART_PIXELS,
    MAX_MATERIAL_SVG_ELEMENTS,
)

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
    """Why an image path names no file printkit may read, and what to write instead; `code` is
    the diagnostic's. `reported` is a refusal already told once for the material (the art past
    its pixel bound), which its other images do not repeat."""

    message: str
    hint: str
    code: str = ART_NOT_FOUND
    reported: bool = False


@dataclass
class ArtFinder:
    """Resolves one material's art paths through its game's gate, keeps the raster pixels they
    show within MAX_MATERIAL_ART_PIXELS, and remembers what it has reported."""

    files: GameFiles
    warned: set[tuple[str, str]] = field(default_factory=set)
    shown: set[Path] = field(default_factory=set)  # the files admitted
    read: int = 0  # their bytes added up
    pixels: int = 0  # their raster pixels added up (SVG art's embedded pictures too)
    elements: int = 0  # their SVG elements added up
    over: bool = False  # the bound was passed: no further file is read

    def resolve(self, name: str) -> Path | Refusal:
        """The file, or why it cannot be used: an absolute path (relative to the game's folder
        is how art is named), a path whose '..' leaves the folder, a link out of it, no file,
        or a picture past the material's pixel bound."""
        try:
            found = self.files.locate(name, ART)
        except Refused as refused:
            return Refusal(refused.message, refused.hint)
        return self._admit(name, found)

    def _admit(self, name: str, found: Path) -> Path | Refusal:
        """The file, once what it costs to draw, read before it is decoded or drawn, fits in
        what the material may still show: a raster picture's pixels from its header; an SVG's
        elements and its embedded pictures' pixels, `<use>` copies counted. A file shown by
        many pieces counts once; once a bound is passed (one PK809) no further file is read."""
        if found in self.shown:
            return found
        if self.over:
            return Refusal("", "", ART_TOO_MUCH, reported=True)
        read = self.read + _size_of(found)  # first: the bytes are read to count the rest
        own, size, elements = _cost_of(found) if read <= MAX_MATERIAL_ART_BYTES else (0, "", 0)
        pixels, drawn = self.pixels + own, self.elements + elements
        within = read <= MAX_MATERIAL_ART_BYTES and pixels <= MAX_MATERIAL_ART_PIXELS
        if within and drawn <= MAX_MATERIAL_SVG_ELEMENTS:
            self.shown.add(found)
            self.read, self.pixels, self.elements = read, pixels, drawn
            return found
        self.over = True
        if read > MAX_MATERIAL_ART_BYTES:
            told = (
                f"image '{name}' brings the distinct art files of this material to "
                f"{read / 2**20:,.0f} MB, more than the {MAX_MATERIAL_ART_BYTES // 2**20} MB "
                "one material may read"
            )
            scale = "save the pictures smaller (PNG or JPEG at the pixels they print)"
        elif pixels > MAX_MATERIAL_ART_PIXELS:
            told = (
                f"image '{name}' ({size}) brings the distinct art of this "
                f"material to {pixels / 1_000_000:,.0f} million pixels, more than the "
                f"{MAX_MATERIAL_ART_PIXELS // 1_000_000} million one material may show"
            )
            scale = (
                f"scale the pictures down to what they print at {PRINT_DPI} dpi (a 63 × 88 mm "
                "card with 3 mm bleed: 815 × 1110 pixels)"
            )
        else:
            told = (
                f"image '{name}' ({elements:,} SVG elements) brings the distinct SVG art of "
                f"this material to {drawn:,} elements, more than the "
                f"{MAX_MATERIAL_SVG_ELEMENTS:,} one material may draw"
            )
            scale = "simplify the drawings (fewer elements), or export some as PNG"
        return Refusal(
            told,
            f"{scale}, or split the pieces over several materials; art past this one is not read",
            ART_TOO_MUCH,
        )


def _size_of(found: Path) -> int:
    """The file's size, which the gate bounds; 0 for one it cannot tell (read_art says why)."""
    try:
        return found.stat().st_size
    except OSError:
        return 0


def _cost_of(found: Path) -> tuple[int, str, int]:
    """(pixels, their size in words, SVG elements) a file costs to show: a raster picture's
    size from its header; an SVG's embedded pictures and its elements. Nothing for a file
    read_art refuses, which it reports."""
    if found.suffix.lower() != ".svg":
        width, height = stated_pixels(found) or (0, 0)
        if width * height > MAX_PIXELS:
            return 0, "", 0  # one picture too large: read_art says so, with the size it needs
        return width * height, f"{width} × {height} pixels", 0
    from printkit.draw.svg_art import svg_cost  # lxml: paid for only by SVG art

    try:
        cost = svg_cost(found)
    except ArtProblem:
        return 0, "", 0
    embedded = f"{cost.pixels / 1_000_000:,.0f} million pixels of embedded pictures"
    return cost.pixels, embedded, cost.elements


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
