"""The documentation is the user's reference: README.md is its front page and docs/ the MkDocs
site (CI builds it with `mkdocs build --strict`, which refuses a broken link or anchor there)."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
import yaml
from support import REPO, documentation_pages, marked_section, run_cli

from printkit.cli import _SAID_AFTER, COMMANDS, main
from printkit.diagnostics import CODES
from printkit.model.package import Package

README = REPO / "README.md"


def test_the_documentation_lists_every_diagnostic_code_as_printkit_explain_states_it() -> None:
    result = run_cli("explain", "--table")
    assert result.exit_code == 0
    assert marked_section("diagnostic-codes") == result.output
    rows = dict(re.findall(r"^\| (PK\d{3}) \| (\w+) \|", result.output, re.MULTILINE))
    assert rows == {code: entry.severity for code, entry in CODES.items()}


def test_readme_shows_both_setup_commands() -> None:
    text = README.read_text()
    assert "pip install -e . && printkit build" in text
    assert "pip install -e '.[test]' && pytest" in text


def test_every_link_of_the_readme_to_a_file_finds_it() -> None:
    """MkDocs checks the links between the pages of docs/; the front page is not one of them."""
    targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README.read_text())
    assert "docs/index.md" in targets
    missing = [target for target in targets if not (REPO / target).is_file()]
    assert missing == []


def test_every_yaml_example_in_the_documentation_is_valid_package_data() -> None:
    """Examples are what designers copy: each one must pass the strict models as written."""
    pages = "\n".join(page.read_text() for page in documentation_pages())
    blocks = re.findall(r"```yaml\n(.*?)```", pages, re.DOTALL)
    examples = [yaml.safe_load(block) for block in blocks]
    sections = [data for data in examples if isinstance(data, dict)]
    assert len(sections) >= 4, "the documentation lost its package examples"
    for data in sections:
        Package.model_validate({"game": {"title": "Example", "players": "2"}, **data})


def test_the_rules_example_passes_every_check(tmp_path: Path) -> None:
    """The first example of docs/rules.md, with the components it names, is a game that
    validates without an error or a warning: a designer who copies it starts from data
    printkit accepts (its phase once pointed at a section its rules did not allow, and its
    `costs` row retyped its own data, PK507)."""
    block = re.search(r"```yaml\n(.*?)```", (REPO / "docs" / "rules.md").read_text(), re.DOTALL)
    assert block is not None
    game = tmp_path / "example"
    game.mkdir()
    components = "components:\n  deck: {count: 18}\n  dice: {count: 1}\n"
    (game / "game.yaml").write_text(
        'game: {title: Example, players: "2"}\n' + components + block[1], encoding="utf-8"
    )
    result = run_cli("--rule-data", tmp_path, "validate", "example")
    assert result.exit_code == 0, result.output
    assert "checked: no errors, no warnings" in result.output


# An option's name in a synopsis: -n, --no-simulate (never print-on-demand, nor a4|…)
_OPTION = re.compile(r"(?<![\w-])--?[a-z][\w-]*")


def _summaries() -> dict[str, list[str]]:
    """docs/using-it.md's summary of each command, its comments left out: the lines from each
    `printkit NAME` to the next `printkit` line (the group's own under "")."""
    block = marked_section("command-summary").removeprefix("```sh\n").removesuffix("```\n")
    summaries: dict[str, list[str]] = {}
    for entry in re.split(r"\n(?=printkit\b)", block.strip()):
        synopsis = " ".join(re.sub(r"\s#.*", "", line) for line in entry.splitlines())
        words = synopsis.split()
        name = words[1] if words[1] in COMMANDS else ""
        summaries.setdefault(name, []).extend(_OPTION.findall(synopsis))
    return summaries


@pytest.mark.parametrize("name", ["", *sorted(COMMANDS)])
def test_the_command_summary_names_every_option_of_each_command(name: str) -> None:
    """The summary atop docs/using-it.md is where users look an option up: `watch`'s named only
    some of the build options it takes, so each command's options, read from click's command,
    are named there, and nothing more. -q and -v, the group's, are accepted after any command
    as well, which the page says once."""
    command = main.get_command(click.Context(main), name) if name else main
    assert command is not None
    after_any = {option.name for option in _SAID_AFTER}
    options = [
        param
        for param in command.params
        if isinstance(param, click.Option) and (not name or param.name not in after_any)
    ]
    summaries = _summaries()
    assert name in summaries, f"docs/using-it.md's summary has no line for 'printkit {name}'"
    named = set(summaries[name])
    missing = [option.opts[-1] for option in options if not named & {*option.opts}]
    assert missing == [], f"docs/using-it.md's summary of 'printkit {name}' lacks them"
    known = {text for option in options for text in option.opts + option.secondary_opts}
    assert sorted(named - known) == [], f"'printkit {name}' has no such option"
