"""Tiling plans: how many pages, where each window starts, and in what order pages come."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.draw.ops import Group, Paint, Rect
from printkit.impose.tiling import (
    BAND_BOTTOM,
    BAND_SIDE,
    BAND_TOP,
    FOOTER,
    HEADER_GAP,
    MAX_TILE_PAGES,
    Header,
    TilingError,
    TooLarge,
    Window,
    axis_starts,
    choose_paper,
    column_name,
    fits_one_page,
    orientations,
    plan_tiles,
    tile_index,
    tile_pages,
)
from printkit.model.units import mm

A4 = (mm(210), mm(297))
INK = Paint("#000000")


def test_column_names_run_like_spreadsheet_columns() -> None:
    assert [column_name(i) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]


@given(
    st.floats(10, 3000),
    st.floats(50, 300),
    st.floats(0, 40),
    st.lists(st.floats(0, 3000), max_size=40),
)
def test_windows_cover_the_art_and_overlap_by_at_least_the_overlap(
    length: float, window: float, overlap: float, snaps: list[float]
) -> None:
    starts = axis_starts(length, window, overlap, snaps)
    assert starts[0] == 0
    assert starts[-1] + window >= length - 1e-6
    for a, b in itertools.pairwise(starts):
        assert a < b
        assert a + window - b >= overlap - 1e-6  # the strip printed on both pages
    plain = axis_starts(length, window, overlap)
    assert len(starts) <= len(plain)  # snapping never costs a page


def test_joins_snap_to_hex_centres_when_that_costs_nothing() -> None:
    """900 pt in windows of 200 with 28.35 of overlap takes six windows, planned plainly or
    with every join moved back to a hex centre (35 pt apart): the centres win."""
    centres = [i * 35.0 for i in range(30)]
    starts = axis_starts(900, 200, 28.35, centres)
    assert starts == (0.0, 140.0, 280.0, 420.0, 560.0, 700.0)
    assert len(starts) == len(axis_starts(900, 200, 28.35))
    assert starts == axis_starts(900, 200, 28.35, centres)  # deterministic


@given(st.floats(5, 60), st.floats(0, 60))
def test_a_snapped_join_widens_the_overlap_by_less_than_the_gap_between_hexes(
    spacing: float, offset: float
) -> None:
    """Centres `spacing` apart (a hex column or row): the overlap printed is the one planned
    or more by less than the spacing, on no more pages than the plain plan's; a join off the
    centres is the plain plan's."""
    centres = [offset + i * spacing for i in range(int(3000 / spacing) + 1)]
    plain = axis_starts(3000, 200, mm(10))
    starts = axis_starts(3000, 200, mm(10), centres)
    assert len(starts) <= len(plain)
    on_centres = all(min(abs(s - c) for c in centres) < 1e-6 for s in starts[1:])
    assert on_centres or starts == plain
    for a, b in itertools.pairwise(starts):
        assert mm(10) - 1e-6 <= a + 200 - b < mm(10) + spacing + 1e-6


def test_an_overlap_as_wide_as_the_window_is_refused() -> None:
    with pytest.raises(TilingError):
        axis_starts(1000, 100, 100)


def test_a_map_that_fits_is_one_page_in_the_better_orientation() -> None:
    landscape_only = (mm(260), mm(180))
    assert not fits_one_page(landscape_only, A4, mm(5))
    sheet, plan = choose_paper(landscape_only, A4, "auto", mm(5), mm(10))
    assert plan is None and sheet == (A4[1], A4[0])


def test_big_art_gets_the_orientation_with_fewest_pages() -> None:
    sheet, plan = choose_paper((mm(460), mm(190)), A4, "auto", mm(5), mm(10))
    assert plan is not None and plan.pages == 2 and sheet[0] > sheet[1]
    portrait, forced = choose_paper((mm(460), mm(190)), A4, "portrait", mm(5), mm(10))
    assert forced is not None and forced.pages > 2 and portrait[0] < portrait[1]


