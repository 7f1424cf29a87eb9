"""Art drawn once per map and placed on many hexes: cell fills, zone shading, markers.

Each symbol is centred on (0, 0) so a `Use` at a hex centre places it. Patterns are clipped to
the hexagon here, analytically, because the drawing API clips to rectangles only; a pattern
is computed once per symbol, never per hex.
"""

from __future__ import annotations

import itertools
import math

from reportlab.lib.colors import toColor

from printkit.draw.fonts import ascent, font_name, text_width
from printkit.draw.ops import Circle, Line, Op, Paint, Path, Rect, Symbol, Text
from printkit.draw.pattern_ink import darker
from printkit.geometry.hexgrid import Hex, HexLayout
from printkit.geometry.polygon import boxes_overlap, clip_segment, contains
from printkit.materials.shapes import polygon_path
from printkit.model.hexmap import LineType, Marker
from printkit.model.units import mm

Point = tuple[float, float]
PATTERN_WIDTH = 0.4
MARKER_STROKE = Paint(None, "#000000", 0.75)


def hexagon(layout: HexLayout, scale: float = 1.0) -> list[Point]:
    """The hex outline around (0, 0), optionally shrunk (for swatches and insets)."""
    return [(x * scale, y * scale) for x, y in layout.corner_offsets()]


def text_colour_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (relative luminance)."""
    r, g, b = toColor(fill).rgb()
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.45 else "#ffffff"


# The patterns drawn as parallel lines, by their angles in degrees (0 is level; y runs down the
# page, so 45° falls to the right: '\\', and -45° rises: '/').
_LINE_ANGLES = {
    "hatch": (45.0,),
    "backhatch": (-45.0,),
    "crosshatch": (45.0, -45.0),
    "lines": (0.0,),
    "vertical": (90.0,),
    "grid": (0.0, 90.0),
}


def pattern_ops(kind: str | None, polygon: list[Point], colour: str, spacing: float) -> list[Op]:
    """A pattern inside a convex polygon: lines at one or two angles, dots, triangles or
    waves, so that terrains read apart without colour."""
    if kind is None:
        return []
    reach = max(math.hypot(x, y) for x, y in polygon)
    if kind == "dots":
        return _dots(polygon, colour, spacing, reach)
    if kind == "triangles":
        return _triangles(polygon, colour, spacing, reach)
    if kind == "waves":
        return _waves(polygon, colour, spacing, reach)
    paint = Paint(None, colour, PATTERN_WIDTH)
    ops: list[Op] = []
    for angle in _LINE_ANGLES[kind]:
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        steps = int(reach / spacing) + 1
        for k in range(-steps, steps + 1):
            # Lines perpendicular offset k·spacing from the centre, long enough to cross.
            ox, oy = -uy * k * spacing, ux * k * spacing
            a = (ox - ux * reach, oy - uy * reach)
            b = (ox + ux * reach, oy + uy * reach)
            clipped = clip_segment(a, b, polygon)
            if clipped is not None:
                (x1, y1), (x2, y2) = clipped
                if math.hypot(x2 - x1, y2 - y1) > 1e-6:
                    ops.append(Line(x1, y1, x2, y2, paint))
    return ops


def _lattice(step: float, reach: float) -> list[Point]:
    """The points of a triangular lattice (rows offset by half a step) within `reach` of the
    centre's square, the centre among them."""
    row_step = step * math.sqrt(3) / 2
    rows, cols = int(reach / row_step) + 1, int(reach / step) + 1
    return [
        (i * step + (step / 2 if j % 2 else 0.0), j * row_step)
        for j in range(-rows, rows + 1)
        for i in range(-cols, cols + 1)
    ]


def _dots(polygon: list[Point], colour: str, spacing: float, reach: float) -> list[Op]:
    """Dots on a triangular lattice, radius ~0.35 mm."""
    paint = Paint(colour)
    radius = min(mm(0.35), spacing / 5)
    return [
        Circle(x, y, radius, paint)
        for x, y in _lattice(spacing, reach)
        if contains(polygon, (x, y))
    ]


def _triangles(polygon: list[Point], colour: str, spacing: float, reach: float) -> list[Op]:
    """Solid triangles pointing up, a pattern step wide, on a lattice twice as wide as the
    dots': about as much ink as the dots, told apart from them by shape."""
    paint = Paint(colour)
    half, height = spacing / 2, spacing * math.sqrt(3) / 2
    ops: list[Op] = []
    for x, y in _lattice(2 * spacing, reach):
        corners = [(x - half, y + height / 3), (x + half, y + height / 3), (x, y - height * 2 / 3)]
        if all(contains(polygon, corner) for corner in corners):
            ops.append(polygon_path(corners, paint))
    return ops


def _waves(polygon: list[Point], colour: str, spacing: float, reach: float) -> list[Op]:
    """Level wavy lines a step and a half apart, two steps from crest to crest, each a
    polyline of quarter-step pieces cut to the polygon."""
    paint = Paint(None, colour, PATTERN_WIDTH)
    amplitude, piece = spacing * 0.3, spacing / 4
    pieces = int(reach / piece) + 1
    rows = int(reach / (1.5 * spacing)) + 1
    ops: list[Op] = []
    for row in range(-rows, rows + 1):
        points = [
            (k * piece, row * 1.5 * spacing + amplitude * math.sin(k * math.pi / 4))
            for k in range(-pieces, pieces + 1)
        ]
        runs: list[list[Point]] = []
        for a, b in itertools.pairwise(points):
            clipped = clip_segment(a, b, polygon)
            if clipped is None:
                continue
            if runs and math.dist(runs[-1][-1], clipped[0]) < 1e-6:
                runs[-1].append(clipped[1])
            else:
                runs.append(list(clipped))
        ops += [_polyline(run, paint) for run in runs]
    return ops


