"""A Shields Up position and the rules that move it on (seed 002).

Cards are kinds (indices into `Config.cards`), zones hold counts or ordered lists of kinds:
the draw pile is a multiset, because its order is hidden and a draw is a chance node over the
kinds left in it, weighted by their counts. A shuffle is then one chance outcome per card
drawn, never a permutation of 18 cards: chance nodes stay at most nine outcomes, exact, and a
reshuffle of the discard pile only moves counts. The discard pile, the market and the shield
rows keep their order (Repair Crew takes the top discard, the market's oldest card is cheaper,
a weapon picks shields by their place in the row).

Work still to do sits in `pending`, oldest first: draws and thefts from a hand (chance), a
weapon's or a mine's strike (the striker picks shields), a Smuggle's choice of target, and the
start of the next turn. `_advance` settles what needs no one's choice after every step.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any

from printkit.games.shields_up import view, words
from printkit.games.shields_up.config import Config
from printkit.simulate.protocol import CHANCE, TERMINAL, Action

# pending entries: a tuple whose first item is its kind
DRAW = "draw"  # (DRAW, zone, seat, event): a card of the draw pile goes to seat's zone
STEAL_HAND = "steal_hand"  # (STEAL_HAND, thief, victim): a card of victim's hand, unseen
STEAL = "steal"  # (STEAL, thief, victim, cards): the thief picks where to steal from
STRIKE = "strike"  # (STRIKE, striker, victim, damage): shields destroyed, mines strike back
NEXT_TURN = "next_turn"  # (NEXT_TURN,): clean-up is over
HAND, SHIELDS, MARKET = "hand", "shields", "market"  # where a drawn card goes

END = ("end",)
DRAW_CARD = ("draw",)
BUY_OLDEST = ("buy", "oldest")
BUY_NEWEST = ("buy", "newest")
STEAL_FROM_HAND = ("steal", HAND)


class ShieldsUpState:
    """One position of a two-player game; mutable, as the protocol's State."""

    def __init__(self, config: Config) -> None:
        kinds = len(config.cards)
        self.config = config
        self.draw_pile = [card.count for card in config.cards]
        self.discard: list[int] = []  # top is last
        self.market: list[int] = []  # oldest first
        self.hands = [[0] * kinds, [0] * kinds]
        self.shields: list[list[int]] = [[], []]
        self.equipment = [[0] * kinds, [0] * kinds]  # cards of sets being built
        self.charged = [[0] * kinds, [0] * kinds]  # completed sets kept in play (Batteries)
        self.seat = config.first_seat
        self.actions_left = 0
        self.turns = 0
        self.pending: list[tuple[Any, ...]] = []
        self.destroyed = [False, False]
        self.over = False
        self.events: list[str] = []
        self.moves: list[Action] | None = None  # legal_actions, kept until the next apply

    # -- the protocol -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if not self.pending:
            return self.seat
        entry = self.pending[0]
        kind = entry[0]
        if kind == STEAL or (kind == STRIKE and self.config.targets_chosen):
            return entry[1]
        return CHANCE

    def turn(self) -> int:
        return self.turns

    def legal_actions(self) -> list[Action]:
        if self.moves is None:
            self.moves = self._legal()
        return self.moves[:]

    def _legal(self) -> list[Action]:
        if self.over:
            return []
        if self.pending:
            entry = self.pending[0]
            if entry[0] == STEAL:
                _, thief, victim, _ = entry
                return self._steal_targets(thief, victim)
            if entry[0] == STRIKE and self.config.targets_chosen:
                return [("destroy", hit) for hit in self._hits(entry)]
            return []
        return self._turn_actions()

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.over or not self.pending:
            return []
        entry = self.pending[0]
        kind = entry[0]
        if kind == DRAW:
            return _weighted(self.draw_pile)
        if kind == STEAL_HAND:
            return _weighted(self.hands[entry[-1]])  # (STEAL_HAND, thief, victim)
        if kind == STRIKE and not self.config.targets_chosen:
            hits = self._hits(entry)
            return [(("hit", hit), Fraction(1, len(hits))) for hit in hits]
        return []

    def apply(self, action: Action) -> None:
        self.events = []
        self.moves = None
        if self.pending:
            self._settle(self.pending[0], action)
        else:
            self._play(action)
        self._advance()

    def clone(self) -> ShieldsUpState:
        copy = ShieldsUpState.__new__(ShieldsUpState)
        copy.config = self.config
        copy.draw_pile = self.draw_pile[:]
        copy.discard = self.discard[:]
        copy.market = self.market[:]
        copy.hands = [self.hands[0][:], self.hands[1][:]]
        copy.shields = [self.shields[0][:], self.shields[1][:]]
        copy.equipment = [self.equipment[0][:], self.equipment[1][:]]
        copy.charged = [self.charged[0][:], self.charged[1][:]]
        copy.seat = self.seat
        copy.actions_left = self.actions_left
        copy.turns = self.turns
        copy.pending = self.pending[:]
        copy.destroyed = self.destroyed[:]
        copy.over = self.over
        copy.events = self.events[:]
        copy.moves = None  # a copy may be changed before it is played (sample_world)
        return copy

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if all(self.destroyed):
            return [0.5, 0.5]
        return [0.0 if lost else 1.0 for lost in self.destroyed]

    def to_json(self) -> dict[str, Any]:
        return view.to_json(self)

    def observation(self, seat: int) -> tuple[Any, ...]:
        return view.observation(self, seat)

    def sample_world(self, seat: int, rng: random.Random) -> ShieldsUpState:
        return view.sample_world(self, seat, rng)

    def notation(self, action: Action) -> str:
        return words.notation(self.config, action)

    def parse(self, text: str) -> Action:
        moves = self.legal_actions() or [action for action, _ in self.chance_outcomes()]
        return words.parse(self.config, moves, text)

    def describe(self, action: Action) -> str:
        return words.describe(self.config, self.current_player(), action)

    # -- the turn's actions -------------------------------------------------------------

    def _turn_actions(self) -> list[Action]:
        config, seat, left = self.config, self.seat, self.actions_left
        cost = config.cost
        moves: list[Action] = []
        if left >= cost["draw"] and (
            not config.draw_needs_a_card or self.discard or any(self.draw_pile)
        ):
            moves.append(DRAW_CARD)
        may_shield = left >= cost["play_shield"] and len(self.shields[seat]) < config.shield_limit
        building, sizes, resolve = self.equipment[seat], config.set_sizes, cost["resolve_set"]
        for kind, held in enumerate(self.hands[seat]):
            if held:
                if may_shield:
                    moves.append(config.shield_moves[kind])
                need = config.face_up_costs[kind]
                if sizes[kind] and building[kind] + 1 >= sizes[kind]:
                    need += resolve  # the card completes its set, which then resolves
                if left >= need:
                    moves.append(config.face_up_moves[kind])
        if self.market and left >= cost["buy_oldest"]:
            moves.append(BUY_OLDEST)
        if len(self.market) > 1 and left >= cost["buy_newest"]:
            moves.append(BUY_NEWEST)
        paid = bool(moves)
        moves += [("discharge", kind) for kind, n in enumerate(self.charged[seat]) if n]
        if config.may_end_early or not paid:  # discharging is never forced
            moves.append(END)
        return moves

    def _play(self, action: Action) -> None:
        """One of the seat's own moves in its turn."""
        seat, cost, verb = self.seat, self.config.cost, action[0]
        if verb == "draw":
            self._spend("draw", cost)
            self._queue_draw(HAND, seat, "draw")
        elif verb == "shield":
            self._spend("play_shield", cost)
            self.hands[seat][action[1]] -= 1
            self.shields[seat].append(action[1])
        elif verb == "build":
            self._spend("play_equipment", cost)
            self.hands[seat][action[1]] -= 1
            self._add_equipment(seat, action[1])
        elif verb == "play":
            self._spend("play_instant", cost)
            self.hands[seat][action[1]] -= 1
            self._resolve(seat, action[1], 1)
        elif verb == "buy":
            self._spend(f"buy_{action[1]}", cost)
            bought = self.market.pop(0 if action[1] == "oldest" else -1)
            self.hands[seat][bought] += 1
        elif verb == "discharge":
            kind = action[1]
            self.charged[seat][kind] -= 1
            self.discard.extend([kind] * self.config.set_cards[kind])
            self.actions_left += self.config.battery_actions
            self.events.append("discharge")
        elif verb == "end":
            self._clean_up()
        else:
            raise ValueError(f"not a Shields Up move: {action!r}")

    def _spend(self, name: str, cost: dict[str, int]) -> None:
        self.actions_left -= cost[name]
        self.events.append(name)

    def _add_equipment(self, seat: int, kind: int) -> None:
        """A card joins seat's set of its kind; a complete set resolves at once."""
        self.equipment[seat][kind] += 1
        self._resolve_full_set(seat, kind)

    def _resolve_full_set(self, seat: int, kind: int) -> None:
        """A full set in play resolves at once, whoever's turn it is (the rules' "resolve a
        set"); the player in turn pays for resolving only a set of their own."""
        size = self.config.cards[kind].set_size
        if self.equipment[seat][kind] >= size:
            self.equipment[seat][kind] -= size
            if seat == self.seat:
                self.actions_left = max(self.actions_left - self.config.cost["resolve_set"], 0)
            self.events.append("resolve_set")
            self._resolve(seat, kind, size)

    def _resolve(self, seat: int, kind: int, cards: int) -> None:
        """The effect of `cards` cards of `kind` (a complete set, or one card played face
        up); the cards go to the discard pile, except a set kept until its effect is spent."""
        config = self.config
        card = config.cards[kind]
        other = 1 - seat
        self.events.append(card.does)
        if card.does == "store_actions" and not config.sets_discarded_at_once:
            self.charged[seat][kind] += 1
            return
        if card.does == "destroy_shields":
            self.pending.insert(0, (STRIKE, seat, other, card.damage))
        elif card.does == "store_actions":
            self.actions_left += config.battery_actions
        elif card.does == "shields_from_draw":
            for _ in range(card.cards):
                self._queue_draw(SHIELDS, seat, "shields_from_draw")
        elif card.does == "shield_from_discard":
            for _ in range(card.cards):
                if self.discard and len(self.shields[seat]) < config.shield_limit:
                    self.shields[seat].append(self.discard.pop())
        elif card.does == "steal":
            self.pending.insert(0, (STEAL, seat, other, card.cards))
        elif card.does == "swap_hands":
            self.hands.reverse()
        self.discard.extend([kind] * cards)

    def _clean_up(self) -> None:
        """End of turn: the market turns over, then the other player's turn begins."""
        config = self.config
        self.events.append("clean_up")
        new = config.market_refill
        if config.market_fills_up:
            new = max(new, config.market_size - len(self.market))
        while self.market and len(self.market) + new > config.market_size:
            self.discard.append(self.market.pop(0))
        for _ in range(new):
            self._queue_draw(MARKET, self.seat, "clean_up")
        self.pending.append((NEXT_TURN,))

    def _queue_draw(self, zone: str, seat: int, event: str) -> None:
        self.pending.append((DRAW, zone, seat, event))

    # -- what is pending ----------------------------------------------------------------

    def _settle(self, entry: tuple[Any, ...], action: Action) -> None:
        """A chance outcome or a choice for the first pending entry."""
        kind = entry[0]
        if kind == DRAW:
            self.pending.pop(0)
            card = action[1]
            self.draw_pile[card] -= 1
            _, zone, seat, event = entry
            if zone == HAND:
                self.hands[seat][card] += 1
            elif zone == SHIELDS:
                self.shields[seat].append(card)
            else:
                self.market.append(card)
            self.events.append(event)
        elif kind == STEAL_HAND:
            self.pending.pop(0)
            _, thief, victim = entry
            self.hands[victim][action[1]] -= 1
            self.hands[thief][action[1]] += 1
            self.events.append("steal")
        elif kind == STEAL:
            self._steal(entry, action)
        elif kind == STRIKE:
            self.pending.pop(0)
            self._strike(entry, action[1])
        else:
            raise ValueError(f"nothing to settle with {action!r}")

    def _advance(self) -> None:
        """Settle whatever needs no choice and no chance, up to the next decision."""
        config = self.config
        while True:
            if not self.pending:
                if self.over:
                    return
                if any(self.destroyed):
                    self.over = True
                    both = all(self.destroyed)
                    self.events.append("both_destroyed" if both else "destroyed_ship")
                    return
                if self.actions_left <= 0 and not any(self.charged[self.seat]):
                    self._clean_up()
                    continue
                return
            entry = self.pending[0]
            kind = entry[0]
            if kind == DRAW:
                _, zone, seat, _ = entry
                full = zone == SHIELDS and len(self.shields[seat]) >= config.shield_limit
                if full or not (self.discard or any(self.draw_pile)):
                    self.pending.pop(0)
                    continue
                if not any(self.draw_pile):
                    for card in self.discard:
                        self.draw_pile[card] += 1
                    self.discard.clear()
                    self.events.append("shuffle")
                return
            if kind == STEAL_HAND and not any(self.hands[entry[-1]]):
                self.pending.pop(0)
                continue
            if kind == STEAL and not self._steal_targets(*entry[1:-1]):
                self.pending.pop(0)
                continue
            if kind == STRIKE:
                _, _, victim, damage = entry
                if damage >= len(self.shields[victim]):
                    self.pending.pop(0)
                    self._strike(entry, tuple(range(len(self.shields[victim]))))
                    continue
            if kind == NEXT_TURN:
                self.pending.pop(0)
                self.seat = 1 - self.seat
                self.actions_left = config.actions_per_turn
                self.turns += 1
                self.events.append("turn")
                continue
            return

    def _hits(self, entry: tuple[Any, ...]) -> list[tuple[int, ...]]:
        """The sets of shield places a strike of fewer damage than shields may destroy."""
        _, _, victim, damage = entry
        return list(combinations(range(len(self.shields[victim])), damage))

    def _strike(self, entry: tuple[Any, ...], places: tuple[int, ...]) -> None:
        """Destroy the shields at `places`; damage beyond the row destroys the ship; each
        Space Mine revealed strikes back at the striker."""
        _, striker, victim, damage = entry
        row = self.shields[victim]
        hit = [row[place] for place in places]
        self.shields[victim] = [card for place, card in enumerate(row) if place not in places]
        self.discard.extend(hit)
        if damage - len(row) >= self.config.extra_damage:
            self.destroyed[victim] = True
            if victim == self.seat:
                self.events.append("attacker_destroyed")
        cards = self.config.cards
        back = sum(cards[card].strikes for card in hit if cards[card].does == "counter_mine")
        if back:
            self.events.append("counter_mine")
            self.pending.insert(0, (STRIKE, victim, striker, back))

    def _steal_targets(self, thief: int, victim: int) -> list[Action]:
        config = self.config
        targets: list[Action] = []
        if any(self.hands[victim]):
            targets.append(STEAL_FROM_HAND)
        if len(self.shields[thief]) < config.shield_limit or config.over_limit != "refused":
            targets += [("steal", SHIELDS, place) for place in range(len(self.shields[victim]))]
        targets += [("steal", "equipment", k) for k, n in enumerate(self.equipment[victim]) if n]
        targets += [("steal", "charged", k) for k, n in enumerate(self.charged[victim]) if n]
        return targets

    def _steal(self, entry: tuple[Any, ...], action: Action) -> None:
        """Smuggle: one card from the opponent, unseen, to the same place on the thief's side."""
        _, thief, victim, cards = entry
        self.pending.pop(0)
        if cards > 1:
            self.pending.insert(0, (STEAL, thief, victim, cards - 1))
        where = action[1]
        if where == HAND:
            self.pending.insert(0, (STEAL_HAND, thief, victim))
            return
        self.events.append("steal")
        if where == SHIELDS:
            card = self.shields[victim].pop(action[-1])
            if len(self.shields[thief]) < self.config.shield_limit:
                self.shields[thief].append(card)
            elif self.config.over_limit == "hand":
                self.hands[thief][card] += 1
            else:
                self.discard.append(card)
            return
        kind = action[-1]
        size = self.config.cards[kind].set_size
        if where == "charged":
            self.charged[victim][kind] -= 1
            if not size:  # a card kept on its own (no set) stays charged on the thief's side
                self.charged[thief][kind] += 1
                return
            self.equipment[victim][kind] += size - 1  # the rest of a broken set is rebuilt
            self._resolve_full_set(victim, kind)  # with a set its owner was building, perhaps
        else:
            self.equipment[victim][kind] -= 1
        if self.config.stolen_builds:
            self._add_equipment(thief, kind)
        else:
            self.hands[thief][kind] += 1


