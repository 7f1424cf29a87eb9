"""Small sheets (a bonus-ability card, an A5 mat) imposed n-up on the paper, with crop marks.

Each small page becomes a piece for the card imposition. Its form fields cannot travel inside
a placed piece (a PDF field lives on the page, not in the content stream), so they are lifted
out and moved to where the piece lands. Each copy comes as a page of its own, its fields
already renamed `copy2.…` (two fields with one name would share one value), and with its back
when the sheet has one: pieces with backs are imposed as a deck's cards, duplex.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.diagnostics import Diagnostics
from printkit.draw.ops import FormField, Page
from printkit.impose.grid import Grid, fit_grid
from printkit.impose.marks import MARK_CLEARANCE, MARK_MIN
from printkit.impose.pieces import Piece
from printkit.impose.sheet import impose_sheets
from printkit.load.package import LoadedPackage
from printkit.materials.paper import report_too_small
from printkit.model.base import ImposeSpec
from printkit.model.sheet import SheetMaterial
from printkit.model.units import to_mm

NO_BACKS = ImposeSpec(bleed="0mm", backs="none")
# A sheet with a back prints as a deck does: each sheet of fronts, then its backs mirrored
# for flipping on the long edge, the way home duplex printers flip by default.
WITH_BACKS = ImposeSpec(bleed="0mm", backs="long_edge")
MARK_ROOM = MARK_MIN + MARK_CLEARANCE  # the shortest crop mark and its gap to the art


def small_sheet_grid(paper: tuple[float, float], cell: tuple[float, float]) -> Grid | None:
    """Where copies of a small sheet go on the paper. Room for the crop marks beside every
    copy, inside the printer's margin and between copies: a sheet too wide for it is refused
    rather than printed with marks missing on a side."""
    return fit_grid(paper, cell, 2 * MARK_ROOM, NO_BACKS.margin + MARK_ROOM)


def impose_small_sheets(
    loaded: LoadedPackage,
    material_id: str,
    spec: SheetMaterial,
    sides: tuple[list[Page], list[Page]],
    paper: tuple[str, tuple[float, float]],
    title: str,
    diagnostics: Diagnostics,
) -> list[Page] | None:
    assert spec.size is not None
    small, backs = sides  # each copy a page; its back, if the sheet has one, at the same index
    impose = WITH_BACKS if backs else NO_BACKS
    cell = (spec.size.width, spec.size.height)
    grid = small_sheet_grid(paper[1], cell)
    if grid is None:
        with_marks = NO_BACKS.model_copy(update={"margin": NO_BACKS.margin + MARK_ROOM})
        hint = (
            f"each copy keeps {to_mm(MARK_ROOM):g} mm beside it for its crop marks: on "
            f"{paper[0]} a sheet may be {to_mm(paper[1][0] - 2 * with_marks.margin):.0f} × "
            f"{to_mm(paper[1][1] - 2 * with_marks.margin):.0f} mm at most; choose a larger "
            "paper or a smaller 'size'"
        )
        report_too_small(loaded, material_id, cell, paper[0], with_marks, diagnostics, hint)
        return None
    pieces: list[Piece] = []
    fields: list[tuple[int, FormField]] = []  # (piece index, field in piece coordinates)
    for index, page in enumerate(small):  # each copy a page of its own, its fields named so
        fields += [(index, op) for op in page.ops if isinstance(op, FormField)]
        art = tuple(op for op in page.ops if not isinstance(op, FormField))
        back = tuple(backs[index].ops) if backs else None
        pieces.append(Piece(page.label, cell[0], cell[1], art, back))
    sheets = impose_sheets(pieces, grid, impose, title)
    for index, field in fields:
        x, y = grid.position(index)
        sheets[index // grid.per_sheet].ops.append(replace(field, x=field.x + x, y=field.y + y))
    return sheets
