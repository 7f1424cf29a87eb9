"""Where cards should be on a sheet, computed from PRINT.md's conventions (not from printkit):
an n-up grid of equal cells, centred on the paper, kept a 5 mm home-printer margin inside it,
edge to edge with shared cut lines (`gap` 0) or 2 × bleed apart."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from support import length_mm

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD_SIZES_MM = {"standard": (63.0, 88.0), "poker": (63.5, 88.9)}
HOME_MARGIN_MM = 5.0
BLEED_MM = 3.0


@dataclass(frozen=True)
class ExpectedGrid:
    paper: tuple[float, float]
    card: tuple[float, float]
    gap: float
    columns: int
    rows: int

    @classmethod
    def fit(cls, paper: str, card: tuple[float, float], gap: float = 0.0) -> ExpectedGrid:
        width, height = PAPERS_MM[paper]
        usable_w, usable_h = width - 2 * HOME_MARGIN_MM, height - 2 * HOME_MARGIN_MM
        columns = math.floor((usable_w + gap + 1e-9) / (card[0] + gap))
        rows = math.floor((usable_h + gap + 1e-9) / (card[1] + gap))
        return cls((width, height), card, gap, columns, rows)

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return (self.card[0] + self.gap, self.card[1] + self.gap)

    @property
    def left(self) -> float:
        return (self.paper[0] - (self.columns * self.pitch[0] - self.gap)) / 2

    @property
    def top(self) -> float:
        return (self.paper[1] - (self.rows * self.pitch[1] - self.gap)) / 2

    @property
    def right(self) -> float:
        return self.paper[0] - self.left

    @property
    def bottom(self) -> float:
        return self.paper[1] - self.top

    def cell(self, index: int) -> tuple[float, float, int, int]:
        """Trim top-left corner (mm) of a cell, with its row and column."""
        row, column = divmod(index % self.per_sheet, self.columns)
        return (self.left + column * self.pitch[0], self.top + row * self.pitch[1], row, column)

    def cut_xs(self) -> list[float]:
        return _cuts(self.left, self.card[0], self.gap, self.columns)

    def cut_ys(self) -> list[float]:
        return _cuts(self.top, self.card[1], self.gap, self.rows)


def _cuts(start: float, size: float, gap: float, count: int) -> list[float]:
    edges: list[float] = []
    for i in range(count):
        a = start + i * (size + gap)
        for edge in (a, a + size):
            if not edges or abs(edges[-1] - edge) > 1e-6:
                edges.append(edge)
    return edges


def card_size_mm(layout: dict[str, Any]) -> tuple[float, float]:
    size = layout["size"]
    if isinstance(size, str):
        return CARD_SIZES_MM[size]
    return (length_mm(size["width"]), length_mm(size["height"]))


def bleed_mm(material: dict[str, Any]) -> float:
    impose = material.get("impose") or {}
    return length_mm(impose["bleed"]) if "bleed" in impose else BLEED_MM
