"""Art files placed on pieces: what they are, how big, and how each backend reads them.

Raster images (PNG, JPEG) are read with Pillow, as far as their header until their size is
known: a file of a few kilobytes can hold a picture that takes gigabytes to decode, so one over
MAX_PIXELS is refused before a pixel is decoded. SVG art is checked and drawn by svg_art. Each
file is read once per run.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import BinaryIO

from PIL import JpegImagePlugin, PngImagePlugin

from printkit.load.files import ART, Refused, read_bounded

RASTER_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}  # suffix -> what it must hold
RASTER_SUFFIXES = tuple(RASTER_FORMATS)
# 50 million pixels print 60 × 60 cm at 300 dpi, far more than any piece needs, and a build
# showing them costs about 6 s and 0.6 GB; a 46 KB file of 169 million took 14 s and 1.9 GB.
MAX_PIXELS = 50_000_000
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}
# Pillow's reader of each format, used directly: it reads the header only, where Image.open
# would also warn on stderr about a large picture before we can refuse it ourselves
_READERS = {"PNG": PngImagePlugin.PngImageFile, "JPEG": JpegImagePlugin.JpegImageFile}
_EXPORT_AGAIN = "the file is damaged: export it again from the program that made it"


class ArtProblem(Exception):
    """An art file that cannot be used: `message` says what is wrong with it (to follow the
    file's name in a diagnostic) and `hint` what to do."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class ArtTooLarge(ArtProblem):
    """A raster image over MAX_PIXELS. Its proportions stay known, so that the diagnostic can
    give the pixel size the region it is placed in needs."""

    def __init__(self, pixels: tuple[int, int]) -> None:
        width, height = pixels
        super().__init__(
            f"is {width} × {height} pixels, more than the {MAX_PIXELS // 1_000_000} million "
            "printkit reads",
            "scale it down",
        )
        self.aspect = width / height


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
    """Open the file far enough to know its size; a broken, unknown or oversized file is an
    ArtProblem."""
    path = Path(source)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        from printkit.draw.svg_art import svg_drawing  # lxml is paid for only by SVG art

        drawing = svg_drawing(path)
        return Art(path, None, drawing.width / drawing.height)
    if suffix not in RASTER_FORMATS:
        raise ArtProblem("is not PNG, JPEG or SVG art", "save it as PNG, JPEG or SVG")
    width, height = raster_size(BytesIO(art_bytes(path)), RASTER_FORMATS[suffix])
    return Art(path, (width, height), width / height)


@cache
def art_bytes(source: str | Path) -> bytes:
    """The file's bytes, read once per run through the gate's size bound: every backend and
    check below takes them from here."""
    try:
        return read_bounded(Path(source), ART)
    except Refused as refused:
        raise ArtProblem(refused.predicate, refused.hint) from None


def raster_size(file: BinaryIO, expected: str) -> tuple[int, int]:
    """The pixel size of a PNG or JPEG picture, from its header, after checking that the bytes
    are that format (Pillow would read a GIF named .png), that the size is within MAX_PIXELS,
    and, that done, that the file is whole."""
    found = _format_of(file.read(16))
    file.seek(0)
    if found != expected:
        if found is None:
            raise ArtProblem(
                f"cannot be read as {expected}: it does not begin as a {expected} file does",
                _EXPORT_AGAIN,
            )
        raise ArtProblem(f"holds {found} data, not {expected}", _convert_hint(found, expected))
    try:
        with _READERS[expected](file) as image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise ArtTooLarge((width, height))
            image.verify()  # a PNG's chunks and checksums, without decoding them
    except (SyntaxError, ValueError, EOFError, OSError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ArtProblem(f"cannot be read as {expected}: {reason}", _EXPORT_AGAIN) from None
    return width, height


def _format_of(head: bytes) -> str | None:
    """What a file's first bytes say it is, for a message naming what a misnamed file holds."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "GIF"
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "WebP"
    if head.startswith((b"II*\x00", b"MM\x00*")):
        return "TIFF"
    if head.startswith(b"BM"):
        return "BMP"
    if head[4:12] in (b"ftypheic", b"ftypavif", b"ftypmif1"):
        return "HEIF"
    return None


def _convert_hint(found: str, expected: str) -> str:
    if found in ("PNG", "JPEG"):
        return f"rename it to end in .{'png' if found == 'PNG' else 'jpg'}"
    return f"convert it to {expected}: printkit reads PNG, JPEG and SVG art"


@cache
def data_uri(source: str | Path) -> str:
    """The file embedded in a data URI, for SVG output that stands on its own."""
    encoded = base64.b64encode(art_bytes(source)).decode("ascii")
    return f"data:{_MIME[Path(source).suffix.lower()]};base64,{encoded}"


@cache
def art_key(source: str | Path) -> str:
    """A name for the file's content, so output does not depend on where the game folder is."""
    return hashlib.sha1(art_bytes(source)).hexdigest()[:16]
