"""What the names of a claim's or example's expression are.

One that names a table, section, component or card set that does not exist is found before it
is evaluated, and reported at that name with the closest one that does (PK609): the evaluation
would only say that a 'dict object' has no such attribute. And the data paths it names are
what it reads: check/played_claims.py judges it again on the played rules when the errata's
plays change one of them.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from printkit.diagnostics import did_you_mean
from printkit.load.yaml_spans import PathKey
from printkit.model.rules_context import CONTEXT_PATHS

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


_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
# a name and the attributes written after it, and whether a method of it is called
_NAME = re.compile(r"(?<![\w.])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)(\s*\()?")
# the helpers that read a rule by its id: lookup('cave', 7) reads rules.tables.cave
_BY_ID = re.compile(r"\b(lookup|rows|ref|term)\(\s*(?:['\"](\w+)['\"])?")
_BY_ID_PATHS = {
    "lookup": ("rules", "tables"),
    "rows": ("rules", "tables"),
    "ref": ("rules", "sections"),
    "term": ("rules", "glossary"),
}


def paths_read(expression: str, own: Collection[str] = ()) -> set[PathKey]:
    """The data paths an expression reads, as its text names them: each name of the rules
    context with the attributes written after it (`tables.survival.rows` reads
    rules.tables.survival.rows, and all below it: a subscript, a filter or a method ends the
    path) and the rule a helper is given by id (`lookup('cave', 7)`: rules.tables.cave; an id
    that is no literal, every table). `own` are the names it has of its own (an example's
    inputs), which read no data; a name inside a string reads nothing."""
    found: set[PathKey] = set()
    for call in _BY_ID.finditer(expression):
        where = _BY_ID_PATHS[call[1]]
        found.add((*where, call[2]) if call[2] else where)
    for name in _NAME.finditer(_STRING.sub("''", expression)):
        first, *rest = (part.strip() for part in name[1].split("."))
        if first in own or first not in CONTEXT_PATHS:
            continue
        if name[2]:  # a method is called: its object is what is read
            rest = rest[:-1]
        found.add((*CONTEXT_PATHS[first], *rest))
    return found
