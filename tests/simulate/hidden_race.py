"""The hidden race (tests/engines/hidden_race.py) and its package, for the runner's tests."""

from __future__ import annotations

from pathlib import Path

from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage, load_package
from printkit.load.played import play_errata
from printkit.simulate.binding import load_engine
from printkit.simulate.runner import Batch

ENGINES = Path(__file__).parent.parent / "engines"
GAME = "hidden_race_game"
ENGINE = load_engine("hidden_race")


def played() -> LoadedPackage:
    diagnostics = Diagnostics()
    loaded = load_package(GAME, ENGINES / GAME, diagnostics)
    assert loaded is not None, diagnostics.sorted()
    return play_errata(loaded, diagnostics)


def batch(agents: tuple[str, ...] = ("random",), seeds: int = 100, **options: object) -> Batch:
    fields = {"max_turns": 60, "check": True, **options}
    return Batch(GAME, "hidden_race", played().package, 2, None, agents, 0, seeds, **fields)
