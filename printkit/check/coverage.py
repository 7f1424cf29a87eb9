"""Coverage of a table's index: which values no row gives, and which two rows both give.

Pure functions over integer intervals, so property tests can drive them with random partitions.
`None` stands for an open end: a row (6, None) is "6 or more", a domain (None, None) is every
integer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.diagnostics import shown_value

Bound = int | None


@dataclass(frozen=True)
class Gap:
    low: Bound
    high: Bound

    def __str__(self) -> str:
        return interval_text(self.low, self.high)


@dataclass(frozen=True)
class Overlap:
    first: int  # row indexes, in the order given; `second` is the later-starting row
    second: int
    low: Bound
    high: Bound

    def __str__(self) -> str:
        return interval_text(self.low, self.high)


def interval_text(low: Bound, high: Bound) -> str:
    """'3 to 5', '6 and above': each end as a message shows a number (shown_value), so that
    one of thousands of digits is said by its length, not past what Python writes as text."""
    if low is None and high is None:
        return "every number"
    if low is None:
        return f"{shown_value(high)} and below"
    if high is None:
        return f"{shown_value(low)} and above"
    return shown_value(low) if low == high else f"{shown_value(low)} to {shown_value(high)}"


def _bound(value: float) -> Bound:
    """An end of the sweep: None for an open one (an infinity); a whole number as it is (one
    past a float's range made math.isinf raise OverflowError)."""
    return None if isinstance(value, float) and math.isinf(value) else int(value)


def range_coverage(
    rows: list[tuple[Bound, Bound]], domain: tuple[Bound, Bound] = (None, None)
) -> tuple[list[Gap], list[Overlap]]:
    """The gaps of `rows` inside `domain`, and each row that overlaps an earlier one.

    A sweep in order of the rows' lower ends: `cursor` is the first value not yet covered,
    `reach` the highest value covered and `reach_row` the row that reaches it.
    """
    first = -math.inf if domain[0] is None else domain[0]
    last = math.inf if domain[1] is None else domain[1]
    spans = sorted(
        (-math.inf if low is None else low, math.inf if high is None else high, index)
        for index, (low, high) in enumerate(rows)
    )
    gaps: list[Gap] = []
    overlaps: list[Overlap] = []
    cursor: float = first
    reach: float = -math.inf
    reach_row: int | None = None
    for low, high, index in spans:
        if reach_row is not None and low <= reach:
            overlaps.append(Overlap(reach_row, index, _bound(low), _bound(min(high, reach))))
        elif low > cursor and cursor <= last:
            gaps.append(Gap(_bound(cursor), _bound(min(low - 1, last))))
        if reach_row is None or high > reach:
            reach, reach_row = high, index
        cursor = max(cursor, high + 1)
    if cursor <= last and cursor != math.inf:
        gaps.append(Gap(_bound(cursor), _bound(last)))
    return gaps, overlaps


def dice_values(dice: str) -> list[int]:
    """Every value a roll can show: the faces of one die, or every sum of several ('2d6')."""
    count_text, _, sides_text = dice.partition("d")
    count = int(count_text or 1)
    sides = int(sides_text)
    return list(range(count, count * sides + 1))
