"""The `printkit` command: exit codes 0/1/2, list, validate, build options, strict, explain."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest
from support import (
    BROKEN,
    DATA,
    GOOD,
    MM_PER_PT,
    RULE_DATA,
    files_under,
    listed,
    parse_diagnostics,
    read_package,
    run_cli,
)

from printkit.cli import main
from printkit.diagnostics import CODES

WARNINGS = DATA / "warnings"
GOOD_GAMES = sorted(p.name for p in GOOD.iterdir() if p.is_dir())


# --- list ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule_data", "game"), [(RULE_DATA, "shields_up"), (GOOD, "marked_deck")])
def test_list_shows_each_game_with_its_title_and_materials(rule_data: Path, game: str) -> None:
    result = run_cli("--rule-data", rule_data, "list")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    package = read_package(rule_data / game)
    header = next(i for i, line in enumerate(lines) if line.split()[:1] == [game])
    assert package["game"]["title"] in lines[header]
    sections: dict[str, dict[str, str]] = {}
    for line in lines[header + 1 :]:
        if not line.startswith("  "):
            break
        if not line.startswith("    "):
            section = sections.setdefault(line.strip().rstrip(":"), {})
        elif section is sections.get("box"):
            count, _, name, *_ = line.split()
            section[name] = count
        else:
            name, kind, *_ = line.split()
            section[name] = kind
    materials = {name: spec["kind"] for name, spec in package["materials"].items()}
    box = {name: str(entry["count"]) for name, entry in package.get("components", {}).items()}
    assert sections == {"materials": materials, **({"box": box} if box else {})}


def test_list_names_every_game_folder() -> None:
    result = run_cli("--rule-data", GOOD, "list")
    games = [line.split()[0] for line in result.output.splitlines() if not line.startswith(" ")]
    assert games == GOOD_GAMES


def test_list_marks_a_package_whose_yaml_does_not_load(tmp_path: Path) -> None:
    shutil.copytree(BROKEN / "yaml_syntax", tmp_path / "yaml_syntax")
    result = run_cli("--rule-data", tmp_path, "list")
    assert "Traceback" not in result.output
    assert "yaml_syntax  (does not load: run 'printkit validate yaml_syntax')" in result.output


def test_list_shows_a_package_as_written_without_checking_it(tmp_path: Path) -> None:
    """list is an index, not a check: a mistake the model would refuse is listed as written."""
    shutil.copytree(BROKEN / "unknown_key", tmp_path / "unknown_key")
    result = run_cli("--rule-data", tmp_path, "list")
    assert result.exit_code == 0, result.output
    title = read_package(tmp_path / "unknown_key")["game"]["title"]
    assert result.output.splitlines()[0] == f"unknown_key  {title}"


def test_list_shows_a_count_of_thousands_of_digits_on_a_line_of_its_own_size(
    tmp_path: Path,
) -> None:
    """A count of 5,000 digits (more than Python turns into a number from text): listed cut
    short, on one line, not an internal error; validate says what the count takes."""
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "huge")
    game = tmp_path / "huge" / "game.yaml"
    game.write_text(game.read_text().replace("    count: 3\n", f"    count: {'9' * 5000}\n", 1))
    result = run_cli("--rule-data", tmp_path, "list")
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.output.splitlines() if "× deck" in line]
    assert line.strip().startswith("999") and "…" in line and len(line) < 100
    checked = run_cli("--rule-data", tmp_path, "validate")
    assert checked.exit_code == 1
    assert "takes a whole number, not one of 5,000 digits" in checked.output


def test_list_pads_no_line_to_a_kind_of_a_million_letters(tmp_path: Path) -> None:
    """The kind column is as wide as the longest kind printkit knows, never wider: one
    material of a million-letter kind made every other line a megabyte."""
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "wide")
    game = tmp_path / "wide" / "game.yaml"
    text = game.read_text() + f"  odd:\n    kind: {'x' * 100_000}\n"
    game.write_text(text)
    result = run_cli("--rule-data", tmp_path, "list")
    sheet = next(line for line in result.output.splitlines() if line.strip().startswith("sheet"))
    assert len(sheet) < 80, sheet


def test_an_empty_rule_data_folder_is_pk001(tmp_path: Path) -> None:
    for command in (["list"], ["validate"], ["build", "--out", str(tmp_path / "out")]):
        result = run_cli("--rule-data", tmp_path, *command)
        assert result.exit_code == 1, (command, result.output)
        assert [d.code for d in parse_diagnostics(result.output)] == ["PK001"]


# --- validate -----------------------------------------------------------------------------------


def test_validate_shields_up_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("--rule-data", RULE_DATA, "validate", "shields_up")
    assert result.exit_code == 0, result.output
    assert not [d for d in parse_diagnostics(result.output) if d.severity != "note"]
    assert files_under(tmp_path) == []  # validate writes nothing


def test_validate_every_good_fixture_with_no_game_named() -> None:
    result = run_cli("--rule-data", GOOD, "validate")
    assert result.exit_code == 0, result.output
    assert not [d for d in parse_diagnostics(result.output) if d.severity == "error"]


def test_validate_a_broken_package_exits_1() -> None:
    result = run_cli("--rule-data", BROKEN, "validate", "incomplete_set")
    assert result.exit_code == 1
    assert [d.code for d in parse_diagnostics(result.output)] == ["PK211"]


@pytest.mark.parametrize("command", ["build", "validate", "claims"])
def test_an_unknown_game_is_a_usage_mistake_with_a_suggestion(command: str, tmp_path: Path) -> None:
    """Like an unknown --only material: a mistake on the command line, exit 2."""
    out = ["--out", tmp_path] if command == "build" else []
    result = run_cli("--rule-data", GOOD, command, "minimal_dek", *out)
    assert result.exit_code == 2, result.output
    assert "no game 'minimal_dek'" in result.output
    assert "did you mean 'minimal_deck'" in result.output
    assert files_under(tmp_path) == []


# --- usage errors exit 2 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "arguments",
    [
        ["build", "--no-such-option"],
        ["build", "--format", "gif"],
        ["build", "--format", ""],
        ["build", "--paper", "a5"],
        ["validate", "--paper", "quarto"],
        ["explain", "PK999"],
        ["no-such-command"],
    ],
    ids=lambda a: " ".join(a) or "nothing",
)
def test_usage_errors_exit_2_and_write_nothing(
    arguments: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run from an empty folder (where the default 'output' would go), a build also given an
    --out inside it: a usage error leaves the folder empty."""
    monkeypatch.chdir(tmp_path)
    if arguments[:1] == ["build"]:
        arguments = ["build", "--out", str(tmp_path / "out"), *arguments[1:]]
    result = run_cli("--rule-data", GOOD, *arguments)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert files_under(tmp_path) == []


