"""Helpers for the dice engine's tests: the played rules (optionally changed), positions written
as patches over the set-up, and seeded playouts."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

from support import RULE_DATA

from printkit.diagnostics import Diagnostics
from printkit.games.shields_dice import ENGINE
from printkit.games.shields_dice.engine import ShieldsDiceState
from printkit.load.package import load_package
from printkit.load.played import apply_plays, parse_path, plays_of
from printkit.model.package import Package
from printkit.simulate.protocol import CHANCE, TERMINAL, draw, pick, seeded

POSITIONS = Path(__file__).parent / "positions" / "shields_dice"


@cache
def played(**changes: Any) -> Package:
    """The played rules of the shipped package, with `changes` (path text → value) played too."""
    return played_with(changes)


def played_with(changes: dict[str, Any]) -> Package:
    """`played`, uncached: for changes whose values are lists or mappings, which no cache keys."""
    return Package.model_validate(_played_source(changes))


@cache
def listed_first(kind: str, where: tuple[str, ...] = ("components",)) -> Package:
    """The played rules with the entry `kind` of the mapping at `where` moved to its head: a
    die to the head of the inventory (a die kind is its index there, so this moves every
    index), or a phase to the start of the turn."""
    source = _played_source({})
    parent = source
    for key in where[:-1]:
        parent = parent[key]
    listed = parent[where[-1]]
    parent[where[-1]] = {kind: listed[kind]} | {
        name: entry for name, entry in listed.items() if name != kind
    }
    return Package.model_validate(source)


def _played_source(changes: dict[str, Any]) -> dict[str, Any]:
    loaded = load_package("shields_dice", RULE_DATA / "shields_dice", Diagnostics())
    assert loaded is not None
    plays = {play.path: play.value for play in plays_of(loaded.package)}
    plays.update({parse_path(path): value for path, value in changes.items()})
    return apply_plays(loaded.source, plays)


WHOLE = ("pool", "trash")  # given whole by a patch: what is not named is not there


def merged(base: Any, patch: Any) -> Any:
    """`patch` over `base`: mappings key by key, lists of mappings item by item, the rest
    replaced (so a position names only what differs from the set-up)."""
    if isinstance(base, dict) and isinstance(patch, dict):
        if set(WHOLE) <= base.keys():
            base = {
                key: value for key, value in base.items() if key not in patch or key not in WHOLE
            }
        out = dict(base)
        out.update({key: merged(base.get(key), value) for key, value in patch.items()})
        return out
    if (
        isinstance(base, list)
        and isinstance(patch, list)
        and all(isinstance(item, dict) for item in patch)
        and len(base) == len(patch)
    ):
        return [merged(old, new) for old, new in zip(base, patch, strict=True)]
    return copy.deepcopy(patch)


def position(patch: dict[str, Any], rules: Package | None = None, variant: str | None = None):
    """The set-up with Player 1 to take a die, patched. A patch that leaves out the pool (or,
    giving the pool, the trash) gets the dice the rest of the position does not hold, so that
    every die is counted once."""
    rules = rules or played()
    start = ENGINE.new_game(rules, 2, variant).to_json()
    start.update({"pending": None, "seat": 0, "phase": "take_die"})
    data = merged(start, patch)
    rest = "pool" if "pool" not in patch else "trash" if "trash" not in patch else None
    if rest is not None:
        data[rest] = _rest(rules, data, "trash" if rest == "pool" else "pool")
    return ENGINE.from_json(rules, data)


def _rest(rules: Package, data: dict[str, Any], other: str) -> dict[str, int]:
    """The dice of the inventory that neither the players nor `other` (pool or trash) hold."""
    left = {kind: component.count for kind, component in rules.components.items()}
    config = ENGINE.config(rules, len(data["players"]), data.get("variant"))
    health_die = config.kinds[config.health_kind]
    held = [*data[other].items()]
    for player in data["players"]:
        held.append((health_die, sum(h > 0 for h in player["health"].values())))
        dice = [*player["attackers"].values(), *player["held"]]
        layers = [*player["black"]["front"], *player["black"]["behind"]]
        layers += [layer for stack in player["shields"].values() for layer in stack]
        held += [(die, 1) for die in dice + [layer["die"] for layer in layers] if die]
    for kind, count in held:
        left[kind] -= count
    return {kind: count for kind, count in left.items() if count}


def playout(
    rules: Package, variant: str | None, seed: int, check: bool = True, max_turns: int = 2000
) -> tuple[ShieldsDiceState, list[str]]:
    """A seeded random game from set-up; the final state and its moves' notations."""
    state = ENGINE.new_game(rules, 2, variant)
    rng = seeded("shields_dice", seed)
    log: list[str] = []
    while state.current_player() != TERMINAL and state.turn() < max_turns:
        if state.current_player() == CHANCE:
            action = draw(rng, state.chance_outcomes())
        else:
            action = pick(rng, state.legal_actions())
        log.append(state.notation(action))
        state.apply(action)
        if check:
            ENGINE.check_invariants(state)
    return state, log
