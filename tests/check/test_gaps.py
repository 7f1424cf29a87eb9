"""What a rule text leaves undecided, whole: a rule that picks the highest or lowest roll with
no tie-break, a rule or a table's row that halves with no rounding (check/gaps.py), each
reported once at the key that says so; rules that say both, and sections and terms, report
nothing."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import findings, line_of, with_blocks
from printkit.check.gaps import check_gaps
from printkit.diagnostics import Diagnostics

TIE_HINT = "add 'ties:' with the tie-break (roll again, the older player…)"
ROUNDING_HINT = "add 'rounding: down' (or up, nearest)"


def test_each_undecided_tie_and_unstated_rounding_is_reported_where_it_is_written(
    tmp_path: Path,
) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        actions="""
        draw:
          text: Both roll; the highest takes the card, and halves their hand.
          decides: highest
          halves: true
        duel:
          text: Both roll; the lowest loses half their hand, rounded down; ties roll again.
          decides: lowest
          ties: Roll again.
          halves: true
          rounding: down
        rest:
          text: Pass.
        """,
        tables="""
        reach:
          kind: range
          rows:
            - {min: null, max: 1, halves: true, rounding: up, result: Halve it.}
            - {min: 2, max: null, halves: true, result: Halve it.}
        luck:
          kind: dice
          dice: d6
          rows:
            - {roll: "1-6", halves: true, result: Halve it.}
        """,
    )
    found = Diagnostics()
    check_gaps(loaded.package.rules, loaded.spans, found)
    draw = line_of(lines, "draw:")
    assert findings(found) == [
        (
            "PK505",
            line_of(lines, "decides: highest", after=draw),
            "'draw' goes to the highest result but does not say what a tie does",
            TIE_HINT,
        ),
        (
            "PK506",
            line_of(lines, "halves: true", after=draw),
            "'draw' halves a number but does not say how an odd one rounds",
            ROUNDING_HINT,
        ),
        (
            "PK506",
            line_of(lines, "min: 2"),
            "row 2 of 'reach' halves a number but does not say how an odd one rounds",
            ROUNDING_HINT,
        ),
        (
            "PK506",
            line_of(lines, '"1-6"'),
            "row 1 of 'luck' halves a number but does not say how an odd one rounds",
            ROUNDING_HINT,
        ),
    ]


def test_a_phase_a_step_and_a_setup_step_are_checked_as_rules(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        setup="""
        - id: deal
          text: Deal half the deck, rounded up.
          halves: true
        """,
        phases="""
        turn:
          title: Turn
          text: The lowest roll goes first.
          decides: lowest
          steps:
            - id: roll
              text: Roll; halve it.
              halves: true
        """,
    )
    found = Diagnostics()
    check_gaps(loaded.package.rules, loaded.spans, found)
    assert findings(found) == [
        (
            "PK506",
            line_of(lines, "halves: true"),
            "'deal' halves a number but does not say how an odd one rounds",
            ROUNDING_HINT,
        ),
        (
            "PK505",
            line_of(lines, "decides: lowest"),
            "'turn' goes to the lowest result but does not say what a tie does",
            TIE_HINT,
        ),
        (
            "PK506",
            line_of(lines, "halves: true", after=line_of(lines, "id: roll")),
            "'roll' halves a number but does not say how an odd one rounds",
            ROUNDING_HINT,
        ),
    ]
