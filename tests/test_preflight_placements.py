"""The preflight checks each drawing placed again once and its placements by where they sit
(preflight/placements.py, preflight/page.py); what it finds is what it found on every item of
every page: the same codes, texts and places, in the same order."""

from __future__ import annotations

import copy
import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from preflight_reference import page_findings
from support import DATA, parse_diagnostics, run_cli

from printkit.build import check_game
from printkit.diagnostics import (
    PREFLIGHT_CONTRAST,
    PREFLIGHT_MARK_OVER_TEXT,
    PREFLIGHT_SMALL_TEXT,
    PREFLIGHT_STRIP,
    PREFLIGHT_UNMARKED,
    Diagnostics,
)
from printkit.draw.ops import (
    Circle,
    Document,
    Group,
    Line,
    Op,
    Paint,
    Rect,
    Symbol,
    Text,
    Use,
    translate,
)
from printkit.draw.ops import Path as Outline
from printkit.ink_saving import saving_ink
from printkit.materials.registry import compile_material
from printkit.model.units import mm
from printkit.preflight.items import Found, page_items
from printkit.preflight.page import entry_findings
from printkit.preflight.placements import Placement, Run, Sheets
from printkit.preflight.run import OnPages
from printkit.sandbox.environment import game_budget

A4 = (mm(210), mm(297))
COLOURS = ["#ffffff", "#000000", "#f0f0f0", "#1565c0", "#202020", "#ffee00", None]


ROLES = ["", "", "", "cut", "fold", "crop", "trim"]


def _drawing(rng: random.Random, roles: list[str] = ROLES) -> tuple[Op, ...]:
    """A card-sized drawing of every kind of mark the checks look at, some small or faint."""
    ops: list[Op] = []
    for _ in range(rng.randint(1, 7)):
        x, y = rng.uniform(-10, 150), rng.uniform(-10, 220)
        fill, stroke = rng.choice(COLOURS), rng.choice(COLOURS)
        role = rng.choice(roles)
        dash = rng.choice([None, (3.0, 2.0)])
        paint = Paint(fill, stroke, rng.choice([0.25, 1.0]), dash, role)  # type: ignore[arg-type]
        kind = rng.randrange(5)
        if kind == 0:
            ops.append(Rect(x, y, rng.uniform(1, 170), rng.uniform(1, 240), paint))
        elif kind == 1:
            ops.append(Line(x, y, x + rng.choice([0, 40]), y + rng.choice([0, 60]), paint))
        elif kind == 2:
            ops.append(Circle(x, y, rng.uniform(2, 40), paint))
        elif kind == 3:
            ops.append(
                Outline((("M", x, y), ("L", x + 30, y), ("L", x + 15, y + 25), ("Z",)), paint)
            )
        else:
            colour = rng.choice(["#000000", "#f4f4f4", "#1565c0", "#ffffff"])
            size = rng.choice([4.0, 5.5, 6.0, 8.0, 11.0])
            ops.append(
                Text(x, y, rng.choice(["Zap", " ", "Rule text"]), "PK-Regular", size, colour)
            )
    return tuple(ops)


def _page(rng: random.Random, drawings: list[tuple[Op, ...]], roles: list[str] = ROLES) -> list[Op]:
    """Drawings placed by plain moves (some clipped, some wholly away, some nested in a moved
    group, one turned), between loose marks and text."""
    ops: list[Op] = []
    for _ in range(rng.randint(3, 12)):
        drawing = rng.choice(drawings)
        matrix = (1.0, 0.0, 0.0, 1.0, rng.uniform(-40, 500), rng.uniform(-40, 700))
        clip = rng.choice([None, None, (0.0, 0.0, 120.0, 200.0), (-5.0, -5.0, 300.0, 40.0)])
        group = Group(drawing, matrix, clip)
        if rng.random() < 0.15:
            group = Group((group,), (1.0, 0.0, 0.0, 1.0, rng.uniform(-20, 20), 0.0))
        elif rng.random() < 0.1:
            group = Group(drawing, (0.0, 1.0, -1.0, 0.0, 400.0, 100.0))
        ops.append(group)
        if rng.random() < 0.5:
            ops.extend(_drawing(rng, roles)[:2])
    return ops


def _reported(findings) -> list[tuple[str, str, str]]:
    return [(f.code, f.located, f.hint) for f in findings]


