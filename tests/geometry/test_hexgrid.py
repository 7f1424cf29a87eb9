"""Tests for printkit.geometry.hexgrid: known Red Blob values plus geometric properties."""

from __future__ import annotations

import math
import random
from itertools import combinations, pairwise

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from printkit.geometry.hexgrid import (
    DIRECTIONS,
    EDGE_DIRECTIONS,
    SQRT3,
    Hex,
    HexLayout,
    OffsetLayout,
    Orientation,
    _derive_edge_directions,
    distance,
    edge_neighbour,
    hex_round,
    hex_to_offset,
    line,
    neighbour,
    neighbours,
    offset_to_hex,
    ring,
    shared_edges,
    spiral,
)

Point = tuple[float, float]
Segment = tuple[Point, Point]

TOL = 1e-9

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
orientations = st.sampled_from(list(Orientation))
offset_layouts = st.sampled_from(list(OffsetLayout))
layouts = st.builds(
    HexLayout,
    orientations,
    st.floats(min_value=1.0, max_value=200.0),
    st.tuples(st.floats(-1000.0, 1000.0), st.floats(-1000.0, 1000.0)),
)
small_coords = st.integers(min_value=-4, max_value=4)
hex_sets = st.sets(st.builds(Hex, small_coords, small_coords), min_size=1, max_size=30)


def close(a: Point, b: Point, tol: float = TOL) -> bool:
    """Points equal up to float noise (scaled tolerance keeps big coordinates fair)."""
    return math.dist(a, b) <= tol * max(1.0, abs(a[0]), abs(a[1]))


def angle_deg(p: Point) -> float:
    """Angle of a vector from +x towards +y (clockwise on a y-down page), in [0, 360)."""
    return math.degrees(math.atan2(p[1], p[0])) % 360.0


def segment(layout: HexLayout, h: Hex, i: int) -> Segment:
    """The page segment for edge i (corner i to corner i+1) of h."""
    corners = layout.corners(h)
    return corners[i], corners[(i + 1) % 6]


def same_segment(a: Segment, b: Segment) -> bool:
    """Segments coincide regardless of the direction they are drawn in."""
    (a0, a1), (b0, b1) = a, b
    return (close(a0, b0) and close(a1, b1)) or (close(a0, b1) and close(a1, b0))


class SegmentIndex:
    """Finds coincident segments quickly by bucketing midpoints into cells >> tolerance."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[Segment]] = {}

    def _key(self, seg: Segment) -> tuple[int, int]:
        (x0, y0), (x1, y1) = seg
        return math.floor((x0 + x1) / 2 / self.cell), math.floor((y0 + y1) / 2 / self.cell)

    def find(self, seg: Segment) -> Segment | None:
        kx, ky = self._key(seg)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in self.buckets.get((kx + dx, ky + dy), []):
                    if same_segment(seg, other):
                        return other
        return None

    def add(self, seg: Segment) -> None:
        self.buckets.setdefault(self._key(seg), []).append(seg)


def adjacent_pairs(cells: set[Hex]) -> int:
    """Brute-force count of neighbouring pairs, independent of shared_edges' logic."""
    return sum(1 for a, b in combinations(cells, 2) if distance(a, b) == 1)


# --- Hex arithmetic and neighbours -------------------------------------------------------


@given(hexes)
def test_s_is_derived_so_cube_sum_is_zero(h: Hex) -> None:
    assert h.q + h.r + h.s == 0


def test_arithmetic_matches_red_blob() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, -3).scale(3) == Hex(3, -9)
    assert Hex(2, -1).scale(0) == Hex(0, 0)


def test_hex_is_hashable_and_ordered() -> None:
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2


def test_directions_are_red_blob_order() -> None:
    expected = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    assert expected == DIRECTIONS
    assert neighbour(Hex(1, -2), 2) == Hex(1, -3)  # Red Blob test_hex_neighbor


