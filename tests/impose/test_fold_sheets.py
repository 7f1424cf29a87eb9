"""Fold-and-glue sheets measured op by op (PRINT.md): what each sheet and its reverse say, where
each half of each piece lies, its art clipped at the fold and at the printable edge, the cut
lines, the crop marks of the occupied cells clear of the note, and the dark layers of the
reverse page behind the pieces however the sheet turns."""

from __future__ import annotations

import itertools

import pytest
from support import crop_mark_lines

from printkit.draw.ops import Box, Circle, Group, Line, Page, Paint, Placed, Rect, Text
from printkit.draw.watermark import _is_mark
from printkit.impose.blocks import Run, stack_pages
from printkit.impose.fold import (
    BACKING,
    FOLD_CASING,
    FOLD_PAINT,
    fold_unit,
    impose_fold,
    impose_fold_blocks,
)
from printkit.impose.grid import Grid, fit_grid
from printkit.impose.marks import CUT_PAINT, MARK_CLEARANCE, TRIM
from printkit.impose.pieces import Piece
from printkit.impose.placement import ACTUAL_SIZE
from printkit.model.base import ImposeSpec
from printkit.model.units import mm
from printkit.preflight.items import bounds

A4 = (mm(210), mm(297))
W, H = mm(63), mm(88)
B = mm(3)
OUTLINE = Circle(W / 2, H / 2, W / 2, Paint(None, "#333333", 0.3, role="cut"))


def _pieces(count: int, outline: bool = False) -> list[Piece]:
    shape = OUTLINE if outline else None
    return [
        Piece(str(i), W, H, (Rect(0, 0, W, H, Paint("#1565c0")),), (), shape, deck="cards")
        for i in range(count)
    ]


def _grid(fold: str = "vertical", paper: tuple[float, float] = A4) -> Grid:
    grid = fit_grid(paper, fold_unit(_pieces(1)[0], fold), 2 * B, mm(5))
    assert grid is not None
    return grid


def _spec(**fields: object) -> ImposeSpec:
    return ImposeSpec(mode="fold", bleed="3mm", **fields)  # type: ignore[arg-type]


def _notes(page: Page) -> list[Text]:
    """The note's text: on the page, or in the groups that turn it upward or move it with a
    reverse, in drawing order."""

    def texts(ops: tuple | list) -> list[Text]:
        found: list[Text] = []
        for op in ops:
            if isinstance(op, Group):
                found += texts(op.ops)
            elif isinstance(op, Text) and op.role == "note":
                found.append(op)
        return found

    return texts(page.ops)


def _note(page: Page) -> str:
    """The whole note, its lines (between the crop marks it must not cross) in reading order."""
    return " · ".join(note.text for note in _notes(page))


def test_each_fold_sheet_says_what_it_is_and_how_to_make_its_pieces() -> None:
    """The note of every imposition: print at actual size, the title (with the version), which
    sheet, then how to cut, fold and glue."""
    title = "Cards · version 0.3"
    how = "cut out, fold on the dashed line, glue back to back"
    pages = impose_fold(_pieces(4), _grid(), _spec(), title)
    assert [page.label for page in pages] == [
        f"{title} · fold-and-glue sheet 1 of 2 · {how}",
        f"{title} · fold-and-glue sheet 2 of 2 · {how}",
    ]
    assert [_note(page) for page in pages] == [f"{ACTUAL_SIZE} · {page.label}" for page in pages]
    [shaped] = impose_fold(_pieces(1, outline=True), _grid(), _spec(), "Tokens")
    assert _note(shaped) == (
        f"{ACTUAL_SIZE} · Tokens · fold-and-glue sheet 1 of 1 · {how}, then cut round pieces "
        "along their outline"
    )


