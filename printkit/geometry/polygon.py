"""Small polygon helpers: clip a segment, test a point, measure a chord; and a point test
for outlines of any shape, fast when one outline is tested many times.

Drawing patterns (hatching, dots) inside a hex and fitting a label into it only need convex
polygons, so these stay tiny and exact instead of pulling in a general clipping library.
Polygons are lists of (x, y) corners in order, either winding.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

Point = tuple[float, float]

__all__ = ["EvenOdd", "boxes_overlap", "chord_width", "clip_segment", "contains"]

_EPS = 1e-12


def _inside_sign(polygon: list[Point]) -> float:
    """+1 if the corners run anticlockwise in a y-up frame (clockwise in a y-down one)."""
    area = 0.0
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        area += x0 * y1 - x1 * y0
    return 1.0 if area > 0 else -1.0


def contains(polygon: list[Point], point: Point) -> bool:
    """Whether ``point`` lies inside (or on) a convex polygon."""
    sign = _inside_sign(polygon)
    px, py = point
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if sign * ((x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)) < -1e-9:
            return False
    return True


def clip_segment(a: Point, b: Point, polygon: list[Point]) -> tuple[Point, Point] | None:
    """The part of segment a–b inside a convex polygon (Cyrus–Beck), or None."""
    sign = _inside_sign(polygon)
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        # Signed "insideness" of a point p on this edge's line: sign * cross(edge, p - start).
        ex, ey = x1 - x0, y1 - y0
        start = sign * (ex * (a[1] - y0) - ey * (a[0] - x0))
        rate = sign * (ex * dy - ey * dx)
        if abs(rate) < _EPS:
            if start < 0:
                return None
            continue
        t = -start / rate
        if rate > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy)


def chord_width(polygon: list[Point], y: float) -> float:
    """Width of a convex polygon along the horizontal line at ``y`` (0 outside it)."""
    xs: list[float] = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if min(y0, y1) - 1e-9 <= y <= max(y0, y1) + 1e-9:
            if abs(y1 - y0) < _EPS:
                xs += [x0, x1]
            else:
                xs.append(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
    return max(xs) - min(xs) if xs else 0.0


def boxes_overlap(a: tuple[float, ...], b: tuple[float, ...], by: float = 0.0) -> bool:
    """Whether two boxes (x0, y0, x1, y1) overlap, or come closer than `by`."""
    return a[0] - by < b[2] and b[0] - by < a[2] and a[1] - by < b[3] and b[1] - by < a[3]


def segment_meets_box(a: Point, b: Point, box: tuple[float, ...], by: float = 0.0) -> bool:
    """Whether the segment from a to b passes through the box (x0, y0, x1, y1) grown by `by`."""
    x0, y0, x1, y1 = box[0] - by, box[1] - by, box[2] + by, box[3] + by
    return clip_segment(a, b, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]) is not None


Edge = tuple[float, float, float, float]  # x1, y1, x2, y2


class EvenOdd:
    """Whether points lie inside a polygon of any shape (even-odd rule), fast when one outline
    is tested many times: a map's outline and each of its row fills have hundreds of corners
    and its ten thousand labels are each tested against one.

    The edges are bucketed by height in bands; a band is cut where a corner lies into slabs,
    in each of which the same edges cross every level line (an interval tree along y). A slab's
    edges are sorted by where they start along x, so a point counts the edges wholly right of it
    by bisection and tests only the few whose extent holds it."""

    def __init__(self, points: Sequence[Point], band: float) -> None:
        self.band = band
        self.bands: dict[int, list[Edge]] = {}
        self.cuts: dict[int, list[float]] = {}  # a band's corner heights, sorted
        self.slabs: dict[tuple[int, int], _Slab] = {}
        for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
            if y1 == y2:
                continue  # a level edge is never crossed by a level ray
            for j in range(int(min(y1, y2) // band), int(max(y1, y2) // band) + 1):
                self.bands.setdefault(j, []).append((x1, y1, x2, y2))

    def __contains__(self, point: Point) -> bool:
        x, y = point
        j = int(y // self.band)
        edges = self.bands.get(j)
        if not edges:
            return False
        if j not in self.cuts:
            self.cuts[j] = sorted({v for edge in edges for v in (edge[1], edge[3])})
        k = bisect_right(self.cuts[j], y)
        if (j, k) not in self.slabs:
            self.slabs[j, k] = _Slab(edges, self.cuts[j], k)
        return self.slabs[j, k].crossings(x, y) % 2 == 1


class _Slab:
    """The edges crossing every level line between two corner heights of a band (the k-th
    gap of `cuts`), sorted by the least x they reach there."""

    def __init__(self, edges: list[Edge], cuts: list[float], k: int) -> None:
        low = cuts[k - 1] if k > 0 else -math.inf
        high = cuts[k] if k < len(cuts) else math.inf
        spans: list[tuple[float, float, Edge]] = []
        for edge in edges:
            y1, y2 = edge[1], edge[3]
            if min(y1, y2) <= low and high <= max(y1, y2):
                a, b = _level(edge, low), _level(edge, high)
                margin = 1e-9 * (1.0 + abs(a) + abs(b))  # past any rounding of a crossing
                spans.append((min(a, b) - margin, max(a, b) + margin, edge))
        spans.sort(key=lambda span: span[0])
        self.starts = [span[0] for span in spans]
        self.ends = [span[1] for span in spans]
        self.edges = [span[2] for span in spans]
        self.reach = list(accumulate(self.ends, max))  # the furthest end of the first n

    def crossings(self, x: float, y: float) -> int:
        """How many edges a ray from (x, y) to the right crosses: those starting right of x,
        and of the others those whose extent holds x and whose crossing is right of it."""
        first_right = bisect_right(self.starts, x)
        count = len(self.starts) - first_right
        n = first_right - 1
        while n >= 0 and self.reach[n] >= x:
            if self.ends[n] >= x:
                x1, y1, x2, y2 = self.edges[n]
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    count += 1
            n -= 1
        return count


def _level(edge: Edge, y: float) -> float:
    """Where an edge's line is at height `y`, clamped to the edge (an open slab's end)."""
    x1, y1, x2, y2 = edge
    y = min(max(y, min(y1, y2)), max(y1, y2))
    return x1 + (y - y1) * (x2 - x1) / (y2 - y1)
