"""The colour a map's pattern is drawn in, on its own so that the map's checks and its drawing
read the one rule: the checks (check/hexmap.py) must not import the map material, which
imports them."""

from __future__ import annotations

from reportlab.lib.colors import toColor


def darker(colour: str, amount: float = 0.45) -> str:
    """A shade of ``colour`` for its pattern: same hue, so the pattern reads as texture."""
    r, g, b = toColor(colour).rgb()
    return "#" + "".join(f"{round(255 * c * (1 - amount)):02x}" for c in (r, g, b))


def pattern_ink(ground: str, pattern_color: str | None) -> str:
    """The colour a pattern is drawn in: its own, else a darker shade of the ground under it."""
    return pattern_color or darker(ground)
