"""Edge polylines and outlines of hex sets, and the convex-polygon helpers they use."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.geometry.hexgrid import (
    Hex,
    HexLayout,
    Orientation,
    distance,
    shared_edges,
    spiral,
)
from printkit.geometry.hexpaths import (
    centre_key,
    chain_edges,
    corner_key,
    edge_polylines,
    key_point,
    outline_loops,
    unique_edges,
)
from printkit.geometry.polygon import chord_width, clip_segment, contains

small = st.integers(-5, 5)
hex_sets = st.sets(st.builds(Hex, small, small), min_size=1, max_size=40)
orientations = st.sampled_from(list(Orientation))


@given(st.builds(Hex, small, small), st.integers(0, 5), orientations)
def test_corner_keys_are_the_corners(h: Hex, i: int, orientation: Orientation) -> None:
    layout = HexLayout(orientation, 7.0, (3.0, -2.0))
    assert math.dist(key_point(layout, corner_key(h, i, orientation)), layout.corners(h)[i]) < 1e-9


@given(st.builds(Hex, small, small), orientations)
def test_centre_keys_are_the_centres(h: Hex, orientation: Orientation) -> None:
    """Repeated fills are placed at a hex's centre key: a wrong key moves every copy."""
    layout = HexLayout(orientation, 7.0, (3.0, -2.0))
    assert math.dist(key_point(layout, centre_key(h, orientation)), layout.centre(h)) < 1e-9


@given(hex_sets, orientations)
def test_polylines_use_every_edge_exactly_once(cells: set[Hex], orientation: Orientation) -> None:
    expected = Counter(
        frozenset((corner_key(h, i, orientation), corner_key(h, i + 1, orientation)))
        for h, i in shared_edges(cells)
    )
    drawn = Counter(
        frozenset(pair)
        for line in edge_polylines(cells, orientation)
        for pair in itertools.pairwise(line)
    )
    assert drawn == expected
    pairs = sum(1 for a in cells for b in cells if a < b and distance(a, b) == 1)
    assert sum(drawn.values()) == 6 * len(cells) - pairs


@given(hex_sets, orientations)
def test_unique_edges_agree_with_shared_edges(cells: set[Hex], orientation: Orientation) -> None:
    assert [(owner, a) for owner, a, _ in unique_edges(cells, orientation)] == [
        ((h.q, h.r), corner_key(h, i, orientation)) for h, i in shared_edges(cells)
    ]


@given(hex_sets, orientations)
def test_outline_is_the_edges_with_one_side_outside(
    cells: set[Hex], orientation: Orientation
) -> None:
    outline = Counter(
        frozenset(pair)
        for loop in outline_loops(cells, orientation)
        for pair in zip(loop, loop[1:] + loop[:1], strict=True)
    )
    everything = Counter(
        frozenset((corner_key(h, i, orientation), corner_key(h, i + 1, orientation)))
        for h in cells
        for i in range(6)
    )
    assert outline == Counter({edge: 1 for edge, n in everything.items() if n == 1})


def test_a_ring_has_an_outer_outline_and_a_hole() -> None:
    ring = set(spiral(Hex(0, 0), 2)) - set(spiral(Hex(0, 0), 1))
    loops = outline_loops(ring, Orientation.FLAT)
    assert sorted(len(loop) for loop in loops) == [18, 30]


def test_translated_edge_sets_chain_the_same_way() -> None:
    """Rows of a regular board become one reused path only if chaining ignores position."""
    edges = [((0, 0), (1, 1)), ((1, 1), (3, 1)), ((3, 1), (4, 0)), ((1, 1), (0, 2))]
    moved = [((a + 6, b + 9), (c + 6, d + 9)) for (a, b), (c, d) in edges]
    shifted = [[(x + 6, y + 9) for x, y in line] for line in chain_edges(edges)]
    assert chain_edges(moved) == shifted


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("step", [Hex(1, 0), Hex(0, 1), Hex(1, -1)], ids=["q", "r", "s"])
@pytest.mark.parametrize("length", range(2, 9))
def test_a_line_of_hexes_chains_into_the_fewest_polylines(
    length: int, step: Hex, orientation: Orientation
) -> None:
    """Every odd-degree corner ends some polyline, so half their number is the least possible;
    starting chains at those corners, each continuing to its smallest neighbour, reaches it
    for a line of hexes along any axis (one moveto fewer per hex than a careless order)."""
    cells = [step.scale(i) for i in range(length)]
    degree = Counter(
        key
        for h, i in shared_edges(cells)
        for key in (corner_key(h, i, orientation), corner_key(h, i + 1, orientation))
    )
    odd = sum(1 for n in degree.values() if n % 2)
    assert odd == 2 * (length - 1), "each inner edge ends at two corners of degree 3"
    assert len(edge_polylines(cells, orientation)) == odd // 2


def test_a_chain_starts_at_an_end_of_a_path_not_at_its_smallest_corner() -> None:
    """A path whose smallest corner lies in its middle is still one polyline."""
    edges = [((5, 0), (0, 0)), ((0, 0), (3, 0))]
    assert chain_edges(edges) == [[(3, 0), (0, 0), (5, 0)]]


SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]


def test_clip_segment_to_a_convex_polygon() -> None:
    assert clip_segment((-5, 5), (15, 5), SQUARE) == ((0, 5), (10, 5))
    assert clip_segment((-5, -5), (-1, -1), SQUARE) is None
    assert clip_segment((2, 2), (3, 3), list(reversed(SQUARE))) == ((2, 2), (3, 3))


def test_contains_and_chord() -> None:
    assert contains(SQUARE, (5, 5)) and not contains(SQUARE, (11, 5))
    diamond = [(0.0, -5.0), (5.0, 0.0), (0.0, 5.0), (-5.0, 0.0)]
    assert chord_width(diamond, 0) == 10
    assert chord_width(diamond, 2.5) == 5
    assert chord_width(diamond, 6) == 0
