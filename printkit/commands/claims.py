"""`printkit claims`: each claim and worked example of the rules, with its verdict."""

from __future__ import annotations

from pathlib import Path

import click

from printkit.commands.common import JOBS, chosen_games, games_in_workers, report
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics


@click.command()
@click.argument("games", nargs=-1, shell_complete=complete_games)
@JOBS
@click.pass_context
def claims(context: click.Context, games: tuple[str, ...], jobs: int | None) -> None:
    """List each claim and worked example of the rules with its status."""
    diagnostics = Diagnostics()
    chosen = list(chosen_games(context, games, diagnostics).items())
    for lines in games_in_workers(context, _listed, chosen, jobs, diagnostics):
        for line in lines:
            click.echo(line)
    context.exit(report(context, diagnostics))


def _listed(game: tuple[str, Path]) -> list[str]:
    """A game's claims and examples played (in a worker when several games are), as the lines
    that list them: one each, and a property's figures indented under it."""
    from printkit.build import compile_game  # not for --help or completion

    game_id, folder = game
    result = compile_game(game_id, folder, Diagnostics(), properties=True)
    if result is None:
        return [f"{game_id}  (does not load: run 'printkit validate {game_id}')"]
    lines = []
    for verdict in result.verdicts:
        what = " ".join(verdict.text.split())
        lines.append(f"{game_id:<18} {verdict.kind:<7} {verdict.id:<28} {verdict.label:<18} {what}")
        if verdict.summary():
            lines.append(f"{'':<18} {'':<7} {'':<28} {verdict.summary()}")
    return lines
