"""Paths through a set of hexes: every edge once, and the outline of the whole set.

Why integer corner keys: neighbouring hexes compute their shared corners with different float
rounding, so chaining edges by float coordinates is fragile. Every hex corner sits on a lattice
with half-size steps (R/2 along the long axis, F/2 along the short one), so a corner is named
exactly by two integers, and only turned into points at the end.
"""

from __future__ import annotations

from collections.abc import Iterable

from printkit.geometry.hexgrid import (
    SQRT3,
    Hex,
    HexLayout,
    Orientation,
    edge_neighbour,
    shared_edges,
)

__all__ = ["CornerKey", "corner_key", "edge_polylines", "key_point", "outline_loops"]

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


def key_point(layout: HexLayout, key: CornerKey) -> tuple[float, float]:
    """Page position of a corner key under ``layout`` (same frame as ``HexLayout.corners``)."""
    half_r, half_f = layout.radius / 2, SQRT3 * layout.radius / 2
    ox, oy = layout.origin
    if layout.orientation == Orientation.FLAT:
        return ox + key[0] * half_r, oy + key[1] * half_f
    return ox + key[0] * half_f, oy + key[1] * half_r


def edge_polylines(hexes: Iterable[Hex], orientation: Orientation) -> list[list[CornerKey]]:
    """The edges of a hex set, each exactly once, chained into as few polylines as greedily
    found: fewer moveto commands and no doubled strokes (a doubled line prints darker)."""
    adjacency: dict[CornerKey, list[CornerKey]] = {}
    for h, i in shared_edges(hexes):
        a, b = corner_key(h, i, orientation), corner_key(h, i + 1, orientation)
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    for ends in adjacency.values():
        ends.sort()
    # Open chains must start at odd-degree corners; walking from there first leaves only
    # closed loops behind, which any start can take.
    starts = sorted(adjacency, key=lambda k: (len(adjacency[k]) % 2 == 0, k))
    lines: list[list[CornerKey]] = []
    for start in starts:
        while adjacency[start]:
            line = [start]
            here = start
            while adjacency[here]:
                there = adjacency[here].pop(0)
                adjacency[there].remove(here)
                line.append(there)
                here = there
            lines.append(line)
    return lines


def outline_loops(hexes: Iterable[Hex], orientation: Orientation) -> list[list[CornerKey]]:
    """Closed outlines of a hex set (outer borders and holes), for filling the set at once.

    Each boundary edge keeps its hex's corner order, so outer loops and holes wind in
    opposite directions and both nonzero and even-odd fills leave holes empty. Three hexes
    meet at every corner and any two of them are neighbours, so each boundary corner has
    exactly one boundary edge leaving it and the loops never branch.
    """
    cells = set(hexes)
    following: dict[CornerKey, CornerKey] = {}
    for h in sorted(cells):
        for i in range(6):
            if edge_neighbour(h, i) not in cells:
                a, b = corner_key(h, i, orientation), corner_key(h, i + 1, orientation)
                following[a] = b
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
