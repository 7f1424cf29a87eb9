"""One image per card face and back, with bleed, named in deck order: what `--format cards`
writes, and what a print-on-demand preset whose upload takes images writes (export/pod.py).

A card is drawn once as a page of its own (trim plus bleed, as impose/pod.py lays out
print-on-demand pages) and rendered by pdfium: a poker card (2.5 × 3.5 in) with 1/8 in of
bleed is 825 × 1125 pixels at 300 dpi.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from printkit.draw.ops import Op, Page
from printkit.export.pieces import DrawnPieces
from printkit.export.raster import named_pngs
from printkit.impose.pieces import Piece
from printkit.impose.pod import piece_page

CARDS_NAMING = "card-{number:03d}-{side}-{name}.png"
CARDS_SHARED_BACK = "card-back.png"


@dataclass(frozen=True)
class ImageSet:
    """How a set of card images is named and drawn. `naming` is a Python format string with
    the fields number (the card's place in the deck, from 1), side ('front' or 'back') and
    name (the card's name as a file-name slug); `shared_back` names the one back image written
    when every card has the same back (None: each card's back is written beside it)."""

    bleed: float  # points
    dpi: int
    naming: str = CARDS_NAMING
    shared_back: str | None = CARDS_SHARED_BACK


def card_images(
    material_id: str, drawn: DrawnPieces, images: ImageSet
) -> Iterator[tuple[str, bytes]]:
    """Each image's file name (`<material>.<name>`) and PNG bytes: a front per card in deck
    order, each with its back unless one back serves the whole deck (then written once). The
    copies of a card share its piece, and so its images: each is rendered once."""
    shared = images.shared_back is not None and drawn.shared_back
    distinct: dict[tuple[int, str], tuple[list[str], Page]] = {}

    def add(name: str, piece: Piece, side: str, ops: tuple[Op, ...] | None) -> None:
        key = (id(piece), side)
        if key not in distinct:
            distinct[key] = ([], piece_page(piece, ops, images.bleed))
        distinct[key][0].append(name)

    first = drawn.cards[0].piece
    if shared and images.shared_back and first.back is not None:
        add(images.shared_back, first, "back", first.back)
    for number, card in enumerate(drawn.cards, start=1):
        sides = [("front", card.piece.front)]
        if not shared and card.piece.back is not None:
            sides.append(("back", card.piece.back))
        for side, ops in sides:
            name = images.naming.format(number=number, side=side, name=slug(card.name))
            add(name, card.piece, side, ops)
    for names, png in named_pngs(list(distinct.values()), drawn.symbols, images.dpi):
        for name in names:
            yield f"{material_id}.{name}", png


MAX_SLUG = 40  # characters of a card's name in its image's file name


def slug(name: str) -> str:
    """A card name as a portable file-name part: ASCII letters, digits and hyphens."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:MAX_SLUG].strip("-") or "card"
