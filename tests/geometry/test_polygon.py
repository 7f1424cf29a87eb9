"""The even-odd point test for outlines of any shape, against a plain ray cast over all edges
(written here from the rule: a point is inside when a ray from it crosses the outline an odd
number of times)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.geometry.polygon import (
    EvenOdd,
    boxes_overlap,
    chord_width,
    clip_segment,
    contains,
    segment_meets_box,
)


def crossings(outline: list[tuple[float, float]], x: float, y: float) -> int:
    count = 0
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            count += 1
    return count


def star(points: int, inner: float, outer: float) -> list[tuple[float, float]]:
    """A concave outline: corners alternately on two circles round (100, 100)."""
    corners = []
    for k in range(2 * points):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points
        corners.append((100 + r * math.cos(a), 100 + r * math.sin(a)))
    return corners


@given(
    st.integers(3, 200),
    st.floats(5, 60),
    st.floats(0.5, 30),
    st.lists(st.tuples(st.floats(0, 200), st.floats(0, 200)), min_size=1, max_size=40),
    st.sampled_from([0.0, -150.0]),
)
def test_even_odd_agrees_with_a_ray_cast_over_every_edge(
    points: int, outer: float, band: float, tests: list[tuple[float, float]], shift: float
) -> None:
    """Anywhere on the plane: shifted by -150 the star straddles zero and its bands go
    negative."""
    outline = [(x + shift, y + shift) for x, y in star(points, outer / 2, outer)]
    tests = [(x + shift, y + shift) for x, y in tests]
    index = EvenOdd(outline, band)
    for x, y in tests:
        assert ((x, y) in index) == (crossings(outline, x, y) % 2 == 1), (x, y)


def test_a_star_holds_its_centre_and_not_the_notch_between_two_points() -> None:
    outline = star(5, 20, 50)
    index = EvenOdd(outline, 10)
    assert (100, 100) in index
    notch = (100 + 35 * math.cos(math.pi / 5), 100 + 35 * math.sin(math.pi / 5))
    assert notch not in index
    assert (100 + 45, 100) in index  # inside the first point


# --- convex helpers against the geometry of regular polygons and rectangles ---------------------

CENTRES = st.tuples(st.floats(-500, 500), st.floats(-500, 500))


@st.composite
def regular_polygons(
    draw: st.DrawFn,
) -> tuple[list[tuple[float, float]], tuple[float, float], float, int]:
    """A regular polygon (3 to 8 corners, either winding), its centre, circumradius, sides."""
    sides = draw(st.integers(3, 8))
    cx, cy = draw(CENTRES)
    radius = draw(st.floats(1.0, 100.0))
    turn = draw(st.floats(0.0, 2 * math.pi))
    corners = [
        (cx + radius * math.cos(turn + 2 * math.pi * k / sides),
         cy + radius * math.sin(turn + 2 * math.pi * k / sides))
        for k in range(sides)
    ]  # fmt: skip
    if draw(st.booleans()):
        corners.reverse()
    return corners, (cx, cy), radius, sides


@given(regular_polygons(), st.floats(0.0, 2 * math.pi), st.floats(0.0, 2.0))
def test_a_point_is_inside_within_the_inradius_and_outside_beyond_the_circumradius(
    polygon, angle: float, reach: float
) -> None:
    corners, (cx, cy), radius, sides = polygon
    inradius = radius * math.cos(math.pi / sides)
    distance = reach * radius
    point = (cx + distance * math.cos(angle), cy + distance * math.sin(angle))
    if distance < inradius * 0.999:
        assert contains(corners, point)
    elif distance > radius * 1.001:
        assert not contains(corners, point)


RECTANGLES = st.tuples(
    st.floats(-100, 100), st.floats(-100, 100), st.floats(1, 50), st.floats(1, 50)
)


def _rectangle(x: float, y: float, w: float, h: float, reverse: bool) -> list[tuple[float, float]]:
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return corners[::-1] if reverse else corners


@given(RECTANGLES, st.booleans(), st.floats(-200, 200))
def test_a_rectangle_is_as_wide_as_itself_at_every_height_inside_it(box, reverse, y) -> None:
    x0, y0, w, h = box
    width = chord_width(_rectangle(x0, y0, w, h, reverse), y)
    if y0 + 1e-6 < y < y0 + h - 1e-6:
        assert width == pytest.approx(w)
    elif y < y0 - 1e-6 or y > y0 + h + 1e-6:
        assert width == 0.0


@given(RECTANGLES, st.booleans(), st.floats(-200, 200), st.floats(-200, 200), st.floats(-200, 200))
def test_a_level_segment_is_clipped_to_the_rectangle(box, reverse, y, xa, xb) -> None:
    x0, y0, w, h = box
    clipped = clip_segment((xa, y), (xb, y), _rectangle(x0, y0, w, h, reverse))
    low, high = max(min(xa, xb), x0), min(max(xa, xb), x0 + w)
    inside = y0 + 1e-6 < y < y0 + h - 1e-6 and low < high - 1e-6
    outside = not (y0 - 1e-6 <= y <= y0 + h + 1e-6) or low > high + 1e-6
    if inside:
        assert clipped is not None
        (ax, ay), (bx, by) = clipped
        assert ay == pytest.approx(y) and by == pytest.approx(y)
        assert sorted((ax, bx)) == pytest.approx([low, high])
        assert (ax < bx) == (xa < xb)  # the segment keeps its direction
    elif outside:
        assert clipped is None


# A margin far below the coordinates' float spacing (1e-247 beside 100) vanishes in `a - by`,
# so the oracle's exact gap and the function's rounded sum part ways; margins are 0 or drawn.
MARGINS = st.one_of(st.just(0.0), st.floats(1e-6, 5.0))


@given(RECTANGLES, RECTANGLES, MARGINS)
def test_boxes_overlap_when_both_their_spans_come_closer_than_the_margin(a, b, by) -> None:
    first = (a[0], a[1], a[0] + a[2], a[1] + a[3])
    second = (b[0], b[1], b[0] + b[2], b[1] + b[3])
    apart_x = max(first[0], second[0]) - min(first[2], second[2])  # > 0: a gap that wide
    apart_y = max(first[1], second[1]) - min(first[3], second[3])
    assert boxes_overlap(first, second, by) == (apart_x < by and apart_y < by)


# Exact cases at the edges, where a `<` for a `<=` or a wrong sign would go unnoticed by the
# property tests above (found by mutation testing: tools/mutate.py).

SQUARE = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
TINY = [(0.0, 0.0), (0.5, 0.0), (0.5, 0.5), (0.0, 0.5)]  # twice its area is under 1


@pytest.mark.parametrize("corners", [SQUARE, SQUARE[::-1], TINY, TINY[::-1]])
def test_a_point_on_the_outline_is_inside_and_one_just_past_it_is_not(corners) -> None:
    size = max(x for x, _ in corners)
    assert contains(corners, (size, size / 2))  # on the right edge
    assert contains(corners, (size / 2, 0.0))  # on the bottom edge
    assert not contains(corners, (size + 1e-6, size / 2))
    assert not contains(corners, (size / 2, -1e-6))


@pytest.mark.parametrize("corners", [TINY, TINY[::-1]])
def test_a_tiny_polygon_clips_like_a_large_one(corners) -> None:
    """Orientation comes from the sign of the area, however small the area is."""
    assert clip_segment((-1.0, 0.25), (1.0, 0.25), corners) == ((0.0, 0.25), (0.5, 0.25))
    assert clip_segment((0.25, 0.1), (0.25, 0.2), corners) == ((0.25, 0.1), (0.25, 0.2))


def test_a_segment_along_an_edge_or_beside_it_inside_is_kept_whole() -> None:
    assert clip_segment((1.0, 0.0), (3.0, 0.0), SQUARE) == ((1.0, 0.0), (3.0, 0.0))
    assert clip_segment((1.0, 0.5), (3.0, 0.5), SQUARE) == ((1.0, 0.5), (3.0, 0.5))
    assert clip_segment((1.0, -0.5), (3.0, -0.5), SQUARE) is None


def test_a_slanted_segment_is_cut_where_it_crosses_the_outline() -> None:
    (ax, ay), (bx, by) = clip_segment((-2.0, -1.0), (6.0, 3.0), SQUARE)
    assert (ax, ay) == pytest.approx((0.0, 0.0))
    assert (bx, by) == pytest.approx((4.0, 2.0))
    (ax, ay), (bx, by) = clip_segment((2.0, -2.0), (2.0, 0.2), SQUARE)  # short, rising
    assert (ax, ay, bx, by) == pytest.approx((2.0, 0.0, 2.0, 0.2))


def test_a_segment_touching_a_corner_meets_the_polygon_there() -> None:
    clipped = clip_segment((-1.0, 5.0), (1.0, 3.0), [(0.0, 4.0), (1.0, 5.0), (2.0, 4.0)])
    assert clipped is not None
    (ax, ay), (bx, by) = clipped
    assert (ax, ay) == pytest.approx((0.0, 4.0)) and (bx, by) == pytest.approx((0.0, 4.0))


def test_a_chord_at_a_level_edge_or_a_slanted_side_has_the_polygon_s_width_there() -> None:
    trapezoid = [(0.0, 0.0), (6.0, 0.0), (4.0, 2.0), (2.0, 2.0)]
    assert chord_width(trapezoid, 0.0) == pytest.approx(6.0)  # the bottom edge
    assert chord_width(trapezoid, 2.0) == pytest.approx(2.0)  # the top edge
    assert chord_width(trapezoid, 1.0) == pytest.approx(4.0)
    lifted = [(x, y + 3.0) for x, y in trapezoid]
    assert chord_width(lifted, 4.0) == pytest.approx(4.0)


def test_boxes_that_only_touch_do_not_overlap() -> None:
    box = (0.0, 0.0, 1.0, 1.0)
    for other in [
        (1.0, 0.0, 2.0, 1.0),
        (-1.0, 0.0, 0.0, 1.0),
        (0.0, 1.0, 1.0, 2.0),
        (0.0, -1.0, 1.0, 0.0),
    ]:
        assert not boxes_overlap(box, other)
        assert boxes_overlap(box, other, 0.01)
    assert not boxes_overlap(box, (1.5, 0.0, 2.0, 1.0))  # no margin unless one is asked for


def test_a_segment_meets_a_box_grown_by_the_margin() -> None:
    box = (0.0, 0.0, 2.0, 2.0)
    assert segment_meets_box((-1.0, 1.0), (3.0, 1.0), box)
    assert not segment_meets_box((-1.0, 2.5), (3.0, 2.5), box)
    assert segment_meets_box((-1.0, 2.5), (3.0, 2.5), box, by=0.6)
    assert not segment_meets_box((2.4, -1.0), (2.4, 3.0), box, by=0.3)
    assert segment_meets_box((-0.4, -1.0), (-0.4, 3.0), box, by=0.5)


def test_even_odd_counts_a_point_on_a_left_edge_in_and_on_a_right_edge_out() -> None:
    outline = EvenOdd(SQUARE, band=1.0)
    assert (0.0, 2.0) in outline and (4.0, 2.0) not in outline


def test_even_odd_holds_below_zero_and_with_level_edges_first() -> None:
    """Bands below zero, and a level edge before the others (skipped, not an end)."""
    low = [(-10.0, -7.5), (-2.0, -7.5), (-2.0, -0.5), (-10.0, -0.5)]
    outline = EvenOdd(low, band=2.0)
    inside = [(-9.0, -7.0), (-3.0, -1.0), (-6.0, -4.0), (-9.5, -0.6)]
    outside = [(-1.0, -4.0), (-6.0, -8.0), (-6.0, 0.2), (-11.0, -3.0)]
    assert all(point in outline for point in inside)
    assert not any(point in outline for point in outside)


def test_a_segment_meets_a_box_of_unequal_sides_grown_by_the_margin() -> None:
    box = (1.0, 3.0, 4.0, 5.0)  # every side a different number, so none stands for another
    assert segment_meets_box((0.0, 2.9), (5.0, 2.9), box, by=0.2)  # just below the bottom
    assert segment_meets_box((4.1, 0.0), (4.1, 10.0), box, by=0.2)  # just right of it
    assert not segment_meets_box((5.1, 0.0), (5.1, 10.0), box, by=0.2)
    assert segment_meets_box((1.5, 0.0), (1.5, 10.0), box)


# Outlines whose slabs hold edges spanning a wide stretch of x: a bow-tie; crossed outlines
# whose crossing sides reach different stretches (a slab's edges start and end in different
# orders: bisecting them in the wrong order misses a side); a triangle with a long slanted
# side ending at a corner level with another.
CROSSED_AND_SLANTED = {
    "bow-tie": [(0.0, 0.0), (60.0, 40.0), (60.0, 0.0), (0.0, 40.0)],
    "crossed": [(0.0, 0.0), (60.0, 40.0), (36.0, 40.0), (12.0, 0.0)],
    "crossed twice": [
        (0.0, 0.0),
        (10.0, 40.0),
        (50.0, 40.0),
        (5.0, 0.0),
        (40.0, 0.0),
        (30.0, 40.0),
    ],
    "slanted": [(0.0, 40.0), (60.0, 0.0), (60.0, 40.0)],
}


@pytest.mark.parametrize("shift", [0.0, -1000.0], ids=["positive", "negative"])
@pytest.mark.parametrize("band", [7.0, 1000.0])
@pytest.mark.parametrize("shape", sorted(CROSSED_AND_SLANTED))
def test_even_odd_agrees_with_a_ray_cast_at_every_half_unit(
    shape: str, band: float, shift: float
) -> None:
    """Every point of a half-unit grid over the outline and round it, corners' heights and
    points within a slanted side's reach included, against the plain ray cast."""
    outline = [(x + shift, y + shift) for x, y in CROSSED_AND_SLANTED[shape]]
    index = EvenOdd(outline, band)
    for i in range(-10, 131):
        for j in range(-10, 91):
            x, y = i / 2 + shift, j / 2 + shift
            assert ((x, y) in index) == (crossings(outline, x, y) % 2 == 1), (x, y)


def test_a_bow_tie_is_filled_in_its_two_wings_only() -> None:
    index = EvenOdd(CROSSED_AND_SLANTED["bow-tie"], 10.0)
    assert (5.0, 20.0) in index and (55.0, 20.0) in index
    assert (30.0, 5.0) not in index and (30.0, 35.0) not in index


@pytest.mark.parametrize("y", [-0.5, -1e-6, 100.5])
def test_a_triangle_has_no_width_above_its_apex_or_below_its_base(y: float) -> None:
    triangle = [(50.0, 0.0), (100.0, 100.0), (0.0, 100.0)]
    assert chord_width(triangle, y) == 0.0
    assert chord_width(triangle, 50.0) == pytest.approx(50.0)
