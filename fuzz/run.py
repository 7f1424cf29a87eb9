"""The long fuzz run, for before a release: thousands of mutated packages through `validate` and
`build`, each in a forked child under 10 s and 1 GB, with the figures the release note quotes.

    python fuzz/run.py --cases 10000 [--first-seed 0] [--build-every 4] [--jobs 2]

Failures print with their seed; `tests/test_fuzz.py` replays a seed with `make_case(seed, ...)`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import describe, make_case, run_case


def _one(seed: int, build_every: int) -> tuple[int, list[tuple[float, float, list[str], str]]]:
    """One case in its own scratch folder; returns per-command (seconds, MB, problems, report)."""
    with tempfile.TemporaryDirectory(prefix="printkit-fuzz-") as scratch:
        workdir = Path(scratch)
        case = make_case(seed, workdir)
        formats = "pdf,svg,png" if seed % build_every == 0 else None
        outcomes = run_case(case, workdir, build_formats=formats)
        return seed, [
            (o.seconds, o.peak_mb, o.problems, describe(case, o) if o.problems else "")
            for o in outcomes
        ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--build-every", type=int, default=4, help="build every Nth case too")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    started = time.monotonic()
    runs, slowest, heaviest = 0, 0.0, 0.0
    kinds: Counter[str] = Counter()
    failures: list[str] = []
    seeds = range(options.first_seed, options.first_seed + options.cases)
    with ProcessPoolExecutor(options.jobs) as pool:
        for _seed, results in pool.map(_one, seeds, [options.build_every] * len(seeds)):
            for seconds, megabytes, problems, report in results:
                runs += 1
                slowest, heaviest = max(slowest, seconds), max(heaviest, megabytes)
                for problem in problems:
                    kinds[problem.split(":")[0][:60]] += 1
                if problems:
                    failures.append(report)
    for report in failures[:40]:
        print(report, end="\n\n")
    print(f"cases: {options.cases}, command runs: {runs}, failing runs: {len(failures)}")
    print(f"slowest run: {slowest:.2f} s, largest peak memory: {heaviest:.0f} MB")
    print(f"wall time: {time.monotonic() - started:.0f} s")
    for kind, count in kinds.most_common():
        print(f"  {count:>6}  {kind}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
