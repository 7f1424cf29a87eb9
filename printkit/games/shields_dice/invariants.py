"""What no rule of the dice game allows, checked after every step in tests and under --check.

The dice are conserved (each kind's inventory count is in the pool, in play, held or in the
trash), health and shield points stay within their dice, each die sits where its role puts it,
and a game in play has no winner yet. Messages are written only when something broke: the
check runs after every step, and must cost less than the step itself.
"""

from __future__ import annotations

from printkit.games.shields_dice.state import DiceState
from printkit.simulate.protocol import InvariantBroken


def check_invariants(state: DiceState) -> None:
    cfg = state.cfg
    seen = [pool + trash for pool, trash in zip(state.pool, state.trash, strict=True)]
    for seat in range(cfg.players):
        for colour, health in enumerate(state.health[seat]):
            if not 0 <= health <= cfg.health:
                raise InvariantBroken(f"seat {seat}: {cfg.colours[colour]} health is {health}")
            seen[cfg.health_kind] += health > 0
            attacker = state.attacker[seat][colour]
            if attacker >= 0:
                seen[attacker] += 1
                if cfg.role[attacker] != "attacker" or cfg.battery[attacker] != colour:
                    raise InvariantBroken(
                        f"seat {seat}: {cfg.kinds[attacker]} on the {cfg.colours[colour]} battery"
                    )
            elif health:
                raise InvariantBroken(f"seat {seat}: {cfg.colours[colour]} has no attacking die")
            for kind, points in state.shields[seat][colour]:
                seen[kind] += 1
                if cfg.role[kind] != "shield" or cfg.battery[kind] != colour:
                    raise InvariantBroken(f"{cfg.kinds[kind]} on the {cfg.colours[colour]} battery")
                _shield_points(state, kind, points)
        for kind, points in state.front[seat] + state.behind[seat]:
            seen[kind] += 1
            if cfg.role[kind] != "overall_shield":
                raise InvariantBroken(f"{cfg.kinds[kind]} set as an overall shield")
            _shield_points(state, kind, points)
        for kind in state.held[seat]:
            seen[kind] += 1
            if cfg.role[kind] not in ("potion", "polish"):
                raise InvariantBroken(f"{cfg.kinds[kind]} held for later")
        lost = state.health[seat].count(0)
        if lost >= cfg.batteries_to_win and state.winner != 1 - seat:
            raise InvariantBroken(f"seat {seat} lost {lost} batteries and the game goes on")
    if seen != list(cfg.count):
        kind = next(k for k, count in enumerate(seen) if count != cfg.count[k])
        raise InvariantBroken(
            f"{seen[kind]} {cfg.kinds[kind]} on the table, the inventory has {cfg.count[kind]}"
        )
    if state.used[0] > cfg.potion_limit or state.used[1] > cfg.polish_limit:
        raise InvariantBroken(f"{state.used} potions and polish used this turn")
    if not (0 <= state.seat < cfg.players and 0 <= state.phase < len(cfg.phases)):
        raise InvariantBroken(f"seat {state.seat}, phase {state.phase}")
    if max(state.wins) >= cfg.match_wins and state.winner < 0:
        raise InvariantBroken(f"games won {state.wins} and no winner")


def _shield_points(state: DiceState, kind: int, points: int) -> None:
    if not 1 <= points <= state.cfg.sides[kind]:
        raise InvariantBroken(f"{state.cfg.kinds[kind]} at {points} points")
