"""What the Shields Up engine reads from the played rules, read once per game.

The engine plays from this small frozen record, never from the pydantic package: the package
is read once in `new_game`, and a playout's hot loop touches only ints, tuples and strings.
Every number here comes from the data; `REQUIRES` lists each path read, for the validator
(PK542) and for sweeps, which may change only what an engine reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.games.numbers import whole_number
from printkit.model.limits import MAX_ENGINE_KINDS, MAX_PLAYED_NUMBER, MAX_SHIELDS_HELD
from printkit.model.package import Package

DECK = "deck"  # the package's deck of cards (decks.deck)
EFFECTS = (  # the closed list of what a card does (its `does` field)
    "destroy_shields",
    "store_actions",
    "shields_from_draw",
    "shield_from_discard",
    "steal",
    "swap_hands",
    "counter_mine",
)
VALUES = (
    "actions_per_turn",
    "starting_shields",
    "starting_hand",
    "market_size",
    "market_refill",
    "shield_limit",
    "battery_actions",
    "extra_damage_to_destroy",
    "sets_discarded_when_complete",
    # readings the text leaves open, played by errata
    "market_fills_up",
    "first_player",
    "owners_see_shields",
    "shield_targets",
    "smuggled_shield_over_limit",
    "smuggled_equipment",
    "draw_needs_a_card",
    "may_end_turn_early",
)
ACTIONS = (
    "draw",
    "play_shield",
    "play_equipment",
    "play_instant",
    "buy_oldest",
    "buy_newest",
    "resolve_set",
)
PHASES = ("turn", "clean_up")
END_CONDITIONS = ("destroyed_ship", "both_destroyed")
REQUIRES = (
    *(f"rules.values.{name}" for name in VALUES),
    *(f"rules.actions.{name}.cost" for name in ACTIONS),
    *(f"rules.structure.phases.{name}" for name in PHASES),
    *(f"rules.end_conditions.{name}" for name in END_CONDITIONS),
    f"decks.{DECK}.cards",
    f"decks.{DECK}.sets",
)
CHOICES = {  # the readings a text value may name, each one the engine plays
    "shield_targets": ("chosen", "random"),
    "smuggled_shield_over_limit": ("discarded", "hand", "refused"),
    "smuggled_equipment": ("builds", "hand"),
}


class UnplayableData(ValueError):
    """The played rules lack something the engine reads, or name a reading it does not play."""


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card of the deck (its `count` copies are alike)."""

    name: str
    slug: str  # how notation writes it: "death_ray"
    count: int
    set_size: int  # cards of its set needed; 0: not built, played face up at once
    does: str  # one of EFFECTS
    damage: int
    cards: int
    strikes: int


@dataclass(frozen=True, slots=True)
class Config:
    cards: tuple[Card, ...]
    actions_per_turn: int
    starting_shields: int
    starting_hand: int
    market_size: int
    market_refill: int
    shield_limit: int
    battery_actions: int
    extra_damage: int
    sets_discarded_at_once: bool
    market_fills_up: bool
    first_seat: int
    owners_see_shields: bool
    targets_chosen: bool
    over_limit: str  # what a stolen shield with no room becomes: discarded, hand or refused
    stolen_builds: bool
    draw_needs_a_card: bool
    may_end_early: bool  # a turn may end with actions unspent (else only with no move left)
    cost: dict[str, int]  # action id → actions it costs
    titles: dict[str, str]  # action, phase and end-condition id → its title in the data
    # Derived once for the hot loop: per kind, its moves and what playing it face up costs.
    set_sizes: tuple[int, ...] = ()
    set_cards: tuple[int, ...] = ()  # cards a kept or built set holds: its size, else 1
    counts: tuple[int, ...] = ()  # copies of each kind in the deck
    notations: dict[Any, str] = field(default_factory=dict, compare=False, repr=False)  # cache
    shield_moves: tuple[tuple[str, int], ...] = ()
    face_up_moves: tuple[tuple[str, int], ...] = ()  # ("build", kind) or ("play", kind)
    face_up_costs: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


