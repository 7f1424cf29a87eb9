"""Hostile values shared by every mutator: numbers out of range, strings that are template bombs,
control characters, paths out of the folder, structures of the wrong shape."""

from __future__ import annotations

import copy
import random
from typing import Any

# -------------------------------------------------------------------------------

HOSTILE_NUMBERS: list[Any] = [
    0, -1, -0.0, 0.0001, 7, 2**31, 2**63, 10**400, 1e308, float("nan"), float("inf"),
    float("-inf"), 100_000, 1_000_000,
]  # fmt: skip
HOSTILE_STRINGS: list[str] = [
    "",
    " ",
    "x" * 5000,
    "\x01\x02\x7f",
    "line\nbreak",
    "tab\there",
    "\u202eevil",
    "<svg onload='x'>&amp;]]>",
    "{{ 'x' * 10**9 }}",
    "{{ 10**10**10 }}",
    "{{ ('x' ~ 'y') * 999999999 }}",
    "{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
    "{{ lipsum(100000) }}",
    "{{ range(10**9)|list|length }}",
    "{{ nope }}",
    "{{ ''.__class__.__mro__ }}",
    "{{ cycler.__init__.__globals__ }}",
    "{{",
    "{% if %}",
    "transparent",
    "cornflower",
    "ReportLabBlue",
    "#12345",
    "#zzzzzz",
    "rgb(300, 0, 0)",
    "1e400 mm",
    "-5 mm",
    "0 mm",
    "5 furlongs",
    "nan mm",
    "inf mm",
    "99999 mm",
    "0.0001 mm",
    "../../../etc/passwd",
    "/etc/passwd",
    "d6",
    "1-999999999",
    "2d6+3",
    "PK999",
]


def _nested(depth: int) -> list[Any]:
    value: list[Any] = ["deep"]
    for _ in range(depth):
        value = [value]
    return value


HOSTILE_STRUCTURES: list[Any] = [
    None,
    [],
    {},
    True,
    _nested(40),
    {"unexpected": {"nested": [1, 2, 3]}},
    [None] * 50,
    list(range(500)),
]


def hostile_value(rng: random.Random) -> Any:
    family = rng.choice((HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_STRUCTURES))
    return copy.deepcopy(rng.choice(family))
