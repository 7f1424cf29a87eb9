"""Typed, strict models of a game package (the YAML under rule_data/<game>/).

Unknown keys are errors (`extra="forbid"`), and every length carries a unit. Fields that a layout
may inherit through `extends` are optional here and become required once inheritance is resolved
(see `printkit.model.layout`).
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from printkit.model.base import (
    PLAYS_PATH,
    Checked,
    Colour,
    ImposeSpec,
    PrintedMaterial,
    Size,
    Strict,
    WholeNumber,
    check_colour,
    refuse_control_characters,
)
from printkit.model.counters import CountersMaterial
from printkit.model.hexmap import HexMapMaterial
from printkit.model.lazy import LazyJsonSchema, lazily, lazily_by_kind
from printkit.model.limits import MAX_PIECES, MAX_URL_LENGTH
from printkit.model.profile import MAX_PROFILE_NAME, Profile, ProfileName
from printkit.model.reference import QuickReferenceMaterial, RulesReferenceMaterial
from printkit.model.rules import Claim, Example, Rules
from printkit.model.sheet import SheetMaterial
from printkit.model.simulation import Simulation
from printkit.model.tts import TtsSpec
from printkit.model.units import (
    Length,
    NonNegativeLength,
    PositiveLength,
    TypeSize,
    parse_length,
)
from printkit.model.version import Edition, IsoDate, Version

FOR_READERS = "for people reading the data (sources, choices); printkit does not print it"


# How a box writes its player count: '2', '1+', '2-4', '2 to 4', '2-4 players' (other wording
# is read by people only: PK524)
_PLAYER_RANGE = re.compile(
    r"^\s*(\d+)\s*(?:(\+)|(?:[-–]|to)\s*(\d+))?\s*(?:players?)?\s*$", re.IGNORECASE
)


def written_players(text: str) -> tuple[int, int | None] | None:
    """The fewest and most players a count or range written as one gives (most None: no
    upper limit); None for other wording."""
    match = _PLAYER_RANGE.match(text)
    if match is None:
        return None
    low = int(match[1])
    return low, None if match[2] else int(match[3] or low)


def _some_players(value: str) -> str:
    """A player count written as a number or range is one a table can seat: one player or
    more, a range from fewer to more (the checks count pieces for the largest table)."""
    written = written_players(value)
    if written is not None and (written[0] < 1 or (written[1] or written[0]) < written[0]):
        raise PydanticCustomError(
            "player_range",
            "'{value}' is not a number of players: a game needs one player or more, and a "
            "range goes from fewer to more, as '2-4'",
            {"value": value},
        )
    return value


def _count_as_text(value: Any) -> Any:
    """`players: 3`, as a designer writes a count, read as the text '3' ('2-4' is text)."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class GameInfo(Strict):
    title: str
    players: Annotated[str, BeforeValidator(_count_as_text), AfterValidator(_some_players)] = Field(
        description="how many play: 3, '2-4', '2 to 5', '1+'",
        json_schema_extra={"type": ["string", "integer"]},
    )
    source: str | None = Field(None, description="seed rule text this package encodes")
    designer: str | None = Field(None, description="shown by 'printkit list'")
    version: Version | None = None
    date: IsoDate | None = None
    notes: str | None = Field(None, description=FOR_READERS)
    engine: str | None = Field(
        None,
        pattern=r"^[a-z][a-z0-9_]*$",
        description="the engine that plays these rules: one of printkit's own, for the game "
        "printkit ships it with or a copy of it; a new game has none",
    )

    @property
    def edition(self) -> Edition:
        """The version and date as footers and the PDF metadata print them."""
        return Edition.of(self.title, self.version, self.date)

    def titled(self, name: str) -> str:
        """A material's title made from the game's and the material's `name`, as its pages,
        PDF and headers print it. Joined by ' · ', as the footers' parts are: a colon doubles
        a title's own punctuation ("Rise!: rules", "Shields: The Dice Game: quick reference")."""
        return f"{self.title} · {name}"


# A typo such as 'count: 10000000' stays a diagnostic instead of a sheet that never ends: one
# card's copies may fill a deck, no more.
MAX_COPIES = MAX_PIECES
MAX_ATTRIBUTES = 32  # a piece's described properties: a die has three


class Component(Strict):
    """One line of the box inventory: what the game contains, and how many."""

    count: WholeNumber = Field(ge=0, le=MAX_COPIES)
    description: str | None = Field(None, description="shown by 'printkit list'")
    attributes: dict[str, int | float | str | bool] = Field(
        default_factory=dict,
        max_length=MAX_ATTRIBUTES,
        description="what the piece is, as data engines and sheets read (a die's sides, "
        "finish and colour) instead of parsing its id",
    )


