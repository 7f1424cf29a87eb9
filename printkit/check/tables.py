"""Tables: every roll or number has exactly one row, and a restated table says the same."""

from __future__ import annotations

from collections import Counter

from printkit.check.coverage import dice_values, interval_text, range_coverage
from printkit.diagnostics import (
    TABLE_BAD_ROW,
    TABLE_DUPLICATE_KEY,
    TABLE_GAP,
    TABLE_OVERLAP,
    TABLE_RESTATED_DIFFERENTLY,
    Diagnostics,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.rules import (
    DiceRow,
    DiceTable,
    Domain,
    GridRow,
    GridTable,
    LookupRow,
    LookupTable,
    RangeRow,
    RangeTable,
    Rules,
)
from printkit.model.rules_context import parse_roll

Table = DiceTable | RangeTable | LookupTable


def check_tables(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    for table_id, table in rules.tables.items():
        path = ("rules", "tables", table_id)
        if isinstance(table, DiceTable):
            _dice(table_id, table, path, spans, diagnostics)
            if isinstance(table, GridTable):
                _grid(table_id, table, path, spans, diagnostics)
        elif isinstance(table, RangeTable):
            _range(table_id, table, path, spans, diagnostics)
        else:
            _lookup(table_id, table, path, spans, diagnostics)
        original = rules.tables.get(table.restates) if table.restates else None
        if original is not None:
            _restated(table_id, table, table.restates, original, path, spans, diagnostics)


def _dice(
    table_id: str, table: DiceTable, path: PathKey, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    possible = dice_values(table.dice)
    seen: Counter[int] = Counter()
    for index, row in enumerate(table.rows):
        where = spans.value((*path, "rows", index, "roll"))
        values = parse_roll(row.roll)
        if values is None or values[0] < possible[0] or values[-1] > possible[-1]:
            diagnostics.add(
                TABLE_BAD_ROW,
                f"table '{table_id}': roll '{row.roll}' cannot come up on {table.dice}",
                where,
                hint=f"{table.dice} shows {possible[0]} to {possible[-1]}; write a value or "
                "a span such as '3-4'",
            )
            continue
        twice = [v for v in values if seen[v]]
        if twice:
            diagnostics.add(
                TABLE_OVERLAP,
                f"table '{table_id}': roll {interval_text(twice[0], twice[-1])} already has a row",
                where,
                hint="give each roll one row",
            )
        seen.update(values)
    missing = [v for v in possible if not seen[v]]
    if missing:
        diagnostics.add(
            TABLE_GAP,
            f"table '{table_id}' gives no result for {table.dice} = "
            + ", ".join(str(v) for v in missing),
            spans.value((*path, "rows")),
            hint="add a row for each missing roll, or widen a neighbouring row",
        )


def _range(
    table_id: str, table: RangeTable, path: PathKey, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    rows = [(row.min, row.max) for row in table.rows]
    names = [_row_name(table, index) for index in range(len(rows))]
    _tiles(f"table '{table_id}'", table.domain, rows, names, (*path, "rows"), spans, diagnostics)


def _grid(
    table_id: str, table: GridTable, path: PathKey, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    """Rows are checked as a dice table's; the columns tile their domain like a range
    table's rows, and every row has one cell per column."""
    across = table.across
    columns = [(column.min, column.max) for column in across.columns]
    names = [f"'{column.label}'" for column in across.columns]
    where = (*path, "across", "columns")
    _tiles(
        f"table '{table_id}' across",
        across.domain,
        columns,
        names,
        where,
        spans,
        diagnostics,
        part="column",
    )
    for index, row in enumerate(table.rows):
        if len(row.cells) != len(columns):
            diagnostics.add(
                TABLE_BAD_ROW,
                f"table '{table_id}': roll {row.roll} has {len(row.cells)} cells for "
                f"{len(columns)} columns",
                spans.value((*path, "rows", index, "cells")),
                hint="give each row one cell per column of 'across', in order",
            )


def _tiles(
    name: str,
    domain: Domain,
    rows: list[tuple[int | None, int | None]],
    names: list[str],
    rows_path: PathKey,
    spans: SourceMap,
    diagnostics: Diagnostics,
    part: str = "row",
) -> None:
    """Rows (or a grid's columns: `part`) that must tile `domain` with no gap and no
    overlap."""
    low, high = domain.min, domain.max
    for index, (row_low, row_high) in enumerate(rows):
        below = low is not None and (row_low is None or row_low < low)
        above = high is not None and (row_high is None or row_high > high)
        if below or above:
            diagnostics.add(
                TABLE_BAD_ROW,
                f"{name}: {part} {interval_text(row_low, row_high)} reaches outside "
                f"the domain {interval_text(low, high)}",
                spans.value((*rows_path, index)),
                hint=f"narrow the {part}, or widen the table's domain",
            )
    gaps, overlaps = range_coverage(rows, (low, high))
    for overlap in overlaps:
        diagnostics.add(
            TABLE_OVERLAP,
            f"{name}: {overlap} is covered by two {part}s "
            f"({names[overlap.first]} and {names[overlap.second]})",
            spans.value((*rows_path, overlap.second)),
            hint=f"make the {part}s meet end to end: one {part}'s max is the next {part}'s min "
            "minus 1",
        )
    for gap in gaps:
        diagnostics.add(
            TABLE_GAP,
            f"{name} gives no result for {gap}",
            spans.value(rows_path),
            hint=f"add a {part} for it, widen a neighbour, or leave an end open with null",
        )


def _row_name(table: RangeTable, index: int) -> str:
    row = table.rows[index]
    return f"'{row.id}'" if row.id else interval_text(row.min, row.max)


def _lookup(
    table_id: str, table: LookupTable, path: PathKey, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    seen: set[object] = set()
    for index, row in enumerate(table.rows):
        if row.key in seen:
            diagnostics.add(
                TABLE_DUPLICATE_KEY,
                f"table '{table_id}' lists key '{row.key}' twice",
                spans.value((*path, "rows", index, "key")),
                hint="keep one row per key",
            )
        seen.add(row.key)


def _index(row: DiceRow | GridRow | RangeRow | LookupRow) -> object:
    """What a row is indexed by, in a form two tables can compare."""
    if isinstance(row, DiceRow | GridRow):
        rolls = parse_roll(row.roll)
        return interval_text(rolls[0], rolls[-1]) if rolls else str(row.roll)
    if isinstance(row, RangeRow):
        return interval_text(row.min, row.max)
    return row.key


def _restated(
    table_id: str,
    table: Table,
    original_id: str,
    original: Table,
    path: PathKey,
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> None:
    """Rows are matched by id where both have one, else by position."""
    if table.kind != original.kind or len(table.rows) != len(original.rows):
        diagnostics.add(
            TABLE_RESTATED_DIFFERENTLY,
            f"table '{table_id}' restates '{original_id}' but has {len(table.rows)} "
            f"{table.kind} rows against {len(original.rows)} {original.kind} rows",
            spans.value((*path, "rows")),
            hint=f"give '{table_id}' the same rows as '{original_id}'",
        )
        return
    by_id = {row.id: row for row in original.rows if row.id}
    for index, row in enumerate(table.rows):
        other = by_id.get(row.id) if row.id else None
        other = other or original.rows[index]
        said, meant = _index(row), _index(other)
        if said != meant:
            name = f"'{row.id}'" if row.id else f"row {index + 1}"
            diagnostics.add(
                TABLE_RESTATED_DIFFERENTLY,
                f"table '{table_id}' gives {name} as {said} but '{original_id}' gives {meant}",
                spans.value((*path, "rows", index)),
                hint=f"print the quick reference from '{original_id}' or make them agree",
            )
