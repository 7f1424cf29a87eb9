"""Drawing a checked triangle-grid board and a row of shapes as page ops.

The lattice is y-up in side lengths (geometry/trigrid.py); here it becomes page points, y down.
Cells are drawn thin and area boundaries thick, so a player sees the sectors at a glance; each
feature style has a shape as well as a shade, so the board still reads in grey or to a reader
who does not tell colours apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from printkit.draw.ops import Circle, Line, Op, Paint, Path, Rect, Text
from printkit.draw.text import text_width
from printkit.geometry.polygon import contains
from printkit.geometry.trigrid import Cell, Vertex, corners, neighbours, point, shared_side
from printkit.materials.board import Board, BoardPiece
from printkit.materials.shapes import polygon_path
from printkit.model.sheet import FeatureStyle, ShapesElement, TriangleGridElement
from printkit.model.units import mm

INK = "#1f2d3d"
ATTACK_FILL = "#f3dcd6"  # a rectangle to fill when attacked, unless its style gives a fill
GRID = "#7d8b99"
FONT, BOLD = "PK-Regular", "PK-Bold"
BAND = mm(2.6)  # the white line of a link, with its outline
DEFAULT_FILL = {
    "block": "#2b3a4a",
    "shade": "#c3ccd6",
    "semicircle": "#efe4c8",
    "circle": "#dbe7f1",
}
Label = Callable[[str, tuple, dict, str], str]  # template, data path, context, face → text
Point = tuple[float, float]


@dataclass(frozen=True)
class Frame:
    """Lattice points to page points: the board's centre `origin` lands at `at`."""

    side: float
    origin: Point
    at: Point

    def page(self, x: float, y: float) -> Point:
        return (self.at[0] + x - self.origin[0], self.at[1] - (y - self.origin[1]))

    def vertex(self, vertex: Vertex) -> Point:
        return self.page(*point(vertex, self.side))

    def triangle(self, cell: Cell) -> tuple[Point, Point, Point]:
        a, b, c = (self.vertex(v) for v in corners(cell))
        return (a, b, c)

    def centre(self, cells: Iterable[Cell]) -> Point:
        points = [self.vertex(v) for cell in cells for v in corners(cell)]
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def board_extent(element: TriangleGridElement, board: Board) -> tuple[Point, float, float]:
    """The board's centre in lattice units, its half-width and its half-height in points
    (the ring of links included)."""
    points = [point(v, element.side) for cell in board.cells for v in corners(cell)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    if element.links is None:
        return centre, (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
    radius = ring_radius(element, board, centre) + BAND / 2
    return centre, radius, radius


def ring_radius(element: TriangleGridElement, board: Board, centre: Point) -> float:
    assert element.links is not None
    farthest = max(
        math.dist(point(v, element.side), centre) for cell in board.cells for v in corners(cell)
    )
    return farthest + element.links.gap


def draw_board(element: TriangleGridElement, board: Board, frame: Frame, label: Label) -> list[Op]:
    ops: list[Op] = []
    for piece in board.pieces:
        fill = _fill(element.styles[piece.kind])
        if fill is not None:
            # stroked in its own colour too, so no hairline shows where two triangles meet
            paint = Paint(fill, fill, 0.3)
            ops += [polygon_path(list(frame.triangle(cell)), paint) for cell in piece.cells]
    thin, thick = _sides(board)
    ops += [_segment(frame, side, Paint(None, GRID, 0.4)) for side in thin]
    ops += [_segment(frame, side, Paint(None, INK, 1.3)) for side in thick]
    for piece in board.pieces:
        ops += _feature(element.styles[piece.kind], piece, frame, element.side, label)
    if element.links is not None:
        ops += _links(element, board, frame)
    return ops


def _fill(style: FeatureStyle) -> str | None:
    return style.fill or DEFAULT_FILL.get(style.draw)


def _sides(board: Board) -> tuple[list[tuple[Vertex, Vertex]], list[tuple[Vertex, Vertex]]]:
    """Each side once: thin inside an area, thick between areas and along the board's edge,
    none inside a feature (a plant, a city is one thing, not triangles)."""
    area_of = {cell: name for name, cells in board.areas.items() for cell in cells}
    piece_of = {cell: piece for piece in board.pieces for cell in piece.cells}
    thin, thick = [], []
    for cell in sorted(board.cells):
        for other in neighbours(cell):
            if other in board.cells and other < cell:
                continue  # drawn from the other cell
            if cell in piece_of and piece_of.get(other) is piece_of[cell]:
                continue
            side = shared_side(cell, other)
            assert side is not None
            (thin if area_of.get(other) == area_of[cell] else thick).append(side)
    return thin, thick


def _segment(frame: Frame, side: tuple[Vertex, Vertex], paint: Paint) -> Line:
    (x1, y1), (x2, y2) = (frame.vertex(v) for v in side)
    return Line(x1, y1, x2, y2, paint)


_REGULAR_LABELS = frozenset({"circle", "rectangle"})  # the other features' labels are bold


def _feature(
    style: FeatureStyle, piece: BoardPiece, frame: Frame, side: float, label: Label
) -> list[Op]:
    cx, cy = frame.centre(piece.cells)
    context = {"area": piece.area or ""}
    face = "regular" if style.draw in _REGULAR_LABELS else "bold"
    font = FONT if face == "regular" else BOLD
    text = label(style.label, (*piece.path, "label"), context, face) if style.label else ""
    outline = Paint("#ffffff", INK, 0.9)
    if style.draw == "circle":
        return [
            Circle(cx, cy, 0.2 * side, outline),
            *_centred(text, cx, cy + 0.2 * side + 6, 6, font),
        ]
    if style.draw == "semicircle":
        r = 0.22 * side
        base = cy + 0.05 * side
        dome = _arc((cx, base), r, math.pi, 0.0)
        return [
            Path((*dome, ("Z",)), outline),
            *_centred(text, cx, base + 6.5, 6.0, font),
        ]
    if style.draw == "rectangle":
        # The two triangles themselves, along the grid's lines: a player sees which cells an
        # attack takes (a rectangle drawn inside them lay across the grid).
        fill = style.fill or ATTACK_FILL
        rhombus = polygon_path(_rhombus(piece, frame), Paint(fill, INK, 1.1))
        return [rhombus, *_centred(text, cx, cy + 2, 6, font)]
    if style.draw == "die":
        half = _square_inside(_rhombus(piece, frame), (cx, cy))
        return die_face(text, cx - half, cy - half, 2 * half)
    colour = "#ffffff" if style.draw == "block" else INK
    return _centred(text, cx, cy + 2, 6.5, font, colour)


def _centred(
    text: str, cx: float, baseline: float, size: float, font: str = FONT, colour: str = INK
) -> list[Op]:
    if not text:
        return []
    return [Text(cx - text_width(text, font, size) / 2, baseline, text, font, size, colour)]


def _rhombus(piece: BoardPiece, frame: Frame) -> list[Point]:
    """The outline of a two-cell piece, corner to corner round the rhombus."""
    a, b = sorted(piece.cells)
    common = set(corners(a)) & set(corners(b))
    (far_a,) = set(corners(a)) - common
    (far_b,) = set(corners(b)) - common
    first, second = sorted(common)
    return [frame.vertex(v) for v in (far_a, first, far_b, second)]


def _square_inside(polygon: list[Point], centre: Point) -> float:
    """Half the side of the largest upright square about `centre` inside a convex polygon."""
    low, high = 0.0, max(abs(p[0] - centre[0]) + abs(p[1] - centre[1]) for p in polygon)
    for _ in range(30):
        half = (low + high) / 2
        square = [
            (centre[0] + dx * half, centre[1] + dy * half)
            for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
        low, high = (half, high) if all(contains(polygon, p) for p in square) else (low, half)
    return low * 0.9


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die_face(name: str, x: float, y: float, size: float) -> list[Op]:
    """A die showing `name` (1 to 6 as pips, anything else as text) in a square at (x, y)."""
    ops: list[Op] = [Rect(x, y, size, size, Paint("#ffffff", INK, 0.9), radius=size * 0.18)]
    cx, cy = x + size / 2, y + size / 2
    count = int(name) if name in {"1", "2", "3", "4", "5", "6"} else None
    if count is None:
        return ops + _centred(name, cx, cy + size * 0.18, size * 0.5, BOLD)
    step, r = size * 0.27, size * 0.09
    return ops + [Circle(cx + i * step, cy + j * step, r, Paint(INK, None)) for i, j in PIPS[count]]


def _arc(centre: Point, radius: float, start: float, end: float) -> tuple[tuple, ...]:
    """Path commands along a circle from angle `start` to `end` (radians, y up), in steps of
    at most 3°: fine enough that no facet shows in print."""
    steps = max(2, math.ceil(abs(end - start) / math.radians(3)))
    points = [
        (
            centre[0] + radius * math.cos(start + (end - start) * k / steps),
            centre[1] - radius * math.sin(start + (end - start) * k / steps),
        )
        for k in range(steps + 1)
    ]
    return (("M", *points[0]), *(("L", *p) for p in points[1:]))


def _links(element: TriangleGridElement, board: Board, frame: Frame) -> list[Op]:
    """A stub from each linked piece out to the ring, and between neighbouring areas' stubs a
    white band to fill in (each band its own, with a gap at every stub)."""
    assert element.links is not None
    centre = frame.page(*frame.origin)
    radius = ring_radius(element, board, frame.origin)
    angles = []
    ops: list[Op] = []
    for name in element.areas:
        (piece,) = board.of_kind(element.links.between, name)
        px, py = frame.centre(piece.cells)
        angle = math.atan2(centre[1] - py, px - centre[0])
        angles.append(angle)
        start = math.dist((px, py), centre) + 0.2 * element.side
        ops.append(
            Line(
                centre[0] + start * math.cos(angle),
                centre[1] - start * math.sin(angle),
                centre[0] + radius * math.cos(angle),
                centre[1] - radius * math.sin(angle),
                Paint(None, INK, 1.0),
            )
        )
    pairs = list(zip(angles, angles[1:] + angles[:1], strict=True))
    if len(angles) < 3:
        pairs = pairs[:-1]  # two areas have one neighbour each, not a ring
    gap = (mm(1.0) + BAND / 2) / radius
    for a, b in pairs:
        turn = (b - a + math.pi) % (2 * math.pi) - math.pi
        sign = 1 if turn > 0 else -1
        arc = _arc(centre, radius, a + sign * gap, a + turn - sign * gap)
        ops.append(Path(arc, Paint(None, INK, BAND)))
        ops.append(Path(arc, Paint(None, "#ffffff", BAND - 1.8)))
    return ops


def shapes_height(element: ShapesElement) -> float:
    tallest = max(_shape_size(cells, element.side)[1] for cells in element.shapes.values())
    return DIE + mm(2) + tallest


DIE = mm(6)


def _shape_size(cells: list[Cell], side: float) -> tuple[float, float]:
    points = [point(v, side) for cell in cells for v in corners(cell)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return max(xs) - min(xs), max(ys) - min(ys)


def draw_shapes(element: ShapesElement, x: float, top: float, width: float) -> list[Op]:
    """Each shape under its die face, in equal columns across the width."""
    ops: list[Op] = []
    share = width / len(element.shapes)
    for index, (name, cells) in enumerate(element.shapes.items()):
        middle = x + share * (index + 0.5)
        ops += die_face(name, middle - DIE / 2, top, DIE)
        points = [point(v, element.side) for cell in cells for v in corners(cell)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        frame = Frame(
            element.side,
            ((min(xs) + max(xs)) / 2, max(ys)),
            (middle, top + DIE + mm(2)),
        )
        for cell in cells:
            ops.append(polygon_path(list(frame.triangle(cell)), Paint("#dfe5ec", INK, 0.8)))
    return ops


def widest_shape(element: ShapesElement) -> float:
    return max(_shape_size(cells, element.side)[0] for cells in element.shapes.values())
