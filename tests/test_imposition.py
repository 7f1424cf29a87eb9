"""Imposition measured on the fixture tests/data/good/marked_deck, where every card has its own
front colour and its own back colour: a rendered pixel says which card's face is where.

Covered: long-edge and short-edge backs, the back offset, bleed gutters, Letter paper,
print-on-demand pages, the calibration sheet, and drawing order within a card.
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path
from typing import Any

import pypdf
import pytest
from imposition import HOME_MARGIN_MM, ExpectedGrid, bleed_mm, card_size_mm
from PIL import ImageChops
from support import (
    GOOD,
    WHITE,
    Raster,
    Run,
    assert_mm,
    box_mm,
    classify,
    dark_runs,
    group_runs,
    hex_rgb,
    length_mm,
    near,
    read_package,
    run_cli,
    segment_at,
    text_runs,
)

PACKAGE = read_package(GOOD / "marked_deck")
DECK = PACKAGE["decks"]["cards"]
CARDS = DECK["cards"]
MATERIALS = PACKAGE["materials"]
FRONT = PACKAGE["layouts"][DECK["layout"]]
CARD = card_size_mm(FRONT)
FRONTS = {c["name"]: hex_rgb(c["front_colour"]) for c in CARDS}
BACKS = {c["name"]: hex_rgb(c["back_colour"]) for c in CARDS}
MARKER = FRONT["regions"]["marker"]
TITLE = FRONT["regions"]["title"]


def impose(material: str) -> dict[str, Any]:
    return MATERIALS[material].get("impose") or {}


def grid_for(material: str) -> ExpectedGrid:
    spec = impose(material)
    gap = 2 * bleed_mm(MATERIALS[material]) if spec.get("gutter") == "bleed" else 0.0
    return ExpectedGrid.fit(spec.get("paper", "a4"), CARD, gap)


def offset(material: str) -> tuple[float, float]:
    spec = impose(material)
    return (
        length_mm(spec.get("back_offset_x", "0mm")),
        length_mm(spec.get("back_offset_y", "0mm")),
    )


def probe(grid: ExpectedGrid, slot: int) -> tuple[float, float]:
    """A point well inside a cell, clear of the marker and the title."""
    x, y, *_ = grid.cell(slot)
    return (x + CARD[0] / 2, y + CARD[1] * 0.7)


def probe_column(grid: ExpectedGrid, slot: int) -> float:
    """An x for vertical scans through a cell, right of the (left-aligned) title text."""
    x, *_ = grid.cell(slot)
    return x + CARD[0] - 4


def faces_on(raster: Raster, grid: ExpectedGrid, palette: dict[str, tuple]) -> list[str | None]:
    return [classify(raster.at(*probe(grid, slot)), palette) for slot in range(grid.per_sheet)]


def mirror_slot(grid: ExpectedGrid, slot: int, backs: str) -> int:
    """PRINT.md: long edge reverses the columns of each row, short edge reverses the rows."""
    row, column = divmod(slot, grid.columns)
    if backs == "short_edge":
        return (grid.rows - 1 - row) * grid.columns + column
    return row * grid.columns + (grid.columns - 1 - column)


def test_the_fixture_premises_hold() -> None:
    assert len(set(FRONTS.values())) == len(CARDS) == len(set(BACKS.values()))
    assert card_size_mm(FRONT) == (63.0, 88.0)
    grid = grid_for("long_edge")
    assert (grid.columns, grid.rows) == (3, 3)
    assert len(CARDS) < grid.per_sheet  # one sheet, with blank cells to show the mirroring
    assert len(CARDS) % grid.columns  # and a partly filled last row


# --- duplex backs -------------------------------------------------------------------------------


@pytest.mark.parametrize("material", ["long_edge", "short_edge", "offset"])
def test_backs_land_behind_their_fronts(marked: Path, material: str) -> None:
    grid = grid_for(material)
    backs = impose(material).get("backs", "long_edge")
    path = marked / f"{material}.pdf"
    fronts = faces_on(Raster.of(path, 0), grid, FRONTS)
    expected_fronts = [c["name"] for c in CARDS[: grid.per_sheet]]
    expected_fronts += [None] * (grid.per_sheet - len(expected_fronts))
    assert fronts == expected_fronts

    seen_backs = faces_on(Raster.of(path, 1), grid, BACKS)
    expected_backs: list[str | None] = [None] * grid.per_sheet
    for slot, name in enumerate(expected_fronts):
        if name is not None:
            expected_backs[mirror_slot(grid, slot, backs)] = name
    assert seen_backs == expected_backs
    empty = [s for s, name in enumerate(expected_backs) if name is None]
    back = Raster.of(path, 1)
    for slot in empty:
        assert near(back.at(*probe(grid, slot)), WHITE, 3), f"cell {slot} should be blank"


@pytest.mark.parametrize("material", ["long_edge", "short_edge"])
def test_back_text_sits_in_the_mirrored_cell_and_reads_upright(marked: Path, material: str) -> None:
    """The same check from pypdf's text positions instead of pixels."""
    grid = grid_for(material)
    backs = impose(material).get("backs", "long_edge")
    page = pypdf.PdfReader(marked / f"{material}.pdf").pages[1]
    runs = text_runs(page)
    for slot, card in enumerate(CARDS[: grid.per_sheet]):
        x, y, *_ = grid.cell(mirror_slot(grid, slot, backs))
        inside = [r for r in runs if x <= r.x <= x + CARD[0] and y <= r.y <= y + CARD[1]]
        words = " ".join(r.text for r in sorted(inside, key=lambda r: r.x))
        assert card["name"] in words.split(), f"{card['name']}'s back not in cell {slot}: {words}"
        assert all(r.upright == 1 for r in inside)


