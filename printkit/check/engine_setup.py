"""What the engine checks share: the bound engine, the played rules, and how a `play:` picks
its player count, variant and agents."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.check.requirements import players_of
from printkit.diagnostics import (
    ENGINE_NEEDS_DATA,
    RULE_UNKNOWN_REFERENCE,
    SCRIPTED_MOVE_ILLEGAL,
    Diagnostics,
    did_you_mean,
)
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey
from printkit.simulate.agents import UnknownAgent, seat_agents
from printkit.simulate.protocol import CHANCE, TERMINAL, Agent, Engine, State


@dataclass(frozen=True)
class BoundEngine:
    """An engine bound to the played rules it plays."""

    engine: Engine
    loaded: LoadedPackage  # the played rules (package) and the spans of the text
    refused: set[tuple[int, str | None]] = field(default_factory=set)  # set-ups reported
    scripted: set[str] = field(default_factory=set)  # the events the scripted games played

    @property
    def name(self) -> str:
        return self.engine.name

    def default_players(self) -> int:
        """The fewest players the rules allow that the engine plays."""
        allowed = players_of(self.loaded.package)
        low = allowed.min if allowed else 1
        high = allowed.max if allowed and allowed.max is not None else max(self.engine.players)
        fitting = [count for count in self.engine.players if low <= count <= high]
        return min(fitting or self.engine.players)

    def new_game(
        self, players: int, variant: str | None, where: PathKey, diagnostics: Diagnostics
    ) -> State | None:
        """The set-up; None when the engine cannot play these rules so (PK542 at `where`,
        once for each player count and variant)."""
        try:
            return self.engine.new_game(self.loaded.package, players, variant)
        except ValueError as refused:
            if (players, variant) in self.refused:
                return None
            self.refused.add((players, variant))
            diagnostics.add(
                ENGINE_NEEDS_DATA,
                f"engine '{self.name}' cannot set up the played rules: {refused}",
                self.loaded.spans.value(where),
                hint="give the data the engine reads the shape it plays (an erratum's 'plays' "
                "may), or bind another engine",
            )
            return None

    def players(self, given: int | None, where: PathKey, diagnostics: Diagnostics) -> int | None:
        """The player count of a play (given, or the default); None when the engine does not
        play it (PK540 at `where`)."""
        if given is None:
            return self.default_players()
        if given in self.engine.players:
            return given
        diagnostics.add(
            SCRIPTED_MOVE_ILLEGAL,
            f"engine '{self.name}' does not play {given} players "
            f"(it plays {', '.join(map(str, self.engine.players))})",
            self.loaded.spans.value(where),
            hint="give a player count the engine plays, or leave 'players' out for the fewest",
        )
        return None

    def variant(self, given: str | None, where: PathKey, diagnostics: Diagnostics) -> bool:
        """Whether a play's variant exists (PK500 at `where` when not)."""
        rules = self.loaded.package.rules
        variants = rules.variants if rules else {}
        if given is None or given in variants:
            return True
        diagnostics.add(
            RULE_UNKNOWN_REFERENCE,
            f"'play' names variant '{given}', which does not exist",
            self.loaded.spans.value(where),
            hint=did_you_mean(given, variants, otherwise="the variants are rules.variants"),
        )
        return False

    def agents(
        self, names: list[str], players: int, where: PathKey, diagnostics: Diagnostics
    ) -> list[Agent] | None:
        """One agent per seat; None when a name has no agent (PK500 at `where`)."""
        try:
            return seat_agents(names, players, self.engine, self.loaded.package)
        except UnknownAgent as unknown:
            diagnostics.add(
                RULE_UNKNOWN_REFERENCE,
                str(unknown),
                self.loaded.spans.value(where),
                hint="agents are named as 'printkit simulate --agents' names them",
            )
            return None


def legal_notations(state: State) -> list[str]:
    """The notations of what may be played next: the moves, or the chance outcomes."""
    player = state.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [state.notation(action) for action, _ in state.chance_outcomes()]
    return [state.notation(action) for action in state.legal_actions()]
