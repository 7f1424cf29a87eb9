"""printkit.toml: found upward from the working folder, its defaults below the command line's,
a command typed inside a game's folder working on that game, and each mistake in it located."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from support import DATA, GOOD, MM_PER_PT, REPO, files_under, parse_diagnostics, run_cli
from test_broken_packages import expectations

from printkit.cli import COMMANDS
from printkit.commands.common import GAMES_CHOSEN

PROJECTS = DATA / "projects"
CASES = sorted(p for p in PROJECTS.iterdir() if p.is_dir())


def project(root: Path, toml: str) -> Path:
    """A project under `root`: its printkit.toml and two good games under games/."""
    (root / "printkit.toml").write_text(toml, encoding="utf-8")
    for game in ("minimal_deck", "marked_deck"):
        shutil.copytree(GOOD / game, root / "games" / game)
    return root


def page_size_mm(pdf: Path) -> tuple[int, int]:
    box = pypdf.PdfReader(pdf).pages[0].mediabox
    return round(float(box.width) * MM_PER_PT), round(float(box.height) * MM_PER_PT)


def test_a_build_inside_a_game_folder_builds_that_game_with_the_projects_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(
        tmp_path,
        'rule-data = "games"\nout = "built"\npaper = "letter"\nformats = ["pdf"]\n',
    )
    monkeypatch.chdir(root / "games" / "minimal_deck")
    result = run_cli("build")
    assert result.exit_code == 0, result.output
    built = [p for p in files_under(root / "built") if not p.name.endswith(".cards.json")]
    assert built and all(path.suffix == ".pdf" for path in built), built
    assert {path.relative_to(root / "built").parts[0] for path in built} == {"minimal_deck"}
    assert page_size_mm(built[0]) == (216, 279)  # letter, from the project file


@pytest.mark.parametrize(
    ("toml", "built"),
    [
        ('paper = "letter"\n', "output"),
        ('out = "built"\n', "built"),
        ('rule-data = "rule_data"\n', "output"),  # wrote rule_data/minimal_deck/output/
    ],
)
def test_the_folders_a_project_file_does_not_name_lie_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toml: str, built: str
) -> None:
    """A printkit.toml naming no rule-data (or no out) read them from the working folder: typed
    in a game's folder, a build found no games there (PK001), or, with rule-data named, wrote
    output/ into the game's own folder. They are rule_data and output beside the file."""
    (tmp_path / "printkit.toml").write_text(toml, encoding="utf-8")
    game = tmp_path / "rule_data" / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", game)
    monkeypatch.chdir(game)
    result = run_cli("build", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / built / "minimal_deck" / "sheet.pdf").is_file()
    assert sorted(p.name for p in game.iterdir()) == ["game.yaml"]  # nothing written in it


def test_the_command_line_wins_over_the_project_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path, 'rule-data = "games"\nout = "built"\npaper = "letter"\n')
    monkeypatch.chdir(root / "games")  # inside the rule-data folder, in no game: every game
    result = run_cli("build", "--out", root / "mine", "--paper", "a4", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert not (root / "built").exists()
    games = sorted(p.name for p in (root / "mine").iterdir() if p.is_dir() and p.name[0] != ".")
    assert games == ["marked_deck", "minimal_deck"]
    assert page_size_mm(root / "mine" / "minimal_deck" / "sheet.pdf") == (210, 297)


def test_without_a_project_file_the_defaults_are_printkits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "rule_data" / "minimal_deck")
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "minimal_deck" / "sheet.pdf").is_file()


