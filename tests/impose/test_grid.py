"""N-up grids over random papers, pieces, gaps and margins: the fitted grid keeps its margin, is
the largest that does, is centred, places each piece one pitch from the last, and lists each
cut line once."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.impose.grid import Grid, fit_grid

LENGTHS = st.floats(5.0, 900.0, allow_nan=False)
PAPERS = st.tuples(st.floats(100.0, 1300.0), st.floats(100.0, 1300.0))
GAPS = st.sampled_from([0.0, 0.5, 1.5, 2.835, 6.0, 8.5])  # 0.5: less than a point apart
MARGINS = st.floats(0.0, 40.0)
EPSILON = 1e-6


@given(PAPERS, st.tuples(LENGTHS, LENGTHS), GAPS, MARGINS)
def test_the_fitted_grid_is_the_largest_that_keeps_the_margin(paper, cell, gap, margin) -> None:
    grid = fit_grid(paper, cell, gap, margin)
    fits_one = all(c <= p - 2 * margin + EPSILON for c, p in zip(cell, paper, strict=True))
    assert (grid is not None) == fits_one
    if grid is None:
        return
    assert grid.left >= margin - EPSILON and grid.top >= margin - EPSILON
    assert grid.left + grid.width <= paper[0] - margin + EPSILON
    assert grid.top + grid.height <= paper[1] - margin + EPSILON
    wider = grid.width + gap + cell[0]
    taller = grid.height + gap + cell[1]
    assert wider > paper[0] - 2 * margin - EPSILON, "one more column would have fitted"
    assert taller > paper[1] - 2 * margin - EPSILON, "one more row would have fitted"
    assert grid.left == pytest.approx(paper[0] - grid.left - grid.width)  # centred
    assert grid.top == pytest.approx(paper[1] - grid.top - grid.height)


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    gap = draw(GAPS)
    cell = draw(st.tuples(st.floats(10.0, 100.0), st.floats(10.0, 100.0)))
    columns, rows = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    paper = (columns * (cell[0] + gap) + 20.0, rows * (cell[1] + gap) + 20.0)
    top_edge = draw(st.none() | st.floats(0.0, 10.0))
    return Grid(*paper, *cell, gap, columns, rows, top_edge)


@given(grids(), st.integers(0, 200))
def test_pieces_fill_row_by_row_one_pitch_apart_and_wrap_per_sheet(grid: Grid, index) -> None:
    row, column = divmod(index % grid.per_sheet, grid.columns)
    x, y = grid.position(index)
    assert x == pytest.approx(grid.left + column * (grid.cell_width + grid.gap))
    assert y == pytest.approx(grid.top + row * (grid.cell_height + grid.gap))
    assert grid.position(index + grid.per_sheet) == (x, y)
    centred = (grid.paper_height - grid.height) / 2
    assert grid.top == pytest.approx(centred if grid.top_edge is None else grid.top_edge)
    last = grid.position(grid.per_sheet - 1)
    assert last[0] + grid.cell_width == pytest.approx(grid.left + grid.width)
    assert last[1] + grid.cell_height == pytest.approx(grid.top + grid.height)


@given(grids())
def test_each_cut_line_is_listed_once_in_order(grid: Grid) -> None:
    """Pieces that touch share a cut; pieces apart have one cut on each side of the gap."""
    for cuts, count, start, size in (
        (grid.cut_xs(), grid.columns, grid.left, grid.cell_width),
        (grid.cut_ys(), grid.rows, grid.top, grid.cell_height),
    ):
        assert len(cuts) == (count + 1 if grid.gap == 0 else 2 * count)
        assert all(b - a > EPSILON for a, b in pairwise(cuts))
        assert cuts[0] == pytest.approx(start)
        assert cuts[-1] == pytest.approx(start + count * size + (count - 1) * grid.gap)


def test_a_grid_below_the_others_starts_at_its_top_edge() -> None:
    grid = Grid(210.0, 297.0, 63.0, 88.0, 0.0, 3, 1, top_edge=120.0)
    assert grid.top == 120.0 and grid.position(2) == (grid.left + 126.0, 120.0)
