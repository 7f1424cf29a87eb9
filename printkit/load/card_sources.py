"""Cards that are not listed in YAML: rows of a CSV or XLSX file, or the product of lists.

Designers keep big decks in spreadsheets, and playing-card decks are suits × ranks. Before the
package is modelled, a deck's `card_data` and `card_product` are expanded into the plain card
mappings its YAML `cards` list would have held, with spans pointing at the spreadsheet's row
and column (or at the generator), so every later check reports into the file the designer edits.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from printkit.diagnostics import (
    CARD_DATA_BAD,
    CARD_DATA_MISSING,
    CARD_DATA_NOT_FETCHED,
    CARD_DATA_TOO_LARGE,
    CARD_DATA_UNUSED,
    CARD_DATA_URL_BAD,
    CARD_GENERATOR_BAD,
    FETCHED_COPY_CHANGED,
    TOO_MANY_PIECES,
    Diagnostics,
    Span,
    relative,
)
from printkit.load.fetch_record import read_record
from printkit.load.files import (
    CARD_DATA,
    RENAME_HINT,
    GameFiles,
    NotFound,
    Refused,
    name_fault,
    position_of_byte,
)
from printkit.load.source_urls import url_problem
from printkit.load.yaml_spans import MAX_DATA_CHARACTERS, PathKey, SourceMap
from printkit.model.limits import MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_PIECES
from printkit.model.package import MAX_COPIES
from printkit.sandbox.expressions import TemplateProblem, render

if TYPE_CHECKING:
    from printkit.load.workbook import Table

DATA_SUFFIXES = CARD_DATA.suffixes
NUMBER_KEYS = {"count", "pips"}  # built-in card keys that hold whole numbers


def expand_card_sources(
    files: GameFiles, data: dict[str, Any], spans: SourceMap, diagnostics: Diagnostics
) -> set[PathKey]:
    """Append the cards of every deck's `card_data` and `card_product` to its `cards`, counting
    each deck's pieces as they come so that none past the limit is made; then warn about data
    files in the folder that no deck reads. Returns what could not be read, reported: each
    deck whose sources failed (`('decks', id)`), each card's value that is not its field's
    type (left out of the card)."""
    read: set[str] = set()
    broken: set[PathKey] = set()
    decks = data.get("decks")
    for deck_id, deck in decks.items() if isinstance(decks, dict) else ():
        if not isinstance(deck, dict):
            continue
        errors = diagnostics.count()
        broken.add(("decks", deck_id))  # until its cards are known
        fields = deck.get("fields") if isinstance(deck.get("fields"), dict) else {}
        listed = deck.get("cards") if isinstance(deck.get("cards"), list) else []
        path = ("decks", deck_id, "cards")
        pieces = _Pieces(deck_id, diagnostics)
        if not pieces.add_listed(listed, path, spans):
            continue
        rows: list[Row] = []
        source = deck.get("card_data")
        if isinstance(source, dict) and "file" in source:
            read.add(str(source["file"]))
            where = ("decks", deck_id, "card_data")
            rows += _read_file(files, str(source["file"]), source, where, spans, read, diagnostics)
            if not pieces.add_rows(rows, spans.value(where)):
                continue
        product = deck.get("card_product")
        if isinstance(product, dict):
            rows += _product(product, ("decks", deck_id, "card_product"), spans, pieces)
        if diagnostics.count() > errors:
            continue
        broken.remove(("decks", deck_id))
        if rows:
            deck["cards"] = listed + _typed_cards(
                rows, fields, path, len(listed), spans, broken, diagnostics
            )
    for unused in _data_files(files.folder):
        if unused.name not in read:
            hint = "name it in a deck as 'card_data: {file: " + unused.name + "}', or remove it"
            if name_fault(unused.name) is not None:  # a name no deck can write
                hint = f"remove it, or {RENAME_HINT}"
            diagnostics.add(
                CARD_DATA_UNUSED,
                f"data file '{unused.name}' is read by no deck",
                Span(relative(unused), 1, 1),
                hint=hint,
            )
    return broken


# --- pieces -------------------------------------------------------------------------------------


def _count(value: Any) -> int:
    """The copies a count stands for here: a count the model will refuse (not a whole number,
    out of its range) is reported there, and counts as one piece until then."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_COPIES:
        return value
    return 1


