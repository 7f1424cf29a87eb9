"""The Shields Up deck as printed: measured from the PDFs with pypdf and pypdfium2.

Expectations come from the deck's YAML (cards, counts, colours, layout regions) and from
PRINT.md (paper and card sizes, 3 mm bleed, 9-up on A4, TrimBox/BleedBox for print on demand);
nothing is copied from printkit's output.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pypdf
import pypdfium2
import pytest
from imposition import ExpectedGrid, bleed_mm, card_size_mm
from PIL import Image
from pixels import close_to, where
from reportlab.graphics import renderPDF
from support import (
    MM_PER_PT,
    RULE_DATA,
    STANDARD_14,
    Raster,
    assert_mm,
    box_mm,
    colour_segments,
    dark_runs,
    expanded_cards,
    font_descriptors,
    fonts_of,
    form_xobjects,
    group_runs,
    hex_rgb,
    length_mm,
    near,
    normalise,
    read_package,
    segment_at,
    text_runs,
    xobjects_placed,
)
from svglib.svglib import svg2rlg

from printkit.draw.pdf import FORM_FROM

PACKAGE = read_package(RULE_DATA / "shields_up")
DECK_ID = "deck"
DECK = PACKAGE["decks"][DECK_ID]
CARDS = expanded_cards(DECK)
FACE = PACKAGE["layouts"][DECK["layout"]]
BACK = PACKAGE["layouts"][DECK["back"]]
SHEET = PACKAGE["materials"]["deck"]


def printed_effect(card: dict[str, Any]) -> str:
    """A card's effect as its layout prints it: the text with its fields filled in."""
    card_set = DECK["sets"].get(card.get("set"))
    return card["effect"].format(card=card, set=card_set, values=PACKAGE["rules"]["values"])


POD = PACKAGE["materials"]["deck_print_on_demand"]
CARD = card_size_mm(FACE)
GRID = ExpectedGrid.fit("a4", CARD)
BLEED = bleed_mm(SHEET)
SHEETS = math.ceil(len(CARDS) / GRID.per_sheet)


def band_colour(card: dict[str, Any]) -> tuple[int, int, int] | None:
    """The set colour a card's band shows; None for cards outside any set."""
    card_set = card.get("set")
    return hex_rgb(DECK["sets"][card_set]["colour"]) if card_set else None


# --- structure (pypdf) --------------------------------------------------------------------------


def test_sheet_pdf_has_fronts_backs_and_calibration(shields_up: Path) -> None:
    reader = pypdf.PdfReader(shields_up / "deck.pdf")
    calibration = 2 if SHEET["impose"].get("calibration") else 0
    assert len(reader.pages) == 2 * SHEETS + calibration
    for page in reader.pages:
        assert box_mm(page.mediabox) == pytest.approx((0, 0, 210, 297), abs=0.01)


def test_pod_pdf_has_one_card_per_page_with_trim_and_bleed_boxes(shields_up: Path) -> None:
    reader = pypdf.PdfReader(shields_up / "deck_print_on_demand.pdf")
    bleed = bleed_mm(POD)
    assert len(reader.pages) == 2 * len(CARDS)  # a front and a back for every card
    w, h = CARD[0] + 2 * bleed, CARD[1] + 2 * bleed
    for number, page in enumerate(reader.pages, start=1):
        assert "/TrimBox" in page and "/BleedBox" in page, f"page {number}"
        assert box_mm(page.mediabox) == pytest.approx((0, 0, w, h), abs=0.01)
        assert box_mm(page.trimbox) == pytest.approx(
            (bleed, bleed, bleed + CARD[0], bleed + CARD[1]), abs=0.01
        )
        assert box_mm(page.bleedbox) == pytest.approx((0, 0, w, h), abs=0.01)


@pytest.mark.parametrize("material", ["deck", "deck_print_on_demand"])
def test_every_font_is_embedded_and_none_is_a_standard_14_font(
    shields_up: Path, material: str
) -> None:
    reader = pypdf.PdfReader(shields_up / f"{material}.pdf")
    seen = 0
    for number, page in enumerate(reader.pages, start=1):
        for name, font in fonts_of(page["/Resources"]):
            seen += 1
            base = str(font.get("/BaseFont", "")).lstrip("/")
            assert base.split("+")[-1] not in STANDARD_14, f"page {number}: {name} is {base}"
            descriptors = font_descriptors(font)
            assert descriptors, f"page {number}: {name} ({base}) has no font descriptor"
            for descriptor in descriptors:
                assert "/FontFile2" in descriptor, f"page {number}: {name} ({base}) not embedded"
    assert seen


