"""Deliberately broken packages give compiler-grade diagnostics, never a traceback or a file.

Each folder under tests/data/broken/ is a copy of tests/data/good/minimal_deck/ with one mistake;
each folder under tests/data/warnings/ one with something worth a warning, and each under
tests/data/notes/ one with something worth a note (which even --strict builds).
The line a diagnostic must point at ends with a comment

    # expect: PKnnn "text" "more text"

where the quoted texts (optional) must appear in the diagnostic's message or hint. A folder may
expect several diagnostics (a cycle is reported at each of its members). A mistake in a file that
cannot hold a comment (a CSV or XLSX card data file) is expected on the YAML line naming the file,
with where in it the diagnostic must point:

    card_data: {file: cards.csv}  # expect: PKnnn at cards.csv:1:1 "text"

A template (`*.j2`) carries the comment as a Jinja comment, `{# expect: PKnnn "text" #}`.
Adding a case is adding a folder: the tests below discover them.

A case whose mistake only play finds (smoke playouts, property claims; `build` plays only the
scripted games) has a line `# run: validate` in its game.yaml, and is validated, not built; a
case only some build options find (an export's bound) names them: `# run: build --format cards`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from support import (
    BROKEN,
    DATA,
    GOOD,
    REPO,
    Reported,
    files_under,
    parse_diagnostics,
    run_cli,
    same_file,
)

_EXPECT = re.compile(
    r"#\s*expect:\s*(?P<code>PK\d{3})"
    r"(?:\s+at\s+(?P<file>[^\s\"]+):(?P<line>\d+):(?P<column>\d+))?"
    r"(?P<texts>(?:\s+\"[^\"]*\")*)\s*$"
)


@dataclass(frozen=True)
class Expected:
    file: Path
    line: int
    code: str
    texts: tuple[str, ...]
    column: int | None = None  # checked for a place in a data file, named with 'at'

    def __str__(self) -> str:
        column = "" if self.column is None else f":{self.column}"
        return f"{self.code} at {self.file.name}:{self.line}{column}"

    def matches(self, reported: Reported) -> bool:
        return (
            reported.code == self.code
            and reported.line == self.line
            and self.column in (None, reported.column)
            and same_file(reported.file, self.file)
        )


def expectations(case: Path) -> list[Expected]:
    found = []
    for path in sorted([*case.glob("*.yaml"), *case.glob("*.j2"), *case.glob("*.toml")]):
        # A case may hold a deliberately non-UTF-8 template; its comment is ASCII all the same.
        text = path.read_bytes().decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            match = _EXPECT.search(line.removesuffix("#}").rstrip())  # a template's {# … #}
            if match:
                texts = tuple(re.findall(r"\"([^\"]*)\"", match["texts"]))
                expected = Expected(path, number, match["code"], texts)
                if match["file"]:  # a place in a data file the YAML line names
                    place = {"line": int(match["line"]), "column": int(match["column"])}
                    expected = replace(expected, file=case / match["file"], **place)
                found.append(expected)
    return found


CASES = sorted(p for p in BROKEN.iterdir() if p.is_dir())
WARNING_CASES = sorted(p for p in (DATA / "warnings").iterdir() if p.is_dir())
NOTE_CASES = sorted(p for p in (DATA / "notes").iterdir() if p.is_dir())


def validated(case: Path) -> bool:
    """Whether the case is validated instead of built (`# run: validate` in its game.yaml)."""
    return _run_line(case)[:1] == ["validate"]


def _run_line(case: Path) -> list[str]:
    """The command a case's game.yaml names (`# run: validate`, or `# run: build` with the
    options only a build takes, such as `--format cards`); none: a plain build."""
    game = case / "game.yaml"
    text = game.read_text(encoding="utf-8") if game.is_file() else ""
    found = re.search(r"^# run: (.+)$", text, re.MULTILINE)
    return found.group(1).split() if found else []


def build_case(case: Path, out: Path, *options: str) -> tuple[int, str, list[Reported]]:
    command, *more = _run_line(case) or ["build"]
    after = () if command == "validate" else ("--out", out, *more)
    result = run_cli(*options, "--rule-data", case.parent, command, case.name, *after)
    return result.exit_code, result.output, parse_diagnostics(result.output)


def test_the_broken_cases_are_all_here() -> None:
    """The issue's list of mistakes, plus the cross-file and reference cases."""
    required = {
        "duplicate_key": "PK101",
        "unknown_key": "PK120",
        "wrong_unit": "PK110",
        "missing_field": "PK121",
        "overflowing_text": "PK300",
        "incomplete_set": "PK211",
        "yaml_syntax": "PK100",
        "python_tag": "PK102",
        "inventory_mismatch": "PK210",
        "extends_cycle": "PK201",
        "unknown_reference": "PK200",
        "duplicate_entry": "PK103",
    }
    present = {case.name: {e.code for e in expectations(case)} for case in CASES}
    for name, code in required.items():
        assert code in present.get(name, set()), f"tests/data/broken/{name} must expect {code}"
    assert {"PK110", "PK111"} <= present["wrong_unit"]
    for case in CASES:
        assert expectations(case), f"{case.name} has no '# expect:' comment"