def _pieces(whose: str, value: Any) -> tuple[int, str]:
    """The pieces a card's or a row's count stands for here, and how PK804 says so. A card set
    aside (count 0) is still checked like one piece: 38,000 of them took a deck's work."""
    if type(value) is int and value == 0:
        return 1, f"this {whose}, set aside (count 0) but checked like a piece, brings it"
    count = _count(value)
    return count, f"this {whose}'s {count:,} {'copy brings' if count == 1 else 'copies bring'} it"


@dataclass
class _Pieces:
    """A deck's pieces, added up as its sources are read, so that a deck past the limit is
    reported where its count passes it, before its cards are made (a generator of 101 cards
    of 10,000 copies each cost 81 s and 1.4 GB before any check could say the deck was wrong)."""

    deck_id: str
    diagnostics: Diagnostics
    total: int = 0

    def add(self, count: int, where: Span, what: str) -> bool:
        """Whether the deck stays within the limit with `count` more pieces, which `what` says
        with its verb ('this card's 3 copies bring it'; written at `where`); reported once,
        where it passes the limit."""
        within = self.total <= MAX_PIECES
        self.total += count
        if within and self.total > MAX_PIECES:
            self.diagnostics.add(
                TOO_MANY_PIECES,
                f"deck '{self.deck_id}' holds more than {MAX_PIECES:,} pieces: {what} to "
                f"{self.total:,}",
                where,
                hint="a printed game holds a few thousand pieces at most: check the counts "
                "(limits: 'printkit schema --limits'), or split the deck",
            )
        return self.total <= MAX_PIECES

    def add_listed(self, cards: list[Any], path: PathKey, spans: SourceMap) -> bool:
        """The cards listed in YAML, each at its count (or the card, which then makes one)."""
        for index, card in enumerate(cards):
            count, what = _pieces("card", card.get("count", 1) if isinstance(card, dict) else 1)
            if not self.add(count, spans.value((*path, index, "count")), what):
                return False
        return True

    def add_rows(self, rows: list[Row], fallback: Span) -> bool:
        """A data file's rows, each at its count cell (or its first cell)."""
        for cells in rows:
            counted = cells.get("count")
            counted = counted if counted and counted.value is not None else None
            cell = counted or next((c for c in cells.values() if c.value is not None), None)
            count, what = _pieces("row", _number(counted.value) if counted else 1)
            if not self.add(count, cell.span if cell else fallback, what):
                return False
        return True


# --- spreadsheets ------------------------------------------------------------------------------


class Cell(NamedTuple):
    """A value of a card that is not listed in YAML, and where the designer wrote it (a named
    tuple: a deck of 10,000 rows makes one per filled cell, and a tuple is quick to make)."""

    value: Any
    span: Span  # the value: a spreadsheet's cell, a generator's entry
    key_span: Span  # its name, written once for every card: the column's header, the entry's key
    written: PathKey | None = None  # a generator's entry, named by diagnostics that name a path


Row = dict[str, Cell]


