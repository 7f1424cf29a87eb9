"""The work a deck's sources may ask for is bounded before it is done: pieces per deck and per
material, rows and columns of a data file, and an XLSX workbook's inflated size and real extent
(its declared `<dimension>` trusted neither way). The hostile files themselves are cases under
tests/data/broken/; here are the boundaries, and the files that must still be read whole.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import openpyxl
import pypdf
import pytest
from support import DATA, REPO, parse_diagnostics, run_cli
from workbooks import ROWS, SHEET, WORKBOOKS, replacing, workbook

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.load.sheet_survey import Damage, SheetSurvey
from printkit.load.workbook import _report_survey
from printkit.load.yaml_spans import MAX_DATA_CHARACTERS
from printkit.model.limits import MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_PIECES


def _csv_deck(tmp_path: Path) -> Path:
    folder = tmp_path / "rule_data" / "csv_deck"
    shutil.copytree(DATA / "card_data" / "csv_deck", folder)
    return folder


def _reading_xlsx(folder: Path, workbook: bytes) -> None:
    (folder / "cards.xlsx").write_bytes(workbook)
    (folder / "cards.csv").unlink()
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("file: cards.csv", "file: cards.xlsx"))


def _declaring(dimension: str) -> Callable[[str], str]:
    return lambda xml: re.sub(r'<dimension ref="[^"]*"/>', f'<dimension ref="{dimension}"/>', xml)


def _appending(rows_xml: str) -> Callable[[str], str]:
    return lambda xml: xml.replace("</sheetData>", rows_xml + "</sheetData>")


def _validate(folder: Path) -> tuple[int, list]:
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    return result.exit_code, parse_diagnostics(result.output)


def test_a_sheet_declaring_fewer_rows_than_it_holds_is_read_whole(tmp_path: Path) -> None:
    """The inventory (4 pieces) matches only if the rows past the declared A1:D2 are read."""
    folder = _csv_deck(tmp_path)
    _reading_xlsx(folder, workbook(ROWS, _declaring("A1:D2")))
    result = run_cli("--rule-data", folder.parent, "build", folder.name, "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    text = pypdf.PdfReader(tmp_path / "o/csv_deck/sheet.pdf").pages[0].extract_text()
    assert text.count("Twin") == 2 and "Loner" in text and "Worth a lot." in text


def test_a_sheet_declaring_no_range_at_all_is_read_as_any_other(tmp_path: Path) -> None:
    """openpyxl refuses a workbook whose declared dimension is no range; printkit never uses
    the declaration, so the cards are read as from a well-declared sheet (found by fuzzing)."""
    folder = _csv_deck(tmp_path)
    _reading_xlsx(folder, workbook(ROWS, _declaring("nope")))
    result = run_cli("--rule-data", folder.parent, "build", folder.name, "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    text = pypdf.PdfReader(tmp_path / "o/csv_deck/sheet.pdf").pages[0].extract_text()
    assert text.count("Twin") == 2 and "Loner" in text and "Worth a lot." in text


def test_a_sheet_declaring_the_whole_grid_is_read_to_its_last_value(tmp_path: Path) -> None:
    folder = _csv_deck(tmp_path)
    _reading_xlsx(folder, workbook(ROWS, _declaring("A1:XFD1048576")))
    assert _validate(folder) == (0, [])


def test_blank_formatted_cells_far_away_are_not_read(tmp_path: Path) -> None:
    """A style on an empty cell (a border drawn far down) holds no card."""
    folder = _csv_deck(tmp_path)
    far = '<row r="1048576"><c r="XFD1048576" s="0"/></row>'
    _reading_xlsx(folder, workbook(ROWS, _appending(far)))
    assert _validate(folder) == (0, [])


def test_a_value_in_the_last_row_the_limit_allows_is_read(tmp_path: Path) -> None:
    folder = _csv_deck(tmp_path)
    last = MAX_DATA_ROWS + 1  # the header, then the rows a deck may hold
    cells = f'<c r="A{last}" t="inlineStr"><is><t>Last</t></is></c>'
    _reading_xlsx(folder, workbook(ROWS, _appending(f'<row r="{last}">{cells}</row>')))
    found = Diagnostics()
    loaded = load_package("csv_deck", folder, found)
    assert loaded is not None, [str(d) for d in found]
    assert [card.name for card in loaded.package.decks["deck"].cards][-1] == "Last"


def test_a_value_one_row_past_the_limit_is_named_at_its_cell(tmp_path: Path) -> None:
    folder = _csv_deck(tmp_path)
    past = MAX_DATA_ROWS + 2
    cells = f'<c r="B{past}"><v>1</v></c>'
    _reading_xlsx(folder, workbook(ROWS, _appending(f'<row r="{past}">{cells}</row>')))
    code, found = _validate(folder)
    assert code == 1
    assert [(d.code, Path(d.file).name, d.line, d.column, d.cell) for d in found] == [
        ("PK805", "cards.xlsx", past, 2, f"cell B{past}")
    ]
    # its place names the cell: the message does not again
    assert found[0].message == (
        f"the cell holds a value past the limit of {MAX_DATA_ROWS:,} rows below the header and "
        f"{MAX_DATA_COLUMNS} columns"
    )


def test_a_large_part_that_compresses_like_a_zip_bomb_is_refused(tmp_path: Path) -> None:
    """2 MB of padding, within the limit of inflated size, but 100 times smaller zipped."""
    folder = _csv_deck(tmp_path)
    padding = " " * (2 * 1024 * 1024)
    _reading_xlsx(
        folder, workbook(ROWS, lambda xml: xml.replace("</sheetData>", padding + "</sheetData>"))
    )
    code, found = _validate(folder)
    assert code == 1
    (problem,) = found
    assert (problem.code, Path(problem.file).name, problem.line) == ("PK806", "cards.xlsx", 1)
    assert f"its part '{SHEET}' inflates" in problem.message and problem.hint


def test_styles_past_the_limit_of_a_part_read_whole_are_refused(tmp_path: Path) -> None:
    """openpyxl builds an object per style: 12 MB of them took 44 s."""
    folder = _csv_deck(tmp_path)
    saved = workbook(ROWS)
    with zipfile.ZipFile(io.BytesIO(saved)) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts["xl/styles.xml"] += b" " * (2 * 1024 * 1024)
    padded = io.BytesIO()
    with zipfile.ZipFile(padded, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    _reading_xlsx(folder, padded.getvalue())
    code, found = _validate(folder)
    assert code == 1
    assert [(d.code, d.line) for d in found] == [("PK806", 1)]
    assert "its part 'xl/styles.xml' inflates to 2.0 MB" in found[0].message


def test_a_row_holding_more_cells_than_a_sheet_has_columns_is_noworkbook(
    tmp_path: Path,
) -> None:
    """The same cell written 20,000 times: openpyxl would hold them all at once."""
    folder = _csv_deck(tmp_path)
    repeated = '<c r="A5"><v>1</v></c>' * 20_000
    _reading_xlsx(folder, workbook(ROWS, _appending(f'<row r="5">{repeated}</row>')))
    code, found = _validate(folder)
    assert code == 1
    assert [(d.code, d.line) for d in found] == [("PK801", 1)]
    assert "row 5 holds more cells than a sheet has columns" in found[0].message


def test_a_formula_without_a_saved_value_is_found_past_the_declared_extent(
    tmp_path: Path,
) -> None:
    """Formulas are found by the survey of the sheet, which no declared dimension limits."""
    folder = _csv_deck(tmp_path)
    rows = [*ROWS[:3], ["Giant", 1, "Worth a lot.", "=1+1"]]
    _reading_xlsx(folder, workbook(rows, _declaring("A1:B2")))
    code, found = _validate(folder)
    assert code == 1
    assert [(d.code, d.line, d.column, d.message) for d in found] == [
        ("PK801", 4, 4, "the formula '=1+1' has no saved value")
    ]


def test_a_shared_formula_without_a_saved_value_is_named_without_its_text(
    tmp_path: Path,
) -> None:
    """A cell sharing another's formula holds no text of its own (<f t="shared" si="0"/>)."""
    folder = _csv_deck(tmp_path)
    rows = [*ROWS[:3], ["Giant", 1, "Worth a lot.", "=1+1"]]
    shared = '<f t="shared" si="0"/>'
    _reading_xlsx(folder, workbook(rows, lambda xml: xml.replace("<f>1+1</f>", shared)))
    code, found = _validate(folder)
    assert code == 1
    assert [(d.line, d.column, d.message) for d in found] == [
        (4, 4, "a shared formula has no saved value")
    ]


