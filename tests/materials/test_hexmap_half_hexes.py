"""The half hexes that square off a board's edges: found among the hexes beside the board's,
as the rectangle round the board would find them, however far apart the board's hexes lie."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from printkit.diagnostics import Diagnostics
from printkit.geometry.hexgrid import hex_to_offset, neighbours, offset_to_hex
from printkit.load.package import load_package
from printkit.materials.hexmap.art import Pads, frame_board, hex_box
from printkit.materials.hexmap.board import Board, build_board


def _board(tmp_path: Path, orientation: str, hexes: list[object]) -> Board:
    folder = tmp_path / "far"
    folder.mkdir()
    material = {
        "kind": "hexmap",
        "orientation": orientation,
        "hex_size": "10mm",
        "half_hexes": True,
        "hexes": hexes,
        "terrain": {"space": {"fill": "#f3f5fa"}},
        "labels": {"position": "none"},
    }
    package = {"game": {"title": "Far", "players": "2"}, "materials": {"map": material}}
    (folder / "game.yaml").write_text(yaml.safe_dump(package), encoding="utf-8")
    found = Diagnostics()
    loaded = load_package("far", folder, found)
    assert loaded is not None, [d.message for d in found]
    board = build_board(loaded, "map", found)
    assert board is not None, [d.message for d in found]
    return board


def _scanned(board: Board) -> tuple[object, ...]:
    """Every off-board hex of the rectangle round the board, one by one, that the board's
    rectangle cuts and that touches the board: what the frame finds, found the long way."""
    frame = frame_board(board, Pads(5.0, 5.0, 5.0, 5.0), True)
    rx, ry, rw, rh = frame.rect
    cells = set(board.cells)
    offsets = [hex_to_offset(h, board.offset) for h in board.cells]
    cols = range(min(c for c, _ in offsets) - 1, max(c for c, _ in offsets) + 2)
    rows = range(min(r for _, r in offsets) - 1, max(r for _, r in offsets) + 2)
    found = []
    for col in cols:
        for row in rows:
            h = offset_to_hex(col, row, board.offset)
            x0, y0, x1, y1 = hex_box(frame.layout, h)
            cut = x0 < rx + rw - 1e-6 and x1 > rx + 1e-6 and y0 < ry + rh - 1e-6 and y1 > ry + 1e-6
            inside = x0 >= rx - 1e-6 and x1 <= rx + rw + 1e-6 and y0 >= ry - 1e-6
            inside = inside and y1 <= ry + rh + 1e-6
            if h not in cells and cut and not inside and any(n in cells for n in neighbours(h)):
                found.append(h)
    return tuple(sorted(found))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize(
    "hexes",
    [
        ["0101..0504", "0702", "0605"],  # a ragged board
        ["0101", {"col": 120, "row": 90}],  # two hexes far apart: 11,000 hexes round them
    ],
)
def test_the_half_hexes_are_those_the_rectangle_round_the_board_holds(
    tmp_path: Path, orientation: str, hexes: list[object]
) -> None:
    board = _board(tmp_path, orientation, hexes)
    partial = frame_board(board, Pads(5.0, 5.0, 5.0, 5.0), True).partial
    assert partial and partial == _scanned(board)