def test_placements_give_every_page_the_findings_of_its_items() -> None:
    rng = random.Random(2026)
    codes: set[str] = set()
    for _ in range(12):  # documents, each with its own drawings placed on many pages
        drawings = [_drawing(rng) for _ in range(4)]
        document = Document("t")
        found, sheets = Found(), Sheets(document)
        for _ in range(20):
            ops = _page(rng, drawings)
            home_printed = rng.random() < 0.7
            expected = _reported(page_findings(page_items(document, ops, found), A4, home_printed))
            got = _reported(entry_findings(sheets.page(ops), A4, home_printed))
            assert got == expected
            codes |= {code for code, _, _ in got}
    wanted = {PREFLIGHT_STRIP, PREFLIGHT_SMALL_TEXT, PREFLIGHT_MARK_OVER_TEXT, PREFLIGHT_CONTRAST}
    assert wanted <= codes  # the pages reach what placements are passed over for


def test_pages_laid_out_alike_share_their_guides_and_find_what_each_page_holds() -> None:
    """Pages whose cut guides are alike (a group of them placed alike, more drawn in place,
    equal in value) share what the guides' checks find, whatever else each page holds: text
    under a mark, a faint fold, ink in the strip are still found page by page. Layouts differ
    by the group, where it is placed, or the guides drawn in place."""
    rng = random.Random(27)
    codes: set[str] = set()
    for _ in range(10):
        plain = [_drawing(rng, roles=[""]) for _ in range(4)]
        guides = [_drawing(rng, roles=["cut", "fold", "crop", "trim"]) for _ in range(4)]
        document = Document("t")
        found, sheets, remembered = Found(), Sheets(document), {}  # type: ignore[var-annotated]
        pages = 40
        for _ in range(pages):
            group, shift = rng.choice(guides[:2]), rng.choice([0.0, 9.0])
            shared = Group(group, translate(shift, 0.0))
            # drawn in place (a mirror is no plain move), alike but for where, dashes or colour
            loose = rng.choice(
                [guides[2], _restyled(guides[2], "dash"), _restyled(guides[2], "stroke")]
            )
            turned = (-1.0, 0.0, 0.0, 1.0, rng.choice([300.0, 309.0]), 0.0)
            ops = [*_page(rng, plain, [""]), shared, Group(copy.deepcopy(loose), turned)]
            home_printed = rng.random() < 0.7
            expected = _reported(page_findings(page_items(document, ops, found), A4, home_printed))
            got = _reported(entry_findings(sheets.page(ops), A4, home_printed, remembered))
            assert got == expected
            codes |= {code for code, _, _ in got}
        # one for each layout, and each group's first, walked in place: 24 + 2 of 40 pages
        assert len(remembered) <= 2 * 2 * 3 * 2 + 2
    wanted = {PREFLIGHT_MARK_OVER_TEXT, PREFLIGHT_CONTRAST, PREFLIGHT_UNMARKED}
    assert wanted <= codes


def test_a_faint_fold_is_found_where_the_same_fold_in_black_was_not() -> None:
    """Two pages alike but for the colour of a fold line drawn in place: the second page's
    faint fold fades against the paper, though the first page's guides are remembered."""
    document = Document("t")
    sheets, remembered = Sheets(document), {}  # type: ignore[var-annotated]
    got = []
    for stroke in ("#000000", "#f4f4f4"):
        fold = Line(mm(100), mm(50), mm(100), mm(150), Paint(None, stroke, 0.5, (3.0, 2.0), "fold"))
        ops: list[Op] = [fold]
        expected = _reported(page_findings(page_items(document, ops), A4, True))
        got = _reported(entry_findings(sheets.page(ops), A4, True, remembered))
        assert got == expected
    assert [code for code, _, _ in got] == [PREFLIGHT_CONTRAST]


def _restyled(ops: tuple[Op, ...], what: str) -> tuple[Op, ...]:
    """The ops with their dashes turned (dashed lines solid, solid ones dashed) or their lines
    drawn faint."""

    def paint(old: Paint) -> Paint:
        if what == "dash":
            return replace(old, dash=None if old.dash else (3.0, 2.0))
        return replace(old, stroke="#f4f4f4")

    return tuple(replace(op, paint=paint(op.paint)) if hasattr(op, "paint") else op for op in ops)


HALF_TURN = (-1.0, 0.0, 0.0, -1.0, 0.0, 0.0)