def _csv(folder: Path, lines: list[str]) -> None:
    (folder / "cards.csv").write_text("name,count,effect,power\n" + "".join(lines))


def test_a_csv_of_as_many_rows_as_the_limit_allows_is_read(tmp_path: Path) -> None:
    folder = _csv_deck(tmp_path)
    _csv(folder, [f"Card {n},1,Effect {n},{n}\n" for n in range(MAX_DATA_ROWS)])
    found = Diagnostics()
    loaded = load_package("csv_deck", folder, found)
    assert loaded is not None, [str(d) for d in found]
    assert len(loaded.package.decks["deck"].cards) == MAX_DATA_ROWS


def test_counts_of_rows_are_added_up_and_reported_where_they_pass_the_limit(
    tmp_path: Path,
) -> None:
    folder = _csv_deck(tmp_path)
    half = MAX_PIECES // 2
    _csv(folder, [f"Big,{half},Much.,1\n", f"Bigger,{half},More.,2\n", "One more,1,Last.,3\n"])
    code, found = _validate(folder)
    assert code == 1
    (problem,) = found
    assert (problem.code, Path(problem.file).name, problem.line, problem.column) == (
        "PK804",
        "cards.csv",
        4,
        2,
    )
    assert (
        f"more than {MAX_PIECES:,} pieces" in problem.message
        and f"{MAX_PIECES + 1:,}" in problem.message
    )


