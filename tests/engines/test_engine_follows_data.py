"""Every number an engine reads changes how it plays (issue 19: the perturbation test).

For each shipped game with an engine and each path of its `requires` that holds a whole number,
the played rules with that number changed (one up, one down, or 1) are played as the shipped
ones are: the scripted games of its claims and examples, and 20 seeded playouts by the game's
own smoke agents, in each variant. Some final position or some move must differ for one of the
changes. A number the engine lists but never uses, or uses only where no game goes, fails here.
A change the engine or the models refuse counts as read (the engine looked at it).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from support import RULE_DATA

from printkit.check.engine_scripts import play_script
from printkit.check.engine_setup import BoundEngine
from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage, load_package
from printkit.load.played import parse_path, play_errata, value_at
from printkit.model.package import Package
from printkit.model.play import Scenario
from printkit.simulate.agents import seat_agents
from printkit.simulate.binding import load_engine
from printkit.simulate.playout import Seeds, play_one
from printkit.simulate.settings import SettingError, with_settings

PLAYOUTS = 20


@cache
def played(game: str) -> LoadedPackage:
    diagnostics = Diagnostics()
    loaded = load_package(game, RULE_DATA / game, diagnostics)
    assert loaded is not None, [str(d) for d in diagnostics]
    return play_errata(loaded, diagnostics)


def engine_games() -> list[str]:
    return sorted(
        folder.name
        for folder in RULE_DATA.iterdir()
        if (folder / "game.yaml").exists() and "engine:" in (folder / "game.yaml").read_text()
    )


def numbers(game: str) -> list[tuple[str, int]]:
    """The whole-number paths of the engine's `requires`, with the played rules' values."""
    loaded = played(game)
    engine = load_engine(loaded.package.game.engine)
    found = []
    for path in engine.requires:
        value, problem, _ = value_at(loaded.package, parse_path(path) or ())
        if problem is None and isinstance(value, int) and not isinstance(value, bool):
            found.append((path, value))
    return found


def games(rules: Package, game: str) -> list[Any]:
    """What the shipped data plays: the final position of each scripted game, then the move
    lists of the smoke's first playouts in each variant."""
    engine = load_engine(rules.game.engine)
    bound = BoundEngine(engine, replace(played(game), package=rules))
    found: list[Any] = []
    for kind in ("claims", "examples"):
        for name, item in getattr(rules, kind).items():
            if isinstance(item.play, Scenario):
                state = play_script(bound, (kind, name), item.play, Diagnostics())
                found.append(state.to_json() if state is not None else None)
    simulation = rules.simulation
    assert simulation is not None, f"{game} has an engine and no simulation.yaml"
    players = min(engine.players)
    variants = [None, *(rules.rules.variants if rules.rules else {})]
    for variant in variants:
        for index in range(PLAYOUTS):
            agents = seat_agents(list(simulation.smoke.agents), players, engine, rules)
            seeds = Seeds(game, 0, index)
            result = play_one(engine, rules, players, variant, agents, seeds, simulation.max_turns)
            found.append(result.actions)
    return found


@cache
def shipped_games(game: str) -> list[Any]:
    return games(played(game).package, game)


def changes(game: str, path: str, value: int) -> list[Package]:
    """The played rules with `path` one up, one down, or 1, as far as the models take them."""
    found = []
    for other in dict.fromkeys((value + 1, value - 1, 1)):
        if other == value or other < 0:
            continue
        try:
            found.append(with_settings(played(game), {path: other}))
        except SettingError:
            continue
    return found


@pytest.mark.parametrize(
    ("game", "path", "value"),
    [(game, path, value) for game in engine_games() for path, value in numbers(game)],
)
def test_changing_a_number_the_engine_reads_changes_some_game(
    game: str, path: str, value: int
) -> None:
    variants = changes(game, path, value)
    assert variants, f"{game}: the models take no other value for {path}"
    for rules in variants:
        try:
            if games(rules, game) != shipped_games(game):
                return
        except ValueError:
            return  # the engine refuses to set up with it: it reads the number
    pytest.fail(
        f"{game}: {path} = {value} changed to each of the values the models take, and no "
        f"scripted game and none of {PLAYOUTS} seeded games per variant changed: the engine "
        "lists it but does not play it"
    )


def test_every_shipped_engine_has_numbers_to_check() -> None:
    assert engine_games(), "no shipped game names an engine"
    for game in engine_games():
        assert numbers(game), f"{game}'s engine reads no whole number from the data"