@given(hexes, st.integers(-20, 20))
def test_neighbour_wraps_direction_and_is_adjacent(h: Hex, d: int) -> None:
    assert neighbour(h, d) == neighbour(h, d % 6)
    assert distance(h, neighbour(h, d)) == 1


@given(hexes)
def test_neighbours_are_six_distinct_adjacent_hexes(h: Hex) -> None:
    ns = neighbours(h)
    assert ns == [neighbour(h, d) for d in range(6)]
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)


# --- Distance ------------------------------------------------------------------------------


def test_distance_known_value() -> None:
    assert distance(Hex(3, -7), Hex(0, 0)) == 7


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_iff_equal(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) >= 0


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


# --- Rounding and lines --------------------------------------------------------------------


def test_hex_round_matches_red_blob() -> None:
    assert hex_round(5.0, -10.0) == Hex(5, -10)
    # Lerp from (0, 0) to (1, -1): just either side of halfway.
    assert hex_round(0.499, -0.499) == Hex(0, 0)
    assert hex_round(0.501, -0.501) == Hex(1, -1)
    # Weighted blends of a=(0,0), b=(1,-1), c=(0,-1) go to the heaviest.
    assert hex_round(0.3, -0.6) == Hex(0, 0)
    assert hex_round(0.3, -0.7) == Hex(0, -1)


@given(hexes, st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_hex_round_recovers_hex_from_small_perturbation(h: Hex, dq: float, dr: float) -> None:
    # Within a hex every cube coordinate is less than 1/2 from the centre's.
    assume(abs(dq + dr) < 0.5)
    assert hex_round(h.q + dq, h.r + dr) == h


@given(hexes)
def test_a_point_halfway_to_the_next_hex_up_an_axis_rounds_up(h: Hex) -> None:
    """Ties round up, the same wherever they are: halfway from h to h + (1, 0) is h + (1, 0),
    and halfway to h + (0, 1) is h + (0, 1)."""
    assert hex_round(h.q + 0.5, h.r) == Hex(h.q + 1, h.r)
    assert hex_round(h.q, h.r + 0.5) == Hex(h.q, h.r + 1)


def test_line_matches_red_blob() -> None:
    assert line(Hex(0, 0), Hex(1, -5)) == [
        Hex(0, 0),
        Hex(0, -1),
        Hex(0, -2),
        Hex(1, -3),
        Hex(1, -4),
        Hex(1, -5),
    ]


@pytest.mark.parametrize(
    ("end", "expected"),
    [
        # (0.5, 0.5, -1) nudged (+, +, -2): q and r round up, s stays; r, rounded as far,
        # is recomputed: (1, 0).
        (Hex(1, 1), [Hex(0, 0), Hex(1, 0), Hex(1, 1)]),
        (Hex(2, 2), [Hex(0, 0), Hex(1, 0), Hex(1, 1), Hex(2, 1), Hex(2, 2)]),
        # (1, -0.5, -0.5) nudged: r rounds to 0, s to -1: (1, 0); likewise (3, -1).
        (Hex(4, -2), [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -2)]),
    ],
)
def test_a_line_along_hex_edges_breaks_every_tie_the_nudged_way(end: Hex, expected) -> None:
    """Samples exactly between two hexes go the way the nudge (q, r, s) + (ε, ε, -2ε) pushes
    them, whichever end the line starts from."""
    assert line(Hex(0, 0), end) == expected
    assert line(end, Hex(0, 0)) == expected[::-1]


