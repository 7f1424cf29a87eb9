"""The items a sheet repeats over (ship builds under `data:`, or a list an expression makes
from the rules context, such as a game's dice), checked against the rules they buy under.

What may be bought, at what cost and how often, is data: a lookup table of the rules whose rows
hold `cost` and `limit`. Each item names what it bought (name → count); the checks are the same
for any game: every name is in the table, no count passes its limit, the total stays within the
item's budget, and of the kinds marked exclusive (one type of cannon) at most one is bought.
Each finding names the rule it breaks and points at the line of the item (at the sheet's
`repeat` for an item an expression made, which has no line of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.check.values import uses_undefined
from printkit.diagnostics import (
    BAD_VALUE,
    PURCHASE_EXCLUSIVE,
    PURCHASE_LIMIT,
    PURCHASE_OVER_BUDGET,
    PURCHASE_UNKNOWN,
    SHEET_REPEAT,
    TEMPLATE_ERROR,
    TOO_MANY_PIECES,
    Diagnostics,
    did_you_mean,
)
from printkit.load.package import LoadedPackage
from printkit.model.limits import MAX_SHEET_PAGES
from printkit.model.rules import LookupTable
from printkit.model.sheet import Purchases, SheetMaterial
from printkit.sandbox.environment import GLOBALS
from printkit.sandbox.expressions import TemplateProblem, evaluate
from printkit.sandbox.views import describe


def repeated_items(
    loaded: LoadedPackage,
    material_id: str,
    spec: SheetMaterial,
    context: dict[str, Any],
    diagnostics: Diagnostics,
) -> list[Any] | None:
    """The items of `repeat` (one empty item without it); None when the sheet cannot be made."""
    if spec.repeat is None:
        return [{}]
    if not _each_free(loaded, material_id, spec.each, context, diagnostics):
        return None
    at_repeat = loaded.spans.value(("materials", material_id, "repeat"))
    data = loaded.package.data
    # A name under `data:` is that list as written, and its items' findings point at their
    # lines; anything else is an expression, a list the rules context makes (the inventory).
    written = spec.repeat in data or (spec.repeat.isidentifier() and spec.repeat not in context)
    if written:
        items = data.get(spec.repeat)
    elif uses_undefined(spec.repeat, context):
        return None  # the undefined value is the mistake: PK535 where it is used
    else:
        try:
            items = evaluate(spec.repeat, context)
        except TemplateProblem as problem:
            diagnostics.add(
                problem.code or TEMPLATE_ERROR,
                f"material '{material_id}': repeat {problem}",
                at_repeat,
                hint=problem.hint or _REPEAT_HINT,
            )
            return None
    if isinstance(items, Sequence) and not isinstance(items, str):
        items = list(items)  # a range of numbers, a tuple
    if not isinstance(items, list) or not items:
        if written:
            message = f"repeats over data '{spec.repeat}', which is not a list"
            hint = did_you_mean(spec.repeat, data, otherwise="add it under 'data:'")
        else:
            message = f"repeats over '{spec.repeat}', which gives {describe(items)}"
            hint = _REPEAT_HINT
        diagnostics.add(SHEET_REPEAT, f"material '{material_id}' {message}", at_repeat, hint=hint)
        return None
    if len(items) > MAX_SHEET_PAGES:
        diagnostics.add(
            TOO_MANY_PIECES,
            f"material '{material_id}' repeats over {len(items):,} items of '{spec.repeat}', "
            f"a page each: at most {MAX_SHEET_PAGES:,}",
            at_repeat,
            hint="split the data into several sheets, or print fewer items (see `printkit "
            "schema --limits`)",
        )
        return None
    if spec.purchases is not None:
        errors = diagnostics.count()
        for index, item in enumerate(items):
            where = (
                ("data", spec.repeat, index) if written else ("materials", material_id, "repeat")
            )
            _check(loaded, material_id, spec, where, item, index, context, diagnostics)
        if diagnostics.count() > errors:
            return None
    return items


def _each_free(
    loaded: LoadedPackage,
    material_id: str,
    each: str,
    context: dict[str, Any],
    diagnostics: Diagnostics,
) -> bool:
    """Whether the item's name is one no template of the sheet already has: `each: values`
    hid the rules' values from every template (and the value checks, which read them)."""
    taken = {*context, *GLOBALS, *_ROW}
    if each not in taken:
        return True
    diagnostics.add(
        BAD_VALUE,
        f"material '{material_id}' names its repeated item '{each}', a name its templates "
        "already have",
        loaded.spans.value(("materials", material_id, "each")),
        hint=f"choose another name; taken: {', '.join(sorted(taken))}",
    )
    return False


