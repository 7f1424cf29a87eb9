"""Draw a hex board: fills, shared edges, labels, zones and markers, in map coordinates.

What keeps a 10,000-hex map fast and small:
* the common terrain is one filled outline of the whole board, not 10,000 hexagons;
* any other terrain or zone is a symbol defined once and placed per hex (a Form XObject in
  PDF, ``<use>`` in SVG);
* every edge is stroked once, chained into long polylines (a doubled edge also prints darker);
* a tile of a big map draws only the hexes that reach into its window.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import pairwise

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import (
    Group,
    Line,
    Op,
    Paint,
    Path,
    Rect,
    Symbol,
    Text,
    Use,
    rotate_about,
)
from printkit.draw.pattern_ink import pattern_ink
from printkit.geometry.hexgrid import (
    Hex,
    HexLayout,
    hex_to_offset,
    neighbours,
    spiral,
)
from printkit.geometry.hexpaths import (
    CornerKey,
    centre_key,
    chain_edges,
    key_point,
    outline_loops,
    unique_edges,
)
from printkit.geometry.polygon import Point, boxes_overlap, chord_width, segment_meets_box
from printkit.materials.hexmap.board import Board, PlacedMarker, PlacedName, PlacedNote
from printkit.materials.hexmap.style import Style
from printkit.materials.hexmap.symbols import (
    cell_symbol,
    hex_box,
    hexagon,
    line_paint,
    marker_symbol,
    shared_corners,
    symbol_key,
)
from printkit.materials.shapes import arrow, line_through
from printkit.model.units import mm

Box = tuple[float, float, float, float]  # x, y, w, h
Corners = tuple[float, float, float, float]  # x0, y0, x1, y1
LABEL_PAD = mm(1.2)
NOTE_BAND = mm(9)  # room along an edge with notes, for their arrows and text
NOTE_SIZE = 7.0
NOTE_GAP = mm(2.5)  # between a note's arrow and its text
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


_LINES = (0, 1, -1, 2, -2)  # a name's moves up and down, in lines
_HALF_LINES = (0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2)  # and in half lines, to clear a hex side


@dataclass(frozen=True)
class MapFrame:
    """Where the board sits: its layout, outer size, and the rectangle edge half-hexes fill."""

    layout: HexLayout
    width: float
    height: float
    rect: Box
    partial: tuple[Hex, ...]


@dataclass(frozen=True)
class Pads:
    """The room round a board's hexes on each side, inside the map's art."""

    left: float
    top: float
    right: float
    bottom: float


def board_pads(board: Board, line_width: float) -> Pads:
    """Room for the border's stroke on every side, and the note band only along the edges
    that have notes: a band on a side with none would only push the map onto more pages."""
    edges = {note.spec.edge for note in board.notes}

    def pad(edge: str) -> float:
        return max(line_width * 2, NOTE_BAND if edge in edges else 0.0)

    return Pads(pad("left"), pad("top"), pad("right"), pad("bottom"))


def frame_board(board: Board, pads: Pads, half_hexes: bool) -> MapFrame:
    """Lay the board out with its bounding box starting at (pads.left, pads.top)."""
    probe = HexLayout.from_across_flats(board.orientation, board.across_flats)
    boxes = [hex_box(probe, h) for h in board.cells]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    layout = HexLayout.from_across_flats(
        board.orientation, board.across_flats, (pads.left - x0, pads.top - y0)
    )
    rect = (pads.left, pads.top, x1 - x0, y1 - y0)
    partial = _partial_hexes(board, layout, rect) if half_hexes else ()
    width = x1 - x0 + pads.left + pads.right
    return MapFrame(layout, width, y1 - y0 + pads.top + pads.bottom, rect, partial)


def _partial_hexes(board: Board, layout: HexLayout, rect: Box) -> tuple[Hex, ...]:
    """Off-board hexes cut by the board rectangle and touching the board: the half hexes
    that square off its edges (on an irregular board, only those beside its hexes)."""
    cells = set(board.cells)
    # only a hex beside the board's may be one: its neighbours, not the rectangle round them
    # (two hexes 5,000 columns apart made 25 million candidates)
    beside = {n for h in cells for n in neighbours(h)} - cells
    rx, ry, rw, rh = rect
    eps = 1e-6
    found = []
    for h in beside:
        x0, y0, x1, y1 = hex_box(layout, h)
        overlaps = x0 < rx + rw - eps and x1 > rx + eps and y0 < ry + rh - eps and y1 > ry + eps
        inside = x0 >= rx - eps and x1 <= rx + rw + eps and y0 >= ry - eps and y1 <= ry + rh + eps
        if overlaps and not inside:
            found.append(h)
    return tuple(sorted(found))


class _HexIndex:
    """Hexes sorted by the left edge of their box, so a tile finds the hexes reaching into
    its window by bisection instead of testing every hex of a big map on every page."""

    def __init__(self, layout: HexLayout, hexes: tuple[Hex, ...]) -> None:
        self.hexes = hexes
        self.width = layout.width
        boxes = sorted((hex_box(layout, h), h) for h in hexes)
        self.lefts = [box[0] for box, _ in boxes]
        self.boxes = boxes

    def within(self, x0: float, y0: float, x1: float, y1: float) -> list[Hex]:
        """Hexes whose box meets the rectangle, in hex order (stable output)."""
        first = bisect_left(self.lefts, x0 - self.width)
        last = bisect_right(self.lefts, x1)
        found = [
            h
            for (_, by0, bx1, by1), h in self.boxes[first:last]
            if bx1 >= x0 and by1 >= y0 and by0 <= y1
        ]
        return sorted(found)


SHOWN = mm(1)  # how far into a tile a hex reaches before the tile's legend names its kind


class MapArt:
    """A board ready to draw; ``ops(window)`` gives only what reaches into the window."""

    def __init__(self, board: Board, style: Style, labels: dict[Hex, str]) -> None:
        self.board = board
        self.style = style
        self.labels = labels
        self.frame = frame_board(board, board_pads(board, style.line_width), style.half_hexes)
        self.width, self.height = self.frame.width, self.frame.height
        self.symbols: dict[str, Symbol] = {}
        self.label_font = font_name("regular")
        self.widest = max(
            (text_width(t, self.label_font, style.labels.size) for t in labels.values()),
            default=0.0,
        )
        self.baseline = label_baseline(
            self.frame.layout, style.labels.position, self.widest, style.labels.size
        )
        self.cell_uses = self._terrain_symbols()
        self.zone_uses = self._zone_symbols()
        self.marker_uses = self._marker_symbols()
        self.name_places = [self._place(name) for name in board.names]
        self.note_starts = [self._note_start(note) for note in board.notes]
        self._indexes: dict[bool, _HexIndex] = {}
        self._unit = HexLayout(board.orientation, self.frame.layout.radius)
        self.fill_shapes: dict[tuple[tuple[int, int], ...], str] = {}
        self.edge_shapes: dict[tuple, tuple[str, CornerKey]] = {}
        self.edge_paint = Paint(None, style.line_color, style.line_width)
        self.row_of = {
            (h.q, h.r): hex_to_offset(h, board.offset)[1]
            for h in (*board.cells, *self.frame.partial)
        }

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
                colour = pattern_ink(spec.fill, spec.pattern_color)
                ground = spec.fill if fill else board.terrain_types[board.default_terrain].fill
                self.symbols[symbol] = cell_symbol(
                    symbol,
                    self.frame.layout,
                    fill,
                    spec.pattern,
                    colour,
                    None,
                    self._label_box(),
                    ground,
                )
            uses[h] = symbol
        return uses

    def _label_box(self) -> tuple[float, float, float, float] | None:
        """The box behind the widest label, where patterns stop (None without labels)."""
        if self.baseline is None or not self.labels or self.style.labels.position == "none":
            return None
        size = self.style.labels.size
        pad = size * 0.15
        top = self.baseline - CAP_HEIGHT * size - pad
        height = (CAP_HEIGHT + DESCENT) * size + 2 * pad
        return (-self.widest / 2 - pad, top, self.widest + 2 * pad, height)

    def _zone_symbols(self) -> dict[Hex, str]:
        """One symbol per zone, or per zone and terrain when the zone keeps the terrain's
        colour, so the ground behind its letter and the labels matches the hex."""
        board = self.board
        layout = self.frame.layout
        uses: dict[Hex, str] = {}
        for h, name in board.zones.items():
            zone = board.zone_types[name]
            ground = self._ground(h)
            symbol = f"hexzone.{symbol_key(name)}"
            if zone.fill is None:
                symbol += f".{symbol_key(board.terrain[h])}"
            if symbol not in self.symbols:
                letter = None
                if zone.letter:
                    size = letter_size(board.across_flats)
                    width = text_width(zone.letter, font_name("bold"), size)
                    where = "top" if self.style.labels.position == "bottom" else "bottom"
                    baseline = label_baseline(layout, where, width, size)
                    letter = (zone.letter, baseline if baseline is not None else size / 3, size)
                colour = pattern_ink(ground, zone.pattern_color)
                self.symbols[symbol] = cell_symbol(
                    symbol,
                    layout,
                    zone.fill,
                    zone.pattern,
                    colour,
                    letter,
                    self._label_box(),
                    ground,
                )
            uses[h] = symbol
        return uses

    def _place(self, name: PlacedName) -> tuple[float, float, str | None]:
        """Where the name's baseline starts: at its hex and offset, or moved down or up by a
        line at a time (up to two), then aside by thirds of a hex (up to four), until it
        touches nothing printed near it (hex labels, zone letters, markers, hexside lines such
        as rivers, roads and other paths), within the map. A place that also keeps the text
        off the level sides of the hexes (a flat-topped grid's, which would run along its
        letters), moving by half lines, is taken first. The third value names what it still
        touches where no place is clear (it then stays where asked), None when it is clear."""
        spec = name.spec
        cx, cy = self.frame.layout.centre(name.hex)
        x = cx + spec.dx - self._name_width(name) / 2
        y = cy + spec.dy + spec.size * 0.35  # capitals centred on the anchor by eye
        boxes = self._printed_boxes(name.hex)
        routes = self._routes_near(name.hex)
        third = self.frame.layout.radius / 3
        first: str | None = None
        sides = self._level_sides_near(name.hex)
        for lines, steps in ((routes + sides, _HALF_LINES), (routes, _LINES)):
            first = None  # what is in the way, as the last pass (without the sides) finds it
            for shift in (0.0, *(sign * k * third for k in (1, 2, 3, 4) for sign in (1, -1))):
                for step in steps:
                    left, baseline = x + shift, y + step * spec.size * 1.1
                    box = self._name_box(name, left, baseline)
                    if not self._inside(box):
                        continue
                    blocked = next((what for what, b in boxes if boxes_overlap(box, b)), None)
                    blocked = blocked or next(
                        (
                            what
                            for what, points, half in lines
                            if any(segment_meets_box(a, b, box, half) for a, b in pairwise(points))
                        ),
                        None,
                    )
                    if blocked is None:
                        return left, baseline, None
                    first = first or blocked
        return x, y, first or "the map's edge"

    def _level_sides_near(self, near: Hex) -> list[tuple[str, list[Point], float]]:
        """The level sides of the hexes within two of `near` (a flat-topped grid's tops and
        bottoms; a pointy-topped grid has none), as lines a name would rather not sit on."""
        layout = self.frame.layout
        half = self.style.line_width / 2
        found = []
        for h in spiral(near, 2):
            corners = layout.corners(h)
            for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
                if abs(a[1] - b[1]) < 1e-6:
                    found.append(("a hex side", [a, b], half))
        return found

    def _printed_boxes(self, near: Hex) -> list[tuple[str, Corners]]:
        """What is printed within two hexes of `near` that a name must not cover, with what
        it is called in a finding: hex labels, zone letters, markers."""
        found: list[tuple[str, Corners]] = [("a hex label", b) for b in self._label_boxes(near)]
        layout = self.frame.layout
        nearby = set(spiral(near, 2))
        size = letter_size(self.board.across_flats)
        where = "top" if self.style.labels.position == "bottom" else "bottom"
        for h in nearby & self.board.zones.keys():
            letter = self.board.zone_types[self.board.zones[h]].letter
            if not letter:
                continue
            width = text_width(letter, font_name("bold"), size)
            baseline = label_baseline(layout, where, width, size)
            cx, cy = layout.centre(h)
            base = cy + (baseline if baseline is not None else size / 3)
            box = (cx - width / 2, base - size * 0.8, cx + width / 2, base + size * 0.25)
            found.append(("a zone letter", box))
        for marker in self.board.markers:
            if marker.hex in nearby:
                cx, cy = layout.centre(marker.hex)
                half = marker.spec.size_on(self.board.across_flats) / 2
                mx, my = cx + marker.dx, cy + marker.dy
                found.append(("a marker", (mx - half, my - half, mx + half, my + half)))
        return found

    def _routes_near(self, near: Hex) -> list[tuple[str, list[Point], float]]:
        """The lines drawn near `near` (hexsides such as a river, and paths such as roads
        through hexes within two of it): what each is called, its points, and how far a name
        keeps from it (half its width, and a millimetre more for the bend a smooth path makes
        between the hex centres it joins)."""
        nearby = set(spiral(near, 2))
        layout = self.frame.layout
        found = []
        for side in self.board.sides:
            if nearby.isdisjoint(side.between):
                continue
            width = self.board.side_types[side.type].width
            found.append(
                (f"the {side.type}", list(shared_corners(layout, *side.between)), width / 2)
            )
        for route in self.board.paths:
            if nearby.isdisjoint(route.hexes):
                continue
            kind = self.board.path_types[route.type]
            keep = kind.width / 2 + (mm(1) if kind.smooth else 0.0)
            found.append((f"the {route.type}", [layout.centre(h) for h in route.hexes], keep))
        return found

    def _name_width(self, name: PlacedName) -> float:
        spec = name.spec
        return text_width(spec.text, font_name("bold" if spec.bold else "regular"), spec.size)

    def _name_box(self, name: PlacedName, x: float, baseline: float) -> Corners:
        size = name.spec.size
        return (x, baseline - size * 0.8, x + self._name_width(name), baseline + size * 0.25)

    def _inside(self, box: Corners) -> bool:
        return box[0] >= 0 and box[1] >= 0 and box[2] <= self.width and box[3] <= self.height

    def name_inside(self, place: tuple[float, float, bool], name: PlacedName) -> bool:
        """Whether a placed name lies within the map's art (its hexes and bands)."""
        return self._inside(self._name_box(name, place[0], place[1]))

    def _note_start(self, note: PlacedNote) -> float | None:
        """Where a note's text starts, measured along its edge from the arrow the way it reads:
        just past the arrow, or where the edge ends first that way, ending just before it; None
        when the edge is too short on both sides."""
        x0, y0, w, h = self.frame.rect
        cx, cy = self.frame.layout.centre(note.hex)
        length = text_width(note.spec.text, font_name("regular"), NOTE_SIZE)
        low, high = {  # the edge's ends, from the arrow, the way the text reads
            "top": (x0 - cx, x0 + w - cx),
            "bottom": (x0 - cx, x0 + w - cx),
            "left": (cy - y0 - h, cy - y0),  # read upward
            "right": (y0 - cy, y0 + h - cy),  # read downward
        }[note.spec.edge]
        if NOTE_GAP + length <= high:
            return NOTE_GAP
        if -NOTE_GAP - length >= low:
            return -NOTE_GAP - length
        return None

    def _label_boxes(self, near: Hex) -> list[tuple[float, float, float, float]]:
        """The boxes of the hex labels printed within two hexes of `near`."""
        labels = self.style.labels
        if labels.position == "none" or self.baseline is None or not self.labels:
            return []
        boxes = []
        for h in spiral(near, 2):
            if h not in self.labels:
                continue
            cx, cy = self.frame.layout.centre(h)
            width = text_width(self.labels[h], self.label_font, labels.size)
            baseline = cy + self.baseline
            boxes.append(
                (
                    cx - width / 2,
                    baseline - labels.size * 0.8,
                    cx + width / 2,
                    baseline + labels.size * 0.25,
                )
            )
        return boxes

    def _name_ops(self, visible: set[Hex]) -> list[Op]:
        """Each name, on a plate of the ground under it where it still lies on a level hex side
        (no place clear of the sides was found): the side would run along its letters."""
        ops: list[Op] = []
        for name, (x, y, _) in zip(self.board.names, self.name_places, strict=True):
            if name.hex in visible:
                spec = name.spec
                plate = self._plate(name, self._name_box(name, x, y))
                if plate is not None:
                    ops.append(plate)
                font = font_name("bold" if spec.bold else "regular")
                ops.append(Text(x, y, spec.text, font, spec.size, spec.color))
        return ops

    def _plate(self, name: PlacedName, box: Corners) -> Rect | None:
        """A rectangle of the ground under the name's middle, a little larger than its letters,
        where a level hex side crosses them; None where none does."""
        sides = self._level_sides_near(name.hex)
        if not any(segment_meets_box(a, b, box, half) for _, (a, b), half in sides):
            return None
        x0, y0, x1, y1 = box
        ground = self._ground(self.frame.layout.hex_at((x0 + x1) / 2, (y0 + y1) / 2))
        pad = mm(0.5)
        return Rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, Paint(ground))

    def _note_ops(self) -> list[Op]:
        """Each edge note: an arrow from the band into its hex's side of the map, and the text
        beside the arrow, along the edge (upright on the top and bottom, turned on the sides)."""
        x0, y0, w, h = self.frame.rect
        font = font_name("regular")
        ops: list[Op] = []
        for note, start in zip(self.board.notes, self.note_starts, strict=True):
            cx, cy = self.frame.layout.centre(note.hex)
            spec = note.spec
            tip, tail, turn = {
                "top": ((cx, y0 - mm(0.8)), (cx, y0 - NOTE_BAND + mm(1.5)), 0.0),
                "bottom": ((cx, y0 + h + mm(0.8)), (cx, y0 + h + NOTE_BAND - mm(1.5)), 0.0),
                "left": ((x0 - mm(0.8), cy), (x0 - NOTE_BAND + mm(1.5), cy), -90.0),
                "right": ((x0 + w + mm(0.8), cy), (x0 + w + NOTE_BAND - mm(1.5), cy), 90.0),
            }[spec.edge]
            ops += arrow(tail, tip, spec.color, 1.0, mm(1.8))
            # the text reads along the edge, beside the arrow
            mid = ((tip[0] + tail[0]) / 2, (tip[1] + tail[1]) / 2)
            text = Text(start or 0.0, NOTE_SIZE * 0.35, spec.text, font, NOTE_SIZE, spec.color)
            ops.append(Group((text,), rotate_about(turn, 0.0, 0.0)[:4] + mid))
        return ops

    def _line_features(self, visible: set[Hex]) -> list[Op]:
        """Hexside features along the shared sides, then paths through the hex centres (a
        road crosses a river over it)."""
        layout = self.frame.layout
        ops: list[Op] = []
        for side in self.board.sides:
            if visible.isdisjoint(side.between):
                continue
            a, b = side.between
            ends = shared_corners(layout, a, b)
            ops.append(Line(*ends[0], *ends[1], line_paint(self.board.side_types[side.type])))
        for route in self.board.paths:
            if visible.isdisjoint(route.hexes):
                continue
            kind = self.board.path_types[route.type]
            commands = line_through([layout.centre(h) for h in route.hexes], kind.smooth)
            ops.append(Path(commands, line_paint(kind)))
        return ops

    def _marker_symbols(self) -> list[tuple[PlacedMarker, str]]:
        uses: list[tuple[PlacedMarker, str]] = []
        styles: dict[tuple, str] = {}
        for placed in self.board.markers:
            spec = placed.spec
            key = (spec.label, spec.fill, spec.shape, spec.size, spec.text_color)
            if key not in styles:
                styles[key] = f"marker.{len(styles) + 1}.{symbol_key(spec.label)}"
                self.symbols[styles[key]] = marker_symbol(
                    styles[key], spec, self.board.across_flats
                )
            uses.append((placed, styles[key]))
        return uses

    def visible(self, partial: bool, window: Box | None) -> list[Hex]:
        """Board hexes (or edge half hexes) that reach into the window; all for None."""
        hexes = self.frame.partial if partial else self.board.cells
        if window is None:
            return list(hexes)
        if partial not in self._indexes:  # built on first use: a single page never needs it
            self._indexes[partial] = _HexIndex(self.frame.layout, hexes)
        index = self._indexes[partial]
        wx, wy, ww, wh = window
        reach = self.style.line_width
        return index.within(wx - reach, wy - reach, wx + ww + reach, wy + wh + reach)

    def showing(self, window: Box) -> list[Hex]:
        """Board hexes that show in the window, more than a sliver (SHOWN) of each: what a
        tile's legend names, not a hex whose edge only meets the tile's cut."""
        wx, wy, ww, wh = window
        inset = SHOWN + self.style.line_width  # `visible` grows the window by the line again
        width, height = max(0.0, ww - 2 * inset), max(0.0, wh - 2 * inset)
        return self.visible(False, (wx + inset, wy + inset, width, height))

    def ops(self, window: Box | None = None) -> list[Op]:
        """The map's drawing, limited to hexes that reach into ``window`` (map coordinates)."""
        style, layout = self.style, self.frame.layout
        cells = self.visible(False, window)
        shown = cells + self.visible(True, window)
        if not shown:
            return []
        fills, edges = self._row_ops(shown)
        board: list[Op] = fills
        board += [Use(self.cell_uses[h], *layout.centre(h)) for h in shown if h in self.cell_uses]
        board += [Use(self.zone_uses[h], *layout.centre(h)) for h in cells if h in self.zone_uses]
        board += edges
        board += self._line_features(set(shown))
        ops: list[Op] = []
        if self.frame.partial:
            ops.append(Group(tuple(board), clip=self.frame.rect))
            border = Paint(None, style.line_color, style.line_width * 2)
            ops.append(Rect(*self.frame.rect, border))
        else:
            ops += board
        ops += self._label_ops(cells)
        visible = set(cells)
        ops += self._name_ops(visible)
        ops += self._note_ops()
        for placed, name in self.marker_uses:
            if placed.hex in visible:
                x, y = layout.centre(placed.hex)
                ops.append(Use(name, x + placed.dx, y + placed.dy))
        return ops

    def _row_ops(self, shown: list[Hex]) -> tuple[list[Op], list[Op]]:
        """The base fill and the edges, both as one symbol placement per offset row.

        The rows of a regular board are translates of one another. A row's fill depends only
        on its own hexes, and which edges it owns (each edge is stroked once, by the smaller
        hex) only on it and the rows above and below; so each distinct row is worked out
        once, becomes a symbol, and is placed once per row. A 100-row map computes and
        stores a handful of row paths, not 10,000 hexagons and 30,000 edges.
        """
        orientation = self.board.orientation
        rows: dict[int, list[tuple[int, int]]] = {}
        for h in shown:
            rows.setdefault(self.row_of[(h.q, h.r)], []).append((h.q, h.r))
        for members in rows.values():
            members.sort()
        fills: list[Op] = []
        edges: list[Op] = []
        for row in sorted(rows):
            q0, r0 = rows[row][0]
            signature = tuple(
                tuple((q - q0, r - r0) for q, r in rows.get(k, ())) for k in (row - 1, row, row + 1)
            )
            origin = centre_key(Hex(q0, r0), orientation)
            fills.append(
                Use(self._fill_symbol(signature[1]), *key_point(self.frame.layout, origin))
            )
            name, (ox, oy) = self._edge_symbol(signature)
            place = key_point(self.frame.layout, (origin[0] + ox, origin[1] + oy))
            edges.append(Use(name, *place))
        return fills, edges

    def _fill_symbol(self, cells: tuple[tuple[int, int], ...]) -> str:
        """The outline of one row of hexes, filled with the base terrain colour."""
        name = self.fill_shapes.get(cells)
        if name is None:
            name = self.fill_shapes[cells] = f"hexfill.{len(self.fill_shapes) + 1}"
            loops = outline_loops([Hex(q, r) for q, r in cells], self.board.orientation)
            base = self.board.terrain_types[self.board.default_terrain].fill
            path = _loops_path(self._unit, loops, Paint(base))
            self.symbols[name] = Symbol(name, (path,), _bounds(path, 0.0))
        return name

    def _edge_symbol(
        self, signature: tuple[tuple[tuple[int, int], ...], ...]
    ) -> tuple[str, CornerKey]:
        """The edges a row owns, chained, and where the symbol's origin sits relative to the
        row's first hex (as a corner-lattice step)."""
        cached = self.edge_shapes.get(signature)
        if cached is None:
            above, middle, below = signature
            nearby = [Hex(q, r) for q, r in (*above, *middle, *below)]
            own = set(middle)
            edges = [
                (a, b)
                for owner, a, b in unique_edges(nearby, self.board.orientation)
                if owner in own
            ]
            lines = chain_edges(edges)
            ox, oy = min(key for line in lines for key in line)
            shape = [[(x - ox, y - oy) for x, y in line] for line in lines]
            name = f"hexedges.{len(self.edge_shapes) + 1}"
            path = _lines_path(self._unit, shape, self.edge_paint)
            self.symbols[name] = Symbol(name, (path,), _bounds(path, self.style.line_width))
            cached = self.edge_shapes[signature] = (name, (ox, oy))
        return cached

    def _ground(self, h: Hex) -> str:
        """The colour a hex shows behind its label: its zone's, or its terrain's."""
        board = self.board
        zone = board.zones.get(h)
        if zone is not None and board.zone_types[zone].fill:
            return board.zone_types[zone].fill
        return board.terrain_types[board.terrain.get(h, board.default_terrain)].fill

    def _label_ops(self, cells: list[Hex]) -> list[Op]:
        labels = self.style.labels
        if labels.position == "none" or self.baseline is None or not self.labels:
            return []
        ops: list[Op] = []
        # A road or track runs through the centres, so across the label at the top of a hex
        # it joins another above: it passes under the label, on the hex's own ground.
        on_paths = {h for route in self.board.paths for h in route.hexes}
        box = self._label_box()
        for h in cells:
            text = self.labels[h]
            cx, cy = self.frame.layout.centre(h)
            width = text_width(text, self.label_font, labels.size)
            if h in on_paths and box is not None:
                x, y, w, height = box
                ops.append(Rect(cx + x, cy + y, w, height, Paint(self._ground(h))))
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


def _bounds(path: Path, reach: float) -> tuple[float, float, float, float]:
    """Bounding box of a path's points, grown by ``reach`` (half a stroke and more)."""
    xs = [c[1] for c in path.commands if c[0] != "Z"]
    ys = [c[2] for c in path.commands if c[0] != "Z"]
    return min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach


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
