"""Agents by name, as the command line, `play:` properties and `simulation.yaml` write them.

The validator's properties and smoke playouts and the runner make their agents here, so a name
means the same player everywhere. The names a package may write are the model's pattern
(printkit/model/play.py: AGENT_NAME); `make_agent` knows those printkit can play.
"""

from __future__ import annotations

from printkit.model.package import Package
from printkit.simulate.protocol import Agent, Engine, RandomAgent


class UnknownAgent(ValueError):
    """A name printkit has no agent for (the message says which it has)."""


def make_agent(name: str, engine: Engine, rules: Package) -> Agent:
    """The agent `name` for a game played by `engine` on `rules`."""
    if name == "random":
        return RandomAgent()
    raise UnknownAgent(f"printkit has no agent '{name}' (it plays: random)")


def seat_agents(names: list[str], players: int, engine: Engine, rules: Package) -> list[Agent]:
    """One agent per seat: one name for every seat, or one per seat in seat order."""
    if len(names) not in (1, players):
        raise UnknownAgent(
            f"{len(names)} agents for {players} players: give one for every seat, or one each"
        )
    return [make_agent(names[seat % len(names)], engine, rules) for seat in range(players)]
