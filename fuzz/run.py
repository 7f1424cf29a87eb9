"""The long fuzz run, for before a release: thousands of mutated packages, one surface per case,
through `validate` and `build`, each command in a forked child under 10 s and 1 GB, with the
figures the release note quotes, per family.

    python fuzz/run.py --cases 20000 [--first-seed 0] [--family NAME] [--jobs 2] [--log FILE]
    python fuzz/run.py --replay SEED [--keep DIR]

Every failure prints with its seed; `--replay SEED` rebuilds that case, runs it again and keeps
its folder so the package can be read and run by hand.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import (
    FAMILY_ORDER,
    KINDS,
    describe,
    family_of,
    make_case,
    plan,
    run_case,
    running,
    seeds_of,
)

REQUIRED = ("internal error", "traceback", "over time", "over memory", "partial output",
            "validate/build disagree")  # fmt: skip


def _one(seed: int, build_every: int, reproduce_every: int, keep: Path | None = None) -> dict:
    """One case in its own scratch folder: its runs, their problems and failure reports. A bug
    of the fuzzer itself (its mutator, or a family's step between runs, such as the diff
    family's damage to an output folder) is counted and shown, and the run goes on."""
    with tempfile.TemporaryDirectory(prefix="printkit-fuzz-") as scratch:
        workdir = keep or Path(scratch)
        stage = "the mutator"
        try:
            case = make_case(seed, workdir)
            stage = "running the case"
            outcomes = run_case(case, workdir, plan(seed, build_every, reproduce_every))
        except Exception:
            report = f"seed {seed}: {stage} failed\n{traceback.format_exc()}"
            failure = {"kinds": ["fuzzer error"], "report": report, "problems": [], "command": ""}
            return {"seed": seed, "family": family_of(seed), "runs": 0, "slowest": 0.0,
                    "most_cpu": 0.0, "heaviest": 0.0, "failures": [failure]}  # fmt: skip
        return {
            "seed": seed,
            "family": case.family,
            "runs": len(outcomes),
            "slowest": max(o.seconds for o in outcomes),
            "most_cpu": max(o.cpu_seconds for o in outcomes),
            "heaviest": max(o.peak_mb for o in outcomes),
            "failures": [
                {
                    "kinds": sorted({p.kind for p in o.problems}),
                    "report": describe(case, o),
                    "problems": [str(p) for p in o.problems],
                    "command": o.command,
                }
                for o in outcomes
                if o.problems
            ],
        }


def _preload() -> None:
    """Import all of printkit once, before the workers fork: each forked run then starts
    where a long-lived process would, and the cases' time goes to the work, not to imports
    (about half of a short case's time). Start-up itself is measured by benchmarks/startup.py."""
    import printkit

    for module in pkgutil.walk_packages(printkit.__path__, "printkit."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)


def _seeds(options: argparse.Namespace) -> list[int]:
    if options.family:
        return seeds_of(options.family, options.first_seed, options.cases)
    return list(range(options.first_seed, options.first_seed + options.cases))


def _report(results: list[dict], seconds: float) -> int:
    cases, runs = Counter(), Counter()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    examples: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for result in results:
        family = result["family"]
        cases[family] += 1
        runs[family] += result["runs"]
        for failure in result["failures"]:
            for kind in failure["kinds"]:
                counts[family][kind] += 1
                examples[family, kind].append({"seed": result["seed"], **failure})
    for (family, kind), found in sorted(examples.items()):
        seeds = ", ".join(map(str, sorted({f["seed"] for f in found})[:8]))
        print(f"== {family} / {kind}: {len(found)} run(s); seeds {seeds}")
        print(found[0]["report"], end="\n\n")
    header = ["family", "cases", "runs", *REQUIRED, "other"]
    print(" | ".join(header))
    total: Counter[str] = Counter()
    for family in FAMILY_ORDER:
        if not cases[family]:
            continue
        other = sum(v for k, v in counts[family].items() if k not in REQUIRED)
        row = [cases[family], runs[family], *(counts[family][k] for k in REQUIRED), other]
        total.update(dict(zip(header[1:], row, strict=True)))
        print(" | ".join([family, *map(str, row)]))
    print(" | ".join(["all", *(str(total[h]) for h in header[1:])]))
    others = Counter(k for c in counts.values() for k in c.elements() if k not in REQUIRED)
    for kind in KINDS:
        if others[kind]:
            print(f"  other: {kind}: {others[kind]} run(s)")
    slowest = max((r["slowest"] for r in results), default=0)
    most_cpu = max((r.get("most_cpu", 0.0) for r in results), default=0)
    heaviest = max((r["heaviest"] for r in results), default=0)
    print(f"cases: {len(results)}, runs: {sum(runs.values())}, wall time: {seconds:.0f} s")
    print(f"slowest run: {slowest:.2f} s of wall clock, {most_cpu:.2f} s of CPU at most")
    print(f"largest peak memory: {heaviest:.0f} MB added to the forking worker's")
    return 1 if examples else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--family", choices=FAMILY_ORDER, help="only the cases of this family")
    parser.add_argument("--build-every", type=int, default=2, help="build every Nth case too")
    parser.add_argument("--reproduce-every", type=int, default=10, help="of built cases")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--wall-factor",
        type=int,
        default=running.WALL_FACTOR,
        help="wall-clock seconds allowed per CPU second (raise it on a crowded machine)",
    )
    parser.add_argument("--log", type=Path, help="write each case's results here as it ends")
    parser.add_argument("--from-log", type=Path, help="report on a log instead of running")
    parser.add_argument("--replay", type=int, metavar="SEED", help="run one case again")
    parser.add_argument("--keep", type=Path, help="with --replay: build the case in this folder")
    options = parser.parse_args()
    running.WALL_FACTOR = options.wall_factor  # the workers are forked: they see it
    _preload()
    if options.replay is not None:
        keep = options.keep or Path(tempfile.mkdtemp(prefix=f"printkit-fuzz-{options.replay}-"))
        keep.mkdir(parents=True, exist_ok=True)
        result = _one(options.replay, options.build_every, options.reproduce_every, keep)
        print(f"seed {options.replay} [{family_of(options.replay)}] in {keep / 'rule_data'}")
        for failure in result["failures"]:
            print(failure["report"], end="\n\n")
        print("no problem" if not result["failures"] else "", end="")
        return 1 if result["failures"] else 0
    if options.from_log:
        lines = options.from_log.read_text(encoding="utf-8").splitlines()
        return _report([json.loads(line) for line in lines], 0.0)
    started = time.monotonic()
    seeds = _seeds(options)
    count = len(seeds)
    results = []
    log = options.log.open("w", encoding="utf-8") if options.log else None
    with ProcessPoolExecutor(options.jobs) as pool:
        every = [options.build_every] * count, [options.reproduce_every] * count
        for result in pool.map(_one, seeds, *every):
            results.append(result)
            if log:
                log.write(json.dumps(result) + "\n")
                log.flush()
            if len(results) % 100 == 0:
                print(f"{len(results)} cases, {time.monotonic() - started:.0f} s", file=sys.stderr)
    if log:
        log.close()
    return _report(results, time.monotonic() - started)


if __name__ == "__main__":
    raise SystemExit(main())
