"""Each mistake of a table, whole: its code, message and hint, at the line that made it, and
nothing else; minimal_rules with its tables replaced (the checks of check/tables.py)."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import Finding, findings, line_of, with_blocks
from printkit.check.tables import check_tables
from printkit.diagnostics import Diagnostics

GIVE_EACH_ROLL = "give each roll one row"
MEET_END_TO_END = "make the rows meet end to end: one row's max is the next row's min minus 1"
ADD_A_ROW = "add a row for it, widen a neighbour, or leave an end open with null"
NARROW = "narrow the row, or widen the table's domain"
NARROW_COLUMN = "narrow the column, or widen the table's domain"


def _checked(tmp_path: Path, tables: str) -> tuple[list[Finding], list[str]]:
    loaded, lines = with_blocks(tmp_path, tables=tables)
    found = Diagnostics()
    check_tables(loaded.package.rules, loaded.spans, found)
    return findings(found), lines


def test_a_dice_table_reports_each_impossible_roll_overlap_and_missing_sum(
    tmp_path: Path,
) -> None:
    found, lines = _checked(
        tmp_path,
        """
        luck:
          kind: dice
          dice: 2d6
          rows:
            - {roll: 1, result: Never.}
            - {roll: "2-4", result: Low.}
            - {roll: "4-5", result: Again.}
            - {roll: "3-4", result: Twice.}
            - result: Past.
              roll: "12-13"
            - {roll: 12, result: High.}
            - {roll: "x", result: Nothing.}
        """,
    )
    on_2d6 = "2d6 shows 2 to 12; write a value or a span such as '3-4'"
    assert found == [
        (
            "PK512",
            line_of(lines, "roll: 1,"),
            "table 'luck': roll '1' cannot come up on 2d6",
            on_2d6,
        ),
        (
            "PK511",
            line_of(lines, '"4-5"'),
            "table 'luck': roll 4 already has a row",
            GIVE_EACH_ROLL,
        ),
        (
            "PK511",
            line_of(lines, '"3-4"'),
            "table 'luck': roll 3 to 4 already has a row",
            GIVE_EACH_ROLL,
        ),
        (
            "PK512",
            line_of(lines, "12-13"),
            "table 'luck': roll '12-13' cannot come up on 2d6",
            on_2d6,
        ),
        ("PK512", line_of(lines, '"x"'), "table 'luck': roll 'x' cannot come up on 2d6", on_2d6),
        (
            "PK510",
            line_of(lines, "roll: 1,"),
            "table 'luck' gives no result for 2d6 = 6, 7, 8, 9, 10, 11",
            "add a row for each missing roll, or widen a neighbouring row",
        ),
    ]


def test_a_grid_reports_its_columns_as_a_range_table_and_each_short_row(tmp_path: Path) -> None:
    found, lines = _checked(
        tmp_path,
        """
        combat:
          kind: grid
          dice: d2
          across:
            title: odds
            domain: {min: 1, max: 6}
            columns:
              - {label: "1-2", min: 0, max: 2}
              - {label: "2-3", min: 2, max: 3}
              - {label: "5+", min: 5, max: null}
          rows:
            - {roll: 1, cells: [A, B, C]}
            - roll: 2
              cells: [A, B]
        """,
    )
    assert found == [
        (
            "PK512",
            line_of(lines, '"1-2"'),
            "table 'combat' across: column 0 to 2 reaches outside the domain 1 to 6",
            NARROW_COLUMN,
        ),
        (
            "PK512",
            line_of(lines, '"5+"'),
            "table 'combat' across: column 5 and above reaches outside the domain 1 to 6",
            NARROW_COLUMN,
        ),
        (
            "PK511",
            line_of(lines, '"2-3"'),
            "table 'combat' across: 2 is covered by two columns ('1-2' and '2-3')",
            "make the columns meet end to end: one column's max is the next column's min minus 1",
        ),
        (
            "PK510",
            line_of(lines, '"1-2"'),
            "table 'combat' across gives no result for 4",
            "add a column for it, widen a neighbour, or leave an end open with null",
        ),
        (
            "PK512",
            line_of(lines, "cells: [A, B]"),
            "table 'combat': roll 2 has 2 cells for 3 columns",
            "give each row one cell per column of 'across', in order",
        ),
    ]


def test_a_range_table_names_its_rows_by_id_or_by_their_numbers(tmp_path: Path) -> None:
    found, lines = _checked(
        tmp_path,
        """
        reach:
          kind: range
          domain: {min: 0, max: 9}
          rows:
            - {min: null, max: 2, id: near, result: Near.}
            - {min: 2, max: 4, result: Middle.}
            - {min: 6, max: 10, id: far, result: Far.}
        exact:
          kind: range
          domain: {min: 1, max: 3}
          rows:
            - {min: 1, max: 3, result: Any.}
        """,
    )
    assert found == [
        (
            "PK512",
            line_of(lines, "id: near"),
            "table 'reach': row 2 and below reaches outside the domain 0 to 9",
            NARROW,
        ),
        (
            "PK512",
            line_of(lines, "id: far"),
            "table 'reach': row 6 to 10 reaches outside the domain 0 to 9",
            NARROW,
        ),
        (
            "PK511",
            line_of(lines, "Middle"),
            "table 'reach': 2 is covered by two rows ('near' and 2 to 4)",
            MEET_END_TO_END,
        ),
        ("PK510", line_of(lines, "id: near"), "table 'reach' gives no result for 5", ADD_A_ROW),
    ]


def test_a_lookup_table_reports_each_key_listed_again(tmp_path: Path) -> None:
    found, lines = _checked(
        tmp_path,
        """
        prices:
          kind: lookup
          rows:
            - {key: card, result: one}
            - {key: pair, result: two}
            - {key: card, result: three}
            - result: four
              key: card
        """,
    )
    message = "table 'prices' lists key 'card' twice"
    assert found == [
        ("PK515", line_of(lines, "three"), message, "keep one row per key"),
        (
            "PK515",
            line_of(lines, "key: card", after=line_of(lines, "four")),
            message,
            "keep one row per key",
        ),
    ]


ORIGINALS = """
luck:
  kind: dice
  dice: d6
  rows:
    - {roll: "1-3", id: low, result: Low.}
    - {roll: "4-6", id: high, result: High.}
