"""The engine of Shields: The Dice Game, on printkit's engine protocol.

The game has no hidden information: every die is on the table, so a seat's observation is the
whole position and `sample_world` is a copy.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from printkit.games.shields_dice import position, words
from printkit.games.shields_dice.config import (
    ATTACK,
    REQUIRES,
    SEATS,
    TAKE,
    DiceConfig,
    read_config,
)
from printkit.games.shields_dice.exact import exact_tables
from printkit.games.shields_dice.invariants import check_invariants
from printkit.games.shields_dice.state import Action, DiceState
from printkit.model.package import Package
from printkit.simulate.exact import ExactTable

EVENTS = (
    "take_die",
    "attack",
    "use_potion",
    "use_polish",
    "resurrection",
    "match",
    "two_batteries",
    "roll_for_first",
    "first_player_ties",
    "attacking_die",
    "colour_shield",
    "black_shield",
    "potion",
    "polish",
    "red_attacks",
    "yellow_attacks",
    "blue_attacks",
    "roll",
    "shield_broken",
    "health_lost",
    "battery_destroyed",
    "destroyed_battery_dice",
    "deny_destroyed_colour",
    "match_first_player",
    "trash",
    "pass",
    "end",
    "pool_empty",  # the take that leaves the pool empty: the mid game ends (l.154, l.164)
)
# How the greedy agent and the search weigh a position (not rules: a heuristic). A battery
# destroyed counts as much as all the hit points of one battery.
STEEPNESS = 3  # not a rule: how sharply a lead turns into an expected win
CACHED_CONFIGS = 16  # not a rule: packages whose configs are kept (a sweep plays a few)


class ShieldsDiceState(DiceState):
    """A position with the protocol's words and views."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return position.to_json(self)

    def observation(self, seat: int) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    def sample_world(self, seat: int, rng: random.Random) -> ShieldsDiceState:
        return self.clone()

    def notation(self, action: Action) -> str:
        return words.notation(self, action)

    def parse(self, text: str) -> Action:
        return words.parse(self, text)

    def describe(self, action: Action) -> str:
        return words.describe(self, action)


class ShieldsDiceEngine:
    name = "shields_dice"
    version = "1"
    requires = REQUIRES
    players = (len(SEATS),)
    events = EVENTS
    phases = (TAKE, ATTACK)

    def __init__(self) -> None:
        self._configs: dict[tuple[int, int, str | None], tuple[Package, DiceConfig]] = {}

    def config(self, rules: Package, players: int, variant: str | None) -> DiceConfig:
        """The game's config, read once per package (a playout run starts thousands of games
        from one package; reading and rendering the data each time would cost a third of it)."""
        key = (id(rules), players, variant)
        cached = self._configs.get(key)
        if cached is None or cached[0] is not rules:
            if len(self._configs) >= CACHED_CONFIGS:
                self._configs.clear()
            cached = self._configs[key] = (rules, read_config(rules, players, variant))
        return cached[1]

    def new_game(self, rules: Package, players: int, variant: str | None) -> ShieldsDiceState:
        return ShieldsDiceState(self.config(rules, players, variant))

    def from_json(self, rules: Package, data: dict[str, Any]) -> ShieldsDiceState:
        cfg = self.config(rules, len(data["players"]), data.get("variant"))
        return position.from_json(cfg, data, ShieldsDiceState)

    def exact_tables(self, rules: Package, players: int, variant: str | None) -> list[ExactTable]:
        """Attacks needed by each attacking die, enumerated from the rolls (balance report)."""
        return exact_tables(self.config(rules, players, variant), ShieldsDiceState)

    def check_invariants(self, state: DiceState) -> None:
        check_invariants(state)

    def evaluate(self, state: DiceState, seat: int) -> float:
        """A lead in batteries, hit points and attacking dice, squashed into (0, 1)."""
        if state.winner >= 0:
            return float(state.winner == seat)
        lead = _strength(state, seat) - _strength(state, 1 - seat)
        return 1 / (1 + math.exp(-STEEPNESS * lead))


def _strength(state: DiceState, seat: int) -> float:
    """Batteries standing, each with its share of hit points (health, colour shields and the
    black shields shared by all) and its attacking die's share of the largest die."""
    cfg = state.cfg
    black = 0
    for _, points in state.front[seat]:
        black += points
    for _, points in state.behind[seat]:
        black += points
    full, reach, batteries = cfg.health, cfg.reach, len(cfg.colours)
    shields, attackers = state.shields[seat], state.attacker[seat]
    total = 0.0
    for colour, health in enumerate(state.health[seat]):
        if health <= 0:
            continue
        points = health + black
        for _, shield in shields[colour]:
            points += shield
        # a standing battery always has its attacking die (the invariants check it)
        total += 1 + (points / (points + full) + reach[attackers[colour]]) / batteries
    return total / cfg.batteries_to_win
