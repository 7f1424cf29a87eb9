"""A section prints something of its own (PK538, PK539): each finding whole, at the section's
key, and the sections that print something left alone."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import findings, line_of, with_blocks
from printkit.check.sections import check_sections, home_section
from printkit.diagnostics import Diagnostics

EMPTY_HINT = "give it 'text:' or the rules it prints ('covers:'), or merge it into its parent"


def _refers_hint(targets: str) -> str:
    return (
        f"fold it into {targets} (move its 'source:' lines there) and refer to it with ref() "
        "in a sentence"
    )


def test_sections_with_nothing_of_their_own_are_reported_at_their_key(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        sections="""
        play: {title: Playing, covers: [turn, draw]}
        winning: {title: Winning, covers: [pair_up]}
        intro: {title: Introduction, text: Two players race to pair up.}
        bare: {title: Bare}
        again: {title: Again, covers: [draw, pair_up]}
        mixed: {title: Mixed, covers: [draw, quick]}
        recap: {title: Recap, text: A summary., covers: [turn]}
        """,
    )
    rules = loaded.package.rules
    assert rules is not None
    found = Diagnostics()
    check_sections(rules, loaded.spans, found)
    assert findings(found) == [
        (
            "PK538",
            line_of(lines, "bare:"),
            "section 'bare' has no text and covers no rule: its heading would be printed with "
            "nothing under it",
            EMPTY_HINT,
        ),
        (
            "PK539",
            line_of(lines, "again:"),
            "section 'again' only points at rules printed in play, winning",
            _refers_hint("play, winning"),
        ),
    ]
    assert [d.span.column for d in found] == [5, 5]


def test_a_rule_is_printed_in_the_first_section_covering_it(tmp_path: Path) -> None:
    loaded, _ = with_blocks(
        tmp_path,
        sections="""
        winning: {title: Winning, covers: [pair_up]}
        play: {title: Playing, covers: [turn, draw, pair_up]}
        """,
    )
    rules = loaded.package.rules
    assert rules is not None
    assert [home_section(rules, rule) for rule in ("pair_up", "draw", "quick")] == [
        "winning",
        "play",
        None,
    ]
