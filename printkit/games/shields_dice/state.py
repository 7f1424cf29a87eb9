"""A position of Shields: The Dice Game and the rules that move it on.

Plain lists of integers (a die kind is its index in the inventory) so that a random playout runs
tens of thousands of steps a second. The phases run in the data's order (`take_die`, then
`attack`); every roll is a chance node. A player's layers, from the front: the black shields set
in front (newest first when newer shields go in front), the battery's colour shields, the black
shields set behind, the battery's health. The json form (position.py) names everything by the
data's ids; notation and sentences are in words.py.
"""

from __future__ import annotations

from fractions import Fraction

from printkit.games.shields_dice.config import (
    ATTACK,
    MATCH,
    POLISH,
    POTION,
    RESURRECTION,
    TAKE,
    WIN,
    DiceConfig,
)
from printkit.simulate.protocol import CHANCE, TERMINAL

Action = tuple  # ("take", kind, place) ("attack", colour, target) ("roll", n) ("potion", kind,
# colour) ("polish", kind, shield kind) ("resurrect", sacrificed kind, kind, place) ("pass",)
Layer = list[tuple[int, int]]  # shields outermost first: (kind, points); a hit replaces one
FRONT, BEHIND, KEEP, TRASH = "front", "behind", "keep", "trash"  # where a taken die goes
ROLL_FIRST = ("first",)  # pending: the roll for first player
PASS: Action = ("pass",)
END: Action = ("end",)  # no more potions or polish this turn


