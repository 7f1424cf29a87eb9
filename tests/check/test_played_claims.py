"""Claims and examples failing on the text judged on the played rules too
(check/played_claims.py), as a build checks them: resolved where an erratum's plays make them
hold, PK534 where what its plays change still fails them, and the text's verdict where the
errata resolving them change nothing they read. Each finding read whole."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import findings, line_of, with_blocks
from printkit.build import CheckedGame, check_game
from printkit.check.claims import Status
from printkit.diagnostics import Diagnostic, Diagnostics

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


def _notes(game: CheckedGame) -> dict[str, list[Diagnostic]]:
    """The notes each verdict carries (those changing how its status reads), by claim."""
    return {verdict.id: list(verdict.notes) for verdict in game.verdicts if verdict.notes}


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
            "with two cards. (its check compares 3 == 2) [PK530]; the plays of erratum "
            "'two_each' change what it reads, but do not make it hold",
            "the materials print the rules as played: correct the plays of erratum "
            "'two_each', so that claim 'dealt_two' holds on them",
        )
    ]


def test_a_failure_resolved_in_words_is_not_judged_by_another_erratum_s_plays(
    tmp_path: Path,
) -> None:
    """The claim's own erratum says the text is wrong and plays nothing; another erratum plays
    the value it reads, for a claim of its own: the first claim's failure on the played rules
    is the one its erratum resolves in words, and stays a note: resolved in words."""
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS + "dealt_three: {text: Each starts with three., check: values.hand == 3}",
        errata=_erratum("in_words", "claim 'dealt_two'", "")
        + _erratum("three_each", "claim 'dealt_three'", "{rules.values.hand: 3}"),
    )
    statuses = _statuses(game)
    assert statuses["dealt_two"] == (Status.RESOLVED, "resolved by erratum 'in_words' (in words)")
    assert statuses["dealt_three"] == (Status.RESOLVED, "resolved by erratum 'three_each'")
    assert not list(game.remaining)


def test_plays_that_change_nothing_a_claim_reads_leave_the_text_s_verdict(
    tmp_path: Path,
) -> None:
    """Its erratum plays a reading the claim's expression does not read (a value of its own):
    judged the same on both, the claim keeps the text's failure, a note: resolved in words."""
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS,
        errata=_erratum("two_each", "claim 'dealt_two'", "{rules.actions.draw.cost: 2}"),
    )
    assert _statuses(game)["dealt_two"] == (
        Status.RESOLVED,
        "resolved by erratum 'two_each' (in words)",
    )
    assert not list(game.remaining)


def test_a_claim_holding_on_the_text_that_the_plays_break_is_a_note(tmp_path: Path) -> None:
    """The erratum resolving `dealt_two` plays the value `one_each` reads: true of the text,
    false of the rules as played. Its verdict stays the text's; a note says the erratum
    changed it."""
    game, lines = _checked(
        tmp_path,
        claims=CLAIMS + "one_each: {text: Each starts with one card., check: values.hand == 1}",
        errata=_erratum("two_each", "claim 'dealt_two'", "{rules.values.hand: 2}"),
    )
    assert _statuses(game)["one_each"] == (Status.CHECKED, "checked")
    assert _notes(game) == {"one_each": list(game.remaining)}  # `printkit claims` lists it
    assert findings(game.remaining) == [
        (
            "PK552",
            line_of(lines, "one_each:"),
            "on the rules as played, claim 'one_each' does not hold: Each starts with one "
            "card. (its check compares 2 == 1) [PK530]; it holds on the text, and the plays "
            "of erratum 'two_each' change what it reads",
            "the plays of erratum 'two_each' change what claim 'one_each' states: nothing to "
            "do if that is meant (the claim records the text), else correct them",
        )
    ]


def test_a_failure_no_erratum_names_that_the_plays_make_hold_is_a_note_beside_its_error(
    tmp_path: Path,
) -> None:
    """`two_in_all` fails on the text and no erratum names it (an error); the plays of the
    erratum resolving `dealt_two` make it hold: a note names that erratum."""
    game, lines = _checked(
        tmp_path,
        claims=CLAIMS + "two_in_all: {text: Two hands of two., check: values.hand * 2 == 4}",
        errata=_erratum("two_each", "claim 'dealt_two'", "{rules.values.hand: 2}"),
    )
    assert _statuses(game)["two_in_all"][0] is Status.FAILING
    assert _notes(game) == {"two_in_all": list(game.remaining)}
    at = line_of(lines, "two_in_all:")
    assert [(code, line) for code, line, _, _ in findings(game.found)] == [
        ("PK530", line_of(lines, "check: values.hand == 2")),
        ("PK530", at),
    ]
    assert findings(game.remaining) == [
        (
            "PK552",
            at,
            "claim 'two_in_all' holds on the rules as played: the plays of erratum 'two_each' "
            "make it hold, but no erratum names its failure on the text [PK530]",
            "record an erratum for PK530 naming claim 'two_in_all' (its plays may repeat those "
            "of erratum 'two_each'): the error becomes a note, and the claim is resolved",
        )
    ]


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