def test_listed_cards_count_before_the_data_file(tmp_path: Path) -> None:
    """The cards listed in YAML come first in the deck, and are counted first."""
    folder = _csv_deck(tmp_path)
    game = folder / "game.yaml"
    listed = f"    cards:\n      - {{name: Crowd, count: {MAX_PIECES - 1}, effect: Many.}}\n"
    game.write_text(game.read_text().replace("    card_data:", listed + "    card_data:"))
    code, found = _validate(folder)
    assert code == 1
    (problem,) = found
    assert (problem.code, Path(problem.file).name, problem.line) == ("PK804", "cards.csv", 2)
    assert f"this row's 2 copies bring it to {MAX_PIECES + 1:,}" in problem.message


def test_a_shared_string_used_in_many_cells_counts_at_each_use(tmp_path: Path) -> None:
    """One 100,000-character text in 250 cells is 25 million characters to check, from a
    workbook of a few hundred kilobytes (one 3 MB string in 20,000 cells took 165 s): PK805 at
    the row that passes the bound, and the deck is not read."""
    folder = _csv_deck(tmp_path)
    rows = [ROWS[0], *[[f"Card {n}", 1, "SHARED", 1] for n in range(250)]]
    _reading_xlsx(folder, workbook(rows, shared="x" * 100_000))
    code, found = _validate(folder)
    assert code == 1
    [limit] = [d for d in found if d.code == "PK805"]
    assert f"more than {MAX_DATA_CHARACTERS:,} characters" in limit.message
    # the 200th card (line 201) passes it by its own name's few characters
    assert limit.file.endswith("cards.xlsx") and limit.line == 1 + MAX_DATA_CHARACTERS // 100_000


def test_an_alias_of_a_long_text_counts_at_each_use(tmp_path: Path) -> None:
    """A YAML anchor on a 100,000-character text and 250 aliases of it: PK005 at the entry
    whose aliases pass 20 million characters (4.7 MB used 10,000 times took 126 s)."""
    folder = tmp_path / "rule_data" / "aliases"
    shutil.copytree(DATA / "good" / "minimal_deck", folder)
    cards = "".join(f"\n  - {{name: Card {n}, effect: *long}}" for n in range(250))
    (folder / "notes.yaml").write_text(
        f"data:\n  text: &long {'x' * 100_000}\n  copies:{cards}\n", encoding="utf-8"
    )
    code, found = _validate(folder)
    assert code == 1
    [limit] = [d for d in found if d.code == "PK005"]
    assert f"more than {MAX_DATA_CHARACTERS:,} characters of text" in limit.message
    assert limit.file.endswith("notes.yaml") and limit.line == 1


def test_a_csv_cell_longer_than_the_reader_takes_is_named_at_its_column(tmp_path: Path) -> None:
    """The CSV reader stops at a cell of more than 131,072 characters without saying which:
    the finding stands at that cell (the third of line 3), not at the row's first."""
    folder = _csv_deck(tmp_path)
    long = "x" * 200_000
    (folder / "cards.csv").write_text(
        f"name,count,effect,power\nTwin,2,Play both.,3\nGiant,1,{long},2\n", encoding="utf-8"
    )
    code, found = _validate(folder)
    assert code == 1
    [cell] = found
    assert (cell.code, cell.line, cell.column) == ("PK801", 3, 3)
    assert "more than the 131,072 characters a CSV cell may" in cell.message