def _read_file(
    files: GameFiles,
    name: str,
    source: dict[str, Any],
    path: tuple[str, ...],
    spans: SourceMap,
    read: set[str],
    diagnostics: Diagnostics,
) -> list[Row]:
    """The rows of the file a deck names. A name that is close to a file of the folder adds
    that file to `read`: that no deck reads it (PK802) is the same mistake."""
    where, url_at = spans.value((*path, "file")), spans.value((*path, "url"))
    url = source.get("url")
    if isinstance(url, str):
        check_url(url, url_at, diagnostics)
    try:
        target = saved_copy(files, name)
        data = files.read(target, CARD_DATA)
    except NotFound as missing:
        if missing.meant is not None:
            read.add(missing.meant)
        if not isinstance(url, str):
            diagnostics.add(missing.code, missing.message, where, hint=missing.hint)
            return []
        game = files.folder.name
        diagnostics.add(
            CARD_DATA_NOT_FETCHED,
            f"'{name}' has not been fetched from its URL yet",
            where,
            hint=f"run 'printkit fetch {game}' to download it into the game's folder, and "
            "commit it with the game: builds read only the saved copy",
        )
        return []
    except Refused as refused:
        diagnostics.add(refused.code, refused.message, refused.span(where), hint=refused.hint)
        return []
    if isinstance(url, str):
        _compare_with_record(target, data, url, files.folder.name, (where, url_at), diagnostics)
    sheet = source.get("sheet")
    named_at = spans.value((*path, "sheet")) if sheet is not None else where
    return data_rows(data, target.suffix, relative(target), sheet, named_at, diagnostics)


def _compare_with_record(
    target: Path,
    data: bytes,
    url: str,
    game: str,
    at: tuple[Span, Span],
    diagnostics: Diagnostics,
) -> None:
    """Warn when the saved copy is not what `printkit fetch` recorded: edits made to it would
    be lost at the next fetch, or it came from another address than the deck names. No record
    (a file saved by hand before the URL was written) is no finding."""
    record = read_record(target)
    if record is None:
        return
    name, (file_at, url_at) = relative(target), at
    if record.sha256 != hashlib.sha256(data).hexdigest():
        message = f"'{name}' was changed since it was fetched from its URL at {record.fetched}"
        hint = f"the next 'printkit fetch {game}' replaces it: make the change in the online sheet"
        diagnostics.add(FETCHED_COPY_CHANGED, message, file_at, hint=hint)
    elif record.url != url:
        message = f"'{name}' was fetched from another address: {record.url}"
        hint = f"run 'printkit fetch {game}' to download it from the address the deck names"
        diagnostics.add(FETCHED_COPY_CHANGED, message, url_at, hint=hint)


def check_url(url: str, where: Span, diagnostics: Diagnostics) -> bool:
    """Whether `url` is an address card data may be downloaded from; reported at `where`."""
    problem = url_problem(url)
    if problem is not None:
        diagnostics.add(
            CARD_DATA_URL_BAD,
            f"card data URL refused: {problem}",
            where,
            hint="write the address a browser shows, such as "
            "'https://docs.google.com/spreadsheets/d/<id>/edit' or 'https://example.org/cards.csv'",
        )
    return problem is None


def saved_copy(files: GameFiles, name: str) -> Path:
    """The CSV or XLSX file a deck names, in the game's folder: Refused when the name is no
    such file, NotFound when it names nothing there yet."""
    target = files.locate(name, CARD_DATA)
    require_data_suffix(name)
    return target


def require_data_suffix(name: str) -> None:
    """Refuse a name that is no CSV or XLSX file's."""
    if Path(name).suffix.lower() not in DATA_SUFFIXES:
        raise Refused(
            CARD_DATA_MISSING,
            f"'{name}' is not a CSV or XLSX file",
            "card data comes from a .csv file (UTF-8, a header row) or an .xlsx workbook",
        )


def column_letters(column: int) -> str:
    """A spreadsheet's name of its column number `column` (1 is A, 27 is AA)."""
    letters = ""
    while column > 0:
        column, left = divmod(column - 1, 26)
        letters = chr(ord("A") + left) + letters
    return letters


def cell_at(shown: str, sheet: str, row: int, column: int) -> Span:
    """A workbook's cell, named as its user finds it: 'cell D4', after its sheet's name when
    the workbook holds several (`sheet`, else empty)."""
    named = f"sheet '{sheet}', " if sheet else ""
    return Span(shown, row, column, f"{named}cell {column_letters(column)}{row}")