class DiceState:
    """One position; `apply` changes it in place."""

    __slots__ = (
        "attacker",
        "behind",
        "cfg",
        "events",
        "front",
        "game",
        "health",
        "held",
        "pending",
        "phase",
        "pool",
        "rolls",
        "seat",
        "shields",
        "trash",
        "turns",
        "used",
        "winner",
        "wins",
    )

    def __init__(self, cfg: DiceConfig) -> None:
        self.cfg = cfg
        self.wins = [0] * cfg.players
        self.winner = -1
        self.game = 1
        self.turns = 0
        self.events: list[str] = []
        self.rolls: list[int] = []
        self.set_up(-1)

    # --- set-up -------------------------------------------------------------------------

    def set_up(self, first: int) -> None:
        """Batteries at full health with their default attackers, every other die in the pool;
        `first` starts, or (-1) the players roll for it."""
        cfg = self.cfg
        seats = range(cfg.players)
        batteries = range(len(cfg.colours))
        self.health = [[cfg.health for _ in batteries] for _ in seats]
        self.attacker = [list(cfg.start_attacker) for _ in seats]
        self.shields: list[list[Layer]] = [[[] for _ in batteries] for _ in seats]
        self.front: list[Layer] = [[] for _ in seats]
        self.behind: list[Layer] = [[] for _ in seats]
        self.held: list[list[int]] = [[] for _ in seats]
        self.pool = list(cfg.pool)
        self.trash = [0] * len(cfg.kinds)
        self.used = [0, 0]
        self.rolls = []
        if first < 0:
            self.seat, self.phase, self.pending = 0, 0, ROLL_FIRST
        else:
            self.seat, self.pending = first, None
            self._enter(0)

    # --- the protocol ---------------------------------------------------------------------

    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return CHANCE if self.pending is not None else self.seat

    def turn(self) -> int:
        return self.turns

    def returns(self) -> list[float]:
        return [float(seat == self.winner) for seat in range(self.cfg.players)]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.pending is None or self.winner >= 0:
            return []
        if self.pending is ROLL_FIRST:
            return self.cfg.first_outcomes
        return self.cfg.roll_outcomes[self.cfg.sides[self.attacker[self.seat][self.pending[1]]]]

    def legal_actions(self) -> list[Action]:
        if self.pending is not None or self.winner >= 0:
            return []
        if self.cfg.phases[self.phase] == TAKE:
            return self._takes()
        return self._attack_step()

    def apply(self, action: Action) -> None:
        verb = action[0]
        if verb == "roll":
            if self.pending is ROLL_FIRST:
                self._first_roll(action[1])
            else:
                self._damage(action[1])
            return
        if verb == "take":
            self.events = [TAKE, self.cfg.row_id[action[1]]]
            _, kind, place = action
            self.pool[kind] -= 1
            self._place(kind, place)
            if not any(self.pool):
                self.events.append("pool_empty")
            self._enter(self.phase + 1)
        elif verb == "attack":
            self.events = [ATTACK, self.cfg.attack_row[action[1]]]
            self.pending = action
        else:
            self._instead_of_attack(action)
            if not self._healing():
                self._enter(self.phase + 1)

    def clone(self) -> DiceState:
        other = self.__class__.__new__(self.__class__)
        other.cfg = self.cfg
        copy = list.copy  # mapped over a seat's rows: the hot loop of every search
        other.health = list(map(copy, self.health))
        other.attacker = list(map(copy, self.attacker))
        other.shields = [list(map(copy, mine)) for mine in self.shields]
        other.front = list(map(copy, self.front))
        other.behind = list(map(copy, self.behind))
        other.held = list(map(copy, self.held))
        other.pool = self.pool[:]
        other.trash = self.trash[:]
        other.seat, other.phase, other.turns = self.seat, self.phase, self.turns
        other.used = self.used[:]
        other.pending = self.pending
        other.rolls = self.rolls[:]
        other.wins = self.wins[:]
        other.winner, other.game = self.winner, self.game
        other.events = self.events[:]
        return other

    # --- taking a die -----------------------------------------------------------------------

    def _takes(self) -> list[Action]:
        me = self.seat
        found: list[Action] = []
        for kind, left in enumerate(self.pool):
            if left <= 0:
                continue
            for place in self._places(me, kind):
                found.append(("take", kind, place))
        return found

    def _places(self, me: int, kind: int) -> tuple[str, ...]:
        """Where a die taken (or brought back) by `me` may go."""
        cfg = self.cfg
        role = cfg.role[kind]
        if role in ("potion", "polish"):
            return (KEEP,)
        if role == "overall_shield":
            return (FRONT, BEHIND)
        battery = cfg.battery[kind]
        if battery < 0:
            return ()
        if self.health[me][battery] <= 0:
            return (TRASH,) if cfg.take_for_destroyed else ()
        if role == "attacker":
            current = self.attacker[me][battery]
            larger = current < 0 or cfg.sides[kind] > cfg.sides[current]
            return (cfg.colours[battery],) if larger else (TRASH,)
        return (cfg.colours[battery],)

    def _place(self, kind: int, place: str) -> None:
        cfg, me = self.cfg, self.seat
        if place == TRASH:
            self.trash[kind] += 1
            self.events.append("deny_destroyed_colour" if self._for_lost(kind) else "trash")
        elif place == KEEP:
            self.held[me].append(kind)
            self.held[me].sort()
        elif place in (FRONT, BEHIND):
            stack = self.front[me] if place == FRONT else self.behind[me]
            self._stack(stack, kind)
        elif cfg.role[kind] == "attacker":
            battery = cfg.battery[kind]
            old = self.attacker[me][battery]
            if old >= 0:
                self.trash[old] += 1
            self.attacker[me][battery] = kind
        else:
            self._stack(self.shields[me][cfg.battery[kind]], kind)

    def _for_lost(self, kind: int) -> bool:
        battery = self.cfg.battery[kind]
        return battery >= 0 and self.health[self.seat][battery] <= 0

    def _stack(self, stack: Layer, kind: int) -> None:
        """A new shield at full points, in front of or behind one already there."""
        if self.cfg.newer_in_front:
            stack.insert(0, (kind, self.cfg.sides[kind]))
        else:
            stack.append((kind, self.cfg.sides[kind]))

    # --- the attack step ------------------------------------------------------------------------

    def _attack_step(self) -> list[Action]:
        if self.used[0] or self.used[1]:  # healing instead of attacking: more, or the end
            return [*self._heals(), END]
        cfg, me = self.cfg, self.seat
        them = self.health[1 - me]
        found: list[Action] = []
        for colour, health in enumerate(self.health[me]):
            target = cfg.target[colour]
            if health > 0 and them[target] > 0 and self.attacker[me][colour] >= 0:
                found.append(("attack", colour, target))
        found.extend(self._heals())
        if cfg.resurrection:
            found.extend(self._resurrections())
        return found or [PASS]

    def _heals(self) -> list[Action]:
        """Potions and polish the player may still use this turn: each up to its limit, and
        not both in one turn (one potion or polish replaces the attack)."""
        cfg, me = self.cfg, self.seat
        held = sorted(set(self.held[me]))
        found: list[Action] = []
        if self.used[0] < cfg.potion_limit and not self.used[1]:
            for kind in held:
                if cfg.role[kind] == "potion":
                    found.extend(
                        ("potion", kind, colour)
                        for colour, health in enumerate(self.health[me])
                        if health > 0
                    )
        if self.used[1] < cfg.polish_limit and not self.used[0]:
            shields = self._shield_kinds(me)
            for kind in held:
                if cfg.role[kind] == "polish":
                    found.extend(("polish", kind, shield) for shield in shields)
        return found

    def _healing(self) -> bool:
        """Whether the turn goes on with more healing (a limit above one lets it)."""
        return bool((self.used[0] or self.used[1]) and self._heals())

    def _shield_kinds(self, me: int) -> list[int]:
        """The distinct kinds of `me`'s shields in play, front to back (polish targets)."""
        seen: list[int] = []
        for kind, _ in self._shields_in_play(me):
            if kind not in seen:
                seen.append(kind)
        return seen

    def _shields_in_play(self, me: int) -> list[tuple[int, int]]:
        layers = list(self.front[me])
        for colour, stack in enumerate(self.shields[me]):
            if self.health[me][colour] > 0:
                layers.extend(stack)
        layers.extend(self.behind[me])
        return layers

    def _resurrections(self) -> list[Action]:
        """Sacrifice a shield (showing its points) or a held potion or polish (its sides) to
        bring back a die from the trash of at most that many sides, put to use as if taken."""
        cfg, me = self.cfg, self.seat
        showing: dict[int, int] = {}
        for kind, points in self._shields_in_play(me):
            showing.setdefault(kind, points)
        for kind in self.held[me]:
            showing.setdefault(kind, cfg.sides[kind])
        found: list[Action] = []
        for sacrificed, number in showing.items():
            for kind, count in enumerate(self.trash):
                if count and cfg.role[kind] != "health" and cfg.sides[kind] <= number:
                    found.extend(
                        ("resurrect", sacrificed, kind, place) for place in self._places(me, kind)
                    )
        return found

    def _instead_of_attack(self, action: Action) -> None:
        cfg, me = self.cfg, self.seat
        verb, *rest = action
        if verb == "potion":
            potion, colour = rest
            self.events = [POTION, cfg.row_id[potion]]
            self.used[0] += 1
            self._spend(potion)
            self.health[me][colour] = min(cfg.health, self.health[me][colour] + cfg.sides[potion])
        elif verb == "polish":
            polish, shield = rest
            self.events = [POLISH, cfg.row_id[polish]]
            self.used[1] += 1
            self._spend(polish)
            stack, at = self._find_shield(me, shield)
            points = min(cfg.sides[shield], stack[at][1] + cfg.sides[polish])
            stack[at] = (shield, points)
        elif verb == "resurrect":
            sacrificed, kind, place = rest
            self.events = [RESURRECTION]
            if sacrificed in self.held[me]:
                self._spend(sacrificed)
            else:
                self._remove_shield(me, sacrificed)
            self.trash[kind] -= 1
            self._place(kind, place)
        else:
            self.events = [verb]

    def _spend(self, kind: int) -> None:
        self.held[self.seat].remove(kind)
        self.trash[kind] += 1

    def _find_shield(self, me: int, kind: int) -> tuple[Layer, int]:
        """The stack and place of `me`'s first shield of `kind` in play, front to back."""
        mine = zip(self.shields[me], self.health[me], strict=True)
        alive = [stack for stack, health in mine if health > 0]
        for stack in (self.front[me], *alive, self.behind[me]):
            for at, (found, _) in enumerate(stack):
                if found == kind:
                    return stack, at
        raise ValueError(f"no shield of kind {kind} in play")

    def _remove_shield(self, me: int, kind: int) -> None:
        stack, at = self._find_shield(me, kind)
        del stack[at]
        self.trash[kind] += 1

    # --- rolls ----------------------------------------------------------------------------------

    def _first_roll(self, total: int) -> None:
        self.events = ["roll_for_first"]
        self.rolls.append(total)
        if len(self.rolls) < self.cfg.players:
            return
        best = max(self.rolls) if self.cfg.first_highest else min(self.rolls)
        if self.rolls.count(best) > 1:
            self.events.append("first_player_ties")
            self.rolls = []
            return
        self.seat = self.rolls.index(best)
        self.pending = None
        self._enter(0)

    def _damage(self, roll: int) -> None:
        cfg, me = self.cfg, self.seat
        _, _, target = self.pending
        self.pending = None
        them = 1 - me
        self.events = ["roll"]
        for stack in (self.front[them], self.shields[them][target], self.behind[them]):
            if stack:
                kind, points = stack[0]
                if points > roll:
                    stack[0] = (kind, points - roll)
                else:
                    del stack[0]
                    self.trash[kind] += 1
                    self.events.append("shield_broken")
                self._enter(self.phase + 1)
                return
        health = self.health[them]
        health[target] -= roll
        if health[target] > 0:
            self.events.append("health_lost")
        else:
            self._destroy(them, target)
            if health.count(0) >= cfg.batteries_to_win:
                self._game_won(me)
                return
        self._enter(self.phase + 1)

    def _destroy(self, seat: int, colour: int) -> None:
        self.health[seat][colour] = 0
        self.trash[self.cfg.health_kind] += 1
        self.events.append("battery_destroyed")
        if self.cfg.trash_with_battery:
            self.events.append("destroyed_battery_dice")
            for kind, _ in self.shields[seat][colour]:
                self.trash[kind] += 1
            self.shields[seat][colour] = []
            if self.attacker[seat][colour] >= 0:
                self.trash[self.attacker[seat][colour]] += 1
                self.attacker[seat][colour] = -1

    def _game_won(self, seat: int) -> None:
        self.events.append(WIN)
        self.wins[seat] += 1
        if self.wins[seat] >= self.cfg.match_wins:
            self.winner = seat
            return
        self.events.extend((MATCH, "match_first_player"))
        self.game += 1
        self.turns += 1
        self.set_up(1 - seat if self.cfg.loser_starts_next else seat)

    # --- the phase loop ---------------------------------------------------------------------

    def _enter(self, phase: int) -> None:
        """Go to phase `phase` of this turn, skipping one with nothing to do (no pool left);
        past the last phase the turn passes to the next player."""
        cfg = self.cfg
        while True:
            if phase >= len(cfg.phases):
                phase = 0
                self.seat = (self.seat + 1) % cfg.players
                self.turns += 1
                self.used = [0, 0]
            self.phase = phase
            if cfg.phases[phase] != TAKE or self._can_take():
                return
            phase += 1

    def _can_take(self) -> bool:
        cfg, pool = self.cfg, self.pool
        if not any(pool):
            return False
        if cfg.take_for_destroyed:  # then every pool die with a role may be taken
            return any(pool[kind] for kind in cfg.takeable)
        if any(pool[kind] for kind in cfg.placed_anyway):  # these always have a place
            return True
        me = self.seat
        return any(left > 0 and self._places(me, kind) for kind, left in enumerate(pool))
