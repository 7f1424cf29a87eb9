"""Crop marks measured on grids of 63 × 88 mm cards, in mm (PRINT.md): each continues a cut
line that bounds a piece, from 0.5 mm past the bleed to the printable edge (at most 6 mm);
where less than 1.5 mm are free it stands over the bleed instead, from the printable edge to
the cut, if 1 mm of bleed prints there; and it stops 0.5 mm short of the sheet's note."""

from __future__ import annotations

from dataclasses import replace

from printkit.draw.ops import Line, Op
from printkit.impose.grid import Grid, fit_grid
from printkit.impose.marks import MARK_CASING, MARK_OVER_ART, MARK_PAINT, crop_marks
from printkit.model.units import mm

CARD = (mm(63), mm(88))
A4 = (mm(210), mm(297))
Mark = tuple[float, float, float, float]


def _mm(marks: list[Op]) -> list[Mark]:
    """Each mark as (outer end, art end) in mm, sorted; every one a crop mark, one over the
    art drawn heavier on a white casing of its own length."""
    assert all(type(mark) is Line for mark in marks)
    lines = [m for m in marks if m.paint != MARK_CASING]  # type: ignore[union-attr]
    casings = [m for m in marks if m.paint == MARK_CASING]  # type: ignore[union-attr]
    assert all(m.paint in (MARK_PAINT, MARK_OVER_ART) for m in lines)  # type: ignore[union-attr]
    over_art = [m for m in lines if m.paint == MARK_OVER_ART]  # type: ignore[union-attr]
    assert [replace(m, paint=MARK_CASING) for m in over_art] == casings
    return sorted(
        tuple(round(v / mm(1), 3) for v in (m.x1, m.y1, m.x2, m.y2))  # type: ignore[union-attr]
        for m in lines
    )


def _grid(paper: tuple[float, float], gap: float = 0.0) -> Grid:
    grid = fit_grid(paper, CARD, gap, mm(5))
    assert grid is not None
    return grid


def test_marks_continue_each_cut_line_from_past_the_bleed_to_the_margin() -> None:
    """3 × 3 cards on A4 (left 10.5 mm, top 16.5 mm), 3 mm bleed, 5 mm margin: 6 mm above and
    below the art, 2 mm (all the room) beside it."""
    xs, ys = (10.5, 73.5, 136.5, 199.5), (16.5, 104.5, 192.5, 280.5)
    assert _mm(crop_marks(_grid(A4), mm(3), mm(5))) == sorted(
        [(x, 7.0, x, 13.0) for x in xs]
        + [(x, 290.0, x, 284.0) for x in xs]
        + [(5.0, y, 7.0, y) for y in ys]
        + [(205.0, y, 203.0, y) for y in ys]
    )


def test_the_marks_of_one_card_bound_only_that_card() -> None:
    """The middle card alone: its two cut lines each way, marked across the empty cells."""
    assert _mm(crop_marks(_grid(A4), mm(3), mm(5), cells=[4])) == [
        (64.0, 104.5, 70.0, 104.5),
        (64.0, 192.5, 70.0, 192.5),
        (73.5, 95.0, 73.5, 101.0),
        (73.5, 202.0, 73.5, 196.0),
        (136.5, 95.0, 136.5, 101.0),
        (136.5, 202.0, 136.5, 196.0),
        (146.0, 104.5, 140.0, 104.5),
        (146.0, 192.5, 140.0, 192.5),
    ]


def test_cards_0_2_mm_apart_get_marks_on_their_own_cut_lines_only() -> None:
    """A bleed gutter of 2 × 0.1 mm: the next card's cut line, 0.2 mm (under a point) away,
    is not the middle card's."""
    grid = _grid(A4, gap=mm(0.2))
    assert [round(x / mm(1), 3) for x in grid.cut_xs()][1:5] == [73.3, 73.5, 136.5, 136.7]
    assert _mm(crop_marks(grid, mm(0.1), mm(5), cells=[4])) == [
        (66.9, 104.5, 72.9, 104.5),
        (66.9, 192.5, 72.9, 192.5),
        (73.5, 97.9, 73.5, 103.9),
        (73.5, 199.1, 73.5, 193.1),
        (136.5, 97.9, 136.5, 103.9),
        (136.5, 199.1, 136.5, 193.1),
        (143.1, 104.5, 137.1, 104.5),
        (143.1, 192.5, 137.1, 192.5),
    ]


