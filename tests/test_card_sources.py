"""Cards from spreadsheets and generators: CSV and XLSX rows, the product of lists, and a deck's
card list in another file; every mistake reported at the file, row and column the designer edits.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pypdf
import pytest
from openpyxl.utils import get_column_letter
from support import DATA, GOOD, parse_diagnostics, run_cli

from printkit.load.card_sources import column_letters

CARD_DATA = DATA / "card_data"


def _copy(case: str, tmp_path: Path) -> Path:
    folder = tmp_path / "rule_data" / case
    shutil.copytree(CARD_DATA / case, folder)
    return folder


def _build(folder: Path, out: Path) -> tuple[int, str]:
    result = run_cli("--rule-data", folder.parent, "build", folder.name, "--out", out)
    return result.exit_code, result.output


def test_a_csv_deck_builds_one_card_per_row_and_count(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    code, output = _build(folder, tmp_path / "out")
    assert code == 0, output
    text = "".join(
        p.extract_text() for p in pypdf.PdfReader(tmp_path / "out/csv_deck/sheet.pdf").pages
    )
    assert text.count("Twin") == 2 and text.count("Loner") == 1 and text.count("Giant") == 1
    assert "Discard a card, then draw." in text  # a quoted cell with a comma stays one value


def test_a_generated_deck_is_the_product_in_order(tmp_path: Path) -> None:
    folder = _copy("generated_deck", tmp_path)
    code, output = _build(folder, tmp_path / "out")
    assert code == 0, output
    text = pypdf.PdfReader(tmp_path / "out/generated_deck/sheet.pdf").pages[0].extract_text()
    names = [f"{rank} of {suit}" for suit in ("Suns", "Moons") for rank in (1, 2, 3)]
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)
    assert "Dark card worth 6" in text and "Bright card worth 2" in text


def test_a_card_list_in_another_file_builds_like_one_file(tmp_path: Path) -> None:
    folder = _copy("split_deck", tmp_path)
    code, output = _build(folder, tmp_path / "split")
    assert code == 0, output
    code, output = _build(GOOD / "minimal_deck", tmp_path / "whole")
    assert code == 0, output
    split = (tmp_path / "split/split_deck/sheet.pdf").read_bytes()
    whole = (tmp_path / "whole/minimal_deck/sheet.pdf").read_bytes()
    assert split == whole


def _workbook(folder: Path, rows: list[list[object]], sheet: str = "Cards") -> None:
    workbook = openpyxl.Workbook()
    workbook.active.title = "Notes"
    cards = workbook.create_sheet(sheet)
    for row in rows:
        cards.append(row)
    workbook.save(folder / "cards.xlsx")
    (folder / "cards.csv").unlink()
    game = folder / "game.yaml"
    game.write_text(
        game.read_text().replace(
            "card_data: {file: cards.csv}", "card_data: {file: cards.xlsx, sheet: Cards}"
        )
    )


ROWS = [
    ["name", "count", "effect", "power"],
    ["Twin", 2, "Play both to win.", 3],
    ["Loner", 1, "Discard a card.", None],
    ["Giant", 1, "Worth a lot.", 2.5],
]


def test_an_xlsx_deck_reads_the_named_sheet(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    _workbook(folder, ROWS)
    code, output = _build(folder, tmp_path / "out")
    assert code == 0, output
    text = pypdf.PdfReader(tmp_path / "out/csv_deck/sheet.pdf").pages[0].extract_text()
    assert text.count("Twin") == 2 and "Worth a lot." in text


def _diagnostics(folder: Path, tmp_path: Path):
    result = run_cli("--rule-data", folder.parent, "build", folder.name, "--out", tmp_path / "o")
    assert not (tmp_path / "o" / folder.name).exists() or result.exit_code == 0
    return result.exit_code, parse_diagnostics(result.output)


def test_a_card_of_count_0_is_checked_but_not_printed_and_counted_as_none(
    tmp_path: Path,
) -> None:
    """How a designer sets a card aside in a spreadsheet without deleting its row: a note at
    its count, no copy in the PDF, and the inventory counting none of it."""
    folder = _copy("csv_deck", tmp_path)
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Loner,1,", "Loner,0,"))
    code, found = _diagnostics(folder, tmp_path)
    assert code == 1  # the inventory still lists 4
    assert [(d.code, d.severity) for d in found] == [("PK215", "note"), ("PK210", "error")]
    note, inventory = found
    assert "holds 3 pieces but the inventory lists 4" in inventory.message
    assert (Path(note.file).name, note.line, note.column) == ("cards.csv", 3, 2)
    assert note.message == "card 'Loner' has count 0: it is checked but not printed"
    assert note.hint == (
        "give it a count to print it again; until then no copy of it counts towards the "
        "inventory or a set"
    )

    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 4", "count: 3"))
    result = run_cli(
        "--strict", "--rule-data", folder.parent, "build", "csv_deck", "--out", tmp_path
    )
    assert result.exit_code == 0, result.output  # a note, even under --strict
    assert [d.code for d in parse_diagnostics(result.output)] == ["PK215"]
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "csv_deck/sheet.pdf").pages)
    assert text.count("Twin") == 2 and text.count("Giant") == 1 and "Loner" not in text


def _set_aside(folder: Path, aside: bool = True) -> None:
    """csv_deck's every card at count 0, its inventory with it; or (`aside` false) back."""
    rows = [("Twin,2,", "Twin,0,"), ("Loner,1,", "Loner,0,"), ("Giant,1,", "Giant,0,")]
    for path, counts in (
        (folder / "cards.csv", rows),
        (folder / "game.yaml", [("count: 4", "count: 0")]),
    ):
        text = path.read_text(encoding="utf-8")
        for was, now in counts:
            text = text.replace(was, now) if aside else text.replace(now, was)
        path.write_text(text, encoding="utf-8")


