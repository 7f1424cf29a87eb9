"""A dice race for the tests only (printkit ships no engine of it): the smallest engine that
has what the validator reads from one: chance nodes, a phase, actions naming their rule, an end
condition and the data paths it requires. tests/conftest.py adds this folder to
printkit.games, so a test package binds to it with `game.engine: race`.

Rules (tests/engines/race_game): players start on space `start` (a value only the engine
reads); they take turns; a turn is one action of phase `move`: `step`
(advance one space) or `roll` (roll a d`die`, then advance that many). The first to reach
`goal` spaces wins (end condition `finish`).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from printkit.model.package import Package
from printkit.simulate.protocol import CHANCE, TERMINAL, InvariantBroken


class RaceState:
    def __init__(self, goal: int, die: int, data: dict[str, Any]) -> None:
        self.goal, self.die = goal, die
        self.positions: list[int] = list(data["positions"])
        self.player: int = data["player"]
        self.rolling: bool = data["rolling"]
        self.turns: int = data["turns"]
        self.winner: int | None = data["winner"]
        self.events: list[str] = []

    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def legal_actions(self) -> list[str]:
        return [] if self.current_player() < 0 else ["step", "roll"]

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(face, Fraction(1, self.die)) for face in range(1, self.die + 1)]

    def apply(self, action: str | int) -> None:
        if action == "roll":
            self.rolling, self.events = True, ["roll"]
            return
        advance = 1 if action == "step" else int(action)
        self.events = ["step"] if action == "step" else ["rolled"]
        self.rolling = False
        self.positions[self.player] += advance
        if self.positions[self.player] >= self.goal:
            self.winner = self.player
            self.events.append("finish")
            return
        self.player = (self.player + 1) % len(self.positions)
        self.turns += 1

    def clone(self) -> RaceState:
        return RaceState(self.goal, self.die, self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "positions": list(self.positions),
            "player": self.player,
            "rolling": self.rolling,
            "turns": self.turns,
            "winner": self.winner,
        }

    def observation(self, seat: int) -> tuple[Any, ...]:
        return (tuple(self.positions), self.player, self.rolling, self.winner)

    def sample_world(self, seat: int, rng: random.Random) -> RaceState:
        return self.clone()

    def returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(len(self.positions))]

    def notation(self, action: str | int) -> str:
        return action if isinstance(action, str) else f"roll {action}"

    def parse(self, text: str) -> str | int:
        action: str | int = int(text.split()[1]) if text.startswith("roll ") else text
        if self.rolling and action not in range(1, self.die + 1):
            raise ValueError(text)
        if not self.rolling and action not in self.legal_actions():
            raise ValueError(text)
        return action

    def describe(self, action: str | int) -> str:
        return f"player {self.player + 1}: {self.notation(action)}"

    def turn(self) -> int:
        return self.turns


class RaceEngine:
    name = "race"
    version = "1"
    requires = ("rules.values.goal", "rules.values.die", "rules.values.start")
    players = (2, 3, 4)
    events = ("step", "roll", "rolled", "finish")
    phases = ("move",)

    def new_game(self, rules: Package, players: int, variant: str | None) -> RaceState:
        values = rules.rules.values if rules.rules else {}
        start = {
            "positions": [int(values["start"])] * players,
            "player": 0,
            "rolling": False,
            "turns": 0,
        }
        return self.from_json(rules, {**start, "winner": None})

    def from_json(self, rules: Package, data: dict[str, Any]) -> RaceState:
        values = rules.rules.values if rules.rules else {}
        return RaceState(int(values["goal"]), int(values["die"]), data)

    def evaluate(self, state: RaceState, seat: int) -> float:
        return min(state.positions[seat] / state.goal, 1.0)

    def check_invariants(self, state: RaceState) -> None:
        if any(position < 0 for position in state.positions):
            raise InvariantBroken("a position is below 0")
        if state.winner is None and max(state.positions) >= state.goal:
            raise InvariantBroken("a player reached the goal but nobody won")


ENGINE = RaceEngine()
