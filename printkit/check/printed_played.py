"""Printed text that states what the errata no longer play (PK547).

An erratum's `plays` changes a number the materials print through the data; a rule whose own
text writes that number itself ("1 to 5 hexes" where the played row starts at 2) would print
the text's number beside the played one. Looked for in the text of the rule a played path
belongs to: a table row's result, a grid column's label ("3-1" over a column the errata start
at 2), else the rule's `text`.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.check.retyped import literal_numbers
from printkit.check.rule_index import Entry, rule_entries
from printkit.diagnostics import PRINTED_NOT_PLAYED, Diagnostics
from printkit.load.package import LoadedPackage
from printkit.load.played import Play, path_text, plays_of, value_at
from printkit.load.yaml_spans import PathKey

ROW = 5  # ("rules", "tables", id, "rows", index): a path this long or longer is in a row
COLUMN = 6  # ("rules", "tables", id, "across", "columns", index): a grid's column

_THROUGH_DATA = (
    "print the number through the data ({{ row.min }}, {{ values.NAME }}), so that the text "
    "states what is played"
)


@dataclass(frozen=True)
class Printed:
    """Where the text that prints a played path's rule is, what players call it, and how the
    number printed there follows the data."""

    where: PathKey
    name: str
    hint: str
    part: str = "text"


def check_printed_played(played: LoadedPackage, diagnostics: Diagnostics) -> None:
    """PK547 for each rule text that writes a number a `plays` entry changed."""
    rules = played.package.rules
    if played.text is None or rules is None:
        return
    entries = list(rule_entries(rules))
    plays = list(plays_of(played.text))
    paths = {play.path for play in plays}
    for play in plays:
        was = value_at(played.text, play.path)[0]
        if not _whole(was) or was == play.value:  # the text writes whole numbers only
            continue
        printed = _printed_at(entries, play)
        if printed is None or _played(printed.where, paths):
            continue  # an erratum that plays the printed text says what it prints
        text = value_at(played.package, printed.where)[0]
        if isinstance(text, str) and was in literal_numbers(text):
            _report(played, play, was, printed, diagnostics)


def _played(where: PathKey, paths: set[PathKey]) -> bool:
    """Whether an erratum plays the value at `where`, or a value holding it."""
    return any(where[:depth] in paths for depth in range(1, len(where) + 1))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _printed_at(entries: list[Entry], play: Play) -> Printed | None:
    """Where the rule a played path belongs to prints its number."""
    path = play.path
    if path[:2] == ("rules", "tables") and len(path) > ROW and path[3] == "rows":
        return Printed(
            (*path[:ROW], "result"), f"row {int(path[4]) + 1} of '{path[2]}'", _THROUGH_DATA
        )
    if (
        path[:2] == ("rules", "tables")
        and len(path) > COLUMN
        and path[3:5] == ("across", "columns")
    ):
        label = (*path[:COLUMN], "label")
        return Printed(
            label,
            f"column {int(path[5]) + 1} of '{path[2]}'",
            f"a label is printed as written: play the label the column now takes too "
            f"({path_text(label)}), or play it unchanged if it is right as it is",
            "label",
        )
    owners = [e for e in entries if path[: len(e.path)] == e.path and len(path) > len(e.path)]
    if not owners:
        return None
    owner = max(owners, key=lambda entry: len(entry.path))
    return Printed((*owner.path, "text"), f"{owner.kind} '{owner.id}'", _THROUGH_DATA)


def _report(
    played: LoadedPackage, play: Play, was: int, printed: Printed, diagnostics: Diagnostics
) -> None:
    diagnostics.add(
        PRINTED_NOT_PLAYED,
        f"{printed.name} prints {was} in its {printed.part}, where erratum '{play.name}' plays "
        f"{play.key} = {play.value}",
        played.spans.value(printed.where),
        hint=printed.hint,
    )