def _colour_or_template(value: str) -> str:
    return value if "{" in value else check_colour(value)


ColourOrTemplate = Annotated[str, AfterValidator(_colour_or_template)]


# A face a region is set in: DejaVu's regular, bold, italic or bold-italic, or a name the layout's
# `fonts:` gives a file (printkit/load/fonts.py resolves it).
FontName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]


class RegionSpec(Strict):
    """A drawn area of a layout. Every field may be inherited from the layout it extends."""

    kind: (
        Literal[
            "text", "box", "pips", "ring_arrows", "arrows", "image", "line", "polyline", "ellipse"
        ]
        | None
    ) = None
    x: Length | None = None
    y: Length | None = None
    width: PositiveLength | None = None
    height: PositiveLength | None = None
    text: str | None = Field(None, description="template: {{ card.name }}, markup **b** *i* :icon:")
    when: str | None = Field(None, description="template condition; region drawn only if true")
    font: FontName | None = Field(
        None, description="regular | bold | italic | bold-italic, or a name from the layout's fonts"
    )
    size: TypeSize | None = None
    min_size: TypeSize | None = None
    align: Literal["left", "center", "right"] | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    color: ColourOrTemplate | None = Field(
        None, description="text and line colour, or a template giving one ({{ card.ink }})"
    )
    fill: ColourOrTemplate | None = Field(None, description="colour, or a template giving one")
    stroke: ColourOrTemplate | None = Field(None, description="colour, or a template giving one")
    stroke_width: NonNegativeLength | None = None
    radius: NonNegativeLength | None = None
    count: str | int | None = Field(None, description="pips: how many (template or number)")
    direction: Literal["cw", "ccw"] | None = None
    arrows: int | None = Field(None, ge=1, le=12)
    angles: list[float] | None = Field(
        None, description="arrows: one straight arrow per angle, degrees clockwise from up"
    )
    layer: int | None = Field(None, description="drawing order; lower first")
    rotate: float | None = Field(
        None, ge=-360, le=360, description="degrees clockwise about the region's centre"
    )
    image: str | None = Field(
        None, description="image: PNG, JPEG or SVG file in the game's folder (a template)"
    )
    fit: Literal["contain", "cover", "stretch"] | None = Field(
        None, description="image: whole image inside (contain), region filled (cover), or both"
    )
    clip: Literal["region", "piece"] | None = Field(
        None, description="image: cut to the region, or to the piece's outline (round, hexagon)"
    )
    points: list[tuple[Length, Length]] | None = Field(
        None,
        description="line, polyline: points (x, y) from the region's top-left corner; a line "
        "without points is the region's diagonal",
    )
    closed: bool | None = Field(None, description="polyline: join the last point to the first")


