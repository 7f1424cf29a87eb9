"""The hex map material: a board of hexes with terrain, zones, labels and markers.

A map is either a board of its own (``columns`` × ``rows``, or an explicit ``hexes`` list for
an irregular board) or ``copies`` of another map placed side by side, as rule books ask for
"large" maps. Checks that need the whole package (unknown names, hexes off the board, a
label format that cannot be rendered) happen when the board is built, so each can point at
the YAML line that caused it; the model only fixes the shape of the data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from printkit.model.base import Colour, HexMapPreflight, PrintedMaterial, Strict
from printkit.model.units import Length, NonNegativeLength, PositiveLength, TypeSize, mm

DEFAULT_LABEL_FORMAT = "{col:02}{row:02}"
Pattern = Literal[
    "dots", "hatch", "backhatch", "crosshatch", "lines", "vertical", "grid", "waves", "triangles"
]


def _quoted_hex(value: Any) -> Any:
    """A hex's label as written: an unquoted 0304 is the text '0304' (printkit reads only plain
    decimal as a number), and 1001, which YAML reads as the number, is its own digits. A
    fraction or true/false is no label."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    if isinstance(value, int | float):  # bool is an int too
        raise PydanticCustomError(
            "hex_ref",
            "hex {value} must be a label such as '0304' or a mapping {{col: 3, row: 4}}",
            {"value": value},
        )
    return value


class HexCoord(Strict):
    """A hex by its printed column and row numbers (both counted from 1)."""

    col: int
    row: int


HexRef = Annotated[str | HexCoord, BeforeValidator(_quoted_hex)]
LineNumbers = Annotated[int | str, Field(description="a number, or an inclusive range '3..5'")]


class Around(Strict):
    """Every hex within ``radius`` steps of ``hex`` (a hexagon-shaped area)."""

    hex: HexRef
    radius: int = Field(ge=0)


class Selection(Strict):
    """Hexes picked by label, range, whole column or row, or distance; the union of all."""

    hexes: list[HexRef] = Field(
        default_factory=list, description="'0304', a rectangle '0302..0504', or {col, row}"
    )
    columns: list[LineNumbers] = Field(
        default_factory=list, description="whole columns: 1 or '1..2'"
    )
    rows: list[LineNumbers] = Field(default_factory=list, description="whole rows: 1 or '7..8'")
    around: list[Around] = Field(default_factory=list)


class TerrainType(Strict):
    """How one kind of hex looks; ``name`` is what the legend prints."""

    name: str | None = None
    fill: Colour = "#ffffff"
    pattern: Pattern | None = None
    pattern_color: Colour | None = None


class ZoneType(Strict):
    """A shaded area such as a starting zone. Colour never carries meaning alone, so a zone
    has a pattern or a letter (or both) as well; ``fill`` omitted keeps the terrain colour."""

    name: str
    fill: Colour | None = None
    pattern: Pattern | None = None
    pattern_color: Colour | None = None
    letter: str | None = Field(None, min_length=1, max_length=2)


class Region(Selection):
    """Paint a terrain type or a zone onto some hexes; later regions win over earlier ones."""

    terrain: str | None = None
    zone: str | None = None


class LineType(Strict):
    """How a kind of hexside feature (a river, a wall) or path (a road) is drawn; ``name`` is
    what the legend prints."""

    name: str | None = None
    color: Colour = "#1e5aa8"
    width: PositiveLength = Field(2.0, description="e.g. 2.5pt; a road narrower than a river")
    dash: list[PositiveLength] | None = Field(None, max_length=8, description="e.g. [3pt, 2pt]")


class PathType(LineType):
    """How a kind of path is drawn: a line type, with straight legs or a smooth curve."""

    smooth: bool = Field(
        False, description="a curve through the hex centres instead of straight legs"
    )


class HexSide(Strict):
    """A feature along the side two neighbouring hexes share (a river between 0203 and 0204)."""

    type: str
    between: tuple[HexRef, HexRef]


class MapPath(Strict):
    """A road or railway: a line through the centres of a chain of neighbouring hexes."""

    type: str
    hexes: list[HexRef] = Field(min_length=2, max_length=10_000)


class PlaceName(Strict):
    """A name printed on the map (a town, a forest), anchored to a hex; kept clear of the hex
    labels, moved up or down if it must be."""

    text: str = Field(min_length=1, max_length=60)
    hex: HexRef
    dx: Length = Field(0.0, description="from the hex centre, right")
    dy: Length = Field(0.0, description="from the hex centre, down")
    size: TypeSize = Field(9.0, description="e.g. 9pt")
    bold: bool = True
    color: Colour = "#1f1f1f"


class EdgeNote(Strict):
    """A note outside the map by one of its edges, with an arrow into a hex on that edge
    (where reinforcements enter, where a road leaves the map)."""

    edge: Literal["top", "bottom", "left", "right"]
    hex: HexRef
    text: str = Field(min_length=1, max_length=80)
    color: Colour = "#1f1f1f"


MAX_SEATS = 20  # no table game seats more; a bound keeps a typo a diagnostic


