"""The `printkit` command: parse arguments, call the library, print diagnostics, exit."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from printkit.build import compile_game
from printkit.build_options import FORMATS, PREVIEW_DPI
from printkit.crash import save_report
from printkit.diagnostics import (
    CODES,
    INTERNAL_ERROR,
    NOT_A_REGULAR_FILE,
    WRITE_FAILED,
    Diagnostics,
    Severity,
    Span,
    did_you_mean,
    relative,
)
from printkit.impose.catalogue import papers
from printkit.load.package import load_package, select_games
from printkit.model.limits import limits_table, work_limits_table
from printkit.model.package import Package
from printkit.output import OutputError, not_a_regular_file, write_atomic, write_hint

EXIT_OK, EXIT_ERRORS, EXIT_INTERNAL = 0, 1, 3  # click itself exits with 2 on a usage error


def _report(
    diagnostics: Diagnostics,
    strict: bool,
    as_json: bool = False,
    verdicts: list[dict[str, str]] | None = None,
) -> int:
    if as_json:
        report = diagnostics_json(diagnostics, strict)
        report["claims"] = verdicts or []
        click.echo(json.dumps(report, indent=2))
        return EXIT_ERRORS if diagnostics.has_errors(strict) else EXIT_OK
    for diagnostic in diagnostics.sorted():
        click.echo(diagnostic.render(), err=True)
    errors = diagnostics.count(Severity.ERROR)
    warnings = diagnostics.count(Severity.WARNING)
    if errors or warnings:
        strictness = " (errors under --strict)" if strict and warnings else ""
        click.echo(f"{errors} error(s), {warnings} warning(s){strictness}", err=True)
    return EXIT_ERRORS if diagnostics.has_errors(strict) else EXIT_OK


def diagnostics_json(diagnostics: Diagnostics, strict: bool) -> dict[str, object]:
    """The diagnostics for editors and CI: one object each, with the counts."""
    return {
        "diagnostics": [
            {
                "file": d.span.file,
                "line": d.span.line,
                "column": d.span.column,
                "severity": str(d.severity),
                "code": d.code,
                "message": d.message,
                "hint": d.hint,
            }
            for d in diagnostics.sorted()
        ],
        "errors": diagnostics.count(Severity.ERROR),
        "warnings": diagnostics.count(Severity.WARNING),
        "notes": diagnostics.count(Severity.NOTE),
        "failed": diagnostics.has_errors(strict),
    }


def _progress(message: str) -> None:
    """A progress line per material on a terminal; silent in pipes and CI logs."""
    if sys.stderr.isatty():
        click.echo(f"  compiling {message}", err=True)


class _GuardedGroup(click.Group):
    """The last resort: an exception no check foresaw becomes one PK900 diagnostic naming the
    file that holds the full report, never a bare traceback on the terminal."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as error:
            diagnostics = Diagnostics()
            what = " ".join(f"{type(error).__name__}: {error}".split())
            try:
                report = save_report(error)
            except OSError as unsaved:
                where, saved = Span("printkit"), f"the report could not be saved ({unsaved})"
            else:
                where, saved = Span(str(report)), f"the full report is in {report}"
            diagnostics.add(
                INTERNAL_ERROR,
                f"internal error: {what}; {saved}",
                where,
                hint="this is a bug in printkit, not in your game: please report it to "
                "printkit's maintainers with the report file and, if you can, the game package",
            )
            _report(diagnostics, strict=False)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=_GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--rule-data",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("rule_data"),
    show_default=True,
    help="Folder of game packages.",
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.pass_context
def main(context: click.Context, rule_data: Path, strict: bool) -> None:
    """Compile tabletop game data into print-and-play materials."""
    context.obj = {"rule_data": rule_data, "strict": strict}


@main.command("list")
@click.pass_context
def list_games(context: click.Context) -> None:
    """List the games found and their materials."""
    diagnostics = Diagnostics()
    games = select_games(context.obj["rule_data"], (), diagnostics)
    for game_id, folder in games.items():
        loaded = load_package(game_id, folder, diagnostics)
        if loaded is None:
            click.echo(f"{game_id}  (does not load: run 'printkit validate {game_id}')")
            continue
        game = loaded.package.game
        click.echo(f"{game_id}  {game.title}" + (f" (by {game.designer})" if game.designer else ""))
        if loaded.package.components:
            click.echo("  box:")
        for component_id, component in loaded.package.components.items():
            what = " ".join((component.description or "").split())
            click.echo(f"    {component.count:>3} × {component_id:<22} {what}".rstrip())
        click.echo("  materials:")
        for material_id, material in loaded.package.materials.items():
            click.echo(f"    {material_id:<28} {material.kind:<9} {material.title or ''}")
    context.exit(_report(diagnostics, context.obj["strict"]) if not games else EXIT_OK)


