"""Rules as data: the typed shape of a game's `rules:`, `claims:` and `examples:` sections.

A rule book is held as data so that every printed mention of a number follows one source and the
validator can check the book the way a compiler checks a program. Spans are not stored in the
models: every node is addressed by its path from the package root (for example
``("rules", "tables", "stress_test", "rows", 4, "min")``) and `LoadedPackage.spans` gives the
file:line:col of that path, like every other model of the package.

What templates see (``printkit.model.rules_context.rules_context`` builds it; the quick-reference
and rules-reference templates receive the same names):

- ``game`` (GameInfo), ``components`` (id → Component), ``decks``, ``materials``, ``upgrades`` (the
  package's upgrade list when it has one, else an empty mapping), ``rules`` (the whole `Rules`
  below);
- shortcuts into `rules`: ``sections``, ``setup`` (list of `Step`), ``structure``, ``phases``
  (id → `Phase`, in play order), ``actions``, ``tables``, ``end_conditions``, ``variants``,
  ``abilities``, ``glossary``, ``values`` (named numbers and words);
- ``claims`` (id → `Claim`), ``examples`` (id → `Example`);
- ``ref(section_id)`` → the printable name of a section ("§5.2 Boarding"); a renderer may put
  its own function under this name to make a link; ``term(term_id)`` → the glossary word;
- ``lookup(table_id, key)`` → the row of a table for a die roll, a number or a lookup key (None
  when no row covers it), ``rows(table_id, keys)`` → the rows for several keys.

Every `text` field is prose in printkit's own words and a Jinja2 template over those names, so
"costs {{ actions.buy.cost }} actions" prints the number held in the data. A table row's
`result` sees its own row as ``row`` too: "{{ row.data.points }} points". Order is meaningful:
mappings keep the order of the YAML (phases and their steps are played in that order).

Shape, section by section::

    rules:
      players: {min: 2, max: 2}          # optional; defaults from game.players ("2", "1+", "2-4")
      values: {starting_health: 12}      # named numbers the prose and claims use
      sections:                          # the chapters of the book, cross-reference targets
        boarding: {title: Boarding, number: "5.2", parent: cannon_phase, text: ...,
                   covers: [board], see: [ranges]}
      setup:                             # list of Step
        - {id: deal, text: ..., uses: [{component: deck, count: 2, per_player: true}]}
      structure:
        unit: round                      # what one pass of play is called: round | turn
        units: [round, turn]             # every time unit the text counts in
        text: ...
        phases:                          # id → Phase, in order
          movement: {title: ..., text: ..., steps: [Step...], see: [movement_section]}
      actions:                           # id → Action
        buy: {title: ..., text: ..., cost: 1, unit: action, limit: 3, per: turn,
              conditions: [...], uses: [...], phase: movement}
      tables:                            # id → DiceTable | RangeTable | LookupTable (by `kind`)
        damage: {kind: dice, dice: 1d6, rows: [{roll: 1, result: ..., data: {...}}]}
        stress: {kind: range, domain: {min: null, max: null},
                 rows: [{min: 6, max: null, result: ...}], restates: other_table}
        costs:  {kind: lookup, key: item, rows: [{key: shield, result: ..., data: {points: 1}}]}
      end_conditions: {id: {text: ..., outcome: win, variant: solo}}
      variants:                          # id → Variant
        solo: {kind: solo, title: ..., text: ..., players: {min: 1, max: 1},
               setup: [Step...], changes: [{rule: attack_step, text: ...}], base: null}
      abilities: {id: {title: ..., text: ..., short: ..., index: 1, uses_per_game: 1}}
      glossary: {id: {term: ..., definition: ...}}
    claims:                              # id → Claim: a statement of the text about the data
      dice_total: {text: ..., check: "components.values() | sum(attribute='count') == 34",
                   source_line: 42}
    examples:                            # id → Example: a worked example of the text
      harry: {text: ..., inputs: {roll: 6}, outcome: {row: one_extra},
              compute: {row: "lookup('stress_test', roll - 2 - 3).id"}, source_line: 135}

A claim or example with `engine:` instead of `check:`/`compute:` needs play to be checked: with
`play:` (printkit/model/play.py) the game's engine checks it, without it waits for an engine.
`engine:` stays the statement of what play must show.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from printkit.diagnostics import shown_value
from printkit.model.base import Strict
from printkit.model.limits import MAX_PIECES
from printkit.model.play import Play, Scenario

RULE_ID = r"^[a-z][a-z0-9_]*$"
Id = Annotated[str, Field(pattern=RULE_ID)]
Scalar = int | float | str | bool
DataValue = Scalar | list[Scalar] | None
TEXT = "prose in printkit's own words; a Jinja2 template ({{ actions.buy.cost }}, ref('id'))"
RESULT = TEXT + " that sees its own row as `row` ({{ row.data.points }})"
ENGINE = "what play must show, in words (the statement `play` checks)"
PLAY = "how the engine checks it: a scripted game or a property of seeded playouts"
SOURCE_LINE = "line of the seed rule text this encodes (for readers and the errata report)"
LINES = r"^[1-9]\d*(-[1-9]\d*)?$"
# The longest seed text the rules may record: a rule book of a thousand pages is about 50,000
# lines (the shipped seeds have 150 to 260). A recorded length of a trillion lines took the
# coverage check minutes, and a span of a hundred billion lines ran out of memory.
MAX_SEED_LINES = 100_000


def line_span(lines: int | str) -> tuple[int, int]:
    """(first, last) of 42 or '42-48'."""
    if isinstance(lines, int):
        return lines, lines
    first, _, last = lines.partition("-")
    return int(first), int(last or first)


def _within_seed(lines: str) -> str:
    """A span's ends at most MAX_SEED_LINES, measured by their digits first: Python refuses to
    read a number of thousands of digits."""
    digits = len(str(MAX_SEED_LINES))
    if any(len(end) > digits or int(end) > MAX_SEED_LINES for end in lines.split("-")):
        raise PydanticCustomError(
            "seed_lines",
            "{lines} names lines past the longest seed text printkit reads ({most} lines)",
            {"lines": shown_value(lines), "most": f"{MAX_SEED_LINES:,}"},
        )
    return lines


# Seed lines: a line number (42) or a span of them ("42-48"), both ends included.
Lines = (
    Annotated[int, Field(ge=1, le=MAX_SEED_LINES)]
    | Annotated[str, Field(pattern=LINES), AfterValidator(_within_seed)]
)


# A count given as a named value, so that the number a step deals lives in one place with the
# prose that prints it ("deal {{ values.hand_size }} cards").
VALUE_COUNT = re.compile(r"\{\{\s*values\.([A-Za-z_]\w*)\s*\}\}")
# What a rule uses at once, as written or as the value it names: no component's inventory holds
# more (components' count), and a number of 4,300 digits times the players was past what Python
# writes as text (an internal error where the setup's total was said).
MAX_USED = MAX_PIECES


class Uses(Strict):
    """A component a rule needs, and how many at once."""

    component: str
    count: (
        Annotated[int, Field(ge=0, le=MAX_USED)]
        | Annotated[str, Field(pattern=f"^{VALUE_COUNT.pattern}$")]
    ) = Field(1, description="a whole number, or a named value: '{{ values.hand_size }}'")
    per_player: bool = Field(False, description="the count is needed once for every player")
    kept: bool = Field(
        True, description="false when the pieces go back after the step (dice rolled and reused)"
    )

    def number(self, values: Mapping[str, Any]) -> Any:
        """The count as written, or the value it names (None where none is defined): what the
        checks and the engines read; the reader refuses one that is no whole number."""
        if isinstance(self.count, int):
            return self.count
        named = VALUE_COUNT.fullmatch(self.count)
        return values.get(named[1]) if named else None

    def needed(self, players: int, values: Mapping[str, Any]) -> int | None:
        """How many at once at a table of `players`; None when the count is no whole number
        from 0 to MAX_USED."""
        number = self.number(values)
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_USED:
            return None
        return number * (players if self.per_player else 1)


class Halving(Strict):
    """A rule or row that halves a number must say which way an odd number rounds."""

    halves: bool = Field(False, description="the rule halves (or divides) a number")
    rounding: Literal["down", "up", "nearest"] | None = Field(
        None, description="how a halved odd number rounds; leave out when the text does not say"
    )


class Node(Halving):
    """What every rule has: a title, prose, cross-references and the components it uses."""

    title: str | None = None
    text: str | None = Field(None, description=TEXT)
    see: list[str] = Field(default_factory=list, description="ids of sections referred to")
    uses: list[Uses] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list, description="names of the cards it is about")
    printed_on: list[str] = Field(
        default_factory=list, description="ids of the materials that print its pieces or diagram"
    )
    decides: Literal["highest", "lowest"] | None = Field(
        None, description="the rule picks whoever rolls or scores highest (or lowest)"
    )
    ties: str | None = Field(None, description=TEXT + "; what a tie does, for a rule that decides")
    source_line: int | None = Field(None, ge=1, description=SOURCE_LINE)
    notes: str | None = Field(None, description="for people reading the data; not printed")


class Step(Node):
    id: Id


class Players(Strict):
    min: int = Field(ge=1)
    max: int | None = Field(None, ge=1, description="null: no upper limit")


class Section(Strict):
    title: str
    number: str | None = Field(None, description="the number the text gives it, e.g. '5.2'")
    parent: str | None = Field(None, description="id of the enclosing section")
    text: str | None = Field(None, description=TEXT)
    see: list[str] = Field(default_factory=list)
    covers: list[str] = Field(
        default_factory=list, description="ids of the rules this section explains"
    )
    source_line: int | None = Field(None, ge=1, description="line of its heading in the seed text")
    source: list[Lines] = Field(
        default_factory=list,
        description="the seed lines whose rules it prints: 42 or '42-48', both ends included",
    )


class Source(Strict):
    """The seed text a game's rules encode: its length and the lines that are not rules, so
    that a rule no section prints is found (printkit/check/source_coverage.py)."""

    lines: int = Field(ge=1, le=MAX_SEED_LINES, description="how many lines the seed text has")
    not_rules: dict[Lines, str] = Field(
        default_factory=dict,
        description="seed lines that hold no rule (title, flavour, credits, a picture), "
        "each with the reason: {'140-156': credits}",
    )


class Phase(Node):
    steps: list[Step] = Field(default_factory=list)


class Structure(Strict):
    unit: Literal["round", "turn"] = Field(
        description="what one pass of play is called: round or turn"
    )
    units: list[str] = Field(
        default_factory=list, description="every unit of time the rules count in"
    )
    text: str | None = Field(None, description=TEXT)
    phases: dict[Id, Phase] = Field(default_factory=dict)
    source_line: int | None = Field(None, ge=1, description=SOURCE_LINE)


class Action(Node):
    cost: int | None = Field(None, ge=0)
    unit: str = Field("action", description="what the cost is paid in (action, credit, point)")
    limit: int | None = Field(None, ge=0, description="how many times it may be taken")
    per: str | None = Field(None, description="time unit of the limit (one of structure.units)")
    conditions: list[str] = Field(default_factory=list, description=TEXT)
    phase: str | None = Field(None, description="phase the action is taken in")


class DiceRow(Halving):
    roll: int | str = Field(description="a face or sum (3), a span ('3-4')")
    result: str = Field(description=RESULT)
    id: Id | None = None
    data: dict[str, DataValue] = Field(default_factory=dict)


class Domain(Strict):
    min: int | None = Field(None, description="null: open below")
    max: int | None = Field(None, description="null: open above")


class RangeRow(Halving):
    min: int | None = Field(description="null: open below")
    max: int | None = Field(description="null: open above")
    result: str = Field(description=RESULT)
    id: Id | None = None
    data: dict[str, DataValue] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _ordered(self) -> RangeRow:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise PydanticCustomError(
                "range_order", "min {min} is above max {max}", {"min": self.min, "max": self.max}
            )
        return self


class LookupRow(Halving):
    key: Scalar
    result: str = Field(description=RESULT)
    id: Id | None = None
    data: dict[str, DataValue] = Field(default_factory=dict)


class Column(Strict):
    """A column printed from each row's `data`: its heading, and what an empty cell says."""

    title: str
    empty: str = Field("–", description="printed where the row's value is null or missing")