def test_pod_fronts_carry_each_card_name_and_effect_in_deck_order(shields_up: Path) -> None:
    reader = pypdf.PdfReader(shields_up / "deck_print_on_demand.pdf")
    for index, card in enumerate(CARDS):
        text = normalise(reader.pages[2 * index].extract_text())
        assert normalise(card["name"]) in text, f"card {index + 1}"
        assert normalise(printed_effect(card)) in text, f"card {index + 1}: {card['name']}"
        if "damage" in card:
            assert str(card["damage"]) in text.split()


def test_backs_carry_the_back_layout_text(shields_up: Path) -> None:
    static = [
        normalise(r["text"])
        for r in BACK["regions"].values()
        if r.get("text") and "{" not in r["text"]
    ]
    words = [w for text in static for w in text.split() if w.isalpha()]
    assert words, "the back layout has no fixed text to look for"
    reader = pypdf.PdfReader(shields_up / "deck_print_on_demand.pdf")
    for index in range(len(CARDS)):
        back = normalise(reader.pages[2 * index + 1].extract_text())
        front = normalise(reader.pages[2 * index].extract_text())
        for word in words:
            assert word in back, f"card {index + 1}: back lacks {word!r}"
        assert normalise(CARDS[index]["name"]) not in back or CARDS[index]["name"] in words
        assert front != back


def test_sheet_fronts_put_each_card_text_in_its_cell(shields_up: Path) -> None:
    """pypdf text positions: the runs inside each cell spell that card's name and effect."""
    reader = pypdf.PdfReader(shields_up / "deck.pdf")
    for index, card in enumerate(CARDS):
        sheet, slot = divmod(index, GRID.per_sheet)
        runs = text_runs(reader.pages[2 * sheet])
        x, y, *_ = GRID.cell(slot)
        inside = [r for r in runs if x <= r.x <= x + CARD[0] and y <= r.y <= y + CARD[1]]
        text = normalise(" ".join(r.text for r in sorted(inside, key=lambda r: (r.y, r.x))))
        assert normalise(card["name"]) in text, f"{card['name']} not in cell {slot}: {text!r}"
        effect = normalise(printed_effect(card))
        assert effect in text, f"effect of {card['name']} not in cell {slot}"


def test_every_sheet_says_print_at_actual_size(shields_up: Path) -> None:
    reader = pypdf.PdfReader(shields_up / "deck.pdf")
    for number, page in enumerate(reader.pages[: 2 * SHEETS], start=1):
        assert "actual size" in page.extract_text().lower(), f"page {number}"


def test_repeated_art_is_stored_once(shields_up: Path) -> None:
    """A frame or a back, or an SVG icon, is a Form XObject defined once and placed on every
    card (the faces of cards printed more than once are forms of their own, below)."""
    layouts = {DECK["layout"], DECK["back"]} | {
        c[key] for c in DECK["cards"] for key in ("layout", "back") if key in c
    }
    icons = [art for art in DECK.get("icons", {}).values() if art.endswith(".svg")]
    for material in ("deck", "deck_print_on_demand"):
        reader = pypdf.PdfReader(shields_up / f"{material}.pdf")
        forms = {name for name in form_xobjects(reader) if not name.startswith(FACE_FORM)}
        assert 1 <= len(forms) <= len(layouts) + len(icons), (material, forms)
    pod = pypdf.PdfReader(shields_up / "deck_print_on_demand.pdf")
    back_forms = [form_xobjects_of(page) for page in pod.pages[1::2]]
    assert all(forms == back_forms[0] and forms for forms in back_forms)


FACE_FORM = "/FormXob.G"  # the forms of drawings placed more than once (draw/pdf.py)


