"""Builds that redo only what changed, with the materials drawn in worker processes.

For each game: when the hash of its inputs (its folder, printkit, the options) is the one the
cache recorded, its outputs come from the cache and its diagnostics are the recorded ones:
nothing is loaded or drawn. Otherwise the game is loaded and checked, and each material is
compiled, checked and preflighted (in a worker once the game is checked); a material whose
drawing hashes as a cached one is not rendered, its files come from the cache. A game's
outputs then replace its folder at once (output.staged_folder), as every build's do.

Whatever the number of workers, the outputs and diagnostics are the same: each material is
drawn on its own (build.draw_material) and its diagnostics join the game's in material order.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import itertools
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.build_options import BuildOptions
from printkit.cache import Cache, digest
from printkit.diagnostics import (
    Diagnostic,
    Diagnostics,
    Severity,
    Span,
    WorkRefused,
    relative,
)
from printkit.inputs import drawing_hash, folder_hash, printkit_fingerprint
from printkit.output import OutputError, link_or_copy, output_lock, outputs_of, staged_folder

if TYPE_CHECKING:  # the compilers are imported only when a game must be checked
    from printkit.build import CheckedGame


def default_jobs() -> int:
    """One worker per core this process may run on."""
    return len(os.sched_getaffinity(0))


class WorkerStopped(Exception):
    """A worker drawing materials was killed (out of memory, a limit on CPU time): nothing is
    written, and the build says so instead of reporting a bug of its own."""


class UnknownMaterial(Exception):
    """An --only name that none of the games chosen has: a mistake on the command line,
    raised before anything is drawn or written."""

    def __init__(self, name: str, materials: list[str]) -> None:
        super().__init__(name)
        self.name = name
        self.materials = materials


@dataclass
class MaterialOutcome:
    """A material built: its files in the game's output folder, and whether it was drawn
    (False: its inputs were unchanged and its files came from the cache)."""

    material: str
    files: list[Path]
    redrawn: bool
    entry: str  # its entry in the cache


@dataclass
class GameOutcome:
    """One game's build: its diagnostics and what was written. Nothing is written when the
    game has errors, or when its folder could not be written (`failure` says where and why)."""

    game: str
    diagnostics: Diagnostics
    materials: list[str] = field(default_factory=list)  # every material of the game
    title: str = ""  # the game's own title (the preview page shows it)
    built: list[MaterialOutcome] = field(default_factory=list)
    written: bool = False
    from_cache: bool = False  # not even loaded: nothing it reads had changed
    failure: OutputError | None = None

    @property
    def files(self) -> list[Path]:
        return [path for material in self.built for path in material.files]


@dataclass
class _Drawn:
    """What a worker returns for one material: small, its files stay in the cache."""

    game: str
    material: str
    diagnostics: Diagnostics
    files: list[Path] | None = None  # in the cache; None: no document (diagnostics say why)
    key: str = ""  # of the cache entry
    redrawn: bool = False
    failure: tuple[str, int, str] | None = None  # a file that could not be stored, errno, why


@dataclass
class _Run:
    """The build the workers serve; set before they are forked, so they inherit it."""

    games: dict[str, CheckedGame]
    options: dict[str, BuildOptions]  # per game: its profile applied
    cache: Cache
    force: bool
    lock: int  # the output folder's lock, which workers must not keep alive


_RUN: _Run | None = None


def build_games(
    games: dict[str, Path],
    out: Path,
    options: BuildOptions,
    strict: bool = False,
    jobs: int | None = None,
    force: bool = False,
    progress: Callable[[str], None] | None = None,
) -> list[GameOutcome]:
    """Build `games` (id: folder) into `out`, redrawing only what changed (everything with
    `force`), with `jobs` worker processes (default: one per core). Raises OutputError when
    the output folder itself cannot be made, UnknownMaterial for a wrong --only name,
    WorkerStopped when a worker was killed before it finished (nothing is written then)."""
    with output_lock(out) as lock:
        cache = Cache(out)
        cache.clean_leftovers()
        keys = {game: _game_key(game, folder, out, options) for game, folder in games.items()}
        record = _record_name(options)
        outcomes: dict[str, GameOutcome] = {}
        run = _Run({}, {}, cache, force, lock)
        # With --only, every game is checked before anything is drawn: a name none of them
        # has is a mistake on the command line, said before any work is done.
        with _Drawing(run, jobs or default_jobs(), progress, early=not options.only) as drawing:
            for game_id, folder in games.items():
                cached = (
                    None if force else _from_cache(game_id, record(game_id), keys[game_id], cache)
                )
                outcomes[game_id] = cached or GameOutcome(game_id, Diagnostics())
                if cached is None:
                    _check(game_id, folder, options, outcomes[game_id], run, drawing)
            _check_only(options.only, list(outcomes.values()))
            for game_id, drawn in drawing.results().items():
                _finish(outcomes[game_id], run.games[game_id], drawn, out)
        for game_id, outcome in outcomes.items():
            failed = outcome.failure is not None or outcome.diagnostics.has_errors(strict)
            if outcome.built and not failed:
                _write(outcome, out)
            if outcome.written and not outcome.from_cache:
                _record(cache, outcome, record(game_id), keys[game_id])
        cache.prune()
    return list(outcomes.values())


def _check(
    game_id: str,
    folder: Path,
    options: BuildOptions,
    outcome: GameOutcome,
    run: _Run,
    drawing: _Drawing,
) -> None:
    """Check a game as a whole; when its materials can be drawn, hand it to the drawing."""
    from printkit.build import check_game
    from printkit.profiles import profiled

    game = check_game(game_id, folder, outcome.diagnostics, options.only)
    if game is None:
        return
    outcome.materials = game.materials
    outcome.title = game.title
    own = profiled(options, game.played, outcome.diagnostics)
    if own is not None:
        run.games[game_id], run.options[game_id] = game, own
        drawing.checked(game_id)


def _game_key(game_id: str, folder: Path, out: Path, options: BuildOptions) -> str:
    """The hash of all a game's build reads; its folder's name as diagnostics show it too."""
    return digest(
        printkit_fingerprint(),
        game_id,
        relative(folder),
        folder_hash(folder, skip=out).everything,
        options.key(),
    )


def _record_name(options: BuildOptions) -> Callable[[str], str]:
    """The name of a game's record in the cache: one per profile, so that switching back to a
    profile built before finds its drawings still there."""
    if options.profile is None:
        return lambda game_id: game_id
    return lambda game_id: f"{game_id}@{options.profile}"


def _check_only(only: tuple[str, ...], outcomes: list[GameOutcome]) -> None:
    everything = sorted({m for outcome in outcomes for m in outcome.materials})
    for name in only:
        if everything and name not in everything:
            raise UnknownMaterial(name, everything)


# --- the games whose inputs did not change -------------------------------------------------------


def _from_cache(game_id: str, name: str, key: str, cache: Cache) -> GameOutcome | None:
    """The game as its last build (under this profile: `name`, its record) left it, when
    nothing it reads has changed since."""
    record = cache.game_record(name)
    if record.get("key") != key:
        return None
    try:
        diagnostics = Diagnostics()
        diagnostics.extend(_diagnostic(*item) for item in record["diagnostics"])
        built = []
        for material, entry in record["built"].items():
            files = cache.entry(entry)
            if files is None:
                return None
            built.append(MaterialOutcome(material, files, redrawn=False, entry=entry))
        materials = [str(m) for m in record["materials"]]
        title = str(record.get("title", ""))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None  # a record of another version of printkit, or damaged
    return GameOutcome(game_id, diagnostics, materials, title, built, from_cache=True)


def _diagnostic(
    code: str, severity: str, message: str, file: str, line: int, column: int, hint: str | None
) -> Diagnostic:
    return Diagnostic(code, Severity(severity), message, Span(file, line, column), hint)


def _record(cache: Cache, outcome: GameOutcome, name: str, key: str) -> None:
    """Record a game built: its key, its diagnostics, the entry of each material built, and
    every entry its materials still use (for cache.prune), those of earlier --only builds too."""
    built = {m.material: m.entry for m in outcome.built}
    earlier = cache.game_record(name).get("entries", {})
    entries = {m: e for m, e in earlier.items() if m in outcome.materials} | built
    record = {
        "key": key,
        "title": outcome.title,
        "materials": outcome.materials,
        "built": built,
        "entries": entries,
        "diagnostics": [
            [d.code, str(d.severity), d.message, d.span.file, d.span.line, d.span.column, d.hint]
            for d in outcome.diagnostics
        ],
    }
    with contextlib.suppress(OSError):  # the outputs are written; the next build checks again
        cache.record_game(name, record)


# --- drawing ------------------------------------------------------------------------------------


class _Drawing:
    """Draws the chosen materials of the checked games, in `jobs` processes.

    With several jobs and `early`, a game's materials start drawing as soon as it is checked,
    in workers forked then (a fork carries the checked games, so nothing is sent to a worker
    but two names), while this process checks the next game: on two cores the checks no
    longer wait for the drawing. At most two games' workers live at once. Otherwise every
    game is checked first, then all its materials drawn in one pool (or here, with one job).
    Results come back in game and material order whatever the jobs, so builds are the same."""

    def __init__(
        self, run: _Run, jobs: int, progress: Callable[[str], None] | None, early: bool
    ) -> None:
        self.run = run
        self.jobs = jobs
        self.progress = progress
        self.early = early and jobs > 1
        self.started: dict[str, list[Future[_Drawn]]] = {}  # the games already drawing
        self.pools: list[ProcessPoolExecutor] = []
        self.sharing = contextlib.ExitStack()
        self.sharing_open = False

    def __enter__(self) -> _Drawing:
        global _RUN
        _RUN = self.run
        return self

    def __exit__(self, *_: object) -> None:
        global _RUN
        try:
            for pool in self.pools:
                pool.shutdown(wait=True, cancel_futures=True)
            self.sharing.close()
        finally:
            _RUN = None

    def checked(self, game_id: str) -> None:
        """A game is checked: draw its materials now, when drawing early."""
        if not self.early:
            return
        for earlier in list(self.started.values())[:-1]:  # all but the last game's workers
            concurrent.futures.wait(earlier)  # a broken worker is raised when results are read
        tasks = _tasks(self.run, [game_id])
        if tasks:
            self._share_renders([game_id])
            self.started[game_id] = self._pool(tasks)

    def results(self) -> dict[str, list[_Drawn]]:
        """Every chosen material's result, by game, in order; drawn here those not yet drawn."""
        games = [g for g in self.run.games if g not in self.started]
        tasks = _tasks(self.run, games)
        self._share_renders(games)
        late: Iterator[_Drawn] = iter(())
        if self.jobs > 1 and len(tasks) > 1:
            late = (future.result() for future in self._pool(tasks))
        elif tasks:
            late = map(_draw, tasks)
        drawn: dict[str, list[_Drawn]] = {g: [] for g in self.run.games}
        results = itertools.chain(
            (future.result() for futures in self.started.values() for future in futures), late
        )
        try:
            for result in results:
                if self.progress:
                    self.progress(f"{result.game}/{result.material}")
                drawn[result.game].append(result)
        except BrokenProcessPool:
            raise WorkerStopped from None
        return drawn

    def _share_renders(self, games: list[str]) -> None:
        """Exports rendered once per process when materials share them (several materials of
        one deck export the same card images): opened before workers are forked, which each
        keep their own; nothing to share when none of `games` asks for exports."""
        if self.sharing_open or not any(self.run.options[g].exports for g in games):
            return
        from printkit.export.raster import sharing_renders

        self.sharing.enter_context(sharing_renders())
        self.sharing_open = True

    def _pool(self, tasks: list[tuple[str, str]]) -> list[Future[_Drawn]]:
        """Fork workers now (at most one per job) and give them `tasks`."""
        from printkit.materials.registry import compiler_of

        for game_id, material_id in tasks:  # imported here, before the fork, not in every worker
            compiler_of(self.run.games[game_id].played.package.materials[material_id].kind)
        context = multiprocessing.get_context("fork")
        workers = min(self.jobs, len(tasks))
        pool = ProcessPoolExecutor(
            workers, context, initializer=_worker_start, initargs=(self.run.lock,)
        )
        self.pools.append(pool)
        futures = [pool.submit(_draw, task) for task in tasks]
        pool.shutdown(wait=False)  # its workers leave once the tasks are done
        return futures


