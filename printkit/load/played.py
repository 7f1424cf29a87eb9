"""The played rules: the package with every erratum's `plays` applied.

The data keeps what the rule text states, faults included, so that the validator can report
them; an erratum's `plays` says, as data, what printkit plays instead (close range from 2
hexes, a rounding, a starting value the text never gives). Applied once per game, the result
is an ordinary `Package`, validated by the same models, that every material prints and every
engine reads. A path that does not exist or a value the field cannot take is PK543 at the
erratum's `plays` key, and that one entry is left out.
"""

from __future__ import annotations

import copy
import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel, ValidationError

from printkit.diagnostics import BAD_PLAYS, Diagnostics, did_you_mean, shown_value, some_of
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey
from printkit.model.errors import data_path, error_words
from printkit.model.package import PLAYS_PATH, Package
from printkit.sandbox.views import kind_of

NEW_VALUES: PathKey = ("rules", "values")  # the one mapping a `plays` path may add to
NOT_SET = object()  # a named value the text does not have


def parse_path(text: str) -> PathKey | None:
    """'rules.tables.ranges.rows[1].min' → ('rules', 'tables', 'ranges', 'rows', 1, 'min');
    None unless the text is a path as the schema's pattern for `plays` keys has it."""
    if re.fullmatch(PLAYS_PATH, text) is None:
        return None
    return tuple(int(part) if part.isdigit() else part for part in re.findall(r"\w+", text))


def path_text(path: PathKey) -> str:
    """The inverse of parse_path: how templates and errata write a path."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
    return text


@dataclass(frozen=True)
class Play:
    """One entry of an erratum's `plays`: where it is written, the path and the value."""

    erratum: int  # index in the package's errata
    name: str  # the erratum's id, or its number
    key: str  # the path as written
    path: PathKey
    value: Any = field(
        compare=False
    )  # a list or mapping cannot be hashed; (erratum, key) is unique

    @property
    def where(self) -> PathKey:
        return ("errata", self.erratum, "plays", self.key)


def erratum_name(package: Package, index: int) -> str:
    """What a message calls an erratum: its id, else its number in the list (from 1)."""
    return package.errata[index].id or str(index + 1)


def plays_of(package: Package) -> Iterator[Play]:
    """Every `plays` entry of the package's errata, in order (paths that do not parse too,
    with an empty path, so that they are reported)."""
    for index, erratum in enumerate(package.errata):
        for key, value in (erratum.plays or {}).items():
            yield Play(index, erratum_name(package, index), key, parse_path(key) or (), value)


def value_at(package: Package, path: PathKey) -> tuple[Any, str | None, str]:
    """The value at `path` in `package`: (value, None, "") when it exists, (`NOT_SET`, None,
    "") for a new named value under rules.values, else (None, what is wrong, hint)."""
    node: Any = package
    for depth, part in enumerate(path):
        here = path_text(path[:depth]) or "the package"
        if isinstance(node, BaseModel):
            fields = [*type(node).model_fields, *(node.model_extra or {})]
            if not isinstance(part, str) or part not in fields:
                return None, f"{here} has no field '{part}'", did_you_mean(str(part), fields)
            node = getattr(node, part)
        elif isinstance(node, dict):
            if part in node:
                node = node[part]
            elif path[:depth] == NEW_VALUES and depth == len(path) - 1:
                return NOT_SET, None, ""
            else:
                return None, f"{here} has no entry '{part}'", did_you_mean(str(part), node)
        elif isinstance(node, list):
            if not isinstance(part, int) or not 0 <= part < len(node):
                count = f"{len(node)} item{'s' if len(node) != 1 else ''}"
                return None, f"{here} has {count} (counted from 0)", "give an index in range"
            node = node[part]
        else:
            state = (
                "not set in the data" if node is None else f"a single value ({_as_written(node)})"
            )
            return None, f"{here} is {state}, so it has no '{part}'", "shorten the path"
    return node, None, ""


def _open_kind(package: Package, play: Play, was: Any) -> bool:
    """Whether the model leaves the value's type open (a named value, a row's data): then
    the text's own kind is the type, and a number must stay a number."""
    if was is None or was is NOT_SET or isinstance(was, BaseModel):
        return False
    parent, _, _ = value_at(package, play.path[:-1])
    return isinstance(parent, dict)


def play_errata(loaded: LoadedPackage, diagnostics: Diagnostics) -> LoadedPackage:
    """The played rules of `loaded`: its package with every valid `plays` applied."""
    text = loaded.package
    accepted: dict[PathKey, Play] = {}
    inside: dict[PathKey, Play] = {}  # each proper prefix of an accepted path: a play under it
    for play in plays_of(text):
        problem = _refused(text, play, accepted.get(play.path)) or _nested(play, accepted, inside)
        if problem is not None:
            message, hint = problem
            diagnostics.add(BAD_PLAYS, message, loaded.spans.key(play.where), hint=hint)
        else:
            accepted.setdefault(play.path, play)
            for depth in range(1, len(play.path)):
                inside.setdefault(play.path[:depth], play)
    played = _validated(loaded, list(accepted.values()), diagnostics)
    return replace(loaded, package=played, text=text)


