"""Crop marks, cut paths and cut outlines.

Marks continue each cut line into the paper margins, starting just outside the art (the bleed)
so they never print on a piece, and ending at the printer's unprintable edge (or halfway to the
next grid on a page of several); where less than 1.5 mm are free, that side has no marks.
Horizontal cut lines get their marks in the left and right margins, vertical ones above and
below. Circles and hexagons have no straight cut lines: each gets its outline instead, a solid
line over the art.
"""

from __future__ import annotations

from printkit.draw.ops import Line, Op, Paint, Rect
from printkit.impose.grid import Grid
from printkit.model.units import mm

MARK_PAINT = Paint(None, "#000000", 0.25)
MARK_CLEARANCE = mm(0.5)
MARK_MIN = mm(1.5)
MARK_MAX = mm(6)
OUTLINE_PAINT = Paint(None, "#333333", 0.3)


def crop_marks(
    grid: Grid, bleed: float, margin: float, room: tuple[float, float] | None = None
) -> list[Op]:
    """Marks for every cut line of `grid`; `room` is how far up and down (page y) they may
    reach, the margins unless other grids share the page."""
    above, below = room or (margin, grid.paper_height - margin)
    ops: list[Op] = []
    top_art = grid.top - bleed - MARK_CLEARANCE
    bottom_art = grid.top + grid.height + bleed + MARK_CLEARANCE
    left_art = grid.left - bleed - MARK_CLEARANCE
    right_art = grid.left + grid.width + bleed + MARK_CLEARANCE
    up, down = _length(top_art - above), _length(below - bottom_art)
    sideways = _length(left_art - margin)
    for x in grid.cut_xs():
        if up:
            ops.append(Line(x, top_art - up, x, top_art, MARK_PAINT))
        if down:
            ops.append(Line(x, bottom_art, x, bottom_art + down, MARK_PAINT))
    for y in grid.cut_ys() if sideways else ():
        ops.append(Line(left_art - sideways, y, left_art, y, MARK_PAINT))
        ops.append(Line(right_art, y, right_art + sideways, y, MARK_PAINT))
    return ops


def _length(space: float) -> float:
    """As long as the margin allows, at most 6 mm; 0 (no mark) when under 1.5 mm are free.

    A mark squeezed into the strip a home printer cannot print would be lost anyway (9-up
    standard cards on Letter leave no room above and below): the cut lines are then found from
    the marks of the other sides and the edges of the art.
    """
    return min(MARK_MAX, space) if space >= MARK_MIN else 0.0


def cut_path(x: float, y: float, width: float, height: float, radius: float) -> Rect:
    """The outline to cut along, with rounded corners when asked; it never clips the art."""
    return Rect(x, y, width, height, Paint(None, "#7f7f7f", 0.25, (1.5, 1.5)), radius)