@given(hexes, hexes)
def test_line_length_ends_and_steps(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert len(path) == distance(a, b) + 1
    assert path[0] == a
    assert path[-1] == b
    assert all(distance(p, n) == 1 for p, n in pairwise(path))


# --- Rings and spirals ---------------------------------------------------------------------


@given(hexes, st.integers(0, 8))
def test_ring_size_distance_and_order(c: Hex, n: int) -> None:
    members = ring(c, n)
    assert len(members) == max(1, 6 * n)
    assert len(set(members)) == len(members)
    assert all(distance(c, h) == n for h in members)
    if n > 0:
        # Walk order: each member touches the next, and the walk closes up.
        assert all(distance(p, q) == 1 for p, q in pairwise([*members, members[0]]))


def test_ring_zero_is_centre_and_negative_rejected() -> None:
    assert ring(Hex(2, -1), 0) == [Hex(2, -1)]
    with pytest.raises(ValueError, match=r"^ring radius must be >= 0, got -1$"):
        ring(Hex(0, 0), -1)
    with pytest.raises(ValueError, match=r"^spiral radius must be >= 0, got -2$"):
        spiral(Hex(0, 0), -2)


@pytest.mark.parametrize(("n", "expected"), [(0, 1), (1, 7), (2, 19), (3, 37), (4, 61), (5, 91)])
def test_spiral_sizes(n: int, expected: int) -> None:
    assert len(spiral(Hex(3, -2), n)) == expected == 1 + 3 * n * (n + 1)


@given(hexes, st.integers(0, 5))
def test_spiral_is_centre_then_rings_without_duplicates(c: Hex, n: int) -> None:
    members = spiral(c, n)
    assert members[0] == c
    assert len(set(members)) == len(members)
    assert [distance(c, h) for h in members] == sorted(distance(c, h) for h in members)
    # Exactly the hexes within n steps (brute force over the bounding box).
    within = {
        c + Hex(dq, dr)
        for dq in range(-n, n + 1)
        for dr in range(-n, n + 1)
        if distance(Hex(0, 0), Hex(dq, dr)) <= n
    }
    assert set(members) == within


# --- Offset labels -------------------------------------------------------------------------


@given(coords, coords, offset_layouts)
def test_offset_round_trip(col: int, row: int, layout: OffsetLayout) -> None:
    h = offset_to_hex(col, row, layout)
    assert hex_to_offset(h, layout) == (col, row)
    # integers, not floats equal to them: labels print them as digits ('0304', not '3.04.0')
    assert all(type(v) is int for v in (h.q, h.r, *hex_to_offset(h, layout)))


@given(hexes, offset_layouts)
def test_hex_round_trip_through_offset(h: Hex, layout: OffsetLayout) -> None:
    col, row = hex_to_offset(h, layout)
    assert offset_to_hex(col, row, layout) == h


def test_offset_known_red_blob_values() -> None:
    assert hex_to_offset(Hex(1, 2), OffsetLayout.ODD_Q) == (1, 2)
    assert hex_to_offset(Hex(1, 2), OffsetLayout.EVEN_Q) == (1, 3)
    assert offset_to_hex(1, 2, OffsetLayout.ODD_Q) == Hex(1, 2)
    assert offset_to_hex(1, 3, OffsetLayout.EVEN_Q) == Hex(1, 2)
    # Negative odd column: (col & 1) keeps floor-division parity right.
    assert offset_to_hex(-1, 0, OffsetLayout.ODD_Q) == Hex(-1, 1)
    assert offset_to_hex(-1, 0, OffsetLayout.EVEN_Q) == Hex(-1, 0)


def test_odd_q_first_two_columns_touch() -> None:
    a = offset_to_hex(0, 0, OffsetLayout.ODD_Q)
    b = offset_to_hex(1, 0, OffsetLayout.ODD_Q)
    assert distance(a, b) == 1


def test_offset_layout_orientation_pairing() -> None:
    assert OffsetLayout.ODD_Q.orientation == Orientation.FLAT
    assert OffsetLayout.EVEN_Q.orientation == Orientation.FLAT
    assert OffsetLayout.ODD_R.orientation == Orientation.POINTY
    assert OffsetLayout.EVEN_R.orientation == Orientation.POINTY


@given(st.integers(-20, 20), st.integers(-20, 20), offset_layouts)
def test_offset_labels_sit_on_a_shoved_rectangular_grid(
    col: int, row: int, layout: OffsetLayout
) -> None:
    """Offset labels must match the page picture: a grid with alternate lines shoved."""
    page = HexLayout(layout.orientation, 10.0)
    x, y = page.centre(offset_to_hex(col, row, layout))
    shove = {
        OffsetLayout.ODD_Q: 0.5 * (col & 1),
        OffsetLayout.EVEN_Q: -0.5 * (col & 1),
        OffsetLayout.ODD_R: 0.5 * (row & 1),
        OffsetLayout.EVEN_R: -0.5 * (row & 1),
    }[layout]
    if layout.orientation == Orientation.FLAT:
        expected = (col * page.horizontal_spacing, (row + shove) * page.vertical_spacing)
    else:
        expected = ((col + shove) * page.horizontal_spacing, row * page.vertical_spacing)
    assert close((x, y), expected)


@pytest.mark.parametrize("layout", list(OffsetLayout))
def test_offset_layout_accepts_plain_strings(layout: OffsetLayout) -> None:
    for col, row in ((3, 4), (4, 3), (-3, -5)):
        from_str = offset_to_hex(col, row, str(layout))  # type: ignore[arg-type]
        assert from_str == offset_to_hex(col, row, layout)
        assert hex_to_offset(from_str, str(layout)) == (col, row)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        offset_to_hex(0, 0, "odd-z")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        hex_to_offset(Hex(0, 0), "odd-z")  # type: ignore[arg-type]


# --- Layout geometry -----------------------------------------------------------------------


@pytest.mark.parametrize("orientation", list(Orientation))
def test_size_relations(orientation: Orientation) -> None:
    r = 12.5
    layout = HexLayout(orientation, r)
    assert layout.across_flats == pytest.approx(SQRT3 * r)
    if orientation == Orientation.FLAT:
        assert layout.width == pytest.approx(2 * r)
        assert layout.height == pytest.approx(SQRT3 * r)
        assert layout.horizontal_spacing == pytest.approx(1.5 * r)
        assert layout.vertical_spacing == pytest.approx(SQRT3 * r)
    else:
        assert layout.width == pytest.approx(SQRT3 * r)
        assert layout.height == pytest.approx(2 * r)
        assert layout.horizontal_spacing == pytest.approx(SQRT3 * r)
        assert layout.vertical_spacing == pytest.approx(1.5 * r)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_from_across_flats(orientation: Orientation) -> None:
    layout = HexLayout.from_across_flats(orientation, 72.0, origin=(5.0, 6.0))
    assert layout.radius == pytest.approx(72.0 / SQRT3)
    assert layout.across_flats == pytest.approx(72.0)
    assert layout.origin == (5.0, 6.0)
    assert layout.centre(Hex(0, 0)) == (5.0, 6.0)


def test_layout_validates_and_normalises() -> None:
    for bad in (0.0, -1.0, math.inf, math.nan):
        expected = f"^hex radius must be a positive finite number, got {bad}$"
        with pytest.raises(ValueError, match=expected):
            HexLayout(Orientation.FLAT, bad)
    layout = HexLayout("pointy", 10, [1, 2])  # type: ignore[arg-type]
    assert layout == HexLayout(Orientation.POINTY, 10.0, (1.0, 2.0))
    assert layout.orientation is Orientation.POINTY
    hash(layout)


@given(layouts, hexes)
def test_neighbour_centres_are_across_flats_apart(layout: HexLayout, h: Hex) -> None:
    c = layout.centre(h)
    for n in neighbours(h):
        assert math.dist(c, layout.centre(n)) == pytest.approx(layout.across_flats)


@given(layouts, hexes)
def test_corners_are_radius_from_centre_and_regular(layout: HexLayout, h: Hex) -> None:
    c = layout.centre(h)
    pts = layout.corners(h)
    assert len(pts) == 6
    for p, q in pairwise([*pts, pts[0]]):
        assert math.dist(c, p) == pytest.approx(layout.radius)
        assert math.dist(p, q) == pytest.approx(layout.radius)  # regular hexagon side = R


CORNER_0_ANGLE = [(Orientation.FLAT, 0.0), (Orientation.POINTY, 330.0)]


@pytest.mark.parametrize(("orientation", "start"), CORNER_0_ANGLE)
def test_corner_angles(orientation: Orientation, start: float) -> None:
    offsets = HexLayout(orientation, 1.0).corner_offsets()
    for i, p in enumerate(offsets):
        assert angle_deg(p) == pytest.approx((start + 60.0 * i) % 360.0, abs=1e-9)
    # Flat-top: corner 0 is the rightmost point, on the centre line.
    if orientation == Orientation.FLAT:
        assert offsets[0] == pytest.approx((1.0, 0.0))


@pytest.mark.parametrize("orientation", list(Orientation))
def test_corner_order_is_clockwise_on_a_y_down_page(orientation: Orientation) -> None:
    pts = HexLayout(orientation, 2.0).corners(Hex(1, 1))
    # Shoelace sum is positive for "clockwise on screen" when y points down.
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairwise([*pts, pts[0]])) / 2
    assert area == pytest.approx(1.5 * SQRT3 * 2.0**2)


