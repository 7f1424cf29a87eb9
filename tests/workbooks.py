"""XLSX workbooks for the tests: the rows of a deck as openpyxl saves them, their sheet's XML then
edited as no spreadsheet program would write it; and the workbooks of the broken packages
(WORKBOOKS: tests/data/broken/card_data_xlsx_damaged_*, one damaged cell each, and a wrong cell
in a workbook of two sheets), which this module writes when run (`python tests/workbooks.py`)
and tests/test_card_data_limits.py keeps equal to what it makes.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

import openpyxl

SHEET = "xl/worksheets/sheet1.xml"
ROWS = [
    ["name", "count", "effect", "power"],
    ["Twin", 2, "Play both to win.", 3],
    ["Loner", 1, "Discard a card.", None],
    ["Giant", 1, "Worth a lot.", 2.5],
]
_SAVED = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")  # when openpyxl says the file was made


def workbook(
    rows: list[list[object]],
    edit: Callable[[str], str] = str,
    shared: str | None = None,
    sheet: str | None = None,
) -> bytes:
    """A workbook as openpyxl saves it; with `shared`, every cell holding the text SHARED holds
    instead the workbook's one shared string, `shared` (as Excel saves a repeated text; openpyxl
    writes each cell's text in the cell); then its first sheet's XML changed by `edit`. With
    `sheet`, the rows are in a second sheet of that name, after an empty one, 'Notes'. Its
    parts are the same whenever it is made: the dates openpyxl stamps are fixed."""
    book = openpyxl.Workbook()
    cards = book.active
    if sheet is not None:
        cards.title = "Notes"
        cards = book.create_sheet(sheet)
    for row in rows:
        cards.append(row)
    saved = io.BytesIO()
    book.save(saved)
    with zipfile.ZipFile(saved) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    if shared is not None:
        parts.update(_shared_string(parts, shared))
    parts[SHEET] = edit(parts[SHEET].decode()).encode()
    parts["docProps/core.xml"] = _SAVED.sub(b"2026-01-01T00:00:00Z", parts["docProps/core.xml"])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in parts.items():
            part = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
            archive.writestr(part, data, zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


def _shared_string(parts: dict[str, bytes], text: str) -> dict[str, bytes]:
    """The parts that make SHARED cells one shared string: the sheet, the shared strings, and
    the workbook's relations and content types naming them."""
    sheet = parts[SHEET].decode().replace('t="inlineStr"><is><t>SHARED</t></is>', 't="s"><v>0</v>')
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    relation = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
    relations = (
        parts["xl/_rels/workbook.xml.rels"]
        .decode()
        .replace(
            "</Relationships>",
            f'<Relationship Type="{relation}" Target="sharedStrings.xml" Id="rId9"/>'
            "</Relationships>",
        )
    )
    types = (
        parts["[Content_Types].xml"]
        .decode()
        .replace(
            "</Types>", f'<Override PartName="/xl/sharedStrings.xml" ContentType="{kind}"/></Types>'
        )
    )
    strings = f'<sst xmlns="{main}" uniqueCount="1"><si><t>{text}</t></si></sst>'
    return {
        SHEET: sheet.encode(),
        "xl/sharedStrings.xml": strings.encode(),
        "xl/_rels/workbook.xml.rels": relations.encode(),
        "[Content_Types].xml": types.encode(),
    }


def replacing(cell: str, damaged: str) -> Callable[[str], str]:
    """An edit of the sheet's XML that writes `damaged` where `cell` was, once."""

    def edit(xml: str) -> str:
        assert cell in xml, f"no {cell} in the sheet"
        return xml.replace(cell, damaged, 1)

    return edit


# What openpyxl writes for Twin's row (row 2): its name (A2, the shared text SHARED once made
# one), its count (B2), its effect (C2), its power (D2).
_ROW = '<row r="2">'
_COUNT = '<c r="B2" t="n"><v>2</v></c>'
_EFFECT = '<c r="C2" t="inlineStr"><is><t>Play both to win.</t></is></c>'
_POWER = '<c r="D2" t="n"><v>3</v></c>'

# Each broken package's damaged cell: what its sheet's XML holds instead of what openpyxl wrote.
DAMAGED: dict[str, tuple[str, str]] = {
    "card_data_xlsx_damaged_number": (_POWER, '<c r="D2" t="n"><v>NaN</v></c>'),
    "card_data_xlsx_damaged_long_number": (_POWER, f'<c r="D2" t="n"><v>{"9" * 5000}</v></c>'),
    # the list holds one text, which openpyxl read for -1, silently, from the list's end
    "card_data_xlsx_damaged_text": (
        '<c r="A2" t="s"><v>0</v></c>',
        '<c r="A2" t="s"><v>-1</v></c>',
    ),
    "card_data_xlsx_damaged_boolean": (_COUNT, '<c r="B2" t="b"><v>yes</v></c>'),
    "card_data_xlsx_damaged_date": (_EFFECT, '<c r="C2" t="d"><v>2026-13-45T00:00:00</v></c>'),
    "card_data_xlsx_damaged_style": (_POWER, '<c r="D2" s="7" t="n"><v>3</v></c>'),
    "card_data_xlsx_damaged_reference": (_POWER, '<c r="ZZZZ2" t="n"><v>3</v></c>'),
    "card_data_xlsx_damaged_row": (_ROW, '<row r="two">'),
}


def damaged(case: str) -> bytes:
    """The workbook of a broken package: the deck's rows, Twin's name a shared text, and one
    cell damaged."""
    rows = [ROWS[0], ["SHARED", *ROWS[1][1:]], *ROWS[2:]]
    return workbook(rows, replacing(*DAMAGED[case]), shared="Twin")


def in_a_named_sheet() -> bytes:
    """The workbook of a broken package naming a wrong cell where a spreadsheet shows it:
    the deck's rows in the sheet 'Cards' of two, with text in Loner's count (B3)."""
    rows = [*ROWS[:2], ["Loner", "many", *ROWS[2][2:]], *ROWS[3:]]
    return workbook(rows, sheet="Cards")


WORKBOOKS: dict[str, Callable[[], bytes]] = {
    **{case: partial(damaged, case) for case in DAMAGED},
    "card_data_xlsx_cell_in_a_named_sheet": in_a_named_sheet,
}


if __name__ == "__main__":
    broken = Path(__file__).parent / "data" / "broken"
    for case, make in WORKBOOKS.items():
        (broken / case / "cards.xlsx").write_bytes(make())
