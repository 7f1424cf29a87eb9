"""`printkit simulate GAME`: seeded playouts → output/<game>/balance.json and balance.pdf."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from printkit.commands.build import _out_folder
from printkit.commands.common import EXIT_ERRORS
from printkit.commands.completion import complete_games
from printkit.diagnostics import did_you_mean
from printkit.simulate.ladder import LADDER

if TYPE_CHECKING:  # the command's --help and completion import none of the simulation
    from printkit.simulate.balance import Plan
    from printkit.simulate.runner import Batch, Record

MOST_PLAYOUTS = 10_000_000
MOST_SAMPLES = 100
EXIT_STOPPED = 130  # as a shell reports a command stopped by Ctrl-C
OUTPUTS = ("balance.json", "balance.pdf", "games")


@click.command()
@click.argument("game", shell_complete=complete_games)
@click.option(
    "-n",
    "playouts",
    type=click.IntRange(1, MOST_PLAYOUTS),
    default=None,
    help="Seeds to play (each in every seat order with --swap). [default: 1000; "
    "simulation.yaml's own counts for its sweeps and questions]",
)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True)
@click.option(
    "--agents",
    default="random",
    show_default=True,
    help="One agent for every seat, or one per seat: random, greedy, priority:<name>, "
    "mcts:N, ismcts:N.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Processes playing at once (the figures do not depend on it).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Play on a Dask cluster (tcp://host:8786); needs the cluster extra.",
)
@click.option("--variant", default=None, help="A variant of the rules.")
@click.option(
    "--players",
    type=click.IntRange(1, 16),
    default=None,
    help="Player count. [default: the fewest the engine plays]",
)
@click.option("--swap", is_flag=True, help="Play each seed in every seat order.")
@click.option(
    "--set",
    "settings",
    multiple=True,
    metavar="PATH=V",
    help="Play with a data value changed (repeatable).",
)
@click.option(
    "--sweep",
    default=None,
    metavar="PATH=V1,V2",
    help="Play every value of a data path on the same seeds.",
)
@click.option(
    "--games",
    "samples",
    type=click.IntRange(0, MOST_SAMPLES),
    default=0,
    help="Write K sample games (text and JSON) to <out>/<game>/games/.",
)
@click.option(
    "--find",
    "event",
    default=None,
    help="Print the first playout where EVENT happens, as an example to paste.",
)
@click.option("--check", is_flag=True, help="Check the engine's invariants after every step.")
@click.option("--ladder", is_flag=False, flag_value=",".join(LADDER), default=None,
              metavar="[A,B,…]",
              help="Also play a skill ladder, each agent against the one before it. "
              "[default: random, greedy, mcts:16, mcts:64, mcts:256; slow]")  # fmt: skip
@click.option(
    "--batch-only",
    is_flag=True,
    help="Play the command line's batch only, not simulation.yaml's sweeps and questions.",
)
@click.option("--out", default="output", show_default=True, callback=_out_folder,
              help="Folder to write into.")  # fmt: skip
@click.pass_context
def simulate(context: click.Context, game: str, playouts: int | None, seed: int, agents: str,
             workers: int, scheduler: str | None, variant: str | None, players: int | None,
             swap: bool, settings: tuple[str, ...], sweep: str | None, samples: int,
             event: str | None, check: bool, ladder: str | None, batch_only: bool,
             out: Path) -> None:  # fmt: skip
    """Play seeded games and write the balance report (balance.json, balance.pdf)."""
    from printkit.commands.played_game import check_table, open_game
    from printkit.simulate.balance import Plan, balance
    from printkit.simulate.runner import Stopped, Unreachable
    from printkit.simulate.settings import SettingError, parse_setting, with_settings

    loaded, engine = open_game(context, game)
    names, seats = check_table(context, loaded, engine, agents, players, variant)
    plan = Plan(loaded, engine, seed, playouts, names, seats, variant, swap,
                workers=workers, scheduler=scheduler, check=check,
                batch_only=batch_only)  # fmt: skip
    if ladder is not None:
        plan.ladder = _rungs(context, loaded, engine, ladder, seats)
    for name, split in ({} if batch_only else plan.simulation.splits).items():
        if split.at not in engine.events:  # validate says where (PK500); here, say what
            raise click.UsageError(
                f"simulation.yaml's split '{name}' is at '{split.at}', which the {engine.name} "
                f"engine never names; {did_you_mean(split.at, engine.events)}",
                ctx=context,
            )
    try:
        for text in settings:
            path, (value,) = parse_setting(text, engine, "--set")
            plan.settings[path] = value
        played = [with_settings(loaded, plan.settings)]
        if sweep is not None:
            plan.sweep = parse_setting(sweep, engine, "--sweep")
            for value in plan.sweep[1]:
                played.append(with_settings(loaded, {**plan.settings, plan.sweep[0]: value}))
        for rules in played:  # the engine refuses what it cannot play before any playout
            engine.new_game(rules, seats, variant)
    except SettingError as error:
        raise click.UsageError(str(error), ctx=context) from None
    except ValueError as refused:  # validate's PK542: a number past its bound, a shape
        raise click.UsageError(
            f"the {engine.name} engine cannot play these rules: {refused}", ctx=context
        ) from None
    if scheduler is not None:
        _check_cluster(context)
    if event is not None:
        _find(context, plan, event)
        return
    plan.progress = _progress_bar
    plan.meanwhile = _prepare_report
    started = time.perf_counter()
    try:
        report = balance(plan)
    except Stopped as stopped:
        click.echo(f"{game}: {stopped}", err=True)
        context.exit(EXIT_STOPPED)
    except Unreachable as error:
        raise click.UsageError(str(error), ctx=context) from None
    elapsed = time.perf_counter() - started
    if _left_out(context, loaded, report.left_out):  # under --strict, a warning is an error
        context.exit(EXIT_ERRORS)
    files = {"balance.json": _json(report.data)}
    from printkit.simulate.report import render_report

    files["balance.pdf"] = render_report(report.data)
    if samples:
        files |= _samples(plan, report.batch, report.records, samples)
    _write(context, out / game, files)
    count, steps = plan.played["playouts"], plan.played["steps"]
    click.echo(
        f"{game}: {count:,} playouts ({steps:,} steps) in {elapsed:.2f} s: "
        f"{count / elapsed:,.1f} playouts/s, {steps / elapsed:,.0f} steps/s with {workers} "
        f"worker(s); wrote {out / game}/balance.json and balance.pdf"
    )


def _left_out(context: click.Context, loaded: Any, tables: list[Any]) -> int:
    """PK551 at the data of the first exact table left out at the bound of their work (those
    after it are left out with it: nothing is left for them); the exit code it makes (1
    under --strict)."""
    from printkit.commands.common import report
    from printkit.diagnostics import EXACT_TABLE_LEFT_OUT, Diagnostics
    from printkit.model.limits import MAX_EXACT_WORK

    if not tables:
        return 0
    first, after = tables[0], len(tables) - 1
    diagnostics = Diagnostics()
    diagnostics.add(
        EXACT_TABLE_LEFT_OUT,
        f"exact table '{first.title}' is left out of the balance report"
        + (f", and the {after} after it" if after else "")
        + f": it needed more than the {first.left_out:,} positions and chance outcomes left "
        f"of the {MAX_EXACT_WORK:,} the report's exact tables may enumerate together",
        loaded.spans.value(first.where),
        hint="its work grows with this number, as its square or faster, and with the tables "
        "before it: smaller numbers or fewer tables let it fit (the playouts' figures do not "
        "change)",
    )
    return report(context, diagnostics)


def _prepare_report() -> None:
    """The PDF's drawing code and fonts, loaded while the workers play (not after them)."""
    from printkit.draw.fonts import register_fonts
    from printkit.simulate import report  # noqa: F401  (imported for its start-up cost)

    register_fonts()


