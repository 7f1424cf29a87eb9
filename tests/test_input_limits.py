"""Hostile input the loader bounds before it costs time or memory, and text the models refuse
before it reaches a renderer: each a located diagnostic with a hint, never a traceback.

Cases that git cannot hold (11 MB files, invalid UTF-8, links, unreadable folders) are made in a
temporary folder from the minimal package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import GOOD, REPO, parse_diagnostics, run_cli

import printkit.load.yaml_spans
import printkit.materials.laid_out
from printkit.diagnostics import Diagnostic, Severity, Span
from printkit.model.base import check_colour


def _game(tmp_path: Path) -> Path:
    folder = tmp_path / "rule_data" / "game"
    shutil.copytree(GOOD / "minimal_deck", folder)
    return folder


def _validate(folder: Path):
    result = run_cli("--rule-data", folder.parent, "validate")
    assert result.exit_code == 1, result.output
    return parse_diagnostics(result.output), result.output


def _one(folder: Path, code: str, file: str, line: int, column: int | None = None):
    found, output = _validate(folder)
    (problem,) = [d for d in found if d.code == code]
    assert (Path(problem.file).name, problem.line) == (file, line), output
    if column is not None:
        assert problem.column == column, output
    assert problem.hint, output
    assert len(output.strip().splitlines()) == 3, "one located line, one hint, the summary"
    return problem


def test_a_file_over_10_mb_is_refused_before_reading(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    with (folder / "huge.yaml").open("wb") as handle:
        handle.truncate(11 * 1024 * 1024)  # sparse: no 11 MB are written or read
    problem = _one(folder, "PK003", "huge.yaml", 1)
    assert "11 MB" in problem.message


@pytest.mark.parametrize("depth", [101, 1000, 20_000])
def test_nesting_beyond_100_levels_is_one_diagnostic(tmp_path: Path, depth: int) -> None:
    folder = _game(tmp_path)
    (folder / "deep.yaml").write_text("notes: " + "[" * depth + "]" * depth + "\n")
    _one(folder, "PK004", "deep.yaml", 1)


def test_an_alias_bomb_stops_at_the_expansion_limit(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    levels = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for index, name in enumerate("bcdefghi"):
        previous = "abcdefghi"[index]
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    (folder / "bomb.yaml").write_text("\n".join(levels) + "\n")  # 9^9 = 387 million values
    problem = _one(folder, "PK005", "bomb.yaml", 6)
    assert "200,000" in problem.message


def _more_values(folder: Path, values: int) -> None:
    """A file of `values` values and lists after the minimal package's (105 values, 1,039
    bytes)."""
    (folder / "more.yaml").write_text("data:\n  scores: [" + ", ".join(["1"] * values) + "]\n")


@pytest.mark.parametrize(
    ("bound", "most", "code", "message"),
    [
        (
            "MAX_PACKAGE_VALUES",
            150,
            "PK005",
            "the game's YAML files hold or expand to more than 150 values together",
        ),
        (
            "MAX_PACKAGE_BYTES",
            1200,
            "PK003",
            "with this file the game's YAML files are 1.3 KB, above the 1.2 KB they may have "
            "together",
        ),
    ],
)
def test_the_game_s_files_together_are_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: str, most: int, code: str, message: str
) -> None:
    """Each file within its own bounds, the files of a game together are bounded too, in
    values and in bytes (made small here): where they pass the bound is the one finding, and
    the file after it, which does not parse, is not read."""
    monkeypatch.setattr(printkit.load.yaml_spans, bound, most)
    folder = _game(tmp_path)
    _more_values(folder, 100)
    (folder / "zz.yaml").write_text("data: [unclosed\n")
    assert _one(folder, code, "more.yaml", 1).message == message


@pytest.mark.parametrize(
    ("bound", "code"), [("MAX_PACKAGE_VALUES", "PK005"), ("MAX_PACKAGE_BYTES", "PK003")]
)
def test_a_game_at_a_bound_of_its_files_together_is_read_and_a_file_more_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: str, code: str
) -> None:
    folder = _game(tmp_path)
    _more_values(folder, 40)  # 105 + 45 values
    files = sum(path.stat().st_size for path in folder.glob("*.yaml"))
    monkeypatch.setattr(printkit.load.yaml_spans, bound, 150 if code == "PK005" else files)
    assert run_cli("--rule-data", folder.parent, "validate").exit_code == 0
    (folder / "zz.yaml").write_text("notes: x\n")
    _one(folder, code, "zz.yaml", 1)


def test_a_byte_that_is_not_utf8_is_located(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    game = folder / "game.yaml"
    game.write_bytes(game.read_bytes().replace(b"Minimal Deck", b"Minimal D\xe9ck"))
    problem = _one(folder, "PK002", "game.yaml", 4, 19)
    assert "0xe9" in problem.message and "UTF-8" in problem.hint


def test_a_control_character_is_located_on_its_line(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    game = folder / "game.yaml"
    game.write_bytes(game.read_bytes().replace(b"Minimal Deck", b"Minimal\x01Deck"))
    problem = _one(folder, "PK100", "game.yaml", 4, 17)
    assert problem.message == "character U+0001 is not allowed in YAML text"
    assert problem.hint == (
        "remove it; inside a double-quoted string an escape such as \\t may stand for a tab"
    )


def test_a_link_out_of_the_game_folder_is_not_followed(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text("private_key_name: 1\n")
    (folder / "extra.yaml").symlink_to(secret)
    found, output = _validate(folder)
    assert [d.code for d in found] == ["PK006"]
    assert "private_key_name" not in output


def test_an_all_empty_package_is_reported_at_a_file(tmp_path: Path) -> None:
    folder = tmp_path / "rule_data" / "empty"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("")
    (folder / "more.yaml").write_text("# nothing yet\n")
    found, _ = _validate(folder)
    assert [(d.code, Path(d.file).name, d.line) for d in found] == [("PK121", "game.yaml", 1)]


def _validate_as_a_user(rule_data: Path, *games: str) -> subprocess.CompletedProcess[str]:
    """`printkit validate` in a process that meets permissions as a user would: root reads any
    folder, so its power to override them is dropped (setpriv, util-linux)."""
    command = [sys.executable, "-m", "printkit", "--rule-data", str(rule_data), "validate", *games]
    if os.geteuid() == 0:
        no_override = "-dac_override,-dac_read_search"
        command = ["setpriv", f"--inh-caps={no_override}", f"--bounding-set={no_override}"]
        command += [sys.executable, "-m", "printkit", "--rule-data", str(rule_data), "validate"]
        command += games
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        cwd=rule_data.parent,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )


def _locked_sibling(tmp_path: Path) -> tuple[Path, Path]:
    good = _game(tmp_path)
    locked = tmp_path / "rule_data" / "locked"
    shutil.copytree(GOOD / "minimal_deck", locked)
    locked.chmod(0)
    return good, locked


def test_an_unreadable_game_folder_is_reported_and_the_others_still_load(tmp_path: Path) -> None:
    good, locked = _locked_sibling(tmp_path)
    try:
        result = _validate_as_a_user(good.parent)
    finally:
        locked.chmod(0o755)
    found = parse_diagnostics(result.stderr)
    assert "Traceback" not in result.stderr
    assert [(d.code, Path(d.file).name) for d in found] == [("PK002", "locked")], result.stderr
    assert result.returncode == 1


def test_a_named_game_is_read_alone(tmp_path: Path) -> None:
    """`validate GAME` reads only that game: a sibling folder it cannot list is no concern."""
    good, locked = _locked_sibling(tmp_path)
    try:
        result = _validate_as_a_user(good.parent, good.name)
    finally:
        locked.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert parse_diagnostics(result.stderr) == []


def test_diagnostics_print_control_characters_as_escapes() -> None:
    diagnostic = Diagnostic(
        "PK200", Severity.ERROR, "no deck 'a\nb\x1b[31m'", Span("g.yaml", 3, 4), "try 'c\nd'"
    )
    assert diagnostic.render().splitlines() == [
        "g.yaml:3:4: error[PK200]: no deck 'a\\nb\\x1b[31m'",
        "  hint: try 'c\\nd'",
    ]


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("#ABC", "#aabbcc"),
        ("Red", "#ff0000"),
        ("cornflowerblue", "#6495ed"),
        ("ReportLabBlue", "#00337f"),  # names only reportlab knows are looked up, not passed on
        ("cornflower", "#6495ed"),
        (" #1565C0 ", "#1565c0"),
    ],
)
def test_colours_reach_every_backend_in_one_canonical_form(given: str, canonical: str) -> None:
    assert check_colour(given) == canonical


@pytest.mark.parametrize("given", ["transparent", "cornflour", "#12345", "#zzzzzz", "rgb(1,2,3)"])
def test_colours_no_backend_can_draw_are_refused(given: str) -> None:
    with pytest.raises(ValueError):
        check_colour(given)


def test_a_material_s_text_past_its_budget_is_one_diagnostic_and_laid_out_no_further(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fitting text tries sizes, so a material's texts added up are bounded (PK808): 2,000
    cards of 100,000 characters each would take hours. Here the budget is made small: the
    card that passes it is reported once, at the region's text, and nothing is written."""
    monkeypatch.setattr(printkit.materials.laid_out, "MAX_LAID_OUT_TEXT", 40)
    folder = _game(tmp_path)
    result = run_cli("--rule-data", folder.parent, "build", folder.name, "--out", tmp_path / "o")
    assert result.exit_code == 1
    [found] = [d for d in parse_diagnostics(result.output) if d.code == "PK808"]
    line = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()[found.line - 1]
    assert line.lstrip().startswith("text:") and "more than 40 characters" in found.message
    assert not (tmp_path / "o" / folder.name).exists()
