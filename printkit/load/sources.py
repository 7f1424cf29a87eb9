"""A game's folder and its YAML before any model: which folders are games, which games a
command names, and the sections of a game's files merged into one mapping.

Kept apart from the model (pydantic) so that `printkit list`, shell completion and the start-up
of every command need none of it.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from printkit.diagnostics import (
    DUPLICATE_SECTION,
    GAME_NAME_UNUSABLE,
    NO_PACKAGES,
    NOT_A_MAPPING,
    UNREADABLE,
    Diagnostics,
    Span,
    did_you_mean,
    printable,
    relative,
)
from printkit.load.files import PACKAGE_FILE, GameFiles
from printkit.load.yaml_spans import Reading, SourceMap, load_yaml
from printkit.output import PREVIEW_FILES

YAML_SUFFIXES = PACKAGE_FILE.suffixes


class UnknownGame(Exception):
    """A game named on the command line that is not in the rule-data folder: a mistake on the
    command line (the command exits 2), not in any package."""


def yaml_files(folder: Path) -> list[Path]:
    """The package's YAML files (symbolic links included, checked when they are read)."""
    return sorted(p for p in folder.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())


def find_games(rule_data: Path, diagnostics: Diagnostics) -> dict[str, Path]:
    """Game folders (those holding YAML), by id, in a stable order; a folder that cannot be
    listed is reported and skipped, so one unreadable folder does not stop the others."""
    if not rule_data.is_dir():
        return {}
    games: dict[str, Path] = {}
    seen: dict[str, str] = {}  # a name as a file system that ignores case and form sees it
    for folder in sorted(rule_data.iterdir()):
        if folder.is_dir() and not folder.name.startswith(".") and _is_game(folder, diagnostics):
            other = seen.setdefault(_folded(folder.name), folder.name)
            if other == folder.name:
                games[folder.name] = folder
                continue
            diagnostics.add(
                GAME_NAME_UNUSABLE,
                f"game folder '{printable(folder.name)}' is named as '{printable(other)}' is, "
                "but for case or the form of its accents: where file names ignore those "
                "(Windows, macOS) both games would write one output folder",
                Span(relative(folder)),
                hint="rename one of the two folders",
            )
    return games


def _folded(name: str) -> str:
    """A name as Windows and macOS compare file names: case and Unicode form ignored."""
    return unicodedata.normalize("NFC", name).casefold()


_PREVIEW_FOLDED = frozenset(_folded(file) for file in PREVIEW_FILES)


def _is_game(folder: Path, diagnostics: Diagnostics) -> bool:
    try:
        if not yaml_files(folder):
            return False
    except OSError as error:
        diagnostics.add(
            UNREADABLE,
            f"cannot list game folder '{folder.name}': {error.strerror or error}",
            Span(relative(folder), 1, 1),
            hint="check the folder's permissions, or move it out of the rule-data folder",
        )
        return False
    return _usable_name(folder, diagnostics)


def _usable_name(folder: Path, diagnostics: Diagnostics) -> bool:
    """PK011: a game folder that is a link (a shared game's link would have printkit read
    wherever it leads), whose output folder would take the preview page's place, or whose
    name would garble every line that names it, is not read."""
    name = folder.name
    if folder.is_symlink():
        diagnostics.add(
            GAME_NAME_UNUSABLE,
            f"game folder '{printable(name)}' is a link to a folder elsewhere",
            Span(relative(folder)),
            hint="put the game's own folder in the rule-data folder: a game reads only its "
            "own files, and a link would have it read wherever it leads",
        )
        return False
    preview = _folded(name) in _PREVIEW_FOLDED  # 'Index.html' too
    if not preview and name.isprintable():
        return True
    why = "a file of the preview page" if preview else "a control character"
    diagnostics.add(
        GAME_NAME_UNUSABLE,
        f"game folder '{printable(name)}' is named with {why}",
        Span(relative(folder)),
        hint="rename the folder: a game's id is its folder's name, which names its output",
    )
    return False


def select_games(
    rule_data: Path, names: tuple[str, ...], diagnostics: Diagnostics
) -> dict[str, Path]:
    """The games named (each read alone, so an unreadable sibling folder is no concern of
    theirs), or every game when none is named. Raises UnknownGame for a name that is no game."""
    if not names:
        games = find_games(rule_data, diagnostics)
        if not games:
            _no_games(rule_data, diagnostics)
        return games
    chosen = {}
    for name in names:
        folder = rule_data / name
        if Path(name).name == name and not name.startswith(".") and folder.is_dir():
            errors = diagnostics.count()
            if _is_game(folder, diagnostics):
                chosen[name] = folder
                continue
            if diagnostics.count() > errors:  # a folder that cannot be listed is reported
                continue
        others = find_games(rule_data, Diagnostics())  # only to say what the name may mean
        hint = did_you_mean(name, others, otherwise="each game is a folder of YAML files under it")
        raise UnknownGame(f"no game '{name}' in {relative(rule_data)}; {hint}")
    return chosen