def _rungs(
    context: click.Context, loaded: Any, engine: Any, ladder: str, seats: int
) -> tuple[str, ...]:
    from printkit.commands.played_game import check_table

    rungs = tuple(name.strip() for name in ladder.split(","))
    if len(rungs) < 2:
        raise click.UsageError(f"--ladder {ladder}: give two agents or more", ctx=context)
    for rung in rungs:
        check_table(context, loaded, engine, rung, seats, None, option="--ladder")
    return rungs


def _json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def _check_cluster(context: click.Context) -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise click.UsageError(
            "--scheduler needs Dask's distributed package: pip install -e '.[cluster]'",
            ctx=context,
        ) from None


def _progress_bar(total: int) -> Any:
    """A progress bar on a terminal only; pipes and CI logs stay quiet."""
    if not sys.stderr.isatty():
        return None
    bar = click.progressbar(length=total, label="playing", file=sys.stderr)
    bar.__enter__()

    def advance(done: int) -> None:
        bar.update(done)
        if bar.pos >= bar.length:
            bar.__exit__(None, None, None)

    return advance


def _samples(plan: Plan, batch: Batch, records: list[Record], count: int) -> dict[str, bytes]:
    """games/<game>-<playout>.txt and .json for the chosen sample games."""
    from printkit.simulate.figures import plain_number
    from printkit.simulate.replay import game_file, game_text, replay_states, sample_indices
    from printkit.simulate.settings import rules_hash

    ends = list(batch.rules.rules.end_conditions) if batch.rules.rules else []
    files: dict[str, bytes] = {}
    played_hash = rules_hash(batch.rules)
    for index in sample_indices(records, ends, count):
        result = batch.play(index, plan.engine)
        data = game_file(batch, plan.engine, index, result, plan.settings, played_hash)
        states = replay_states(plan.engine, batch.rules, batch.players, batch.variant,
                               result.actions)  # fmt: skip
        ending = result.end or ("timeout" if result.timed_out else "unfinished")
        header = (f"{plan.loaded.id}, playout {index} (seed {batch.seed}): "
                  f"{' vs '.join(data['agents'])}; {result.turns} turns, ended by {ending}; "
                  f"returns {[plain_number(r) for r in result.returns]}")  # fmt: skip
        stem = f"games/{plan.loaded.id}-{index}"
        files[f"{stem}.txt"] = game_text(states, header).encode()
        files[f"{stem}.json"] = _json(data)
    return files