def _also_strict(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.obj["strict"] = True
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


@main.command()
@click.argument("games", nargs=-1)
@STRICT_HERE
@click.option("--paper", type=click.Choice(sorted(papers())), default="a4", show_default=True)
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
@click.pass_context
def validate(
    context: click.Context, games: tuple[str, ...], paper: str, press: bool, output_format: str
) -> None:
    """Check games without writing anything."""
    diagnostics = Diagnostics()
    as_json = output_format == "json"
    verdicts: list[dict[str, str]] = []
    for game_id, folder in select_games(context.obj["rule_data"], games, diagnostics).items():
        progress = None if as_json else _progress
        result = compile_game(
            game_id, folder, diagnostics, paper=paper, progress=progress, press=press
        )
        for verdict in result.verdicts if result else []:
            verdicts.append(
                {"game": game_id, "kind": verdict.kind, "id": verdict.id, "status": verdict.status}
            )
    context.exit(_report(diagnostics, context.obj["strict"], as_json, verdicts))


@main.command()
@click.argument("games", nargs=-1)
@click.pass_context
def claims(context: click.Context, games: tuple[str, ...]) -> None:
    """List each claim and worked example of the rules with its status."""
    diagnostics = Diagnostics()
    for game_id, folder in select_games(context.obj["rule_data"], games, diagnostics).items():
        result = compile_game(game_id, folder, Diagnostics())
        if result is None:
            click.echo(f"{game_id}  (does not load: run 'printkit validate {game_id}')")
            continue
        for verdict in result.verdicts:
            what = " ".join(verdict.text.split())
            click.echo(
                f"{game_id:<18} {verdict.kind:<7} {verdict.id:<28} {verdict.status:<18} {what}"
            )
    context.exit(_report(diagnostics, context.obj["strict"]))


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


@main.command()
@click.argument("games", nargs=-1)
@STRICT_HERE
@click.option("--only", multiple=True, help="Build only this material (repeatable).")
@click.option(
    "--paper",
    type=click.Choice(sorted(papers())),
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
@click.option(
    "--dpi",
    type=click.IntRange(10, 600),
    default=PREVIEW_DPI,
    show_default=True,
    help="Resolution of the PNG previews.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, None),
    default=None,
    help="Worker processes drawing materials  [default: the number of cores]",
)
@click.option("--force", is_flag=True, help="Redraw everything: ignore the build cache.")
@click.pass_context
def build(
    context: click.Context,
    games: tuple[str, ...],
    only: tuple[str, ...],
    paper: str,
    formats: tuple[str, ...],
    press: bool,
    out: Path,
    dpi: int,
    jobs: int | None,
    force: bool,
) -> None:
    """Build games (all of them by default) into the output folder."""
    strict = context.obj["strict"]
    diagnostics = Diagnostics()
    if out.exists() and not out.is_dir():
        diagnostics.add(
            NOT_A_REGULAR_FILE,
            f"the output folder is {not_a_regular_file(out) or 'a regular file'}, not a folder",
            Span(relative(out)),
            hint="name a folder with --out (it is created if it does not exist)",
        )
        context.exit(_report(diagnostics, strict))
    from printkit.rebuild import BuildOptions, UnknownMaterial, build_games

    chosen = select_games(context.obj["rule_data"], games, diagnostics)
    options = BuildOptions(paper, press, formats, dpi, only)
    try:
        outcomes = build_games(chosen, out, options, strict, jobs, force, _progress)
    except UnknownMaterial as unknown:
        raise click.UsageError(
            f"no material '{unknown.name}' in the games chosen; "
            f"{did_you_mean(unknown.name, unknown.materials)}",
            ctx=context,
        ) from None
    except OutputError as failure:
        outcomes = []
        diagnostics.add(
            WRITE_FAILED,
            f"cannot write the output folder: {failure.reason}",
            Span(relative(failure.path)),
            hint=failure.hint,
        )
    for outcome in outcomes:
        diagnostics.extend(outcome.diagnostics)
        if outcome.failure is not None:
            diagnostics.add(
                WRITE_FAILED,
                f"cannot write {outcome.game}'s output: {outcome.failure.reason}; "
                "its folder is left as it was",
                Span(relative(outcome.failure.path)),
                hint=outcome.failure.hint,
            )
        elif outcome.written:
            redrawn = sum(material.redrawn for material in outcome.built)
            click.echo(
                f"{outcome.game}: {len(outcome.built)} material(s) ({redrawn} redrawn), "
                f"{len(outcome.files)} file(s) in {out / outcome.game}"
            )
        elif outcome.diagnostics.has_errors(strict) or not only:
            click.echo(f"{outcome.game}: not built (see the diagnostics)", err=True)
    context.exit(_report(diagnostics, strict))


@main.command()
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the schema to this regular file ('-': standard output, the default).",
)
@click.option(
    "--limits",
    is_flag=True,
    help="Write the limits of every field, then the work limits, as Markdown tables instead "
    "(the README's).",
)
@click.pass_context
def schema(context: click.Context, out: Path | None, limits: bool) -> None:
    """Write the JSON Schema of a game package file (for YAML editors)."""
    document = Package.model_json_schema()
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    document["title"] = "printkit game package file"
    document.pop("required", None)  # a package may spread its sections over several files
    if limits:
        text = limits_table(document) + "\n" + work_limits_table()
    else:
        text = json.dumps(document, indent=2, sort_keys=True) + "\n"
    if out is None or str(out) == "-":
        click.echo(text, nl=False)
        return
    diagnostics = Diagnostics()
    refused = not_a_regular_file(out)
    if refused:
        diagnostics.add(
            NOT_A_REGULAR_FILE,
            f"will not write the schema over {refused}",
            Span(relative(out)),
            hint="name a regular file (it is replaced) or '-' for standard output",
        )
    else:
        try:
            write_atomic(out, text.encode("utf-8"))
        except OSError as error:
            diagnostics.add(
                WRITE_FAILED,
                f"cannot write the schema: {error.strerror or error}",
                Span(relative(out)),
                hint=write_hint(error),
            )
    context.exit(_report(diagnostics, context.obj["strict"]))


@main.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a diagnostic code (such as PK211), or list them all."""
    if code is None:
        for entry in sorted(CODES.values(), key=lambda entry: entry.code):
            click.echo(f"{entry.code}  {entry.severity:<7}  {entry.title}")
        return
    entry = CODES.get(code.upper())
    if entry is None:
        raise click.BadParameter(
            f"no diagnostic code {code}; 'printkit explain' lists them all", param_hint="CODE"
        )
    click.echo(f"{entry.code} ({entry.severity}): {entry.title}\n\n{entry.explanation}")
