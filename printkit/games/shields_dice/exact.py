"""The dice game's exact tables: how many attacks each attacking die needs to break a full
shield, or to destroy a battery with no shield, enumerated from the engine's own rolls.

Every die and number comes from the played rules (the config): the attacking dice are the
kinds whose role is `attacker`, the shields those whose role is `shield` or `overall_shield`,
one row per size of die. The position is the attacker's attack step with the pool empty; each
round is one attack of the first colour at its target, the defender's turn skipped (only the
attacks are counted, as the question asks). A table whose work passes the report's bound is
left out, said at the die of its shield or at the health it takes.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.games.shields_dice.config import ATTACK, DiceConfig
from printkit.games.shields_dice.state import DiceState
from printkit.simulate.exact import ExactRow, ExactTable, enumerated, rounds_until

ATTACKER, DEFENDER = 0, 1  # the seats of the table's positions
COLOUR = 0  # the attacking battery: the first of the attacks table (its target follows)
NO_SHIELD = -1  # the bare battery's row


def exact_tables(cfg: DiceConfig, new_state: type[DiceState]) -> list[ExactTable]:
    """One table per size of full shield and one for a bare battery; a row per attacking die."""
    target = cfg.target[COLOUR]
    attackers = _by_sides(cfg, lambda kind: cfg.role[kind] == "attacker")
    shields = _by_sides(
        cfg,
        lambda kind: (
            cfg.role[kind] == "overall_shield"
            or (cfg.role[kind] == "shield" and cfg.battery[kind] == target)
        ),
    )
    tables = []
    for sides, kinds in shields.items():
        names = ", ".join(cfg.kinds[kind] for kind in kinds)
        tables.append(
            enumerated(
                f"Attacks needed to break a full d{sides} shield ({names})",
                "attacks",
                ("components", cfg.kinds[kinds[0]], "attributes", "sides"),
                (_row(cfg, new_state, group[0], kinds[0]) for group in attackers.values()),
            )
        )
    tables.append(
        enumerated(
            f"Attacks needed to destroy a battery of {cfg.health} health with no shield",
            "attacks",
            ("rules", "values", "health"),
            (_row(cfg, new_state, group[0], NO_SHIELD) for group in attackers.values()),
        )
    )
    return tables


def _by_sides(cfg: DiceConfig, wanted: Callable[[int], bool]) -> dict[int, list[int]]:
    """The kinds `wanted` accepts, grouped by their number of sides, smallest first."""
    groups: dict[int, list[int]] = {}
    for kind in range(len(cfg.kinds)):
        if wanted(kind):
            groups.setdefault(cfg.sides[kind], []).append(kind)
    return dict(sorted(groups.items()))


def _row(cfg: DiceConfig, new_state: type[DiceState], attacker: int, shield: int) -> ExactRow:
    """The distribution of attacks `attacker` needs to break `shield` (or the bare battery)."""
    start = new_state(cfg)
    start.pending = None
    start.pool = [0] * len(cfg.kinds)
    start.attacker[ATTACKER][COLOUR] = attacker
    target = cfg.target[COLOUR]
    if shield != NO_SHIELD and cfg.role[shield] == "overall_shield":
        start.front[DEFENDER] = [(shield, cfg.sides[shield])]
    elif shield != NO_SHIELD:
        start.shields[DEFENDER][target] = [(shield, cfg.sides[shield])]
    attack_phase = cfg.phases.index(ATTACK)

    def attack(state: DiceState) -> None:
        state.seat, state.phase = ATTACKER, attack_phase  # the attack applied, never chosen
        state.apply(("attack", COLOUR, target))

    def broken(state: DiceState) -> bool:
        if shield == NO_SHIELD:
            return state.health[DEFENDER][target] <= 0
        return not (state.front[DEFENDER] or state.shields[DEFENDER][target])

    most = cfg.health if shield == NO_SHIELD else cfg.sides[shield]  # each attack deals 1 or more
    label = f"d{cfg.sides[attacker]} attacking die"
    return ExactRow(label, rounds_until(start, attack, broken, most))
