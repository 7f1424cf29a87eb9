"""Deterministic output: the same input gives the same bytes, whatever the process.

The second build runs in a fresh interpreter with another hash seed, so that nothing that depends
on set or dict ordering of strings, object addresses or the clock can hide."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from support import GOOD, REPO, RULE_DATA, files_under


def build_in_subprocess(
    rule_data: Path, game: str, out: Path, seed: str, clock: float | None = None
) -> None:
    """Build in a fresh interpreter; `clock` sets what time.time() says there (a Unix time)."""
    env = {**os.environ, "PYTHONHASHSEED": seed}
    set_clock = "" if clock is None else f"import time; time.time = lambda: {clock!r}; "
    completed = subprocess.run(
        [sys.executable, "-c", set_clock + "from printkit.cli import main; main()",
         "--rule-data", str(rule_data), "build", game, "--out", str(out)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stderr


@pytest.mark.parametrize(
    ("fixture", "rule_data", "game"),
    [("shields_up", RULE_DATA, "shields_up"), ("marked", GOOD, "marked_deck")],
)
def test_two_builds_give_identical_bytes(
    fixture: str,
    rule_data: Path,
    game: str,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    first: Path = request.getfixturevalue(fixture)
    build_in_subprocess(rule_data, game, tmp_path, seed="12345")
    second = tmp_path / game
    names = sorted(p.name for p in files_under(first))
    assert names == sorted(p.name for p in files_under(second))
    assert any(n.endswith(".pdf") for n in names) and any(n.endswith(".svg") for n in names)
    differing = [n for n in names if (first / n).read_bytes() != (second / n).read_bytes()]
    assert not differing, f"differ between builds: {differing}"


FIXED_DATE = "D:20000101000000+00'00'"  # ReportLab's invariant mode: the same every build


def test_pdfs_do_not_record_when_they_were_built(marked: Path, tmp_path: Path) -> None:
    """A build date in the metadata would make every rebuild differ (by a second or a day):
    built again with the clock at 2001-09-09, every PDF has the same bytes, and its dates are
    absent or the fixed one."""
    build_in_subprocess(GOOD, "marked_deck", tmp_path, seed="0", clock=1_000_000_000.0)
    pdfs = sorted(marked.glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert pdf.read_bytes() == (tmp_path / "marked_deck" / pdf.name).read_bytes(), pdf.name
        metadata = pypdf.PdfReader(pdf).metadata or {}
        for key in ("/CreationDate", "/ModDate"):
            assert metadata.get(key, FIXED_DATE) == FIXED_DATE, (pdf.name, key)
