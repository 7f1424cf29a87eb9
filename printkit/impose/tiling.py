"""Tiling art larger than the paper over several pages that overlap, poster-style.

Each page shows a window of the art. Pages are assembled by trimming a page along the cut
ticks of its left (top) edge and laying it over its neighbour until that edge meets the
neighbour's overlap ticks; the overlap strip is printed on both pages, so a slightly
crooked cut never leaves a gap. Ticks, the page index ("B2 of 2 × 3") and the actual-size
note sit in bands around the window, outside the art, so the assembled map is exactly the
art. The part of the window each page keeps (up to where the next page's cut edge lands) is
written as its TrimBox, so the kept parts assemble edge to edge.

Joins are moved back onto rows of hex centres (``snap``), as PRINT.md asks, when that costs no
extra page, so each cut runs through hexes where the two halves are easy to line up.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Box, Group, Line, Op, Page, Text, translate
from printkit.impose.marks import MARK_PAINT
from printkit.impose.placement import note, place
from printkit.model.units import mm, to_mm

BAND_TOP = mm(5)
BAND_BOTTOM = mm(5)
BAND_SIDE = mm(3)
FOOTER = mm(4)
TICK = mm(2)
TICK_GAP = mm(0.5)
LABEL_SIZE = 6.0
HEADER_GAP = mm(0.8)  # above and below the header: clear of the index line and the ticks
HEADER_TOP = mm(2.5) + HEADER_GAP  # the page index line takes the first 2.5 mm
CUT_CLEARANCE = mm(1)  # text on a page whose left edge is cut starts this far inside it
_EPS = 1e-6

Window = tuple[float, float, float, float]


# More pages than anyone assembles by hand: the map is far larger than meant (a typo in
# hex_size) or belongs on a print shop's poster.
MAX_TILE_PAGES = 1000
# PDF viewers and printers refuse pages beyond 200 in (14,400 pt) a side (ISO 32000-1, C.2).
PDF_MAX_PAGE = 14400.0


class TilingError(ValueError):
    """The art cannot be split over the paper, or put on one page: the message says why."""


class TooLarge(TilingError):
    """The art is too large for any plan: more pages than MAX_TILE_PAGES, or a poster page
    beyond PDF's. What to change is the art's size, not the paper's margins."""


@dataclass(frozen=True)
class Header:
    """What each page repeats above its window: ``draw(window, width)`` gives its ops from
    (0, 0) and its height, for the part of the art a page shows (so a legend can list only
    what that page holds); for window None, the header of the whole art, the tallest any
    page can need at that width."""

    draw: Callable[[Window | None, float], tuple[list[Op], float]]


@dataclass(frozen=True)
class TilePlan:
    """How art of a given size is cut: paper, window size, and where each window starts."""

    paper: tuple[float, float]
    margin: float
    window: tuple[float, float]
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    size: tuple[float, float] = (0.0, 0.0)  # the whole art
    header: float = 0.0  # height kept above every window for the repeated header

    @property
    def pages(self) -> int:
        return len(self.xs) * len(self.ys)

    def shown(self, column: int, row: int) -> tuple[float, float]:
        """How much of the art tile (column, row) shows: its window, less where the art ends."""
        width = min(self.window[0], self.size[0] - self.xs[column]) if self.size[0] else 0.0
        height = min(self.window[1], self.size[1] - self.ys[row]) if self.size[1] else 0.0
        return (width or self.window[0], height or self.window[1])

    @property
    def window_origin(self) -> tuple[float, float]:
        """Top-left of the window on the page."""
        return self.margin + BAND_SIDE, self.margin + BAND_TOP + self.header

    def header_span(self, column: int) -> tuple[float, float]:
        """Where a column's header starts on the page and how wide it may be: clear of the
        cut edge on the left, up to where the next page's cut edge lands (the rest is
        covered on assembly); the last column's to the window's edge."""
        inset = CUT_CLEARANCE if column > 0 else 0.0
        end = self.xs[column + 1] - self.xs[column] if column + 1 < len(self.xs) else self.window[0]
        return self.window_origin[0] + inset, end - inset


