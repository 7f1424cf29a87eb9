"""`printkit validate`: every check `build` makes, writing nothing."""

from __future__ import annotations

import click

from printkit.commands.common import STRICT_HERE, chosen_games, progress, report
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics
from printkit.impose.catalogue import paper_names


@click.command()
@click.argument("games", nargs=-1, shell_complete=complete_games)
@STRICT_HERE
@click.option("--paper", type=click.Choice(paper_names()), default="a4", show_default=True)
@click.option(
    "--press",
    is_flag=True,
    help="Print every material in CMYK for a print shop (PDF/X-1a-shaped, 300 % ink limit).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="json: the diagnostics as one JSON object on standard output.",
)
@click.option(
    "--no-simulate",
    is_flag=True,
    help="Play only the scripted games: no property claims, no smoke playouts.",
)
@click.pass_context
def validate(
    context: click.Context,
    games: tuple[str, ...],
    paper: str,
    press: bool,
    output_format: str,
    no_simulate: bool,
) -> None:
    """Check games without writing anything."""
    from printkit.build import compile_game  # not for --help or completion

    diagnostics = Diagnostics()
    as_json = output_format == "json"
    verdicts: list[dict[str, object]] = []
    for game_id, folder in chosen_games(context, games, diagnostics).items():
        shown = None if as_json else progress(context)
        result = compile_game(
            game_id,
            folder,
            diagnostics,
            paper=paper,
            progress=shown,
            press=press,
            smoke=not no_simulate,
        )
        for verdict in result.verdicts if result else []:
            verdicts.append(
                {
                    "game": game_id,
                    "kind": verdict.kind,
                    "id": verdict.id,
                    "status": verdict.status,
                    **verdict.figures(),
                }
            )
    context.exit(report(context, diagnostics, as_json, verdicts))