def test_a_card_printed_several_times_is_drawn_once(shields_up: Path) -> None:
    """The copies of a card place one form: the face is written once, not per copy, and only
    what is placed FORM_FROM times or more becomes a form."""
    reader = pypdf.PdfReader(shields_up / "deck.pdf")
    placed: dict[str, int] = {}
    for page in reader.pages:
        for name, times in xobjects_placed(page).items():
            if name.startswith(FACE_FORM):
                placed[name] = placed.get(name, 0) + times
    repeated = [card for card in DECK["cards"] if card.get("count", 1) >= FORM_FROM]
    assert len(placed) >= len(repeated) > 0
    assert all(times >= FORM_FROM for times in placed.values()), placed
    assert sum(placed.values()) >= sum(card["count"] for card in repeated)


def form_xobjects_of(page: pypdf.PageObject) -> set[int]:
    """The forms of symbols (a back, a frame) the page draws, itself or inside the forms of
    drawings placed again, which are looked into."""
    found: set[int] = set()

    def walk(content: Any, resources: Any) -> None:
        forms = resources.get("/XObject") or {}
        for operands, operator in pypdf.generic.ContentStream(content, page.pdf).operations:
            form = forms.get(operands[0]) if operator == b"Do" else None
            if form is None or form.get_object().get("/Subtype") != "/Form":
                continue
            if operands[0].startswith(FACE_FORM):
                walk(form.get_object(), form.get_object()["/Resources"])
            else:
                found.add(form.idnum)

    walk(page.get_contents(), page["/Resources"])
    return found


def test_svg_pages_match_the_pdf_pages_and_reuse_the_back(shields_up: Path) -> None:
    reader = pypdf.PdfReader(shields_up / "deck.pdf")
    for number, page in enumerate(reader.pages, start=1):
        root = ET.parse(shields_up / f"deck-p{number:02d}.svg").getroot()
        for attribute, size in (("width", page.mediabox.width), ("height", page.mediabox.height)):
            value = root.get(attribute, "")
            assert value.endswith("pt"), value
            assert float(value[:-2]) == pytest.approx(float(size), abs=0.01)
    back = ET.parse(shields_up / "deck-p02.svg").getroot()
    uses = [e for e in back.iter() if e.tag.endswith("}use")]
    hrefs = [u.get("{http://www.w3.org/1999/xlink}href") or u.get("href") or "" for u in uses]
    uses = [u for u, href in zip(uses, hrefs, strict=True) if href.startswith("#s_")]
    targets = {href for href in hrefs if href.startswith("#s_")}  # symbols, not glyphs
    cards_on_sheet = min(GRID.per_sheet, len(CARDS))
    assert len(uses) >= cards_on_sheet
    assert len(targets) == 1
    (target,) = targets
    defined = [e for e in back.iter() if e.get("id") == target.lstrip("#")]
    assert len(defined) == 1


def test_svg_text_matches_the_cards(shields_up: Path) -> None:
    """Each card's name and effect are on its SVG page, as the titles of their glyph runs."""
    for index, card in enumerate(CARDS):
        root = ET.parse(shields_up / f"deck_print_on_demand-p{2 * index + 1:02d}.svg").getroot()
        # text is drawn as glyph shapes; each run keeps its words as its group's <title>
        text = normalise(" ".join(e.text or "" for e in root.iter() if e.tag.endswith("}title")))
        assert normalise(card["name"]) in text
        assert normalise(printed_effect(card)) in text


def test_svg_pages_need_no_font_and_look_like_the_pdf(shields_up: Path, tmp_path: Path) -> None:
    """An SVG page names no font (its text is glyph shapes), so a renderer without DejaVu
    draws the same symbols: rendered by svglib, which knows no printkit font, the first
    sheet matches the PDF page rendered by pdfium; a page drawn with missing glyphs (empty
    boxes where ✪ ☢ ⚡ stand) would not."""
    svg = (shields_up / "deck-p01.svg").read_text(encoding="utf-8")
    assert "<text" not in svg and "font-family" not in svg
    drawing = svg2rlg(str(shields_up / "deck-p01.svg"))
    renderPDF.drawToFile(drawing, str(tmp_path / "from_svg.pdf"))
    from_svg = _grey_blocks(tmp_path / "from_svg.pdf")
    from_pdf = _grey_blocks(shields_up / "deck.pdf")
    assert len(from_svg) == len(from_pdf)
    difference = sum(abs(a - b) for a, b in zip(from_svg, from_pdf, strict=True)) / len(from_pdf)
    assert difference < 3, difference


