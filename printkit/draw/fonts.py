"""The embedded font family: DejaVu Sans Condensed, shipped with printkit.

DejaVu covers Latin, Greek, Cyrillic and many symbols (★ ⚡ ⛨ ↻), and its licence allows
redistribution. Registering it as TrueType makes reportlab embed a subset in every PDF, so no
unembedded standard-14 font can sneak in.
"""

from __future__ import annotations

import functools
import hashlib
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

EMBEDDED = frozenset(name for name, _file in FACES.values())


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


@cache
def register_fonts() -> None:
    """Register the faces with reportlab once per process."""
    for name, file in FACES.values():
        pdfmetrics.registerFont(_TaggedFont(name, str(FONT_DIR / file)))
    # So that <b> and <i> in flowing text (the reference documents) pick the right face.
    pdfmetrics.registerFontFamily(
        FACES["regular"][0],
        normal=FACES["regular"][0],
        bold=FACES["bold"][0],
        italic=FACES["italic"][0],
        boldItalic=FACES["bold-italic"][0],
    )


def font_name(face: str) -> str:
    register_fonts()
    return FACES[face][0]


@lru_cache(maxsize=65536)
def text_width(text: str, font: str, size: float) -> float:
    """Width in points; cached, because wrapping and shrinking measure the same words again
    and again (a deck repeats its vocabulary from card to card)."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)


def ascent(font: str, size: float) -> float:
    register_fonts()
    return pdfmetrics.getAscent(font, size)


@lru_cache(maxsize=8192)
def has_glyph(font: str, char: str) -> bool:
    register_fonts()
    face = pdfmetrics.getFont(font).face
    return ord(char) in face.charToGlyph
