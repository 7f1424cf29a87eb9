"""Shields: The Dice Game's printed materials: a shopping list computed from the dice inventory
(never copied), a fillable player mat with three 12-step health tracks, a pool mat, and
stand-ins for the dice made from the inventory: a piece per die, a track from 1 to its sides on
each translucent one, and roll cards up to the largest die the game rolls."""

from __future__ import annotations

import itertools
import re
import shutil
from collections import Counter
from pathlib import Path

import pypdf
import pytest
from pixels import close_to, mask, mask_px
from support import (
    MM_PER_PT,
    RULE_DATA,
    Placed,
    Raster,
    assert_mm,
    hex_rgb,
    read_package,
    run_cli,
    segments,
    text_runs,
)

from printkit.draw.fonts import text_width


@pytest.fixture(scope="module")
def mats(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mats")
    result = run_cli("build", "shields_dice", "--out", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    return out / "shields_dice"


def _text(pdf: Path) -> str:
    return pypdf.PdfReader(pdf).pages[0].extract_text()


def test_the_shopping_list_adds_up_the_inventory(mats: Path) -> None:
    text = _text(mats / "shopping_list.pdf")
    assert "34 dice of 24 kinds" in text
    counts = [int(m) for m in re.findall(r"^d\d+\s+\w+\s+\w+\s+(\d+)\s", text, re.MULTILINE)]
    assert len(counts) == 24 and sum(counts) == 34


def _copy(tmp_path: Path, count: int, stated_total: int) -> Path:
    folder = tmp_path / "rule_data" / "shields_dice"
    shutil.copytree(RULE_DATA / "shields_dice", folder)
    game, rules = folder / "game.yaml", folder / "rules.yaml"
    green = "d12_translucent_green: {count: "
    game.write_text(game.read_text().replace(green + "6", green + str(count)))
    rules.write_text(rules.read_text().replace("dice_total: 34", f"dice_total: {stated_total}"))
    return folder


def test_the_shopping_list_follows_the_data(tmp_path: Path) -> None:
    folder = _copy(tmp_path, count=9, stated_total=37)
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "shopping_list", "--out", out)
    assert result.exit_code == 0, result.output
    assert "37 dice of 24 kinds" in _text(out / "shields_dice" / "shopping_list.pdf")


def test_an_inventory_that_disagrees_with_the_stated_total_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path, count=9, stated_total=34)
    result = run_cli("--rule-data", folder.parent, "validate")
    assert result.exit_code == 1
    assert "error[PK530]: claim 'thirty_four_dice' does not hold" in result.output


def test_the_player_mat_has_three_health_tracks_of_twelve(mats: Path) -> None:
    page = pypdf.PdfReader(mats / "player_mat.pdf").pages[0]
    names = [str(a.get_object()["/T"]) for a in page.get("/Annots", [])]
    for colour in ("red", "yellow", "blue"):
        steps = sorted(int(n.split(".")[1]) for n in names if n.startswith(f"{colour}_health."))
        assert steps == list(range(1, 13))
    text = _text(mats / "player_mat.pdf")
    assert "red (R) attacks yellow" in text and "blue (B) attacks red" in text


def test_the_player_mat_gives_black_shields_one_place_for_all_three_batteries(mats: Path) -> None:
    """Erratum black_shield_covers plays one black shield over every battery (seed 001, l.94):
    the mat must not offer a black shield space in each battery's row."""
    text = " ".join(_text(mats / "player_mat.pdf").split())
    assert "guards all three of its owner's batteries" in text
    assert text.count("Black shields: all batteries") == 1
    assert "black shield in front" not in text and "black shield behind" not in text


def test_the_pool_mat_lists_every_pool_die_by_role(mats: Path) -> None:
    text = _text(mats / "pool_mat.pdf")
    assert text.count("pool ") >= 18  # every die whose inventory line says it is in the pool
    for role in ("an attacking die", "a potion", "polish", "The trash"):
        assert role in text