def test_with_an_opaque_backing_each_sheet_is_followed_by_its_reverse() -> None:
    spec = _spec(opaque_backing=True, backs="short_edge")
    pages = impose_fold(_pieces(4), _grid(), spec, "Cards")
    how = (
        "print double-sided with the next page, flip on the short edge; then cut out, fold on "
        "the dashed line, glue back to back"
    )
    reverse = "print it on that page's back, flip on the short edge"
    assert [page.label for page in pages] == [
        f"Cards · fold-and-glue sheet 1 of 2 · {how}",
        f"Cards · fold-and-glue sheet 1 of 2 · reverse of page 1: {reverse}",
        f"Cards · fold-and-glue sheet 2 of 2 · {how}",
        f"Cards · fold-and-glue sheet 2 of 2 · reverse of page 3: {reverse}",
    ]
    assert [_note(page) for page in pages] == [f"{ACTUAL_SIZE} · {page.label}" for page in pages]


@pytest.mark.parametrize("fold", ["vertical", "horizontal"])
def test_each_page_records_where_each_half_of_each_piece_lies(fold: str) -> None:
    grid = _grid(fold)
    [page] = impose_fold(_pieces(2), grid, _spec(fold=fold), "Cards")
    expected = []
    for i in range(2):
        x, y = grid.position(i)
        back = (x + W, y) if fold == "vertical" else (x, y + H)
        expected += [
            Placed("cards", str(i), "front", Box(x, y, W, H), B),
            Placed("cards", str(i), "back", Box(*back, W, H), B),
        ]
    assert page.placed == expected
    trims = [
        (op.x, op.y, op.w, op.h) for op in page.ops if isinstance(op, Rect) and op.paint == TRIM
    ]
    assert trims == [(*grid.position(i), grid.cell_width, grid.cell_height) for i in range(2)]
    assert (grid.cell_width, grid.cell_height) == ((2 * W, H) if fold == "vertical" else (W, 2 * H))


@pytest.mark.parametrize("fold", ["vertical", "horizontal"])
def test_art_bleeds_except_at_the_fold_and_stops_at_the_printable_edge(fold: str) -> None:
    """The unfolded piece alone on paper 6 mm larger than it each way: 1 mm of bleed prints
    round it (the margin is 5 mm), none where the halves meet."""
    unit = fold_unit(_pieces(1)[0], fold)
    paper = (unit[0] + mm(12), unit[1] + mm(12))
    [page] = impose_fold(_pieces(1), _grid(fold, paper), _spec(fold=fold), "Cards")
    clips = [op.clip for op in page.ops if isinstance(op, Group) and op.clip is not None]
    one = mm(1)
    if fold == "vertical":
        expected = [(-one, -one, W + one, H + 2 * one), (0.0, -one, W + one, H + 2 * one)]
    else:
        expected = [(-one, -one, W + 2 * one, H + one), (-one, 0.0, W + 2 * one, H + one)]
    assert clips == [pytest.approx(clip) for clip in expected]


def test_art_bleeds_toward_a_neighbouring_unfolded_piece() -> None:
    """Unfolded pieces stand 2 × bleed apart: each keeps its whole bleed toward the next, as
    toward the paper (two pieces, one above the other)."""
    [page] = impose_fold(_pieces(2), _grid(), _spec(), "Cards")
    fronts = [op.clip for op in page.ops if isinstance(op, Group) and op.clip is not None][::2]
    assert fronts[0] is not None and fronts[0][1] + fronts[0][3] == pytest.approx(H + B)
    assert fronts[1] is not None and fronts[1][1] == pytest.approx(-B)


@pytest.mark.parametrize("fold", ["vertical", "horizontal"])
def test_a_shaped_piece_is_cut_round_both_halves_first_then_along_its_outlines(fold: str) -> None:
    grid = _grid(fold)
    [page] = impose_fold(_pieces(1, outline=True), grid, _spec(fold=fold), "Tokens")
    x, y = grid.position(0)
    cuts = [op for op in page.ops if isinstance(op, Rect) and op.paint == CUT_PAINT]
    assert [(op.x, op.y, op.w, op.h) for op in cuts] == [(x, y, *fold_unit(_pieces(1)[0], fold))]
    outlines = [op.matrix[4:] for op in page.ops if isinstance(op, Group) and op.ops == (OUTLINE,)]
    assert outlines == [(x, y), (x + W, y) if fold == "vertical" else (x, y + H)]


