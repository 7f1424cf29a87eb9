"""Named values: every `values.NAME` that prose, a claim, an example or a material's template
uses must be defined in `rules.values` (or, in the played rules, by an erratum's `plays`).

A rule text may lean on a number it never states (a ship's starting crew); printing the rule
then needs a number nobody chose. Found here as PK535, such a gap is resolved like any other
fault of the text: an erratum that plays the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_json

from printkit.diagnostics import VALUE_UNDEFINED, Diagnostics, closest, suggestion
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package

# values.NAME, values['NAME'] or rules.values.NAME; not card.values.NAME nor values.items()
_VALUE_USE = re.compile(
    r"(?<![\w.])(?:rules\.)?values(?:\.(\w+)\b(?!\s*\()|\[\s*['\"](\w+)['\"]\s*\])"
)
# The sections whose text is templates over the rules context.
TEMPLATED = ("rules", "claims", "examples", "materials")
FILTERED_DEPTH = 3  # path length down to which parts naming no value are skipped unwalked


def value_uses(source: str) -> set[str]:
    """The names of the values a template source uses."""
    return {a or b for a, b in _VALUE_USE.findall(source)}


def uses_undefined(source: str, context: dict[str, Any]) -> bool:
    """Whether a template uses a value its context does not define: its failure is then
    reported once, as PK535 by check_values_defined, not again where it is rendered. A
    context whose `values` is no mapping has no value to miss: its template's own failure
    says what it is."""
    values = context.get("values", {})
    return isinstance(values, Mapping) and bool(value_uses(source) - values.keys())


def used_values(package: Package) -> set[str]:
    """Every value name the package's templates use."""
    return {name for _, source in _strings(package) for name in value_uses(source)}


def check_values_defined(package: Package, spans: SourceMap, diagnostics: Diagnostics) -> None:
    defined = package.rules.values if package.rules else {}
    for path, source in _strings(package):
        for name in sorted(value_uses(source) - defined.keys()):
            diagnostics.add(
                VALUE_UNDEFINED,
                f"value '{name}' is used here but never defined",
                spans.value(path),
                hint=_hint(name, defined),
            )


def _hint(name: str, defined: dict[str, Any]) -> str:
    """ "did you mean" for a misspelt name; else how to define the value."""
    close = closest(name, defined)
    if close is not None:
        return suggestion(close)
    return (
        f"add rules.values.{name}, or, when the rule text never states it, an erratum "
        f"(code PK535) that plays rules.values.{name}"
    )


def _strings(package: Package) -> Iterator[tuple[PathKey, str]]:
    """(path, text) of every string of the templated sections that may name a value, depth
    first. Near the top (sections, their entries, the parts of those) a part whose serialised
    form never says 'values' is not walked: a map's thousands of hexes, or the many tables
    that name no value, cost one serialisation each, not a walk."""
    stack = [((key,), getattr(package, key)) for key in reversed(TEMPLATED)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            yield path, value
            continue
        children = _children(value)
        if len(path) <= FILTERED_DEPTH:
            children = [(name, child) for name, child in children if b"values" in to_json(child)]
        stack += reversed([((*path, name), child) for name, child in children])


def _children(value: Any) -> list[tuple[str | int, Any]]:
    if isinstance(value, BaseModel):
        names = [*type(value).model_fields, *(value.model_extra or {})]
        return [(name, getattr(value, name)) for name in names]
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, list | tuple):
        return list(enumerate(value))
    return []
