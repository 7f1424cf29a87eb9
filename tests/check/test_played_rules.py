"""The checks of the played rules, each finding read whole: a fault the errata's `plays` leave in
(or make) is an error however an erratum excuses the text (check/played.py, PK534), a value an
erratum adds that nothing uses is reported (PK502), and a rule text still printing a number the
errata changed is a warning (check/printed_played.py, PK547). They run as a build runs them."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import Finding, findings, line_of, with_blocks
from printkit.build import CheckedGame, check_game
from printkit.diagnostics import Diagnostics

FIX_HINT = "give erratum '{}' the plays that put its resolution in the data, which is what the "
FIX_HINT += "materials print"
PRINT_HINT = (
    "print the number through the data ({{ row.min }}, {{ values.NAME }}), so that the text "
    "states what is played"
)
GAP_HINT = "add a row for it, widen a neighbour, or leave an end open with null"


def _checked(tmp_path: Path, **blocks: str) -> tuple[CheckedGame, list[str]]:
    """minimal_rules with the blocks given, checked as `build` checks a game."""
    loaded, lines = with_blocks(tmp_path, **blocks)
    game = check_game("minimal_rules", loaded.folder, Diagnostics())
    assert game is not None
    return game, lines


def _erratum(code: str, subject: str, plays: str, name: str = "") -> str:
    named = f"id: {name}, " if name else ""
    resolved = f"plays: {plays}" if plays else "wording_only: true"
    said = f'subject: "{subject}", text_says: a, resolution: b'
    return f"- {{{named}code: {code}, {said}, {resolved}}}\n"


def _printed(game: CheckedGame) -> list[Finding]:
    return [finding for finding in findings(game.found) if finding[0] == "PK547"]


GAPPED = """
band:
  kind: range
  rows:
    - {min: null, max: 1, result: Low.}
    - {min: 3, max: null, result: High.}
luck:
  kind: dice
  dice: 2d6
  component: dice
  rows:
    - {roll: "2-6", result: Lose a card.}
    - {roll: "7-12", result: Draw a card.}
reach:
  kind: range
  rows:
    - {min: null, max: 1, result: Near.}
    - {min: 3, max: null, result: Far.}
score:
  kind: range
  rows:
    - {min: null, max: 1, result: Lose.}
    - {min: 3, max: null, result: Gain.}
fixed:
  kind: range
  rows:
    - {min: null, max: 1, result: Low.}
    - {min: 3, max: null, result: High.}