@given(layouts, hexes)
def test_pixel_round_trip(layout: HexLayout, h: Hex) -> None:
    assert layout.hex_at(*layout.centre(h)) == h


@given(
    layouts,
    hexes,
    st.integers(0, 5),
    st.floats(0.0, 0.98),
    st.floats(0.0, 2 * math.pi),
    st.floats(0.0, 0.98),
)
def test_points_inside_the_drawn_hex_map_back_to_it(
    layout: HexLayout, h: Hex, corner: int, t: float, theta: float, u: float
) -> None:
    """hex_at must agree with the drawn polygon, not just invert centre()."""
    cx, cy = layout.centre(h)
    dx, dy = layout.corner_offsets()[corner]
    assert layout.hex_at(cx + t * dx, cy + t * dy) == h  # towards a corner
    rho = u * layout.across_flats / 2  # inside the inscribed circle
    assert layout.hex_at(cx + rho * math.cos(theta), cy + rho * math.sin(theta)) == h


def test_layout_round_trip_red_blob_values() -> None:
    # Red Blob test_layout uses size (10, 15); we use a single R, so check both sizes.
    for orientation in Orientation:
        for r in (10.0, 15.0):
            layout = HexLayout(orientation, r, (35.0, 71.0))
            assert layout.hex_at(*layout.centre(Hex(3, 4))) == Hex(3, 4)


