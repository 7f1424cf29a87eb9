"""N-up sheets for home printing, with backs for duplex.

Fronts fill grids on the paper (one centred grid for a deck of cards, several stacked blocks for
a counter sheet of mixed sizes); each front page is followed by its back page, where the column
order in every row is reversed (long-edge duplex) or the row order is (short-edge), and a
measured printer offset is applied. A full-bleed sheet (`gutter: shared`) puts pieces edge to
edge with shared cut lines; a bleed sheet (`gutter: bleed`) leaves 2 × bleed between them.
Circles and hexagons always stand 2 × bleed apart and carry their own outline, on both sides.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from printkit.draw.ops import Box, Group, Op, Page, Placed, Rect, translate
from printkit.impose.blocks import Block, back_block, grid_pages
from printkit.impose.grid import Grid
from printkit.impose.marks import TRIM, cut_guides, cut_path, outer_bleeds
from printkit.impose.pieces import Piece
from printkit.impose.placement import ACTUAL_SIZE, note, place, printable_area
from printkit.model.base import ImposeSpec
from printkit.preflight.items import BBox, bounds


def bleed_sides(
    grid: Grid,
    index: int,
    bleed: float,
    shared: bool,
    filled: Collection[int] | None = None,
    outer: tuple[float, float, float, float] | None = None,
) -> tuple[float, ...]:
    """Bleed allowed on each side of the piece in cell `index` (left, top, right, bottom): none
    toward a shared cut with a piece beyond it. Toward a cell left empty (`filled` holds the
    cells with a piece; all by default), as on a sheet's last, part-filled page, the art
    bleeds as at the grid's edge: a cut a little off there shows art, not white paper. At the
    grid's edge, `outer`'s bleed for that side (marks.outer_bleeds: room for the crop marks),
    the whole bleed by default."""
    row, column = divmod(index, grid.columns)
    edges = outer or (bleed, bleed, bleed, bleed)

    def beyond(r: int, c: int, side: int) -> float:
        if not (0 <= r < grid.rows and 0 <= c < grid.columns):
            return edges[side]
        empty = filled is not None and r * grid.columns + c not in filled
        return bleed if not shared or empty else 0.0

    return (
        beyond(row, column - 1, 0),
        beyond(row - 1, column, 1),
        beyond(row, column + 1, 2),
        beyond(row + 1, column, 3),
    )


def mirrored_index(grid: Grid, index: int, backs: str) -> int:
    """Where the back of cell `index` goes: columns reversed (long edge) or rows (short)."""
    row, column = divmod(index, grid.columns)
    if backs == "short_edge":
        return (grid.rows - 1 - row) * grid.columns + column
    return row * grid.columns + (grid.columns - 1 - column)


def impose_sheets(pieces: list[Piece], grid: Grid, spec: ImposeSpec, title: str) -> list[Page]:
    """Sheets of one grid, as for a deck of cards."""
    return impose_block_sheets(grid_pages(pieces, grid, spec.gutter == "shared"), spec, title)


def impose_block_sheets(pages: list[list[Block]], spec: ImposeSpec, title: str) -> list[Page]:
    with_backs = spec.backs != "none" and any(
        piece.back is not None for blocks in pages for block in blocks for piece in block.pieces
    )
    result: list[Page] = []
    sides_alike: dict[tuple, tuple[Op, ...]] = {}
    for number, blocks in enumerate(pages, start=1):
        label = f"{title} · sheet {number} of {len(pages)}"
        fronts, placed = _sides(blocks, spec, back=False)
        cells = [list(range(len(block.pieces))) for block in blocks]
        if not with_backs:
            result.append(_page(blocks, cells, spec, fronts, label))  # no backs: no "fronts"
            result[-1].placed = placed
            continue
        edge = spec.backs.replace("_", " ")
        how = f"fronts · print double-sided, flip on the {edge}"
        result.append(_page(blocks, cells, spec, fronts, f"{label} · {how}"))
        result[-1].placed = placed
        turned = [back_block(block, spec.backs) for block in blocks]
        backs, placed = _sides(turned, spec, back=True)
        mirrored = [
            [mirrored_index(block.grid, index, spec.backs) for index in indices]
            for block, indices in zip(turned, cells, strict=True)
        ]
        front_page = len(result)  # the page just added, counted from 1
        art = [Group(_shared(backs, sides_alike))]
        back = _page(turned, mirrored, spec, art, f"{label} · backs of page {front_page}", False)
        back.placed = placed
        result.append(moved_by_offset(back, spec))
    return result


def moved_by_offset(page: Page, spec: ImposeSpec) -> Page:
    """A back page laid out as the front's reverse, then moved whole (art, cut guides, note)
    by the back offset: once the printer shifts it the other way, as the calibration page
    measured, everything lands where it was laid out, 5 mm inside the paper."""
    dx, dy = spec.back_offset_x, spec.back_offset_y
    if not dx and not dy:
        return page
    page.ops = [Group(tuple(page.ops), translate(dx, dy))]
    page.placed = [
        replace(p, box=Box(p.box.x + dx, p.box.y + dy, p.box.w, p.box.h)) for p in page.placed
    ]
    page.lands = (-dx, -dy)
    return page


def _shared(ops: list[Op], alike: dict[tuple, tuple[Op, ...]]) -> tuple[Op, ...]:
    """The ops as a tuple: the very tuple of an earlier side drawn alike (a deck's backs, one
    design on every sheet), so that the PDF writes them once, as a form, and the cache key and
    the preflight meet them once. Sides are alike when they place the same drawings (the same
    tuples of ops, which `alike` keeps alive) the same way, and draw the same loose ops."""
    key = tuple(
        (id(op.ops), op.matrix, op.clip, op.clip_path) if isinstance(op, Group) else op
        for op in ops
    )
    return alike.setdefault(key, tuple(ops))


def _sides(blocks: list[Block], spec: ImposeSpec, back: bool) -> tuple[list[Op], list[Placed]]:
    """One side of every block of a page: the art of every block, then the cut outlines over
    it (a playtest watermark goes in between: draw/watermark.py), and where each piece lies."""
    art: list[Op] = []
    outlines: list[Op] = []
    placed: list[Placed] = []
    for block in blocks:
        drawn, cuts, where = _side(block, spec, back)
        art += drawn
        outlines += cuts
        placed += where
    return art + outlines, placed


def _side(block: Block, spec: ImposeSpec, back: bool) -> tuple[list[Op], list[Op], list[Placed]]:
    """One side of a block: each piece's art in its cell (the mirrored cell for a back), the
    cut outlines of shaped pieces, and where each piece lies."""
    grid = block.grid
    art: list[Op] = []
    outlines: list[Op] = []
    placed: list[Placed] = []
    drawn = [  # a card may have no back
        (i, p, ops)
        for i, p in enumerate(block.pieces)
        if (ops := p.back if back else p.front) is not None
    ]
    cells = [mirrored_index(grid, index, spec.backs) if back else index for index, _, _ in drawn]
    filled = set(cells)
    outer = None
    if spec.crop_marks and block.straight:  # the art stops short of the marks
        outer = outer_bleeds(grid, spec.bleed, spec.margin, block.room)
    for (_, piece, ops), target in zip(drawn, cells, strict=True):
        x, y = grid.position(target)
        sides = bleed_sides(grid, target, spec.bleed, block.shared, filled, outer)
        paper = (grid.paper_width, grid.paper_height)
        area = printable_area(paper, spec.margin)
        art.append(place(ops, x, y, piece.width, piece.height, sides, area))
        box = Box(x, y, piece.width, piece.height)
        side = "back" if back else "front"
        placed.append(Placed(piece.deck, piece.name, side, box, spec.bleed))
        if piece.outline is not None:
            outlines.append(Group((piece.outline,), translate(x, y)))
        elif not back and not block.straight:  # cut from the front, along its marks
            outlines.append(Rect(x, y, piece.width, piece.height, TRIM))  # (a straight
    return art, outlines, placed  # block's trims are among its page's cut guides)


def _page(
    blocks: list[Block],
    cells: list[list[int]],
    spec: ImposeSpec,
    art: list[Op],
    label: str,
    front: bool = True,
) -> Page:
    """A side's art with its cut paths, cut guides (trims and crop marks) and the actual-size
    note under it all; the marks stop short of the note. Pieces are cut from the front: only
    a front has trims."""
    ops = list(art)
    notes = footer(blocks, spec, label)
    keep_out = note_boxes(notes)
    for block, indices in zip(blocks, cells, strict=True):
        if not block.straight:
            continue
        grid = block.grid
        if spec.cut_corner_radius:
            for index in indices:
                x, y = grid.position(index)
                ops.append(
                    cut_path(x, y, grid.cell_width, grid.cell_height, spec.cut_corner_radius)
                )
        pieces = enumerate(block.pieces) if front else ()
        trimmed = tuple((i, p.width, p.height) for i, p in pieces if p.front is not None)
        ops += cut_guides(
            grid,
            spec.bleed,
            spec.margin,
            block.room,
            indices,
            keep_out,
            trimmed,
            marked=spec.crop_marks,
        )
    ops += notes
    return Page(blocks[0].grid.paper_width, blocks[0].grid.paper_height, ops, label=label)


def note_boxes(notes: list[Op]) -> list[BBox]:
    """The box of each line of a sheet's note: what its crop marks stop short of (a note split
    between the marks leaves them the room between its lines)."""
    return [box for op in notes if (box := bounds([op])) is not None]


def footer(blocks: list[Block], spec: ImposeSpec, label: str) -> list[Op]:
    """The sheet's note: print at actual size, then the page's `label` (the material's title
    and version, which sheet, how to print and make it), placed where the art of all its
    blocks leaves printable room. Every imposition's pages say it alike."""
    paper = (blocks[0].grid.paper_width, blocks[0].grid.paper_height)
    art_bottom = max(block.grid.top + block.grid.height for block in blocks) + spec.bleed
    art_top = min(block.grid.top for block in blocks) - spec.bleed
    art_left = min(block.grid.left for block in blocks) - spec.bleed
    marks_at = [
        y for block in blocks if spec.crop_marks and block.straight for y in block.grid.cut_ys()
    ]
    text = f"{ACTUAL_SIZE} · {label}"
    return note(text, paper, art_bottom, spec.margin, art_left, marks_at, art_top)
