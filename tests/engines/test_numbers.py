"""The engines' whole numbers: what the designer's data may give where a count belongs, and the
refusal (a ValueError validate reports as PK542) for what it may not."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from support import RULE_DATA, parse_diagnostics, run_cli

from printkit.games.numbers import whole_number
from printkit.model.limits import MAX_DIE_SIDES, MAX_PLAYED_NUMBER


@pytest.mark.parametrize(
    ("value", "least", "number"),
    [
        (7, 0, 7),
        (0, 0, 0),  # the least itself
        (3, 3, 3),
        ("12", 0, 12),  # a card data file's numbers are text
        (" 12\n", 1, 12),  # a spreadsheet cell's spaces around it
    ],
)
def test_a_whole_number_at_or_above_the_least_is_taken(
    value: object, least: int, number: int
) -> None:
    assert whole_number(value, "health", least) == number


def test_the_least_is_zero_unless_said() -> None:
    assert whole_number(0, "health") == 0
    with pytest.raises(ValueError, match=re.escape("health is -1, not a whole number of 0 or ")):
        whole_number(-1, "health")


@pytest.mark.parametrize(
    ("value", "least", "shown"),
    [
        (2, 3, "2"),
        ("0", 1, "0"),  # text of digits is checked against the least too
        (True, 0, "True"),  # a bool is no count, though Python counts it as an int
        ([3], 0, "[3]"),  # what a fuzzer found crashing int() inside an engine
        (2.0, 0, "2.0"),
        ("1.5", 0, "'1.5'"),
        ("-3", 0, "'-3'"),
        (None, 1, "None"),
    ],
)
def test_anything_else_is_refused_naming_the_value_and_the_least(
    value: object, least: int, shown: str
) -> None:
    message = f"card 'Laser''s damage is {shown}, not a whole number of {least} or more"
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        whole_number(value, "card 'Laser''s damage", least)


def test_a_number_past_what_any_game_plays_is_refused_before_it_is_played() -> None:
    """The engines set up and enumerate in proportion to their numbers: a market refill of a
    billion took 4 GB before a move was made."""
    assert whole_number(MAX_PLAYED_NUMBER, "values.market_refill") == MAX_PLAYED_NUMBER
    said = "values.market_refill is 1000000000, more than the 1,000 printkit's engines play"
    with pytest.raises(ValueError, match=re.escape(said)):
        whole_number(10**9, "values.market_refill")
    with pytest.raises(ValueError, match="is a number of about 401 digits, more than"):
        whole_number(10**400, "values.tower_tiers")
    with pytest.raises(ValueError, match="more than the 100 printkit's engines play"):
        whole_number(101, "a die's sides", 1, MAX_DIE_SIDES)


# Rise's formation as written, its lines whole: replaced by a rectangle of 1,125 tiles
FORMATION_HEXES = "    hexes:\n" + "".join(
    f"      - {line}\n"
    for line in (
        '"0102..0802"  # the strip, 1st to 8th tile',
        '"0201"        # above, between the 1st and 2nd',
        '"0203"        # below, between the 1st and 2nd',
        '"0801"        # above, between the 7th and 8th',
        '"0803"        # below, between the 7th and 8th',
    )
)


# 77 more kinds of die than the dice game's 24: each move looks at every kind
EXTRA_DICE = "".join(
    f"  extra_{n}: {{count: 1, attributes: {{sides: 6, finish: solid, colour: red}}}}\n"
    for n in range(77)
)


@pytest.mark.parametrize(
    ("game", "file", "written", "played", "said"),
    [
        ("shields_up", "rules.yaml", "market_refill: 1\n", "market_refill: 1000000000\n",
         "values.market_refill is 1000000000, more than the 1,000"),
        ("shields_up", "rules.yaml", "shield_limit: 3", "shield_limit: 40",
         "values.shield_limit is 40, more than the 12"),
        ("rise", "rules.yaml", "tower_tiers: 3\n", "tower_tiers: 1000000000000\n",
         "values.tower_tiers is 1000000000000, more than the 1,000"),
        ("rise", "formation.yaml", FORMATION_HEXES, '    hexes: ["0101..4525"]\n',
         "the 'formation' map's number of tiles is 1125, more than"),
        ("shields_dice", "game.yaml", "{sides: 12, finish: translucent, colour: green}",
         "{sides: 1000000, finish: translucent, colour: green}",
         "d12_translucent_green's sides is 1000000, more than the 100"),
        ("shields_dice", "game.yaml", "components:\n", "components:\n" + EXTRA_DICE,
         "the inventory's number of kinds of die is 101, more than the 100"),
    ],
)  # fmt: skip
def test_a_shipped_game_given_a_number_no_engine_plays_is_pk542_at_once(
    tmp_path: Path, game: str, file: str, written: str, played: str, said: str
) -> None:
    """One edit to a shipped game's numbers: validate stops at the engine's set-up with PK542,
    where it took gigabytes or never ended."""
    shutil.copytree(RULE_DATA / game, tmp_path / game)
    path = tmp_path / game / file
    text = path.read_text(encoding="utf-8")
    assert written in text
    path.write_text(text.replace(written, played, 1), encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "validate", game, "--no-simulate")
    assert result.exit_code == 1, result.output
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK542"]
    assert [said in d.message for d in found] == [True], result.output


def test_leading_zeros_are_no_digits_and_a_long_number_is_said_by_its_length() -> None:
    """'00002', which YAML now reads as text, is 2; 5,000 digits are refused as such, never
    turned into a number first nor shown as one the designer did not write."""
    assert whole_number("00002", "values.starting_hand") == 2
    assert whole_number("0", "values.starting_hand") == 0
    said = "values.starting_hand is a number of 5,000 digits, more"
    with pytest.raises(ValueError, match=re.escape(said)):
        whole_number("5" * 5000, "values.starting_hand")


def test_a_deck_of_more_kinds_of_card_than_an_engine_plays_is_pk542(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shields Up looks at every kind of card at every move: a deck of more kinds than the
    bound (here lowered to 8, below the shipped deck's 9) is refused at the engine's set-up."""
    from printkit.games.shields_up import config

    monkeypatch.setattr(config, "MAX_ENGINE_KINDS", 8)
    shutil.copytree(RULE_DATA / "shields_up", tmp_path / "shields_up")
    result = run_cli("--rule-data", tmp_path, "validate", "shields_up", "--no-simulate")
    assert result.exit_code == 1, result.output
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK542"]
    assert [
        d.message.endswith(
            "kinds of card is 9, more than the 8 printkit's engines play (docs/limits.md)"
        )
        for d in found
    ] == [True], result.output
