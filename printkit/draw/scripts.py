"""Scripts printkit cannot lay out: right-to-left and shaped ones.

printkit sets text left to right, one glyph per character, with no bidirectional reordering and
no shaping (the joining forms of Arabic, the conjuncts and reordered vowels of Devanagari, the
stacked marks of Thai). Text in those scripts would print with its letters reversed, unjoined
or misplaced: it is refused (PK134), never printed wrong.
"""

from __future__ import annotations

import unicodedata

# Blocks whose text needs shaping (or right-to-left order, which bidirectional() tells too)
_SHAPED = (
    (0x0590, 0x08FF),  # Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
    (0x0900, 0x0DFF),  # Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu…
    (0x0E00, 0x0FFF),  # Thai, Lao, Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1100, 0x11FF),  # Hangul Jamo, which compose into syllables
    (0x1780, 0x18AF),  # Khmer, Mongolian
    (0x1A00, 0x1CFF),  # Buginese, Tai Tham, Balinese, Sundanese, Batak, Lepcha…
    (0xA800, 0xA8FF),  # Syloti Nagri, Phags-pa, Saurashtra, Devanagari Extended
    (0xA980, 0xAAFF),  # Javanese, Cham, Tai Viet, Myanmar Extended
    (0xFB1D, 0xFDFF),  # Hebrew and Arabic presentation forms
    (0xFE70, 0xFEFF),  # Arabic presentation forms B
)


def unsupported_script(text: str) -> tuple[str, str] | None:
    """(a character, why) for the first character that needs right-to-left layout or shaping."""
    if text.isascii():
        return None
    for char in text:
        code = ord(char)
        if code < 0x0590:
            continue
        if unicodedata.bidirectional(char) in ("R", "AL"):
            return char, "right-to-left"
        if any(low <= code <= high for low, high in _SHAPED):
            return char, "shaped"
    return None


def script_of(char: str) -> str:
    """The script a character belongs to, as Unicode names it ('Arabic', 'Devanagari')."""
    return unicodedata.name(char, "unnamed").split()[0].title()
