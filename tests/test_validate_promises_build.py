"""`printkit validate` promises what `printkit build` delivers.

Every check build can fail (art decoded and measured, numbers finite and bounded, pictures whose
data does not match their header) runs in validate too: each broken, warning and note package,
and the good ones, give the same exit code and the same diagnostics through both. Build writes
the files validate does not; any difference is a check that only writing the files made.
Validate also plays what build does not (property claims, smoke playouts): with
`--no-simulate` the two agree exactly, and without it validate finds what build finds and more.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import BROKEN, DATA, GOOD, Reported, parse_diagnostics, run_cli

CASES = sorted(
    p
    for folder in (BROKEN, DATA / "warnings", DATA / "notes", GOOD)
    for p in folder.iterdir()
    if p.is_dir()
)


def _run(case: Path, *command: str | Path) -> tuple[int, list[Reported]]:
    result = run_cli("--rule-data", case.parent, *command, case.name)
    return result.exit_code, sorted(parse_diagnostics(result.output), key=repr)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_validate_and_build_agree(case: Path, tmp_path: Path) -> None:
    validated = _run(case, "validate", "--no-simulate")
    built = _run(case, "build", "--out", tmp_path, "--format", "pdf,svg,png")
    assert built == validated, f"validate gave {validated}\nbuild gave {built}"
    played_code, played = _run(case, "validate")
    assert played_code >= built[0] and set(built[1]) <= set(played), played