def test_an_erratum_playing_the_text_s_own_value_changes_nothing(tmp_path: Path) -> None:
    """Plays that confirm what the text holds are no reading of the data: the claim's failure
    stays the note its erratum makes of it, resolved in words."""
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS,
        errata=_erratum("one_each", "claim 'dealt_two'", "{rules.values.hand: 1}"),
    )
    assert _statuses(game)["dealt_two"] == (
        Status.RESOLVED,
        "resolved by erratum 'one_each' (in words)",
    )
    assert not list(game.remaining)


def test_an_erratum_without_an_id_is_named_by_its_number(tmp_path: Path) -> None:
    erratum = _erratum("x", "claim 'dealt_two'", "{rules.values.hand: 2}").replace("id: x, ", "")
    other = _erratum("y", "claim 'dealt_three'", "")
    claims = CLAIMS + "dealt_three: {text: Each starts with three., check: values.hand == 3}"
    game, _ = _checked(tmp_path, claims=claims, errata=other + erratum)
    assert _statuses(game)["dealt_two"] == (Status.RESOLVED, "resolved by erratum '2'")
    game, _ = _checked(
        tmp_path / "wrong", claims=claims, errata=other + erratum.replace("hand: 2", "hand: 4")
    )
    [(_, _, message, hint)] = findings(game.remaining)
    assert "the plays of erratum '2' change what it reads" in message
    assert hint.endswith(
        "correct the plays of erratum '2', so that claim 'dealt_two' holds on them"
    )


def _deal_erratum(plays: str) -> str:
    return _erratum("deal_fix", "example 'deal'", plays).replace("PK530", "PK532")


def test_an_erratum_may_play_the_example_itself(tmp_path: Path) -> None:
    """Its plays change no data the keys read, but the example's own outcome."""
    game, _ = _checked(
        tmp_path,
        examples=EXAMPLES,
        errata=_deal_erratum("{examples.deal.outcome: {total: 2, each: 1}}"),
    )
    assert _statuses(game)["deal"] == (Status.RESOLVED, "resolved by erratum 'deal_fix'")


def test_a_key_the_plays_remove_is_not_judged_and_resolves_nothing(tmp_path: Path) -> None:
    """The erratum plays the example's computations without `each`: `total` still fails on
    the played rules (an error), `each` is not played at all, and the example is not resolved
    (its outcome states a key it no longer computes)."""
    plays = '{examples.deal.compute: {total: "players * values.hand"}}'
    game, lines = _checked(tmp_path, examples=EXAMPLES, errata=_deal_erratum(plays))
    assert _statuses(game)["deal"][0] is Status.FAILING
    assert [(code, line) for code, line, _, _ in findings(game.remaining)] == [
        ("PK534", line_of(lines, "outcome: {total: 4, each: 2}"))
    ]


def test_an_example_whose_outcome_the_played_rules_do_not_cover_is_not_resolved(
    tmp_path: Path,
) -> None:
    """Its one computed key holds on the played rules, but it states a key nothing computes."""
    uncovered = EXAMPLES.replace(
        "compute: {total: players * values.hand, each: values.hand}",
        "compute: {total: players * values.hand}",
    )
    game, _ = _checked(tmp_path, examples=uncovered, errata=_deal_erratum("{rules.values.hand: 2}"))
    assert _statuses(game)["deal"][0] is Status.FAILING
    assert not list(game.remaining)


def test_an_input_named_like_the_rules_data_is_the_example_s_own(tmp_path: Path) -> None:
    """`values` is the example's input here, not the rules' values the erratum plays: what
    the example computes does not change, and its failure stays a note, resolved in words."""
    own = """
twice:
  text: Twice two is five.
  inputs: {values: 2}
  outcome: {total: 5}
  compute: {total: values * 2}
"""
    erratum = _erratum("five", "example 'twice'", "{rules.values.hand: 2}").replace(
        "PK530", "PK532"
    )
    game, _ = _checked(tmp_path, examples=own, errata=erratum)
    assert _statuses(game)["twice"] == (Status.RESOLVED, "resolved by erratum 'five' (in words)")
    assert not list(game.remaining)


def test_a_claim_on_a_value_the_text_never_states_is_resolved_by_the_erratum_playing_it(
    tmp_path: Path,
) -> None:
    """The text's failure is the undefined value (PK535, resolved by the erratum that plays
    it): the claim holds on the value played, or fails on it, naming that erratum."""
    claims = "bonus_two: {text: The bonus is two cards., check: values.bonus == 2}"
    erratum = _erratum("bonus", "'bonus'", "{rules.values.bonus: 2}").replace("PK530", "PK535")
    game, _ = _checked(tmp_path, claims=claims, errata=erratum)
    assert _statuses(game)["bonus_two"] == (Status.RESOLVED, "resolved by erratum 'bonus'")
    assert not list(game.remaining)

    game, lines = _checked(
        tmp_path / "wrong", claims=claims, errata=erratum.replace(": 2}", ": 3}")
    )
    assert _statuses(game)["bonus_two"][0] is Status.FAILING
    assert [(code, line, message) for code, line, message, _ in findings(game.remaining)] == [
        (
            "PK534",
            line_of(lines, "check: values.bonus == 2"),
            "on the rules as played too: claim 'bonus_two' does not hold: The bonus is two "
            "cards. (its check compares 3 == 2) [PK530]; the plays of erratum 'bonus' change "
            "what it reads, but do not make it hold",
        )
    ]