def test_a_deck_of_only_cards_set_aside_builds_nothing_and_says_why(tmp_path: Path) -> None:
    """Every row at count 0: the build writes no file, exits 0 even under --strict (each card
    set aside is a choice, PK215), and says the game has nothing to print, with the deck's
    note (PK216) naming the material, rather than "not built" and nothing about why."""
    folder = _copy("csv_deck", tmp_path)
    _set_aside(folder)
    result = run_cli(
        "--strict", "--rule-data", folder.parent, "build", "csv_deck", "--out", tmp_path / "o"
    )
    assert result.exit_code == 0, result.output
    assert "csv_deck: nothing to print (see the notes)" in result.output
    assert "not built" not in result.output
    found = parse_diagnostics(result.output)
    assert [d.code for d in found] == ["PK215"] * 3 + ["PK216"]
    deck = found[-1]
    assert (Path(deck.file).name, deck.line, deck.column) == ("game.yaml", 30, 3)
    assert deck.message == "deck 'deck' has no card to print: every card's count is 0"
    assert deck.hint == (
        "give a card a count of 1 or more to print it; until then material 'sheet' prints "
        "none of it"
    )
    assert not (tmp_path / "o" / "csv_deck").exists()

    _set_aside(folder, aside=False)
    assert (
        run_cli(
            "--rule-data", folder.parent, "build", "csv_deck", "--out", tmp_path / "o"
        ).exit_code
        == 0
    )
    assert (tmp_path / "o" / "csv_deck" / "sheet.pdf").is_file()
    # set aside again: its folder goes, as the first build made none (an empty folder, its
    # marker alone, was left before), drawn and from the cache; the page lists it as before
    _set_aside(folder)
    for _ in range(2):
        result = run_cli("--rule-data", folder.parent, "build", "csv_deck", "--out", tmp_path / "o")
        assert "csv_deck: nothing to print (see the notes)" in result.output
        assert not (tmp_path / "o" / "csv_deck").exists()
        shown = json.loads((tmp_path / "o" / "index.json").read_text(encoding="utf-8"))
        assert shown["games"] == {}