@pytest.mark.parametrize("turned_back", [False, True], ids=["moved", "turned and turned back"])
def test_a_card_placed_again_is_one_drawing_checked_at_each_placement(turned_back: bool) -> None:
    """A card placed by a plain move is walked in place the first time and is a placement of
    one drawing (found once for the document) every time after: a deck's pages check each
    face once, not once per copy. So too a card turned inside a group turned the other way
    (a plain move on the page), where each group round it is walked afresh. Its items are
    those of the walk of every item, where each copy puts them."""
    card = (
        Rect(0, 0, mm(63), mm(88), Paint("#1565c0")),
        Text(mm(5), mm(10), "Title", "PK-Regular", 10),
    )

    def copy(x: float) -> Op:
        if not turned_back:
            return Group(card, translate(mm(x), mm(20)))
        turned = Group(card, (-1.0, 0.0, 0.0, -1.0, -mm(x), -mm(20)))
        return Group((turned,), HALF_TURN)

    document = Document("t")
    ops = [copy(x) for x in (10, 80, 140)]
    entries = Sheets(document).page(ops)
    assert [type(entry) for entry in entries] == [Run, Placement, Placement]
    assert entries[1].drawing is entries[2].drawing
    placed = [item.box for entry in entries for item in entry.placed(entry.drawing.items)]
    assert placed == [item.box for item in page_items(document, ops)]
    assert placed[2][0] == mm(80)  # the second copy's background, where it was put


def test_symbols_are_read_from_the_document_wherever_they_are_first_met() -> None:
    """A symbol placed on the page, and one first met in a card's second copy (the first copy
    clipped where the symbol stands), are the document's symbols, checked where they stand."""
    document = Document("t")
    tiny = (Text(0, 0, "Zap", "PK-Regular", 4.0),)
    for name in ("seal", "tag"):
        document.define(Symbol(name, tiny, (0.0, -4.0, 10.0, 1.0)))
    corner = Group((Use("tag", mm(5), mm(5)),), clip=(mm(2), mm(2), mm(10), mm(10)))
    card = (Rect(0, 0, mm(63), mm(88), Paint("#ffffff")), corner)
    first = Group(card, translate(mm(20), mm(20)), clip=(0.0, 0.0, mm(1), mm(1)))
    ops: list[Op] = [Use("seal", mm(150), mm(200)), first, Group(card, translate(mm(100), mm(20)))]
    expected = _reported(page_findings(page_items(document, ops, Found()), A4, True))
    assert _reported(entry_findings(Sheets(document).page(ops), A4, True)) == expected
    assert [message.split(", the")[0] for code, message, _ in expected] == [
        "2 text run(s) below 6 pt"
    ]


def test_a_card_placed_many_times_is_reported_as_each_copy_was(tmp_path: Path) -> None:
    """Eighty cards, forty copies each of two, whose blue backgrounds reach the strip home
    printers leave blank (a bleed-wide gutter, a 1 mm margin, no crop marks): each sheet's
    findings name the copy nearest each edge, word for word as the walk of every item of every
    page found them."""
    case = tmp_path / "many_copies"
    shutil.copytree(DATA / "good" / "minimal_deck", case)
    game = case / "game.yaml"
    text = game.read_text().replace('background: "#ffffff"', 'background: "#1565c0"')
    text = text.replace("count: 3", "count: 80").replace("count: 2\n", "count: 40\n")
    text = text.replace("name: Loner", "name: Loner\n        count: 40")
    impose = "backs: none\n      gutter: bleed\n      margin: 1mm\n      crop_marks: false"
    game.write_text(text.replace("backs: none", impose))
    result = run_cli("--rule-data", tmp_path, "validate", "many_copies")
    reported = [d for d in parse_diagnostics(result.output) if d.code.startswith("PK76")]
    # the command sorts what it reports by place and code; each page's order is tested above
    walked = _each_item_walked(tmp_path, "many_copies", "sheet")
    assert sorted((d.code, d.message) for d in reported) == sorted(walked)
    strip = [d.message for d in reported if d.code == PREFLIGHT_STRIP]
    # 80 cards, 9 a sheet: left, right and the note at the bottom, alike on each of 9 pages
    assert len(strip) == 3
    assert strip[0] == (
        "material 'sheet', pages 1–9: a rect reaches 1.5 mm from the left edge, at x 1.5 mm, "
        "y 54.5 mm; home printers leave the outer 5 mm blank"
    )


def _each_item_walked(rule_data: Path, game: str, material: str) -> list[tuple[str, str]]:
    """The findings of `page_findings` on each page's items (code and message), as the
    preflight words them."""
    checked = check_game(game, rule_data / game, Diagnostics())
    assert checked is not None
    with game_budget():
        layouts = saving_ink(checked.layouts, "full")
        document = compile_material(checked.played, material, layouts, "a4", Diagnostics())
    assert document is not None
    found, pages = Found(), OnPages()
    for number, page in enumerate(document.pages, start=1):
        items = page_items(document, page.ops, found)
        size = (page.width, page.height)
        for f in page_findings(items, size, home_printed=True):
            pages.add(number, f)
    return [(code, f"material '{material}', {message}") for code, message, _ in pages.said()]
