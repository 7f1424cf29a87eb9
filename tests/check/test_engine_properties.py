"""Property claims played over seeded playouts (printkit/check/engine_properties.py), through
`compile_game` on the tests' dice race (tests/engines/race.py): what each moment sees, where a
counterexample stands (read back from its replay file), the verdict's figures, and each
finding's words and place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from check.test_engine import _checked, _claim
from check.test_engine_setup import QUICK, _line
from printkit.check.claims import Status, Verdict
from printkit.diagnostics import Diagnostic
from printkit.simulate.binding import load_engine


def _played(tmp_path: Path, play: dict[str, Any]) -> tuple[Verdict, list[Diagnostic]]:
    """The verdict of claim 'c' playing `play`, and the findings not notes."""
    verdicts, diagnostics = _checked(tmp_path, _claim("c", play), properties=True)
    verdict = verdicts["c"]
    assert (verdict.kind, verdict.text) == ("claim", "t")  # what `claims` prints of it
    return verdict, [d for d in diagnostics if d.severity != "note"]


def _replayed(found: Diagnostic) -> dict[str, Any]:
    """The replay file a PK530 names, read back."""
    path = Path(found.message.split("; replay in ")[1].removesuffix(")"))
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("quantifier", "expression", "said", "rate"),
    [("always", "false", "false", 0.0), ("never", "true", "true", 1.0)],
)
def test_a_counterexample_is_named_by_seed_playout_and_step(
    tmp_path: Path, quantifier: str, expression: str, said: str, rate: float
) -> None:
    """The first moment decides: playout 0's first move (step 1), the one moment counted."""
    play = {"after": ["step", "roll"], quantifier: expression, "seed": 5, "playouts": 4}
    verdict, found = _played(tmp_path, play)
    [pk530] = found
    assert pk530.code == "PK530"
    assert pk530.message.startswith(
        f"claim 'c' does not hold: {expression} is {said} (seed 5, playout 0, step 1; replay in "
    )
    assert pk530.hint == (
        "the engine's play contradicts the claim: correct the data or the claim, or record an "
        "erratum"
    )
    assert _line(tmp_path, pk530) == f"{quantifier}: '{expression}'"
    recorded = _replayed(pk530)
    assert (recorded["seed"], recorded["playout"], len(recorded["actions"])) == (5, 0, 1)
    assert verdict.status is Status.FAILING
    assert (verdict.playouts, verdict.n, verdict.rate) == (1, 1, rate)
    assert verdict.interval is not None


def test_a_counterexample_in_a_later_playout_counts_its_own_steps(tmp_path: Path) -> None:
    """The step is counted from the start of the playout that broke the claim, as its replay
    holds it: the moves of the playouts before do not count."""
    play = {"after": ["finish"], "never": "actor == 1", "playouts": 50}
    verdict, found = _played(tmp_path, play)
    [pk530] = found
    recorded = _replayed(pk530)
    assert recorded["playout"] > 0, "player 2 won no first game: pick another claim"
    assert f"(seed 0, playout {recorded['playout']}, " in pk530.message
    assert f", step {len(recorded['actions'])}; replay in " in pk530.message
    assert recorded["returns"] == [0.0, 1.0]
    assert verdict.playouts == recorded["playout"] + 1
    assert verdict.n == verdict.playouts  # one finish a game, the last one player 2's


def test_each_moment_sees_the_move_that_made_it(tmp_path: Path) -> None:
    """After a step applying a listed rule: the state, the seat that moved, the move's notation
    and its events."""
    play = {
        "after": ["rolled"],
        "always": "actor == -1 and action.startswith('roll ') and events[0] == 'rolled' and "
        "state.rolling == false",
        "playouts": 20,
    }
    verdict, found = _played(tmp_path, play)
    assert found == [] and verdict.status is Status.HELD
    assert verdict.n is not None and verdict.n > verdict.playouts


def test_a_game_s_end_is_seen_with_its_returns_turns_and_cut(tmp_path: Path) -> None:
    play = {
        "at": "end",
        "always": "(returns | sum) == 1 and turns == state.turns and not timed_out",
        "playouts": 20,
    }
    verdict, found = _played(tmp_path, play)
    assert found == [] and verdict.status is Status.HELD
    assert (verdict.playouts, verdict.n) == (20, 20)


