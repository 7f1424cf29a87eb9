"""Regions pick hexes by label, range, line and distance; each must pick exactly what it says,
and a range that leaves the board is one mistake, reported once."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.diagnostics import Diagnostics
from printkit.geometry.hexgrid import distance
from printkit.load.package import load_package
from printkit.materials.hexmap.board import Board, build_board

MAP = """\
game: {{title: Test, players: "2"}}
materials:
  map:
    kind: hexmap
    orientation: {orientation}
    hex_size: 20mm
    columns: 9
    rows: 8
    zones:
      near: {{name: Near, fill: "#ffe0e0", letter: N}}
    regions:
      - zone: near
{selection}
"""


def board_with(
    tmp_path: Path, selection: str, orientation: str = "flat"
) -> tuple[Board | None, Diagnostics]:
    folder = tmp_path / "game"
    folder.mkdir()
    text = MAP.format(orientation=orientation, selection=selection)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    diagnostics = Diagnostics()
    loaded = load_package("game", folder, diagnostics)
    assert loaded is not None, [d.render() for d in diagnostics]
    return build_board(loaded, "map", diagnostics), diagnostics


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("radius", [0, 1, 2])
def test_around_picks_every_hex_within_the_radius(
    orientation: str, radius: int, tmp_path: Path
) -> None:
    board, diagnostics = board_with(
        tmp_path, f'        around: [{{hex: "0504", radius: {radius}}}]', orientation
    )
    assert board is not None and not diagnostics.items
    centre = next(h for h in board.cells if board.offset_of(h) == (5, 4))
    near = {h for h in board.cells if distance(h, centre) <= radius}
    assert set(board.zones) == near
    assert len(near) == 1 + 3 * radius * (radius + 1)  # the centre is far from every edge


def test_a_huge_radius_takes_the_whole_board_without_walking_the_plane(tmp_path: Path) -> None:
    """A spiral of radius 100,000 would be 30 billion hexes; the board has 72."""
    board, diagnostics = board_with(tmp_path, '        around: [{hex: "0504", radius: 100000}]')
    assert board is not None and not diagnostics.items
    assert set(board.zones) == set(board.cells)


def test_a_rectangle_running_off_the_board_is_reported_once(tmp_path: Path) -> None:
    # columns 8–12 × rows 7–10 is 20 hexes; columns 8–9 × rows 7–8 are on the board
    board, diagnostics = board_with(tmp_path, '        hexes: ["0807..1210"]')
    assert board is None
    assert [(d.code, d.message) for d in diagnostics] == [
        ("PK252", "16 hex(es) of range '0807..1210' are not on the board")
    ]


def test_a_column_range_running_off_the_board_is_reported_once(tmp_path: Path) -> None:
    board, diagnostics = board_with(tmp_path, '        columns: ["8..12"]')
    assert board is None
    assert [(d.code, d.message) for d in diagnostics] == [
        ("PK252", "columns 10, 11, 12 of '8..12' not on the board")
    ]


def test_a_line_range_longer_than_any_board_is_refused(tmp_path: Path) -> None:
    board, diagnostics = board_with(tmp_path, '        rows: ["1..999999999"]')
    assert board is None
    assert [d.code for d in diagnostics] == ["PK122"]
    assert "at most 1000 long" in (diagnostics.items[0].hint or "")


def test_references_keep_their_digits_when_the_labels_print_otherwise(tmp_path: Path) -> None:
    """Under the label format '{col}{row}', '0302' reads as column 30, row 2, or as the
    wargame digits' column 3, row 2: the one on the board is taken, so changing how labels
    print moves no reference; read off the board by the format, the finding says so."""
    unpadded = MAP.replace(
        "    rows: 8\n", '    rows: 8\n    labels: {{format: "{{col}}{{row}}"}}\n'
    )

    def board_of(hexes: str, name: str) -> tuple[Board | None, Diagnostics]:
        folder = tmp_path / name
        folder.mkdir()
        text = unpadded.format(orientation="flat", selection=f"        hexes: [{hexes}]")
        (folder / "game.yaml").write_text(text, encoding="utf-8")
        diagnostics = Diagnostics()
        loaded = load_package(name, folder, diagnostics)
        assert loaded is not None
        return build_board(loaded, "map", diagnostics), diagnostics

    board, diagnostics = board_of('"0302", "45"', "good")
    assert board is not None and not diagnostics.items
    assert {board.offset_of(h) for h in board.zones} == {(3, 2), (4, 5)}
    _, diagnostics = board_of('"0320"', "off")
    [off] = diagnostics.items
    assert off.code == "PK252"
    assert "'0320' read with the label format '{col}{row}'" in off.message


def test_what_a_map_s_regions_name_is_bounded_as_it_is_read(tmp_path: Path) -> None:
    """A thousand ranges over the whole board named 9 million hexes (100 s on a 300 × 300
    board): past ten boards' worth, the selection that passes the bound is reported."""
    ranges = ", ".join(['"0101..0908"'] * 20_000)  # 72 hexes each: 1,440,000 named
    board, diagnostics = board_with(tmp_path, f"        hexes: [{ranges}]")
    assert board is None
    [found] = diagnostics.items
    assert found.code == "PK122" and "more than 900,000 hexes" in found.message


@pytest.mark.parametrize("radius", [0, 3, 20])
def test_around_walks_out_from_its_centre_or_scans_a_small_board_alike(
    tmp_path: Path, radius: int
) -> None:
    """The hexes within a radius are the same, in the same order, whether walked out from the
    centre or found by scanning the board (a radius wider than the board)."""
    board, _ = board_with(tmp_path, f'        around: [{{hex: "0504", radius: {radius}}}]')
    assert board is not None
    centre = next(h for h in board.cells if board.offset_of(h) == (5, 4))
    assert list(board.zones) == [h for h in sorted(board.cells) if distance(h, centre) <= radius]
