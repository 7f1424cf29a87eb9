"""Engines state no rule's number: every number they play comes from the data.

A scan of printkit/games/** rejects integer literals other than 0, 1 and -1 (-1 is the literal 1
under a minus) unless the line says why it is not a rule (`# not a rule: …`), so that a changed
value in the data changes the game the engine plays, and a sweep over it measures something.
"""

from __future__ import annotations

import ast
from pathlib import Path

import printkit.games

GAMES = Path(printkit.games.__file__).parent
ALLOWED = {0, 1}
EXCUSE = "# not a rule:"


def rule_numbers(source: str) -> list[tuple[int, int]]:
    """(line, value) of each integer literal outside ALLOWED on a line without the excuse."""
    lines = source.splitlines()
    return [
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant)
        and type(node.value) is int
        and node.value not in ALLOWED
        and EXCUSE not in lines[node.lineno - 1]
    ]


def test_engines_take_their_numbers_from_the_data() -> None:
    found = [
        f"{path.relative_to(GAMES.parent.parent)}:{line}: {value}"
        for path in sorted(GAMES.rglob("*.py"))
        for line, value in rule_numbers(path.read_text(encoding="utf-8"))
    ]
    assert not found, "numbers in engine code (read them from the data):\n" + "\n".join(found)


def test_the_scan_finds_a_typed_in_number_and_accepts_an_excused_one() -> None:
    assert rule_numbers("HEALTH = 12\nx = -1\nflag = True\n") == [(1, 12)]
    assert rule_numbers("WIDTH = 3  # not a rule: a heuristic's weight\n") == []
    assert rule_numbers("x = 2.5\n") == []
