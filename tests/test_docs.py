"""The README is the user's reference: it must list every diagnostic code printkit can emit."""

from __future__ import annotations

import re
from pathlib import Path

from printkit.diagnostics import CODES

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_lists_every_diagnostic_code_with_its_severity() -> None:
    rows = dict(re.findall(r"^\| (PK\d{3}) \| (\w+) \|", README.read_text(), re.MULTILINE))
    expected = {code: entry.severity for code, entry in CODES.items()}
    assert rows == expected


def test_readme_shows_both_setup_commands() -> None:
    text = README.read_text()
    assert "pip install -e . && printkit build" in text
    assert "pip install -e '.[test]' && pytest" in text