def test_the_errata_playing_values_the_text_never_states_are_named_together(
    tmp_path: Path,
) -> None:
    claims = "three: {text: Bonus and extra make three., check: values.bonus + values.extra == 3}"
    errata = "".join(
        _erratum(name, f"'{name}'", f"{{rules.values.{name}: {value}}}").replace("PK530", "PK535")
        for name, value in (("bonus", 1), ("extra", 2))
    )
    game, _ = _checked(tmp_path, claims=claims, errata=errata)
    assert _statuses(game)["three"] == (Status.RESOLVED, "resolved by errata 'bonus' and 'extra'")

    game, _ = _checked(
        tmp_path / "wrong", claims=claims, errata=errata.replace("extra: 2", "extra: 5")
    )
    [(_, _, message, hint)] = findings(game.remaining)
    assert "the plays of errata 'bonus' and 'extra' change what it reads" in message
    assert hint.endswith(
        "correct the plays of errata 'bonus' and 'extra', so that claim 'three' holds on them"
    )


def test_a_claim_another_erratum_s_plays_make_hold_is_resolved_by_its_own(tmp_path: Path) -> None:
    """Its own erratum resolves its failure in words; another plays the value it reads for a
    claim of its own, and that makes it hold: resolved, by the erratum naming its failure."""
    game, _ = _checked(
        tmp_path,
        claims=CLAIMS + "dealt_pair: {text: Each starts with a pair., check: values.hand == 2}",
        errata=_erratum("in_words", "claim 'dealt_two'", "")
        + _erratum("pair", "claim 'dealt_pair'", "{rules.values.hand: 2}"),
    )
    assert _statuses(game)["dealt_two"] == (Status.RESOLVED, "resolved by erratum 'in_words'")


def test_each_key_still_failing_is_reported_after_one_the_text_holds(tmp_path: Path) -> None:
    """`total` holds on the text (the plays then break it: a note, PK552), `each` fails on
    both: only `each` is an error."""
    keys = EXAMPLES.replace("outcome: {total: 4, each: 2}", "outcome: {total: 2, each: 2}")
    game, _ = _checked(tmp_path, examples=keys, errata=_deal_erratum("{rules.values.hand: 3}"))
    assert [(code, message.split(" [")[0]) for code, _, message, _ in findings(game.remaining)] == [
        ("PK552", "on the rules as played, example 'deal' states total = 2 but the rules give 6"),
        (
            "PK534",
            "on the rules as played too: example 'deal' states each = 2 but the rules give 3",
        ),
    ]


def test_a_failure_an_erratum_resolves_only_in_part_is_the_text_s_error(tmp_path: Path) -> None:
    """Two names the claim gives do not exist; an erratum resolves one of them (and plays the
    claim's own text): the other is an error as the text states it, and nothing more."""
    claims = "two_names: {text: Two names., check: tables.raech.rows and glossary.piar}"
    erratum = (
        "- {id: one_name, code: PK609, subject: \"'raech' in tables\", text_says: a, "
        "resolution: b, plays: {claims.two_names.text: Two names at last.}}\n"
    )
    game, _ = _checked(tmp_path, claims=claims, errata=erratum)
    assert _statuses(game)["two_names"][0] is Status.FAILING
    assert not list(game.remaining)


def test_each_key_the_plays_break_is_a_note_the_example_carries(tmp_path: Path) -> None:
    """Both keys hold on the text (a hand of 1) and fail on a played hand of 3: two notes, both
    on the verdict, which `printkit claims` lists under it."""
    keys = EXAMPLES.replace("outcome: {total: 4, each: 2}", "outcome: {total: 2, each: 1}")
    game, lines = _checked(tmp_path, examples=keys, errata=_deal_erratum("{rules.values.hand: 3}"))
    at = line_of(lines, "outcome: {total: 2, each: 1}")
    assert [(code, line) for code, line, _, _ in findings(game.remaining)] == [("PK552", at)] * 2
    assert _notes(game) == {"deal": list(game.remaining)}


def test_a_key_after_one_the_plays_remove_is_still_judged(tmp_path: Path) -> None:
    """The plays remove `total`, the first key, and break `each`: its note is not lost."""
    keys = EXAMPLES.replace("outcome: {total: 4, each: 2}", "outcome: {total: 2, each: 1}")
    plays = '{examples.deal.compute: {each: "values.hand"}, rules.values.hand: 3}'
    game, _ = _checked(tmp_path, examples=keys, errata=_deal_erratum(plays))
    assert [message.split(" [")[0] for _, _, message, _ in findings(game.remaining)] == [
        "on the rules as played, example 'deal' states each = 1 but the rules give 3"
    ]
