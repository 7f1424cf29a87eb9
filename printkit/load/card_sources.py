"""Cards that are not listed in YAML: rows of a CSV or XLSX file, or the product of lists.

Designers keep big decks in spreadsheets, and playing-card decks are suits × ranks. Before the
package is modelled, a deck's `card_data` and `card_product` are expanded into the plain card
mappings its YAML `cards` list would have held, with spans pointing at the spreadsheet's row
and column (or at the generator), so every later check reports into the file the designer edits.
"""

from __future__ import annotations

import csv
import io
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.diagnostics import (
    CARD_DATA_BAD,
    CARD_DATA_MISSING,
    CARD_DATA_UNUSED,
    CARD_GENERATOR_BAD,
    Diagnostics,
    Span,
    did_you_mean,
    relative,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import MAX_COPIES
from printkit.sandbox.expressions import TemplateProblem, render

if TYPE_CHECKING:
    from printkit.load.workbook import Table

DATA_SUFFIXES = (".csv", ".xlsx")
NUMBER_KEYS = {"count", "pips"}  # built-in card keys that hold whole numbers
_MAX_DATA_BYTES = 10 * 1024 * 1024


def expand_card_sources(
    folder: Path, data: dict[str, Any], spans: SourceMap, diagnostics: Diagnostics
) -> None:
    """Append the cards of every deck's `card_data` and `card_product` to its `cards`; then
    warn about data files in the folder that no deck reads."""
    read: set[str] = set()
    decks = data.get("decks")
    for deck_id, deck in decks.items() if isinstance(decks, dict) else ():
        if not isinstance(deck, dict):
            continue
        fields = deck.get("fields") if isinstance(deck.get("fields"), dict) else {}
        rows: list[Row] = []
        source = deck.get("card_data")
        if isinstance(source, dict) and "file" in source:
            read.add(str(source["file"]))
            path = ("decks", deck_id, "card_data")
            rows += _read_file(folder, str(source["file"]), source, path, spans, diagnostics)
        product = deck.get("card_product")
        if isinstance(product, dict):
            rows += _product(product, ("decks", deck_id, "card_product"), spans, diagnostics)
        if rows:
            listed = deck.get("cards") if isinstance(deck.get("cards"), list) else []
            path = ("decks", deck_id, "cards")
            deck["cards"] = listed + _typed_cards(
                rows, fields, path, len(listed), spans, diagnostics
            )
    for unused in _data_files(folder):
        if unused.name not in read:
            diagnostics.add(
                CARD_DATA_UNUSED,
                f"data file '{unused.name}' is read by no deck",
                Span(relative(unused), 1, 1),
                hint="name it in a deck as 'card_data: {file: " + unused.name + "}', or remove it",
            )


# --- spreadsheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """A value of a card that is not listed in YAML, and where the designer wrote it."""

    value: Any
    span: Span  # the value: a spreadsheet's cell, a generator's entry
    key_span: Span  # its name, written once for every card: the column's header, the entry's key
    written: PathKey | None = None  # a generator's entry, named by diagnostics that name a path


Row = dict[str, Cell]


def _read_file(
    folder: Path,
    name: str,
    source: dict[str, Any],
    path: tuple[str, ...],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> list[Row]:
    where = spans.value((*path, "file"))
    target = (folder / name).resolve()
    files = [p.name for p in _data_files(folder)]
    if Path(name).is_absolute() or not target.is_relative_to(folder.resolve()):
        diagnostics.add(
            CARD_DATA_MISSING,
            f"card data '{name}' lies outside the game's folder",
            where,
            hint="keep the file in the game's folder and name it by its file name",
        )
        return []
    if not target.is_file():
        diagnostics.add(
            CARD_DATA_MISSING,
            f"no card data file '{name}' in the game's folder",
            where,
            hint=did_you_mean(name, files, otherwise="put a .csv or .xlsx file beside the YAML"),
        )
        return []
    if target.suffix.lower() not in DATA_SUFFIXES:
        diagnostics.add(
            CARD_DATA_MISSING,
            f"'{name}' is not a CSV or XLSX file",
            where,
            hint="card data comes from a .csv file (UTF-8, a header row) or an .xlsx workbook",
        )
        return []
    if target.stat().st_size > _MAX_DATA_BYTES:
        diagnostics.add(
            CARD_DATA_BAD,
            f"'{name}' is larger than {_MAX_DATA_BYTES // (1024 * 1024)} MB",
            where,
            hint="a deck's data is a few hundred rows; split the file or remove what no card uses",
        )
        return []
    shown = relative(target)
    try:
        data = target.read_bytes()
    except OSError as error:
        diagnostics.add(
            CARD_DATA_BAD,
            f"cannot read the file: {error.strerror or error}",
            Span(shown, 1, 1),
            hint="make the file readable by the user who runs printkit",
        )
        return []
    if target.suffix.lower() == ".csv":
        return _csv_rows(data, shown, diagnostics)
    from printkit.load.workbook import workbook_table  # only decks kept in workbooks import it

    sheet = source.get("sheet")
    table = workbook_table(data, shown, None if sheet is None else str(sheet), where, diagnostics)
    return [] if table is None else _rows(table, shown, diagnostics)


def _data_files(folder: Path) -> list[Path]:
    """The CSV and XLSX files in the folder but Excel's lock file (`~$cards.xlsx`, there while
    the workbook is open), which the designer never wrote and no deck reads. LibreOffice's
    lock file, `.~lock.cards.xlsx#`, ends in '#' and so is no CSV or XLSX file."""
    return sorted(
        p
        for p in folder.iterdir()
        if p.suffix.lower() in DATA_SUFFIXES and not p.name.startswith("~$")
    )


def _csv_rows(data: bytes, shown: str, diagnostics: Diagnostics) -> list[Row]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        diagnostics.add(
            CARD_DATA_BAD,
            f"not UTF-8 text ({error.reason})",
            Span(shown, line, 1),
            hint="save the spreadsheet as 'CSV UTF-8'",
        )
        return []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        table = [(reader.line_num, row) for row in reader]
    except csv.Error as error:
        diagnostics.add(
            CARD_DATA_BAD,
            f"not valid CSV: {error}",
            Span(shown, reader.line_num, 1),
            hint="check the quotes on this line",
        )
        return []
    if _report_other_separator(table, shown, diagnostics):
        return []
    return _rows(table, shown, diagnostics)


_SEPARATORS = {";": "semicolons", "\t": "tabs"}


def _report_other_separator(table: Table, shown: str, diagnostics: Diagnostics) -> bool:
    """Whether the header is one column holding semicolons or tabs, reported at the header: a
    file saved with another separator (a spreadsheet set to a language that writes decimal
    commas separates with ';') reads as a single field per card, and would fail only later, as
    every card missing its name."""
    filled = _filled(table)
    if not filled or len(filled[0][1]) != 1:
        return False
    line, (header,) = filled[0]
    separator = next((s for s in _SEPARATORS if s in header), None)
    if separator is None:
        return False
    diagnostics.add(
        CARD_DATA_BAD,
        f"the header has one column '{header.strip()}': printkit reads comma-separated files",
        Span(shown, line, 1),
        hint=f"its columns are separated by {_SEPARATORS[separator]}: save it from the "
        "spreadsheet program as 'CSV UTF-8 (Comma delimited)'",
    )
    return True


def _filled(table: Table) -> Table:
    """The rows that hold a value: a blank row is a spreadsheet's spacing, not a card."""
    return [(line, row) for line, row in table if not all(_blank(c) for c in row)]


def _rows(table: Table, shown: str, diagnostics: Diagnostics) -> list[Row]:
    """Cells by header name, skipping blank rows; the column of a span is the spreadsheet's
    column number (1 is column A)."""
    table = _filled(table)
    if not table:
        diagnostics.add(
            CARD_DATA_BAD,
            "the file holds no rows",
            Span(shown, 1, 1),
            hint="the first row names the card fields (name, count, …), one card per row below",
        )
        return []
    header_line, header = table[0]
    names = [str(cell).strip() if not _blank(cell) else "" for cell in header]
    for column, name in enumerate(names, start=1):
        if not name or names.index(name) != column - 1:
            diagnostics.add(
                CARD_DATA_BAD,
                f"column {column} of the header is {'empty' if not name else 'repeated'}",
                Span(shown, header_line, column),
                hint="give every column a distinct field name in the first row",
            )
            return []
    headers = [Span(shown, header_line, column) for column in range(1, len(names) + 1)]
    rows = []
    for line, row in table[1:]:
        cells: Row = {}
        for column, value in enumerate(row, start=1):
            if column > len(names):
                if not _blank(value):
                    diagnostics.add(
                        CARD_DATA_BAD,
                        "a value in a column without a header",
                        Span(shown, line, column),
                        hint="name the column in the header row, or remove the value",
                    )
                continue
            if not _blank(value):
                span = Span(shown, line, column)
                cells[names[column - 1]] = Cell(value, span, headers[column - 1])
        rows.append(cells)
    return rows


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _typed_cards(
    rows: list[Row],
    fields: dict[str, Any],
    path: tuple[str, ...],
    first_index: int,
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> list[dict[str, Any]]:
    """Cells typed as the deck declares its fields: numbers where it says number, text
    elsewhere; a cell that cannot be its field's type is a diagnostic at that cell. The cards
    follow those listed in YAML, from `first_index` on, and their spans point at their cells."""
    cards = []
    for index, cells in enumerate(rows, start=first_index):
        card: dict[str, Any] = {}
        for key, cell in cells.items():
            spans.values[(*path, index, key)] = cell.span
            spans.keys[(*path, index, key)] = cell.key_span
            if cell.written is not None:
                spans.written[(*path, index, key)] = cell.written
            wants_number = key in NUMBER_KEYS or fields.get(key) == "number"
            typed = _number(cell.value) if wants_number else _text(cell.value)
            if typed is None:
                diagnostics.add(
                    CARD_DATA_BAD,
                    f"'{cell.value}' in column '{key}' is not a number",
                    cell.span,
                    hint="write a plain number such as 3 or 2.5"
                    + (" (a whole number)" if key in NUMBER_KEYS else ""),
                )
                continue
            card[key] = typed
        if cells:
            first = min((cell.span for cell in cells.values()), key=lambda s: s.column)
            spans.values[(*path, index)] = first
        cards.append(card)
    return cards


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return int(value) if float(value).is_integer() else value
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    if number != number or number in (float("inf"), float("-inf")):
        return None
    return int(number) if number.is_integer() else number


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


# --- generated decks -----------------------------------------------------------------------------


def _product(
    source: dict[str, Any], path: tuple[str, ...], spans: SourceMap, diagnostics: Diagnostics
) -> list[Row]:
    """One card per combination of the lists of `of`, in order (the last list varies fastest);
    `name` and every entry of `values` are templates over the combination."""
    lists = source.get("of")
    where = spans.key((*path, "of"))
    if not isinstance(lists, dict) or not lists:
        diagnostics.add(
            CARD_GENERATOR_BAD,
            "'card_product.of' must map field names to lists",
            where,
            hint="for example  of: {suit: [hearts, spades], rank: [A, 2, 3]}",
        )
        return []
    for key, options in lists.items():
        if not isinstance(options, list) or not options:
            diagnostics.add(
                CARD_GENERATOR_BAD,
                f"'card_product.of.{key}' must be a non-empty list",
                spans.value((*path, "of", key)),
                hint="list the values the field takes, e.g. [A, 2, 3]",
            )
            return []
    total = 1
    for options in lists.values():
        total *= len(options)
    if total > MAX_COPIES:
        diagnostics.add(
            CARD_GENERATOR_BAD,
            f"the product makes {total} cards, more than {MAX_COPIES}",
            where,
            hint="a printed deck is smaller: check the lists",
        )
        return []
    templates = {"name": source.get("name", " ".join(f"{{{{ {k} }}}}" for k in lists))}
    values = source.get("values")
    templates.update(values if isinstance(values, dict) else {})
    rows: list[Row] = []
    for combination in itertools.product(*lists.values()):
        context = dict(zip(lists, combination, strict=True))
        cells: Row = {
            key: _generated(value, (*path, "of", key), spans) for key, value in context.items()
        }
        for key, template in templates.items():
            location = (*path, key) if key == "name" else (*path, "values", key)
            try:
                value = render(template, context) if isinstance(template, str) else template
            except TemplateProblem as problem:
                diagnostics.add(
                    problem.code or CARD_GENERATOR_BAD,
                    str(problem),
                    spans.value(location),
                    hint=problem.hint
                    or f"the names a generator template may use: {', '.join(lists)}",
                )
                return []
            cells[key] = _generated(value, location, spans)
        if "count" in source:
            cells["count"] = _generated(source["count"], (*path, "count"), spans)
        rows.append(cells)
    return rows


def _generated(value: Any, written: PathKey, spans: SourceMap) -> Cell:
    """A generated card's value, located at the generator's entry that makes it: a mistake
    there is one mistake, whatever the number of cards it makes."""
    return Cell(value, spans.value(written), spans.key(written), written)
