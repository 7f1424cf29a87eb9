"""The even-odd point test for outlines of any shape, against a plain ray cast over all edges
(written here from the rule: a point is inside when a ray from it crosses the outline an odd
number of times)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from printkit.geometry.polygon import EvenOdd


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
)
def test_even_odd_agrees_with_a_ray_cast_over_every_edge(
    points: int, outer: float, band: float, tests: list[tuple[float, float]]
) -> None:
    outline = star(points, outer / 2, outer)
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
