"""`printkit validate` checks several games in worker processes (`--jobs`, default one per
core): what it reports, as text or JSON, does not depend on how many, and a worker the system
kills is PK407, not an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import GOOD, killed_by_the_system, mixed_rule_data, parse_diagnostics, run_cli

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


def test_a_checking_worker_killed_by_the_system_is_pk407(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The workers are forked from this process, so they check with the replaced function:
    killed there, the pool breaks, and validate says what happened (this process lives on,
    so the work was not done here)."""
    monkeypatch.setattr(printkit.commands.validate, "_checked", killed_by_the_system)
    result = run_cli("--rule-data", GOOD, "validate", "minimal_deck", "marked_deck", "--jobs", "2")
    assert result.exit_code == 1, result.output
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK407" and "checking the games" in diagnostic.message
    assert "--jobs 1" in (diagnostic.hint or "")