def _grey_blocks(pdf: Path, size: int = 8) -> list[float]:
    """The first page at 100 dpi in grey, as the means of size × size blocks."""
    document = pypdfium2.PdfDocument(str(pdf))
    image = document[0].render(scale=100 / 72).to_pil().convert("L")
    document.close()
    width, height = image.width // size, image.height // size
    small = image.resize((width, height), Image.Resampling.BOX)
    return list(small.tobytes())


# --- measured from pixels (pypdfium2 at 300 dpi) ------------------------------------------------


def mark_positions(raster: Raster, grid: ExpectedGrid, bleed: float) -> dict[str, list[Any]]:
    """Crop marks found in the four margins: their positions and extents, in mm."""
    # A 0.25 pt line is a light grey at 300 dpi, hence the faint threshold. Under the bottom
    # marks sits a 6 pt note, whose tallest glyph strokes are under 2.5 mm.
    faint = lambda v: v < 200  # noqa: E731
    vertical = group_runs(dark_runs(raster, "y", 1.5, 8.0, faint))
    horizontal = group_runs(dark_runs(raster, "x", 1.5, 8.0, faint))
    return {
        "top": [r for r in vertical if r.end <= grid.top],
        "bottom": [r for r in vertical if r.start >= grid.bottom and r.length >= 2.5],
        "left": [r for r in horizontal if r.end <= grid.left],
        "right": [r for r in horizontal if r.start >= grid.right],
    }


@pytest.mark.parametrize("page", range(2 * SHEETS), ids=lambda p: f"page{p + 1}")
def test_crop_marks_continue_every_cut_line_outside_the_art(shields_up: Path, page: int) -> None:
    raster = Raster.of(shields_up / "deck.pdf", page)
    marks = mark_positions(raster, GRID, BLEED)
    for side, expected in (
        ("top", GRID.cut_xs()),
        ("bottom", GRID.cut_xs()),
        ("left", GRID.cut_ys()),
        ("right", GRID.cut_ys()),
    ):
        found = [m.at for m in marks[side]]
        assert len(found) == len(expected), f"{side} marks at {found}, expected {expected}"
        for at, want in zip(found, expected, strict=True):
            assert_mm(at, want, f"{side} crop mark")
    for mark in marks["top"]:
        assert mark.end < GRID.top - BLEED, "a top mark reaches into the bleed"
    for mark in marks["bottom"]:
        assert mark.start > GRID.bottom + BLEED, "a bottom mark reaches into the bleed"
    for mark in marks["left"]:
        assert mark.end < GRID.left - BLEED, "a left mark reaches into the bleed"
    for mark in marks["right"]:
        assert mark.start > GRID.right + BLEED, "a right mark reaches into the bleed"


def test_crop_marks_give_a_63_by_88_mm_pitch(shields_up: Path) -> None:
    marks = mark_positions(Raster.of(shields_up / "deck.pdf", 0), GRID, BLEED)
    xs = [m.at for m in marks["top"]]
    ys = [m.at for m in marks["left"]]
    for a, b in itertools.pairwise(xs):
        assert_mm(b - a, 63.0, "horizontal card pitch")
    for a, b in itertools.pairwise(ys):
        assert_mm(b - a, 88.0, "vertical card pitch")
    assert_mm(xs[0], 10.5, "left side margin")  # PRINT.md: about 10.5 mm for 63 mm cards
    assert_mm(210 - xs[-1], 10.5, "right side margin")


BAND = FACE["regions"]["band"]


def test_the_band_premise_holds() -> None:
    """The measurements below scan the set-colour band: a box across the top of the card."""
    assert BAND.get("kind") == "box"
    assert (BAND["x"], BAND["y"]) == ("0mm", "0mm")
    assert length_mm(BAND["width"]) == CARD[0]


