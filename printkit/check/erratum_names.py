"""An erratum's subject names what it resolves: a table, a row, a claim, an example, a value,
a term or a rule. A misspelt name matches no finding, so the fault stays unresolved and the
erratum looks merely stale; naming the thing that does not exist, with the closest name that
does, says what is wrong (PK608, at the name inside the subject)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from printkit.check.rule_index import rule_entries
from printkit.diagnostics import ERRATUM_NAMES_NOTHING, Diagnostics, did_you_mean
from printkit.load.package import LoadedPackage
from printkit.load.played import erratum_name
from printkit.model.package import Package

# kind 'name' — "no section 'x'" names a section that is missing on purpose (a dangling
# reference), and "counted per 'round'" a unit, so neither is read as a name to look up.
_NAMED = re.compile(
    r"(?<!no )\b(?P<kind>table|claim|example|value|term)\s+'(?P<name>[^']+)'"
    r"|\brow (?P<row>\d+) of '(?P<table>[^']+)'"
    r"|^'(?P<rule>[^']+)'"
)


def check_erratum_names(loaded: LoadedPackage, diagnostics: Diagnostics) -> set[int]:
    """Report each name an erratum's subject gives that the package lacks; the indices of the
    errata reported, whose 'matches no diagnostic' warning would only repeat it."""
    reported: set[int] = set()
    for index, erratum in enumerate(loaded.package.errata):
        for start, message, hint in _missing(loaded.package, erratum.subject):
            span = loaded.spans.value(("errata", index, "subject"))
            diagnostics.add(
                ERRATUM_NAMES_NOTHING,
                f"erratum '{erratum_name(loaded.package, index)}' names {message}",
                replace(span, column=span.column + 1 + start) if span.line else span,
                hint=hint,
            )
            reported.add(index)
    return reported


def _missing(package: Package, subject: str) -> Iterator[tuple[int, str, str]]:
    """(offset in the subject, what is missing, hint) for each name that does not exist."""
    rules = package.rules
    known = {
        "table": rules.tables.keys() if rules else (),
        # a value the text never states is named by the erratum that plays it
        "value": {*(rules.values if rules else ()), *_played_values(package)},
        "term": rules.glossary.keys() if rules else (),
        "claim": package.claims.keys(),
        "example": package.examples.keys(),
        "rule": [entry.id for entry in rule_entries(rules)] if rules else [],
    }
    for match in _NAMED.finditer(subject):
        if match["row"]:
            table_id, row = match["table"], int(match["row"])
            table = rules.tables.get(table_id) if rules else None
            if table is None:
                yield (
                    match.start("table"),
                    f"table '{table_id}', which does not exist",
                    (did_you_mean(table_id, known["table"])),
                )
            elif not 1 <= row <= len(table.rows):
                yield (
                    match.start("row"),
                    f"row {row} of '{table_id}', which has {len(table.rows)} rows",
                    "rows count from 1 in a subject, as messages print them",
                )
            continue
        kind = match["kind"] or "rule"
        name = match["name"] or match["rule"]
        if name not in known[kind]:
            yield (
                match.start("name" if match["kind"] else "rule"),
                (f"{kind} '{name}', which does not exist"),
                did_you_mean(name, known[kind]),
            )


def _played_values(package: Package) -> Iterator[str]:
    for erratum in package.errata:
        for path in erratum.plays or {}:
            if path.startswith("rules.values."):
                yield path.removeprefix("rules.values.")
