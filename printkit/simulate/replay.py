"""Games as files: sample games (`--games K`), replays (`printkit replay`) and found examples
(`--find EVENT`).

A game's JSON is its action list, chance included, with what it was played on (the game, the
engine's version, the settings and a hash of the played rules) and the hash of its final state.
Replaying it needs no agent and no seed: the actions are the game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from printkit.model.package import Package
from printkit.simulate.playout import PlayoutResult
from printkit.simulate.protocol import Engine, InvariantBroken, State, state_hash
from printkit.simulate.runner import Batch, Record

FORMAT = 1
CONTEXT_STEPS = 4  # steps before the found event that a found example replays


def game_file(batch: Batch, engine: Engine, index: int, result: PlayoutResult,
              settings: dict[str, Any], rules_hash: str) -> dict[str, Any]:  # fmt: skip
    """The JSON of one played game."""
    final = replay_states(engine, batch.rules, batch.players, batch.variant, result.actions)
    return {
        "format": FORMAT,
        "game": batch.game,
        "engine": engine.name,
        "engine_version": engine.version,
        "rules_hash": rules_hash,
        "settings": settings,
        "players": batch.players,
        "variant": batch.variant,
        "agents": [batch.agents[i] for i in batch.identities(index % batch.orders)],
        "seed": batch.seed,
        "playout": index,
        "actions": list(result.actions),
        "returns": list(result.returns),
        "final_hash": state_hash(final[-1][0]),
    }


def replay_states(
    engine: Engine, rules: Package, players: int, variant: str | None,
    actions: Sequence[str], check: bool = False,
) -> list[tuple[State, str]]:  # fmt: skip
    """Each position of a game with the sentence of the move that left it; the last entry is
    the final position (with no sentence). ValueError names the step of an illegal move,
    InvariantBroken the step that broke one."""
    state = engine.new_game(rules, players, variant)
    if check:
        engine.check_invariants(state)
    steps: list[tuple[State, str]] = []
    for number, notation in enumerate(actions, 1):
        try:
            action = state.parse(notation)
        except ValueError as error:
            raise ValueError(f"step {number}, '{notation}': {error}") from None
        sentence = state.describe(action)
        steps.append((state.clone(), sentence))
        state.apply(action)
        if check:
            try:
                engine.check_invariants(state)
            except InvariantBroken as broken:
                raise InvariantBroken(f"step {number}, '{notation}': {broken}") from None
    steps.append((state, ""))
    return steps


def game_text(states: Sequence[tuple[State, str]], header: str) -> str:
    """Numbered sentences, one per step, chance shown as it fell."""
    lines = [header]
    lines += [f"{number:>4}. {sentence}" for number, (_, sentence) in enumerate(states[:-1], 1)]
    return "\n".join(lines) + "\n"


def sample_indices(records: Sequence[Record], ends: Sequence[str], count: int) -> list[int]:
    """The shortest, median and longest finished game, then one per end condition: the first
    `count` distinct ones, in that order."""
    finished = sorted((r for r in records if r.finished), key=lambda r: (r.steps, r.index))
    chosen: list[int] = []
    if finished:
        chosen += [finished[0].index, finished[len(finished) // 2].index, finished[-1].index]
    for end in ends:
        chosen += [r.index for r in records if r.end == end][:1]
    chosen += [r.index for r in records if r.timed_out][:1]
    return list(dict.fromkeys(chosen))[:count]


@dataclass
class Found:
    """Where an event first happened: the playout, its step (1-based) and the game so far."""

    index: int
    step: int
    result: PlayoutResult


def found_example(
    found: Found, event: str, batch: Batch, engine: Engine, command: str
) -> tuple[str, str]:
    """(the moves around the event as text, a ready-to-paste `examples:` entry)."""
    states = replay_states(engine, batch.rules, batch.players, batch.variant,
                          found.result.actions[: found.step])  # fmt: skip
    first = max(0, found.step - CONTEXT_STEPS)
    around = "\n".join(
        f"{number:>4}. {sentence}" + ("   <- " + event if number == found.step else "")
        for number, (_, sentence) in enumerate(states[:-1], 1)
        if number > first
    )
    start = engine.new_game(batch.rules, batch.players, batch.variant).to_json()
    before = states[first][0].to_json()
    after = states[-1][0].to_json()
    position = {key: value for key, value in before.items() if start.get(key) != value}
    changed = [key for key, value in after.items() if before.get(key) != value]
    play: dict[str, Any] = {"players": batch.players}
    if batch.variant is not None:
        play["variant"] = batch.variant
    if position:
        play["position"] = position
    play["moves"] = list(found.result.actions[first : found.step])
    play["expect"] = {key: _reading(key) for key in changed}
    entry = {
        f"found_{_identifier(event)}": {
            "text": " ".join(sentence for _, sentence in states[first:-1]),
            "outcome": {key: after[key] for key in changed},
            "play": play,
        }
    }
    note = (f"# {command}: playout {found.index}, step {found.step}; the moves from "
            f"step {first + 1}, the position before them\n")  # fmt: skip
    text = yaml.safe_dump({"examples": entry}, sort_keys=False, allow_unicode=True, width=100)
    return around, note + text


def _reading(key: str) -> str:
    return f"state.{key}" if re.fullmatch(r"[A-Za-z_]\w*", key) else f"state[{key!r}]"


def _identifier(text: str) -> str:
    return re.sub(r"\W+", "_", text).strip("_").lower() or "event"
