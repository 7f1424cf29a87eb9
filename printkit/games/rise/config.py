"""What the Rise! engine reads from the played rules, read once per game.

Every number the engine plays comes from here, and here from the data: the engine never states a
rule's number itself, so changing `values.sacrifice` or the formation map changes the game it
plays. Hexes are kept as plain (q, r) pairs, the engine's hot loop being far faster on tuples
than on the geometry's Hex objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from printkit.games.numbers import whole_number
from printkit.geometry.hexgrid import DIRECTIONS, Hex, OffsetLayout, hex_to_offset, offset_to_hex
from printkit.materials.hexmap.board import board_of
from printkit.model.package import Package

Cell = tuple[int, int]  # axial (q, r)
STEPS: tuple[Cell, ...] = tuple((d.q, d.r) for d in DIRECTIONS)
FORMATION = "formation"  # the hexmap material the set-up lays out (its markers: the first workers)
PROTECTION_READINGS = ("behind", "adjacent")  # what values.protection may say (see errata)
BUILD, DESTROY = "build_tower", "destroy_tower"  # the free actions of the rings
CHOSEN = (  # the actions a turn spends, by their rule ids
    "place_tile",
    "place_worker",
    "move_worker",
    "jump_worker",
    "sacrifice_eliminate",
    "sacrifice_place",
    "remove_tier",
)

REQUIRES = (
    *(
        f"rules.values.{name}"
        for name in (
            "workers_per_colour",
            "blocks_per_colour",
            "tower_tiers",
            "towers_to_win",
            "surround",
            "sacrifice",
            "first_turn_actions",
            "actions_per_turn",
            "tiers_built_per_turn",
            "tiers_removed_per_turn",
            "protection",
        )
    ),
    "components.land_tiles.count",
    *(f"rules.actions.{action}.cost" for action in CHOSEN),
    "rules.actions.build_tower",
    "rules.actions.destroy_tower.per",
    "rules.structure.phases.take_actions",
    "rules.end_conditions.three_towers",
    "rules.end_conditions.elimination",
    f"materials.{FORMATION}",
)


@dataclass(frozen=True)
class RiseConfig:
    start_tiles: frozenset[Cell]
    start_workers: tuple[tuple[Cell, int], ...]  # (cell, seat counted from 0)
    offset: OffsetLayout
    land_tiles: int
    workers_per_colour: int
    tiers: int
    blocks_per_tier: int
    towers_to_win: int
    surround: int
    sacrifice: int
    first_turn_actions: int
    actions_per_turn: int
    tiers_built_per_turn: int
    tiers_removed_per_turn: int
    protection: str
    cost: dict[str, int]
    titles: dict[str, str]

    def name(self, cell: Cell) -> str:
        """The hex as the formation map prints it ('0202'), or 'col,row' off its two digits."""
        return _name(cell, self.offset)

    def cell(self, name: str) -> Cell:
        """The cell a hex name gives; ValueError for text that names none."""
        found = re.fullmatch(r"(\d\d)(\d\d)|(-?\d+),(-?\d+)", name)
        if found is None:
            raise ValueError(f"'{name}' is not a hex: write it as the map does (0202)")
        col, row = (int(part) for part in found.groups() if part is not None)
        h = offset_to_hex(col - 1, row - 1, self.offset)
        return h.q, h.r


LABEL_MAX = 99  # not a rule: the largest column or row two digits print


@cache
def _name(cell: Cell, offset: OffsetLayout) -> str:
    """Cached: every playout names the same few hundred cells over and over."""
    col, row = hex_to_offset(Hex(*cell), offset)
    col, row = col + 1, row + 1
    if 1 <= col <= LABEL_MAX and 1 <= row <= LABEL_MAX:
        return f"{col:02d}{row:02d}"
    return f"{col},{row}"


def read_config(rules: Package) -> RiseConfig:
    """The engine's reading of the played rules; ValueError names what it cannot play."""
    assert rules.rules is not None  # the requires check runs first
    values = rules.rules.values
    board = board_of(rules, FORMATION)
    if board is None:
        raise ValueError(f"the '{FORMATION}' map has errors")
    # the engine names every tile of the position after each move: a formation of 90,000
    # tiles took 248 s to validate, each move counted as one
    whole_number(len(board.cells), f"the '{FORMATION}' map's number of tiles", 1)
    starts = tuple(
        ((m.hex.q, m.hex.r), m.spec.player - 1) for m in board.markers if m.spec.player is not None
    )
    protection = str(values["protection"])
    if protection not in PROTECTION_READINGS:
        raise ValueError(
            f"values.protection is '{protection}'; the engine plays "
            + " or ".join(PROTECTION_READINGS)
        )

    def number(name: str, least: int = 0) -> int:
        return whole_number(values[name], f"values.{name}", least)

    tiers = number("tower_tiers", least=1)
    actions = rules.rules.actions
    if actions["destroy_tower"].per != "turn":
        raise ValueError(
            f"actions.destroy_tower.per is '{actions['destroy_tower'].per}'; the engine counts "
            "a tower's tiers coming off per turn"
        )
    return RiseConfig(
        start_tiles=frozenset((h.q, h.r) for h in board.cells),
        start_workers=starts,
        offset=board.offset,
        land_tiles=whole_number(rules.components["land_tiles"].count, "the land tiles' count"),
        workers_per_colour=number("workers_per_colour"),
        tiers=tiers,
        blocks_per_tier=number("blocks_per_colour") // tiers,
        towers_to_win=number("towers_to_win"),
        surround=number("surround"),
        sacrifice=number("sacrifice"),
        first_turn_actions=number("first_turn_actions"),
        actions_per_turn=number("actions_per_turn"),
        tiers_built_per_turn=number("tiers_built_per_turn"),
        tiers_removed_per_turn=number("tiers_removed_per_turn"),
        protection=protection,
        cost={action: int(actions[action].cost) for action in CHOSEN},
        titles={
            action: actions[action].title for action in (*CHOSEN, "build_tower", "destroy_tower")
        },
    )