reach:
  kind: range
  rows:
    - {min: null, max: 1, id: near, result: Near.}
    - {min: 2, max: null, id: far, result: Far.}
prices:
  kind: lookup
  rows:
    - {key: card, result: one}
    - {key: pair, result: two}
"""


def test_a_restated_table_is_matched_row_by_row_by_id_else_by_position(tmp_path: Path) -> None:
    found, lines = _checked(
        tmp_path,
        ORIGINALS
        + """
luck_again:
  kind: dice
  dice: d6
  restates: luck
  rows:
    - {roll: "3-6", id: high, result: High.}
    - {roll: "1-2", id: low, result: Low.}
odd:
  kind: dice
  dice: d6
  rows:
    - {roll: "1-6", result: Any.}
    - {roll: "x", result: Never.}
odd_again:
  kind: dice
  dice: d6
  restates: odd
  rows:
    - {roll: "1-6", result: Any.}
    - {roll: "y", result: Never.}
reach_again:
  kind: range
  restates: reach
  rows:
    - {min: null, max: 2, result: Near.}
    - {min: 3, max: null, result: Far.}
prices_again:
  kind: lookup
  restates: prices
  rows:
    - {key: card, result: one}
    - {key: pairs, id: far, result: two}
""",
    )
    restated = "print the quick reference from '{}' or make them agree"
    on_d6 = "d6 shows 1 to 6; write a value or a span such as '3-4'"
    assert found == [
        (
            "PK516",
            line_of(lines, '"3-6"'),
            "table 'luck_again' gives 'high' as 3 to 6 but 'luck' gives 4 to 6",
            restated.format("luck"),
        ),
        (
            "PK516",
            line_of(lines, '"1-2"'),
            "table 'luck_again' gives 'low' as 1 to 2 but 'luck' gives 1 to 3",
            restated.format("luck"),
        ),
        ("PK512", line_of(lines, '"x"'), "table 'odd': roll 'x' cannot come up on d6", on_d6),
        ("PK512", line_of(lines, '"y"'), "table 'odd_again': roll 'y' cannot come up on d6", on_d6),
        (
            "PK516",
            line_of(lines, '"y"'),
            "table 'odd_again' gives row 2 as y but 'odd' gives x",
            restated.format("odd"),
        ),
        (
            "PK516",
            line_of(lines, "max: 2, result: Near."),
            "table 'reach_again' gives row 1 as 2 and below but 'reach' gives 1 and below",
            restated.format("reach"),
        ),
        (
            "PK516",
            line_of(lines, "min: 3"),
            "table 'reach_again' gives row 2 as 3 and above but 'reach' gives 2 and above",
            restated.format("reach"),
        ),
        (
            "PK516",
            line_of(lines, "key: pairs"),
            "table 'prices_again' gives 'far' as pairs but 'prices' gives pair",
            restated.format("prices"),
        ),
    ]


def test_a_restated_table_of_another_kind_or_length_is_one_finding(tmp_path: Path) -> None:
    found, lines = _checked(
        tmp_path,
        ORIGINALS
        + """
as_range:
  kind: range
  restates: luck
  rows:
    - {min: null, max: 3, id: low, result: Low.}
    - {min: 4, max: null, id: high, result: High.}
shorter:
  kind: lookup
  restates: prices
  rows:
    - {key: card, result: one}
unknown:
  kind: lookup
  restates: nothing
  rows:
    - {key: card, result: one}
""",
    )
    as_range = line_of(lines, "as_range:")
    assert found == [
        (
            "PK516",
            line_of(lines, "min: null", after=as_range),
            "table 'as_range' restates 'luck' but has 2 range rows against 2 dice rows",
            "give 'as_range' the same rows as 'luck'",
        ),
        (
            "PK516",
            line_of(lines, "key: card", after=line_of(lines, "shorter:")),
            "table 'shorter' restates 'prices' but has 1 lookup rows against 2 lookup rows",
            "give 'shorter' the same rows as 'prices'",
        ),
    ]
