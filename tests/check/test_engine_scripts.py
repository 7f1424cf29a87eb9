"""Scripted games (printkit/check/engine_scripts.py), through `compile_game` on the tests' dice
race (tests/engines/race.py): what a claim's or example's expectations are held to, each
finding's words and place, a position patched into the set-up, and the events a script plays
counting as used for the smoke playouts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from check.test_engine import _checked
from check.test_engine_setup import _found, _line, _plays
from printkit.check.claims import Status
from printkit.check.engine_scripts import patched
from printkit.simulate.binding import load_engine
from printkit.simulate.protocol import InvariantBroken

ROLLED_THREE = {"moves": ["roll", "roll 3"]}  # player 1 on space 3, player 2 to move


def test_every_expectation_of_a_claim_must_hold(tmp_path: Path) -> None:
    """One false expectation among true ones fails the claim, said at its own key."""
    play = {**ROLLED_THREE, "expect": {"wrong": "state.player == 0", "right": "state.turns == 1"}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    assert (verdicts["c"].kind, verdicts["c"].text) == ("claim", "t")  # what `claims` prints
    [found] = _found(diagnostics, "PK530")
    assert found.message == "claim 'c' does not hold: 'wrong' is false after its scripted game"
    assert found.hint == (
        "the engine plays the rules otherwise than the claim: correct the data, or record an "
        "erratum"
    )
    assert _line(tmp_path, found) == "wrong: state.player == 0"


def test_a_claim_s_expectation_that_is_no_truth_value_fails_it(tmp_path: Path) -> None:
    play = {**ROLLED_THREE, "expect": {"space": "state.positions[0]", "over": "legal != []"}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK531")
    assert found.message == "claim 'c' expects 'space' to be 3, not true or false"
    assert found.hint == "a claim's expectation is a comparison, e.g. 'state.turn == 3'"
    assert _line(tmp_path, found) == "space: state.positions[0]"


def test_an_expectation_that_cannot_be_evaluated_fails_the_claim(tmp_path: Path) -> None:
    play = {**ROLLED_THREE, "expect": {"broken": "1 / 0 == 1"}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    assert not _found(diagnostics, "PK530")


def _example(outcome: dict[str, Any], expect: dict[str, str], **play: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["claims"] = {}
        data["examples"] = {
            "e": {
                "text": "Player 1 rolls a 3.",
                "outcome": outcome,
                "play": {**ROLLED_THREE, **play, "expect": expect},
            }
        }

    return edit


def test_an_example_s_value_play_disagrees_with_is_said_at_its_outcome(tmp_path: Path) -> None:
    edit = _example(
        {"space": 4, "turns": 1}, {"space": "state.positions[0]", "turns": "state.turns"}
    )
    verdicts, diagnostics = _checked(tmp_path, edit)
    assert verdicts["e"].status is Status.FAILING
    [found] = _found(diagnostics, "PK532")
    assert found.message == "example 'e' states space = 4 but play gives 3"
    assert found.hint == (
        "the engine plays the rules otherwise than the example: record an erratum naming the "
        "reading printkit follows, or correct the example"
    )
    assert _line(tmp_path, found) == "space: 4"


def test_an_example_play_agrees_with_is_checked(tmp_path: Path) -> None:
    edit = _example(
        {"space": 3, "turns": 1}, {"space": "state.positions[0]", "turns": "state.turns"}
    )
    verdicts, diagnostics = _checked(tmp_path, edit)
    assert verdicts["e"].status is Status.CHECKED, [d.render() for d in diagnostics]
    assert (verdicts["e"].kind, verdicts["e"].text) == ("example", "Player 1 rolls a 3.")


def _resolved_by_the_goal(outcome: dict[str, Any]) -> Any:
    """The example computes the goal, which the text gives as 10 and an erratum plays as 12,
    and plays a roll of 3."""
    edit = _example(outcome, {"space": "state.positions[0]"})

    def resolved(data: dict[str, Any]) -> None:
        edit(data)
        data["examples"]["e"]["compute"] = {"goal": "values.goal"}
        data["errata"] = [
            {
                "id": "longer_race",
                "code": "PK532",
                "subject": "example 'e'",
                "text_says": "the goal is 10 spaces, yet the example races to 12",
                "resolution": "the goal is 12 spaces",
                "plays": {"rules.values.goal": 12},
            }
        ]

    return resolved


def test_an_example_the_plays_resolve_stays_resolved_when_play_holds_too(tmp_path: Path) -> None:
    verdicts, diagnostics = _checked(tmp_path, _resolved_by_the_goal({"space": 3, "goal": 12}))
    assert verdicts["e"].status is Status.RESOLVED, [d.render() for d in diagnostics]
    assert verdicts["e"].errata == ("longer_race",)


def test_an_example_the_plays_resolve_whose_play_fails_is_resolved_only_in_words(
    tmp_path: Path,
) -> None:
    """Its play fails, so the plays do not resolve it; but the erratum names the example, so
    its failures, the goal's and play's, are notes: resolved in words, as validate says."""
    verdicts, diagnostics = _checked(tmp_path, _resolved_by_the_goal({"space": 4, "goal": 12}))
    verdict = verdicts["e"]
    assert (verdict.status, verdict.errata, verdict.in_words) == (
        Status.RESOLVED,
        ("longer_race",),
        True,
    )
    assert [d.message.split(" [")[0] for d in _found(diagnostics, "PK230")] == [
        "example 'e' states goal = 12 but the rules give 10",
        "example 'e' states space = 4 but play gives 3",
    ]


def test_an_illegal_move_is_said_with_the_legal_ones_at_its_place(tmp_path: Path) -> None:
    """At a roll the legal moves are the die's faces; the move is located in the list."""
    play = {"moves": ["step", "roll", "roll 4", "step"], "expect": {}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK540")
    assert found.message == (
        "claim 'c' plays 'roll 4' at step 3, which is not legal there; legal: roll 1, roll 2, "
        "roll 3"
    )
    assert found.hint == (
        "write a legal move in the engine's notation (chance outcomes too: 'roll 1'), or check "
        "how the engine reads the rules"
    )
    assert _line(tmp_path, found) == "- roll 4"


def test_an_example_s_illegal_move_names_the_example(tmp_path: Path) -> None:
    edit = _example({"space": 3}, {"space": "state.positions[0]"}, moves=["jump"])
    _, diagnostics = _checked(tmp_path, edit)
    [found] = _found(diagnostics, "PK540")
    assert found.message.startswith("example 'e' plays 'jump' at step 1, which is not legal")


def test_an_invariant_broken_by_a_move_is_said_at_that_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine whose invariant breaks once a turn is over: at step 2, 'roll 3'."""
    engine = load_engine("race")

    def one_turn(state: Any) -> None:
        if state.turns:
            raise InvariantBroken("a turn was played")

    monkeypatch.setattr(engine, "check_invariants", one_turn)
    play = {"moves": ["roll", "roll 3", "step"], "expect": {"never": "false"}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK549")
    assert found.message == (
        "claim 'c': an invariant broke at step 2 of its scripted game: a turn was played"
    )
    assert found.hint == (
        "the engine cannot play this position: an engine fault, or data it cannot play"
    )
    assert _line(tmp_path, found) == "- roll 3"
    assert not _found(diagnostics, "PK530"), "the expectations of a broken game are not read"


def test_a_position_key_the_engine_lacks_is_said_at_that_key(tmp_path: Path) -> None:
    play = {"position": {"positions": [1, 1], "spaces": [5, 0]}, "moves": [], "expect": {}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK540")
    assert found.message == "'position' sets 'spaces', which engine 'race' positions do not have"
    assert found.hint == "its positions have: positions, player, rolling, turns, winner"
    assert _line(tmp_path, found).startswith("spaces:")


def test_a_position_the_engine_cannot_read_is_said_at_the_position(tmp_path: Path) -> None:
    """`positions` a count, not a list: the engine's own error, at `position`."""
    play = {"position": {"positions": 5}, "moves": [], "expect": {}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK540")
    assert found.message == (  # the race engine's own words: list(5) in its state
        "engine 'race' cannot set up this 'position': 'int' object is not iterable"
    )
    assert found.hint == (
        "give each key the shape the engine's positions have (see a playout's JSON)"
    )
    assert _line(tmp_path, found) == "positions: 5"  # where the position's value starts


def test_a_positioned_script_plays_from_its_position(tmp_path: Path) -> None:
    play = {
        "position": {"positions": [8, 2], "player": 1},
        "moves": ["step"],
        "expect": {"moved": "state.positions == [8, 3] and state.player == 0"},
    }
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.CHECKED, [d.render() for d in diagnostics]


def test_a_patch_changes_only_what_it_names() -> None:
    """Mappings in both are patched key by key, at any depth; anything else is replaced."""
    data = {"a": {"b": 1, "c": {"d": 2, "e": 3}}, "f": [1, 2], "g": 4}
    changes = {"a": {"c": {"e": 5}}, "f": [9], "g": {"h": 6}}
    assert patched(data, changes) == {
        "a": {"b": 1, "c": {"d": 2, "e": 5}},
        "f": [9],
        "g": {"h": 6},
    }
    assert data == {"a": {"b": 1, "c": {"d": 2, "e": 3}}, "f": [1, 2], "g": 4}
    assert patched({"a": [1]}, {"a": {"b": 1}}) == {"a": {"b": 1}}


def _greedy_smoke(data: dict[str, Any]) -> None:
    """One smoke playout by greedy agents, who only ever roll."""
    data["simulation"] = {"max_turns": 400, "smoke": {"playouts": 1, "agents": ["greedy"]}}


def test_a_move_a_script_plays_counts_as_used_by_the_smoke_playouts(tmp_path: Path) -> None:
    """The race's claim steps: no PK546 for 'step'; without the scripts, 'step' is never used."""
    _, diagnostics = _checked(tmp_path, _greedy_smoke, smoke=True)
    assert not [d for d in diagnostics if d.code == "PK546"], [d.render() for d in diagnostics]

    def without_scripts(data: dict[str, Any]) -> None:
        _greedy_smoke(data)
        data["claims"] = {}
        data.pop("examples")

    _, diagnostics = _checked(tmp_path / "bare", without_scripts, smoke=True)
    assert [d.message for d in diagnostics if d.code == "PK546"] == [
        "action 'step' was never used in 1 smoke playouts nor in a scripted game"
    ]


def test_a_position_that_fails_the_engine_s_invariants_is_said_at_the_position(
    tmp_path: Path,
) -> None:
    """Read without complaint, a word where a space belongs fails only when the invariants
    compare it: PK540 at the position, in the engine's words, not an internal error."""
    play = {"position": {"positions": ["far", 0]}, "moves": [], "expect": {}}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play))
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK540")
    assert found.message == (
        "engine 'race' cannot set up this 'position': '<' not supported between instances of "
        "'str' and 'int'"
    )
    assert _line(tmp_path, found) == "positions:"  # where the position's value starts


def test_an_illegal_move_lists_twelve_legal_ones_and_how_many_more(tmp_path: Path) -> None:
    def d20(data: dict[str, Any]) -> None:
        _plays(c={"moves": ["roll", "roll 21"], "expect": {}})(data)
        data["rules"]["values"]["die"] = 20

    _, diagnostics = _checked(tmp_path, d20)
    [found] = _found(diagnostics, "PK540")
    faces = ", ".join(f"roll {n}" for n in range(1, 13))
    assert found.message.endswith(f"which is not legal there; legal: {faces} and 8 more")