def column_name(index: int) -> str:
    """A, B, …, Z, AA: columns are lettered and rows numbered, like a map grid."""
    name = ""
    index += 1
    while index:
        index, digit = divmod(index - 1, 26)
        name = chr(ord("A") + digit) + name
    return name


def tile_index(column: int, row: int, plan: TilePlan) -> str:
    return f"{column_name(column)}{row + 1} of {len(plan.xs)} × {len(plan.ys)}"


def axis_starts(
    length: float, window: float, overlap: float, snaps: Sequence[float] = ()
) -> tuple[float, ...]:
    """Window starts along one axis: each next window begins ``window − overlap`` after the
    last; with snaps (the hex centres), at the furthest snap there or before it, so the overlap
    is the one planned or more by less than the widest gap between two snaps (half a window at
    most), unless that plan needs more pages than the plain one."""
    if window - overlap <= _EPS:
        raise TilingError(
            f"a window of {to_mm(window):.1f} mm leaves nothing beyond the overlap "
            f"of {to_mm(overlap):.1f} mm"
        )
    if length / (window - overlap) > MAX_TILE_PAGES:
        raise TooLarge(f"a map {to_mm(length) / 1000:.1f} m long needs too many pages")

    ordered = sorted(snaps)
    gaps = [b - a for a, b in itertools.pairwise(ordered)]
    back = min(max(gaps, default=math.inf), (window - overlap) / 2)  # how far a join may move

    def plan(points: Sequence[float]) -> tuple[float, ...]:
        starts = [0.0]
        while starts[-1] + window < length - _EPS:
            limit = starts[-1] + window - overlap
            reach = max(starts[-1] + _EPS, limit - back - _EPS)
            candidates = [p for p in points if reach <= p <= limit + _EPS]
            starts.append(max(candidates) if candidates else limit)
        return tuple(starts)

    plain = plan(())
    snapped = plan(ordered)  # without snaps, the plain plan again
    return snapped if len(snapped) <= len(plain) else plain


def plan_tiles(
    size: tuple[float, float],
    paper: tuple[float, float],
    margin: float,
    overlap: float,
    snaps: tuple[Sequence[float], Sequence[float]] = ((), ()),
    header: Header | None = None,
) -> TilePlan:
    """Tiles for art of ``size`` on ``paper`` as given (portrait or landscape). Columns are
    planned first: the header's height depends on how wide each column lets it be. Rows are
    planned for the header of the whole art, then again for the tallest header a page of that
    plan needs, which is kept if every page of the new plan still fits under it."""
    width = paper[0] - 2 * margin - 2 * BAND_SIDE
    if width <= 0:
        raise TilingError("the margins leave no room on the paper")
    xs = axis_starts(size[0], width, overlap, snaps[0])
    columns = TilePlan(paper, margin, (width, 0.0), xs, (0.0,), size)
    if header is None:
        return _rows(columns, 0.0, overlap, snaps[1])
    spans = [columns.header_span(c)[1] for c in range(len(xs))]
    safe = _rows(columns, max(header.draw(None, w)[1] for w in spans), overlap, snaps[1])
    tallest = _tallest_header(safe, header)
    if tallest < safe.header - 2 * HEADER_GAP - _EPS:
        tight = _rows(columns, tallest, overlap, snaps[1])
        if _tallest_header(tight, header) <= tallest + _EPS:
            return tight
    return safe


def _rows(columns: TilePlan, header: float, overlap: float, snaps: Sequence[float]) -> TilePlan:
    """The plan's rows, with ``header`` kept above every window (and gaps round it)."""
    above = header + 2 * HEADER_GAP if header else 0.0
    height = columns.paper[1] - 2 * columns.margin - BAND_TOP - BAND_BOTTOM - above
    if height <= 0:
        raise TilingError(
            "the margins and the map's header (title, caption, legend) leave no room on the paper"
        )
    ys = axis_starts(columns.size[1], height, overlap, snaps)
    if len(columns.xs) * len(ys) > MAX_TILE_PAGES:
        pages = len(columns.xs) * len(ys)
        raise TooLarge(f"it needs {pages:,} pages, more than {MAX_TILE_PAGES:,}")
    return replace(columns, window=(columns.window[0], height), ys=ys, header=above)