class TableBase(Node):
    restates: str | None = Field(
        None, description="id of the table this one restates (a quick-reference copy)"
    )
    result: str = Field("result", description="the heading of the result column")
    columns: dict[str, str | Column] = Field(
        default_factory=dict,
        description="more columns, printed from each row's data: {cost: credits, "
        "limit: {title: at most, empty: any number}}",
    )


class DiceTable(TableBase):
    """Indexed by a roll: must cover every face, or every sum of the dice, exactly once."""

    kind: Literal["dice"]
    dice: str = Field(
        pattern=r"^([1-9]\d?)?d[1-9]\d{0,2}$",
        description="what is rolled: d6, 2d6 (99d999 at most)",
    )
    component: str | None = Field(None, description="inventory entry of the dice rolled")
    rows: list[DiceRow]


class RangeTable(TableBase):
    """Indexed by a number: the rows must tile the domain with no gap and no overlap."""

    kind: Literal["range"]
    quantity: str | None = Field(None, description="what the number measures")
    domain: Domain = Field(default_factory=Domain)
    rows: list[RangeRow]


class LookupTable(TableBase):
    """Indexed by a name or number: each key once."""

    kind: Literal["lookup"]
    key: str = Field("key", description="what the key column holds")
    rows: list[LookupRow]


