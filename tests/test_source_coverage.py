"""Every line of each seed text is printed by a section of its game's rules or marked as not a
rule, so a rule the encoding leaves out is a finding (printkit/check/source_coverage.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import REPO, RULE_DATA

from printkit.check.source_coverage import check_source_coverage, line_span
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package


def _game_yaml(folder: Path) -> str:
    game = folder / "game.yaml"
    return game.read_text(encoding="utf-8") if game.is_file() else ""


SEEDS = REPO.parent / "shared" / "seeds"
# The shipped games written from a seed text (game.source names it); Border Skirmish has none.
SEEDED = sorted(p.name for p in RULE_DATA.iterdir() if "\n  source:" in _game_yaml(p))


def _loaded(game: str):
    loaded = load_package(game, RULE_DATA / game, Diagnostics())
    assert loaded is not None and loaded.package.rules is not None
    return loaded


@pytest.mark.parametrize("game", SEEDED)
def test_every_seed_line_is_printed_by_a_section_or_marked(game: str) -> None:
    loaded = _loaded(game)
    assert loaded.package.rules.source is not None, f"{game} does not record its seed text"
    found = Diagnostics()
    check_source_coverage(loaded.package.rules, loaded.spans, found)
    assert not list(found), [str(d) for d in found]


@pytest.mark.parametrize("game", SEEDED)
def test_the_recorded_length_is_the_seed_texts(game: str) -> None:
    loaded = _loaded(game)
    seed = SEEDS / str(loaded.package.game.source)
    if not seed.is_file():
        pytest.skip(f"the seed texts are not at {SEEDS}")
    lines = seed.read_text(encoding="utf-8").splitlines()
    assert loaded.package.rules.source.lines == len(lines)
    # a line marked as not a rule is never the only place a section heading of the text sits
    for span in loaded.package.rules.source.not_rules:
        first, last = line_span(span)
        assert any(lines[n - 1].strip() for n in range(first, last + 1)), (game, span)


def test_a_rule_left_out_is_found(tmp_path: Path) -> None:
    """Dropping a section's lines from a shipped game makes them a finding at its source."""
    loaded = _loaded("rise")
    rules = loaded.package.rules
    sections = dict(rules.sections)
    sections["destroying"] = sections["destroying"].model_copy(update={"source": []})
    found = Diagnostics()
    check_source_coverage(rules.model_copy(update={"sections": sections}), loaded.spans, found)
    assert [d.code for d in found] == ["PK536"]
    assert "seed lines 135–139" in next(iter(found)).message