def test_a_game_set_aside_whole_keeps_a_folder_holding_a_designer_s_file(tmp_path: Path) -> None:
    """Only a folder holding nothing but what printkit wrote goes: a designer's notes beside
    the sheet stay, in their folder, when the sheet goes."""
    folder = _copy("csv_deck", tmp_path)
    out = tmp_path / "o"
    assert run_cli("--rule-data", folder.parent, "build", "csv_deck", "--out", out).exit_code == 0
    (out / "csv_deck" / "notes.txt").write_text("print on card stock\n", encoding="utf-8")
    _set_aside(folder)
    result = run_cli("--rule-data", folder.parent, "build", "csv_deck", "--out", out)
    assert "csv_deck: nothing to print (see the notes)" in result.output
    assert sorted(p.name for p in (out / "csv_deck").iterdir() if p.name != ".printkit-output") == [
        "notes.txt"
    ]


def test_a_deck_set_aside_after_a_build_leaves_no_file_of_it_behind(tmp_path: Path) -> None:
    """The files an earlier build wrote for a material that now prints nothing go, as those
    of a deleted material do: a sheet left in the folder would be taken for the current one
    and printed. The game's other material stays; each build says which prints nothing."""
    folder = tmp_path / "rule_data" / "parked"
    shutil.copytree(DATA / "notes" / "deck_every_card_set_aside", folder)
    game = folder / "game.yaml"
    written = game.read_text(encoding="utf-8")
    spare = "count: 0  # expect: PK215 \"card 'Twin' has count 0\""
    game.write_text(
        written.replace(spare, "count: 1").replace("spares:\n    count: 0", "spares:\n    count: 1")
    )
    out = tmp_path / "o"
    result = run_cli("--rule-data", folder.parent, "build", "parked", "--out", out)
    assert result.exit_code == 0, result.output
    assert (out / "parked" / "spare_sheet.pdf").is_file()

    game.write_text(written)
    for _ in range(2):  # drawn, then from the cache
        result = run_cli("--rule-data", folder.parent, "build", "parked", "--out", out)
        assert result.exit_code == 0, result.output
        assert "; 'spare_sheet' prints nothing (see the notes)" in result.output
        assert sorted(p.name for p in (out / "parked").glob("*.pdf")) == ["sheet.pdf"]
        shown = json.loads((out / "index.json").read_text(encoding="utf-8"))["games"]["parked"]
        assert [m["id"] for m in shown["materials"]] == ["sheet"]


def test_an_xlsx_cell_of_the_wrong_type_is_named_as_the_spreadsheet_names_it(
    tmp_path: Path,
) -> None:
    """'cards.xlsx, sheet 'Cards', cell D4', as a spreadsheet user finds it (its row and
    column stay the span's line and column); the sheet named as the workbook has two."""
    folder = _copy("csv_deck", tmp_path)
    _workbook(folder, [*ROWS[:3], ["Giant", 1, "Worth a lot.", "huge"]])
    code, found = _diagnostics(folder, tmp_path)
    assert code == 1
    (problem,) = found
    assert (problem.code, Path(problem.file).name, problem.line, problem.column) == (
        "PK801",
        "cards.xlsx",
        4,
        4,
    )
    assert problem.cell == "sheet 'Cards', cell D4"
    assert "'huge' in column 'power'" in problem.message


def test_a_cell_of_a_workbook_of_one_sheet_is_named_without_it_in_every_build(
    tmp_path: Path,
) -> None:
    """A workbook of one sheet: 'cards.xlsx, cell C5' alone. A warning's place is kept in
    the build cache: a build of the unchanged game prints the cell again, not a row and
    column number."""
    folder = _copy("csv_deck", tmp_path)
    book = openpyxl.Workbook()
    for row in [*ROWS, ["Twin", 1, "Play both to win.", 3]]:
        book.active.append(row)
    book.save(folder / "cards.xlsx")
    (folder / "cards.csv").unlink()
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8")
        .replace("file: cards.csv", "file: cards.xlsx")
        .replace("count: 4", "count: 5")
    )
    for _ in range(2):  # drawn, then from the cache
        code, found = _diagnostics(folder, tmp_path)
        (twice,) = found
        assert (code, twice.code, twice.line, twice.column) == (0, "PK214", 5, 1)
        assert twice.cell == "cell A5"