@pytest.mark.parametrize("sheet", range(SHEETS), ids=lambda s: f"sheet{s + 1}")
def test_set_bands_meet_the_cut_lines_and_bleed_3mm_at_the_sheet_edge(
    shields_up: Path, sheet: int
) -> None:
    """Along each row, the band of every card in a set starts and ends on its cut lines; at the
    sheet's left and right edges it runs on 3 mm into the bleed."""
    raster = Raster.of(shields_up / "deck.pdf", 2 * sheet)
    cards = CARDS[sheet * GRID.per_sheet : (sheet + 1) * GRID.per_sheet]
    checked = 0
    for row in range(GRID.rows):
        cells = [
            (c, band_colour(cards[row * GRID.columns + c]))
            for c in range(GRID.columns)
            if row * GRID.columns + c < len(cards)
        ]
        y = GRID.top + row * GRID.pitch[1] + 1.5  # inside the band, above any text
        pixels = raster.row(y)
        groups: list[list[tuple[int, Any]]] = []
        for column, colour in cells:
            if groups and colour is not None and groups[-1][-1][1] == colour:
                groups[-1].append((column, colour))
            else:
                groups.append([(column, colour)])
        for group in groups:
            colour = group[0][1]
            if colour is None:
                continue
            first, last = group[0][0], group[-1][0]
            start = GRID.left + first * GRID.pitch[0] - (BLEED if first == 0 else 0.0)
            end = (
                GRID.left + (last + 1) * GRID.pitch[0] + (BLEED if last == GRID.columns - 1 else 0)
            )
            run = segment_at(pixels, colour, (start + end) / 2)
            assert_mm(run.start, start, f"sheet {sheet + 1} row {row} band start")
            assert_mm(run.end, end, f"sheet {sheet + 1} row {row} band end")
            checked += 1
    assert checked


@pytest.mark.parametrize("column", range(3))
def test_bands_start_on_each_row_cut_and_the_art_bleeds_top_and_bottom(
    shields_up: Path, column: int
) -> None:
    raster = Raster.of(shields_up / "deck.pdf", 0)
    x = GRID.left + column * GRID.pitch[0] + 1.5
    pixels = raster.column(x)
    band_height = length_mm(BAND["height"])
    for row in range(GRID.rows):
        card = CARDS[row * GRID.columns + column]
        colour = band_colour(card)
        if colour is None:
            continue
        top = GRID.top + row * GRID.pitch[1]
        run = segment_at(pixels, colour, top + 1)
        assert_mm(run.start, top - (BLEED if row == 0 else 0.0), f"row {row} band top")
        assert_mm(run.end, top + band_height, f"row {row} band bottom")
    background = hex_rgb(FACE["background"])
    run = segment_at(pixels, background, GRID.bottom - 1, tolerance=6)
    assert_mm(run.end, GRID.bottom + BLEED, "bottom bleed")


def test_backs_fill_the_same_area_as_the_fronts_with_their_own_bleed(shields_up: Path) -> None:
    raster = Raster.of(shields_up / "deck.pdf", 1)
    background = hex_rgb(BACK["background"])
    y = GRID.top + 2.0  # above the frame
    runs = colour_segments(raster.row(y), background, bridge_mm=0.6, min_mm=5)
    assert len(runs) == 1, runs
    assert_mm(runs[0].start, GRID.left - BLEED, "back art left edge")
    assert_mm(runs[0].end, GRID.right + BLEED, "back art right edge")
    column = colour_segments(raster.column(GRID.left + 2.0), background, bridge_mm=0.6, min_mm=5)
    assert_mm(column[0].start, GRID.top - BLEED, "back art top edge")
    assert_mm(column[-1].end, GRID.bottom + BLEED, "back art bottom edge")


def test_back_frames_repeat_at_the_card_pitch(shields_up: Path) -> None:
    frame = BACK["regions"]["frame"]
    stroke = hex_rgb(frame["stroke"])
    inset = length_mm(frame["x"])
    width = length_mm(frame["width"])
    raster = Raster.of(shields_up / "deck.pdf", 1)
    for row in range(GRID.rows):
        y = GRID.top + row * GRID.pitch[1] + CARD[1] * 0.8  # below the text
        lines = [s.middle for s in colour_segments(raster.row(y), stroke, tolerance=40)]
        expected = []
        for column in range(GRID.columns):
            left = GRID.left + column * GRID.pitch[0]
            expected += [left + inset, left + inset + width]
        assert len(lines) == len(expected), (row, lines)
        for found, want in zip(lines, expected, strict=True):
            assert_mm(found, want, f"back frame edge, row {row}", tolerance=0.35)


