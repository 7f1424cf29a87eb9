"""Timing whole processes, as users meet printkit (start-up included), for the benchmarks.

Each benchmark compares printkit with a baseline run in the same session; both sides are
commands, timed here the same way. subprocess is imported only when timing, so that a bare
baseline script importing this module pays for nothing it does not use.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# Each side doing nothing: printkit's command, and Python with reportlab's canvas, which is
# what the bare baseline scripts import.
PRINTKIT_START = [sys.executable, "-m", "printkit", "--help"]
BARE_START = [sys.executable, "-c", "import reportlab.pdfgen.canvas"]

# Both sides run with Python's byte-code cache, as users run them: with PYTHONDONTWRITEBYTECODE
# set (some shells and CI set it) printkit's modules, in a source tree, were compiled again on
# every run while the baselines' libraries came compiled from site-packages.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str], exit_code: int = 0) -> float:
    """Wall seconds of one whole process; any other exit code than `exit_code` (a benchmark of
    a refusal expects 1) stops the benchmark with its output."""
    return wall_and_cpu(command, exit_code)[0]


def wall_and_cpu(command: list[str], exit_code: int = 0) -> tuple[float, float]:
    """Wall and processor seconds (user and system) of one whole process. Processor time moves
    less with the load of others on a shared machine."""
    wall, cpu, _ = measured(command, exit_code)
    return wall, cpu


def measured(command: list[str], exit_code: int = 0) -> tuple[float, float, str]:
    """Wall and CPU seconds of one whole process (its children's too: a build's workers) and
    its standard output, for benchmarks that read what the command says it did."""
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=ENVIRONMENT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != exit_code:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, result.stdout


def best_pair(repeat: int, first: list[str], second: list[str]) -> tuple[float, float]:
    """The best wall seconds of each command over `repeat` runs, taken in turns so that a busy
    moment of the machine hits both alike."""
    runs = [(timed(first), timed(second)) for _ in range(repeat)]
    return min(a for a, _ in runs), min(b for _, b in runs)


def printkit_build(rule_data: Path, game: str, out: Path, *extra: str) -> list[str]:
    """`printkit build` of one game to PDF, as a command: a full build (`--force`), since a
    benchmark runs it again into the same folder, where the cache would skip all the work."""
    return [
        sys.executable, "-m", "printkit", "--rule-data", str(rule_data), "build", game,
        "--format", "pdf", "--out", str(out), "--force", *extra,
    ]  # fmt: skip


Commands = tuple[list[str], list[str] | None]  # printkit's, and the baseline's if any


@dataclass(frozen=True)
class Workload:
    """One row of `benchmarks/run_all.py`'s table. `prepare` writes what the commands read
    (the game package; a first build where the baseline needs its page size) and returns
    printkit's command and the baseline's doing the same work (None: printkit alone), both
    whole processes; `aim` is the most printkit may take as a multiple of the baseline."""

    name: str
    prepare: Callable[[], Commands]
    aim: float | None = None
