"""Priority agents (`priority:<name>` of simulation.yaml) and the options of a question.

A preference names a kind of move: `move`, a shell-style pattern over the move's notation, or
`action`, a rule id the move applies (the engine's `rule_of` when it has one, else the events
of the move played on a copy). A
priority agent plays the first preference with a legal move; a question's tested agent always
takes, or never takes, the moves its preferences name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fnmatch import fnmatchcase

from printkit.model.simulation import Preference
from printkit.simulate.budget import spend
from printkit.simulate.protocol import Action, Agent, State


def matcher(state: State, preference: Preference) -> Callable[[Action], bool]:
    """Whether a move at `state` is the kind of move `preference` names (chosen once per
    preference, not once per move: a priority agent asks at every decision)."""
    pattern, rule = preference.move, preference.action
    if pattern is not None:
        return lambda action: fnmatchcase(state.notation(action), pattern)
    rule_of = getattr(state, "rule_of", None)  # optional: the engine knows without playing
    if rule_of is not None:
        return lambda action: rule_of(action) == rule

    def played(action: Action) -> bool:
        after = state.clone()
        spend()
        after.apply(action)
        return rule in after.events

    return played


def preferred(state: State, preferences: Sequence[Preference], legal: list[Action]) -> list[Action]:
    """The moves of `legal` of the first preference that has any, in the engine's order."""
    for preference in preferences:
        chosen = list(filter(matcher(state, preference), legal))
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
        legal = state.legal_actions()
        chosen = preferred(state, self.prefer, legal)
        if chosen:
            return chosen[0]
        return self.otherwise.choose(Narrowed(state, legal), rng)  # the moves listed once


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
        legal = state.legal_actions()
        chosen = preferred(state, self.options, legal)
        if self.always:
            return chosen[0] if chosen else self.agent.choose(Narrowed(state, legal), rng)
        if not chosen or len(chosen) == len(legal):
            return self.agent.choose(Narrowed(state, legal), rng)
        return self.agent.choose(Narrowed(state, [a for a in legal if a not in chosen]), rng)


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
