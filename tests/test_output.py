"""Atomic output: a failed write never leaves a truncated file or a temporary file behind.

Whole games are tested in test_game_output.py."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pypdf
import pytest
from support import GOOD, files_under, run_cli

from printkit.output import write_atomic


def test_write_atomic_writes_the_bytes_and_creates_folders(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "deck.pdf"
    write_atomic(target, b"%PDF-1.4 first")
    assert target.read_bytes() == b"%PDF-1.4 first"
    assert files_under(tmp_path) == [target]


def test_write_atomic_replaces_a_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old " * 1000)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert files_under(tmp_path) == [target]


class _Unwritable:
    """Data that fails once the temporary file is open, like a disk that fills up."""


@pytest.mark.parametrize("data", ["text, not bytes", _Unwritable()], ids=["str", "object"])
def test_a_failure_while_writing_keeps_the_previous_file(tmp_path: Path, data: object) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"previous good file")
    with pytest.raises(TypeError):
        write_atomic(target, data)  # type: ignore[arg-type]
    assert target.read_bytes() == b"previous good file"
    assert files_under(tmp_path) == [target]  # no temporary file is left behind


def test_a_failure_at_the_rename_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    target.mkdir()  # a folder where the file should go: the rename must fail
    (target / "keep").write_text("inside")
    with pytest.raises(OSError):
        write_atomic(target, b"data")
    assert files_under(tmp_path) == [target / "keep"]


def test_every_file_a_build_reports_is_on_disk(tmp_path: Path) -> None:
    """Two materials whose names share a prefix, the longer one first: building the second
    must not delete the pages of the first."""
    rule_data = tmp_path / "rule_data"
    shutil.copytree(GOOD / "minimal_deck", rule_data / "minimal_deck")
    game = rule_data / "minimal_deck" / "game.yaml"
    text = game.read_text()
    assert "materials:\n  sheet:\n" in text
    game.write_text(
        text.replace(
            "materials:\n  sheet:\n",
            "materials:\n  sheet-pod:\n    kind: cards\n    deck: deck\n"
            "    impose: {mode: print_on_demand, backs: none}\n  sheet:\n",
        )
    )
    out = tmp_path / "out"
    result = run_cli("--rule-data", rule_data, "build", "--out", out, "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    pod_pages = len(pypdf.PdfReader(out / "minimal_deck" / "sheet-pod.pdf").pages)
    svgs = sorted(p.name for p in (out / "minimal_deck").glob("sheet-pod-p*.svg"))
    assert svgs == [f"sheet-pod-p{n:02d}.svg" for n in range(1, pod_pages + 1)]


def test_a_build_forces_nothing_to_disk_a_users_file_is_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build's files (its outputs, the cache's record, the preview page) are made again by
    the next build and checked by hash before reuse: written atomically, never forced to disk,
    a fifth of a second of waiting for the shipped games. A file printkit cannot make again,
    such as `schema --out`, is forced before it replaces the old one."""
    forced: list[int] = []
    monkeypatch.setattr(os, "fsync", forced.append)
    out = tmp_path / "out"
    built = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out, "--jobs", "1")
    assert built.exit_code == 0, built.output
    assert (out / "minimal_deck" / "sheet.pdf").is_file() and (out / "index.html").is_file()
    assert forced == []
    schema = run_cli("schema", "--out", tmp_path / "package.schema.json")
    assert schema.exit_code == 0, schema.output
    assert len(forced) == 1
