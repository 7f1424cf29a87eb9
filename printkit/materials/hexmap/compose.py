"""Put a map together with its title and legend into one piece of art, ready to tile.

The art is a few blocks (title, legend, map), each drawn on demand for a window, so a tile of a
large map only draws the part of the map it shows.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from printkit.draw.fonts import ascent, font_name, text_width
from printkit.draw.ops import Group, Line, Op, Paint, Symbol, Text, translate
from printkit.draw.pattern_ink import pattern_ink
from printkit.draw.text import LEADING, Run, fit_text, parse_markup
from printkit.geometry.hexgrid import Hex, HexLayout
from printkit.geometry.polygon import boxes_overlap
from printkit.materials.hexmap.art import MapArt
from printkit.materials.hexmap.board import Board
from printkit.materials.hexmap.symbols import (
    cell_symbol,
    hexagon,
    line_paint,
    marker_symbol,
    marker_text_scale,
    shared_corners,
)
from printkit.materials.shapes import polygon_path
from printkit.model.units import mm
from printkit.preflight.checks import MIN_TEXT

Box = tuple[float, float, float, float]
TITLE_SIZE = 12.0
TITLE_WRAP = mm(150)  # a title may be wider than its map up to this, then it wraps
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


Key = tuple[str, str]  # what a legend entry stands for: ("terrain", "forest"), ("path", "road")


@dataclass(frozen=True)
class LegendItem:
    key: Key
    swatch: tuple[Op, ...]  # centred on (0, 0), within size × size
    size: float
    text: str


@dataclass(frozen=True)
class LegendStyle:
    """The sizes of a legend: the full one under a map's title, or the compact one that every
    page of a tiled map repeats."""

    swatch: float
    text_size: float
    gap: float  # between items on a row
    row_gap: float

    def item_width(self, item: LegendItem) -> float:
        return item.size + mm(1.5) + text_width(item.text, font_name("regular"), self.text_size)

    def row_width(self, row: list[LegendItem]) -> float:
        return sum(self.item_width(i) for i in row) + self.gap * max(0, len(row) - 1)

    def pitch(self, items: list[LegendItem]) -> float:
        """Row to row: the tallest swatch of all items, so any subset fits the same rows."""
        return max((item.size for item in items), default=self.swatch) + self.row_gap

    def rows(self, items: list[LegendItem], width: float) -> list[list[LegendItem]]:
        rows: list[list[LegendItem]] = [[]]
        for item in items:
            if rows[-1] and self.row_width([*rows[-1], item]) > width:
                rows.append([])
            rows[-1].append(item)
        return rows if rows[-1] else []

    def height(self, rows: int, pitch: float) -> float:
        return rows * pitch - self.row_gap

    def ops(self, rows: list[list[LegendItem]], pitch: float) -> list[Op]:
        font = font_name("regular")
        ops: list[Op] = []
        baseline_shift = ascent(font, self.text_size) * 0.5
        for index, row in enumerate(rows):
            y = index * pitch + (pitch - self.row_gap) / 2
            x = 0.0
            for item in row:
                ops.append(Group(item.swatch, translate(x + item.size / 2, y)))
                text_x = x + item.size + mm(1.5)
                ops.append(Text(text_x, y + baseline_shift, item.text, font, self.text_size))
                x += self.item_width(item) + self.gap
        return ops


FULL = LegendStyle(SWATCH, LEGEND_SIZE, ITEM_GAP, ROW_GAP)
COMPACT = LegendStyle(mm(4), 6.5, mm(3), mm(1))


def legend_items(board: Board, art: MapArt, style: LegendStyle = FULL) -> list[LegendItem]:
    """Named terrain that appears on the board, then zones, hexside features and paths, then
    named markers."""
    swatch = style.swatch
    small = HexLayout.from_across_flats(board.orientation, swatch * 0.85)
    outline = Paint(None, art.style.line_color, 0.5)
    items: list[LegendItem] = []
    used = set(board.terrain.values())
    base = board.terrain_types[board.default_terrain].fill
    for name, spec in board.terrain_types.items():
        if name in used and spec.name:
            colour = pattern_ink(spec.fill, spec.pattern_color)
            symbol = cell_symbol("", small, spec.fill, spec.pattern, colour)
            ops = (*symbol.ops, polygon_path(hexagon(small), outline))
            items.append(LegendItem(("terrain", name), ops, swatch, spec.name))
    for name, zone in board.zone_types.items():
        if name in set(board.zones.values()):
            fill = zone.fill or base
            size = style.text_size
            letter = (zone.letter, size * 0.35, size) if zone.letter else None
            colour = pattern_ink(fill, zone.pattern_color)
            symbol = cell_symbol("", small, fill, zone.pattern, colour, letter)
            ops = (*symbol.ops, polygon_path(hexagon(small), outline))
            items.append(LegendItem(("zone", name), ops, swatch, zone.name))
    used_sides = {side.type for side in board.sides}
    used_paths = {route.type for route in board.paths}
    for kind_name, types, used in (
        ("side", board.side_types, used_sides),
        ("path", board.path_types, used_paths),
    ):
        for name, kind in types.items():
            if name in used and kind.name:
                sample = Line(-swatch / 2, 0.0, swatch / 2, 0.0, line_paint(kind))
                items.append(LegendItem((kind_name, name), (sample,), swatch, kind.name))
    seen: set[str] = set()
    for placed in board.markers:
        spec = placed.spec
        if spec.name and spec.name not in seen:
            seen.add(spec.name)
            # As large as the swatch, or larger where its letters would print under 6 pt.
            size = max(swatch, MIN_TEXT / marker_text_scale(spec.label))
            shrunk = spec.model_copy(update={"size": size})
            ops = marker_symbol("", shrunk, size * 2).ops
            items.append(LegendItem(("marker", spec.name), ops, size, spec.name))
    return items


def shown_keys(board: Board, layout: HexLayout, window: Box, hexes: set[Hex]) -> set[Key]:
    """What the legend entries stand for in a window of the map (the legend of one tile): the
    terrain and zones of the hexes reaching into it, and the sides, paths and markers drawn
    there, not merely on a hex at its edge."""
    wx, wy, ww, wh = window
    area = (wx, wy, wx + ww, wy + wh)

    def drawn(points: Iterable[tuple[float, float]], reach: float) -> bool:
        xs, ys = zip(*points, strict=True)
        return boxes_overlap(
            (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach), area
        )

    keys: set[Key] = {("terrain", board.terrain.get(h, board.default_terrain)) for h in hexes}
    keys |= {("zone", board.zones[h]) for h in hexes if h in board.zones}
    for side in board.sides:
        if drawn(shared_corners(layout, *side.between), board.side_types[side.type].width / 2):
            keys.add(("side", side.type))
    for route in board.paths:
        reach = board.path_types[route.type].width / 2
        legs = itertools.pairwise(layout.centre(h) for h in route.hexes)
        if any(drawn(leg, reach) for leg in legs):
            keys.add(("path", route.type))
    for marker in board.markers:
        spec = marker.spec
        x, y = layout.centre(marker.hex)
        if spec.name and drawn(
            [(x + marker.dx, y + marker.dy)], spec.size_on(board.across_flats) / 2
        ):
            keys.add(("marker", spec.name))
    return keys


def _caption(text: str | None, width: float) -> tuple[list[Op], float]:
    """The caption wrapped to ``width``, and its height."""
    if not text:
        return [], 0.0
    runs = parse_markup(text, {}).runs
    fitted = fit_text(runs, (0.0, 0.0, width, 1e6), CAPTION_SIZE, CAPTION_SIZE)
    lines = fitted.lines
    return list(fitted.ops), lines * CAPTION_SIZE * LEADING


def compose(title: str, caption: str | None, map_art: MapArt, items: list[LegendItem]) -> Art:
    """Title (with the legend beside it when there is room), caption, legend, then the map."""
    wanted = text_width(title, font_name("bold"), TITLE_SIZE)
    width = max(map_art.width, min(wanted, TITLE_WRAP))
    title_ops, title_height, title_width = _title(title, width)
    blocks = [Block(0.0, 0.0, title_width, title_height, lambda _w: title_ops)]
    one_row = FULL.row_width(items)
    pitch = FULL.pitch(items)
    beside = bool(items) and title_width + ITEM_GAP * 2 + one_row <= width
    y = max(title_height, pitch - ROW_GAP) if beside else title_height
    if beside:
        top = max(0.0, (title_height - pitch + ROW_GAP) / 2)
        row_ops = FULL.ops([items], pitch)
        blocks.append(Block(width - one_row, top, one_row, pitch - ROW_GAP, lambda _w: row_ops))
    caption_ops, caption_height = _caption(caption, width)
    if caption_ops:
        blocks.append(Block(0.0, y + ROW_GAP / 2, width, caption_height, lambda _w: caption_ops))
        y += ROW_GAP / 2 + caption_height
    if items and not beside:
        rows = FULL.rows(items, width)
        legend_ops = FULL.ops(rows, pitch)
        height = FULL.height(len(rows), pitch)
        row_width = max(FULL.row_width(row) for row in rows)
        blocks.append(Block(0.0, y + ROW_GAP, row_width, height, lambda _w: legend_ops))
        y += ROW_GAP + height
    return with_map(blocks, map_art, (width - map_art.width) / 2, y + ROW_GAP, width)


def with_map(blocks: list[Block], map_art: MapArt, x: float, y: float, width: float) -> Art:
    """The blocks and the map at (x, y), with joins for tiling snapped to hex centres.
    With no blocks, the map alone: what a tiled map's pages show under their headers."""
    blocks = [*blocks, Block(x, y, map_art.width, map_art.height, map_art.ops)]
    layout = map_art.frame.layout
    centres = [layout.centre(h) for h in map_art.board.cells]
    return Art(
        width=width,
        height=y + map_art.height,
        blocks=blocks,
        symbols=map_art.symbols,  # shared: tiles add edge symbols as they draw
        snap_x=tuple(sorted({round(x + cx, 6) for cx, _ in centres})),
        snap_y=tuple(sorted({round(y + cy, 6) for _, cy in centres})),
    )


def _title(title: str, width: float) -> tuple[list[Op], float, float]:
    """The title wrapped to ``width`` (a word too long for it cut), its height and width."""
    runs = [Run(title, "bold")]
    fitted = fit_text(runs, (0.0, 0.0, width, 1e6), TITLE_SIZE, TITLE_SIZE, break_words=True)
    return list(fitted.ops), fitted.lines * TITLE_SIZE * LEADING, fitted.right
