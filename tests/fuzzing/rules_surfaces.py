"""Families for rules as data: claims, worked examples and tables (dice, range, lookup), each
mutated in a package that has `rules:`, one surface per case."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from fuzzing.draft import Draft, known_attack, save_yaml, section
from fuzzing.expressions import expression, nondeterministic
from fuzzing.hostile import HOSTILE_NUMBERS, hostile_value
from fuzzing.yaml_mutations import mutate_subtree


def _entries(draft: Draft, key: str) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The file and tree holding the top-level `key` (claims, examples), created beside the
    rules when the package has none, and the mapping of its entries."""
    found = section(draft.game, key) or section(draft.game, "rules")
    assert found, f"{draft.game.name} has no rules to hold {key}"
    path, tree = found
    if not isinstance(tree.get(key), dict):
        tree[key] = {}
    return path, tree, tree[key]


def mutate_claims(draft: Draft) -> None:
    """A claim's `check` replaced by a hostile or random expression, or the claim's other
    fields mutated; sometimes a new claim beside the shipped ones."""
    rng = draft.rng
    path, tree, claims = _entries(draft, "claims")
    known = known_attack(rng)
    if claims and not known and rng.random() < 0.3:
        name = rng.choice(sorted(claims))
        claims[name], change = mutate_subtree(rng, claims[name])
        draft.note(f"{path.name}: claim '{name}': {change}")
    else:
        name = rng.choice(sorted(claims)) if claims and rng.random() < 0.5 else "fuzz_claim"
        check = expression(rng, known)
        if nondeterministic(check):
            draft.refuse("a claim that uses random or lipsum")
        claims[name] = {**(claims.get(name) or {"text": "A claim."}), "check": check}
        draft.note(f"{path.name}: claim '{name}' checks {check!r}")
    save_yaml(path, tree)


def mutate_examples(draft: Draft) -> None:
    """A worked example's inputs, outcome or compute expressions made hostile."""
    rng = draft.rng
    path, tree, examples = _entries(draft, "examples")
    name = rng.choice(sorted(examples)) if examples else "fuzz_example"
    example = examples.setdefault(
        name, {"text": "An example.", "inputs": {"x": 1}, "outcome": {"y": 1}, "compute": {}}
    )
    if not isinstance(example, dict):
        example = examples[name] = {"text": "An example."}
    part = rng.choice(("inputs", "outcome", "compute", "compute", "tree"))
    if part == "tree":
        examples[name], change = mutate_subtree(rng, example)
        draft.note(f"{path.name}: example '{name}': {change}")
    elif part == "compute":
        computed = example.get("compute") if isinstance(example.get("compute"), dict) else {}
        outcome = example.get("outcome") if isinstance(example.get("outcome"), dict) else {}
        key = rng.choice(sorted(map(str, outcome)) or ["y"])
        inputs = sorted(map(str, example.get("inputs") or {})) or ["x"]
        formula = expression(rng, known_attack(rng))
        if rng.random() < 0.3:  # an input name raised to itself, times, concatenated
            name_in = rng.choice(inputs)
            formula = f"{name_in} {rng.choice(('**', '*', '~', '//'))} {name_in}"
        if nondeterministic(formula):
            draft.refuse("an example that uses random or lipsum")
        example["compute"] = {**computed, key: formula}
        draft.note(f"{path.name}: example '{name}' computes {key} as {formula!r}")
    else:
        values = example.get(part) if isinstance(example.get(part), dict) else {}
        key = rng.choice(sorted(map(str, values)) or ["x"]) if rng.random() < 0.7 else "new"
        value = rng.choice(HOSTILE_NUMBERS) if rng.random() < 0.6 else hostile_value(rng)
        example[part] = {**values, key: value}
        draft.note(f"{path.name}: example '{name}' {part}.{key} = {value!r:.60}")
    save_yaml(path, tree)


DICE = ("1000d1000", "100d6", "0d6", "d0", "d-6", "2d6+3", "d6-d6", "1d1000000", "10d10", "d")
ROLLS = ("1-1000000000", "-5-3", "3-1", "x", "1--2", "0", "", "2-12", "7", "1e308", "6-6")


def _hostile_row(rng: Any, kind: str) -> dict[str, Any]:
    if kind == "dice":
        return {"roll": rng.choice(ROLLS + tuple(HOSTILE_NUMBERS[:6])), "result": "R."}
    if kind == "range":
        low, high = rng.choice(HOSTILE_NUMBERS), rng.choice((*HOSTILE_NUMBERS, None))
        return {"min": low, "max": high, "result": "R."}
    return {
        "key": hostile_value(rng),
        "result": "R.",
        "data": {"cost": rng.choice(HOSTILE_NUMBERS)},
    }


def mutate_tables(draft: Draft) -> None:
    """A table's dice, rows, domain, restatement or kind made hostile; many or odd rows."""
    rng = draft.rng
    path, tree = section(draft.game, "rules") or (None, None)
    assert path is not None and tree is not None
    rules = tree["rules"]
    tables = rules.setdefault("tables", {}) if isinstance(rules, dict) else {}
    if not tables:
        tables["fuzz"] = {"kind": "dice", "dice": "d6", "rows": [{"roll": "1-6", "result": "R."}]}
    name = rng.choice(sorted(tables))
    table = tables[name]
    kind = table.get("kind", "dice") if isinstance(table, dict) else "dice"
    operation = rng.randrange(8)
    if not isinstance(table, dict) or operation == 0:
        tables[name], change = mutate_subtree(rng, table)
        draft.note(f"{path.name}: table '{name}': {change}")
    elif operation == 1:
        table["dice"] = rng.choice(DICE)
        draft.note(f"{path.name}: table '{name}' rolls {table['dice']!r}")
    elif operation == 2:
        rows = [_hostile_row(rng, kind) for _ in range(rng.randint(1, 4))]
        table["rows"] = list(table.get("rows") or []) + rows
        draft.note(f"{path.name}: table '{name}' gains rows {rows!r:.120}")
    elif operation == 3:
        count = rng.choice((1000, 10_000, 50_000))
        row = copy.deepcopy((table.get("rows") or [_hostile_row(rng, kind)])[0])
        table["rows"] = [row] * count
        draft.note(f"{path.name}: table '{name}' repeats its first row {count} times")
    elif operation == 4:
        table["restates"] = rng.choice((name, "nope", *sorted(tables)))
        other = tables.get(table["restates"])
        if isinstance(other, dict) and rng.random() < 0.5:
            other["restates"] = name  # a cycle of two
        draft.note(f"{path.name}: table '{name}' restates {table['restates']!r}")
    elif operation == 5:
        table["domain"] = {"min": rng.choice(HOSTILE_NUMBERS), "max": rng.choice(HOSTILE_NUMBERS)}
        draft.note(f"{path.name}: table '{name}' domain {table['domain']!r}")
    elif operation == 6:
        table["kind"] = rng.choice(("dice", "range", "lookup", "nope", None))
        draft.note(f"{path.name}: table '{name}' becomes kind {table['kind']!r}")
    else:
        rows = table.get("rows") or []
        if rows and isinstance(rows, list):
            rows.reverse()
            rows.append(copy.deepcopy(rows[0]))
        draft.note(f"{path.name}: table '{name}' rows reversed, the first repeated")
    save_yaml(path, tree)


def rules_games(candidates: list[Path]) -> list[Path]:
    """The seed packages with a `rules:` section."""
    return [game for game in candidates if section(game, "rules")]