def test_a_value_not_true_or_false_fails_the_claim_once(tmp_path: Path) -> None:
    verdict, found = _played(tmp_path, {"at": "end", "always": "state.turns", "playouts": 5})
    [pk531] = found
    assert pk531.code == "PK531"
    assert pk531.message.startswith("claim 'c' gives ") and pk531.message.endswith(
        ", not true or false"
    )
    assert pk531.hint == "write a comparison, e.g. 'state.workers[actor] | length >= 1'"
    assert _line(tmp_path, pk531) == "always: state.turns"
    assert verdict.status is Status.FAILING and verdict.playouts is None


def test_an_expression_that_cannot_be_evaluated_stops_at_once(tmp_path: Path) -> None:
    """Reported once, as the expression's fault: the other playouts are not played."""
    verdict, found = _played(tmp_path, {"at": "end", "always": "1 / 0 > 1", "playouts": 5})
    assert len(found) == 1 and found[0].code != "PK530"
    assert verdict.status is Status.FAILING and verdict.playouts is None


def test_a_moment_never_reached_fails_and_says_so(tmp_path: Path) -> None:
    """No game of 4 turns reaches the goal, and greedy players never step: `after: [finish,
    step]` is never checked."""

    def short(data: dict[str, Any]) -> None:
        play = {"after": ["finish", "step"], "never": "actor == 0", "playouts": 7}
        _claim("c", {**play, "agents": ["greedy"]})(data)  # greedy players only roll
        data["simulation"] = {"max_turns": 4}

    verdicts, diagnostics = _checked(tmp_path, short, properties=True)
    [found] = [d for d in diagnostics if d.code == "PK530"]
    assert found.message == (
        "claim 'c' does not hold: it was never checked: no playout applied finish, step "
        "(seed 0, 7 playouts)"
    )
    assert found.hint == (
        "the engine's play contradicts the claim: correct the data or the claim, or record an "
        "erratum; more playouts narrow the interval"
    )
    assert _line(tmp_path, found) == "never: actor == 0"
    verdict = verdicts["c"]
    assert verdict.status is Status.FAILING
    assert (verdict.playouts, verdict.n, verdict.rate, verdict.interval) == (7, 0, None, None)


def test_sometimes_never_true_is_said_whole(tmp_path: Path) -> None:
    verdict, found = _played(tmp_path, {"at": "end", "sometimes": "false", "playouts": 6})
    [pk530] = found
    assert pk530.message == "claim 'c' does not hold: false was never true (seed 0, 6 playouts)"
    assert (verdict.playouts, verdict.n, verdict.rate) == (6, 6, 0.0)


def test_sometimes_stops_at_its_first_example(tmp_path: Path) -> None:
    verdict, found = _played(tmp_path, {"at": "end", "sometimes": "true", "playouts": 6})
    assert found == [] and verdict.status is Status.HELD
    assert (verdict.playouts, verdict.n, verdict.rate) == (1, 1, 1.0)


@pytest.mark.parametrize(
    ("play", "held"),
    [
        ({"usually": "true", "threshold": 1.0}, True),
        ({"usually": "false", "threshold": 0.0}, True),
        ({"rarely": "false", "threshold": 0.0}, True),
        ({"rarely": "true", "threshold": 1.0}, True),
        ({"usually": "false", "threshold": 0.01}, False),
        ({"rarely": "true", "threshold": 0.99}, False),
    ],
)
def test_a_share_exactly_at_its_threshold_holds(
    tmp_path: Path, play: dict[str, Any], held: bool
) -> None:
    verdict, found = _played(tmp_path, {"at": "end", "playouts": 3, **play})
    assert (verdict.status is Status.HELD) is held, [d.render() for d in found]
    assert (found == []) is held
    assert verdict.playouts == verdict.n == 3


def test_a_share_below_its_threshold_is_said_with_its_figures(tmp_path: Path) -> None:
    verdict, found = _played(
        tmp_path, {"at": "end", "usually": "false", "threshold": 0.5, "playouts": 4}
    )
    [pk530] = found
    assert pk530.message == (
        f"claim 'c' does not hold: {verdict.summary()}, where it should be at least 50% "
        "(seed 0, 4 playouts)"
    )
    assert verdict.summary().startswith("true at 0.0% of 4 moments")


def test_a_property_names_the_rule_ids_it_waits_for_at_their_place(tmp_path: Path) -> None:
    play = {"after": ["step", "jmup", "leap"], "always": "true"}
    verdict, found = _played(tmp_path, play)
    [pk500] = found
    assert pk500.message == "'play' checks after 'jmup', which engine 'race' never applies"
    assert pk500.hint == "expected one of: finish, roll, rolled, step"
    assert _line(tmp_path, pk500) == "- jmup"
    assert verdict.status is Status.FAILING and verdict.playouts is None


