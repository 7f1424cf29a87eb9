"""Walking a folder tree that a shared package may have made hostile.

os.walk recurses on Python 3.11 (1,200 nested folders raised RecursionError), and a path past
the system's limit raised 'File name too long' where it was tested for a link; both ended in an
internal error. This walk keeps its own stack, takes each entry's kind from the listing (no
call with its path), never enters a link, and passes over a folder it cannot list: one whose
path is too long for the system cannot be opened by name by anything else either.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path


def walk(top: Path) -> Iterator[tuple[Path, list[str], list[str]]]:
    """Top-down, like os.walk: each folder, the names of the folders in it (sorted; the caller
    may remove some, and those are not entered) and the names of everything else (sorted:
    files, links of every kind, pipes). A folder that cannot be listed is passed over."""
    stack = [top]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError:
            continue  # unreadable, gone, or a path the system refuses as too long
        folders, others = [], []
        for entry in listed:
            try:
                inside = entry.is_dir(follow_symlinks=False)
            except OSError:
                inside = False
            (folders if inside else others).append(entry.name)
        folders.sort()
        others.sort()
        yield folder, folders, others
        stack.extend(folder / name for name in reversed(folders))


def files_under(top: Path) -> Iterator[Path]:
    """Every name under `top` that is not a folder (files, links, pipes), folder by folder."""
    for folder, _, others in walk(top):
        for name in others:
            yield folder / name
