"""Where a rule written as a list item (a setup step, a phase's step) is named: at its `id`,
which need not be the item's first key, so a duplicate points at the ids themselves."""

from __future__ import annotations

from pathlib import Path

from support import parse_diagnostics, run_cli

from check.rules_data import line_of, with_blocks


def test_a_duplicate_step_id_is_reported_at_both_ids(tmp_path: Path) -> None:
    _, lines = with_blocks(
        tmp_path,
        setup="""
        - text: Shuffle the deck.
          id: deal
        - text: Deal {{ values.hand }} card to each player.
          uses: [{component: deck, count: 1, per_player: true}]
          id: deal
        """,
    )
    result = run_cli("--rule-data", tmp_path, "validate")
    (duplicate,) = [d for d in parse_diagnostics(result.output) if d.code == "PK501"]
    first, second = (
        line_of(lines, "id: deal"),
        line_of(lines, "id: deal", line_of(lines, "id: deal")),
    )
    column = lines[second - 1].index("id") + 1
    assert (Path(duplicate.file).name, duplicate.line, duplicate.column) == (
        "rules.yaml",
        second,
        column,
    )
    assert duplicate.message.startswith("'deal' names a setup step and a setup step (first at ")
    assert duplicate.message.endswith(f"rules.yaml:{first}:{column})")
