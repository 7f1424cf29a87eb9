"""Badges (a coloured shape with a letter) and the cycle of who beats whom, for sheets.

A badge carries three cues at once, colour, letter and shape, so a mat still reads on a grey
print or for a player who does not tell red from green.
"""

from __future__ import annotations

import math

from printkit.draw.ops import Circle, Op, Paint, Rect, Text
from printkit.draw.text import text_width
from printkit.materials.hexmap.symbols import text_colour_on
from printkit.materials.shapes import arrow, polygon_path
from printkit.model.sheet import Badge

INK = "#1f2d3d"
BOLD = "PK-Bold"
FONT = "PK-Regular"


def badge_ops(badge: Badge, cx: float, cy: float, size: float) -> list[Op]:
    """The badge centred on (cx, cy), `size` across."""
    r = size / 2
    paint = Paint(badge.color, INK, max(0.5, size / 30))
    ops: list[Op]
    if badge.shape == "circle":
        ops = [Circle(cx, cy, r, paint)]
    elif badge.shape == "square":
        ops = [Rect(cx - r * 0.9, cy - r * 0.9, 1.8 * r, 1.8 * r, paint)]
    else:
        ops = [polygon_path(_shape_points(badge.shape, cx, cy, r), paint)]
    letter_size = size * (0.5 if badge.shape == "triangle" else 0.55)
    width = text_width(badge.letter, BOLD, letter_size)
    baseline = cy + letter_size * (0.55 if badge.shape == "triangle" else 0.36)
    colour = text_colour_on(badge.color)
    return [*ops, Text(cx - width / 2, baseline, badge.letter, BOLD, letter_size, colour)]


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a triangle (point up), diamond or hexagon inside radius r (y down)."""
    corners = {"triangle": (3, -90.0), "diamond": (4, -90.0), "hexagon": (6, 0.0)}[shape]
    count, start = corners
    radius = r * (1.15 if shape == "triangle" else 1.0)
    centre_y = cy + (r * 0.2 if shape == "triangle" else 0.0)  # a triangle's weight sits low
    return [
        (
            cx + radius * math.cos(math.radians(start + 360 * k / count)),
            centre_y + radius * math.sin(math.radians(start + 360 * k / count)),
        )
        for k in range(count)
    ]


def cycle_ops(
    order: list[tuple[str, Badge]], verb: str, x: float, top: float, width: float, size: float
) -> list[Op]:
    """Badges evenly round a circle (the first at the top, then clockwise), each named on its
    outer side, with an arrow from each to the next and the verb beside each arrow."""
    badge = size * 0.22
    radius = size / 2 - badge / 2
    cx, cy = x + width / 2, top + 12 + size / 2  # room above for the top name
    points = []
    for index in range(len(order)):
        angle = math.radians(-90 + 360 * index / len(order))
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    ops: list[Op] = []
    for index, (start, end) in enumerate(zip(points, points[1:] + points[:1], strict=True)):
        ops += _arrow(start, end, badge / 2 + 3, verb, (cx, cy))
        name, shown = order[index]
        ops += badge_ops(shown, *start, badge)
        left = start[0] - text_width(name, BOLD, 8) / 2
        above = start[1] < cy - 1  # names sit outside the circle, clear of the arrows
        baseline = start[1] - badge / 2 - 4 if above else start[1] + badge / 2 + 10
        ops.append(Text(left, baseline, name, BOLD, 8, INK))
    return ops


def _arrow(
    start: tuple[float, float],
    end: tuple[float, float],
    clear: float,
    verb: str,
    centre: tuple[float, float],
) -> list[Op]:
    """A line from badge to badge, stopping `clear` short of each, with a head at the end and
    the verb outside the circle by its middle."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    a = (start[0] + ux * clear, start[1] + uy * clear)
    b = (end[0] - ux * clear, end[1] - uy * clear)
    ops = arrow(a, b, INK, 1.2, 6.0)
    if verb:
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        ox, oy = mx - centre[0], my - centre[1]
        away = math.hypot(ox, oy) or 1.0
        size = 7.5
        width = text_width(verb, FONT, size)
        tx = mx + ox / away * 10 - width / 2 + ox / away * width / 2
        ops.append(Text(tx, my + oy / away * 10 + size / 3, verb, FONT, size, INK))
    return ops
