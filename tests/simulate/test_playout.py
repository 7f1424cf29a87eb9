"""One seeded playout (printkit/simulate/playout.py), played on the tests' dice race."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.model.package import Package
from printkit.simulate.binding import load_engine
from printkit.simulate.playout import PlayoutResult, Seeds, play_one
from printkit.simulate.protocol import CHANCE, RandomAgent, State

RACE = Path(__file__).parent.parent / "engines" / "race_game"
ENGINE = load_engine("race")


@pytest.fixture(scope="module")
def rules() -> Package:
    loaded = load_package("race_game", RACE, Diagnostics())
    assert loaded is not None
    return loaded.package


def _play(rules: Package, index: int, **options: object) -> PlayoutResult:
    agents = [RandomAgent(), RandomAgent()]
    settings = {"max_turns": 200, "check_invariants": True, **options}
    return play_one(ENGINE, rules, 2, None, agents, Seeds("race_game", 0, index), **settings)


def test_a_playout_is_the_same_game_for_the_same_seeds_and_another_for_another_index(
    rules: Package,
) -> None:
    first, again = _play(rules, 3), _play(rules, 3)
    assert first == again
    assert any(_play(rules, index).actions != first.actions for index in range(4, 10))


def test_the_record_holds_chance_and_replays_to_the_same_end(rules: Package) -> None:
    result = _play(rules, 1)
    assert CHANCE in result.actors and any(a.startswith("roll ") for a in result.actions)
    assert result.end == "finish" and sorted(result.returns) == [0.0, 1.0]
    assert not result.timed_out and result.error is None
    state = ENGINE.new_game(rules, 2, None)
    for notation in result.actions:
        state.apply(state.parse(notation))
    assert state.returns() == result.returns
    assert state.turn() == result.turns
    assert result.events[-1][-1] == "finish"


def test_a_game_past_max_turns_is_a_timeout_without_returns(rules: Package) -> None:
    result = _play(rules, 1, max_turns=2)
    assert result.timed_out and result.returns == [] and result.end is None
    assert result.turns == 2


def test_a_broken_invariant_is_recorded_with_the_step_not_raised(rules: Package) -> None:
    assert rules.rules is not None
    values = {**rules.rules.values, "goal": 0}
    broken = rules.model_copy(update={"rules": rules.rules.model_copy(update={"values": values})})
    result = _play(broken, 1)
    assert result.error == "a player reached the goal but nobody won" and result.steps == 0
    assert _play(broken, 1, check_invariants=False).error is None


def test_a_watch_sees_every_step_and_stops_the_playout(rules: Package) -> None:
    seen: list[tuple[int, str]] = []

    def watch(state: State, actor: int, action: str, events: list[str]) -> bool:
        seen.append((actor, action))
        return len(seen) < 3

    result = _play(rules, 1, watch=watch)
    assert (
        result.stopped
        and result.steps == 3
        and seen == list(zip(result.actors, result.actions, strict=True))
    )