def test_a_date_cell_in_a_text_field_prints_as_its_day(tmp_path: Path) -> None:
    """A spreadsheet's date read as '2026-03-04 00:00:00' printed the time too, and its ':00:'
    was reported as an unknown icon: a text field holds the day as the sheet shows it."""
    folder = _csv_deck(tmp_path)
    rows = [ROWS[0], ["Twin", 2, datetime(2026, 3, 4), 3], ["Loner", 1, "Discard.", None]]
    rows += [["Giant", 1, datetime(2026, 3, 4, 18, 30), 2]]
    _reading_xlsx(folder, workbook(rows))
    found = Diagnostics()
    loaded = load_package(folder.name, folder, found)
    assert loaded is not None and not list(found), [d.message for d in found]
    effects = [card.values["effect"] for card in loaded.package.decks["deck"].cards]
    assert effects == ["2026-03-04", "Discard.", "2026-03-04 18:30"]


def test_a_percentage_prints_as_the_sheet_shows_it_and_counts_as_its_number(
    tmp_path: Path,
) -> None:
    """0.5 formatted '0%' shows 50% in the sheet: a text field printed 0.5 with no word said.
    A text field takes it as shown; a number field as the number it is."""
    folder = _csv_deck(tmp_path)
    book = openpyxl.Workbook()
    for row in [ROWS[0], ["Twin", 2, 0.5, 0.25], ["Loner", 1, 0.125, 3], ["Giant", 1, "Big.", 2]]:
        book.active.append(row)
    book.active["C2"].number_format = "0%"
    book.active["C3"].number_format = "0.0%"
    book.active["D2"].number_format = "0%"
    saved = io.BytesIO()
    book.save(saved)
    _reading_xlsx(folder, saved.getvalue())
    found = Diagnostics()
    loaded = load_package(folder.name, folder, found)
    assert loaded is not None and not list(found), [d.message for d in found]
    cards = loaded.package.decks["deck"].cards
    assert [card.values["effect"] for card in cards] == ["50%", "12.5%", "Big."]
    assert cards[0].values["power"] == 0.25


def test_the_broken_packages_workbooks_are_what_their_generator_makes() -> None:
    """tests/workbooks.py states how each broken package's workbook is made (a damaged cell,
    a wrong one): the files hold the parts it makes (compared inflated, whatever zlib packed
    them)."""
    for case, make in WORKBOOKS.items():
        committed = zipfile.ZipFile(DATA / "broken" / case / "cards.xlsx")
        made = zipfile.ZipFile(io.BytesIO(make()))
        with committed, made:
            assert committed.namelist() == made.namelist(), case
            for name in made.namelist():
                assert committed.read(name) == made.read(name), f"{case}: {name}"


# Twin's power (D2) as openpyxl writes it, and what a damaged sheet saves instead
POWER = '<c r="D2" t="n"><v>3</v></c>'


@pytest.mark.parametrize(
    ("damage", "shared", "said"),
    [
        # a text past the workbook's list, and in a workbook with no list at all
        ('<c r="D2" t="s"><v>99999</v></c>', "Twin", "names entry '99999' of the workbook's list "
         "of texts, which holds 1"),
        ('<c r="D2" t="s"><v>-1</v></c>', None, "which holds none"),
        ('<c r="D2" t="s"><v>x</v></c>', "Twin", "names entry 'x'"),
        ('<c r="D2" s="-1" t="n"><v>3</v></c>', None, "names cell style '-1'"),
        ('<c r="D2" t="n"><v> </v></c>', None, "saved value ' ' is not a number"),
        (f'<c r="D2" t="n"><v>{"1" * 30}</v></c>'.replace("<v>1", "<v>x1"), None,
         "saved value 'x1111111111111111111…' (31 characters) is not a number"),
    ],
    ids=["text past the list", "no list", "text index not a number", "negative style", "blank",
         "long"],
)  # fmt: skip
def test_a_damaged_cell_is_named_at_its_cell_in_words(
    tmp_path: Path, damage: str, shared: str | None, said: str
) -> None:
    """openpyxl failed on each (or, for a negative index, took an entry from the list's end),
    and the file was "not a workbook" at its first line in Python's words."""
    folder = _csv_deck(tmp_path)
    rows = [ROWS[0], ["SHARED" if shared else "Twin", *ROWS[1][1:]], *ROWS[2:]]
    _reading_xlsx(folder, workbook(rows, replacing(POWER, damage), shared=shared))
    code, found = _validate(folder)
    assert code == 1
    [problem] = found
    assert (problem.code, Path(problem.file).name, problem.line, problem.column) == (
        "PK801",
        "cards.xlsx",
        2,
        4,
    )
    assert said in problem.message and problem.message.endswith("(sheet 'Sheet')")
    assert problem.cell == "cell D2" and "D2" not in problem.message  # said once, by its place
    assert "save the file again" in problem.hint


