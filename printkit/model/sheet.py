"""A sheet a player writes on (a ship roster, a player mat), composed of generic elements.

Elements flow down the page in order; a `row` puts its elements side by side. With `fillable`
the boxes a player writes in become PDF form fields named from the element ids, so the sheet can
be played on a tablet and still prints the same on paper.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from printkit.diagnostics import did_you_mean
from printkit.impose.catalogue import card_sizes
from printkit.model.base import Colour, ColourTemplate, PrintedMaterial, Size, Strict, WholeNumber
from printkit.model.units import NonNegativeLength, PositiveLength, mm

ElementId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
MAX_COPIES = 100  # of one page
MAX_GRID = 40  # a grid's rows, or its columns
# A grid's rows or columns: a count, a template giving one, or the headings (as many as there
# are).
GridCount = (
    Annotated[int, Field(ge=1, le=MAX_GRID)]
    | Annotated[list[str], Field(min_length=1, max_length=MAX_GRID)]
    | str
)


class Place(Strict):
    x: NonNegativeLength
    y: NonNegativeLength


class ElementBase(Strict):
    width: PositiveLength | None = Field(
        None, description="this element's width (default: the page's, or a share of its row's)"
    )
    place: Place | None = Field(
        None,
        description="an absolute box: the element's top-left corner from the page's margins, "
        "outside the flow of the other elements",
    )


class TextElement(ElementBase):
    kind: Literal["text"]
    text: str = Field(description="a template over the rules context; shrinks to fit")
    height: PositiveLength = Field(36.0, description="room for the text (default 12.7 mm)")


class Badge(Strict):
    """A coloured shape with a letter: colour is never the only cue, the letter and the shape
    tell the same to a reader who does not see the colour, or on a grey print."""

    letter: str = Field(min_length=1, max_length=3)
    color: ColourTemplate = Field(
        description="a colour, or a template giving one per page: "
        "{{ data.colours[die.attributes.colour] }}"
    )
    shape: Literal["circle", "square", "triangle", "diamond", "hexagon"] = "circle"


class Badged(ElementBase):
    """An element a badge may name by colour, letter and shape: a labelled one, or a heading
    (a stand-in's colour, shown beside the words that name it)."""

    badge: Badge | None = Field(
        None, description="drawn before a label, at the right end of a heading"
    )


class HeadingElement(Badged):
    kind: Literal["heading"]
    text: str = Field(description="a template over the rules context")


class Labelled(Badged):
    label: str


class StatElement(Labelled):
    """A labelled box to write a number in, blank or filled from the data."""

    kind: Literal["stat"]
    id: ElementId
    value: str | None = Field(
        None, description="a template giving what is filled in the box (the field's value)"
    )
    note: str | None = Field(
        None, description="a template giving a note printed small in the box's corner"
    )


class CheckboxElement(Labelled):
    """Boxes to tick, in numbered groups: five cannons with two boxes each."""

    kind: Literal["checkboxes"]
    id: ElementId
    groups: int = Field(1, ge=1, le=50)
    per_group: int = Field(1, ge=1, le=20)
    group_label: str = Field("{{ n }}", description="a template over n, the group's number")


class NumberTrackElement(Labelled):
    """A row of numbered boxes to mark the current value on: health 0 to 12."""

    kind: Literal["numbers"]
    id: ElementId
    start: WholeNumber | str = Field(0, description="a number, or a template giving one")
    end: WholeNumber | str = Field(
        description="a number, or a template giving one: {{ values.health }}"
    )


class Column(Strict):
    title: str = Field(description="a template: {{ rules.tables.combat.across.columns[0].label }}")
    cell: str = Field(
        "", description="a template over `row`, the item of the row: {{ row.key }}; markup allowed"
    )
    width: PositiveLength | None = Field(None, description="default: an equal share")
    tick: bool = Field(
        False, description="a box to tick in each row (a form field on a fillable sheet)"
    )
    write: bool = Field(
        False,
        description="a box to write in across each row's cell, for a count or a note (a text"
        " form field on a fillable sheet): what a tick cannot hold, such as 'bought twice'",
    )

    @model_validator(mode="after")
    def _one_box(self) -> Column:
        if self.tick and self.write:
            raise PydanticCustomError(
                "column_box", "a column has a box to tick or a box to write in, not both"
            )
        if self.write and self.cell:
            raise PydanticCustomError(
                "column_box", "a 'write' column's box is the player's to fill: it takes no 'cell'"
            )
        return self


class TableElement(ElementBase):
    """A table with a row per item of a list from the data (the upgrades, the dice)."""

    kind: Literal["table"]
    id: ElementId | None = Field(
        None,
        description="names the form fields of its tick and write columns: 'upgrades.3.bought'",
    )
    rows: str = Field(description="expression over the rules context giving the list of items")
    columns: list[Column] = Field(min_length=1, max_length=8)

    @model_validator(mode="after")
    def _named_if_ticked(self) -> TableElement:
        if self.id is None and any(column.tick or column.write for column in self.columns):
            raise PydanticCustomError(
                "table_id",
                "a table with a 'tick' or 'write' column needs an 'id' to name its boxes",
            )
        return self


class GridElement(Labelled):
    """A score card: rows × columns of boxes to write in, each a form field, with optional
    headings for the rows (down the left) and the columns (across the top)."""

    kind: Literal["grid"]
    id: ElementId
    rows: GridCount = Field(
        description="how many rows (a number, or a template giving one: {{ values.rounds }}), "
        "or their headings (templates)"
    )
    columns: GridCount = Field(
        description="how many columns (a number, or a template giving one), or their headings "
        "(templates)"
    )
    cell: PositiveLength | None = Field(
        None,
        description="a box's side: square boxes (default: 9 mm tall, as wide as the columns "
        "share, at most 22.5 mm)",
    )


class SlotsElement(Labelled):
    """Spaces drawn for pieces to sit on (dice, tokens), side by side, each with its caption."""

    kind: Literal["slots"]
    slots: list[str] = Field(min_length=1, max_length=12, description="captions (templates)")
    size: PositiveLength = Field(mm(24), description="a space's side: a die needs 22 mm or more")


class CycleElement(ElementBase):
    """Who beats whom, drawn as badges round a circle with arrows, in the order the rules give:
    each row names the one it points to (red attacks yellow, yellow blue, blue red)."""

    kind: Literal["cycle"]
    rows: str = Field(description="expression giving the list: rules.tables.attacks.rows")
    name: str = Field("{{ row.key }}", description="template over `row`: its name")
    next: str = Field(description="template over `row`: the name it points to")
    verb: str = Field("", description="printed beside each arrow")
    badges: dict[str, Badge] = Field(min_length=2, max_length=12, description="by name")
    size: PositiveLength = Field(mm(55), description="the circle's diameter")


Cell = tuple[int, int]
Piece = Annotated[list[Cell], Field(min_length=1, max_length=200)]
Span = tuple[int, int, int]
FeatureKind = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class GridBoard(Strict):
    """The cells of a triangle-grid board: a regular hexagon, or rows of cells."""

    hexagon: int | None = Field(None, ge=1, le=40, description="a hexagon of this many sides")
    rows: list[Span] | None = Field(
        None, max_length=200, description="[row, first c, last c] spans of cells"
    )

    @model_validator(mode="after")
    def _one_shape(self) -> GridBoard:
        if (self.hexagon is None) == (self.rows is None):
            raise PydanticCustomError("board_shape", "give the board either 'hexagon' or 'rows'")
        return self


class FeatureStyle(Strict):
    """How one kind of board feature is drawn, and whether a player may fill its cells."""

    draw: Literal["block", "circle", "semicircle", "shade", "rectangle", "die"]
    blocks: bool = Field(True, description="false: a cell the player may still fill (a bonus)")
    fill: Colour | None = None
    label: str | None = Field(
        None, description="a template over `area` (the area's name): text drawn in the piece"
    )


class GridArea(Strict):
    """One area of the board (a sector) and the pieces of each feature kind inside it."""

    rows: list[Span] = Field(min_length=1, max_length=200, description="[row, first c, last c]")
    features: dict[FeatureKind, list[Piece]] = Field(default_factory=dict)


class Reach(Strict):
    """Every piece of `to` must be reachable from a piece of `from` through free cells."""

    start: FeatureKind = Field(alias="from")
    to: FeatureKind


class GridRules(Strict):
    per_area: dict[FeatureKind, int] = Field(
        default_factory=dict, description="how many pieces of a kind each area must hold"
    )
    reach: Reach | None = None


class GridLinks(Strict):
    """A line to fill in between the pieces of one kind in neighbouring areas, drawn as a ring
    around the board (the shield between two emitters)."""

    between: FeatureKind
    gap: PositiveLength = Field(mm(4), description="from the board's farthest corner to the ring")


class TriangleGridElement(ElementBase):
    """A board of triangles (the realm of a roll-and-write), its areas and their features."""

    kind: Literal["triangle_grid"]
    id: ElementId
    side: PositiveLength = Field(description="a triangle's side")
    board: GridBoard
    areas: dict[str, GridArea] = Field(min_length=1, max_length=60)
    shared: dict[FeatureKind, list[Piece]] = Field(
        default_factory=dict, description="pieces that belong to no one area (a central plant)"
    )
    styles: dict[FeatureKind, FeatureStyle] = Field(default_factory=dict)
    links: GridLinks | None = None
    require: GridRules = Field(default_factory=GridRules)


class ShapesElement(ElementBase):
    """Numbered polyiamonds (shapes made of triangles) drawn in a row, from cell lists."""

    kind: Literal["shapes"]
    id: ElementId
    side: PositiveLength
    shapes: dict[str, Piece] = Field(min_length=1, max_length=24)
    fit_in: ElementId | None = Field(
        None, description="a triangle_grid element: each shape must fit in each of its areas"
    )


class RowElement(ElementBase):
    kind: Literal["row"]
    elements: list[Element] = Field(min_length=1, max_length=12)


Element = Annotated[
    HeadingElement
    | TextElement
    | StatElement
    | CheckboxElement
    | NumberTrackElement
    | TableElement
    | GridElement
    | SlotsElement
    | TriangleGridElement
    | ShapesElement
    | CycleElement
    | RowElement,
    Field(discriminator="kind"),
]
# RowElement's `Element` is resolved here, when its (deferred) validator is first built.


class Purchases(Strict):
    """How each repeated item (a ship build, an army list) buys from a table of the rules: the
    table's rows hold `cost` and `limit` (null: no limit) in their data."""

    table: str = Field(description="lookup table of the rules whose keys are what can be bought")
    bought: str = Field("upgrades", description="key of the item: what it bought, name → count")
    budget: str = Field(description="expression over the item giving what it may spend")
    exclusive: list[str] = Field(
        default_factory=list,
        description="data flags of which an item may buy one kind only (one type of cannon)",
    )


def _named_size(value: Any) -> Any:
    """`size: poker`: a sheet the size of a card (a reference card) by the names a card layout
    takes, rather than its width and height retyped."""
    if not isinstance(value, str):
        return value
    sizes = card_sizes()
    if value not in sizes:
        raise PydanticCustomError(
            "size_name",
            "unknown card size '{value}'",
            {"value": value, "hint": did_you_mean(value, sizes) + " (or width and height)"},
        )
    width, height = sizes[value]
    return Size.model_construct(width=width, height=height)


class SheetMaterial(PrintedMaterial):
    kind: Literal["sheet"]
    title: str | None = None
    paper: str | None = Field(None, description="a4 or letter; the command line's by default")
    fillable: bool = Field(False, description="boxes become PDF form fields")
    repeat: str | None = Field(
        None,
        description="one page per item of a list: a name under the package's `data:` "
        "(ships), or an expression over the rules context giving one "
        "(components.values() | list)",
    )
    each: ElementId = Field("item", description="the name templates give the repeated item")
    purchases: Purchases | None = Field(None, description="check what each item buys")
    size: Annotated[
        Size | None, BeforeValidator(_named_size, json_schema_input_type=str | Size | None)
    ] = Field(
        None,
        description="a sheet smaller than the paper (a card, an A5 mat), imposed n-up: "
        "width/height, or a named card size (poker), as a card layout takes",
    )
    copies: Annotated[WholeNumber, Field(ge=1, le=MAX_COPIES)] | str = Field(
        1,
        description="copies of each page, n-up: a number, or a template over the repeated "
        "item giving one ({{ die.count }}: a die's count in the inventory)",
    )
    elements: list[Element] = Field(min_length=1)
    back: list[Element] | None = Field(
        None,
        min_length=1,
        description="elements printed on the back of each small sheet (a card's back), on a "
        "page after each page of fronts, mirrored for duplex; printed only, no form fields",
    )
