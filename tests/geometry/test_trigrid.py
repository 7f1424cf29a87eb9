"""Property tests of the triangle grid: corners and cells agree, neighbours are symmetric and
share a flat side, and shapes keep their identity under the grid's twelve symmetries."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from printkit.geometry.trigrid import (
    SQRT3,
    canonical,
    cell_of,
    centre,
    corners,
    hexagon,
    is_connected,
    neighbours,
    placements,
    point,
    points_up,
    shared_side,
    symmetries,
)

cells = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@st.composite
def polyiamonds(draw: st.DrawFn, size: int = 6) -> frozenset:
    """A connected shape grown one neighbour at a time from a random cell."""
    shape = {draw(cells)}
    for _ in range(draw(st.integers(0, size - 1))):
        frontier = sorted({n for cell in shape for n in neighbours(cell)} - shape)
        shape.add(draw(st.sampled_from(frontier)))
    return frozenset(shape)


@given(cells, st.permutations(range(3)))
def test_corners_and_cells_are_inverse(cell: tuple[int, int], order: list[int]) -> None:
    """In any order: a shape turned or flipped lists its corners in another order."""
    assert cell_of(corners(cell)) == cell
    assert cell_of([corners(cell)[i] for i in order]) == cell


@given(cells)
def test_a_cell_has_three_neighbours_each_across_one_side(cell: tuple[int, int]) -> None:
    around = neighbours(cell)
    assert len(set(around)) == 3
    sides = set()
    for neighbour in around:
        assert cell in neighbours(neighbour), "neighbourhood is symmetric"
        assert points_up(neighbour) != points_up(cell)
        side = shared_side(cell, neighbour)
        assert side is not None and set(side) <= set(corners(neighbour))
        sides.add(side)
    assert len(sides) == 3, "one neighbour per side"


@given(cells, cells)
def test_only_neighbours_share_a_side(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert (shared_side(a, b) is not None) == (b in neighbours(a))


@given(cells, st.floats(1, 50))
def test_cells_are_equilateral_triangles_of_the_side(cell: tuple[int, int], side: float) -> None:
    p = [point(v, side) for v in corners(cell)]
    lengths = [math.dist(p[i], p[(i + 1) % 3]) for i in range(3)]
    assert all(math.isclose(length, side) for length in lengths)
    _, cy = centre(cell, side)
    apex_above = max(y for _, y in p) - cy > cy - min(y for _, y in p)
    assert apex_above == points_up(cell)


@given(cells, st.floats(1, 50))
def test_the_centre_is_as_far_from_each_corner(cell: tuple[int, int], side: float) -> None:
    """A board prints a cell's label and piece at its centre: the centroid of the triangle."""
    middle = centre(cell, side)
    for corner in corners(cell):
        assert math.isclose(math.dist(middle, point(corner, side)), side / SQRT3)


@pytest.mark.parametrize("radius", range(1, 6))
def test_a_hexagonal_board_is_every_cell_within_its_radius(radius: int) -> None:
    """The board `hexagon: n` prints: 6·n² triangles, those whose corners all lie within n
    steps of the centre, as symmetric as the grid."""
    board = hexagon(radius)

    def within(cell: tuple[int, int]) -> bool:
        return all(max(abs(i), abs(j), abs(i + j)) <= radius for i, j in corners(cell))

    assert len(board) == 6 * radius**2
    assert all(within(cell) for cell in board)
    rim = {n for cell in board for n in neighbours(cell)} - board
    assert rim and not any(within(cell) for cell in rim), "no cell within the radius is left out"
    assert is_connected(board)
    assert all(image == board for image in symmetries(board))


@given(polyiamonds())
def test_twelve_symmetries_and_back(shape: frozenset) -> None:
    images = list(symmetries(shape))
    assert len(images) == 12
    assert all(len(image) == len(shape) and is_connected(image) for image in images)
    assert all(canonical(image) == canonical(shape) for image in images)


def _mirrored(shape: frozenset) -> frozenset:
    """The shape flipped left to right, found from the cells' centres alone: the cell whose
    centre is the mirror image of each cell's."""
    flipped = set()
    for c, r in shape:
        x, y = centre((c, r), 1.0)
        (image,) = [
            (c2, r)
            for c2 in range(-c - 2 * r - 3, -c - 2 * r + 4)
            if math.dist(centre((c2, r), 1.0), (-x, y)) < 1e-9
        ]
        flipped.add(image)
    return frozenset(flipped)


@given(polyiamonds())
@example(frozenset({(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)}))  # chiral: no turn flips it
def test_a_shape_flipped_is_the_same_shape(shape: frozenset) -> None:
    """Two pieces are told apart only if no turn or flip makes one the other."""
    mirror = _mirrored(shape)
    assert len(mirror) == len(shape)
    assert canonical(mirror) == canonical(shape)


@given(polyiamonds(), st.integers(-5, 5), st.integers(-5, 5))
def test_canonical_form_ignores_position(shape: frozenset, dc: int, dr: int) -> None:
    moved = {(c + 2 * dc, r + dr) for c, r in shape}  # an even shift keeps up and down
    assert canonical(moved) == canonical(shape)


def test_shapes_that_differ_are_told_apart() -> None:
    straight = {(0, 0), (1, 0), (2, 0), (3, 0)}  # four in a row
    bent = {(0, 0), (1, 0), (2, 0), (1, 1)}
    assert canonical(straight) != canonical(bent)
    assert is_connected(straight) and not is_connected({(0, 0), (4, 0)})
    assert not is_connected(set()), "no cells make no piece"


@given(polyiamonds(size=4))
def test_a_shape_fits_where_it_was_taken_from(shape: frozenset) -> None:
    region = shape | {n for cell in shape for n in neighbours(cell)}
    found = list(placements(shape, region))
    assert shape in found
    assert all(placed <= region and canonical(placed) == canonical(shape) for placed in found)
    assert not list(placements(shape, set(list(shape)[:-1]))) or len(shape) == 1


@given(polyiamonds(size=4), st.integers(1, 2))
def test_placements_are_every_image_moved_anywhere_inside_once(
    shape: frozenset, radius: int
) -> None:
    """Against a brute force: each of the twelve images moved by every lattice step that
    keeps it inside (a step of (a, b) takes cell (c, r) to (c + 2a, r + b)), each found once."""
    region = hexagon(radius)
    near_origin = [
        {(c - 2 * (c0 // 2), r - r0) for c, r in image}
        for image in symmetries(shape)
        for c0, r0 in [min(image)]
    ]
    images = [
        frozenset((c + 2 * a, r + b) for c, r in image)
        for image in near_origin
        for a in range(-2 * radius - 4, 2 * radius + 5)
        for b in range(-radius - 4, radius + 5)
    ]
    found = list(placements(shape, region))
    assert len(found) == len(set(found)), "a placement is given once"
    assert set(found) == {image for image in images if image <= region}


def test_a_shape_fills_a_region_of_its_own_shape() -> None:
    """A piece placed on exactly its own cells is a placement: inside means no cell outside."""
    bent = frozenset({(0, 0), (1, 0), (2, 0), (1, 1)})
    assert list(placements(bent, bent)) == [bent]
    assert len(list(placements({(0, 0)}, hexagon(1)))) == 6