@pytest.mark.parametrize(
    "saved",
    [
        '<c r="D2" t="n"><v>1.5e3</v></c>',
        '<c r="D2" t="n"><v>-3</v></c>',
        '<c r="D2" s="0" t="n"><v>3</v></c>',
        '<c r="D2" t="b"><v>1</v></c>',
        '<c r="D2" t="e"><v>#N/A</v></c>',
        '<c r="D2" t="str"><v>3</v></c>',
        '<c r="D2" t="n"><v></v></c>',
        '<c t="n"><v>3</v></c>',  # no reference: the cell after the last, D2
    ],
)
def test_cells_saved_as_programs_save_them_are_not_damaged(tmp_path: Path, saved: str) -> None:
    """What openpyxl reads as a value is never called damaged: a number in any notation, the
    first style, a boolean, an error value, a formula's text, an empty value, no reference.
    (Whether the deck takes the value is its field's business: PK801 for text where a number
    goes, elsewhere; here a boolean or an error value in the power column.)"""
    folder = _csv_deck(tmp_path)
    _reading_xlsx(folder, workbook(ROWS, replacing(POWER, saved)))
    _, found = _validate(folder)
    assert not [d for d in found if "damaged" in d.message or d.line == 1], found


def test_a_damaged_cell_of_a_named_sheet_says_which_sheet(tmp_path: Path) -> None:
    folder = _csv_deck(tmp_path)
    game = folder / "game.yaml"
    saved = workbook(ROWS, replacing(POWER, '<c r="D2" t="n"><v>NaN</v></c>'))
    _reading_xlsx(folder, saved)
    game.write_text(
        game.read_text().replace("{file: cards.xlsx}", "{file: cards.xlsx, sheet: Sheet}")
    )
    _, [problem] = _validate(folder)
    assert problem.message == "the saved value 'NaN' is not a number (sheet 'Sheet')"


def test_a_damaged_cell_s_message_names_no_sheet_its_place_names() -> None:
    """In a workbook of several sheets the place names the sheet ("cards.xlsx, sheet 'Cards',
    cell D2"): the message does not again; in a workbook of one, only the message names it."""
    damage = Damage(2, 4, "the saved value 'NaN' is not a number", "retype it")
    for shown_sheet, message in [
        ("Cards", "the saved value 'NaN' is not a number"),
        ("", "the saved value 'NaN' is not a number (sheet 'Cards')"),
    ]:
        found = Diagnostics()
        assert _report_survey(
            SheetSurvey(damaged=damage), "cards.xlsx", "Cards", shown_sheet, found
        )
        (problem,) = found
        assert (problem.message, str(problem.span)) == (
            message,
            f"cards.xlsx, {'sheet ' + repr(shown_sheet) + ', ' if shown_sheet else ''}cell D2",
        )


def test_a_date_past_the_calendar_says_nothing_on_stderr(tmp_path: Path) -> None:
    """openpyxl warns, in its words, of a date cell whose serial lies past the year 9999, and
    reads the error #VALUE! for it: the cell is reported where it is, and stderr holds the
    diagnostics alone."""
    folder = _csv_deck(tmp_path)
    book = openpyxl.Workbook()
    for row in ROWS:
        book.active.append(row)
    book.active["D2"].number_format = "yyyy-mm-dd"
    book.active["D2"].value = 30_000_000  # days after 1900: the year 84,000
    saved = io.BytesIO()
    book.save(saved)
    _reading_xlsx(folder, saved.getvalue())
    command = [sys.executable, "-m", "printkit", "--rule-data", folder.parent, "validate"]
    completed = subprocess.run(
        command, cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )
    assert "Warning" not in completed.stderr, completed.stderr
    assert "cards.xlsx, cell D2: error[PK801]: '#VALUE!' in column 'power'" in completed.stderr
