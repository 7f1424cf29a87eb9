"""Paths through a set of hexes: every edge once, and the outline of the whole set.

Why integer corner keys: neighbouring hexes compute their shared corners with different float
rounding, so chaining edges by float coordinates is fragile. Every hex corner sits on a lattice
with half-size steps (R/2 along the long axis, F/2 along the short one), so a corner is named
exactly by two integers, and only turned into points at the end.
"""

from __future__ import annotations

from collections.abc import Iterable

from printkit.geometry.hexgrid import (
    DIRECTIONS,
    EDGE_DIRECTIONS,
    SQRT3,
    Hex,
    HexLayout,
    Orientation,
)

__all__ = [
    "CornerKey",
    "centre_key",
    "chain_edges",
    "corner_key",
    "edge_polylines",
    "key_point",
    "outline_loops",
    "unique_edges",
]

CornerKey = tuple[int, int]

# Corner i relative to the centre, in lattice steps. Flat-top: x in R/2, y in F/2 (corner i at
# 60°·i). Pointy-top: x in F/2, y in R/2 (corner i at 60°·i − 30°). Both y-down like hexgrid.
_FLAT_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_POINTY_CORNERS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))


def corner_key(h: Hex, i: int, orientation: Orientation) -> CornerKey:
    """Exact lattice name of corner ``i`` of ``h``; equal for every hex sharing the corner."""
    if orientation == Orientation.FLAT:
        dx, dy = _FLAT_CORNERS[i % 6]
        return 3 * h.q + dx, 2 * h.r + h.q + dy
    dx, dy = _POINTY_CORNERS[i % 6]
    return 2 * h.q + h.r + dx, 3 * h.r + dy


def centre_key(h: Hex, orientation: Orientation) -> CornerKey:
    """The centre of ``h`` on the corner lattice (corner keys are centre plus a fixed step)."""
    return _base(h.q, h.r, orientation)


def key_point(layout: HexLayout, key: CornerKey) -> tuple[float, float]:
    """Page position of a corner key under ``layout`` (same frame as ``HexLayout.corners``)."""
    half_r, half_f = layout.radius / 2, SQRT3 * layout.radius / 2
    ox, oy = layout.origin
    if layout.orientation == Orientation.FLAT:
        return ox + key[0] * half_r, oy + key[1] * half_f
    return ox + key[0] * half_f, oy + key[1] * half_r


def _cell_set(hexes: Iterable[Hex]) -> set[tuple[int, int]]:
    """Hexes as (q, r) tuples: set lookups and sorting on tuples are several times faster
    than on Hex objects, which matters for 10,000-hex maps."""
    return {(h.q, h.r) for h in hexes}


def _base(q: int, r: int, orientation: Orientation) -> CornerKey:
    """The centre of hex (q, r) in corner-lattice steps."""
    return (3 * q, 2 * r + q) if orientation == Orientation.FLAT else (2 * q + r, 3 * r)


_STEPS = tuple(
    (DIRECTIONS[EDGE_DIRECTIONS[i]].q, DIRECTIONS[EDGE_DIRECTIONS[i]].r) for i in range(6)
)


def unique_edges(
    hexes: Iterable[Hex], orientation: Orientation
) -> list[tuple[tuple[int, int], CornerKey, CornerKey]]:
    """Every edge of a hex set once, as (owner (q, r), corner key, next corner key).

    Same rule as ``hexgrid.shared_edges``: an edge between two hexes of the set belongs to the
    smaller one, so ownership (and anything grouped by it) is translation-invariant. The owner
    is a plain tuple because this runs per edge on big maps.
    """
    cells = _cell_set(hexes)
    offsets = _FLAT_CORNERS if orientation == Orientation.FLAT else _POINTY_CORNERS
    edges: list[tuple[tuple[int, int], CornerKey, CornerKey]] = []
    for q, r in sorted(cells):
        owner = (q, r)
        bx, by = _base(q, r, orientation)
        for i, (dq, dr) in enumerate(_STEPS):
            other = (q + dq, r + dr)
            if other in cells and other < (q, r):
                continue
            (ax, ay), (cx, cy) = offsets[i], offsets[(i + 1) % 6]
            edges.append((owner, (bx + ax, by + ay), (bx + cx, by + cy)))
    return edges


def chain_edges(edges: Iterable[tuple[CornerKey, CornerKey]]) -> list[list[CornerKey]]:
    """Undirected edges chained greedily into polylines, each edge used once.

    Open chains start at odd-degree corners, so only closed loops are left for the end. In a
    hex grid most inner corners have three edges, so about one chain per two corners is the
    least possible; the point of chaining is fewer moveto commands, not a perfect cover.
    The order depends only on the keys, so translated edge sets give translated chains.
    """
    adjacency: dict[CornerKey, list[CornerKey]] = {}
    for a, b in edges:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    for ends in adjacency.values():
        ends.sort(reverse=True)  # pop() then takes the smallest
    starts = sorted(adjacency, key=lambda k: (len(adjacency[k]) % 2 == 0, k))
    lines: list[list[CornerKey]] = []
    for start in starts:
        while adjacency[start]:
            line = [start]
            here = start
            while adjacency[here]:
                there = adjacency[here].pop()
                adjacency[there].remove(here)
                line.append(there)
                here = there
            lines.append(line)
    return lines


def edge_polylines(hexes: Iterable[Hex], orientation: Orientation) -> list[list[CornerKey]]:
    """The edges of a hex set, each exactly once, chained into polylines: no doubled strokes
    (a doubled line prints darker) and few moveto commands."""
    return chain_edges((a, b) for _, a, b in unique_edges(hexes, orientation))


def outline_loops(hexes: Iterable[Hex], orientation: Orientation) -> list[list[CornerKey]]:
    """Closed outlines of a hex set (outer borders and holes), for filling the set at once.

    Each boundary edge keeps its hex's corner order, so outer loops and holes wind in
    opposite directions and both nonzero and even-odd fills leave holes empty. Three hexes
    meet at every corner and any two of them are neighbours, so each boundary corner has
    exactly one boundary edge leaving it and the loops never branch.
    """
    cells = _cell_set(hexes)
    offsets = _FLAT_CORNERS if orientation == Orientation.FLAT else _POINTY_CORNERS
    following: dict[CornerKey, CornerKey] = {}
    for q, r in cells:
        bx, by = _base(q, r, orientation)
        for i, (dq, dr) in enumerate(_STEPS):
            if (q + dq, r + dr) not in cells:
                (ax, ay), (cx, cy) = offsets[i], offsets[(i + 1) % 6]
                following[(bx + ax, by + ay)] = (bx + cx, by + cy)
    loops: list[list[CornerKey]] = []
    for start in sorted(following):
        if start not in following:
            continue
        loop = [start]
        here = following.pop(start)
        while here != start:
            loop.append(here)
            here = following.pop(here)
        loops.append(loop)
    return loops