def test_the_pool_mat_s_trash_holds_dice(mats: Path) -> None:
    """From the pixels: under its label, the trash is a space players put dice in, so it is at
    least as tall as a die needs (22 mm, docs/sheets.md); it was a 10 mm write-in box."""
    pdf = mats / "pool_mat.pdf"
    [label] = [run for run in text_runs(pypdf.PdfReader(pdf).pages[0]) if "The trash" in run.text]
    raster = Raster.of(pdf, 0)
    sides = [
        edge.length
        for x in range(int(label.x) - 2, int(label.x) + 130)
        for edge in segments([sum(p) < 450 for p in raster.column(x)])
        if edge.start > label.y
    ]
    assert max(sides) >= 22.0  # the space's side, drawn from its top edge to its bottom


BADGES = {"red": "#c62828", "yellow": "#f2c200", "blue": "#1e5aa8"}


def _cycle_centres(pdf: Path) -> dict[str, tuple[float, float]]:
    """Where each colour's big badge of the cycle sits (mm), from the pixels of the page's lower
    half: the small badges by the labels are above it."""
    raster = Raster.of(pdf, 0)
    width, height = raster.image.size
    lower_half = (0, height * 45 // 100, width, height)
    return {
        name: mask_px(raster, close_to(hex_rgb(colour), 10), lower_half, step=4).where().centre_mm()
        for name, colour in BADGES.items()
    }


def test_the_colour_cycle_is_drawn_in_the_order_of_the_rules(mats: Path, tmp_path: Path) -> None:
    """Red at the top, then clockwise the colour it attacks (yellow, on the right), then blue;
    a cycle of "is attacked by" from the same table turns the other way."""
    drawn = _cycle_centres(mats / "player_mat.pdf")
    assert drawn["red"][1] < drawn["yellow"][1] and drawn["red"][1] < drawn["blue"][1]
    assert drawn["yellow"][0] > drawn["red"][0] > drawn["blue"][0]

    folder = _copy(tmp_path, count=6, stated_total=34)
    sheets = folder / "sheets.yaml"
    attacker = (
        "(rules.tables.attacks.rows | selectattr('data.target', 'equalto', row.key) | first).key"
    )
    text = sheets.read_text().replace(
        'next: "{{ row.data.target | capitalize }}"', f'next: "{{{{ {attacker} | capitalize }}}}"'
    )
    assert attacker in text
    sheets.write_text(text)
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "player_mat", "--out", out)
    assert result.exit_code == 0, result.output
    turned = _cycle_centres(out / "shields_dice" / "player_mat.pdf")
    assert turned["blue"][0] > turned["red"][0] > turned["yellow"][0]


def test_each_health_track_draws_twelve_boxes(mats: Path) -> None:
    """From the pixels: along the middle of each track, 13 dark edges bound its 12 boxes, and
    the field of each step lies between two of them."""
    pdf = mats / "player_mat.pdf"
    page = pypdf.PdfReader(pdf).pages[0]
    height = float(page.mediabox.height)
    raster = Raster.of(pdf, 0)
    for colour in ("red", "yellow", "blue"):
        rects = {}
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            if str(widget["/T"]).startswith(f"{colour}_health."):
                x0, _, x1, y1 = (float(v) * 25.4 / 72 for v in widget["/Rect"])
                rects[int(str(widget["/T"]).split(".")[1])] = (x0, x1, height * 25.4 / 72 - y1)
        left, right = rects[1][0], rects[12][1]
        middle_y = rects[1][2] + 1.0  # just inside the boxes' top edge, above the numbers
        edges = [
            s
            for s in segments([sum(p) < 450 for p in raster.row(middle_y)])
            if left - 0.3 < s.middle < right + 0.3
        ]
        assert len(edges) == 13, f"{colour}: {len(edges)} edges"
        for step, (x0, x1, _) in rects.items():
            assert any(abs(e.middle - x0) < 0.2 for e in edges), f"{colour} step {step}"
            assert any(abs(e.middle - x1) < 0.2 for e in edges), f"{colour} step {step}"