def _no_bare_number(value: Any) -> Any:
    """A size written as a bare number is a length without its unit (PK110), not a name:
    refused as every length refuses it."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        parse_length(value)
    return value


class LayoutSpec(Strict):
    extends: str | None = None
    shape: Literal["rectangle", "square", "circle", "hexagon"] | None = Field(
        None, description="outline of the piece; rectangle unless given"
    )
    orientation: Literal["flat", "pointy"] | None = Field(
        None, description="hexagon: flat-top (default) or pointy-top"
    )
    size: Annotated[str | Size | None, BeforeValidator(_no_bare_number)] = Field(
        None,
        description="named card or counter size (poker, 5/8in), width/height, or one length: "
        "the side of a square, the diameter of a circle, the across-flats of a hexagon",
    )
    corner_radius: NonNegativeLength | None = None
    background: ColourOrTemplate | None = Field(
        None, description="colour, or a template giving one per piece ({{ card.colour }})"
    )
    safe_zone: NonNegativeLength | None = None
    color: ColourOrTemplate | None = Field(
        None, description="text and line colour of every region that sets none"
    )
    font: FontName | None = Field(None, description="font of every region that sets none")
    fonts: dict[FontName, str] | None = Field(
        None,
        description="the game's own fonts: name -> a .ttf or .otf file in the game's folder "
        "(title: fonts/Title.ttf), for `font:` to name",
    )
    fallback: list[FontName] | None = Field(
        None,
        max_length=8,
        description="fonts tried in order for a character the region's font lacks (jp, regular)",
    )
    regions: dict[str, RegionSpec | None] = Field(default_factory=dict)


class SetSpec(Strict):
    name: str
    size: int = Field(ge=1, description="cards needed to complete the set (see `counts`)")
    counts: Literal["different", "copies"] | None = Field(
        None,
        description="what `size` counts: different cards of the set, or copies (any card of "
        "the set, each copy counting); default: different cards, a set of one card its copies",
    )
    colour: Colour
    mark: str = Field(min_length=1, max_length=2, description="letter shown with the colour")


class KindSpec(Strict):
    label: str | None = None
    requires: list[str] = Field(default_factory=list)


def _card_value(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        raise PydanticCustomError(
            "finite_number", "{value} is not a number that can be printed", {"value": str(value)}
        )
    return refuse_control_characters(value)


CardValue = Annotated[Any, AfterValidator(_card_value)]


class CardSpec(Checked):
    """One card; the keys beyond the fixed ones are declared per deck in `fields`."""

    model_config = Checked.model_config | ConfigDict(extra="allow")
    # The per-card values are typed by the deck's `fields`, checked later; here each gets the
    # checks every value gets: finite numbers and printable text.
    __pydantic_extra__: dict[str, CardValue] = Field(init=False)

    name: str
    count: WholeNumber = Field(
        1, ge=0, le=MAX_COPIES, description="copies printed; 0 sets the card aside (PK215)"
    )
    kind: str | None = None
    set: str | None = None
    pips: int | None = Field(
        None, ge=0, description="set-indicator marks printed, if not the set size"
    )
    layout: str | None = None
    back: str | None = None
    notes: str | None = Field(None, description=FOR_READERS)

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class CardData(Strict):
    """Cards from a spreadsheet in the game's folder: a header row of fields, a card per row."""

    file: str = Field(description="a .csv (UTF-8) or .xlsx file in the game's folder")
    url: str | None = Field(
        None,
        max_length=MAX_URL_LENGTH,
        description="http(s) address `printkit fetch` downloads `file` from (a Google Sheets "
        "link, a CSV or XLSX file); builds read only the saved file",
    )
    sheet: str | None = Field(None, description="xlsx: the sheet to read (default: the first)")


class CardProduct(Strict):
    """Cards as the product of lists (suits × ranks), named and valued by templates."""

    of: dict[str, list[str | int | float]] = Field(
        description="field name → the values it takes; one card per combination"
    )
    name: str | None = Field(None, description="template over the combination's fields")
    values: dict[str, str | int | float] = Field(
        default_factory=dict, description="more per-card values, each a template"
    )
    count: WholeNumber = Field(1, ge=1, le=MAX_COPIES, description="copies of each card")


class DeckSpec(Strict):
    component: str | None = Field(None, description="inventory entry; defaults to the deck id")
    layout: str
    back: str | None = None
    fields: dict[str, Literal["text", "number"]] = Field(default_factory=dict)
    kinds: dict[str, KindSpec] = Field(default_factory=dict)
    sets: dict[str, SetSpec] = Field(default_factory=dict)
    icons: dict[str, str] = Field(
        default_factory=dict, description="inline :name: → a glyph, or an art file (art/coin.svg)"
    )
    cards: list[CardSpec] = Field(default_factory=list)
    card_data: CardData | None = Field(None, description="more cards, from a spreadsheet")
    card_product: CardProduct | None = Field(None, description="more cards, from lists")

    def unknown_names(self, card: CardSpec) -> dict[str, str]:
        """The kind and set `card` names that this deck does not define, by key ('kind',
        'set'). Such a card is reported there (PK200) and not drawn: its layout's templates
        would only report, card after card, that it has no kind or set."""
        defined = {"kind": self.kinds, "set": self.sets}
        named = {"kind": card.kind, "set": card.set}
        return {
            key: name
            for key, name in named.items()
            if name is not None and name not in defined[key]
        }

    @model_validator(mode="after")
    def _has_cards(self) -> DeckSpec:
        if not (self.cards or self.card_data or self.card_product):
            raise PydanticCustomError(
                "no_cards", "a deck needs cards: list them, or give card_data or card_product"
            )
        return self


class CardsMaterial(PrintedMaterial):
    """A deck imposed for print: sheets with backs, print-on-demand pages, or fold-and-glue."""

    kind: Literal["cards"]
    deck: str
    title: str | None = None
    impose: ImposeSpec = Field(default_factory=ImposeSpec)
    tts: TtsSpec = Field(default_factory=TtsSpec, description="--format tts: its options")


