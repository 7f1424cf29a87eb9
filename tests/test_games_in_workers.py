"""`printkit validate` and `printkit claims` check several games in worker processes
(`--jobs`, default one per core): what they report, as text or JSON, does not depend on how
many, and a worker the system kills is PK407, not an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import GOOD, killed_by_the_system, mixed_rule_data, parse_diagnostics, run_cli

import printkit.commands.claims
import printkit.commands.validate


@pytest.mark.parametrize("output", ["text", "json"])
def test_validate_reports_the_same_whatever_the_number_of_workers(
    tmp_path: Path, output: str
) -> None:
    """A good game, one whose checks find an error and one that does not load: the same
    diagnostics (and verdicts), in the same order, in one process and in two."""
    rule_data = mixed_rule_data(tmp_path)
    one, two = (
        run_cli("--rule-data", rule_data, "validate", "--format", output, "--jobs", str(jobs))
        for jobs in (1, 2)
    )
    assert one.exit_code == two.exit_code == 1, one.output
    assert one.output == two.output
    assert "PK510" in one.output and "PK100" in one.output


def test_claims_are_listed_alike_whatever_the_number_of_workers() -> None:
    """Games played side by side list their claims in the games' order, word for word as one
    process lists them."""
    games = ("raise_the_shields", "shields_up")
    one, two = (run_cli("claims", "--jobs", str(jobs), *games) for jobs in (1, 2))
    assert one.exit_code == two.exit_code == 0, two.output
    assert two.stdout == one.stdout
    listed = [line.split()[0] for line in two.stdout.splitlines() if not line.startswith(" ")]
    assert listed == sorted(listed) and set(listed) == set(games)


def test_claims_exits_as_validate_when_a_game_has_errors_or_does_not_load(tmp_path: Path) -> None:
    """The good game's claims are listed; the game with an error and the one that does not
    load are named on standard error with the command that shows why, and the exit is 1."""
    result = run_cli("--rule-data", mixed_rule_data(tmp_path), "claims", "--jobs", "2")
    assert result.exit_code == 1, result.output
    assert "yaml_syntax  (does not load" in result.stdout
    failed = [line for line in result.stderr.splitlines() if "printkit validate" in line]
    assert failed == [
        "table_range_gap: 1 error(s), 0 warning(s); 'printkit validate table_range_gap' shows them",
        "yaml_syntax: 1 error(s), 0 warning(s); 'printkit validate yaml_syntax' shows them",
    ]
    alone = run_cli("--rule-data", mixed_rule_data(tmp_path / "again"), "claims", "minimal_deck")
    assert alone.exit_code == 0 and alone.stderr == "", alone.output


@pytest.mark.parametrize(
    ("command", "checks"),
    [(printkit.commands.validate, "_checked"), (printkit.commands.claims, "_listed")],
    ids=["validate", "claims"],
)
def test_a_checking_worker_killed_by_the_system_is_pk407(
    monkeypatch: pytest.MonkeyPatch, command: object, checks: str
) -> None:
    """The workers are forked from this process, so they check with the replaced function:
    killed there, the pool breaks, and the command says what happened (this process lives on,
    so the work was not done here)."""
    monkeypatch.setattr(command, checks, killed_by_the_system)
    name = command.__name__.rsplit(".", 1)[-1]  # type: ignore[attr-defined]
    result = run_cli("--rule-data", GOOD, name, "minimal_deck", "marked_deck", "--jobs", "2")
    assert result.exit_code == 1, result.output
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK407" and "checking the games" in diagnostic.message
    assert "--jobs 1" in (diagnostic.hint or "")