# --- Edges ---------------------------------------------------------------------------------


def test_edge_directions_are_a_permutation() -> None:
    assert sorted(EDGE_DIRECTIONS) == list(range(6))


@pytest.mark.parametrize("orientation", list(Orientation))
def test_each_edge_borders_the_neighbour_in_the_direction_it_faces(orientation) -> None:
    """Worked out by hand for a flat hex: edge i (corners i, i+1) faces 60°·i + 30° on a y-down
    page; the neighbours' centres lie at 30° (direction 0), 330° (1), 270° (2), 210° (3),
    150° (4) and 90° (5). A pointy hex is the same turned by -30°. The table is derived at
    import, so the derivation is called here, where a test can see it."""
    assert _derive_edge_directions(orientation) == (0, 5, 4, 3, 2, 1) == EDGE_DIRECTIONS


@given(layouts, hexes, st.integers(0, 5))
def test_edge_is_shared_with_edge_neighbour(layout: HexLayout, h: Hex, i: int) -> None:
    """Edge i of h is, as a page segment, an edge of edge_neighbour(h, i) too."""
    other = edge_neighbour(h, i)
    assert distance(h, other) == 1
    mine = segment(layout, h, i)
    assert any(same_segment(mine, segment(layout, other, j)) for j in range(6))
    # ... and it is exactly the opposite edge, pointing back at us.
    assert edge_neighbour(other, i + 3) == h