def printkit_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m printkit ARGS` typed in `folder`, as a designer types it there."""
    return subprocess.run(
        [sys.executable, "-m", "printkit", *args],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(REPO), "PWD": str(folder)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_without_a_project_file_a_game_s_folder_in_rule_data_builds_that_game_beside_it(
    tmp_path: Path,
) -> None:
    """The layout `printkit new` makes needs no printkit.toml: typed in a game's folder (or a
    folder inside it), that game is built into the output folder beside rule_data, where a
    build typed in the project's folder writes; typed in rule_data, every game is checked."""
    for game in ("minimal_deck", "marked_deck"):
        shutil.copytree(GOOD / game, tmp_path / "rule_data" / game)
    game = tmp_path / "rule_data" / "minimal_deck"
    (game / "art").mkdir()
    result = printkit_in(game / "art", "build", "--format", "pdf")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "output" / "minimal_deck" / "sheet.pdf").is_file()
    assert not (tmp_path / "output" / "marked_deck").exists()
    assert sorted(p.name for p in game.iterdir()) == ["art", "game.yaml"]  # nothing written in it
    checked = printkit_in(tmp_path / "rule_data", "validate")
    assert checked.returncode == 0, checked.stderr
    assert "marked_deck, minimal_deck checked: no errors" in checked.stderr


@pytest.mark.parametrize("declared_by", ["game.yaml", "main.yaml"])
def test_without_a_project_file_a_game_s_folder_of_any_name_builds_that_game_beside_it(
    tmp_path: Path, declared_by: str
) -> None:
    """A game folder is one that declares a game (game.yaml, or a YAML file of another name
    whose top level is 'game:'), wherever it lies: typed in games/minimal_deck/art/, the game
    is built into the output folder beside games/, as in rule_data/ (a designer had to type
    --rule-data games there)."""
    for game in ("minimal_deck", "marked_deck"):
        shutil.copytree(GOOD / game, tmp_path / "games" / game)
    game = tmp_path / "games" / "minimal_deck"
    (game / "game.yaml").rename(game / declared_by)
    (game / "art").mkdir()
    result = printkit_in(game / "art", "build", "--format", "pdf")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "output" / "minimal_deck" / "sheet.pdf").is_file()
    assert not (tmp_path / "output" / "marked_deck").exists()
    assert sorted(p.name for p in game.iterdir()) == ["art", declared_by]  # nothing written


def test_a_project_folder_below_a_copy_of_a_game_file_keeps_its_rule_data(
    tmp_path: Path,
) -> None:
    """A copy of a game.yaml left in a folder above a project makes that folder look like a
    game's: typed in the project's folder, which holds rule_data, the games are still those
    of rule_data, not of the folder holding the copy."""
    project = tmp_path / "project"
    shutil.copytree(GOOD / "minimal_deck", project / "rule_data" / "minimal_deck")
    shutil.copy(project / "rule_data" / "minimal_deck" / "game.yaml", tmp_path / "game.yaml")
    checked = printkit_in(project, "validate")
    assert checked.returncode == 0, checked.stderr
    assert "minimal_deck checked: no errors" in checked.stderr


def test_in_no_game_and_no_project_pk001_says_where_it_looked(tmp_path: Path) -> None:
    """Typed in a folder of games not named rule_data (no game's, so nothing declares a game
    above it), without a project file: PK001 names the folder it looked for and the ways to
    name the right one."""
    games = tmp_path / "games"
    shutil.copytree(GOOD / "minimal_deck", games / "minimal_deck")
    result = printkit_in(games, "validate")
    assert result.returncode == 1, result.stderr
    [found] = parse_diagnostics(result.stderr)
    assert found.code == "PK001" and str(games / "rule_data") in found.message
    assert "--rule-data" in found.hint and "printkit.toml" in found.hint
    assert "a game's folder" in found.hint
    assert not (tmp_path / "output").exists()


def test_a_folder_s_yaml_is_read_for_its_game_within_a_game_s_bounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a folder holds a game is asked of the YAML loader, which reads a game's files
    together up to a bound: past it, neither reads another file, however many there are."""
    import printkit.load.yaml_spans
    import printkit.project

    monkeypatch.setattr(printkit.load.yaml_spans, "MAX_PACKAGE_BYTES", 100)
    read: list[Path] = []

    def counted(path: Path, *args: object, **kwargs: object) -> object:
        read.append(path)
        return printkit.load.yaml_spans.load_yaml(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(printkit.project, "load_yaml", counted)
    for n in range(5):
        (tmp_path / f"notes{n}.yaml").write_text(f"note: {'x' * 200}\n", encoding="utf-8")
    (tmp_path / "zz.yaml").write_text("game: {title: Late, players: '2'}\n", encoding="utf-8")
    (tmp_path / "printkit.toml").write_text('out = "elsewhere"\n', encoding="utf-8")
    assert printkit.project.game_holding(tmp_path / "printkit.toml") is None
    assert [path for path in read if path.parent == tmp_path] == [tmp_path / "notes0.yaml"]
    (tmp_path / "notes0.yaml").write_text("note: short\n", encoding="utf-8")
    found = printkit.project.game_holding(tmp_path / "printkit.toml")
    assert found is None or found.folder != tmp_path  # notes1.yaml passes the bound now
    monkeypatch.setattr(printkit.load.yaml_spans, "MAX_PACKAGE_BYTES", 10_000)
    found = printkit.project.game_holding(tmp_path / "printkit.toml")
    assert found is not None and found.declared_by == tmp_path / "zz.yaml"


def test_a_build_that_finds_no_game_makes_no_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PK001 stops the build before its output folder is made: a command that cannot run
    leaves no trace where a project file (perhaps not the designer's) points."""
    (tmp_path / "rule_data").mkdir()
    victim = tmp_path / "elsewhere"
    (tmp_path / "printkit.toml").write_text(f'out = "{victim}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_cli("build")
    assert result.exit_code == 1, result.output
    assert [d.code for d in parse_diagnostics(result.output)] == ["PK001"]
    assert not victim.exists()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_taking_games_says_in_its_help_which_it_takes_when_none_is_named(
    name: str,
) -> None:
    """`build`'s help said "all of them by default", true only outside a game's folder; no
    command said what typing it inside one does."""
    shown = " ".join(run_cli(name, "--help").output.split())  # the help as words, unwrapped
    takes_games = "[GAMES]..." in shown or "[GAME]..." in shown
    assert (GAMES_CHOSEN in shown) == takes_games, shown


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_mistake_in_the_project_file_is_located_and_stops_the_command(
    case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(case)
    result = run_cli("build", "--out", tmp_path / "out")
    assert result.exit_code == 1, result.output
    reported = parse_diagnostics(result.output)
    wanted = expectations(case)
    assert wanted, f"{case.name} has no '# expect:' comment"
    assert len(reported) == len(wanted), result.output
    for expected in wanted:
        hits = [r for r in reported if expected.matches(r)]
        assert hits, f"expected {expected}; printkit reported:\n{result.output}"
        hit = hits[0]
        assert hit.severity == "error" and hit.hint, result.output
        for text in expected.texts:
            assert text in f"{hit.message}\n{hit.hint}", result.output
    assert files_under(tmp_path) == []


def test_explain_works_beside_a_broken_project_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The codes of a broken project file can be looked up where it is."""
    monkeypatch.chdir(PROJECTS / "unknown_key")
    result = run_cli("explain", "PK008")
    assert result.exit_code == 0, result.output
    assert "unknown key in printkit.toml" in result.output


def test_a_project_file_that_came_with_a_game_is_refused_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shared game's own printkit.toml (in its folder, or a folder inside it) would choose
    where a designer's build writes: typed inside the game, the command stops (PK010) and
    nothing is written where it points."""
    game = tmp_path / "rule_data" / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", game)
    (game / "game.yaml").rename(game / "deck.yaml")  # a game need not have a game.yaml
    victim = tmp_path / "victim"
    (game / "art").mkdir()
    for folder in (game, game / "art"):
        (folder / "printkit.toml").write_text(f'out = "{victim}"\n', encoding="utf-8")
        monkeypatch.chdir(folder)
        result = run_cli("build")
        assert result.exit_code == 1, result.output
        [found] = parse_diagnostics(result.output)
        assert found.code == "PK010" and "minimal_deck" in found.message
        assert not victim.exists() and not (folder / "output").exists()
        (folder / "printkit.toml").unlink()


def test_a_paper_name_is_read_whatever_its_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'A4' in printkit.toml, and 'Letter' on the command line, as they are written on paper
    packs: read as a4 and letter."""
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "rule_data" / "minimal_deck")
    (tmp_path / "printkit.toml").write_text('paper = "A4"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "--format", "pdf").exit_code == 0
    result = run_cli("build", "--format", "pdf", "--paper", "Letter", "--out", "letter")
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(tmp_path / "letter" / "minimal_deck" / "sheet.pdf").pages[0]
    assert round(float(page.mediabox.width)) == 612  # 8.5 in


@pytest.mark.parametrize(
    "declared",
    ["!!str game: {title: X, players: '2'}", "? game\n: {title: X, players: '2'}",
     '{"simulation": {}, "game": {"title": "X", "players": "2"}}'],
    ids=["tagged", "explicit key", "flow"],
)  # fmt: skip
def test_a_game_declared_however_its_yaml_writes_it_refuses_its_printkit_toml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, declared: str
) -> None:
    """A tag, an explicit key or a flow mapping writes the same 'game' key: the folder is a
    game's, and its printkit.toml is refused (PK010); a toml naming as its rule-data a folder
    it lies in is refused even where nothing else gives the game away."""
    game = tmp_path / "rule_data" / "evil"
    game.mkdir(parents=True)
    (game / "main.yaml").write_text(declared + "\n", encoding="utf-8")
    (game / "printkit.toml").write_text(f'out = "{tmp_path / "victim"}"\n', encoding="utf-8")
    monkeypatch.chdir(game)
    result = run_cli("build")
    assert result.exit_code == 1 and "PK010" in result.output, result.output
    (game / "main.yaml").write_text("deck_cards: []\n", encoding="utf-8")
    (game / "printkit.toml").write_text('rule-data = ".."\n', encoding="utf-8")
    result = run_cli("build")
    assert result.exit_code == 1 and "PK010" in result.output, result.output
    assert not (tmp_path / "victim").exists()


def test_a_project_root_holding_other_yaml_is_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An OpenAPI file's top-level 'components:', a note mentioning 'game:' inside its text:
    the project's own printkit.toml is read."""
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "rule_data" / "minimal_deck")
    (tmp_path / "openapi.yaml").write_text("components:\n  schemas: {}\n", encoding="utf-8")
    (tmp_path / "notes.yaml").write_text('note: "two sheets, game: card stock"\n', "utf-8")
    (tmp_path / "printkit.toml").write_text('rule-data = "rule_data"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate")
    assert result.exit_code == 0, result.output


def test_a_copy_of_a_game_file_above_a_project_is_named_in_the_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game.yaml copied to a folder above the project (a backup, say) makes that folder look
    like a game's: the refusal names the copy and says to move it, which lets the build run."""
    project = tmp_path / "project"
    shutil.copytree(GOOD / "minimal_deck", project / "rule_data" / "minimal_deck")
    (project / "printkit.toml").write_text('rule-data = "rule_data"\n', encoding="utf-8")
    copy = tmp_path / "game_backup.yaml"
    shutil.copy(project / "rule_data" / "minimal_deck" / "game.yaml", copy)
    monkeypatch.chdir(project)
    result = run_cli("validate")
    assert result.exit_code == 1, result.output
    [found] = parse_diagnostics(result.output)
    assert found.code == "PK010" and "game_backup.yaml declares that game" in found.message
    assert f"move it out of {tmp_path}" in found.hint
    copy.unlink()
    assert run_cli("validate").exit_code == 0
