"""Build a hex board from a map material: which hexes exist, and what is on each.

Everything a designer can get wrong by name or number is found here, where the YAML path of
each reference is known: unknown terrain or zone names, hexes listed twice, hexes or columns
off the board, copies of a map that does not exist. Each problem becomes a diagnostic and
building goes on, so one run reports them all; the board is refused (None) at the end.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import pairwise

from printkit.diagnostics import (
    BAD_VALUE,
    CODES,
    DUPLICATE_HEX,
    HEX_OFF_BOARD,
    HEXES_NOT_ADJACENT,
    MARKERS_CROWDED,
    MISSING_FIELD,
    NOT_ON_EDGE,
    UNKNOWN_REFERENCE,
    Diagnostics,
    Severity,
    did_you_mean,
)
from printkit.geometry.hexgrid import (
    Hex,
    OffsetLayout,
    Orientation,
    distance,
    hex_to_offset,
    neighbours,
    offset_to_hex,
    spiral,
)
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import SourceMap
from printkit.model.hexlabels import LabelFormat, LabelFormatError, parse_format, split_digits
from printkit.model.hexmap import (
    BOARD_KEYS,
    DEFAULT_LABEL_FORMAT,
    MAX_LINE,
    EdgeNote,
    HexCoord,
    HexMapMaterial,
    HexRef,
    LineType,
    Marker,
    PathType,
    PlaceName,
    Selection,
    TerrainType,
    ZoneType,
)
from printkit.model.limits import MAX_HEXES, MAX_SELECTED
from printkit.model.package import Package
from printkit.model.units import mm, to_mm

PathKey = tuple[str | int, ...]
PLAIN = "plain"  # the terrain of a map that declares none
_RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class PlacedMarker:
    hex: Hex
    spec: Marker
    dx: float = 0.0  # from the hex centre, when several markers share the hex
    dy: float = 0.0


@dataclass(frozen=True)
class PlacedSide:
    """A hexside feature between two neighbouring hexes: what the engines will ask about."""

    type: str
    between: tuple[Hex, Hex]


@dataclass(frozen=True)
class PlacedName:
    hex: Hex
    spec: PlaceName
    index: int  # in the map's 'names', for diagnostics


@dataclass(frozen=True)
class PlacedNote:
    hex: Hex
    spec: EdgeNote
    index: int  # in the map's 'edge_notes', for diagnostics


@dataclass(frozen=True)
class PlacedPath:
    type: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class Board:
    """A resolved board in axial coordinates; offsets are only used for labels."""

    orientation: Orientation
    offset: OffsetLayout
    across_flats: float
    cells: tuple[Hex, ...]
    terrain: dict[Hex, str]
    zones: dict[Hex, str]
    markers: tuple[PlacedMarker, ...]
    terrain_types: dict[str, TerrainType]
    zone_types: dict[str, ZoneType]
    default_terrain: str
    span: tuple[int, int] = (0, 0)  # columns × rows that one copy of this board occupies
    sides: tuple[PlacedSide, ...] = ()
    paths: tuple[PlacedPath, ...] = ()
    names: tuple[PlacedName, ...] = ()
    notes: tuple[PlacedNote, ...] = ()
    side_types: dict[str, LineType] = field(default_factory=dict)
    path_types: dict[str, PathType] = field(default_factory=dict)

    def side_between(self, a: Hex, b: Hex) -> list[str]:
        """The kinds of feature on the side hexes `a` and `b` share (for the engines)."""
        return [s.type for s in self.sides if set(s.between) == {a, b}]

    def offset_of(self, h: Hex) -> tuple[int, int]:
        """Printed (col, row), counted from 1."""
        col, row = hex_to_offset(h, self.offset)
        return col + 1, row + 1


def offset_layout(orientation: str, parity: str) -> OffsetLayout:
    """'flat' + 'odd' → odd-q: columns shove for flat tops, rows for pointy tops."""
    axis = "q" if orientation == "flat" else "r"
    return OffsetLayout(f"{parity}-{axis}")


@dataclass
class _Builder:
    package: Package
    spans: SourceMap
    diagnostics: Diagnostics
    stack: tuple[str, ...] = ()
    errors: int = field(default=0)

    def report(self, code: str, message: str, path: PathKey, hint: str | None = None) -> None:
        self.diagnostics.add(code, message, self.spans.value(path), hint=hint)
        if CODES[code].severity == Severity.ERROR:
            self.errors += 1


def build_board(loaded: LoadedPackage, material_id: str, diagnostics: Diagnostics) -> Board | None:
    """The board of a map material, or None when its data has errors (all reported)."""
    return _build(_Builder(loaded.package, loaded.spans, diagnostics), material_id)


def board_of(package: Package, material_id: str) -> Board | None:
    """The board of a map material of an already validated package, as an engine sets up from
    it (the validator reported the material's problems; None when it has any)."""
    return _build(_Builder(package, SourceMap(), Diagnostics()), material_id)


def _build(builder: _Builder, material_id: str) -> Board | None:
    material = builder.package.materials[material_id]
    assert isinstance(material, HexMapMaterial)
    base: PathKey = ("materials", material_id)
    if material.copies is not None:
        return _build_copies(builder, material_id, material, base)
    errors_before = builder.errors
    board = _build_own(builder, material, base)
    return board if board is not None and builder.errors == errors_before else None


def _build_own(builder: _Builder, material: HexMapMaterial, base: PathKey) -> Board | None:
    if material.hex_size is None:
        builder.report(
            MISSING_FIELD,
            "a hex map needs 'hex_size' (across flats)",
            base,
            hint="add e.g. 'hex_size: 25mm', or 'copies: {of: <map>}' to repeat another map",
        )
        return None
    offset = offset_layout(material.orientation, material.offset)
    fmt = _format_or_none(material)
    resolver = _Resolver(builder, base, offset, fmt)
    errors_before = builder.errors
    cells = resolver.board_cells(material)
    if not cells:
        if cells is not None and builder.errors == errors_before:
            builder.report(
                BAD_VALUE,
                "the board has no hexes",
                (*base, "hexes"),
                hint="list the board's hexes, e.g. ['0101', '0201'], or give columns and rows",
            )
        return None
    resolver.cells = set(cells)
    types = dict(material.terrain) or {PLAIN: TerrainType()}
    default = material.default_terrain or next(iter(types))
    if default not in types:
        builder.report(
            UNKNOWN_REFERENCE,
            f"unknown terrain '{default}'",
            (*base, "default_terrain"),
            hint=did_you_mean(default, types),
        )
    terrain = dict.fromkeys(cells, default)
    zones: dict[Hex, str] = {}
    for index, region in enumerate(material.regions):
        path = (*base, "regions", index)
        target = _region_target(builder, region.terrain, region.zone, types, material, path)
        selected = resolver.select(region, path)  # its hexes' faults too, whatever it paints
        if target is None:
            continue
        kind, name = target
        for h in selected:
            (terrain if kind == "terrain" else zones)[h] = name
    markers = []
    for index, marker in enumerate(material.markers):
        h = resolver.hex(marker.hex, (*base, "markers", index, "hex"))
        if h is not None:
            markers.append((index, PlacedMarker(h, marker)))
    markers = _arranged(builder, markers, material, base)
    names = []
    for index, name in enumerate(material.names):
        h = resolver.hex(name.hex, (*base, "names", index, "hex"))
        if h is not None:
            names.append(PlacedName(h, name, index))
    notes = _edge_notes(builder, resolver, material, base, cells, offset)
    sides = _sides(builder, resolver, material, base)
    paths = _paths(builder, resolver, material, base)
    return Board(
        orientation=Orientation(material.orientation),
        offset=offset,
        across_flats=material.hex_size,
        cells=tuple(sorted(cells)),
        terrain=terrain,
        zones=zones,
        markers=tuple(markers),
        terrain_types=types,
        zone_types=dict(material.zones),
        default_terrain=default,
        span=resolver.span(cells),
        sides=tuple(sides),
        paths=tuple(paths),
        names=tuple(names),
        notes=tuple(notes),
        side_types=dict(material.hexside_types),
        path_types=dict(material.path_types),
    )


def _format_or_none(material: HexMapMaterial) -> LabelFormat | None:
    """The map's label format for reading hex names; its errors are reported with labels."""
    try:
        return parse_format(material.labels.format if material.labels else DEFAULT_LABEL_FORMAT)
    except LabelFormatError:
        return None


def _region_target(
    builder: _Builder,
    terrain: str | None,
    zone: str | None,
    types: dict[str, TerrainType],
    material: HexMapMaterial,
    path: PathKey,
) -> tuple[str, str] | None:
    if (terrain is None) == (zone is None):
        builder.report(
            BAD_VALUE,
            "a region paints either a terrain or a zone",
            path,
            hint="give exactly one of 'terrain:' and 'zone:'",
        )
        return None
    kind, name = ("terrain", terrain) if terrain is not None else ("zone", zone)
    assert name is not None
    known: dict[str, object] = dict(types) if kind == "terrain" else dict(material.zones)
    if name not in known:
        builder.report(
            UNKNOWN_REFERENCE,
            f"unknown {kind} '{name}'",
            (*path, kind),
            hint=did_you_mean(name, known),
        )
        return None
    return kind, name


@dataclass
class _Resolver:
    """Turns hex references of one map into hexes, reporting bad or off-board ones."""

    builder: _Builder
    base: PathKey
    offset: OffsetLayout
    fmt: LabelFormat | None
    cells: set[Hex] = field(default_factory=set)
    columns: int | None = None
    rows: int | None = None
    by_line: dict[int, dict[int, list[Hex]]] = field(default_factory=dict)
    selected: int = 0  # hexes the map's selections have named so far, repeats included

    def to_hex(self, col: int, row: int) -> Hex:
        return offset_to_hex(col - 1, row - 1, self.offset)

    def coords(self, ref: HexRef, path: PathKey) -> list[tuple[int, int]] | None:
        """(col, row) pairs named by a reference: one hex, or a rectangle 'a..b'."""
        if isinstance(ref, HexCoord):
            return [(ref.col, ref.row)]
        if ".." in ref:
            first, _, last = ref.partition("..")
            a, b = self._one(first.strip(), path), self._one(last.strip(), path)
            if a is None or b is None:
                return None
            cols = range(min(a[0], b[0]), max(a[0], b[0]) + 1)
            rows = range(min(a[1], b[1]), max(a[1], b[1]) + 1)
            if len(cols) * len(rows) > MAX_HEXES:
                self.builder.report(
                    BAD_VALUE,
                    f"'{ref}' names {len(cols) * len(rows):,} hexes, more than the "
                    f"{MAX_HEXES:,} of the largest board printkit draws",
                    path,
                    hint="check the two ends of the range",
                )
                return None
            return [(c, r) for c in cols for r in rows]
        one = self._one(ref, path)
        return None if one is None else [one]

    def _one(self, text: str, path: PathKey) -> tuple[int, int] | None:
        """A hex named as the map prints it or as column-then-row digits; where the two
        readings differ ('0302' under the format '{col}{row}' is column 30, row 2, or
        column 3, row 2), the one on the board: changing how labels print must not move
        the references."""
        readings = [
            found
            for found in ((self.fmt.parse(text) if self.fmt else None), split_digits(text))
            if found is not None
        ]
        if not readings:
            shown = f"'{self.fmt.source}' or " if self.fmt else ""
            self.builder.report(
                BAD_VALUE,
                f"'{text}' does not name a hex",
                path,
                hint=f"write a label as the map prints it ({shown}column then row digits, "
                "'0304'), or {col: 3, row: 4}",
            )
            return None
        on_board = [found for found in readings if self.to_hex(*found) in self.cells]
        return (on_board or readings)[0]

    def board_cells(self, material: HexMapMaterial) -> list[Hex] | None:
        rectangle = material.columns is not None or material.rows is not None
        if rectangle and material.hexes is not None:
            self.builder.report(
                BAD_VALUE,
                "a board is either columns × rows or a list of hexes, not both",
                (*self.base, "hexes"),
                hint="drop 'hexes:' for a rectangle, or 'columns:'/'rows:' for an irregular board",
            )
            return None
        if material.hexes is not None:
            return self._listed(material.hexes)
        if material.columns is None or material.rows is None:
            missing = "rows" if material.columns is not None else "columns"
            self.builder.report(
                MISSING_FIELD,
                f"a rectangular board needs '{missing}'",
                self.base,
                hint="give 'columns:' and 'rows:', or list the board's 'hexes:'",
            )
            return None
        if material.columns * material.rows > MAX_HEXES:
            self._too_many(f"{material.columns} × {material.rows}", (*self.base, "rows"))
            return None
        self.columns, self.rows = material.columns, material.rows
        cols, rows = range(1, material.columns + 1), range(1, material.rows + 1)
        return [self.to_hex(c, r) for c in cols for r in rows]

    def _listed(self, refs: list[HexRef]) -> list[Hex] | None:
        seen: dict[Hex, PathKey] = {}
        named = 0  # hexes the references name, repeats included: bounded as they are read
        for index, ref in enumerate(refs):
            path = (*self.base, "hexes", index)
            coords = self.coords(ref, path) or []
            named += len(coords)
            if named > MAX_HEXES:
                self._too_many(f"the list up to here names {named:,} hexes, which", path)
                return None
            again = []  # of this reference's hexes, those listed before: one diagnostic
            for col, row in coords:
                h = self.to_hex(col, row)
                if h in seen:
                    again.append((col, row, seen[h]))
                else:
                    seen[h] = path
            if again:
                col, row, before = again[0]
                more = f" (and {len(again) - 1:,} more of this range)" if len(again) > 1 else ""
                self.builder.report(
                    DUPLICATE_HEX,
                    f"hex {_name(col, row)} is on the board twice{more}",
                    path,
                    hint=f"it is already listed at line {self.builder.spans.value(before).line}; "
                    "remove one of them",
                )
        return list(seen)

    def _too_many(self, what: str, path: PathKey) -> None:
        self.builder.report(
            BAD_VALUE,
            f"{what} is more than the {MAX_HEXES:,} hexes of the largest board printkit draws",
            path,
            hint="a smaller map; a poster larger than 300 × 300 hexes is several maps",
        )

    def span(self, cells: list[Hex]) -> tuple[int, int]:
        """Columns × rows of the board's bounding offsets, the step between copies."""
        offsets = [hex_to_offset(h, self.offset) for h in cells]
        cols = [c for c, _ in offsets]
        rows = [r for _, r in offsets]
        return max(cols) - min(cols) + 1, max(rows) - min(rows) + 1

    def hex(self, ref: HexRef, path: PathKey) -> Hex | None:
        found = self.coords(ref, path)
        if found is None:
            return None
        if len(found) != 1:
            self.builder.report(
                BAD_VALUE,
                "one hex is needed here, not a range",
                path,
                hint="name one hex, e.g. '0304' (each marker, hexside end or path step is one)",
            )
            return None
        return self._on_board(*found[0], path, ref)

    def _on_board(self, col: int, row: int, path: PathKey, ref: HexRef | None = None) -> Hex | None:
        h = self.to_hex(col, row)
        if h in self.cells:
            return h
        self.builder.report(
            HEX_OFF_BOARD,
            f"hex {_name(col, row)}{self._read_as(ref, col, row)} is not on the board",
            path,
            hint=self._extent(),
        )
        return None

    def _read_as(self, ref: HexRef | None, col: int, row: int) -> str:
        """How a written label was read, where the label format read it otherwise than its
        digits would be: the designer sees why '0302' is column 30."""
        if not isinstance(ref, str) or self.fmt is None or split_digits(ref) in (None, (col, row)):
            return ""
        return f" ('{ref}' read with the label format '{self.fmt.source}')"

    def _extent(self) -> str:
        if self.columns is not None:
            return f"the board has columns 1–{self.columns} and rows 1–{self.rows}"
        return "the board is the list under 'hexes:'"

    def select(self, selection: Selection, path: PathKey) -> list[Hex]:
        """Every hex a selection names, in a stable order, each checked against the board.
        What a map's selections name is counted as they are read (MAX_SELECTED): 1,000
        ranges over a 300 × 300 board took 100 s."""
        chosen: dict[Hex, None] = {}
        for index, ref in enumerate(selection.hexes):
            where = (*path, "hexes", index)
            pairs = self.coords(ref, where) or []
            if not self._within_budget(len(pairs), where):
                return list(chosen)
            if len(pairs) == 1:
                h = self._on_board(*pairs[0], where, ref)
                if h is not None:
                    chosen[h] = None
                continue
            inside = [h for h in (self.to_hex(c, r) for c, r in pairs) if h in self.cells]
            chosen.update(dict.fromkeys(inside))
            self._check_range(ref, len(pairs) - len(inside), bool(inside), where)
        for axis in ("columns", "rows"):
            for index, value in enumerate(getattr(selection, axis)):
                line = self._line(axis, value, (*path, axis, index))
                if not self._within_budget(len(line), (*path, axis, index)):
                    return list(chosen)
                chosen.update(dict.fromkeys(line))
        for index, around in enumerate(selection.around):
            where = (*path, "around", index)
            centre = self.hex(around.hex, (*where, "hex"))
            if centre is not None:
                near = self._near(centre, around.radius)
                walked = min(1 + 3 * around.radius * (around.radius + 1), len(self.cells))
                if not self._within_budget(walked, where):  # what it cost, not what it found
                    return list(chosen)
                chosen.update(dict.fromkeys(near))
        return list(chosen)

    def _near(self, centre: Hex, radius: int) -> list[Hex]:
        """The board's hexes within `radius` of `centre`, in the board's order: walked out
        from the centre when that is fewer hexes than the board."""
        if 1 + 3 * radius * (radius + 1) < len(self.cells):
            return sorted(h for h in spiral(centre, radius) if h in self.cells)
        return [h for h in sorted(self.cells) if distance(h, centre) <= radius]

    def _within_budget(self, count: int, path: PathKey) -> bool:
        """Whether the map's selections, with `count` more hexes named at `path`, stay within
        MAX_SELECTED; reported once, where they pass it."""
        within = self.selected <= MAX_SELECTED
        self.selected += count
        if within and self.selected > MAX_SELECTED:
            self.builder.report(
                BAD_VALUE,
                f"the map's regions name more than {MAX_SELECTED:,} hexes, repeats included",
                path,
                hint="a region names each hex once: a range or a line covers many, 'around' "
                "a whole area; ten times the largest board is the bound",
            )
        return self.selected <= MAX_SELECTED

    def _check_range(self, ref: HexRef, outside: int, any_inside: bool, path: PathKey) -> None:
        """One report for a rectangle that leaves the board. On an irregular board a range
        may span its gaps, so only a range that misses the board entirely is reported."""
        rectangular = self.columns is not None
        if outside and (rectangular or not any_inside):
            self.builder.report(
                HEX_OFF_BOARD,
                f"{outside} hex(es) of range '{ref}' are not on the board",
                path,
                hint=self._extent(),
            )

    def _line(self, axis: str, value: int | str, path: PathKey) -> list[Hex]:
        numbers = _numbers(value)
        if numbers is None:
            self.builder.report(
                BAD_VALUE,
                f"'{value}' is not a {axis[:-1]} number or range",
                path,
                hint=f"write a number, or a range such as '1..3' (at most {MAX_LINE} long), "
                f"under '{axis}:'",
            )
            return []
        by_line = self._lines(0 if axis == "columns" else 1)
        missing = [number for number in numbers if number not in by_line]
        if missing:
            shown = ", ".join(str(n) for n in missing[:5]) + (" …" if len(missing) > 5 else "")
            plural = "s" if len(missing) > 1 else ""
            self.builder.report(
                HEX_OFF_BOARD,
                f"{axis[:-1]}{plural} {shown} of '{value}' not on the board",
                path,
                hint=self._extent(),
            )
        return [h for number in numbers for h in by_line.get(number, [])]

    def _lines(self, index: int) -> dict[int, list[Hex]]:
        """Hexes by column (index 0) or row (1) number, built once per board."""
        if index not in self.by_line:
            lines: dict[int, list[Hex]] = {}
            for h in sorted(self.cells):
                lines.setdefault(hex_to_offset(h, self.offset)[index] + 1, []).append(h)
            self.by_line[index] = lines
        return self.by_line[index]


def _numbers(value: int | str) -> list[int] | None:
    """The line numbers of '3' or '3..5'; None if it is neither, or longer than a board."""
    if isinstance(value, int):
        return [value]
    match = _RANGE.match(value)
    if match is None:
        return [int(value)] if value.strip().isdigit() else None
    low, high = sorted((int(match[1]), int(match[2])))
    return list(range(low, high + 1)) if high - low < MAX_LINE else None


def _name(col: int, row: int) -> str:
    return f"column {col} row {row}"


def _build_copies(
    builder: _Builder, material_id: str, material: HexMapMaterial, base: PathKey
) -> Board | None:
    copies = material.copies
    assert copies is not None
    for key in BOARD_KEYS:
        if key in material.model_fields_set:
            builder.report(
                BAD_VALUE,
                f"a map made of copies takes '{key}' from map '{copies.of}'",
                (*base, key),
                hint=f"remove '{key}:' here, or change it in '{copies.of}'",
            )
    maps = {
        name: spec
        for name, spec in builder.package.materials.items()
        if isinstance(spec, HexMapMaterial)
    }
    if copies.of not in builder.package.materials:
        builder.report(
            UNKNOWN_REFERENCE,
            f"copies of unknown map '{copies.of}'",
            (*base, "copies", "of"),
            hint=did_you_mean(copies.of, maps),
        )
        return None
    if copies.of not in maps:
        builder.report(
            UNKNOWN_REFERENCE,
            f"material '{copies.of}' is not a hex map",
            (*base, "copies", "of"),
            hint=did_you_mean(copies.of, maps),
        )
        return None
    if copies.of in (*builder.stack, material_id):
        builder.report(
            BAD_VALUE,
            f"map '{material_id}' is made of copies of itself",
            (*base, "copies", "of"),
            hint="copies must lead to a map with its own board",
        )
        return None
    # The source reports its own problems; forward each once, even if it is built too.
    found = Diagnostics()
    inner = _Builder(builder.package, builder.spans, found, (*builder.stack, material_id))
    source = _build(inner, copies.of)
    builder.diagnostics.extend(found)
    if source is None:
        return None
    if builder.errors:
        return None
    total = len(source.cells) * copies.across * copies.down
    if total > MAX_HEXES:
        builder.report(
            BAD_VALUE,
            f"{copies.across} × {copies.down} copies of '{copies.of}' make {total:,} hexes, "
            f"more than the {MAX_HEXES:,} of the largest board printkit draws",
            (*base, "copies"),
            hint="fewer copies, or a smaller map to copy",
        )
        return None
    return tile_board(source, copies.across, copies.down, copies.zones == "outer_edges")


def _edge_notes(
    builder: _Builder,
    resolver: _Resolver,
    material: HexMapMaterial,
    base: PathKey,
    cells: Iterable[Hex],
    offset: OffsetLayout,
) -> list[PlacedNote]:
    """Each note's hex, which must lie on the edge it names (the first or last column or row
    of the board)."""
    offsets = [hex_to_offset(cell, offset) for cell in cells]
    if not offsets:
        return []
    bounds = {
        "left": (0, min(c for c, _ in offsets)),
        "right": (0, max(c for c, _ in offsets)),
        "top": (1, min(r for _, r in offsets)),
        "bottom": (1, max(r for _, r in offsets)),
    }
    placed = []
    for index, note in enumerate(material.edge_notes):
        path = (*base, "edge_notes", index, "hex")
        h = resolver.hex(note.hex, path)
        if h is None:
            continue
        axis, line = bounds[note.edge]
        if hex_to_offset(h, offset)[axis] != line:
            builder.report(
                NOT_ON_EDGE,
                f"the note '{note.text}' points at a hex that is not on the {note.edge} edge",
                path,
                hint=f"name a hex of the {'first' if note.edge in ('left', 'top') else 'last'} "
                f"{'column' if axis == 0 else 'row'}, or another edge",
            )
            continue
        placed.append(PlacedNote(h, note, index))
    return placed


def _known_type(
    builder: _Builder, name: str, types: dict[str, LineType], what: str, path: PathKey
) -> bool:
    if name in types:
        return True
    builder.report(
        UNKNOWN_REFERENCE,
        f"unknown {what} type '{name}'",
        path,
        hint=did_you_mean(name, types, otherwise=f"define it under '{what}_types'"),
    )
    return False


def _not_neighbours(
    builder: _Builder, refs: tuple[HexRef, HexRef], apart: int, path: PathKey, what: str
) -> None:
    first, second = (
        f"'{ref}'" if isinstance(ref, str) else f"column {ref.col} row {ref.row}" for ref in refs
    )  # as the user wrote them
    builder.report(
        HEXES_NOT_ADJACENT,
        f"{what}: the hexes {first} and {second} are not neighbours ({apart} apart)",
        path,
        hint="a hexside lies between two hexes that share a side, and a path steps from each "
        "hex to a neighbour: check the labels, or add the hexes between",
    )


def _chain(
    builder: _Builder,
    resolver: _Resolver,
    refs: list | tuple,
    path: PathKey,
    what: str,
) -> tuple[Hex, ...] | None:
    """Hexes that each neighbour the next (a hexside's two, a path's steps), or None after
    reporting a hex that is not on the board or a step between hexes that are not neighbours."""
    hexes = [resolver.hex(ref, (*path, k)) for k, ref in enumerate(refs)]
    if any(h is None for h in hexes):
        return None
    for k, (a, b) in enumerate(pairwise(hexes), start=1):
        if distance(a, b) != 1:
            pair = (refs[k - 1], refs[k])
            _not_neighbours(builder, pair, distance(a, b), (*path, k), what)
            return None
    return tuple(hexes)  # type: ignore[arg-type]


def _sides(
    builder: _Builder, resolver: _Resolver, material: HexMapMaterial, base: PathKey
) -> list[PlacedSide]:
    placed = []
    for index, side in enumerate(material.hexsides):
        path = (*base, "hexsides", index)
        if not _known_type(builder, side.type, material.hexside_types, "hexside", (*path, "type")):
            continue
        ends = _chain(builder, resolver, side.between, (*path, "between"), "hexside")
        if ends is not None:
            placed.append(PlacedSide(side.type, (ends[0], ends[1])))
    return placed


def _paths(
    builder: _Builder, resolver: _Resolver, material: HexMapMaterial, base: PathKey
) -> list[PlacedPath]:
    placed = []
    for index, route in enumerate(material.paths):
        path = (*base, "paths", index)
        if not _known_type(builder, route.type, material.path_types, "path", (*path, "type")):
            continue
        hexes = _chain(builder, resolver, route.hexes, (*path, "hexes"), "path")
        if hexes is not None:
            placed.append(PlacedPath(route.type, hexes))
    return placed


STACK_STEP = mm(1.5)  # each stacked marker sits this far right of and above the one below
MARKER_GAP = mm(0.8)  # between markers side by side


def _arranged(
    builder: _Builder,
    markers: list[tuple[int, PlacedMarker]],
    material: HexMapMaterial,
    base: PathKey,
) -> list[PlacedMarker]:
    """Markers sharing a hex spread side by side across it (or stacked), in listing order;
    a group wider than the hex is reported at its second marker: never drawn over silently."""
    across = material.hex_size
    groups: dict[Hex, list[tuple[int, PlacedMarker]]] = {}
    for index, placed in markers:
        groups.setdefault(placed.hex, []).append((index, placed))
    arranged: dict[int, PlacedMarker] = {}
    for group in groups.values():
        sizes = [placed.spec.size_on(across) for _, placed in group]
        if material.marker_layout == "stacked":
            shift = STACK_STEP * (len(group) - 1) / 2
            offsets = [(k * STACK_STEP - shift, shift - k * STACK_STEP) for k in range(len(group))]
            width = max(sizes) + 2 * shift
        else:
            width = sum(sizes) + MARKER_GAP * (len(group) - 1)
            left, offsets = -width / 2, []
            for size in sizes:
                offsets.append((left + size / 2, 0.0))
                left += size + MARKER_GAP
        if len(group) > 1 and width > across * 0.92:
            index = group[1][0]
            builder.report(
                MARKERS_CROWDED,
                f"{len(group)} markers on one hex need {to_mm(width):.1f} mm side by side; the "
                f"hex is {to_mm(across):.1f} mm across",
                (*base, "markers", index, "hex"),
                hint="give the markers a smaller 'size', set 'marker_layout: stacked', or put "
                "fewer on the hex",
            )
        for (index, placed), (dx, dy) in zip(group, offsets, strict=True):
            arranged[index] = replace(placed, dx=dx, dy=dy)
    return [arranged[index] for index, _ in markers]


def _zone_edges(board: Board) -> dict[Hex, frozenset[str]]:
    """For each zone hex, the edges of the board its zone runs along: those that every hex of
    its connected zone region lies on (a starting column along the left edge: {'left'})."""
    offsets = {cell: hex_to_offset(cell, board.offset) for cell in board.cells}
    columns = [c for c, _ in offsets.values()]
    rows = [r for _, r in offsets.values()]
    sides = {
        "left": lambda c, r: c == min(columns),
        "right": lambda c, r: c == max(columns),
        "top": lambda c, r: r == min(rows),
        "bottom": lambda c, r: r == max(rows),
    }
    found: dict[Hex, frozenset[str]] = {}
    for start, zone in board.zones.items():
        if start in found:
            continue
        region, pending = {start}, [start]
        while pending:
            for near in neighbours(pending.pop()):
                if board.zones.get(near) == zone and near not in region:
                    region.add(near)
                    pending.append(near)
        edges = frozenset(
            side for side, on in sides.items() if all(on(*offsets[h]) for h in region)
        )
        found.update(dict.fromkeys(region, edges))
    return found


def _meets_copies(edges: frozenset[str], copy: tuple[int, int], counts: tuple[int, int]) -> bool:
    """Does a zone along `edges` of copy (i, j) lie only where copies meet (not on the whole
    map's outside)? A zone along no edge is inside its copy and always stays."""
    (i, j), (across, down) = copy, counts
    inner = {"left": i > 0, "right": i < across - 1, "top": j > 0, "bottom": j < down - 1}
    return bool(edges) and all(inner[side] for side in edges)


def tile_board(board: Board, across: int, down: int, outer_zones: bool = False) -> Board:
    """``across`` × ``down`` copies of a board, each shifted by its span in offset steps.

    The shift is an axial translation, so every copy keeps its shape exactly; if an odd
    number of rows (or flat-top columns) makes the offset parity flip, the copy sits half a
    hex over, just as two printed sheets would when their hexes interlock.
    """
    cols, rows = board.span
    origin = offset_to_hex(0, 0, board.offset)
    edges = _zone_edges(board) if outer_zones else {}
    cells: list[Hex] = []
    terrain: dict[Hex, str] = {}
    zones: dict[Hex, str] = {}
    markers: list[PlacedMarker] = []
    sides: list[PlacedSide] = []
    paths: list[PlacedPath] = []
    names: list[PlacedName] = []
    notes: list[PlacedNote] = []
    for j in range(down):
        for i in range(across):
            shift = offset_to_hex(i * cols, j * rows, board.offset) - origin
            cells += [h + shift for h in board.cells]
            terrain.update({h + shift: t for h, t in board.terrain.items()})
            kept = {
                h: z
                for h, z in board.zones.items()
                if not _meets_copies(edges.get(h, frozenset()), (i, j), (across, down))
            }
            zones.update({h + shift: z for h, z in kept.items()})
            markers += [replace(m, hex=m.hex + shift) for m in board.markers]
            sides += [
                replace(s, between=(s.between[0] + shift, s.between[1] + shift))
                for s in board.sides
            ]
            paths += [replace(p, hexes=tuple(h + shift for h in p.hexes)) for p in board.paths]
            names += [replace(n, hex=n.hex + shift) for n in board.names]
            outer = {
                "left": i == 0,
                "right": i == across - 1,
                "top": j == 0,
                "bottom": j == down - 1,
            }
            notes += [replace(n, hex=n.hex + shift) for n in board.notes if outer[n.spec.edge]]
    return replace(
        board,
        cells=tuple(sorted(cells)),
        terrain=terrain,
        zones=zones,
        markers=tuple(markers),
        sides=tuple(sides),
        paths=tuple(paths),
        names=tuple(names),
        notes=tuple(notes),
        span=(cols * across, rows * down),
    )
