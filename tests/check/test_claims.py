"""Claims and worked examples end in one status each, with the diagnostic that says why, at the
line it is about: tests/data/good/minimal_rules with its claims and examples replaced by one of
every kind."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import GOOD, run_cli

from printkit.check.claims import Status, Verdict, check_claims
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package

CASES = """claims:
  holds:
    text: The deck holds three cards.
    check: decks.deck.cards | sum(attribute='count') == 3
  wrong:
    text: The deck holds four cards.
    check: decks.deck.cards | sum(attribute='count') == 4
  a_number:
    text: Counts the cards.
    check: decks.deck.cards | sum(attribute='count')
  zero:
    text: Counts no cards.
    check: decks.deck.cards | sum(attribute='count') - 3
  in_play:
    text: Needs play.
    engine: a game that ends
  undefined:
    text: Names a deck that is not there.
    check: decks.nothing.cards | length == 1
examples:
  right:
    text: One step is near.
    inputs: {distance: 1}
    outcome: {band: near}
    compute: {band: "lookup('reach', inputs.distance).id"}
  wrong_value:
    text: One step is far.
    inputs: {distance: 1}
    outcome: {band: far}
    compute: {band: "lookup('reach', distance).id"}
  other_keys:
    text: One step has a range.
    inputs: {distance: 1}
    outcome: {band: near}
    compute: {range: distance}
  waits:
    text: Needs play too.
    outcome: {band: near}
    engine: a game that ends
  undefined:
    text: Uses a table that is not there.
    inputs: {distance: 1}
    outcome: {band: near}
    compute: {band: "lookup('nowhere', distance).id"}
"""


@pytest.fixture
def checked(tmp_path: Path) -> tuple[list[Verdict], Diagnostics, list]:
    """Checked afresh for each test (not once per module), so that mutation testing, which
    runs the tests that call check_claims, runs each of these."""
    return _checked(tmp_path, CASES)


def _checked(tmp_path: Path, cases: str) -> tuple[list[Verdict], Diagnostics, list]:
    """minimal_rules with its claims and examples replaced by `cases`, checked."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text[: text.index("claims:")] + cases, encoding="utf-8")
    loading = Diagnostics()
    loaded = load_package("minimal_rules", folder, loading)
    assert loaded is not None and not list(loading), [str(d) for d in loading]
    found = Diagnostics()
    verdicts = check_claims(loaded.package, loaded.spans, found)
    return verdicts, found, rules.read_text(encoding="utf-8").splitlines()


def _line(lines: list[str], *path: str) -> int:
    """The line (from 1) holding the last of `path`, each found after the one before it."""
    index = -1
    for text in path:
        index = next(i for i, line in enumerate(lines) if i > index and text in line)
    return index + 1


def test_each_claim_and_example_ends_in_its_status(checked) -> None:
    verdicts, _, _ = checked
    assert [(v.kind, v.id, v.status) for v in verdicts] == [
        ("claim", "holds", Status.CHECKED),
        ("claim", "wrong", Status.FAILING),
        ("claim", "a_number", Status.FAILING),
        ("claim", "zero", Status.FAILING),
        ("claim", "in_play", Status.WAITING),
        ("claim", "undefined", Status.FAILING),
        ("example", "right", Status.CHECKED),
        ("example", "wrong_value", Status.FAILING),
        ("example", "other_keys", Status.FAILING),
        ("example", "waits", Status.WAITING),
        ("example", "undefined", Status.FAILING),
    ]
    assert [str(s) for s in Status] == [
        "checked",
        "failing",
        "waiting for engine",
        "held",
        "not played",
        "resolved",
    ]
    texts = [v.text for v in verdicts]
    assert texts[:6] == [
        "The deck holds three cards.",
        "The deck holds four cards.",
        "Counts the cards.",
        "Counts no cards.",
        "Needs play.",
        "Names a deck that is not there.",
    ]
    assert texts[6:] == [
        "One step is near.",
        "One step is far.",
        "One step has a range.",
        "Needs play too.",
        "Uses a table that is not there.",
    ]


