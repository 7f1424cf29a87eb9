"""UCT search for the `mcts:N` and `ismcts:N` agents, budgets counted in iterations.

Iterations, never seconds, so that a seed gives the same games on a fast or a busy machine.
`mcts:N` searches one world drawn from the seat's view (the position itself when nothing is
hidden); `ismcts:N` draws a new world every iteration (single-observer information-set MCTS,
Cowling, Powley and Whitehouse 2012), so hidden cards are averaged over instead of guessed once.
Chance is sampled on the way down (open loop), rollouts are random up to a depth cap and end
with the engine's `evaluate`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from printkit.simulate.budget import spend
from printkit.simulate.protocol import CHANCE, TERMINAL, Action, Engine, State, draw, pick

EXPLORATION = math.sqrt(2)  # UCB1's constant for rewards in [0, 1]
ROLLOUT_DEPTH = 24  # steps of random play before the engine's evaluation takes over


@dataclass
class Node:
    """Statistics of one move sequence: visits, rewards per seat, and how often it was legal."""

    visits: int = 0
    available: int = 0
    rewards: list[float] = field(default_factory=list)
    children: dict[Action, Node] = field(default_factory=dict)


class SearchAgent:
    """UCT over the seat's view; `resample` draws a world per iteration (ISMCTS)."""

    def __init__(self, engine: Engine, iterations: int, resample: bool) -> None:
        self.engine = engine
        self.players = 0  # seats, learnt from the first position searched
        self.iterations = iterations
        self.resample = resample
        self.name = f"{'ismcts' if resample else 'mcts'}:{iterations}"

    def choose(self, state: State, rng: random.Random) -> Action:
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.players = len(state.returns())
        root = Node()
        world = state.sample_world(seat, rng)
        for _ in range(self.iterations):
            if self.resample:
                world = state.sample_world(seat, rng)
            self._iterate(root, world.clone(), rng)
        return max(legal, key=lambda action: _visits(root, action))

    def _iterate(self, root: Node, world: State, rng: random.Random) -> None:
        path = [root]
        node = root
        while True:
            player = world.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = draw(rng, world.chance_outcomes())
                node = node.children.setdefault(action, Node())
            else:
                legal = world.legal_actions()
                for action in legal:
                    node.children.setdefault(action, Node()).available += 1
                untried = [a for a in legal if node.children[a].visits == 0]
                if untried:
                    action = pick(rng, untried)
                    spend()
                    world.apply(action)
                    node = node.children[action]
                    path.append(node)
                    break
                action = max(legal, key=lambda a: _ucb(node.children[a], player))
                node = node.children[action]
            spend()
            world.apply(action)
            path.append(node)
        rewards = self._rollout(world, rng)
        for visited in path:
            visited.visits += 1
            if not visited.rewards:
                visited.rewards = [0.0] * self.players
            for seat, reward in enumerate(rewards):
                visited.rewards[seat] += reward

    def _rollout(self, world: State, rng: random.Random) -> list[float]:
        for _ in range(ROLLOUT_DEPTH):
            player = world.current_player()
            if player == TERMINAL:
                return world.returns()
            spend()
            if player == CHANCE:
                world.apply(draw(rng, world.chance_outcomes()))
            else:
                world.apply(pick(rng, world.legal_actions()))
        if world.current_player() == TERMINAL:
            return world.returns()
        return [self.engine.evaluate(world, seat) for seat in range(self.players)]


def _visits(root: Node, action: Action) -> int:
    child = root.children.get(action)
    return child.visits if child else 0


def _ucb(child: Node, player: int) -> float:
    """UCB1 with availability counts in place of the parent's visits (ISMCTS's subset-armed
    bandit): a move legal in few of the drawn worlds is not explored as if always there."""
    mean = child.rewards[player] / child.visits
    return mean + EXPLORATION * math.sqrt(math.log(max(child.available, 1)) / child.visits)