_ROW = ("row",)  # what a table's cells and a cycle's names call their row


_REPEAT_HINT = (
    "'repeat' names a list under 'data:', or is an expression giving a list of one or more "
    "items, such as components.values() | list"
)


def _check(
    loaded: LoadedPackage,
    material_id: str,
    spec: SheetMaterial,
    where: tuple,
    item: Any,
    index: int,
    context: dict[str, Any],
    diagnostics: Diagnostics,
) -> None:
    """One item against the purchase rules, each finding at `where`: the item's own line under
    `data:`, or the sheet's `repeat` for an item an expression made."""
    rules: Purchases = spec.purchases  # type: ignore[assignment] - the caller checked
    spans = loaded.spans
    table = (loaded.package.rules.tables if loaded.package.rules else {}).get(rules.table)
    if not isinstance(table, LookupTable):
        diagnostics.add(
            PURCHASE_UNKNOWN,
            f"purchases name table '{rules.table}', which is not a lookup table of the rules",
            spans.value(("materials", material_id, "purchases", "table")),
            hint="name a 'kind: lookup' table whose rows hold cost and limit",
        )
        return
    rows = {str(row.key): row for row in table.rows}
    bought = item.get(rules.bought, {}) if isinstance(item, dict) else None
    name = item.get("name", f"item {index + 1}") if isinstance(item, dict) else index + 1
    counts_ok = isinstance(bought, dict) and all(
        isinstance(count, int) and not isinstance(count, bool) and count >= 0
        for count in bought.values()
    )
    if not counts_ok:
        diagnostics.add(
            PURCHASE_UNKNOWN,
            f"'{name}' must list what it buys as '{rules.bought}: {{name: count}}'",
            spans.value((*where, rules.bought)),
            hint="for example  upgrades: {Shield bonus: 2, Phaser cannons: 1}",
        )
        return
    spent = 0
    for key, count in bought.items():
        at = spans.key((*where, rules.bought, key))
        row = rows.get(str(key))
        if row is None:
            diagnostics.add(
                PURCHASE_UNKNOWN,
                f"'{name}' buys '{key}', which table '{rules.table}' does not offer",
                at,
                hint=did_you_mean(str(key), rows),
            )
            continue
        limit = row.data.get("limit")
        if isinstance(limit, int) and count > limit:
            diagnostics.add(
                PURCHASE_LIMIT,
                f"'{name}' buys '{key}' {count} times; the rules allow {limit}",
                at,
                hint=f"table '{rules.table}': {key} may be bought {limit} time(s)",
            )
        cost = row.data.get("cost")
        if isinstance(cost, int | float):
            spent += cost * count
    for flag in rules.exclusive:
        kinds = [
            k for k, c in bought.items() if c and rows.get(str(k)) and rows[str(k)].data.get(flag)
        ]
        if len(kinds) > 1:
            diagnostics.add(
                PURCHASE_EXCLUSIVE,
                f"'{name}' buys {' and '.join(map(str, kinds))}; only one {flag} kind is allowed",
                spans.key((*where, rules.bought)),
                hint=f"keep one of them: the rules allow a single {flag} type per item",
            )
    try:
        budget = evaluate(rules.budget, {**context, spec.each: item})
    except TemplateProblem as problem:
        diagnostics.add(
            problem.code or PURCHASE_OVER_BUDGET,
            f"budget of '{name}' cannot be worked out: {problem}",
            spans.value((*where,)),
            hint="check the item's fields against the budget expression",
        )
        return
    if isinstance(budget, int | float) and spent > budget:
        diagnostics.add(
            PURCHASE_OVER_BUDGET,
            f"'{name}' spends {spent:g} but may spend {budget:g}",
            spans.value((*where,)),
            hint=f"buy less from table '{rules.table}', or raise the item's budget",
        )