def test_each_failure_is_reported_once_where_it_is_written(checked) -> None:
    _, found, lines = checked
    reported = [(d.code, d.message, d.hint, d.span.line if d.span else None) for d in found]
    assert reported[:2] == [
        (
            "PK530",
            "claim 'wrong' does not hold: The deck holds four cards. (its check compares 3 == 4)",
            "the text contradicts its own data: correct the data, or record an erratum",
            _line(lines, "  wrong:", "check:"),
        ),
        (
            "PK531",
            "claim 'a_number' gives 3, not true or false",
            "write a comparison, e.g. '… == 34'",
            _line(lines, "  a_number:", "check:"),
        ),
    ]
    assert reported[2][:2] == ("PK531", "claim 'zero' gives 0, not true or false")
    # A name the package lacks is found before the claim is evaluated, at the name (PK609).
    assert reported[3][:3] == (
        "PK609",
        "claim 'undefined' names 'nothing' in decks, which does not exist",
        "expected one of: deck",
    )
    assert reported[3][3] == _line(lines, "  undefined:", "check:")
    assert found.items[3].span.column == lines[reported[3][3] - 1].index("nothing") + 1
    assert reported[4] == (
        "PK532",
        "example 'wrong_value' states band = 'far' but the rules give 'near'",
        "the example does not follow from the rules: record an erratum naming the reading "
        "printkit follows, or correct the data",
        _line(lines, "  wrong_value:", "outcome:"),
    )
    assert reported[5][:2] == (
        "PK533",
        "example 'other_keys' states ['band'] but computes ['range']",
    )
    assert reported[5][2] == (
        "give one expression in 'compute' or 'play.expect' for each key of 'outcome'"
    )
    assert reported[5][3] == _line(lines, "  other_keys:", "compute:")
    assert reported[6][:2] == (
        "PK609",
        "example 'undefined' names table 'nowhere', which does not exist",
    )
    assert reported[6][3] == _line(lines, "examples:", "  undefined:", "compute:")
    assert len(reported) == 7


def test_a_missing_name_in_an_expression_of_several_lines_is_reported_at_its_start(
    tmp_path: Path,
) -> None:
    """A column inside the first line would point at the wrong character of the others."""
    cases = "claims:\n  over_lines:\n    text: T.\n    check: |-\n      1 == 1 and\n"
    cases += "      decks.nothing.cards | length == 1\n"
    _, found, lines = _checked(tmp_path, cases)
    (diagnostic,) = found.items
    assert diagnostic.code == "PK609"
    line = _line(lines, "  over_lines:", "check: |-")
    assert (diagnostic.span.line, diagnostic.span.column) == (line, lines[line - 1].index("|") + 1)


def test_a_claim_failing_as_it_is_evaluated_points_to_the_names_it_may_use(
    tmp_path: Path,
) -> None:
    """The sandbox gives no hint of its own for an element a list lacks: the claim's is the
    list of what an expression may use."""
    cases = "claims:\n  past_the_end:\n    text: T.\n    check: decks.deck.cards[5].count == 1\n"
    _, found, lines = _checked(tmp_path, cases)
    (diagnostic,) = found.items
    assert (diagnostic.code, diagnostic.span.line) == (
        "PK531",
        _line(lines, "  past_the_end:", "check:"),
    )
    assert diagnostic.message == "in 'decks.deck.cards[5].count == 1': a list has no item 5"
    assert diagnostic.hint == (
        "the names an expression may use are listed in docs/limits.md ('Template helpers')"
    )


def test_an_example_the_engine_plays_waits_for_it_even_with_every_key_expected() -> None:
    """The race's example states its outcome under 'play.expect' alone: the rules compute
    nothing, so it stays waiting until the engine replays it."""
    race = Path(__file__).parent.parent / "engines" / "race_game"
    loading = Diagnostics()
    loaded = load_package("race_game", race, loading)
    assert loaded is not None and not list(loading), [str(d) for d in loading]
    verdicts = check_claims(loaded.package, loaded.spans, Diagnostics())
    assert [(v.id, v.status) for v in verdicts if v.kind == "example"] == [
        ("one_roll", Status.WAITING)
    ]


