"""Mutation testing of the modules where a silent bug prints a wrong game, one module at a time.

    nice -n 10 python tools/mutate.py printkit/check/coverage.py geometry
    python tools/mutate.py --list

For each module, mutmut (declared in the dev extra) makes small deliberate bugs in it (a `<`
for a `<=`, a constant changed, a branch negated) and runs the module's relevant tests against
each; a mutant no test notices has *survived*: the tests do not pin that behaviour down. The
script prints per module the kill rate (killed / mutants not listed as equivalent below) and
every survivor with its diff. It is too slow for CI: run it before you stop when you changed
one of these modules, and kill the survivors with tests (or list a true equivalent below).

Each module runs in a scratch copy of the repository (mutmut rewrites the code it mutates into
`mutants/`), so the working tree is never touched and several modules can be compared. The
script lowers its own priority (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "printkit"
MUTMUT = [sys.executable, "-m", "mutmut"]
COPIED = ("printkit", "rule_data", "tests", "templates", "pyproject.toml")

GROUPS = {
    "check": sorted(p for p in (PACKAGE / "check").glob("*.py") if p.name != "__init__.py"),
    "preflight": sorted(p for p in (PACKAGE / "preflight").glob("*.py") if p.name != "__init__.py"),
    "impose": sorted(p for p in (PACKAGE / "impose").glob("*.py") if p.name != "__init__.py"),
    "geometry": sorted(p for p in (PACKAGE / "geometry").glob("*.py") if p.name != "__init__.py"),
    "load": [PACKAGE / "load" / "yaml_spans.py"],
}

# Tests that exercise a group through the command line, beyond the tests importing a module.
THROUGH_THE_CLI = {
    "check": ["tests/check", "tests/test_rules.py", "tests/test_broken_packages.py"],
    "preflight": ["tests/test_preflight.py", "tests/test_broken_packages.py"],
    "impose": ["tests/impose", "tests/test_imposition.py", "tests/test_fold.py"],
    "geometry": ["tests/geometry"],
    "load": ["tests/test_loader.py", "tests/test_broken_packages.py"],
}

# Mutants no test can kill because the program behaves the same: (module, the mutated line as
# mutmut prints it) -> why. Keyed by the line, not mutmut's numbering, so that a change to the
# code makes the entry stale (and the mutant a survivor to look at again) instead of wrong.
EQUIVALENT: dict[tuple[str, str], str] = {}


@dataclass
class Report:
    module: str
    statuses: dict[str, str] = field(default_factory=dict)  # mutant name -> mutmut's status
    diffs: dict[str, list[str]] = field(default_factory=dict)  # survivors: their -/+ lines

    def equivalent(self, name: str) -> str | None:
        added = [line[1:].strip() for line in self.diffs.get(name, []) if line.startswith("+")]
        reasons = [EQUIVALENT.get((self.module, line)) for line in added]
        return next((reason for reason in reasons if reason), None)

    @property
    def killed(self) -> int:
        return sum(s in ("killed", "timeout") for s in self.statuses.values())

    @property
    def counted(self) -> int:
        return sum(1 for name in self.statuses if not self.equivalent(name))

    def rate(self) -> float:
        return 100.0 * self.killed / self.counted if self.counted else 100.0


def modules_named(names: list[str]) -> list[Path]:
    found: list[Path] = []
    for name in names:
        path = REPO / name if (REPO / name).is_file() else PACKAGE / name
        found += GROUPS.get(name, [path] if path.is_file() else [])
        if name not in GROUPS and not path.is_file():
            raise SystemExit(f"no module or group '{name}' (groups: {', '.join(GROUPS)})")
    return found


def relevant_tests(module: Path) -> list[str]:
    """The test files importing the module, and those running its group through the CLI."""
    dotted = ".".join(module.relative_to(REPO).with_suffix("").parts)
    importing = re.compile(rf"(from {re.escape(dotted)} import|import {re.escape(dotted)}\b)")
    direct = sorted(
        str(path.relative_to(REPO))
        for path in (REPO / "tests").rglob("test_*.py")
        if importing.search(path.read_text(encoding="utf-8"))
    )
    group = module.relative_to(PACKAGE).parts[0]
    extra = THROUGH_THE_CLI.get(group, [])
    inside = [d for d in direct if not any(d == t or d.startswith(t + "/") for t in extra)]
    return inside + extra


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def mutate(module: Path, keep: bool) -> Report:
    relative = str(module.relative_to(REPO))
    tests = relevant_tests(module)
    scratch = Path(tempfile.mkdtemp(prefix="printkit-mutate-"))
    for name in COPIED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, scratch / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.is_file():
            shutil.copy2(source, scratch / name)
    with (scratch / "pyproject.toml").open("a", encoding="utf-8") as config:
        config.write(
            "\n[tool.mutmut]\n"
            'source_paths = ["printkit"]\n'
            f"only_mutate = {_toml_list([relative])}\n"
            f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
            'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
            'also_copy = ["rule_data", "templates"]\n'
        )
    print(f"== {relative}: mutants run against {' '.join(tests)}", flush=True)
    env = {**os.environ, "CI": "true"}  # property tests: the same examples for every mutant
    with (scratch / "mutmut.log").open("w", encoding="utf-8") as log:
        subprocess.run([*MUTMUT, "run"], cwd=scratch, env=env, stdout=log, stderr=log, check=False)
    report = Report(relative)
    listed = subprocess.run(
        [*MUTMUT, "results", "--all", "true"], cwd=scratch, capture_output=True, text=True
    )
    for line in listed.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            report.statuses[name] = status
    for name, status in report.statuses.items():
        if status not in ("killed", "timeout"):
            shown = subprocess.run(
                [*MUTMUT, "show", name], cwd=scratch, capture_output=True, text=True
            )
            report.diffs[name] = [
                line
                for line in shown.stdout.splitlines()
                if line[:1] in "+-" and not line.startswith(("+++", "---"))
            ]
    if not report.statuses:
        print(f"   mutmut ran no mutant: see {scratch / 'mutmut.log'}")
        keep = True
    if keep:
        print(f"   scratch copy kept in {scratch}")
    else:
        shutil.rmtree(scratch)
    return report


def print_report(report: Report) -> None:
    survivors = [n for n, s in report.statuses.items() if s not in ("killed", "timeout")]
    equivalent = [n for n in survivors if report.equivalent(n)]
    print(
        f"   {len(report.statuses)} mutants, {report.killed} killed, "
        f"{len(survivors) - len(equivalent)} not killed, {len(equivalent)} equivalent: "
        f"kill rate {report.rate():.1f} %"
    )
    for name in survivors:
        why = report.equivalent(name)
        label = f"equivalent ({why})" if why else report.statuses[name]
        print(f"   - {name} [{label}]")
        for line in report.diffs.get(name, []):
            print(f"       {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="module paths or groups: " + ", ".join(GROUPS))
    parser.add_argument("--list", action="store_true", help="list the modules and their tests")
    parser.add_argument("--keep", action="store_true", help="keep each scratch copy")
    arguments = parser.parse_args()
    modules = modules_named(arguments.modules or list(GROUPS))
    if arguments.list:
        for module in modules:
            print(f"{module.relative_to(REPO)}: {' '.join(relevant_tests(module))}")
        return
    os.nice(10)
    reports = []
    for module in modules:
        reports.append(mutate(module, arguments.keep))
        print_report(reports[-1])
    print("\nkill rate per module")
    for report in reports:
        print(f"  {report.rate():5.1f} %  {report.module}")


if __name__ == "__main__":
    main()