def test_single_hex_has_six_edges() -> None:
    assert shared_edges([Hex(4, -2)]) == [(Hex(4, -2), i) for i in range(6)]


@pytest.mark.parametrize("d", range(6))
def test_two_neighbours_have_eleven_edges(d: int) -> None:
    a = Hex(0, 0)
    b = neighbour(a, d)
    edges = shared_edges([a, b])
    assert len(edges) == 11
    lo, hi = min(a, b), max(a, b)
    # The shared edge is reported once, by the smaller hex.
    assert sum(1 for h, _ in edges if h == lo) == 6
    assert sum(1 for h, _ in edges if h == hi) == 5


@pytest.mark.parametrize(("n", "expected"), [(0, 6), (1, 30), (2, 72), (3, 132), (4, 210)])
def test_spiral_edge_count(n: int, expected: int) -> None:
    """H hexes with perimeter P: 6H = 2E - P, so E = 3H + P/2 with P = 6(2N+1).

    That simplifies to E = 3(N+1)(3N+2).
    """
    cells = spiral(Hex(1, -1), n)
    h = 1 + 3 * n * (n + 1)
    perimeter = 6 * (2 * n + 1)
    assert expected == 3 * h + perimeter // 2 == 3 * (n + 1) * (3 * n + 2)
    assert len(shared_edges(cells)) == expected


def test_rectangular_odd_q_block_edge_count() -> None:
    """W x H odd-q block: W(H-1) pairs within columns, 2H-1 between each column pair."""
    w, h = 10, 10
    cells = [offset_to_hex(c, r, OffsetLayout.ODD_Q) for c in range(w) for r in range(h)]
    pairs = w * (h - 1) + (w - 1) * (2 * h - 1)
    assert pairs == adjacent_pairs(set(cells)) == 261
    assert len(shared_edges(cells)) == 6 * w * h - pairs == 339


@given(hex_sets)
def test_edge_count_is_six_n_minus_adjacent_pairs(cells: set[Hex]) -> None:
    assert len(shared_edges(cells)) == 6 * len(cells) - adjacent_pairs(cells)


@given(hex_sets, st.randoms(use_true_random=False))
def test_shared_edges_is_sorted_and_order_independent(cells: set[Hex], rnd: random.Random) -> None:
    edges = shared_edges(cells)
    assert edges == sorted(edges)
    shuffled = [*cells, *cells]
    rnd.shuffle(shuffled)
    assert shared_edges(iter(shuffled)) == edges
    for h, i in edges:
        assert h in cells
        other = edge_neighbour(h, i)
        assert other not in cells or h < other


def check_edges_geometrically(layout: HexLayout, cells: set[Hex]) -> None:
    """No two returned edges coincide, and every side of every hex is some returned edge."""
    index = SegmentIndex(cell=layout.radius)
    for h, i in shared_edges(cells):
        seg = segment(layout, h, i)
        assert index.find(seg) is None, f"duplicate edge {(h, i)}"
        index.add(seg)
    for h in cells:
        for i in range(6):
            assert index.find(segment(layout, h, i)) is not None, f"uncovered side {(h, i)}"


@settings(max_examples=40)
@given(layouts, hex_sets)
def test_shared_edges_are_distinct_and_cover_every_side(layout: HexLayout, cells: set[Hex]) -> None:
    check_edges_geometrically(layout, cells)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_shared_edges_geometry_on_big_maps(orientation: Orientation) -> None:
    layout = HexLayout(orientation, 9.0, (100.0, 50.0))
    check_edges_geometrically(layout, set(spiral(Hex(0, 0), 4)))
    block = {offset_to_hex(c, r, OffsetLayout.ODD_Q) for c in range(10) for r in range(10)}
    check_edges_geometrically(layout, block)
