"""What the Shields: The Dice Game engine reads from the played rules, read once per game.

Every number and every reading the engine plays comes from here, and here from the data (the
package with its errata's `plays` applied): the dice and their sides, finish and colour from the
inventory, each die's role from the printed `pool_roles` table, the cycle of attacks from the
`attacks` table, the set-up from `rules.setup`, the readings the text leaves open from the
values its errata play. The hot loop then works on plain tuples of integers, not on models.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from printkit.games.numbers import whole_number
from printkit.model.limits import MAX_DICE_ROLLED, MAX_DIE_SIDES, MAX_ENGINE_KINDS
from printkit.model.package import Package
from printkit.model.rules import LookupRow, LookupTable, Phase, Rules, Step, Uses
from printkit.model.rules_context import prose_of, rules_context
from printkit.sandbox.expressions import render

TAKE, ATTACK = "take_die", "attack"  # the phases this engine has handlers for
POTION, POLISH = "use_potion", "use_polish"  # the actions that replace an attack
FIRST, HEALTH, ATTACKERS, POOL = "roll_for_first", "health_dice", "default_attackers", "fill_pool"
WIN = "two_batteries"
RESURRECTION, MATCH = "resurrection", "match"
ROLES = ("attacker", "shield", "overall_shield", "potion", "polish")  # pool_roles' `role`s
PLACED_ANYWAY = ("overall_shield", "potion", "polish")  # roles with a place whatever is lost
HEALTH_ROLE = "health"  # a battery's health die (set up, never in the pool)
NEWER_SHIELD = ("in front of", "behind")  # what values.newer_shield may say
NEXT_FIRST = ("loser", "winner")  # what values.match_next_first may say
READINGS = (  # values the errata play: the readings the text leaves open
    "black_shield_covers",
    "newer_shield",
    "take_for_destroyed",
    "trash_with_battery",
    "resurrection_showing",
    "match_next_first",
)

REQUIRES = (
    "components",
    "rules.players",
    *(f"rules.values.{name}" for name in ("health", "batteries", "batteries_to_win")),
    "rules.values.match_wins",
    *(f"rules.values.{name}" for name in READINGS),
    "rules.tables.attacks",
    "rules.tables.pool_roles",
    f"rules.actions.{POTION}.limit",
    f"rules.actions.{POLISH}.limit",
    "rules.structure.phases",
    "rules.setup",
    f"rules.end_conditions.{WIN}",
    f"rules.variants.{RESURRECTION}",
    f"rules.variants.{MATCH}",
)


class DataError(ValueError):
    """The played rules lack something the engine reads, or say what it cannot play."""


@dataclass(frozen=True)
class DiceConfig:
    """One game's rules as the engine plays them; shared by every state of that game."""

    players: int
    variant: str | None
    kinds: tuple[str, ...]  # inventory ids, in inventory order (a die kind is its index)
    count: tuple[int, ...]
    sides: tuple[int, ...]
    finish: tuple[str, ...]
    colour_of: tuple[str, ...]
    role: tuple[str, ...]  # ROLES, HEALTH_ROLE or "" (not played)
    takeable: tuple[int, ...]  # kinds with a role in the pool (not health dice nor dice of no row)
    placed_anyway: tuple[
        int, ...
    ]  # kinds with a place whatever is lost: black shields, potions, polish
    row_id: tuple[str, ...]  # the pool_roles row each kind plays by ("" for none)
    row_title: tuple[str, ...]  # that row's printed result
    battery: tuple[int, ...]  # the battery (colour index) an attacker or shield serves, or -1
    colours: tuple[str, ...]  # battery colours, in the attacks table's order
    target: tuple[int, ...]  # per colour: the colour it attacks
    attack_row: tuple[str, ...]  # per colour: the attacks row's id
    attack_title: tuple[str, ...]  # per colour: the attacks row's printed result
    health: int
    batteries_to_win: int
    potion_limit: int
    polish_limit: int
    phases: tuple[str, ...]  # phase ids in data order
    titles: dict[str, str]  # rule id → its title, for sentences
    health_kind: int
    start_attacker: tuple[int, ...]  # per colour: the kind set up as its attacking die
    pool: tuple[int, ...]  # per kind: how many start in the pool
    first_highest: bool
    newer_in_front: bool
    take_for_destroyed: bool
    trash_with_battery: bool
    resurrection: bool
    match_wins: int  # games to win the match (1 without the match variant)
    loser_starts_next: bool
    first_outcomes: list[tuple[tuple[str, int], Fraction]]  # ("roll", total) and its chance
    roll_outcomes: dict[int, list[tuple[tuple[str, int], Fraction]]]  # by a die's sides
    reach: tuple[float, ...]  # per kind: its sides as a share of the largest die's (evaluation)