def data_rows(
    data: bytes,
    suffix: str,
    shown: str,
    sheet: Any,
    where: Span,
    diagnostics: Diagnostics,
) -> list[Row]:
    """The rows of a CSV file or an XLSX workbook's sheet (`sheet`, else the first), by header
    name; `shown` names the file in diagnostics, `where` is where a missing sheet is named."""
    if suffix.lower() == ".csv":
        return _csv_rows(data, shown, diagnostics)
    from printkit.load.workbook import workbook_table  # only decks kept in workbooks import it

    read = workbook_table(data, shown, None if sheet is None else str(sheet), where, diagnostics)
    if read is None:
        return []
    table, shown_sheet = read
    return _rows(table, shown, diagnostics, partial(cell_at, shown, shown_sheet))


def _data_files(folder: Path) -> list[Path]:
    """The CSV and XLSX files in the folder but Excel's lock file (`~$cards.xlsx`, there while
    the workbook is open), which the designer never wrote and no deck reads. LibreOffice's
    lock file, `.~lock.cards.xlsx#`, ends in '#' and so is no CSV or XLSX file."""
    return sorted(
        p
        for p in folder.iterdir()
        if p.suffix.lower() in DATA_SUFFIXES and not p.name.startswith("~$")
    )


def _not_utf8(data: bytes, at: int) -> str:
    """Why the file cannot be read, at its first byte that is not UTF-8: a file that reads
    whole as Windows-1252 is most likely Excel's plain 'CSV' save on Windows, which writes
    that encoding, and saying so tells the designer which save to make instead."""
    byte = f"byte 0x{data[at]:02x} here"
    try:
        meant = data.decode("cp1252")[at]  # one character per byte: the same place
    except UnicodeDecodeError:
        return f"the file is not UTF-8 text ({byte})"
    return (
        "the file is not UTF-8 text: it looks like a plain 'CSV' saved by Excel on Windows, "
        f"in Windows-1252 ({byte} is its '{meant}')"
    )


def _csv_rows(data: bytes, shown: str, diagnostics: Diagnostics) -> list[Row]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        # the decoder counts from after a byte-order mark (Excel's 'CSV UTF-8' writes one)
        at = error.start + (len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0)
        diagnostics.add(
            CARD_DATA_BAD,
            _not_utf8(data, at),
            Span(shown, *position_of_byte(data, at)),
            hint="save the spreadsheet as 'CSV UTF-8'",
        )
        return []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    table: Table = []
    try:
        for row in reader:  # streamed: the first row past the limits stops the reading
            if len(table) > MAX_DATA_ROWS or len(row) > MAX_DATA_COLUMNS:
                _report_past_limits(reader.line_num, len(table) > MAX_DATA_ROWS, shown, diagnostics)
                return []
            table.append((reader.line_num, row))
    except csv.Error as error:
        started = table[-1][0] + 1 if table else 1
        if str(error).startswith("field larger than field limit"):
            _report_long_cell(text, started, shown, diagnostics)
            return []
        header = table or _header_alone(text)  # the separator check skips blank rows
        if not _report_other_separator(header, shown, diagnostics):
            _report_bad_csv(str(error), text, started, reader.line_num, shown, diagnostics)
        return []
    if _report_other_separator(table, shown, diagnostics):
        return []
    return _rows(table, shown, diagnostics)


def _report_long_cell(text: str, started: int, shown: str, diagnostics: Diagnostics) -> None:
    """At the cell longer than the CSV reader takes, found by reading its row again without
    the limit (the reader names neither the cell nor its column)."""
    limit = csv.field_size_limit()
    rest = io.StringIO("".join(_lines(text)[started - 1 :]), newline="")
    csv.field_size_limit(len(text) + 1)
    try:
        row = next(csv.reader(rest), [])
    except csv.Error:  # the row is broken besides: its first cell is all that is known
        row = []
    finally:
        csv.field_size_limit(limit)
    column = next((n for n, cell in enumerate(row, 1) if len(cell) > limit), 1)
    diagnostics.add(
        CARD_DATA_BAD,
        f"this cell holds more than the {limit:,} characters a CSV cell may",
        Span(shown, started, column),
        hint="card texts are short: shorten it; if it should end sooner, a quote may be left "
        "open before it",
    )