# --- the stand-ins for the dice ------------------------------------------------------------------

HEADING, TRACK_NUMBER = 15.0, 7.5  # points: a piece's heading, a track box's number
HEADING_LEAST = 11.0  # points: a heading too wide beside its badge shrinks, down to this
ROLL_CARD = (45.0, 36.0)  # mm
TRACK_MM = 83.0  # the track's width: the tracker's 95 mm less its two 6 mm margins


def _inventory(folder: Path = RULE_DATA / "shields_dice") -> dict[str, dict]:
    return read_package(folder)["components"]


def _stand_in(die: dict) -> str:
    """The heading a die's stand-in prints: its colour, sides and finish."""
    attributes = die["attributes"]
    return f"{attributes['colour'].capitalize()} d{attributes['sides']}, {attributes['finish']}"


def _pieces(pdf: Path) -> list[tuple[int, Placed, list[Placed]]]:
    """Each piece of a sheet of stand-ins: its page, its heading, and the numbers of its track
    (the numbers in track size below the heading, within the piece's width)."""
    found = []
    for index, page in enumerate(pypdf.PdfReader(pdf).pages):
        runs = text_runs(page)
        for heading in (run for run in runs if HEADING_LEAST <= run.size <= HEADING):
            track = [
                run
                for run in runs
                if run.size == TRACK_NUMBER
                and run.text.isdigit()  # a text shrunk to fit may be set at 7.5 pt too
                and heading.x - 0.1 < run.x < heading.x + TRACK_MM
                and heading.y < run.y < heading.y + 40
            ]
            found.append((index, heading, sorted(track, key=lambda run: run.x)))
    return found


def test_every_die_of_the_inventory_has_one_stand_in(mats: Path) -> None:
    """As many stand-ins of each kind as the inventory counts (34 of 24 kinds), the translucent
    dice (health and shields) on the trackers, the solid ones (rolled or used whole) on the
    tokens."""
    inventory = _inventory()
    trackers = Counter(h.text for _, h, _ in _pieces(mats / "dice_trackers.pdf"))
    tokens = Counter(h.text for _, h, _ in _pieces(mats / "dice_tokens.pdf"))
    wanted = Counter({_stand_in(die): die["count"] for die in inventory.values()})
    assert trackers + tokens == wanted
    assert sum(wanted.values()) == 34 and len(wanted) == 24
    assert all(name.endswith(", translucent") for name in trackers)
    assert all(name.endswith(", solid") for name in tokens)


def test_each_tracker_shows_a_track_from_1_to_its_sides(mats: Path) -> None:
    """Its numbers, and from the pixels its boxes: one square (at most 6.5 mm, sheets.md) in
    each equal share of its 83 mm, on one row, or on rows as even as can be where one row
    would not leave each number 1 mm clear of its box (the d20: 20 boxes of 4.15 mm held
    their "20" with 0.6 mm, touching the lines to the eye)."""
    pdf = mats / "dice_trackers.pdf"
    pieces = _pieces(pdf)
    assert len(pieces) == 14
    rows_of = {}
    for page, heading, track in pieces:
        sides = int(heading.text.split(" d")[1].split(",")[0])
        rows = [sorted(row, key=lambda r: r.x) for _, row in _by_line(track)]
        rows_of[sides] = len(rows)
        assert [int(run.text) for row in rows for run in row] == list(range(1, sides + 1))
        per_row = len(rows[0])
        assert all(len(row) == per_row for row in rows[:-1]), heading.text
        for row in rows:
            box_row = row[0].y - 2.2  # inside the boxes, above their numbers
            edges = [
                edge.middle
                for edge in segments([sum(p) < 450 for p in Raster.of(pdf, page).row(box_row)])
                if heading.x - 0.3 < edge.middle < heading.x + TRACK_MM + 0.3
            ]
            wanted = _box_edges(heading.x, per_row, len(row))
            assert len(edges) == len(wanted), heading.text
            for number, (edge, want) in enumerate(zip(edges, wanted, strict=True)):
                assert_mm(edge, want, f"{heading.text}, edge {number}")
            for run in row:  # 1 mm clear of its box's edges on both sides
                right = run.x + text_width(run.text, "PK-Regular", TRACK_NUMBER) * MM_PER_PT
                inside = max(e for e in edges if e < run.x), min(e for e in edges if e > right)
                assert run.x - inside[0] >= 1.0 and inside[1] - right >= 1.0, (heading, run)
    assert rows_of == {10: 1, 12: 1, 20: 2}


