"""Hex-grid maths for printable hex maps, after Red Blob Games' "Hexagonal Grids" guide.

https://www.redblobgames.com/grids/hexagons/

Why it is shaped like this:

* All maths (neighbours, distance, lines, rings) happens in axial coordinates ``(q, r)``;
  the third cube coordinate ``s = -q - r`` is derived, never stored, so it cannot drift.
  Offset coordinates (``col, row``) exist only to print human-friendly labels such as
  "0304", because their neighbour rules depend on row/column parity and are easy to get
  wrong.
* Pure functions and immutable values only: no drawing, no I/O, no unit handling. Every
  length is a plain float in points; the caller converts mm/inches before building a
  ``HexLayout``.
* Page coordinates follow the screen convention used by Red Blob: **x grows right and
  y grows DOWNWARD**. PDF user space has y growing upward, so the caller flips
  (``y_pdf = page_height - y``). The flip is a mirror image, so corner indices that run
  clockwise on screen here run anticlockwise once flipped; geometry is otherwise unchanged.
* ``DIRECTIONS`` uses Red Blob's order: ``(+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1),
  (0, +1)``, i.e. anticlockwise on screen (y down) starting with the east-ish neighbour.
* Corner ``i`` of a flat-top hex sits at angle ``60°·i`` and of a pointy-top hex at
  ``60°·i − 30°``, measured from +x towards +y (clockwise on screen). The edge from
  corner ``i`` to corner ``i + 1`` borders the neighbour in direction
  ``EDGE_DIRECTIONS[i]``; that table is derived geometrically at import time and is the
  same for both orientations.
* Offset layouts pair with orientations: ``odd-q``/``even-q`` shove alternate *columns*
  of a flat-top grid down/up by half a hex; ``odd-r``/``even-r`` shove alternate *rows* of
  a pointy-top grid right/left.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "DIRECTIONS",
    "EDGE_DIRECTIONS",
    "SQRT3",
    "Hex",
    "HexLayout",
    "OffsetLayout",
    "Orientation",
    "distance",
    "edge_neighbour",
    "hex_round",
    "hex_to_offset",
    "line",
    "neighbour",
    "neighbours",
    "offset_to_hex",
    "ring",
    "shared_edges",
    "spiral",
]

SQRT3 = math.sqrt(3.0)

# Red Blob's line-drawing nudge: pushes lerped points that land exactly on a hex boundary
# consistently to one side, so line() never has to break a tie (q, r, s nudged +, +, -2).
_LINE_NUDGE = 1e-6


class Orientation(StrEnum):
    """Which way the hexes point; a StrEnum so config files can just say "flat"."""

    FLAT = "flat"
    POINTY = "pointy"


class OffsetLayout(StrEnum):
    """Offset-label scheme; only used to name hexes for humans, never for maths."""

    ODD_Q = "odd-q"
    EVEN_Q = "even-q"
    ODD_R = "odd-r"
    EVEN_R = "even-r"

    @property
    def orientation(self) -> Orientation:
        """The orientation this scheme describes, so callers can reject mismatched pairs."""
        if self in (OffsetLayout.ODD_Q, OffsetLayout.EVEN_Q):
            return Orientation.FLAT
        return Orientation.POINTY


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """A hex in axial coordinates; frozen and ordered so it can key sets and sort stably."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate, derived so ``q + r + s == 0`` holds by construction."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        """Vector addition; hexes double as offsets (e.g. ``DIRECTIONS``)."""
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        """Vector difference, the basis of ``distance``."""
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """Multiply by an integer, e.g. to step ``k`` hexes in one direction."""
        return Hex(self.q * k, self.r * k)


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def neighbour(h: Hex, direction: int) -> Hex:
    """Adjacent hex in ``DIRECTIONS[direction % 6]``; modulo so callers can rotate freely."""
    return h + DIRECTIONS[direction % 6]


