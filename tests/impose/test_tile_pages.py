"""Tiled pages read op by op: which part of the art each page shows and where, the part it keeps
(its TrimBox), its cut and overlap ticks, the names of the pages laid over it, its index line
and the advice for assembling it, and the one-page and poster layouts of art that fits."""

from __future__ import annotations

import pytest

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Box, Group, Line, Page, Paint, Rect, Text
from printkit.impose.marks import MARK_PAINT
from printkit.impose.tiling import (
    FOOTER,
    LABEL_SIZE,
    PDF_MAX_PAGE,
    Header,
    TilePlan,
    TooLarge,
    Window,
    plan_tiles,
    poster_page,
    single_page,
    tile_pages,
)
from printkit.model.units import mm

A4 = (mm(210), mm(297))
MARGIN = mm(5)
OVERLAP = mm(10)
# 3 columns × 3 rows on A4: windows of 194 × 277 mm, the last column and row showing less
ART = (mm(450), mm(700))
INK = Paint("#000000")


def _plan(size: tuple[float, float] = ART, paper: tuple[float, float] = A4) -> TilePlan:
    return plan_tiles(size, paper, MARGIN, OVERLAP)


def _art(window: Window | None) -> list:
    return [Rect(0.0, 0.0, *ART, INK)]  # the whole art: each page shows its window of it


def _pages(plan: TilePlan, header: Header | None = None) -> list[Page]:
    return tile_pages(_art, plan, "Map", "Print at actual size", header)


def _tiles(plan: TilePlan) -> list[tuple[int, int]]:
    """(column, row) of each page, in the order the pages come."""
    return [(column, row) for row in range(len(plan.ys)) for column in range(len(plan.xs))]


