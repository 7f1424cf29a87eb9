"""The example wargame (rule_data/border_skirmish/), written for printkit to exercise what a
designer's own wargame needs: a map with a river along hexsides, roads, named towns and edge
notes; two-sided unit counters with NATO symbols and SVG art, fitting their hexes; a
turn track and a combat results table from data. Built on both papers."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from support import RULE_DATA, parse_diagnostics, read_package, run_cli


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


def test_the_river_and_roads_are_data_the_map_keeps() -> None:
    valley = read_package(RULE_DATA / "border_skirmish")["materials"]["valley"]
    assert len(valley["hexsides"]) == 19  # the river's whole course, column 06 | 07
    assert {path["type"] for path in valley["paths"]} == {"road"}


def test_every_unit_has_a_front_and_a_reduced_back(built: Path) -> None:
    reader = pypdf.PdfReader(built / "units.pdf")
    fronts, backs = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    units = read_package(RULE_DATA / "border_skirmish")["decks"]
    for deck in units.values():
        for card in deck["cards"]:
            assert fronts.count(f"{card['strength']}-{card['move']}") >= card["count"]
            assert f"{card['reduced']}-{card['move']}" in backs


def test_the_charts_print_the_combat_results_table_from_the_data(built: Path) -> None:
    text = _text(built / "charts.pdf")
    crt = read_package(RULE_DATA / "border_skirmish")["data"]["crt"]
    assert len(crt) == 6
    for row in crt:
        assert row["c41"] in text
    assert "Turn" in text
