"""The dice game's exact tables: attacks needed to break a full shield, enumerated from the
engine's own rolls, checked against a count by hand, and printed in the balance report."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pypdf
import pytest
from support import RULE_DATA, parse_diagnostics, run_cli

import printkit.model.limits
import printkit.simulate.balance
from engines.dice_support import listed_first, played
from printkit.games.shields_dice import ENGINE
from printkit.model.package import Package
from printkit.simulate.budget import moves_allowed, moves_left
from printkit.simulate.exact import ExactTable


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


@pytest.mark.parametrize("first", [None, "d20_translucent_black", "d8_solid_yellow"])
def test_one_table_per_size_of_shield_the_red_attack_meets_and_one_for_a_bare_battery(
    first: str | None,
):
    """Red attacks yellow: the yellow shields and the black ones stand in its way, grouped by
    size (the d12s of both colours share a table), smallest first whatever the inventory's
    order; each table has a row per size of attacking die, smallest first."""
    tables = ENGINE.exact_tables(listed_first(first) if first else played(), 2, None)
    assert [table.title for table in tables] == [
        "Attacks needed to break a full d10 shield (d10_translucent_yellow)",
        "Attacks needed to break a full d12 shield (d12_translucent_yellow, d12_translucent_black)",
        "Attacks needed to break a full d20 shield (d20_translucent_black)",
        "Attacks needed to destroy a battery of 12 health with no shield",
    ]
    for table in tables:
        assert table.unit == "attacks"
        assert [row.label for row in table.rows] == [f"d{n} attacking die" for n in (4, 6, 8)]


def test_the_black_d20_in_front_needs_five_to_twenty_d4_attacks_as_counted_by_hand():
    distribution = _row("full d20 shield", "d4 attacking die")
    # five 4s in a row break 20 points at the fifth; twenty are needed only after nineteen 1s
    assert min(distribution) == 5 and distribution[5] == Fraction(1, 4**5)
    assert max(distribution) == 20 and distribution[20] == Fraction(1, 4**19)


def test_two_d8_attacks_break_a_full_d12_shield_on_15_of_64_pairs():
    # two d8s reach 12 on 4+8 (and on sums 13 to 16): 5 + 4 + 3 + 2 + 1 = 15 of the 64 pairs
    assert _row("full d12 shield", "d8 attacking die")[2] == Fraction(15, 64)


def test_an_attacking_die_of_a_size_no_other_has_gets_its_own_row():
    """The red d8 made a d10: the d8 row is the yellow and blue d8s', the d10 row the red's."""
    tables = ENGINE.exact_tables(
        played(**{"components.d8_solid_red.attributes.sides": 10}), 2, None
    )
    for table in tables:
        assert [row.label for row in table.rows] == [f"d{n} attacking die" for n in (4, 6, 8, 10)]
    bare = _row(
        "no shield", "d10 attacking die", **{"components.d8_solid_red.attributes.sides": 10}
    )
    # two d10s reach 12 health on 9 + 8 + ... + 1 = 45 of the 100 pairs (sums 12 to 20)
    assert min(bare) == 2 and bare[2] == Fraction(45, 100)


def _within(allowance: int, rules: Package | None = None) -> tuple[list[ExactTable], int]:
    """The tables made within an allowance of moves, and the moves they took."""
    with moves_allowed(allowance):
        tables = ENGINE.exact_tables(rules or played(), 2, None)
        return tables, allowance - (moves_left() or 0)


def test_the_table_that_passes_the_allowance_is_left_out_and_those_after_it():
    """The shipped tables take 6,058 positions and outcomes: within that they are whole, as
    unbounded; one fewer leaves the last out, saying what was left for it, and the tables
    before it stay as they were; an allowance of 1 leaves out all four, the first with 1 left
    and the others with nothing."""
    whole = ENGINE.exact_tables(played(), 2, None)
    assert _within(6_058) == (whole, 6_058)
    tables, _ = _within(6_057)
    assert tables[:3] == whole[:3] and tables[3].rows == () and tables[3].left_out == 1_111
    assert tables[3].title == whole[3].title and tables[3].where == ("rules", "values", "health")
    assert [table.left_out for table in _within(1)[0]] == [1, 0, 0, 0]


def test_the_report_says_which_tables_it_left_out_and_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """With the bound lowered to 3,000, the d20 shield's table and the bare battery's are left
    out: a warning at the d20's sides (exit 0), a line in the PDF, `left_out` in the JSON; under
    --strict, exit 1 and nothing written."""
    for module in (printkit.simulate.balance, printkit.model.limits):
        monkeypatch.setattr(module, "MAX_EXACT_WORK", 3_000)
    command = ("--rule-data", RULE_DATA, "simulate", "shields_dice", "-n", "2", "--batch-only")
    result = run_cli(*command, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    [left_out] = parse_diagnostics(result.output)
    lines = (RULE_DATA / "shields_dice" / "game.yaml").read_text(encoding="utf-8").splitlines()
    assert left_out.code == "PK551" and left_out.severity == "warning"
    assert lines[left_out.line - 1].startswith("  d20_translucent_black: {count: 1, ")
    assert lines[left_out.line - 1][left_out.column - 1 :].startswith("20, finish")  # its sides
    assert left_out.message == (
        "exact table 'Attacks needed to break a full d20 shield (d20_translucent_black)' is "
        "left out of the balance report, and the 1 after it: it needed more than the 1,110 "
        "positions and chance outcomes left of the 3,000 the report's exact tables may "
        "enumerate together"
    )
    report = tmp_path / "shields_dice"
    exact = json.loads((report / "balance.json").read_text())["exact"]
    assert [len(table["rows"]) for table in exact] == [3, 3, 0, 0]
    assert [table.get("left_out") for table in exact] == [
        None, None, {"bound": 3_000, "left": 1_110}, {"bound": 3_000, "left": 0}
    ]  # fmt: skip
    text = " ".join(
        "".join(
            page.extract_text() for page in pypdf.PdfReader(report / "balance.pdf").pages
        ).split()
    )
    assert (
        "Attacks needed to destroy a battery of 12 health with no shield: left out. It needed "
        "more than the 0 positions and chance outcomes left of the 3,000 a report's exact "
        "tables may enumerate together." in text
    )
    strict = run_cli("--strict", *command, "--out", tmp_path / "strict")
    assert strict.exit_code == 1 and "PK551" in strict.output
    assert not (tmp_path / "strict").exists()
