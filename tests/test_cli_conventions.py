"""The conventions a command line of this ecosystem keeps: --version, -q/-v, colour on a terminal
only (NO_COLOR and pipes turn it off), shell completion, and a closed pipe ending quietly."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from support import BROKEN, DATA, GOOD, listed, parse_diagnostics, read_package, run_cli

from printkit.cli import COMMANDS, main

ESC = "\x1b["
WARNING = DATA / "warnings" / "small_text"


def coloured(*args: str | Path, env: dict[str, str] | None = None) -> Result:
    """printkit run in-process as if on a terminal that shows colour (click's color flag)."""
    return CliRunner().invoke(main, [str(a) for a in args], color=True, env=env)


def test_version_names_the_installed_release() -> None:
    result = run_cli("--version")
    assert result.exit_code == 0
    assert result.output == f"printkit {metadata.version('printkit')}\n"


# --- quiet and verbose --------------------------------------------------------------------------


def test_quiet_prints_errors_and_warnings_and_nothing_else(tmp_path: Path) -> None:
    result = run_cli("-q", "--rule-data", WARNING.parent, "build", WARNING.name, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    reported = parse_diagnostics(result.output)
    assert [d.severity for d in reported] == ["warning"]
    assert "error(s)" not in result.output  # no summary
    assert "material(s)" not in result.output  # no line per game built
    assert (tmp_path / WARNING.name).is_dir()


@pytest.mark.parametrize("where", ["before", "after"])
def test_quiet_and_verbose_are_taken_before_or_after_the_command(
    tmp_path: Path, where: str
) -> None:
    """`printkit build -q`, where a new user typed it, as well as `printkit -q build`."""
    args = ["--rule-data", WARNING.parent, "build", WARNING.name, "--out", tmp_path]
    quiet = run_cli("-q", *args) if where == "before" else run_cli(*args, "-q")
    assert quiet.exit_code == 0, quiet.output
    assert "material(s)" not in quiet.output and "error(s)" not in quiet.output
    verbose = run_cli("-v", *args) if where == "before" else run_cli(*args, "-v")
    assert verbose.exit_code == 0, verbose.output
    assert "  wrote " in verbose.output


def test_a_clean_validate_says_so() -> None:
    """Silence read as a command that did nothing; `-q` keeps it silent."""
    game = GOOD / "minimal_deck"
    result = run_cli("--rule-data", game.parent, "validate", game.name)
    assert result.exit_code == 0, result.output
    assert result.output == "minimal_deck checked: no errors, no warnings\n"
    assert run_cli("--rule-data", game.parent, "validate", game.name, "-q").output == ""


def test_quiet_leaves_out_notes(tmp_path: Path) -> None:
    game = GOOD / "resolved_by_erratum"
    loud = run_cli("--rule-data", game.parent, "validate", game.name)
    quiet = run_cli("-q", "--rule-data", game.parent, "validate", game.name)
    assert loud.exit_code == quiet.exit_code == 0
    assert "note" in {d.severity for d in parse_diagnostics(loud.output)}
    assert parse_diagnostics(quiet.output) == []


def test_verbose_shows_progress_and_each_file_even_in_a_pipe(tmp_path: Path) -> None:
    game = GOOD / "minimal_deck"
    result = run_cli("-v", "--rule-data", game.parent, "build", game.name, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "  compiling minimal_deck/sheet" in result.output
    written = sorted(str(path) for path in listed(tmp_path / game.name))
    assert written and all(f"  wrote {path}" in result.output for path in written)


def test_quiet_and_verbose_together_are_a_usage_mistake() -> None:
    assert run_cli("-q", "-v", "list").exit_code == 2


# --- colour -------------------------------------------------------------------------------------


def test_severities_are_coloured_on_a_terminal() -> None:
    result = coloured("--rule-data", BROKEN, "validate", "incomplete_set")
    assert result.exit_code == 1
    assert f"{ESC}31m{ESC}1merror[PK211]" in result.output  # red and bold, as rustc's
    assert f"{ESC}34m{ESC}1mhint" in result.output


@pytest.mark.parametrize(
    ("options", "env"),
    [((), {"NO_COLOR": "1"}), (("--color", "never"), None)],
    ids=["NO_COLOR", "--color never"],
)
def test_no_color_and_color_never_turn_colour_off(
    options: tuple[str, ...], env: dict[str, str] | None
) -> None:
    result = coloured(*options, "--rule-data", BROKEN, "validate", "incomplete_set", env=env)
    assert result.exit_code == 1
    assert ESC not in result.output
    assert [d.code for d in parse_diagnostics(result.output)] == ["PK211"]


def test_color_always_colours_a_pipe_but_never_the_json() -> None:
    always = run_cli("--color", "always", "--rule-data", BROKEN, "validate", "incomplete_set")
    assert ESC in always.output
    as_json = run_cli(
        "--color", "always", "--rule-data", BROKEN, "validate", "incomplete_set", "--format",
        "json",
    )  # fmt: skip
    assert json.loads(as_json.stdout)["errors"] == 1


def _printkit_output(*args: str, terminal: bool) -> str:
    """What a real printkit process writes, on a pseudo-terminal or into a pipe."""
    command = [sys.executable, "-m", "printkit", *args]
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if not terminal:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        return done.stdout + done.stderr
    leader, follower = pty.openpty()
    with subprocess.Popen(command, stdout=follower, stderr=follower, env=env) as process:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closes with the process (EIO)
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait()
    os.close(leader)
    return b"".join(chunks).decode("utf-8")


def test_a_real_terminal_gets_colour_and_a_pipe_does_not() -> None:
    args = ("--rule-data", str(BROKEN), "validate", "incomplete_set")
    assert f"{ESC}31m" in _printkit_output(*args, terminal=True)
    piped = _printkit_output(*args, terminal=False)
    assert ESC not in piped
    assert "error[PK211]" in piped


# --- shell completion ---------------------------------------------------------------------------


def complete(words: str) -> list[str]:
    """What bash completion offers for `words` (the last one being typed, maybe empty)."""
    typed = words.split(" ")
    env = {
        "_PRINTKIT_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(typed) - 1),
    }
    result = CliRunner().invoke(main, [], env=env, prog_name="printkit")
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.output.splitlines() if line]  # '' for none


def test_completion_offers_commands() -> None:
    assert complete("printkit b") == ["build"]
    assert {"list", "validate", "explain"} <= set(complete("printkit "))


def test_completion_offers_games() -> None:
    assert complete(f"printkit --rule-data {GOOD} build min") == ["minimal_deck", "minimal_rules"]
    assert complete(f"printkit --rule-data {GOOD} validate minimal_deck min") == ["minimal_rules"]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_completion_offers_games_to_every_command_that_takes_one(name: str) -> None:
    """watch, simulate and play offered no game name, though the documentation promises
    them wherever a game is typed."""
    takes_a_game = "GAME" in run_cli(name, "--help").output.splitlines()[0]
    offered = complete(f"printkit --rule-data {GOOD} {name} minimal_")
    assert (offered == ["minimal_deck", "minimal_rules"]) == takes_a_game, offered


def test_completion_offers_the_materials_of_the_games_typed() -> None:
    materials = sorted(read_package(GOOD / "minimal_deck")["materials"])
    assert complete(f"printkit --rule-data {GOOD} build minimal_deck --only ") == materials
    assert complete(f"printkit --rule-data {GOOD} build minimal_deck --only she") == ["sheet"]


@pytest.mark.parametrize("games", ["rule_data", "games"])
def test_completion_inside_a_game_s_folder_offers_the_games_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, games: str
) -> None:
    """Without a printkit.toml, typed in a game's folder (in rule_data or a folder of another
    name), as the command runs."""
    for game in ("minimal_deck", "marked_deck"):
        shutil.copytree(GOOD / game, tmp_path / games / game)
    monkeypatch.chdir(tmp_path / games / "minimal_deck")
    assert complete("printkit build m") == ["marked_deck", "minimal_deck"]


def test_a_closed_pipe_ends_quietly() -> None:
    """`printkit explain | head -1`: the reader leaves early; no internal error, no traceback."""
    with subprocess.Popen(
        [sys.executable, "-m", "printkit", "explain"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        errors = process.stderr.read().decode()
        process.wait()
    assert errors == ""
    assert process.returncode == 1
