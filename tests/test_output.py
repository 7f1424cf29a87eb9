"""Atomic output: a failed write never leaves a truncated file or a temporary file behind."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest
from support import GOOD, files_under, parse_diagnostics, run_cli

from printkit.output import remove_stale_pages, write_atomic


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


def test_a_build_that_fails_half_way_through_writing_is_pk400_and_tidy(tmp_path: Path) -> None:
    """A page file that cannot be replaced stops the build with a diagnostic; whatever was
    written is complete, and no temporary file is left in the output folder."""
    out = tmp_path / "out"
    first = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "long_edge", "--out", out
    )
    assert first.exit_code == 0, first.output
    folder = out / "marked_deck"
    pdf_before = (folder / "long_edge.pdf").read_bytes()
    blocker = folder / "long_edge-p02.svg"
    blocker.unlink()
    blocker.mkdir()
    (blocker / "occupied").write_text("x")

    result = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "long_edge", "--out", out
    )
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert [d.code for d in parse_diagnostics(result.output)] == ["PK400"]
    assert not [p for p in folder.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]
    assert (folder / "long_edge.pdf").read_bytes() == pdf_before  # complete (and unchanged)
    assert len(pypdf.PdfReader(folder / "long_edge.pdf").pages) > 0


def test_stale_pages_of_the_same_material_are_removed(tmp_path: Path) -> None:
    for n in (1, 2, 3):
        (tmp_path / f"deck-p{n:02d}.svg").write_text("page")
    remove_stale_pages(tmp_path, "deck", ".svg", {tmp_path / "deck-p01.svg"})
    assert [p.name for p in files_under(tmp_path)] == ["deck-p01.svg"]


def test_stale_page_removal_spares_a_material_whose_name_extends_another(tmp_path: Path) -> None:
    """Material 'deck' must not delete the pages of material 'deck-pod'."""
    (tmp_path / "deck-p01.svg").write_text("page")
    (tmp_path / "deck-pod-p01.svg").write_text("page of another material")
    remove_stale_pages(tmp_path, "deck", ".svg", {tmp_path / "deck-p01.svg"})
    assert [p.name for p in files_under(tmp_path)] == ["deck-p01.svg", "deck-pod-p01.svg"]


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
