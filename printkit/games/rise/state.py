"""A position of Rise! and the moves from it.

Rise! has no dice and no hidden pieces: every step is a seat's choice. A turn spends its
actions (`cost` of each from the data); a sacrifice is chosen a piece at a time (the workers
given up, then the enemy worker removed or the tile of the new worker), so a turn's choices
stay a short list instead of every combination. Tower tiers are free: after each action, and
at the start of a turn, every ring of the seat to move builds or tears down one tier, at most
`tiers_built_per_turn` (`tiers_removed_per_turn`) per tower per turn.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction
from functools import cache
from typing import Any

from printkit.games.rise.config import BUILD, CHOSEN, DESTROY, STEPS, Cell, RiseConfig
from printkit.simulate.protocol import TERMINAL, InvariantBroken

PASS = "pass"  # a seat with no legal action gives up the rest of its turn
PROTECTED = "protection_refuses_jump"  # the seat to move has a jump only protection forbids

THREE_TOWERS, ELIMINATION = "three_towers", "elimination"
RING_POWER = 3  # not a rule: a ring one worker short counts far more than a scattered few
STEP_NAMES = {"give": "gives up", "remove": "removes", "put": "puts a worker on"}


class RiseState:
    """The board, the supplies, the seat to move and what is left of its turn."""

    def __init__(self, config: RiseConfig, players: int) -> None:
        self.config = config
        self.players = players
        self.tiles: set[Cell] = set(config.start_tiles)
        self.frontier: set[Cell] = {
            near for cell in self.tiles for near in _around(cell) if near not in self.tiles
        }
        self.workers: dict[Cell, int] = dict(config.start_workers)
        self.towers: dict[Cell, tuple[int, int]] = {}  # cell -> (owner, tiers)
        self.tiles_left = config.land_tiles - len(self.tiles)
        self.workers_left = [
            config.workers_per_colour - sum(1 for seat in self.workers.values() if seat == s)
            for s in range(players)
        ]
        self.blocks_left = [[config.blocks_per_tier] * config.tiers for _ in range(players)]
        self.seat = 0
        self.turns = 0
        self.actions_left = 0
        self.pending: tuple[str, int] | None = None  # a sacrifice: its id, workers still to give
        self.built: Counter[Cell] = Counter()  # tiers added this turn, per tile
        self.removed: Counter[Cell] = Counter()  # tiers taken off this turn, per tile
        self.winner: int | None = None
        self.ended_by: str | None = None
        self.events: list[str] = []
        self._start_turn()
        self.events = []

    # --- the protocol -------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.ended_by is not None else self.seat

    def turn(self) -> int:
        return self.turns

    def chance_outcomes(self) -> list[tuple[Hashable, Fraction]]:
        return []  # no dice, no shuffles

    def legal_actions(self) -> list[tuple]:
        if self.ended_by is not None:
            return []
        if self.pending is not None:
            return self._sacrifice_steps()
        found: list[tuple] = []
        own = self._own()
        for action in CHOSEN:
            if self.config.cost[action] <= self.actions_left:
                found.extend(getattr(self, f"_{action}")(own))
        return found or [(PASS,)]

    def apply(self, action: tuple) -> None:
        self.events = []
        kind = action[0]
        seat = self.seat
        if kind == PASS:
            self.events.append(PASS)
            self.actions_left = 0
        elif kind in ("give", "remove", "put"):
            self._sacrifice_step(action)
        elif kind in ("sacrifice_eliminate", "sacrifice_place"):
            self.pending = (kind, self.config.sacrifice)
        else:
            self._play(action)
            self._spend(kind)
        if self.pending is None:
            self._rings(seat)
            self._check_end()
            if self.ended_by is None and self.actions_left <= 0:
                self.seat = (self.seat + 1) % self.players
                self._start_turn()
            if self.ended_by is None and self._protection_refuses_a_jump():
                self.events.append(PROTECTED)

    def clone(self) -> RiseState:
        copy = RiseState.__new__(RiseState)
        copy.__dict__.update(self.__dict__)
        for name in ("tiles", "frontier", "workers", "towers", "workers_left", "events"):
            setattr(copy, name, type(getattr(self, name))(getattr(self, name)))
        copy.blocks_left = [list(row) for row in self.blocks_left]
        copy.built, copy.removed = Counter(self.built), Counter(self.removed)
        return copy

    def to_json(self) -> dict[str, Any]:
        name = self.config.name
        return {
            "tiles": sorted(name(cell) for cell in self.tiles),
            "workers": {name(cell): seat for cell, seat in sorted(self.workers.items())},
            "towers": {name(cell): list(tower) for cell, tower in sorted(self.towers.items())},
            "tiles_left": self.tiles_left,
            "workers_left": list(self.workers_left),
            "blocks_left": [list(row) for row in self.blocks_left],
            "seat": self.seat,
            "turn": self.turns,
            "actions_left": self.actions_left,
            "pending": list(self.pending) if self.pending else None,
            "built": {name(cell): n for cell, n in sorted(self.built.items())},
            "removed": {name(cell): n for cell, n in sorted(self.removed.items())},
            "winner": self.winner,
            "ended_by": self.ended_by,
        }

    def observation(self, seat: int) -> Hashable:
        return json.dumps(self.to_json(), sort_keys=True)  # nothing is hidden

    def sample_world(self, seat: int, rng: object) -> RiseState:
        return self.clone()  # nothing is hidden, so the only world is this one

    def returns(self) -> list[float]:
        return [float(seat == self.winner) for seat in range(self.players)]

    def rule_of(self, action: tuple) -> str:
        """The rule a move applies: its kind, or the sacrifice a chosen piece belongs to."""
        if action[0] in STEP_NAMES and self.pending is not None:
            return self.pending[0]
        return action[0]

    def notation(self, action: tuple) -> str:
        return " ".join([action[0], *(self.config.name(cell) for cell in action[1:])])

    def parse(self, text: str) -> tuple:
        kind, *names = text.split()
        action = (kind, *(self.config.cell(name) for name in names))
        if action not in self.legal_actions():
            raise ValueError(f"'{text}' is not a legal move here")
        return action

    def describe(self, action: tuple) -> str:
        kind = action[0]
        who = f"Player {self.seat + 1}"
        where = " ".join(self.config.name(cell) for cell in action[1:])
        if kind == PASS:
            return f"{who} has no legal action and passes"
        if kind in STEP_NAMES:
            return f"{who} {STEP_NAMES[kind]} {where}"
        title = self.config.titles[kind]
        return f"{who}: {title}" + (f" ({where})" if where else "")

    # --- state from JSON ----------------------------------------------------------------

    def load_json(self, data: dict[str, Any]) -> None:
        """Overwrite the parts `data` gives (a worked example's position patches set-up)."""
        cell = self.config.cell
        if "tiles" in data:
            self.tiles = {cell(name) for name in data["tiles"]}
            self.frontier = {
                near for c in self.tiles for near in _around(c) if near not in self.tiles
            }
        if "workers" in data:
            self.workers = {cell(name): int(seat) for name, seat in data["workers"].items()}
        if "towers" in data:
            self.towers = {cell(name): (int(t[0]), int(t[1])) for name, t in data["towers"].items()}
        for key in ("tiles_left", "seat", "actions_left", "winner", "ended_by"):
            if key in data:
                setattr(self, key, data[key])
        if "turn" in data:
            self.turns = int(data["turn"])
        if "workers_left" in data:
            self.workers_left = [int(n) for n in data["workers_left"]]
        if "blocks_left" in data:
            self.blocks_left = [[int(n) for n in row] for row in data["blocks_left"]]
        if "pending" in data:
            self.pending = tuple(data["pending"]) if data["pending"] else None
        for key in ("built", "removed"):
            if key in data:
                setattr(self, key, Counter({cell(n): int(v) for n, v in data[key].items()}))
        self._check_shape()

    def _check_shape(self) -> None:
        """ValueError for a position the rules' numbers do not fit (a block count per tier for
        tiers the rules do not have), before anything reads it."""
        tiers = self.config.tiers
        if len(self.workers_left) != self.players or len(self.blocks_left) != self.players:
            raise ValueError(f"the position's supplies are not for {self.players} players")
        if any(len(row) != tiers for row in self.blocks_left):
            raise ValueError(f"blocks_left must give {tiers} tiers per player, as the rules do")
        if any(not 0 <= seat < self.players for seat in self.workers.values()):
            raise ValueError("a worker belongs to no player of this game")
        if any(not 0 <= o < self.players or not 1 <= t <= tiers for o, t in self.towers.values()):
            raise ValueError(f"a tower has no owner or other than 1 to {tiers} tiers")

    # --- invariants -----------------------------------------------------------------------

    def check_invariants(self) -> None:
        config = self.config
        broken: list[str] = []
        if len(self.tiles) + self.tiles_left != config.land_tiles:
            broken.append("land tiles are not conserved")
        for seat in range(self.players):
            on_board = sum(1 for s in self.workers.values() if s == seat)
            if on_board + self.workers_left[seat] != config.workers_per_colour:
                broken.append(f"player {seat + 1}'s workers are not conserved")
            if not on_board and self.ended_by != ELIMINATION:
                broken.append(f"player {seat + 1} has no worker and the game goes on")
            for tier in range(config.tiers):
                used = sum(1 for o, t in self.towers.values() if o == seat and t > tier)
                if used + self.blocks_left[seat][tier] != config.blocks_per_tier:
                    broken.append(f"player {seat + 1}'s tier-{tier + 1} blocks are not conserved")
        if any(cell not in self.tiles for cell in (*self.workers, *self.towers)):
            broken.append("a piece stands off the land")
        if set(self.workers) & set(self.towers):
            broken.append("a worker stands on a tower")
        if any(not 1 <= tiers <= config.tiers for _, tiers in self.towers.values()):
            broken.append("a tower has a number of tiers the game does not have")
        if not 0 <= self.actions_left <= max(config.first_turn_actions, config.actions_per_turn):
            broken.append("a turn has more actions than the rules give")
        if broken:
            raise InvariantBroken("; ".join(broken))

    # --- the chosen actions ---------------------------------------------------------------

    def _free(self, cell: Cell) -> bool:
        return cell in self.tiles and cell not in self.workers and cell not in self.towers

    def _own(self) -> list[Cell]:
        return sorted(cell for cell, seat in self.workers.items() if seat == self.seat)

    def _place_tile(self, own: list[Cell]) -> list[tuple]:
        if self.tiles_left <= 0:
            return []
        return [("place_tile", cell) for cell in sorted(self.frontier)]

    def _free_around(self, cell: Cell) -> list[Cell]:
        """The free tiles next to `cell` (the hot loop of every legal-move list)."""
        tiles, workers, towers = self.tiles, self.workers, self.towers
        return [n for n in _around(cell) if n in tiles and n not in workers and n not in towers]

    def _place_worker(self, own: list[Cell]) -> list[tuple]:
        if self.workers_left[self.seat] <= 0:
            return []
        near = {n for cell in own for n in self._free_around(cell)}
        return [("place_worker", cell) for cell in sorted(near)]

    def _move_worker(self, own: list[Cell]) -> list[tuple]:
        return [("move_worker", cell, n) for cell in own for n in self._free_around(cell)]

    def _jump_worker(self, own: list[Cell]) -> list[tuple]:
        found = []
        workers, seat = self.workers, self.seat
        for cell in own:
            for over in _around(cell):
                enemy = workers.get(over)
                if enemy is None or enemy == seat:
                    continue
                landing = (over[0] + over[0] - cell[0], over[1] + over[1] - cell[1])  # on
                if self._free(landing) and not self._protected(over, landing, enemy):
                    found.append(("jump_worker", cell, landing))
        return found

    def _protected(self, worker: Cell, behind: Cell, owner: int) -> bool:
        """Whether a worker may not be jumped, as `values.protection` reads "unprotected"."""
        if self.config.protection == "behind":
            return self.workers.get(behind) == owner
        return any(self.workers.get(n) == owner for n in _around(worker))

    def _protection_refuses_a_jump(self) -> bool:
        """Whether the seat to move has a jump the landing allows and protection forbids: what
        claim protection_matters looks for. Under the reading 'behind' never: the protector
        would stand on the landing tile, which a jump needs empty."""
        if self.config.protection == "behind":
            return False
        for cell in self._own():
            for dq, dr in STEPS:
                over = (cell[0] + dq, cell[1] + dr)
                enemy = self.workers.get(over)
                landing = (over[0] + dq, over[1] + dr)
                if (
                    enemy is not None
                    and enemy != self.seat
                    and self._free(landing)
                    and self._protected(over, landing, enemy)
                ):
                    return True
        return False

    def _sacrifice_eliminate(self, own: list[Cell]) -> list[tuple]:
        enemies = any(seat != self.seat for seat in self.workers.values())
        return [("sacrifice_eliminate",)] if enemies and self._can_sacrifice(own) else []

    def _sacrifice_place(self, own: list[Cell]) -> list[tuple]:
        return [("sacrifice_place",)] if self._can_sacrifice(own) else []

    def _can_sacrifice(self, own: list[Cell]) -> bool:
        """A sacrifice must leave its player a worker on the board (l.90, l.96)."""
        return len(own) > self.config.sacrifice

    def _remove_tier(self, own: list[Cell]) -> list[tuple]:
        return [
            ("remove_tier", cell)
            for cell, (owner, _) in sorted(self.towers.items())
            if owner == self.seat
        ]

    def _sacrifice_steps(self) -> list[tuple]:
        assert self.pending is not None
        kind, gives = self.pending
        if gives:
            return [("give", cell) for cell in self._own()]
        if kind == "sacrifice_eliminate":
            return [("remove", c) for c, s in sorted(self.workers.items()) if s != self.seat]
        return [("put", cell) for cell in sorted(self.tiles) if self._free(cell)]

    def _sacrifice_step(self, action: tuple) -> None:
        assert self.pending is not None
        kind, gives = self.pending
        cell = action[1]
        if action[0] == "give":
            del self.workers[cell]
            self.workers_left[self.seat] += 1
            self.pending = (kind, gives - 1)
            return
        if action[0] == "remove":
            owner = self.workers.pop(cell)
            self.workers_left[owner] += 1
        else:
            self.workers[cell] = self.seat
            self.workers_left[self.seat] -= 1
        self.pending = None
        self._spend(kind)

    def _play(self, action: tuple) -> None:
        kind, *cells = action
        seat = self.seat
        if kind == "place_tile":
            (cell,) = cells
            self.tiles.add(cell)
            self.tiles_left -= 1
            self.frontier.discard(cell)
            self.frontier.update(n for n in _around(cell) if n not in self.tiles)
        elif kind == "place_worker":
            self.workers[cells[0]] = seat
            self.workers_left[seat] -= 1
        elif kind == "move_worker":
            del self.workers[cells[0]]
            self.workers[cells[1]] = seat
        elif kind == "jump_worker":
            start, landing = cells
            half = 2  # not a rule: the jumped tile is halfway along a straight jump
            over = ((start[0] + landing[0]) // half, (start[1] + landing[1]) // half)
            self.workers_left[self.workers.pop(over)] += 1
            del self.workers[start]
            self.workers[landing] = seat
        elif kind == "remove_tier":
            (cell,) = cells
            self._take_tier(cell)
            self.removed[cell] += 1

    def _spend(self, kind: str) -> None:
        self.actions_left -= self.config.cost[kind]
        self.events.append(kind)

    # --- free actions: towers, turns and the end -------------------------------------------

    def _start_turn(self) -> None:
        self.turns += 1
        first = self.turns == 1
        config = self.config
        self.actions_left = config.first_turn_actions if first else config.actions_per_turn
        self.built.clear()
        self.removed.clear()
        self._rings(self.seat)
        self._check_end()

    def ring_progress(self, seat: int) -> float:
        """How near `seat` is to rings round the tiles it could build on (free land and its
        own unfinished towers): per tile, the cube of the share of its neighbours that are
        the seat's workers, summed, so that a ring one worker short counts most."""
        config = self.config
        around = Counter(n for cell, s in self.workers.items() if s == seat for n in _around(cell))
        progress = 0.0
        for cell, count in around.items():
            if cell not in self.tiles or cell in self.workers:
                continue
            tower = self.towers.get(cell)
            if tower is None or (tower[0] == seat and tower[1] < config.tiers):
                progress += (min(count, config.surround) / config.surround) ** RING_POWER
        return progress

    def _rings(self, seat: int) -> None:
        """Every tile `seat` surrounds gains a tier (its own tower or an empty tile) or loses
        one (an enemy tower), within the per-turn limits."""
        config = self.config
        around = Counter(n for cell, s in self.workers.items() if s == seat for n in _around(cell))
        for cell in sorted(c for c, n in around.items() if n >= config.surround):
            if cell not in self.tiles or cell in self.workers:
                continue
            tower = self.towers.get(cell)
            if tower is not None and tower[0] != seat:
                if self.removed[cell] < config.tiers_removed_per_turn:
                    self._take_tier(cell)
                    self.removed[cell] += 1
                    self.events.append(DESTROY)
                continue
            tiers = tower[1] if tower else 0
            if (
                tiers < config.tiers
                and not self.removed[cell]
                and self.built[cell] < config.tiers_built_per_turn
                and self.blocks_left[seat][tiers] > 0
            ):
                self.towers[cell] = (seat, tiers + 1)
                self.blocks_left[seat][tiers] -= 1
                self.built[cell] += 1
                self.events.append(BUILD)

    def _take_tier(self, cell: Cell) -> None:
        owner, tiers = self.towers[cell]
        self.blocks_left[owner][tiers - 1] += 1
        if tiers > 1:
            self.towers[cell] = (owner, tiers - 1)
        else:
            del self.towers[cell]

    def _check_end(self) -> None:
        config = self.config
        for seat in range(self.players):
            done = sum(1 for o, t in self.towers.values() if o == seat and t == config.tiers)
            if done >= config.towers_to_win:
                self._end(seat, THREE_TOWERS)
                return
        standing = sorted(set(self.workers.values()))
        if len(standing) == 1:
            self._end(standing[0], ELIMINATION)

    def _end(self, winner: int, condition: str) -> None:
        self.winner, self.ended_by = winner, condition
        self.events.append(condition)


@cache
def _around(cell: Cell) -> tuple[Cell, ...]:
    """A cell's six neighbours (cached: the boards of all playouts share a few hundred cells)."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in STEPS)