def neighbours(h: Hex) -> list[Hex]:
    """All six adjacent hexes, in ``DIRECTIONS`` order."""
    return [h + d for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes (cube distance)."""
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def _round_half_up(x: float) -> int:
    """Round ties upward so rounding commutes with integer shifts (unlike banker's round)."""
    return math.floor(x + 0.5)


def hex_round(q: float, r: float) -> Hex:
    """Nearest hex to fractional axial coordinates, via cube rounding.

    Rounding q and r independently can land on the wrong hex; rounding all three cube
    coordinates and recomputing the one that moved most keeps ``q + r + s == 0``.
    """
    s = -q - r
    rq, rr, rs = _round_half_up(q), _round_half_up(r), _round_half_up(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    # Otherwise s absorbed the error; it is derived anyway, so nothing to fix.
    return Hex(rq, rr)


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive (``distance + 1`` of them).

    Samples evenly along the segment and rounds; both ends are nudged so samples that
    fall exactly on an edge between two hexes resolve the same way every time.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + _LINE_NUDGE, a.r + _LINE_NUDGE
    bq, br = b.q + _LINE_NUDGE, b.r + _LINE_NUDGE
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The ``6 * radius`` hexes exactly ``radius`` steps from ``center`` (``[center]`` for 0).

    Starts at ``center + DIRECTIONS[4] * radius`` and walks the six sides in
    ``DIRECTIONS`` order, so consecutive members are adjacent and the order is stable.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    result: list[Hex] = []
    h = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbour(h, side)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``: centre first, then rings 1..radius.

    That is ``1 + 3 * radius * (radius + 1)`` hexes, the usual hexagon-shaped map.
    """
    if radius < 0:
        raise ValueError(f"spiral radius must be >= 0, got {radius}")
    result = [center]
    for k in range(1, radius + 1):
        result.extend(ring(center, k))
    return result


@dataclass(frozen=True, slots=True)
class HexLayout:
    """How a grid sits on the page: orientation, size and where ``Hex(0, 0)`` is centred.

    ``radius`` is R, centre to corner, in points. Page y grows downward (see module doc).
    """

    orientation: Orientation
    radius: float
    origin: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        """Normalise inputs so a bad size fails here rather than as a garbled drawing."""
        if not (math.isfinite(self.radius) and self.radius > 0):
            raise ValueError(f"hex radius must be a positive finite number, got {self.radius}")
        # Accept "flat"/"pointy" and list origins from config, but store canonical values
        # so the layout stays hashable and compares equal to an equivalent one.
        object.__setattr__(self, "orientation", Orientation(self.orientation))
        object.__setattr__(self, "radius", float(self.radius))
        ox, oy = self.origin
        object.__setattr__(self, "origin", (float(ox), float(oy)))

    @classmethod
    def from_across_flats(
        cls,
        orientation: Orientation,
        across_flats: float,
        origin: tuple[float, float] = (0.0, 0.0),
    ) -> HexLayout:
        """Build from the flat-to-flat size, which is how printed hex maps are specified."""
        return cls(orientation, across_flats / SQRT3, origin)

    @property
    def across_flats(self) -> float:
        """Distance between opposite sides; also the centre-to-centre neighbour distance."""
        return SQRT3 * self.radius

    @property
    def width(self) -> float:
        """Bounding-box width of one hex."""
        return 2.0 * self.radius if self.orientation == Orientation.FLAT else self.across_flats

    @property
    def height(self) -> float:
        """Bounding-box height of one hex."""
        return self.across_flats if self.orientation == Orientation.FLAT else 2.0 * self.radius

    @property
    def horizontal_spacing(self) -> float:
        """x distance between centres of adjacent columns (hexes interlock, so < width)."""
        return 1.5 * self.radius if self.orientation == Orientation.FLAT else self.across_flats

    @property
    def vertical_spacing(self) -> float:
        """y distance between centres of adjacent rows (hexes interlock, so < height)."""
        return self.across_flats if self.orientation == Orientation.FLAT else 1.5 * self.radius

    def centre(self, h: Hex) -> tuple[float, float]:
        """Page position of a hex's centre (y down)."""
        big, small = 1.5 * self.radius, SQRT3 * self.radius
        ox, oy = self.origin
        if self.orientation == Orientation.FLAT:
            return ox + big * h.q, oy + small * (h.r + h.q / 2)
        return ox + small * (h.q + h.r / 2), oy + big * h.r

    def corner_offsets(self) -> list[tuple[float, float]]:
        """Corner positions relative to the centre, computed once per hex shape, not per hex.

        Flat-top corner i is at 60°·i, pointy-top at 60°·i − 30°, from +x towards +y.
        """
        start = 0.0 if self.orientation == Orientation.FLAT else -30.0
        angles = (math.radians(start + 60.0 * i) for i in range(6))
        return [(self.radius * math.cos(a), self.radius * math.sin(a)) for a in angles]

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """Page positions of a hex's six corners, ready to draw as a closed polygon."""
        cx, cy = self.centre(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing a page point: inverse of ``centre`` followed by ``hex_round``."""
        ox, oy = self.origin
        px, py = (x - ox) / self.radius, (y - oy) / self.radius
        if self.orientation == Orientation.FLAT:
            return hex_round(2.0 / 3.0 * px, -px / 3.0 + SQRT3 / 3.0 * py)
        return hex_round(SQRT3 / 3.0 * px - py / 3.0, 2.0 / 3.0 * py)


def _derive_edge_directions(orientation: Orientation) -> tuple[int, ...]:
    """Work out which neighbour lies across each edge, from geometry rather than a table.

    Across a shared edge, the neighbour's centre is our centre reflected through the edge
    midpoint, i.e. at (corner i + corner i+1) relative to our centre in a unit layout.
    """
    unit = HexLayout(orientation, 1.0)
    offsets = unit.corner_offsets()
    centres = [unit.centre(d) for d in DIRECTIONS]
    result: list[int] = []
    for i in range(6):
        (x0, y0), (x1, y1) = offsets[i], offsets[(i + 1) % 6]
        target = (x0 + x1, y0 + y1)
        gaps = [math.dist(c, target) for c in centres]
        best = min(range(6), key=gaps.__getitem__)
        if gaps[best] > 1e-9:
            raise RuntimeError(f"edge {i} of a {orientation} hex borders no neighbour")
        result.append(best)
    if sorted(result) != list(range(6)):
        raise RuntimeError(f"edge/neighbour mapping for {orientation} is not a bijection")
    return tuple(result)


EDGE_DIRECTIONS: tuple[int, ...] = _derive_edge_directions(Orientation.FLAT)
# shared_edges() takes no orientation, which is only sound if both corner conventions
# give the same mapping (pointy corners and centres are both flat ones rotated by -30°).
if _derive_edge_directions(Orientation.POINTY) != EDGE_DIRECTIONS:
    raise RuntimeError("flat and pointy hexes disagree on which neighbour borders each edge")


def edge_neighbour(h: Hex, corner: int) -> Hex:
    """The hex across the edge from corner ``corner`` to ``corner + 1`` (indices mod 6)."""
    return neighbour(h, EDGE_DIRECTIONS[corner % 6])


def shared_edges(hexes: Iterable[Hex]) -> list[tuple[Hex, int]]:
    """Every edge of a set of hexes exactly once, as ``(hex, i)`` for corner i -> i+1.

    Lets a map be drawn without stroking shared borders twice (double-stroked lines print
    darker). An edge shared by two hexes in the set is reported from the smaller hex; the
    result is sorted, so it does not depend on input order or duplicates. A set of n hexes
    with k adjacent pairs yields ``6n - k`` edges.
    """
    cells = set(hexes)
    edges: list[tuple[Hex, int]] = []
    for h in sorted(cells):
        for i in range(6):
            other = edge_neighbour(h, i)
            if other in cells and other < h:
                continue
            edges.append((h, i))
    return edges


def offset_to_hex(col: int, row: int, layout: OffsetLayout) -> Hex:
    """Axial hex for an offset (col, row) label; ``& 1`` keeps negative columns/rows right."""
    if not isinstance(layout, OffsetLayout):  # accept "odd-q" from config, cheaply
        layout = OffsetLayout(layout)
    if layout == OffsetLayout.ODD_Q:
        return Hex(col, row - (col - (col & 1)) // 2)
    if layout == OffsetLayout.EVEN_Q:
        return Hex(col, row - (col + (col & 1)) // 2)
    if layout == OffsetLayout.ODD_R:
        return Hex(col - (row - (row & 1)) // 2, row)
    return Hex(col - (row + (row & 1)) // 2, row)


def hex_to_offset(h: Hex, layout: OffsetLayout) -> tuple[int, int]:
    """Offset (col, row) label of a hex; exact inverse of ``offset_to_hex``."""
    if not isinstance(layout, OffsetLayout):  # accept "odd-q" from config, cheaply
        layout = OffsetLayout(layout)
    if layout == OffsetLayout.ODD_Q:
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    if layout == OffsetLayout.EVEN_Q:
        return h.q, h.r + (h.q + (h.q & 1)) // 2
    if layout == OffsetLayout.ODD_R:
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    return h.q + (h.r + (h.r & 1)) // 2, h.r
