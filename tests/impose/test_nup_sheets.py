"""N-up sheets measured op by op (PRINT.md): what each sheet says it is, which piece's side
each cell shows and where (what `printkit diff` names), backs behind their fronts however the
sheet turns, art clipped where the printer stops, outlines and trim lines, crop marks of the
cells that hold a piece, clear of the note."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from support import Raster, crop_mark_lines, drawn_in_place, near, xobjects_placed

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import (
    IDENTITY,
    Box,
    Circle,
    Document,
    Group,
    Line,
    Page,
    Paint,
    Rect,
    Text,
    translate,
)
from printkit.draw.pdf import render_pdf
from printkit.impose import placement
from printkit.impose.blocks import Run, stack_pages
from printkit.impose.grid import Grid, fit_grid
from printkit.impose.marks import CUT_PAINT, MARK_CLEARANCE, TRIM
from printkit.impose.pieces import Piece
from printkit.impose.placement import ACTUAL_SIZE
from printkit.impose.sheet import impose_block_sheets, impose_sheets
from printkit.model.base import ImposeSpec
from printkit.model.units import mm
from printkit.preflight.items import bounds

A4 = (mm(210), mm(297))
CARD = (mm(63), mm(88))
RED = (255, 0, 0)


def _cards(count: int, backs: bool = True, size: tuple[float, float] = CARD) -> list[Piece]:
    """Cards named 0, 1, ..., each side one rectangle of its own colour."""
    return [
        Piece(
            str(i),
            *size,
            (Rect(0, 0, *size, Paint(f"#0000{i:02x}")),),
            (Rect(0, 0, *size, Paint(f"#ff00{i:02x}")),) if backs else None,
            deck="cards",
        )
        for i in range(count)
    ]


def _grid(paper: tuple[float, float] = A4) -> Grid:
    grid = fit_grid(paper, CARD, 0.0, mm(5))
    assert grid is not None
    return grid


def _sheets(pieces: list[Piece], **spec: object) -> list[Page]:
    return impose_sheets(pieces, _grid(), ImposeSpec(**spec), "Cards")  # type: ignore[arg-type]


def _note(page: Page) -> str:
    [note] = [op for op in page.ops if isinstance(op, Text) and op.role == "note"]
    return note.text


def _where(page: Page) -> list[tuple[str, str, float, float]]:
    """Each piece the page records: name, side and where its trim's top-left corner is, in mm."""
    return [
        (p.name, p.side, round(p.box.x / mm(1), 3), round(p.box.y / mm(1), 3)) for p in page.placed
    ]


@pytest.mark.parametrize("backs", ["long_edge", "short_edge"])
def test_each_sheet_and_its_back_say_what_they_are(backs: str) -> None:
    pages = _sheets(_cards(10), backs=backs)
    edge = backs.replace("_", " ")
    fronts = f"fronts · print double-sided, flip on the {edge}"
    assert [page.label for page in pages] == [
        f"Cards · sheet 1 of 2 · {fronts}",
        "Cards · sheet 1 of 2 · backs of page 1",
        f"Cards · sheet 2 of 2 · {fronts}",
        "Cards · sheet 2 of 2 · backs of page 3",
    ]
    assert [_note(page) for page in pages] == [f"{ACTUAL_SIZE} · {p.label}" for p in pages]


def test_without_backs_each_sheet_is_its_fronts_alone() -> None:
    """Backs not asked for, or asked for and none to print: one page a sheet, every sheet."""
    for pieces, backs in ((_cards(10), "none"), (_cards(10, backs=False), "long_edge")):
        pages = _sheets(pieces, backs=backs)
        assert [page.label for page in pages] == ["Cards · sheet 1 of 2", "Cards · sheet 2 of 2"]
        assert [_note(page) for page in pages] == [f"{ACTUAL_SIZE} · {p.label}" for p in pages]
        assert [len(page.placed) for page in pages] == [9, 1]
        assert {p.side for page in pages for p in page.placed} == {"front"}


