"""`printkit watch`: build, then build again each game whose files are saved, watching from
before the first build so that no save goes unseen.

Every build goes through the `build` command itself (same options, same diagnostics, same
all-or-nothing output and preview page), so watching adds no second way of building: a game
with errors writes nothing and its last good output stays.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.commands.build import build
from printkit.commands.common import GAMES_CHOSEN, game_here
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics, did_you_mean
from printkit.load.walk import walk

if TYPE_CHECKING:
    from http.server import ThreadingHTTPServer

# build's own options, every one (paper, formats, out, strict, jobs, force…) but --only, parsed
# and checked as build does: a rebuild builds whole games, so every material's pages stay current.
BORROWED = [param for param in build.params if param.name not in ("games", "only")]


@click.command(epilog=GAMES_CHOSEN)
@click.argument("games", nargs=-1, shell_complete=complete_games)
@click.option(
    "--serve", is_flag=True, help="Also serve the output folder on localhost (http://127.0.0.1)."
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port for --serve (0: any free port).",
)
@click.pass_context
def watch(
    context: click.Context, games: tuple[str, ...], serve: bool, port: int, **options: object
) -> None:
    """Build, then rebuild each game whose files change, until Ctrl-C."""
    logging.getLogger("watchfiles").setLevel(logging.ERROR)  # its Ctrl-C notice: ours is below
    rule_data: Path = context.obj["rule_data"]
    games = games or game_here(rule_data)  # typed in a game's folder: that game, as build does
    _check_watchable(rule_data, games)
    out = Path(str(options["out"]))
    watched = [rule_data / game for game in games] or [rule_data]
    server = None
    try:
        batches = _saved_games(rule_data, watched, games, out)
        if next(batches, None) is not None:  # watching already: a save during the build is seen
            run_build(context, games, options)
            server = _serve(out, port) if serve else None
            click.echo(f"watching {', '.join(map(str, watched))} (Ctrl-C to stop)", err=True)
            for changed in batches:
                if changed:
                    _rebuild(context, tuple(changed), options)
    except KeyboardInterrupt:
        pass
    if server is not None:
        server.shutdown()
    click.echo("stopped watching", err=True)


watch.params.extend(BORROWED)


# How long a watcher waits, with nothing saved, before it hands back an empty batch: how long
# the first build waits for the watcher to be live, and how often an idle watch wakes.
TICK_MS = 200


def _saved_games(
    rule_data: Path, watched: list[Path], games: tuple[str, ...], out: Path
) -> Iterator[list[str]]:
    """The games saved since the batch before, a batch at a time (empty when none was), until
    Ctrl-C. Each batch comes while a watcher is live, so whatever is saved while the caller
    builds is in the next one, the first build's saves too. When a folder is made or removed,
    the watcher of the new folders is live before the old one stops, and what the old one saw
    meanwhile joins the batch, with each game folder new to the watch (its files' events were
    never seen)."""
    from watchfiles import DefaultFilter

    ignored = DefaultFilter(ignore_paths=[out.resolve()])
    folders = real_folders(watched, out)
    current = _saves(folders, ignored)
    while True:
        saved = next(current, None)
        if saved is None:
            return  # Ctrl-C ended the watch
        now = real_folders(watched, out) if saved else folders
        added: list[str] = []
        if now != folders:  # a folder made or removed: watched from now on
            if not now:
                return  # the folders watched are gone
            fresh = _saves(now, ignored)
            live, meanwhile = next(fresh, None), next(current, None)
            current.close()
            if live is None or meanwhile is None:
                return
            saved |= live | meanwhile
            added = new_games(rule_data, set(now) - set(folders), games)
            folders, current = now, fresh
        yield sorted({*games_changed(rule_data, saved, games), *added})


def _saves(folders: list[Path], ignored: Callable[..., bool]) -> Iterator[set[Path]]:
    """The paths saved in `folders`, a batch at a time, from one watcher: the first batch once
    it is live (empty when nothing was saved), then one at least every TICK_MS. Each folder is
    watched on its own (real_folders)."""
    from watchfiles import watch as changes_of

    for changes in changes_of(
        *folders, watch_filter=ignored, raise_interrupt=False, recursive=False,
        ignore_permission_denied=True, rust_timeout=TICK_MS, yield_on_timeout=True,
    ):  # fmt: skip
        yield {Path(path) for _, path in changes}


def _rebuild(context: click.Context, games: tuple[str, ...], options: dict[str, object]) -> None:
    """Build the games saved. A command line that no longer fits them (the --profile taken
    out of a game's YAML) is said as build says it, and the watch goes on."""
    click.echo(f"changed: {', '.join(games)}; building again", err=True)
    started = time.monotonic()
    try:
        failed = run_build(context, games, options) != 0
    except click.UsageError as mistake:
        click.echo(f"Error: {mistake.format_message()}", err=True)
        failed = True
    took = f"{time.monotonic() - started:.2f} s"
    said = (
        f"errors ({took}): a game with errors keeps its last good output"
        if failed
        else f"built in {took}"
    )
    click.echo(f"{said}; watching", err=True)


def real_folders(watched: list[Path], out: Path) -> list[Path]:
    """Every folder under the watched ones, each watched on its own: a link is never followed
    (a game holding a link to / had the whole machine watched, 15,000 watches for /usr) and
    the output folder and hidden folders are left out."""
    skipped = out.resolve()
    found: list[Path] = []
    for top in watched:
        real = top.resolve()  # the walk enters no link: every folder under it is as named
        for here, folders, _ in walk(real):  # a link to a folder is not one of `folders`
            folders[:] = [
                name for name in folders if not name.startswith(".") and here / name != skipped
            ]
            found.append(here)
    return found


def run_build(context: click.Context, games: tuple[str, ...], options: dict[str, object]) -> int:
    """One build of `games` (every game when empty), exactly as `printkit build` does it; its
    exit code, which ends nothing here: a broken edit is reported and the watch goes on."""
    try:
        context.invoke(build, games=games, only=(), **options)
    except click.exceptions.Exit as finished:
        return finished.exit_code
    return 0


def _check_watchable(rule_data: Path, games: tuple[str, ...]) -> None:
    """A folder that is not there cannot be watched: naming one is a mistake on the command line."""
    if not rule_data.is_dir():
        raise click.UsageError(
            f"no rule-data folder {rule_data} to watch; name one with --rule-data, or start a "
            "game with 'printkit new NAME'"
        )
    for game in games:
        if Path(game).name != game or not (rule_data / game).is_dir():
            from printkit.load.sources import find_games

            others = find_games(rule_data, Diagnostics())
            raise click.UsageError(f"no game '{game}' in {rule_data}; {did_you_mean(game, others)}")


def games_changed(
    rule_data: Path, paths: Iterable[Path], chosen: tuple[str, ...] = ()
) -> list[str]:
    """The games (folders of the rule-data folder that still exist) holding a changed path,
    restricted to the games chosen when some are."""
    root = rule_data.resolve()
    found = set()
    for path in paths:
        try:
            parts = path.resolve().relative_to(root).parts
        except ValueError:
            continue
        if len(parts) > 1 and (root / parts[0]).is_dir() and (not chosen or parts[0] in chosen):
            found.add(parts[0])
    return sorted(found)


def new_games(rule_data: Path, folders: Iterable[Path], chosen: tuple[str, ...] = ()) -> list[str]:
    """The games whose folders are among `folders` (new to the watch), once they hold YAML:
    a game folder copied in whole is built though its files made no event the watch saw."""
    from printkit.load.sources import yaml_files

    found = set()
    rule_data = rule_data.resolve()  # the watched folders are real paths (real_folders)
    for folder in folders:
        if folder == rule_data or not folder.is_relative_to(rule_data):
            continue
        game = folder.relative_to(rule_data).parts[0]
        try:
            holds_yaml = bool(yaml_files(rule_data / game))
        except OSError:
            holds_yaml = False
        if holds_yaml and (not chosen or game in chosen):
            found.add(game)
    return sorted(found)


def _serve(out: Path, port: int) -> ThreadingHTTPServer:
    """Serve the output folder on localhost in the background, for browsers that restrict
    pages opened from files."""
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class QuietHandler(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            """Requests are not news: the page polls its stamp every second."""

    out.mkdir(parents=True, exist_ok=True)
    handler = partial(QuietHandler, directory=str(out))
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        raise click.BadParameter(
            f"cannot serve on port {port}: {error.strerror or error}; choose another "
            "(--port 0 takes any free one)",
            param_hint="--port",
        ) from error
    threading.Thread(target=server.serve_forever, daemon=True).start()
    click.echo(f"serving {out} at http://127.0.0.1:{server.server_port}/index.html", err=True)
    return server
