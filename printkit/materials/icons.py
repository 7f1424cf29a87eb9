"""A deck's icon table: what each `:name:` in its text stands for, a glyph or a picture.

An entry that names a file (`coin: art/coin.svg`) is art, found and checked through the same
gate and reader as an image region's, so that a missing or broken file is reported once, at the
`icons:` line that names it, and never printed as the words of its path.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from printkit.diagnostics import Diagnostics, Span
from printkit.draw.images import ArtProblem, read_art
from printkit.draw.text import Icon
from printkit.load.package import LoadedPackage
from printkit.materials.art import PRINT_DPI, ArtFinder, Refusal

# A value naming a file: no spaces, ending in a dot and a suffix of letters ("art/coin.svg").
# Glyphs and words ("⚡", "+1", "x") never look like that; a suffix printkit cannot read
# (.gif) is named as a file all the same, so that the finding says what to save it as.
_FILE_NAME = re.compile(r"\S+\.[A-Za-z][A-Za-z0-9]{1,4}")


def names_file(value: str) -> bool:
    """Whether an icon's value names an art file rather than being the text to print."""
    return _FILE_NAME.fullmatch(value) is not None


@dataclass
class DeckIcons:
    """A deck's icons, each a glyph, a picture, or None for art that was refused (reported
    when the table is made, so that the text using it reports nothing more), and the line
    naming each picture's file, where a finding about the file belongs."""

    table: dict[str, str | Icon | None] = field(default_factory=dict)
    lines: dict[str, Span] = field(default_factory=dict)


def icon_table(
    loaded: LoadedPackage, deck_id: str, art: ArtFinder, diagnostics: Diagnostics
) -> DeckIcons:
    icons = DeckIcons()
    for name, value in loaded.package.decks[deck_id].icons.items():
        if names_file(value):
            where = loaded.spans.value(("decks", deck_id, "icons", name))
            icons.lines[name] = where
            icons.table[name] = _picture(name, value, where, art, diagnostics)
        else:
            icons.table[name] = value
    return icons


def icon_dpi(icon: Icon, size: float) -> float | None:
    """Pixels per inch a raster icon gets in text of `size` points (it is one em tall)."""
    return None if icon.pixels is None else icon.pixels[1] / (size / 72)


def pixels_needed(icon: Icon, size: float) -> str:
    """The pixel size that prints the icon at 300 dpi in text of `size` points."""
    height = size / 72 * PRINT_DPI
    return f"{math.ceil(height * icon.aspect)} × {math.ceil(height)}"


def _picture(
    name: str, value: str, where: Span, art: ArtFinder, diagnostics: Diagnostics
) -> Icon | None:
    """The icon's picture, or None once the reason it cannot be used is reported."""
    found = art.resolve(value)
    if isinstance(found, Refusal):
        if not found.reported:
            message = f"icon '{name}': {found.message}"
            diagnostics.add(found.code, message, where, hint=found.hint)
        return None
    try:
        picture = read_art(found)
    except ArtProblem as problem:
        message = f"icon '{name}': image '{value}' {problem.message}"
        diagnostics.add(problem.code, message, where, hint=problem.hint)
        return None
    return Icon(name, str(picture.path), picture.aspect, picture.pixels)
