"""Put a map together with its title and legend into one piece of art, ready to tile.

The art is a few blocks (title, legend, map), each drawn on demand for a window, so a tile of a
large map only draws the part of the map it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from printkit.draw.fonts import ascent, font_name, text_width
from printkit.draw.ops import Group, Line, Op, Paint, Symbol, Text, translate
from printkit.draw.text import LEADING, fit_text, parse_markup
from printkit.geometry.hexgrid import HexLayout
from printkit.materials.hexmap.art import MapArt
from printkit.materials.hexmap.board import Board
from printkit.materials.hexmap.symbols import (
    cell_symbol,
    darker,
    hexagon,
    line_paint,
    marker_symbol,
)
from printkit.materials.shapes import polygon_path
from printkit.model.units import mm

Box = tuple[float, float, float, float]
TITLE_SIZE = 12.0
CAPTION_SIZE = 8.0
LEGEND_SIZE = 7.0
SWATCH = mm(6)
ITEM_GAP = mm(5)
ROW_GAP = mm(2)


@dataclass(frozen=True)
class Block:
    x: float
    y: float
    width: float
    height: float
    draw: Callable[[Box | None], list[Op]]


@dataclass
class Art:
    """Everything a map page shows, in one coordinate frame starting at (0, 0)."""

    width: float
    height: float
    blocks: list[Block]
    symbols: dict[str, Symbol] = field(default_factory=dict)
    snap_x: tuple[float, ...] = ()
    snap_y: tuple[float, ...] = ()

    def ops(self, window: Box | None = None) -> list[Op]:
        """Ops of the blocks that reach into ``window`` (all of them for None)."""
        ops: list[Op] = []
        for block in self.blocks:
            local = None
            if window is not None:
                wx, wy, ww, wh = window
                if (
                    block.x > wx + ww
                    or block.x + block.width < wx
                    or block.y > wy + wh
                    or block.y + block.height < wy
                ):
                    continue
                local = (wx - block.x, wy - block.y, ww, wh)
            drawn = block.draw(local)
            if drawn:
                ops.append(Group(tuple(drawn), translate(block.x, block.y)))
        return ops


@dataclass(frozen=True)
class LegendItem:
    swatch: tuple[Op, ...]  # centred on (0, 0), within SWATCH × SWATCH
    text: str


def legend_items(board: Board, art: MapArt) -> list[LegendItem]:
    """Named terrain that appears on the board, then zones, hexside features and paths, then
    named markers."""
    small = HexLayout.from_across_flats(board.orientation, SWATCH * 0.85)
    outline = Paint(None, art.style.line_color, 0.5)
    items: list[LegendItem] = []
    used = set(board.terrain.values())
    base = board.terrain_types[board.default_terrain].fill
    for name, spec in board.terrain_types.items():
        if name in used and spec.name:
            colour = spec.pattern_color or darker(spec.fill)
            symbol = cell_symbol("", small, spec.fill, spec.pattern, colour)
            items.append(
                LegendItem((*symbol.ops, polygon_path(hexagon(small), outline)), spec.name)
            )
    for name, zone in board.zone_types.items():
        if name in set(board.zones.values()):
            fill = zone.fill or base
            letter = (zone.letter, LEGEND_SIZE * 0.35, LEGEND_SIZE) if zone.letter else None
            colour = zone.pattern_color or darker(fill)
            symbol = cell_symbol("", small, fill, zone.pattern, colour, letter)
            items.append(
                LegendItem((*symbol.ops, polygon_path(hexagon(small), outline)), zone.name)
            )
    used_sides = {side.type for side in board.sides}
    used_paths = {route.type for route in board.paths}
    for types, used in ((board.side_types, used_sides), (board.path_types, used_paths)):
        for name, kind in types.items():
            if name in used and kind.name:
                sample = Line(-SWATCH / 2, 0.0, SWATCH / 2, 0.0, line_paint(kind))
                items.append(LegendItem((sample,), kind.name))
    seen: set[str] = set()
    for placed in board.markers:
        spec = placed.spec
        if spec.name and spec.name not in seen:
            seen.add(spec.name)
            shrunk = spec.model_copy(update={"size": SWATCH})
            items.append(LegendItem(marker_symbol("", shrunk, SWATCH * 2).ops, spec.name))
    return items


def _item_width(item: LegendItem, font: str) -> float:
    return SWATCH + mm(1.5) + text_width(item.text, font, LEGEND_SIZE)


def _legend_rows(items: list[LegendItem], width: float, font: str) -> list[list[LegendItem]]:
    rows: list[list[LegendItem]] = [[]]
    used = 0.0
    for item in items:
        w = _item_width(item, font)
        if rows[-1] and used + ITEM_GAP + w > width:
            rows.append([])
            used = 0.0
        used += (ITEM_GAP if rows[-1] else 0.0) + w
        rows[-1].append(item)
    return rows if rows[-1] else []


def _legend_ops(rows: list[list[LegendItem]], font: str) -> list[Op]:
    ops: list[Op] = []
    baseline_shift = ascent(font, LEGEND_SIZE) * 0.5
    for index, row in enumerate(rows):
        y = index * (SWATCH + ROW_GAP) + SWATCH / 2
        x = 0.0
        for item in row:
            ops.append(Group(item.swatch, translate(x + SWATCH / 2, y)))
            ops.append(Text(x + SWATCH + mm(1.5), y + baseline_shift, item.text, font, LEGEND_SIZE))
            x += _item_width(item, font) + ITEM_GAP
    return ops


def _width(rows: list[list[LegendItem]], font: str) -> float:
    return max(
        (sum(_item_width(i, font) for i in row) + ITEM_GAP * (len(row) - 1) for row in rows),
        default=0.0,
    )


def _caption(text: str | None, width: float) -> tuple[list[Op], float]:
    """The caption wrapped to ``width``, and its height."""
    if not text:
        return [], 0.0
    runs = parse_markup(text, {}).runs
    fitted = fit_text(runs, (0.0, 0.0, width, 1e6), CAPTION_SIZE, CAPTION_SIZE)
    lines = len({op.y for op in fitted.ops})
    return list(fitted.ops), lines * CAPTION_SIZE * LEADING


def compose(title: str, caption: str | None, map_art: MapArt, items: list[LegendItem]) -> Art:
    """Title (with the legend beside it when there is room), caption, legend, then the map."""
    bold, regular = font_name("bold"), font_name("regular")
    title_width = text_width(title, bold, TITLE_SIZE)
    width = max(map_art.width, title_width)
    title_height = TITLE_SIZE * 1.25
    blocks = [Block(0.0, 0.0, title_width, title_height, lambda _w: [_title_op(title, bold)])]
    one_row = _width([items], regular)
    beside = bool(items) and title_width + ITEM_GAP * 2 + one_row <= width
    y = max(title_height, SWATCH) if beside else title_height
    if beside:
        top = max(0.0, (title_height - SWATCH) / 2)
        row_ops = _legend_ops([items], regular)
        blocks.append(Block(width - one_row, top, one_row, SWATCH, lambda _w: row_ops))
    caption_ops, caption_height = _caption(caption, width)
    if caption_ops:
        blocks.append(Block(0.0, y + ROW_GAP / 2, width, caption_height, lambda _w: caption_ops))
        y += ROW_GAP / 2 + caption_height
    if items and not beside:
        rows = _legend_rows(items, width, regular)
        legend_ops = _legend_ops(rows, regular)
        height = len(rows) * (SWATCH + ROW_GAP) - ROW_GAP
        blocks.append(Block(0.0, y + ROW_GAP, _width(rows, regular), height, lambda _w: legend_ops))
        y += ROW_GAP + height
    map_x, map_y = (width - map_art.width) / 2, y + ROW_GAP
    blocks.append(Block(map_x, map_y, map_art.width, map_art.height, map_art.ops))
    layout = map_art.frame.layout
    centres = [layout.centre(h) for h in map_art.board.cells]
    return Art(
        width=width,
        height=map_y + map_art.height,
        blocks=blocks,
        symbols=map_art.symbols,  # shared: tiles add edge symbols as they draw
        snap_x=tuple(sorted({round(map_x + x, 6) for x, _ in centres})),
        snap_y=tuple(sorted({round(map_y + y, 6) for _, y in centres})),
    )


def _title_op(title: str, font: str) -> Text:
    return Text(0.0, ascent(font, TITLE_SIZE), title, font, TITLE_SIZE)
