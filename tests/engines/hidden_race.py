"""A race with hidden hands, for the runner's tests (printkit ships no engine of it).

Each player holds two cards (values 1 to 4, three of each in the deck) that the other cannot
see. A turn either rolls a four-sided die or plays a card; either moves the player forward.
Landing exactly on the goal wins; overshooting bounces back, so a player who counts (the search)
beats one who does not (the random agent). Chance is explicit: the deal, the rolls, the draws.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from printkit.simulate.protocol import CHANCE, TERMINAL, InvariantBroken, pick

VALUES = (1, 2, 3, 4)
COPIES = 3
HAND = 2


class RaceState:
    def __init__(self, goal: int, players: int) -> None:
        self.goal = goal
        self.positions = [0] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck = {value: COPIES for value in VALUES}
        self.played = 0  # cards played, out of the game
        self.to_move = 0
        self.pending = "deal"  # deal, roll, draw, or "" at a decision
        self.turns = 0
        self.winner: int | None = None
        self.events: list[str] = []

    # the protocol
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.pending else self.to_move

    def legal_actions(self) -> list[Any]:
        if self.current_player() < 0:
            return []
        return ["roll", *(f"play {value}" for value in sorted(set(self.hands[self.to_move])))]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if self.pending == "roll":
            return [(f"roll {v}", Fraction(1, len(VALUES))) for v in VALUES]
        total = sum(self.deck.values())
        return [(f"card {v}", Fraction(n, total)) for v, n in self.deck.items() if n]

    def apply(self, action: Any) -> None:
        kind, _, number = action.partition(" ")
        value = int(number) if number else 0
        self.events = []
        if kind == "card":
            self.deck[value] -= 1
            seat = self._dealing_to() if self.pending == "deal" else self.to_move
            self.hands[seat].append(value)
            if self.pending == "draw":
                self._end_turn()
            elif all(len(hand) == HAND for hand in self.hands):
                self.pending = ""
        elif kind == "roll" and number:
            self._advance(value)
            self._end_turn()
        elif kind == "roll":
            self.events.append("roll")
            self.pending = "roll"
        else:
            self.events.append("play")
            self.hands[self.to_move].remove(value)
            self.played += 1
            self._advance(value)
            self.pending = "draw" if self.winner is None and sum(self.deck.values()) else ""
            if not self.pending:
                self._end_turn()

    def _dealing_to(self) -> int:
        return min(range(len(self.hands)), key=lambda seat: len(self.hands[seat]))

    def _advance(self, steps: int) -> None:
        seat = self.to_move
        self.positions[seat] += steps
        if self.positions[seat] > self.goal:
            self.events.append("bounce")
            self.positions[seat] = 2 * self.goal - self.positions[seat]
        if self.positions[seat] == self.goal:
            self.events.append("goal")
            self.winner = seat

    def _end_turn(self) -> None:
        self.pending = ""
        self.turns += 1
        if self.winner is None:
            self.to_move = (self.to_move + 1) % len(self.positions)

    def clone(self) -> RaceState:
        return self.from_json_data(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "goal": self.goal,
            "positions": list(self.positions),
            "hands": [sorted(hand) for hand in self.hands],
            "deck": {str(v): n for v, n in self.deck.items()},
            "played": self.played,
            "to_move": self.to_move,
            "pending": self.pending,
            "turns": self.turns,
            "winner": self.winner,
        }

    @classmethod
    def from_json_data(cls, data: dict[str, Any]) -> RaceState:
        state = cls(data["goal"], len(data["positions"]))
        state.positions = list(data["positions"])
        state.hands = [list(hand) for hand in data["hands"]]
        state.deck = {int(v): n for v, n in data["deck"].items()}
        state.played = data["played"]
        state.to_move = data["to_move"]
        state.pending = data["pending"]
        state.turns = data["turns"]
        state.winner = data["winner"]
        return state

    def observation(self, seat: int) -> Any:
        return (tuple(self.positions), tuple(sorted(self.hands[seat])), self.to_move,
                self.pending, self.turns, self.winner)  # fmt: skip

    def sample_world(self, seat: int, rng: random.Random) -> RaceState:
        world = self.clone()
        unseen = [v for v, n in self.deck.items() for _ in range(n)]
        for other, hand in enumerate(self.hands):
            if other != seat:
                unseen.extend(hand)
        for other, hand in enumerate(world.hands):
            if other != seat:
                for slot in range(len(hand)):
                    hand[slot] = unseen.pop(unseen.index(pick(rng, unseen)))
        world.deck = {v: unseen.count(v) for v in VALUES}  # what is left after the hands
        return world

    def returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(len(self.positions))]

    def notation(self, action: Any) -> str:
        return str(action)

    def parse(self, text: str) -> Any:
        if self.current_player() == CHANCE:
            options = [a for a, _ in self.chance_outcomes()]
        else:
            options = self.legal_actions()
        if text not in options:
            raise ValueError(f"'{text}' is not legal here")
        return text

    def describe(self, action: Any) -> str:
        seat = f"Player {self.to_move + 1}"
        kind, _, number = str(action).partition(" ")
        if kind == "card":
            return f"A {number} is drawn."
        if kind == "roll" and number:
            return f"{seat} rolls {number}."
        return f"{seat} rolls the die." if kind == "roll" else f"{seat} plays the {number}."

    def turn(self) -> int:
        return self.turns


class RaceEngine:
    name = "hidden_race"
    version = "1"
    requires = ("rules.values.goal",)
    players = (2, 3)
    events = ("roll", "play", "bounce", "goal", "shortcut")

    def new_game(self, rules: Any, players: int, variant: str | None) -> RaceState:
        return RaceState(int(rules.rules.values["goal"]), players)

    def from_json(self, rules: Any, data: dict[str, Any]) -> RaceState:
        return RaceState.from_json_data(data)

    def evaluate(self, state: RaceState, seat: int) -> float:
        if state.winner is not None:
            return 1.0 if state.winner == seat else 0.0
        distance = abs(state.goal - state.positions[seat])
        return 0.5 - distance / (4 * state.goal)

    def check_invariants(self, state: RaceState) -> None:
        cards = sum(state.deck.values()) + sum(len(hand) for hand in state.hands) + state.played
        if cards != len(VALUES) * COPIES:
            raise InvariantBroken(f"{cards} cards in play")
        if any(not 0 <= p <= state.goal for p in state.positions):
            raise InvariantBroken(f"a position is off the track: {state.positions}")


ENGINE = RaceEngine()
