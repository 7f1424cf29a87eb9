"""`printkit claims`: each claim and worked example of the rules, with its verdict."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import click

from printkit.commands.common import (
    EXIT_ERRORS,
    JOBS,
    chosen_games,
    games_in_workers,
    report,
    strict,
)
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics, Severity


class Listed(NamedTuple):
    """A game's lines, and what its check found: the exit code is validate's, so that a
    script running `claims` learns of a game that does not load or has errors."""

    game_id: str
    lines: list[str]
    errors: int
    warnings: int

    def failed(self, strict: bool) -> bool:
        return bool(self.errors or (strict and self.warnings))


@click.command()
@click.argument("games", nargs=-1, shell_complete=complete_games)
@JOBS
@click.pass_context
def claims(context: click.Context, games: tuple[str, ...], jobs: int | None) -> None:
    """List each claim and worked example of the rules with its status.

    Exits 1 when a game does not load or has errors, as `validate` would."""
    diagnostics = Diagnostics()
    chosen = list(chosen_games(context, games, diagnostics).items())
    failed = []
    for listed in games_in_workers(context, _listed, chosen, jobs, diagnostics):
        for line in listed.lines:
            click.echo(line)
        if listed.failed(strict(context)):
            failed.append(listed)
    for listed in failed:
        click.echo(
            f"{listed.game_id}: {listed.errors} error(s), {listed.warnings} warning(s); "
            f"'printkit validate {listed.game_id}' shows them",
            err=True,
        )
    code = report(context, diagnostics)
    context.exit(EXIT_ERRORS if failed else code)


def _listed(game: tuple[str, Path]) -> Listed:
    """A game's claims and examples played (in a worker when several games are), as the lines
    that list them: one each, and a property's figures indented under it."""
    from printkit.build import compile_game  # not for --help or completion

    game_id, folder = game
    diagnostics = Diagnostics()
    result = compile_game(game_id, folder, diagnostics, properties=True)
    errors = max(diagnostics.count(Severity.ERROR), result is None)
    warnings = diagnostics.count(Severity.WARNING)
    if result is None:
        lines = [f"{game_id}  (does not load: run 'printkit validate {game_id}')"]
        return Listed(game_id, lines, errors, warnings)
    lines = []
    for verdict in result.verdicts:
        what = " ".join(verdict.text.split())
        lines.append(f"{game_id:<18} {verdict.kind:<7} {verdict.id:<28} {verdict.label:<18} {what}")
        for under in (verdict.summary(), verdict.compared and f"compares {verdict.compared}"):
            if under:
                lines.append(f"{'':<18} {'':<7} {'':<28} {under}")
    return Listed(game_id, lines, errors, warnings)
