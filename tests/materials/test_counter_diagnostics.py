"""A counter sheet that cannot be right is refused at the YAML line that makes it wrong.

Each case under tests/data/broken/counters_*/ marks that line with `# expect: PKnnn`; the build
must report that code there, exit 1 and write nothing. The fit rule behind PK304 is also
checked directly against PRINT.md's figures.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from support import BROKEN, files_under, parse_diagnostics, run_cli, same_file

from printkit.check.counter_fit import fit_scale
from printkit.model.layout import Layout, box_of
from printkit.model.units import mm

CASES = {
    "counters_count_mismatch": "PK210",  # a count that disagrees with the inventory
    "counters_too_big": "PK304",  # a counter too big for its hex
    "counters_unknown_size": "PK200",  # a size name that is not in the catalogue
    "counters_unknown_shape": "PK122",  # a shape printkit cannot cut
}


def _marked_line(case: Path, code: str) -> tuple[Path, int]:
    for path in sorted(case.glob("*.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(rf"#\s*expect:\s*{code}\b", line):
                return path, number
    raise AssertionError(f"{case.name} marks no line with '# expect: {code}'")


@pytest.mark.parametrize(("case", "code"), CASES.items())
def test_broken_counter_sheet_is_reported_at_its_line(case: str, code: str, tmp_path: Path):
    path, line = _marked_line(BROKEN / case, code)
    result = run_cli("--rule-data", BROKEN, "build", case, "--out", tmp_path)
    assert result.exit_code == 1, result.output
    reported = [d for d in parse_diagnostics(result.output) if d.severity == "error"]
    assert [(d.code, d.line) for d in reported] == [(code, line)], result.output
    assert same_file(reported[0].file, path)
    assert files_under(tmp_path) == []


def _piece(shape: str, size_mm: float, orientation: str = "flat") -> Layout:
    width, height = box_of(shape, orientation, mm(size_mm))
    return Layout("piece", width, height, 0.0, None, 0.0, (), shape, orientation)


@pytest.mark.parametrize("hexes", ["flat", "pointy"])
def test_fit_rule_matches_print_md(hexes: str) -> None:
    """Square s ≤ (√3 − 1)·F ≈ 0.732·F; circle d ≤ F; hexagon F ≤ F pointing the same way,
    F·√3/2 turned by 30°. Turning by 60° (another facing) never matters."""
    across = 20.0
    largest = {
        ("square", hexes): (math.sqrt(3) - 1) * across,
        ("circle", hexes): across,
        ("hexagon", hexes): across,
        ("hexagon", "pointy" if hexes == "flat" else "flat"): across * math.sqrt(3) / 2,
    }
    for (shape, orientation), size in largest.items():
        assert fit_scale(_piece(shape, size, orientation), mm(across), hexes) == pytest.approx(1)
    assert 0.732 * across == pytest.approx(largest[("square", hexes)], abs=0.01)


def test_a_rectangle_may_lie_across_the_hex() -> None:
    long_thin = Layout("piece", mm(19), mm(8), 0.0, None, 0.0, (), "rectangle", "flat")
    assert fit_scale(long_thin, mm(20), "flat") >= 1
    assert fit_scale(long_thin, mm(20), "pointy") >= 1
