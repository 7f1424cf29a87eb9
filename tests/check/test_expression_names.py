"""Names a claim's or example's expression gives that do not exist (PK609): found before
evaluation, each at its offset in the expression with the closest name that does exist."""

from __future__ import annotations

from typing import Any

import pytest

from printkit.check.expression_names import missing_names
from printkit.model.rules import Term

CONTEXT: dict[str, Any] = {
    "tables": {"reach": {"rows": [{"id": "near"}], "kind": "range"}},
    "glossary": {"pair": Term(term="pair")},
    "values": {"hand": 1},
    "rules": {"values": {"hand": 1}, "tables": {"reach": {}}},
    "count": 3,
}


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("lookup('raech', 2).id", [(8, "table 'raech'", "did you mean 'reach'?")]),
        ('rows( "raech")', [(7, "table 'raech'", "did you mean 'reach'?")]),
        ("lookup('reach', 2).id", []),
        ("tables.raech.rows", [(7, "'raech' in tables", "did you mean 'reach'?")]),
        ("1 + tables.reach.rowz", [(17, "'rowz' in tables.reach", "did you mean 'rows'?")]),
        ("glossary.pair.trem", [(14, "'trem' in glossary.pair", "did you mean 'term'?")]),
        ("glossary.pair.term.upper", []),  # a text: its attributes are Jinja's
        ("count.real and tables.reach.rows.x", []),  # a number, a list
        ("values.hnad + rules.values.hnad", []),  # values are checked where they are used
        ("rules.tablez.reach", [(6, "'tablez' in rules", "did you mean 'tables'?")]),
        ("nothing.here", []),  # an undefined name: the evaluation says so
        ("x.tables.raech", []),  # an attribute of something else
        ("'tables.raech' ~ \"tables.raech\"", []),  # quoted: text, not a name
        ("tables.reach.items()", []),  # a method call
        (
            "tables.raech.rows or glossary.piar",
            [
                (7, "'raech' in tables", "did you mean 'reach'?"),
                (30, "'piar' in glossary", "did you mean 'pair'?"),
            ],
        ),
    ],
)
def test_each_missing_name_is_found_at_its_offset(
    expression: str, expected: list[tuple[int, str, str]]
) -> None:
    assert list(missing_names(expression, CONTEXT)) == expected
    for offset, what, _ in expected:
        name = what.split("'")[1]
        assert expression[offset : offset + len(name)] == name


def test_a_table_call_without_tables_names_every_table_missing() -> None:
    assert list(missing_names("lookup('reach', 1)", {})) == [
        (8, "table 'reach'", "none is defined yet: define it first")
    ]
