"""An .xlsx card data file as rows of cell values, or a diagnostic saying why it has none.

An .xlsx workbook is a zip archive of XML parts, read by openpyxl. A file that is no such
archive (a CSV renamed .xlsx, an old .xls, a password-protected workbook, a copy cut short)
fails inside openpyxl as a zip or XML error, which a designer cannot act on; and a formula
whose value was never computed (a workbook written by a program, not a spreadsheet) reads as
a blank cell, so its card silently lacks the value. Both are named here, at the file or the
cell, in terms of what to do in the spreadsheet program.
"""

from __future__ import annotations

import io
import zipfile
from contextlib import closing
from pathlib import PurePath
from typing import Any, NamedTuple

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from printkit.diagnostics import (
    CARD_DATA_BAD,
    CARD_DATA_MISSING,
    Diagnostics,
    Span,
    did_you_mean,
    some_of,
)

Table = list[tuple[int, list[Any]]]  # (row number, the row's cell values), 1 is the first row

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the container of .xls and of encrypted workbooks
_ZIP = b"PK\x03\x04"  # how a zip archive, and so every .xlsx, begins
_SAVE_AS = (
    "open it in a spreadsheet program and save it as 'Excel Workbook (.xlsx)' without a "
    "password, or save the sheet as 'CSV UTF-8' and name the .csv file in card_data"
)


class _Cell(NamedTuple):
    """A cell as saved and as written: a formula is only known to lack its value by both."""

    saved: Any  # the value a spreadsheet program saved; None for a blank cell
    empty_text: bool  # a formula's saved result is empty text: blank on purpose
    written: Any  # the formula as written, else the value again


def workbook_table(
    data: bytes, shown: str, sheet: str | None, where: Span, diagnostics: Diagnostics
) -> Table | None:
    """The rows of `sheet` (the first sheet when None); None when a diagnostic says why the
    file gives none. `where` is the `card_data` entry, where a missing sheet is named."""
    if not zipfile.is_zipfile(io.BytesIO(data)):
        _unreadable(shown, _not_a_zip(data), diagnostics)
        return None
    try:
        names, rows = _cells(data, sheet)
    except Exception as error:  # openpyxl raises zipfile's, the XML parser's and its own errors
        detail = error.args[0] if len(error.args) == 1 else (str(error) or type(error).__name__)
        _unreadable(shown, f"it is a zip archive but not a workbook ({detail})", diagnostics)
        return None
    if rows is None:
        diagnostics.add(
            CARD_DATA_MISSING,
            f"no sheet '{sheet}' in {PurePath(shown).name}",
            where,
            hint=did_you_mean(str(sheet), names),
        )
        return None
    if _report_unsaved_formulas(rows, shown, diagnostics):
        return None
    return [(number, [cell.saved for cell in row]) for number, row in enumerate(rows, start=1)]


def _cells(data: bytes, sheet: str | None) -> tuple[list[str], list[list[_Cell]] | None]:
    """The workbook's sheet names and the cells of `sheet` (None when it has no such sheet).
    openpyxl gives a formula or its saved value, never both, so the workbook is read twice."""
    with (
        closing(load_workbook(io.BytesIO(data), read_only=True, data_only=True)) as saved,
        closing(load_workbook(io.BytesIO(data), read_only=True, data_only=False)) as written,
    ):
        names = saved.sheetnames
        if sheet is not None and sheet not in names:
            return names, None
        saved_rows, written_rows = (
            (book[sheet] if sheet is not None else book.worksheets[0]).iter_rows()
            for book in (saved, written)
        )
        return names, [
            [_Cell(s.value, s.data_type == "str", w.value) for s, w in zip(*pair, strict=True)]
            for pair in zip(saved_rows, written_rows, strict=True)
        ]


def _report_unsaved_formulas(rows: list[list[_Cell]], shown: str, diagnostics: Diagnostics) -> bool:
    """Whether some formula has no saved value, reported once at the first such cell: the
    file needs one fix (opening and saving it), however many formulas it holds. A formula
    whose saved result is empty text (`=IF(A2="", "", …)`) is a blank cell, not a mistake."""
    unsaved = [
        (line, column, cell.written)
        for line, row in enumerate(rows, start=1)
        for column, cell in enumerate(row, start=1)
        if cell.saved is None and not cell.empty_text and cell.written is not None
    ]
    if not unsaved:
        return False
    line, column, formula = unsaved[0]
    others = [f"{get_column_letter(c)}{n}" for n, c, _ in unsaved[1:]]
    diagnostics.add(
        CARD_DATA_BAD,
        f"the formula '{getattr(formula, 'text', formula)}' has no saved value"
        + (f" (nor have {len(others)} more cells: {some_of(others)})" if others else ""),
        Span(shown, line, column),
        hint="open the file in a spreadsheet program and save it, so the values the formulas "
        "compute are stored with them",
    )
    return True


def _not_a_zip(data: bytes) -> str:
    """Why a file named .xlsx is not one, from how it begins."""
    if not data:
        return "the file is empty"
    if data.startswith(_OLE):
        return "it is an old-format (.xls) or a password-protected workbook"
    if data.startswith(_ZIP):
        return "the file is cut short"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "it is not a zip archive, as every .xlsx workbook is"
    return "it is a text file (a CSV file renamed .xlsx?)"


def _unreadable(shown: str, reason: str, diagnostics: Diagnostics) -> None:
    """At the file: no cell of a file that is no workbook can be named."""
    diagnostics.add(
        CARD_DATA_BAD,
        f"cannot be read as an Excel workbook: {reason}",
        Span(shown, 1, 1),
        hint=_SAVE_AS,
    )
