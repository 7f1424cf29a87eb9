"""The README is the user's reference: it must list every diagnostic code printkit can emit."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from printkit.diagnostics import CODES
from printkit.model.package import Package

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_lists_every_diagnostic_code_with_its_severity() -> None:
    rows = dict(re.findall(r"^\| (PK\d{3}) \| (\w+) \|", README.read_text(), re.MULTILINE))
    expected = {code: entry.severity for code, entry in CODES.items()}
    assert rows == expected


def test_readme_shows_both_setup_commands() -> None:
    text = README.read_text()
    assert "pip install -e . && printkit build" in text
    assert "pip install -e '.[test]' && pytest" in text


def test_every_yaml_example_in_the_readme_is_valid_package_data() -> None:
    """Examples are what designers copy: each one must pass the strict models as written."""
    blocks = re.findall(r"```yaml\n(.*?)```", README.read_text(), re.DOTALL)
    examples = [yaml.safe_load(block) for block in blocks]
    sections = [data for data in examples if isinstance(data, dict)]
    assert len(sections) >= 4, "the README lost its package examples"
    for data in sections:
        Package.model_validate({"game": {"title": "Example", "players": "2"}, **data})
