"""A duplex calibration sheet: measures how far a printer shifts the back of a page.

The front carries crosses at known places; the back carries a millimetre scale exactly where
each cross lands if the printer registers perfectly (plus the offset already configured). Held
to the light, the cross shows on the scale: the reading, as seen on the back, is the value for
`back_offset_x` / `back_offset_y` (right and down are positive). Once set, a reprint reads 0.

Both sides also carry a grey grid of 10 mm squares centred on the page (PRINT.md: a grid and a
cross at known positions on both sides), the back's behind the front's: held to the light, the
two grids show whether the shift is the same all over the sheet (a skewed or stretched print
parts them more at one edge than at the other), and a ruler on it whether the page printed at
actual size.
"""

from __future__ import annotations

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Circle, Group, Line, Op, Page, Paint, Rect, Text, translate
from printkit.impose.placement import ACTUAL_SIZE, note
from printkit.model.base import ImposeSpec
from printkit.model.units import mm

INK = Paint(None, "#000000", 0.35)
FINE = Paint(None, "#000000", 0.2)
GRID = Paint(None, "#b3b3b3", 0.25)  # light: the crosses and scales stay what the eye finds
PAPER = Paint("#ffffff")
SCALE_HALF_MM = 6
GRID_MM = 10  # the grid's square
GRID_CLEAR = mm(10)  # from the paper's edges to the grid: room for its numbers, 5 mm inside
READING_ROOM = mm(20)  # round a cross or a scale, clear of the grid: its labels reach 18 mm
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
    """A scale's label: its axis and the signed millimetres."""
    return f"{axis} {_signed(step)}"


def _signed(step: int) -> str:
    """Millimetres with their sign, a true minus sign; 0 unsigned."""
    return f"{step:+d}".replace("-", "−") if step else "0"


def _grid(paper: tuple[float, float]) -> list[Op]:
    """Lines every GRID_MM through the page's centre, out to GRID_CLEAR from the edges, each
    numbered in mm from the centre (right and down positive) above the grid and left of it.
    Symmetric about the centre, the grid turned over either edge is itself: the back's lies
    behind the front's, and reads the same seen from the back."""
    font = font_name("regular")
    w, h = paper
    across = _steps(w)
    down = _steps(h)
    top, bottom = h / 2 + mm(down[0]), h / 2 + mm(down[-1])
    left, right = w / 2 + mm(across[0]), w / 2 + mm(across[-1])
    ops: list[Op] = []
    for step in across:
        x = w / 2 + mm(step)
        number = _signed(step)
        width = text_width(number, font, LABEL)
        ops.append(Line(x, top, x, bottom, GRID))
        ops.append(Text(x - width / 2, top - mm(1.5), number, font, LABEL))
    for step in down:
        y = h / 2 + mm(step)
        number = _signed(step)
        width = text_width(number, font, LABEL)
        ops.append(Line(left, y, right, y, GRID))
        ops.append(Text(left - mm(1.5) - width, y + mm(0.8), number, font, LABEL))
    return ops


def _steps(length: float) -> list[int]:
    """The grid's lines across a page `length` long, in mm from its middle."""
    most = int((length / 2 - GRID_CLEAR) / mm(GRID_MM))
    return [GRID_MM * k for k in range(-most, most + 1)]


def calibration_pages(paper: tuple[float, float], spec: ImposeSpec, title: str) -> list[Page]:
    """The sheet's front and back, each footed like every sheet of the material `title` (its
    version and name), so that a calibration page found in a pile says what it belongs to."""
    lines = [
        "Duplex calibration — print this page double-sided, " + ACTUAL_SIZE.lower() + ".",
        "Hold the sheet up to a light and look at the back: each front cross shows on a scale.",
        "The reading in mm (right and down positive) is back_offset_x / back_offset_y.",
        "Add it to the offset already set; a reprint then reads 0 on both scales.",
        "The grey grids (10 mm squares, numbered in mm from the centre) then meet all over.",
    ]
    dx, dy = spec.back_offset_x / mm(1), spec.back_offset_y / mm(1)
    offset = f"offset now: x {dx:+.1f} mm, y {dy:+.1f} mm"
    targets = calibration_targets(paper)
    behind = [back_position(point, paper, spec.backs) for point in targets]
    front = [*_grid(paper), *_cleared(targets), *(op for p in targets for op in _cross(*p))]
    back = [*_grid(paper), *_cleared(behind), *(op for p in behind for op in _scale(*p))]
    moved = Group(tuple(back), translate(spec.back_offset_x, spec.back_offset_y))
    sides = {
        "front": ([*front, *_instructions("front", lines, paper)], 0.0),
        "back": ([moved, *_instructions("back", [*lines, "", offset], paper)], spec.back_offset_y),
    }
    pages = []
    for side, (ops, shift) in sides.items():
        label = f"{title} · duplex calibration · {side}"
        pages.append(Page(*paper, [*ops, *_footer(label, paper, shift, spec)], label=label))
    return pages


def _footer(label: str, paper: tuple[float, float], shift: float, spec: ImposeSpec) -> list[Op]:
    """The note every sheet ends with, under the grid (moved down with a back's offset)."""
    grid_bottom = paper[1] / 2 + mm(_steps(paper[1])[-1]) + max(shift, 0.0)
    return note(f"{ACTUAL_SIZE} · {label}", paper, grid_bottom, spec.margin)


def _cleared(points: list[tuple[float, float]]) -> list[Op]:
    """White squares over the grid round each cross or scale, so that no grid line runs
    through what is read there, on either side of the sheet."""
    room = READING_ROOM
    return [Rect(x - room, y - room, 2 * room, 2 * room, PAPER) for x, y in points]


def _instructions(side: str, lines: list[str], paper: tuple[float, float]) -> list[Op]:
    """The side's heading and lines (a blank line for ''), on white over the grid."""
    font, bold = font_name("regular"), font_name("bold")
    x, y = mm(20), paper[1] / 2 - mm(40)
    heading = f"printkit calibration · {side}"
    widest = max(text_width(line, font, 8) for line in lines)  # wider than the heading
    last = y + len(lines) * 11
    ground = Rect(x - mm(1), y - 10 - mm(1), widest + mm(2), last - y + 10 + mm(2), PAPER)
    ops: list[Op] = [ground, Text(x, y, heading, bold, 10)]
    ops += [Text(x, y + n * 11, line, font, 8) for n, line in enumerate(lines, start=1) if line]
    return ops