def test_each_page_records_which_side_of_which_card_lies_where() -> None:
    """Long-edge backs, moved by the measured printer offset (1 mm right, 2 mm down): card 0's
    back is behind it in the top right cell, card 9 (alone on sheet 2) is in the top left."""
    pages = _sheets(_cards(10), back_offset_x="1mm", back_offset_y="2mm")
    columns, rows = (10.5, 73.5, 136.5), (16.5, 104.5, 192.5)
    cells = [(x, y) for y in rows for x in columns]
    assert _where(pages[0]) == [(str(i), "front", *cells[i]) for i in range(9)]
    mirrored = [2, 1, 0, 5, 4, 3, 8, 7, 6]
    assert _where(pages[1]) == [
        (str(i), "back", cells[mirrored[i]][0] + 1, cells[mirrored[i]][1] + 2) for i in range(9)
    ]
    assert _where(pages[2]) == [("9", "front", 10.5, 16.5)]
    assert _where(pages[3]) == [("9", "back", 136.5 + 1, 16.5 + 2)]
    assert all(p.bleed == mm(3) for page in pages for p in page.placed)


def test_sheets_laid_out_alike_draw_their_cut_guides_once(tmp_path: Path) -> None:
    """Three full sheets: their cut guides (nine trims, sixteen crop marks) are one tuple of
    ops, which the PDF writes once, as a form that each sheet places once; the last sheet's
    marks print as the first's do."""
    pages = _sheets(_cards(27), backs="none")
    unmoved = [op for page in pages for op in page.ops if isinstance(op, Group)]
    guides = [op.ops for op in unmoved if op.matrix == IDENTITY]  # the cards' groups move
    assert len(guides) == 3 and guides[0] is guides[1] is guides[2]
    assert [type(op) for op in guides[0]] == [Rect] * 9 + [Line] * 16
    assert [op for op in guides[0] if isinstance(op, Line)] == crop_mark_lines(pages[0])
    path = tmp_path / "cards.pdf"
    path.write_bytes(render_pdf(Document("cards", pages)))
    reader = pypdf.PdfReader(path)
    forms = set()
    for page in reader.pages:
        [(name, times)] = xobjects_placed(page).items()
        assert times == 1
        forms.add(page["/Resources"]["/XObject"].raw_get(name).idnum)
    assert len(forms) == 1
    strips = []
    for index in range(3):  # above the art: the vertical marks of the four cut lines
        image = Raster.of(path, index).image
        strips.append(image.crop((0, 0, image.width, Raster.px(12.0))).convert("L"))
    assert min(strips[0].tobytes()) < 128
    assert strips[2].tobytes() == strips[0].tobytes()


def test_backs_alike_are_one_drawing_the_pdf_writes_once(tmp_path: Path) -> None:
    """A deck with one back design: the back sides of its full sheets are one tuple of ops,
    which the PDF writes once, as a form holding the nine backs, each back sheet placing it
    once; the last sheet, with one card, has its own. Every back sheet prints its backs."""
    back = (Rect(0, 0, *CARD, Paint("#ff0000")),)
    cards = [
        Piece(str(i), *CARD, piece.front, back, deck="cards") for i, piece in enumerate(_cards(28))
    ]
    pages = _sheets(cards, backs="long_edge")
    backs = [next(op.ops for op in page.ops if isinstance(op, Group)) for page in pages[1::2]]
    assert backs[0] is backs[1] is backs[2] and len(backs[0]) == 9
    assert backs[3] is not backs[0] and len(backs[3]) == 1
    path = tmp_path / "cards.pdf"
    path.write_bytes(render_pdf(Document("cards", pages)))
    reader = pypdf.PdfReader(path)
    holding_nine = set()
    for page in reader.pages[1:6:2]:
        for name in xobjects_placed(page):
            form = page["/Resources"]["/XObject"].raw_get(name)
            if list(xobjects_placed(page, form.get_object()).values()) == [9]:
                holding_nine.add(form.idnum)
    assert len(holding_nine) == 1
    for index in (1, 3, 5, 7):
        raster = Raster.of(path, index)
        assert near(raster.at(210 - 10.5 - 30, 16.5 + 40), RED)  # the first card's back


