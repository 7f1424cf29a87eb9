"""`printkit claims`: each claim and worked example of the rules, with its verdict."""

from __future__ import annotations

import click

from printkit.commands.common import chosen_games, report
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics


@click.command()
@click.argument("games", nargs=-1, shell_complete=complete_games)
@click.pass_context
def claims(context: click.Context, games: tuple[str, ...]) -> None:
    """List each claim and worked example of the rules with its status."""
    from printkit.build import compile_game  # not for --help or completion

    diagnostics = Diagnostics()
    for game_id, folder in chosen_games(context, games, diagnostics).items():
        result = compile_game(game_id, folder, Diagnostics(), properties=True)
        if result is None:
            click.echo(f"{game_id}  (does not load: run 'printkit validate {game_id}')")
            continue
        for verdict in result.verdicts:
            what = " ".join(verdict.text.split())
            click.echo(
                f"{game_id:<18} {verdict.kind:<7} {verdict.id:<28} {verdict.label:<18} {what}"
            )
            if verdict.summary():
                click.echo(f"{'':<18} {'':<7} {'':<28} {verdict.summary()}")
    context.exit(report(context, diagnostics))
