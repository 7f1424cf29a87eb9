"""Run every benchmark workload and print one table: printkit against its baseline, with ratios.

Why this exists: issue 21 asks for one command that measures printkit as users meet it, against
baselines that do the same work as fast as they fairly can, so that a slower release shows at
once. Each script of benchmarks/ that defines `workloads(root)` adds its rows (discovered by
name, so a new script joins by defining that function); each row is a pair of whole processes,
printkit's command and the baseline's (see processes.Workload), timed in turns.

What it prints, in Markdown: for each workload the median processor seconds (user and system) of
each side over `--repeat` runs, the ratio printkit/baseline and the aim it is held to; then the
same less each side's start-up (`printkit --help` for printkit, Python importing reportlab's
canvas for the bare scripts, timed the same way), which is the work itself. Processor time is
what is compared because the machine may be shared: wall time says more about the neighbours.

Run: `python benchmarks/run_all.py` (`--repeat 1` for a quick look, `--only map` for the rows
whose name holds "map"). The exit status is 1 when an aim is missed.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from processes import BARE_START, PRINTKIT_START, Workload, wall_and_cpu

HERE = Path(__file__).resolve().parent


def discovered(root: Path) -> Iterator[Workload]:
    """The workloads of every script here that defines `workloads(root)`, scripts by name."""
    for script in sorted(HERE.glob("*.py")):
        if script.stem in ("run_all", "processes"):
            continue
        module = importlib.import_module(script.stem)
        if hasattr(module, "workloads"):
            yield from module.workloads(root / script.stem)


@dataclass(frozen=True)
class Row:
    name: str
    printkit: float  # median processor seconds
    baseline: float | None
    aim: float | None

    @property
    def missed(self) -> bool:
        """Slower than its aim allows (a row with no aim or no baseline never misses)."""
        if self.aim is None or self.baseline is None:
            return False
        return self.printkit > self.aim * self.baseline


def median_pair(repeat: int, printkit: list[str], baseline: list[str] | None) -> Row:
    """Median processor seconds of each command over `repeat` runs, taken in turns."""
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(wall_and_cpu(printkit)[1])
        if baseline is not None:
            theirs.append(wall_and_cpu(baseline)[1])
    return Row("", statistics.median(ours), statistics.median(theirs) if theirs else None, None)


def _ratio(ours: float, theirs: float | None) -> str:
    return f"{ours / theirs:.2f}×" if theirs else ""


def _seconds(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def table(rows: list[Row], start: Row) -> list[str]:
    """The Markdown table: each row with start-up included, then less each side's start-up."""
    lines = [
        "| work | printkit | baseline | ratio | aim | printkit less start-up | "
        "baseline less start-up | ratio less start-up |",
        "|---|---|---|---|---|---|---|---|",
        f"| start-up (`printkit --help`; baseline: importing reportlab) | "
        f"{_seconds(start.printkit)} | {_seconds(start.baseline)} | "
        f"{_ratio(start.printkit, start.baseline)} | | | | |",
    ]
    for row in rows:
        ours = row.printkit - start.printkit
        theirs = None if row.baseline is None else row.baseline - (start.baseline or 0.0)
        aim = f"≤ {row.aim:g}×" if row.aim is not None else ""
        lines.append(
            f"| {row.name} | {_seconds(row.printkit)} | {_seconds(row.baseline)} | "
            f"{_ratio(row.printkit, row.baseline)} | {aim}{' MISSED' if row.missed else ''} | "
            f"{_seconds(ours)} | {_seconds(theirs)} | {_ratio(ours, theirs)} |"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side; the median")
    parser.add_argument("--only", default="", help="the workloads whose name holds this")
    options = parser.parse_args()
    sys.path.insert(0, str(HERE))
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as temporary:
        start = median_pair(options.repeat, PRINTKIT_START, BARE_START)
        rows = []
        for workload in discovered(Path(temporary)):
            if options.only not in workload.name:
                continue
            print(f"timing {workload.name}", file=sys.stderr)
            printkit, baseline = workload.prepare()
            row = median_pair(options.repeat, printkit, baseline)
            rows.append(Row(workload.name, row.printkit, row.baseline, workload.aim))
    print(f"median processor seconds of whole processes, {options.repeat} run(s) each, in turns")
    print("\n".join(table(rows, start)))
    return 1 if any(row.missed for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
