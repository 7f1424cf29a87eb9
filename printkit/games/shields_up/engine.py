"""The Shields Up engine (seed 002): the protocol's Engine over the played rules."""

from __future__ import annotations

import math
from itertools import chain
from operator import ge
from typing import Any

from printkit.diagnostics import some_of
from printkit.games.shields_up import view
from printkit.games.shields_up.config import (
    ACTIONS,
    EFFECTS,
    END_CONDITIONS,
    PHASES,
    REQUIRES,
    UnplayableData,
    read_config,
)
from printkit.games.shields_up.state import HAND, MARKET, SHIELDS, ShieldsUpState
from printkit.model.package import Package
from printkit.simulate.protocol import InvariantBroken

WEAPON_PROGRESS = 0.5  # not a rule: the greedy agent's worth of a weapon half built, per damage


class ShieldsUpEngine:
    name = "shields_up"
    version = "1"
    requires = REQUIRES
    players = (len(view.SEATS),)
    phases = PHASES
    events = (
        *ACTIONS,
        *EFFECTS,
        *PHASES,
        *END_CONDITIONS,
        "setup",
        "shuffle",
        "discharge",
        "attacker_destroyed",
    )

    def new_game(self, rules: Package, players: int, variant: str | None) -> ShieldsUpState:
        """Set-up up to the deal: the shuffled deck is dealt by chance nodes, one per card."""
        if players not in self.players:
            raise UnplayableData(f"Shields Up is played by {self.players[0]} players")
        if variant is not None:
            raise UnplayableData(f"Shields Up has no variant '{variant}'")
        config = read_config(rules)
        state = ShieldsUpState(config)
        for zone, count in ((SHIELDS, config.starting_shields), (HAND, config.starting_hand)):
            for seat in view.SEATS:
                state.pending += [("draw", zone, seat, "setup")] * count
        state.pending += [("draw", MARKET, config.first_seat, "setup")] * config.market_size
        state.pending.append(("next_turn",))
        state.seat = 1 - config.first_seat  # the set-up's next_turn hands the turn on to it
        state.turns = -1  # not a rule: the set-up's next_turn makes the first turn turn 0
        return state

    def from_json(self, rules: Package, data: dict[str, Any]) -> ShieldsUpState:
        return view.from_json(read_config(rules), data)

    def evaluate(self, state: ShieldsUpState, seat: int) -> float:
        """Terminal: the result. Otherwise a logistic of the shields ahead plus the damage
        of weapons under construction, as far as they are built."""
        if state.over:
            return state.returns()[seat]
        lead = 0.0
        for side, sign in ((seat, 1), (1 - seat, -1)):
            lead += sign * len(state.shields[side])
            for kind, built in enumerate(state.equipment[side]):
                card = state.config.cards[kind]
                if built and card.does == "destroy_shields":
                    lead += sign * WEAPON_PROGRESS * card.damage * built / card.set_size
        return 1 / (1 + math.exp(-lead))

    def check_invariants(self, state: ShieldsUpState) -> None:
        config = state.config
        counted = (state.draw_pile, *state.hands, *state.equipment, *state.charged)
        if min(map(min, counted)) < 0:
            raise InvariantBroken(f"a negative count of cards: {_negative(state)}")
        zones = zip(state.draw_pile, *state.hands, *state.equipment, strict=True)
        counts = [sum(column) for column in zones]
        for charged in state.charged:
            if any(charged):
                for kind, sets in enumerate(charged):
                    counts[kind] += sets * config.set_cards[kind]
        for kind in chain(state.discard, state.market, *state.shields):
            counts[kind] += 1
        if tuple(counts) != config.counts:
            differ = [
                f"{found} {card.slug} of {card.count}"
                for card, found in zip(config.cards, counts, strict=True)
                if found != card.count
            ]
            raise InvariantBroken(f"cards not conserved, found of the deck's: {some_of(differ)}")
        for seat, row in enumerate(state.shields):
            if len(row) > config.shield_limit:
                raise InvariantBroken(f"player {seat + 1} has {len(row)} shields")
        for seat, built in enumerate(state.equipment):
            if any(map(ge, built, config.set_cards)):
                raise InvariantBroken(f"player {seat + 1} holds a complete unresolved set")
        if len(state.market) > config.market_size:
            raise InvariantBroken(f"the market holds {len(state.market)} cards")
        if state.actions_left < 0 or state.seat not in view.SEATS:
            raise InvariantBroken(f"turn state out of bounds: seat {state.seat}")
        if state.over != (not state.pending and any(state.destroyed)):
            raise InvariantBroken("the game is over exactly when a ship is destroyed")


def _negative(state: ShieldsUpState) -> str:
    """The first few counts below zero, by zone and card: a message naming every kind of a
    deck of thousands would be kilobytes long, in every diagnostic that quotes it."""
    zones = {"the draw pile": state.draw_pile}
    for seat in view.SEATS:
        zones[f"player {seat + 1}'s hand"] = state.hands[seat]
        zones[f"player {seat + 1}'s equipment"] = state.equipment[seat]
        zones[f"player {seat + 1}'s charged sets"] = state.charged[seat]
    cards = state.config.cards
    return some_of(
        [
            f"{n} {cards[kind].slug} in {zone}"
            for zone, counts in zones.items()
            for kind, n in enumerate(counts)
            if n < 0
        ]
    )