def _no_games(rule_data: Path, diagnostics: Diagnostics) -> None:
    """PK001; where the folder itself is missing, the command was most likely typed in
    another folder than the designer thinks: say which folder was looked for."""
    if rule_data.is_dir():
        diagnostics.add(
            NO_PACKAGES,
            "no game packages found",
            Span(relative(rule_data)),
            hint="each game is a folder of YAML files, e.g. rule_data/my_game/game.yaml",
        )
        return
    diagnostics.add(
        NO_PACKAGES,
        f"no game packages found: there is no folder {rule_data.absolute()}",
        Span(relative(rule_data)),
        hint="type the command in your project's folder (the one holding rule_data), in "
        "rule_data, or in a game's folder (one holding game.yaml) or a folder inside it; or "
        "name the folder of games with --rule-data or in a printkit.toml",
    )


def merge_sources(
    files: GameFiles, diagnostics: Diagnostics, sections: frozenset[str] | None = None
) -> tuple[dict[str, Any], SourceMap]:
    """Merge the top-level sections (all, or those named) of every YAML file of a package into
    one mapping.

    A mapping section (components, layouts, materials…) may be split over several files, so a
    designer can keep the map and the counters of one game apart, and so may one entry when the
    files set different keys of it (a deck's settings in one file, its cards in another); a name
    defined twice is an error.
    """
    merged: dict[str, Any] = {}
    folder = files.folder
    paths = yaml_files(folder)
    # Until a file with content is read, what is missing is reported at the first file.
    spans = SourceMap(fallback=Span(relative(paths[0]), 1, 1) if paths else Span(relative(folder)))
    origin: dict[tuple[str, ...], Span] = {}
    reading = Reading()  # the files together are bounded too
    for path in paths:
        loaded = load_yaml(path, diagnostics, files, sections, reading)
        if reading.passed():
            break
        if loaded is None or loaded.data is None:
            continue
        if not isinstance(loaded.data, dict):
            diagnostics.add(
                NOT_A_MAPPING,
                "a game package file must be a mapping of sections",
                loaded.spans.value(()),
                hint="start the file with a section name such as 'game:' or 'decks:'",
            )
            continue
        if not origin:
            spans.fallback = loaded.spans.value(())
        for section, value in loaded.data.items():
            _merge_section(merged, origin, section, value, loaded.spans, diagnostics)
        spans.update(loaded.spans)
    return merged, spans


def _merge_section(
    merged: dict[str, Any],
    origin: dict[tuple[str, ...], Span],
    section: str,
    value: Any,
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> None:
    """Add one file's section: mappings merge entry by entry, anything else must be unique."""
    if section not in merged:
        merged[section] = dict(value) if isinstance(value, dict) else value
        origin[(section,)] = spans.key((section,))
        for name in value if isinstance(value, dict) else ():
            origin[(section, name)] = spans.key((section, name))
        return
    if not (isinstance(merged[section], dict) and isinstance(value, dict)):
        diagnostics.add(
            DUPLICATE_SECTION,
            f"section '{section}' is already defined in {origin[(section,)]}",
            spans.key((section,)),
            hint="a list section lives in one file; mapping sections may be split by entry",
        )
        return
    for name, entry in value.items():
        existing = merged[section].get(name)
        if isinstance(existing, dict) and isinstance(entry, dict) and not existing.keys() & entry:
            # One entry split over files by key: a deck's settings here, its card list there.
            merged[section][name] = {**existing, **entry}
            continue
        if name in merged[section]:
            diagnostics.add(
                DUPLICATE_SECTION,
                f"'{section}.{name}' is already defined in {origin[(section, name)]}",
                spans.key((section, name)),
                hint="give the entry another name or keep one definition",
            )
            continue
        merged[section][name] = entry
        origin[(section, name)] = spans.key((section, name))


def mapping_section(merged: dict[str, Any], name: str) -> dict[Any, Any]:
    """A mapping section as written ({} when absent or not a mapping: the model reports that),
    for what reads a game's YAML without modelling it (`printkit list`, shell completion)."""
    section = merged.get(name)
    return section if isinstance(section, dict) else {}
