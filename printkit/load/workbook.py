"""An .xlsx card data file as rows of cell values, or a diagnostic saying why it has none.

An .xlsx workbook is a zip archive of XML parts, read by openpyxl. A file that is no such
archive (a CSV renamed .xlsx, an old .xls, a password-protected workbook, a copy cut short)
fails inside openpyxl as a zip or XML error, which a designer cannot act on; and a formula
whose value was never computed (a workbook written by a program, not a spreadsheet) reads as
a blank cell, so its card silently lacks the value. Both are named here, at the file or the
cell, in terms of what to do in the spreadsheet program.

A small file can also ask for a great deal of work: zipped XML inflates a thousand times, and
a sheet may declare (or hold) a cell a million rows down. So the archive's stated sizes are
checked before any part is inflated, and the sheet's real extent (`sheet_survey`) before any
cell is read; the rows are then streamed, up to that extent.
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from contextlib import closing
from pathlib import PurePath
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import range_boundaries
from openpyxl.xml.constants import (
    ARC_CONTENT_TYPES,
    ARC_CORE,
    ARC_CUSTOM,
    ARC_ROOT_RELS,
    ARC_STYLE,
    ARC_WORKBOOK,
    ARC_WORKBOOK_RELS,
)

from printkit.diagnostics import (
    CARD_DATA_BAD,
    CARD_DATA_MISSING,
    CARD_DATA_TOO_LARGE,
    WORKBOOK_TOO_LARGE,
    Diagnostics,
    Span,
    did_you_mean,
    some_of,
)
from printkit.load.card_sources import Percent, cell_at, column_letters
from printkit.load.sheet_survey import SheetSurvey, survey_sheet
from printkit.model.limits import (
    COMPRESSION_CHECKED_FROM,
    MAX_COMPRESSION_RATIO,
    MAX_DATA_COLUMNS,
    MAX_DATA_ROWS,
    MAX_WORKBOOK_INFLATED,
    MAX_WORKBOOK_WHOLE_PART,
)

Table = list[tuple[int, list[Any]]]  # (row number, the row's cell values), 1 is the first row

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the container of .xls and of encrypted workbooks
_ZIP = b"PK\x03\x04"  # how a zip archive, and so every .xlsx, begins
_SAVE_AS = (
    "open it in a spreadsheet program and save it as 'Excel Workbook (.xlsx)' without a "
    "password, or save the sheet as 'CSV UTF-8' and name the .csv file in card_data"
)
_MB = 1024 * 1024
# The parts openpyxl reads whole, at the names it reads them from; sheets and shared strings
# are streamed.
_READ_WHOLE = {
    ARC_CONTENT_TYPES,
    ARC_ROOT_RELS,
    ARC_WORKBOOK,
    ARC_WORKBOOK_RELS,
    ARC_STYLE,
    ARC_CORE,
    ARC_CUSTOM,
}


def workbook_table(
    data: bytes, shown: str, sheet: str | None, where: Span, diagnostics: Diagnostics
) -> tuple[Table, str] | None:
    """The rows of `sheet` (the first sheet when None), and the sheet's name as its cells'
    places show it (none when it is the workbook's only sheet); None when a diagnostic says
    why the file gives none. `where` is the `card_data` entry, where a missing sheet is
    named."""
    if not zipfile.is_zipfile(io.BytesIO(data)):
        _unreadable(shown, _not_a_zip(data), diagnostics)
        return None
    if _report_inflation(data, shown, diagnostics):
        return None
    try:
        names, found = _read(data, sheet)
    except Exception as error:  # openpyxl raises zipfile's, the XML parser's and its own errors
        detail = error.args[0] if len(error.args) == 1 else (str(error) or type(error).__name__)
        _unreadable(shown, f"it is a zip archive but not a workbook ({detail})", diagnostics)
        return None
    if found is None:
        diagnostics.add(
            CARD_DATA_MISSING,
            f"no sheet '{sheet}' in {PurePath(shown).name}",
            where,
            hint=did_you_mean(str(sheet), names),
        )
        return None
    survey, table = found
    title = sheet or names[0]
    shown_sheet = title if len(names) > 1 else ""
    if _report_survey(survey, shown, title, shown_sheet, diagnostics):
        return None
    return table, shown_sheet


def _read(data: bytes, sheet: str | None) -> tuple[list[str], tuple[SheetSurvey, Table] | None]:
    """The workbook's sheet names, and the survey and rows of `sheet` (None when it has no such
    sheet; no rows when the survey finds a mistake). The workbook is opened once, for its saved
    values, and its rows streamed up to the extent the survey measured, never to the extent
    the sheet declares."""
    opened = io.BytesIO(_ranged_dimensions(data))
    with closing(load_workbook(opened, read_only=True, data_only=True)) as book:
        names = book.sheetnames
        if sheet is not None and sheet not in names:
            return names, None
        worksheet = book[sheet] if sheet is not None else book.worksheets[0]
        # openpyxl keeps its archive, the sheet's part name and the workbook's lists of shared
        # texts and cell styles to itself; the survey reads the same part, streamed, before
        # openpyxl reads a cell of it, and checks each cell against those lists.
        with book._archive.open(worksheet._worksheet_path) as source:
            survey = survey_sheet(source, len(worksheet._shared_strings), len(book._cell_styles))
        if survey.past_limits is not None or survey.damaged or survey.unsaved or not survey.rows:
            return names, (survey, [])
        rows = worksheet.iter_rows(max_row=survey.rows, max_col=survey.columns)
        with warnings.catch_warnings():
            # openpyxl warns on stderr of a date past the calendar's end, which it reads as the
            # error value #VALUE!: that cell is reported where it is read, as any error value.
            warnings.simplefilter("ignore")
            table = [(n, [_value(cell) for cell in row]) for n, row in enumerate(rows, 1)]
        return names, (survey, table)


_PERCENT = re.compile(r"0(?:\.(0+))?%")


def _value(cell: Any) -> Any:
    """A cell's saved value; a percentage as its sheet shows it too (a text field printed 0.5
    where the sheet showed 50%)."""
    value = cell.value
    found = _PERCENT.search(getattr(cell, "number_format", "") or "")
    if found is None or isinstance(value, bool) or not isinstance(value, int | float):
        return value
    percent = Percent(value)
    percent.shown = f"{value * 100:.{len(found[1] or '')}f}%"
    return percent


_DIMENSION = re.compile(rb'<(?:\w+:)?dimension\s+ref="([^"]*)"\s*/>')
_HEAD = 4096  # a sheet states its dimension before its first row


def _ranged_dimensions(data: bytes) -> bytes:
    """The workbook with each declared dimension that is no range (`ref="nope"`) left out.

    openpyxl's streaming reader parses every sheet's declared extent when it opens the workbook
    and refuses the whole file over one it cannot parse; printkit never uses the declaration
    (the survey measures the real extent), so a spreadsheet program's slip there must not cost
    the designer the sheet. The archive is rewritten only when a sheet needs it.
    """
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        sheets = [i for i in archive.infolist() if i.filename.startswith("xl/worksheets/")]
        bad = {info.filename for info in sheets if not _ranged(archive, info)}
        if not bad:
            return data
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
            for info in archive.infolist():
                content = archive.read(info)
                if info.filename in bad:
                    content = _DIMENSION.sub(b"", content, count=1)
                copy.writestr(info, content)
    return out.getvalue()


def _ranged(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    with archive.open(info) as part:
        found = _DIMENSION.search(part.read(_HEAD))
    if found is None:
        return True
    try:
        range_boundaries(found.group(1).decode("ascii", "replace"))
    except (ValueError, TypeError):
        return False
    return True


def _report_inflation(data: bytes, shown: str, diagnostics: Diagnostics) -> bool:
    """Whether the archive's parts, as its directory states their sizes, inflate past the
    limit or one compresses like a zip bomb. The sizes are a bound on what is read: Python's
    zip reader never inflates a part past the size its directory gives."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = archive.infolist()
    whole = next(
        (p for p in parts if p.filename in _READ_WHOLE and p.file_size > MAX_WORKBOOK_WHOLE_PART),
        None,
    )
    inflated = sum(part.file_size for part in parts)
    packed = max(1, sum(part.compress_size for part in parts))
    bomb = next(
        (
            part
            for part in parts
            if part.file_size > COMPRESSION_CHECKED_FROM
            and part.file_size > MAX_COMPRESSION_RATIO * max(1, part.compress_size)
        ),
        None,
    )
    if inflated > MAX_WORKBOOK_INFLATED:
        message = (
            f"the workbook inflates to {_size(inflated)} ({inflated // packed:,} times its "
            f"zipped {_size(packed)}), more than the {_size(MAX_WORKBOOK_INFLATED)} limit"
        )
    elif whole is not None:
        message = (
            f"its part '{whole.filename}' inflates to {_size(whole.file_size)}, more than the "
            f"{_size(MAX_WORKBOOK_WHOLE_PART)} limit of a part read whole"
        )
    elif bomb is not None:
        message = (
            f"its part '{bomb.filename}' inflates {bomb.file_size // max(1, bomb.compress_size):,}"
            f" times (to {_size(bomb.file_size)}), more than the {MAX_COMPRESSION_RATIO} times "
            "spreadsheet XML ever compresses"
        )
    else:
        return False
    diagnostics.add(
        WORKBOOK_TOO_LARGE,
        message,
        Span(shown, 1, 1),
        hint="a deck's sheet of a few thousand rows inflates to a few megabytes: save the "
        "cards' sheet alone from a spreadsheet program, or as 'CSV UTF-8'",
    )
    return True


