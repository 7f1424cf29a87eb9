"""A bound on the moves a batch of playouts applies, the searches of its agents included.

`validate` and `claims` play what a package asks for: smoke playouts, property claims, each
with agents that may search (mcts:N tries N lines of play at every decision). Every number is
within its own field's bound, and together they asked for days of play and gigabytes of search
trees (1,000 playouts of mcts:999999 up to 100,000 turns). A batch played under `moves_allowed`
stops, with OutOfMoves, at the first move past its allowance; outside one, play is unbounded
(`printkit simulate`, whose experiments a cluster may run).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_LEFT: ContextVar[list[int] | None] = ContextVar("moves_left", default=None)


class OutOfMoves(Exception):
    """The batch applied every move it was allowed."""


@contextmanager
def moves_allowed(count: int) -> Iterator[None]:
    """Play inside the block may apply `count` moves in all."""
    token = _LEFT.set([count])
    try:
        yield
    finally:
        _LEFT.reset(token)


def moves_left() -> int | None:
    """What the allowance being played still allows; None outside one."""
    left = _LEFT.get()
    return None if left is None else max(left[0], 0)


def spend(moves: int = 1) -> None:
    """A move applied (or work costing `moves` of them): raises OutOfMoves past the allowance
    of the batch being played."""
    left = _LEFT.get()
    if left is not None:
        left[0] -= moves
        if left[0] < 0:
            raise OutOfMoves