def _tallest_header(plan: TilePlan, header: Header) -> float:
    """The height of the tallest header among the plan's pages."""
    return max(
        header.draw((x, y, *plan.window), plan.header_span(column)[1])[1]
        for y in plan.ys
        for column, x in enumerate(plan.xs)
    )


def fits_one_page(size: tuple[float, float], paper: tuple[float, float], margin: float) -> bool:
    return (
        size[0] <= paper[0] - 2 * margin + _EPS and size[1] <= paper[1] - 2 * margin - FOOTER + _EPS
    )


def orientations(paper: tuple[float, float], choice: str) -> list[tuple[float, float]]:
    """Paper as portrait and/or landscape, in the order to prefer on a tie."""
    portrait = (min(paper), max(paper))
    landscape = (max(paper), min(paper))
    return {"portrait": [portrait], "landscape": [landscape]}.get(choice, [portrait, landscape])


def choose_paper(
    size: tuple[float, float],
    paper: tuple[float, float],
    choice: str,
    margin: float,
    overlap: float,
    snaps: tuple[Sequence[float], Sequence[float]] = ((), ()),
    header: Header | None = None,
    whole: tuple[float, float] | None = None,
) -> tuple[tuple[float, float], TilePlan | None]:
    """The orientation needing fewest pages; plan None when the art fits on one page.
    ``whole`` is the size on one page when that differs from what is tiled (a map tiles
    without the title block that its header repeats on every page)."""
    best: tuple[int, tuple[float, float], TilePlan | None] | None = None
    for sheet in orientations(paper, choice):
        if fits_one_page(whole or size, sheet, margin):
            return sheet, None
        plan = plan_tiles(size, sheet, margin, overlap, snaps, header)
        if best is None or plan.pages < best[0]:
            best = (plan.pages, sheet, plan)
    assert best is not None
    return best[1], best[2]


Draw = Callable[[Window | None], list[Op]]


def single_page(
    draw: Draw,
    size: tuple[float, float],
    paper: tuple[float, float],
    margin: float,
    title: str,
    footer: str,
) -> Page:
    """Art that fits: centred in the printable area above the footer note."""
    x = (paper[0] - size[0]) / 2
    y = margin + max(0.0, (paper[1] - 2 * margin - FOOTER - size[1]) / 2)
    ops: list[Op] = [Group(tuple(draw(None)), translate(x, y))]
    ops += note(footer, paper, y + size[1], margin)
    return Page(paper[0], paper[1], ops, label=title)


def poster_page(
    draw: Draw, size: tuple[float, float], margin: float, title: str, footer: str
) -> Page:
    """One page the size of the art plus margins, for large-format printers."""
    paper = (size[0] + 2 * margin, size[1] + 2 * margin + FOOTER)
    if max(paper) > PDF_MAX_PAGE:
        raise TooLarge(f"a page of {to_mm(max(paper)) / 1000:.2f} m is beyond PDF's 5.08 m")
    return single_page(draw, size, paper, margin, title, footer)


def tile_pages(
    draw: Draw, plan: TilePlan, title: str, footer: str, header: Header | None = None
) -> list[Page]:
    """One page per window, row by row from the top left (A1, B1, …, A2, …)."""
    pages: list[Page] = []
    for row, y in enumerate(plan.ys):
        for column, x in enumerate(plan.xs):
            pages.append(_tile_page(draw, plan, column, row, (x, y), title, footer, header))
    return pages