def test_a_card_with_no_back_leaves_its_cell_blank_and_the_next_cards_backs_still_print() -> None:
    cards = _cards(3)
    cards[1] = Piece("1", *CARD, cards[1].front, None, deck="cards")
    back = _sheets(cards, backs="short_edge")[1]
    assert [(name, side) for name, side, *_ in _where(back)] == [("0", "back"), ("2", "back")]
    marks = tuple(crop_mark_lines(back))
    groups = [op for op in back.ops if isinstance(op, Group) and op.ops != marks]
    assert len(groups) == 1  # the backs, shifted (the other group holds the crop marks)
    assert _where(back) == [("0", "back", 10.5, 192.5), ("2", "back", 136.5, 192.5)]


@pytest.mark.parametrize(
    ("paper", "first", "last"),
    [
        ((202, 276.4), [-1.5, -1.2, 64.5, 89.2], [0.0, 0.0, 64.5, 89.2]),
        ((199, 274), [0.0, 0.0, 63.0, 88.0], [0.0, 0.0, 63.0, 88.0]),
    ],
    ids=["1.5 and 1.2 mm of bleed print", "none prints"],
)
def test_art_is_clipped_to_its_bleed_but_never_past_the_printable_edge(
    paper: tuple[float, float], first: list[float], last: list[float]
) -> None:
    """On 202 × 276.4 mm paper the cards' trim is 6.5 mm from the sides and 6.2 mm from the
    top and bottom; on 199 × 274 mm it is at the printable edge, 5 mm in. The first card shares
    its right and bottom cuts, the last its left and top ones."""
    grid = _grid((mm(paper[0]), mm(paper[1])))
    [page] = impose_sheets(_cards(9), grid, ImposeSpec(backs="none"), "Cards")
    clips = [op.clip for op in page.ops if isinstance(op, Group) and op.clip is not None]
    assert [[round(v / mm(1), 3) for v in clips[i]] for i in (0, 8)] == [first, last]


def _every_backs_box(pages: list[Page]) -> dict[str, Box]:
    return {p.name: p.box for page in pages for p in page.placed if p.side == "back"}


@pytest.mark.parametrize("backs", ["long_edge", "short_edge"])
def test_on_a_counter_sheet_each_back_lies_behind_its_front(backs: str) -> None:
    """Blocks of tiles and of cards stacked on a page: turned over its long edge a back lies
    mirrored left to right, over its short edge top to bottom, exactly behind its front."""
    tiles = [Piece(f"t{i}", mm(40), mm(40), (), (), deck="tiles") for i in range(5)]
    runs = [Run(tuple(tiles), (mm(40), mm(40)), 0.0, True), Run(tuple(_cards(4)), CARD, 0.0, True)]
    spec = ImposeSpec(backs=backs)  # type: ignore[arg-type]
    pages = impose_block_sheets(stack_pages(runs, A4, spec.margin, spec.bleed), spec, "Counters")
    backs_at = _every_backs_box(pages)
    fronts = [p for page in pages for p in page.placed if p.side == "front"]
    assert len(fronts) == 9 == len(backs_at)
    for front in fronts:
        box = front.box
        x = A4[0] - box.x - box.w if backs == "long_edge" else box.x
        y = A4[1] - box.y - box.h if backs == "short_edge" else box.y
        back = backs_at[front.name]
        assert (back.x, back.y, back.w, back.h) == pytest.approx((x, y, box.w, box.h))


