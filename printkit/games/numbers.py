"""Numbers an engine reads from a game's data, checked before it plays them.

The data is the designer's, so a list where a count belongs, or a tier count of zero that the
engine divides by, is the engine's refusal: a ValueError, which validate reports as PK542 at
the game's engine, never a crash inside the engine (a fuzzer found `int(list)` there).
"""

from __future__ import annotations

from printkit.diagnostics import shown_value
from printkit.model.limits import MAX_PLAYED_NUMBER


def whole_number(value: object, what: str, least: int = 0, most: int = MAX_PLAYED_NUMBER) -> int:
    """`value` as a whole number from `least` to `most`; text of digits counts (a card data
    file gives its numbers as text). The engines set up and enumerate in proportion to the
    numbers they play, so a number past any game's is refused before it is played."""
    if isinstance(value, str) and value.strip().isdigit():
        digits = value.strip().lstrip("0") or "0"  # '00002' is 2
        if len(digits) > len(str(most)):  # past the bound however it reads; never int()'d
            raise _too_large(what, f"a number of {len(digits):,} digits", most)
        value = int(digits)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{what} is {shown_value(value)}, not a whole number of {least} or more")
    if value > most:
        raise _too_large(what, shown_value(value), most)
    return value


def _too_large(what: str, shown: str, most: int) -> ValueError:
    return ValueError(
        f"{what} is {shown}, more than the {most:,} printkit's engines play (docs/limits.md)"
    )
