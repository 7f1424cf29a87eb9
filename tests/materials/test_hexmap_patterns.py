"""A pattern stops short of a hex label's ground and of a zone letter's: a dot is left out
whole, never cut by the ground into a half dot that reads as a quote mark beside the label."""

from __future__ import annotations

import pytest

from printkit.draw.ops import Circle, Rect
from printkit.geometry.hexgrid import HexLayout
from printkit.materials.hexmap.symbols import cell_symbol
from printkit.model.units import mm

LABEL = (-mm(4), -mm(7), mm(8), mm(2.5))  # a hex label's ground near the top of the hex


def _meets(dot: Circle, box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    nearest_x, nearest_y = min(max(dot.cx, x), x + w), min(max(dot.cy, y), y + h)
    return (dot.cx - nearest_x) ** 2 + (dot.cy - nearest_y) ** 2 < dot.r**2


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_no_dot_is_cut_by_a_label_or_letter_ground(orientation: str) -> None:
    layout = HexLayout.from_across_flats(orientation, mm(19))
    letter = ("F", mm(5), 9.0)
    symbol = cell_symbol("forest", layout, "#c8e0b4", "dots", None, letter, LABEL, "#c8e0b4")
    dots = [op for op in symbol.ops if isinstance(op, Circle)]
    grounds = [(op.x, op.y, op.w, op.h) for op in symbol.ops if isinstance(op, Rect)]
    assert len(dots) > 50 and len(grounds) == 2
    assert not [dot for dot in dots for box in grounds if _meets(dot, box)]
    # the dots around the label's ground are kept: only those it would cut are left out
    x, y, _, h = LABEL
    beside = [d for d in dots if y - mm(2) < d.cy < y + h + mm(2) and x - mm(3) < d.cx < x]
    assert beside
