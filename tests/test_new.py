"""`printkit new`: a scaffold that builds clean under --strict at once, for every kind, and never
writes over what is there."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from support import run_cli

from printkit.commands.new import KINDS


def new_game(tmp_path: Path, *args: str) -> tuple[int, str, Path]:
    result = run_cli("--rule-data", tmp_path / "rule_data", "new", *args)
    return result.exit_code, result.output, tmp_path / "rule_data"


@pytest.mark.parametrize("kind", [*KINDS, None])
def test_a_new_game_builds_clean_under_strict(tmp_path: Path, kind: str | None) -> None:
    code, output, rule_data = new_game(tmp_path, "my_game", *(["--kind", kind] if kind else []))
    assert code == 0, output
    files = sorted(path.name for path in (rule_data / "my_game").iterdir())
    for name in files:
        text = (rule_data / "my_game" / name).read_text()
        assert text.startswith("# yaml-language-server: $schema="), name
        assert "@" not in text, f"{name} keeps a placeholder"
    built = run_cli(
        "--rule-data",
        rule_data,
        "--strict",
        "build",
        "my_game",
        "--out",
        tmp_path / "out",
        "--format",
        "pdf",
    )
    assert built.exit_code == 0, built.output
    assert "warning" not in built.output and "error" not in built.output, built.output
    pdfs = {path.stem for path in (tmp_path / "out" / "my_game").glob("*.pdf")}
    assert "quick_reference" in pdfs  # every game has its rules, with a table and a claim
    expected = {
        "cards": "cards",
        "hexmap": "map",
        "counters": "tokens",
        "sheet": "score_sheet",
        "rules": "rules_reference",
    }
    assert pdfs >= ({expected[kind]} if kind else set(expected.values()))
    for pdf in pdfs:
        assert len(pypdf.PdfReader(tmp_path / "out" / "my_game" / f"{pdf}.pdf").pages) >= 1
    claims = run_cli("--rule-data", rule_data, "claims", "my_game")
    assert "five_rounds" in claims.output and "checked" in claims.output, claims.output


def test_new_refuses_to_overwrite(tmp_path: Path) -> None:
    assert new_game(tmp_path, "mine")[0] == 0
    game = tmp_path / "rule_data" / "mine" / "game.yaml"
    game.write_text("# my own work\n")
    code, output, _ = new_game(tmp_path, "mine", "--kind", "cards")
    assert code == 2 and "already exists" in output
    assert game.read_text() == "# my own work\n"


@pytest.mark.parametrize("name", ["../escape", "My Game", "", ".hidden", "a" * 65, "x/y"])
def test_a_bad_name_is_a_usage_error(tmp_path: Path, name: str) -> None:
    code, output, rule_data = new_game(tmp_path, name)
    assert code == 2 and "cannot name a game folder" in output, output
    assert not rule_data.exists() or not any(rule_data.iterdir())
