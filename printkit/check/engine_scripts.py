"""Scripted games: a claim's or worked example's `play:` moves, replayed by the engine.

The script starts from the set-up (its `position` patching the engine's JSON position), plays
each notation (chance outcomes included) with invariants on, and evaluates `expect` over the
final state. A move that is not legal stops it (PK540); a claim's expectation must be true
(PK530), an example's value must equal its stated outcome (PK532).
"""

from __future__ import annotations

from typing import Any

from printkit.check.claims import FAILED, evaluate_at, example_wrong
from printkit.check.engine_setup import BoundEngine, legal_notations
from printkit.diagnostics import (
    CLAIM_FALSE,
    CLAIM_UNEVALUABLE,
    INVARIANT_BROKEN,
    SCRIPTED_MOVE_ILLEGAL,
    Diagnostics,
    some_of,
)
from printkit.load.yaml_spans import PathKey
from printkit.model.play import Scenario
from printkit.model.rules import Claim, Example
from printkit.simulate.budget import spend
from printkit.simulate.protocol import InvariantBroken, State

SHOWN_MOVES = 12  # legal moves a PK540 message lists before "and N more"
# What an engine raises for a position it cannot read (a wrong type, a missing piece).
POSITION_FAULTS = (ValueError, KeyError, TypeError, IndexError, AttributeError)


def check_script(
    bound: BoundEngine, path: PathKey, item: Claim | Example, diagnostics: Diagnostics
) -> bool:
    """Replay the item's scripted game and check what it expects; whether all of it held."""
    assert isinstance(item.play, Scenario)
    state = play_script(bound, path, item.play, diagnostics)
    if state is None:
        return False
    scope = {"state": state.to_json(), "legal": legal_notations(state)}
    spans = bound.loaded.spans
    ok = True
    for key, expression in item.play.expect.items():
        where = (*path, "play", "expect", key)
        value = evaluate_at(expression, scope, spans, where, diagnostics)
        if value is FAILED:
            ok = False
        elif isinstance(item, Claim):
            ok = _claimed(path[1], key, value, spans.value(where), diagnostics) and ok
        elif key in item.outcome and value != item.outcome[key]:
            ok = False
            example_wrong(
                str(path[1]), key, item.outcome[key], f"play gives {value!r}",
                spans.value((*path, "outcome", key)), diagnostics,
                "the engine plays the rules otherwise than the example: record an erratum "
                "naming the reading printkit follows, or correct the example",
            )  # fmt: skip
    return ok


def _claimed(claim_id: str, key: str, value: Any, span: Any, diagnostics: Diagnostics) -> bool:
    if value is True:
        return True
    if value is False:
        diagnostics.add(
            CLAIM_FALSE,
            f"claim '{claim_id}' does not hold: '{key}' is false after its scripted game",
            span,
            hint="the engine plays the rules otherwise than the claim: correct the data, or "
            "record an erratum",
        )
    else:
        diagnostics.add(
            CLAIM_UNEVALUABLE,
            f"claim '{claim_id}' expects '{key}' to be {value!r}, not true or false",
            span,
            hint="a claim's expectation is a comparison, e.g. 'state.turn == 3'",
        )
    return False


def play_script(
    bound: BoundEngine, path: PathKey, play: Scenario, diagnostics: Diagnostics
) -> State | None:
    """The state after the script's moves; None when it could not be played (reported)."""
    here = (*path, "play")
    players = bound.players(play.players, (*here, "players"), diagnostics)
    if players is None or not bound.variant(play.variant, (*here, "variant"), diagnostics):
        return None
    engine, spans = bound.engine, bound.loaded.spans
    state = bound.new_game(players, play.variant, ("game", "engine"), diagnostics)
    if state is None:
        return None
    if play.position:
        state = _positioned(bound, state, play.position, (*here, "position"), diagnostics)
        if state is None:
            return None
    owner = f"{'claim' if path[0] == 'claims' else 'example'} '{path[1]}'"
    step = 0
    try:
        try:
            engine.check_invariants(state)
        except POSITION_FAULTS as fault:  # a position value of the wrong shape (a list for a
            if not play.position:  # count) is set up by the engine and fails only here
                raise
            _position_refused(bound, fault, (*here, "position"), diagnostics)
            return None
        for step, notation in enumerate(play.moves, start=1):
            legal = legal_notations(state)
            action = _parsed(state, notation)
            if action is None or state.notation(action) not in legal:
                diagnostics.add(
                    SCRIPTED_MOVE_ILLEGAL,
                    f"{owner} plays '{notation}' at step {step}, which is not legal there; "
                    + (f"legal: {some_of(legal, SHOWN_MOVES)}" if legal else "the game is over"),
                    spans.value((*here, "moves", step - 1)),
                    hint="write a legal move in the engine's notation (chance outcomes too: "
                    "'roll 1'), or check how the engine reads the rules",
                )
                return None
            spend()
            state.apply(action)
            bound.scripted.update(state.events)
            engine.check_invariants(state)
    except InvariantBroken as broken:
        diagnostics.add(
            INVARIANT_BROKEN,
            f"{owner}: an invariant broke at step {step} of its scripted game: {broken}",
            spans.value((*here, "moves", step - 1)) if step else spans.key(here),
            hint="the engine cannot play this position: an engine fault, or data it cannot play",
        )
        return None
    return state


def _parsed(state: State, notation: str) -> Any:
    try:
        return state.parse(notation)
    except ValueError:
        return None


def _positioned(
    bound: BoundEngine,
    state: State,
    position: dict[str, Any],
    where: PathKey,
    diagnostics: Diagnostics,
) -> State | None:
    """The set-up with `position`'s keys in place of its own; None when the engine has no such
    key or cannot read the result (PK540)."""
    spans = bound.loaded.spans
    data = state.to_json()
    unknown = [key for key in position if key not in data]
    if unknown:
        diagnostics.add(
            SCRIPTED_MOVE_ILLEGAL,
            f"'position' sets '{unknown[0]}', which engine '{bound.name}' positions do not have",
            spans.key((*where, unknown[0])),
            hint=f"its positions have: {', '.join(data)}",
        )
        return None
    try:
        return bound.engine.from_json(bound.loaded.package, patched(data, position))
    except POSITION_FAULTS as fault:
        _position_refused(bound, fault, where, diagnostics)
        return None


def _position_refused(
    bound: BoundEngine, fault: Exception, where: PathKey, diagnostics: Diagnostics
) -> None:
    """PK540 at a scripted position the engine cannot read or play from."""
    diagnostics.add(
        SCRIPTED_MOVE_ILLEGAL,
        f"engine '{bound.name}' cannot set up this 'position': {fault}",
        bound.loaded.spans.value(where),
        hint="give each key the shape the engine's positions have (see a playout's JSON)",
    )


def patched(data: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """`data` with `changes` in place: a mapping in both is patched key by key, anything else
    replaced whole (a list is given whole)."""
    result = dict(data)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = patched(result[key], value)
        else:
            result[key] = value
    return result
