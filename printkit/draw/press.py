"""Colour for the press: sRGB to CMYK through a colour-managed transform.

Commercial card printers want CMYK. A naive formula (k = 1 - max(r, g, b)) ignores how inks
actually print, so the conversion goes through littleCMS (Pillow's ImageCms) from sRGB to the
shipped FOGRA39 coated-paper profile, built with a 300 % total ink limit (see icc/README.txt).
Neutral colours, black included, go to the black plate alone: black text as a four-colour mix
smears when the plates do not register exactly, and PRINT.md asks for black, not a grey mix.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING

from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, Color, toColor

if TYPE_CHECKING:  # reportlab's graphics cost 60 ms to import: only SVG art needs them
    from reportlab.graphics.shapes import Drawing

PROFILE_NAME = "printkit-fogra39-300.icc"
OUTPUT_CONDITION = "FOGRA39"  # the characterisation the profile was built from
OUTPUT_CONDITION_NAME = "Offset printing on coated paper (ISO 12647-2), FOGRA39"
# Below these, a colour mixed from several plates prints blurred wherever the plates misregister
# by a fraction of a millimetre, so small text and hairlines go on one plate (to_one_ink).
FINE_TEXT = 9.0  # points of type
FINE_LINE = 0.5  # points of stroke width


@dataclass(frozen=True, slots=True)
class Cmyk:
    """Ink amounts from 0 to 1 per plate."""

    c: float
    m: float
    y: float
    k: float

    @property
    def coverage(self) -> float:
        """Total ink in percent, the figure printers limit (300 % for coated paper)."""
        return 100 * (self.c + self.m + self.y + self.k)


@cache
def profile_bytes() -> bytes:
    return (files("printkit.draw") / "icc" / PROFILE_NAME).read_bytes()


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    output = ImageCms.ImageCmsProfile(ImageCms.core.profile_frombytes(profile_bytes()))
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        output,
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
    )


@lru_cache(maxsize=4096)
def to_cmyk(colour: str) -> Cmyk:
    """The inks that print an sRGB colour (a name or #rrggbb, as the models accept)."""
    red, green, blue = (round(255 * part) for part in toColor(colour).rgb())
    if red == green == blue:
        return Cmyk(0.0, 0.0, 0.0, round(1 - red / 255, 4))
    pixel = Image.new("RGB", (1, 1), (red, green, blue))
    inks = ImageCms.applyTransform(pixel, _transform()).getpixel((0, 0))
    return Cmyk(*(round(ink / 255, 4) for ink in inks))


# Small text at least this dark prints solid black: a 93 % screen of black (#111111 text)
# breaks the letters' edges into halftone dots, and no reader tells it from solid black.
SOLID_BLACK = 0.12  # lightness: #1f1f1f and darker


@lru_cache(maxsize=4096)
def to_one_ink(colour: str) -> Cmyk:
    """The inks for small text and hairlines: a dark colour on the black plate alone, at the
    colour's darkness (navy text at 7 pt prints dark grey, not 222 % of four inks), a near
    black solid; a light one on the plate that carries most of it."""
    inks = to_cmyk(colour)
    red, green, blue = toColor(colour).rgb()
    lightness = 0.2126 * red + 0.7152 * green + 0.0722 * blue  # Rec. 709 weights
    if lightness <= SOLID_BLACK:
        return Cmyk(0.0, 0.0, 0.0, 1.0)
    if lightness <= 0.5:
        return Cmyk(0.0, 0.0, 0.0, round(1 - lightness, 4))
    plates = (inks.c, inks.m, inks.y, inks.k)
    strongest = max(range(4), key=plates.__getitem__)
    return Cmyk(*(amount if plate == strongest else 0.0 for plate, amount in enumerate(plates)))


# Pixels of a picture converted to CMYK at a time: a band's RGBA, RGB and CMYK copies are a few
# megabytes, where the whole picture's were 200 MB each for 49 million pixels.
BAND_PIXELS = 1 << 20


def cmyk_pixels(picture: Image.Image) -> bytearray:
    """A raster picture's pixels in CMYK through the press profile, row after row (transparency
    dropped onto white paper: PDF/X-1a allows none), converted a band of rows at a time: what
    the picture costs beyond its decoded pixels is the CMYK bytes alone."""
    width, height = picture.size
    rows = max(1, BAND_PIXELS // width)
    pixels = bytearray(4 * width * height)
    for top in range(0, height, rows):
        band = picture.crop((0, top, width, min(height, top + rows))).convert("RGBA")
        paper = Image.new("RGBA", band.size, (255, 255, 255, 255))
        rgb = Image.alpha_composite(paper, band).convert("RGB")
        start = 4 * width * top
        pixels[start : start + 4 * width * band.height] = ImageCms.applyTransform(
            rgb, _transform()
        ).tobytes()
    return pixels


def drawing_nodes(drawing: object) -> Iterator[object]:
    """Every node of a reportlab drawing (SVG art as svglib drew it), groups' contents included."""
    pending = [drawing]
    while pending:
        node = pending.pop()
        pending += getattr(node, "contents", [])
        yield node


def to_cmyk_drawing(drawing: Drawing) -> Drawing:
    """A copy of SVG art (a reportlab drawing) with every colour converted like the others."""
    converted = copy.deepcopy(drawing)
    for node in drawing_nodes(converted):
        for name in ("fillColor", "strokeColor"):
            colour = getattr(node, name, None)
            if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
                red, green, blue = (round(255 * part) for part in colour.rgb())
                inks = to_cmyk(f"#{red:02x}{green:02x}{blue:02x}")
                setattr(node, name, CMYKColor(inks.c, inks.m, inks.y, inks.k))
    return converted
