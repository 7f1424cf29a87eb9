"""Print-on-demand export: one piece per page, page = trim + 2 × bleed.

Commercial printers read the TrimBox to know where to cut and the BleedBox to know how much art
is spare, so both are set on every page (reportlab's own cropMarks option sets no TrimBox).
"""

from __future__ import annotations

from printkit.draw.ops import Box, Op, Page, Placed
from printkit.impose.pieces import Piece
from printkit.impose.placement import place
from printkit.model.base import ImposeSpec


def impose_print_on_demand(pieces: list[Piece], spec: ImposeSpec) -> list[Page]:
    pages: list[Page] = []
    for number, piece in enumerate(pieces, start=1):
        sides: list[tuple[str, tuple[Op, ...] | None]] = [("front", piece.front)]
        if spec.backs != "none" and piece.back is not None:
            sides.append(("back", piece.back))
        for side, ops in sides:
            label = f"{piece.name} ({number}) · {side}"
            pages.append(piece_page(piece, ops, spec.bleed, side, label))
    return pages


def piece_page(
    piece: Piece, ops: tuple[Op, ...] | None, bleed: float, side: str = "front", label: str = ""
) -> Page:
    """One side of a piece alone on a page of its trim plus `bleed` on every side (a side
    with no ops is a blank page of that size), recording which piece's side it shows."""
    b = bleed
    width, height = piece.width + 2 * b, piece.height + 2 * b
    art = [place(ops, b, b, piece.width, piece.height, (b, b, b, b))] if ops is not None else []
    trim = Box(b, b, piece.width, piece.height)
    return Page(
        width,
        height,
        art,
        trim_box=trim,
        bleed_box=Box(0.0, 0.0, width, height),
        label=label,
        placed=[Placed(piece.deck, piece.name, side, trim, b)],
    )
