"""Where a rule written as a list item (a setup step, a phase's step) is named: at its `id`,
which need not be the item's first key, so a duplicate points at the ids themselves."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import GOOD, parse_diagnostics, run_cli

from check.rules_data import line_of, with_blocks
from printkit.check.rule_index import ENTRY_KINDS, id_path, rule_entries
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package


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


def test_every_named_rule_is_listed_in_book_order_with_its_kind_and_path(tmp_path: Path) -> None:
    """References resolve against this list, and the reference book prints in its order."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    text = (folder / "rules.yaml").read_text(encoding="utf-8")
    for before, after in [
        (
            "        see: [play]\n",
            "        see: [play]\n        steps:\n          - {id: roll, text: Roll.}\n"
            "          - {id: act, text: Act.}\n",
        ),
        (
            "      changes: [{rule: draw, text: Draw two.}]\n",
            "      changes: [{rule: draw, text: Draw two.}]\n"
            "      setup: [{id: shorten, text: Remove half the deck.}]\n",
        ),
        (
            "  glossary:\n",
            "  abilities:\n    dodge: {title: Dodge, text: Ignore one attack.}\n  glossary:\n",
        ),
    ]:
        assert text.count(before) == 1
        text = text.replace(before, after)
    (folder / "rules.yaml").write_text(text, encoding="utf-8")
    loading = Diagnostics()
    loaded = load_package("minimal_rules", folder, loading)
    assert loaded is not None and not list(loading)
    rules = loaded.package.rules
    assert rules is not None
    listed = [(e.id, e.kind, e.path, id_path(e)) for e in rule_entries(rules)]
    r = ("rules",)
    assert listed == [
        ("play", "section", (*r, "sections", "play"), (*r, "sections", "play")),
        ("winning", "section", (*r, "sections", "winning"), (*r, "sections", "winning")),
        ("deal", "setup step", (*r, "setup", 0), (*r, "setup", 0, "id")),
        ("turn", "phase", (*r, "structure", "phases", "turn"), (*r, "structure", "phases", "turn")),
        (
            "roll",
            "step",
            (*r, "structure", "phases", "turn", "steps", 0),
            (*r, "structure", "phases", "turn", "steps", 0, "id"),
        ),
        (
            "act",
            "step",
            (*r, "structure", "phases", "turn", "steps", 1),
            (*r, "structure", "phases", "turn", "steps", 1, "id"),
        ),
        ("draw", "action", (*r, "actions", "draw"), (*r, "actions", "draw")),
        *[
            (table, "table", (*r, "tables", table), (*r, "tables", table))
            for table in ("luck", "reach", "reach_quick", "score", "prices")
        ],
        (
            "pair_up",
            "end condition",
            (*r, "end_conditions", "pair_up"),
            (*r, "end_conditions", "pair_up"),
        ),
        ("quick", "variant", (*r, "variants", "quick"), (*r, "variants", "quick")),
        ("dodge", "ability", (*r, "abilities", "dodge"), (*r, "abilities", "dodge")),
        ("pair", "term", (*r, "glossary", "pair"), (*r, "glossary", "pair")),
        (
            "shorten",
            "setup step",
            (*r, "variants", "quick", "setup", 0),
            (*r, "variants", "quick", "setup", 0, "id"),
        ),
    ]
    assert {kind for _, kind, _, _ in listed} == set(ENTRY_KINDS)
    assert [entry.node for entry in rule_entries(rules)][:4] == [
        rules.sections["play"],
        rules.sections["winning"],
        rules.setup[0],
        rules.structure.phases["turn"],
    ]
