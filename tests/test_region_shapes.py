"""Unit symbols drawn from data (tests/data/card_data/symbol_counters): lines, an ellipse and a
closed polyline, a text colour from a template, and a layout-wide colour and font; measured from
the rendered sheet, each counter found by its background colour."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from support import (
    DATA,
    Raster,
    assert_mm,
    build_game,
    colour_segments,
    hex_rgb,
    near,
    run_cli,
    segments,
)

BACKGROUND = (242, 230, 201)
FLAG_RED = (198, 40, 40)


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("symbols")
    result = run_cli("--rule-data", DATA / "card_data", "build", "symbol_counters", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "symbol_counters" / "counters.pdf"


@pytest.fixture(scope="module")
def counters(sheet: Path) -> tuple[Raster, list[tuple[float, float]]]:
    """The sheet and the top-left trim corner (mm) of each 20 mm counter, left to right: the
    three backgrounds make one band, grown by the same bleed on every side."""
    raster = Raster.of(sheet, 0)
    (band,) = [s for s in colour_segments(raster.column(105), BACKGROUND, 3) if s.length > 15]
    bleed = (band.length - 20) / 2
    above_the_art = raster.row(band.start + bleed + 1)
    (row,) = [s for s in colour_segments(above_the_art, BACKGROUND, 3) if s.length > 15]
    assert_mm(row.length - 2 * bleed, 60, "three 20 mm counters side by side")
    return raster, [(row.start + bleed + 20 * i, band.start + bleed) for i in range(3)]


def test_infantry_lines_cross_at_the_centre_of_the_frame(counters) -> None:
    raster, ((x, y), _, _) = counters
    assert sum(raster.at(x + 10, y + 7.5)) < 300, "the two diagonals cross here"
    assert near(raster.at(x + 10, y + 4.5), BACKGROUND), "no line above the crossing"


def test_armour_ellipse_spans_its_box(counters) -> None:
    raster, (_, (x, y), _) = counters
    runs = segments([sum(pixel) < 400 for pixel in raster.row(y + 7.5)])
    inside = [r for r in runs if x + 4 < r.middle < x + 16]
    assert [round(r.middle - x, 1) for r in inside] == pytest.approx([6.0, 14.0], abs=0.25)


def test_artillery_flag_is_a_filled_closed_polyline(counters) -> None:
    raster, (_, _, (x, y)) = counters
    assert near(raster.at(x + 10, y + 9), FLAG_RED)
    assert near(raster.at(x + 7, y + 5), BACKGROUND), "outside the triangle's slope"


def test_text_colour_comes_from_the_template(counters) -> None:
    raster, corners = counters
    inks = [(0, 0, 0), (183, 28, 28), (26, 35, 126)]
    for (x, y), ink in zip(corners, inks, strict=True):
        row = raster.row(y + 15.2)
        found = segments([near(p, ink, 60) for p in row[Raster.px(x) : Raster.px(x + 20)]])
        assert found, f"no text in {ink} on the counter at {x:.1f} mm"


def test_layout_font_applies_to_regions_that_set_none(sheet: Path) -> None:
    """The strength figures set no font; the layout says bold."""
    fonts: dict[str, str] = {}

    def visit(text: str, _cm: object, _tm: object, font: dict | None, _size: float) -> None:
        if text.strip() in ("4", "6", "3") and font is not None:
            fonts[text.strip()] = str(font.get("/BaseFont"))

    pypdf.PdfReader(sheet).pages[0].extract_text(visitor_text=visit)
    assert set(fonts) == {"4", "6", "3"}
    assert all(name.endswith("DejaVuSansCondensed-Bold") for name in fonts.values()), fonts


def test_a_stroke_may_come_from_a_template(tmp_path: Path) -> None:
    """Like fill and color: the outline of a unit box in the side's own colour."""
    result, out = build_game(
        tmp_path,
        "strokes",
        "game: {title: Strokes, players: '2'}\n"
        "components: {units: {count: 2}}\n"
        "layouts:\n"
        "  face:\n"
        "    size: {width: 40mm, height: 40mm}\n"
        "    background: '#ffffff'\n"
        "    regions:\n"
        "      frame: {kind: box, x: 5mm, y: 5mm, width: 30mm, height: 30mm,\n"
        "              stroke: '{{ card.side }}', stroke_width: 3pt}\n"
        "decks:\n"
        "  units:\n"
        "    layout: face\n"
        "    fields: {side: text}\n"
        "    cards:\n"
        "      - {name: Blue, side: '#1a3d7c'}\n"
        "      - {name: Red, side: '#c62828'}\n"
        "materials:\n"
        "  units: {kind: cards, deck: units, impose: {backs: none, mode: print_on_demand}}\n",
    )
    assert result.exit_code == 0, result.output
    colours = set()
    for index in (0, 1):
        page = Raster.of(out / "units.pdf", index)
        colours.add(page.at(page.width_mm / 2, 3.0 + 5.0))  # mid-stroke on the top edge
    assert colours == {hex_rgb("#1a3d7c"), hex_rgb("#c62828")}
