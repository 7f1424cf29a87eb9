"""The limits of every field, read from the package's JSON Schema, as a table for the README.

The models state each bound once (``Field(ge=…, max_length=…)``); the schema carries them to
editors, and this table to readers, so the README cannot drift from what is enforced.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

Node = dict[str, Any]

_SPANS = {  # JSON Schema keyword pairs → what is counted
    ("minLength", "maxLength"): "characters",
    ("minItems", "maxItems"): "items",
    ("minProperties", "maxProperties"): "entries",
}

_SINGULAR = {"characters": "character", "items": "item", "entries": "entry"}


@dataclass(frozen=True, order=True)
class FieldLimit:
    path: str  # e.g. materials.<name>.markers[].label
    kinds: str  # the `kind` of each choice on the way, e.g. "sheet › checkboxes"
    limit: str  # e.g. "1 to 3 characters"


def field_limits(schema: Node) -> list[FieldLimit]:
    """Every bounded field, by its shortest path from the top of a package file, sorted by
    path; a model used at several places is listed where it is nearest the top, and a field
    that several kinds share (every material's `ink_limit`) once, naming them all."""
    defs: dict[str, Node] = schema.get("$defs", {})
    found: dict[tuple[str, str, str], None] = {}
    expanded: set[str] = set()
    queue: deque[tuple[Node, str, tuple[str, ...]]] = deque([(schema, "", ())])
    while queue:
        node, path, kinds = queue.popleft()
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name in expanded:
                continue
            expanded.add(name)
            target = defs[name]
            kind = target.get("properties", {}).get("kind", {}).get("const")
            queue.append((target, path, (*kinds, kind) if kind else kinds))
            continue
        limit = describe(node)
        if limit:
            found[(path, " › ".join(kinds), limit)] = None
        for key in ("anyOf", "oneOf", "allOf"):
            queue.extend((sub, path, kinds) for sub in node.get(key, ()))
        for key, sub in node.get("properties", {}).items():
            queue.append((sub, f"{path}.{key}" if path else key, kinds))
        for sub in node.get("patternProperties", {}).values():
            queue.append((sub, f"{path}.<name>", kinds))
        if "propertyNames" in node:
            queue.append((node["propertyNames"], f"{path} (names)", kinds))
        if isinstance(node.get("additionalProperties"), dict):
            queue.append((node["additionalProperties"], f"{path}.<name>", kinds))
        if isinstance(node.get("items"), dict):
            queue.append((node["items"], f"{path}[]", kinds))
        for index, sub in enumerate(node.get("prefixItems", ())):
            queue.append((sub, f"{path}[{index}]", kinds))
    kinds_of: dict[tuple[str, str], list[str]] = {}
    for path, kinds, limit in found:
        kinds_of.setdefault((path, limit), []).append(kinds)
    return sorted(
        FieldLimit(path, ", ".join(k for k in kinds if k), limit)
        for (path, limit), kinds in kinds_of.items()
    )


def describe(node: Node) -> str:
    """A node's bounds in words ("1 to 3 characters", "above 0, at most 400"), or ""."""
    parts: list[str] = []
    for (low_key, high_key), unit in _SPANS.items():
        low, high = node.get(low_key) or 0, node.get(high_key)
        unit = _SINGULAR[unit] if (high or low) == 1 else unit
        if high is not None and low == high:
            parts.append(f"exactly {_number(high)} {unit}")
        elif high is not None:
            bound = f"{_number(low)} to {_number(high)}" if low else f"at most {_number(high)}"
            parts.append(f"{bound} {unit}")
        elif low:
            parts.append(f"at least {_number(low)} {unit}")
    low, above, high = (node.get(k) for k in ("minimum", "exclusiveMinimum", "maximum"))
    if low is not None and high is not None:
        parts.append(f"{_number(low)} to {_number(high)}")
    else:
        words = (("at least", low), ("above", above), ("at most", high))
        bounds = [f"{word} {_number(v)}" for word, v in words if v is not None]
        if bounds:
            parts.append(", ".join(bounds))
    return "; ".join(parts)


def _number(value: float) -> str:
    return f"{value:,}"


def limits_table(schema: Node) -> str:
    """The README's table of field limits, in Markdown."""
    lines = ["| field | of | limit |", "|---|---|---|"]
    for item in field_limits(schema):
        lines.append(f"| `{item.path}` | {item.kinds} | {item.limit} |")
    return "\n".join(lines) + "\n"
