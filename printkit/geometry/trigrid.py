"""Triangle-grid maths: cells, their corners and neighbours, and polyiamonds (shapes made of
triangles), as pure functions like the hex grid's.

A cell is (c, r): row r counts upward, and along a row the triangles alternate, even c pointing
up, odd c pointing down. Corners are points of the triangular lattice, written (i, j) for the
point i·(1, 0) + j·(½, √3/2) in side lengths, so that every computation on shapes (rotating by
60°, reflecting, translating) is exact integer arithmetic; `point` turns a corner into
millimetres only for drawing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

Cell = tuple[int, int]
Vertex = tuple[int, int]
Shape = frozenset[Cell]

SQRT3 = math.sqrt(3)


def points_up(cell: Cell) -> bool:
    return cell[0] % 2 == 0


def corners(cell: Cell) -> tuple[Vertex, Vertex, Vertex]:
    """The three lattice corners of a cell."""
    c, r = cell
    k = c // 2
    if points_up(cell):
        return ((k, r), (k + 1, r), (k, r + 1))
    return ((k + 1, r), (k, r + 1), (k + 1, r + 1))


def cell_of(vertices: Iterable[Vertex]) -> Cell:
    """The cell whose corners these are (the inverse of `corners`)."""
    vs = sorted(vertices, key=lambda v: (v[1], v[0]))
    (i0, j0), (i1, j1), _ = vs
    if j0 == j1:  # two corners on the lower line: the triangle points up
        return (2 * i0, j0)
    return (2 * i1 + 1, j0)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three cells across this cell's sides."""
    c, r = cell
    if points_up(cell):
        return ((c - 1, r), (c + 1, r), (c + 1, r - 1))
    return ((c - 1, r), (c + 1, r), (c - 1, r + 1))


def shared_side(a: Cell, b: Cell) -> tuple[Vertex, Vertex] | None:
    """The flat side two cells share, or None when they only touch at a point or not at all."""
    common = sorted(set(corners(a)) & set(corners(b)))
    return (common[0], common[1]) if len(common) == 2 else None


def point(vertex: Vertex, side: float) -> tuple[float, float]:
    """A lattice corner in drawing units, y upward."""
    i, j = vertex
    return (side * (i + j / 2), side * j * SQRT3 / 2)


def hexagon(radius: int) -> frozenset[Cell]:
    """The cells of a regular hexagon of `radius` sides around the lattice origin: 6·radius²."""
    cells = set()
    for r in range(-radius, radius):
        for c in range(-4 * radius - 2, 4 * radius + 2):
            if all(max(abs(i), abs(j), abs(i + j)) <= radius for i, j in corners((c, r))):
                cells.add((c, r))
    return frozenset(cells)


def centre(cell: Cell, side: float) -> tuple[float, float]:
    xs, ys = zip(*(point(v, side) for v in corners(cell)), strict=True)
    return (sum(xs) / 3, sum(ys) / 3)


# --- polyiamonds ----------------------------------------------------------------------------------


def is_connected(cells: Iterable[Cell]) -> bool:
    """One piece: every cell reached from any other across shared sides."""
    remaining = set(cells)
    if not remaining:
        return False
    pending = [remaining.pop()]
    while pending:
        for neighbour in neighbours(pending.pop()):
            if neighbour in remaining:
                remaining.remove(neighbour)
                pending.append(neighbour)
    return not remaining


def _rotate(v: Vertex) -> Vertex:
    """60° counter-clockwise about the origin."""
    i, j = v
    return (-j, i + j)


def _reflect(v: Vertex) -> Vertex:
    """Mirror in the horizontal axis."""
    i, j = v
    return (i + j, -j)


def symmetries(cells: Iterable[Cell]) -> Iterator[Shape]:
    """The shape under the twelve rotations and reflections of the grid (repeats included)."""
    triangles = [corners(cell) for cell in cells]
    for reflected in (False, True):
        current = [tuple(_reflect(v) for v in t) for t in triangles] if reflected else triangles
        for _ in range(6):
            yield frozenset(cell_of(t) for t in current)
            current = [tuple(_rotate(v) for v in t) for t in current]


def _translated(shape: Shape) -> tuple[Cell, ...]:
    """The shape moved so its lowest-leftmost corner is at the origin, as a sorted tuple."""
    vertices = [v for cell in shape for v in corners(cell)]
    di, dj = min(vertices, key=lambda v: (v[1], v[0]))
    return tuple(sorted(cell_of((i - di, j - dj) for i, j in corners(cell)) for cell in shape))


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """One form for every rotation, reflection and position of a shape: equal shapes compare
    equal."""
    return min(_translated(shape) for shape in symmetries(cells))


def placements(cells: Iterable[Cell], region: Iterable[Cell]) -> Iterator[Shape]:
    """Every way the shape (turned, flipped, moved) lies wholly inside the region."""
    room = frozenset(region)
    seen: set[Shape] = set()
    for shape in symmetries(cells):
        anchor = min(shape)
        anchor_corner = min(corners(anchor))
        for target in room:
            if points_up(target) != points_up(anchor):
                continue
            ti, tj = min(corners(target))
            di, dj = ti - anchor_corner[0], tj - anchor_corner[1]
            moved = frozenset(cell_of((i + di, j + dj) for i, j in corners(cell)) for cell in shape)
            if moved <= room and moved not in seen:
                seen.add(moved)
                yield moved