class _KeptDraws:
    """A card drawn unseen from a multiset: each kind with its share of the cards. Kept by
    counts, as a deck's piles take few distinct shapes (Fractions cost more than a draw), but
    only up to `most` counts and outcomes in all, then forgotten and kept afresh: a deck of many
    kinds makes a new shape at almost every draw, each as long as the deck, and 1,982 kinds of
    one card each held 23.8 GB before the bound (unbounded, across every game of a process)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.kept: dict[tuple[int, ...], list[tuple[Action, Fraction]]] = {}
        self.held = 0  # counts and outcomes kept

    def __call__(self, counts: list[int]) -> list[tuple[Action, Fraction]]:
        key = tuple(counts)
        outcomes = self.kept.get(key)
        if outcomes is None:
            total = sum(counts)
            outcomes = [(("card", kind), Fraction(n, total)) for kind, n in enumerate(counts) if n]
            size = len(key) + len(outcomes)
            if self.held + size > self.most:
                self.clear()
            self.kept[key] = outcomes
            self.held += size
        return outcomes[:]

    def clear(self) -> None:
        self.kept.clear()
        self.held = 0


# Every shape the shipped deck's piles can take (17,495 of them) holds 261,000 counts and
# outcomes in all: they fit, so the shipped game never forgets one (1,000 playouts keep 8,389,
# found kept at 94 % of draws). 300,000 kept for piles of 2,000 kinds took 35 MB.
_weighted = _KeptDraws(300_000)  # not a rule: what the kept draws may hold