"""


def test_a_gap_the_errata_excuse_but_do_not_close_is_an_error_in_the_played_rules(
    tmp_path: Path,
) -> None:
    game, lines = _checked(
        tmp_path,
        tables=GAPPED,
        errata=_erratum("PK510", "'reach'", "")
        + _erratum("PK510", "'score'", "{rules.actions.draw.cost: 1}", name="same_cost")
        + _erratum("PK510", "'fixed'", '{"rules.tables.fixed.rows[1].min": 2}', name="closed"),
    )
    still = "the played rules still have it: table '{}' gives no result for 2 [PK510]; erratum "
    assert findings(game.remaining) == [
        (
            "PK534",
            line_of(lines, "Near.}"),
            still.format("reach") + "'1' resolves it only in words (wording_only)",
            FIX_HINT.format("1"),
        ),
        (
            "PK534",
            line_of(lines, "Lose.}", after=line_of(lines, "score:")),
            still.format("score") + "'same_cost' resolves it but its plays leave it",
            FIX_HINT.format("same_cost"),
        ),
    ]  # 'band', first, excused by no erratum, is an error of the text already; 'fixed' is closed


def test_plays_that_open_a_gap_are_an_error_and_a_new_value_must_be_used(tmp_path: Path) -> None:
    game, lines = _checked(
        tmp_path,
        values="""
        hand: 1
        spare: 2
        """,
        setup="""
        - id: deal
          text: Deal {{ values.hand }} card to each player, {{ values.bonus }} more to the first.
          uses: [{component: deck, count: 1, per_player: true}]
        """,
        errata=_erratum(
            "PK535",
            "'bonus'",
            '{"rules.tables.reach.rows[1].min": 3, rules.values.bonsu: 1, rules.values.spare: 3, '
            "rules.values.extra: 4, rules.actions.draw.limit: 2}",
            name="wide",
        )
        + _erratum("PK535", "'nothing'", "{rules.values.more: 1}", name="more"),
    )
    plays = line_of(lines, "id: wide")
    new_fault = "the errata's plays make a fault the text does not have: "
    assert findings(game.remaining) == [
        (
            "PK502",
            plays,
            "erratum 'wide' plays value 'bonsu', which nothing uses",
            "did you mean 'bonus'?",
        ),
        (
            "PK502",
            plays,
            "erratum 'wide' plays value 'extra', which nothing uses",
            "expected one of: bonus",
        ),
        (
            "PK502",
            line_of(lines, "id: more"),
            "erratum 'more' plays value 'more', which nothing uses",
            "expected one of: bonus",
        ),
        (
            "PK534",
            line_of(lines, "id: near", after=line_of(lines, "reach:")),
            new_fault + "table 'reach' gives no result for 2 [PK510]",
            "check the values the errata play here: " + GAP_HINT,
        ),
        (
            "PK534",
            line_of(lines, "id: far", after=line_of(lines, "reach_quick:")),
            new_fault + "table 'reach_quick' gives 'far' as 2 and above but 'reach' gives 3 and "
            "above [PK516]",
            "check the values the errata play here: print the quick reference from 'reach' or "
            "make them agree",
        ),
        (
            "PK534",
            line_of(lines, "text: Deal"),
            "the played rules still have it: value 'bonus' is used here but never defined "
            "[PK535]; erratum 'wide' resolves it but its plays leave it",
            FIX_HINT.format("wide"),
        ),
    ]


def test_a_rule_text_printing_a_number_the_errata_changed_is_reported_at_the_text(
    tmp_path: Path,
) -> None:
    plays = {
        "rules.values.hand": 2,  # printed by no rule's own text: the plays after it still are
        "rules.tables.reach.rows[0].max": 2,
        "rules.tables.reach.rows[1].min": 3,
        "rules.tables.reach.domain.min": 1,
        "rules.actions.draw.cost": 2,
        "rules.actions.draw.limit": 1,
        "rules.actions.draw.halves": "true",
        "rules.structure.phases.turn.steps[0].uses[0].count": 3,
    }
    game, lines = _checked(
        tmp_path,
        tables="""
        reach:
          kind: range
          domain: {min: 0, max: null}
          text: Counted from 0 steps.
          rows:
            - min: 0
              max: 1
              result: "Near: 1 step or less."
            - min: 2
              max: null
              result: "Far: 2 steps or more."
        """,
        actions="""
        draw:
          cost: 1
          limit: 1
          text: Draw a card for 1 action, none for 0.
        """,
        structure="""
        unit: turn
        units: [turn]
        phases:
          turn:
            title: Turn
            text: Roll 2 dice.
            steps:
              - id: roll
                text: Roll the 2 dice.
                uses: [{component: dice, count: 2}]
        """,
        setup="""
        - id: deal
          text: Deal 1 card to each player.
        """,
        errata=_erratum(
            "PK510", "x", "{" + ", ".join(f'"{k}": {v}' for k, v in plays.items()) + "}", "wide"
        ),
    )
    said = "{} prints {} in its text, where erratum 'wide' plays {} = {}"
    assert _printed(game) == [
        (
            "PK547",
            line_of(lines, "Near: 1"),
            said.format("row 1 of 'reach'", 1, "rules.tables.reach.rows[0].max", 2),
            PRINT_HINT,
        ),
        (
            "PK547",
            line_of(lines, "Far: 2"),
            said.format("row 2 of 'reach'", 2, "rules.tables.reach.rows[1].min", 3),
            PRINT_HINT,
        ),
        (
            "PK547",
            line_of(lines, "Counted from 0"),
            said.format("table 'reach'", 0, "rules.tables.reach.domain.min", 1),
            PRINT_HINT,
        ),
        (
            "PK547",
            line_of(lines, "text: Draw a card for 1"),
            said.format("action 'draw'", 1, "rules.actions.draw.cost", 2),
            PRINT_HINT,
        ),
        (
            "PK547",
            line_of(lines, "text: Roll the 2"),
            said.format("step 'roll'", 2, "rules.structure.phases.turn.steps[0].uses[0].count", 3),
            PRINT_HINT,
        ),
    ]


def test_a_whole_number_the_errata_make_a_fraction_is_still_printed_stale(tmp_path: Path) -> None:
    """The text writes whole numbers; the number played in its place may be any (a row's data
    takes 3.5): the 3 the text still prints disagrees with it all the same."""
    game, lines = _checked(
        tmp_path,
        tables="""
        luck:
          kind: dice
          dice: d6
          component: dice
          rows:
            - roll: "1-6"
              data: {gain: 3}
              result: Gain 3 coins.
        """,
        errata=_erratum("PK510", "x", '{"rules.tables.luck.rows[0].data.gain": 3.5}', "half"),
    )
    assert _printed(game) == [
        (
            "PK547",
            line_of(lines, "result: Gain 3"),
            "row 1 of 'luck' prints 3 in its text, where erratum 'half' plays "
            "rules.tables.luck.rows[0].data.gain = 3.5",
            PRINT_HINT,
        )
    ]


def test_a_new_value_nothing_uses_is_reported_with_how_to_print_it(tmp_path: Path) -> None:
    """With no value used and left undefined to suggest, the hint says how to print it."""
    game, lines = _checked(
        tmp_path, errata=_erratum("PK510", "x", "{rules.values.extra: 4}", name="more")
    )
    assert findings(game.remaining) == [
        (
            "PK502",
            line_of(lines, "id: more"),
            "erratum 'more' plays value 'extra', which nothing uses",
            "print it with {{ values.extra }}, or remove the entry",
        )
    ]


def test_plays_that_change_a_component_s_count_must_change_what_its_deck_prints(
    tmp_path: Path,
) -> None:
    """An erratum playing 4 of a component whose deck prints 3 would print a box that
    disagrees with the rules played: the inventory check runs on the played rules too."""
    game, _ = _checked(
        tmp_path,
        setup="""
        - id: deal
          text: Deal {{ values.bonus }} cards to each player.
          uses: [{component: deck, count: 1, per_player: true}]
        """,
        errata=_erratum(
            "PK535", "'bonus'", "{rules.values.bonus: 1, components.deck.count: 4}", "four"
        ),
    )
    [fault] = [f for f in findings(game.remaining) if f[0] == "PK534"]
    assert "deck 'deck' holds 3 pieces but the inventory lists 4 [PK210]" in fault[2]


ODDS = """
combat:
  kind: grid
  dice: d6
  component: dice
  across:
    title: odds
    domain: {min: 0, max: null}
    columns:
      - {label: "1-1", min: 0, max: 1}
      - {label: "3-1", min: 3, max: null}
  rows:
    - {roll: "1-3", cells: [A1, D1]}
    - {roll: "4-6", cells: [D1, D2]}
