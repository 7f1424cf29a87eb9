"""Crop marks, cut paths and cut outlines.

Marks continue each cut line into the paper margins, starting just outside the art (the bleed)
so they never print on a piece, and ending at the printer's unprintable edge (or halfway to the
next grid on a page of several); where less than 1.5 mm are free, that side's marks stand over
the bleed instead, from the printable edge to the cut, if 1 mm of bleed prints there.
Horizontal cut lines get their marks in the left and right margins, vertical ones above and
below. Circles and hexagons have no straight cut lines: each gets its outline instead, a solid
line over the art.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from printkit.draw.ops import Group, Line, Op, Paint, Rect
from printkit.impose.grid import MIN_KEPT_BLEED, Grid
from printkit.model.units import mm

BBox = tuple[float, float, float, float]
MARK_PAINT = Paint(None, "#000000", 0.25, role="crop")
MARK_CLEARANCE = mm(0.5)
MARK_MIN = mm(1.5)
MARK_MAX = mm(6)
MARK_IN_BLEED = mm(1)  # the shortest mark worth drawing over the bleed
# A mark over the bleed stands on the art's colour: a white casing under a heavier line keeps
# it seen on a dark bleed (a hairline, black on a navy back, was 1.4 : 1 to it).
MARK_OVER_ART = Paint(None, "#000000", 0.4, role="crop")
MARK_CASING = Paint(None, "#ffffff", 1.2, role="crop")
OUTLINE_PAINT = Paint(None, "#333333", 0.3, role="cut")
CUT_PAINT = Paint(None, "#7f7f7f", 0.25, role="cut")
TRIM = Paint(None, None, role="trim")  # not drawn: where a straight piece is cut, for checks


def crop_marks(
    grid: Grid,
    bleed: float,
    margin: float,
    room: tuple[float, float] | None = None,
    cells: Iterable[int] | None = None,
    keep_out: Iterable[BBox] = (),
) -> tuple[Op, ...]:
    """Marks for the cut lines of the occupied `cells` of `grid` (all by default): only lines
    that bound a piece, outside the rows and columns that hold one. `room` is how far up and
    down (page y) they may reach, the margins unless other grids share the page; each mark stops
    short of the `keep_out` boxes (the sheet's note) or, too short then, is left out. A back
    page is laid out so, then moved whole by its offset (sheet.moved_by_offset). Pages laid
    out alike get the very same tuple, found once: a deck's thousand sheets share a few."""
    occupied = tuple(range(grid.per_sheet)) if cells is None else tuple(cells)
    return _crop_marks(grid, bleed, margin, room, occupied, tuple(keep_out))


def cut_guides(
    grid: Grid,
    bleed: float,
    margin: float,
    room: tuple[float, float] | None,
    cells: Iterable[int],
    keep_out: Iterable[BBox],
    trimmed: tuple[tuple[int, float, float], ...],
    marked: bool,
) -> list[Op]:
    """A side's cut guides as one group: the trim of each piece cut along the marks
    (`trimmed`: its cell, width and height; front sides only), then the crop marks of the
    occupied `cells` if `marked`. Every side laid out alike shares the group's ops, found
    once: a PDF draws them once, as a form, and the cache key and the preflight meet them
    once."""
    guides = _cut_guides(grid, bleed, margin, room, tuple(cells), tuple(keep_out), trimmed, marked)
    return [Group(guides)] if guides else []


@lru_cache(maxsize=64)
def _cut_guides(
    grid: Grid,
    bleed: float,
    margin: float,
    room: tuple[float, float] | None,
    cells: tuple[int, ...],
    keep_out: tuple[BBox, ...],
    trimmed: tuple[tuple[int, float, float], ...],
    marked: bool,
) -> tuple[Op, ...]:
    trims = tuple(Rect(*grid.position(cell), w, h, TRIM) for cell, w, h in trimmed)
    marks = _crop_marks(grid, bleed, margin, room, cells, keep_out) if marked else ()
    return trims + marks


def outer_bleeds(
    grid: Grid, bleed: float, margin: float, room: tuple[float, float] | None
) -> tuple[float, float, float, float]:
    """The bleed each outer side of a marked grid keeps (left, top, right, bottom), so that its
    crop marks stop short of the art, as PRINT.md asks: all of it where a mark of MARK_MIN
    fits beyond; else as much as leaves one (3 mm of bleed becomes 2.75 beside a ⅝ in counter
    sheet on A4); all of it where not even MIN_KEPT_BLEED would (9-up poker cards on Letter),
    and the marks go over the bleed, cut off with it."""
    first, last, above, below = _limits(grid, margin, room)
    spaces = (
        grid.left - first,
        grid.top - above,
        last - (grid.left + grid.width),
        below - (grid.top + grid.height),
    )
    kept = [space - MARK_MIN - MARK_CLEARANCE for space in spaces]
    left, top, right, bottom = (
        bleed if free >= bleed or free < MIN_KEPT_BLEED else free for free in kept
    )
    return left, top, right, bottom


def _limits(
    grid: Grid, margin: float, room: tuple[float, float] | None
) -> tuple[float, float, float, float]:
    """The printable edges across (first, last) and the room up and down (above, below)."""
    above, below = room or (margin, grid.paper_height - margin)
    return margin, grid.paper_width - margin, above, below


@lru_cache(maxsize=64)
def _crop_marks(
    grid: Grid,
    bleed: float,
    margin: float,
    room: tuple[float, float] | None,
    occupied: tuple[int, ...],
    keep_out: tuple[BBox, ...],
) -> tuple[Op, ...]:
    if not occupied:
        return ()
    first, last, above, below = _limits(grid, margin, room)
    rows = [index // grid.columns for index in occupied]
    columns = [index % grid.columns for index in occupied]
    first_row, last_row = min(rows), max(rows)
    first_column, last_column = min(columns), max(columns)
    step_x, step_y = grid.cell_width + grid.gap, grid.cell_height + grid.gap
    top = grid.top + first_row * step_y
    bottom = grid.top + last_row * step_y + grid.cell_height
    left = grid.left + first_column * step_x
    right = grid.left + last_column * step_x + grid.cell_width
    xs = [x for x in grid.cut_xs() if left - 1e-6 <= x <= right + 1e-6]
    ys = [y for y in grid.cut_ys() if top - 1e-6 <= y <= bottom + 1e-6]
    # the art's bleed: the grid's outer sides keep what leaves their marks room; toward an
    # empty cell of a part-filled sheet it is whole
    outer = outer_bleeds(grid, bleed, margin, room)
    at_edge = (first_column == 0, first_row == 0, last_column == grid.columns - 1)
    at_edge += (last_row == grid.rows - 1,)
    to_left, to_top, to_right, to_bottom = (
        kept if edge else bleed for kept, edge in zip(outer, at_edge, strict=True)
    )
    top_art, bottom_art = top - to_top - MARK_CLEARANCE, bottom + to_bottom + MARK_CLEARANCE
    left_art, right_art = left - to_left - MARK_CLEARANCE, right + to_right + MARK_CLEARANCE
    up, down = _length(top_art - above), _length(below - bottom_art)
    # No room between the art and the margin (three rows of poker cards on Letter): the marks
    # go in the bleed instead, from the printable edge to the cut, cut off with the bleed.
    in_bleed_up = not up and top - above >= MARK_IN_BLEED
    in_bleed_down = not down and below - bottom >= MARK_IN_BLEED
    leftward = _length(left_art - first)
    rightward = _length(last - right_art)
    # art end, outer end, the shortest the mark may be
    marks: list[tuple[tuple[float, float], tuple[float, float], float]] = []
    for x in xs:
        if up:
            marks.append(((x, top_art), (x, top_art - up), MARK_MIN))
        elif in_bleed_up:
            marks.append(((x, top), (x, above), MARK_IN_BLEED))
        if down:
            marks.append(((x, bottom_art), (x, bottom_art + down), MARK_MIN))
        elif in_bleed_down:
            marks.append(((x, bottom), (x, below), MARK_IN_BLEED))
    in_bleed_left = not leftward and left - first >= MARK_IN_BLEED
    in_bleed_right = not rightward and last - right >= MARK_IN_BLEED
    for y in ys:
        if leftward:
            marks.append(((left_art, y), (left_art - leftward, y), MARK_MIN))
        elif in_bleed_left:
            marks.append(((left, y), (first, y), MARK_IN_BLEED))
        if rightward:
            marks.append(((right_art, y), (right_art + rightward, y), MARK_MIN))
        elif in_bleed_right:
            marks.append(((right, y), (last, y), MARK_IN_BLEED))
    ops: list[Op] = []
    for art_end, outer_end, shortest in marks:
        outer = _clear(art_end, outer_end, keep_out, shortest)
        if outer is None:
            continue
        if shortest == MARK_IN_BLEED:
            ops.append(Line(*outer, *art_end, MARK_CASING))
            ops.append(Line(*outer, *art_end, MARK_OVER_ART))
        else:
            ops.append(Line(*outer, *art_end, MARK_PAINT))
    return tuple(ops)


def _clear(
    art_end: tuple[float, float],
    outer_end: tuple[float, float],
    boxes: tuple[BBox, ...],
    shortest: float,
) -> tuple[float, float] | None:
    """The mark's outer end pulled back to stop short of every box; None when too short."""
    (ax, ay), (ox, oy) = art_end, outer_end
    length = abs(ox - ax) + abs(oy - ay)
    dx, dy = (ox - ax) / length, (oy - ay) / length
    for bx0, by0, bx1, by1 in boxes:
        # each box grown by the clearance (v + -c is v - c to the last bit)
        x0, y0 = bx0 - MARK_CLEARANCE, by0 - MARK_CLEARANCE
        x1, y1 = bx1 + MARK_CLEARANCE, by1 + MARK_CLEARANCE
        if dx == 0 and x0 <= ax <= x1:
            near, far = (y0 - ay, y1 - ay) if dy > 0 else (ay - y1, ay - y0)
        elif dy == 0 and y0 <= ay <= y1:
            near, far = (x0 - ax, x1 - ax) if dx > 0 else (ax - x1, ax - x0)
        else:
            continue
        if far < 0:
            continue  # the box lies behind the mark, over the art
        if near < length:
            length = max(near, 0.0)  # a mark that starts inside the box is left out
    if length < shortest - 1e-6:
        return None
    return (ax + dx * length, ay + dy * length)


def _length(space: float) -> float:
    """As long as the margin allows, at most 6 mm; 0 (no mark) when under 1.5 mm are free.

    A mark squeezed into the strip a home printer cannot print would be lost anyway (9-up
    standard cards on Letter leave no room above and below): those marks go over the bleed.
    """
    return min(MARK_MAX, space) if space >= MARK_MIN - _ROUNDING else 0.0


# A length worked out two ways (the room outer_bleeds leaves a mark, then that room measured
# again) may differ in its last bit: a mark exactly MARK_MIN long must still be drawn.
_ROUNDING = 1e-6


def cut_path(x: float, y: float, width: float, height: float, radius: float) -> Rect:
    """The outline to cut along, with rounded corners when asked; it never clips the art. It is
    solid: dashes are for fold lines, so "fold on the dashed line" stays true."""
    return Rect(x, y, width, height, CUT_PAINT, radius)
