"""How a `play:` picks its players, variant and agents, what `legal` holds, and how a set-up
the engine refuses is reported (printkit/check/engine_setup.py), through `compile_game` on the
tests' dice race (tests/engines/race.py, which plays 2 to 4 players)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from check.test_engine import _checked
from printkit.check.claims import Status
from printkit.diagnostics import Diagnostic, Diagnostics
from printkit.model.package import Package
from printkit.simulate.binding import load_engine

QUICK = {"kind": "house", "title": "Quick", "text": "Play to a nearer goal."}
Edit = Callable[[dict[str, Any]], None]


def _line(tmp_path: Path, found: Diagnostic) -> str:
    """The line of the race's game.yaml a finding points at, stripped."""
    lines = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text().splitlines()
    return lines[found.span.line - 1].strip()


def _seated(count: int, **play: Any) -> dict[str, Any]:
    """A scripted game of no moves that holds when the set-up seats `count` players."""
    # the play's own keys last: a finding at one of them is then not at the play's first line
    return {"moves": [], "expect": {"seats": f"state.positions | length == {count}"}, **play}


def _plays(
    written: str | None = None, variants: dict[str, Any] | None = None, **plays: Any
) -> Edit:
    """Claims `plays` (id -> play) in place of the race's own; `written` its game.players."""

    def edit(data: dict[str, Any]) -> None:
        if written is not None:
            data["game"]["players"] = written
        if variants is not None:
            data["rules"]["variants"] = variants
        data["claims"] = {key: {"text": "t", "engine": "e", "play": p} for key, p in plays.items()}
        data.pop("examples", None)

    return edit


def _found(diagnostics: Diagnostics, code: str) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code == code]


@pytest.mark.parametrize(
    ("written", "seats"),
    [("3-4", 3), ("3+", 3), ("3", 3), ("1-2", 2), ("4-6", 4), ("5-6", 2), ("1", 2)],
)
def test_a_play_without_players_seats_the_fewest_both_rules_and_engine_allow(
    tmp_path: Path, written: str, seats: int
) -> None:
    """The rules' lowest count the engine plays; when it plays none of them, its own fewest."""
    verdicts, diagnostics = _checked(tmp_path, _plays(written, seated=_seated(seats)))
    assert verdicts["seated"].status is Status.CHECKED, [d.render() for d in diagnostics]


def test_players_in_words_leave_the_engine_its_fewest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A count written in words is no range: the fewest the engine plays, down to one."""
    monkeypatch.setattr(load_engine("race"), "players", (1, 2, 3, 4))
    verdicts, diagnostics = _checked(tmp_path, _plays("one to four", seated=_seated(1)))
    assert verdicts["seated"].status is Status.CHECKED, [d.render() for d in diagnostics]


def test_rules_for_a_count_the_engine_skips_get_its_fewest_not_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine for 2 or 4 players and rules for exactly 3: none fits, so 2, the engine's
    fewest, not 4, the next count above the rules' own."""
    monkeypatch.setattr(load_engine("race"), "players", (2, 4))
    verdicts, diagnostics = _checked(tmp_path, _plays("3", seated=_seated(2)))
    assert verdicts["seated"].status is Status.CHECKED, [d.render() for d in diagnostics]


def test_a_given_player_count_is_played_or_refused_at_its_key(tmp_path: Path) -> None:
    """3 seats three players; 5, which the engine does not play, is PK540 at `players`."""
    edit = _plays(three=_seated(3, players=3), five=_seated(5, players=5))
    verdicts, diagnostics = _checked(tmp_path, edit)
    assert verdicts["three"].status is Status.CHECKED
    assert verdicts["five"].status is Status.FAILING
    [found] = _found(diagnostics, "PK540")
    assert found.message == "engine 'race' does not play 5 players (it plays 2, 3, 4)"
    assert found.hint == (
        "give a player count the engine plays, or leave 'players' out for the fewest"
    )
    assert _line(tmp_path, found) == "players: 5"


def test_a_property_with_players_the_engine_does_not_play_is_refused_at_its_key(
    tmp_path: Path,
) -> None:
    play = {"at": "end", "always": "true", "playouts": 2, "players": 6}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play), properties=True)
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK540")
    assert found.message == "engine 'race' does not play 6 players (it plays 2, 3, 4)"
    assert _line(tmp_path, found) == "players: 6"


