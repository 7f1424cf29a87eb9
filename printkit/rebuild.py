"""Builds that redo only what changed, with the materials drawn in worker processes.

For each game: when the hash of its inputs (its folder, printkit, the options) is the one the
cache recorded, its outputs come from the cache and its diagnostics are the recorded ones:
nothing is loaded or drawn. Otherwise the game is loaded and checked, and each material is
compiled, checked and preflighted; a material whose drawing hashes as a cached one is not
rendered, its files come from the cache. With several games to check, a worker checks and
draws a whole game (the checks are a sixth of a full build, too much to leave to one
process); with one, the workers draw its materials. A game's outputs then replace its folder
at once (output.staged_folder), as every build's do, once every worker has finished.

Whatever the number of workers, the outputs and diagnostics are the same: each material is
drawn on its own (build.draw_material) and its diagnostics join the game's in material order.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from printkit.output import (
    BUILD_DURABLE,
    MARKER,
    OutputError,
    link_or_copy,
    output_lock,
    outputs_of,
    remove_if_bare,
    staged_folder,
    written_files,
)
from printkit.preview import Shown, shown_of
from printkit.workers import default_jobs, in_workers

if TYPE_CHECKING:  # the compilers are imported only when a game must be checked
    from printkit.build import CheckedGame


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
    shown: Shown | None = None  # what the preview page shows of it, known from its drawing


@dataclass
class GameOutcome:
    """One game's build: its diagnostics and what was written. Nothing is written when the
    game has errors, or when its folder could not be written (`failure` says where and why)."""

    game: str
    diagnostics: Diagnostics
    materials: list[str] = field(default_factory=list)  # every material of the game
    title: str = ""  # the game's own title (the preview page shows it)
    built: list[MaterialOutcome] = field(default_factory=list)
    # drawn, without a fault, to nothing (every card set aside: PK216): its files go
    empty: list[str] = field(default_factory=list)
    written: bool = False
    from_cache: bool = False  # not even loaded: nothing it reads had changed
    failure: OutputError | None = None
    seconds: float = 0.0  # checking and drawing it (the next build starts the longest first)

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
    empty: bool = False  # no document, and no fault: the material prints nothing
    key: str = ""  # of the cache entry
    redrawn: bool = False
    failure: tuple[str, int, str] | None = None  # a file that could not be stored, errno, why
    shown: Shown | None = None
    seconds: float = 0.0  # drawing it, storing its files included


@dataclass
class _Run:
    """The build the workers serve; set before they are forked, so they inherit it."""

    folders: dict[str, Path]  # the games to check (not taken from the cache)
    asked: BuildOptions  # the command line's options, before a game's profile
    cache: Cache
    force: bool
    lock: int  # the output folder's lock, which workers must not keep alive
    records: dict[str, dict[str, Any]]  # each game's record of its last build
    games: dict[str, CheckedGame] = field(default_factory=dict)  # checked in this process
    options: dict[str, BuildOptions] = field(default_factory=dict)  # per game: its profile


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
        records = {game_id: cache.game_record(record(game_id)) for game_id in games}  # read once
        cached = {
            game_id: outcome
            for game_id in games
            if not force
            and (outcome := _from_cache(game_id, records[game_id], keys[game_id], cache))
        }
        fresh = {g: folder for g, folder in games.items() if g not in cached}
        run = _Run(fresh, options, cache, force, lock, records)
        built = _built(run, jobs or default_jobs(), progress)
        outcomes = {g: cached.get(g) or _collected(*built[g], out) for g in games}
        for game_id, outcome in outcomes.items():
            failed = outcome.failure is not None or outcome.diagnostics.has_errors(strict)
            stale = outcome.empty and (out / game_id).is_dir()  # earlier files to remove
            if (outcome.built or stale) and not failed:
                _write(outcome, out)
            if outcome.written and not outcome.from_cache:
                _record(cache, outcome, record(game_id), keys[game_id], records[game_id])
        cache.prune()
    return list(outcomes.values())


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


def _from_cache(game_id: str, record: dict[str, Any], key: str, cache: Cache) -> GameOutcome | None:
    """The game as its last build (under this profile: `record`) left it, when nothing it
    reads has changed since."""
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
        empty = [str(m) for m in record.get("empty", [])]
        title = str(record.get("title", ""))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None  # a record of another version of printkit, or damaged
    return GameOutcome(game_id, diagnostics, materials, title, built, empty, from_cache=True)


def _diagnostic(
    code: str,
    severity: str,
    message: str,
    file: str,
    line: int,
    column: int,
    hint: str | None,
    cell: str = "",
) -> Diagnostic:
    return Diagnostic(code, Severity(severity), message, Span(file, line, column, cell), hint)


def _record(
    cache: Cache, outcome: GameOutcome, name: str, key: str, previous: dict[str, Any]
) -> None:
    """Record a game built: its key, its diagnostics, the entry of each material built, and
    every entry its materials still use (for cache.prune), those of earlier --only builds too."""
    built = {m.material: m.entry for m in outcome.built}
    earlier = previous.get("entries", {})
    entries = {m: e for m, e in earlier.items() if m in outcome.materials} | built
    record = {
        "key": key,
        "title": outcome.title,
        "materials": outcome.materials,
        "built": built,
        "empty": outcome.empty,
        "entries": entries,
        "seconds": round(_seconds(outcome, previous.get("seconds")), 3),
        "diagnostics": [
            [
                *(d.code, str(d.severity), d.message),
                *(d.span.file, d.span.line, d.span.column, d.hint, d.span.cell),
            ]
            for d in outcome.diagnostics
        ],
    }
    with contextlib.suppress(OSError):  # the outputs are written; the next build checks again
        cache.record_game(name, record)


def _seconds(outcome: GameOutcome, before: object) -> float:
    """How long the game takes to build whole, for the next build's order: this build's time
    when it drew and rendered every material; otherwise (an --only build, files found in the
    cache) at least what a whole build took before."""
    whole = len(outcome.built) == len(outcome.materials) and all(m.redrawn for m in outcome.built)
    if whole or not isinstance(before, float | int):
        return outcome.seconds
    return max(outcome.seconds, float(before))


# --- checking and drawing --------------------------------------------------------------------


def _built(
    run: _Run, jobs: int, progress: Callable[[str], None] | None
) -> dict[str, tuple[GameOutcome, list[_Drawn]]]:
    """Check each game of `run` and draw its chosen materials, in `jobs` processes: whole
    games in the workers when several games are to be checked (their checks then run side by
    side too), or the games checked here and their materials drawn in the workers (one game,
    as `watch` mostly rebuilds, or an --only build, whose names are checked against every
    game's materials before anything is drawn). The outcomes carry the games' diagnostics,
    materials and titles; what was drawn is in the cache."""
    global _RUN
    if not run.folders:  # every game from the cache: nothing to import, check or draw
        return {}
    _RUN = run
    try:
        if jobs > 1 and len(run.folders) > 1 and not run.asked.only:
            return _games_in_workers(run, jobs, progress)
        return _materials_in_workers(run, jobs, progress)
    finally:
        _RUN = None


def _games_in_workers(
    run: _Run, jobs: int, progress: Callable[[str], None] | None
) -> dict[str, tuple[GameOutcome, list[_Drawn]]]:
    """Each game checked and drawn whole in one of `jobs` processes; its materials' progress
    said as the game comes back."""
    importlib.import_module("printkit.build")  # once, before the fork, not in every worker

    def cost(game_id: str) -> float:
        """How long the game took last time; never built: as long as any (it may be long)."""
        seconds = run.records[game_id].get("seconds")
        return seconds if isinstance(seconds, float | int) else math.inf

    built = {}
    for outcome, drawn in in_workers(_check_and_draw, list(run.folders), jobs, run.lock, cost):
        built[outcome.game] = (outcome, drawn)
        for material in drawn:
            if progress:
                progress(f"{outcome.game}/{material.material}")
    return built


def _check_and_draw(game_id: str) -> tuple[GameOutcome, list[_Drawn]]:
    """A whole game in one worker: checked, its materials drawn, its diagnostics finished."""
    from printkit.build import finish_game

    assert _RUN is not None
    outcome = GameOutcome(game_id, Diagnostics())
    game = _check(game_id, outcome)
    if game is None:
        return outcome, []
    with _shared_exports([_RUN.options[game_id]]):
        drawn = [_draw((game_id, m)) for m in game.chosen]
    finish_game(game, (d.diagnostics for d in drawn), outcome.diagnostics)
    del _RUN.games[game_id], _RUN.options[game_id]  # a worker holds one game at a time
    return outcome, drawn


def _materials_in_workers(
    run: _Run, jobs: int, progress: Callable[[str], None] | None
) -> dict[str, tuple[GameOutcome, list[_Drawn]]]:
    """The games checked in this process, then every chosen material drawn in `jobs`
    processes (forked workers inherit the checked games)."""
    from printkit.build import finish_game

    outcomes = {game_id: GameOutcome(game_id, Diagnostics()) for game_id in run.folders}
    for game_id, outcome in outcomes.items():
        _check(game_id, outcome)
    _check_only(run.asked.only, list(outcomes.values()))
    tasks = [(g, m) for g, game in run.games.items() for m in game.chosen]
    drawn: dict[str, list[_Drawn]] = {g: [] for g in run.games}
    if jobs > 1 and len(tasks) > 1:  # imported here, before the fork, not in every worker
        from printkit.materials.registry import compiler_of

        for game_id, material_id in tasks:
            compiler_of(run.games[game_id].played.package.materials[material_id].kind)
    with _shared_exports(run.options.values()):
        for result in in_workers(_draw, tasks, jobs, run.lock):
            if progress:
                progress(f"{result.game}/{result.material}")
            drawn[result.game].append(result)
    for game_id, materials in drawn.items():
        finish_game(
            run.games[game_id], (d.diagnostics for d in materials), outcomes[game_id].diagnostics
        )
    return {game_id: (outcome, drawn.get(game_id, [])) for game_id, outcome in outcomes.items()}


def _check(game_id: str, outcome: GameOutcome) -> CheckedGame | None:
    """Load and check a game into `outcome`; the game, kept for drawing in this process (and
    the workers forked from it), or None when it does not load."""
    from printkit.build import check_game
    from printkit.profiles import profiled

    assert _RUN is not None
    found = outcome.diagnostics
    start = time.perf_counter()
    game = check_game(game_id, _RUN.folders[game_id], found, _RUN.asked.only)
    outcome.seconds += time.perf_counter() - start
    if game is None:
        return None
    outcome.materials, outcome.title = game.materials, game.title
    _RUN.games[game_id] = game
    _RUN.options[game_id] = profiled(_RUN.asked, game.played, found)
    return game


def _shared_exports(options: Iterable[BuildOptions]) -> contextlib.AbstractContextManager[None]:
    """Exports rendered once per process when materials share them (several materials of
    one deck export the same card images); nothing to share when no export is asked for."""
    if not any(chosen.exports for chosen in options):
        return contextlib.nullcontext()
    from printkit.export.raster import sharing_renders

    return sharing_renders()


def _draw(task: tuple[str, str]) -> _Drawn:
    """`_drawn`, timed."""
    start = time.perf_counter()
    drawn = _drawn(task)
    drawn.seconds = time.perf_counter() - start
    return drawn


def _drawn(task: tuple[str, str]) -> _Drawn:
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
    if document is None or build.stops_game(game, own):
        drawn.empty = document is None and not own.has_errors()
        return drawn
    drawn.shown = shown_of(document)  # for the preview page, whether drawn or from the cache
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


def _collected(outcome: GameOutcome, drawn: list[_Drawn], out: Path) -> GameOutcome:
    """The game checked, with its materials' files in the cache or why one could not be
    stored."""
    for material in drawn:
        outcome.seconds += material.seconds
        if material.failure is not None:
            name, number, reason = material.failure
            outcome.failure = OutputError(out / outcome.game / name, OSError(number, reason))
        elif material.empty:
            outcome.empty.append(material.material)
        elif material.files is not None:
            outcome.built.append(
                MaterialOutcome(
                    material.material,
                    material.files,
                    material.redrawn,
                    material.key,
                    material.shown,
                )
            )
    return outcome


# --- writing ------------------------------------------------------------------------------------


def _write(outcome: GameOutcome, out: Path) -> None:
    """Put the game's files from the cache in its output folder, all at once; nothing when
    the folder holds them already (a game from the cache whose outputs no one touched)."""
    folder = out / outcome.game
    sources = {path.name: path for material in outcome.built for path in material.files}
    built = {m.material: {path.name for path in m.files} for m in outcome.built}
    # the files printkit wrote for a material the game no longer has, or that now prints
    # nothing, go too (the marker lists them), so that no output of a deleted material, or
    # of a deck whose every card is set aside, is taken for a current one
    previous = written_files(folder)
    current = set(outcome.materials) - set(outcome.empty)
    gone = {name for m, names in previous.items() if m not in current for name in names}
    rebuilt = outputs_of(built)

    def replaced(name: str) -> bool:
        return rebuilt(name) or (name in gone and (folder / name).is_file())

    if not (outcome.from_cache and _in_place(folder, sources, replaced)):
        kept = {m: names for m, names in previous.items() if m in current} | built
        try:
            with staged_folder(folder, replaced, BUILD_DURABLE, kept) as staging:
                for name, source in sources.items():
                    try:
                        link_or_copy(source, staging / name)
                    except OSError as error:
                        raise OutputError(folder / name, error) from error
            if not outcome.built:  # its earlier files gone: every material prints nothing
                remove_if_bare(folder)
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
        if any(name.startswith(".") and name != MARKER for name in listed):
            return False
        return names == set(sources) and all(
            os.path.samefile(folder / name, source) for name, source in sources.items()
        )
    except OSError:
        return False
