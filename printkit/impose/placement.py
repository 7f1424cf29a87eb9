"""Placing a piece's art on a sheet: translate, and clip to the art it may show there."""

from __future__ import annotations

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Group, Op, Paint, Rect, Text, translate
from printkit.model.units import mm


def place(
    ops: tuple[Op, ...],
    x: float,
    y: float,
    width: float,
    height: float,
    bleed_sides: tuple[float, float, float, float],
) -> Group:
    """The piece at (x, y), its art clipped to the trim plus the bleed of each side
    (left, top, right, bottom): shared cut lines get none, outer edges the full bleed."""
    left, top, right, bottom = bleed_sides
    clip = (-left, -top, width + left + right, height + top + bottom)
    return Group(ops, translate(x, y), clip)


def note(text: str, paper: tuple[float, float], art_bottom: float, margin: float) -> list[Op]:
    """A one-line note under the art (e.g. 'print at actual size'), on a white ground."""
    size = 6.0
    font = font_name("regular")
    width = text_width(text, font, size)
    baseline = max(art_bottom + mm(1) + size, min(paper[1] - margin, art_bottom + mm(8)))
    x = (paper[0] - width) / 2
    ground = Rect(x - mm(1), baseline - size, width + mm(2), size * 1.4, Paint("#ffffff"))
    return [ground, Text(x, baseline, text, font, size)]


ACTUAL_SIZE = "Print at actual size (100 %), not fit to page"
