"""Many seeded playouts, on one process, a local pool or a Dask cluster, in index order.

Playout `j` of a batch is seed `j // orders` played in seat order `j % orders` (one order, or
every rotation with `--swap`); its chance and its agents are seeded from the game, the batch's
seed and the seed index alone (playout.Seeds). Indices go out in chunks; the records come back in
any order and are put in index order, so every figure computed from them is the same for any
number of workers and for any scheduler.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

from printkit.model.package import Package
from printkit.model.simulation import Preference
from printkit.simulate.agents import seat_agents
from printkit.simulate.binding import load_engine
from printkit.simulate.playout import PlayoutResult, Seeds, Watch, play_one
from printkit.simulate.priority import Constrained
from printkit.simulate.protocol import Agent, Engine

CHUNKS_PER_WORKER = 16  # small enough to balance uneven games, large enough to pay the sending
LARGEST_CHUNK = 500
CONNECT_SECONDS = 10  # to reach a Dask scheduler before giving up
NEVER_MARKED = -1  # a Record's turn for a mark that never happened


@dataclass(frozen=True)
class Tested:
    """The seat identity of a controlled question, always (or never) taking some options."""

    identity: int
    options: tuple[Preference, ...]
    always: bool


@dataclass(frozen=True)
class Batch:
    """Everything a worker needs to play any playout of a batch (sent, so plain data)."""

    game: str
    engine: str
    rules: Package
    players: int
    variant: str | None
    agents: tuple[str, ...]  # one per player identity; identity i sits in seat i in order 0
    seed: int
    seeds: int
    orders: int = 1  # seat orders per seed: 1, or `players` with --swap
    max_turns: int = 200
    check: bool = False
    tested: Tested | None = None
    observed: tuple[Preference, ...] = ()  # moves whose use by player identity 0 is recorded
    marks: tuple[str, ...] = ()  # events whose first turn is recorded (length splits)

    @property
    def total(self) -> int:
        return self.seeds * self.orders

    def identities(self, order: int) -> tuple[int, ...]:
        """Which player identity sits in each seat in seat order `order` (a rotation)."""
        return tuple((seat + order) % self.players for seat in range(self.players))

    def seat_names(self, order: int) -> list[str]:
        """The agent names of each seat in seat order `order`."""
        return [self.agents[i % len(self.agents)] for i in self.identities(order)]

    def seat_agents(self, engine: Engine, order: int) -> list[Agent]:
        by_identity = seat_agents(list(self.agents), self.players, engine, self.rules)
        if self.tested is not None:
            tested = self.tested
            by_identity[tested.identity] = Constrained(
                by_identity[tested.identity], tested.options, tested.always
            )
        return [by_identity[identity] for identity in self.identities(order)]

    def seeds_of(self, index: int) -> Seeds:
        return Seeds(self.game, self.seed, index // self.orders)

    def play(
        self, index: int, engine: Engine | None = None, watch: Watch | None = None
    ) -> PlayoutResult:
        """Playout `index`, exactly as the runner plays it (sample games and --find too)."""
        engine = engine or load_engine(self.engine)
        agents = self.seat_agents(engine, index % self.orders)
        return play_one(
            engine, self.rules, self.players, self.variant, agents, self.seeds_of(index),
            self.max_turns, self.check, watch, marks=self.marks,
        )  # fmt: skip


@dataclass(frozen=True)
class Record:
    """What the figures need of one playout (small: thousands travel between processes)."""

    index: int
    identities: tuple[int, ...]  # per seat
    returns: tuple[float, ...]  # per seat; empty when the game did not end
    turns: int
    steps: int
    decisions: tuple[int, ...]  # per seat
    timed_out: bool
    end: str | None
    error: str | None
    events: tuple[tuple[str, int], ...] = field(default=())  # per event: steps naming it
    took: tuple[bool, ...] = ()  # per observed move: whether player identity 0 made one
    marked: tuple[int, ...] = ()  # per mark: the turn it first happened, or -1 (never)

    @property
    def finished(self) -> bool:
        return bool(self.returns)


def record(batch: Batch, index: int, result: PlayoutResult) -> Record:
    decisions = Counter(actor for actor in result.actors if actor >= 0)
    events = Counter(event for step in result.events for event in set(step))
    return Record(
        index=index,
        identities=batch.identities(index % batch.orders),
        returns=tuple(result.returns),
        turns=result.turns,
        steps=result.steps,
        decisions=tuple(decisions[seat] for seat in range(batch.players)),
        timed_out=result.timed_out,
        end=result.end,
        error=result.error,
        events=tuple(sorted(events.items())),
        took=tuple(_took(batch, index, result, move) for move in batch.observed),
        marked=tuple(result.marked.get(event, NEVER_MARKED) for event in batch.marks),
    )


def _took(batch: Batch, index: int, result: PlayoutResult, move: Preference) -> bool:
    """Whether player identity 0 made a move of the kind `move` names in this playout (by its
    notation, or by the rule id among the events of its step)."""
    seat = batch.identities(index % batch.orders).index(0)
    for actor, notation, events in zip(result.actors, result.actions, result.events, strict=True):
        if actor != seat:
            continue
        if move.move is not None and fnmatchcase(notation, move.move):
            return True
        if move.action is not None and move.action in events:
            return True
    return False


def play_chunk(batch: Batch, start: int, stop: int) -> list[Record]:
    """Playouts start..stop-1 of a batch: the unit a worker is given."""
    engine = load_engine(batch.engine)
    return [record(batch, index, batch.play(index, engine)) for index in range(start, stop)]


def chunks(total: int, workers: int) -> list[tuple[int, int]]:
    """(start, stop) pairs covering 0..total-1; their sizes do not change any figure."""
    size = max(1, min(LARGEST_CHUNK, math.ceil(total / max(1, workers * CHUNKS_PER_WORKER))))
    return [(start, min(total, start + size)) for start in range(0, total, size)]


class Unreachable(Exception):
    """The Dask scheduler of --scheduler could not be reached."""


class Stopped(Exception):
    """Ctrl-C: the workers were stopped after `done` of `total` playouts."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped after {done} of {total} playouts")
        self.done = done
        self.total = total


