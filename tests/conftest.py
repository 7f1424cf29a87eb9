"""Session fixtures: each package is built once through the CLI and shared by the tests that
measure its output (a build takes about a second; rendering and measuring is what the tests do)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings
from support import GOOD, RULE_DATA, run_cli

import printkit.games

# The tests' own engines (tests/engines/: a dice race) bind as `game.engine: race`, as a shipped
# engine does, without printkit shipping them.
printkit.games.__path__.append(str(Path(__file__).parent / "engines"))

# Property tests in CI (which sets CI=true) run the same examples every time and neither read
# nor write Hypothesis's example database: a red build is reproducible from its log alone.
# Neither profile has a deadline: a deadline is a timing assertion, and on a loaded machine it
# failed examples that were correct (speed is measured in benchmarks/, not in tests).
settings.register_profile("ci", database=None, derandomize=True, print_blob=True, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "local")


def _build(tmp_path_factory: pytest.TempPathFactory, rule_data: Path, game: str) -> Path:
    out = tmp_path_factory.mktemp(f"out-{game}")
    result = run_cli("--rule-data", rule_data, "build", game, "--out", out)
    assert result.exit_code == 0, result.output
    return out / game


@pytest.fixture(scope="session")
def shields_up(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """output/shields_up built from the repository's rule_data (PDF, SVG and PNG)."""
    return _build(tmp_path_factory, RULE_DATA, "shields_up")


@pytest.fixture(scope="session")
def marked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The measurement fixture tests/data/good/marked_deck, built with every material."""
    return _build(tmp_path_factory, GOOD, "marked_deck")