@pytest.mark.parametrize("fold", ["vertical", "horizontal"])
def test_each_fold_line_lies_on_its_white_casing_and_every_mark_after_all_the_art(
    fold: str,
) -> None:
    """The dashes and the white line under them run along the near edge of each back half.
    The art of every piece and the casings come before the first mark: a playtest watermark,
    put before a page's first mark, lies over all of them and under every dash."""
    grid = _grid(fold)
    [page] = impose_fold(_pieces(2), grid, _spec(fold=fold), "Cards")
    backs = [p.box for p in page.placed if p.side == "back"]
    expected = [
        (b.x, b.y, b.x + W, b.y) if fold == "horizontal" else (b.x, b.y, b.x, b.y + H)
        for b in backs
    ]
    for paint in (FOLD_CASING, FOLD_PAINT):
        lines = [op for op in page.ops if isinstance(op, Line) and op.paint == paint]
        assert [(op.x1, op.y1, op.x2, op.y2) for op in lines] == expected
    drawn = [
        i
        for i, op in enumerate(page.ops)
        if (isinstance(op, Group) and op.clip is not None)
        or (isinstance(op, Line) and op.paint == FOLD_CASING)
    ]
    first_mark = next(i for i, op in enumerate(page.ops) if _is_mark(op))
    assert len(drawn) == 6 and max(drawn) < first_mark


def test_rounded_cut_paths_follow_each_unfolded_straight_piece() -> None:
    grid = _grid()
    [page] = impose_fold(_pieces(2), grid, _spec(cut_corner_radius="3mm"), "Cards")
    cuts = [op for op in page.ops if isinstance(op, Rect) and op.paint == CUT_PAINT]
    assert [(op.x, op.y, op.w, op.h, op.radius) for op in cuts] == [
        (*grid.position(i), 2 * W, H, pytest.approx(mm(3))) for i in range(2)
    ]
    [shaped] = impose_fold(_pieces(2, True), grid, _spec(cut_corner_radius="3mm"), "Tokens")
    assert not [op for op in shaped.ops if isinstance(op, Rect) and op.radius]


def test_crop_marks_bound_the_occupied_cells_and_stop_short_of_the_note() -> None:
    """One piece on a grid of three rows: its two cut lines each way. Three pieces fill the
    page: the note, turned upward in the left margin, stands between the marks there, split
    where it must be, and every cut line keeps its mark on both sides."""
    grid = _grid()
    [page] = impose_fold(_pieces(1), grid, _spec(), "Cards")
    x, y = grid.position(0)
    assert {m.y1 for m in crop_mark_lines(page) if m.y1 == m.y2} == {y, y + H}
    assert {m.x1 for m in crop_mark_lines(page) if m.x1 == m.x2} == {x, x + 2 * W}
    [full] = impose_fold(_pieces(3), grid, _spec(), "Cards")
    notes = [op for op in full.ops if isinstance(op, Group) and _notes(Page(0, 0, [op]))]
    boxes = [bounds([note]) for note in notes]
    clear = MARK_CLEARANCE * 0.99
    for mark, box in itertools.product(crop_mark_lines(full), boxes):
        assert box is not None
        apart = (
            max(mark.x1, mark.x2) < box[0] - clear
            or min(mark.x1, mark.x2) > box[2] + clear
            or max(mark.y1, mark.y2) < box[1] - clear
            or min(mark.y1, mark.y2) > box[3] + clear
        )
        assert apart, mark
    left_marks = {m.y1 for m in crop_mark_lines(full) if m.y1 == m.y2 and m.x1 < grid.left}
    assert left_marks == set(grid.cut_ys())


