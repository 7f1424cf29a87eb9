"""Errata checked against the findings and the data they correct (check/errata.py): one that
matches no finding is stale (PK231), and one whose every play sets what the text's data already
holds corrects nothing (PK232), as a build reports them. Each finding read whole."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import findings, line_of, with_blocks
from printkit.build import check_game, finish_game
from printkit.diagnostics import Diagnostics, Severity

# Fails on the text (hand is 1), so an erratum naming it is matched: it is not PK231's.
CLAIMS = """
dealt_two:
  text: Each player starts with two cards.
  check: values.hand * 2 == 4
"""


def _reported(tmp_path: Path, resolved: str, claims: str = CLAIMS) -> tuple[list[tuple], list[str]]:
    """minimal_rules with `claims` (by default the failing one) and one erratum naming claim
    'dealt_two', resolved as `resolved` says (its plays, or wording_only): the warnings and
    errors a build reports (the text's failure is the erratum's note)."""
    errata = (
        "- {id: two_each, code: PK530, subject: \"claim 'dealt_two'\", text_says: a, "
        f"resolution: b, {resolved}}}\n"
    )
    loaded, lines = with_blocks(tmp_path, claims=claims, errata=errata)
    game = check_game("minimal_rules", loaded.folder, Diagnostics())
    assert game is not None
    diagnostics = Diagnostics()
    finish_game(game, [], diagnostics)
    shown = Diagnostics()
    shown.extend(d for d in diagnostics if d.severity is not Severity.NOTE)
    return findings(shown), lines


def test_an_erratum_playing_only_what_the_text_holds_changes_nothing(tmp_path: Path) -> None:
    reported, lines = _reported(
        tmp_path, "plays: {rules.values.hand: 1, 'rules.actions.draw.cost': 1}"
    )
    assert reported == [
        (
            "PK232",
            line_of(lines, "- {id: two_each"),
            "erratum 'two_each' no longer changes anything: the text already holds "
            "rules.values.hand = 1, rules.actions.draw.cost = 1",
            "update its plays to the reading printkit follows instead of the text's, or replace "
            "them with 'wording_only: true' if the data already holds it",
        )
    ]


def test_a_play_confirming_the_text_beside_one_changing_it_is_not_stale(tmp_path: Path) -> None:
    reported, _ = _reported(tmp_path, "plays: {rules.values.hand: 1, rules.actions.draw.cost: 2}")
    assert reported == []


def test_an_erratum_resolving_in_words_plays_nothing_to_be_stale_about(tmp_path: Path) -> None:
    reported, _ = _reported(tmp_path, "wording_only: true")
    assert reported == []


def test_a_truth_value_played_over_a_number_is_refused_not_taken_for_the_same(
    tmp_path: Path,
) -> None:
    """True == 1 in Python, but the text's 1 is a number: the play is PK543, and changes it."""
    reported, lines = _reported(tmp_path, "plays: {rules.values.hand: true}")
    assert [(code, line) for code, line, _, _ in reported] == [
        ("PK543", line_of(lines, "- {id: two_each"))
    ]


def test_an_erratum_matching_no_finding_is_stale_once_not_also_changing_nothing(
    tmp_path: Path,
) -> None:
    """An erratum for a claim that holds matches nothing (PK231); that its play changes nothing
    as well is the same news."""
    reported, _ = _reported(
        tmp_path, "plays: {rules.values.hand: 1}", CLAIMS.replace("* 2 == 4", "== 1")
    )
    assert [code for code, *_ in reported] == ["PK231"]
