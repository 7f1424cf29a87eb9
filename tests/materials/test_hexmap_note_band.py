"""The edge-note band is room along the edges that have notes only: a map with notes on its
left and right keeps the pages a map without notes takes, and its hexes move only on those
sides (measured from the rendered pages)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pixels import close_to, where
from support import Raster, build_game, hex_rgb, page_count

GROUND = "#9cc48a"  # every hex's fill, to find the hexes on the page
BAND = 9 - 0.35  # mm: the band, in place of the room a side has without it (two 0.5 pt lines)

MAP = """\
game: {{title: Band, players: "2"}}
materials:
  map:
    kind: hexmap
    title: Band
    orientation: flat
    hex_size: 20mm
    columns: 8
    rows: 13
    terrain:
      field: {{fill: "{ground}"}}
    labels: {{position: none}}
    legend: false
    tiling: {tiling}
"""

# One note per edge, each pointing at a hex of that edge (the board is 8 × 13).
NOTES = {
    "left": "{edge: left, hex: '0107', text: West road}",
    "top": "{edge: top, hex: '0401', text: North road}",
    "right": "{edge: right, hex: '0807', text: East road}",
    "bottom": "{edge: bottom, hex: '0413', text: South road}",
}


def _build(root: Path, edges: tuple[str, ...], tiling: str) -> Path:
    text = MAP.format(ground=GROUND, tiling=tiling)
    if edges:
        text += "    edge_notes:\n" + "".join(f"      - {NOTES[e]}\n" for e in edges)
    result, out = build_game(root, "band", text)
    assert result.exit_code == 0, result.output
    return out / "map.pdf"


@pytest.mark.parametrize(
    ("edges", "pages"),
    [
        ((), 1),
        (("left", "right"), 1),  # the band widens the map, which has room across the page
        (("left", "top", "right", "bottom"), 2),  # 270 mm of hexes, 18 mm of band: too tall
    ],
)
def test_notes_on_the_sides_keep_the_pages_of_a_map_without_notes(
    tmp_path: Path, edges: tuple[str, ...], pages: int
) -> None:
    """13 rows of 20 mm hexes leave less than the two bands' 18 mm of the A4 page's height:
    notes on the left and right only must not reserve them above and below."""
    pdf = _build(tmp_path, edges, "{orientation: portrait}")
    assert page_count(pdf) == pages


def _gaps(pdf: Path) -> tuple[float, float, float, float]:
    """From the page's left, top, right and bottom edges to the hexes, in mm."""
    raster = Raster.of(pdf, 0)
    left, top, right, bottom = where(raster, close_to(hex_rgb(GROUND), 12)).box_mm()
    return left, top, raster.width_mm - right, raster.height_mm - bottom


@pytest.mark.parametrize("edges", [("left", "top"), ("right", "bottom"), ("left", "right")])
def test_the_hexes_move_only_on_the_sides_with_notes(
    tmp_path: Path, edges: tuple[str, ...]
) -> None:
    """On a poster page (the map and the margins) the gap from each edge of the page to the
    hexes grows by the band on the sides with notes and stays as it was on the others."""
    poster = "{poster: true}"
    plain = _gaps(_build(tmp_path / "plain", (), poster))
    noted = _gaps(_build(tmp_path / "noted", edges, poster))
    for side, before, after in zip(("left", "top", "right", "bottom"), plain, noted, strict=True):
        if side in edges:
            assert after - before == pytest.approx(BAND, abs=0.4), side
        else:
            assert after == pytest.approx(before, abs=0.2), side