@pytest.mark.parametrize(
    ("arguments", "answer"),
    [
        (["biuld"], "No such command 'biuld'; did you mean 'build'?"),
        (["valdate"], "No such command 'valdate'; did you mean 'validate'?"),
        (["xyzzy"], "No such command 'xyzzy'."),
        (["build", "--format", "pdf,pgn"], "no format 'pgn'; did you mean 'png'?"),
        (["build", "--format", "gif"], "no format 'gif'; expected one of: cards, pdf, png, svg"),
        (["build", "--paper", "Leter"], "no paper 'leter'; did you mean 'letter'?"),
        (["validate", "--format", "jsn"], "no format 'jsn'; did you mean 'json'?"),
        (["--color", "alway", "list"], "no colour setting 'alway'; did you mean 'always'?"),
        (["new", "x", "--kind", "card"], "no kind 'card'; did you mean 'cards'?"),
    ],
    ids=" ".join,
)
def test_a_name_typed_that_names_nothing_is_answered_with_the_closest(
    arguments: list[str], answer: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commands and choices as unknown games, materials and codes are: a usage mistake (exit
    2) with the name meant, or the names to choose from; no close command keeps click's
    message, which points at --help."""
    monkeypatch.chdir(tmp_path)
    result = run_cli("--rule-data", GOOD, *arguments)
    assert result.exit_code == 2, result.output
    assert answer in result.output, result.output
    assert files_under(tmp_path) == []


def test_help_exits_0_and_lists_the_commands() -> None:
    result = run_cli("--help")
    assert result.exit_code == 0
    for command in ("list", "validate", "build", "schema", "explain"):
        assert command in result.output


def test_command_summaries_are_not_cut_mid_sentence() -> None:
    """click cuts a command's one-line help at the first full stop, so "e.g. PK211" in the
    first sentence of a docstring leaves a summary that ends in "e.g."."""
    for name, command in main.commands.items():
        summary = command.get_short_help_str(limit=120)
        assert not summary.endswith(("e.g.", "i.e.", "etc.")), f"{name}: {summary!r}"


def test_explain_without_a_code_lists_every_code() -> None:
    result = run_cli("explain")
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.splitlines() if line.strip()]
    assert listed == sorted(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_explain_prints_the_catalogue_entry_whole(code: str) -> None:
    """Code, severity, title and the whole explanation, each from the catalogue."""
    result = run_cli("explain", code.lower())
    assert result.exit_code == 0
    entry = CODES[code]
    assert entry.title and entry.explanation
    assert result.output == f"{code} ({entry.severity}): {entry.title}\n\n{entry.explanation}\n"


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("PK12", "codes that begin so: PK120, PK121, PK122"),
        ("PK1211", "did you mean 'PK121'?"),
        ("zz", "'printkit explain' lists them all"),
    ],
)
def test_an_unknown_code_is_answered_with_the_closest(typed: str, answer: str) -> None:
    """A usage mistake (exit 2) answered as every unknown name is: with what was meant."""
    result = run_cli("explain", typed)
    assert result.exit_code == 2
    assert answer in result.output, result.output


def test_a_letter_o_typed_for_a_zero_is_read_as_meant() -> None:
    assert run_cli("explain", "pk2o1").output.startswith("PK201 (error)")


# --- build options ------------------------------------------------------------------------------


def test_build_with_no_game_named_builds_every_game(tmp_path: Path) -> None:
    result = run_cli("--rule-data", GOOD, "build", "--out", tmp_path, "--format", "pdf")
    assert result.exit_code == 0, result.output
    for game in GOOD_GAMES:
        materials = read_package(GOOD / game)["materials"]
        written = listed(tmp_path / game)
        pdfs = sorted(p.name for p in written if not p.name.endswith(".cards.json"))
        assert pdfs == sorted(f"{m}.pdf" for m in materials)  # and card maps (test_diff.py)


def test_only_builds_the_named_material(tmp_path: Path) -> None:
    result = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "pod", "--out", tmp_path
    )
    assert result.exit_code == 0, result.output
    names = {p.name for p in files_under(tmp_path)}
    assert "pod.pdf" in names
    assert all(name.startswith("pod") for name in names), names


def test_only_with_an_unknown_material_is_a_usage_mistake(tmp_path: Path) -> None:
    """No package is wrong: the command line is (exit 2, no file:line), and nothing is built."""
    result = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "podd", "--out", tmp_path
    )
    assert result.exit_code == 2
    assert "no material 'podd'" in result.output and "did you mean 'pod'" in result.output
    assert not parse_diagnostics(result.output)
    assert files_under(tmp_path) == []


def test_an_empty_out_is_a_usage_mistake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--out "$DIR"` with DIR unset would have built into the working folder."""
    monkeypatch.chdir(tmp_path)
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", "")
    assert result.exit_code == 2
    assert "'--out': it is empty" in result.output and "--out output" in result.output
    assert files_under(tmp_path) == []


def test_only_builds_the_games_that_have_the_material(tmp_path: Path) -> None:
    """Across all games, --only builds the one that has it; the others are not errors."""
    result = run_cli("--rule-data", GOOD, "build", "--only", "fold_vertical", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert {path.parent.name for path in files_under(tmp_path)} == {"marked_deck"}


@pytest.mark.parametrize(
    ("formats", "suffixes"),
    [  # a deck's PDF comes with its card map (.cards.json)
        ("pdf", {".pdf", ".json"}),
        ("svg", {".svg"}),
        ("pdf,png", {".pdf", ".json", ".png"}),
        ("png, svg", None),
    ],
)
def test_format_selects_the_files_written(
    formats: str, suffixes: set[str] | None, tmp_path: Path
) -> None:
    result = run_cli(
        "--rule-data", GOOD, "build", "minimal_deck", "--format", formats, "--out", tmp_path
    )
    assert result.exit_code == 0, result.output
    expected = suffixes or {"." + f.strip() for f in formats.split(",")}
    assert {p.suffix for p in files_under(tmp_path)} == expected


def test_pages_are_written_one_svg_and_one_png_each(shields_up: Path) -> None:
    """Reference documents are flowing text: PNG previews, no SVG pages to edit."""
    for material, spec in read_package(RULE_DATA / "shields_up")["materials"].items():
        pages = len(pypdf.PdfReader(shields_up / f"{material}.pdf").pages)
        flowing = spec["kind"] in ("quick_reference", "rules_reference")
        for suffix in (".png",) if flowing else (".svg", ".png"):
            written = sorted(shields_up.glob(f"{material}-p*{suffix}"))
            expected = [f"{material}-p{n:02d}{suffix}" for n in range(1, pages + 1)]
            assert [p.name for p in written] == expected
        if flowing:
            assert not list(shields_up.glob(f"{material}-p*.svg"))


@pytest.mark.parametrize(("paper", "size_mm"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_paper_option_sets_the_page_size(paper: str, size_mm: tuple, tmp_path: Path) -> None:
    result = run_cli(
        "--rule-data", GOOD, "build", "minimal_deck", "--paper", paper, "--format", "pdf",
        "--out", tmp_path,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(tmp_path / "minimal_deck" / "sheet.pdf").pages[0]
    measured = (float(page.mediabox.width) * MM_PER_PT, float(page.mediabox.height) * MM_PER_PT)
    assert measured == pytest.approx(size_mm, abs=0.01)


def test_a_material_paper_overrides_the_command_line(tmp_path: Path) -> None:
    result = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "letter", "--paper", "a4",
        "--format", "pdf", "--out", tmp_path,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(tmp_path / "marked_deck" / "letter.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((612, 792))


# --- warnings, --strict, notes ------------------------------------------------------------------


def test_a_warning_builds_and_exits_0(tmp_path: Path) -> None:
    result = run_cli("--rule-data", WARNINGS, "build", "stale_erratum", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    (diagnostic,) = parse_diagnostics(result.output)
    assert (diagnostic.severity, diagnostic.code) == ("warning", "PK231")
    assert diagnostic.hint
    assert (tmp_path / "stale_erratum" / "sheet.pdf").is_file()


@pytest.mark.parametrize("command", ["build", "validate"])
def test_strict_turns_a_warning_into_exit_1(command: str, tmp_path: Path) -> None:
    arguments = ["--out", str(tmp_path)] if command == "build" else []
    result = run_cli("--strict", "--rule-data", WARNINGS, command, "stale_erratum", *arguments)
    assert result.exit_code == 1, result.output
    assert [d.code for d in parse_diagnostics(result.output)] == ["PK231"]
    assert files_under(tmp_path) == []


def test_strict_leaves_a_clean_package_alone(tmp_path: Path) -> None:
    result = run_cli("--strict", "--rule-data", GOOD, "build", "minimal_deck", "--out", tmp_path)
    assert result.exit_code == 0, result.output


def test_an_erratum_turns_a_known_contradiction_into_a_note(tmp_path: Path) -> None:
    result = run_cli("--rule-data", GOOD, "build", "resolved_by_erratum", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    (diagnostic,) = parse_diagnostics(result.output)
    assert (diagnostic.severity, diagnostic.code) == ("note", "PK230")
    erratum = read_package(GOOD / "resolved_by_erratum")["errata"][0]
    # the finding's own message, its code, and the erratum named by its place (it has no id)
    assert diagnostic.message.endswith(" [PK211, resolved by erratum '1']")
    assert erratum["subject"] in diagnostic.message
    assert diagnostic.hint == (
        f"the text says: {erratum['text_says']}; printkit follows: {erratum['resolution']}"
    )
    assert (tmp_path / "resolved_by_erratum" / "sheet.pdf").is_file()


# --- output that cannot be written --------------------------------------------------------------


def test_an_out_option_naming_a_file_is_a_usage_error(tmp_path: Path) -> None:
    blocked = tmp_path / "out"
    blocked.write_text("a file, not a folder\n")
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", blocked)
    assert result.exit_code == 2
    assert blocked.read_text() == "a file, not a folder\n"


def test_an_unwritable_game_folder_is_pk400_not_a_traceback(tmp_path: Path) -> None:
    blocked = tmp_path / "minimal_deck"
    blocked.write_text("a file where the game's output folder should be\n")
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", tmp_path)
    assert result.exit_code == 1
    (diagnostic,) = parse_diagnostics(result.output)
    assert diagnostic.code == "PK400"
    assert diagnostic.hint
    assert blocked.read_text() == "a file where the game's output folder should be\n"
    assert files_under(tmp_path) == [blocked]


def test_a_failed_build_keeps_the_previous_good_output(tmp_path: Path) -> None:
    rule_data = tmp_path / "rule_data"
    shutil.copytree(GOOD / "minimal_deck", rule_data / "minimal_deck")
    out = tmp_path / "out"
    assert run_cli("--rule-data", rule_data, "build", "--out", out).exit_code == 0
    before = {p: p.read_bytes() for p in files_under(out)}
    assert before

    game = rule_data / "minimal_deck" / "game.yaml"
    game.write_text(game.read_text().replace("size: 2\n", "size: 5\n"))
    result = run_cli("--rule-data", rule_data, "build", "--out", out)
    assert result.exit_code == 1
    assert "PK211" in result.output
    assert {p: p.read_bytes() for p in files_under(out)} == before


def test_every_pdf_asks_for_actual_size_and_duplex_sheets_say_how(shields_up: Path) -> None:
    expected = {
        "deck": "/DuplexFlipLongEdge",  # fronts and backs on a sheet
        "deck_print_on_demand": None,  # one card per page, the printer does the backs
        "quick_reference": None,
        "rules_reference": None,
    }
    for material, duplex in expected.items():
        preferences = pypdf.PdfReader(shields_up / f"{material}.pdf").trailer["/Root"][
            "/ViewerPreferences"
        ]
        assert preferences["/PrintScaling"] == "/None", material
        assert preferences.get("/Duplex") == duplex, material


def test_preview_names_are_padded_to_the_page_count(tmp_path: Path) -> None:
    """A hundred pages are p001 … p100, so that the files sort in page order."""
    folder = tmp_path / "rule_data" / "big"
    shutil.copytree(DATA / "card_data" / "generated_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text().replace("    count: 6\n", "    count: 900\n")
    text = text.replace(
        "suit: [Suns, Moons]", "suit: [" + ", ".join(f"S{n}" for n in range(30)) + "]"
    )
    text = text.replace("rank: [1, 2, 3]", "rank: [" + ", ".join(str(n) for n in range(30)) + "]")
    game.write_text(text)
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--out", out, "--format", "svg")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (out / "big").glob("sheet-p*.svg"))
    assert names[0] == "sheet-p001.svg" and names[-1] == "sheet-p100.svg" and len(names) == 100


def test_duplex_sheets_say_how_to_print_them(shields_up: Path) -> None:
    pages = pypdf.PdfReader(shields_up / "deck.pdf").pages
    fronts, backs = pages[0].extract_text(), pages[1].extract_text()
    assert "print double-sided, flip on the long edge" in " ".join(fronts.split())
    assert "backs of page 1" in " ".join(backs.split())


@pytest.mark.parametrize("command", ["build", "validate"])
def test_strict_after_the_command_refuses_warnings_as_before_it(
    command: str, tmp_path: Path
) -> None:
    warned = DATA / "warnings"
    where = ["--out", str(tmp_path / "out")] if command == "build" else []
    after = run_cli(
        "--rule-data", warned, command, "hexmap_marker_letters_small", "--strict", *where
    )
    before = run_cli(
        "--rule-data", warned, "--strict", command, "hexmap_marker_letters_small", *where
    )
    lenient = run_cli("--rule-data", warned, command, "hexmap_marker_letters_small", *where)
    assert after.exit_code == before.exit_code == 1, after.output
    assert lenient.exit_code == 0, lenient.output
