"""The engine of Rise! (seed 004): two players raise towers by ringing tiles with workers.

It plays the played rules: every number from `rules.values`, the actions' costs, the starting
formation and its first workers from the `formation` map (markers with `player:`). The
readings the text leaves open are errata with `plays` in rule_data/rise/rules.yaml.
"""

from __future__ import annotations

import math
from typing import Any

from printkit.games.rise.config import BUILD, CHOSEN, DESTROY, REQUIRES, read_config
from printkit.games.rise.state import ELIMINATION, PASS, PROTECTED, THREE_TOWERS, RiseState
from printkit.model.package import Package

# The evaluation's weights are judgement, not rules: a finished tower is most of a win.
TIER_WEIGHT = 1.0  # not a rule: heuristic weight
FINISHED_WEIGHT = 3.0  # not a rule: heuristic weight
WORKER_WEIGHT = 0.2  # not a rule: heuristic weight
RING_WEIGHT = 2.0  # not a rule: heuristic weight of a ring closed round a free tile
SCALE = 4.0  # not a rule: how many points make a position clearly better


class RiseEngine:
    name = "rise"
    version = "2"  # 2: the evaluation counts ring progress round free tiles
    requires = REQUIRES
    phases = ("take_actions",)
    events = (*CHOSEN, BUILD, DESTROY, THREE_TOWERS, ELIMINATION, PASS, PROTECTED)

    players = (2,)  # not a rule: the seats this engine plays; the formation names each one's start

    def new_game(self, rules: Package, players: int, variant: str | None) -> RiseState:
        config = read_config(rules)
        seats = {seat for _, seat in config.start_workers}
        if players != len(seats):
            raise ValueError(f"the formation places first workers for {len(seats)} players")
        return RiseState(config, players)

    def from_json(self, rules: Package, data: dict[str, Any]) -> RiseState:
        players = len(data["workers_left"]) if "workers_left" in data else self.players[0]
        state = self.new_game(rules, players, None)
        state.load_json(data)
        return state

    def evaluate(self, state: RiseState, seat: int) -> float:
        if state.ended_by is not None:
            return state.returns()[seat]
        score = 0.0
        for owner, tiers in state.towers.values():
            sign = 1 if owner == seat else -1
            finished = tiers == state.config.tiers
            score += sign * (TIER_WEIGHT * tiers + FINISHED_WEIGHT * finished)
        for owner in state.workers.values():
            score += WORKER_WEIGHT * (1 if owner == seat else -1)
        for owner in range(state.players):
            sign = 1 if owner == seat else -1
            score += sign * RING_WEIGHT * state.ring_progress(owner)
        return 1 / (1 + math.exp(-score / SCALE))

    def check_invariants(self, state: RiseState) -> None:
        state.check_invariants()


ENGINE = RiseEngine()
