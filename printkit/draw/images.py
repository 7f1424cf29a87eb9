"""Art files placed on pieces: what they are, how big, and how each backend reads them.

Raster images (PNG, JPEG) are read with Pillow, as far as their header until their size is
known: a file of a few kilobytes can hold a picture that takes gigabytes to decode, so one over
MAX_PIXELS is refused before a pixel is decoded. Within it, the picture is decoded in the check,
since a header can state a size its data does not have (reportlab then failed while building
what validate had passed); the decoded pixels of PNG art are kept, within KEPT_PIXELS, for the
PDF to store, so a build decodes each picture once. SVG art is checked and drawn by svg_art.
Each file is read once per run.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, wraps
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeVar

from PIL import Image

from printkit.diagnostics import ART_UNREADABLE
from printkit.load.files import ART, Refused, read_bounded

if TYPE_CHECKING:  # Pillow's readers are imported where they are used
    from PIL.ImageFile import ImageFile

RASTER_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}  # suffix -> what it must hold
RASTER_SUFFIXES = tuple(RASTER_FORMATS)
# 50 million pixels print 60 × 60 cm at 300 dpi, far more than any piece needs, and a build
# showing them costs about 6 s and 0.6 GB; a 46 KB file of 169 million took 14 s and 1.9 GB.
MAX_PIXELS = 50_000_000
# Scans of a progressive JPEG: each is decoded over the whole picture, so a 1.3 MB file of
# 10,000 scans took 420 s of CPU to refuse, and a valid one of 2,646 scans 11.5 s to check and
# 49 s to build. Encoders write up to about ten; libjpeg-turbo's own tools offer a scan limit
# for this reason.
MAX_JPEG_SCANS = 100
MAX_JPEG_SEGMENTS = 1_000  # markers with a length (headers, tables, APP data): tens in a photo
MAX_PNG_CHUNKS = 100_000  # a 50 MB PNG of 8 KB IDAT chunks holds 6,400
# Decoded PNG pixels kept from the check for the PDF: as many as one picture may have, so keeping
# them costs no more memory than drawing the largest picture does.
KEPT_PIXELS = MAX_PIXELS
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}
_EXPORT_AGAIN = "the file is damaged: export it again from the program that made it"
T = TypeVar("T")


class ArtProblem(Exception):
    """An art file that cannot be used: `message` says what is wrong with it (to follow the
    file's name in a diagnostic), `hint` what to do, `code` the diagnostic's."""

    code = ART_UNREADABLE

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


def once_per_file(check: Callable[[Path], T]) -> Callable[[str | Path], T]:
    """`check` run once per file, whether named by a Path or a string, its ArtProblem too: a
    picture that many cards name is decoded once, a broken one as well."""

    @cache
    def outcome(path: Path) -> T | ArtProblem:
        try:
            return check(path)
        except ArtProblem as problem:
            return problem

    @wraps(check)
    def checked(source: str | Path) -> T:
        found = outcome(Path(source))
        if isinstance(found, ArtProblem):
            raise found.with_traceback(None)  # not a traceback grown by every raise
        return found

    return checked


@once_per_file
def read_art(path: Path) -> Art:
    """Check the file and know its size; a broken, unknown or oversized file is an ArtProblem."""
    suffix = path.suffix.lower()
    if suffix == ".svg":
        from printkit.draw.svg_art import svg_drawing  # lxml is paid for only by SVG art

        drawing = svg_drawing(path)
        return Art(path, None, drawing.width / drawing.height)
    if suffix not in RASTER_FORMATS:
        raise ArtProblem("is not PNG, JPEG or SVG art", "save it as PNG, JPEG or SVG")
    picture = decode_raster(BytesIO(art_bytes(path)), RASTER_FORMATS[suffix])
    _keep(path, picture)
    width, height = picture.size
    return Art(path, (width, height), width / height)


@cache
def art_bytes(source: str | Path) -> bytes:
    """The file's bytes, read once per run through the gate's size bound: every backend and
    check below takes them from here."""
    try:
        return read_bounded(Path(source), ART)
    except Refused as refused:
        raise ArtProblem(refused.predicate, refused.hint) from None


@cache
def stated_pixels(source: str | Path) -> tuple[int, int] | None:
    """The size a raster file's header states, read without decoding a pixel: what a
    material's art is counted by before any is decoded. None for SVG art, and for a file
    read_art refuses (and reports)."""
    expected = RASTER_FORMATS.get(Path(source).suffix.lower())
    if expected is None:
        return None
    try:
        return header_pixels(art_bytes(source), expected)
    except ArtProblem:
        return None


def header_pixels(data: bytes, expected: str) -> tuple[int, int] | None:
    """The size a PNG's or JPEG's header states, no pixel decoded; None for data that is not
    that format, or whose header cannot be read."""
    if _format_of(data[:16]) != expected or _structure_problem(data, expected) is not None:
        return None
    try:
        with _reader(expected)(BytesIO(data)) as image:
            return image.size
    except (SyntaxError, ValueError, EOFError, OSError):
        return None


def decode_raster(file: BinaryIO, expected: str) -> Image.Image:
    """A PNG or JPEG picture, decoded, after checking that the bytes are that format (Pillow
    would read a GIF named .png), that the size its header states is within MAX_PIXELS (before
    a pixel is decoded), that its chunks and checksums are whole, and then that its data holds
    the pixels its header states."""
    found = _format_of(file.read(16))
    file.seek(0)
    if found != expected:
        if found is None:
            raise ArtProblem(
                f"cannot be read as {expected}: it does not begin as a {expected} file does",
                _EXPORT_AGAIN,
            )
        raise ArtProblem(f"holds {found} data, not {expected}", _convert_hint(found, expected))
    problem = _structure_problem(file.read(), expected)
    file.seek(0)
    if problem is not None:
        raise problem
    width = height = 0  # until the header is read
    try:
        with _reader(expected)(file) as image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise ArtTooLarge((width, height))
            image.verify()  # a PNG's chunks and checksums, without decoding them
        file.seek(0)
        picture = _reader(expected)(file)
        if expected == "JPEG":
            file.seek(0)
            _decode_jpeg(file.read())
        else:
            picture.load()
    except (SyntaxError, ValueError, EOFError, OSError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ArtProblem(
            f"cannot be read as {expected}: {_data_reason(reason, width, height)}", _EXPORT_AGAIN
        ) from None
    return picture


def _reader(expected: str) -> type[ImageFile]:
    """Pillow's reader of the format, used directly: it reads the header only, where Image.open
    would also warn on stderr about a large picture before we can refuse it ourselves. Imported
    here: a build without raster art (most decks) never needs them, and they cost a small
    build's start-up a few per cent."""
    if expected == "PNG":
        from PIL.PngImagePlugin import PngImageFile

        return PngImageFile
    from PIL.JpegImagePlugin import JpegImageFile

    return JpegImageFile


def jpeg_markers(data: bytes) -> tuple[int, int]:
    """(segments, scans) of a JPEG (a baseline picture has one scan, a progressive one about
    ten), found by walking its markers, no pixel decoded, and
    stopped once either passes its bound. Segments are skipped by their stated length, so a
    thumbnail inside an APP segment is not counted; in the coded data after a scan's header,
    0xFF is always followed by 0x00 or a restart marker."""
    segments = scans = 0
    at = 2  # past SOI
    while (at := data.find(b"\xff", at)) != -1 and at + 1 < len(data):
        marker = data[at + 1]
        if marker == 0xFF or marker == 0x00 or 0xD0 <= marker <= 0xD7 or marker == 0x01:
            at += 1 if marker == 0xFF else 2  # fill, stuffed byte or restart: no length
            continue
        if marker == 0xD9:  # EOI
            break
        segments += 1
        scans += marker == 0xDA
        if segments > MAX_JPEG_SEGMENTS or scans > MAX_JPEG_SCANS:
            break
        at += 2 + int.from_bytes(data[at + 2 : at + 4], "big")
    return segments, scans


def _png_chunks(data: bytes) -> int:
    """How many chunks a PNG holds, walked by their stated lengths, stopped past the bound."""
    chunks, at = 0, 8  # past the signature
    while at + 8 <= len(data) and chunks <= MAX_PNG_CHUNKS:
        chunks += 1
        if data[at + 4 : at + 8] == b"IEND":
            break
        at += 12 + int.from_bytes(data[at : at + 4], "big")
    return chunks


def _structure_problem(data: bytes, expected: str) -> ArtProblem | None:
    """What makes a picture too costly to read before a pixel is: more chunks or segments,
    or more progressive scans, than any encoder writes. Pillow keeps every segment of a JPEG's
    header (12 million empty ones took 3.4 GB) and walks every chunk of a PNG's (4 million
    empty ones took 25 s); each scan is decoded over the whole picture."""
    if expected == "PNG":
        if _png_chunks(data) > MAX_PNG_CHUNKS:
            return ArtProblem(
                f"has more than {MAX_PNG_CHUNKS:,} chunks (encoders write a few, or one per "
                "64 KB of pixels)",
                _EXPORT_AGAIN,
            )
        return None
    segments, scans = jpeg_markers(data)
    if segments > MAX_JPEG_SEGMENTS:
        return ArtProblem(
            f"has more than {MAX_JPEG_SEGMENTS:,} segments before its end (encoders write tens)",
            _EXPORT_AGAIN,
        )
    if scans > MAX_JPEG_SCANS:
        return ArtProblem(
            f"is a progressive JPEG in more than {MAX_JPEG_SCANS} scans, the most printkit "
            "decodes (each scan is decoded over the whole picture: thousands take minutes)",
            "save it again as a baseline (not progressive) JPEG, or as PNG",
        )
    return None


def _decode_jpeg(data: bytes) -> None:
    """Decode a JPEG and raise when its data lacks rows its header states. libjpeg, as Pillow
    calls it, fills the missing rows with grey and only warns, so a JPEG whose header lies would
    print grey; simplejpeg (libjpeg-turbo) raises the warning in strict mode. Other warnings
    (stray bytes before a marker) leave every pixel in place and pass."""
    import simplejpeg  # here: it imports numpy (0.15 s), which only JPEG art needs

    try:
        simplejpeg.decode_jpeg(data, strict=True)
    except ValueError as warning:
        if "premature end" in str(warning).lower():
            raise ValueError("image file is truncated") from None
        simplejpeg.decode_jpeg(data)  # a fault, not a warning, raises here with its own words


def _data_reason(reason: object, width: int, height: int) -> str:
    """Pillow's word for data shorter than the header says ('image file is truncated (4 bytes
    not processed)') said the way a designer can act on."""
    if width and ("truncated" in str(reason) or "broken data stream" in str(reason)):
        return f"its header states {width} × {height} pixels, and its data does not hold them"
    return str(reason)


_kept: dict[Path, Image.Image] = {}


def _keep(path: Path, picture: Image.Image) -> None:
    """Keep a PNG's decoded pixels for the PDF (reportlab stores a JPEG's bytes as they are,
    undecoded), while all kept stay within KEPT_PIXELS; a picture beyond is decoded again when
    drawn."""
    width, height = picture.size
    used = sum(kept.width * kept.height for kept in _kept.values())
    if picture.format == "PNG" and used + width * height <= KEPT_PIXELS:
        _kept[path] = picture


def decoded_png(source: str | Path) -> Image.Image | None:
    """The pixels read_art decoded from a PNG file, if they were kept, handed over once: the
    PDF stores them, and kept after it they would hold a picture's memory for the rest of the
    run."""
    return _kept.pop(Path(source), None)


def decoded(source: str | Path) -> Image.Image:
    """A raster art file's pixels, of a file read_art has checked: those it kept, or decoded
    again from the bytes it read (not from the file, which may have changed since)."""
    kept = decoded_png(source)
    if kept is not None:
        return kept
    picture = _reader(RASTER_FORMATS[Path(source).suffix.lower()])(BytesIO(art_bytes(source)))
    picture.load()
    return picture


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


def data_uri(source: str | Path) -> str:
    """The file embedded in a data URI, for SVG output that stands on its own; made for each
    page that shows it, not kept: kept, the URIs of every picture a run draws added up."""
    encoded = base64.b64encode(art_bytes(source)).decode("ascii")
    return f"data:{_MIME[Path(source).suffix.lower()]};base64,{encoded}"


@cache
def art_key(source: str | Path) -> str:
    """A name for the file's content, so output does not depend on where the game folder is."""
    return hashlib.sha1(art_bytes(source)).hexdigest()[:16]