def test_a_counter_sheet_holds_the_art_and_marks_of_each_of_its_blocks() -> None:
    """Round tokens (cut along their outlines, no crop marks) above a block of cards: both
    blocks' art, the tokens' outlines and the cards' marks, which stop halfway to the tokens."""
    outline = Circle(mm(10), mm(10), mm(10), Paint(None, "#333333", 0.3, role="cut"))
    tokens = [
        Piece(f"o{i}", mm(20), mm(20), (), (), outline=outline, deck="tokens") for i in range(3)
    ]
    cards = _cards(3)
    runs = [Run(tuple(tokens), (mm(20), mm(20)), mm(6), False), Run(tuple(cards), CARD, 0.0, True)]
    spec = ImposeSpec(backs="none")
    blocks = stack_pages(runs, A4, spec.margin, spec.bleed)
    [[token_block, card_block]] = blocks
    [page] = impose_block_sheets(blocks, spec, "Counters")
    assert [p.name for p in page.placed] == ["o0", "o1", "o2", "0", "1", "2"]
    placed_art = [op for op in page.ops if isinstance(op, Group) and op.clip is not None]
    assert len(placed_art) == 6
    outlines = [op for op in page.ops if isinstance(op, Group) and op.ops == (outline,)]
    token_grid = token_block.grid
    assert [op.matrix[4:] for op in outlines] == [token_grid.position(i) for i in range(3)]
    marks = crop_mark_lines(page)
    assert marks and min(min(m.y1, m.y2) for m in marks) == pytest.approx(card_block.room[0])
    assert card_block.room[0] > token_grid.top + token_grid.height


def test_the_trim_of_each_straight_card_is_on_its_front_only() -> None:
    front, back = _sheets(_cards(2))
    trims = [op for op in drawn_in_place(front) if isinstance(op, Rect) and op.paint == TRIM]
    assert [(round(op.x / mm(1), 3), round(op.y / mm(1), 3)) for op in trims] == [
        (10.5, 16.5),
        (73.5, 16.5),
    ]
    assert not [op for op in drawn_in_place(back) if isinstance(op, Rect) and op.paint == TRIM]


def test_rounded_cut_paths_follow_every_card_on_both_sides() -> None:
    pages = _sheets(_cards(2), cut_corner_radius="3mm")
    for page in pages:
        cuts = [op for op in page.ops if isinstance(op, Rect) and op.paint == CUT_PAINT]
        assert len(cuts) == 2 and all(op.radius == pytest.approx(mm(3)) for op in cuts)


@pytest.mark.parametrize(("backs", "rows"), [("long_edge", (0, 1)), ("short_edge", (1, 2))])
def test_the_marks_of_a_back_page_bound_the_cells_its_backs_are_in(backs: str, rows) -> None:
    """Four cards fill the first row and a half: their backs fill the same rows (turned over
    the long edge) or the last two (over the short edge)."""
    back = _sheets(_cards(4), backs=backs)[1]
    ys = (16.5, 104.5, 192.5, 280.5)
    level = {round(m.y1 / mm(1), 3) for m in crop_mark_lines(back) if m.y1 == m.y2}
    assert level == {ys[rows[0]], ys[rows[0] + 1], ys[rows[1] + 1]}


def test_a_back_page_moves_whole_with_its_offset() -> None:
    """With a back offset, a back page is laid out as the fronts' reverse, then moved whole
    (backs, crop marks, cut paths, note) by the offset: once the printer's own shift is made
    good, everything lands where it was laid out, the marks on the fronts' cut lines and 5 mm
    inside the paper (PRINT.md), and the preflight measures its strip there."""
    dx, dy = 2.0, -1.5
    front, back = _sheets(
        _cards(9), back_offset_x=f"{dx}mm", back_offset_y=f"{dy}mm", cut_corner_radius="3mm"
    )
    [moved] = back.ops
    assert isinstance(moved, Group) and moved.matrix == translate(mm(dx), mm(dy))
    assert back.lands == (mm(-dx), mm(dy * -1))
    laid_out = Page(back.width, back.height, list(moved.ops))
    marks = crop_mark_lines(laid_out)
    assert {m.x1 for m in marks if m.x1 == m.x2} == {
        m.x1 for m in crop_mark_lines(front) if m.x1 == m.x2
    }
    for m in marks:  # where they land: clear of the 5 mm the printer leaves blank
        for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
            assert mm(5) - 1e-6 <= x <= A4[0] - mm(5) + 1e-6
            assert mm(5) - 1e-6 <= y <= A4[1] - mm(5) + 1e-6
    cuts = [(op.x, op.y) for op in moved.ops if isinstance(op, Rect) and op.paint == CUT_PAINT]
    fronts = [(op.x, op.y) for op in front.ops if isinstance(op, Rect) and op.paint == CUT_PAINT]
    assert sorted(cuts) == sorted(fronts)
    assert {(round(p.box.x, 6), round(p.box.y, 6)) for p in back.placed} == set(
        (round(x + mm(dx), 6), round(y + mm(dy), 6)) for x, y in fronts
    )  # the backs' own corners on the page, where the cut paths are moved to


