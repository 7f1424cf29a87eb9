"""`printkit new`: a scaffold that builds clean under --strict at once, for every kind, and never
writes over what is there."""

from __future__ import annotations

import re
import shlex
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
    """Neither a game nor a file: without --kind a game that exists is refused with the way
    to add a material; with it, a file of that name (the designer's own) is kept."""
    assert new_game(tmp_path, "mine")[0] == 0
    cards = tmp_path / "rule_data" / "mine" / "cards.yaml"
    cards.write_text("# my own work\n")
    code, output, _ = new_game(tmp_path, "mine", "--kind", "cards")
    assert code == 2 and "cards.yaml already exists" in output and "rename yours" in output
    assert cards.read_text() == "# my own work\n"
    hexmap = cards.with_name("hexmap.yaml")
    hexmap.unlink()
    hexmap.symlink_to(tmp_path / "elsewhere.yaml")  # a link is never written through
    code, output, _ = new_game(tmp_path, "mine", "--kind", "hexmap")
    assert code == 2 and "hexmap.yaml already exists" in output
    assert not (tmp_path / "elsewhere.yaml").exists()
    code, output, _ = new_game(tmp_path, "mine")
    assert code == 2 and "name its kind: printkit new mine --kind cards|" in output, output
    (tmp_path / "rule_data" / "notes").mkdir()  # a folder that holds no game
    code, output, _ = new_game(tmp_path, "notes", "--kind", "cards")
    assert code == 2 and "choose another name" in output, output
    assert not (tmp_path / "rule_data" / "notes" / "cards.yaml").exists()


def test_new_adds_a_material_to_a_game_that_exists(tmp_path: Path) -> None:
    """A kind's commented file added beside the game's own, which stay as they were: a game
    `new` made builds clean under --strict with each material added."""
    assert new_game(tmp_path, "grown", "--kind", "cards")[0] == 0
    game = tmp_path / "rule_data" / "grown"
    before = {path.name: path.read_bytes() for path in game.iterdir()}
    for kind in ("counters", "sheet"):
        code, output, _ = new_game(tmp_path, "grown", "--kind", kind)
        assert code == 0 and f"added {game / kind}.yaml" in output, output
    after = {path.name: path.read_bytes() for path in game.iterdir()}
    assert sorted(after) == sorted([*before, "counters.yaml", "sheet.yaml"])
    assert all(after[name] == text for name, text in before.items())
    assert after["counters.yaml"].startswith(b"# yaml-language-server: $schema=")
    built = run_cli(
        "--rule-data", game.parent, "--strict", "build", "grown", "--out", tmp_path / "out",
        "--format", "pdf",
    )  # fmt: skip
    assert built.exit_code == 0 and "warning" not in built.output, built.output
    pdfs = {path.stem for path in (tmp_path / "out" / "grown").glob("*.pdf")}
    assert pdfs == {"cards", "tokens", "score_sheet", "quick_reference"}


@pytest.mark.parametrize("name", ["../escape", "My Game", "", ".hidden", "a" * 65, "x/y"])
def test_a_bad_name_is_a_usage_error(tmp_path: Path, name: str) -> None:
    code, output, rule_data = new_game(tmp_path, name)
    assert code == 2 and "cannot name a game folder" in output, output
    assert not rule_data.exists() or not any(rule_data.iterdir())


NEXT = re.compile(r"next: printkit (?P<build>.+ b)   \(or: .* watch b, then open (?P<page>.+)\)")


@pytest.mark.parametrize(
    ("here", "toml", "rule_data", "preview"),
    [
        ("project", None, None, "project/output"),  # the top of the layout new makes
        ("project/rule_data/a", None, None, "project/output"),  # a game's: two folders up
        ("project/rule_data/a", 'out = "site"\n', None, "project/site"),  # printkit.toml's
        ("elsewhere", None, "project/rule_data", "elsewhere/output"),  # --rule-data typed
    ],
)
def test_the_next_steps_new_names_work_from_where_it_was_typed(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    here: str,
    toml: str | None,
    rule_data: str | None,
    preview: str,
) -> None:
    """Typed as printed, in the folder where `new` was typed, the next command builds the game
    (with the --rule-data typed, which nothing finds again) and the preview page named is the
    one that build wrote, wherever that folder is."""
    (tmp_path / "project" / "rule_data").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    if toml:
        (tmp_path / "project" / "printkit.toml").write_text(toml)
    monkeypatch.chdir(tmp_path / "project")
    assert run_cli("new", "a", "--kind", "cards").exit_code == 0
    monkeypatch.chdir(tmp_path / here)
    typed = ("--rule-data", tmp_path / rule_data) if rule_data else ()
    created = run_cli(*typed, "new", "b", "--kind", "cards")
    assert created.exit_code == 0, created.output
    found = NEXT.search(created.output)
    assert found, created.output
    built = run_cli(*shlex.split(found["build"]), "--format", "pdf")
    assert built.exit_code == 0, built.output
    assert (tmp_path / preview / "b" / "cards.pdf").is_file(), built.output
    assert Path(found["page"]).resolve() == tmp_path / preview / "index.html", created.output
    assert (tmp_path / preview / "index.html").is_file()
