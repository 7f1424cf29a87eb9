"""What an erratum's subject names (PK608): a value the rules state, a row of a table that
does not exist (reported at the table's name), and a row in a package with no rules at all."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import GOOD, parse_diagnostics, run_cli

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


def test_each_kind_of_name_is_looked_up_among_its_own_kind(tmp_path: Path) -> None:
    subjects = [
        "claim 'three_crads' is wrong",  # 0
        "example 'near_one' uses term 'piar'",  # 1: the example exists, the term does not
        "'dral' costs too much",  # 2: a rule, named first
        "row 3 of 'reach' and row 0 of 'reach'",  # 3: past its two rows, and before them
        "row 2 of 'reach' and no section 'gone'",  # 4: a row it has; a missing section is meant
        "table 'luck' and value 'hand' and the 'nope' rule",  # 5: only a first name is a rule
        "value 'crew' is never stated",  # 6: played by this erratum
        "value 'crew' and value 'hand' and table 'luck'",  # 7
    ]
    errata = "".join(ERRATUM.format(subject=s) for s in subjects[:6])
    errata += (
        "- id: crew\n  code: PK510\n  subject: \"value 'crew' is never stated\"\n"
        "  text_says: nothing\n  resolution: three\n  plays: {rules.values.crew: 3}\n"
    )
    errata += "- id: named\n" + ERRATUM.format(subject=subjects[7]).lstrip("\n- ").replace(
        "code:", "  code:", 1
    )
    loaded, lines = with_blocks(tmp_path, errata=errata)
    found = Diagnostics()
    assert check_erratum_names(loaded, found) == {0, 1, 2, 3}

    def where(index: int, name: str) -> tuple[int, int]:
        line = line_of(lines, subjects[index])
        return line, lines[line - 1].index(name) + 1

    rows_hint = "rows count from 1 in a subject, as messages print them"
    assert [((d.span.line, d.span.column), d.code, d.message, d.hint) for d in found] == [
        (
            where(0, "three_crads"),
            "PK608",
            "erratum '1' names claim 'three_crads', which does not exist",
            "did you mean 'three_cards'?",
        ),
        (
            where(1, "piar"),
            "PK608",
            "erratum '2' names term 'piar', which does not exist",
            "did you mean 'pair'?",
        ),
        (
            where(2, "dral"),
            "PK608",
            "erratum '3' names rule 'dral', which does not exist",
            "did you mean 'draw'?",
        ),
        (where(3, "3"), "PK608", "erratum '4' names row 3 of 'reach', which has 2 rows", rows_hint),
        (where(3, "0"), "PK608", "erratum '4' names row 0 of 'reach', which has 2 rows", rows_hint),
    ]


def test_validate_reports_a_row_past_the_table_instead_of_failing(tmp_path: Path) -> None:
    """The row message was once yielded as a pair (its second line a statement of its own),
    and `validate` stopped with an internal error (PK900)."""
    with_blocks(tmp_path, errata=ERRATUM.format(subject="row 3 of 'reach' is wrong"))
    result = run_cli("--rule-data", tmp_path, "validate")
    codes = [d.code for d in parse_diagnostics(result.output)]
    assert "PK900" not in codes and "PK608" in codes, result.output