def read_config(rules: Package) -> Config:
    """The engine's view of the played rules; UnplayableData names the first thing missing."""
    if rules.rules is None or DECK not in rules.decks:
        raise UnplayableData(f"Shields Up needs rules and decks.{DECK}")
    values = rules.rules.values
    missing = [name for name in VALUES if name not in values]
    missing += [name for name in ACTIONS if name not in rules.rules.actions]
    missing += [name for name in PHASES if name not in rules.rules.structure.phases]
    missing += [name for name in END_CONDITIONS if name not in rules.rules.end_conditions]
    if missing:
        raise UnplayableData(f"Shields Up's rules lack {', '.join(missing)}")
    for name, allowed in CHOICES.items():
        if values[name] not in allowed:
            raise UnplayableData(f"values.{name} is {values[name]!r}, not one of {allowed}")
    actions = rules.rules.actions
    titles = {name: actions[name].title or name for name in ACTIONS}
    titles |= {name: rules.rules.structure.phases[name].title or name for name in PHASES}
    titles |= {name: name.replace("_", " ") for name in END_CONDITIONS}
    cards = tuple(_cards(rules))
    cost = {name: actions[name].cost or 0 for name in ACTIONS}
    return Config(
        cards=cards,
        actions_per_turn=_number(values, "actions_per_turn"),
        starting_shields=_number(values, "starting_shields"),
        starting_hand=_number(values, "starting_hand"),
        market_size=_number(values, "market_size"),
        market_refill=_number(values, "market_refill"),
        shield_limit=_number(values, "shield_limit", MAX_SHIELDS_HELD),
        battery_actions=_number(values, "battery_actions"),
        extra_damage=_number(values, "extra_damage_to_destroy"),
        sets_discarded_at_once=bool(values["sets_discarded_when_complete"]),
        market_fills_up=bool(values["market_fills_up"]),
        first_seat=_number(values, "first_player") - 1,  # player 1 sits in seat 0
        owners_see_shields=bool(values["owners_see_shields"]),
        targets_chosen=values["shield_targets"] == "chosen",
        over_limit=str(values["smuggled_shield_over_limit"]),
        stolen_builds=values["smuggled_equipment"] == "builds",
        draw_needs_a_card=bool(values["draw_needs_a_card"]),
        may_end_early=bool(values["may_end_turn_early"]),
        cost=cost,
        titles=titles,
        set_sizes=tuple(card.set_size for card in cards),
        set_cards=tuple(max(card.set_size, 1) for card in cards),
        counts=tuple(card.count for card in cards),
        shield_moves=tuple(("shield", kind) for kind in range(len(cards))),
        face_up_moves=tuple(
            ("build" if card.set_size else "play", kind) for kind, card in enumerate(cards)
        ),
        face_up_costs=tuple(
            cost["play_equipment" if card.set_size else "play_instant"] for card in cards
        ),
    )


def _number(values: dict[str, Any], name: str, most: int = MAX_PLAYED_NUMBER) -> int:
    return whole_number(values[name], f"values.{name}", 0, most)


def _cards(rules: Package) -> list[Card]:
    deck = rules.decks[DECK]
    whole_number(len(deck.cards), f"decks.{DECK}'s number of kinds of card", 0, MAX_ENGINE_KINDS)
    cards = []
    for spec in deck.cards:
        fields = spec.values
        does = fields.get("does")
        if does not in EFFECTS:
            raise UnplayableData(
                f"card '{spec.name}' does {does!r}; Shields Up plays {', '.join(EFFECTS)}"
            )
        size = deck.sets[spec.set].size if spec.set in deck.sets else 0
        cards.append(
            Card(
                name=spec.name,
                slug=spec.name.lower().replace(" ", "_"),
                count=spec.count,
                set_size=size,
                does=does,
                damage=whole_number(fields.get("damage", 0), f"card '{spec.name}''s damage"),
                cards=whole_number(fields.get("cards", 0), f"card '{spec.name}''s cards"),
                strikes=whole_number(fields.get("strikes", 0), f"card '{spec.name}''s strikes"),
            )
        )
    return cards
