"""The embedded fonts: DejaVu Sans Condensed, shipped with printkit, and a game's own.

DejaVu covers Latin, Greek, Cyrillic and many symbols (★ ⚡ ⛨ ↻), and its licence allows
redistribution. Registering it as TrueType makes reportlab embed a subset in every PDF, so no
unembedded standard-14 font can sneak in. The condensed faces draw every glyph at 90 % of
DejaVu Sans's width, symbols too, which would print a round ☢ as an upright oval: symbols are
set in DejaVu Sans itself (SYMBOL_FACES, shipped beside them), in the proportions they were
drawn in. A game's own fonts (checked by printkit/load/fonts.py) are registered the same way,
under a name made from their bytes, so a drawing that uses one names exactly that font (and a
changed font changes the drawing's hash).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).parent / "fonts"
FACES = {
    "regular": ("PK-Regular", "DejaVuSansCondensed.ttf"),
    "bold": ("PK-Bold", "DejaVuSansCondensed-Bold.ttf"),
    "italic": ("PK-Italic", "DejaVuSansCondensed-Oblique.ttf"),
    "bold-italic": ("PK-BoldItalic", "DejaVuSansCondensed-BoldOblique.ttf"),
}

# Each face's style at full width: where text set in a face above holds a symbol, the symbol
# is set in its counterpart here (draw/text.py).
SYMBOL_FACES = {
    "regular": ("PK-Symbols", "DejaVuSans.ttf"),
    "bold": ("PK-SymbolsBold", "DejaVuSans-Bold.ttf"),
    "italic": ("PK-SymbolsItalic", "DejaVuSans-Oblique.ttf"),
    "bold-italic": ("PK-SymbolsBoldItalic", "DejaVuSans-BoldOblique.ttf"),
}
FILES = dict([*FACES.values(), *SYMBOL_FACES.values()])  # reportlab name -> DejaVu file
EMBEDDED = frozenset(FILES)


def subset_tag(font: str, subset: int) -> bytes:
    """The six capital letters before a subset's name ('KQZBWE+DejaVuSansCondensed'): derived
    from the face and the subset's number, so the same in every build, and different for each
    face (reportlab tags the first subset of every face 'AAAAAA+', which some RIPs take for one
    font and merge)."""
    digest = hashlib.blake2b(f"{font}:{subset}".encode(), digest_size=6).digest()
    return bytes(ord("A") + byte % 26 for byte in digest)


class _TaggedFont(TTFont):
    """A TrueType face whose subsets carry subset_tag's tags."""

    def addObjects(self, doc: object) -> None:
        # reportlab names subsets through its module's SUBSETN; swap it while this face's
        # subsets are written (single-threaded: each build process writes one PDF at a time).
        numbered = ttfonts.SUBSETN
        ttfonts.SUBSETN = functools.partial(subset_tag, self.fontName)
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered


def ensure_face(name: str) -> None:
    """Register one of DejaVu's faces when a drawing first names it: reading a face's file
    costs about 10 ms of processor time, and a deck often sets only one or two of the four.
    Any other name (a game's own font, registered when loaded) is left as it is."""
    file = FILES.get(name)
    if file is not None and name not in pdfmetrics._fonts:
        pdfmetrics.registerFont(_TaggedFont(name, str(FONT_DIR / file)))


@cache
def register_fonts() -> None:
    """Register every face with reportlab, and the family, once per process: for flowing text,
    whose markup may ask for any face."""
    for name, _file in FACES.values():
        ensure_face(name)
    # So that <b> and <i> in flowing text (the reference documents) pick the right face.
    pdfmetrics.registerFontFamily(
        FACES["regular"][0],
        normal=FACES["regular"][0],
        bold=FACES["bold"][0],
        italic=FACES["italic"][0],
        boldItalic=FACES["bold-italic"][0],
    )


# A game's own fonts, registered in this process: reportlab name -> the font file's bytes (the
# SVG backend draws their outlines from them; worker processes inherit both when forked).
OWN: dict[str, bytes] = {}


@contextlib.contextmanager
def quiet_font_tools() -> Iterator[None]:
    """fontTools logs what it repairs in a damaged font to stderr; printkit reports a damaged
    font as a diagnostic instead, so those lines are kept from the terminal."""
    import logging  # with fontTools, which a build of the built-in fonts never loads

    logger = logging.getLogger("fontTools")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def register_own(data: bytes) -> str:
    """Register a game's font (checked already) and return the name drawing ops use for it."""
    name = "PK-Own-" + hashlib.blake2b(data, digest_size=8).hexdigest()
    if name not in OWN:
        font = _TaggedFont(name, io.BytesIO(data))
        # reportlab reads a glyph's data only when it writes a subset: a trial subset of every
        # glyph the font maps (50 ms for a whole Japanese font) finds damage now, not in a PDF
        font.face.makeSubset(sorted(font.face.charToGlyph))
        pdfmetrics.registerFont(font)
        if pdfmetrics.getFont(name) is not font:
            # reportlab keeps one font per PostScript name and hands back the first; a game's
            # font may share its name with another (a subset, another version) yet is itself
            pdfmetrics._fonts[name] = font
        OWN[name] = data
    return name


def font_name(face: str) -> str:
    """The reportlab name of a face: one of DejaVu's styles, or a registered own font's name."""
    built_in = FACES.get(face)
    if built_in is None:
        return face
    ensure_face(built_in[0])
    return built_in[0]


def font_label(face: str) -> str:
    """A face as a diagnostic names it: 'DejaVu Sans bold', or a game's font's PostScript name."""
    if face in FACES:
        return f"DejaVu Sans {face}"
    return pdfmetrics.getFont(face).face.name.decode("latin-1")


@lru_cache(maxsize=131072)
def text_width(text: str, font: str, size: float) -> float:
    """Width in points; cached, because wrapping and shrinking measure the same words again
    and again (a deck repeats its vocabulary from card to card), and a map measures each
    label in three passes and the preflight: room for a 300 x 300 map's 90,000 labels, which
    a smaller cache, scanned in order, dropped before each next pass (about 30 MB at most)."""
    ensure_face(font)
    return pdfmetrics.stringWidth(text, font, size)


@lru_cache(maxsize=1024)
def ascent(font: str, size: float) -> float:
    """Cached as text_width is: a map's preflight asks it for each of 90,000 labels."""
    ensure_face(font)
    return pdfmetrics.getAscent(font, size)


@lru_cache(maxsize=8192)
def has_glyph(font: str, char: str) -> bool:
    ensure_face(font)
    face = pdfmetrics.getFont(font).face
    return ord(char) in face.charToGlyph