@pytest.mark.parametrize("backs", ["long_edge", "short_edge"])
def test_art_bleeds_toward_the_empty_cells_of_a_part_filled_sheet(backs: str) -> None:
    """Four cards on a 3 × 3 sheet of shared cut lines: a card bleeds where no card lies
    beyond it (the sheet's outer edges and the empty cells), on its front and on its back,
    and never toward a neighbour."""
    front, back = _sheets(_cards(4), backs=backs)
    b = mm(3)

    def bleeds(page: Page) -> list[tuple[float, ...]]:
        """Each card's (left, top, right, bottom) bleed, from the clip of its placement."""
        cards = [op for op in page.ops if isinstance(op, Group) and op.clip is not None]
        if not cards:  # a back page: its backs, in one group moved by the back offset
            [backs_group] = [op for op in page.ops if isinstance(op, Group) and op.clip is None
                             and not isinstance(op.ops[0], Line)]  # fmt: skip
            cards = list(backs_group.ops)
        return [
            tuple(round(v, 6) for v in (-op.clip[0], -op.clip[1],
                                        op.clip[2] + op.clip[0] - CARD[0],
                                        op.clip[3] + op.clip[1] - CARD[1]))
            for op in cards  # type: ignore[index]
        ]  # fmt: skip

    b = round(b, 6)
    # cards 0 1 2 fill the top row, card 3 stands alone below card 0
    assert bleeds(front) == [(b, b, 0, 0), (0, b, 0, b), (0, b, b, b), (b, 0, b, b)]
    if backs == "long_edge":  # the rows stay, each row reversed: card 3 under card 0's back
        assert bleeds(back) == [(0, b, b, 0), (0, b, 0, b), (b, b, 0, b), (b, 0, b, b)]
    else:  # the rows reversed: card 3's back above card 0's, on the bottom two rows
        assert bleeds(back) == [(b, 0, 0, b), (0, b, 0, b), (0, b, b, b), (b, b, b, 0)]