@pytest.mark.parametrize("column", [1, 26, 27, 52, 53, 702, 703, 16_384])
def test_a_column_is_lettered_as_a_spreadsheet_letters_it(column: int) -> None:
    assert column_letters(column) == get_column_letter(column)  # A, Z, AA, AZ, BA, ZZ, …


def test_an_xlsx_row_repeating_the_header_is_named_as_one_not_as_a_card(tmp_path: Path) -> None:
    """A header pasted again with the rows below it: said as what it is, at its row, and
    nothing of its cells ('count' is not a number)."""
    folder = _copy("csv_deck", tmp_path)
    _workbook(folder, [*ROWS[:2], ["Name", "Count", "Effect", None], *ROWS[2:]])
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert (code, problem.code, Path(problem.file).name, problem.line, problem.column) == (
        1,
        "PK801",
        "cards.xlsx",
        3,
        1,
    )
    assert problem.message == "this row repeats the header (row 1), not a card"
    assert (problem.hint or "").startswith("remove it: the first row names the fields")


def test_a_missing_sheet_is_named_with_the_sheets_there_are(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    _workbook(folder, ROWS, sheet="Deck")
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert (code, problem.code, Path(problem.file).name) == (1, "PK800", "game.yaml")
    assert "Deck" in (problem.hint or "")
    # at the sheet the deck names, not at its file
    line = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()[problem.line - 1]
    assert line[problem.column - 1 :].startswith("Cards}"), line


@pytest.mark.parametrize(
    ("csv", "code", "line", "column", "text"),
    [
        ("name,count,effect,power\nTwin,two,Play.,1\n", "PK801", 2, 2, "'two' in column 'count'"),
        ("name,count,effect,power\nTwin,1,Play.,1\nGiant,1,Big.,lots\n", "PK801", 3, 4, "power"),
        ("name,count,name\nTwin,1,x\n", "PK801", 1, 3, "repeated"),
        ("name,,effect\nTwin,1,x\n", "PK801", 1, 2, "empty"),
        ("name,count\nTwin,1,stray\n", "PK801", 2, 3, "past the header's 2"),
        ('name,count,effect\nTwin,1,"open quote\n', "PK801", 2, 3, "never closed"),
        # a cell that spans lines and closes, then one never closed, on the row's next line
        (
            'name,count,effect,power\nTwin,2,"Play both,\nto win.",3,"oops\n',
            "PK801",
            3,
            5,
            "never closed",
        ),
        # a stray quote swallowing cells: where it opened, not where the reader gave up
        (
            'name,count,effect\n"B",1,"run, on\nq,1,e\n"z"w,1,2\n',
            "PK801",
            2,
            3,
            "runs on to line 4",
        ),
        # a cell meant to span lines, then a stray character: where the reader gave up
        ('name,count,effect\nA,1,"one\ntwo" ,3\n', "PK801", 3, 1, "its row began on line 2"),
        ("\nname;count\nTwin;1\n", "PK801", 2, 1, "semicolons"),  # after a blank line
        # a row shorter than the header: the name it lacks is at its cell, not 'no column'
        ("count,effect,power,name\n2,Play.,1,Twin\n1,Draw.\n", "PK121", 3, 4, "its 'name' cell"),
        ("name,count,effect,colour\nTwin,1,Play.,red\n", "PK120", 1, 4, "colour"),  # the header
        # a card named like a field is a card: a repeated header names two fields at least
        ("name,count,effect\nname,one,x\n", "PK801", 2, 2, "'one' in column 'count'"),
        ("", "PK801", 1, 1, "no rows"),
    ],
)
def test_csv_mistakes_point_at_their_cell(
    tmp_path: Path, csv: str, code: str, line: int, column: int, text: str
) -> None:
    folder = _copy("csv_deck", tmp_path)
    (folder / "cards.csv").write_text(csv, encoding="utf-8")
    exit_code, found = _diagnostics(folder, tmp_path)
    assert exit_code == 1
    problem = next(d for d in found if d.code == code)
    assert (Path(problem.file).name, problem.line, problem.column) == ("cards.csv", line, column)
    assert text in problem.message + (problem.hint or "")


def test_a_csv_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    (folder / "cards.csv").write_bytes(b"name,count\nTwin,1\nCaf\xe9,1\n")
    _, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert (problem.code, problem.line, problem.column) == ("PK801", 3, 4)  # at the byte
    assert "UTF-8" in problem.hint


@pytest.mark.parametrize("name", ["../other/cards.csv", "/etc/passwd"])
def test_a_data_file_outside_the_game_folder_is_refused(tmp_path: Path, name: str) -> None:
    folder = _copy("csv_deck", tmp_path)
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("file: cards.csv", f"file: '{name}'"))
    (folder / "cards.csv").unlink()
    _, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert problem.code == "PK800" and "outside" in problem.message


