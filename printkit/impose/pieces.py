"""What imposition works on: pieces with a front, an optional back, and a trim size."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.ops import Op


@dataclass(frozen=True)
class Piece:
    """One physical piece (a card, a counter). Ops are in piece coordinates: (0, 0) is the
    top-left corner of the trim, and art may reach `bleed` beyond it on every side.

    `outline` is the cut line of a piece that is not cut along straight lines shared with its
    neighbours (a circle, a hexagon); the sheet draws it over the art on both sides. It must be
    symmetric left to right and top to bottom, as every outline printkit draws is, so that the
    same line fits the mirrored back."""

    name: str
    width: float
    height: float
    front: tuple[Op, ...]
    back: tuple[Op, ...] | None = None
    outline: Op | None = None
    deck: str = ""  # the deck it comes from, which names it with `name`