def _size(count: int) -> str:
    """A size as a person reads it: 24 KB, 21.0 MB, 3.0 GB."""
    if count < _MB:
        return f"{-(-count // 1024)} KB"
    return f"{count / _MB:.1f} MB" if count < 1024 * _MB else f"{count / _MB / 1024:.1f} GB"


def _report_survey(
    survey: SheetSurvey, shown: str, title: str, shown_sheet: str, diagnostics: Diagnostics
) -> bool:
    """Whether the sheet (named `title`; `shown_sheet` in its cells' places) holds a value
    past the limits, a damaged cell, or formulas without saved values. A message names
    neither the cell nor a sheet its place names ("cards.xlsx, sheet 'Cards', cell D2")."""
    if survey.damaged is not None and survey.past_limits is None:
        damaged = survey.damaged
        diagnostics.add(
            CARD_DATA_BAD,
            damaged.message + ("" if shown_sheet else f" (sheet '{title}')"),
            cell_at(shown, shown_sheet, damaged.row, damaged.column),
            hint=damaged.hint,
        )
        return True
    if survey.past_limits is not None:
        row, column = survey.past_limits
        diagnostics.add(
            CARD_DATA_TOO_LARGE,
            "the cell holds a value past the limit of "
            f"{MAX_DATA_ROWS:,} rows below the header and {MAX_DATA_COLUMNS} columns",
            cell_at(shown, shown_sheet, row, column),
            hint="a deck's sheet holds a row per card and a column per field (limits: "
            "'printkit schema --limits'): clear this cell and any beyond it, or split the deck",
        )
        return True
    return _report_unsaved_formulas(survey, shown, shown_sheet, diagnostics)


def _report_unsaved_formulas(
    survey: SheetSurvey, shown: str, shown_sheet: str, diagnostics: Diagnostics
) -> bool:
    """Whether some formula has no saved value, reported once at the first such cell: the
    file needs one fix (opening and saving it), however many formulas it holds. A formula
    whose saved result is empty text (`=IF(A2="", "", …)`) is a blank cell, not a mistake."""
    if not survey.unsaved:
        return False
    first, *rest = survey.unsaved
    others = [f"{column_letters(f.column)}{f.row}" for f in rest]
    diagnostics.add(
        CARD_DATA_BAD,
        (f"the formula '={first.text}'" if first.text else "a shared formula")
        + " has no saved value"
        + (f" (nor have {len(others)} more cells: {some_of(others)})" if others else ""),
        cell_at(shown, shown_sheet, first.row, first.column),
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