Progress = Callable[[int], None]  # called with the number of playouts just finished
Meanwhile = Callable[[], None]  # the parent's own work, which needs no playout


def idle() -> None:
    """No work of the parent's own while the workers play."""


def run(
    batch: Batch,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    meanwhile: Meanwhile = idle,
) -> list[Record]:
    """Every playout of `batch`, in index order. Raises Stopped on Ctrl-C. `meanwhile` runs
    once, in this process, after the workers have their chunks: the parent would only wait,
    so what it does then costs no time (with one worker it runs first)."""
    parts = chunks(batch.total, 1 if scheduler is None and workers == 1 else workers)
    if scheduler is not None:
        finished = _on_cluster(batch, parts, scheduler, meanwhile)
    elif workers == 1:
        meanwhile()
        finished = ((start, play_chunk(batch, start, stop)) for start, stop in parts)
    else:
        finished = _on_pool(batch, parts, workers, meanwhile)
    done: dict[int, list[Record]] = {}
    count = 0
    try:
        for start, records in finished:
            done[start] = records
            count += len(records)
            if progress is not None:
                progress(len(records))
    except KeyboardInterrupt:
        if isinstance(finished, Generator):
            finished.close()  # the pool's or the cluster's own clean-up, at once
        raise Stopped(count, batch.total) from None
    return [item for start in sorted(done) for item in done[start]]


_forked: list[Batch] = []  # the batch a forked worker plays, inherited from its parent


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops them all at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_part(part: tuple[int, int]) -> tuple[int, list[Record]]:
    start, stop = part
    return start, play_chunk(_forked[0], start, stop)


def _on_pool(
    batch: Batch, parts: Sequence[tuple[int, int]], workers: int, meanwhile: Meanwhile
) -> Iterator[tuple[int, list[Record]]]:
    """The standard library's process pool. Forked workers inherit the batch, the loaded
    engine and the interpreter's start-up, so a worker starts in milliseconds and a chunk
    travels as two integers."""
    _forked[:] = [batch]
    context = multiprocessing.get_context("fork")
    pool = context.Pool(workers, initializer=_quiet_worker)
    try:
        finished = pool.imap_unordered(_play_part, parts)
        meanwhile()
        yield from finished
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        _forked.clear()


def _on_cluster(
    batch: Batch, parts: Sequence[tuple[int, int]], address: str, meanwhile: Meanwhile
) -> Iterator[tuple[int, list[Record]]]:
    """The same chunks on a Dask distributed cluster (the `cluster` extra): the batch is sent
    to every worker once, the chunks as tasks."""
    from distributed import Client, as_completed

    try:
        client = Client(address, set_as_default=False, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise Unreachable(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        shared = client.scatter(batch, broadcast=True)
        futures = [
            client.submit(play_chunk, shared, start, stop, pure=False) for start, stop in parts
        ]
        starts = {future.key: start for future, (start, _) in zip(futures, parts, strict=True)}
        meanwhile()
        try:
            for future in as_completed(futures, loop=client.loop):
                yield starts[future.key], future.result()
        finally:
            client.cancel(futures)
