"""`play:` on a claim or a worked example: what the game's engine plays to check it.

Two forms, told apart by their keys:

- a *scenario* plays one scripted game: from set-up (or a `position`, the keys of the engine's
  JSON position that differ from set-up) it plays `moves`, chance outcomes included (`roll 1`),
  then evaluates each `expect` expression over `state` (the final state as JSON data, read-only)
  and `legal` (the notations of the legal moves there). For a claim every expression must be
  true; for an example each key's value is compared with the example's `outcome`.
- a *property* plays `playouts` seeded games with `agents` and evaluates one expression
  `after:` each step that applies one of the listed rule ids, or `at: end`. `always` and `never`
  must hold at every such moment, `sometimes` at one at least; `usually` (`rarely`) must be true
  at a share of the moments at least (at most) `threshold`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Discriminator, Field, Tag, model_validator
from pydantic_core import PydanticCustomError

from printkit.diagnostics import shown_value
from printkit.model.base import Strict

# A scripted game is a worked example: tens of moves. A property's playouts run at every
# `validate`, `build` and `claims` run, at a few milliseconds each.
MAX_SCRIPT_MOVES = 1_000
MAX_NOTATION = 200  # characters of one move's notation
MAX_PLAYERS = 16
MAX_PROPERTY_PLAYOUTS = 10_000
QUANTIFIERS = ("always", "never", "sometimes", "usually", "rarely")
# An agent as a package and `printkit simulate` write it: random, greedy, priority:<name> (a
# list of `simulation.yaml`), mcts:N or ismcts:N (N search iterations per decision).
AGENT_NAME = r"^(random|greedy|priority:[a-z][a-z0-9_]*|(is)?mcts:[1-9]\d{0,5})$"
AGENT_KINDS = "random, greedy, priority:<name>, mcts:N or ismcts:N"
# A person at the terminal: `printkit play` only. A package's playouts run unattended (in
# validate, build, claims, simulate): one with a human seat waited on the terminal for a move,
# and with no terminal ended in an internal error.
INTERACTIVE_AGENTS = ("human",)


def check_agent_name(name: str) -> str:
    """A name a package may give an agent: one that plays unattended."""
    if re.fullmatch(AGENT_NAME, name) is not None:
        return name
    if name in INTERACTIVE_AGENTS:
        raise PydanticCustomError(
            "agent_interactive",
            "agent '{name}' is a person typing each move at the terminal, and a package's "
            "playouts are played unattended",
            {"name": name},
        )
    raise PydanticCustomError(
        "agent_name", "{name} is no agent printkit plays", {"name": shown_value(name)}
    )


AgentName = Annotated[
    str,
    Field(max_length=80, json_schema_extra={"pattern": AGENT_NAME}),
    AfterValidator(check_agent_name),
]
# The agents of a batch of playouts: one for every seat, or one per seat (random by default).
SeatAgents = Annotated[list[AgentName], Field(min_length=1, max_length=MAX_PLAYERS)]
Seed = Annotated[int, Field(ge=0, le=2**32 - 1)]  # what seeds a batch's playouts (32 bits)


def random_agents() -> list[str]:
    """The default agents of every batch: random players in every seat."""
    return ["random"]


Notation = Annotated[str, Field(min_length=1, max_length=MAX_NOTATION)]
EXPRESSION = "Jinja2 expression (sandboxed)"


class Scenario(Strict):
    """One scripted game: the set-up (patched by `position`), the moves, what must follow."""

    players: int | None = Field(
        None, ge=1, le=MAX_PLAYERS, description="default: the fewest the rules allow"
    )
    variant: str | None = Field(None, description="id of a variant of rules.variants")
    position: dict[str, Any] = Field(
        default_factory=dict,
        description="keys of the engine's JSON position that differ from set-up",
    )
    moves: list[Notation] = Field(
        max_length=MAX_SCRIPT_MOVES,
        description="moves in the engine's notation, chance outcomes included ('roll 1')",
    )
    expect: dict[str, str] = Field(
        default_factory=dict,
        description=f"outcome key → {EXPRESSION} over `state` (the final state as JSON data) "
        "and `legal` (the notations of the legal moves there)",
    )


class Property(Strict):
    """What seeded playouts must show: one quantified expression over the states played."""

    always: str | None = Field(None, description=f"{EXPRESSION}: true at every moment checked")
    never: str | None = Field(None, description=f"{EXPRESSION}: false at every moment checked")
    sometimes: str | None = Field(None, description=f"{EXPRESSION}: true at one moment at least")
    usually: str | None = Field(
        None, description=f"{EXPRESSION}: true at a share of the moments of `threshold` at least"
    )
    rarely: str | None = Field(
        None, description=f"{EXPRESSION}: true at a share of the moments of `threshold` at most"
    )
    threshold: float | None = Field(
        None, ge=0, le=1, description="the share `usually` and `rarely` compare with"
    )
    after: list[str] = Field(
        default_factory=list,
        max_length=100,
        description="rule ids (actions, phases, table rows…): checked after each step that "
        "applies one; the expression sees `state`, `actor` (the seat that moved), `action` "
        "(its notation) and `events`",
    )
    at: Literal["end"] | None = Field(
        None, description="checked once at each game's end; sees `state` and `returns` too"
    )
    playouts: int = Field(100, ge=1, le=MAX_PROPERTY_PLAYOUTS, description="seeded games")
    seed: Seed = 0
    agents: SeatAgents = Field(
        default_factory=random_agents,
        description="one agent for every seat, or one per seat in seat order",
    )
    players: int | None = Field(
        None, ge=1, le=MAX_PLAYERS, description="default: the fewest the rules allow"
    )
    variant: str | None = Field(None, description="id of a variant of rules.variants")

    model_config = Strict.model_config | {
        "json_schema_extra": {"anyOf": [{"required": [key]} for key in QUANTIFIERS]}
    }

    @model_validator(mode="after")
    def _one_quantifier(self) -> Property:
        given = [key for key in QUANTIFIERS if getattr(self, key) is not None]
        if len(given) != 1:
            raise PydanticCustomError(
                "play_quantifier",
                "give exactly one of always, never, sometimes, usually or rarely (given: {given})",
                {"given": ", ".join(given) or "none"},
            )
        if (self.threshold is None) != (given[0] not in ("usually", "rarely")):
            raise PydanticCustomError(
                "play_threshold", "'threshold' goes with 'usually' and 'rarely', and only them"
            )
        if bool(self.after) == (self.at is not None):
            raise PydanticCustomError(
                "play_when", "give exactly one of 'after' (rule ids) or 'at: end'"
            )
        return self

    @property
    def quantifier(self) -> str:
        return next(key for key in QUANTIFIERS if getattr(self, key) is not None)

    @property
    def expression(self) -> str:
        return getattr(self, self.quantifier)


def _form(value: Any) -> str:
    """'property' when a quantifier is given, else 'scenario'."""
    if isinstance(value, Property | Scenario):
        return "property" if isinstance(value, Property) else "scenario"
    keys = value if isinstance(value, dict) else {}
    return "property" if any(key in keys for key in QUANTIFIERS) else "scenario"


Play = Annotated[
    Annotated[Scenario, Tag("scenario")] | Annotated[Property, Tag("property")],
    Discriminator(_form),
]
