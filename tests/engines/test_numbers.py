"""The engines' whole numbers: what the designer's data may give where a count belongs, and the
refusal (a ValueError validate reports as PK542) for what it may not."""

from __future__ import annotations

import re

import pytest

from printkit.games.numbers import whole_number


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
