"""A dice-game position as JSON data, named by the data's ids.

This is what worked examples patch (`position:`) and what their `expect` expressions read:
`state.players[1].health.yellow`, `state.players[0].shields.red[0].points`. Shields are listed
outermost first; dice are named by their inventory ids; pool and trash list only the kinds they
hold. Reading a position, what a player's entry leaves out is as at set-up (full health, the
default attacking dice, no shields, nothing held), so a worked example writes only what its
story changes.
"""

from __future__ import annotations

from typing import Any

from printkit.games.shields_dice.config import DiceConfig
from printkit.games.shields_dice.state import ROLL_FIRST, DiceState


def to_json(state: DiceState) -> dict[str, Any]:
    cfg = state.cfg
    pending: dict[str, Any] | None = None
    if state.pending is ROLL_FIRST:
        pending = {"roll_for_first": list(state.rolls)}
    elif state.pending is not None:
        _, attacking, target = state.pending
        pending = {"attack": [cfg.colours[attacking], cfg.colours[target]]}
    return {
        "variant": cfg.variant,
        "game": state.game,
        "turn": state.turns,
        "seat": state.seat,
        "phase": cfg.phases[state.phase],
        "pending": pending,
        "used": {"use_potion": state.used[0], "use_polish": state.used[1]},
        "wins": list(state.wins),
        "winner": state.winner if state.winner >= 0 else None,
        "pool": _counts(cfg, state.pool),
        "trash": _counts(cfg, state.trash),
        "players": [_player(state, seat) for seat in range(cfg.players)],
    }


def _counts(cfg: DiceConfig, counts: list[int]) -> dict[str, int]:
    return {cfg.kinds[kind]: count for kind, count in enumerate(counts) if count}


def _layers(cfg: DiceConfig, stack: list[tuple[int, int]]) -> list[dict[str, Any]]:
    return [{"die": cfg.kinds[kind], "points": points} for kind, points in stack]


def _player(state: DiceState, seat: int) -> dict[str, Any]:
    cfg = state.cfg
    return {
        "health": dict(zip(cfg.colours, state.health[seat], strict=True)),
        "attackers": {
            colour: cfg.kinds[kind] if kind >= 0 else None
            for colour, kind in zip(cfg.colours, state.attacker[seat], strict=True)
        },
        "shields": {
            colour: _layers(cfg, stack)
            for colour, stack in zip(cfg.colours, state.shields[seat], strict=True)
        },
        "black": {
            "front": _layers(cfg, state.front[seat]),
            "behind": _layers(cfg, state.behind[seat]),
        },
        "held": [cfg.kinds[kind] for kind in state.held[seat]],
    }


def from_json(cfg: DiceConfig, data: dict[str, Any], cls: type[DiceState]) -> DiceState:
    """The state `to_json` gave, as a `cls`; KeyError or ValueError names a part that is missing
    or wrong."""
    state = cls.__new__(cls)
    state.cfg = cfg
    kind = cfg.kinds.index
    colour = cfg.colours.index
    state.game, state.turns, state.seat = data["game"], data["turn"], data["seat"]
    state.phase = cfg.phases.index(data["phase"])
    pending = data.get("pending")
    state.rolls = []
    if pending is None:
        state.pending = None
    elif "roll_for_first" in pending:
        state.pending, state.rolls = ROLL_FIRST, list(pending["roll_for_first"])
    else:
        state.pending = ("attack", colour(pending["attack"][0]), colour(pending["attack"][1]))
    state.used = [data["used"]["use_potion"], data["used"]["use_polish"]]
    state.wins = list(data["wins"])
    state.winner = -1 if data.get("winner") is None else data["winner"]
    state.pool = [data["pool"].get(name, 0) for name in cfg.kinds]
    state.trash = [data["trash"].get(name, 0) for name in cfg.kinds]
    players = data["players"]
    if len(players) != cfg.players:
        raise ValueError(f"a position of this game has {cfg.players} players")

    def layers(stack: list[dict[str, Any]]) -> list[tuple[int, int]]:
        return [(kind(layer["die"]), layer["points"]) for layer in stack]

    def attacker(player: dict[str, Any], battery: int) -> int:
        name = player.get("attackers", {}).get(cfg.colours[battery], "")
        return cfg.start_attacker[battery] if name == "" else -1 if name is None else kind(name)

    batteries = range(len(cfg.colours))
    state.health = [
        [player.get("health", {}).get(name, cfg.health) for name in cfg.colours]
        for player in players
    ]
    state.attacker = [[attacker(player, battery) for battery in batteries] for player in players]
    state.shields = [
        [layers(player.get("shields", {}).get(name, [])) for name in cfg.colours]
        for player in players
    ]
    black = [player.get("black", {}) for player in players]
    state.front = [layers(mine.get("front", [])) for mine in black]
    state.behind = [layers(mine.get("behind", [])) for mine in black]
    state.held = [sorted(kind(name) for name in player.get("held", [])) for player in players]
    state.events = []
    return state
