"""Start-up as a user meets it: whole `printkit` processes that do (almost) nothing but start.

`--help`, `--version` and `list` must start in at most 0.15 s (issue 21); `validate GAME` is
shown beside them for what a real command adds. Each command runs `--repeat` times, in turns
with the baselines (bare Python, and Python importing reportlab, the bare scripts' start), so a
busy moment of the machine hits all alike; the figures are medians of processor seconds (user +
system, what a loaded machine disturbs least) with the wall seconds beside them.

    python benchmarks/startup.py [--repeat 9] [--game shields_up] [--checkout DIR]

`--checkout DIR` times the printkit of another checkout (another branch's worktree, an older
commit unpacked with `git archive`), for before-and-after figures from one script.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from processes import BARE_START

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 0.15  # seconds of start-up for --help, --version and list (issue 21)
BARE_REPORTLAB = [sys.executable, "-c", "import reportlab"]


def run(command: list[str], checkout: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and processor seconds of one whole process run in `checkout` (so that its printkit
    is the one imported), which must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        command, capture_output=True, text=True, cwd=checkout, env=env, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--game", default="shields_up", help="the game `validate` checks")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the printkit to time")
    options = parser.parse_args()
    checkout = options.checkout.resolve()
    env = {**os.environ, "PYTHONPATH": str(checkout), "NO_COLOR": "1"}
    printkit = [sys.executable, "-m", "printkit"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import reportlab'": BARE_REPORTLAB,
        "python -c 'import reportlab.pdfgen.canvas'": BARE_START,
        "printkit --help": [*printkit, "--help"],
        "printkit --version": [*printkit, "--version"],
        "printkit list": [*printkit, "list"],
        f"printkit validate {options.game}": [*printkit, "validate", options.game],
    }
    if not (checkout / "printkit" / "commands").is_dir():  # a checkout from before --version
        del commands["printkit --version"]
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(options.repeat):
        for name, command in commands.items():
            times[name].append(run(command, checkout, env))
    bare = statistics.median(cpu for _, cpu in times["python -c 'import reportlab'"])
    python = statistics.median(cpu for _, cpu in times["python -c pass"])
    print(f"start-up of whole processes, median of {options.repeat} ({checkout})")
    print(
        f"{'command':<44} {'cpu s':>6} {'wall s':>7} {'over python':>11} {'× reportlab':>11}  limit"
    )
    for name, runs in times.items():
        cpu = statistics.median(c for _, c in runs)
        wall = statistics.median(w for w, _ in runs)
        limited = name in ("printkit --help", "printkit --version", "printkit list")
        verdict = ("met" if cpu <= LIMIT else "MISSED") + f" (≤ {LIMIT} s)" if limited else ""
        print(
            f"{name:<44} {cpu:>6.3f} {wall:>7.3f} {cpu - python:>11.3f} {cpu / bare:>10.1f}×  "
            f"{verdict}"
        )
    print(
        "cpu s: processor seconds; over python: less a bare `python -c pass`, printkit's own "
        "start-up, which varies less with the machine"
    )


if __name__ == "__main__":
    main()