@pytest.mark.parametrize("material", ["long_edge", "short_edge"])
def test_back_art_edges_register_with_the_front_cut_lines(marked: Path, material: str) -> None:
    """Each back fills its cell exactly: its colour starts and ends on the cut lines, plus the
    bleed where no piece lies beyond (the sheet's outer edges, and the blank cells of its part-
    filled last row), so front and back agree to 0.2 mm."""
    grid = grid_for(material)
    backs = impose(material).get("backs", "long_edge")
    raster = Raster.of(marked / f"{material}.pdf", 1)
    dx, dy = offset(material)
    bleed = bleed_mm(MATERIALS[material])
    cards = CARDS[: grid.per_sheet]
    filled = {mirror_slot(grid, slot, backs) for slot in range(len(cards))}

    def open_beyond(row: int, column: int) -> bool:
        inside = 0 <= row < grid.rows and 0 <= column < grid.columns
        return not inside or row * grid.columns + column not in filled

    assert any(
        open_beyond(row, column) for row in range(grid.rows) for column in range(grid.columns)
    )
    for slot, card in enumerate(cards):
        target = mirror_slot(grid, slot, backs)
        x, y, row, column = grid.cell(target)
        colour = BACKS[card["name"]]
        px, py = probe(grid, target)
        run = segment_at(raster.row(py), colour, px)
        left = x - (bleed if open_beyond(row, column - 1) else 0) + dx
        assert_mm(run.start, left, f"{card['name']} back left")
        right = x + CARD[0] + (bleed if open_beyond(row, column + 1) else 0) + dx
        assert_mm(run.end, right, f"{card['name']} back right")
        cx = probe_column(grid, target) + dx
        run = segment_at(raster.column(cx), colour, py)
        top = y - (bleed if open_beyond(row - 1, column) else 0) + dy
        assert_mm(run.start, top, f"{card['name']} back top")
        bottom = y + CARD[1] + (bleed if open_beyond(row + 1, column) else 0) + dy
        assert_mm(run.end, bottom, f"{card['name']} back bottom")


def test_the_back_offset_moves_every_back_by_the_given_amount(marked: Path) -> None:
    grid = grid_for("offset")
    dx, dy = offset("offset")
    assert (dx, dy) != (0.0, 0.0)
    plain = Raster.of(marked / "long_edge.pdf", 1)
    shifted = Raster.of(marked / "offset.pdf", 1)
    for slot, card in enumerate(CARDS[: grid.per_sheet]):
        colour = BACKS[card["name"]]
        target = mirror_slot(grid, slot, "long_edge")
        px, py = probe(grid, target)
        a = segment_at(plain.row(py), colour, px)
        b = segment_at(shifted.row(py), colour, px)
        assert_mm(b.start - a.start, dx, f"{card['name']}: x shift of the back")
        assert_mm(b.end - a.end, dx, f"{card['name']}: x shift of the back")
        cx = probe_column(grid, target)
        a = segment_at(plain.column(cx), colour, py)
        b = segment_at(shifted.column(cx + dx), colour, py)
        assert_mm(b.start - a.start, dy, f"{card['name']}: y shift of the back")
        assert_mm(b.end - a.end, dy, f"{card['name']}: y shift of the back")
    # the fronts do not move: the art area of both front pages is the same, pixel for pixel
    bleed = bleed_mm(MATERIALS["offset"])
    box = tuple(
        Raster.px(v)
        for v in (grid.left - bleed, grid.top - bleed, grid.right + bleed, grid.bottom + bleed)
    )
    front_plain = Raster.of(marked / "long_edge.pdf", 0).image.crop(box)
    front_offset = Raster.of(marked / "offset.pdf", 0).image.crop(box)
    assert front_plain.tobytes() == front_offset.tobytes()


