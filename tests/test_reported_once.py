"""One mistake shared by many cards is one diagnostic: at the layout's region, with how many
cards and the first three of them, not one line per card."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import GOOD, parse_diagnostics, run_cli


def test_a_template_mistake_on_every_card_is_reported_once(tmp_path: Path) -> None:
    folder = tmp_path / "rule_data" / "deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    cards = "".join(f"      - {{name: Card {n}, effect: Draw {n}.}}\n" for n in range(1, 11))
    text = game.read_text().replace('text: "{{ card.effect }}"', 'text: "{{ card.efect }}"')
    start = text.index("    cards:\n")
    end = text.index("materials:")
    game.write_text(text[:start] + "    cards:\n" + cards + text[end:])
    components = game.read_text().replace("    count: 3\n", "    count: 10\n", 1)
    game.write_text(components)
    result = run_cli("--rule-data", folder.parent, "validate")
    problems = [d for d in parse_diagnostics(result.output) if d.code == "PK220"]
    assert len(problems) == 1, result.output
    (problem,) = problems
    assert "10 pieces (card 'Card 1', card 'Card 2', card 'Card 3' and 7 more)" in problem.message
    lines = game.read_text().splitlines()
    assert "x: 4mm" in lines[problem.line - 1]  # the region's own lines, not a card's
    assert "did you mean 'effect'" in (problem.hint or "")
