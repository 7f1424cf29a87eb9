"""Claims and examples failing on the text judged on the played rules too
(check/played_claims.py), as a build checks them: resolved where an erratum's plays make them
hold, PK534 where what its plays change still fails them, and the text's verdict where the
errata resolving them change nothing they read. Each finding read whole."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import findings, line_of, with_blocks
from printkit.build import CheckedGame, check_game
from printkit.check.claims import Status
from printkit.diagnostics import Diagnostics

CLAIMS = """
dealt_two:
  text: Each player starts with two cards.
  check: values.hand == 2
"""


def _checked(tmp_path: Path, **blocks: str) -> tuple[CheckedGame, list[str]]:
    """minimal_rules with the blocks given, checked as `build` checks a game."""
    loaded, lines = with_blocks(tmp_path, **blocks)
    game = check_game("minimal_rules", loaded.folder, Diagnostics())
    assert game is not None
    return game, lines


def _erratum(name: str, subject: str, plays: str) -> str:
    resolved = f"plays: {plays}" if plays else "wording_only: true"
    return (
        f'- {{id: {name}, code: PK530, subject: "{subject}", text_says: a, resolution: b, '
        f"{resolved}}}\n"
    )


def _statuses(game: CheckedGame) -> dict[str, tuple[Status, str]]:
    return {verdict.id: (verdict.status, verdict.label) for verdict in game.verdicts}


def test_a_claim_the_played_value_makes_hold_is_resolved_by_its_erratum(tmp_path: Path) -> None:
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS,
        errata=_erratum("two_each", "claim 'dealt_two'", "{rules.values.hand: 2}"),
    )
    assert _statuses(game)["dealt_two"] == (Status.RESOLVED, "resolved by erratum 'two_each'")
    assert not list(game.remaining)
    # the text's failure stays a finding, which the erratum turns into a note
    assert [d.code for d in game.found] == ["PK530"]


def test_a_claim_the_played_value_still_fails_is_an_error_no_erratum_resolves(
    tmp_path: Path,
) -> None:
    game, lines = _checked(
        tmp_path,
        claims=CLAIMS,
        errata=_erratum("two_each", "claim 'dealt_two'", "{rules.values.hand: 3}"),
    )
    assert _statuses(game)["dealt_two"][0] is Status.FAILING
    assert findings(game.remaining) == [
        (
            "PK534",
            line_of(lines, "check: values.hand == 2"),
            "on the rules as played too: claim 'dealt_two' does not hold: Each player starts "
            "with two cards. [PK530]; the plays of erratum 'two_each' change what it reads, "
            "but do not make it hold",
            "the materials print the rules as played: correct the plays of erratum "
            "'two_each', so that claim 'dealt_two' holds on them",
        )
    ]


def test_a_failure_resolved_in_words_is_not_judged_by_another_erratum_s_plays(
    tmp_path: Path,
) -> None:
    """The claim's own erratum says the text is wrong and plays nothing; another erratum plays
    the value it reads, for a claim of its own: the first claim's failure on the played rules
    is the one its erratum resolves in words, and stays a note."""
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS + "dealt_three: {text: Each starts with three., check: values.hand == 3}",
        errata=_erratum("in_words", "claim 'dealt_two'", "")
        + _erratum("three_each", "claim 'dealt_three'", "{rules.values.hand: 3}"),
    )
    statuses = _statuses(game)
    assert statuses["dealt_two"][0] is Status.FAILING
    assert statuses["dealt_three"] == (Status.RESOLVED, "resolved by erratum 'three_each'")
    assert not list(game.remaining)


def test_plays_that_change_nothing_a_claim_reads_leave_the_text_s_verdict(
    tmp_path: Path,
) -> None:
    """Its erratum plays a reading the claim's expression does not read (a value of its own):
    judged the same on both, the claim keeps the text's failure, a note."""
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS,
        errata=_erratum("two_each", "claim 'dealt_two'", "{rules.actions.draw.cost: 2}"),
    )
    assert _statuses(game)["dealt_two"][0] is Status.FAILING
    assert not list(game.remaining)


def test_an_erratum_may_play_the_claim_itself(tmp_path: Path) -> None:
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS,
        errata=_erratum(
            "one_each", "claim 'dealt_two'", '{claims.dealt_two.check: "values.hand == 1"}'
        ),
    )
    assert _statuses(game)["dealt_two"] == (Status.RESOLVED, "resolved by erratum 'one_each'")


EXAMPLES = """
near_one:
  text: A target one step away is near.
  inputs: {distance: 1}
  outcome: {band: near}
  compute:
    band: lookup('reach', distance).id
deal:
  text: Two players are dealt four cards in all, two each.
  inputs: {players: 2}
  outcome: {total: 4, each: 2}
  compute: {total: players * values.hand, each: values.hand}
"""


def test_an_example_holds_whole_on_the_played_rules_or_fails_at_each_key(tmp_path: Path) -> None:
    """Both keys read the played value: resolved when both hold; each key that still fails is
    an error at its outcome."""
    resolving = _erratum("two_each", "example 'deal'", "{rules.values.hand: 2}")
    game, _ = _checked(tmp_path, examples=EXAMPLES, errata=resolving.replace("PK530", "PK532"))
    assert _statuses(game)["deal"] == (Status.RESOLVED, "resolved by erratum 'two_each'")
    assert _statuses(game)["near_one"][0] is Status.CHECKED

    wrong = _erratum("three_each", "example 'deal'", "{rules.values.hand: 3}")
    game, lines = _checked(
        tmp_path / "wrong", examples=EXAMPLES, errata=wrong.replace("PK530", "PK532")
    )
    assert _statuses(game)["deal"][0] is Status.FAILING
    outcome = line_of(lines, "outcome: {total: 4, each: 2}")
    assert [(code, line, message) for code, line, message, _ in findings(game.remaining)] == [
        (
            "PK534",
            outcome,
            "on the rules as played too: example 'deal' states total = 4 but the rules give 6 "
            "[PK532]; the plays of erratum 'three_each' change what it reads, but do not make "
            "it hold",
        ),
        (
            "PK534",
            outcome,
            "on the rules as played too: example 'deal' states each = 2 but the rules give 3 "
            "[PK532]; the plays of erratum 'three_each' change what it reads, but do not make "
            "it hold",
        ),
    ]
