"""The note on a tiled map whose last column or row of pages keeps only a thin strip of it
(PK353): how thin, and what would print the map on fewer pages. Two sheets for the last
29 mm of a map are paper and taping a designer would rather save, and a hex size a little
smaller, another paper or another orientation often saves them; the board itself (its
columns and rows) is the game's, so it is not what the note suggests changing.
"""

from __future__ import annotations

import math

from printkit.impose.catalogue import papers
from printkit.impose.tiling import TilePlan
from printkit.materials.hexmap.pages import MapPages
from printkit.model.units import mm, to_mm

# A last column or row of pages keeping less than this share of a page's window is a strip.
THIN = 0.25


def thin_strip(
    name: str,
    pages: MapPages,
    plan: TilePlan,
    paper: tuple[float, float],
    paper_key: str,
    across: float,
) -> tuple[str, str] | None:
    """The note's message and hint for map `name`, or None: no thin strip, or nothing that
    would print the map on fewer pages."""
    strips = [
        f"{count} of which {'keeps' if count == 1 else 'keep'} only a {to_mm(kept):.0f} mm "
        f"strip along its {edge} edge"
        for edge, kept, window, count, starts in (
            ("right", plan.size[0] - plan.xs[-1], plan.window[0], len(plan.ys), plan.xs),
            ("bottom", plan.size[1] - plan.ys[-1], plan.window[1], len(plan.xs), plan.ys),
        )
        if len(starts) > 1 and kept < THIN * window
    ]
    if not strips:
        return None
    ways = _smaller_hexes(pages, paper, across, plan.pages)
    ways += _other_paper(pages, paper, paper_key, plan.pages)
    if not ways:
        return None
    return (
        f"map '{name}' prints on {plan.pages} pages, {' and '.join(strips)}",
        f"it would print on fewer pages with {'; '.join(ways)}",
    )


def _smaller_hexes(
    pages: MapPages, paper: tuple[float, float], across: float, now: int
) -> list[str]:
    """The largest hex size, to a tenth of a millimetre and down to half the size, that prints
    the map on fewer pages, also in hundredths of an inch when that size does too."""

    def fewer(size: float) -> int | None:
        count = pages.pages(paper, size / across)
        return count if count is not None and count < now else None

    tenths = to_mm(across) * 10
    low, high = math.ceil(tenths / 2), math.ceil(tenths) - 1  # tenths of a millimetre
    if high < low or fewer(mm(low / 10)) is None:
        return []
    while low < high:  # fewer pages at `low`, not above `high`
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fewer(mm(middle / 10)) is not None else (low, middle - 1)
    shown = f"'hex_size: {low / 10:g}mm'"
    inches = math.floor(mm(low / 10) / 72 * 100) / 100
    if fewer(inches * 72) is not None:
        shown += f" (or {inches:.2f}in)"
    count = fewer(mm(low / 10))  # as tiles: with its title block the map may fit one page
    return [f"{shown}: {_pages(count)}{'' if count == 1 else ' at most'}"]


def _other_paper(
    pages: MapPages, paper: tuple[float, float], paper_key: str, now: int
) -> list[str]:
    """The other orientation when the tiling names one, and each other paper of the
    catalogue, that print the map on fewer pages."""
    found = []
    turned = {"portrait": "landscape", "landscape": "portrait"}.get(pages.tiling.orientation)
    if turned is not None:
        count = pages.pages(paper, orientation=turned)
        if count is not None and count < now:
            found.append(f"'orientation: {turned}': {_pages(count)}")
    for name, size in papers().items():
        count = pages.pages(size) if name != paper_key else None
        if count is not None and count < now:
            found.append(f"'paper: {name}': {_pages(count)}")
    return found


def _pages(count: int | None) -> str:
    return "1 page" if count == 1 else f"{count} pages"
