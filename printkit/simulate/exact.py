"""Exact tables: distributions enumerated from the engine's chance outcomes, never sampled.

Where a question has few enough positions ("how many attacks does a d8 need to break a full d12
shield?"), playing every chance outcome with its exact probability answers it with no interval
at all. An engine offers such tables through an optional `exact_tables(rules, players,
variant)` method; this module holds what every engine shares: the table's shape, the
enumeration of rounds until something happens, and the JSON form balance.json keeps.

The work grows with the data, as the square of a die's sides or a battery's health or faster,
and with the number of tables: the report's tables enumerate at most MAX_EXACT_WORK positions
and chance outcomes together (each counted as a move, within an allowance `simulate` sets), and
the table that passes it, and those after it, are left out and said to be (PK551).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from printkit.load.yaml_spans import PathKey
from printkit.simulate.budget import OutOfMoves, moves_left, spend
from printkit.simulate.protocol import CHANCE, State


@dataclass(frozen=True)
class ExactRow:
    """One distribution: how often each count of rounds is the one that does it."""

    label: str
    distribution: dict[int, Fraction]  # rounds -> exact probability (summing to 1)

    @property
    def mean(self) -> Fraction:
        return sum((rounds * chance for rounds, chance in self.distribution.items()), Fraction())


@dataclass(frozen=True)
class ExactTable:
    """Rows of distributions that answer one question (`unit` names what is counted)."""

    title: str
    unit: str
    rows: tuple[ExactRow, ...]
    where: PathKey = ()  # the data the table is drawn from, where a note about it points
    left_out: int | None = None  # no rows: what the bound had left for them, which they passed


def enumerated(title: str, unit: str, where: PathKey, rows: Iterable[ExactRow]) -> ExactTable:
    """The table with `rows` (lazily made), or left out with none when making them passes what
    the exact tables may still enumerate (the caller's allowance: OutOfMoves)."""
    left = moves_left()
    try:
        return ExactTable(title, unit, tuple(rows), where)
    except OutOfMoves:
        return ExactTable(title, unit, (), where, left_out=left)


class NotDone(ValueError):
    """Some positions were still undone after the round limit (the question never ends)."""


def rounds_until(
    start: State,
    play_round: Callable[[State], None],
    done: Callable[[State], bool],
    limit: int,
) -> dict[int, Fraction]:
    """The exact distribution of the number of rounds until `done` holds.

    A round is `play_round` (the moves up to a chance node), then every chance outcome in turn
    with its probability. Positions that look the same to seat 0 (`observation(0)`) after a
    round are merged, so the work grows with the distinct positions, not with the outcomes'
    product. Each outcome costs a move of the allowance. NotDone when positions remain after
    `limit` rounds.
    """
    frontier: dict[Hashable, tuple[State, Fraction]] = {start.observation(0): (start, Fraction(1))}
    found: dict[int, Fraction] = {}
    for rounds in range(1, limit + 1):
        following: dict[Hashable, tuple[State, Fraction]] = {}
        for state, chance in frontier.values():
            moved = state.clone()
            play_round(moved)
            for after, probability in _resolved(moved, chance):
                if done(after):
                    found[rounds] = found.get(rounds, Fraction()) + probability
                    continue
                key = after.observation(0)
                kept = following.get(key)
                following[key] = (after, probability + (kept[1] if kept else 0))
        frontier = following
        if not frontier:
            return found
    raise NotDone(f"positions remain after {limit} rounds")


def _resolved(state: State, chance: Fraction) -> Iterator[tuple[State, Fraction]]:
    """Every position the chance nodes from `state` lead to, with its probability."""
    if state.current_player() != CHANCE:
        yield state, chance
        return
    for outcome, probability in state.chance_outcomes():
        after = state.clone()
        spend()
        after.apply(outcome)
        yield from _resolved(after, chance * probability)


def table_json(table: ExactTable) -> dict[str, Any]:
    """balance.json's form: each probability as an exact fraction and as a share."""
    return {
        "title": table.title,
        "unit": table.unit,
        "rows": [
            {
                "label": row.label,
                "distribution": [
                    {"rounds": rounds, "probability": str(chance), "share": float(chance)}
                    for rounds, chance in sorted(row.distribution.items())
                ],
                "mean": str(row.mean),
                "mean_value": float(row.mean),
            }
            for row in table.rows
        ],
    }