def test_a_data_file_nothing_reads_is_a_warning(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    (folder / "old_cards.csv").write_text("name\nx\n", encoding="utf-8")
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert code == 0
    assert (problem.code, problem.severity, Path(problem.file).name) == (
        "PK802",
        "warning",
        "old_cards.csv",
    )


BIG_LIST = "rank: " + str(list(range(5001)))


@pytest.mark.parametrize(
    ("change", "text", "code", "at"),
    [
        ('name: "{{ rank }} of {{ suit }}"', 'name: "{{ rnak }}"', "PK803", "rnak"),
        ("rank: [1, 2, 3]", BIG_LIST, "PK804", "of:"),
        ("      values:", "      valeus:", "PK120", "valeus"),
    ],
    ids=["undefined name", "too many cards", "misspelt key"],
)
def test_generator_mistakes_are_located(
    tmp_path: Path, change: str, text: str, code: str, at: str
) -> None:
    folder = _copy("generated_deck", tmp_path)
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace(change, text))
    exit_code, found = _diagnostics(folder, tmp_path)
    assert exit_code == 1
    assert [d.code for d in found] == [code]
    line = next(n for n, t in enumerate(game.read_text().splitlines(), 1) if at in t)
    assert (Path(found[0].file).name, found[0].line) == ("game.yaml", line)


@pytest.mark.parametrize(
    ("header", "separated_by"),
    [("name;count;effect;power", "semicolons"), ("name\tcount\teffect\tpower", "tabs")],
)
def test_a_csv_separated_otherwise_is_named_at_its_header(
    tmp_path: Path, header: str, separated_by: str
) -> None:
    folder = _copy("csv_deck", tmp_path)
    separator = header[4]
    row = separator.join(["Twin", "2", "Play both to win.", "3"])
    (folder / "cards.csv").write_text(f"\n{header}\n{row}\n", encoding="utf-8")
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found  # not 'missing field name' at every card
    assert (code, problem.code, Path(problem.file).name, problem.line, problem.column) == (
        1,
        "PK801",
        "cards.csv",
        2,
        1,
    )
    assert "the header has one column" in problem.message
    assert "printkit reads comma-separated files" in problem.message
    assert separated_by in problem.hint and "CSV UTF-8" in problem.hint


def _deck_reading(folder: Path, workbook: bytes) -> None:
    """The csv_deck package, reading its cards from `cards.xlsx` holding `workbook`."""
    (folder / "cards.xlsx").write_bytes(workbook)
    (folder / "cards.csv").unlink()
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("file: cards.csv", "file: cards.xlsx"))


