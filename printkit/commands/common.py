"""What every command shares: the settings the group parsed (context.obj), the project file's
defaults, the games a command names, and how diagnostics are printed and turned into an exit
code. Cheap to import: the group imports it to start."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import click

from printkit.diagnostics import (
    WORKER_STOPPED,
    Diagnostic,
    Diagnostics,
    Severity,
    Span,
    relative,
)
from printkit.load.sources import UnknownGame, select_games
from printkit.project import (
    OUTPUT,
    Project,
    find_project,
    game_holding,
    laid_out_project,
    read_project,
    report_in_a_game,
    report_in_its_games,
)

EXIT_OK, EXIT_ERRORS, EXIT_INTERNAL = 0, 1, 3  # click itself exits with 2 on a usage error
QUIET, NORMAL, VERBOSE = -1, 0, 1

# how a diagnostic's parts look on a terminal, as rustc and ruff colour them
_STYLES: dict[str, dict[str, object]] = {
    "error": {"fg": "red", "bold": True},
    "warning": {"fg": "yellow", "bold": True},
    "note": {"fg": "cyan", "bold": True},
    "hint": {"fg": "blue", "bold": True},
    "where": {"bold": True},
}


def quiet_or_verbose(quiet: bool, verbose: bool) -> int:
    if quiet and verbose:
        raise click.UsageError("choose --quiet or --verbose, not both")
    return QUIET if quiet else VERBOSE if verbose else NORMAL


def _settings(context: click.Context) -> dict[str, object]:
    return context.find_root().obj or {}


def verbosity(context: click.Context) -> int:
    return int(_settings(context).get("verbosity", NORMAL))  # type: ignore[call-overload]


def strict(context: click.Context) -> bool:
    return bool(_settings(context).get("strict"))


def rule_data(context: click.Context) -> Path:
    """The rule-data folder: --rule-data, else printkit.toml's, else the one typed in (a
    rule_data folder, or the folder holding the game typed in), else ./rule_data."""
    return Path(_settings(context)["rule_data"])  # type: ignore[arg-type]


def output_folder(context: click.Context) -> Path:
    """The folder `build` writes into when typed here without --out: printkit.toml's, or the
    one beside the folder of games found from here (both absolute), else ./output."""
    defaults = (context.find_root().default_map or {}).get("build", {})
    return Path(defaults.get("out", OUTPUT))


def apply_project(context: click.Context) -> None:
    """Read printkit.toml (found upward from the working folder): its rule-data where
    --rule-data is not given, its other keys as the defaults of the options of those names.
    A broken file stops the command with its diagnostics (exit 1). Without a file, a command
    typed inside a rule_data folder, or in a game's folder whatever holds it, takes that
    folder of games and the output folder beside it (laid_out_project)."""
    found = find_project(Path.cwd())
    if found is None:
        if context.obj.get("rule_data") is None:
            _use(context, laid_out_project(Path.cwd()))
        return
    diagnostics = Diagnostics()
    game = game_holding(found)
    if game is not None:
        report_in_a_game(found, game, diagnostics)
        context.exit(report(context, diagnostics))
        return
    project = read_project(found, diagnostics)
    if project is not None and _inside(found.parent, project.rule_data):
        # a project file lies above its games; one inside the games' folder came with a game
        report_in_its_games(found, diagnostics)
        project = None
    if project is None:
        context.exit(report(context, diagnostics))
        return
    _use(context, project)


def _use(context: click.Context, project: Project | None) -> None:
    """The project's rule-data where --rule-data is not given, its other settings as the
    defaults of the options of those names."""
    if project is None:
        return
    settings = context.obj
    if settings.get("rule_data") is None and project.rule_data is not None:
        settings["rule_data"] = project.rule_data
    defaults = project.option_defaults()
    context.default_map = {name: defaults for name in context.command.list_commands(context)}


def _inside(folder: Path, rule_data: Path | None) -> bool:
    if rule_data is None:
        return False
    try:
        return folder.resolve().is_relative_to(rule_data.resolve())
    except OSError:
        return False


# The --help of every command taking GAME…: which games it takes when none is named
GAMES_CHOSEN = (
    "With no game named: the game whose folder (or a folder inside it) the command is typed "
    "in, else every game of the folder of games (--rule-data)."
)


def chosen_games(
    context: click.Context, games: tuple[str, ...], diagnostics: Diagnostics
) -> dict[str, Path]:
    """The games a command works on: those named; with none named, the game whose folder the
    command is typed in, else every game. A name that is no game is a usage mistake (exit 2)."""
    folder = rule_data(context)
    try:
        return select_games(folder, games or game_here(folder), diagnostics)
    except UnknownGame as unknown:
        raise click.UsageError(str(unknown), ctx=context) from None


def game_here(folder: Path) -> tuple[str, ...]:
    """The game whose folder (or a folder inside it) is the working folder, if any."""
    try:
        inside = Path.cwd().resolve().relative_to(folder.resolve())
    except (ValueError, OSError):
        return ()
    return inside.parts[:1]


def _paint(text: str, role: str) -> str:
    return click.style(text, **_STYLES[role])  # type: ignore[arg-type]


def report(
    context: click.Context,
    diagnostics: Diagnostics,
    as_json: bool = False,
    verdicts: list[dict[str, object]] | None = None,
) -> int:
    """Print the diagnostics (coloured on a terminal; notes not under --quiet) and a count; the
    exit code they make."""
    failed = diagnostics.has_errors(strict(context))
    if as_json:
        found = diagnostics_json(diagnostics, strict(context))
        found["claims"] = verdicts or []
        click.echo(json.dumps(found, indent=2))
        return EXIT_ERRORS if failed else EXIT_OK
    for diagnostic in diagnostics.sorted():
        if diagnostic.severity != Severity.NOTE or verbosity(context) > QUIET:
            click.echo(diagnostic.render(_paint), err=True)
    errors = diagnostics.count(Severity.ERROR)
    warnings = diagnostics.count(Severity.WARNING)
    if (errors or warnings) and verbosity(context) > QUIET:
        strictness = " (errors under --strict)" if strict(context) and warnings else ""
        click.echo(f"{errors} error(s), {warnings} warning(s){strictness}", err=True)
    return EXIT_ERRORS if failed else EXIT_OK


def diagnostics_json(diagnostics: Diagnostics, strict: bool) -> dict[str, object]:
    """The diagnostics for editors and CI: one object each, with the counts."""
    return {
        "diagnostics": [diagnostic_json(d) for d in diagnostics.sorted()],
        "errors": diagnostics.count(Severity.ERROR),
        "warnings": diagnostics.count(Severity.WARNING),
        "notes": diagnostics.count(Severity.NOTE),
        "failed": diagnostics.has_errors(strict),
    }


def diagnostic_json(d: Diagnostic) -> dict[str, object]:
    """One diagnostic for editors and CI (in the report's list, and under a claim it notes)."""
    return {
        "file": d.span.file,
        "line": d.span.line,
        "column": d.span.column,
        "severity": str(d.severity),
        "code": d.code,
        "message": d.message,
        "hint": d.hint,
    }


def say(context: click.Context, message: str, err: bool = False, least: int = NORMAL) -> None:
    """A line of what was done (a game built): not under --quiet; with `least=VERBOSE`, only
    under --verbose."""
    if verbosity(context) >= least:
        click.echo(message, err=err)


def progress(context: click.Context) -> Callable[[str], None] | None:
    """A progress line per material: on a terminal, or everywhere under --verbose; never under
    --quiet, so pipes and CI logs hold only the summary and the diagnostics."""
    shown = verbosity(context) == VERBOSE or (verbosity(context) == NORMAL and sys.stderr.isatty())
    return _compiling if shown else None


def _compiling(message: str) -> None:
    click.echo(f"  compiling {message}", err=True)


def _also_strict(context: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        context.find_root().obj["strict"] = True
    return value


# `--strict` after the command as well (`printkit build --strict`), where users type it.
STRICT_HERE = click.option(
    "--strict",
    "strict_here",
    is_flag=True,
    expose_value=False,
    callback=_also_strict,
    help="Treat warnings as errors (also accepted before the command).",
)


# `--jobs` of the commands that check games side by side (validate, claims)
JOBS = click.option(
    "--jobs",
    type=click.IntRange(1, None),
    default=None,
    help="Worker processes checking games at once  [default: the number of cores]",
)

Checked = TypeVar("Checked")


def games_in_workers(
    context: click.Context,
    check: Callable[[tuple[str, Path]], Checked],
    games: list[tuple[str, Path]],
    jobs: int | None,
    diagnostics: Diagnostics,
) -> Iterator[Checked]:
    """`check` of each game, in the games' order, in `jobs` worker processes (default: one per
    core). A worker the system stops ends the results with a diagnostic that says so, not a
    traceback."""
    from printkit.workers import WorkerStopped, default_jobs, in_workers  # not for --help

    try:
        yield from in_workers(check, games, jobs or default_jobs())
    except WorkerStopped:
        diagnostics.add(
            WORKER_STOPPED,
            "a worker checking the games was stopped by the system before it finished "
            "(out of memory, or a limit on processor time)",
            Span(relative(rule_data(context))),
            hint="check fewer games at once (--jobs 1, or name the games) or give the "
            "command more memory or time",
        )