def _tasks(run: _Run, games: list[str]) -> list[tuple[str, str]]:
    return [(g, m) for g in games for m in run.games[g].chosen]


def _worker_start(lock: int) -> None:
    """A worker holds no lock and dies with its build: killed, a build leaves no worker
    behind that keeps the output folder locked."""
    os.close(lock)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _draw(task: tuple[str, str]) -> _Drawn:
    """Compile, check and preflight one material; render it unless the cache has its files."""
    from printkit import build  # its render_pdf, which a test replaces with a broken one

    assert _RUN is not None
    game_id, material_id = task
    game, options = _RUN.games[game_id], _RUN.options[game_id]
    document, own = build.draw_material(
        game, material_id, options.paper, options.press, options.watermark, options.backgrounds
    )
    if options.exports:
        from printkit.export.files import export_findings

        export_findings(game, material_id, options, own)
    drawn = _Drawn(game_id, material_id, own)
    if document is None:
        return drawn
    # A drawing of records hashes as itself, with the art it names by path; a document laid
    # out by Platypus is a PDF at once, which is what it hashes as.
    pdf = build.render_pdf(document) if document.flow is not None else None
    drawing = drawing_hash(document) if pdf is None else pdf
    art = folder_hash(game.played.folder).art if pdf is None else ""
    drawn.key = key = digest(printkit_fingerprint(), material_id, options.key(), art, drawing)
    drawn.files = None if _RUN.force else _RUN.cache.entry(key)
    if drawn.files is not None:
        return drawn
    drawn.redrawn = True
    files = build.material_files(material_id, document, options.formats, options.dpi, pdf)
    if options.exports:
        from printkit.export.files import export_files  # card images, tabletops, presets

        files = itertools.chain(files, export_files(game, material_id, options))
    try:
        drawn.files = _RUN.cache.store(key, files)
    except OutputError as failure:
        drawn.failure = (failure.path.name, failure.error.errno or 0, failure.reason)
    except WorkRefused as refused:
        own.extend([refused.diagnostic])
    return drawn


