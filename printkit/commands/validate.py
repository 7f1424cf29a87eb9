"""`printkit validate`: every check `build` makes, writing nothing."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import click

from printkit.commands.common import (
    GAMES_CHOSEN,
    JOBS,
    STRICT_HERE,
    chosen_games,
    diagnostic_json,
    games_in_workers,
    progress,
    report,
    say,
)
from printkit.commands.completion import complete_games
from printkit.commands.names import NamedChoice
from printkit.diagnostics import Diagnostics, Severity
from printkit.impose.catalogue import paper_names

Verdicts = list[dict[str, object]]


@click.command(epilog=GAMES_CHOSEN)
@click.argument("games", nargs=-1, shell_complete=complete_games)
@STRICT_HERE
@click.option(
    "--paper",
    type=NamedChoice("paper", paper_names(), case_sensitive=False),
    default="a4",
    show_default=True,
)
@click.option(
    "--press",
    is_flag=True,
    help="Print every material in CMYK for a print shop (PDF/X-1a-shaped, 300 % ink limit).",
)
@click.option(
    "--format",
    "output_format",
    type=NamedChoice("format", ["text", "json"]),
    default="text",
    show_default=True,
    help="json: the diagnostics as one JSON object on standard output.",
)
@click.option(
    "--no-simulate",
    is_flag=True,
    help="Play only the scripted games: no property claims, no smoke playouts.",
)
@JOBS
@click.pass_context
def validate(
    context: click.Context,
    games: tuple[str, ...],
    paper: str,
    press: bool,
    output_format: str,
    no_simulate: bool,
    jobs: int | None,
) -> None:
    """Check games without writing anything."""
    diagnostics = Diagnostics()
    as_json = output_format == "json"
    verdicts: Verdicts = []
    chosen = list(chosen_games(context, games, diagnostics).items())
    shown = None if as_json else progress(context)
    check = partial(_checked, paper=paper, press=press, smoke=not no_simulate, progress=shown)
    for found, played in games_in_workers(context, check, chosen, jobs, diagnostics):
        diagnostics.extend(found)
        verdicts += played
    clean = not diagnostics.count() and not diagnostics.count(Severity.WARNING)
    if chosen and clean and not as_json:  # silence reads as a command that did nothing
        say(context, f"{_games(chosen)} checked: no errors, no warnings", err=True)
    context.exit(report(context, diagnostics, as_json, verdicts))


def _games(chosen: list[tuple[str, Path]]) -> str:
    names = [game_id for game_id, _ in chosen]
    return ", ".join(names) if len(names) <= 3 else f"{len(names)} games"


def _checked(
    game: tuple[str, Path],
    paper: str,
    press: bool,
    smoke: bool,
    progress: Callable[[str], None] | None,
) -> tuple[Diagnostics, Verdicts]:
    """One game checked as `build` checks it (in a worker when several are): its diagnostics,
    and its claims' verdicts for the JSON report."""
    from printkit.build import compile_game  # not for --help or completion

    game_id, folder = game
    diagnostics = Diagnostics()
    result = compile_game(
        game_id, folder, diagnostics, paper=paper, progress=progress, press=press, smoke=smoke
    )
    verdicts: Verdicts = [
        {
            "game": game_id,
            "kind": verdict.kind,
            "id": verdict.id,
            "status": verdict.status,
            **({"errata": list(verdict.errata)} if verdict.errata else {}),
            **({"in_words": True} if verdict.in_words else {}),
            **({"notes": [diagnostic_json(n) for n in verdict.notes]} if verdict.notes else {}),
            **verdict.figures(),
        }
        for verdict in (result.verdicts if result else [])
    ]
    return diagnostics, verdicts
