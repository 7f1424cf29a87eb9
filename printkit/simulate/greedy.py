"""The `greedy` agent: one ply ahead, with the engine's own `evaluate`."""

from __future__ import annotations

import random

from printkit.simulate.budget import spend
from printkit.simulate.protocol import CHANCE, Action, Engine, State, pick


class GreedyAgent:
    """The move whose position the engine evaluates best, chance after it averaged exactly.

    It looks at a world drawn from the seat's view (`sample_world`), so hidden cards are
    guessed, never seen. Equal moves are broken by the agent's RNG, so that two greedy players
    do not mirror each other game after game.
    """

    name = "greedy"

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        world = state.sample_world(seat, rng)
        values = [self.value(world, action, seat) for action in legal]
        best = max(values)
        return pick(rng, [a for a, v in zip(legal, values, strict=True) if v == best])

    def value(self, world: State, action: Action, seat: int) -> float:
        """The evaluation after `action`, over the chance outcomes that follow it at once."""
        after = world.clone()
        spend()
        after.apply(action)
        if after.current_player() != CHANCE:
            return self.engine.evaluate(after, seat)
        total = 0.0
        *others, last = after.chance_outcomes()
        for outcome, probability in others:
            rolled = after.clone()
            spend()
            rolled.apply(outcome)
            total += float(probability) * self.engine.evaluate(rolled, seat)
        spend()
        after.apply(last[0])  # the last outcome needs no copy: `after` is not read again
        return total + float(last[1]) * self.engine.evaluate(after, seat)