def _polyline(points: list[Point], paint: Paint) -> Path:
    return Path((("M", *points[0]), *(("L", *p) for p in points[1:])), paint)


def _left_out(op: Op, grounds: list[tuple[float, float, float, float]]) -> bool:
    """Whether a pattern's solid mark (a dot, a triangle) would be cut by a label's ground:
    left out whole, since a half dot beside a hex label reads as a quote mark ('0303'). Lines
    and waves run on under the ground, which is painted over them."""
    if isinstance(op, Circle):
        box = (op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r)
    elif isinstance(op, Path) and op.paint.fill is not None:
        xs, ys = zip(*(c[1:] for c in op.commands if c[0] != "Z"), strict=True)
        box = (min(xs), min(ys), max(xs), max(ys))
    else:
        return False
    return any(boxes_overlap(box, (x, y, x + w, y + h)) for x, y, w, h in grounds)


def pattern_spacing(across_flats: float) -> float:
    """About ten pattern steps across a hex, never finer than 1.5 mm (ink would fill it)."""
    return max(mm(1.5), across_flats / 10)


def cell_symbol(
    name: str,
    layout: HexLayout,
    fill: str | None,
    pattern: str | None,
    pattern_color: str | None,
    letter: tuple[str, float, float] | None = None,
    clear: tuple[float, float, float, float] | None = None,
    ground: str | None = None,
) -> Symbol:
    """A hex filled and/or patterned, optionally with a letter (text, baseline y, size).

    ``clear`` is a box (x, y, w, h) where the pattern stops, so the hex label printed there
    stays legible; ``ground`` is the colour under the pattern, shown there and behind the
    letter. The pattern is cut once here, not per hex.
    """
    ground = fill or ground
    outline = hexagon(layout)
    ops: list[Op] = []
    if fill is not None:
        ops.append(polygon_path(outline, Paint(fill)))
    colour = pattern_color or (darker(fill) if fill else "#555555")
    grounds: list[tuple[float, float, float, float]] = []
    if pattern is not None and clear is not None and ground is not None:
        grounds.append(clear)
    if letter is not None:
        text, baseline, size = letter
        font = font_name("bold")
        width = text_width(text, font, size)
        pad = size * 0.15
        top = baseline - ascent(font, size)
        grounds.append((-width / 2 - pad, top - pad, width + 2 * pad, size + 2 * pad))
    pattern_drawn = pattern_ops(pattern, outline, colour, pattern_spacing(layout.across_flats))
    ops += [op for op in pattern_drawn if not _left_out(op, grounds)]
    ops += [Rect(*box, Paint(ground or "#ffffff")) for box in grounds]
    if letter is not None:
        ops.append(Text(-width / 2, baseline, text, font, size, "#000000"))
    half_w, half_h = layout.width / 2, layout.height / 2
    return Symbol(name, tuple(ops), (-half_w, -half_h, half_w, half_h))


def marker_symbol(name: str, marker: Marker, across_flats: float) -> Symbol:
    """A marker: its shape in its colour, outlined in black, with its letter(s) on top."""
    size = marker.size_on(across_flats)
    paint = Paint(marker.fill, MARKER_STROKE.stroke, MARKER_STROKE.width)
    half = size / 2
    ops: list[Op]
    if marker.shape == "circle":
        ops = [Circle(0.0, 0.0, half, paint)]
    elif marker.shape == "square":
        ops = [Rect(-half, -half, size, size, paint)]
    else:
        ops = [polygon_path(hexagon(HexLayout.from_across_flats("pointy", size)), paint)]
    font = font_name("bold")
    text_size = size * marker_text_scale(marker.label)
    width = text_width(marker.label, font, text_size)
    baseline = ascent(font, text_size) * 0.5  # digits and capitals centred by eye
    colour = marker.text_color or text_colour_on(marker.fill)
    ops.append(Text(-width / 2, baseline, marker.label, font, text_size, colour))
    corner = size / math.sqrt(3) if marker.shape == "hexagon" else half
    reach = corner + MARKER_STROKE.width
    return Symbol(name, tuple(ops), (-reach, -reach, reach, reach))


def marker_text_scale(label: str) -> float:
    """A marker's letters' size as a fraction of the marker's: one letter large, more letters
    smaller, and never wider than 0.8 of the marker (a wide "WWW" would spill out)."""
    across = 0.8 / max(text_width(label, font_name("bold"), 1.0), 1e-9)
    return min(0.55 if len(label) == 1 else 0.38, across)


def symbol_key(text: str) -> str:
    """A symbol-name-safe form of a YAML name."""
    return "".join(ch if ch.isalnum() else "_" for ch in text)


def hex_box(layout: HexLayout, h: Hex) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) of a hex on the page."""
    cx, cy = layout.centre(h)
    half_w, half_h = layout.width / 2, layout.height / 2
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


def line_paint(kind: LineType) -> Paint:
    return Paint(None, kind.color, kind.width, tuple(kind.dash) if kind.dash else None)


def shared_corners(layout: HexLayout, a: Hex, b: Hex) -> tuple[Point, Point]:
    """The two ends of the side neighbouring hexes share."""
    near = layout.radius * 1e-6
    common = [
        p for p in layout.corners(a) if any(math.dist(p, q) < near for q in layout.corners(b))
    ]
    return (common[0], common[1])
