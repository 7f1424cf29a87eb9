"""Art drawn once per map and placed on many hexes: cell fills, zone shading, markers.

Each symbol is centred on (0, 0) so a `Use` at a hex centre places it. Patterns are clipped to
the hexagon here, analytically, because the drawing API clips to rectangles only; a pattern
is computed once per symbol, never per hex.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import toColor

from printkit.draw.fonts import ascent, font_name, text_width
from printkit.draw.ops import Circle, Line, Op, Paint, Rect, Symbol, Text
from printkit.geometry.hexgrid import Hex, HexLayout
from printkit.geometry.polygon import clip_segment, contains
from printkit.materials.shapes import polygon_path
from printkit.model.hexmap import LineType, Marker
from printkit.model.units import mm

Point = tuple[float, float]
PATTERN_WIDTH = 0.4
MARKER_STROKE = Paint(None, "#000000", 0.75)


def hexagon(layout: HexLayout, scale: float = 1.0) -> list[Point]:
    """The hex outline around (0, 0), optionally shrunk (for swatches and insets)."""
    return [(x * scale, y * scale) for x, y in layout.corner_offsets()]


def darker(colour: str, amount: float = 0.45) -> str:
    """A shade of ``colour`` for its pattern: same hue, so the pattern reads as texture."""
    r, g, b = toColor(colour).rgb()
    return "#" + "".join(f"{round(255 * c * (1 - amount)):02x}" for c in (r, g, b))


def text_colour_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (relative luminance)."""
    r, g, b = toColor(fill).rgb()
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.45 else "#ffffff"


def pattern_ops(kind: str | None, polygon: list[Point], colour: str, spacing: float) -> list[Op]:
    """Hatching, cross-hatching, lines or dots inside a convex polygon."""
    if kind is None:
        return []
    paint = Paint(None, colour, PATTERN_WIDTH)
    reach = max(math.hypot(x, y) for x, y in polygon)
    if kind == "dots":
        return _dots(polygon, colour, spacing, reach)
    angles = {"hatch": (45.0,), "crosshatch": (45.0, -45.0), "lines": (0.0,)}[kind]
    ops: list[Op] = []
    for angle in angles:
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


def _dots(polygon: list[Point], colour: str, spacing: float, reach: float) -> list[Op]:
    """Dots on a triangular lattice (rows offset by half a step), radius ~0.35 mm."""
    paint = Paint(colour)
    radius = min(mm(0.35), spacing / 5)
    ops: list[Op] = []
    row_step = spacing * math.sqrt(3) / 2
    rows = int(reach / row_step) + 1
    for j in range(-rows, rows + 1):
        shift = spacing / 2 if j % 2 else 0.0
        cols = int(reach / spacing) + 1
        for i in range(-cols, cols + 1):
            point = (i * spacing + shift, j * row_step)
            if contains(polygon, point):
                ops.append(Circle(point[0], point[1], radius, paint))
    return ops


def _dot_under(op: Op, grounds: list[tuple[float, float, float, float]]) -> bool:
    """Whether a pattern's dot would be cut by a label's ground: left out whole, since a half
    dot beside a hex label reads as a quote mark ('0303')."""
    if not isinstance(op, Circle):
        return False
    return any(
        x - op.r < op.cx < x + w + op.r and y - op.r < op.cy < y + h + op.r
        for x, y, w, h in grounds
    )


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
    ops += [op for op in pattern_drawn if not _dot_under(op, grounds)]
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
