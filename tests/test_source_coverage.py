"""Every line of each seed text is printed by a section of its game's rules or marked as not a
rule, so a rule the encoding leaves out is a finding (printkit/check/source_coverage.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from check.rules_data import Finding, findings, line_of, with_blocks
from support import REPO, RULE_DATA

from printkit.check.source_coverage import check_source_coverage
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.model.rules import line_span


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


def _coverage(tmp_path: Path, rules: str) -> tuple[list[Finding], list[str]]:
    loaded, lines = with_blocks(tmp_path, rules=rules)
    found = Diagnostics()
    check_source_coverage(loaded.package.rules, loaded.spans, found)
    return findings(found), lines


OUTSIDE_HINT = "write a line (42) or a span ('42-48') from 1 to the text's last line"
UNCOVERED_HINT = (
    "add the lines to the 'source:' of the section that prints their rule (write the rule if "
    "none does), or list them in 'not_rules:' with the reason"
)


def test_each_run_of_lines_left_out_and_each_line_past_the_text_is_reported(
    tmp_path: Path,
) -> None:
    found, lines = _coverage(
        tmp_path,
        """
        source:
          not_rules:
            7: the title
            13: past the end
          lines: 12
        sections:
          a: {title: A, source_line: 2, source: ["3-4", 6]}
          b:
            title: B
            source:
              - "5-3"
              - 10
              - "11-13"
          c: {title: C, source: [12]}
        """,
    )
    outside = "seed lines {} are not lines of the seed text (it has 12 lines)"
    uncovered = "seed lines {} are printed by no section and not marked as not a rule"
    length = line_of(lines, "lines: 12")
    assert found == [
        ("PK537", line_of(lines, '- "5-3"'), outside.format("5–3"), OUTSIDE_HINT),
        ("PK537", line_of(lines, '- "11-13"'), outside.format("11–13"), OUTSIDE_HINT),
        ("PK537", line_of(lines, "13: past"), outside.format("13"), OUTSIDE_HINT),
        ("PK536", length, uncovered.format("1"), UNCOVERED_HINT),
        ("PK536", length, uncovered.format("5"), UNCOVERED_HINT),
        ("PK536", length, uncovered.format("8–9"), UNCOVERED_HINT),
        ("PK536", length, uncovered.format("11"), UNCOVERED_HINT),
    ]


def test_lines_recorded_without_the_text_s_length_are_reported_once(tmp_path: Path) -> None:
    found, lines = _coverage(
        tmp_path,
        """
        sections:
          a: {title: A}
          b:
            title: B
            source_line: 3
            source: [4]
          c: {title: C, source: [5]}
        """,
    )
    assert found == [
        (
            "PK537",
            line_of(lines, "source_line: 3"),
            "seed lines are recorded but the rules do not say how long the seed text is",
            "add 'source: {lines: N}' under 'rules:' (N: the seed text's line count)",
        )
    ]
    assert _coverage(tmp_path / "none", "sections:\n  a: {title: A}\n")[0] == []


def test_a_text_every_line_of_which_is_recorded_leaves_nothing(tmp_path: Path) -> None:
    rules = 'source:\n  lines: 3\n  not_rules: {"1-2": title}\n'
    rules += "sections:\n  a: {title: A, source: [3]}\n"
    assert _coverage(tmp_path, rules)[0] == []


def test_the_lines_left_are_found_from_the_spans_however_they_overlap(tmp_path: Path) -> None:
    """Spans out of order, nested in, overlapping and touching one another, over the longest
    seed text the rules may record: only the lines none of them holds are left, each run once."""
    found, lines = _coverage(
        tmp_path,
        """
        source:
          lines: 100000
          not_rules: {"99990-99999": the index}
        sections:
          a: {title: A, source: ["50002-99000", "1-40000"]}
          b: {title: B, source: ["20000-30000", "40001-50000", 40000, "98000-99989"]}
        """,
    )
    uncovered = "seed lines {} are printed by no section and not marked as not a rule"
    length = line_of(lines, "lines: 100000")
    assert found == [
        ("PK536", length, uncovered.format("50001"), UNCOVERED_HINT),
        ("PK536", length, uncovered.format("100000"), UNCOVERED_HINT),
    ]