MaterialSpec = Annotated[
    CardsMaterial
    | HexMapMaterial
    | CountersMaterial
    | QuickReferenceMaterial
    | RulesReferenceMaterial
    | SheetMaterial,
    Field(discriminator="kind"),
]


def printed_decks(spec: MaterialSpec) -> list[str] | None:
    """The decks a cards or counters material prints; None for any other kind."""
    if isinstance(spec, CardsMaterial):
        return [spec.deck]
    if isinstance(spec, CountersMaterial):
        return list(spec.decks)
    return None


# A material's id names its output files (id.pdf, id-p01.png): a plain file name, never a path.
def _distinct_files(materials: dict[str, Any]) -> dict[str, Any]:
    """Material ids name files: two that differ only in case ('Sheet', 'sheet') would write
    one file over the other on Windows and macOS, whose file systems ignore case."""
    seen: dict[str, str] = {}
    for material_id in materials:
        other = seen.setdefault(material_id.casefold(), material_id)
        if other != material_id:
            raise PydanticCustomError(
                "same_file",
                "materials '{first}' and '{second}' differ only in case: their files would "
                "overwrite each other where file names ignore case (Windows, macOS)",
                {"first": other, "second": material_id},
            )
    return materials


MAX_ID = 80
MaterialId = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=MAX_ID)]


class Erratum(Strict):
    """A known contradiction of the rule text and the reading printkit follows: in words
    (`resolution`) and, unless `wording_only`, as data (`plays`)."""

    id: str | None = Field(None, description="name of the erratum, shown in its note")
    code: str = Field(pattern=r"^PK\d{3}$")
    subject: str = Field(description="text that the diagnostic's message contains")
    text_says: str
    resolution: str
    kind: Literal["contradiction", "gap", "dangling", "bad_example", "other"] | None = Field(
        None, description="what is wrong with the text: for the errata appendix and reports"
    )
    source_line: int | None = Field(None, ge=1, description="line of the seed rule text")
    plays: dict[str, Any] | None = Field(
        None,
        min_length=1,
        description="the resolution as data: data path as templates write it "
        "(rules.tables.ranges.rows[1].min, rules.values.base_crew) → the value printkit plays; "
        "applied to make the played rules, which every material prints",
        json_schema_extra={"propertyNames": {"pattern": PLAYS_PATH}},
    )
    wording_only: bool = Field(
        False,
        description="the resolution changes no data (a cross-reference's wording, a claim or "
        "worked example the text gets wrong while the data already holds the reading)",
    )

    @model_validator(mode="after")
    def _resolved_as_data_or_words(self) -> Erratum:
        if (self.plays is None) != self.wording_only:
            raise PydanticCustomError(
                "erratum_plays",
                "give exactly one of 'plays' (the data the resolution changes) or "
                "'wording_only: true' (it changes none)",
            )
        return self


class Package(Strict):
    game: GameInfo
    components: dict[str, Component] = Field(default_factory=dict)
    layouts: dict[str, LayoutSpec] = Field(default_factory=dict)
    decks: dict[str, DeckSpec] = Field(default_factory=dict)
    materials: Annotated[
        dict[MaterialId, lazily_by_kind(MaterialSpec)], AfterValidator(_distinct_files)
    ] = Field(
        default_factory=dict,
        # JSON Schema keeps a key's pattern but not its length unless told.
        json_schema_extra={"propertyNames": {"maxLength": MAX_ID}},
    )
    errata: lazily(list[Erratum]) = Field(default_factory=list)
    rules: lazily(Rules | None) = None
    claims: lazily(dict[str, Claim]) = Field(default_factory=dict)
    examples: lazily(dict[str, Example]) = Field(default_factory=dict)
    simulation: lazily(Simulation | None) = Field(
        None, description="how the engine is exercised (simulation.yaml): smoke playouts, agents"
    )
    profiles: lazily(dict[ProfileName, Profile]) = Field(
        default_factory=dict,
        description="named sets of build options: 'printkit build --profile NAME'",
        json_schema_extra={"propertyNames": {"maxLength": MAX_PROFILE_NAME}},
    )
    data: dict[str, Any] = Field(
        default_factory=dict,
        description="the designer's own data (ship builds, player colours…), seen by templates "
        "as `data` and repeated over by sheets",
    )

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema as the sections' own models give it, though they are validated lazily."""
        kwargs.setdefault("schema_generator", LazyJsonSchema)
        return super().model_json_schema(*args, **kwargs)

    @model_validator(mode="before")
    @classmethod
    def _sections_are_mappings(cls, data: Any) -> Any:
        return {} if data is None else data