def test_the_claims_command_prints_game_kind_id_status_and_text() -> None:
    result = run_cli("--rule-data", GOOD, "claims", "minimal_rules")
    assert result.exit_code == 0, result.output
    claim, example = result.stdout.splitlines()
    assert claim.split()[:4] == ["minimal_rules", "claim", "three_cards", "checked"]
    assert claim.endswith(" The deck holds three cards.")
    assert example.split()[:4] == ["minimal_rules", "example", "near_one", "checked"]
    assert example.endswith(" A target one step away is near.")


def test_a_resolved_verdict_is_labelled_with_the_errata_that_resolve_it() -> None:
    """What `printkit claims` prints for a claim failing on the text and holding on the rules
    as played (check/played_claims.py)."""
    one = Verdict("claim", "c", Status.RESOLVED, "t", errata=("three_pushes",))
    assert one.label == "resolved by erratum 'three_pushes'"
    two = Verdict("example", "e", Status.RESOLVED, "t", errata=("a", "b", "c"))
    assert two.label == "resolved by errata 'a', 'b' and 'c'"


@pytest.mark.parametrize(
    ("check", "compares"),
    [
        # the failing comparison with each side's value: what the designer worked out by hand
        ("1 - comb(44, 5) / comb(50, 5) > 0.5", "0.487432 > 0.5"),
        ("components.deck.count == 4", "3 == 4"),
        ("1 < components.deck.count < 3", "1 < 3 < 3"),
        ("values.hand in [2, 3]", "1 in [2, 3]"),
        ("game.title == 'Deck'", "'Minimal Deck' == 'Deck'"),
        (
            "decks.deck.cards | map(attribute='name') | list == ['Twin']",
            "['Twin', 'Loner'] == ['Twin']",
        ),
        ("rules.tables.prices.rows | length > 9", "2 > 9"),
        # six figures hide no difference: all of them when six would show two alike
        ("0.1 + 0.2 == 0.3", "0.30000000000000004 == 0.3"),
        # through `and` the part that is false, through `or` both, through `not` the part
        ("values.hand == 1 and components.deck.count == 4", "3 == 4"),
        ("values.hand == 2 and components.deck.count == 4", "1 == 2"),
        ("values.hand == 2 or components.deck.count == 4", "1 == 2 or 3 == 4"),
        ("not values.hand == 1", "not (1 == 1)"),
        ("values.hand == 2 or values.hand is even", "1 == 2 or false"),
        ("not values.hand or values.hand > 1", "not 1 or 1 > 1"),
        # a check that compares nothing is false, and says no more
        ("values.hand is even", ""),
        ("false", ""),
        # a long text or list is described, not written out
        (
            "rules.tables.prices.rows | map(attribute='key') | list == ['x' * 70, 'y']",
            "['card', 'pair'] == a list of 2 items",
        ),
    ],
)
def test_a_failing_claim_says_what_its_check_compared(
    tmp_path: Path, check: str, compares: str
) -> None:
    """Before, "does not hold" alone: the designer of a claim of odds worked out by hand that
    its left side was 0.487."""
    cases = f'claims:\n  odds:\n    text: The odds are good.\n    check: "{check}"\n'
    (verdict,), found, _ = _checked(tmp_path, cases)
    (diagnostic,) = found.items
    said = f" (its check compares {compares})" if compares else ""
    assert diagnostic.message == f"claim 'odds' does not hold: The odds are good.{said}"
    assert (verdict.status, verdict.compared) == (Status.FAILING, compares)


TEXT = "'{}' is text, which never equals a number"
UNQUOTED = TEXT + ": write {} without quotes"
CONTRADICTS = "the text contradicts its own data: correct the data, or record an erratum"


