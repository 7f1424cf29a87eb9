"""`printkit build`: compile games and write their materials, each game all or nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.build_options import ALL_FORMATS, CARD_DPI, PREVIEW_DPI
from printkit.commands.common import (
    GAMES_CHOSEN,
    STRICT_HERE,
    VERBOSE,
    chosen_games,
    progress,
    report,
    say,
    strict,
)
from printkit.commands.completion import complete_games, complete_materials
from printkit.commands.names import NamedChoice, no_such
from printkit.diagnostics import (
    NOT_A_REGULAR_FILE,
    WORKER_STOPPED,
    WRITE_FAILED,
    Diagnostics,
    Span,
    did_you_mean,
    relative,
)
from printkit.impose.catalogue import paper_names
from printkit.output import OutputError, not_a_regular_file
from printkit.project import OUTPUT

if TYPE_CHECKING:
    from printkit.export.pod import PodPreset


def _formats(_context: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    chosen = tuple(f.strip() for f in value.split(",") if f.strip())
    if not chosen:
        raise click.BadParameter(f"choose from {', '.join(ALL_FORMATS)}, comma-separated")
    for unknown in (f for f in chosen if f not in ALL_FORMATS):
        raise click.BadParameter(no_such("format", unknown, ALL_FORMATS))
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


def _preset(context: click.Context, value: str, diagnostics: Diagnostics) -> PodPreset:
    """The preset --pod names, loaded; a name that names nothing is a usage mistake, a preset
    file with mistakes stops the build (exit 1) before any game is read."""
    from printkit.export.pod import load_preset, preset_path, unknown_preset_hint

    path = preset_path(value)
    if path is None:
        raise click.BadParameter(
            f"no preset '{value}'; {unknown_preset_hint(value)}", ctx=context, param_hint="--pod"
        )
    preset = load_preset(path, diagnostics)
    if preset is None:
        context.exit(report(context, diagnostics))
    assert preset is not None
    return preset


def _presets(
    context: click.Context, values: tuple[str, ...], diagnostics: Diagnostics
) -> tuple[PodPreset, ...]:
    """Each preset --pod names, in order, a preset named twice once: each service's files are
    its own (named after its preset), so one build writes them all. Two presets that would
    write the same file names (a copy of a shipped preset kept its `naming`) are a usage
    mistake: one would silently overwrite the other."""
    presets: dict[str, tuple[str, PodPreset]] = {}
    for value in values:
        preset = _preset(context, value, diagnostics)
        presets.setdefault(preset.key(), (value, preset))
    written: dict[str, str] = {}
    for value, preset in presets.values():
        for name in filter(None, (preset.naming, preset.shared_back)):
            if name in written:
                raise click.BadParameter(
                    f"presets '{written[name]}' and '{value}' both write '<material>.{name}'; "
                    "give one of them another `naming` (and `shared_back`)",
                    ctx=context,
                    param_hint="--pod",
                )
            written[name] = value
    return tuple(preset for _, preset in presets.values())


def _check_profile(context: click.Context, games: dict[str, Path], profile: str) -> None:
    """A profile named on the command line that a chosen game lacks is a mistake on the command
    line, as an unknown game or --only material is: exit 2, with the closest of that game's
    profiles, before anything is built. Only the games' `profiles:` sections are read; a game
    whose YAML does not read is left to the build, which says why."""
    from printkit.load.files import GameFiles
    from printkit.load.sources import merge_sources

    having: list[str] = []
    lacking: dict[str, list[str]] = {}
    for game, folder in games.items():
        found = Diagnostics()
        written, _ = merge_sources(GameFiles(folder), found, frozenset({"profiles"}))
        profiles = written.get("profiles", {})
        if found.has_errors() or not isinstance(profiles, dict):
            continue
        if profile in profiles:
            having.append(game)
        else:
            lacking[game] = [name for name in profiles if isinstance(name, str) and name.strip()]
    if not lacking:
        return
    game, names = next(iter(lacking.items()))
    hint = did_you_mean(profile, names, "define it under 'profiles:' in the game's YAML")
    only = f"; to build only the games that have it, name them: {' '.join(having)}"
    raise click.BadParameter(
        f"game '{game}' has no build profile '{profile}'; {hint}{only if having else ''}",
        ctx=context,
        param_hint="--profile",
    )


def _nothing(empty: list[str]) -> str:
    """The materials drawn to nothing, whose earlier files the build removed."""
    named = ", ".join(f"'{m}'" for m in empty)
    return f"{named} {'prints' if len(empty) == 1 else 'print'} nothing (see the notes)"


def _given(context: click.Context) -> frozenset[str]:
    """The options typed on the command line (or set by their variable): a profile does not
    change them. Those from printkit.toml or the defaults it may change."""
    typed = (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)
    names = ("paper", "formats", "press", "dpi")
    return frozenset(name for name in names if _source(context, name) in typed)


def _source(context: click.Context | None, name: str) -> click.core.ParameterSource | None:
    """Where an option's value came from. Under `watch`, which invokes build with every
    option, build's context knows none: the watch command's own line says."""
    while context is not None:
        found = context.get_parameter_source(name)
        if found is not None:
            return found
        context = context.parent
    return None


@click.command(epilog=GAMES_CHOSEN)
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
    type=NamedChoice("paper", paper_names(), case_sensitive=False),
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
    default=OUTPUT,
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
    "--card-dpi",
    type=click.IntRange(72, 1200),
    default=CARD_DPI,
    show_default=True,
    help="Resolution of card images (--format cards) and the most tabletop sheets (tts) get.",
)
@click.option(
    "--pod",
    metavar="PRESET",
    multiple=True,
    help="Also write a print-on-demand service's files: a preset's name "
    "(thegamecrafter, drivethrucards, makeplayingcards) or a preset file's path (repeatable: "
    "each service's files).",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, None),
    default=None,
    help="Worker processes checking and drawing games and materials  [default: the number of "
    "cores]",
)
@click.option("--force", is_flag=True, help="Redraw everything: ignore the build cache.")
@click.option(
    "--profile",
    default=None,
    help="Build with the options of the game's profile of this name (game.yaml 'profiles:'); "
    "options given on the command line win over it.",
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
    dpi: int,
    card_dpi: int,
    pod: tuple[str, ...],
    jobs: int | None,
    force: bool,
    profile: str | None,
) -> None:
    """Build games into the output folder."""
    from printkit.build_options import BuildOptions  # not for --help or completion
    from printkit.rebuild import UnknownMaterial, build_games
    from printkit.workers import WorkerStopped

    diagnostics = Diagnostics()
    if out.exists() and not out.is_dir():
        diagnostics.add(
            NOT_A_REGULAR_FILE,
            f"the output folder is {not_a_regular_file(out) or 'a regular file'}, not a folder",
            Span(relative(out)),
            hint="name a folder with --out (it is created if it does not exist)",
        )
        context.exit(report(context, diagnostics))
    presets = _presets(context, pod, diagnostics)
    chosen = chosen_games(context, games, diagnostics)
    if not chosen:  # nothing to build (PK001 says why): no output folder is made for it
        context.exit(report(context, diagnostics))
    if profile is not None:
        _check_profile(context, chosen, profile)
    options = BuildOptions(
        paper, press, formats, dpi, only, card_dpi, presets, profile, _given(context)
    )
    try:
        outcomes = build_games(
            chosen, out, options, strict(context), jobs, force, progress(context)
        )
    except UnknownMaterial as unknown:
        raise click.UsageError(
            f"no material '{unknown.name}' in the games chosen; "
            f"{did_you_mean(unknown.name, unknown.materials)}",
            ctx=context,
        ) from None
    except WorkerStopped:
        outcomes = []
        diagnostics.add(
            WORKER_STOPPED,
            "a worker checking the games or drawing their materials was stopped by the system "
            "before it finished (out of memory, or a limit on processor time); nothing was "
            "written",
            Span(relative(out)),
            hint="build less at once (name fewer games, --only, --jobs 1) or give the build "
            "more memory or time",
        )
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
        elif outcome.written and outcome.built:
            redrawn = sum(material.redrawn for material in outcome.built)
            drawn = len(outcome.built) + len(outcome.empty)
            unchecked = len(outcome.materials) - drawn if only else 0
            say(
                context,
                f"{outcome.game}: {len(outcome.built)} material(s) ({redrawn} redrawn), "
                f"{len(outcome.files)} file(s) in {out / outcome.game}"
                + (f"; {_nothing(outcome.empty)}" if outcome.empty else "")
                + (
                    f"; {unchecked} other material(s) not checked (--only): "
                    f"`printkit validate {outcome.game}` checks them"
                    if unchecked
                    else ""
                ),
            )
            for path in outcome.files:
                say(context, f"  wrote {path}", least=VERBOSE)
        elif outcome.diagnostics.has_errors(strict(context)):
            say(context, f"{outcome.game}: not built (see the diagnostics)", err=True)
        elif outcome.empty or not only:  # every card of its decks set aside (PK216), say
            say(context, f"{outcome.game}: nothing to print (see the notes)")
    if outcomes:
        from printkit.preview import write_preview

        diagnostics.extend(write_preview(out, outcomes, strict(context)))
    context.exit(report(context, diagnostics))
