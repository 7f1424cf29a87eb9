"""The outline of a piece: rectangle, circle or hexagon, in piece coordinates.

One function serves both the art (the background, grown by the bleed so that colour runs past the
cut) and the sheet (the cut line itself, at the trim), so the two can never disagree.
"""

from __future__ import annotations

import math

from printkit.draw.ops import Circle, Line, Op, Paint, Path, Rect
from printkit.geometry.hexgrid import HexLayout, Orientation
from printkit.model.layout import Layout


def is_straight_cut(layout: Layout) -> bool:
    """Rectangles and squares are cut along straight lines shared with their neighbours."""
    return layout.shape in ("rectangle", "square")


def hexagon_corners(layout: Layout, grow: float = 0.0) -> list[tuple[float, float]]:
    """Corners of the hexagon filling the trim box, moved `grow` outward from every side."""
    across_flats = min(layout.width, layout.height) + 2 * grow
    hexagon = HexLayout.from_across_flats(
        Orientation(layout.orientation),
        across_flats,
        (layout.width / 2, layout.height / 2),
    )
    cx, cy = hexagon.origin
    return [(cx + dx, cy + dy) for dx, dy in hexagon.corner_offsets()]


def outline(layout: Layout, paint: Paint, grow: float = 0.0) -> Op:
    """The piece's shape, `grow` larger on every side (the bleed) or exactly at the trim."""
    w, h = layout.width, layout.height
    if layout.shape == "circle":
        return Circle(w / 2, h / 2, min(w, h) / 2 + grow, paint)
    if layout.shape == "hexagon":
        return Path(outline_commands(layout, grow), paint)
    return Rect(-grow, -grow, w + 2 * grow, h + 2 * grow, paint)


KAPPA = 0.5522847498  # control-point distance of a cubic Bézier quarter circle, per radius


def outline_commands(layout: Layout, grow: float = 0.0) -> tuple[tuple, ...]:
    """The piece's outline as a closed path (for clipping art to a round card, a counter or a
    hexagon), `grow` larger on every side."""
    w, h = layout.width, layout.height
    if layout.shape == "hexagon":
        corners = hexagon_corners(layout, grow)
        return (("M", *corners[0]), *(("L", *c) for c in corners[1:]), ("Z",))
    if layout.shape == "circle":
        r = min(w, h) / 2 + grow
        return _rounded(w / 2 - r, h / 2 - r, 2 * r, 2 * r, r)
    return _rounded(-grow, -grow, w + 2 * grow, h + 2 * grow, layout.corner_radius)


def _rounded(x: float, y: float, w: float, h: float, r: float) -> tuple[tuple, ...]:
    """A rectangle with quarter-circle corners of radius r (a circle when r is half the side)."""
    r = min(r, w / 2, h / 2)
    k = r * (1 - KAPPA)
    return (
        ("M", x + r, y),
        ("L", x + w - r, y),
        ("C", x + w - k, y, x + w, y + k, x + w, y + r),
        ("L", x + w, y + h - r),
        ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
        ("L", x + r, y + h),
        ("C", x + k, y + h, x, y + h - k, x, y + h - r),
        ("L", x, y + r),
        ("C", x, y + k, x + k, y, x + r, y),
        ("Z",),
    )


def ellipse_commands(x: float, y: float, w: float, h: float) -> tuple[tuple, ...]:
    """The ellipse inscribed in a box, as four cubic Bézier quarters."""
    rx, ry = w / 2, h / 2
    cx, cy = x + rx, y + ry
    kx, ky = rx * KAPPA, ry * KAPPA
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    )


def line_through(points: list[tuple[float, float]], smooth: bool = False) -> tuple[tuple, ...]:
    """Path commands through the points: straight legs, or a smooth curve (Catmull-Rom, as
    cubic Béziers) that still passes through every point, its direction at each the one from
    the point before to the point after, so a road bends instead of turning a corner."""
    commands: list[tuple] = [("M", *points[0])]
    if not smooth or len(points) < 3:
        return (*commands, *(("L", *p) for p in points[1:]))
    ends = [points[0], *points, points[-1]]
    for i in range(1, len(ends) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = ends[i - 1 : i + 3]
        first = (x1 + (x2 - x0) / 6, y1 + (y2 - y0) / 6)
        second = (x2 - (x3 - x1) / 6, y2 - (y3 - y1) / 6)
        commands.append(("C", *first, *second, x2, y2))
    return tuple(commands)


def polygon_path(points: list[tuple[float, float]], paint: Paint) -> Path:
    """A closed path through the corners, in order."""
    commands: list[tuple] = [("M", *points[0])]
    commands += [("L", *p) for p in points[1:]]
    commands.append(("Z",))
    return Path(tuple(commands), paint)


def arrow(
    tail: tuple[float, float], tip: tuple[float, float], colour: str, width: float, head: float
) -> list[Op]:
    """A line from tail to tip, `width` thick, ending in a filled head `head` long."""
    length = math.dist(tail, tip)
    ux, uy = (tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length
    base = (tip[0] - ux * head, tip[1] - uy * head)
    left = (base[0] - uy * head / 2, base[1] + ux * head / 2)
    right = (base[0] + uy * head / 2, base[1] - ux * head / 2)
    into_head = (tip[0] - ux * head / 2, tip[1] - uy * head / 2)
    return [
        Line(*tail, *into_head, Paint(None, colour, width)),
        polygon_path([tip, left, right], Paint(colour, None)),
    ]