def _by_line(runs: list[Placed]) -> itertools.groupby:
    return itertools.groupby(sorted(runs, key=lambda r: (round(r.y), r.x)), lambda r: round(r.y))


def _box_edges(left: float, per_row: int, boxes: int) -> list[float]:
    """Where a row's box edges stand (mm): one square, at most 6.5 mm (sheets.md), centred in
    each of `per_row` equal shares of the track; squares that fill their shares share edges."""
    share = TRACK_MM / per_row
    side = min(share, 6.5)
    edges: list[float] = []
    for box in range(boxes):
        start = left + box * share + (share - side) / 2
        if not edges or start - edges[-1] > 0.3:
            edges.append(start)
        edges.append(start + side)
    return edges


def _cut_lines(pdf: Path, page: int, first: Placed) -> tuple[list[float], list[float]]:
    """Where the crop marks stand (mm): the vertical ones crossing a row 2 mm above the first
    row of pieces, the horizontal ones crossing a column 2 mm left of the first column (whose
    heading is `first`, 6 mm inside its piece and 13 pt below its top); nothing else is there.
    A mark falling between two pixels is drawn light grey: any pixel below 200 counts."""
    raster = Raster.of(pdf, page)
    top, left = first.y - 6 - 13 * MM_PER_PT, first.x - 6
    across = [sum(pixel) < 600 for pixel in raster.row(top - 2)]
    down = [sum(pixel) < 600 for pixel in raster.column(left - 2)]
    return [s.middle for s in segments(across)], [s.middle for s in segments(down)]


@pytest.mark.parametrize(
    ("material", "size"),
    [("dice_trackers", (95.0, 52.0)), ("dice_tokens", (60.0, 34.0)), ("roll_cards", ROLL_CARD)],
)
def test_the_pieces_are_cut_to_their_sizes(mats: Path, material: str, size: tuple) -> None:
    """From the crop marks' pixels: each piece is as wide and tall as its sheet says, the pieces
    4 mm apart (room for the marks between them)."""
    pdf = mats / f"{material}.pdf"
    _, first, _ = _pieces(pdf)[0]
    xs, ys = _cut_lines(pdf, 0, first)
    for marks, side in ((xs, size[0]), (ys, size[1])):
        assert len(marks) >= 2 and len(marks) % 2 == 0, marks
        for index, (a, b) in enumerate(itertools.pairwise(marks)):
            assert_mm(b - a, side if index % 2 == 0 else 4.0, f"{material}: {marks}")


def _built_with(
    tmp_path: Path, file: str, change: tuple[str, str], material: str = "dice_trackers"
) -> tuple[Path, str]:
    """`material` built from a copy of the game with one text of `file` changed: its PDF, and
    what the build printed."""
    path = _copy(tmp_path, count=6, stated_total=34) / file
    text = path.read_text()
    assert change[0] in text
    path.write_text(text.replace(*change))
    out = tmp_path / "out"
    only = ("--only", material, "--format", "pdf")
    result = run_cli("--rule-data", path.parent.parent, "build", *only, "--out", out)
    assert result.exit_code == 0, result.output
    return out / "shields_dice" / f"{material}.pdf", result.output


