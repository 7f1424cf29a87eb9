"""How a rules table prints: its column headings from its own titles, and whether it is worth
printing at all.

A table's headings are the table's own words (`key:`, `quantity:`, `result:`, `columns:`):
"Key" or "Value" tells a player nothing. A table whose every row maps a number to itself
("1 → sector 1") is filler: its text says it, and the grid is left out.
"""

from __future__ import annotations

from typing import Any

from printkit.model.rules import Column, DiceTable, LookupTable, RangeTable

AnyTable = DiceTable | RangeTable | LookupTable


def key_heading(table: AnyTable) -> str:
    """The key column's heading: the dice rolled, what the number measures, or the key."""
    if isinstance(table, DiceTable):
        return f"Roll ({table.dice})"
    return _first_upper(key_words(table))


def key_words(table: AnyTable) -> str:
    """What a row's key is, in words before the key ("roll 12", "distance 2–5", "item
    shield"): the errata name a row so, as a player finds it in the printed table."""
    if isinstance(table, DiceTable):
        return "roll"
    return table.quantity or "number" if isinstance(table, RangeTable) else table.key


def _first_upper(words: str) -> str:
    return words[:1].upper() + words[1:]


def data_columns(table: AnyTable) -> list[Column]:
    """The extra columns printed from each row's data, each with its key as `key`."""
    columns = [Column(title=c) if isinstance(c, str) else c for c in table.columns.values()]
    return [column.model_copy(update={"title": _first_upper(column.title)}) for column in columns]


def data_cells(table: AnyTable, row: Any) -> list[str]:
    """A row's cells for the extra columns, in the order of `columns`."""
    cells = []
    for key, column in zip(table.columns, data_columns(table), strict=True):
        value = row.data.get(key)
        cells.append(column.empty if value is None else str(value))
    return cells


def is_filler(table: AnyTable, key_of: Any, result_of: Any) -> bool:
    """True when every row's result (as `result_of` prints a row's) is one and the same word
    followed by the row's own key ("sector 1", "sector 2"…): the table maps a number to
    itself."""
    words = set()
    for row in table.rows:
        key, result = str(key_of(table, row)), " ".join(str(result_of(row)).split())
        if not result.endswith(" " + key) and result != key:
            return False
        words.add(result.removesuffix(key).strip().lower())
    return len(words) == 1 and len(table.rows) > 1