"""


def test_a_grid_column_the_errata_widen_under_an_old_label_is_printed_stale(
    tmp_path: Path,
) -> None:
    """The errata close a gap by starting the '3-1' column at 2: its label is printed as
    written, so '3-1' over a column that takes 2-1 is a warning at the label, until an
    erratum plays the label too (a new one, or the same one confirmed)."""
    plays = '{"rules.tables.combat.across.columns[1].min": 2}'
    game, lines = _checked(
        tmp_path, tables=ODDS, errata=_erratum("PK510", "'combat'", plays, "gap")
    )
    assert _printed(game) == [
        (
            "PK547",
            line_of(lines, '"3-1"'),
            "column 2 of 'combat' prints 3 in its label, where erratum 'gap' plays "
            "rules.tables.combat.across.columns[1].min = 2",
            "a label is printed as written: play the label the column now takes too "
            "(rules.tables.combat.across.columns[1].label), or play it unchanged if it is "
            "right as it is",
        )
    ]
    for label in ('"2-1+"', '"3-1"'):
        relabelled = plays[:-1] + f', "rules.tables.combat.across.columns[1].label": {label}}}'
        game, _ = _checked(
            tmp_path / label.strip('"'),
            tables=ODDS,
            errata=_erratum("PK510", "'combat'", relabelled, "gap"),
        )
        assert _printed(game) == [], label