class GridColumn(Strict):
    """A column of a grid: its printed label and the numbers of the across axis it takes."""

    label: str
    min: int | None = Field(None, description="null: open below")
    max: int | None = Field(None, description="null: open above")


class Across(Strict):
    """What a grid's columns measure (the odds), and the numbers they must cover."""

    title: str = Field(description="the columns' heading: odds (attacker to defender)")
    domain: Domain = Field(default_factory=Domain)
    columns: list[GridColumn]


class GridRow(Halving):
    roll: int | str = Field(description="a face or sum (3), a span ('3-4')")
    cells: list[str] = Field(description="one result per column of `across`, in order")
    id: Id | None = None
    data: dict[str, DataValue] = Field(default_factory=dict)


class GridTable(DiceTable):
    """Two dimensions, a combat results table: rows by a roll (every face once, as a dice
    table), columns by a number (tiling `across.domain` once, as a range table)."""

    kind: Literal["grid"]  # type: ignore[assignment]
    across: Across
    rows: list[GridRow]  # type: ignore[assignment]


Table = Annotated[DiceTable | RangeTable | LookupTable | GridTable, Field(discriminator="kind")]


class EndCondition(Node):
    outcome: Literal["win", "lose", "tie", "end"]
    variant: str | None = Field(None, description="only in this variant")


