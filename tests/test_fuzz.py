"""Fuzzing in the suite: mutated copies of every shipped and test package through `validate`, and
of the small ones through `build`, each in a forked child under the limits the README promises.

A failure names its seed; `make_case(seed, folder)` rebuilds the same package to debug it, and
`python fuzz/run.py` runs the same mutator over thousands of seeds before a release.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import (
    SMALL_SEEDS,
    Outcome,
    check_output_text,
    check_outputs,
    describe,
    make_case,
    run_case,
)
from reportlab.pdfgen.canvas import Canvas

VALIDATE_CASES = 200
BUILD_CASES = 40


@pytest.mark.parametrize("seed", range(VALIDATE_CASES))
def test_validate_keeps_its_promises(seed: int, tmp_path: Path) -> None:
    case = make_case(seed, tmp_path)
    for outcome in run_case(case, tmp_path, build_formats=None):
        assert not outcome.problems, describe(case, outcome)


@pytest.mark.parametrize("seed", range(100_000, 100_000 + BUILD_CASES))
def test_build_keeps_its_promises(seed: int, tmp_path: Path) -> None:
    case = make_case(seed, tmp_path, SMALL_SEEDS)
    for outcome in run_case(case, tmp_path, build_formats="pdf,svg,png"):
        assert not outcome.problems, describe(case, outcome)


# --- the checker itself must catch what it looks for ----------------------------------------------


def _outcome(stderr: str, exit_code: int = 1) -> Outcome:
    outcome = Outcome("validate", exit_code, 0.1, 50, stderr)
    check_output_text(outcome)
    return outcome


def test_checker_accepts_located_diagnostics_with_hints() -> None:
    text = "g/game.yaml:3:5: error[PK101]: bad\n  hint: fix it\n1 error(s), 0 warning(s)\n"
    assert _outcome(text).problems == []


@pytest.mark.parametrize(
    "text",
    [
        "g/game.yaml: error[PK121]: missing field 'game'\n  hint: add it\n",
        "g/game.yaml:1:1: error[PK100]: bad\n  in position 5\n",
        "g/game.yaml:3:5: error[PK101]: no hint here\n",
        "Traceback (most recent call last):\nValueError\n",
        "g/game.yaml:3:5: error[PK900]: internal error\n  hint: report it\n",
    ],
)
def test_checker_flags_broken_promises(text: str) -> None:
    assert _outcome(text).problems


def test_checker_flags_a_crash_exit_code() -> None:
    assert _outcome("", exit_code=70).problems


def test_checker_flags_bad_files(tmp_path: Path) -> None:
    (tmp_path / "map.svg").write_text("<svg><text>\x01</text></svg>")
    (tmp_path / ".cards.pdf.tmp").write_bytes(b"")
    (tmp_path / "cut.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n")
    (tmp_path / "page.png").write_bytes(b"\x89PNG\r\n\x1a\nbroken")
    problems = check_outputs(tmp_path)
    for name in ("map.svg", ".cards.pdf.tmp", "cut.pdf", "page.png"):
        assert any(name in problem for problem in problems), (name, problems)


def test_checker_finds_nan_in_a_content_stream(tmp_path: Path) -> None:
    path = tmp_path / "nan.pdf"
    canvas = Canvas(str(path))
    canvas.line(0, 0, float("nan"), 10)
    canvas.save()
    assert any("nan or inf" in p for p in check_outputs(tmp_path))


def test_the_mutator_is_replayable(tmp_path: Path) -> None:
    first = make_case(7, tmp_path / "a")
    second = make_case(7, tmp_path / "b")
    assert first.changes == second.changes
    for path in sorted(first.game.rglob("*")):
        twin = second.game / path.relative_to(first.game)
        if path.is_file() and not path.is_symlink():
            assert path.read_bytes() == twin.read_bytes()