def test_back_faces_are_placed_not_mirrored(marked: Path) -> None:
    """Only the cells are mirrored: a back's title still starts at its left, as designed."""
    grid = grid_for("long_edge")
    page = pypdf.PdfReader(marked / "long_edge.pdf").pages[1]
    runs = text_runs(page)
    title_x = length_mm(TITLE["x"])
    for slot, card in enumerate(CARDS[: grid.per_sheet]):
        x, *_ = grid.cell(mirror_slot(grid, slot, "long_edge"))
        (first,) = [r for r in runs if r.text.split()[0] == card["name"]]
        assert_mm(first.x - x, title_x, f"{card['name']}: title offset in its back")


# --- gutters, paper -----------------------------------------------------------------------------


def test_a_bleed_gutter_spaces_cards_by_two_bleeds(marked: Path) -> None:
    grid = grid_for("bleed_gutter")
    bleed = bleed_mm(MATERIALS["bleed_gutter"])
    assert grid.pitch[0] == CARD[0] + 2 * bleed
    raster = Raster.of(marked / "bleed_gutter.pdf", 0)
    for slot, card in enumerate(CARDS[: grid.per_sheet]):
        x, y, *_ = grid.cell(slot)
        colour = FRONTS[card["name"]]
        px, py = probe(grid, slot)
        run = segment_at(raster.row(py), colour, px)
        assert_mm(run.start, x - bleed, f"{card['name']} art left (bleed on every side)")
        assert_mm(run.end, x + CARD[0] + bleed, f"{card['name']} art right")
        cx = probe_column(grid, slot)
        run = segment_at(raster.column(cx), colour, py)
        assert_mm(run.start, y - bleed, f"{card['name']} art top")
        assert_mm(run.end, y + CARD[1] + bleed, f"{card['name']} art bottom")
    starts = sorted({grid.cell(s)[0] for s in range(grid.per_sheet)})
    for a, b in itertools.pairwise(starts):
        assert_mm(b - a, CARD[0] + 2 * bleed, "pitch with a bleed gutter")


def _marks_in_bleed(raster: Raster, grid: ExpectedGrid) -> list[Run]:
    """Marks drawn over the bleed above the cards: along the middle of the strip between the
    5 mm edge and the trim, black lines in a white casing, darker than what lies within a
    quarter millimetre of them (the casing) and than the art on either side."""
    y = (HOME_MARGIN_MM + grid.top) / 2
    row = [sum(pixel) / 3 for pixel in raster.row(y)]
    px = raster.px
    found = []
    for index in range(px(1.0), len(row) - px(1.0)):
        around = min(row[index - px(1.0)], row[index + px(1.0)])
        casing = max(row[index - px(0.25) : index + px(0.25) + 1])
        darkest = row[index] <= min(row[index - 2 : index + 3])
        if row[index] < min(around, casing - 80) and casing > 200 and darkest:
            at = (index + 0.5) * 25.4 / 300
            if not found or at - found[-1].at > 0.5:
                found.append(Run(HOME_MARGIN_MM, grid.top, at=at))
    return found


