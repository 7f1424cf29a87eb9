"""`simulation:` (rule_data/<game>/simulation.yaml, optional): how a game's engine is exercised.

`validate` reads `max_turns` and `smoke` (the seeded random playouts that find games that never
end, end conditions that never happen and rules never used); `printkit simulate` reads the rest:
the named priority agents, the controlled `questions`, the `sweeps` and the length `splits` its
report answers.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from printkit.model.base import PLAYS_PATH, Strict
from printkit.model.play import (
    MAX_NOTATION,
    MAX_PLAYERS,
    AgentName,
    SeatAgents,
    Seed,
    random_agents,
)
from printkit.model.rules import RULE_ID

# The validator's smoke playouts run at every `validate`; a few hundred take a second.
MAX_SMOKE_PLAYOUTS = 10_000
# A turn cap is a timeout, not a game length: real games end in tens or hundreds of turns.
MAX_TURNS = 100_000
# An experiment or a sweep point is a batch of `printkit simulate`, which a cluster may run.
MAX_EXPERIMENT_PLAYOUTS = 10_000_000
MAX_SWEEP_VALUES = 100
MAX_PRIORITY_RULES = 100
TEXT = "what it is for, in words (titles the report's chart)"


class Smoke(Strict):
    """The seeded playouts `validate` plays (PK544, PK545, PK546, PK549)."""

    playouts: int = Field(100, ge=0, le=MAX_SMOKE_PLAYOUTS, description="0: none")
    seed: Seed = 0
    agents: SeatAgents = Field(
        default_factory=random_agents,
        description="one agent for every seat, or one per seat in seat order",
    )
    max_timeouts: int = Field(
        0, ge=0, le=MAX_SMOKE_PLAYOUTS, description="playouts that may reach max_turns (PK545)"
    )


class Preference(Strict):
    """One rule of a priority list: a kind of move to take when it is legal."""

    action: str | None = Field(
        None,
        pattern=RULE_ID,
        description="a rule id the move applies (an action, a phase's step, a table row)",
    )
    move: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_NOTATION,
        description="a notation pattern, shell-style: 'take d*_translucent_black *'",
    )

    @model_validator(mode="after")
    def _one_kind(self) -> Preference:
        if (self.action is None) == (self.move is None):
            raise PydanticCustomError(
                "preference", "give exactly one of 'action' (a rule id) or 'move' (a pattern)"
            )
        return self


class PriorityAgent(Strict):
    """A bot as Dominion simulators write them: the first rule with a legal move decides
    (the first such move in the engine's order); when none has one, `otherwise` does."""

    text: str | None = Field(None, description=TEXT)
    prefer: list[Preference] = Field(min_length=1, max_length=MAX_PRIORITY_RULES)
    otherwise: Literal["random", "greedy"] = Field(
        "random", description="the agent that moves when no rule matches"
    )


class Question(Strict):
    """A controlled experiment: the win-rate change of an agent that always (or never) takes
    an option, against the same opponents on the same seeds. Several options are several
    comparisons, each of one option."""

    text: str = Field(description=TEXT)
    agent: AgentName = Field("random", description="the tested seat's agent otherwise")
    against: SeatAgents = Field(
        default_factory=random_agents,
        description="the other seats' agents (one for all, or one per other seat)",
    )
    always: list[Preference] = Field(
        default_factory=list, max_length=MAX_PRIORITY_RULES, description="options taken if legal"
    )
    never: list[Preference] = Field(
        default_factory=list, max_length=MAX_PRIORITY_RULES, description="options refused"
    )
    playouts: int = Field(1000, ge=1, le=MAX_EXPERIMENT_PLAYOUTS)
    players: int | None = Field(None, ge=1, le=MAX_PLAYERS)
    variant: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Question:
        if bool(self.always) == bool(self.never):
            raise PydanticCustomError(
                "question", "give exactly one of 'always' or 'never' (a list of options)"
            )
        return self


SweepValue = int | float | str | bool
Name = Annotated[str, Field(pattern=RULE_ID, max_length=80)]


class Sweep(Strict):
    """One data path played at several values on the same seeds (a path the engine does
    not list in `requires` changes nothing and is refused)."""

    text: str | None = Field(None, description=TEXT)
    path: Annotated[str, Field(pattern=PLAYS_PATH, max_length=300)] = Field(
        description="as an erratum's `plays` key: rules.values.health"
    )
    values: list[SweepValue] = Field(min_length=1, max_length=MAX_SWEEP_VALUES)
    playouts: int = Field(1000, ge=1, le=MAX_EXPERIMENT_PLAYOUTS)
    agents: SeatAgents = Field(default_factory=random_agents)


class Split(Strict):
    """Game length split at an event: the turns before the first step that names it and the
    turns after, in finished games (e.g. the dice game's mid game and end game)."""

    text: str = Field(description=TEXT)
    at: str = Field(
        pattern=RULE_ID,
        description="an event the engine names: a rule id, a card effect or an engine event",
    )
    playouts: int = Field(1000, ge=1, le=MAX_EXPERIMENT_PLAYOUTS)
    agents: SeatAgents = Field(default_factory=random_agents)


class Simulation(Strict):
    max_turns: int = Field(
        200, ge=1, le=MAX_TURNS, description="a playout reaching it is a timeout"
    )
    smoke: Smoke = Field(default_factory=Smoke)
    agents: dict[Name, PriorityAgent] = Field(
        default_factory=dict, description="priority lists, played as `priority:<name>`"
    )
    questions: dict[Name, Question] = Field(default_factory=dict)
    sweeps: dict[Name, Sweep] = Field(default_factory=dict)
    splits: dict[Name, Split] = Field(
        default_factory=dict, description="game length before and after an event"
    )