def _header_alone(text: str) -> Table:
    """The file's first line read on its own, as far as it reads: the header a file with
    another separator has, even where its quoted cells stop the strict reading."""
    lines = _lines(text)
    first = next((number for number, line in enumerate(lines, 1) if line.strip()), None)
    return [] if first is None else [(first, next(csv.reader(lines[first - 1 : first]), []))]


def _lines(text: str) -> list[str]:
    """The file's lines as the CSV reader counts them."""
    return io.StringIO(text, newline="").readlines()


def _report_bad_csv(
    error: str, text: str, started: int, line: int, shown: str, diagnostics: Diagnostics
) -> None:
    """At the line the reading failed on; but where the row began lines earlier with a
    quoted cell left open that holds commas (a stray quote swallowing the cells after it),
    at the cell that quote opened, rather than where the reader gave up."""
    lines = _lines(text)
    first = lines[started - 1] if started <= len(lines) else ""
    row = "".join(lines[started - 1 :])  # the row never ended: the rest of the file
    if error.startswith("unexpected end of data") and (cell := _left_open(row, False)):
        diagnostics.add(
            CARD_DATA_BAD,
            "not valid CSV: a quoted cell opened here is never closed",
            Span(shown, started + cell[0], cell[1]),
            hint='close the quote, or double a quote inside a cell ("")',
        )
        return
    opened = _left_open(first, True) if line > started else None
    if opened is None:
        began = f" (its row began on line {started})" if line > started else ""
        diagnostics.add(
            CARD_DATA_BAD,
            f"not valid CSV: {error}{began}",
            Span(shown, line, 1),
            hint="check the quotes on this line",
        )
        return
    diagnostics.add(
        CARD_DATA_BAD,
        f"not valid CSV: a quoted cell opened here runs on to line {line} ({error})",
        Span(shown, started, opened[1]),
        hint='close the quote on this line, or double a quote inside a cell ("")',
    )


def _left_open(line: str, holding_comma: bool) -> tuple[int, int] | None:
    """(lines into `line`, column from 1) of the cell whose opening quote is still open at
    the end of `line` (a row's text, its cells' line breaks and all), as the CSV reader reads
    it; with `holding_comma`, only when what follows that quote holds a comma: a cell meant to
    span lines seldom does, a stray quote that swallows cells always."""
    column, quoted, start, at_cell_start = 1, False, 0, True
    index = 0
    while index < len(line):
        char = line[index]
        if quoted:
            if char == '"' and line[index + 1 : index + 2] == '"':
                index += 1  # a doubled quote inside the cell
            elif char == '"':
                quoted = False
        elif char == '"' and at_cell_start:
            quoted, start = True, index
        elif char == ",":
            column += 1
        at_cell_start = char == "," and not quoted
        index += 1
    if not quoted or (holding_comma and "," not in line[start:]):
        return None
    return line.count("\n", 0, start), column


def _report_past_limits(line: int, too_long: bool, shown: str, diagnostics: Diagnostics) -> None:
    """At the first row past the limit of rows, or the first cell past the limit of columns."""
    if too_long:
        message = f"the file has more than {MAX_DATA_ROWS:,} rows below the header"
        where = Span(shown, line, 1)
    else:
        message = f"this row has more than {MAX_DATA_COLUMNS} columns"
        where = Span(shown, line, MAX_DATA_COLUMNS + 1)
    diagnostics.add(
        CARD_DATA_TOO_LARGE,
        message,
        where,
        hint="a deck's data holds a row per card and a column per field (limits: 'printkit "
        "schema --limits'); split the cards into several decks",
    )


