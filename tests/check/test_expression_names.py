"""Names a claim's or example's expression gives that do not exist (PK609): found before
evaluation, each at its offset in the expression with the closest name that does exist. And
the data paths it names, which are what it reads (the played rules' judging of claims)."""

from __future__ import annotations

from typing import Any

import pytest

from printkit.check.expression_names import missing_names, paths_read
from printkit.model.package import Package
from printkit.model.rules import Term
from printkit.model.rules_context import CONTEXT_PATHS, rules_context

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


@pytest.mark.parametrize(
    ("expression", "read"),
    [
        # a name of the context, where it is in the package, with the attributes after it
        ("tables.reach.rows | length > 1", {("rules", "tables", "reach", "rows")}),
        ("rules.tables.reach.rows[2].min == 3", {("rules", "tables", "reach", "rows")}),
        (
            "values.hand + values . bonus",
            {("rules", "values", "hand"), ("rules", "values", "bonus")},
        ),
        ("phases.turn.text", {("rules", "structure", "phases", "turn", "text")}),
        ("decks.deck.cards | sum(attribute='count')", {("decks", "deck", "cards")}),
        ("tables['reach'].rows", {("rules", "tables")}),  # a subscript ends the path
        ("values.items() | list", {("rules", "values")}),  # a method: its object is read
        ("glossary.pair.term.upper()", {("rules", "glossary", "pair", "term")}),
        # a helper given a rule by id reads that rule; by a name, every rule of its kind
        (
            "lookup('reach', 2).id == rows(\"score\", [1])",
            {
                ("rules", "tables", "reach"),
                ("rules", "tables", "score"),
            },
        ),
        (
            "ref('play') ~ term('pair') ~ lookup(which, 1)",
            {
                ("rules", "sections", "play"),
                ("rules", "glossary", "pair"),
                ("rules", "tables"),
            },
        ),
        # text, an example's inputs and names of nothing read no data
        ("'values.hand' ~ \"tables.x\" ~ inputs.values ~ distance", set()),
        ("nothing.here and x.tables.reach", set()),
    ],
)
def test_the_paths_an_expression_reads_are_the_data_it_names(
    expression: str, read: set[tuple[str, ...]]
) -> None:
    assert paths_read(expression, {"inputs", "distance"}) == read


def test_an_input_named_like_the_data_is_the_example_s_own() -> None:
    assert paths_read("values + 1", {"values"}) == set()
    assert paths_read("values + 1") == {("rules", "values")}


def test_every_data_name_of_the_rules_context_has_its_place_in_the_package() -> None:
    """CONTEXT_PATHS names each name of the context that is data (not a helper), and its path
    holds what the context gives under that name."""
    package = Package.model_validate(
        {"game": {"title": "T", "players": "2"}, "rules": {"structure": {"unit": "turn"}}}
    )
    context = rules_context(package)
    data = {name for name, value in context.items() if not callable(value)}
    assert set(CONTEXT_PATHS) == data
    for name, path in CONTEXT_PATHS.items():
        value = package
        for part in path:
            value = getattr(value, part)
        assert value == context[name] or name == "rules", name
