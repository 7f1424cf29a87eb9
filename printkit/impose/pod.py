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
    b = spec.bleed
    pages: list[Page] = []
    for number, piece in enumerate(pieces, start=1):
        sides: list[tuple[str, tuple[Op, ...] | None]] = [("front", piece.front)]
        if spec.backs != "none" and piece.back is not None:
            sides.append(("back", piece.back))
        for side, ops in sides:
            width, height = piece.width + 2 * b, piece.height + 2 * b
            art = place(ops, b, b, piece.width, piece.height, (b, b, b, b))
            trim = Box(b, b, piece.width, piece.height)
            pages.append(
                Page(
                    width,
                    height,
                    [art],
                    trim_box=trim,
                    bleed_box=Box(0.0, 0.0, width, height),
                    label=f"{piece.name} ({number}) · {side}",
                    placed=[Placed(piece.deck, piece.name, side, trim, b)],
                )
            )
    return pages
