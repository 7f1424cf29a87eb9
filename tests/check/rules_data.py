"""tests/data/good/minimal_rules with one block of its rules.yaml replaced, loaded as printkit
loads it: the rules checks' tests run one check on it and read every finding whole."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from support import GOOD

from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage, load_package

Finding = tuple[str, int, str, str | None]  # code, line, message, hint


def with_blocks(tmp_path: Path, **blocks: str) -> tuple[LoadedPackage, list[str]]:
    """minimal_rules with the block under each key (a key of rules.yaml such as 'tables', at
    two spaces, or 'claims', at none; a key it lacks is added as a section) replaced by the
    YAML given for it; the package and the lines of its rules.yaml."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    for key, block in blocks.items():
        lines = rules.read_text(encoding="utf-8").splitlines(keepends=True)
        if not any(line.strip() == f"{key}:" for line in lines):
            lines.append(f"{key}:\n")  # a section of its own, at the end
        start = next(i for i, line in enumerate(lines) if line.strip() == f"{key}:")
        indent = len(lines[start]) - len(lines[start].lstrip())
        end = next(
            (
                i
                for i, line in enumerate(lines)
                if i > start and line.strip() and len(line) - len(line.lstrip()) <= indent
            ),
            len(lines),
        )
        body = textwrap.indent(textwrap.dedent(block).strip("\n"), " " * (indent + 2)) + "\n"
        rules.write_text("".join([*lines[: start + 1], body, *lines[end:]]), encoding="utf-8")
    loading = Diagnostics()
    loaded = load_package("minimal_rules", folder, loading)
    assert loaded is not None and not list(loading), [str(d) for d in loading]
    return loaded, rules.read_text(encoding="utf-8").splitlines()


def findings(diagnostics: Diagnostics) -> list[Finding]:
    return [(d.code, d.span.line, d.message, d.hint) for d in diagnostics]


def line_of(lines: list[str], text: str, after: int = 0) -> int:
    """The number (from 1) of the first line past line `after` holding `text`."""
    return next(n for n, line in enumerate(lines, start=1) if n > after and text in line)