@pytest.mark.parametrize(
    ("check", "hint"),
    [
        # `9 == '9'` is false whatever the data: a type slip, not the text against its data
        ("values.hand == '1'", UNQUOTED.format("1", "1")),
        ("'1.5' == values.hand", UNQUOTED.format("1.5", "1.5")),
        ("not values.hand != '1'", UNQUOTED.format("1", "1")),
        # the text comes from the data: read it as a number
        ("values.hand | string == 1", TEXT.format("1") + ": make it one with '| int'"),
        ("(values.hand / 2) | string == 0.5", TEXT.format("0.5") + ": make it one with '| float'"),
        # true or false compared with a text is no number's slip
        ("(values.hand == 1) == 'true'", CONTRADICTS),
        # a text that is no number: only the slip is said
        ("game.title == 3", TEXT.format("Minimal Deck")),
        # said once, though two comparisons make it; two slips, each
        ("values.hand == '1' or values.hand == '1'", UNQUOTED.format("1", "1")),
        (
            "values.hand == '1' or game.title == 3",
            f"{UNQUOTED.format('1', '1')}; {TEXT.format('Minimal Deck')}",
        ),
        # comparisons of one kind blame the data, as before
        ("values.hand == 2", CONTRADICTS),
        ("game.title == '3'", CONTRADICTS),
    ],
)
def test_a_claim_comparing_a_number_with_a_text_is_told_so(
    tmp_path: Path, check: str, hint: str
) -> None:
    """Before, `… == '9'` got "the text contradicts its own data" though the data was right:
    a new user's count compared with a quoted 9."""
    cases = f'claims:\n  count:\n    text: One.\n    check: "{check}"\n'
    _, found, _ = _checked(tmp_path, cases)
    assert [(d.code, d.hint) for d in found] == [("PK530", hint)]


def test_a_claim_that_does_not_evaluate_says_only_why(tmp_path: Path) -> None:
    cases = "claims:\n  broken:\n    text: T.\n    check: values.hand == (1\n"
    (verdict,), found, _ = _checked(tmp_path, cases)
    assert [d.code for d in found] == ["PK531"]
    assert (verdict.status, verdict.compared) == (Status.FAILING, "")


def test_a_claim_that_holds_is_explained_by_nothing(tmp_path: Path) -> None:
    """What a check compared is made for a false one only (`printkit claims` prints it)."""
    cases = "claims:\n  hand:\n    text: One card.\n    check: values.hand == 1\n"
    (verdict,), found, _ = _checked(tmp_path, cases)
    assert not list(found)
    assert (verdict.status, verdict.compared) == (Status.CHECKED, "")


@pytest.mark.parametrize("holds", ["1", "2"])
def test_a_claim_too_deep_to_read_is_refused_once_and_explained_by_nothing(
    tmp_path: Path, holds: str
) -> None:
    """Before, explaining what the check compared parsed it again with no guard: an internal
    error (PK900, RecursionError) in `validate` and `claims`, whether the check held or not."""
    deep = "(" * 500 + "1" + ")" * 500
    cases = f'claims:\n  deep:\n    text: T.\n    check: "{deep} == {holds}"\n'
    (verdict,), found, lines = _checked(tmp_path, cases)
    assert [(d.code, d.span.line) for d in found] == [("PK405", _line(lines, "  deep:", "check"))]
    assert (verdict.status, verdict.compared) == (Status.FAILING, "")


def test_the_claims_command_prints_what_a_failing_claim_compared(tmp_path: Path) -> None:
    _checked(tmp_path, "claims:\n  odds:\n    text: Four cards.\n    check: values.hand == 4\n")
    result = run_cli("--rule-data", tmp_path, "claims", "minimal_rules")
    assert result.exit_code == 1
    claim, compared = result.stdout.splitlines()
    assert claim.split()[:4] == ["minimal_rules", "claim", "odds", "failing"]
    assert compared == " " * claim.index("failing") + "compares 1 == 4"  # under the status