def _saved(rows: list[list[object]]) -> bytes:
    """A workbook as openpyxl writes it: formulas without the values they compute."""
    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _zip(parts: dict[str, str]) -> bytes:
    """A zip archive of text parts, as an .xlsx file is one."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "the file is empty"),
        (b"name,count\nTwin,2\n", "a CSV file renamed"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504), "old-format (.xls) or a password"),
        (_saved(ROWS)[:2000], "cut short"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "not a zip archive"),
        (_zip({"notes.txt": "not a workbook"}), "a zip archive but not a workbook"),
    ],
    ids=["empty", "text", "xls or encrypted", "truncated", "binary", "other zip"],
)
def test_an_xlsx_that_is_no_workbook_is_named_at_the_file(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    folder = _copy("csv_deck", tmp_path)
    _deck_reading(folder, content)
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert (code, problem.code, Path(problem.file).name, problem.line, problem.column) == (
        1,
        "PK801",
        "cards.xlsx",
        1,
        1,
    )
    assert "cannot be read as an Excel workbook" in problem.message
    assert reason in problem.message
    assert "save it as 'Excel Workbook (.xlsx)'" in problem.hint and "CSV" in problem.hint


def test_a_formula_without_a_saved_value_is_named_at_its_cell(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    _deck_reading(folder, _saved([ROWS[0], ["Twin", 2, "Play.", "=10+5"], *ROWS[2:]]))
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found  # not 'no attribute power' where a template uses it
    assert (code, problem.code, Path(problem.file).name, problem.line, problem.column) == (
        1,
        "PK801",
        "cards.xlsx",
        2,
        4,
    )
    assert problem.message == "the formula '=10+5' has no saved value"
    assert "open the file in a spreadsheet program and save it" in problem.hint


def test_formulas_without_saved_values_are_one_mistake(tmp_path: Path) -> None:
    folder = _copy("csv_deck", tmp_path)
    rows = [ROWS[0], *([f"Card {n}", 1, "=A2", f"={n}*2"] for n in range(2, 5))]
    _deck_reading(folder, _saved(rows))
    _, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert (problem.line, problem.column) == (2, 3)
    assert "'=A2' has no saved value (nor have 5 more cells: D2, C3, D3 and 2 more)" in (
        problem.message
    )


def test_a_formula_saved_with_an_empty_text_result_is_a_blank_cell(tmp_path: Path) -> None:
    """Excel saves `=IF(…, "", …)` as text with an empty value: blank on purpose."""
    folder = _copy("csv_deck", tmp_path)
    rows = [ROWS[0], ["Twin", 2, "Play.", '=IF(B2>5,"Big","")'], *ROWS[2:]]
    sheet = "xl/worksheets/sheet1.xml"
    with zipfile.ZipFile(io.BytesIO(_saved(rows))) as archive:
        parts = {name: archive.read(name).decode() for name in archive.namelist()}
    assert '<c r="D2"><f>' in parts[sheet]
    parts[sheet] = parts[sheet].replace('<c r="D2"><f>', '<c r="D2" t="str"><f>')
    _deck_reading(folder, _zip(parts))
    code, found = _diagnostics(folder, tmp_path)
    assert (code, found) == (0, [])


@pytest.mark.parametrize("lock", ["~$cards.xlsx", "~$cards.csv", ".~lock.cards.xlsx#"])
def test_a_spreadsheet_programs_lock_file_is_no_data_file(tmp_path: Path, lock: str) -> None:
    """Excel and LibreOffice keep one beside a file they have open: it is not unused data."""
    folder = _copy("csv_deck", tmp_path)
    (folder / lock).write_bytes(b"\x0bdesigner   \x00\x00")
    result = run_cli("--strict", "--rule-data", folder.parent, "validate", folder.name)
    assert result.exit_code == 0, result.output
    assert parse_diagnostics(result.output) == []


def test_a_data_file_that_cannot_be_read_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy("csv_deck", tmp_path)
    os_open = os.open

    def refused(path: Path, *args: int, **kwargs: int) -> int:
        if Path(path).name == "cards.csv":
            raise PermissionError(13, "Permission denied")
        return os_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)
    code, found = _diagnostics(folder, tmp_path)
    (problem,) = found
    assert (code, problem.code, Path(problem.file).name, problem.line, problem.column) == (
        1,
        "PK801",
        "cards.csv",
        1,
        1,
    )
    assert "Permission denied" in problem.message