def test_pod_page_is_trim_plus_bleed_and_the_art_fills_it(shields_up: Path) -> None:
    path = shields_up / "deck_print_on_demand.pdf"
    bleed = bleed_mm(POD)
    background = hex_rgb(FACE["background"])
    band_height = length_mm(BAND["height"])
    for index in (0, len(CARDS) - 1):
        raster = Raster.of(path, 2 * index)
        assert_mm(raster.width_mm, CARD[0] + 2 * bleed, "POD page width")
        assert_mm(raster.height_mm, CARD[1] + 2 * bleed, "POD page height")
        band = band_colour(CARDS[index])
        row = raster.row(bleed + 1.5)
        if band is not None:
            (run,) = colour_segments(row, band, min_mm=10)
            assert_mm(run.start, 0.0, "band reaches the left page edge")
            assert_mm(run.end, raster.width_mm, "band reaches the right page edge")
            column = colour_segments(raster.column(1.0), band, min_mm=2)
            assert_mm(column[0].start, 0.0, "band reaches the top page edge")
            assert_mm(column[0].end, bleed + band_height, "band bottom = bleed + band height")
        w, h = raster.width_mm, raster.height_mm
        for x, y in ((0.3, h / 2), (w - 0.3, h / 2), (w / 2, h - 0.3)):
            assert near(raster.at(x, y), background, 6), f"no art at the page edge ({x}, {y})"


def test_pod_text_sits_bleed_plus_region_from_the_page_edge(shields_up: Path) -> None:
    """pypdf positions: the effect text (left edge of its widest line) is inside the region,
    measured from the trim, which starts one bleed in from the page edge."""
    reader = pypdf.PdfReader(shields_up / "deck_print_on_demand.pdf")
    bleed = bleed_mm(POD)
    effect = FACE["regions"]["effect"]
    x0 = bleed + length_mm(effect["x"])
    x1 = x0 + length_mm(effect["width"])
    y0 = bleed + length_mm(effect["y"])
    y1 = y0 + length_mm(effect["height"])
    for index, card in enumerate(CARDS):
        runs = text_runs(reader.pages[2 * index])
        words = normalise(printed_effect(card)).split()
        inside = [r for r in runs if x0 - 0.2 <= r.x <= x1 and y0 <= r.y <= y1 + 0.2]
        text = normalise(" ".join(r.text for r in sorted(inside, key=lambda r: (r.y, r.x))))
        assert " ".join(words) in text, f"{card['name']}: effect not inside its region"


@pytest.mark.parametrize("side", ["icon", "emblem"])
def test_round_symbols_print_as_wide_as_they_are_tall(shields_up: Path, side: str) -> None:
    """The Death Ray's ☢ and the back's ✪ emblem on their print-on-demand pages: DejaVu draws
    them round, and round they print (set in DejaVu Sans Condensed they were 12.45 × 13.89
    and 15.32 × 17.02 mm, ovals at 9:10)."""
    index = next(i for i, card in enumerate(CARDS) if card.get("icon") == "☢")
    layout, page = (FACE, 2 * index) if side == "icon" else (BACK, 2 * index + 1)
    region = layout["regions"][side]
    bleed = bleed_mm(POD)
    left, top = bleed + length_mm(region["x"]) + 3, bleed + length_mm(region["y"])  # 3 mm
    right = left + length_mm(region["width"]) - 6  # inside the back's frame
    bottom = top + length_mm(region["height"])
    raster = Raster.of(shields_up / "deck_print_on_demand.pdf", page)
    ink = where(raster, close_to(hex_rgb(region["color"]), 30), (left, top, right, bottom))
    x0, y0, x1, y1 = ink.box_mm()
    assert (x1 - x0) / (y1 - y0) == pytest.approx(1.0, abs=0.015), (x1 - x0, y1 - y0)
    assert y1 - y0 > 13  # the glyph, not a stray pixel


def test_page_size_in_pixels_matches_the_mediabox(shields_up: Path) -> None:
    raster = Raster.of(shields_up / "deck.pdf", 0)
    page = pypdf.PdfReader(shields_up / "deck.pdf").pages[0]
    assert_mm(raster.width_mm, float(page.mediabox.width) * MM_PER_PT, "rendered width")
    assert_mm(raster.height_mm, float(page.mediabox.height) * MM_PER_PT, "rendered height")
