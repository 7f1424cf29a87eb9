"""The `human` agent: a person at the terminal chooses (`printkit play`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from printkit.simulate.protocol import Action, State


class HumanAgent:
    """The legal moves described and numbered; the person types a number."""

    name = "human"

    def __init__(self, ask: Callable[[str], str]) -> None:
        self.ask = ask

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        lines = [f"  {number}. {state.describe(a)}" for number, a in enumerate(legal, 1)]
        prompt = "\n".join([f"Seat {state.current_player() + 1} to move:", *lines, "> "])
        while True:
            answer = self.ask(prompt).strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            prompt = f"give a number from 1 to {len(legal)}: "
