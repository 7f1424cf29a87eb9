"""What an erratum changes, in words a player reads: "Ranges, row 2: the text says 1–5,
printkit plays 2–5", written from the data of both versions of the package (the text's and the
played rules), so that the errata appendix can never disagree with what the tables print."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printkit.check.coverage import interval_text
from printkit.check.rule_index import Entry, rule_entries
from printkit.load.played import NOT_SET, parse_path, path_text, value_at
from printkit.load.yaml_spans import PathKey
from printkit.model.package import Erratum, Package
from printkit.model.rules import Column
from printkit.model.rules_context import TableRow, section_name
from printkit.reference.tables import key_words

# A rule's field as a player would name it; any other field is named by its words.
FIELD_WORDS = {
    "see": "refers to",
    "ties": "on a tie",
    "per": "counted per",
    "rounding": "an odd half rounds",
    "definition": "definition",
}


# The fields of a row that make its key as the table prints it (and its halving, printed
# beside the key): a change to any of them is said as the whole row's key, before and after.
ROW_KEY_FIELDS = frozenset({"roll", "min", "max", "key", "halves", "rounding"})


@dataclass(frozen=True)
class Change:
    what: str  # "Ranges, row 2"
    text: str  # what the text has there: "1–5"
    plays: str  # what printkit plays: "2–5"


# What the text's side prints for a value the text uses but never states (PK535), which an
# erratum supplies: the text says nothing there, and its template is never printed
NOT_STATED = "[not stated]"


@dataclass(frozen=True)
class Version:
    """One version of the package, the text's or the one printkit plays, with its prose: a
    template filled in from that version's own data."""

    package: Package
    prose: Callable[[str | TableRow], str]  # a text, or a table row's result


def erratum_changes(
    erratum: Erratum,
    text: Version,
    played: Version,
    row_key: Callable[[Any, Any], str],
) -> list[Change]:
    """One change per row, table range or field the erratum's `plays` set, in their order;
    each side shown as its own version prints it."""
    describe = _Describer(text, played, row_key)
    changes: dict[PathKey, Change] = {}
    for key in erratum.plays or {}:
        path = parse_path(key)
        if path:
            where, change = describe(path)
            changes.setdefault(where, change)
    return list(changes.values())


class _Describer:
    def __init__(self, text: Version, played: Version, row_key: Callable[[Any, Any], str]) -> None:
        self.versions = (text, played)
        self.row_key = row_key
        rules = text.package.rules
        self.entries = list(rule_entries(rules)) if rules else []

    def __call__(self, path: PathKey) -> tuple[PathKey, Change]:
        """The place a change is described at (a whole row for any field of its key, as the
        row's key is printed from them together), and the change."""
        entry = _innermost(self.entries, path)
        if entry is None:
            name = path[-1] if path[:2] == ("rules", "values") else path_text(path)
            return path, self._change(_words(name), path, self._shown)
        named = _title(entry)
        rest = path[len(entry.path) :]
        if entry.kind == "table" and rest[:1] == ("rows",) and len(rest) > 1:
            where = (*entry.path, "rows", rest[1])
            row = f"{named}, row {rest[1] + 1}"  # where its key changes, both keys are shown
            printed = self._printed(where)
            if len(rest) > 2 and rest[2] not in ROW_KEY_FIELDS and printed is not None:
                table, found = printed
                row = f"{named}, {key_words(table)} {self.row_key(table, found)}"
                where = (*entry.path, *rest[: 4 if rest[2] in ("data", "cells") else 3])
                if rest[2] == "result":  # printed from its row, which it may read
                    return where, self._change(row, where[:-1], _result)
                part = _row_part(table, where[len(entry.path) + 2 :])
                return where, self._change(f"{row}, {part}", where, self._shown)
            return where, self._change(row, where, _alike(self._row))
        if entry.kind == "table" and rest[:2] == ("across", "columns") and len(rest) > 2:
            where = (*entry.path, "across", "columns", rest[2])
            column = f"{_column_words(entry.node)} {rest[2] + 1}"
            return where, self._change(f"{named}, {column}", where, _alike(_column))
        if entry.kind == "table" and rest[:1] == ("domain",):
            where = (*entry.path, "domain")
            covered = f"{named}, the numbers it covers"
            return where, self._change(covered, where, _alike(_interval))
        field = str(rest[0]) if rest else "as a whole"
        words = _field_words(field)
        shown = _sections if field == "see" else self._shown
        return path, self._change(f"{named}, {words}", path, shown)

    def _printed(self, row: PathKey) -> tuple[Any, Any] | None:
        """A row's table and the row as the document prints them above the appendix: the
        played version's (the text's, for a row the errata removed); None for no row."""
        played, text = (_value(version.package, row) for version in reversed(self.versions))
        return played or text

    def _change(self, what: str, path: PathKey, shown: Shown) -> Change:
        """The value at `path` in the text's package and in the played one, each shown as its
        own version prints it; the template ends each with its own full stop."""
        text_shown, played_shown = (
            shown(_value(version.package, path), version).rstrip(".") for version in self.versions
        )
        return Change(what[:1].upper() + what[1:], text_shown, played_shown)

    def _shown(self, value: Any, version: Version) -> str:
        if value is None:
            return "nothing"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(self._shown(item, version) for item in value)
        if isinstance(value, dict):
            shown = (f"{_words(k)} {self._shown(v, version)}" for k, v in value.items())
            return ", ".join(shown) or "nothing"
        return version.prose(value) if isinstance(value, str) else str(value)

    def _row(self, pair: tuple[Any, Any] | None) -> str:
        if pair is None:
            return "nothing"
        table, row = pair
        shown = self.row_key(table, row)
        if row.halves:
            shown += f", halved, {_rounding(row.rounding)}"
        return shown