def _tile_page(
    draw: Draw,
    plan: TilePlan,
    column: int,
    row: int,
    start: tuple[float, float],
    title: str,
    footer: str,
    header: Header | None,
) -> Page:
    (wx, wy), (ww, wh) = plan.window_origin, plan.window
    sx, sy = start
    art = Group(tuple(draw((sx, sy, ww, wh))), translate(-sx, -sy))
    ops: list[Op] = [place((art,), wx, wy, ww, wh, (0.0, 0.0, 0.0, 0.0))]
    ops += _ticks(plan, column, row)
    index = tile_index(column, row, plan)
    x, width = plan.header_span(column)
    if plan.pages > 1:  # one page needs no index nor advice
        named = [index] if header else [index, title]  # a header names the map itself
        line = " · ".join([*named, _advice(column, row)])
        if text_width(line, font_name("regular"), LABEL_SIZE) > width:
            line = index  # the advice would run under the next page
        ops.append(Text(x, plan.margin + LABEL_SIZE * 0.9, line, font_name("regular"), LABEL_SIZE))
    if header:
        drawn, _ = header.draw((sx, sy, ww, wh), width)
        ops.append(Group(tuple(drawn), translate(x, plan.margin + HEADER_TOP)))
    neighbour_ops = _neighbour_names(plan, column, row)
    ops += neighbour_ops
    ops += note(footer, plan.paper, wy + wh, plan.margin)
    # Kept: from this page's own (cut) edge to where the next page's cut edge lands on it.
    shown_w, shown_h = plan.shown(column, row)
    kept_w = plan.xs[column + 1] - plan.xs[column] if column + 1 < len(plan.xs) else shown_w
    kept_h = plan.ys[row + 1] - plan.ys[row] if row + 1 < len(plan.ys) else shown_h
    box = Box(wx, wy, kept_w, kept_h)
    return Page(plan.paper[0], plan.paper[1], ops, trim_box=box, label=f"{title} · {index}")


def _advice(column: int, row: int) -> str:
    cut = [side for side, has in (("left", column > 0), ("top", row > 0)) if has]
    if not cut:
        return "lay the other pages over this one, edges on the ticks"
    return f"cut along the {' and '.join(cut)} ticks, lay over the neighbour up to its ticks"


def _ticks(plan: TilePlan, column: int, row: int) -> list[Op]:
    """Cut ticks on edges to trim, overlap ticks where the neighbour's cut edge goes; those
    below and right of the art stand by the art's own edge, where the art ends early."""
    (wx, wy) = plan.window_origin
    ww, wh = plan.shown(column, row)
    xs: list[float] = []
    ys: list[float] = []
    if column > 0:
        xs.append(wx)
    if column + 1 < len(plan.xs):
        xs.append(wx + plan.xs[column + 1] - plan.xs[column])
    if row > 0:
        ys.append(wy)
    if row + 1 < len(plan.ys):
        ys.append(wy + plan.ys[row + 1] - plan.ys[row])
    ops: list[Op] = []
    for x in xs:
        ops.append(Line(x, wy - TICK_GAP - TICK, x, wy - TICK_GAP, MARK_PAINT))
        ops.append(Line(x, wy + wh + TICK_GAP, x, wy + wh + TICK_GAP + TICK, MARK_PAINT))
    for y in ys:
        ops.append(Line(wx - TICK_GAP - TICK, y, wx - TICK_GAP, y, MARK_PAINT))
        ops.append(Line(wx + ww + TICK_GAP, y, wx + ww + TICK_GAP + TICK, y, MARK_PAINT))
    return ops


def _neighbour_names(plan: TilePlan, column: int, row: int) -> list[Op]:
    """Next to each overlap tick, the page that goes there ("B1 ▸"), so pages find their
    places without the assembly diagram."""
    (wx, wy), (ww, _wh) = plan.window_origin, plan.shown(column, row)
    font = font_name("regular")
    ops: list[Op] = []
    if column + 1 < len(plan.xs):
        x = wx + plan.xs[column + 1] - plan.xs[column]
        name = column_name(column + 1) + str(row + 1)
        ops.append(Text(x + mm(0.8), wy - TICK_GAP - TICK, name, font, LABEL_SIZE))
    if row + 1 < len(plan.ys):
        y = wy + plan.ys[row + 1] - plan.ys[row]
        name = column_name(column) + str(row + 2)
        right = plan.paper[0] - plan.margin - text_width(name, font, LABEL_SIZE)
        ops.append(Text(min(wx + ww + TICK_GAP, right), y + LABEL_SIZE, name, font, LABEL_SIZE))
    return ops
