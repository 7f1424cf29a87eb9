"""Agents by name, as the command line, `play:` properties and `simulation.yaml` write them.

The validator's properties and smoke playouts and the runner make their agents here, so a name
means the same player everywhere. The names a package may write are the model's pattern
(printkit/model/play.py: AGENT_NAME); `make_agent` knows those printkit can play, and the
interactive ones (a person at the terminal) only for the command that offers them (`play`).
"""

from __future__ import annotations

import re

from printkit.diagnostics import did_you_mean
from printkit.model.package import Package
from printkit.model.play import AGENT_KINDS, AGENT_NAME, INTERACTIVE_AGENTS
from printkit.simulate.greedy import GreedyAgent
from printkit.simulate.human import HumanAgent
from printkit.simulate.priority import PriorityAgent
from printkit.simulate.protocol import Agent, Engine, RandomAgent
from printkit.simulate.search import SearchAgent


class UnknownAgent(ValueError):
    """A name printkit has no agent for (the message says which it has)."""


def make_agent(name: str, engine: Engine, rules: Package, interactive: bool = False) -> Agent:
    """The agent `name` for a game played by `engine` on `rules`; a person at the terminal
    only when `interactive` (one game watched as it is played), never in unattended playouts."""
    if name in INTERACTIVE_AGENTS:
        if not interactive:
            raise UnknownAgent(
                f"agent '{name}' plays only in 'printkit play', where a person types each move "
                f"(unattended, it plays: {AGENT_KINDS})"
            )
        return HumanAgent(input)
    if re.fullmatch(AGENT_NAME, name) is None:
        raise UnknownAgent(f"printkit has no agent '{name}' (it plays: {AGENT_KINDS})")
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent(engine)
    kind, _, argument = name.partition(":")
    if kind in ("mcts", "ismcts"):
        return SearchAgent(engine, int(argument), resample=kind == "ismcts")
    lists = rules.simulation.agents if rules.simulation else {}
    if argument not in lists:
        known = sorted(lists)
        hint = did_you_mean(argument, known) if known else "its simulation.yaml names none"
        raise UnknownAgent(f"the game has no priority agent '{argument}' ({hint})")
    spec = lists[argument]
    otherwise = make_agent(spec.otherwise, engine, rules)
    return PriorityAgent(name, spec.prefer, otherwise)


def seat_agents(
    names: list[str], players: int, engine: Engine, rules: Package, interactive: bool = False
) -> list[Agent]:
    """One agent per seat: one name for every seat, or one per seat in seat order."""
    if len(names) not in (1, players):
        raise UnknownAgent(
            f"{len(names)} agents for {players} players: give one for every seat, or one each"
        )
    return [
        make_agent(names[seat % len(names)], engine, rules, interactive) for seat in range(players)
    ]
