"""`printkit diff`: what changed between two builds, card by card and page by page; a PDF of
old beside new, and with --reprint a PDF of only the changed cards."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.commands.common import GAMES_CHOSEN, chosen_games, report, rule_data, say
from printkit.commands.completion import complete_games
from printkit.commands.names import NamedChoice
from printkit.diagnostics import (
    NOT_AN_OUTPUT,
    OLD_BUILD_FAILED,
    REPRINT_MISMATCH,
    WRITE_FAILED,
    Diagnostics,
    Span,
    relative,
)
from printkit.impose.catalogue import paper_names

if TYPE_CHECKING:
    from printkit.build_options import BuildOptions
    from printkit.diff.compare import Change
    from printkit.diff.folders import GameOutput
    from printkit.rebuild import GameOutcome

REPORT = "changes.pdf"
# A reprint stands beside changes.pdf in its game's folder, named apart from the build's own
# PDF of that material (a material's id holds no dot): `--to` names the one folder all goes to.
REPRINT = ".reprint.pdf"


@click.command(epilog=GAMES_CHOSEN)
@click.argument(
    "paths",
    nargs=-1,
    metavar="OLD_OUTPUT NEW_OUTPUT | [GAME]... --since REV",
    shell_complete=complete_games,
)
@click.option(
    "--since",
    metavar="REV",
    help="Compare the games' files at this git revision with the working tree.",
)
@click.option("--reprint", is_flag=True, help="Also write a PDF of only the changed cards.")
@click.option(
    "--to",
    type=click.Path(file_okay=False),
    default="diff",
    show_default=True,
    help="Folder the side-by-side PDF and the reprints go to.",
)
@click.option(
    "--paper",
    type=NamedChoice("paper", paper_names(), case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper of the builds compared (--since) and of the reprints.",
)
@click.option("--press", is_flag=True, help="The builds were made with --press (CMYK).")
@click.pass_context
def diff(
    context: click.Context,
    paths: tuple[str, ...],
    since: str | None,
    reprint: bool,
    to: str,
    paper: str,
    press: bool,
) -> None:
    """Show what changed between two builds; reprint only the changed cards.

    Compares two folders a build wrote (an --out folder or one game's folder), or, with
    --since, the games' files at a git revision with the working tree, each built into a
    temporary folder. Lists each changed card, page and material, and writes the old beside
    the new, the change framed in red, to changes.pdf in the --to folder.
    """
    from printkit.build_options import BuildOptions  # not for --help or completion
    from printkit.diff.compare import compare_outputs

    diagnostics = Diagnostics()
    options = BuildOptions(paper, press, ("pdf",))
    with tempfile.TemporaryDirectory(prefix="printkit-diff-") as temporary:
        if since is None:
            if len(paths) != 2:
                raise click.UsageError(
                    "give two output folders (printkit diff OLD_OUTPUT NEW_OUTPUT), or games "
                    "and a git revision (printkit diff GAME --since REV)",
                    ctx=context,
                )
            old, new = _outputs(paths, diagnostics)
        else:
            old, new = _builds(context, paths, since, options, Path(temporary), diagnostics)
        if old is None or new is None:
            context.exit(report(context, diagnostics))
            return
        changes = compare_outputs(old, new)
        folder = Path(to)
        if not _clear(folder, diagnostics):
            context.exit(report(context, diagnostics))
        for change in changes:
            click.echo(change.describe())
        if not changes:
            say(context, "no change")
        else:
            _write_report(context, changes, folder, diagnostics)
            if reprint:
                _write_reprints(context, changes, new, options, folder, diagnostics)
    context.exit(report(context, diagnostics))


def _outputs(
    paths: tuple[str, ...], diagnostics: Diagnostics
) -> tuple[dict[str, GameOutput] | None, dict[str, GameOutput] | None]:
    """The games of the two output folders named; None for one that is no output folder."""
    from printkit.diff.folders import NotAnOutput, is_game_folder, read_output

    read: list[dict[str, GameOutput] | None] = []
    for path in paths:
        try:
            read.append(read_output(Path(path)))
        except NotAnOutput as error:
            diagnostics.add(
                NOT_AN_OUTPUT,
                f"'{error.path}' {error.reason}",
                Span(relative(error.path), error.line, error.column),
                hint=error.hint,
            )
            read.append(None)
    old, new = read
    if old and new and all(is_game_folder(Path(path)) for path in paths):
        # two folders of one game, whatever they are called (output-v1/shields_up)
        [name] = new
        [game] = old.values()
        old = {name: game}
    return old, new


def _builds(
    context: click.Context,
    names: tuple[str, ...],
    since: str,
    options: BuildOptions,
    temporary: Path,
    diagnostics: Diagnostics,
) -> tuple[dict[str, GameOutput] | None, dict[str, GameOutput] | None]:
    """The games built as they were at `since` and as they are, into temporary folders."""
    from printkit.diff.revision import RevisionError, game_at

    games = chosen_games(context, names, diagnostics)
    if diagnostics.has_errors():  # no game at all (PK001)
        return None, None
    then: dict[str, Path] = {}
    for game, folder in games.items():
        try:
            found = game_at(folder, since, temporary / "source" / game)
        except RevisionError as error:
            diagnostics.add(error.code, error.message, Span(relative(folder)), hint=error.hint)
            return None, None
        if found is not None:
            then[game] = found
    old, old_failed = _build(then, temporary / "old", options)
    new, new_failed = _build(games, temporary / "new", options)
    for outcome in old_failed:
        diagnostics.add(
            OLD_BUILD_FAILED,
            f"{outcome.game} as it was at {since} does not build, so there is nothing to "
            "compare with",
            Span(relative(games[outcome.game])),
            hint=f"check it out ('git worktree add /tmp/old {since}') and run "
            "'printkit validate' there",
        )
    for outcome in new_failed:  # its own diagnostics say why, at its own files
        diagnostics.extend(outcome.diagnostics)
        if outcome.failure is not None:
            where = Span(relative(outcome.failure.path))
            diagnostics.add(WRITE_FAILED, outcome.failure.reason, where, hint=outcome.failure.hint)
    if old_failed or new_failed:
        return None, None
    return old, new


def _build(
    games: dict[str, Path], out: Path, options: BuildOptions
) -> tuple[dict[str, GameOutput], list[GameOutcome]]:
    """The games built into `out`, and the outcomes of those that could not be."""
    from printkit.diff.folders import read_game
    from printkit.rebuild import build_games

    built, failed = {}, []
    for outcome in build_games(games, out, options):
        if outcome.written:
            built[outcome.game] = read_game(outcome.game, out / outcome.game)
        else:
            failed.append(outcome)
    return built, failed


def _clear(folder: Path, diagnostics: Diagnostics) -> bool:
    """Remove what an earlier diff wrote into the folder, so that what it holds is this one's;
    False (with a diagnostic) when that cannot be done."""
    from printkit.output import write_hint

    for path in [folder / REPORT, *sorted(folder.glob(f"*/*{REPRINT}"))]:
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            diagnostics.add(
                WRITE_FAILED,
                f"cannot remove the earlier {path.name}: {error.strerror or error}",
                Span(relative(path)),
                hint=write_hint(error),
            )
            return False
    return True


def _write(path: Path, data: bytes, diagnostics: Diagnostics) -> bool:
    from printkit.output import write_atomic, write_hint

    try:
        write_atomic(path, data)
    except OSError as error:
        diagnostics.add(
            WRITE_FAILED,
            f"cannot write {path.name}: {error.strerror or error}",
            Span(relative(path)),
            hint=write_hint(error),
        )
        return False
    return True


def _write_report(
    context: click.Context, changes: list[Change], folder: Path, diagnostics: Diagnostics
) -> None:
    from printkit.diff.report import side_by_side_pdf

    path = folder / REPORT
    if _write(path, side_by_side_pdf(changes, "printkit diff"), diagnostics):
        say(context, f"{len(changes)} change(s); old beside new in {path}")


def _write_reprints(
    context: click.Context,
    changes: list[Change],
    new: dict[str, GameOutput],
    options: BuildOptions,
    folder: Path,
    diagnostics: Diagnostics,
) -> None:
    """A reprint of each material with changed cards, drawn from the game's files."""
    from printkit.build import check_game
    from printkit.diff.reprint import reprints
    from printkit.load.sources import UnknownGame, select_games

    for game_id in sorted({c.game for c in changes if c.card is not None and c.kind != "removed"}):
        try:
            source = select_games(rule_data(context), (game_id,), diagnostics)[game_id]
        except (UnknownGame, KeyError):
            diagnostics.add(
                REPRINT_MISMATCH,
                f"no game '{game_id}' in {relative(rule_data(context))} to draw its cards from",
                Span(relative(rule_data(context))),
                hint="reprint from the rule-data folder the new build was made from "
                "(--rule-data before the command)",
            )
            continue
        found = Diagnostics()
        game = check_game(game_id, source, found)
        if game is None or found.has_errors():
            diagnostics.extend(found)
            continue
        for printed in reprints(
            game, changes, new[game_id], options.paper, options.press, diagnostics
        ):
            path = folder / game_id / f"{printed.material}{REPRINT}"
            if _write(path, printed.pdf, diagnostics):
                copies = f"{printed.copies} cop{'y' if printed.copies == 1 else 'ies'}"
                say(context, f"reprint of {len(printed.cards)} card(s), {copies}, in {path}")
