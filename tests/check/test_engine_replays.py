"""The replay file of a property's counterexample: where it is written, what it records for
`printkit replay`, and what the message says when it cannot be written. And the smoke
playouts' own settings: none asked for, and an agent that does not exist."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from support import RULE_DATA

from check.test_engine import _checked, _claim
from printkit.build import compile_game
from printkit.check.engine_replays import replay_folder
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.simulate.settings import rules_hash

FALSE_AT_THE_END = {"at": "end", "always": "state.positions | max <= 10", "playouts": 200}


def _replay_said(tmp_path: Path) -> str:
    _, diagnostics = _checked(tmp_path, _claim("exact", FALSE_AT_THE_END), properties=True)
    [found] = [d for d in diagnostics if d.code == "PK530"]
    return found.message


def test_a_counterexample_is_recorded_in_the_user_s_own_cache_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not in the temporary folder every user shares, where another user could make the folder
    first, or make it a link."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    message = _replay_said(tmp_path)
    replay = Path(message.split("replay in ")[1].rstrip(")"))
    recorded = json.loads(replay.read_text(encoding="utf-8"))
    assert replay_folder() == tmp_path / "cache" / "printkit" / "replays"
    assert replay.parent == replay_folder()
    assert replay.name == f"race_game-exact-seed0-playout{recorded['playout']}.json"
    assert f"(seed 0, playout {recorded['playout']}," in message
    loading = Diagnostics()
    loaded = load_package("race_game", tmp_path / "rule_data" / "race_game", loading)
    assert loaded is not None
    assert recorded["seed"] == 0 and recorded["variant"] is None
    assert recorded["settings"] == {}, "a validator's playout has no simulate settings"
    assert recorded["rules_hash"] == rules_hash(loaded.package)


def test_a_replay_that_cannot_be_written_is_said_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file where the folder should be: the system's reason, without its error number."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    (tmp_path / "printkit").mkdir()
    (tmp_path / "printkit" / "replays").write_text("in the way", encoding="utf-8")
    assert "; no replay written: File exists)" in _replay_said(tmp_path / "game")


def _smoke(**smoke: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["simulation"] = {"max_turns": 4, "smoke": smoke}

    return edit


def test_no_smoke_playouts_find_nothing(tmp_path: Path) -> None:
    """With `playouts: 0` not even an end condition is said never to happen."""
    _, diagnostics = _checked(tmp_path, _smoke(playouts=0), smoke=True)
    assert not [d for d in diagnostics if d.code in ("PK544", "PK545", "PK546")]
    _, diagnostics = _checked(tmp_path / "one", _smoke(playouts=1), smoke=True)
    assert [d.message for d in diagnostics if d.code == "PK545"] == [
        "1 of 1 smoke playouts reached max_turns 4 (first: seed 0, playout 0); 0 allowed"
    ]


def test_an_unknown_smoke_agent_is_reported_at_the_agents(tmp_path: Path) -> None:
    """A name of the agents' form that names no agent, said where the agents are given."""
    edit = _smoke(playouts=3, agents=["priority:nothing"])
    _, diagnostics = _checked(tmp_path, edit, smoke=True)
    [found] = [d for d in diagnostics if d.code == "PK500"]
    text = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text(encoding="utf-8")
    assert "priority:nothing" in text.splitlines()[found.span.line - 1]


def test_smoke_playouts_on_rules_the_engine_cannot_set_up_are_not_played(tmp_path: Path) -> None:
    """The set-up refused once (PK542 at the engine) stops the smoke playouts too, with no
    second report and no internal error."""
    copy = tmp_path / "rise"
    shutil.copytree(RULE_DATA / "rise", copy)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace("    tower_tiers: 3\n", "    tower_tiers: 0\n", 1), encoding="utf-8"
    )
    diagnostics = Diagnostics()
    compile_game("rise", copy, diagnostics, smoke=True)
    codes = [d.code for d in diagnostics]
    assert "PK900" not in codes and codes.count("PK542") == 1, [d.render() for d in diagnostics]