_SEPARATORS = {";": "semicolons", "\t": "tabs"}


def _report_other_separator(table: Table, shown: str, diagnostics: Diagnostics) -> bool:
    """Whether the header is one column holding semicolons or tabs, reported at the header: a
    file saved with another separator (a spreadsheet set to a language that writes decimal
    commas separates with ';') reads as a single field per card, and would fail only later, as
    every card missing its name."""
    first = next(_filled(table), None)
    if first is None or len(first[1]) != 1:
        return False
    line, (header,) = first
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


def _filled(table: Table) -> Iterator[tuple[int, list[Any]]]:
    """The rows that hold a value: a blank row is a spreadsheet's spacing, not a card."""
    return ((line, row) for line, row in table if not all(map(_blank, row)))


def _rows(
    table: Table,
    shown: str,
    diagnostics: Diagnostics,
    place: Callable[[int, int], Span] | None = None,
) -> list[Row]:
    """Cells by header name, skipping blank rows; the column of a span is the spreadsheet's
    column number (1 is column A). `place` makes a cell's span (a workbook's names its cell);
    by default its line and column."""
    at = place or partial(Span, shown)
    filled = _filled(table)
    first = next(filled, None)
    if first is None:
        diagnostics.add(
            CARD_DATA_BAD,
            "the file holds no rows",
            Span(shown, 1, 1),  # the whole file: no cell
            hint="the first row names the card fields (name, count, …), one card per row below",
        )
        return []
    header_line, header = first
    names = [str(cell).strip() if not _blank(cell) else "" for cell in header]
    for column, name in enumerate(names, start=1):
        if not name or names.index(name) != column - 1:
            diagnostics.add(
                CARD_DATA_BAD,
                f"column {column} of the header is {'empty' if not name else 'repeated'}",
                at(header_line, column),
                hint="give every column a distinct field name in the first row",
            )
            return []
    columns = [
        (column, name, at(header_line, column)) for column, name in enumerate(names, start=1)
    ]
    rows = []
    characters = 0
    for line, row in filled:
        if _repeats_header(row, names):
            place = "line" if _is_csv(shown) else "row"
            diagnostics.add(
                CARD_DATA_BAD,
                f"this {place} repeats the header ({place} {header_line}), not a card",
                at(line, 1),
                hint=f"remove it: the first {place} names the fields, and each {place} below it "
                "is a card (a header pasted again with the rows below it)",
            )
            continue  # its cells are the fields' names: their findings would mislead
        characters += sum(len(value) for value in row if isinstance(value, str))
        if characters > MAX_DATA_CHARACTERS:  # a shared string's every use is read whole
            diagnostics.add(
                CARD_DATA_TOO_LARGE,
                f"the file's cells hold more than {MAX_DATA_CHARACTERS:,} characters of text "
                "up to this row (a text used in many cells counts at each)",
                at(line, 1),
                hint="card texts are short: print long text from a file of its own, or split "
                "the cards into several decks (limits: 'printkit schema --limits')",
            )
            return []
        # an empty cell is kept as None: where a required field is missing, it is the place
        padded = [*row, *[None] * (len(columns) - len(row))]  # a short row's missing cells
        cells: Row = {
            name: Cell(None if _blank(value) else value, at(line, column), header_span)
            for (column, name, header_span), value in zip(columns, padded, strict=False)
        }
        beyond = [
            column
            for column, value in enumerate(row[len(names) :], start=len(names) + 1)
            if not _blank(value)
        ]
        if beyond:  # once a row: a text's unquoted commas make several
            quoting = (
                "; a cell whose text holds a comma must be in double quotes "
                '("Discard a card, then draw.")'
                if _is_csv(shown)
                else ""
            )
            diagnostics.add(
                CARD_DATA_BAD,
                f"this row has values in {len(beyond)} column(s) past the header's {len(names)}",
                at(line, beyond[0]),
                hint=f"name the column in the header row, or remove the value{quoting}",
            )
            continue  # its values stand in the wrong columns: their findings would mislead
        rows.append(cells)
    return rows


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _is_csv(shown: str) -> bool:
    return shown.lower().endswith(".csv")


