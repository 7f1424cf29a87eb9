"""What an XLSX sheet holds, measured from its XML before openpyxl reads a cell of it.

A sheet states its extent in `<dimension ref="A1:D20">`, and openpyxl's streaming reader pads
every row to that extent and stops at it: a 5 KB file declaring A1:XFD1048576 makes it build a
million rows of 16,384 cells, and one declaring less than its data silently drops the rest. So
the declared dimension is never used. One streaming pass over the sheet's XML (expat, a
constant amount of memory) finds instead the real extent of the cells that hold something, the
first such cell past the work limits, and the formulas that have no saved value, which a
workbook read for its values alone (openpyxl's `data_only`) would show as blank cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import IO
from xml.parsers import expat

from openpyxl.utils import column_index_from_string

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
class SheetSurvey:
    rows: int = 0  # the last row holding a value (0: none does)
    columns: int = 0  # the last column holding a value
    past_limits: tuple[int, int] | None = None  # the first cell holding a value past them
    unsaved: list[Formula] = field(default_factory=list)


@dataclass
class _Cell:
    row: int
    column: int
    kind: str  # the cell's `t`: n(umber), s(hared string), str (a formula's text), inlineStr…
    value: list[str] = field(default_factory=list)
    formula: list[str] | None = None
    inline: bool = False  # holds an <is> (inline string)


class _Surveyor:
    """expat handlers that count rows and cells the way openpyxl places them: a row is its `r`
    or the one after the last, a cell its `r`'s column or the one after the last in its row."""

    def __init__(self) -> None:
        self.survey = SheetSurvey()
        self.row = 0
        self.column = 0
        self.cells_in_row = 0  # the same cell may be written twice; a sheet has 16,384 columns
        self.cell: _Cell | None = None
        self.text: list[str] | None = None  # where character data goes: a <v> or an <f>

    def start(self, name: str, attributes: dict[str, str]) -> None:
        tag = name.rpartition(" ")[2]  # "namespace local" as the parser is told to write it
        if tag == "row":
            self.row = _number(attributes["r"]) if "r" in attributes else self.row + 1
            self.column = self.cells_in_row = 0
        elif tag == "c":
            where = attributes.get("r")
            self.column = _column(where) if where else self.column + 1
            self.cells_in_row += 1
            if self.cells_in_row > _SHEET_COLUMNS:  # openpyxl holds a row's cells at once
                raise ValueError(f"row {self.row} holds more cells than a sheet has columns")
            self.cell = _Cell(self.row, self.column, attributes.get("t", "n"))
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
            self.cell = None

    def characters(self, data: str) -> None:
        if self.text is not None:
            self.text.append(data)

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


def survey_sheet(source: IO[bytes]) -> SheetSurvey:
    """The survey of a sheet's XML, read in chunks. Raises ValueError (a cell reference that is
    none) or expat.ExpatError (not XML), as openpyxl would on the same sheet."""
    surveyor = _Surveyor()
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


def _column(reference: str) -> int:
    """The column of a cell reference such as 'B12' or '$B$12' (1 is column A)."""
    letters = reference.replace("$", "").rstrip("0123456789")
    if not letters or not letters.isalpha():
        raise ValueError(f"'{reference}' is not a cell reference")
    return column_index_from_string(letters.upper())