def _swatch(pdf: Path, page: int, heading: Placed, width: float, colour: str) -> float:
    """The share of a piece's swatch room (the 5 mm at the right end of its heading's line,
    inside the piece's 6 mm margin; the piece is `width` wide) drawn in `colour`, within 12 of
    each channel."""
    right = heading.x - 6 + width - 6
    room = (right - 5, heading.y - 5.5, right, heading.y - 0.5)
    return float(mask(Raster.of(pdf, page), close_to(hex_rgb(colour), 12), room).flags.mean())


@pytest.mark.parametrize(("material", "width"), [("dice_trackers", 95.0), ("dice_tokens", 60.0)])
def test_each_stand_in_shows_its_die_s_colour(mats: Path, material: str, width: float) -> None:
    """From the pixels: beside each heading a swatch in the die's own colour, looked up by the
    inventory's word (the heading's first) in the game's data: the rule text gives colours in
    words only. Over a third of its room is that colour, and the heading ends before it (the
    green d10 token's shrinks to: it ran under the swatch)."""
    colours = read_package(RULE_DATA / "shields_dice")["data"]["colours"]
    pdf = mats / f"{material}.pdf"
    words = set()
    for page, heading, _ in _pieces(pdf):
        word = heading.text.split()[0].lower()
        words.add(word)
        assert _swatch(pdf, page, heading, width, colours[word]) > 0.35, heading.text
        end = heading.x + text_width(heading.text, "PK-Bold", heading.size) * MM_PER_PT
        assert end < heading.x - 6 + width - 6 - 5, heading.text
    assert words >= {"red", "yellow", "blue"}


def test_a_swatch_follows_the_data_and_its_letter_stays_legible(tmp_path: Path) -> None:
    """A die's colour changed in the data prints so at the next build, and the letter on the
    swatch, black or white as reads better, passes the preflight's contrast check (PK763)."""
    pdf, output = _built_with(tmp_path, "game.yaml", ('black: "#1a1a1a"', 'black: "#6a1b9a"'))
    assert "PK763" not in output
    [(page, heading, _)] = [piece for piece in _pieces(pdf) if "Black d20" in piece[1].text]
    assert _swatch(pdf, page, heading, 95.0, "#6a1b9a") > 0.35


def _faces(pdf: Path) -> list[int]:
    """The numbers of the roll cards' faces (their backs' headings are words)."""
    return [int(h.text) for _, h, _ in _pieces(pdf) if h.text.isdigit()]


def _rules(pdf: Path, page: int, heading_y: float) -> list[tuple[float, float]]:
    """From the pixels: the runs of the heading rules (drawn 4 pt under the headings' baseline
    at `heading_y`) across the page, in mm: each card's, 33 mm wide."""
    row = Raster.of(pdf, page).row(heading_y + 4 * MM_PER_PT)
    return [(run.start, run.end) for run in segments([sum(p) < 450 for p in row], min_mm=20)]


def test_the_roll_cards_have_one_back_each_behind_its_face(mats: Path) -> None:
    """Printed double-sided, each sheet of faces is followed by its backs, laid out for a flip
    on the long edge (the page mirrored left to right): from the pixels, every back's heading
    rule and every crop mark stands where its face's lands once the sheet is turned, to
    0.2 mm, and every back reads alike, so a card face down tells nothing of its number."""
    pdf = mats / "roll_cards.pdf"
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 2
    width = float(reader.pages[0].mediabox.width) * MM_PER_PT
    fronts, backs = (_pieces(pdf)[:12], _pieces(pdf)[12:])
    assert {page for page, _, _ in fronts} == {0} and {page for page, _, _ in backs} == {1}
    assert {h.text for _, h, _ in backs} == {"Roll card"} and len(backs) == 12
    footers = [" ".join(run.text for run in text_runs(page)) for page in reader.pages]
    assert "print double-sided, flip on the long edge" in footers[0]
    assert "backs of page 1" in footers[1]
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/DuplexFlipLongEdge"  # the print dialog's default
    for _, first, _ in fronts[::4]:  # one card of each row
        front = _rules(pdf, 0, first.y)
        back = _rules(pdf, 1, first.y)
        assert len(front) == len(back) == 4
        turned = sorted((width - end, width - start) for start, end in front)
        for (start, end), (want_start, want_end) in zip(back, turned, strict=True):
            assert_mm(start, want_start, "a back's rule, left")
            assert_mm(end, want_end, "a back's rule, right")
    front_marks, back_marks = (
        _cut_lines(pdf, page, min((h for _, h, _ in side), key=lambda h: (round(h.y), h.x)))
        for page, side in ((0, fronts), (1, backs))
    )
    assert back_marks[1] == front_marks[1]  # rows stay
    for mark, want in zip(back_marks[0], sorted(width - x for x in front_marks[0]), strict=True):
        assert_mm(mark, want, "a back's crop mark")


