"""How a map's pages are planned: the plan it prints on, and the same map planned again with
its hexes larger or smaller, or on other paper, to say what would print it on fewer pages.

Only the hexes' rectangle grows with the hex size: the bands round it (the border's stroke,
edge notes) and the header every page repeats keep theirs. So a map whose hexes are scaled
is planned exactly without drawing it again: its size, its joins' hex centres and the
windows its header's legend looks into are the drawn map's, scaled about that rectangle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.draw.ops import Op
from printkit.impose.tiling import Header, TilePlan, TilingError, Window, choose_paper
from printkit.materials.hexmap.art import Box
from printkit.materials.hexmap.compose import COMPACT, Key, LegendItem
from printkit.model.hexmap import Tiling
from printkit.model.units import to_mm


@dataclass(frozen=True)
class MapPages:
    """What a map's page plan is made from."""

    size: tuple[float, float]  # the map alone, as tiles show it under their headers
    whole: tuple[float, float]  # the map with its title block, as one page shows it
    snaps: tuple[Sequence[float], Sequence[float]]  # hex centres, where joins may go
    grid: Box  # the hexes' rectangle in the map
    header: Header
    legend: list[LegendItem]  # the header's
    tiling: Tiling

    def plan(
        self, paper: tuple[float, float], scale: float = 1.0, orientation: str | None = None
    ) -> tuple[tuple[float, float], TilePlan | None]:
        """The sheet and its plan (None: one page), with the hexes `scale` times their size
        (never fewer pages than that map prints on); TilingError when no plan fits, a legend
        entry wider than a page's header included."""
        size, snaps, header, whole = self.size, self.snaps, self.header, self.whole
        if scale != 1.0:
            size, snaps, header = self._scaled(scale)
            # Its title block, laid out again, is not measured: planned as tiles, the map takes
            # as many pages as it prints on, or more (with its title block it may fit one).
            whole = (math.inf, math.inf)
        sheet, plan = choose_paper(
            size,
            paper,
            orientation or self.tiling.orientation,
            self.tiling.margin,
            self.tiling.overlap,
            snaps if self.tiling.snap else ((), ()),
            header,
            whole=whole,
        )
        if plan is not None:
            _legend_fits(plan, self.legend)
        return sheet, plan

    def pages(
        self, paper: tuple[float, float], scale: float = 1.0, orientation: str | None = None
    ) -> int | None:
        """How many pages the map takes so (scaled: at most); None when it cannot be planned."""
        try:
            _, plan = self.plan(paper, scale, orientation)
        except TilingError:
            return None
        return 1 if plan is None else plan.pages

    def _scaled(
        self, scale: float
    ) -> tuple[tuple[float, float], tuple[Sequence[float], Sequence[float]], Header]:
        gx, gy, gw, gh = self.grid
        size = (self.size[0] + gw * (scale - 1), self.size[1] + gh * (scale - 1))
        snaps = (
            [gx + (x - gx) * scale for x in self.snaps[0]],
            [gy + (y - gy) * scale for y in self.snaps[1]],
        )

        def draw(window: Window | None, width: float) -> tuple[list[Op], float]:
            """The header of the drawn map's window the scaled one shows."""
            if window is not None:
                x, y, w, h = window
                window = (gx + (x - gx) / scale, gy + (y - gy) / scale, w / scale, h / scale)
            return self.header.draw(window, width)

        return size, snaps, Header(draw)


class LegendTooWide(TilingError):
    """A legend entry wider than a page's header: its name is what to shorten, so the error
    is reported at the name `key` stands for, not at the map's tiling."""

    def __init__(self, message: str, key: Key) -> None:
        super().__init__(message)
        self.key = key


def _legend_fits(plan: TilePlan, legend: list[LegendItem]) -> None:
    """Every legend entry fits the narrowest page header (an entry is never broken)."""
    room = min(plan.header_span(column)[1] for column in range(len(plan.xs)))
    for item in legend:
        width = COMPACT.item_width(item)
        if width > room:
            raise LegendTooWide(
                f"its legend entry '{item.text}' is {to_mm(width):.0f} mm wide, wider than "
                f"the {to_mm(room):.0f} mm a page's header has",
                item.key,
            )
