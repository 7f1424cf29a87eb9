"""What a Shields Up position looks like from outside: as JSON, and as one seat sees it.

A seat sees the table: both players' equipment and charged Batteries, the market, the discard
pile in order, how many cards each hand, shield row and the draw pile hold, its own hand, and
its own shields when the played rules let owners look at them (`owners_see_shields`). It sees
what is on the table now, not what it saw earlier (a hand it gave away with Transporter
Hijinks, say): agents that want to remember keep their own notes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from printkit.simulate.protocol import below

if TYPE_CHECKING:
    from printkit.games.shields_up.config import Config
    from printkit.games.shields_up.state import ShieldsUpState

SEATS = range(2)  # not a rule: Shields Up is a two-player game (rules.players)


def observation(state: ShieldsUpState, seat: int) -> tuple[Any, ...]:
    other = 1 - seat
    own_shields: Any = len(state.shields[seat])
    if state.config.owners_see_shields:
        own_shields = tuple(state.shields[seat])
    return (
        seat,
        state.current_player(),
        state.actions_left,
        state.turns,
        tuple(state.pending),
        tuple(state.hands[seat]),
        own_shields,
        sum(state.hands[other]),
        len(state.shields[other]),
        tuple(map(tuple, state.equipment)),
        tuple(map(tuple, state.charged)),
        tuple(state.market),
        tuple(state.discard),
        sum(state.draw_pile),
        tuple(state.destroyed),
        state.over,
    )


def sample_world(state: ShieldsUpState, seat: int, rng: random.Random) -> ShieldsUpState:
    """The hidden cards (the other hand, the shields this seat may not see, the draw pile)
    dealt again at random into the same places; what `seat` sees is unchanged."""
    world = state.clone()
    other = 1 - seat
    hidden_rows = [other] if state.config.owners_see_shields else list(SEATS)
    pool = [kind for kind, n in enumerate(state.draw_pile) for _ in range(n)]
    pool += [kind for kind, n in enumerate(state.hands[other]) for _ in range(n)]
    for row in hidden_rows:
        pool += state.shields[row]
    pool.sort()  # what the seat may know of them: which cards, not where (no peeking)
    for index in range(len(pool) - 1, 0, -1):  # Fisher-Yates through the protocol's draws
        swap = below(rng, index + 1)
        pool[index], pool[swap] = pool[swap], pool[index]
    for row in hidden_rows:
        size = len(state.shields[row])
        world.shields[row], pool = pool[:size], pool[size:]
    hand = [0] * len(state.config.cards)
    for kind in pool[: sum(state.hands[other])]:
        hand[kind] += 1
    world.hands[other] = hand
    world.draw_pile = [0] * len(state.config.cards)
    for kind in pool[sum(state.hands[other]) :]:
        world.draw_pile[kind] += 1
    return world


def to_json(state: ShieldsUpState) -> dict[str, Any]:
    slugs = [card.slug for card in state.config.cards]

    def listed(counts: list[int]) -> list[str]:
        return [slugs[kind] for kind, n in enumerate(counts) for _ in range(n)]

    return {
        "seat": state.seat,
        "actions_left": state.actions_left,
        "turns": state.turns,
        "draw_pile": listed(state.draw_pile),
        "discard": [slugs[kind] for kind in state.discard],
        "market": [slugs[kind] for kind in state.market],
        "hands": [listed(hand) for hand in state.hands],
        "shields": [[slugs[kind] for kind in row] for row in state.shields],
        "equipment": [listed(cards) for cards in state.equipment],
        "charged": [listed(cards) for cards in state.charged],
        "pending": [list(entry) for entry in state.pending],
        "destroyed": list(state.destroyed),
        "over": state.over,
    }


def from_json(config: Config, data: dict[str, Any]) -> ShieldsUpState:
    """The position `to_json` wrote; a card name it does not know is a ValueError."""
    from printkit.games.shields_up.state import ShieldsUpState

    index = {card.slug: kind for kind, card in enumerate(config.cards)}

    def kind_of(slug: str) -> int:
        if slug not in index:
            raise ValueError(f"no card '{slug}' in Shields Up (cards: {', '.join(index)})")
        return index[slug]

    def counted(slugs: list[str]) -> list[int]:
        counts = [0] * len(config.cards)
        for slug in slugs:
            counts[kind_of(slug)] += 1
        return counts

    state = ShieldsUpState(config)
    state.seat = int(data["seat"])
    state.actions_left = int(data["actions_left"])
    state.turns = int(data["turns"])
    state.draw_pile = counted(data["draw_pile"])
    state.discard = [kind_of(slug) for slug in data["discard"]]
    state.market = [kind_of(slug) for slug in data["market"]]
    state.hands = [counted(hand) for hand in data["hands"]]
    state.shields = [[kind_of(slug) for slug in row] for row in data["shields"]]
    state.equipment = [counted(cards) for cards in data["equipment"]]
    state.charged = [counted(cards) for cards in data["charged"]]
    state.pending = [tuple(entry) for entry in data["pending"]]
    state.destroyed = [bool(lost) for lost in data["destroyed"]]
    state.over = bool(data["over"])
    return state