def test_windows_sit_inside_the_margins_and_bands() -> None:
    plan = plan_tiles((mm(600), mm(600)), A4, mm(5), mm(10))
    wx, wy = plan.window_origin
    ww, wh = plan.window
    assert wx == pytest.approx(mm(5) + BAND_SIDE)
    assert wy == pytest.approx(mm(5) + BAND_TOP)
    assert A4[0] - (wx + ww) == pytest.approx(mm(5) + BAND_SIDE)
    assert A4[1] - (wy + wh) == pytest.approx(mm(5) + BAND_BOTTOM)


def test_pages_run_row_by_row_with_their_index() -> None:
    plan = plan_tiles((mm(300), mm(700)), A4, mm(5), mm(10))
    assert (len(plan.xs), len(plan.ys)) == (2, 3)
    assert tile_index(1, 1, plan) == "B2 of 2 × 3"
    pages = tile_pages(lambda window: [], plan, "Map", "note")
    assert [p.label.split(" · ")[1] for p in pages] == [
        "A1 of 2 × 3",
        "B1 of 2 × 3",
        "A2 of 2 × 3",
        "B2 of 2 × 3",
        "A3 of 2 × 3",
        "B3 of 2 × 3",
    ]
    assert all(p.trim_box is not None for p in pages)


def test_each_tile_draws_only_its_window() -> None:
    plan = plan_tiles((mm(300), mm(300)), A4, mm(5), mm(10))
    asked: list[tuple[float, ...]] = []
    tile_pages(lambda window: asked.append(window) or [], plan, "Map", "note")
    assert [w[:2] for w in asked] == [(x, y) for y in plan.ys for x in plan.xs]
    assert all(w[2:] == plan.window for w in asked)


def _boxes(height: Callable[[Window | None], float], drawn: list) -> Header:
    """A header that is a box of ``height(window)``, recording the pages it is drawn for."""

    def draw(window: Window | None, width: float) -> tuple[list, float]:
        if window is not None:
            drawn.append((window, width))
        tall = height(window)
        return [Rect(0.0, 0.0, width, tall, INK)], tall

    return Header(draw)


def test_a_header_stands_above_every_window_no_wider_than_what_the_page_keeps() -> None:
    """Each page repeats the header in the width it keeps once the next page is laid over it
    (the last column to the window's edge), clear of its own cut edge; the window gives up the
    header's height."""
    drawn: list[tuple[Window, float]] = []
    header = _boxes(lambda window: mm(10), drawn)
    plain = plan_tiles((mm(450), mm(600)), A4, mm(5), mm(10))
    plan = plan_tiles((mm(450), mm(600)), A4, mm(5), mm(10), header=header)
    assert len(plan.xs) == 3
    kept = [plan.xs[1] - plan.xs[0], plan.xs[2] - plan.xs[1], plan.window[0]]
    assert plan.window[1] == pytest.approx(plain.window[1] - mm(10) - 2 * HEADER_GAP)
    assert plan.window_origin[1] == pytest.approx(mm(5) + BAND_TOP + mm(10) + 2 * HEADER_GAP)
    drawn.clear()
    pages = tile_pages(lambda window: [], plan, "Map", "note", header)
    assert [w[:2] for w, _ in drawn] == [(x, y) for y in plan.ys for x in plan.xs]
    wx, wy = plan.window_origin
    for number, (page, (_, width)) in enumerate(zip(pages, drawn, strict=True)):
        column = number % len(plan.xs)
        assert width == pytest.approx(kept[column] - (mm(1) if column else 0.0))
        box = Rect(0.0, 0.0, width, mm(10), INK)
        (placed,) = [op for op in page.ops if isinstance(op, Group) and box in op.ops]
        x, y = placed.matrix[4:]
        assert x == pytest.approx(wx + (mm(1) if column else 0.0))  # clear of the cut edge
        assert x + width <= wx + kept[column] + 1e-6
        assert y >= mm(5) + mm(2.5)  # under the page index line
        assert y + mm(10) <= wy - mm(2.5) - 1e-6  # above the ticks