def total_outcomes(dice: int, sides: int) -> list[tuple[tuple[str, int], Fraction]]:
    """The exact distribution of the total of `dice` dice of `sides` sides, as roll actions."""
    ways = {0: 1}
    for _ in range(dice):
        step: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + count
        ways = step
    every = sum(ways.values())
    return [(("roll", total), Fraction(count, every)) for total, count in sorted(ways.items())]


def read_config(package: Package, players: int, variant: str | None) -> DiceConfig:
    """The config of one game from the played rules; DataError names what is missing."""
    rules = package.rules
    if rules is None or rules.structure is None:
        raise DataError("the package has no rules with a structure to play")
    allowed = rules.players
    if (
        allowed is None
        or players < allowed.min
        or (allowed.max is not None and players > allowed.max)
        or players != len(SEATS)
    ):
        raise DataError(f"the rules are not played by {players} players")
    if variant is not None and variant not in rules.variants:
        raise DataError(f"the rules have no variant '{variant}'")
    values = rules.values
    attacks = _lookup(rules, "attacks")
    roles = _lookup(rules, "pool_roles")
    colours = tuple(str(row.key) for row in attacks.rows)
    if len(colours) != _int(values, "batteries"):
        raise DataError("the attacks table needs one row per battery")
    target = tuple(
        _index(colours, str(row.data.get("target")), "the attacks table's targets")
        for row in attacks.rows
    )
    kinds = tuple(package.components)
    whole_number(len(kinds), "the inventory's number of kinds of die", 0, MAX_ENGINE_KINDS)
    context = rules_context(package)
    attributes = [package.components[kind].attributes for kind in kinds]
    role, row_id, row_title = [], [], []
    rows = _rows_by_die(roles)
    titles: dict[int, str] = {}  # by the row's id: its result rendered once, for all its dice
    for attrs in attributes:
        row = rows.get((attrs.get("finish"), attrs.get("colour")))
        if row is not None and id(row) not in titles:
            titles[id(row)] = render(*prose_of(row, context))
        role.append(str(row.data.get("role")) if row else "")
        row_id.append(row.id or str(row.key) if row else "")
        row_title.append(titles[id(row)] if row else "")
    if any(name and name not in ROLES for name in role):
        raise DataError(f"pool_roles gives a role the engine does not play (it plays {ROLES})")
    setup = {step.id: step for step in rules.setup}
    for step in (FIRST, HEALTH, ATTACKERS, POOL):
        if step not in setup:
            raise DataError(f"the set-up has no step '{step}'")
    health_kind = _index(kinds, _first_use(setup[HEALTH]).component, "the inventory")
    role[health_kind] = HEALTH_ROLE
    colour_of = tuple(str(attrs.get("colour", "")) for attrs in attributes)
    start_attacker = tuple(
        _attacker(kinds, attributes, setup[ATTACKERS], colour) for colour in colours
    )
    pool = [package.components[kind].count for kind in kinds]
    for step in (HEALTH, ATTACKERS):
        for use in setup[step].uses:
            if use.kept:
                kind = _index(kinds, use.component, "the inventory")
                needed = use.needed(players, values)
                if needed is None:
                    raise DataError(f"set-up step '{step}' deals {use.count}: no whole number")
                pool[kind] -= needed
    if min(pool) < 0:
        raise DataError("the set-up uses more dice than the inventory has")
    # Every die needs its sides: a die of none has no roll, and its roll was asked for anyway.
    sides = tuple(
        whole_number(attrs.get("sides"), f"{kind}'s sides", 1, MAX_DIE_SIDES)
        for kind, attrs in zip(kinds, attributes, strict=True)
    )
    first = _first_use(setup[FIRST])
    first_sides = sides[_index(kinds, first.component, "the inventory")]
    newer = str(values["newer_shield"])
    next_first = str(values["match_next_first"])
    if newer not in NEWER_SHIELD or next_first not in NEXT_FIRST:
        raise DataError(f"newer_shield is one of {NEWER_SHIELD}; match_next_first {NEXT_FIRST}")
    phases = tuple(rules.structure.phases)
    if set(phases) != {TAKE, ATTACK}:
        raise DataError(f"the engine has handlers for the phases {TAKE} and {ATTACK}")
    return DiceConfig(
        players=players,
        variant=variant,
        kinds=kinds,
        count=tuple(package.components[kind].count for kind in kinds),
        sides=sides,
        finish=tuple(str(attrs.get("finish", "")) for attrs in attributes),
        colour_of=colour_of,
        role=tuple(role),
        takeable=tuple(
            kind
            for kind, (name, colour) in enumerate(zip(role, colour_of, strict=True))
            if name in ROLES and (name not in ("attacker", "shield") or colour in colours)
        ),
        placed_anyway=tuple(kind for kind, name in enumerate(role) if name in PLACED_ANYWAY),
        row_id=tuple(row_id),
        row_title=tuple(row_title),
        battery=tuple(
            colours.index(colour) if name in ("attacker", "shield") and colour in colours else -1
            for name, colour in zip(role, colour_of, strict=True)
        ),
        colours=colours,
        target=target,
        attack_row=tuple(row.id or str(row.key) for row in attacks.rows),
        attack_title=tuple(render(*prose_of(row, context)) for row in attacks.rows),
        health=_int(values, "health"),
        batteries_to_win=_int(values, "batteries_to_win"),
        potion_limit=_limit(rules, POTION),
        polish_limit=_limit(rules, POLISH),
        phases=phases,
        titles=_titles(rules, rules.structure.phases),
        health_kind=health_kind,
        start_attacker=start_attacker,
        pool=tuple(pool),
        first_highest=setup[FIRST].decides != "lowest",
        newer_in_front=newer == NEWER_SHIELD[0],
        take_for_destroyed=bool(values["take_for_destroyed"]),
        trash_with_battery=bool(values["trash_with_battery"]),
        resurrection=variant == RESURRECTION,
        match_wins=_int(values, "match_wins") if variant == MATCH else 1,
        loser_starts_next=next_first == NEXT_FIRST[0],
        first_outcomes=total_outcomes(
            whole_number(first.number(values), f"set-up step '{FIRST}''s dice", 1, MAX_DICE_ROLLED),
            first_sides,
        ),
        roll_outcomes={count: total_outcomes(1, count) for count in set(sides)},
        reach=tuple(count / max(sides) for count in sides),
    )


SEATS = ("Player 1", "Player 2")  # how sentences name the two seats


def _lookup(rules: Rules, name: str) -> LookupTable:
    table = rules.tables.get(name)
    if not isinstance(table, LookupTable):
        raise DataError(f"the rules have no lookup table '{name}'")
    return table


def _rows_by_die(roles: LookupTable) -> dict[tuple[Any, Any], LookupRow]:
    """The first pool_roles row naming each finish and colour, which plays the dice of that
    finish and colour: looked up once per die, where searching the rows for each die cost dice
    × rows (15,000 dice and 12,000 rows: 305 s to validate). A list is no die's finish; a
    colour given alone, not listed, is one colour (it was searched as a text: 'e' was a colour
    of 'grey'; a number was a TypeError, an internal error)."""
    first: dict[tuple[Any, Any], LookupRow] = {}
    for row in roles.rows:
        finish = row.data.get("finish")
        colours = row.data.get("colours") or ()
        if not isinstance(finish, list):
            for colour in colours if isinstance(colours, list) else (colours,):
                first.setdefault((finish, colour), row)
    return first


def _index(items: Sequence[str], item: str, where: str) -> int:
    """Where `item` is in `items`; DataError naming `where` when it is not (the data names a
    colour or a die that the engine's other reading of it does not have)."""
    if item not in items:
        raise DataError(f"'{item}' is not among {where} ({', '.join(map(str, items)) or 'none'})")
    return list(items).index(item)


def _first_use(step: Step) -> Uses:
    if not step.uses:
        raise DataError(f"set-up step '{step.id}' uses no component")
    return step.uses[0]


def _attacker(
    kinds: tuple[str, ...], attributes: list[dict[str, Any]], step: Step, colour: str
) -> int:
    """The first die of `colour` the step sets up (a battery's attacking die), as its kind; a
    die the inventory lacks is refused by name (it was a KeyError: an internal error), and a
    die without a colour serves no battery, whatever the battery is called."""
    for use in step.uses:
        kind = _index(kinds, use.component, "the inventory")
        if "colour" in attributes[kind] and str(attributes[kind]["colour"]) == colour:
            return kind
    raise DataError(f"set-up step '{step.id}' sets up no die of the colour '{colour}'")


def _int(values: dict[str, Any], name: str) -> int:
    return whole_number(values.get(name), f"rules.values.{name}")


def _limit(rules: Rules, action: str) -> int:
    found = rules.actions.get(action)
    if found is None or found.limit is None:
        raise DataError(f"rules.actions.{action} needs a limit")
    return whole_number(found.limit, f"rules.actions.{action}.limit")


def _titles(rules: Rules, phases: dict[str, Phase]) -> dict[str, str]:
    """Rule id → title: phases, actions and variants (what sentences name)."""
    titles: dict[str, str] = {}
    for group in (phases, rules.actions, rules.variants):
        titles.update({key: node.title or key for key, node in group.items()})
    return titles
