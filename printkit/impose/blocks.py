"""Pages of blocks: pieces of different sizes sharing sheets, one grid per size.

A counter sheet mixes sizes (tiles, tokens, markers), so one grid per page would waste paper.
Runs of equal pieces are stacked top to bottom as blocks, each a centred grid of its own cells,
and a run that does not fit continues on the next page. A deck of cards is the special case of a
single centred block per page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit.impose.grid import Grid, fit_grid, fitting_margin
from printkit.impose.pieces import Piece
from printkit.model.units import mm

NOTE_ROOM = mm(4)  # kept free under the last block for the 'print at actual size' note
BLOCK_SPACING = mm(7)  # between two blocks' art: room for both blocks' crop marks
EPSILON = 1e-6


@dataclass(frozen=True)
class Run:
    """Consecutive pieces imposed alike: one cell size, one gap, shared cut lines or not."""

    pieces: tuple[Piece, ...]
    cell: tuple[float, float]
    gap: float
    shared: bool


@dataclass(frozen=True)
class Block:
    """Pieces placed in the cells of one grid, in order. `room` is how far up and down (page
    y) the block's crop marks may reach; None means the paper margins."""

    grid: Grid
    pieces: tuple[Piece, ...]
    shared: bool
    room: tuple[float, float] | None = None

    @property
    def straight(self) -> bool:
        """Cut along straight lines (crop marks), not along per-piece outlines."""
        return all(piece.outline is None for piece in self.pieces)


def grid_pages(pieces: list[Piece], grid: Grid, shared: bool) -> list[list[Block]]:
    """One centred block per page, as many pages as the pieces need."""
    per_sheet = grid.per_sheet
    return [
        [Block(grid, tuple(pieces[start : start + per_sheet]), shared)]
        for start in range(0, len(pieces), per_sheet)
    ]


def back_block(block: Block, backs: str) -> Block:
    """The block as it lies on the back page: a block placed off-centre changes ends when the
    sheet turns over its short edge (cells within it are mirrored by the imposer)."""
    grid = block.grid
    if backs != "short_edge" or grid.top_edge is None:
        return block
    height = grid.paper_height
    turned = replace(grid, top_edge=height - grid.top - grid.height)
    room = None if block.room is None else (height - block.room[1], height - block.room[0])
    return replace(block, grid=turned, room=room)


def _full_grid(run: Run, paper: tuple[float, float], margin: float) -> Grid | None:
    """The grid the run would fill on a page of its own (the note keeps its room)."""
    return fit_grid((paper[0], paper[1] - NOTE_ROOM), run.cell, run.gap, margin)


def too_big(runs: list[Run], paper: tuple[float, float], margin: float) -> Run | None:
    """The first run whose cell fits on no page, if any."""
    return next((run for run in runs if _full_grid(run, paper, margin) is None), None)


@dataclass(frozen=True)
class _Shelf:
    """Where a block goes before the page's stack is centred: `top` from the page top."""

    run: Run
    pieces: tuple[Piece, ...]
    columns: int
    rows: int
    top: float


def stack_pages(
    runs: list[Run], paper: tuple[float, float], margin: float, bleed: float
) -> list[list[Block]]:
    """Pack runs into pages of blocks, in order; every run must fit (see `too_big`). The
    pieces keep the bleed `fitting_margin` keeps inside the printable `margin` where every
    run fits so (else their outer bleed is cut back at the printable edge, as a piece as wide
    as the printable area needs); their crop marks may use all of it."""
    spacing = 2 * bleed + BLOCK_SPACING
    inner = fitting_margin(margin, bleed)
    if too_big(runs, paper, inner) is not None:
        inner = margin
    bottom = paper[1] - inner - NOTE_ROOM
    pages: list[list[_Shelf]] = [[]]
    used = inner
    for run in runs:
        grid = _full_grid(run, paper, inner)
        assert grid is not None, "call too_big first"
        remaining = run.pieces
        while remaining:
            top = used + spacing if pages[-1] else used
            fitting = int((bottom - top + run.gap + EPSILON) // (run.cell[1] + run.gap))
            if fitting < 1:
                pages.append([])
                used = inner
                continue
            rows = min(fitting, math.ceil(len(remaining) / grid.columns))
            columns = grid.columns if rows > 1 else min(grid.columns, len(remaining))
            pages[-1].append(_Shelf(run, remaining[: rows * columns], columns, rows, top))
            used = top + rows * run.cell[1] + (rows - 1) * run.gap
            remaining = remaining[rows * columns :]
    return [_centred(page, paper, margin, inner, spacing) for page in pages if page]


def _centred(
    page: list[_Shelf], paper: tuple[float, float], margin: float, inner: float, spacing: float
) -> list[Block]:
    """Blocks of one page, the stack centred between the `inner` margins, marks given their
    room out to the printable `margin`."""
    grids = [Grid(*paper, *s.run.cell, s.run.gap, s.columns, s.rows, s.top) for s in page]
    last = grids[-1]
    shift = (paper[1] - inner - NOTE_ROOM - (last.top + last.height)) / 2
    grids = [replace(grid, top_edge=grid.top + shift) for grid in grids]
    blocks = []
    for index, (grid, shelf) in enumerate(zip(grids, page, strict=True)):
        above = grids[index - 1].top + grids[index - 1].height + spacing / 2 if index else margin
        below = grid.top + grid.height + spacing / 2 if index < len(grids) - 1 else None
        room = (above, below if below is not None else paper[1] - margin)
        blocks.append(Block(grid, shelf.pieces, shelf.run.shared, room))
    return blocks