def test_each_case_differs_from_the_good_package_it_was_copied_from(tmp_path: Path) -> None:
    """The good original builds cleanly, so each case's diagnostics come from its mistake."""
    code, output, reported = build_case(GOOD / "minimal_deck", tmp_path)
    assert code == 0, output
    assert not reported
    assert (tmp_path / "minimal_deck" / "sheet.pdf").is_file()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_package_gives_its_diagnostic_and_no_output(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, output, reported = build_case(case, out)

    assert "Traceback" not in output
    assert code == 1, f"exit code {code}, expected 1\n{output}"
    for expected in expectations(case):
        hits = [r for r in reported if expected.matches(r)]
        assert hits, f"expected {expected}; printkit reported:\n{output}"
        diagnostic = hits[0]
        assert diagnostic.severity == "error"
        assert diagnostic.hint, f"{expected} is printed without a 'hint:' line:\n{output}"
        said = f"{diagnostic.message}\n{diagnostic.hint}"
        for text in expected.texts:
            assert text in said, f"{expected}: {text!r} is not in\n{said}"
    assert files_under(out) == [], f"a broken package wrote {files_under(out)}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_package_reports_each_problem_once_and_nothing_else(
    case: Path, tmp_path: Path
) -> None:
    """One mistake, one diagnostic: no repeats, no follow-on errors, each with a file:line."""
    _, output, reported = build_case(case, tmp_path / "out")
    problems = [r for r in reported if r.severity != "note"]
    assert all(r.line > 0 for r in problems), f"a diagnostic has no line:\n{output}"
    counts = Counter((r.file, r.line, r.column, r.code, r.message) for r in problems)
    repeated = [key for key, n in counts.items() if n > 1]
    assert not repeated, f"reported more than once: {repeated}\n{output}"
    assert not _in_printkit(reported), f"a diagnostic names a file of printkit:\n{output}"
    wanted = expectations(case)
    unexpected = [r for r in problems if not any(e.matches(r) for e in wanted)]
    assert not unexpected, (
        "diagnostics beyond the mistake: "
        + ", ".join(f"{r.code} at {r.file}:{r.line}" for r in unexpected)
        + f"\n{output}"
    )


@pytest.mark.parametrize("case", WARNING_CASES, ids=[c.name for c in WARNING_CASES])
def test_a_warning_builds_and_strict_refuses_it(case: Path, tmp_path: Path) -> None:
    wanted = expectations(case)
    assert wanted, f"{case.name} has no '# expect:' comment"
    code, output, reported = build_case(case, tmp_path / "lenient")
    assert code == 0, output
    built = files_under(tmp_path / "lenient")
    assert built or validated(case), "a package with only warnings must be built"
    _reported_whole(wanted, [r for r in reported if r.severity != "note"], "warning", output)
    assert not _in_printkit(reported), f"a diagnostic names a file of printkit:\n{output}"

    code, output, _ = build_case(case, tmp_path / "strict", "--strict")
    assert code == 1, output
    assert "Traceback" not in output
    assert files_under(tmp_path / "strict") == []


@pytest.mark.parametrize("case", NOTE_CASES, ids=[c.name for c in NOTE_CASES])
def test_a_note_builds_even_under_strict(case: Path, tmp_path: Path) -> None:
    wanted = expectations(case)
    assert wanted, f"{case.name} has no '# expect:' comment"
    code, output, reported = build_case(case, tmp_path / "strict", "--strict")
    assert code == 0, output
    assert files_under(tmp_path / "strict") or validated(case)
    assert [r for r in reported if r.severity != "note"] == [], output
    _reported_whole(wanted, reported, "note", output)


def _reported_whole(wanted: list[Expected], found: list[Reported], severity: str, output: str):
    """Each expected diagnostic is among `found` with `severity`, a hint and its texts, and
    `found` holds nothing else."""
    for expected in wanted:
        hits = [r for r in found if expected.matches(r)]
        assert hits, f"expected {expected}; printkit reported:\n{output}"
        assert hits[0].severity == severity
        assert hits[0].hint
        for text in expected.texts:
            assert text in f"{hits[0].message}\n{hits[0].hint}"
    assert all(any(e.matches(r) for e in wanted) for r in found), output


def _in_printkit(reported: list[Reported]) -> list[Reported]:
    """The diagnostics placed in printkit's own files (a template it ships, say): the designer
    can mend only their game, so every diagnostic points into it."""
    return [r for r in reported if Path(r.file).resolve().is_relative_to(REPO / "printkit")]