def _touches(mark: Line, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    return (
        min(mark.x1, mark.x2) <= x1
        and max(mark.x1, mark.x2) >= x0
        and min(mark.y1, mark.y2) <= y1
        and max(mark.y1, mark.y2) >= y0
    )


def test_crop_marks_stop_short_of_the_note() -> None:
    """The note under 3 × 3 cards on A4 stands where the marks under the art would run."""
    [page] = _sheets(_cards(9), backs="none")
    notes = [op for op in page.ops if isinstance(op, Rect) and op.paint.fill == "#ffffff"]
    box = bounds([*notes, *(op for op in page.ops if isinstance(op, Text))])
    assert box is not None
    clear = MARK_CLEARANCE * 0.99
    grown = (box[0] - clear, box[1] - clear, box[2] + clear, box[3] + clear)
    marks = crop_mark_lines(page)
    assert not [m for m in marks if _touches(m, grown)]
    below = [m for m in marks if m.x1 == m.x2 and m.y1 > mm(200)]
    assert len(below) == 4 and min(abs(m.y1 - m.y2) for m in below) < mm(6)  # some cut short


@pytest.mark.parametrize(
    ("paper", "card", "art_left"),
    [((215.9, 279.4), (63.5, 88.9), 9.7), ((212, 274), (63, 88), 8.5)],
    ids=["poker cards on Letter", "3.5 mm beside the art: enough"],
)
def test_with_no_room_under_the_art_the_note_reads_upward_in_the_left_margin(
    paper: tuple[float, float], card: tuple[float, float], art_left: float
) -> None:
    """3 × 3 poker cards on Letter leave 1.35 mm under the bleed: the note turns to read
    upward, centred on the page's height, its descenders 1 mm clear of the art (which starts
    9.7 mm from the left edge)."""
    size, piece = (mm(paper[0]), mm(paper[1])), (mm(card[0]), mm(card[1]))
    grid = fit_grid(size, piece, 0.0, mm(5))
    assert grid is not None
    [page] = impose_sheets(_cards(9, size=piece), grid, ImposeSpec(backs="none"), "Cards")
    [note] = [op for op in page.ops if isinstance(op, Group) and isinstance(op.ops[0], Text)]
    [text] = note.ops
    assert isinstance(text, Text) and (text.x, text.y, text.role) == (0, 0, "note")
    assert text.text == f"{ACTUAL_SIZE} · Cards · sheet 1 of 1"
    width = text_width(text.text, text.font, text.size)
    baseline = mm(art_left) - mm(1) - text.size * 0.25
    assert note.matrix == pytest.approx((0.0, -1.0, 1.0, 0.0, baseline, (size[1] + width) / 2))


def test_a_long_note_beside_the_art_stands_between_the_marks_and_keeps_them_all() -> None:
    """9-up poker cards on Letter with backs: the fronts' note (how to print both sides) is
    longer than a card, so centred on the page it would cross two row cuts and cut their left
    marks away. It is split at its ' · ' into lines, each between two marks, read upward from
    the bottom as one line would be; every row cut keeps its mark on both sides."""
    size, piece = (mm(215.9), mm(279.4)), (mm(63.5), mm(88.9))
    grid = fit_grid(size, piece, 0.0, mm(5))
    assert grid is not None
    spec = ImposeSpec(backs="long_edge")
    title = "Shields Up — 18-card deck · version 1.0"
    front = impose_sheets(_cards(9, size=piece), grid, spec, title)[0]
    notes = [op for op in front.ops if isinstance(op, Group) and isinstance(op.ops[0], Text)]
    lines = [note.ops[0] for note in notes]
    assert len(lines) >= 2
    assert " · ".join(line.text for line in lines) == f"{ACTUAL_SIZE} · {front.label}"
    cuts = grid.cut_ys()
    for note, line in zip(notes, lines, strict=True):
        width = text_width(line.text, line.font, line.size)
        bottom = note.matrix[5]  # reading upward: the line starts at its bottom
        assert not [
            y for y in cuts if bottom - width - MARK_CLEARANCE < y < bottom + MARK_CLEARANCE
        ]
    assert [note.matrix[5] for note in notes] == sorted((n.matrix[5] for n in notes), reverse=True)
    marks = crop_mark_lines(front)
    left = sorted({m.y1 for m in marks if m.y1 == m.y2 and m.x1 < grid.left})
    right = sorted({m.y1 for m in marks if m.y1 == m.y2 and m.x1 > grid.left})
    assert left == right == pytest.approx(cuts)


@pytest.mark.parametrize(
    ("paper", "columns", "rows", "top", "baseline"),
    [
        ((210, 297), 2, 2, None, mm(239.5 + 8)),  # 8 mm under the art's bleed
        ((210, 297), 3, 3, None, mm(297 - 5) - 1.5),  # as low as its descenders still print
        ((210, 297), 2, 3, 21.5, mm(297 - 5) - 1.5),  # 3.5 mm free: enough
        ((199, 274), 3, 3, None, mm(272 + 0.5) + 6),  # no room anywhere: 0.5 mm under the art
        ((205, 274), 3, 3, None, mm(272 + 0.5) + 6),  # none under it, 3 mm beside it: too little
        ((210, 297), 3, 3, 24.5, mm(24.5 - 3 - 8)),  # none under it: 8 mm above the art's bleed
        ((210, 279.4), 3, 3, 12.0, mm(5) + 6),  # 4 mm above it: as high as its capitals print
    ],
    ids=[
        "room to spare",
        "a little room",
        "just enough room",
        "none",
        "too little beside",
        "room above",
        "a little room above",
    ],
)
def test_the_note_stands_centred_under_the_art_on_a_white_ground(
    paper: tuple[float, float], columns: int, rows: int, top: float | None, baseline: float
) -> None:
    size = (mm(paper[0]), mm(paper[1]))
    grid = Grid(*size, *CARD, 0.0, columns, rows, None if top is None else mm(top))
    [page] = impose_sheets(_cards(columns * rows), grid, ImposeSpec(backs="none"), "Cards")
    [text] = [op for op in page.ops if isinstance(op, Text)]
    width = text_width(text.text, text.font, 6.0)
    assert (text.x, text.y, text.size) == pytest.approx(((size[0] - width) / 2, baseline, 6.0))
    [ground] = [op for op in page.ops if isinstance(op, Rect) and op.paint == Paint("#ffffff")]
    assert (ground.x, ground.y, ground.w, ground.h) == pytest.approx(
        (text.x - mm(1), baseline - 6.0, width + mm(2), 6.0 * 1.4)
    )


@pytest.mark.parametrize(("rows", "top"), [(2, None), (3, 24.5)], ids=["under", "above"])
def test_a_note_wider_than_the_printable_width_wraps_at_its_dots(
    rows: int, top: float | None
) -> None:
    """A title long enough that the note would run past the 5 mm margins: the note is split at
    its ' · ' into lines, read in order, each centred and inside the margins, one under the
    other on grounds that meet; under the art, or above it where the art leaves no room
    under it, clear of the art and printable."""
    title = (
        "Harbour Lights — merchant ships, storms, lighthouses and the captains who sail "
        "between the harbours and islands of the cold northern sea · version 0.3, 2026-03-01"
    )
    grid = Grid(*A4, *CARD, 0.0, 3, rows, None if top is None else mm(top))
    [page] = impose_sheets(_cards(3 * rows), grid, ImposeSpec(backs="none"), title)
    whole = f"{ACTUAL_SIZE} · {page.label}"
    assert text_width(whole, font_name("regular"), 6.0) > A4[0] - mm(10)
    lines = [op for op in page.ops if isinstance(op, Text)]
    grounds = [op for op in page.ops if isinstance(op, Rect) and op.paint == Paint("#ffffff")]
    assert len(lines) == len(grounds) == 2
    assert " · ".join(line.text for line in lines) == whole
    for line in lines:
        width = text_width(line.text, line.font, line.size)
        assert line.x == pytest.approx((A4[0] - width) / 2) and line.x >= mm(5)
    assert lines[1].y - lines[0].y == pytest.approx(6.0 * 1.4)
    assert grounds[1].y == pytest.approx(grounds[0].y + grounds[0].h)
    bleed = ImposeSpec().bleed
    if top is None:
        assert lines[0].y - 6.0 > grid.top + grid.height + bleed
        assert lines[1].y + 1.5 <= A4[1] - mm(5)
    else:
        assert lines[0].y - 6.0 >= mm(5)
        assert lines[1].y + 1.5 < grid.top - bleed


LONG = f"{ACTUAL_SIZE} · Harbour Lights — merchant ships, storms and lighthouses · version 0.3"
LONG_WIDTH = text_width(LONG, font_name("regular"), 6.0)  # points


def _lines(ops: list) -> list[Text]:
    return [op for op in ops if isinstance(op, Text)]


def test_a_note_wraps_only_when_wider_than_the_room_between_the_margins() -> None:
    """1 mm narrower than the paper between its 5 mm margins, the note stays one line; 1 mm
    wider, it is two."""
    for spare, count in ((mm(1), 1), (-mm(1), 2)):
        paper = (LONG_WIDTH + 2 * mm(5) + spare, A4[1])
        assert len(_lines(placement.note(LONG, paper, mm(200), mm(5)))) == count


def test_a_wrapped_note_stands_as_low_as_its_last_line_prints() -> None:
    """Two lines under art that leaves 7 mm: the last line's descenders end on the 5 mm line,
    the first 8.4 pt above it."""
    paper = (LONG_WIDTH, A4[1])  # two lines
    first, last = _lines(placement.note(LONG, paper, A4[1] - mm(12), mm(5)))
    assert last.y + 6.0 * 0.25 == pytest.approx(A4[1] - mm(5))
    assert last.y - first.y == pytest.approx(6.0 * 1.4)


@pytest.mark.parametrize(
    ("wider", "free", "count"),
    [(0.0, 5.0, 2), (20.0, 3.0, 1)],
    ids=["two lines in 5 mm", "one line in 3 mm"],
)
def test_a_note_with_too_little_room_under_the_art_goes_above_it(
    wider: float, free: float, count: int
) -> None:
    """Under the art a line needs 0.5 mm, 6 pt and its descenders (3.15 mm), each line more
    8.4 pt: two lines in 5 mm, or one in 3 mm, stand above the art instead, where there is
    room."""
    paper = (LONG_WIDTH + mm(wider), A4[1])
    art_top, art_bottom = mm(40), A4[1] - mm(5 + free)
    lines = _lines(placement.note(LONG, paper, art_bottom, mm(5), art_top=art_top))
    assert len(lines) == count
    assert all(line.y + 6.0 * 0.25 < art_top for line in lines)


def test_a_wrapped_note_above_the_art_keeps_its_first_line_printable() -> None:
    """Two lines in the 7 mm above the art (none under it): the first line's capitals on the
    5 mm line, the second 8.4 pt below, its descenders clear of the art."""
    paper = (LONG_WIDTH, A4[1])
    art_top = mm(12)
    first, last = _lines(placement.note(LONG, paper, A4[1] - mm(5), mm(5), art_top=art_top))
    assert first.y - 6.0 == pytest.approx(mm(5))
    assert last.y - first.y == pytest.approx(6.0 * 1.4)
    assert last.y + 6.0 * 0.25 < art_top - mm(0.5)


def test_a_wrapped_note_fills_each_line_before_the_next() -> None:
    """Paper with 0.5 pt to spare beyond the note's first two parts between its margins: they
    share the first line, the rest goes to the next."""
    first = f"{ACTUAL_SIZE} · Harbour Lights — merchant ships, storms and lighthouses"
    paper = (text_width(first, font_name("regular"), 6.0) + 2 * mm(5) + 0.5, A4[1])
    lines = _lines(placement.note(LONG, paper, mm(200), mm(5)))
    assert [line.text for line in lines] == [first, "version 0.3"]


def test_a_note_with_a_part_wider_than_the_paper_stays_whole() -> None:
    """No split can help a part wider than the printable width: the note stays one line (and
    the preflight reports it running past the 5 mm line)."""
    paper = (text_width(ACTUAL_SIZE, font_name("regular"), 6.0), A4[1])
    assert [line.text for line in _lines(placement.note(LONG, paper, mm(200), mm(5)))] == [LONG]


def test_a_note_no_stretch_of_the_margin_holds_is_centred_on_the_page() -> None:
    """No room under or above the art, and crop marks every 25 mm down the left margin: no
    stretch between them, nor the last one, which ends 1 mm above the 5 mm line, holds the
    note (42 mm), so it reads upward centred on the page's height, where the marks give way."""
    width = text_width(ACTUAL_SIZE, font_name("regular"), 6.0)
    last = A4[1] - mm(5) - mm(2) - (width - mm(5))  # the bottom stretch 5 mm too short
    marks = [mm(20) + mm(25) * k for k in range(20) if mm(20) + mm(25) * k < last - mm(25)]
    ops = placement.note(ACTUAL_SIZE, A4, A4[1], mm(5), mm(15), [*marks, last])
    [upward] = [op for op in ops if isinstance(op, Group)]
    assert upward.matrix[5] == pytest.approx(A4[1] / 2 + width / 2)
