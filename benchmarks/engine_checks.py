"""Benchmark: what the validator's engine link costs each shipped game with an engine.

Why this exists: issue 19 lets `build` and `claims` replay every scripted `play:` (worked
examples and scenario claims) but asks that this stay under 0.3 s a game, and lets `validate`
play the property claims and the smoke playouts (100 random games with invariants on, by
default) at most 2 s above `validate --no-simulate`.

What it does: loads each game of rule_data/ bound to an engine, applies its errata, checks its
claims as `check_rules` does, then times `check_engine` in-process at each level: the scripts
alone (`build`), with the property claims (`claims`), and with the smoke playouts too
(`validate`). Each level's best of `--repeat` runs is printed; a level over its aim is marked.

Run: `python benchmarks/engine_checks.py` (`--repeat 5` for the best of five).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from printkit.check.claims import check_claims
from printkit.check.engine import check_engine
from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage, load_package
from printkit.load.played import play_errata
from printkit.load.sources import find_games

REPO = Path(__file__).resolve().parent.parent
LEVELS = {  # name: (smoke, properties, aim in seconds)
    "scripts (build)": (False, False, 0.3),
    "+ properties (claims)": (False, True, None),
    "+ smoke playouts (validate)": (True, True, 2.0),
}


def played_game(game: str, folder: Path) -> LoadedPackage:
    diagnostics = Diagnostics()
    loaded = load_package(game, folder, diagnostics)
    assert loaded is not None, [d.render() for d in diagnostics]
    return play_errata(loaded, diagnostics)


def best(played: LoadedPackage, smoke: bool, properties: bool, repeat: int) -> tuple[float, float]:
    """The best wall and CPU seconds of `repeat` runs (on a shared machine the CPU time is the
    engine's own cost, the wall time also what the other processes took)."""
    assert played.text is not None
    walls, cpus = [], []
    for _ in range(repeat):
        verdicts = check_claims(played.text, played.spans, Diagnostics())
        wall, cpu = time.perf_counter(), time.process_time()
        check_engine(played, verdicts, Diagnostics(), smoke, properties)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    for game, folder in find_games(REPO / "rule_data", Diagnostics()).items():
        played = played_game(game, folder)
        if played.package.game.engine is None:
            continue
        for level, (smoke, properties, aim) in LEVELS.items():
            wall, cpu = best(played, smoke, properties, options.repeat)
            over = f"  OVER the aim of {aim} s" if aim is not None and cpu > aim else ""
            print(f"{game:<14} {level:<28} {wall:6.3f} s wall {cpu:6.3f} s CPU{over}")


if __name__ == "__main__":
    main()
