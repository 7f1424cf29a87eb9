"""The compact header of a tiled map's pages and the legend of what each page shows: words
never run past the header's width, the caption keeps its markup and line breaks, and a page's
legend lists the sides, paths and markers drawn in its window, not merely on a hex at its edge.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from support import build_game

from printkit.diagnostics import Diagnostics
from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Group, Text
from printkit.geometry.hexgrid import offset_to_hex
from printkit.load.package import load_package
from printkit.materials.hexmap.art import MapArt
from printkit.materials.hexmap.board import Board, build_board
from printkit.materials.hexmap.compose import COMPACT, legend_items, shown_keys
from printkit.materials.hexmap.header import map_header
from printkit.materials.hexmap.style import resolve_style
from printkit.materials.hexmap.symbols import marker_symbol
from printkit.model.hexmap import Marker
from printkit.model.units import mm

MAP = """\
game: {title: Header Test, players: "2"}
materials:
  map:
    kind: hexmap
    orientation: flat
    hex_size: 20mm
    columns: 4
    rows: 4
    terrain:
      clear: {name: Clear, fill: "#f4f1e4"}
      forest: {name: Forest, fill: "#c9dfb4"}
    default_terrain: clear
    regions:
      - {terrain: forest, hexes: ["0101"]}
    hexside_types:
      river: {name: River, color: "#1e6bd6", width: 3pt}
    hexsides:
      - {type: river, between: ["0303", "0304"]}
    path_types:
      road: {name: Road, color: "#8d5a2b", width: 2pt}
    paths:
      - {type: road, hexes: ["0101", "0201"]}
    markers:
      - {hex: "0404", label: B, fill: "#1a3d7c", name: Town, size: 6mm}
"""


@pytest.fixture(scope="module")
def mapped(tmp_path_factory: pytest.TempPathFactory) -> tuple[Board, MapArt]:
    folder = tmp_path_factory.mktemp("header") / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(MAP, encoding="utf-8")
    diagnostics = Diagnostics()
    loaded = load_package("game", folder, diagnostics)
    assert loaded is not None
    board = build_board(loaded, "map", diagnostics)
    assert board is not None and not list(diagnostics)
    style = resolve_style(loaded, "map")
    return board, MapArt(board, style, {})


def placed_texts(ops: list, dx: float = 0.0, dy: float = 0.0) -> list[Text]:
    """The header's texts where they land: its groups only translate."""
    found: list[Text] = []
    for op in ops:
        if isinstance(op, Group):
            found += placed_texts(list(op.ops), dx + op.matrix[4], dy + op.matrix[5])
        elif isinstance(op, Text):
            found.append(Text(op.x + dx, op.y + dy, op.text, op.font, op.size))
    return found


def right_end(text: Text) -> float:
    return text.x + text_width(text.text, text.font, text.size)


def test_a_word_longer_than_the_header_is_cut_to_its_width() -> None:
    header = map_header("X" * 300, "a " + "Y" * 200 + " caption", [], lambda window: set())
    width = mm(120)
    ops, height = header.draw(None, width)
    texts = placed_texts(ops)
    assert max(right_end(t) for t in texts) <= width + 1e-6
    assert sum(t.text.count("X") for t in texts) == 300  # every letter kept, over lines
    assert height >= 3 * 7.0  # the title alone takes more than two lines


def test_the_caption_keeps_its_markup_and_line_breaks() -> None:
    header = map_header("Valley", "Blue moves **first**.\nRed enters on turn 1.", [], set)
    texts = placed_texts(header.draw(None, mm(150))[0])
    (first,) = [t for t in texts if "first" in t.text]
    assert first.font == font_name("bold")
    assert "**" not in "".join(t.text for t in texts)
    (red,) = [t for t in texts if t.text.startswith("Red")]
    assert red.y > first.y  # on a line of its own


def test_a_page_legend_lists_what_its_window_draws(mapped: tuple[Board, MapArt]) -> None:
    board, art = mapped
    layout = art.frame.layout

    def keys_around(col: int, row: int, half: float) -> set[tuple[str, str]]:
        x, y = layout.centre(offset_to_hex(col - 1, row - 1, board.offset))
        window = (x - half, y - half, 2 * half, 2 * half)
        return shown_keys(board, layout, window, set(art.showing(window)))

    # Around 0303's centre only: its terrain, not the river on its lower side, though the
    # hex it runs along reaches into the window.
    assert keys_around(3, 3, mm(4)) == {("terrain", "clear")}
    # Down to that side: the river is drawn there.
    assert ("side", "river") in keys_around(3, 3, mm(11))
    assert ("path", "road") in keys_around(1, 1, mm(4))
    assert ("marker", "Town") in keys_around(4, 4, mm(4))
    assert ("marker", "Town") not in keys_around(3, 3, mm(4))
    items = legend_items(board, art, COMPACT)
    assert [i.text for i in items] == ["Clear", "Forest", "River", "Road", "Town"]


def test_a_hex_that_only_meets_a_tile_s_edge_is_not_in_its_legend(
    mapped: tuple[Board, MapArt],
) -> None:
    """A tile whose top cut runs along the bottom of the forest hex 0101 (flat-topped: its
    lowest side) shows none of it, so its legend names no forest; half a millimetre higher,
    a sliver of the forest lies in the tile, and it still names none; 2 mm higher, it does."""
    board, art = mapped
    layout = art.frame.layout
    x, y = layout.centre(offset_to_hex(0, 0, board.offset))
    bottom = y + mm(10)  # 20 mm across flats: the lowest side 10 mm below the centre

    def forest_at(top: float) -> bool:
        window = (x - mm(30), top, mm(60), mm(40))
        return ("terrain", "forest") in shown_keys(board, layout, window, set(art.showing(window)))

    assert not forest_at(bottom)
    assert not forest_at(bottom - mm(0.5))
    assert forest_at(bottom - mm(2))


def test_a_wide_marker_label_stays_inside_its_marker() -> None:
    marker = Marker.model_validate(
        {"hex": "0101", "label": "WWW", "fill": "#1a3d7c", "size": "7mm", "shape": "circle"}
    )
    (text,) = [op for op in marker_symbol("m", marker, mm(20)).ops if isinstance(op, Text)]
    assert right_end(text) - text.x <= 0.8 * mm(7) + 1e-6
    assert text.x >= -mm(3.5) and right_end(text) <= mm(3.5)


def test_a_long_title_wraps_instead_of_widening_a_one_page_map(tmp_path: Path) -> None:
    result, out = build_game(
        tmp_path,
        "titled",
        "game: {title: T, players: '2'}\n"
        "materials:\n"
        "  map:\n"
        "    kind: hexmap\n"
        f"    title: {'Aldermoor ' * 40}\n"
        "    hex_size: 20mm\n"
        "    columns: 3\n"
        "    rows: 3\n"
        "    tiling: {poster: true}\n",
    )
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(out / "map.pdf").pages[0]
    assert float(page.mediabox.width) * 25.4 / 72 <= 150 + 2 * 5 + 0.5  # wrapped at 150 mm