def _stacked(spec: ImposeSpec) -> list[Page]:
    """Two runs, one piece each, as blocks on one page."""
    unit = fold_unit(_pieces(1)[0], "vertical")
    runs = [Run((piece,), unit, 2 * B, False) for piece in _pieces(2)]
    return impose_fold_blocks(stack_pages(runs, A4, spec.margin, spec.bleed), spec, "Counters")


def test_the_marks_of_stacked_blocks_reach_only_halfway_to_each_other() -> None:
    [page] = _stacked(_spec())
    first, second = (p.box for p in page.placed if p.side == "front")
    middle = (first.y + H + second.y) / 2
    for mark in crop_mark_lines(page):
        ys = (mark.y1, mark.y2)
        assert max(ys) <= middle + 1e-6 or min(ys) >= middle - 1e-6


@pytest.mark.parametrize("stacked", [False, True], ids=["one grid", "stacked blocks"])
@pytest.mark.parametrize("backs", ["long_edge", "short_edge"])
def test_the_dark_layer_of_the_reverse_lies_behind_each_unfolded_piece(
    backs: str, stacked: bool
) -> None:
    """Turned over its long edge, a layer lies mirrored left to right, over its short edge top
    to bottom, grown by the bleed, and moved by the measured back offset, the whole reverse
    with it (its note too), so that the printer's shift puts it where it was laid out: two
    pieces on a grid of three rows, or one on each of two blocks."""
    spec = _spec(opaque_backing=True, backs=backs, back_offset_x="1mm", back_offset_y="-2mm")
    pages = _stacked(spec) if stacked else impose_fold(_pieces(2), _grid(), spec, "Cards")
    front, reverse = pages
    [moved] = reverse.ops
    assert isinstance(moved, Group) and moved.matrix == (1.0, 0.0, 0.0, 1.0, mm(1), mm(-2))
    assert _notes(reverse) and reverse.lands == (mm(-1), mm(2))
    layers = Group(tuple(op for op in moved.ops if isinstance(op, Rect) and op.paint == BACKING))
    expected = []
    for placed in front.placed[::2]:  # each front half: the unfolded piece starts there
        x, y = placed.box.x, placed.box.y
        if backs == "long_edge":
            x = A4[0] - x - 2 * W
        else:
            y = A4[1] - y - H
        expected.append(pytest.approx((x - B, y - B, 2 * W + 2 * B, H + 2 * B)))
    assert [(op.x, op.y, op.w, op.h) for op in layers.ops] == expected  # type: ignore[union-attr]


def test_the_outer_bleed_gives_way_so_that_the_marks_stop_short_of_the_art() -> None:
    """An unfolded pair with 4.75 mm between the printable edge and its cut on each side (a
    5 mm margin): its art keeps 2.75 mm of bleed there, and every side mark ends 0.5 mm
    before it, as on a card sheet."""
    width, height = fold_unit(_pieces(1)[0], "vertical")
    paper = (width + 2 * mm(9.75), height + 2 * mm(40))
    grid = Grid(*paper, width, height, 2 * B, 1, 1)
    [page] = impose_fold(_pieces(1), grid, _spec(), "Cards")
    front = next(op for op in page.ops if isinstance(op, Group) and op.clip is not None)
    assert front.clip is not None and front.clip[0] == pytest.approx(-mm(2.75))
    x = grid.left
    sideways = [m for m in crop_mark_lines(page) if m.y1 == m.y2]
    assert sideways
    for mark in sideways:
        inner = max(mark.x1, mark.x2) if mark.x1 < x else min(mark.x1, mark.x2)
        art = x - mm(2.75) if mark.x1 < x else x + width + mm(2.75)
        assert abs(inner - art) == pytest.approx(MARK_CLEARANCE)