def _apply(matrix: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def test_the_plan_is_two_columns_by_three_rows_the_last_showing_less() -> None:
    plan = _plan()
    assert plan.xs == pytest.approx((0.0, mm(184), mm(368)))
    assert plan.ys == pytest.approx((0.0, mm(267), mm(534)))
    assert plan.window == pytest.approx((mm(194), mm(277)))
    assert plan.shown(0, 0) == pytest.approx(plan.window)
    assert plan.shown(2, 1) == pytest.approx((mm(82), mm(277)))  # the art ends at 450 mm
    assert plan.shown(0, 2) == pytest.approx((mm(194), mm(166)))  # and at 700 mm


def test_a_plan_that_does_not_know_the_art_size_shows_whole_windows() -> None:
    plan = TilePlan(A4, MARGIN, (mm(100), mm(150)), (0.0, mm(90)), (0.0, mm(140)))
    assert [plan.shown(c, r) for c in (0, 1) for r in (0, 1)] == [(mm(100), mm(150))] * 4


def test_each_page_shows_its_window_of_the_art_in_the_window_on_the_page() -> None:
    """The art's point at a window's top-left lands at the window's top-left on the page, and
    the page shows the art only inside its window: clipped, no bleed round it."""
    plan = _plan()
    wx, wy = plan.window_origin
    for page, (column, row) in zip(_pages(plan), _tiles(plan), strict=True):
        window = page.ops[0]
        assert isinstance(window, Group)
        assert window.clip == pytest.approx((0.0, 0.0, *plan.window))
        (art,) = window.ops
        assert isinstance(art, Group) and art.ops == tuple(_art(None))
        start = (plan.xs[column], plan.ys[row])
        on_page = _apply(window.matrix, *_apply(art.matrix, *start))
        assert on_page == pytest.approx((wx, wy))
        assert _apply(window.matrix, 0.0, 0.0) == pytest.approx((wx, wy))  # the clip's corner


def test_each_page_is_the_paper_named_after_the_map_and_its_index() -> None:
    plan = _plan()
    pages = _pages(plan)
    assert {(page.width, page.height) for page in pages} == {A4}
    assert pages[4].label == "Map · B2 of 3 × 3"


def test_the_trim_box_is_the_part_each_page_keeps_up_to_the_next_pages_cut_edge() -> None:
    """Up to where the next page's cut edge lands; the last column and row to the art's end."""
    plan = _plan()
    wx, wy = plan.window_origin
    widths = [mm(184), mm(184), mm(82)]
    heights = [mm(267), mm(267), mm(166)]
    for page, (column, row) in zip(_pages(plan), _tiles(plan), strict=True):
        box = page.trim_box
        assert isinstance(box, Box)
        assert (box.x, box.y, box.w, box.h) == pytest.approx((wx, wy, widths[column], heights[row]))


def _expected_ticks(plan: TilePlan, column: int, row: int) -> set[tuple[float, ...]]:
    """2 mm ticks, 0.5 mm clear of the window: vertical ones above it and below the art's end
    where a column is cut (its left edge) or overlapped (where the next column's cut edge
    lands), horizontal ones left of it and right of the art's end for rows."""
    (wx, wy), (ww, wh) = plan.window_origin, plan.shown(column, row)
    xs = [wx] if column else []
    xs += [wx + plan.xs[column + 1] - plan.xs[column]] if column + 1 < len(plan.xs) else []
    ys = [wy] if row else []
    ys += [wy + plan.ys[row + 1] - plan.ys[row]] if row + 1 < len(plan.ys) else []
    above, below = (wy - mm(2.5), wy - mm(0.5)), (wy + wh + mm(0.5), wy + wh + mm(2.5))
    left, right = (wx - mm(2.5), wx - mm(0.5)), (wx + ww + mm(0.5), wx + ww + mm(2.5))
    ticks = set()
    for x in xs:
        ticks |= {(x, above[0], x, above[1]), (x, below[0], x, below[1])}
    for y in ys:
        ticks |= {(left[0], y, left[1], y), (right[0], y, right[1], y)}
    return {tuple(round(v, 3) for v in tick) for tick in ticks}


def test_cut_and_overlap_ticks_mark_each_edge_to_trim_and_where_the_neighbour_goes() -> None:
    plan = _plan()
    for page, (column, row) in zip(_pages(plan), _tiles(plan), strict=True):
        lines = [op for op in page.ops if isinstance(op, Line)]
        assert all(line.paint == MARK_PAINT for line in lines)
        drawn = {tuple(round(v, 3) for v in (o.x1, o.y1, o.x2, o.y2)) for o in lines}
        assert len(drawn) == len(lines)
        assert drawn == _expected_ticks(plan, column, row), (column, row)


def _texts(page: Page) -> list[Text]:
    return [op for op in page.ops if isinstance(op, Text)]


def test_the_pages_laid_over_each_page_are_named_by_their_overlap_ticks() -> None:
    """ "B1" right of the overlap tick above the window, "A2" under the overlap tick right of
    the art, kept inside the printable area."""
    plan = _plan()
    (wx, wy), font = plan.window_origin, font_name("regular")
    right_edge = A4[0] - MARGIN
    pages = _pages(plan)
    for page, (column, row) in zip(pages, _tiles(plan), strict=True):
        named = {t.text: t for t in _texts(page) if t.role != "note" and " of " not in t.text}
        expected = {}
        if column + 1 < len(plan.xs):
            x = wx + plan.xs[column + 1] - plan.xs[column]
            expected[f"{'BC'[column]}{row + 1}"] = (x + mm(0.8), wy - mm(2.5))
        if row + 1 < len(plan.ys):
            y = wy + plan.ys[row + 1] - plan.ys[row]
            name = f"{'ABC'[column]}{row + 2}"
            x = min(wx + plan.shown(column, row)[0] + mm(0.5), right_edge - _width(name))
            expected[name] = (x, y + LABEL_SIZE)
        assert sorted(named) == sorted(expected), (column, row)
        for name, (x, y) in expected.items():
            assert (named[name].x, named[name].y) == pytest.approx((x, y)), name
        assert all((t.font, t.size) == (font, LABEL_SIZE) for t in named.values())
        assert all(t.x + _width(t.text) <= right_edge + 1e-6 for t in named.values())
    below_c1 = next(t for t in _texts(pages[2]) if t.text == "C2")
    assert below_c1.x == pytest.approx(wx + mm(82) + mm(0.5))  # by the art's own end


def _width(text: str) -> float:
    return text_width(text, font_name("regular"), LABEL_SIZE)


def test_a_name_that_would_pass_the_printable_edge_ends_on_it() -> None:
    """Row 10's name under a full-width column's tick is wider than the 2.5 mm band: it is
    pulled left to end on the printable edge."""
    plan = _plan(size=(mm(300), mm(3000)))
    assert len(plan.ys) > 10
    page = _pages(plan)[2 * 9]  # A10, above A11
    (name,) = [t for t in _texts(page) if t.text == "A11"]
    assert name.x + _width("A11") == pytest.approx(A4[0] - MARGIN)
    assert name.x < plan.window_origin[0] + plan.window[0] + mm(0.5)


def _index_line(page: Page) -> Text:
    (line,) = [t for t in _texts(page) if " of " in t.text]
    return line


def test_each_page_says_where_it_goes_and_how_to_assemble_it() -> None:
    plan = _plan()
    pages = _pages(plan)
    first = "lay the other pages over this one, edges on the ticks"
    cut = "cut along the {} ticks, lay over the neighbour up to its ticks"
    assert [_index_line(page).text for page in pages] == [
        f"A1 of 3 × 3 · Map · {first}",
        f"B1 of 3 × 3 · Map · {cut.format('left')}",
        f"C1 of 3 × 3 · Map · {cut.format('left')}",
        f"A2 of 3 × 3 · Map · {cut.format('top')}",
        f"B2 of 3 × 3 · Map · {cut.format('left and top')}",
        f"C2 of 3 × 3 · Map · {cut.format('left and top')}",
        f"A3 of 3 × 3 · Map · {cut.format('top')}",
        f"B3 of 3 × 3 · Map · {cut.format('left and top')}",
        f"C3 of 3 × 3 · Map · {cut.format('left and top')}",
    ]
    for page, (column, _) in zip(pages, _tiles(plan), strict=True):
        line = _index_line(page)
        assert (line.x, line.y) == pytest.approx(
            (plan.window_origin[0] + (mm(1) if column else 0.0), MARGIN + LABEL_SIZE * 0.9)
        )
        assert (line.font, line.size) == (font_name("regular"), LABEL_SIZE)


def test_under_a_header_the_index_line_leaves_the_map_to_name_itself() -> None:
    header = Header(lambda window, width: ([], mm(10)))
    plan = plan_tiles(ART, A4, MARGIN, OVERLAP, header=header)
    lines = [_index_line(page).text for page in _pages(plan, header)]
    assert lines[0] == "A1 of 3 × 3 · lay the other pages over this one, edges on the ticks"


def test_advice_too_wide_for_what_the_page_keeps_leaves_the_index_alone() -> None:
    narrow = (mm(80), mm(297))  # 64 mm windows, each keeping 54 mm: the advice takes ~80 mm
    plan = _plan(size=(mm(100), mm(200)), paper=narrow)
    assert [_index_line(page).text for page in _pages(plan)] == ["A1 of 2 × 1", "B1 of 2 × 1"]


def test_a_single_tile_has_no_index_nor_advice() -> None:
    plan = _plan(size=(mm(150), mm(200)))
    assert plan.pages == 1
    (page,) = _pages(plan)
    assert [t.text for t in _texts(page)] == ["Print at actual size"]  # the footer alone
    two = _plan(size=(mm(300), mm(200)))
    assert two.pages == 2
    assert all(_index_line(page) for page in _pages(two))


def _note(page: Page) -> Text:
    (note,) = [t for t in _texts(page) if t.role == "note"]
    return note


def test_the_footer_stands_under_the_window_inside_the_printable_area() -> None:
    plan = _plan()
    bottom = plan.window_origin[1] + plan.window[1]
    for page in _pages(plan):
        note = _note(page)
        assert note.text == "Print at actual size"
        assert bottom + note.size <= note.y <= A4[1] - MARGIN


def _placed_art(page: Page) -> Group:
    (art,) = [op for op in page.ops if isinstance(op, Group)]
    return art


def test_art_that_fits_is_centred_across_the_page_and_in_the_room_above_the_footer() -> None:
    size = (mm(100), mm(150))
    page = single_page(_art, size, A4, MARGIN, "Battle map", "footer")
    assert (page.width, page.height, page.label) == (*A4, "Battle map")
    art = _placed_art(page)
    assert art.ops == tuple(_art(None))
    x, y = mm(55), MARGIN + (A4[1] - 2 * MARGIN - FOOTER - size[1]) / 2
    assert art.matrix[4:] == pytest.approx((x, y))
    note = _note(page)
    assert note.text == "footer"
    assert y + size[1] + note.size <= note.y <= A4[1] - MARGIN


def test_art_as_tall_as_the_room_starts_at_the_margin() -> None:
    size = (mm(200), A4[1] - 2 * MARGIN - FOOTER)
    art = _placed_art(single_page(_art, size, A4, MARGIN, "Map", "footer"))
    assert art.matrix[4:] == pytest.approx((mm(5), MARGIN))


def test_a_poster_is_one_page_the_size_of_the_art_plus_margins_and_footer() -> None:
    size = (mm(600), mm(400))
    page = poster_page(_art, size, MARGIN, "Map", "footer")
    assert (page.width, page.height) == pytest.approx((mm(610), mm(410) + FOOTER))
    assert page.label == "Map"
    assert _placed_art(page).matrix[4:] == pytest.approx((MARGIN, MARGIN))
    assert _note(page).text == "footer"


def test_a_poster_as_wide_as_pdf_allows_is_made_and_a_wider_one_refused() -> None:
    widest = poster_page(_art, (PDF_MAX_PAGE - 2 * MARGIN, mm(100)), MARGIN, "Map", "")
    assert widest.width == pytest.approx(PDF_MAX_PAGE)
    with pytest.raises(TooLarge, match=r"^a page of 5\.11 m is beyond PDF's 5\.08 m$"):
        poster_page(_art, (mm(5100), mm(100)), MARGIN, "Map", "")
    with pytest.raises(TooLarge, match=r"^a page of 5\.11 m is beyond PDF's 5\.08 m$"):
        poster_page(_art, (mm(100), mm(5100) - FOOTER), MARGIN, "Map", "")
