"""One seeded game from set-up to its end: the unit the validator and the runner play.

Chance outcomes are drawn from the playout's RNG, `seeded(game, seed, index)`, and each agent
decides with its own, `seeded(game, seed, index, seat)`, so a playout gives the same game
whichever process plays it and whatever the others do; its record (the actions as notations,
chance included) replays it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.model.package import Package
from printkit.simulate.budget import spend
from printkit.simulate.protocol import (
    CHANCE,
    TERMINAL,
    Agent,
    Engine,
    InvariantBroken,
    State,
    draw,
    seeded,
)

# A turn that never ends (an engine whose moves do not advance the turn) is cut off as a
# timeout, as a game that never ends is: no game's turn takes this many decisions.
MAX_STEPS_PER_TURN = 1_000

# Called after every step with the state, the seat that moved (or CHANCE), the move's notation
# and the step's events; returning False stops the playout there (a property's counterexample).
Watch = Callable[[State, int, str, list[str]], bool]


@dataclass(frozen=True)
class Seeds:
    """What seeds playout `index` of a batch: the game's id, the batch's seed, the index."""

    game: str
    seed: int
    index: int

    def chance(self) -> random.Random:
        return seeded(self.game, self.seed, self.index)

    def seat(self, seat: int) -> random.Random:
        return seeded(self.game, self.seed, self.index, seat)


@dataclass
class PlayoutResult:
    """What one playout did: enough to count every figure and to replay it."""

    index: int
    actions: list[str] = field(default_factory=list)  # notations, chance included
    actors: list[int] = field(default_factory=list)  # per step: the seat, or CHANCE
    events: list[list[str]] = field(default_factory=list)  # per step
    returns: list[float] = field(default_factory=list)  # empty unless the game ended
    turns: int = 0
    timed_out: bool = False
    stopped: bool = False  # the watch stopped it
    end: str | None = None  # the end condition that ended it (an id of rules.end_conditions)
    error: str | None = None  # the invariant that broke, at step len(actions)
    final: dict[str, Any] | None = None  # the last position's JSON, when asked to keep it
    marked: dict[str, int] = field(default_factory=dict)  # mark → the turn it first happened

    @property
    def steps(self) -> int:
        return len(self.actions)


def play_one(
    engine: Engine,
    rules: Package,
    players: int,
    variant: str | None,
    agents: Sequence[Agent],
    seeds: Seeds,
    max_turns: int,
    check_invariants: bool = False,
    watch: Watch | None = None,
    keep_final: bool = False,
    marks: Sequence[str] = (),
) -> PlayoutResult:
    """Play one game with one agent per seat; never raises for a broken invariant (the
    result's `error` says which, after the step that broke it). `keep_final` keeps the last
    position's JSON (what a property checked at the end reads); each event of `marks` gets
    the turn count of the first step that names it (a length split)."""
    chance = seeds.chance()
    rngs = [seeds.seat(seat) for seat in range(players)]
    result = PlayoutResult(seeds.index)
    state = engine.new_game(rules, players, variant)
    ends = set(rules.rules.end_conditions) if rules.rules else set()
    max_steps = max_turns * MAX_STEPS_PER_TURN
    unmarked = set(marks)
    try:
        if check_invariants:
            engine.check_invariants(state)
        while (actor := state.current_player()) != TERMINAL:
            if state.turn() >= max_turns or result.steps >= max_steps:
                result.timed_out = True
                break
            if actor == CHANCE:
                action = draw(chance, state.chance_outcomes())
            else:
                action = agents[actor].choose(state, rngs[actor])
                if check_invariants and action not in state.legal_actions():
                    raise InvariantBroken(f"agent {agents[actor].name} chose an illegal move")
            notation = state.notation(action)
            spend()
            state.apply(action)
            result.actions.append(notation)
            result.actors.append(actor)
            result.events.append(list(state.events))
            if unmarked and not unmarked.isdisjoint(state.events):
                for event in unmarked.intersection(state.events):
                    result.marked[event] = state.turn()
                unmarked.difference_update(state.events)
            if check_invariants:
                engine.check_invariants(state)
            if watch is not None and not watch(state, actor, notation, result.events[-1]):
                result.stopped = True
                break
    except InvariantBroken as broken:
        result.error = str(broken) or type(broken).__name__
    result.turns = state.turn()
    if keep_final:
        result.final = state.to_json()
    if state.current_player() == TERMINAL:
        result.returns = list(state.returns())
        last = result.events[-1] if result.events else []
        result.end = next((event for event in last if event in ends), None)
    return result