def test_the_room_kept_is_the_tallest_header_a_page_draws_not_the_whole_legend() -> None:
    """A legend of everything is 40 mm tall, but each page shows only what it holds: 10 mm."""
    header = _boxes(lambda window: mm(40) if window is None else mm(10), [])
    plan = plan_tiles((mm(450), mm(600)), A4, mm(5), mm(10), header=header)
    assert plan.header == pytest.approx(mm(10) + 2 * HEADER_GAP)


def test_the_room_stays_for_the_whole_legend_when_taller_windows_would_show_more() -> None:
    """Planned for 10 mm, the windows grow and show what needs 40 mm: the safe plan stays."""
    whole = mm(40)

    def height(window: Window | None) -> float:
        if window is None:
            return whole
        return mm(10) if window[3] < A4[1] - mm(10) - BAND_TOP - BAND_BOTTOM - mm(20) else whole

    plan = plan_tiles((mm(450), mm(600)), A4, mm(5), mm(10), header=_boxes(height, []))
    assert plan.header == pytest.approx(whole + 2 * HEADER_GAP)


# --- the limits and boundaries of a plan --------------------------------------------------------


def test_a_join_moves_back_to_the_furthest_hex_centre_within_one_gap_of_it() -> None:
    """The window runs 200 pt with 10 pt of overlap: the next may start anywhere from 190 pt
    back by the widest gap between two centres, at the furthest centre there; a centre
    beyond 190 pt would shrink the overlap planned, and is not used."""
    centres = [i * 30.0 + 5.0 for i in range(20)]  # 5, 35, ..., 185, 215, ...
    assert axis_starts(500, 200, 10, centres) == (0.0, 185.0, 365.0)
    assert axis_starts(500, 200, 10, [189.0, 190.0]) == (0.0, 190.0, 380.0)
    assert axis_starts(500, 200, 10, [185.0, 189.0]) == (0.0, 189.0, 379.0)
    assert axis_starts(500, 200, 10, [100.0, 181.0, 191.0]) == (0.0, 181.0, 371.0)


def test_a_join_moves_back_no_further_than_the_widest_gap_nor_half_the_step() -> None:
    """Steps of 190 pt: centres at 150 and 160 are 10 pt apart, so the join at 190 looks back
    10 pt and finds none (it stays where planned); centres 210 pt apart let it look back 95 pt
    (half the step) at most, so 90 is too far back for the first join and 300 is near enough
    for the second. A centre exactly the widest gap back (81 pt: 109) is within reach."""
    assert axis_starts(500, 200, 10, [150.0, 160.0]) == (0.0, 190.0, 380.0)
    assert axis_starts(500, 200, 10, [90.0, 300.0]) == (0.0, 190.0, 300.0)
    assert axis_starts(480, 200, 10, [0.0, 81.0, 109.0]) == (0.0, 109.0, 299.0)


def test_a_snapped_plan_needing_a_page_more_gives_way_to_the_plain_one() -> None:
    assert axis_starts(390, 200, 10) == (0.0, 190.0)
    assert axis_starts(390, 200, 10, [187.0]) == (0.0, 190.0)  # snapped: 0, 187, 377


def test_a_hex_centre_at_a_windows_own_start_is_never_its_join() -> None:
    """A join moves back half a window beyond its overlap at most: never to its own start."""
    assert axis_starts(20, 10, 5, [0.0, 20.0]) == (0.0, 5.0, 10.0)


def test_too_little_window_or_too_many_pages_along_an_axis_is_refused_in_words() -> None:
    """A window the overlap fills is the paper's fault; too many pages, the art's (TooLarge)."""
    with pytest.raises(
        TilingError, match=r"^a window of 35\.3 mm leaves nothing beyond the "
    ) as no:
        axis_starts(1000, 100, 100)
    assert not isinstance(no.value, TooLarge)
    with pytest.raises(TilingError, match=r"overlap of 35\.3 mm$"):
        axis_starts(1000, 100, 100)
    with pytest.raises(TooLarge, match=r"^a map 21\.2 m long needs too many pages$"):
        axis_starts(60000, 100, 50)  # 1,200 steps of 50 pt
    assert len(axis_starts(50000, 100, 50)) <= MAX_TILE_PAGES  # 1,000 steps: allowed


