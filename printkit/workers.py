"""Forked worker processes for the work a command splits up: `build` checks and draws games or
materials in them, `validate` checks games. A task is sent as a name or a few values; the rest
(the checked games, the options) the workers inherit from the fork. The results come back in
task order, so what a command reports does not depend on the number of workers."""

from __future__ import annotations

import gc
import os
import signal
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # the pool's modules only for a command that uses one (below)
    from concurrent.futures import Future

Task = TypeVar("Task")
Result = TypeVar("Result")


def default_jobs() -> int:
    """One worker per core this process may run on."""
    return len(os.sched_getaffinity(0))


class WorkerStopped(Exception):
    """A worker was killed (out of memory, a limit on CPU time): the command says so instead
    of reporting a bug of its own, and a build writes nothing."""


def in_workers(
    function: Callable[[Task], Result],
    tasks: list[Task],
    jobs: int,
    lock: int | None = None,
    cost: Callable[[Task], float] | None = None,
) -> Iterator[Result]:
    """`function` of each task, in task order, in up to `jobs` forked processes (in this one
    for a single task or job). `lock`: a descriptor the workers close (an output folder's
    lock, which a worker must not keep alive). `cost`: how long a task is expected to take;
    the costliest start first, so that a long one does not start last and keep one worker
    busy while the others idle (what ninja does with its log of earlier builds)."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(function, tasks)
        return
    # The pool's modules only for a command that uses one: they are a tenth of a small build's
    # start-up.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # Frozen first (as gc.freeze's documentation advises before a fork), so that no worker's
    # collector walks what it inherits, writing to every page it reads and so copying it: with
    # the collector woken seldom (cli.COLLECT_AFTER) the checked games were still young, and
    # each worker's first collection walked all of them.
    context = multiprocessing.get_context("fork")
    workers = min(jobs, len(tasks))
    gc.freeze()
    try:
        with ProcessPoolExecutor(
            workers, context, initializer=_worker_start, initargs=(lock,)
        ) as pool:
            futures = _submitted(pool.submit, function, tasks, cost)
            try:
                yield from (future.result() for future in futures)
            except BrokenProcessPool:
                raise WorkerStopped from None
            finally:  # a result that raised: the tasks not yet started are not started
                for future in futures:
                    future.cancel()
    finally:
        gc.unfreeze()  # `watch` builds again in this process: its garbage must stay collectable


def _submitted(
    submit: Callable[..., Future[Result]],
    function: Callable[[Task], Result],
    tasks: list[Task],
    cost: Callable[[Task], float] | None,
) -> list[Future[Result]]:
    """Each task's future, in task order, submitted costliest first (ties in task order)."""
    order = range(len(tasks))
    if cost is not None:
        order = sorted(order, key=lambda index: -cost(tasks[index]))
    futures = {index: submit(function, tasks[index]) for index in order}
    return [futures[index] for index in range(len(tasks))]


def _worker_start(lock: int | None) -> None:
    """A worker holds no lock and dies with its command: killed, a build leaves no worker
    behind that keeps the output folder locked."""
    import ctypes

    if lock is not None:
        os.close(lock)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


_PR_SET_PDEATHSIG = 1  # linux/prctl.h
