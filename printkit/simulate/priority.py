"""Priority agents (`priority:<name>` of simulation.yaml) and the options of a question.

A preference names a kind of move: `move`, a shell-style pattern over the move's notation, or
`action`, a rule id the move applies (seen in the events of the move played on a copy). A
priority agent plays the first preference with a legal move; a question's tested agent always
takes, or never takes, the moves its preferences name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fnmatch import fnmatchcase

from printkit.model.simulation import Preference
from printkit.simulate.protocol import Action, Agent, State


def matches(state: State, action: Action, preference: Preference) -> bool:
    """Whether `action` at `state` is the kind of move `preference` names."""
    if preference.move is not None:
        return fnmatchcase(state.notation(action), preference.move)
    played = state.clone()
    played.apply(action)
    return preference.action in played.events


def preferred(state: State, preferences: Sequence[Preference]) -> list[Action]:
    """The legal moves of the first preference that has any, in the engine's order."""
    legal = state.legal_actions()
    for preference in preferences:
        chosen = [action for action in legal if matches(state, action, preference)]
        if chosen:
            return chosen
    return []


class PriorityAgent:
    """A bot as Dominion simulators write them: the first preference with a legal move
    decides (the first such move); when none has one, `otherwise` moves."""

    def __init__(self, name: str, prefer: Sequence[Preference], otherwise: Agent) -> None:
        self.name = name
        self.prefer = tuple(prefer)
        self.otherwise = otherwise

    def choose(self, state: State, rng: random.Random) -> Action:
        chosen = preferred(state, self.prefer)
        return chosen[0] if chosen else self.otherwise.choose(state, rng)


class Constrained:
    """An agent that always takes (or never takes) the moves some preferences name: the tested
    seat of a controlled question. Otherwise (and when refusing would leave no move) the
    underlying agent decides."""

    def __init__(self, agent: Agent, options: Sequence[Preference], always: bool) -> None:
        self.agent = agent
        self.options = tuple(options)
        self.always = always
        self.name = f"{agent.name} ({'always' if always else 'never'} {_label(options)})"

    def choose(self, state: State, rng: random.Random) -> Action:
        chosen = preferred(state, self.options)
        if self.always:
            return chosen[0] if chosen else self.agent.choose(state, rng)
        if not chosen or len(chosen) == len(state.legal_actions()):
            return self.agent.choose(state, rng)
        return self.agent.choose(Narrowed(state, [a for a in state.legal_actions()
                                                  if a not in chosen]), rng)  # fmt: skip


def _label(options: Sequence[Preference]) -> str:
    return ", ".join(option.move or option.action or "" for option in options)


class Narrowed:
    """A state whose legal moves are narrowed to some of them; all else is the state's."""

    def __init__(self, state: State, legal: list[Action]) -> None:
        self._state = state
        self._legal = legal

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def __getattr__(self, name: str) -> object:
        return getattr(self._state, name)
