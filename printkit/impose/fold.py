"""Fold-and-glue pieces: front and back side by side on one page, with a fold line.

Folding turns the back half over its fold line. For a vertical fold the back half then reads
upright when the piece is turned over sideways, so it is printed as it is, beside the front.
For a horizontal fold the turn leaves the back upside down, so it is printed rotated 180°
under the front.
"""

from __future__ import annotations

from printkit.draw.ops import Group, Line, Op, Page, Paint, rotate_180_about
from printkit.impose.grid import Grid
from printkit.impose.marks import crop_marks, cut_path
from printkit.impose.pieces import Piece
from printkit.impose.placement import ACTUAL_SIZE, note, place
from printkit.model.base import ImposeSpec

FOLD_PAINT = Paint(None, "#606060", 0.5, (3.0, 2.0))


def fold_unit(piece: Piece, fold: str) -> tuple[float, float]:
    """The size of the flat, unfolded piece."""
    if fold == "horizontal":
        return (piece.width, 2 * piece.height)
    return (2 * piece.width, piece.height)


def impose_fold(pieces: list[Piece], grid: Grid, spec: ImposeSpec, title: str) -> list[Page]:
    b = spec.bleed
    pages: list[Page] = []
    per_sheet = grid.per_sheet
    for start in range(0, len(pieces), per_sheet):
        ops: list[Op] = []
        for index, piece in enumerate(pieces[start : start + per_sheet]):
            x, y = grid.position(index)
            w, h = piece.width, piece.height
            back = piece.back or ()
            if spec.fold == "horizontal":
                ops.append(place(piece.front, x, y, w, h, (b, b, b, 0.0)))
                turned = Group(back, rotate_180_about(w / 2, h / 2))
                ops.append(place((turned,), x, y + h, w, h, (b, 0.0, b, b)))
                ops.append(Line(x, y + h, x + w, y + h, FOLD_PAINT))
            else:
                ops.append(place(piece.front, x, y, w, h, (b, b, 0.0, b)))
                ops.append(place(back, x + w, y, w, h, (0.0, b, b, b)))
                ops.append(Line(x + w, y, x + w, y + h, FOLD_PAINT))
            if spec.cut_corner_radius:
                ops.append(
                    cut_path(x, y, grid.cell_width, grid.cell_height, spec.cut_corner_radius)
                )
        if spec.crop_marks:
            ops += crop_marks(grid, b, spec.margin)
        label = f"{title} · fold-and-glue sheet {start // per_sheet + 1}"
        text = f"{ACTUAL_SIZE} · cut out, fold on the dashed line, glue back to back"
        ops += note(
            text, (grid.paper_width, grid.paper_height), grid.top + grid.height + b, spec.margin
        )
        pages.append(Page(grid.paper_width, grid.paper_height, ops, label=label))
    return pages
