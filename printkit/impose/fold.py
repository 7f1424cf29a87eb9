"""Fold-and-glue pieces: front and back side by side on one page, with a fold line.

Folding turns the back half over its fold line. For a vertical fold the back half then reads
upright when the piece is turned over sideways, so it is printed as it is, beside the front.
For a horizontal fold the turn leaves the back upside down, so it is printed rotated 180°
under the front. Thin paper lets light through a glued piece; an optional reverse page puts a
dark layer inside it.
"""

from __future__ import annotations

from printkit.draw.ops import (
    Box,
    Group,
    Line,
    Op,
    Page,
    Paint,
    Placed,
    Rect,
    rotate_180_about,
    translate,
)
from printkit.impose.blocks import Block, back_block, grid_pages
from printkit.impose.grid import Grid
from printkit.impose.marks import CUT_PAINT, TRIM, cut_guides, cut_path, outer_bleeds
from printkit.impose.pieces import Piece
from printkit.impose.placement import place, printable_area
from printkit.impose.sheet import (
    bleed_sides,
    footer,
    mirrored_index,
    moved_by_offset,
    note_boxes,
)
from printkit.model.base import ImposeSpec

FOLD_PAINT = Paint(None, "#606060", 0.5, (3.0, 2.0), role="fold")
# Under the dashes, a white line as wide: on dark or coloured art the fold shows as dark and
# white dashes, on paper as dark ones.
FOLD_CASING = Paint(None, "#ffffff", 0.5)
BACKING = Paint("#3a3a3a")


def fold_unit(piece: Piece, fold: str) -> tuple[float, float]:
    """The size of the flat, unfolded piece."""
    if fold == "horizontal":
        return (piece.width, 2 * piece.height)
    return (2 * piece.width, piece.height)


def impose_fold(pieces: list[Piece], grid: Grid, spec: ImposeSpec, title: str) -> list[Page]:
    """Fold-and-glue sheets of one grid, as for a deck of cards."""
    return impose_fold_blocks(grid_pages(pieces, grid, shared=False), spec, title)


def impose_fold_blocks(pages: list[list[Block]], spec: ImposeSpec, title: str) -> list[Page]:
    """Each cell holds one piece unfolded; circles and hexagons get their outline on both
    halves (outlines are symmetric, so folded they coincide) and are cut after gluing. Every
    piece's art comes before every mark, as on card sheets: a playtest watermark goes in
    between (draw/watermark.py), over all the art and under every fold and cut line."""
    result: list[Page] = []
    edge = spec.backs.replace("_", " ")
    for number, blocks in enumerate(pages, start=1):
        sheet = f"{title} · fold-and-glue sheet {number} of {len(pages)}"
        shaped = any(piece.outline is not None for block in blocks for piece in block.pieces)
        how = "cut out, fold on the dashed line, glue back to back"
        if spec.opaque_backing:  # the reverse follows: both sides of one sheet of paper
            how = f"print double-sided with the next page, flip on the {edge}; then {how}"
        if shaped:
            how += ", then cut round pieces along their outline"
        label = f"{sheet} · {how}"
        notes = footer(blocks, spec, label)
        keep_out = note_boxes(notes)
        art: list[Op] = []
        marks: list[Op] = []
        placed: list[Placed] = []
        for block in blocks:
            grid = block.grid
            paper = (grid.paper_width, grid.paper_height)
            outer = None  # the art stops short of the marks, as on card sheets
            if spec.crop_marks:
                outer = outer_bleeds(grid, spec.bleed, spec.margin, block.room)
            for index, piece in enumerate(block.pieces):
                at = grid.position(index)
                edges = bleed_sides(grid, index, spec.bleed, False, None, outer)
                art += _unfolded(piece, *at, spec, paper, edges)
                marks += _unfolded_marks(piece, *at, spec.fold)
                halves = zip(("front", "back"), _halves(piece, *at, spec.fold), strict=True)
                size = (piece.width, piece.height)
                placed += [
                    Placed(piece.deck, piece.name, s, Box(*h, *size), spec.bleed) for s, h in halves
                ]
            occupied = range(len(block.pieces))
            if spec.cut_corner_radius and block.straight:
                for index in occupied:
                    x, y = grid.position(index)
                    marks.append(
                        cut_path(x, y, grid.cell_width, grid.cell_height, spec.cut_corner_radius)
                    )
            if spec.crop_marks:
                marks += cut_guides(
                    grid, spec.bleed, spec.margin, block.room, occupied, keep_out, (), marked=True
                )
        paper_size = (blocks[0].grid.paper_width, blocks[0].grid.paper_height)
        result.append(Page(*paper_size, art + marks + notes, label=label, placed=placed))
        if spec.opaque_backing:
            on_back = (
                f"reverse of page {len(result)}: print it on that page's back, flip on the {edge}"
            )
            result.append(_backing(blocks, spec, f"{sheet} · {on_back}"))
    return result


