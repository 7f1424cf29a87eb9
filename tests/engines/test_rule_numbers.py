"""Every number an engine plays comes from the data: printkit/games/** writes no integer
literal but 0, 1 and -1, except on a line that says why it is no rule (`# not a rule: …`), so a
designer who changes a number in the YAML changes the game."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import printkit.games

GAMES = Path(printkit.games.__file__).parent
ALLOWED = {0, 1}  # -1 is the literal 1 negated
EXCUSE = "# not a rule:"


def rule_numbers(source: str) -> list[tuple[int, str]]:
    """(line, literal) of each integer literal other than 0 and 1 on a line without the
    excuse."""
    lines = source.splitlines()
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.NUMBER:
            continue
        try:
            value = int(token.string.replace("_", ""), 0)
        except ValueError:
            continue  # a float or a complex number: a weight, never a count
        if value not in ALLOWED and EXCUSE not in lines[token.start[0] - 1]:
            found.append((token.start[0], token.string))
    return found


def test_the_scan_finds_a_rule_number_and_accepts_an_excuse() -> None:
    source = "LIMIT = 3\nSEATS = range(2)  # not a rule: two players\nx = [0, 1, -1, 0.5]\n"
    assert rule_numbers(source) == [(1, "3")]


def test_engines_write_no_rule_numbers() -> None:
    found = {
        f"{path.relative_to(GAMES.parent.parent)}:{line}": literal
        for path in sorted(GAMES.rglob("*.py"))
        for line, literal in rule_numbers(path.read_text(encoding="utf-8"))
    }
    assert found == {}, "read these from the data, or say '# not a rule: why'"
