"""The example wargame (rule_data/border_skirmish/), written for printkit to exercise what a
designer's own wargame needs: a map with a river along hexsides, roads, named towns and edge
notes; two-sided unit counters with NATO symbols and SVG art, fitting their hexes; a
turn track and a combat results table from data. Built on both papers."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pypdf
import pytest
from support import (
    MM_PER_PT,
    MM_PER_PX,
    RULE_DATA,
    Raster,
    parse_diagnostics,
    read_package,
    run_cli,
    segments,
)


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(request.param)
    result = run_cli(
        "build", "border_skirmish", "--paper", request.param, "--out", out, "--format", "pdf"
    )
    assert result.exit_code == 0, result.output
    found = [d.code for d in parse_diagnostics(result.output) if d.severity != "note"]
    assert found == [], result.output
    return out / "border_skirmish"


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)


def test_the_map_names_its_towns_and_where_units_enter(built: Path) -> None:
    text = _text(built / "valley.pdf")
    for name in ("Harwick", "Aller Bridge", "Korsten", "Red enters here, turn 1", "Aller river"):
        assert name in text


def test_every_unit_has_a_front_and_a_reduced_back(built: Path) -> None:
    reader = pypdf.PdfReader(built / "units.pdf")
    fronts, backs = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    units = read_package(RULE_DATA / "border_skirmish")["decks"]
    for deck in units.values():
        for card in _cards(deck):
            assert fronts.count(f"{card['strength']}-{card['move']}") >= int(card["count"])
            assert f"{card['reduced']}-{card['move']}" in backs


def _cards(deck: dict[str, Any]) -> list[dict[str, Any]]:
    """A deck's cards as written: listed, or read from its saved spreadsheet (red's units,
    kept online and fetched into red_units.csv)."""
    if "card_data" not in deck:
        return deck["cards"]
    saved = RULE_DATA / "border_skirmish" / deck["card_data"]["file"]
    with saved.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def test_the_red_units_are_read_from_the_sheet_fetched_from_their_url() -> None:
    red = read_package(RULE_DATA / "border_skirmish")["decks"]["red_units"]
    assert red["card_data"]["url"].startswith("https://docs.google.com/spreadsheets/d/")
    names = [card["name"] for card in _cards(red)]
    assert names == ["Grenadiers", "Jaegers", "Cuirassiers", "Howitzers"]


def test_the_charts_print_the_combat_results_table_from_the_rules(built: Path) -> None:
    text = _text(built / "charts.pdf")
    crt = read_package(RULE_DATA / "border_skirmish")["rules"]["tables"]["combat"]["rows"]
    assert len(crt) == 6
    for row in crt:
        assert row["cells"][-1] in text
    assert "Turn" in text
    # the columns' labels too, from the rules' own: the chart said 1-2 where the rules said more
    labels = read_package(RULE_DATA / "border_skirmish")["rules"]["tables"]["combat"]["across"]
    header = " ".join(["Die", *(column["label"] for column in labels["columns"])])
    assert header in " ".join(text.split())


def test_the_references_say_how_units_move_and_which_are_reinforcements(built: Path) -> None:
    """The print audit found a turn-4 reinforcement that named no unit, and counters printing a
    move allowance that no rule explained."""
    text = " ".join(_text(built / "quick_reference.pdf").split())
    assert "Blue's Lancers from the west edge on turn 4" in text
    assert "Movement: Move each of your units up to its movement allowance" in text


def test_every_tile_repeats_the_title_caption_and_legend_of_what_it_shows(built: Path) -> None:
    texts = [page.extract_text() for page in pypdf.PdfReader(built / "valley.pdf").pages]
    assert len(texts) == 2  # A1 and B1 on both papers
    for text in texts:
        assert "Border Skirmish · the Aller valley" in text
        assert "Blue sets up first, in or next to the towns" in text
        assert "Clear" in text and "Road (move ×2)" in text
    # The legend lists what its page shows: the river lies on A1 only; a town's set-up marker
    # is listed on the pages that show a town (B1 shows Korsten on A4, no town on Letter).
    assert "Aller river (no attack across)" in texts[0] and "Aller river" not in texts[1]
    for text in texts:
        towns = any(town in text for town in ("Harwick", "Aller Bridge", "Korsten"))
        assert ("Blue set-up town" in text) == towns


def test_no_word_of_a_tile_header_is_cut_or_hidden_by_the_next_page(built: Path) -> None:
    """Laid together, B1 covers A1 from its cut edge on (A1's TrimBox ends there): A1's header
    must end before it, and B1's start inside its own cut edge."""
    pdf = built / "valley.pdf"
    reader = pypdf.PdfReader(pdf)
    for index, page in enumerate(reader.pages):
        height = float(page.mediabox.height)
        left, _bottom, right, top = (float(v) * MM_PER_PT for v in page.trimbox)
        window_top = height * MM_PER_PT - top
        raster = Raster.of(pdf, index)
        # Under the page index line, above the overlap ticks and the neighbour's name.
        rows = raster.dark_projection((0, 0, raster.width_mm, window_top - 4.3), "y")
        index_line = segments(rows)[0]
        band = (0, index_line.end + 0.3, raster.width_mm, window_top - 4.3)
        ink = segments(raster.dark_projection(band, "x"), bridge_mm=2)
        assert ink, f"page {index + 1} repeats no header"
        first, last = ink[0].start, ink[-1].end
        if index == 0:
            assert last <= right - 0.5, f"A1's header runs to {last:.1f} mm, B1 covers {right:.1f}"
        else:
            assert first >= left + 0.5, f"B1's header starts {first:.1f} mm, its cut at {left:.1f}"
            assert last <= raster.width_mm - 5


def test_the_counter_sheet_s_side_marks_stop_short_of_the_art(tmp_path: Path) -> None:
    """On A4 a row of ¾ in counters leaves 4.75 mm between the printable edge and the cut on
    each side: too little for 3 mm of bleed and a mark. The outer bleed gives way (2.75 mm),
    so the marks stand in the margin, left and right, and stop 0.5 mm short of the art, as
    PRINT.md asks, instead of running through the bleed to the cut."""
    result = run_cli("build", "border_skirmish", "--only", "units", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    page = Raster.of(tmp_path / "border_skirmish" / "units.pdf", 0)
    middle = page.row(page.height_mm / 2)
    coloured = [x for x, c in enumerate(middle) if max(c) - min(c) > 40]
    art_left, art_right = coloured[0] * MM_PER_PX, (coloured[-1] + 1) * MM_PER_PX
    assert 6.85 < art_left < 7.1  # the trim at 9.75 mm, less 2.75 mm of bleed
    assert 6.85 < page.width_mm - art_right < 7.1
    right = page.width_mm - 4.5
    for outside, across in (
        ((4.5, art_left - 0.6), (art_left - 0.35, art_left + 1.0)),
        ((art_right + 0.6, right), (art_right - 1.0, art_right + 0.35)),
    ):
        marks = page.dark_projection((outside[0], 0, outside[1], page.height_mm), "y")
        assert sum(marks) > 0  # the side's marks are there
        band = page.dark_projection((across[0], 0, across[1], page.height_mm), "y")
        assert not any(band)
