"""Table coverage over random partitions: a clean partition has no gap and no overlap, and one
inserted gap or overlap is found exactly, at the value where it was inserted."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.check.coverage import Gap, Overlap, dice_values, interval_text, range_coverage
from printkit.check.tables import check_tables
from printkit.diagnostics import TABLE_GAP, TABLE_OVERLAP, Diagnostics
from printkit.load.yaml_spans import SourceMap
from printkit.model.rules import Rules

Row = list  # [low, high], None for an open end


@st.composite
def partitions(draw: st.DrawFn) -> tuple[list[Row], tuple[int | None, int | None]]:
    """Consecutive rows tiling a domain, each end open or closed; rows in original order."""
    start = draw(st.integers(-50, 50))
    widths = draw(st.lists(st.integers(1, 6), min_size=2, max_size=8))
    rows: list[Row] = []
    low = start
    for width in widths:
        rows.append([low, low + width - 1])
        low += width
    open_low, open_high = draw(st.booleans()), draw(st.booleans())
    domain = (None if open_low else start, None if open_high else low - 1)
    if open_low:
        rows[0][0] = None
    if open_high:
        rows[-1][1] = None
    return rows, domain


def _shift_after(rows: list[Row], boundary: int, by: int) -> list[Row]:
    """Move every row after `boundary` by `by`, keeping open ends open."""
    return [
        row if index <= boundary else [None if v is None else v + by for v in row]
        for index, row in enumerate(rows)
    ]


def _shuffled(rows: list[Row], order: list[int]) -> list[tuple[int | None, int | None]]:
    return [tuple(rows[i]) for i in order]  # type: ignore[misc]


@given(partitions(), st.randoms())
def test_a_partition_has_no_gap_and_no_overlap(partition, random) -> None:
    rows, domain = partition
    order = list(range(len(rows)))
    random.shuffle(order)
    assert range_coverage(_shuffled(rows, order), domain) == ([], [])


@given(partitions(), st.data())
def test_one_inserted_gap_is_found_where_it_was_inserted(partition, data) -> None:
    rows, (low, high) = partition
    boundary = data.draw(st.integers(0, len(rows) - 2))
    missing = rows[boundary][1]
    assert missing is not None
    gapped = _shift_after(rows, boundary, +1)
    domain = (low, None if high is None else high + 1)
    order = data.draw(st.permutations(range(len(rows))))
    assert range_coverage(_shuffled(gapped, order), domain) == (
        [Gap(missing + 1, missing + 1)],
        [],
    )


@given(partitions(), st.booleans(), st.integers(1, 3))
def test_a_closed_domain_wider_than_its_rows_leaves_a_gap_at_that_end(partition, top, by) -> None:
    """The domain reaches `by` values past the rows at its top (or bottom): exactly those are a
    gap, down to a single value."""
    rows, (low, high) = partition
    if top:
        rows[-1][1] = high = rows[-1][0] if high is None else high
        expected = Gap(high + 1, high + by)
        domain = (low, high + by)
    else:
        rows[0][0] = low = rows[0][1] if low is None else low
        expected = Gap(low - by, low - 1)
        domain = (low - by, high)
    gaps, overlaps = range_coverage([tuple(r) for r in rows], domain)
    assert (gaps, overlaps) == ([expected], [])


def test_a_one_value_gap_at_each_end_of_a_closed_domain() -> None:
    assert range_coverage([(2, 5)], (1, 6)) == ([Gap(1, 1), Gap(6, 6)], [])


def test_a_row_starting_past_a_closed_top_leaves_the_values_before_it_uncovered() -> None:
    assert range_coverage([(1, 4), (7, 9)], (1, 5)) == ([Gap(5, 5)], [])
    assert range_coverage([(1, 4), (7, 9)], (1, 6)) == ([Gap(5, 6)], [])


def test_a_row_inside_a_longer_one_overlaps_it_and_so_does_the_next() -> None:
    """The longer row still reaches furthest after the short one inside it."""
    gaps, overlaps = range_coverage([(1, 10), (2, 3), (4, 12)], (1, 12))
    assert gaps == []
    assert [(o.first, o.second, o.low, o.high) for o in overlaps] == [(0, 1, 2, 3), (0, 2, 4, 10)]


def test_of_two_rows_reaching_as_far_the_one_starting_first_is_named() -> None:
    _, overlaps = range_coverage([(1, 5), (2, 5), (4, 5)], (1, 5))
    assert [(o.first, o.second, o.low, o.high) for o in overlaps] == [(0, 1, 2, 5), (0, 2, 4, 5)]


@pytest.mark.parametrize(
    ("low", "high", "text"),
    [
        (None, None, "every number"),
        (None, 3, "3 and below"),
        (6, None, "6 and above"),
        (4, 4, "4"),
        (-2, 5, "-2 to 5"),
    ],
)
def test_an_interval_is_named_the_way_a_rule_text_says_it(low, high, text: str) -> None:
    assert interval_text(low, high) == str(Gap(low, high)) == text
    assert str(Overlap(0, 1, low, high)) == text


def test_an_end_of_thousands_of_digits_is_said_by_its_length() -> None:
    """Past 4,300 digits Python writes no number as text (ValueError: an internal error)."""
    assert interval_text(0, 10**4300) == "0 to a number of about 4301 digits"
    assert interval_text(-(10**5000), None) == "a number of about 5001 digits and above"


def test_a_row_past_a_float_s_range_is_swept_as_the_number_it_is() -> None:
    """An end past 10^308 made math.isinf raise OverflowError: an internal error in validate."""
    huge = 10**400
    assert range_coverage([(0, huge)], (0, None)) == ([Gap(huge + 1, None)], [])
    assert range_coverage([(0, 5), (huge, None)], (0, None)) == ([Gap(6, huge - 1)], [])


@pytest.mark.parametrize(
    ("dice", "values"),
    [("d6", range(1, 7)), ("1d8", range(1, 9)), ("2d6", range(2, 13)), ("3d4", range(3, 13))],
)
def test_a_roll_shows_every_value_from_all_ones_to_all_highest(dice: str, values) -> None:
    assert dice_values(dice) == list(values)


@given(partitions(), st.data())
def test_one_inserted_overlap_is_found_between_the_two_rows(partition, data) -> None:
    rows, (low, high) = partition
    boundary = data.draw(st.integers(0, len(rows) - 2))
    shared = rows[boundary][1]
    overlapping = _shift_after(rows, boundary, -1)
    domain = (low, None if high is None else high - 1)
    order = data.draw(st.permutations(range(len(rows))))
    gaps, overlaps = range_coverage(_shuffled(overlapping, order), domain)
    assert gaps == []
    assert [(o.low, o.high) for o in overlaps] == [(shared, shared)]
    assert {overlaps[0].first, overlaps[0].second} == {
        order.index(boundary),
        order.index(boundary + 1),
    }


@given(partitions())
def test_closing_an_open_end_leaves_everything_beyond_it_uncovered(partition) -> None:
    rows, domain = partition
    if domain[0] is None:
        first_high = rows[0][1]
        rows[0][0] = first_high
        assert range_coverage([tuple(r) for r in rows], domain) == (
            [Gap(None, first_high - 1)],
            [],
        )
    if domain[1] is None:
        last_low = rows[-1][0]
        rows[-1][1] = last_low
        gaps, overlaps = range_coverage([tuple(r) for r in rows], domain)
        assert gaps[-1] == Gap(last_low + 1, None)
        assert overlaps == []


@st.composite
def dice_partitions(draw: st.DrawFn, min_cuts: int = 0) -> tuple[str, list[tuple[int, int]]]:
    """A roll ('d8', '3d6'…) and its values cut into consecutive spans, at least
    `min_cuts` + 1 of them."""
    count = draw(st.integers(1, 3))
    sides = draw(st.sampled_from([4, 6, 8, 10, 12, 20]))
    dice = f"{count}d{sides}" if count > 1 else f"d{sides}"
    values = list(range(count, count * sides + 1))  # worked out here, not by dice_values
    cuts = sorted(draw(st.sets(st.integers(1, len(values) - 1), min_size=min_cuts, max_size=6)))
    edges = [0, *cuts, len(values)]
    return dice, [(values[a], values[b - 1]) for a, b in pairwise(edges)]


def _dice_diagnostics(dice: str, spans: list[tuple[int, int]]) -> Diagnostics:
    rows = [{"roll": f"{a}-{b}" if a != b else a, "result": "r"} for a, b in spans]
    rules = Rules.model_validate(
        {"tables": {"t": {"kind": "dice", "dice": dice, "component": "dice", "rows": rows}}}
    )
    found = Diagnostics()
    check_tables(rules, SourceMap(), found)
    return found


@given(dice_partitions())
def test_a_dice_table_covering_every_roll_once_is_clean(case) -> None:
    dice, spans = case
    assert list(_dice_diagnostics(dice, spans)) == []


@given(dice_partitions(min_cuts=1), st.data())
def test_a_dropped_dice_row_is_a_gap_naming_its_rolls(case, data) -> None:
    dice, spans = case
    dropped = data.draw(st.integers(0, len(spans) - 1))
    low, high = spans[dropped]
    found = _dice_diagnostics(dice, spans[:dropped] + spans[dropped + 1 :])
    assert [d.code for d in found] == [TABLE_GAP]
    assert found.items[0].message.endswith(", ".join(str(v) for v in range(low, high + 1)))


@given(dice_partitions(), st.data())
def test_a_repeated_dice_row_is_an_overlap(case, data) -> None:
    dice, spans = case
    repeated = data.draw(st.integers(0, len(spans) - 1))
    found = _dice_diagnostics(dice, [*spans, spans[repeated]])
    assert [d.code for d in found] == [TABLE_OVERLAP]