def test_a_property_in_an_unknown_variant_is_refused_at_its_key(tmp_path: Path) -> None:
    verdict, found = _played(tmp_path, {"at": "end", "always": "true", "variant": "fast"})
    [pk500] = found
    assert pk500.message == "'play' names variant 'fast', which does not exist"
    assert _line(tmp_path, pk500) == "variant: fast"
    assert verdict.status is Status.FAILING


@pytest.mark.parametrize(
    ("play", "refusal"),
    [({"players": 4}, "four players"), ({"variant": "quick"}, "the quick variant")],
)
def test_a_property_on_a_set_up_the_engine_refuses_is_not_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, play: dict[str, Any], refusal: str
) -> None:
    """Refused once (PK542 at the engine binding), in its own player count or variant."""
    engine = load_engine("race")
    real = engine.new_game

    def choosy(rules: Any, players: int, variant: str | None) -> Any:
        if players == 4 or variant == "quick":
            raise ValueError(f"no {'four players' if players == 4 else 'the quick variant'}")
        return real(rules, players, variant)

    def edit(data: dict[str, Any]) -> None:
        _claim("c", {"at": "end", "always": "true", **play})(data)
        data["rules"]["variants"] = {"quick": QUICK}

    monkeypatch.setattr(engine, "new_game", choosy)
    verdicts, diagnostics = _checked(tmp_path, edit, properties=True)
    [pk542] = [d for d in diagnostics if d.severity != "note"]
    assert pk542.message == f"engine 'race' cannot set up the played rules: no {refusal}"
    assert _line(tmp_path, pk542) == "engine: race"
    assert verdicts["c"].status is Status.FAILING and verdicts["c"].playouts is None


def test_a_property_s_playouts_are_played_in_its_variant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant the engine sets up with everyone on space 5: no move is made from below it."""
    engine = load_engine("race")
    real = engine.new_game

    def head_start(rules: Any, players: int, variant: str | None) -> Any:
        state = real(rules, players, variant)
        if variant == "quick":
            state.positions = [5] * players
        return state

    def edit(data: dict[str, Any]) -> None:
        play = {"after": ["step", "rolled"], "always": "(state.positions | min) >= 5"}
        _claim("c", {**play, "variant": "quick", "playouts": 5})(data)
        data["rules"]["variants"] = {"quick": QUICK}

    monkeypatch.setattr(engine, "new_game", head_start)
    verdicts, diagnostics = _checked(tmp_path, edit, properties=True)
    assert verdicts["c"].status is Status.HELD, [d.render() for d in diagnostics]


def test_a_property_plays_the_seats_and_agents_it_names(tmp_path: Path) -> None:
    play = {
        "at": "end",
        "always": "(state.positions | length) == 3",
        "players": 3,
        "agents": ["greedy", "random", "greedy"],
        "playouts": 3,
    }
    verdict, found = _played(tmp_path, play)
    assert found == [] and verdict.status is Status.HELD


def test_a_counterexample_s_replay_records_the_agents_seats_and_variant(tmp_path: Path) -> None:
    play = {
        "variant": "quick",
        "at": "end",
        "always": "false",
        "players": 3,
        "agents": ["greedy"],
        "seed": 9,
    }

    def edit(data: dict[str, Any]) -> None:
        _claim("c", play)(data)
        data["rules"]["variants"] = {"quick": QUICK}

    _, diagnostics = _checked(tmp_path, edit, properties=True)
    [found] = [d for d in diagnostics if d.code == "PK530"]
    recorded = _replayed(found)
    assert recorded["variant"] == "quick"
    assert recorded["players"] == 3
    assert recorded["agents"] == ["greedy", "greedy", "greedy"]
    assert recorded["seed"] == 9


def test_an_engine_naming_no_events_says_what_a_moment_may_follow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(load_engine("race"), "events", ())
    _, found = _played(tmp_path, {"after": ["step"], "always": "true"})
    [pk500] = found
    assert pk500.hint == "name an action, a phase or a row"


def test_a_value_not_true_or_false_after_a_move_stops_that_playout(tmp_path: Path) -> None:
    """The first moment's value is said; the moves after it are not judged (their values,
    other numbers, would each be said again)."""
    play = {"after": ["step", "roll", "rolled"], "always": "state.turns", "playouts": 3}
    verdict, found = _played(tmp_path, play)
    assert [d.message for d in found] == ["claim 'c' gives 0, not true or false"]
    assert verdict.status is Status.FAILING and verdict.playouts is None