# A value shown as one version of the package prints it (its prose, its sections)
Shown = Callable[[Any, Version], str]


def _alike(shown: Callable[[Any], str]) -> Shown:
    """A way of showing a value that both versions share."""
    return lambda value, _version: shown(value)


def _sections(value: Any, version: Version) -> str:
    """Sections referred to, named as `version` titles and numbers them."""
    rules = version.package.rules
    sections = rules.sections if rules else {}
    ids = value if isinstance(value, list) else [value]
    names = [section_name(sections[i]) if i in sections else "no section" for i in ids]
    return ", ".join(names) or "nothing"


def _result(pair: tuple[Any, Any] | None, version: Version) -> str:
    """A row's result as `version` prints it: from the row, whose fields it may read."""
    return "nothing" if pair is None else version.prose(pair[1])


def _row_part(table: Any, part: PathKey) -> str:
    """A row's field other than its key and result, named as the table prints it: a data
    field by its column's heading, a grid's cell by its column's ("difference -2 to 0")."""
    field = part[0]
    if field == "data" and len(part) > 1:
        column = table.columns.get(part[1])
        return column.title if isinstance(column, Column) else column or _words(part[1])
    if field == "cells" and len(part) > 1:
        columns = table.across.columns
        label = columns[part[1]].label if part[1] < len(columns) else f"column {part[1] + 1}"
        return f"{table.across.title} {label}"
    return _field_words(field)


def _column_words(table: Any) -> str:
    """A grid's column as its axis names it: 'odds column'."""
    axis = getattr(getattr(table, "across", None), "title", None)
    return f"{axis} column" if axis else "column"


def _field_words(field: Any) -> str:
    return FIELD_WORDS.get(str(field), _words(field))


def _words(name: Any) -> str:
    return str(name).replace("_", " ")


def _innermost(entries: list[Entry], path: PathKey) -> Entry | None:
    owners = [e for e in entries if path[: len(e.path)] == e.path]
    return max(owners, key=lambda e: len(e.path)) if owners else None


def _title(entry: Entry) -> str:
    named = getattr(entry.node, "title", None) or getattr(entry.node, "term", None)
    return named or entry.id.replace("_", " ").capitalize()


def _value(package: Package, path: PathKey) -> Any:
    """The value at `path`; for a row, (its table, the row); None where there is nothing."""
    value, problem, _ = value_at(package, path)
    if problem is not None or value is NOT_SET:
        return None
    if path[-2:-1] == ("rows",):
        return value_at(package, path[:-2])[0], value
    return value


def _column(column: Any) -> str:
    """A grid's column as players find it: its label, and the numbers it takes."""
    if column is None:
        return "nothing"
    return f"'{column.label}' ({interval_text(column.min, column.max)})"


def _interval(domain: Any) -> str:
    return "nothing" if domain is None else interval_text(domain.min, domain.max)


def _rounding(rounding: str | None) -> str:
    if rounding is None:
        return "the rounding not stated"
    return "rounding to the nearest" if rounding == "nearest" else f"rounding {rounding}"
