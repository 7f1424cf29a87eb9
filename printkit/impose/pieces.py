"""What imposition works on: pieces with a front, an optional back, and a trim size."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.ops import Op


@dataclass(frozen=True)
class Piece:
    """One physical piece (a card, a counter). Ops are in piece coordinates: (0, 0) is the
    top-left corner of the trim, and art may reach `bleed` beyond it on every side."""

    name: str
    width: float
    height: float
    front: tuple[Op, ...]
    back: tuple[Op, ...] | None = None
