"""`--set PATH=V` and `--sweep PATH=V1,V2`: the played rules with some values changed.

A setting is applied as an erratum's `plays` is (printkit/load/played.py: the same paths, the
same check that the path exists and keeps its kind, the same models validating the result), on
top of the errata's own plays. A path the engine does not list in `requires` is refused: the
engine never reads it, so changing it would change no figure.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import ValidationError

from printkit.load.package import LoadedPackage
from printkit.load.played import (
    NOT_SET,
    apply_plays,
    parse_path,
    path_text,
    plays_of,
    value_at,
)
from printkit.load.yaml_spans import PathKey, read_scalar
from printkit.model.errors import error_words
from printkit.model.package import Package
from printkit.sandbox.views import kind_of
from printkit.simulate.protocol import Engine


class SettingError(ValueError):
    """A --set or --sweep the engine cannot play (a usage error, exit 2)."""


def parse_setting(text: str, engine: Engine, option: str) -> tuple[str, list[Any]]:
    """'rules.values.health=12' → ('rules.values.health', [12]); with --sweep, the values
    after '=' are comma-separated. Values are read as YAML scalars (12, 0.5, true, text)."""
    path, equals, values = text.partition("=")
    path = path.strip()
    if not equals or not path or not values.strip():
        raise SettingError(f"{option} '{text}': write PATH=VALUE, e.g. rules.values.health=12")
    parts = values.split(",") if option == "--sweep" else [values]
    try:
        parsed = [read_scalar(part.strip()) for part in parts]
    except ValueError as error:  # thousands of digits too: Python refuses to make the number
        said = text if len(text) <= 80 else text[:79] + "…"
        raise SettingError(f"{option} '{said}': give numbers, text, true or false") from error
    if any(isinstance(value, dict | list) or value is None for value in parsed):
        raise SettingError(f"{option} '{text}': give numbers, text, true or false")
    if parse_path(path) is None:
        raise SettingError(f"{option} '{text}': '{path}' is not a data path "
                           "(write it as errata do: rules.values.health)")  # fmt: skip
    if not any(_within(path, read) for read in engine.requires):
        raise SettingError(
            f"{option} '{text}': the {engine.name} engine does not read '{path}', so changing "
            f"it would change nothing (it reads: {', '.join(engine.requires)})"
        )
    return path, parsed


def _within(path: str, read: str) -> bool:
    return path == read or path.startswith((read + ".", read + "["))


def with_settings(loaded: LoadedPackage, settings: dict[str, Any]) -> Package:
    """The played rules of `loaded` (errata plays applied) with each setting applied after
    them; SettingError when a path does not exist or a value is of the wrong kind."""
    if not settings:
        return loaded.package
    plays: dict[PathKey, Any] = {}
    for play in plays_of(loaded.as_written):
        if play.path:
            plays.setdefault(play.path, play.value)
    for text, value in settings.items():
        path = parse_path(text) or ()
        was, problem, hint = value_at(loaded.package, path)
        if problem is not None:
            raise SettingError(f"--set {text}: {problem} ({hint})")
        if was is not NOT_SET and not _same_kind(was, value):
            raise SettingError(
                f"--set {text}={value!r}: the rules have {kind_of(was)} there ({was!r})"
            )
        plays[path] = value
    source = apply_plays(loaded.source, plays)
    try:
        return Package.model_validate(source)
    except ValidationError as error:
        where = ", ".join(path_text(tuple(item["loc"])) or "the package" for item in
                          error.errors()[:1])  # fmt: skip
        message = error_words(error.errors()[0])
        raise SettingError(f"the rules refuse the settings at {where}: {message}") from None


def _same_kind(was: Any, value: Any) -> bool:
    """A number stays a number (an int may become a float), a text a text."""
    if isinstance(was, bool) or isinstance(value, bool):
        return isinstance(was, bool) == isinstance(value, bool)
    if isinstance(was, int | float) and isinstance(value, int | float):
        return True
    return not isinstance(was, int | float | str) or type(was) is type(value)


def rules_hash(package: Package) -> str:
    """A short hash of the played rules (balance.json and replay files carry it)."""
    data = json.dumps(package.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(data.encode(), digest_size=12).hexdigest()
