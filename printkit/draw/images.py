"""Art files placed on pieces: what they are, how big, and how each backend reads them.

Raster images (PNG, JPEG) are read with Pillow; SVG art goes through svglib, a maintained
SVG-to-reportlab converter, rather than a parser of our own. Each file is read once per run.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image as PILImage

if TYPE_CHECKING:  # reportlab's graphics cost 60 ms to import: only SVG art needs them
    from reportlab.graphics.shapes import Drawing

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
ART_SUFFIXES = (*RASTER_SUFFIXES, ".svg")
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}


class ArtProblem(Exception):
    """An art file that cannot be used; the message is fit for a diagnostic."""


@dataclass(frozen=True)
class Art:
    """An art file's intrinsic size: pixels for raster images (None for vector art), and its
    aspect ratio, which fitting keeps."""

    path: Path
    pixels: tuple[int, int] | None
    aspect: float  # width / height

    @property
    def is_vector(self) -> bool:
        return self.pixels is None


@cache
def read_art(source: str | Path) -> Art:
    """Open the file far enough to know its size; a broken or unknown file is an ArtProblem."""
    path = Path(source)
    suffix = path.suffix.lower()
    if suffix not in ART_SUFFIXES:
        raise ArtProblem(f"'{path.name}' is not PNG, JPEG or SVG art")
    if suffix == ".svg":
        drawing = svg_drawing(path)
        return Art(path, None, drawing.width / drawing.height)
    try:
        with PILImage.open(path) as image:
            image.verify()
            width, height = image.size
    except (OSError, SyntaxError, ValueError, PILImage.DecompressionBombError) as error:
        raise ArtProblem(f"cannot read '{path.name}': {error}") from None
    if not width or not height:
        raise ArtProblem(f"'{path.name}' has no pixels")
    return Art(path, (width, height), width / height)


@cache
def svg_drawing(source: str | Path) -> Drawing:
    """The SVG as a reportlab drawing, for the PDF backend to place as a form."""
    path = Path(source)
    from svglib.svglib import svg2rlg  # lxml is paid for only by games with SVG art

    try:
        drawing = svg2rlg(str(path))
    except Exception as error:  # svglib raises lxml's and its own errors alike
        raise ArtProblem(f"cannot read '{path.name}' as SVG: {error}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise ArtProblem(f"'{path.name}' is not an SVG drawing with a width and a height")
    return drawing


@cache
def data_uri(source: str | Path) -> str:
    """The file embedded in a data URI, for SVG output that stands on its own."""
    path = Path(source)
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"data:{_MIME[path.suffix.lower()]};base64,{encoded}"


@cache
def art_key(source: str | Path) -> str:
    """A name for the file's content, so output does not depend on where the game folder is."""
    return hashlib.sha1(Path(source).read_bytes()).hexdigest()[:16]
