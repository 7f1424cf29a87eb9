"""What an erratum's subject names (PK608): a value the rules state, a row of a table that
does not exist (reported at the table's name), and a row in a package with no rules at all."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import GOOD

from check.rules_data import findings, line_of, with_blocks
from printkit.check.erratum_names import check_erratum_names
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package

ERRATUM = """
- code: PK510
  subject: "{subject}"
  text_says: the text
  resolution: the reading
  wording_only: true
"""


def test_a_value_the_rules_state_is_a_name_an_erratum_may_give(tmp_path: Path) -> None:
    loaded, _ = with_blocks(tmp_path, errata=ERRATUM.format(subject="value 'hand' is too low"))
    found = Diagnostics()
    assert check_erratum_names(loaded, found) == set()
    assert findings(found) == []


def test_a_row_of_a_missing_table_is_reported_at_the_table_name(tmp_path: Path) -> None:
    subject = "row 2 of 'raech' skips 3"
    loaded, lines = with_blocks(tmp_path, errata=ERRATUM.format(subject=subject))
    found = Diagnostics()
    assert check_erratum_names(loaded, found) == {0}
    line = line_of(lines, subject)
    assert findings(found) == [
        (
            "PK608",
            line,
            "erratum '1' names table 'raech', which does not exist",
            "did you mean 'reach'?",
        )
    ]
    (diagnostic,) = found
    assert diagnostic.span.column == lines[line - 1].index("raech") + 1


def test_a_row_named_in_a_package_without_rules_names_no_table(tmp_path: Path) -> None:
    folder = tmp_path / "resolved_by_erratum"
    shutil.copytree(GOOD / "resolved_by_erratum", folder)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("subject: set 'pair'", "subject: row 1 of 'odds'"),
        encoding="utf-8",
    )
    loading = Diagnostics()
    loaded = load_package("resolved_by_erratum", folder, loading)
    assert loaded is not None and loaded.package.rules is None and not list(loading)
    found = Diagnostics()
    assert check_erratum_names(loaded, found) == {0}
    assert [(d.code, d.message, d.hint) for d in found] == [
        (
            "PK608",
            "erratum '1' names table 'odds', which does not exist",
            "none is defined yet: define it first",
        )
    ]
