"""A game's validate plays at most MAX_VALIDATE_MOVES moves, its agents' searches included
(simulate/budget.py): a package asking for 1,000 playouts of mcts:999999 ran for hours. The
bound is lowered here so that the batch reaching it is found in a fraction of a second; the
real bound is the one `printkit schema --limits` prints (test_schema keeps docs equal to it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import DATA, parse_diagnostics, run_cli

import printkit.check.engine
import printkit.check.engine_smoke
from printkit.simulate.budget import OutOfMoves, moves_allowed, spend

BOUND = 3_000


@pytest.fixture
def low_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (printkit.check.engine, printkit.check.engine_smoke):
        monkeypatch.setattr(module, "MAX_VALIDATE_MOVES", BOUND)


def _race(tmp_path: Path, simulation: str) -> Path:
    folder = tmp_path / "race"
    shutil.copytree(DATA / "warnings" / "smoke_timeouts", folder)
    (folder / "simulation.yaml").write_text(simulation, encoding="utf-8")
    return tmp_path


def test_smoke_playouts_of_searching_agents_stop_at_the_bound(
    tmp_path: Path, low_bound: None
) -> None:
    rule_data = _race(
        tmp_path,
        "simulation:\n  max_turns: 500\n  smoke: {playouts: 200, agents: [mcts:50]}\n",
    )
    result = run_cli("--rule-data", rule_data, "validate", "race")
    [cut] = [d for d in parse_diagnostics(result.output) if d.code == "PK550"]
    assert cut.severity == "warning" and cut.line == 3
    assert "the smoke playouts stopped after" in cut.message and "of 200 playouts" in cut.message
    assert f"bound of {BOUND:,} moves, searches included" in cut.message
    assert "PK546" not in result.output  # rules unused by the games played so far: not said


def test_a_batch_within_the_bound_plays_whole(tmp_path: Path, low_bound: None) -> None:
    rule_data = _race(tmp_path, "simulation:\n  max_turns: 500\n  smoke: {playouts: 3}\n")
    result = run_cli("--rule-data", rule_data, "validate", "race")
    assert "PK550" not in result.output, result.output


def test_the_allowance_counts_every_move_and_is_only_where_it_is_set() -> None:
    spend()  # outside an allowance: unbounded
    with moves_allowed(2):
        spend()
        spend()
        with pytest.raises(OutOfMoves):
            spend()
    spend()


def test_a_property_claim_stopped_at_the_bound_is_not_played(
    tmp_path: Path, low_bound: None
) -> None:
    """A claim of 2,000 playouts of searching agents: a warning at its playouts, and the
    claim is listed as not played (not as holding, nor as failing on a game half played)."""
    folder = tmp_path / "race"
    shutil.copytree(DATA / "broken" / "play_property_false", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    text = text.replace(
        '      always: "state.positions | max <= 10"', '      always: "state.positions | max >= 0"'
    ).replace("      playouts: 200", "      playouts: 2000\n      agents: [mcts:30]")
    rules.write_text(text, encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "validate", "race")
    cut = [d for d in parse_diagnostics(result.output) if d.code == "PK550"]
    [claim] = [d for d in cut if d.message.startswith("claim")]
    [smoke] = [d for d in cut if d.message.startswith("the smoke")]
    assert "claim 'nobody_passes' stopped after" in claim.message
    assert "of 2000 playouts" in claim.message
    assert claim.line == text.splitlines().index("      playouts: 2000") + 1
    assert "the smoke playouts stopped after 0 of 100" in smoke.message  # none left for them
    listed = run_cli("--rule-data", tmp_path, "claims", "race").output
    assert ["nobody_passes", "not", "played"] in _rows(listed), listed


def test_a_scripted_game_past_the_bound_is_not_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scripted claims and examples spend moves too (a package may hold thousands of them):
    one that runs out stops with a warning at its moves, and is listed as not played."""
    for module in (printkit.check.engine, printkit.check.engine_smoke):
        monkeypatch.setattr(module, "MAX_VALIDATE_MOVES", 0)
    shutil.copytree(DATA / "broken" / "play_property_false", tmp_path / "race")
    result = run_cli("--rule-data", tmp_path, "validate", "--no-simulate", "race")
    cut = [d for d in parse_diagnostics(result.output) if d.code == "PK550"]
    assert [d.message for d in cut] == [
        "the scripted game of example 'one_roll' stopped before its end: the game's play "
        "reached its bound of 0 moves, searches included"
    ]
    listed = run_cli("--rule-data", tmp_path, "claims", "race").output
    assert ["one_roll", "not", "played"] in _rows(listed), listed


def _rows(listed: str) -> list[list[str]]:
    """`printkit claims`'s rows as their id and status words (its columns are as wide as
    their widest entry)."""
    return [line.split()[2:5] for line in listed.splitlines()]
