"""check_rules checks the prose printkit prints: the played rules, errata's `plays` applied."""

from __future__ import annotations

from pathlib import Path

from support import parse_diagnostics, run_cli

from check.rules_data import line_of, with_blocks

PLAYED_TEXT = """
- code: PK535
  subject: "the draw's text"
  text_says: draw a card
  resolution: draw as the winning section says
  plays: {rules.actions.draw.text: "Draw a card ({{ ref('nowhere') }})."}
"""


def test_a_reference_only_the_played_text_makes_is_checked(tmp_path: Path) -> None:
    _, lines = with_blocks(tmp_path, errata=PLAYED_TEXT)
    result = run_cli("--rule-data", tmp_path, "validate")
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK500"]
    assert [(d.line, d.message) for d in found] == [
        (line_of(lines, "text: Draw a card for"), "no section 'nowhere'")
    ]
