"""What the smoke playouts say was never used (printkit/check/engine_smoke.py's `_unused`),
through `compile_game` on the tests' dice race (tests/engines/race.py), whose events are
step, roll, rolled and finish: table rows named by no event, end conditions of a variant,
and each finding's words and place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from check.test_engine import _checked
from check.test_engine_setup import QUICK, _line
from printkit.diagnostics import Diagnostic, Diagnostics

ROW_IDS = ["rolled", "a", "b", "c", "d", "e", "f", "g", "finish"]


def _smoked(tmp_path: Path, **rules: Any) -> Diagnostics:
    """Two smoke playouts of the race (long enough to finish) with `rules` added."""

    def edit(data: dict[str, Any]) -> None:
        data["rules"].update(rules)
        data["simulation"] = {"max_turns": 400, "smoke": {"playouts": 2}}

    _, diagnostics = _checked(tmp_path, edit, smoke=True)
    return diagnostics


def _unused(diagnostics: Diagnostics) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code in ("PK544", "PK546")]


def test_table_rows_no_event_names_are_listed_at_their_table(tmp_path: Path) -> None:
    """The rows the engine names (rolled, finish) are used; a row without an id is not
    counted; the others are listed, six and how many more."""
    rows = [{"key": n, "result": "r", "id": row_id} for n, row_id in enumerate(ROW_IDS)]
    rows.append({"key": 99, "result": "no id"})
    diagnostics = _smoked(tmp_path, tables={"moves": {"kind": "lookup", "rows": rows}})
    [found] = _unused(diagnostics)
    assert found.code == "PK546"
    assert found.message == (
        "table 'moves' rows never used in 2 smoke playouts nor in a scripted game: "
        "a, b, c, d, e, f and 1 more"
    )
    assert found.hint == ("they may be unreachable, or the engine may not name the rows it reads")
    assert _line(tmp_path, found) == "moves:"


def test_a_table_whose_rows_were_all_used_is_not_said(tmp_path: Path) -> None:
    rows = [{"key": 1, "result": "r", "id": "rolled"}, {"key": 2, "result": "r"}]
    diagnostics = _smoked(tmp_path, tables={"moves": {"kind": "lookup", "rows": rows}})
    assert _unused(diagnostics) == []


def test_an_end_condition_of_a_variant_is_not_expected_of_the_base_game(tmp_path: Path) -> None:
    """The smoke plays the base game: only its own end conditions must happen there."""
    ends = {
        "finish": {"text": "The first to the goal wins.", "outcome": "win"},
        "sprint": {"text": "t", "outcome": "win", "variant": "quick"},
        "stall": {"text": "t", "outcome": "tie"},
    }
    diagnostics = _smoked(tmp_path, end_conditions=ends, variants={"quick": QUICK})
    [found] = _unused(diagnostics)
    assert found.message == "end condition 'stall' never happened in 2 smoke playouts"
    assert _line(tmp_path, found) == "stall:"


def test_an_action_no_game_used_is_said_at_its_key(tmp_path: Path) -> None:
    actions = {
        "step": {"title": "Step", "text": "Move one space.", "phase": "move"},
        "roll": {"title": "Roll", "text": "Roll and move.", "phase": "move"},
        "rest": {"title": "Rest", "text": "Do nothing.", "phase": "move"},
    }
    diagnostics = _smoked(tmp_path, actions=actions)
    [found] = _unused(diagnostics)
    assert found.message == (
        "action 'rest' was never used in 2 smoke playouts nor in a scripted game"
    )
    assert found.hint == "it may be unreachable, or the engine may not play it"
    assert _line(tmp_path, found) == "rest:"


def test_games_cut_short_are_said_at_max_turns_wherever_it_stands(tmp_path: Path) -> None:
    """max_turns written after the smoke settings: PK545 points at it, not at the block."""

    def cut_short(data: dict[str, Any]) -> None:
        data["simulation"] = {"smoke": {"playouts": 2}, "max_turns": 3}

    _, diagnostics = _checked(tmp_path, cut_short, smoke=True)
    [found] = [d for d in diagnostics if d.code == "PK545"]
    assert _line(tmp_path, found) == "max_turns: 3"
