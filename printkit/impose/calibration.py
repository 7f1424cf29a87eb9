"""A duplex calibration sheet: measures how far a printer shifts the back of a page.

The front carries crosses at known places; the back carries a millimetre scale exactly where
each cross lands if the printer registers perfectly (plus the offset already configured). Held
to the light, the cross shows on the scale: the reading, as seen on the back, is the value for
`back_offset_x` / `back_offset_y` (right and down are positive). Once set, a reprint reads 0.
"""

from __future__ import annotations

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Circle, Group, Line, Op, Page, Paint, Text, translate
from printkit.impose.placement import ACTUAL_SIZE
from printkit.model.base import ImposeSpec
from printkit.model.units import mm

INK = Paint(None, "#000000", 0.35)
FINE = Paint(None, "#000000", 0.2)
SCALE_HALF_MM = 6
LABEL = 6.0  # points: the smallest legible size (PRINT.md)


def calibration_targets(paper: tuple[float, float]) -> list[tuple[float, float]]:
    """Cross positions on the front: near two corners and at the centre."""
    w, h = paper
    return [(mm(40), mm(50)), (w / 2, h / 2), (w - mm(40), h - mm(50))]


def back_position(
    point: tuple[float, float], paper: tuple[float, float], backs: str
) -> tuple[float, float]:
    """Where a front point lies on the back page, seen from the back."""
    x, y = point
    if backs == "short_edge":
        return (x, paper[1] - y)
    return (paper[0] - x, y)


def _cross(x: float, y: float) -> list[Op]:
    arm = mm(8)
    return [
        Line(x - arm, y, x + arm, y, INK),
        Line(x, y - arm, x, y + arm, INK),
        Circle(x, y, mm(1.5), INK),
    ]


def _scale(x: float, y: float) -> list[Op]:
    ops: list[Op] = []
    font = font_name("regular")
    end = mm(SCALE_HALF_MM + 1)  # a label's gap from the end of its scale
    for step in range(-SCALE_HALF_MM, SCALE_HALF_MM + 1):
        d = mm(step)
        tick = mm(2.5) if step % 5 == 0 else mm(1.2)
        ops.append(Line(x + d, y - tick, x + d, y + tick, FINE))
        ops.append(Line(x - tick, y + d, x + tick, y + d, FINE))
        if step and step % 5 == 0:
            # each label names its scale and stands clear of both: the horizontal scale's
            # at its ends, on its line ("x −5" above the vertical scale's ticks touched them);
            # the vertical scale's beside its ±5 ticks, to the right of everything
            reading = _reading("x", step)
            width = text_width(reading, font, LABEL)
            left = x + end if step > 0 else x - end - width
            ops.append(Text(left, y + mm(0.8), reading, font, LABEL))
            ops.append(Text(x + end + mm(7), y + d + mm(0.8), _reading("y", step), font, LABEL))
    return ops


def _reading(axis: str, step: int) -> str:
    """A scale's label: its axis and the signed millimetres, with a true minus sign."""
    return f"{axis} {'+' if step > 0 else '−'}{abs(step)}"


def calibration_pages(paper: tuple[float, float], spec: ImposeSpec) -> list[Page]:
    font = font_name("regular")
    bold = font_name("bold")
    front: list[Op] = []
    back: list[Op] = []
    for point in calibration_targets(paper):
        front += _cross(*point)
        back += _scale(*back_position(point, paper, spec.backs))
    lines = [
        "Duplex calibration — print this page double-sided, " + ACTUAL_SIZE.lower() + ".",
        "Hold the sheet up to a light and look at the back: each front cross shows on a scale.",
        "The reading in mm (right and down positive) is back_offset_x / back_offset_y.",
        "Add it to the offset already set; a reprint then reads 0 on both scales.",
    ]
    text_x, text_y = mm(20), paper[1] / 2 - mm(40)
    front.append(Text(text_x, text_y, "printkit calibration · front", bold, 10))
    back_ops: list[Op] = [Group(tuple(back), translate(spec.back_offset_x, spec.back_offset_y))]
    back_ops.append(Text(text_x, text_y, "printkit calibration · back", bold, 10))
    for index, line in enumerate(lines, start=1):
        front.append(Text(text_x, text_y + index * 11, line, font, 8))
        back_ops.append(Text(text_x, text_y + index * 11, line, font, 8))
    dx, dy = spec.back_offset_x / mm(1), spec.back_offset_y / mm(1)
    offset = f"offset now: x {dx:+.1f} mm, y {dy:+.1f} mm"
    back_ops.append(Text(text_x, text_y + 6 * 11, offset, font, 8))
    return [
        Page(*paper, front, label="calibration · front"),
        Page(*paper, back_ops, label="calibration · back"),
    ]
