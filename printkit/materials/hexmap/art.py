"""Draw a hex board: fills, shared edges, labels, zones and markers, in map coordinates.

What keeps a 10,000-hex map fast and small:
* the common terrain is one filled outline of the whole board, not 10,000 hexagons;
* any other terrain or zone is a symbol defined once and placed per hex (a Form XObject in
  PDF, ``<use>`` in SVG);
* every edge is stroked once, chained into long polylines (a doubled edge also prints darker);
* a tile of a big map draws only the hexes that reach into its window.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Group, Op, Paint, Path, Rect, Symbol, Text, Use
from printkit.geometry.hexgrid import Hex, HexLayout, hex_to_offset, offset_to_hex
from printkit.geometry.hexpaths import (
    CornerKey,
    chain_edges,
    key_point,
    outline_loops,
    unique_edges,
)
from printkit.geometry.polygon import chord_width
from printkit.materials.hexmap.board import Board
from printkit.materials.hexmap.style import Style
from printkit.materials.hexmap.symbols import (
    cell_symbol,
    darker,
    hex_box,
    hexagon,
    marker_symbol,
    symbol_key,
)
from printkit.model.units import mm

Box = tuple[float, float, float, float]  # x, y, w, h
LABEL_PAD = mm(1.2)
# Glyph box of digits and capitals relative to the baseline, as fractions of the font size.
CAP_HEIGHT, DESCENT = 0.73, 0.05


def label_baseline(layout: HexLayout, position: str, width: float, size: float) -> float | None:
    """Baseline of a label relative to the hex centre, as near ``position`` (top, bottom,
    centre) as a label ``width`` wide fits, keeping LABEL_PAD clear of every edge (measured
    square to the edge, so slanted sides get the same room); None if it fits nowhere there."""
    scale = (layout.across_flats - 2 * LABEL_PAD) / layout.across_flats
    polygon = hexagon(layout, scale)
    box = (CAP_HEIGHT + DESCENT) * size

    def fits(top: float) -> bool:
        return chord_width(polygon, top) >= width and chord_width(polygon, top + box) >= width

    if position == "centre":
        top = -box / 2
        return top + CAP_HEIGHT * size if fits(top) else None
    half = layout.height / 2 * scale
    step = 0.25
    for i in range(int(half / step) + 1):
        top = -half + i * step if position == "top" else half - box - i * step
        if (position == "top" and top + box > 0) or (position == "bottom" and top < 0):
            return None
        if fits(top):
            return top + CAP_HEIGHT * size
    return None


def letter_size(across_flats: float) -> float:
    """Zone letters: big enough to read across the table, small beside a counter."""
    return min(14.0, max(7.0, across_flats * 0.16))


@dataclass(frozen=True)
class MapFrame:
    """Where the board sits: its layout, outer size, and the rectangle edge half-hexes fill."""

    layout: HexLayout
    width: float
    height: float
    rect: Box
    partial: tuple[Hex, ...]


def frame_board(board: Board, pad: float, half_hexes: bool) -> MapFrame:
    """Lay the board out with its bounding box starting at (pad, pad)."""
    probe = HexLayout.from_across_flats(board.orientation, board.across_flats)
    boxes = [hex_box(probe, h) for h in board.cells]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    layout = HexLayout.from_across_flats(
        board.orientation, board.across_flats, (pad - x0, pad - y0)
    )
    rect = (pad, pad, x1 - x0, y1 - y0)
    partial = _partial_hexes(board, layout, rect) if half_hexes else ()
    return MapFrame(layout, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, rect, partial)


def _partial_hexes(board: Board, layout: HexLayout, rect: Box) -> tuple[Hex, ...]:
    """Off-board hexes cut by the board rectangle: the half hexes that square off its edges."""
    cells = set(board.cells)
    offsets = [hex_to_offset(h, board.offset) for h in board.cells]
    cols = range(min(c for c, _ in offsets) - 1, max(c for c, _ in offsets) + 2)
    rows = range(min(r for _, r in offsets) - 1, max(r for _, r in offsets) + 2)
    rx, ry, rw, rh = rect
    eps = 1e-6
    found = []
    for col in cols:
        for row in rows:
            h = offset_to_hex(col, row, board.offset)
            if h in cells:
                continue
            x0, y0, x1, y1 = hex_box(layout, h)
            overlaps = x0 < rx + rw - eps and x1 > rx + eps and y0 < ry + rh - eps and y1 > ry + eps
            inside = (
                x0 >= rx - eps and x1 <= rx + rw + eps and y0 >= ry - eps and y1 <= ry + rh + eps
            )
            if overlaps and not inside:
                found.append(h)
    return tuple(sorted(found))


class MapArt:
    """A board ready to draw; ``ops(window)`` gives only what reaches into the window."""

    def __init__(self, board: Board, style: Style, labels: dict[Hex, str]) -> None:
        self.board = board
        self.style = style
        self.labels = labels
        self.frame = frame_board(board, style.line_width * 2, style.half_hexes)
        self.width, self.height = self.frame.width, self.frame.height
        self.symbols: dict[str, Symbol] = {}
        self.cell_uses = self._terrain_symbols()
        self.zone_uses = self._zone_symbols()
        self.marker_uses = self._marker_symbols()
        self.edge_shapes: dict[tuple[tuple[CornerKey, ...], ...], str] = {}
        self.edge_paint = Paint(None, style.line_color, style.line_width)
        self.row_of = {
            h: hex_to_offset(h, board.offset)[1] for h in (*board.cells, *self.frame.partial)
        }
        self.label_font = font_name("regular")
        widest = max(
            (text_width(t, self.label_font, style.labels.size) for t in labels.values()),
            default=0.0,
        )
        self.baseline = label_baseline(
            self.frame.layout, style.labels.position, widest, style.labels.size
        )

    def _terrain_symbols(self) -> dict[Hex, str]:
        board = self.board
        uses: dict[Hex, str] = {}
        terrain = dict(board.terrain)
        terrain.update(dict.fromkeys(self.frame.partial, board.default_terrain))
        for h, name in terrain.items():
            spec = board.terrain_types[name]
            if name == board.default_terrain and spec.pattern is None:
                continue
            symbol = f"hexcell.{symbol_key(name)}"
            if symbol not in self.symbols:
                # The base fill already colours default hexes: their symbol is pattern only.
                fill = None if name == board.default_terrain else spec.fill
                colour = spec.pattern_color or (darker(spec.fill) if fill is None else None)
                self.symbols[symbol] = cell_symbol(
                    symbol, self.frame.layout, fill, spec.pattern, colour
                )
            uses[h] = symbol
        return uses

    def _zone_symbols(self) -> dict[Hex, str]:
        board = self.board
        layout = self.frame.layout
        uses: dict[Hex, str] = {}
        for h, name in board.zones.items():
            symbol = f"hexzone.{symbol_key(name)}"
            if symbol not in self.symbols:
                zone = board.zone_types[name]
                letter = None
                if zone.letter:
                    size = letter_size(board.across_flats)
                    width = text_width(zone.letter, font_name("bold"), size)
                    where = "top" if self.style.labels.position == "bottom" else "bottom"
                    baseline = label_baseline(layout, where, width, size)
                    letter = (zone.letter, baseline if baseline is not None else size / 3, size)
                self.symbols[symbol] = cell_symbol(
                    symbol, layout, zone.fill, zone.pattern, zone.pattern_color, letter
                )
            uses[h] = symbol
        return uses

    def _marker_symbols(self) -> list[tuple[Hex, str]]:
        uses: list[tuple[Hex, str]] = []
        styles: dict[tuple, str] = {}
        for placed in self.board.markers:
            spec = placed.spec
            key = (spec.label, spec.fill, spec.shape, spec.size, spec.text_color)
            if key not in styles:
                styles[key] = f"marker.{len(styles) + 1}.{symbol_key(spec.label)}"
                self.symbols[styles[key]] = marker_symbol(
                    styles[key], spec, self.board.across_flats
                )
            uses.append((placed.hex, styles[key]))
        return uses

    def _visible(self, hexes: tuple[Hex, ...], window: Box | None) -> list[Hex]:
        if window is None:
            return list(hexes)
        wx, wy, ww, wh = window
        reach = self.style.line_width
        layout = self.frame.layout
        shown = []
        for h in hexes:
            x0, y0, x1, y1 = hex_box(layout, h)
            if (
                x1 >= wx - reach
                and x0 <= wx + ww + reach
                and y1 >= wy - reach
                and y0 <= wy + wh + reach
            ):
                shown.append(h)
        return shown

    def ops(self, window: Box | None = None) -> list[Op]:
        """The map's drawing, limited to hexes that reach into ``window`` (map coordinates)."""
        style, layout = self.style, self.frame.layout
        cells = self._visible(self.board.cells, window)
        shown = cells + self._visible(self.frame.partial, window)
        if not shown:
            return []
        base = self.board.terrain_types[self.board.default_terrain].fill
        board: list[Op] = [
            _loops_path(layout, outline_loops(shown, self.board.orientation), Paint(base))
        ]
        board += [Use(self.cell_uses[h], *layout.centre(h)) for h in shown if h in self.cell_uses]
        board += [Use(self.zone_uses[h], *layout.centre(h)) for h in cells if h in self.zone_uses]
        board += self._edge_ops(shown)
        ops: list[Op] = []
        if self.frame.partial:
            ops.append(Group(tuple(board), clip=self.frame.rect))
            border = Paint(None, style.line_color, style.line_width * 2)
            ops.append(Rect(*self.frame.rect, border))
        else:
            ops += board
        ops += self._label_ops(cells)
        visible = set(cells)
        ops += [Use(name, *layout.centre(h)) for h, name in self.marker_uses if h in visible]
        return ops

    def _edge_ops(self, shown: list[Hex]) -> list[Op]:
        """Each edge once, grouped by the offset row of the hex that owns it. Rows of a
        regular board are translates of one another, so each distinct row shape becomes one
        symbol placed once per row: a 100-row map stores a handful of row paths."""
        orientation = self.board.orientation
        rows: dict[int, list[tuple[CornerKey, CornerKey]]] = {}
        for owner, a, b in unique_edges(shown, orientation):
            rows.setdefault(self.row_of[owner], []).append((a, b))
        ops: list[Op] = []
        for row in sorted(rows):
            lines = chain_edges(rows[row])
            ox, oy = min(key for line in lines for key in line)
            shape = tuple(tuple((x - ox, y - oy) for x, y in line) for line in lines)
            ops.append(Use(self._edge_symbol(shape), *key_point(self.frame.layout, (ox, oy))))
        return ops

    def _edge_symbol(self, shape: tuple[tuple[CornerKey, ...], ...]) -> str:
        name = self.edge_shapes.get(shape)
        if name is None:
            name = f"hexedges.{len(self.edge_shapes) + 1}"
            self.edge_shapes[shape] = name
            unit = HexLayout(self.board.orientation, self.frame.layout.radius)
            path = _lines_path(unit, [list(line) for line in shape], self.edge_paint)
            points = [p for c in path.commands if c[0] != "Z" for p in [c[1:3]]]
            reach = self.style.line_width
            box = (
                min(x for x, _ in points) - reach,
                min(y for _, y in points) - reach,
                max(x for x, _ in points) + reach,
                max(y for _, y in points) + reach,
            )
            self.symbols[name] = Symbol(name, (path,), box)
        return name

    def _label_ops(self, cells: list[Hex]) -> list[Op]:
        labels = self.style.labels
        if labels.position == "none" or self.baseline is None or not self.labels:
            return []
        ops: list[Op] = []
        for h in cells:
            text = self.labels[h]
            cx, cy = self.frame.layout.centre(h)
            width = text_width(text, self.label_font, labels.size)
            ops.append(
                Text(
                    cx - width / 2,
                    cy + self.baseline,
                    text,
                    self.label_font,
                    labels.size,
                    labels.color,
                )
            )
        return ops


def _loops_path(layout: HexLayout, loops: list[list[tuple[int, int]]], paint: Paint) -> Path:
    commands: list[tuple] = []
    for loop in loops:
        points = [key_point(layout, k) for k in loop]
        commands.append(("M", *points[0]))
        commands += [("L", *p) for p in points[1:]]
        commands.append(("Z",))
    return Path(tuple(commands), paint)


def _lines_path(layout: HexLayout, lines: list[list[tuple[int, int]]], paint: Paint) -> Path:
    commands: list[tuple] = []
    for line in lines:
        points = [key_point(layout, k) for k in line]
        commands.append(("M", *points[0]))
        if line[0] == line[-1]:
            commands += [("L", *p) for p in points[1:-1]]
            commands.append(("Z",))
        else:
            commands += [("L", *p) for p in points[1:]]
    return Path(tuple(commands), paint)
