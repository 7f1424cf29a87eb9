"""The dice game's exact tables: attacks needed to break a full shield, enumerated from the
engine's own rolls, checked against a count by hand, and printed in the balance report."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pypdf
from support import RULE_DATA, run_cli

from engines.dice_support import played
from printkit.games.shields_dice import ENGINE


def _row(title_has: str, label: str, **changes: object) -> dict[int, Fraction]:
    tables = ENGINE.exact_tables(played(**changes), 2, None)
    (table,) = [table for table in tables if title_has in table.title]
    (row,) = [row for row in table.rows if row.label == label]
    return row.distribution


def test_a_d6_needs_two_to_ten_attacks_for_a_full_d10_shield_as_counted_by_hand():
    distribution = _row("full d10 shield", "d6 attacking die")
    # one roll of at most 6 never breaks 10 points; two break it on 4+6, 5+5, 5+6, 6+4,
    # 6+5 and 6+6: 6 of the 36 pairs; ten are needed only after nine 1s, (1/6)^9
    assert min(distribution) == 2 and distribution[2] == Fraction(6, 36)
    assert max(distribution) == 10 and distribution[10] == Fraction(1, 6**9)
    assert sum(distribution.values()) == 1


def test_the_bare_battery_row_follows_the_played_health():
    assert max(_row("no shield", "d8 attacking die")) == 12  # eleven 1s, then anything
    assert max(_row("no shield", "d8 attacking die", **{"rules.values.health": 15})) == 15


def test_the_report_prints_the_exact_tables(tmp_path: Path):
    result = run_cli("--rule-data", RULE_DATA, "simulate", "shields_dice", "-n", "2",
                     "--batch-only", "--out", tmp_path)  # fmt: skip
    assert result.exit_code == 0, result.output
    report = tmp_path / "shields_dice"
    exact = json.loads((report / "balance.json").read_text())["exact"]
    (d10,) = [table for table in exact if "full d10 shield" in table["title"]]
    (d6,) = [row for row in d10["rows"] if row["label"] == "d6 attacking die"]
    assert d6["distribution"][0] == {"rounds": 2, "probability": "1/6", "share": 1 / 6}
    pages = pypdf.PdfReader(report / "balance.pdf").pages
    text = "".join(page.extract_text() for page in pages)
    assert "Exact tables" in text and "Attacks needed to break a full d10 shield" in text
