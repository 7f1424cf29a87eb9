"""What an XLSX sheet holds, measured from its XML before openpyxl reads a cell of it.

A sheet states its extent in `<dimension ref="A1:D20">`, and openpyxl's streaming reader pads
every row to that extent and stops at it: a 5 KB file declaring A1:XFD1048576 makes it build a
million rows of 16,384 cells, and one declaring less than its data silently drops the rest. So
the declared dimension is never used. One streaming pass over the sheet's XML (expat, a
constant amount of memory) finds instead the real extent of the cells that hold something, the
first such cell past the work limits, the formulas that have no saved value, which a workbook
read for its values alone (openpyxl's `data_only`) would show as blank cells, and the first
cell whose saved XML no spreadsheet program writes, which openpyxl would fail on (or misread)
with no word of where: a number that is none, a text or style that is not in the workbook's
lists, a date that is none, a reference that names no cell.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO
from xml.parsers import expat

from openpyxl.utils.cell import coordinate_to_tuple
from openpyxl.utils.datetime import from_ISO8601

from printkit.model.limits import MAX_DATA_COLUMNS, MAX_DATA_ROWS

_LAST_ROW = MAX_DATA_ROWS + 1  # the header, then the rows a deck may hold
_SHEET_COLUMNS = 16_384  # A to XFD, as many as a spreadsheet program allows


@dataclass
class Formula:
    """A formula without a saved value, and its cell."""

    row: int
    column: int
    text: str  # as written, without its '='; empty where a shared formula is written once


@dataclass
class Damage:
    """A cell whose saved XML is damaged, where (the place it takes in the sheet) and what."""

    row: int
    column: int
    message: str
    hint: str


@dataclass
class SheetSurvey:
    rows: int = 0  # the last row holding a value (0: none does)
    columns: int = 0  # the last column holding a value
    past_limits: tuple[int, int] | None = None  # the first cell holding a value past them
    unsaved: list[Formula] = field(default_factory=list)
    damaged: Damage | None = None  # the first damaged cell


@dataclass
class _Cell:
    row: int
    column: int
    kind: str  # the cell's `t`: n(umber), s(hared string), str (a formula's text), inlineStr…
    style: str  # its `s`, an index into the workbook's cell styles ("" for the first)
    value: list[str] = field(default_factory=list)
    formula: list[str] | None = None
    inline: bool = False  # holds an <is> (inline string)


class _Surveyor:
    """expat handlers that count rows and cells the way openpyxl places them: a row is its `r`
    or the one after the last, a cell its `r`'s column or the one after the last in its row.
    `texts` and `styles` are how many shared texts and cell styles the workbook holds."""

    def __init__(self, texts: int, styles: int) -> None:
        self.survey = SheetSurvey()
        self.texts, self.styles = texts, styles
        self.row = 0
        self.column = 0
        self.cells_in_row = 0  # the same cell may be written twice; a sheet has 16,384 columns
        self.cell: _Cell | None = None
        self.text: list[str] | None = None  # where character data goes: a <v> or an <f>

    def start(self, name: str, attributes: dict[str, str]) -> None:
        tag = name.rpartition(" ")[2]  # "namespace local" as the parser is told to write it
        if tag == "row":
            self.row = self._row_number(attributes.get("r"))
            self.column = self.cells_in_row = 0
        elif tag == "c":
            self.column = self._column(attributes.get("r"))
            self.cells_in_row += 1
            if self.cells_in_row > _SHEET_COLUMNS:  # openpyxl holds a row's cells at once
                raise ValueError(f"row {self.row} holds more cells than a sheet has columns")
            kind, style = attributes.get("t", "n"), attributes.get("s", "")
            self.cell = _Cell(self.row, self.column, kind, style)
        elif self.cell is not None and tag == "v":
            self.text = self.cell.value
        elif self.cell is not None and tag == "f":
            self.cell.formula = self.text = []
        elif self.cell is not None and tag == "is":
            self.cell.inline = True

    def end(self, name: str) -> None:
        tag = name.rpartition(" ")[2]
        if tag in ("v", "f"):
            self.text = None
        elif tag == "c" and self.cell is not None:
            self._count(self.cell)
            self._keep_first(self._damage(self.cell))
            self.cell = None

    def characters(self, data: str) -> None:
        if self.text is not None:
            self.text.append(data)

    def _row_number(self, text: str | None) -> int:
        """A row's number, or the one after the last where it has none or a damaged one."""
        if text is None:
            return self.row + 1
        try:
            return _number(text)
        except ValueError:
            self._keep_first(
                Damage(
                    self.row + 1,
                    1,
                    f"the row after row {self.row} is damaged: its saved number {_shown(text)} "
                    "is not a row number",
                    _RETYPE_ROW,
                )
            )
            return self.row + 1

    def _column(self, reference: str | None) -> int:
        """A cell's column, or the one after the last in its row where it has no reference or
        a damaged one (as openpyxl reads one: 'B12', not '$B$12')."""
        if not reference:
            return self.column + 1
        try:
            return coordinate_to_tuple(reference)[1]
        except ValueError:
            self._keep_first(
                Damage(
                    self.row,
                    self.column + 1,
                    f"a cell of row {self.row} is damaged: its saved reference "
                    f"{_shown(reference)} names no cell",
                    _RETYPE_ROW,
                )
            )
            return self.column + 1

    def _keep_first(self, damage: Damage | None) -> None:
        """The first damage of the sheet is the one reported: one fix at a time."""
        if self.survey.damaged is None:
            self.survey.damaged = damage

    def _damage(self, cell: _Cell) -> Damage | None:
        """What is damaged in a cell as openpyxl would read it: its style, which every cell
        read has, and its saved value, converted as its type says. The message does not name
        the cell: its place does ("cards.xlsx, cell D2")."""
        if cell.style and not _index(cell.style, self.styles):
            return Damage(
                cell.row,
                cell.column,
                f"the saved format is damaged: it names cell style {_shown(cell.style)}, "
                f"and the workbook has {self.styles:,}",
                "the cell's saved format is damaged: clear the cell's formatting in the "
                "spreadsheet program, or retype the cell, and save the file again",
            )
        value = "".join(cell.value)
        problem = _value_problem(cell.kind, value, self.texts) if value else None
        if problem is None:
            return None
        return Damage(cell.row, cell.column, f"the saved {problem}", _RETYPE_VALUE)

    def _count(self, cell: _Cell) -> None:
        saved = cell.inline or bool("".join(cell.value))
        if not (saved or cell.formula is not None):
            return  # a blank cell (formatting only) is never read
        survey = self.survey
        if survey.past_limits is None and (cell.row > _LAST_ROW or cell.column > MAX_DATA_COLUMNS):
            survey.past_limits = (cell.row, cell.column)
        survey.rows = max(survey.rows, cell.row)
        survey.columns = max(survey.columns, cell.column)
        # A formula whose saved result is empty text (`=IF(A2="", "", …)`) is blank on purpose.
        if cell.formula is not None and not saved and cell.kind not in ("str", "inlineStr"):
            survey.unsaved.append(Formula(cell.row, cell.column, "".join(cell.formula)))


