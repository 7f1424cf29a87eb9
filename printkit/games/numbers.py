"""Numbers an engine reads from a game's data, checked before it plays them.

The data is the designer's, so a list where a count belongs, or a tier count of zero that the
engine divides by, is the engine's refusal: a ValueError, which validate reports as PK542 at
the game's engine, never a crash inside the engine (a fuzzer found `int(list)` there).
"""

from __future__ import annotations


def whole_number(value: object, what: str, least: int = 0) -> int:
    """`value` as a whole number of at least `least`; text of digits counts (a card data file
    gives its numbers as text)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{what} is {value!r}, not a whole number of {least} or more")
    return value
