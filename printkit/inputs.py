"""What a build's outputs are a function of, hashed: the cache's keys (printkit/cache.py).

- printkit itself: the names, sizes and modification times of the package's own files (code,
  fonts, templates, colour profile) and the versions of the libraries that write the bytes.
  A version number alone would miss every edit of a checkout installed with `pip install -e`
  (where printkit is developed and its games are tried), and a build id would need a build
  step that an editable install never runs. Size and time are what Python itself trusts to
  know a module's compiled file is current; reading the 5 MB instead took 13 ms of every
  build (a 1000-card build is 450 ms).
- a game: every file under its folder (names and contents). The file gate (load/files.py)
  lets a game read nothing outside its folder, so this covers all it reads (YAML, CSV, XLSX,
  art, templates) and every file a change could make it read.
- a material: what its drawing holds (the compiled document, or for a document laid out by
  Platypus the PDF it made) and the game's art, which the drawing names by path.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache
from operator import attrgetter
from pathlib import Path
from types import UnionType
from typing import Literal, Union, get_args, get_origin, get_type_hints

from printkit.cache import Digest, digest
from printkit.draw.ops import Document, Group
from printkit.load.files import ART
from printkit.load.walk import walk

# The libraries whose output is in printkit's files: a new version may write other bytes.
_WRITERS = ("reportlab", "pypdfium2", "pillow", "svgwrite", "svglib", "pikepdf", "fonttools")
_LARGEST_READ = ART.max_bytes  # the gate refuses anything larger: its size and time stand in


@cache
def printkit_fingerprint() -> str:
    """A hash of printkit's own files (name, size, modification time) and of the versions of
    the libraries that write."""
    package = os.path.dirname(os.path.realpath(__file__))
    files = []
    for folder, folders, names in os.walk(package):
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in names:
            path = os.path.join(folder, name)
            status = os.stat(path)
            if stat.S_ISREG(status.st_mode):
                relative = os.path.relpath(path, package).replace(os.sep, "/")
                files.append(f"{relative} {status.st_size} {status.st_mtime_ns}")
    return digest(sys.version, *_installed(_WRITERS), *sorted(files))


def _installed(names: tuple[str, ...]) -> list[str]:
    """The installed distributions of `names` as their metadata folders name them ('pillow
    12.0.0'): read from the folder names, since importlib.metadata parses every METADATA file
    (30 ms each)."""
    wanted = {name.lower() for name in names}
    found = set()
    for entry in sys.path:
        try:
            listed = os.listdir(entry or ".")
        except OSError:
            continue
        for folder in listed:
            if not folder.endswith(".dist-info"):  # most names: the pattern costs 8 ms on all
                continue
            match = _DIST_INFO.fullmatch(folder)
            if match and match["name"].lower().replace("_", "-") in wanted:
                found.add(f"{match['name'].lower()} {match['version']}")
    return sorted(found)


_DIST_INFO = re.compile(r"(?P<name>[A-Za-z0-9_.-]+?)-(?P<version>[^-]+)\.dist-info")


@dataclass(frozen=True)
class FolderHash:
    everything: str  # every file's name and contents
    art: str  # the art files' only: what a drawing refers to by path


def folder_hash(folder: Path, skip: Path | None = None) -> FolderHash:
    """Hash every file under a game's folder (`skip`, an output folder inside it, left out),
    as it is read: one file is held at a time. A link is hashed by what it says, never
    followed (the gate refuses one that leaves the folder; one inside it names a file hashed
    here anyway), and what is not a regular file by its name and kind only: reading a named
    pipe would block. A file larger than any the gate reads, and every file once READ_BUDGET
    bytes are read, count by their size and time: forty links to a 35 MB program held 1.4 GB.
    Names are hashed as the bytes the system holds (os.fsencode): a name that is not UTF-8 (a
    zip made on Windows unpacks one) hashes like any other, and a stray file the game never
    reads cannot stop its build."""
    everything, art = Digest(), Digest()
    skipped = skip.resolve() if skip is not None else None
    budget = [READ_BUDGET]
    real = folder.resolve()  # the walk enters no link: every folder under it is as named
    for root, folders, others in walk(real):  # a link, to a folder too, is one of `others`
        if skipped is not None:
            folders[:] = [name for name in folders if root / name != skipped]
        for name in others:
            path = root / name
            parts = (os.fsencode(path.relative_to(real).as_posix()), _contents(path, budget))
            is_art = path.suffix.lower() in ART.suffixes
            for part in parts:
                everything.add(part)
                if is_art:
                    art.add(part)
    return FolderHash(everything.hexdigest(), art.hexdigest())


READ_BUDGET = 512 * 2**20  # bytes of a game's files read for its hash; past it, sizes and times


def _contents(path: Path, budget: list[int]) -> bytes | str:
    try:
        status = path.lstat()
        if stat.S_ISLNK(status.st_mode):
            return b"link: " + os.fsencode(os.readlink(path))
        if not stat.S_ISREG(status.st_mode):
            return f"not a regular file: {stat.S_IFMT(status.st_mode)}"
        if status.st_size > min(_LARGEST_READ, budget[0]):
            return f"large: {status.st_size} {status.st_mtime_ns}"
        budget[0] -= status.st_size
        return path.read_bytes()
    except OSError as error:  # unreadable: the gate says so when the game reads it
        return f"unreadable: {error.strerror}"


class _Hashing:
    """A file that hashes what is written to it, so a large drawing is never held as bytes."""

    def __init__(self) -> None:
        self.hashed = hashlib.sha256()

    def write(self, data: bytes) -> None:
        self.hashed.update(data)


_PLAIN = frozenset((str, float, int, bool, bytes, type(None)))


class _Flattening:
    """A drawing as nested tuples of plain values, which pickle (with no memo: sharing is not
    content) writes ten times faster than records: each record as its class's name and its
    fields' values, and the ops of a group as the hash of their content, found once however
    many groups place them (a deck places each card's face as many times as it has copies)."""

    def __init__(self) -> None:
        self.groups: dict[int, tuple[tuple, bytes]] = {}  # id of a group's ops: (them, hash)

    def flat(self, value: object) -> object:
        kind = type(value)
        if kind in _PLAIN:
            return value
        record = _record_of(kind)
        if record is not None:
            tag, values, nested, shared = record
            held = values(value)
            if not nested:
                return (tag, *held)
            flattened = list(held)
            for index in nested:
                item = held[index]
                flattened[index] = self._ops_hash(item) if index == shared else self.flat(item)
            return (tag, *flattened)
        if kind is dict:
            return ("dict", *(self.flat(item) for item in value.items()))  # type: ignore[attr-defined]
        if kind is tuple or kind is list:
            return tuple(map(self.flat, value))  # type: ignore[call-overload]
        return value  # anything else, pickled as pickle pickles it

    def _ops_hash(self, ops: tuple) -> bytes:
        known = self.groups.get(id(ops))
        if known is None:
            sink = _Hashing()
            _dump(tuple(map(self.flat, ops)), sink)
            known = self.groups[id(ops)] = (ops, sink.hashed.digest())
        return known[1]


def _dump(flattened: object, sink: _Hashing) -> None:
    pickler = pickle.Pickler(sink, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(flattened)


_Record = tuple[str, Callable[[object], tuple], tuple[int, ...], int]


@cache
def _record_of(cls: type) -> _Record | None:
    """For a record (a dataclass, which holds nothing but its fields): its name; what it holds
    in field order as one tuple (one attrgetter); which fields may hold records or containers
    (by their types: the others are kept as they are); and which one holds ops shared by
    several records, hashed once (a group's; -1 for none). None for other types."""
    if not is_dataclass(cls):
        return None
    names = [f.name for f in fields(cls)]
    getter = attrgetter(*names)
    values = getter if len(names) > 1 else (lambda obj: (getter(obj),))
    hints = get_type_hints(cls)
    nested = tuple(i for i, name in enumerate(names) if not _plain_type(hints[name]))
    shared = names.index("ops") if cls is Group else -1
    return f"{cls.__module__}.{cls.__qualname__}", values, nested, shared


def _plain_type(hint: object) -> bool:
    """Whether a field's type admits plain values only (text, numbers, None, and tuples of
    them): such a field is kept as it is, unflattened."""
    if hint in _PLAIN:
        return True
    origin = get_origin(hint)
    if origin is Literal:
        return True
    if origin in (Union, UnionType, tuple):
        return all(arg is Ellipsis or _plain_type(arg) for arg in get_args(hint))
    return False


def drawing_hash(document: Document) -> str:
    """A hash of the document's drawing by content: equal drawings hash alike whichever of
    their parts are shared objects; each page flattened and hashed in turn, never the whole
    drawing held as bytes."""
    sink = _Hashing()
    flattening = _Flattening()
    _dump(flattening.flat(replace(document, pages=[])), sink)
    for page in document.pages:
        _dump(flattening.flat(page), sink)
    return sink.hashed.hexdigest()
