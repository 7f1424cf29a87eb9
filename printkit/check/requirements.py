"""Requirements: what the rules use must be in the box, as many as they use at once.

Counts are taken at the largest player count (the smallest when the game has no upper limit),
so "three dice per player" is checked against the box for the biggest table the game allows.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from printkit.check.rule_index import rule_entries
from printkit.diagnostics import (
    BAD_VALUE,
    PLAYERS_NOT_READ,
    RULE_NEEDS_COMPONENT,
    SETUP_EXCEEDS_INVENTORY,
    Diagnostics,
    Span,
    shown_value,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package, written_players
from printkit.model.rules import MAX_USED, DiceTable, Node, Players, Rules, Step, Uses


def players_of(package: Package) -> Players | None:
    """The rules' player range, else the one written in game.players ('2', '1+', '2-4')."""
    if package.rules is not None and package.rules.players is not None:
        return package.rules.players
    written = written_players(package.game.players)
    return None if written is None else Players(min=written[0], max=written[1])


def _table_size(players: Players | None) -> int:
    if players is None:
        return 1
    return players.max if players.max is not None else players.min


def check_requirements(package: Package, spans: SourceMap, diagnostics: Diagnostics) -> None:
    rules = package.rules
    if rules is None:
        return
    read = players_of(package)
    if read is None:
        diagnostics.add(
            PLAYERS_NOT_READ,
            f"'{package.game.players}' is not a player count the checks read: they count "
            "pieces for one player",
            spans.value(("game", "players")),
            hint="write it as '2', '2+', '2-5' or '2 to 5', or give the rules "
            "'players: {min: 2, max: 5}'",
        )
    players = _table_size(read)
    inventory = {key: component.count for key, component in package.components.items()}
    _counts_whole(rules, spans, diagnostics)
    for entry in rule_entries(rules):
        node = entry.node
        if isinstance(node, DiceTable):
            _dice_table(entry.id, node, entry.path, inventory, spans, diagnostics)
        if not isinstance(node, Node) or entry.kind == "setup step":
            continue  # setup steps are added up together below
        for index, use in enumerate(node.uses):
            need, have = use.needed(players, rules.values), inventory.get(use.component)
            if have is not None and need is not None and need > have:
                where = spans.value((*entry.path, "uses", index, "count"))
                _more_than_held(entry.id, use, need, have, where, diagnostics)
    base = [(("rules", "setup", index), step) for index, step in enumerate(rules.setup)]
    _setup(base, players, inventory, rules.values, spans, diagnostics)
    for variant_id, variant in rules.variants.items():
        seats = _table_size(variant.players) if variant.players else players
        if not variant.setup and seats == players:
            continue  # the base setup at the base table, checked above
        path = ("rules", "variants", variant_id, "setup")
        own = [((*path, index), step) for index, step in enumerate(variant.setup)]
        # at another table size the base steps deal other amounts: checked again, at it
        checked = len(base) if seats == players else 0
        _setup(
            [*base, *own], seats, inventory, rules.values, spans, diagnostics, checked, variant_id
        )


def _more_than_held(
    item_id: str,
    use: Uses,
    need: int,
    have: int,
    where: Span,
    diagnostics: Diagnostics,
    table: str = "",
    noun: str = "rule",
) -> None:
    """PK520: a rule or a setup step (at the table size `table` names) needs more of a
    component at once than the inventory holds."""
    at = f" ({table})" if table else ""
    diagnostics.add(
        RULE_NEEDS_COMPONENT,
        f"'{item_id}' uses {shown_value(need)} × '{use.component}' at once{at} but the "
        f"inventory holds {have}",
        where,
        hint=f"raise the component's count, or lower what the {noun} uses",
    )


def _dice_table(
    table_id: str,
    table: DiceTable,
    path: PathKey,
    inventory: dict[str, int],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> None:
    rolled = int(table.dice.partition("d")[0] or 1)
    if table.component is None:
        diagnostics.add(
            RULE_NEEDS_COMPONENT,
            f"table '{table_id}' rolls {table.dice} but names no dice of the inventory",
            spans.value((*path, "dice")),
            hint="add 'component: <id of the dice>' (and the dice to 'components' if missing)",
        )
        return
    have = inventory.get(table.component)
    if have is not None and rolled > have:
        diagnostics.add(
            RULE_NEEDS_COMPONENT,
            f"table '{table_id}' rolls {table.dice} but the inventory holds {have} "
            f"× '{table.component}'",
            spans.value((*path, "component")),
            hint="add dice to the inventory, or roll fewer",
        )


def _setup(
    steps: list[tuple[PathKey, Step]],
    players: int,
    inventory: dict[str, int],
    values: dict[str, Any],
    spans: SourceMap,
    diagnostics: Diagnostics,
    first: int = 0,
    variant: str | None = None,
) -> None:
    """Add up what the steps (each with its path) keep out of the box, in order; report the
    step that first takes more than the inventory holds, and a step needing more at once than
    it holds of what it puts back (dice rolled for first place). Steps before `first` belong
    to the base setup, already checked on their own at this table size."""
    total: Counter[str] = Counter()
    # a count is at most MAX_USED, but the players are the rules' (a number of any length)
    table = f"{shown_value(players)} players" + (f", variant '{variant}'" if variant else "")
    for index, (path, step) in enumerate(steps):
        for use_index, use in enumerate(step.uses):
            have, need = inventory.get(use.component), use.needed(players, values)
            if need is None:
                continue  # no whole number: _counts_whole says so
            if not use.kept:  # back in the box after the step, but all needed during it
                if have is not None and need > have and index >= first:
                    where = spans.value((*path, "uses", use_index, "count"))
                    _more_than_held(step.id, use, need, have, where, diagnostics, table, "step")
                continue
            before = total[use.component]
            total[use.component] += need
            if have is None or total[use.component] <= have or before > have or index < first:
                continue
            diagnostics.add(
                SETUP_EXCEEDS_INVENTORY,
                f"setup has dealt {shown_value(total[use.component])} × '{use.component}' by step "
                f"'{step.id}' ({table}) but the inventory holds {have}",
                spans.value((*path, "uses", use_index, "count")),
                hint="deal fewer, or raise the component's count",
            )


def _counts_whole(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    """PK122 at a count given as a named value that is no whole number from 0 to MAX_USED (an
    undefined name is PK535, from check_values_defined): nothing can deal 2.5 cards, and no
    inventory holds more."""
    for entry in rule_entries(rules):
        if not isinstance(entry.node, Node):
            continue
        for index, use in enumerate(entry.node.uses):
            number = use.number(rules.values)
            if number is None or use.needed(1, rules.values) is not None:
                continue  # undefined (PK535), or a count
            diagnostics.add(
                BAD_VALUE,
                f"'{entry.id}' uses {use.count} of '{use.component}', which is "
                f"{shown_value(number)}: a count is a whole number from 0 to {MAX_USED:,}",
                spans.value((*entry.path, "uses", index, "count")),
                hint="give the value a whole number, or write the count itself; a component's "
                f"inventory holds at most {MAX_USED:,}",
            )
