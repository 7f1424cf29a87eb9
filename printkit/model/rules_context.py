"""The names a rule text, a claim or a reference template sees (documented in model/rules.py).

One builder serves the validator and the reference documents, so a prose template that checks
clean prints the same thing. `ref` and `term` are recorded as they are called: the references
check learns from them which sections and glossary terms the prose points at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from printkit.model.package import Package, written_players
from printkit.model.rules import (
    DiceRow,
    DiceTable,
    LookupRow,
    LookupTable,
    Players,
    RangeRow,
    RangeTable,
    Rules,
    Section,
)
from printkit.sandbox.expressions import TemplateProblem, render
from printkit.sandbox.faults import TemplateFault
from printkit.sandbox.helpers import Helper, Parameter
from printkit.sandbox.views import Record

# Built without validation: its validator would be built for a game that has no rules at all
# (every field of an empty Rules is its default, which no validator changes).
EMPTY_RULES = Rules.model_construct()


def parse_roll(roll: int | str) -> range | None:
    """The faces or sums a dice-table row names: 3 → 3..3, '3-4' → 3..4; None if unreadable."""
    if isinstance(roll, int):
        return range(roll, roll + 1)
    low, sep, high = roll.partition("-")
    try:
        first = int(low)
        last = int(high) if sep else first
    except ValueError:
        return None
    return range(first, last + 1) if first <= last else None


def find_row(table: DiceTable | RangeTable | LookupTable, key: Any) -> Any:
    """The row of `table` that covers `key`, or None."""
    if isinstance(table, LookupTable):
        return next((row for row in table.rows if row.key == key), None)
    if isinstance(table, DiceTable):
        return next((row for row in table.rows if key in (parse_roll(row.roll) or ())), None)
    for row in table.rows:
        if (row.min is None or key >= row.min) and (row.max is None or key <= row.max):
            return row
    return None


TableRow = DiceRow | RangeRow | LookupRow  # a row with a `result` in words (a grid's has cells)
TABLE_ROWS = (DiceRow, RangeRow, LookupRow)


def prose_of(said: str | TableRow, context: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A rule text and the names it sees. A table row's result sees its own row as `row`
    besides the rules, so that '{{ row.data.points }} points' prints the number the row holds:
    written in the text, it would be a second copy to keep in step (PK507)."""
    if isinstance(said, TABLE_ROWS):
        return said.result, context | {"row": said}
    return said, context


class PrintedRow(Record):
    """A table row as lookup() and rows() give it: its `result` reads as the rules print it,
    filled in from its row ('1 point', not '{{ row.data.points }} point'), which is what a
    text printing it or a claim comparing it means; its other fields as written. The result
    is filled in when read, so a result that reads its own row's data through lookup() (as
    a rule may, to name its numbers) does not fill itself in."""

    __slots__ = ("_printed",)

    def __init__(self, row: TableRow, printed: Callable[[], str]) -> None:
        super().__init__(row)
        self._printed = printed

    def __getitem__(self, key: Any) -> Any:
        if key == "result":
            return self._printed()
        return super().__getitem__(key)


def section_name(section: Section) -> str:
    return f"§{section.number} {section.title}" if section.number else section.title


@dataclass
class Recorder:
    """Remembers which sections and terms were referred to while rendering."""

    sections: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)


def _with_players(rules: Rules, package: Package) -> Rules:
    """The rules with their player range, read from game.players where the rules give none
    ('2-4' → min 2, max 4), as the docs promise and the checks count: `rules.players.max` in
    a claim then reads the box's count."""
    written = written_players(package.game.players) if rules.players is None else None
    if written is None:
        return rules
    return rules.model_copy(update={"players": Players(min=written[0], max=written[1])})


# Where each data name of the rules context is in the package: what an expression naming it
# reads (check/expression_names.py).
CONTEXT_PATHS: dict[str, tuple[str, ...]] = {
    "game": ("game",),
    "components": ("components",),
    "materials": ("materials",),
    "decks": ("decks",),
    "data": ("data",),
    "rules": ("rules",),
    "sections": ("rules", "sections"),
    "setup": ("rules", "setup"),
    "structure": ("rules", "structure"),
    "phases": ("rules", "structure", "phases"),
    "actions": ("rules", "actions"),
    "tables": ("rules", "tables"),
    "end_conditions": ("rules", "end_conditions"),
    "variants": ("rules", "variants"),
    "abilities": ("rules", "abilities"),
    "glossary": ("rules", "glossary"),
    "values": ("rules", "values"),
    "claims": ("claims",),
    "examples": ("examples",),
}


def rules_context(
    package: Package,
    recorder: Recorder | None = None,
    ref: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """The template names for `package`; `ref` replaces the plain name of a section the rules
    have (e.g. a link). An unknown section prints as its id in brackets whoever renders it,
    never as a link to nothing: the references check reports it at the text that names it."""
    rules = _with_players(package.rules or EMPTY_RULES, package)
    seen = recorder or Recorder()

    def _ref(section_id: str) -> str:
        seen.sections.append(section_id)
        section = rules.sections.get(section_id)
        if section is None:
            return f"[{section_id}]"
        return ref(section_id) if ref is not None else section_name(section)

    def _term(term_id: str) -> str:
        seen.terms.append(term_id)
        term = rules.glossary.get(term_id)
        return term.term if term else term_id

    printing: list[TableRow] = []  # the rows whose results are being filled in, in order

    def _printed(table_id: str, row: TableRow) -> str:
        """A row's result filled in from its row, with the rules' names; one that reads
        itself, through other rows' results or its own, would never end."""
        if any(row is other for other in printing):
            raise TemplateFault(
                f"a result of table '{table_id}' reads itself, through lookup() or rows()",
                hint="a row's result reads its own numbers as row.data.<name>, and another "
                "row's as lookup(...).data.<name>",
            )
        printing.append(row)
        try:
            return render(*prose_of(row, names))
        except TemplateProblem as problem:  # said in the words of the text that reads it
            raise TemplateFault(str(problem), problem.code, problem.hint) from None
        finally:
            printing.pop()

    def _lookup(table_id: str, key: Any) -> Any:
        row = find_row(rules.tables[table_id], key)
        if not isinstance(row, TABLE_ROWS):
            return row
        return PrintedRow(row, lambda: _printed(table_id, row))

    def _rows(table_id: str, keys: Iterable[Any]) -> list[Any]:
        return [_lookup(table_id, key) for key in keys]

    table = Parameter("table_id", str, "a table id", lambda: rules.tables)

    names = {
        "game": package.game,
        "components": package.components,
        "materials": package.materials,
        "decks": package.decks,
        "data": package.data,
        "rules": rules,
        "sections": rules.sections,
        "setup": rules.setup,
        "structure": rules.structure,
        "phases": rules.structure.phases if rules.structure else {},
        "actions": rules.actions,
        "tables": rules.tables,
        "end_conditions": rules.end_conditions,
        "variants": rules.variants,
        "abilities": rules.abilities,
        "glossary": rules.glossary,
        "values": rules.values,
        "claims": package.claims,
        "examples": package.examples,
        # an unknown section or term is recorded, and reported by the references check
        "ref": Helper("ref", _ref, (Parameter("section_id", str, "a section id"),)),
        "term": Helper("term", _term, (Parameter("term_id", str, "a term id"),)),
        "lookup": Helper("lookup", _lookup, (table, Parameter("key", object, "a key"))),
        "rows": Helper(
            "rows", _rows, (table, Parameter("keys", list | tuple | range, "a list of keys"))
        ),
    }
    return names
