"""A sheet a player writes on (a ship roster, a player mat), composed of generic elements.

Elements flow down the page in order; a `row` puts its elements side by side. With `fillable`
the boxes a player writes in become PDF form fields named from the element ids, so the sheet can
be played on a tablet and still prints the same on paper.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from printkit.model.base import Colour, PrintedMaterial, Size, Strict
from printkit.model.units import PositiveLength, mm

ElementId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class ElementBase(Strict):
    width: PositiveLength | None = Field(None, description="in a row: this element's width")


class HeadingElement(ElementBase):
    kind: Literal["heading"]
    text: str = Field(description="a template over the rules context")


class TextElement(ElementBase):
    kind: Literal["text"]
    text: str = Field(description="a template over the rules context; shrinks to fit")
    height: PositiveLength = Field(36.0, description="room for the text (default 12.7 mm)")


class StatElement(ElementBase):
    """A labelled box to write a number in, blank or filled from the data."""

    kind: Literal["stat"]
    id: ElementId
    label: str
    value: str | None = Field(None, description="a template giving the printed value")


class CheckboxElement(ElementBase):
    """Boxes to tick, in numbered groups: five cannons with two boxes each."""

    kind: Literal["checkboxes"]
    id: ElementId
    label: str
    groups: int = Field(1, ge=1, le=50)
    per_group: int = Field(1, ge=1, le=20)
    group_label: str = Field("{{ n }}", description="a template over n, the group's number")


class NumberTrackElement(ElementBase):
    """A row of numbered boxes to mark the current value on: health 0 to 12."""

    kind: Literal["numbers"]
    id: ElementId
    label: str
    start: int | str = Field(0, description="a number, or a template giving one")
    end: int | str = Field(description="a number, or a template giving one: {{ values.health }}")


class Column(Strict):
    title: str
    cell: str = Field(description="a template over `row`, the item of the row: {{ row.key }}")
    width: PositiveLength | None = Field(None, description="default: an equal share")


class TableElement(ElementBase):
    """A table with a row per item of a list from the data (the upgrades, the dice)."""

    kind: Literal["table"]
    rows: str = Field(description="expression over the rules context giving the list of items")
    columns: list[Column] = Field(min_length=1, max_length=8)


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
    | TriangleGridElement
    | ShapesElement
    | RowElement,
    Field(discriminator="kind"),
]
RowElement.model_rebuild()


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


class SheetMaterial(PrintedMaterial):
    kind: Literal["sheet"]
    title: str | None = None
    paper: str | None = Field(None, description="a4 or letter; the command line's by default")
    fillable: bool = Field(False, description="boxes become PDF form fields")
    repeat: str | None = Field(
        None, description="a list under the package's `data:`: one page per item"
    )
    each: ElementId = Field("item", description="the name templates give the repeated item")
    purchases: Purchases | None = Field(None, description="check what each item buys")
    size: Size | None = Field(
        None, description="a sheet smaller than the paper (a card, an A5 mat), imposed n-up"
    )
    copies: int = Field(1, ge=1, le=100, description="copies of each page, n-up")
    elements: list[Element] = Field(min_length=1)