class Change(Strict):
    rule: str = Field(description="id of the rule the variant changes")
    text: str = Field(description=TEXT)


class Variant(Node):
    kind: Literal["solo", "difficulty", "optional", "campaign", "expansion", "house"]
    base: str | None = Field(None, description="variant this one builds on")
    players: Players | None = None
    setup: list[Step] = Field(default_factory=list)
    changes: list[Change] = Field(default_factory=list)


class Ability(Node):
    short: str | None = Field(None, description="the card or sheet wording")
    index: int | None = Field(None, description="the number it is listed under (city 3)")
    trigger: str | None = Field(None, description=TEXT)
    uses_per_game: int | None = Field(None, ge=0)


class Term(Strict):
    term: str
    definition: str | None = Field(
        None, description=TEXT + "; leave out when the text uses the word without defining it"
    )
    source_line: int | None = Field(None, ge=1, description=SOURCE_LINE)


class Rules(Strict):
    players: Players | None = None
    source: Source | None = Field(None, description="the seed text's length and its non-rules")
    values: dict[Id, DataValue] = Field(default_factory=dict)
    sections: dict[Id, Section] = Field(default_factory=dict)
    setup: list[Step] = Field(default_factory=list)
    structure: Structure | None = None
    actions: dict[Id, Action] = Field(default_factory=dict)
    tables: dict[Id, Table] = Field(default_factory=dict)
    end_conditions: dict[Id, EndCondition] = Field(default_factory=dict)
    variants: dict[Id, Variant] = Field(default_factory=dict)
    abilities: dict[Id, Ability] = Field(default_factory=dict)
    glossary: dict[Id, Term] = Field(default_factory=dict)


class Claim(Strict):
    """A statement the text makes about the data, checked by a sandboxed expression."""

    text: str = Field(description="the statement, in printkit's words")
    check: str | None = Field(None, description="Jinja2 expression that must be true")
    engine: str | None = Field(None, description=ENGINE)
    play: Play | None = Field(None, description=PLAY)
    source_line: int | None = Field(None, ge=1, description=SOURCE_LINE)

    @model_validator(mode="after")
    def _checkable(self) -> Claim:
        if (self.check is None) == (self.engine is None and self.play is None):
            raise PydanticCustomError(
                "claim_check",
                "give exactly one of 'check' (an expression) or 'engine' (with its 'play')",
            )
        return self


class Example(Strict):
    """A worked example: its inputs, the outcome the text states, and how to compute it."""

    text: str = Field(description="the example, in printkit's words")
    inputs: dict[str, Any] = Field(default_factory=dict)
    outcome: dict[str, Any] = Field(description="what the text says happens")
    compute: dict[str, str] = Field(
        default_factory=dict, description="per outcome key, an expression over inputs and data"
    )
    engine: str | None = Field(None, description=ENGINE)
    play: Play | None = Field(None, description=PLAY)
    source_line: int | None = Field(None, ge=1, description=SOURCE_LINE)

    @model_validator(mode="after")
    def _checkable(self) -> Example:
        if (not self.compute and self.play is None) == (self.engine is None):
            raise PydanticCustomError(
                "example_check",
                "give 'compute' (expressions), 'play' (a scripted game) or both, or 'engine' "
                "alone while the game has no engine",
            )
        if self.play is not None and not isinstance(self.play, Scenario):
            raise PydanticCustomError(
                "example_play", "an example's 'play' is a scripted game: moves and expect"
            )
        return self