@pytest.mark.parametrize(
    ("variants", "hint"),
    [({"quick": QUICK}, "did you mean 'quick'?"), ({}, "the variants are rules.variants")],
    ids=["a variant close by", "no variants"],
)
def test_an_unknown_variant_is_pk500_at_its_key(
    tmp_path: Path, variants: dict[str, Any], hint: str
) -> None:
    edit = _plays(None, variants, c=_seated(2, variant="quik"))
    verdicts, diagnostics = _checked(tmp_path, edit)
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK500")
    assert found.message == "'play' names variant 'quik', which does not exist"
    assert found.hint == hint
    assert _line(tmp_path, found) == "variant: quik"


def test_a_known_variant_is_played_in_a_script_and_a_property(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: set[tuple[int, str | None]] = set()
    engine = load_engine("race")
    real = engine.new_game

    def noting(rules: Package, players: int, variant: str | None) -> Any:
        seen.add((players, variant))
        return real(rules, players, variant)

    monkeypatch.setattr(engine, "new_game", noting)
    edit = _plays(
        None,
        {"quick": QUICK},
        script=_seated(3, variant="quick", players=3),
        prop={"at": "end", "always": "true", "playouts": 1, "variant": "quick"},
    )
    verdicts, diagnostics = _checked(tmp_path, edit, properties=True)
    assert verdicts["script"].status is Status.CHECKED, [d.render() for d in diagnostics]
    assert verdicts["prop"].status is Status.HELD, [d.render() for d in diagnostics]
    assert {(3, "quick"), (2, "quick")} <= seen


def test_an_unknown_agent_is_pk500_at_the_agents(tmp_path: Path) -> None:
    play = {"at": "end", "always": "true", "playouts": 1, "agents": ["priority:bold"]}
    verdicts, diagnostics = _checked(tmp_path, _plays(c=play), properties=True)
    assert verdicts["c"].status is Status.FAILING
    [found] = _found(diagnostics, "PK500")
    assert found.message.startswith("the game has no priority agent 'bold'")
    assert found.hint == "agents are named as 'printkit simulate --agents' names them"
    assert _line(tmp_path, found) == "- priority:bold"


def test_a_refused_set_up_is_said_once_for_each_player_count_and_variant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that cannot seat three, nor play the quick variant: one PK542 for each, at
    the engine binding, however many plays ask for it, even when the engine words each
    refusal differently (here, numbered)."""
    engine = load_engine("race")
    real = engine.new_game
    refusals: list[int] = []

    def choosy(rules: Package, players: int, variant: str | None) -> Any:
        if players == 3 or variant == "quick":
            refusals.append(len(refusals) + 1)
            game = variant or "the base game"
            raise ValueError(f"no {players} players in {game} (refusal {len(refusals)})")
        return real(rules, players, variant)

    monkeypatch.setattr(engine, "new_game", choosy)
    edit = _plays(
        None,
        {"quick": QUICK},
        a=_seated(3, players=3),
        b=_seated(3, players=3),
        c=_seated(2, variant="quick"),
        d=_seated(2, variant="quick"),
        e=_seated(4, players=4),
    )
    verdicts, diagnostics = _checked(tmp_path, edit)
    assert {key: verdicts[key].status for key in "abcde"} == {
        "a": Status.FAILING,
        "b": Status.FAILING,
        "c": Status.FAILING,
        "d": Status.FAILING,
        "e": Status.CHECKED,
    }
    found = _found(diagnostics, "PK542")
    assert [d.message for d in found] == [
        "engine 'race' cannot set up the played rules: no 3 players in the base game (refusal 1)",
        "engine 'race' cannot set up the played rules: no 2 players in quick (refusal 3)",
    ]
    assert found[0].hint == (
        "give the data the engine reads the shape it plays (an erratum's 'plays' may), or "
        "bind another engine"
    )
    assert {_line(tmp_path, d) for d in found} == {"engine: race"}


def test_legal_holds_the_moves_the_rolls_or_nothing(tmp_path: Path) -> None:
    """`legal` at a player's turn, at a roll (the chance outcomes) and after the game."""
    rolled = {"moves": ["roll"], "expect": {"rolls": "legal == ['roll 1', 'roll 2', 'roll 3']"}}
    edit = _plays(
        start={"moves": [], "expect": {"moves": "legal == ['step', 'roll']"}},
        rolling=rolled,
        over={
            "position": {"positions": [9, 0]},
            "moves": ["step"],
            "expect": {"none": "legal == []"},
        },
    )
    verdicts, diagnostics = _checked(tmp_path, edit)
    assert {key: v.status for key, v in verdicts.items()} == {
        "start": Status.CHECKED,
        "rolling": Status.CHECKED,
        "over": Status.CHECKED,
    }, [d.render() for d in diagnostics]
