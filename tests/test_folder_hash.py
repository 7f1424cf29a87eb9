"""The cache's hash of a game's folder reads what the game may read, one file at a time: a
link is hashed by what it says, never followed out of the folder, and past a budget of bytes
files count by their size and time (forty links to a 35 MB program held 1.4 GB)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import printkit.inputs
from printkit.inputs import folder_hash


def test_a_link_is_hashed_by_what_it_says_not_by_what_it_leads_to(tmp_path: Path) -> None:
    outside = tmp_path / "outside.bin"
    outside.write_bytes(b"the machine's file")
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.yaml").write_text("game: {title: T, players: '2'}\n", encoding="utf-8")
    (game / "art.png").symlink_to(outside)
    before = folder_hash(game)
    outside.write_bytes(b"another content entirely")
    assert folder_hash(game) == before  # the file outside was not read
    (game / "art.png").unlink()
    (game / "art.png").symlink_to(tmp_path / "elsewhere.bin")
    changed = folder_hash(game)
    assert changed.everything != before.everything and changed.art != before.art


def test_past_the_budget_a_file_counts_by_its_size_and_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game"
    game.mkdir()
    first, second = game / "a.csv", game / "b.csv"
    first.write_bytes(b"x" * 100)
    second.write_bytes(b"y" * 100)
    monkeypatch.setattr(printkit.inputs, "READ_BUDGET", 150)
    before = folder_hash(game)
    stamp = second.stat()
    second.write_bytes(b"z" * 100)  # the same size and time: unread past the budget
    os.utime(second, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert folder_hash(game) == before
    first.write_bytes(b"w" * 100)  # within the budget: read
    os.utime(first, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert folder_hash(game) != before


def test_names_that_are_not_utf8_are_hashed_as_their_bytes(tmp_path: Path) -> None:
    """A zip made on Windows unpacks names in its code page: hashing them as UTF-8 text was an
    internal error in every build of the game. A name and a link's target count as bytes."""
    game = tmp_path / "game"
    game.mkdir()
    stray = Path(os.fsdecode(bytes(game) + b"/read\xe9.txt"))
    stray.write_bytes(b"notes")
    before = folder_hash(game)
    stray.rename(Path(os.fsdecode(bytes(game) + b"/read\xe8.txt")))
    assert folder_hash(game).everything != before.everything
    link = game / "art.png"
    link.symlink_to(os.fsdecode(b"caf\xe9.png"))
    linked = folder_hash(game)
    link.unlink()
    link.symlink_to(os.fsdecode(b"caf\xe8.png"))
    assert folder_hash(game).art != linked.art
