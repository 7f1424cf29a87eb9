"""'Did you mean' compares a mistyped name with a bounded number of names in all: per command,
per game's checks and per material (diagnostics.suggesting), so that thousands of mistakes
among thousands of names cost seconds, not minutes; a mistake among a few names is unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import GOOD, parse_diagnostics, run_cli

import printkit.diagnostics
from printkit.diagnostics import did_you_mean, suggesting

SETS = [f"set{i:02d}" for i in range(10)]
LISTED = "expected one of: set00, set01, set02, set03, set04, set05, set06, set07, set08, set09"


def test_past_the_bound_a_hint_lists_the_names_and_a_new_scope_starts_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(printkit.diagnostics, "MAX_SUGGESTION_WORK", 25)
    with suggesting():  # 10 names compared a mistake: the third passes 25
        hints = [did_you_mean(f"sat{i:02d}x", SETS) for i in range(4)]
    assert hints == ["did you mean 'set00'?", "did you mean 'set01'?", LISTED, LISTED]
    with suggesting():
        assert did_you_mean("sat07x", SETS) == "did you mean 'set07'?"
    assert [did_you_mean("sat03", SETS) for _ in range(5)] == ["did you mean 'set03'?"] * 5


def test_a_game_s_checks_suggest_within_their_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four cards naming unknown sets among eleven (the bound made 25 names): the first two
    get the set meant, the others the list."""
    monkeypatch.setattr(printkit.diagnostics, "MAX_SUGGESTION_WORK", 25)
    folder = tmp_path / "rule_data" / "game"
    shutil.copytree(GOOD / "minimal_deck", folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    sets = "".join(f"      {name}: {{name: S, size: 1, colour: red, mark: A}}\n" for name in SETS)
    cards = "".join(f"      - {{name: C{i}, effect: x, set: sat{i:02d}x}}\n" for i in range(4))
    text = text.replace("    cards:\n", sets + "    cards:\n" + cards, 1)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    result = run_cli("--rule-data", folder.parent, "validate", "game")
    hints = [d.hint for d in parse_diagnostics(result.output) if d.code == "PK200"]
    listed = "expected one of: pair, " + LISTED.removeprefix("expected one of: ")
    assert hints == ["did you mean 'set00'?", "did you mean 'set01'?", listed, listed]


def test_a_tie_is_broken_by_the_name_whatever_order_the_names_come_in() -> None:
    """The names are no longer sorted before they are compared: the suggestion is the same."""
    assert did_you_mean("abd", ["abc", "abe"]) == did_you_mean("abd", ["abe", "abc"])
    assert did_you_mean("abd", {"abe": 1, "abc": 2}) == "did you mean 'abe'?"