class Marker(Strict):
    """A piece shown on a hex (e.g. a worker in a setup diagram), coloured and lettered."""

    hex: HexRef
    label: str = Field(min_length=1, max_length=3)
    fill: Colour
    name: str | None = Field(None, description="legend text; markers sharing it share a line")
    shape: Literal["circle", "square", "hexagon"] = "circle"
    size: PositiveLength | None = Field(None, description="default: half the hex across flats")
    text_color: Colour | None = Field(None, description="default: black or white for contrast")
    player: int | None = Field(
        None,
        ge=1,
        le=MAX_SEATS,
        description="the seat whose piece this is (1 = the player who starts): a game's engine "
        "sets up from the map's markers",
    )

    def size_on(self, across_flats: float) -> float:
        """The marker's size on a map with hexes ``across_flats`` wide."""
        return self.size if self.size is not None else across_flats / 2


class Labels(Strict):
    """Hex labels: a format with {col} and {row} fields and where in the hex to print it.

    Field specs: ``{col}`` plain, ``{col:02}`` zero-padded to 2 digits, ``{col:A}`` or
    ``{col:a}`` as letters (1 = A, 27 = AA). Literal braces are doubled: ``{{`` ``}}``.
    """

    format: str = DEFAULT_LABEL_FORMAT
    position: Literal["top", "bottom", "centre", "none"] = "top"
    size: TypeSize = 6.0
    color: Colour = "#000000"


# A bound that keeps a typo ('columns: 10000') a diagnostic rather than an hour of drawing:
# 1000 hexes of 10 mm make a line 10 m long. A board's hexes are bounded too (MAX_HEXES).
MAX_LINE = 1000


class Copies(Strict):
    """This map is ``across`` × ``down`` copies of map ``of``, edge to edge."""

    of: str
    across: int = Field(1, ge=1, le=MAX_LINE)
    down: int = Field(1, ge=1, le=MAX_LINE)
    zones: Literal["every_copy", "outer_edges"] = Field(
        "every_copy",
        description="outer_edges: a zone along an edge of the source map stays only where that "
        "edge is an edge of the whole map (starting zones 'one per side' do not meet in the "
        "middle)",
    )


class Tiling(Strict):
    """How a map goes onto paper: one page if it fits, else tiles that overlap."""

    paper: str | None = Field(None, description="a4, letter, a3, tabloid; default from the CLI")
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    overlap: NonNegativeLength = mm(10)
    margin: NonNegativeLength = mm(5)
    snap: bool = Field(True, description="put joins through hex centres when it costs no page")
    poster: bool = Field(False, description="one page the size of the map, for print shops")


# Keys that define a board; a map made of copies takes all of them from its source.
BOARD_KEYS = (
    "orientation",
    "hex_size",
    "offset",
    "columns",
    "rows",
    "hexes",
    "terrain",
    "default_terrain",
    "zones",
    "regions",
    "markers",
    "names",
    "edge_notes",
    "marker_layout",
    "hexside_types",
    "hexsides",
    "path_types",
    "paths",
)


class HexMapMaterial(PrintedMaterial):
    kind: Literal["hexmap"]
    preflight: HexMapPreflight = Field(default_factory=HexMapPreflight)
    title: str | None = None
    caption: str | None = Field(None, description="a line or two printed under the title")
    copies: Copies | None = None
    orientation: Literal["flat", "pointy"] = "flat"
    hex_size: PositiveLength | None = Field(None, description="across flats, e.g. 25mm")
    offset: Literal["odd", "even"] = Field(
        "odd", description="which columns (flat) or rows (pointy), counted from 0, are shoved"
    )
    columns: int | None = Field(None, ge=1, le=MAX_LINE)
    rows: int | None = Field(None, ge=1, le=MAX_LINE)
    hexes: list[HexRef] | None = Field(None, description="irregular board: its hexes")
    labels: Labels | None = None
    terrain: dict[str, TerrainType] = Field(default_factory=dict)
    default_terrain: str | None = None
    zones: dict[str, ZoneType] = Field(default_factory=dict)
    regions: list[Region] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    names: list[PlaceName] = Field(default_factory=list)
    edge_notes: list[EdgeNote] = Field(default_factory=list)
    hexside_types: dict[str, LineType] = Field(default_factory=dict)
    hexsides: list[HexSide] = Field(default_factory=list)
    path_types: dict[str, PathType] = Field(default_factory=dict)
    paths: list[MapPath] = Field(default_factory=list)
    marker_layout: Literal["side_by_side", "stacked"] = Field(
        "side_by_side",
        description="several markers on one hex: in a row across it, or a stack of counters "
        "each shifted up and right, the last listed on top",
    )
    half_hexes: bool | None = Field(None, description="fill the edges to a straight rectangle")
    legend: bool | None = None
    line_color: Colour | None = None
    line_width: NonNegativeLength | None = None
    tiling: Tiling = Field(default_factory=Tiling)


def copy_chain(
    materials: Mapping[str, object], material_id: str
) -> list[tuple[str, HexMapMaterial]]:
    """The map and the maps it copies, nearest first; stops at a name that is not a hex map
    and at a circle of copies (the board's own checks report both)."""
    chain: list[tuple[str, HexMapMaterial]] = []
    current: str | None = material_id
    while current is not None and current not in (name for name, _ in chain):
        material = materials.get(current)
        if not isinstance(material, HexMapMaterial):
            break
        chain.append((current, material))
        current = material.copies.of if material.copies else None
    return chain


def source_map(materials: Mapping[str, object], material_id: str) -> HexMapMaterial | None:
    """The map whose hexes `material_id` shows: itself, or the map its copies come from."""
    chain = copy_chain(materials, material_id)
    if not chain or chain[-1][1].copies is not None:
        return None
    return chain[-1][1]
