"""printkit.toml: the defaults a designer would otherwise repeat on every command line.

The file is found upward from the working folder (as git, ruff and cargo find theirs), so a
command typed inside a game's folder uses the project's rule-data and output folders. Its keys
are few and flat; a mistake in it is a located diagnostic like a mistake in a game.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.diagnostics import (
    PROJECT_BAD_VALUE,
    PROJECT_IN_A_GAME,
    PROJECT_SYNTAX,
    PROJECT_UNKNOWN_KEY,
    UNREADABLE,
    Diagnostics,
    Span,
    did_you_mean,
    relative,
)
from printkit.impose.catalogue import paper_names
from printkit.load.files import UTF8_HINT, position_of_byte
from printkit.load.sources import yaml_files
from printkit.load.yaml_spans import Reading, load_yaml

PROJECT_FILE = "printkit.toml"
RULE_DATA = "rule_data"  # the folder of games without --rule-data, and `printkit new`'s
OUTPUT = "output"  # the folder builds write without --out


@dataclass(frozen=True)
class Project:
    """A project's defaults, its file's (or, without one, those of the layout `printkit new`
    makes). Its folders are absolute, wherever the command is typed: those a file does not name
    lie beside it, as cargo's target/ lies beside Cargo.toml, never in the folder a command is
    typed in (a game's). None for a setting it does not make."""

    rule_data: Path | None = None
    out: Path | None = None
    paper: str | None = None
    formats: tuple[str, ...] | None = None

    def option_defaults(self) -> dict[str, str]:
        """Defaults for the options of that name in every command (click's default_map)."""
        given = {
            "out": str(self.out) if self.out else None,
            "paper": self.paper,
            "formats": ",".join(self.formats) if self.formats else None,
        }
        return {name: value for name, value in given.items() if value is not None}


def find_project(start: Path) -> Path | None:
    """The nearest printkit.toml in `start` or a folder above it."""
    for folder in (start, *start.parents):
        candidate = folder / PROJECT_FILE
        if candidate.is_file():
            return candidate
    return None


@dataclass(frozen=True)
class GameFolder:
    """A folder above a project file that holds a game, and the file that declares it."""

    folder: Path
    declared_by: Path


def game_holding(project: Path) -> GameFolder | None:
    """The game folder the project file lies in, at any depth; None for a project's own
    file, which lies above its games."""
    return _nearest_game(project.absolute().parent)


def _nearest_game(start: Path) -> GameFolder | None:
    """`start` or the nearest folder above it that is a game's. A game folder holds game.yaml,
    or a YAML file whose top-level keys declare the game (`game:`, which every game has in one
    of its files: a shared game need not name it game.yaml), however the key is written."""
    for folder in (start, *start.parents):
        declared_by = _declaring_file(folder)
        if declared_by is not None:
            return GameFolder(folder, declared_by)
    return None


def laid_out_project(start: Path) -> Project | None:
    """Without a project file, the project `printkit new` lays out, or one like it: typed in a
    folder named rule_data or in a folder inside it, that folder holds the games; typed in a
    game's folder (or a folder inside it) elsewhere, the folder holding that game does,
    whatever its name (games/my_game/). `output` beside the games' folder holds the builds, as
    when typed in the folder above both."""
    absolute = start.absolute()
    rule_data = next((f for f in (absolute, *absolute.parents) if f.name == RULE_DATA), None)
    rule_data = rule_data or _holding_the_game(absolute)
    if rule_data is None:
        return None
    return Project(rule_data=rule_data, out=rule_data.parent / OUTPUT)


def _holding_the_game(start: Path) -> Path | None:
    """The folder holding the game typed in. Not in a project's folder (one holding
    rule_data): its games are those, even below a copy of a game.yaml left in /tmp or a home
    folder, which makes every folder below it look like a game's."""
    if (start / RULE_DATA).is_dir():
        return None
    game = _nearest_game(start)
    return game.folder.parent if game else None


_GAME = frozenset({"game"})  # the section that declares a game


def _declaring_file(folder: Path) -> Path | None:
    """The file that makes `folder` a game's: game.yaml, else the first YAML file (by name)
    whose top level holds 'game'."""
    named = [folder / name for name in ("game.yaml", "game.yml")]
    try:
        found = next((file for file in named if file.is_file()), None)
        if found is not None:
            return found
        files = yaml_files(folder)
    except OSError:  # a folder that cannot be read declares nothing printkit reads
        return None
    reading = Reading()  # the folder's files together are bounded as a game's are
    for file in files:
        if _declares_game(file, reading):
            return file
        if reading.passed():
            return None  # the loader reads no file after this one either
    return None


def _declares_game(file: Path, reading: Reading) -> bool:
    """Whether the loader finds a top-level 'game' in `file`: asked of the loader itself,
    within its bounds on a game's files, because a pattern over the bytes misses spellings
    YAML reads as that key ('"g\\x61me":', '--- {game: …}') and would let a shared game's
    printkit.toml choose where a build writes. A file the loader refuses declares nothing:
    no game is built from it either."""
    loaded = load_yaml(file, Diagnostics(), sections=_GAME, reading=reading)
    return loaded is not None and isinstance(loaded.data, dict) and "game" in loaded.data


def report_in_a_game(project: Path, game: GameFolder, diagnostics: Diagnostics) -> None:
    """PK010: a project file that came with a game is refused, not read. The message names the
    file that makes the folder a game's: a copy of a game.yaml left in a folder above a project
    makes that folder look like a game too."""
    declared = relative(game.declared_by)
    _refuse(
        project,
        f"the folder of game '{game.folder.name}' ({declared} declares that game)",
        f"if {declared} is no game of yours (a copy, say), move it out of "
        f"{relative(game.folder)}; otherwise ",
        diagnostics,
    )


def report_in_its_games(project: Path, diagnostics: Diagnostics) -> None:
    """PK010: a project file inside the rule-data folder it names came with a game."""
    _refuse(project, "the folder of its own games (its rule-data)", "", diagnostics)


def _refuse(project: Path, where: str, first: str, diagnostics: Diagnostics) -> None:
    diagnostics.add(
        PROJECT_IN_A_GAME,
        f"{PROJECT_FILE} lies in {where} and is not read: a game's own files never choose where "
        "printkit reads or writes",
        Span(relative(project), 1, 1),
        hint=f"{first}delete {PROJECT_FILE}, or move it to your project's folder (the one that "
        "holds rule_data); --rule-data and --out choose the folders for one command",
    )


def _folder(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return None
    return "must be a folder name in quotes, relative to printkit.toml's folder"


def _paper(value: Any) -> str | None:
    if isinstance(value, str) and value.lower() in paper_names():  # "A4" as --paper takes it
        return None
    return f"must be a paper name in quotes: {', '.join(paper_names())}"


def _formats(value: Any) -> str | None:
    from printkit.build_options import ALL_FORMATS

    if (
        isinstance(value, list)
        and value
        and all(isinstance(f, str) and f in ALL_FORMATS for f in value)
    ):
        return None
    return f"must be a list of output formats, such as {list(ALL_FORMATS)!r}"


# key -> what is wrong with a value (None: nothing)
_KEYS: dict[str, Callable[[Any], str | None]] = {
    "rule-data": _folder,
    "out": _folder,
    "paper": _paper,
    "formats": _formats,
}


def read_project(path: Path, diagnostics: Diagnostics) -> Project | None:
    """The project file's defaults; None (with diagnostics) when any of it is wrong, so a
    command never runs on half a configuration."""
    file = relative(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        diagnostics.add(
            UNREADABLE,
            f"cannot read {PROJECT_FILE}: {error.strerror or error}",
            Span(file, 1, 1),
            hint="check that you may read it, or remove it",
        )
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        where = Span(file, *position_of_byte(data, error.start))
        diagnostics.add(UNREADABLE, f"{PROJECT_FILE} is not UTF-8", where, hint=UTF8_HINT)
        return None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _AT.search(str(error))
        where = Span(file, int(found["line"]), int(found["column"])) if found else Span(file)
        diagnostics.add(
            PROJECT_SYNTAX,
            f"TOML syntax error: {_AT.sub('', str(error))}",
            where,
            hint='each line is key = value, text in quotes: paper = "a4"',
        )
        return None
    if not _check(file, text, table, diagnostics):
        return None
    folder = path.parent.absolute()
    return Project(  # a folder it does not name is the one `printkit new` lays out beside it
        rule_data=folder / table.get("rule-data", RULE_DATA),
        out=folder / table.get("out", OUTPUT),
        paper=table["paper"].lower() if "paper" in table else None,
        formats=tuple(table["formats"]) if "formats" in table else None,
    )


_AT = re.compile(r"\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)$")


def _check(file: str, text: str, table: dict[str, Any], diagnostics: Diagnostics) -> bool:
    """Report each unknown key and bad value where it is written; whether all is well."""
    places = _places(file, text)
    fine = True
    for key, value in table.items():
        key_at, value_at = places.get(key, (Span(file, 1, 1), Span(file, 1, 1)))
        check = _KEYS.get(key)
        if check is None:
            hint = did_you_mean(key, _KEYS)
            diagnostics.add(PROJECT_UNKNOWN_KEY, f"unknown key '{key}'", key_at, hint=hint)
            fine = False
        elif problem := check(value):
            diagnostics.add(PROJECT_BAD_VALUE, f"'{key}' {problem}", value_at, hint=_HINTS[key])
            fine = False
    return fine


_HINTS = {
    "rule-data": 'e.g. rule-data = "rule_data"',
    "out": 'e.g. out = "output"',
    "paper": 'e.g. paper = "a4"',
    "formats": 'e.g. formats = ["pdf", "png"]',
}


_KEY_LINE = re.compile(r"(?P<indent>\s*)(?P<header>\[+\s*)?(?P<key>\"[^\"]*\"|[A-Za-z0-9_-]+)")


def _places(file: str, text: str) -> dict[str, tuple[Span, Span]]:
    """Where each top-level key is written: (the key, its value). The file is flat, so a key
    is the first name on its line (a table's name follows its '['); the first line wins."""
    places: dict[str, tuple[Span, Span]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = _KEY_LINE.match(line)
        if not match or line.lstrip().startswith("#"):
            continue
        key = match["key"].strip('"')
        rest = line[match.end() :]
        if match["header"]:
            column = match.start("key") + 1
            places.setdefault(key, (Span(file, number, column), Span(file, number, column)))
            continue
        equals = re.match(r"\s*=\s*", rest)
        if equals is None:
            continue
        key_at = Span(file, number, match.start("key") + 1)
        value_at = Span(file, number, match.end() + equals.end() + 1)
        places.setdefault(key, (key_at, value_at))
    return places