def test_each_back_lands_behind_its_own_card(tmp_path: Path) -> None:
    """With backs that differ (a copy of the game numbering them), the back of card N stands
    behind card N: in the same row, the columns reversed."""
    change = ('text: "Roll card"', 'text: "Card {{ face }}"')
    pdf, _ = _built_with(tmp_path, "stand_ins.yaml", change, "roll_cards")
    width = float(pypdf.PdfReader(pdf).pages[0].mediabox.width) * MM_PER_PT
    pieces = _pieces(pdf)
    fronts = {h.text: h for page, h, _ in pieces if page == 0}
    backs = {h.text.removeprefix("Card "): h for page, h, _ in pieces if page == 1}
    assert sorted(fronts) == sorted(backs) and len(fronts) == 12
    for face, front in fronts.items():
        left = front.x - 6  # the card's, 6 mm outside its heading
        assert_mm(backs[face].x, width - left - ROLL_CARD[0] + 6, f"card {face}'s back")
        assert_mm(backs[face].y, front.y, f"card {face}'s back")


def test_the_roll_cards_number_1_to_the_largest_die_the_game_rolls(mats: Path) -> None:
    """Cards drawn with replacement from 1 to N are a fair dN, so the cards reach the largest
    die rolled: the attacking dice (solid, of a battery's colour) and the dice rolled for the
    first player (three green d12s each)."""
    inventory = _inventory()
    attacking = [
        die["attributes"]["sides"]
        for die in inventory.values()
        if die["attributes"]["finish"] == "solid"
        and die["attributes"]["colour"] in ("red", "yellow", "blue")
    ]
    faces = sorted(_faces(mats / "roll_cards.pdf"))
    assert max(attacking) == 8
    assert faces == list(range(1, 13))


def test_the_stand_ins_follow_the_inventory(tmp_path: Path) -> None:
    """Nine green d12s make nine health trackers, a black d16 a track of 16, and a red
    attacking d14 roll cards up to 14: every number comes from the data."""
    folder = _copy(tmp_path, count=9, stated_total=37)
    game = folder / "game.yaml"
    text = game.read_text()
    for die, sides in (("d20_translucent_black", 20), ("d8_solid_red", 8)):
        assert f"{die}: {{count: 1, attributes: {{sides: {sides}," in text
    text = text.replace(
        "{sides: 20, finish: translucent, colour: black}",
        "{sides: 16, finish: translucent, colour: black}",
    )
    text = text.replace(
        "{sides: 8, finish: solid, colour: red}", "{sides: 14, finish: solid, colour: red}"
    )
    game.write_text(text)
    out = tmp_path / "out"
    only = ("--only", "dice_trackers", "--only", "roll_cards")
    result = run_cli("--rule-data", folder.parent, "build", *only, "--out", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    trackers = _pieces(out / "shields_dice" / "dice_trackers.pdf")
    assert sum(h.text == "Green d12, translucent" for _, h, _ in trackers) == 9
    [black] = [track for _, h, track in trackers if h.text == "Black d16, translucent"]
    assert [int(run.text) for run in black] == list(range(1, 17))
    faces = _faces(out / "shields_dice" / "roll_cards.pdf")
    assert sorted(faces) == list(range(1, 15))