def _finish(outcome: GameOutcome, game: CheckedGame, drawn: list[_Drawn], out: Path) -> None:
    """The game's diagnostics, and its materials' files in the cache (or why not)."""
    from printkit.build import finish_game

    finish_game(game, (d.diagnostics for d in drawn), outcome.diagnostics)
    for material in drawn:
        if material.failure is not None:
            name, number, reason = material.failure
            outcome.failure = OutputError(out / game.game / name, OSError(number, reason))
        elif material.files is not None:
            outcome.built.append(
                MaterialOutcome(material.material, material.files, material.redrawn, material.key)
            )


# --- writing ------------------------------------------------------------------------------------


def _write(outcome: GameOutcome, out: Path) -> None:
    """Put the game's files from the cache in its output folder, all at once; nothing when
    the folder holds them already (a game from the cache whose outputs no one touched)."""
    folder = out / outcome.game
    sources = {path.name: path for material in outcome.built for path in material.files}
    replaced = outputs_of(material.material for material in outcome.built)
    if not (outcome.from_cache and _in_place(folder, sources, replaced)):
        try:
            with staged_folder(folder, replaced) as staging:
                for name, source in sources.items():
                    try:
                        link_or_copy(source, staging / name)
                    except OSError as error:
                        raise OutputError(folder / name, error) from error
        except OutputError as failure:
            outcome.failure = failure
            return
    outcome.written = True
    for material in outcome.built:
        material.files = [folder / path.name for path in material.files]


def _in_place(folder: Path, sources: dict[str, Path], replaced: Callable[[str], bool]) -> bool:
    """Whether the game's folder holds exactly these files of these materials already, and
    no temporary file of a killed build."""
    try:
        listed = [path.name for path in folder.iterdir()]
        names = {name for name in listed if replaced(name)}
        if any(name.startswith(".") for name in listed):
            return False
        return names == set(sources) and all(
            os.path.samefile(folder / name, source) for name, source in sources.items()
        )
    except OSError:
        return False
