"""`printkit build`: compile games and write their materials, each game all or nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.commands.common import (
    STRICT_HERE,
    VERBOSE,
    chosen_games,
    progress,
    report,
    say,
    strict,
)
from printkit.commands.completion import complete_games, complete_materials
from printkit.diagnostics import (
    NOT_A_REGULAR_FILE,
    WRITE_FAILED,
    Diagnostics,
    Span,
    did_you_mean,
    relative,
)
from printkit.impose.catalogue import paper_names
from printkit.output import FORMATS, OutputError, not_a_regular_file

if TYPE_CHECKING:
    from printkit.build import GameResult


def _formats(_context: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    chosen = tuple(f.strip() for f in value.split(",") if f.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"choose from {', '.join(FORMATS)}, comma-separated")
    return chosen


def _out_folder(_context: click.Context, _param: click.Parameter, value: str) -> Path:
    """An empty --out (an unset variable in a script: --out "$DIR") would build into the
    working folder: a mistake on the command line, not a folder."""
    if not value.strip():
        raise click.BadParameter(
            "it is empty; name the folder to build into, e.g. --out output (use --out . for "
            "the working folder)"
        )
    return Path(value)


@click.command()
@click.argument("games", nargs=-1, shell_complete=complete_games)
@STRICT_HERE
@click.option(
    "--only",
    multiple=True,
    shell_complete=complete_materials,
    help="Build only this material (repeatable).",
)
@click.option(
    "--paper",
    type=click.Choice(paper_names()),
    default="a4",
    show_default=True,
    help="Paper for materials that do not name one.",
)
@click.option(
    "--format",
    "formats",
    default="pdf,svg,png",
    show_default=True,
    callback=_formats,
    help="Comma-separated output formats.",
)
@click.option(
    "--press",
    is_flag=True,
    help="Print every material in CMYK for a print shop (PDF/X-1a-shaped, 300 % ink limit).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default="output",
    show_default=True,
    callback=_out_folder,
    help="Folder to build into (created if it does not exist).",
)
@click.pass_context
def build(
    context: click.Context,
    games: tuple[str, ...],
    only: tuple[str, ...],
    paper: str,
    formats: tuple[str, ...],
    press: bool,
    out: Path,
) -> None:
    """Build games (all of them by default) into the output folder."""
    from printkit.build import compile_game, write_outputs  # not for --help or completion

    diagnostics = Diagnostics()
    if out.exists() and not out.is_dir():
        diagnostics.add(
            NOT_A_REGULAR_FILE,
            f"the output folder is {not_a_regular_file(out) or 'a regular file'}, not a folder",
            Span(relative(out)),
            hint="name a folder with --out (it is created if it does not exist)",
        )
        context.exit(report(context, diagnostics))
    compiled = []
    for game_id, folder in chosen_games(context, games, diagnostics).items():
        found = Diagnostics()
        result = compile_game(
            game_id, folder, found, paper=paper, only=only, progress=progress(context), press=press
        )
        diagnostics.extend(found)
        compiled.append((game_id, result, found))
    _check_only(only, [result for _, result, _ in compiled if result is not None])
    for game_id, result, found in compiled:
        if (
            result is not None
            and only
            and not result.documents
            and not found.has_errors(strict(context))
        ):
            continue  # none of the --only materials is in this game
        if result is None or found.has_errors(strict(context)):
            say(context, f"{game_id}: not built (see the diagnostics)", err=True)
            continue
        try:
            write_outputs(result, out, formats)
        except OutputError as failure:
            diagnostics.add(
                WRITE_FAILED,
                f"cannot write {game_id}'s output: {failure.reason}; its folder is left as it was",
                Span(relative(failure.path)),
                hint=failure.hint,
            )
            continue
        say(
            context,
            f"{game_id}: {len(result.documents)} material(s), "
            f"{len(result.written)} file(s) in {out / game_id}",
        )
        for path in result.written:
            say(context, f"  wrote {path}", least=VERBOSE)
    from printkit.preview import write_preview

    diagnostics.extend(write_preview(out, compiled, strict(context)))
    context.exit(report(context, diagnostics))


def _check_only(only: tuple[str, ...], results: list[GameResult]) -> None:
    """A --only name that no chosen game has is a mistake on the command line (exit 2), not in
    any package."""
    everything = sorted({m for result in results for m in result.materials})
    for name in only:
        if results and name not in everything:
            raise click.UsageError(
                f"no material '{name}' in the games chosen; {did_you_mean(name, everything)}",
                ctx=click.get_current_context(),
            )
