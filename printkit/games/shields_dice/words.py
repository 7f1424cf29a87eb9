"""Moves of the dice game in words: the short notation scripts write, and sentences for logs.

Notation names dice by their inventory ids and batteries by colour: `take d12_translucent_red
red`, `take d20_translucent_black front`, `attack red yellow`, `roll 1`, `potion d6_solid_green
yellow`, `polish d4_solid_grey d12_translucent_red`, `resurrect d8_solid_green d6_solid_red red`,
`pass`. Sentences take their words from the data: the phase and action titles, the pool_roles
and attacks rows' printed results, the dice's attributes.
"""

from __future__ import annotations

from printkit.games.shields_dice.config import ATTACK, POLISH, POTION, RESURRECTION, SEATS, TAKE
from printkit.games.shields_dice.state import (
    BEHIND,
    FRONT,
    KEEP,
    ROLL_FIRST,
    TRASH,
    Action,
    DiceState,
)


def notation(state: DiceState, action: Action) -> str:
    cfg = state.cfg
    verb, *rest = action
    if verb == "take":
        kind, place = rest
        return f"take {cfg.kinds[kind]} {place}"
    if verb == "attack":
        colour, target = rest
        return f"attack {cfg.colours[colour]} {cfg.colours[target]}"
    if verb == "roll":
        return f"roll {action[1]}"
    if verb in ("potion", "polish"):
        kind, on = rest
        return f"{verb} {cfg.kinds[kind]} {cfg.colours[on] if verb == 'potion' else cfg.kinds[on]}"
    if verb == "resurrect":
        sacrificed, kind, place = rest
        return f"resurrect {cfg.kinds[sacrificed]} {cfg.kinds[kind]} {place}"
    return verb


def parse(state: DiceState, text: str) -> Action:
    """The legal action (or chance outcome) written `text`; ValueError when none is."""
    wanted = " ".join(text.split())
    choices = state.legal_actions() or [action for action, _ in state.chance_outcomes()]
    for action in choices:
        if notation(state, action) == wanted:
            return action
    shown = ", ".join(notation(state, action) for action in choices)
    raise ValueError(f"'{wanted}' is not a legal move here; the legal moves are: {shown}")


def die(state: DiceState, kind: int) -> str:
    """'the translucent black d20', from the die's attributes; a finish or colour the die does
    not have is left out ('the grey d4'), not a gap in the sentence."""
    cfg = state.cfg
    words = (cfg.finish[kind], cfg.colour_of[kind], f"d{cfg.sides[kind]}")
    return "the " + " ".join(word for word in words if word)


def describe(state: DiceState, action: Action) -> str:
    """A sentence for `action` in `state` (before it is applied)."""
    cfg = state.cfg
    who = SEATS[state.seat]
    verb, *rest = action
    if verb == "roll":
        if state.pending is ROLL_FIRST:
            return f"{SEATS[len(state.rolls)]} rolls {action[1]} for first player."
        rolled = die(state, state.attacker[state.seat][state.pending[1]])
        return f"{rolled[:1].upper()}{rolled[1:]} rolls {action[1]}."  # a sentence's capital
    if verb == "take":
        kind, place = rest
        where = {
            FRONT: "sets it in front of the colour shields",
            BEHIND: "sets it behind the colour shields",
            KEEP: "keeps it for a later turn",
            TRASH: "puts it in the trash",
        }.get(place, f"sets it on the {place} battery")
        return (
            f"{cfg.titles[TAKE]}: {who} takes {die(state, kind)} ({cfg.row_title[kind]}) "
            f"and {where}."
        )
    if verb == "attack":
        colour, target = rest
        them = SEATS[1 - state.seat]
        attacker = die(state, state.attacker[state.seat][colour])
        return (
            f"{cfg.titles[ATTACK]}: {who}'s {cfg.colours[colour]} battery "
            f"{cfg.attack_title[colour]}, rolling {attacker} at {them}'s "
            f"{cfg.colours[target]} battery."
        )
    if verb == "potion":
        potion, colour = rest
        return (
            f"{cfg.titles[POTION]}: {who} uses {die(state, potion)} on the "
            f"{cfg.colours[colour]} battery."
        )
    if verb == "polish":
        polish, shield = rest
        return f"{cfg.titles[POLISH]}: {who} uses {die(state, polish)} on {die(state, shield)}."
    if verb == "resurrect":
        sacrificed, kind, place = rest
        return (
            f"{cfg.titles[RESURRECTION]}: {who} trashes {die(state, sacrificed)} to bring back "
            f"{die(state, kind)} ({place})."
        )
    if verb == "end":
        return f"{who} uses no more potions or polish this turn."
    return f"{who} has no move and passes."
