"""The sheets family: a `sheet` material's elements (tables over expressions, number tracks,
checkboxes, templates in labels and cells, absolute places, n-up sizes, repeats over data)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from fuzzing.draft import Draft, known_attack, materials, save_yaml
from fuzzing.expressions import expression, template_text
from fuzzing.hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS
from fuzzing.yaml_mutations import mutate_subtree
from printkit.model.limits import MAX_SHEET_PAGES

LENGTHS = ("0mm", "-5mm", "1e308mm", "0.001mm", "5000mm", "100m", "1mm", "nan mm", "300mm")
TEMPLATED_FIELDS = ("text", "label", "value", "group_label", "title", "cell", "name", "next")


def _elements(value: Any) -> list[dict[str, Any]]:
    """Every element of a sheet, those inside rows included."""
    found: list[dict[str, Any]] = []
    for element in value if isinstance(value, list) else []:
        if isinstance(element, dict):
            found.append(element)
            found += _elements(element.get("elements"))
            found += [c for c in element.get("columns") or [] if isinstance(c, dict)]
    return found


def _nest(depth: int) -> dict[str, Any]:
    element: dict[str, Any] = {"kind": "stat", "id": "deep", "label": "Deep"}
    for _ in range(depth):
        element = {"kind": "row", "elements": [element]}
    return element


def mutate_sheets(draft: Draft) -> None:
    """One change to one sheet material: a known attack on its amounts or templates, or a
    random tree mutation of the material."""
    rng = draft.rng
    path, tree, name = rng.choice(materials(draft.game, ("sheet",)))
    material = tree["materials"][name]
    elements = _elements(material.get("elements"))
    operation = rng.randrange(10) if known_attack(rng) or rng.random() < 0.5 else 10
    change = ""
    if operation == 0 and elements:
        element = rng.choice([e for e in elements if set(e) & set(TEMPLATED_FIELDS)] or elements)
        key = rng.choice([k for k in TEMPLATED_FIELDS if k in element] or ["text"])
        element[key] = template_text(rng, rng.random() < 0.5)
        change = f"element {key} = {element[key]!r:.80}"
    elif operation == 1:
        tables = [e for e in elements if "rows" in e and e.get("kind") in ("table", "cycle")]
        rows = expression(rng, rng.random() < 0.5)
        target = rng.choice(tables) if tables else {"kind": "table", "columns": [{"title": "x"}]}
        target["rows"] = rows
        if not tables:
            material.setdefault("elements", []).append(target)
        change = f"table rows = {rows!r:.80}"
    elif operation == 2:
        end = rng.choice((10**6, 10**9, "{{ 10**6 }}", "{{ values.nope }}", -(10**9), 0, 1e308))
        start = rng.choice((0, 1, 10**6, -(10**9), "{{ 1 // 0 }}"))
        material.setdefault("elements", []).append(
            {"kind": "numbers", "id": "fuzz_track", "label": "T", "start": start, "end": end}
        )
        change = f"a number track from {start!r} to {end!r}"
    elif operation == 3:
        groups, per_group = rng.choice(((50, 20), (51, 20), (50, 21), (0, 1), (10**6, 10**6)))
        material.setdefault("elements", []).append(
            {"kind": "checkboxes", "id": "fuzz_boxes", "label": "B", "groups": groups,
             "per_group": per_group, "group_label": "{{ n }}"}
        )  # fmt: skip
        change = f"checkboxes {groups} × {per_group}"
    elif operation == 4:
        material["copies"] = rng.choice((100, 101, 0, 10**6))
        material["size"] = {"width": rng.choice(LENGTHS), "height": rng.choice(LENGTHS)}
        change = f"copies {material['copies']}, size {material['size']}"
    elif operation == 5 and elements:
        element = rng.choice(elements)
        element["place"] = {"x": rng.choice(LENGTHS), "y": rng.choice(LENGTHS)}
        change = f"an element placed at {element['place']}"
    elif operation == 6:
        count = rng.choice((200, 2000, 20_000))
        material["elements"] = (material.get("elements") or [])[:1] * count
        change = f"{count} copies of the first element"
    elif operation == 7:
        depth = rng.choice((12, 50, 90))
        material.setdefault("elements", []).append(_nest(depth))
        change = f"rows nested {depth} deep"
    elif operation == 8:
        count = rng.choice((100, MAX_SHEET_PAGES, 10_000, 100_000))
        data = tree.setdefault("data", {}) if isinstance(tree.get("data", {}), dict) else {}
        data["fuzz_items"] = [{"name": f"Item {i}", "level": 1} for i in range(count)]
        material["repeat"], material["each"] = "fuzz_items", "item"
        change = f"repeat over {count} items of data"
    elif operation == 9 and elements:
        element = rng.choice(elements)
        key = rng.choice(sorted(element))
        element[key] = rng.choice((*HOSTILE_NUMBERS, *HOSTILE_STRINGS))
        change = f"element {key} = {element[key]!r:.80}"
    else:
        tree["materials"][name], change = mutate_subtree(rng, copy.deepcopy(material))
    draft.note(f"{path.name}: sheet '{name}': {change}")
    save_yaml(path, tree)


def sheet_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if materials(game, ("sheet",))]