_RETYPE_VALUE = (
    "the cell's saved value is damaged: retype it in the spreadsheet program and save the "
    "file again"
)
_RETYPE_ROW = (
    "the sheet's saved cells are damaged here: retype the row in the spreadsheet program and "
    "save the file again"
)


def _value_problem(kind: str, value: str, texts: int) -> str | None:
    """What is wrong with a cell's saved value for its type, in words following "saved", or
    None: openpyxl reads a number (`n`) as an int or a float, a text (`s`) as an index into the
    workbook's shared texts (a negative one silently from the end of the list), a boolean
    (`b`) as an int and a date (`d`) as ISO 8601; other types as they are."""
    if kind == "n":
        digits, most = value.strip().lstrip("+-"), sys.get_int_max_str_digits()
        if digits.isdigit() and 0 < most < len(digits):  # Python reads no longer number
            return f"number has {len(digits):,} digits, more than the {most:,} a number may have"
        if not _converts(float if any(mark in value for mark in ".Ee") else int, value):
            return f"value {_shown(value)} is not a number"
    elif kind == "s" and not _index(value, texts):
        return (
            f"text is damaged: it names entry {_shown(value)} of the workbook's list of texts, "
            f"which holds {f'{texts:,}' if texts else 'none'}"
        )
    elif kind == "b" and not _converts(int, value):
        return f"value {_shown(value)} is not TRUE or FALSE"
    elif kind == "d" and not _converts(from_ISO8601, value):
        return f"date {_shown(value)} is not a date"
    return None


def _converts(read: Callable[[str], object], value: str) -> bool:
    try:
        read(value)
    except ValueError:
        return False
    return True


def _index(text: str, count: int) -> bool:
    """Whether `text` is an index into a list of `count` entries, as openpyxl takes one."""
    try:
        return 0 <= int(text) < count
    except ValueError:
        return False


def _shown(text: str) -> str:
    """A saved text quoted in a message, cut to its first 20 characters."""
    return repr(text) if len(text) <= 20 else f"'{text[:20]}…' ({len(text):,} characters)"


def survey_sheet(source: IO[bytes], texts: int, styles: int) -> SheetSurvey:
    """The survey of a sheet's XML, read in chunks, in a workbook of `texts` shared texts and
    `styles` cell styles. Raises expat.ExpatError (not XML), or ValueError (a row of more cells
    than a sheet has columns), as openpyxl would on the same sheet."""
    surveyor = _Surveyor(texts, styles)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = surveyor.start
    parser.EndElementHandler = surveyor.end
    parser.CharacterDataHandler = surveyor.characters
    parser.buffer_text = True
    parser.ParseFile(source)
    return surveyor.survey


def _number(text: str) -> int:
    """A row's number; openpyxl takes '3.0' for 3 too."""
    number = float(text)
    if not number.is_integer() or number < 1:
        raise ValueError(f"{text} is not a valid row number")
    return int(number)
