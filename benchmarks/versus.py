"""Benchmark: one printkit command, this checkout against another, in alternating pairs.

Why this exists: on a shared machine (this project's is a virtual machine whose speed moves by a
third from one minute to the next) a change of 5 or 10 % is lost between two benchmark runs
taken a minute apart. Timing the old and the new code in turns, one run each at a time, and
taking the median of the pairs' ratios keeps the machine's drift out of the comparison.

What it does: runs `python -m printkit ARGS --out <scratch>` with `PYTHONPATH` set to the other
checkout, then to this one, `--pairs` times, each a whole process (start-up included), and
prints the median processor seconds (user + system, the workers' included) of each side, the
ratio of the medians and the median of the pairs' ratios. Each side first runs once untimed,
with Python's byte-code cache on (as benchmarks/processes.py runs every process): a fresh
`git worktree` has no compiled modules, and with PYTHONDONTWRITEBYTECODE set every run of it
compiled all of printkit again (a gigainstruction on the other side's count).

With `--instructions`, each side runs once under valgrind's callgrind instead, and the figure
is the instructions it executed (valgrind's "Collected"): about fifty times slower, but the
same on every run however busy the machine, so a small change shows.

Run: `python benchmarks/versus.py --old /path/to/old/checkout --cwd /path/to/package/parent
--pairs 9 -- --rule-data rule_data build bench --format pdf --force`
(`git worktree add --detach /tmp/old <commit>` makes the other checkout).
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from processes import ENVIRONMENT

REPO = Path(__file__).resolve().parent.parent


def _environment(checkout: Path) -> dict[str, str]:
    return {**ENVIRONMENT, "PYTHONPATH": str(checkout)}


def processor_seconds(checkout: Path, cwd: Path, args: list[str]) -> float:
    """One whole `python -m printkit` process of `checkout`: its user and system seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "printkit", *args],
        cwd=cwd,
        env=_environment(checkout),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions(checkout: Path, cwd: Path, args: list[str]) -> int:
    """The instructions one whole `python -m printkit` process of `checkout` executes."""
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    run = subprocess.run(
        [*valgrind, sys.executable, "-m", "printkit", *args],
        cwd=cwd,
        env=_environment(checkout),
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", run.stderr)[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the other checkout")
    parser.add_argument("--cwd", type=Path, default=Path.cwd(), help="where printkit runs")
    parser.add_argument("--pairs", type=int, default=9, help="old-then-new pairs of runs")
    parser.add_argument("--instructions", action="store_true", help="count, under valgrind")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="printkit's arguments, after --")
    options = parser.parse_args(argv)
    args = options.args[1:] if options.args[:1] == ["--"] else options.args
    with tempfile.TemporaryDirectory() as scratch:  # each side's modules compiled, untimed
        for checkout in (options.old, REPO):
            processor_seconds(checkout, options.cwd, [*args, "--out", scratch])
    if options.instructions:
        if shutil.which("valgrind") is None:
            print("--instructions needs valgrind (apt-get install valgrind)")
            return 1
        with tempfile.TemporaryDirectory() as scratch:
            low = instructions(options.old, options.cwd, [*args, "--out", scratch + "/a"])
            high = instructions(REPO, options.cwd, [*args, "--out", scratch + "/b"])
        print(f"old {low:,} instructions, new {high:,}; new/old {high / low:.3f}")
        return 0
    old: list[float] = []
    new: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:  # an output folder for each side
        sides = ((options.old, old, "/a"), (REPO, new, "/b"))
        for _ in range(options.pairs):
            for checkout, seconds, out in sides:
                seconds.append(
                    processor_seconds(checkout, options.cwd, [*args, "--out", scratch + out])
                )
    low, high = statistics.median(old), statistics.median(new)
    pairs = statistics.median(b / a for a, b in zip(old, new, strict=True))
    print(f"old {low:.2f} s, new {high:.2f} s (median of {options.pairs} each)")
    print(f"new/old {high / low:.3f}; median of the pairs' ratios {pairs:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