@pytest.mark.parametrize("material", ["letter", "bleed_gutter", "long_edge"])
def test_crop_marks_match_the_cut_lines(marked: Path, material: str) -> None:
    grid = grid_for(material)
    bleed = bleed_mm(MATERIALS[material])
    raster = Raster.of(marked / f"{material}.pdf", 0)
    faint = lambda v: v < 200  # noqa: E731
    # A mark stops 0.5 mm outside the bleed; runs that end elsewhere are text (the side note).
    art_top, art_left = grid.top - bleed - 0.5, grid.left - bleed - 0.5
    room = art_top - HOME_MARGIN_MM >= 1.5  # 1.5 mm between the art and the 5 mm strip
    vertical = [
        r for r in group_runs(dark_runs(raster, "y", 1.5, 8.0, faint)) if abs(r.end - art_top) < 0.3
    ]
    if not room:  # 9-up poker on Letter: the marks stand in the bleed, from the strip to the cut
        vertical = _marks_in_bleed(raster, grid)
    side_runs = group_runs(dark_runs(raster, "x", 1.5, 8.0, faint))
    horizontal = [r for r in side_runs if abs(r.end - art_left) < 0.3]
    art_right = grid.right + bleed + 0.5
    right = [r for r in side_runs if abs(r.start - art_right) < 0.3]
    expected_xs = grid.cut_xs()
    assert len(vertical) == len(expected_xs), [r.at for r in vertical]
    for mark, cut in zip(vertical, expected_xs, strict=True):
        assert_mm(mark.at, cut, f"{material}: vertical cut mark")
        assert mark.end < (grid.top - bleed if room else grid.top + 0.2)
    # Every horizontal cut has its mark on the right; on the left, where the page note stands
    # upright in the margin (no room under the cards), the marks it would cross are left out.
    assert len(right) == len(grid.cut_ys()), [r.at for r in right]
    for mark, cut in zip(right, grid.cut_ys(), strict=True):
        assert_mm(mark.at, cut, f"{material}: horizontal cut mark, right")
    assert len(horizontal) >= 2, [r.at for r in horizontal]  # at least the outer edges
    for mark in horizontal:
        assert any(abs(mark.at - cut) < 0.2 for cut in grid.cut_ys()), mark.at
        assert mark.end < grid.left - bleed