def _repeats_header(row: list[Any], names: list[str]) -> bool:
    """Whether a row holds the header's names again, each in its own column, and nothing
    else: two at least, as a card with one value could be named like a field."""
    filled = [(column, str(value).strip()) for column, value in enumerate(row) if not _blank(value)]
    return len(filled) >= 2 and all(
        column < len(names) and text.casefold() == names[column].casefold()
        for column, text in filled
    )


def _typed_cards(
    rows: list[Row],
    fields: dict[str, Any],
    path: tuple[str, ...],
    first_index: int,
    spans: SourceMap,
    broken: set[PathKey],
    diagnostics: Diagnostics,
) -> list[dict[str, Any]]:
    """Cells typed as the deck declares its fields: numbers where it says number, text
    elsewhere; a cell that cannot be its field's type is a diagnostic at that cell, left out
    of its card and added to `broken`. The cards follow those listed in YAML, from
    `first_index` on, and their spans point at their cells."""
    numbers = NUMBER_KEYS | {key for key, kind in fields.items() if kind == "number"}
    cards = []
    for index, cells in enumerate(rows, start=first_index):
        card: dict[str, Any] = {}
        for key, cell in cells.items():
            at = (*path, index, key)
            spans.values[at] = cell.span
            spans.keys[at] = cell.key_span
            if cell.written is not None:
                spans.written[at] = cell.written
            if cell.value is None:
                continue  # an empty cell: no value, but its place is known
            wants_number = key in numbers
            typed = _number(cell.value) if wants_number else _text(cell.value)
            if typed is None:
                diagnostics.add(
                    CARD_DATA_BAD,
                    f"'{cell.value}' in column '{key}' is not a number",
                    cell.span,
                    hint="write a whole number such as 3"
                    if key in NUMBER_KEYS
                    else "write a plain number such as 3 or 2.5",
                )
                broken.add(at)
                continue
            card[key] = typed
        filled = [cell.span for cell in cells.values() if cell.value is not None]
        if filled:
            spans.values[(*path, index)] = min(filled, key=lambda span: span.column)
        cards.append(card)
    return cards


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value  # any size: a count past its bound is the model's finding, not an overflow
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    if number != number or number in (float("inf"), float("-inf")):
        return None
    return int(number) if number.is_integer() else number


class Percent(float):
    """A number an XLSX sheet shows as a percentage (0.5 formatted '0%' shows '50%'): a number
    field takes it as the number, a text field as the sheet shows it."""

    shown: str


def _text(value: Any) -> str:
    """A cell as the text a card prints: a whole number without '.0', a spreadsheet's date as
    its day (2026-03-04, not '2026-03-04 00:00:00', whose ':00:' read as an icon's name)."""
    if isinstance(value, Percent):
        return value.shown
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime) and value.time() == time():
        return value.date().isoformat()
    if isinstance(value, datetime):
        return value.isoformat(sep=" ", timespec="seconds" if value.second else "minutes")
    return str(value).strip()


# --- generated decks -----------------------------------------------------------------------------


def _product(
    source: dict[str, Any], path: tuple[str, ...], spans: SourceMap, pieces: _Pieces
) -> list[Row]:
    """One card per combination of the lists of `of`, in order (the last list varies fastest);
    `name` and every entry of `values` are templates over the combination. The combinations
    and their copies are counted before any card is made."""
    diagnostics = pieces.diagnostics
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
    combinations = math.prod(len(options) for options in lists.values())
    copies = _count(source.get("count", 1))
    what = f"the product's {combinations:,} cards" + (f" × {copies:,} copies" if copies > 1 else "")
    what += " bring it"
    if copies > 1:
        where = spans.value((*path, "count"))
    if not pieces.add(combinations * copies, where, what):
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
