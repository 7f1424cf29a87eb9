"""The compact title block each page of a tiled map repeats above its part of the map.

The map's title and caption run as one small paragraph; the legend follows, on the same line
when it fits there, and lists only what that page shows. Tiling gives the width: up to where
the next page's cut edge lands, so once the pages are laid together no word is hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from printkit.draw.ops import Group, Op, translate
from printkit.draw.text import LEADING, FittedText, Run, fit_text, parse_markup
from printkit.impose.tiling import Header, Window
from printkit.materials.hexmap.compose import COMPACT, Key, LegendItem

TEXT_SIZE = 7.0


def map_header(
    title: str,
    caption: str | None,
    items: list[LegendItem],
    shown: Callable[[Window], set[Key]],
) -> Header:
    """``shown(window)`` says which legend entries a page's window holds. The caption keeps
    its markup and line breaks, as under the title of a one-page map."""
    pitch = COMPACT.pitch(items)
    runs = [Run(title, "bold")]
    if caption:
        runs += [Run(" — ", "regular"), *parse_markup(caption, {}).runs]

    @cache  # the same on every page of a column; pages differ only in their legend
    def paragraph(width: float) -> FittedText:
        return fit_text(runs, (0.0, 0.0, width, 1e6), TEXT_SIZE, TEXT_SIZE, break_words=True)

    def draw(window: Window | None, width: float) -> tuple[list[Op], float]:
        keys = shown(window) if window is not None else {i.key for i in items}
        return _layout(paragraph(width), [i for i in items if i.key in keys], width, pitch)

    return Header(draw)


def _layout(
    fitted: FittedText, items: list[LegendItem], width: float, pitch: float
) -> tuple[list[Op], float]:
    """The header's ops from (0, 0) and its height: the paragraph, and the legend beside
    its only line when there is room there, else in rows under it."""
    text: list[Op] = list(fitted.ops)
    lines = fitted.lines
    line_height = TEXT_SIZE * LEADING
    if not items:
        return text, lines * line_height
    row = pitch - COMPACT.row_gap
    if lines == 1:
        start = fitted.right + 2 * COMPACT.gap
        if start + COMPACT.row_width(items) <= width:
            tall = max(line_height, row)
            return [
                Group(tuple(text), translate(0.0, (tall - line_height) / 2)),
                Group(tuple(COMPACT.ops([items], pitch)), translate(start, (tall - row) / 2)),
            ], tall
    rows = COMPACT.rows(items, width)
    top = lines * line_height + COMPACT.row_gap
    legend = Group(tuple(COMPACT.ops(rows, pitch)), translate(0.0, top))
    return [*text, legend], top + COMPACT.height(len(rows), pitch)
