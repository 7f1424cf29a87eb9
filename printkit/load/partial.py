"""A package modelled without the entries that do not validate, so that one entry's mistake
does not hide the rest of the game's: a sheet's bad field leaves its rules checked, a table of
an unknown kind the other tables and the claims that do not read it.

Each entry left out is reported already; the checks after loading skip what depends on it
(printkit/check/follow_ons.py), so that its mistake is said once.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import ValidationError

from printkit.load.yaml_spans import PathKey
from printkit.model.errors import data_path
from printkit.model.package import Package

# The sections whose entries are named (`materials: {score_pad: …}`): an entry left out is one
# name that other parts may refer to, and the findings of those references are follow-ons.
_NAMED = frozenset(("components", "layouts", "decks", "materials", "claims", "examples"))
_NAMED_RULES = frozenset(
    (
        "values",
        "sections",
        "actions",
        "tables",
        "end_conditions",
        "variants",
        "abilities",
        "glossary",
    )
)


def validated_in_part(
    data: dict[str, Any],
) -> tuple[Package, dict[str, Any], set[PathKey]] | None:
    """The package without the named entries that fail validation (once their errors are
    reported, from the whole data), the data it was validated from, and the paths of those
    left out; None when a mistake lies outside any named entry (the game's title, a section
    that is no mapping), which leaves no game to check."""
    kept = copy.deepcopy(data)
    left_out: set[PathKey] = set()
    while True:
        try:
            return Package.model_validate(kept), kept, left_out
        except ValidationError as error:
            entries = {_entry(data_path(kept, tuple(e["loc"]), Package)) for e in error.errors()}
        if () in entries:
            return None
        for *parents, name in entries:
            section = kept
            for parent in parents:
                section = section[parent]
            del section[name]
        left_out |= entries


def _entry(path: PathKey) -> PathKey:
    """The named entry a mistake at `path` lies in; () when it lies in none."""
    if len(path) >= 2 and path[0] in _NAMED:
        return path[:2]
    if len(path) >= 3 and path[0] == "rules" and path[1] in _NAMED_RULES:
        return path[:3]
    return ()