def test_smoke_findings_are_said_whole_where_their_settings_are(tmp_path: Path) -> None:
    """Games cut short at max_turns (PK545, at max_turns) and the end they never reached
    (PK544, at the end condition), message and hint."""
    _, diagnostics = _checked(tmp_path, _smoke(playouts=2, seed=5), smoke=True)
    lines = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text().splitlines()
    found = {d.code: d for d in diagnostics if d.code in ("PK544", "PK545")}
    assert found["PK545"].message == (
        "2 of 2 smoke playouts reached max_turns 4 (first: seed 5, playout 0); 0 allowed"
    )
    assert found["PK545"].hint == (
        "a game the rules let go on forever, or a cap too low: raise simulation.max_turns or "
        "simulation.smoke.max_timeouts if the games are only long"
    )
    assert lines[found["PK545"].span.line - 1].strip() == "max_turns: 4"
    assert found["PK544"].message == "end condition 'finish' never happened in 2 smoke playouts"
    assert found["PK544"].hint == (
        "it may be unreachable, or rare: more playouts or other agents tell which"
    )
    assert lines[found["PK544"].span.line - 1].strip() == "finish:"


def test_a_broken_invariant_stops_the_smoke_playouts_with_a_replay(tmp_path: Path) -> None:
    """PK549 at the engine binding, once (the other games would only mislead), naming the
    seed, playout and step, with the replay `printkit replay` plays again."""

    def below_zero(data: dict[str, Any]) -> None:
        data["rules"]["values"]["start"] = -1
        data["simulation"] = {"smoke": {"playouts": 3, "seed": 7}}
        data["claims"] = {}
        data.pop("examples", None)

    _, diagnostics = _checked(tmp_path, below_zero, smoke=True)
    [found] = [d for d in diagnostics if d.code == "PK549"]
    lines = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text().splitlines()
    assert lines[found.span.line - 1].strip() == "engine: race"
    assert found.hint == (
        "an engine fault, or data the engine cannot play: replay the game to see the step"
    )
    said, _, replay = found.message.partition("; replay in ")
    assert said == (
        "engine 'race': an invariant broke: a position is below 0 (seed 7, playout 0, step 0"
    )
    path = Path(replay.removesuffix(")"))
    assert path == replay_folder() / "race_game-invariant-seed7-playout0.json"
    recorded = json.loads(path.read_text(encoding="utf-8"))
    assert (recorded["players"], recorded["seed"], recorded["playout"]) == (2, 7, 0)
    assert recorded["agents"] == ["random", "random"]


def test_without_simulation_settings_a_smoke_finding_is_at_the_engine(tmp_path: Path) -> None:
    """No `simulation:` block to point at: games too long for the default 200 turns are
    reported at the engine binding."""

    def far_goal(data: dict[str, Any]) -> None:
        data["rules"]["values"]["goal"] = 100000
        data.pop("simulation", None)

    _, diagnostics = _checked(tmp_path, far_goal, smoke=True)
    [found] = [d for d in diagnostics if d.code == "PK545"]
    lines = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text().splitlines()
    assert "simulation:" not in lines
    assert lines[found.span.line - 1].strip() == "engine: race"


def test_an_ability_no_game_used_is_reported_at_its_key(tmp_path: Path) -> None:
    def with_leap(data: dict[str, Any]) -> None:
        data["rules"]["abilities"] = {"leap": {"title": "Leap", "text": "Jump two spaces."}}
        data["simulation"] = {"smoke": {"playouts": 2}}

    _, diagnostics = _checked(tmp_path, with_leap, smoke=True)
    [found] = [d for d in diagnostics if d.code == "PK546" and "'leap'" in d.message]
    assert found.message == (
        "ability 'leap' was never used in 2 smoke playouts nor in a scripted game"
    )
    lines = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text().splitlines()
    assert lines[found.span.line - 1].strip() == "leap:"
