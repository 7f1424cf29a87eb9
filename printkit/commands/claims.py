"""`printkit claims`: each claim and worked example of the rules, with its verdict."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from printkit.commands.common import (
    EXIT_ERRORS,
    GAMES_CHOSEN,
    JOBS,
    chosen_games,
    games_in_workers,
    report,
    strict,
)
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics, Severity, one_line

if TYPE_CHECKING:
    from printkit.check.claims import Verdict


class Row(NamedTuple):
    """One claim or worked example as `printkit claims` lists it."""

    kind: str
    id: str
    status: str
    text: str
    under: tuple[str, ...]  # under its status: a property's figures, what a check compared, notes


class Listed(NamedTuple):
    """A game's rows (None: the game does not load), and what its check found: the exit code
    is validate's, so that a script running `claims` learns of a game that does not load or
    has errors."""

    game_id: str
    rows: list[Row] | None
    errors: int
    warnings: int

    def failed(self, strict: bool) -> bool:
        return bool(self.errors or (strict and self.warnings))


@click.command(epilog=GAMES_CHOSEN)
@click.argument("games", nargs=-1, shell_complete=complete_games)
@JOBS
@click.pass_context
def claims(context: click.Context, games: tuple[str, ...], jobs: int | None) -> None:
    """List each claim and worked example of the rules with its status.

    Exits 1 when a game does not load or has errors, as `validate` would."""
    diagnostics = Diagnostics()
    chosen = list(chosen_games(context, games, diagnostics).items())
    listed = list(games_in_workers(context, _listed, chosen, jobs, diagnostics))
    for line in _table(listed):
        click.echo(line)
    failed = [game for game in listed if game.failed(strict(context))]
    for game in failed:
        click.echo(
            f"{game.game_id}: {game.errors} error(s), {game.warnings} warning(s); "
            f"'printkit validate {game.game_id}' shows them",
            err=True,
        )
    code = report(context, diagnostics)
    context.exit(EXIT_ERRORS if failed else code)


GAP = "  "  # between columns


def _table(listed: list[Listed]) -> list[str]:
    """Every game's rows in columns as wide as their widest entry, over all the games listed
    (a long status, 'resolved by erratum …', moves the texts of every row alike); a played
    property's figures and a failing check's comparison under its status; a game that does
    not load on a line of its own."""
    columns = [_columns(game.game_id, row) for game in listed for row in game.rows or ()]
    widths = [max((len(cells[n]) for cells in columns), default=0) for n in range(4)]
    status_at = sum(widths[:3]) + 3 * len(GAP)
    lines = []
    for game in listed:
        if game.rows is None:
            lines.append(f"{game.game_id}  (does not load: run 'printkit validate {game.game_id}')")
        for row in game.rows or ():
            cells = _columns(game.game_id, row)
            padded = (cell.ljust(width) for cell, width in zip(cells, widths, strict=True))
            lines.append(GAP.join((*padded, row.text)))
            lines += [" " * status_at + line for line in row.under]
    return lines


def _columns(game_id: str, row: Row) -> tuple[str, str, str, str]:
    return game_id, row.kind, row.id, row.status


def _listed(game: tuple[str, Path]) -> Listed:
    """A game's claims and examples played (in a worker when several games are), as the rows
    that list them."""
    from printkit.build import compile_game  # not for --help or completion

    game_id, folder = game
    diagnostics = Diagnostics()
    result = compile_game(game_id, folder, diagnostics, properties=True)
    errors = max(diagnostics.count(Severity.ERROR), result is None)
    warnings = diagnostics.count(Severity.WARNING)
    if result is None:
        return Listed(game_id, None, errors, warnings)
    rows = [Row(v.kind, v.id, v.label, one_line(v.text), _under(v)) for v in result.verdicts]
    return Listed(game_id, rows, errors, warnings)


def _under(verdict: Verdict) -> tuple[str, ...]:
    """The lines under a verdict's status: a played property's figures, what a failing check
    compared (kept under one resolved in words: on the text it fails; one the errata's plays
    resolve holds on the played rules, and validate's note says what the text's check
    compared), and the notes that change how its status reads: a claim *checked* on the text
    that an erratum's plays make fail says so here, not only in `validate`."""
    from printkit.check.claims import Status  # imported by compile_game already

    failing = verdict.compared and (verdict.status == Status.FAILING or verdict.in_words)
    notes = (f"{note.severity}[{note.code}]: {note.message}" for note in verdict.notes)
    lines = (verdict.summary(), failing and f"compares {verdict.compared}", *notes)
    return tuple(line for line in lines if line)
