"""Counter sheets: runs of pieces of several sizes stacked as blocks on pages, over random runs.
Every piece is placed once, in order; each block is a centred grid with no empty row, inside the
margins and clear of the note's room; blocks stand 2 × bleed + 7 mm apart, each page's stack is
centred in its height, a page ends only when the next row would not fit, and each block's crop
marks may reach halfway to its neighbours."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.impose.blocks import (
    BLOCK_SPACING,
    NOTE_ROOM,
    Block,
    Run,
    back_block,
    stack_pages,
    too_big,
)
from printkit.impose.pieces import Piece
from printkit.model.units import mm

PAPER = (mm(210), mm(297))
MARGIN, BLEED = mm(5), mm(3)
INNER = MARGIN + mm(1)  # the pieces keep 1 mm of their bleed inside the printable margin
EPSILON = 1e-6


@st.composite
def runs(draw: st.DrawFn) -> list[Run]:
    made: list[Run] = []
    for number in range(draw(st.integers(1, 4))):
        width, height = (
            draw(st.sampled_from([20.0, 25.0, 40.0, 63.0, 88.0, 120.0])),
            draw(st.sampled_from([20.0, 30.0, 45.0, 88.0, 150.0])),
        )
        gap = draw(st.sampled_from([0.0, 2 * BLEED]))
        count = draw(st.integers(1, 30))
        pieces = tuple(Piece(f"{number}.{i}", mm(width), mm(height), ()) for i in range(count))
        made.append(Run(pieces, (mm(width), mm(height)), gap, gap == 0.0))
    return made


def _bottom(block: Block) -> float:
    return block.grid.top + block.grid.height


@given(runs())
def test_runs_stack_in_order_as_centred_blocks_that_fill_each_page(made: list[Run]) -> None:
    pages = stack_pages(made, PAPER, MARGIN, BLEED)
    placed = [piece for page in pages for block in page for piece in block.pieces]
    assert placed == [piece for run in made for piece in run.pieces]
    spacing = 2 * BLEED + BLOCK_SPACING
    usable = PAPER[1] - INNER - NOTE_ROOM  # the note keeps its room under the stack
    for number, page in enumerate(pages):
        assert page, "no empty page"
        for block in page:
            grid, count = block.grid, len(block.pieces)
            run = next(run for run in made if block.pieces[0] in run.pieces)
            assert (grid.cell_width, grid.cell_height, grid.gap) == (*run.cell, run.gap)
            assert block.shared == run.shared
            assert (grid.rows - 1) * grid.columns < count <= grid.per_sheet  # no empty row
            full = int((PAPER[0] - 2 * INNER + run.gap + EPSILON) // (run.cell[0] + run.gap))
            assert grid.columns == (full if grid.rows > 1 else min(full, count))
            assert grid.left == pytest.approx((PAPER[0] - grid.width) / 2)
            assert grid.top >= INNER - EPSILON and _bottom(block) <= usable + EPSILON
        for upper, lower in pairwise(page):
            assert lower.grid.top - _bottom(upper) == pytest.approx(spacing)
            assert upper.room[1] == pytest.approx(_bottom(upper) + spacing / 2)
            assert lower.room[0] == pytest.approx(upper.room[1])
        assert page[0].room[0] == MARGIN and page[-1].room[1] == PAPER[1] - MARGIN
        above, below = page[0].grid.top - INNER, usable - _bottom(page[-1])
        assert above == pytest.approx(below, abs=EPSILON)  # the stack is centred
        if number + 1 < len(pages):  # the next page's first row had no room on this one
            following = pages[number + 1][0].grid
            stack = _bottom(page[-1]) - page[0].grid.top
            assert stack + spacing + following.cell_height > usable - INNER - EPSILON


def test_the_first_run_too_big_for_any_page_is_named() -> None:
    """A4 less 5 mm margins is 200 × 287 mm, less 4 mm kept for the note: 283 mm high."""
    small = Run((Piece("s", mm(40), mm(40), ()),), (mm(40), mm(40)), 0.0, True)
    wide = Run((Piece("w", mm(201), mm(40), ()),), (mm(201), mm(40)), 0.0, True)
    tall = Run((Piece("t", mm(40), mm(284), ()),), (mm(40), mm(284)), 0.0, True)
    assert too_big([small], PAPER, MARGIN) is None
    assert too_big([small, wide, tall], PAPER, MARGIN) is wide
    assert too_big([small, tall], PAPER, MARGIN) is tall  # 284 mm leaves no room for the note
    fits = Run((Piece("f", mm(40), mm(283), ()),), (mm(40), mm(283)), 0.0, True)
    assert too_big([fits], PAPER, MARGIN) is None


def test_a_block_turned_over_the_short_edge_changes_ends_with_its_room() -> None:
    """Turned over its short edge, each block of a stacked page lies as far from the bottom
    as it lay from the top, its marks' room turned with it; over the long edge it stays put."""
    tiles = tuple(Piece(f"t{i}", mm(20), mm(20), ()) for i in range(9))
    [[upper, lower]] = stack_pages(
        [Run(tiles[:3], (mm(20), mm(20)), 0.0, True), Run(tiles[3:], (mm(20), mm(20)), 0.0, True)],
        PAPER,
        MARGIN,
        BLEED,
    )
    for block in (upper, lower):
        turned = back_block(block, "short_edge")
        assert turned.grid.top == pytest.approx(PAPER[1] - _bottom(block))
        assert turned.room == pytest.approx((PAPER[1] - block.room[1], PAPER[1] - block.room[0]))
        assert (turned.pieces, turned.shared) == (block.pieces, block.shared)
        assert back_block(block, "long_edge") == block