def _backing(blocks: list[Block], spec: ImposeSpec, label: str) -> Page:
    """The reverse of a fold sheet: a dark layer under each unfolded piece (bleed included),
    placed where duplex printing lays it, with the same back offset as card backs."""
    b = spec.bleed
    layers: list[Op] = []
    for block in blocks:
        grid = back_block(block, spec.backs).grid
        x0, y0, x1, y1 = printable_area((grid.paper_width, grid.paper_height), spec.margin)
        for index in range(len(block.pieces)):
            x, y = grid.position(mirrored_index(grid, index, spec.backs))
            left, top = max(x - b, x0), max(y - b, y0)
            right = min(x + grid.cell_width + b, x1)
            bottom = min(y + grid.cell_height + b, y1)
            layers.append(Rect(left, top, right - left, bottom - top, BACKING))
    ops: list[Op] = [*layers, *footer(blocks, spec, label)]
    page = Page(blocks[0].grid.paper_width, blocks[0].grid.paper_height, ops, label=label)
    return moved_by_offset(page, spec)


def _unfolded(
    piece: Piece,
    x: float,
    y: float,
    spec: ImposeSpec,
    paper: tuple[float, float],
    edges: tuple[float, ...],
) -> list[Op]:
    """The art of one piece: front and back side by side (or one above the other), and the
    white casing of its fold line over them (with the art, so that a watermark crosses it as it
    crosses the art, under the dashes); `edges`: the bleed of the unfolded pair on each side
    (left, top, right, bottom)."""
    left, top, right, bottom = edges
    w, h = piece.width, piece.height
    back = piece.back or ()
    area = printable_area(paper, spec.margin)
    back_x, back_y = _halves(piece, x, y, spec.fold)[1]
    if spec.fold == "horizontal":
        turned = Group(back, rotate_180_about(w / 2, h / 2))
        halves = [
            place(piece.front, x, y, w, h, (left, top, right, 0.0), area),
            place((turned,), back_x, back_y, w, h, (left, 0.0, right, bottom), area),
        ]
    else:
        halves = [
            place(piece.front, x, y, w, h, (left, top, 0.0, bottom), area),
            place(back, back_x, back_y, w, h, (0.0, top, right, bottom), area),
        ]
    return [*halves, Line(*_fold_line(piece, x, y, spec.fold), FOLD_CASING)]


def _unfolded_marks(piece: Piece, x: float, y: float, fold: str) -> list[Op]:
    """The marks of one unfolded piece: its fold line, its trim and, for a shaped piece, its
    cut lines."""
    width, height = fold_unit(piece, fold)
    marks: list[Op] = [
        Line(*_fold_line(piece, x, y, fold), FOLD_PAINT),
        Rect(x, y, width, height, TRIM),
    ]
    if piece.outline is not None:
        # The outline is cut after gluing; first the rectangle round both halves is cut, so
        # they stay joined along the whole fold rather than at the point where outlines meet.
        marks.append(Rect(x, y, width, height, CUT_PAINT))
        marks += [Group((piece.outline,), translate(*half)) for half in _halves(piece, x, y, fold)]
    return marks


def _halves(piece: Piece, x: float, y: float, fold: str) -> list[tuple[float, float]]:
    """Where the front half and the back half of an unfolded piece at (x, y) lie."""
    if fold == "horizontal":
        return [(x, y), (x, y + piece.height)]
    return [(x, y), (x + piece.width, y)]


def _fold_line(piece: Piece, x: float, y: float, fold: str) -> tuple[float, float, float, float]:
    """Where the fold of an unfolded piece at (x, y) runs: along the near edge of its back."""
    back_x, back_y = _halves(piece, x, y, fold)[1]
    if fold == "horizontal":
        return (back_x, back_y, back_x + piece.width, back_y)
    return (back_x, back_y, back_x, back_y + piece.height)
