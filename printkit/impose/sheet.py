"""N-up sheets for home printing, with backs for duplex.

Fronts fill a grid centred on the paper; each front page is followed by its back page, where the
column order in every row is reversed (long-edge duplex) or the row order is (short-edge), and a
measured printer offset is applied. A full-bleed sheet (`gutter: shared`) puts pieces edge to
edge with shared cut lines; a bleed sheet (`gutter: bleed`) leaves 2 × bleed between them.
"""

from __future__ import annotations

from printkit.draw.ops import Group, Op, Page, translate
from printkit.impose.grid import Grid
from printkit.impose.marks import crop_marks, cut_path
from printkit.impose.pieces import Piece
from printkit.impose.placement import ACTUAL_SIZE, note, place
from printkit.model.base import ImposeSpec


def bleed_sides(grid: Grid, index: int, bleed: float, shared: bool) -> tuple[float, ...]:
    """Bleed allowed on each side of the piece in cell `index`: none toward a shared cut."""
    if not shared:
        return (bleed, bleed, bleed, bleed)
    row, column = divmod(index, grid.columns)
    return (
        bleed if column == 0 else 0.0,
        bleed if row == 0 else 0.0,
        bleed if column == grid.columns - 1 else 0.0,
        bleed if row == grid.rows - 1 else 0.0,
    )


def mirrored_index(grid: Grid, index: int, backs: str) -> int:
    """Where the back of cell `index` goes: columns reversed (long edge) or rows (short)."""
    row, column = divmod(index, grid.columns)
    if backs == "short_edge":
        return (grid.rows - 1 - row) * grid.columns + column
    return row * grid.columns + (grid.columns - 1 - column)


def impose_sheets(pieces: list[Piece], grid: Grid, spec: ImposeSpec, title: str) -> list[Page]:
    shared = spec.gutter == "shared"
    per_sheet = grid.per_sheet
    sheets = [pieces[i : i + per_sheet] for i in range(0, len(pieces), per_sheet)]
    with_backs = spec.backs != "none" and any(p.back is not None for p in pieces)
    pages: list[Page] = []
    for number, sheet in enumerate(sheets, start=1):
        label = f"{title} · sheet {number} of {len(sheets)}"
        fronts: list[Op] = []
        cells = list(range(len(sheet)))
        for index, piece in enumerate(sheet):
            x, y = grid.position(index)
            fronts.append(
                place(
                    piece.front,
                    x,
                    y,
                    piece.width,
                    piece.height,
                    bleed_sides(grid, index, spec.bleed, shared),
                )
            )
        pages.append(_page(grid, spec, fronts, cells, f"{label} · fronts"))
        if not with_backs:
            continue
        backs: list[Op] = []
        for index, piece in enumerate(sheet):
            if piece.back is None:
                continue
            target = mirrored_index(grid, index, spec.backs)
            x, y = grid.position(target)
            backs.append(
                place(
                    piece.back,
                    x,
                    y,
                    piece.width,
                    piece.height,
                    bleed_sides(grid, target, spec.bleed, shared),
                )
            )
        shifted = Group(tuple(backs), translate(spec.back_offset_x, spec.back_offset_y))
        mirrored = [mirrored_index(grid, index, spec.backs) for index in cells]
        pages.append(_page(grid, spec, [shifted], mirrored, f"{label} · backs"))
    return pages


def _page(grid: Grid, spec: ImposeSpec, art: list[Op], cells: list[int], label: str) -> Page:
    ops = list(art)
    if spec.cut_corner_radius:
        for index in cells:
            x, y = grid.position(index)
            ops.append(cut_path(x, y, grid.cell_width, grid.cell_height, spec.cut_corner_radius))
    if spec.crop_marks:
        ops += crop_marks(grid, spec.bleed, spec.margin)
    art_bottom = grid.top + grid.height + spec.bleed
    ops += note(
        f"{ACTUAL_SIZE} · {label}", (grid.paper_width, grid.paper_height), art_bottom, spec.margin
    )
    return Page(grid.paper_width, grid.paper_height, ops, label=label)
