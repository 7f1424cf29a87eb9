"""The last-resort guard: an exception inside a command becomes one PK900 diagnostic, exit 3,
and a saved report; the terminal never shows a traceback.

No input can raise one (that is what the guard is for), so these tests make a real compiler
function raise in-process: the renderer of the PDF, in the middle of writing a game.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

import pytest
from support import (
    GOOD,
    files_under,
    killed_by_the_system,
    leftovers,
    parse_diagnostics,
    run_cli,
)

import printkit.build
import printkit.crash
import printkit.rebuild
from printkit.crash import KEPT_REPORTS, save_report


class _RendererBug(RuntimeError):
    pass


def _broken_renderer(document: object) -> bytes:
    raise _RendererBug("the renderer\nfell over")


def _build(out: Path) -> tuple[int, str]:
    """A build that draws everything (--force): an unchanged game would come from the cache."""
    result = run_cli("--rule-data", GOOD, "build", "marked_deck", "--out", out, "--force")
    return result.exit_code, result.output


def test_an_exception_inside_a_command_is_pk900_with_a_saved_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, reports = tmp_path / "out", tmp_path / "cache" / "printkit"
    assert _build(out)[0] == 0
    before = {p: p.read_bytes() for p in files_under(out)}
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(printkit.build, "render_pdf", _broken_renderer)

    code, output = _build(out)

    assert code == 3, output
    assert "Traceback" not in output
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK900" and diagnostic.severity == "error"
    assert "internal error: _RendererBug: the renderer fell over" in diagnostic.message
    assert "report it" in (diagnostic.hint or "")
    [report] = list(reports.iterdir())
    assert diagnostic.file == str(report) and str(report) in diagnostic.message
    text = report.read_text()
    assert "Traceback (most recent call last)" in text and "_broken_renderer" in text
    assert "printkit: " in text and "python: " in text
    assert {p: p.read_bytes() for p in files_under(out)} == before  # nothing half-written
    assert not leftovers(out)


def test_a_report_that_cannot_be_saved_still_gives_one_diagnostic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cache").write_text("a file where the cache folder would be\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(printkit.build, "render_pdf", _broken_renderer)

    code, output = _build(tmp_path / "out")

    assert code == 3, output
    assert "Traceback" not in output
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK900"
    assert "the report could not be saved" in diagnostic.message


def test_reports_go_to_the_users_cache_and_only_the_latest_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """~/.cache/printkit without XDG_CACHE_HOME; older reports beyond KEPT_REPORTS go, and
    nothing else in the folder is touched."""
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    reports = tmp_path / ".cache" / "printkit"
    reports.mkdir(parents=True)
    for number in range(KEPT_REPORTS + 5):
        old = reports / f"internal-error-old{number:02d}.txt"
        old.write_text("an older report\n")
        os.utime(old, ns=(number * 10**9, number * 10**9))
    (reports / "notes.txt").write_text("not a report\n")
    monkeypatch.setattr(printkit.build, "render_pdf", _broken_renderer)

    code, output = _build(tmp_path / "out")

    assert code == 3, output
    [diagnostic] = parse_diagnostics(output)
    kept = sorted(p.name for p in reports.glob("internal-error-*.txt"))
    assert len(kept) == KEPT_REPORTS
    assert Path(diagnostic.file).name in kept
    oldest_kept = [f"internal-error-old{n:02d}.txt" for n in range(6, KEPT_REPORTS + 5)]
    assert set(oldest_kept) <= set(kept)
    assert (reports / "notes.txt").exists()


@pytest.mark.parametrize("games", [("marked_deck",), ("marked_deck", "minimal_deck")])
def test_a_drawing_worker_killed_by_the_system_is_pk407_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, games: tuple[str, ...]
) -> None:
    """Found by the fuzzer: a worker past the CPU limit of its run died, and the build called
    the broken pool a bug of printkit (PK900). The workers are forked from this process, so
    they draw with the replaced function: a material's worker (one game), or a whole game's
    (several); nothing is written for any game."""
    out = tmp_path / "out"
    assert run_cli("--rule-data", GOOD, "build", *games, "--out", out).exit_code == 0
    before = {p: p.read_bytes() for p in files_under(out)}
    monkeypatch.setattr(printkit.rebuild, "_draw", killed_by_the_system)

    result = run_cli("--rule-data", GOOD, "build", *games, "--out", out, "--force", "--jobs", "2")

    assert result.exit_code == 1, result.output
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK407" and "stopped by the system" in diagnostic.message
    assert "nothing was written" in diagnostic.message and "--only" in (diagnostic.hint or "")
    assert {p: p.read_bytes() for p in files_under(out)} == before
    assert not leftovers(out)


def test_running_out_of_memory_frees_what_filled_it_before_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The handler of a MemoryError ran out of memory itself, and Python's traceback reached
    the terminal: the frames' data is released first, then the PK900 is made as for any bug."""
    held: list[weakref.ref[object]] = []

    class Filling:  # stands for what filled the memory
        def __init__(self) -> None:
            self.data = bytearray(50 * 2**20)

    def exhausted(document: object) -> bytes:
        filling = Filling()
        held.append(weakref.ref(filling))
        raise MemoryError

    freed_before_the_report: list[bool] = []

    def saved(error: BaseException) -> Path:
        freed_before_the_report.append(held[0]() is None)
        return save_report(error)

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(printkit.build, "render_pdf", exhausted)
    monkeypatch.setattr(printkit.crash, "save_report", saved)
    result = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--out", tmp_path / "out", "--jobs", "1"
    )  # fmt: skip
    code, output = result.exit_code, result.output  # in this process, where `held` is
    assert code == 3, output
    assert "Traceback" not in output
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK900" and "MemoryError" in diagnostic.message
    assert freed_before_the_report == [True]