def test_with_no_room_beyond_the_bleed_marks_stand_over_the_bleed() -> None:
    """202 × 276.4 mm paper: the art starts 6.5 mm from the side and 6.2 mm from the top, so
    each mark runs from the printable edge, 5 mm in, to the cut, in 0.4 pt on a white casing
    (seen on a dark bleed)."""
    xs, ys = (6.5, 69.5, 132.5, 195.5), (6.2, 94.2, 182.2, 270.2)
    marks = crop_marks(_grid((mm(202), mm(276.4))), mm(3), mm(5))
    assert {mark.paint for mark in marks} == {MARK_CASING, MARK_OVER_ART}  # type: ignore[union-attr]
    assert _mm(marks) == sorted(
        [(x, 5.0, x, 6.2) for x in xs]
        + [(x, 271.4, x, 270.2) for x in xs]
        + [(5.0, y, 6.5, y) for y in ys]
        + [(197.0, y, 195.5, y) for y in ys]
    )


def test_under_1_mm_of_printable_bleed_gets_no_mark() -> None:
    """200.6 × 274 mm: 0.8 mm between the printable edge and the cut at the sides, none at
    the top and bottom."""
    assert crop_marks(_grid((mm(200.6), mm(274))), mm(3), mm(5)) == ()


def test_marks_reach_only_as_far_as_the_room_the_block_is_given() -> None:
    """Room from 12 to 288 mm down the page: 4.5 mm above the cut leave 1 mm beyond 3 mm of
    bleed and the clearance, too little for a mark: the bleed there gives way to 2.5 mm and
    the marks stand from 12 to 13.5 mm (the least, 1.5 mm); 7.5 mm below are enough."""
    marks = _mm(crop_marks(_grid(A4), mm(3), mm(5), room=(mm(12), mm(288))))
    xs = (10.5, 73.5, 136.5, 199.5)
    vertical = [(x, 12.0, x, 13.5) for x in xs] + [(x, 288.0, x, 284.0) for x in xs]
    assert [mark for mark in marks if mark[0] == mark[2]] == sorted(vertical)


def test_marks_stop_0_5_mm_short_of_the_note_or_are_left_out() -> None:
    """2 × 2 cards on A4 (cut lines x 42, 105, 168 mm and y 60.5, 148.5, 236.5 mm): boxes to
    keep clear of, each within 0.5 mm of the line of one mark, on each side of the art; a box
    behind a mark (over the art) is passed over; a mark left under 1.5 mm, or starting in a
    box, is dropped."""
    grid = Grid(*A4, *CARD, 0.0, 2, 2)
    behind = (mm(100), mm(100), mm(110), mm(110))  # on the line x 105 mm, over the art
    left = (mm(30), mm(148.8), mm(34), mm(150))  # the mark at y 148.5 mm stops at 34.5 mm
    right = (mm(176), mm(236.8), mm(200), mm(240))  # the mark at y 236.5 mm stops at 175.5
    below = (mm(105.3), mm(241.8), mm(110), mm(250))  # 1.3 mm left at x 105 mm: dropped
    above = (mm(160), mm(50), mm(167.7), mm(52))  # the mark at x 168 mm stops at 52.5 mm
    start = (mm(38.9), mm(60), mm(39.5), mm(61))  # 0.1 mm over the start of the mark at y 60.5
    boxes = [behind, left, right, below, above, start]
    assert _mm(crop_marks(grid, mm(3), mm(5), keep_out=boxes)) == [
        (32.5, 236.5, 38.5, 236.5),
        (34.5, 148.5, 38.5, 148.5),
        (42.0, 51.0, 42.0, 57.0),
        (42.0, 246.0, 42.0, 240.0),
        (105.0, 51.0, 105.0, 57.0),
        (168.0, 52.5, 168.0, 57.0),
        (168.0, 246.0, 168.0, 240.0),
        (175.5, 236.5, 171.5, 236.5),
        (177.5, 60.5, 171.5, 60.5),
        (177.5, 148.5, 171.5, 148.5),
    ]