def test_letter_paper_is_3_by_3_with_centred_margins(marked: Path) -> None:
    grid = grid_for("letter")
    assert (grid.columns, grid.rows) == (3, 3)
    page = pypdf.PdfReader(marked / "letter.pdf").pages[0]
    assert box_mm(page.mediabox) == pytest.approx((0, 0, 215.9, 279.4), abs=0.01)
    raster = Raster.of(marked / "letter.pdf", 0)
    first = CARDS[0]["name"]
    px, py = probe(grid, 0)
    run = segment_at(raster.row(py), FRONTS[first], px)
    assert_mm(run.start + bleed_mm(MATERIALS["letter"]), (215.9 - 3 * 63) / 2, "letter margin")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_mark_or_note_within_5mm_of_the_paper_edge(
    paper: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """PRINT.md: home printers do not print the outer 5 mm, so crop marks and the 'actual
    size' note must stay inside it, or they are lost. Only grey and black ink is looked for
    (marks, note): the fixture's card colours are all saturated, and bleed art may run further."""
    from support import run_cli

    out = tmp_path_factory.mktemp(f"edge-{paper}")
    result = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "long_edge", "--paper", paper,
        "--format", "pdf", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    raster = Raster.of(out / "marked_deck" / "long_edge.pdf", 0)
    _, saturation, value = raster.image.convert("HSV").split()
    black = ImageChops.multiply(
        saturation.point(lambda s: 255 if s < 40 else 0),
        value.point(lambda v: 255 if v < 200 else 0),
    )
    w, h = black.size
    edge = Raster.px(5.0)
    inked = [
        name
        for name, box in (
            ("top", (0, 0, w, edge)),
            ("bottom", (0, h - edge, w, h)),
            ("left", (0, 0, edge, h)),
            ("right", (w - edge, 0, w, h)),
        )
        if black.crop(box).getbbox() is not None
    ]
    assert not inked, f"{paper}: marks or text within 5 mm of the {', '.join(inked)} edge(s)"


# --- print on demand ----------------------------------------------------------------------------


def test_pod_pages_are_trim_plus_two_bleeds_with_boxes(marked: Path) -> None:
    bleed = bleed_mm(MATERIALS["pod"])
    reader = pypdf.PdfReader(marked / "pod.pdf")
    assert len(reader.pages) == 2 * len(CARDS)
    for page in reader.pages:
        assert box_mm(page.mediabox) == pytest.approx(
            (0, 0, CARD[0] + 2 * bleed, CARD[1] + 2 * bleed), abs=0.01
        )
        assert box_mm(page.trimbox) == pytest.approx(
            (bleed, bleed, bleed + CARD[0], bleed + CARD[1]), abs=0.01
        )
        assert box_mm(page.bleedbox) == box_mm(page.mediabox)


@pytest.mark.parametrize("index", [0, 3, 6])
def test_pod_front_and_back_fill_their_pages_and_place_text_one_bleed_in(
    marked: Path, index: int
) -> None:
    bleed = bleed_mm(MATERIALS["pod"])
    card = CARDS[index]
    reader = pypdf.PdfReader(marked / "pod.pdf")
    for side, palette, page_index in (("front", FRONTS, 2 * index), ("back", BACKS, 2 * index + 1)):
        raster = Raster.of(marked / "pod.pdf", page_index)
        assert_mm(raster.width_mm, CARD[0] + 2 * bleed, "page width")
        colour = palette[card["name"]]
        w, h = raster.width_mm, raster.height_mm
        for x, y in ((0.2, 0.2), (w - 0.2, h - 0.2), (0.2, h / 2), (w / 2, h - 0.2)):
            assert near(raster.at(x, y), colour), f"{side}: bleed art missing at ({x}, {y})"
        runs = [r for r in text_runs(reader.pages[page_index]) if card["name"] in r.text]
        assert runs, f"{side}: no title"
        assert_mm(runs[0].x, bleed + length_mm(TITLE["x"]), f"{side}: title x from the page edge")


# --- calibration --------------------------------------------------------------------------------


def cross_centres(raster: Raster) -> list[tuple[float, float]]:
    """Centres of the front's crosses: long horizontal arms crossing long vertical arms."""
    horizontal = group_runs(dark_runs(raster, "x", 12.0, 20.0))
    vertical = group_runs(dark_runs(raster, "y", 12.0, 20.0))
    centres = []
    for h in horizontal:
        for v in vertical:
            if h.start < v.at < h.end and v.start < h.at < v.end:
                centres.append((v.at, h.at))
    return centres


def scale_centres(raster: Raster) -> list[tuple[float, float]]:
    """Centres of the back's scales: where the longest ticks of both directions cross. The
    zero tick and the ±5 mm ticks are the long ones; the zero tick is the middle of three."""
    horizontal = group_runs(dark_runs(raster, "x", 4.0, 6.0, lambda v: v < 200))
    vertical = group_runs(dark_runs(raster, "y", 4.0, 6.0, lambda v: v < 200))
    centres = []
    for h in horizontal:
        for v in vertical:
            if not (h.start < v.at < h.end and v.start < h.at < v.end):
                continue
            above = [o for o in horizontal if abs(o.middle - h.middle) < 0.3 and o.at < h.at - 3]
            below = [o for o in horizontal if abs(o.middle - h.middle) < 0.3 and o.at > h.at + 3]
            if above and below:
                centres.append((v.at, h.at))
    return centres


def test_calibration_scales_sit_behind_the_crosses_shifted_by_the_offset(marked: Path) -> None:
    path = marked / "offset.pdf"
    pages = len(pypdf.PdfReader(path).pages)
    front, back = Raster.of(path, pages - 2), Raster.of(path, pages - 1)
    crosses = sorted(cross_centres(front))
    scales = sorted(scale_centres(back))
    assert len(crosses) >= 3, crosses
    assert len(scales) == len(crosses), (crosses, scales)
    dx, dy = offset("offset")
    width = front.width_mm
    expected = sorted((width - x + dx, y + dy) for x, y in crosses)  # long edge: x mirrored
    for (sx, sy), (ex, ey) in zip(scales, expected, strict=True):
        assert_mm(sx, ex, "scale centre x")
        assert_mm(sy, ey, "scale centre y")


# --- drawing order ------------------------------------------------------------------------------


def test_a_static_region_above_a_dynamic_one_is_visible(marked: Path) -> None:
    """The marker (a fixed black box, layer 1) is drawn over the card's colour (a box whose
    fill is a template, layer 0): a region's layer decides what is on top."""
    assert MARKER.get("layer", 0) > FRONT["regions"]["paint"].get("layer", 0)
    bleed = bleed_mm(MATERIALS["pod"])
    raster = Raster.of(marked / "pod.pdf", 0)
    x = bleed + length_mm(MARKER["x"]) + length_mm(MARKER["width"]) / 2
    y = bleed + length_mm(MARKER["y"]) + length_mm(MARKER["height"]) / 2
    assert near(raster.at(x, y), hex_rgb(MARKER["fill"])), raster.at(x, y)


def test_a_piece_as_wide_as_the_printable_area_still_builds(tmp_path: Path) -> None:
    """The grid keeps 1 mm of outer bleed inside the 5 mm margin where the pieces allow it;
    a 200 mm card on A4 (200 mm printable) does not, and is laid out as before, its bleed cut
    back at the printable edge, with the preflight's warnings, never refused."""
    game = tmp_path / "rule_data" / "wide"
    shutil.copytree(GOOD / "minimal_deck", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        text.replace("    size: standard", "    size: {width: 200mm, height: 140mm}"), "utf-8"
    )
    result = run_cli("--rule-data", game.parent, "build", "wide", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "out" / "wide" / "sheet.pdf")
    assert len(reader.pages) == 2  # two cards of 140 mm to a page of 287 mm, three cards
