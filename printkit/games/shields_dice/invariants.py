"""What no rule of the dice game allows, checked after every step in tests and under --check.

The dice are conserved (each kind's inventory count is in the pool, in play, held or in the
trash), health and shield points stay within their dice, each die sits where its role puts it,
and a game in play has no winner yet.
"""

from __future__ import annotations

from printkit.games.shields_dice.state import DiceState
from printkit.simulate.protocol import InvariantBroken


def check_invariants(state: DiceState) -> None:
    cfg = state.cfg
    seen = [pool + trash for pool, trash in zip(state.pool, state.trash, strict=True)]
    for seat in range(cfg.players):
        for colour, health in enumerate(state.health[seat]):
            _require(
                0 <= health <= cfg.health, f"seat {seat} {cfg.colours[colour]} health {health}"
            )
            seen[cfg.health_kind] += health > 0
            attacker = state.attacker[seat][colour]
            if attacker >= 0:
                seen[attacker] += 1
                _require(
                    cfg.role[attacker] == "attacker" and cfg.battery[attacker] == colour,
                    f"seat {seat}: {cfg.kinds[attacker]} on the {cfg.colours[colour]} battery",
                )
            else:
                _require(
                    health == 0,
                    f"seat {seat}: {cfg.colours[colour]} battery standing without an attacker",
                )
            for kind, points in state.shields[seat][colour]:
                seen[kind] += 1
                _require(
                    cfg.role[kind] == "shield" and cfg.battery[kind] == colour,
                    f"{cfg.kinds[kind]} on {cfg.colours[colour]}",
                )
                _require(1 <= points <= cfg.sides[kind], f"{cfg.kinds[kind]} at {points} points")
        for kind, points in state.front[seat] + state.behind[seat]:
            seen[kind] += 1
            _require(cfg.role[kind] == "overall_shield", f"{cfg.kinds[kind]} as an overall shield")
            _require(1 <= points <= cfg.sides[kind], f"{cfg.kinds[kind]} at {points} points")
        for kind in state.held[seat]:
            seen[kind] += 1
            _require(cfg.role[kind] in ("potion", "polish"), f"{cfg.kinds[kind]} held")
        lost = state.health[seat].count(0)
        _require(
            lost < cfg.batteries_to_win or state.winner == 1 - seat,
            f"seat {seat} lost {lost} batteries",
        )
    for kind, count in enumerate(seen):
        _require(
            count == cfg.count[kind],
            f"{count} {cfg.kinds[kind]} where the inventory has {cfg.count[kind]}",
        )
    _require(
        state.used[0] <= cfg.potion_limit and state.used[1] <= cfg.polish_limit,
        f"used {state.used} this turn",
    )
    _require(
        0 <= state.seat < cfg.players and 0 <= state.phase < len(cfg.phases),
        "seat or phase out of range",
    )
    _require(
        max(state.wins) < cfg.match_wins or state.winner >= 0, f"wins {state.wins} without a winner"
    )


def _require(holds: bool, what: str) -> None:
    if not holds:
        raise InvariantBroken(what)
