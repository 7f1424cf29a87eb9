"""Several markers on one hex: side by side across it (or stacked, as the data says), measured
from the pixels; never one silently over another."""

from __future__ import annotations

from pathlib import Path

import pytest
from pixels import close_to, where
from support import Raster, build_game, hex_rgb

RED, BLUE = hex_rgb("#c62828"), hex_rgb("#1565c0")
STROKE = 0.75 * 25.4 / 72  # each marker's black outline, half of it over the fill


def _map(tmp_path: Path, layout: str) -> Path:
    result, out = build_game(
        tmp_path,
        "crowd",
        "game: {title: Crowd, players: '2'}\n"
        "materials:\n"
        "  formation:\n"
        "    kind: hexmap\n"
        "    orientation: pointy\n"
        "    hex_size: 30mm\n"
        "    columns: 3\n"
        "    rows: 1\n"
        "    labels: {position: none}\n"
        f"    marker_layout: {layout}\n"
        "    legend: false\n"
        "    markers:\n"
        "      - {hex: '0201', label: R, fill: '#c62828', name: Red, size: 10mm}\n"
        "      - {hex: '0201', label: B, fill: '#1565c0', name: Blue, size: 10mm}\n",
    )
    assert result.exit_code == 0, result.output
    assert "PK254" not in result.output
    return out / "formation.pdf"


def _extent(raster: Raster, colour: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """Left, top, right, bottom (mm) of the pixels of a colour: a marker's disc, whatever its
    letter leaves out."""
    found = where(raster, close_to(colour, 20))
    assert len(found), f"no {colour} on the page"
    return found.box_mm()


def test_two_markers_on_a_hex_stand_side_by_side(tmp_path: Path) -> None:
    raster = Raster.of(_map(tmp_path, "side_by_side"), 0)
    red, blue = _extent(raster, RED), _extent(raster, BLUE)
    assert abs(red[1] - blue[1]) < 0.2 and abs(red[3] - blue[3]) < 0.2  # one row
    assert blue[0] - red[2] == pytest.approx(0.8 + STROKE, abs=0.2)  # apart by the gap
    assert red[2] - red[0] == pytest.approx(10 - STROKE, abs=0.2)  # neither covers the other


def test_stacked_markers_are_shifted_up_and_right_the_last_on_top(tmp_path: Path) -> None:
    raster = Raster.of(_map(tmp_path, "stacked"), 0)
    red, blue = _extent(raster, RED), _extent(raster, BLUE)
    # the blue one, listed last, lies on top: whole, 1.5 mm right of and above the red
    assert blue[2] - blue[0] == pytest.approx(10 - STROKE, abs=0.2)
    assert blue[0] - red[0] == pytest.approx(1.5, abs=0.2)
    assert red[3] - blue[3] == pytest.approx(1.5, abs=0.2)
