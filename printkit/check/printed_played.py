"""Printed text that states what the errata no longer play (PK547).

An erratum's `plays` changes a number the materials print through the data; a rule whose own
text writes that number itself ("1 to 5 hexes" where the played row starts at 2) would print
the text's number beside the played one. Looked for in the text of the rule a played path
belongs to: a table row's result, else the rule's `text`.
"""

from __future__ import annotations

from printkit.check.retyped import literal_numbers
from printkit.check.rule_index import Entry, rule_entries
from printkit.diagnostics import PRINTED_NOT_PLAYED, Diagnostics
from printkit.load.package import LoadedPackage
from printkit.load.played import Play, plays_of, value_at
from printkit.load.yaml_spans import PathKey

ROW = 5  # ("rules", "tables", id, "rows", index): a path this long or longer is in a row


def check_printed_played(played: LoadedPackage, diagnostics: Diagnostics) -> None:
    """PK547 for each rule text that writes a number a `plays` entry changed."""
    rules = played.package.rules
    if played.text is None or rules is None:
        return
    entries = list(rule_entries(rules))
    for play in plays_of(played.text):
        was = value_at(played.text, play.path)[0]
        if not _whole(was) or was == play.value:  # the text writes whole numbers only
            continue
        where, name = _printed_at(entries, play.path)
        if where is None:
            continue
        printed = value_at(played.package, where)[0]
        if isinstance(printed, str) and was in literal_numbers(printed):
            _report(played, play, was, where, name, diagnostics)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _printed_at(entries: list[Entry], path: PathKey) -> tuple[PathKey | None, str]:
    """The path of the text that prints the rule `path` belongs to, and the rule's name."""
    if path[:2] == ("rules", "tables") and len(path) > ROW and path[3] == "rows":
        return (*path[:ROW], "result"), f"row {int(path[4]) + 1} of '{path[2]}'"
    owners = [e for e in entries if path[: len(e.path)] == e.path and len(path) > len(e.path)]
    if not owners:
        return None, ""
    owner = max(owners, key=lambda entry: len(entry.path))
    return (*owner.path, "text"), f"{owner.kind} '{owner.id}'"


def _report(
    played: LoadedPackage,
    play: Play,
    was: int,
    where: PathKey,
    name: str,
    diagnostics: Diagnostics,
) -> None:
    diagnostics.add(
        PRINTED_NOT_PLAYED,
        f"{name} prints {was} in its text, where erratum '{play.name}' plays {play.key} = "
        f"{play.value}",
        played.spans.value(where),
        hint="print the number through the data ({{ row.min }}, {{ values.NAME }}), so that "
        "the text states what is played",
    )
