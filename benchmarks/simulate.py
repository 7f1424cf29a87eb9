"""Benchmark: `printkit simulate` of every shipped game with an engine, as whole processes.

Why this exists: issue 19 sets floors for the playouts a designer waits for (random play of the
dice game and Shields Up at 20,000 steps per second with one worker, Rise! at 5,000; two workers
at least 1.6 times one at -n 4000; invariants on at most 3 times the time off). Users meet the
command with its start-up, so the command is timed whole (benchmarks/processes.py) and the
start-up (`printkit --help`) is timed apart and taken off, so that the rates are those of play.

What it does, for each game of `--rule-data` whose game.yaml names an engine: random play of
`-n` seeds with `--batch-only` (the command line's batch, not simulation.yaml's experiments)
with 1 and then 2 workers in the same run, the same with `--check` (invariants after every
step), and `--agents mcts:64,random` on `--mcts-n` seeds for the search's decisions per second.
The steps and decisions are read from the report (balance.json), the seconds are the best of
`--repeat` runs. Figures print to standard output; nothing is asserted (speed is measured here,
never in the unit tests).

Run: `python benchmarks/simulate.py` (`-n 500 --mcts-n 4 --repeat 1` for a quick look).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from processes import PRINTKIT_START, timed


def searched(batch: dict, seconds: float) -> str:
    """The search's decisions per second. The report counts a playout's decisions only when it
    finished: a batch whose playouts all reached max_turns (Rise!'s, at times) says so, where
    it printed 0 decisions a second."""
    finished = batch["completion"]["finished"]["count"]
    decisions = batch["length"]["decisions"][0]["total"]
    if not finished:
        return f"none finished within max_turns ({batch['steps']:,} steps, {seconds:.2f} s)"
    return (
        f"{decisions:,} decisions of mcts:64 in the {finished} finished, {seconds:.2f} s in all, "
        f"{decisions / seconds:,.1f} decisions/s"
    )


def games_with_engines(rule_data: Path) -> list[str]:
    """The games whose game.yaml binds an engine (the benchmark names none itself)."""
    found = []
    for folder in sorted(p for p in rule_data.iterdir() if (p / "game.yaml").is_file()):
        game = (yaml.safe_load((folder / "game.yaml").read_text()) or {}).get("game") or {}
        if game.get("engine"):
            found.append(folder.name)
    return found


def simulate(rule_data: Path, game: str, out: Path, *options: str) -> list[str]:
    return [
        sys.executable, "-m", "printkit", "--rule-data", str(rule_data), "simulate", game,
        "--batch-only", "--out", str(out), *options,
    ]  # fmt: skip


def best(repeat: int, command: list[str]) -> float:
    return min(timed(command) for _ in range(repeat))


def report_of(out: Path, game: str) -> dict:
    return json.loads((out / game / "balance.json").read_text())["batch"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule-data", type=Path, default=Path("rule_data"))
    parser.add_argument("-n", type=int, default=4000, help="seeds of random play")
    parser.add_argument("--mcts-n", type=int, default=20, help="seeds of mcts:64 against random")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("games", nargs="*", help="default: every game with an engine")
    arguments = parser.parse_args()
    start = best(arguments.repeat, PRINTKIT_START)
    print(f"start-up (printkit --help): {start:.2f} s, taken off every figure below")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for game in arguments.games or games_with_engines(arguments.rule_data):

            def run(*options: str, game: str = game) -> float:
                return best(arguments.repeat, simulate(arguments.rule_data, game, out, *options))

            n = ["-n", str(arguments.n)]
            one = run(*n, "--workers", "1") - start
            steps = report_of(out, game)["steps"]
            two = run(*n, "--workers", "2") - start
            checked = run(*n, "--workers", "1", "--check") - start
            search = run("-n", str(arguments.mcts_n), "--agents", "mcts:64,random") - start
            print(
                f"{game}: random play, {arguments.n:,} playouts, {steps:,} steps\n"
                f"  1 worker:  {one:6.2f} s  {steps / one:10,.0f} steps/s  "
                f"{arguments.n / one:8,.0f} playouts/s\n"
                f"  2 workers: {two:6.2f} s  {steps / two:10,.0f} steps/s  "
                f"{arguments.n / two:8,.0f} playouts/s  speed-up {one / two:.2f}\n"
                f"  invariants on: {checked:6.2f} s, {checked / one:.2f} × the time off\n"
                f"  mcts:64 against random, {arguments.mcts_n} playouts: "
                + searched(report_of(out, game), search)
            )


if __name__ == "__main__":
    main()
