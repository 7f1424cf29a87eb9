"""The build cache: what a material's inputs last produced, so a build redraws only what changed.

It lives in the output folder (`.printkit-cache/`), beside what it reproduces:
- `materials/<key>/` holds the output files of one drawn material, `key` being a hash of all
  that made them (rebuild.py says what). An entry comes into being whole, by renaming a
  finished temporary folder, and is never changed after; a hash of each file is kept beside
  them and checked on every use, so an entry edited or damaged since is redrawn, never copied.
- `games/<game>.json` records, per game, the hash of everything the game's build read (its
  folder, printkit, the options) with the diagnostics it gave and the entry of each material:
  a game whose hash is unchanged is not even loaded.
A build uses the cache under the output folder's lock (output.output_lock), so builds into one
folder take turns with it too: each removes the temporary folders of killed builds when it
starts and, when it ends, the entries no game refers to any more (superseded drawings).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from printkit.output import BUILD_DURABLE, OutputError, write_atomic

CACHE_FOLDER = ".printkit-cache"
_MANIFEST = ".files.json"  # hidden: never an output file
_LEFTOVER_PREFIXES = ("tmp-", "old-")


class Digest:
    """A hash of parts added one by one, each length-prefixed so that no two lists of parts
    collide: what is hashed need never be held together."""

    def __init__(self) -> None:
        self.hashed = hashlib.sha256()

    def add(self, part: bytes | str) -> None:
        data = part.encode("utf-8") if isinstance(part, str) else part
        self.hashed.update(len(data).to_bytes(8, "little"))
        self.hashed.update(data)

    def hexdigest(self) -> str:
        return self.hashed.hexdigest()


def digest(*parts: bytes | str) -> str:
    """One hash of several parts (see Digest)."""
    hashed = Digest()
    for part in parts:
        hashed.add(part)
    return hashed.hexdigest()


class Cache:
    """The cache of one output folder, for a build that holds the folder's lock. Its folders
    are made when something is stored: a build that writes nothing leaves none."""

    def __init__(self, out: Path) -> None:
        self.root = out / CACHE_FOLDER
        self.materials = self.root / "materials"
        self.games = self.root / "games"

    # --- material entries ------------------------------------------------------------------

    def entry(self, key: str) -> list[Path] | None:
        """The files of the entry `key`, each checked against its recorded hash; None when
        there is no such entry or it no longer holds what was written."""
        folder = self.materials / key
        try:
            recorded = json.loads((folder / _MANIFEST).read_text(encoding="utf-8"))
            files = []
            for name, expected in recorded.items():
                path = folder / name
                if hashlib.sha256(path.read_bytes()).hexdigest() != expected:
                    return None
                files.append(path)
        except (OSError, ValueError, AttributeError):
            return None
        return files

    def store(self, key: str, files: Iterable[tuple[str, bytes]]) -> list[Path]:
        """Write an entry whole: into a temporary folder, which is then renamed to its key. An
        entry already there (another build drew the same) is kept unless it is damaged.
        OutputError names the file that could not be written."""
        try:
            self.materials.mkdir(parents=True, exist_ok=True)
            temporary = Path(tempfile.mkdtemp(prefix="tmp-", dir=self.materials))
        except OSError as error:
            raise OutputError(Path(key), error) from error
        try:
            hashes = {}
            for name, data in files:
                try:
                    (temporary / name).write_bytes(data)
                except OSError as error:
                    raise OutputError(Path(name), error) from error
                hashes[name] = hashlib.sha256(data).hexdigest()
            (temporary / _MANIFEST).write_text(json.dumps(hashes), encoding="utf-8")
            self._place(temporary, self.materials / key)
        except OSError as error:
            shutil.rmtree(temporary, ignore_errors=True)
            raise OutputError(Path(_MANIFEST), error) from error
        except BaseException:
            shutil.rmtree(temporary, ignore_errors=True)
            raise
        return [self.materials / key / name for name in hashes]

    def _place(self, temporary: Path, folder: Path) -> None:
        try:
            os.rename(temporary, folder)
            return
        except OSError:  # an entry of that key is there (rename will not replace a folder)
            if self.entry(folder.name) is not None:
                shutil.rmtree(temporary)
                return
        retired = Path(tempfile.mkdtemp(prefix="old-", dir=self.materials))
        os.rename(folder, retired / "entry")
        os.rename(temporary, folder)
        shutil.rmtree(retired, ignore_errors=True)

    # --- per game --------------------------------------------------------------------------

    def game_record(self, game: str) -> dict[str, Any]:
        """What the last build of `game` recorded (empty when none did or it is unreadable)."""
        try:
            record = json.loads((self.games / f"{game}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return record if isinstance(record, dict) else {}

    def record_game(self, game: str, record: dict[str, Any]) -> None:
        write_atomic(self.games / f"{game}.json", json.dumps(record).encode("utf-8"), BUILD_DURABLE)

    # --- housekeeping (alone only) ---------------------------------------------------------

    def clean_leftovers(self) -> None:
        """Remove the temporary folders of killed builds."""
        for entry in _entries(self.materials):
            if entry.name.startswith(_LEFTOVER_PREFIXES):
                shutil.rmtree(entry, ignore_errors=True)

    def prune(self) -> None:
        """Remove the entries that no game's record refers to: superseded drawings."""
        wanted = set()
        for record_file in _entries(self.games):
            record = self.game_record(record_file.stem)
            entries = record.get("entries", {})
            wanted.update(entries.values() if isinstance(entries, dict) else ())
        for entry in _entries(self.materials):
            if entry.name not in wanted and not entry.name.startswith(_LEFTOVER_PREFIXES):
                shutil.rmtree(entry, ignore_errors=True)
        for folder in (self.materials, self.games, self.root):  # a build that wrote nothing
            with contextlib.suppress(OSError):  # leaves nothing (a folder in use stays)
                folder.rmdir()


def _entries(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []
