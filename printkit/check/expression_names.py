"""A claim or example that names a table, section, component or card set that does not exist
is found before it is evaluated, and reported at that name with the closest one that does
(PK609): the evaluation would only say that a 'dict object' has no such attribute."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from printkit.diagnostics import did_you_mean

# a dotted name outside quotes and not a method call: tables.ranges.rows, decks.deck.sets.x
_CHAIN = re.compile(r"(?<![\w.'\"])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?!\w|\s*\()")
_TABLE_CALL = re.compile(r"\b(?:lookup|rows)\(\s*['\"](\w+)['\"]")
# values.NAME is checked where every use of a value is (PK535)
_CHECKED_ELSEWHERE = {"values"}


def missing_names(expression: str, context: Mapping[str, Any]) -> Iterator[tuple[int, str, str]]:
    """(offset in the expression, what is missing, hint) for each name that does not exist."""
    for match in _TABLE_CALL.finditer(expression):
        tables = context.get("tables", {})
        if match[1] not in tables:
            yield match.start(1), f"table '{match[1]}'", did_you_mean(match[1], tables)
    for match in _CHAIN.finditer(expression):
        yield from _walk(match[1], match.start(1), context)


def _walk(chain: str, offset: int, context: Mapping[str, Any]) -> Iterator[tuple[int, str, str]]:
    first, *rest = chain.split(".")
    if first not in context or first in _CHECKED_ELSEWHERE:
        return  # an undefined name, reported when the expression is evaluated
    current, walked = context[first], first
    position = offset + len(first) + 1
    for segment in rest:
        if walked == "rules" and segment in _CHECKED_ELSEWHERE:
            return
        if isinstance(current, Mapping):
            names = current.keys()
        elif isinstance(current, BaseModel):
            names = type(current).model_fields.keys()
        else:
            return  # a number, a list or a text: its attributes are Jinja's
        if segment not in names:
            yield position, f"'{segment}' in {walked}", did_you_mean(segment, map(str, names))
            return
        current = current[segment] if isinstance(current, Mapping) else getattr(current, segment)
        walked, position = f"{walked}.{segment}", position + len(segment) + 1
