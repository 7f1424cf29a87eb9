"""The engine protocol: how printkit plays a game's rules, whatever the game.

An engine reads the played rules (the package with every erratum's `plays` applied, the same
data the materials print) and plays them. The shape follows OpenSpiel's state API: chance is a
node of its own, never hidden in `apply`, so a worked example can state its rolls (`roll 1`),
a replay log is only the list of actions, exact distributions can be enumerated and a search
samples chance itself. The runner, the agents and the validator know no game by name: they see
only this protocol. A game's engine lives in `printkit/games/<module>/` and exposes `ENGINE`.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from printkit.model.package import Package

CHANCE = -1  # current_player() of a state where chance moves next
TERMINAL = -2  # current_player() of a finished game

Action = Hashable  # an engine's own value; stable, comparable within one engine


class State(Protocol):
    """One position of a game in play. Mutable: `apply` changes it, `clone` copies it."""

    events: list[str]  # rule ids, card effects and named engine events of the last step

    def current_player(self) -> int:
        """The seat to move, CHANCE or TERMINAL."""

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to move, in a stable order (empty at chance and at the end)."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, each outcome with its exact probability (summing to 1)."""

    def apply(self, action: Action) -> None:
        """Play one move or chance outcome; sets `events` to what that step did."""

    def clone(self) -> State:
        """An independent copy: playing on it never changes this state."""

    def to_json(self) -> dict[str, Any]:
        """The whole position as JSON data (what a worked example's `position` patches)."""

    def observation(self, seat: int) -> Hashable:
        """What `seat` may see, as a hashable key: agents decide from this alone."""

    def sample_world(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with `observation(seat)`, hidden parts drawn from `rng`."""

    def returns(self) -> list[float]:
        """Per seat: 1 each winner, 0 each loser, 0.5 each in a two-player tie."""

    def notation(self, action: Action) -> str:
        """The short text of a move, as scripts write it (`take d20_translucent_black front`)."""

    def parse(self, text: str) -> Action:
        """The action a notation names; ValueError when none of the legal ones has it."""

    def describe(self, action: Action) -> str:
        """A sentence from the data's titles, for logs and the human agent."""

    def turn(self) -> int:
        """Turns played so far (what `simulation.max_turns` bounds)."""

    # Optional: `def rule_of(self, action) -> str` names the rule id a move applies without
    # playing it; priority agents then match `action:` preferences at no cost (else they play
    # each move on a copy and read its events).


class Engine(Protocol):
    """A game's rules as played; one instance per engine module, holding no game state."""

    name: str  # the module name `game.engine` binds
    version: str  # changes whenever the engine plays differently (in balance.json)
    requires: tuple[str, ...]  # every data path it reads: "rules.values.health", ...
    players: tuple[int, ...]  # the player counts it plays
    events: tuple[str, ...]  # every event it may name (for PK544/PK546 and `--find`)
    phases: tuple[str, ...]  # the ids of rules.structure.phases it has a handler for (PK542)

    def new_game(self, rules: Package, players: int, variant: str | None) -> State:
        """The position after set-up; chance in set-up (a roll for first) is left to the runner.
        ValueError when the played rules ask what the engine cannot play (the validator's
        PK542 quotes its message)."""

    def from_json(self, rules: Package, data: dict[str, Any]) -> State:
        """The state `to_json` gave (or a worked example's position)."""

    def evaluate(self, state: State, seat: int) -> float:
        """How good the position is for `seat`, in [0, 1] (the greedy agent and the search)."""

    def check_invariants(self, state: State) -> None:
        """Raise InvariantBroken when the state breaks a rule (conservation, bounds)."""

    # Optional: `def exact_tables(self, rules, players, variant) -> list[ExactTable]` gives
    # distributions enumerated from the chance outcomes (printkit/simulate/exact.py), which the
    # balance report prints as they are, with no interval; each made by `exact.enumerated`,
    # which leaves a table out once the report's tables reach their bound of work.


class Agent(Protocol):
    """A player: chooses one of the legal moves of the seat to move.

    An agent decides from what its seat may see: `state.observation(seat)`, or worlds drawn
    with `state.sample_world(seat, rng)`; the no-peeking tests hold it to that.
    """

    name: str  # as the command line and the report write it: "random", "mcts:64"

    def choose(self, state: State, rng: random.Random) -> Action:
        """One of `state.legal_actions()`, drawn only from this agent's `rng`."""


class RandomAgent:
    """Uniform over the legal moves: the smoke playouts' agent and the search's rollouts."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return pick(rng, state.legal_actions())


class InvariantBroken(Exception):
    """A state no rule allows: an engine bug or data the engine cannot play (PK549)."""


def draw(rng: random.Random, outcomes: Sequence[tuple[Action, Fraction]]) -> Action:
    """One chance outcome drawn with its exact probability.

    Every draw of every playout goes through here, with integers from `getrandbits`, so that a
    seed gives the same games on every Python and platform (random.random's floats would not
    promise that across versions, and `choices` with float weights rounds).
    """
    denominator = math.lcm(*(probability.denominator for _, probability in outcomes))
    point = below(rng, denominator)
    for action, probability in outcomes:
        point -= probability.numerator * (denominator // probability.denominator)
        if point < 0:
            return action
    raise ValueError("chance outcomes do not sum to 1")


def below(rng: random.Random, bound: int) -> int:
    """A uniform integer in [0, bound) from `getrandbits` by rejection (no modulo bias)."""
    if bound <= 0:
        raise ValueError("nothing to choose from")
    bits = max(bound - 1, 1).bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < bound:
            return value


def pick(rng: random.Random, choices: Sequence[Action]) -> Action:
    """One of `choices`, uniformly (the random agent and rollouts)."""
    return choices[below(rng, len(choices))]


def seeded(*parts: object) -> random.Random:
    """An RNG seeded from the first 8 bytes of blake2b over the parts ('game:seed:index[:seat]').

    Seeds derived from names and indices, not from a shared stream, give every playout the same
    games whichever worker plays it and in whichever order.
    """
    text = ":".join(str(part) for part in parts).encode()
    return random.Random(int.from_bytes(hashlib.blake2b(text).digest()[:8], "big"))


def state_hash(state: State) -> str:
    """A short hash of a position (replay files check the final one)."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