def _refused(text: Package, play: Play, earlier: Play | None) -> tuple[str, str] | None:
    """(message, hint) when `play` cannot be applied, else None."""
    said = f"erratum '{play.name}' plays '{play.key}'"
    if not play.path:
        return f"{said}, which is not a data path", (
            "write the path as templates do: rules.tables.ranges.rows[1].min"
        )
    if play.path[0] == "errata":
        return f"{said}: errata cannot play errata", "play the rules, components or data"
    was, problem, hint = value_at(text, play.path)
    if problem is not None:
        return f"{said}, which does not exist: {problem}", hint
    if _open_kind(text, play, was) and kind_of(was) != kind_of(play.value):
        # a list or a mapping is named as one by _as_written, a single value with its kind
        kind = "" if isinstance(play.value, list | dict) else f", {kind_of(play.value)}"
        return (
            f"{said} = {_as_written(play.value)}{kind}, where the text has {kind_of(was)} "
            f"({_as_written(was)})",
            f"give {kind_of(was)}, as the text does",
        )
    if earlier is not None and earlier.value != play.value:
        return (
            f"{said} = {_as_written(play.value)}, but erratum '{earlier.name}' plays it = "
            f"{_as_written(earlier.value)}",
            "the played rules have one value per path: make the errata agree",
        )
    return None


def _nested(
    play: Play, accepted: dict[PathKey, Play], inside: dict[PathKey, Play]
) -> tuple[str, str] | None:
    """(message, hint) when `play` sets a part of a value another entry sets whole, or the
    whole of one whose part another sets: the played rules could hold only one of them. Found
    by the path's own prefixes, not by comparing every pair (15,000 plays took 40 s)."""
    said = f"erratum '{play.name}' plays '{play.key}'"
    whole = next((accepted[play.path[:d]] for d in range(1, len(play.path))
                  if play.path[:d] in accepted), None)  # fmt: skip
    if whole is not None:
        where = f", inside '{whole.key}', which erratum '{whole.name}' plays whole"
    elif play.path in inside:
        part = inside[play.path]
        where = f" whole, but erratum '{part.name}' plays '{part.key}' inside it"
    else:
        return None
    return f"{said}{where}", "play either the whole value or a part of it, not both"


def apply_plays(source: dict[str, Any], plays: dict[PathKey, Any]) -> dict[str, Any]:
    """A copy of the merged package data with each path set to its value. Mappings the text
    leaves to their defaults (a row's `rounding`) are created on the way."""
    played = copy.deepcopy(source)
    for path, value in plays.items():
        node: Any = played
        for part in path[:-1]:
            node = node.setdefault(part, {}) if isinstance(node, dict) else node[part]
        node[path[-1]] = copy.deepcopy(value)
    return played


def _validated(loaded: LoadedPackage, plays: list[Play], diagnostics: Diagnostics) -> Package:
    """The played package; an entry whose value the models refuse is reported and left out,
    and the others are applied again, until the models take them all (a model's own check, a
    row's order, runs only once its fields are valid: a second try may refuse another)."""
    while plays:  # each failed try leaves out at least one entry
        source = apply_plays(loaded.source, {play.path: play.value for play in plays})
        try:
            return Package.model_validate(source)
        except ValidationError as error:
            refused = _blame(error, source, plays)
        for play, message in refused.items():
            diagnostics.add(
                BAD_PLAYS,
                f"erratum '{play.name}' plays '{play.key}' = {_as_written(play.value)}, which "
                f"the data cannot take: {message}",
                loaded.spans.key(play.where),
                hint=_type_hint(loaded.package, play),
            )
        plays = [play for play in plays if play not in refused]
    return loaded.package


def _type_hint(text: Package, play: Play) -> str:
    was = value_at(text, play.path)[0]
    if was is NOT_SET:
        return "a named value is a number, a text, true or false, or a list of them"
    keys = _keys(was)
    alone = f" (one of them is played alone as '{play.key}.{keys[0]}')" if keys else ""
    return (
        "give a value of the field's type (see 'printkit schema'); the text has "
        f"{_as_written(was)}{alone}"
    )


def _keys(value: Any) -> list[str]:
    """The keys of a mapping of the text as its YAML writes them: a model's fields written
    there (all of its fields when none is), a dict's keys; none for any other value."""
    if isinstance(value, BaseModel):
        written = [name for name in type(value).model_fields if name in value.model_fields_set]
        return written + list(value.model_extra or {}) or list(type(value).model_fields)
    if isinstance(value, dict):
        return [str(key) for key in value]
    return []


def _as_written(value: Any) -> str:
    """A value of the text, or one an erratum plays, as a message or hint names it in the
    designer's terms, never as Python writes its objects ('Domain(min=None, …)',
    "{'min': 'x', 'max': None}", 'datetime.date(2026, 3, 4)'): a mapping by the keys its
    YAML writes, a list by its length, a date, true, false and null as YAML writes them."""
    keys = _keys(value)
    if keys:
        return f"a mapping with the key{'s' if len(keys) > 1 else ''} {some_of(keys)}"
    if isinstance(value, BaseModel | dict):
        return "an empty mapping"
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, datetime.date):
        return value.isoformat()
    return shown_value(value)


def _blame(error: ValidationError, source: dict[str, Any], plays: list[Play]) -> dict[Play, str]:
    """Each refused value's play: the one whose path is nearest the error's place."""
    blamed: dict[Play, str] = {}
    for item in error.errors():
        where = data_path(source, tuple(item["loc"]), Package)

        def shared(play: Play, where: PathKey = where) -> int:
            common = 0
            for mine, theirs in zip(play.path, where, strict=False):
                if mine != theirs:
                    break
                common += 1
            return common

        culprit = max(plays, key=shared)
        blamed.setdefault(culprit, error_words(item))
    return blamed