def test_paper_the_margins_fill_is_refused_in_words() -> None:
    no_width = (2 * mm(5) + 2 * BAND_SIDE, A4[1])
    with pytest.raises(TilingError, match=r"^the margins leave no room on the paper$") as no:
        plan_tiles((mm(100), mm(100)), no_width, mm(5), 0.0)
    assert not isinstance(no.value, TooLarge)
    no_height = (A4[0], 2 * mm(5) + BAND_TOP + BAND_BOTTOM)
    message = r"^the margins and the map's header \(title, caption, legend\) leave no room on "
    with pytest.raises(TilingError, match=message + r"the paper$"):
        plan_tiles((mm(100), mm(100)), no_height, mm(5), 0.0)
    narrow = plan_tiles((5.0, 5.0), (no_width[0] + 0.5, no_height[1] + 0.5), mm(5), 0.0)
    assert (len(narrow.xs), len(narrow.ys)) == (10, 10)  # half a point is still room


def test_a_thousand_pages_is_the_most_a_plan_makes() -> None:
    """A4 with 5 mm margins and 10 mm overlap steps 184 mm across and 267 mm down."""
    most = plan_tiles((mm(1849), mm(26709)), A4, mm(5), mm(10))
    assert (len(most.xs), len(most.ys), most.pages) == (10, 100, MAX_TILE_PAGES)
    with pytest.raises(TooLarge, match=r"^it needs 1,100 pages, more than 1,000$"):
        plan_tiles((mm(2033), mm(26709)), A4, mm(5), mm(10))


def test_columns_snap_to_the_column_centres_and_rows_to_the_row_centres() -> None:
    """Centres 2 mm back from each plain join, one list across and one down: with a header
    too, whose height moves the rows' joins, and with one shorter on each page than for the
    whole art, whose rows are planned again for it."""
    shorter = Header(lambda window, width: ([], mm(20) if window is None else mm(10)))
    for header in (None, Header(lambda window, width: ([], mm(10))), shorter):
        plain = plan_tiles((mm(300), mm(500)), A4, mm(5), mm(10), header=header)
        across, down = [plain.xs[1] - mm(2)], [plain.ys[1] - mm(2)]
        plan = plan_tiles((mm(300), mm(500)), A4, mm(5), mm(10), (across, down), header)
        assert (plan.xs, plan.ys) == ((0.0, across[0]), (0.0, down[0]))


def test_a_page_header_a_little_shorter_than_the_whole_legend_still_gives_the_map_room() -> None:
    """Every page's header is 0.5 pt shorter than the whole art's: the windows grow by it."""
    whole = mm(10)
    header = Header(lambda window, width: ([], whole if window is None else whole - 0.5))
    plan = plan_tiles((mm(450), mm(600)), A4, mm(5), mm(10), header=header)
    assert plan.header == pytest.approx(whole - 0.5 + 2 * HEADER_GAP)


def test_fits_one_page_up_to_the_margins_and_the_footer_exactly() -> None:
    room = (A4[0] - 2 * mm(5), A4[1] - 2 * mm(5) - FOOTER)
    assert fits_one_page(room, A4, mm(5))
    assert not fits_one_page((room[0] + mm(0.01), room[1]), A4, mm(5))
    assert not fits_one_page((room[0], room[1] + mm(0.01)), A4, mm(5))


def test_paper_is_turned_as_asked_or_both_ways_portrait_first() -> None:
    assert orientations(A4, "portrait") == [A4]
    assert orientations(A4, "landscape") == [(A4[1], A4[0])]
    assert orientations((A4[1], A4[0]), "auto") == [A4, (A4[1], A4[0])]


def test_the_paper_chosen_is_planned_with_the_header() -> None:
    header = Header(lambda window, width: ([], mm(10)))
    _, plan = choose_paper((mm(460), mm(190)), A4, "auto", mm(5), mm(10), header=header)
    assert plan is not None and plan.header == pytest.approx(mm(10) + 2 * HEADER_GAP)
