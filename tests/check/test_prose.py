"""Rule prose rendered once (check/prose.py): every prose string of the rules, claims and
examples, each section and term it refers to recorded with the path of its own string, and a
template that fails reported there (PK220, or the failure's own code and hint), except a use of
an undefined value, which PK535 reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from check.rules_data import findings, line_of, with_blocks
from printkit.check.prose import ProseRefs, check_prose
from printkit.diagnostics import Diagnostics
from printkit.sandbox.expressions import TemplateProblem, render

DEFAULT_HINT = "the names prose may use are listed in docs/limits.md ('Template helpers')"


def _problem(source: str) -> TemplateProblem:
    """What the sandbox says of a template that fails whatever the context."""
    with pytest.raises(TemplateProblem) as failed:
        render(source, {})
    return failed.value


def test_each_reference_is_recorded_with_the_path_of_the_string_making_it(tmp_path: Path) -> None:
    loaded, _ = with_blocks(
        tmp_path,
        sections="""
        play: {title: Playing, number: "2", covers: [turn, draw], text: "As {{ ref('winning') }}."}
        winning: {title: Winning, number: "3", covers: [pair_up]}
        """,
        actions="""
        draw:
          text: Draw ({{ ref('play') }}, {{ term('pair') }}).
          conditions:
            - Once ({{ ref('winning') }}).
            - Never twice.
            - Not after {{ ref('play') }} or {{ ref('winning') }}.
        """,
        tables="""
        luck:
          kind: dice
          dice: d6
          rows:
            - {roll: "1-3", result: Nothing.}
            - {roll: "4-6", result: "Win ({{ ref('winning') }})."}
        """,
        examples="""
        near_one:
          text: As {{ ref('play') }} says.
          inputs: {distance: 1}
          outcome: {band: near}
          compute:
            band: lookup('reach', distance).id
        """,
    )
    found = Diagnostics()
    refs = check_prose(loaded.package, loaded.spans, found)
    draw = ("rules", "actions", "draw")
    assert refs == ProseRefs(
        sections=[
            ("winning", ("rules", "sections", "play", "text")),
            ("play", ("rules", "structure", "phases", "turn", "text")),
            ("play", (*draw, "text")),
            ("winning", (*draw, "conditions", 0)),
            ("play", (*draw, "conditions", 2)),
            ("winning", (*draw, "conditions", 2)),
            ("winning", ("rules", "tables", "luck", "rows", 1, "result")),
            ("play", ("examples", "near_one", "text")),
        ],
        terms=[
            ("pair", (*draw, "text")),
            ("pair", ("rules", "end_conditions", "pair_up", "text")),
        ],
    )
    assert not list(found)


def test_a_failing_template_is_reported_at_its_string_but_an_undefined_value_is_left(
    tmp_path: Path,
) -> None:
    """A title is not prose: what it holds is printed as written, never rendered."""
    unknown = "{{ board.size }}"
    too_long = "{{ range(10**9) | list }}"
    loaded, lines = with_blocks(
        tmp_path,
        actions=f"""
        draw:
          title: Draw {{{{ odd
          text: Draw {unknown} cards.
          conditions:
            - Once.
            - At most {too_long}.
            - Not after {{{{ values.missing | upper }}}}.
        """,
        claims=f"""
        three_cards:
          text: Three {unknown} cards.
          check: decks.deck.cards | sum(attribute='count') == components.deck.count
        """,
    )
    found = Diagnostics()
    check_prose(loaded.package, loaded.spans, found)
    long = _problem(f"At most {too_long}.")
    assert long.code == "PK402" and long.hint  # a failure with its own code and hint
    assert findings(found) == [
        (
            "PK220",
            line_of(lines, "text: Draw"),
            str(_problem(f"Draw {unknown} cards.")),
            DEFAULT_HINT,
        ),
        ("PK402", line_of(lines, "- At most"), str(long), long.hint),
        (
            "PK220",
            line_of(lines, "text: Three"),
            str(_problem(f"Three {unknown} cards.")),
            DEFAULT_HINT,
        ),
    ]


def test_a_row_s_result_sees_its_own_row_and_no_other_prose_does(tmp_path: Path) -> None:
    """A row's result prints its number through its row (`result: 1 point` beside `data:
    {points: 1}` is a second copy, PK507); before, `row` was undefined there, and a row had to
    look itself up by its table and key."""
    loaded, lines = with_blocks(
        tmp_path,
        tables="""
        prices:
          kind: lookup
          rows:
            - {key: card, result: "{{ row.data.cost }} action for a {{ row.key }}", data: {cost: 1}}
            - {key: pair, result: "{{ row.data.cost }} ({{ row.id }})", id: two, data: {cost: 2}}
        luck:
          kind: dice
          dice: d6
          rows:
            - {roll: "1-3", result: "Roll {{ row.roll }}: nothing."}
            - {roll: "4-6", result: Win.}
        """,
        end_conditions="""
        pair_up: {outcome: win, text: "Play {{ row.key }} to win."}
        """,
    )
    found = Diagnostics()
    check_prose(loaded.package, loaded.spans, found)
    unbound = "Play {{ row.key }} to win."
    assert findings(found) == [
        ("PK220", line_of(lines, 'text: "Play'), str(_problem(unbound)), DEFAULT_HINT)
    ]
