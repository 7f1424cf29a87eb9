"""Place names keep clear of what else is printed near them (issue 18): roads and other paths,
hexside lines such as rivers, markers and zone letters, not only the hex labels. Measured from
the rendered page: no pixel of the road's or the river's colour and no marker lies under the
name's text, which pypdf locates."""

from __future__ import annotations

from pathlib import Path

import pypdf
from support import Raster, build_game, hex_rgb, near, parse_diagnostics, text_runs

from printkit.draw.fonts import text_width

PT = 25.4 / 72
ROAD, RIVER, MARKER = hex_rgb("#8d5a2b"), hex_rgb("#1e6bd6"), hex_rgb("#2e7d32")

MAP = """\
game: {{title: Names, players: "2"}}
materials:
  map:
    kind: hexmap
    orientation: flat
    hex_size: 20mm
    columns: 5
    rows: 4
    legend: false
    hexside_types:
      river: {{name: River, color: "#1e6bd6", width: 3pt}}
    hexsides:
      - {{type: river, between: ["0302", "0402"]}}
      - {{type: river, between: ["0303", "0403"]}}
    path_types:
      road: {{name: Road, color: "#8d5a2b", width: 2.5pt}}
    paths:
      - {{type: road, hexes: ["0102", "0202", "0302", "0402", "0502"]}}
    markers:
      - {{hex: "0203", label: W, fill: "#2e7d32"}}
    names:
      - {{text: {text}, hex: "0302", dy: {dy}, size: {size}}}
"""


def _map(tmp_path: Path, text: str, dy: str = "0mm", size: str = "8pt") -> tuple[str, Path]:
    result, out = build_game(tmp_path, "names", MAP.format(text=text, dy=dy, size=size))
    return result.output, out / "map.pdf"


def _pixels_under(
    pdf: Path, text: str, size: float, colours: dict[str, tuple[int, ...]], tolerance: int
) -> dict[str, int]:
    """How many pixels of each colour lie within the printed name's box (from its ascent to its
    descent), measured on the rendered page."""
    (name,) = [r for r in text_runs(pypdf.PdfReader(pdf).pages[0]) if r.text == text]
    left, right = name.x, name.x + text_width(name.text, "PK-Regular", size) * PT
    top, bottom = name.y - size * 0.8 * PT, name.y + size * 0.25 * PT
    raster = Raster.of(pdf, 0)
    under = dict.fromkeys(colours, 0)
    y = top
    while y <= bottom:
        for pixel in raster.row(y)[Raster.px(left) : Raster.px(right) + 1]:
            for what, colour in colours.items():
                under[what] += near(pixel, colour, tolerance)
        y += 0.1
    return under


def test_a_name_on_a_road_moves_off_it_and_off_the_river_and_marker(tmp_path: Path) -> None:
    """Asked to sit on its hex's centre, where the road runs and the river is a side away, the
    name moves until none of them lies under its letters."""
    output, pdf = _map(tmp_path, "Marwick Ford")
    assert "PK256" not in output, output
    colours = {"road": ROAD, "river": RIVER, "marker": MARKER}
    under = _pixels_under(pdf, "Marwick Ford", 8, colours, 20)
    assert under == {"road": 0, "river": 0, "marker": 0}, under


FLAT_20MM = """\
game: {title: Names, players: "2"}
materials:
  map:
    kind: hexmap
    orientation: flat
    hex_size: 20mm
"""

NARROW = (
    FLAT_20MM
    + """\
    columns: 1
    rows: 3
    legend: false
    path_types:
      road: {name: Road, color: "#8d5a2b", width: 2.5pt}
    paths:
      - {type: road, hexes: ["0101", "0102", "0103"]}
    names:
      - {text: Marwick, hex: "0102", size: 10pt}
"""
)


def test_a_name_with_no_clear_place_names_what_it_covers(tmp_path: Path) -> None:
    """One column of hexes with a road down its middle: a name wider than half the column
    crosses the road wherever it moves within the map, and the warning says so."""
    result, _ = build_game(tmp_path, "narrow", NARROW)
    (problem,) = [p for p in parse_diagnostics(result.output) if p.code == "PK256"]
    assert problem.severity == "warning"
    assert "'Marwick' overlaps the road wherever it is moved" in problem.message


LEVEL = (
    FLAT_20MM
    + """\
    columns: 3
    rows: 3
    legend: false
    labels: {position: none}
    names:
      - {text: Ford, hex: "0202", dy: 10mm, size: 9pt, color: "#c00000"}
"""
)


def test_a_name_asked_to_sit_on_a_hex_s_level_side_moves_half_a_line_off_it(
    tmp_path: Path,
) -> None:
    """A flat-topped hex's bottom side would run along the letters of a name centred on it
    (as 'Aller Bridge' on Border Skirmish's map, and the descenders of 'Harwick'): the name
    moves off it by half a line, so no pixel of the grid's colour lies under its letters."""
    result, pdf = build_game(tmp_path, "level", LEVEL)
    assert result.exit_code == 0, result.output
    under = _pixels_under(pdf / "map.pdf", "Ford", 9, {"grid": hex_rgb("#3c3c3c")}, 30)
    assert under == {"grid": 0}


def test_a_name_that_cannot_leave_a_level_side_stands_on_a_plate_of_its_ground(
    tmp_path: Path,
) -> None:
    """A name nearly as tall as a hex touches a level side wherever it moves (as Aller Bridge,
    hemmed in by roads, a river and a marker, did): it is printed on a plate of the ground
    under it, so the side does not run through its letters."""
    big = LEVEL.replace("size: 9pt", "size: 40pt").replace("dy: 10mm", "dy: 0mm")
    result, pdf = build_game(tmp_path, "level", big)
    assert result.exit_code == 0, result.output
    under = _pixels_under(pdf / "map.pdf", "Ford", 40, {"grid": hex_rgb("#3c3c3c")}, 30)
    assert under == {"grid": 0}
