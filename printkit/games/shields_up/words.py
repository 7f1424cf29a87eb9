"""Shields Up moves as short notation (what scripts and worked examples write) and as
sentences built from the data's titles (what logs and the human agent show).

Notation: `draw`, `shield space_mine`, `build death_ray`, `play smuggle`, `buy oldest`,
`buy newest`, `discharge battery`, `end`; a Smuggle's target `steal hand`, `steal shields 2`,
`steal equipment laser_bank`, `steal charged battery`; a strike's targets `destroy 1 3`
(places in the shield row, counted from 1); chance `card death_ray` (the card drawn or
stolen unseen) and `hit 1 3` (shields hit at random, when the rules play that).
"""

from __future__ import annotations

from typing import Any

from printkit.games.shields_up.config import Config
from printkit.simulate.protocol import CHANCE, Action


def notation(config: Config, action: Action) -> str:
    written = config.notations.get(action)
    if written is None:
        written = config.notations[action] = _written(config, action)
    return written


def _written(config: Config, action: Action) -> str:
    verb, *rest = action
    words = [verb]
    for index, part in enumerate(rest):
        if isinstance(part, tuple):
            words += [str(place + 1) for place in part]
        elif isinstance(part, int) and (verb, index) == ("steal", 1) and rest[0] == "shields":
            words.append(str(part + 1))
        elif isinstance(part, int):
            words.append(config.cards[part].slug)
        else:
            words.append(part)
    return " ".join(words)


def parse(config: Config, moves: list[Action], text: str) -> Action:
    wanted = " ".join(text.split())
    for move in moves:
        if notation(config, move) == wanted:
            return move
    legal = ", ".join(notation(config, move) for move in moves) or "none"
    raise ValueError(f"'{text}' is not a move here; the moves are: {legal}")


def describe(config: Config, player: int, action: Action) -> str:
    """One sentence: who does what, in the data's words."""
    verb, *rest = action
    if player == CHANCE:
        if verb == "card":
            return f"The card is {_name(config, rest[0])}."
        return f"Chance hits the shields at places {_places(rest[0])}."
    who = f"Player {player + 1}"
    titles = config.titles
    sentences: dict[str, Any] = {
        "draw": lambda: f"{who}: {titles['draw']}.",
        "shield": lambda: f"{who}: {titles['play_shield']} ({_name(config, rest[0])}).",
        "build": lambda: f"{who}: {titles['play_equipment']} ({_name(config, rest[0])}).",
        "play": lambda: f"{who}: {titles['play_instant']} ({_name(config, rest[0])}).",
        "buy": lambda: f"{who}: {titles[f'buy_{rest[0]}']}.",
        "discharge": lambda: f"{who} discharges a {_name(config, rest[0])} for its actions.",
        "end": lambda: f"{who} ends the turn: {titles['clean_up']}.",
        "destroy": lambda: f"{who} destroys the shields at places {_places(rest[0])}.",
        "steal": lambda: f"{who} steals from the opponent's {_target(config, rest)}.",
    }
    return sentences[verb]()


def _name(config: Config, kind: int) -> str:
    return config.cards[kind].name


def _places(places: tuple[int, ...]) -> str:
    return ", ".join(str(place + 1) for place in places) or "none"


def _target(config: Config, rest: list[Any]) -> str:
    if rest[0] == "hand":
        return "hand, unseen"
    if rest[0] == "shields":
        return f"shields, the one at place {rest[1] + 1}"
    return f"{rest[0]}: a {_name(config, rest[1])}"
