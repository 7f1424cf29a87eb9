"""What `simulate`, `replay` and `play` share: a game's played rules and its engine, and the
command line's agents, players and variant checked before anything plays."""

from __future__ import annotations

import click

from printkit.commands.common import chosen_games, report, strict
from printkit.diagnostics import Diagnostics, did_you_mean
from printkit.load.package import LoadedPackage, load_package
from printkit.load.played import play_errata
from printkit.simulate.agents import UnknownAgent, seat_agents
from printkit.simulate.binding import engine_names, load_engine
from printkit.simulate.protocol import Engine


def open_game(context: click.Context, game_id: str) -> tuple[LoadedPackage, Engine]:
    """The played rules of `game_id` and its engine; a package with errors is reported as
    `validate` reports it (exit 1), a game without an engine is a usage error (exit 2)."""
    diagnostics = Diagnostics()
    loaded = None
    for found, folder in chosen_games(context, (game_id,), diagnostics).items():
        loaded = load_package(found, folder, diagnostics)
    played = play_errata(loaded, diagnostics) if loaded is not None else None
    if played is None or diagnostics.has_errors(strict(context)):
        context.exit(report(context, diagnostics) or 1)
    assert played is not None
    name = played.package.game.engine
    if name is None:
        raise click.UsageError(
            f"{game_id} has no engine to play it: its game.yaml names none (game.engine), and "
            f"printkit's engines ({', '.join(engine_names()) or 'none yet'}) each play one of "
            "the games printkit ships",
            ctx=context,
        )
    try:
        return played, load_engine(name)
    except KeyError:
        raise click.UsageError(
            f"{game_id}'s game.engine '{name}' is not an engine of printkit; "
            f"{did_you_mean(name, engine_names())}",
            ctx=context,
        ) from None


def check_table(
    context: click.Context,
    loaded: LoadedPackage,
    engine: Engine,
    agents: str,
    players: int | None,
    variant: str | None,
    option: str = "--agents",
    interactive: bool = False,
) -> tuple[tuple[str, ...], int]:
    """The agent names and the player count, or a usage error saying what would do; a person
    at the terminal (`human`) only for an `interactive` command."""
    names = tuple(name.strip() for name in agents.split(","))
    seats = players or min(engine.players)
    if seats not in engine.players:
        raise click.UsageError(
            f"the {engine.name} engine plays {', '.join(map(str, engine.players))} players, "
            f"not {seats}",
            ctx=context,
        )
    variants = list(loaded.package.rules.variants) if loaded.package.rules else []
    if variant is not None and variant not in variants:
        raise click.UsageError(
            f"{loaded.id} has no variant '{variant}'; {did_you_mean(variant, variants)}",
            ctx=context,
        )
    try:
        seat_agents(list(names), seats, engine, loaded.package, interactive)
    except UnknownAgent as error:
        raise click.UsageError(f"{option} {agents}: {error}", ctx=context) from None
    return names, seats