def _write(context: click.Context, folder: Path, files: dict[str, bytes]) -> None:
    """All of the report's files or none (printkit/output.py), the game's other outputs kept."""
    from printkit.output import OutputError, output_lock, staged_folder, write_atomic

    try:
        with output_lock(folder.parent), staged_folder(folder, lambda n: n in OUTPUTS) as staging:
            for name, data in files.items():
                write_atomic(staging / name, data)
    except (OutputError, OSError) as failure:
        click.echo(f"cannot write {folder}: {failure}", err=True)
        context.exit(EXIT_ERRORS)


def _find(context: click.Context, plan: Plan, event: str) -> None:
    """The first playout (in index order) in which `event` happens, as an example."""
    from printkit.simulate.balance import main_batch
    from printkit.simulate.replay import Found, found_example

    if event not in plan.engine.events:
        raise click.UsageError(
            f"--find {event}: the {plan.engine.name} engine names no such event; "
            f"{did_you_mean(event, plan.engine.events)}",
            ctx=context,
        )
    batch = main_batch(plan)
    for index in range(batch.total):
        result = batch.play(
            index, plan.engine, watch=lambda _s, _a, _n, events: event not in events
        )
        if result.stopped:
            found = Found(index, result.steps, result)
            command = f"printkit simulate {plan.loaded.id} --find {event} --seed {plan.seed}"
            command += "".join(f" --set {path}={value}" for path, value in plan.settings.items())
            around, entry = found_example(found, event, batch, plan.engine, command)
            click.echo(f"{event} first happens in playout {index}, step {result.steps}:")
            click.echo(around)
            click.echo("")
            click.echo(entry, nl=False)
            return
    click.echo(f"{event} happened in none of {batch.total:,} playouts (seed {plan.seed})", err=True)
    context.exit(1)
