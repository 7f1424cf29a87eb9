"""What prose and claims see: rows looked up by roll, number or key; player counts read from
the game; section names; and the sandbox, which evaluates expressions and nothing else."""

from __future__ import annotations

import pytest

from printkit.check.requirements import players_of
from printkit.model.package import Package
from printkit.model.rules_context import Recorder, parse_roll, prose_of, rules_context
from printkit.sandbox.expressions import TemplateProblem, evaluate, render

PACKAGE = Package.model_validate(
    {
        "game": {"title": "T", "players": "2-4"},
        "rules": {
            "values": {"hand": 5},
            "sections": {"buying": {"title": "Buying", "number": "4.2"}},
            "actions": {"buy": {"cost": 2, "text": "Costs {{ actions.buy.cost }} actions."}},
            "tables": {
                "hit": {
                    "kind": "dice",
                    "dice": "2d6",
                    "rows": [{"roll": "2-6", "result": "miss"}, {"roll": "7-12", "result": "hit"}],
                },
                "band": {
                    "kind": "range",
                    "rows": [
                        {"min": None, "max": 0, "result": "low"},
                        {"min": 1, "max": None, "result": "high"},
                    ],
                },
                "price": {"kind": "lookup", "rows": [{"key": "gem", "result": "3"}]},
            },
            "glossary": {"gem": {"term": "gemstone", "definition": "a shiny card"}},
        },
    }
)


@pytest.mark.parametrize(
    ("roll", "values"),
    [(4, [4]), ("3-5", [3, 4, 5]), ("7", [7]), ("5-3", None), ("x", None), ("1-3x", None)],
)
def test_parse_roll(roll: int | str, values: list[int] | None) -> None:
    parsed = parse_roll(roll)
    assert (list(parsed) if parsed is not None else None) == values


def test_a_huge_roll_span_is_reported_without_being_spelt_out() -> None:
    assert parse_roll("1-999999999999")[-1] == 999999999999


def test_lookup_finds_the_row_for_a_roll_a_number_or_a_key() -> None:
    context = rules_context(PACKAGE)
    assert evaluate("lookup('hit', 7).result", context) == "hit"
    assert evaluate("lookup('band', -40).result", context) == "low"
    assert evaluate("lookup('band', 1000).result", context) == "high"
    assert evaluate("lookup('price', 'gem').result", context) == "3"
    assert evaluate("lookup('hit', 13)", context) is None
    assert evaluate("rows('hit', [2, 12]) | map(attribute='result') | list", context) == [
        "miss",
        "hit",
    ]


COSTS = Package.model_validate(
    {
        "game": {"title": "T", "players": "2"},
        "rules": {
            "values": {"bonus": 1},
            "tables": {
                "costs": {
                    "kind": "lookup",
                    "rows": [
                        {
                            "key": "shield",
                            "result": "{{ row.data.points }} point",
                            "data": {"points": 1},
                        },
                        # its own number read through lookup(), as a rule may name it
                        {
                            "key": "sword",
                            "result": "{{ lookup('costs', 'sword').data.points }} points",
                            "data": {"points": 2},
                        },
                        {
                            "key": "axe",
                            "result": "sword plus {{ values.bonus }}: "
                            "{{ lookup('costs', 'sword').result }}",
                        },
                        {"key": "bow", "result": "as {{ lookup('costs', 'arrow').result }}"},
                        {"key": "mace", "result": "as {{ lookup('costs', 'mace').result }}"},
                        {"key": "arrow", "result": "as {{ lookup('costs', 'bow').result }}"},
                        {
                            "key": "club",
                            "result": "{{ row.data.pints }} points",
                            "data": {"points": 1},
                        },
                    ],
                }
            },
        },
    }
)


def test_a_looked_up_result_reads_as_printed_filled_in_from_its_row() -> None:
    """`lookup(...).result` in a text or a claim is the result a reader sees ('1 point'), not
    the template it is written as; its data as written; rows() alike."""
    context = rules_context(COSTS)
    shown = "A shield costs {{ lookup('costs', 'shield').result }}."
    assert render(shown, context) == "A shield costs 1 point."
    assert evaluate("lookup('costs', 'shield').result == '1 point'", context) is True
    assert evaluate("lookup('costs', 'shield').data.points", context) == 1
    assert evaluate("lookup('costs', 'shield').key", context) == "shield"
    assert evaluate(
        "rows('costs', ['shield', 'sword']) | map(attribute='result') | list", context
    ) == [
        "1 point",
        "2 points",
    ]
    assert render("{{ lookup('costs', 'axe').result }}", context) == "sword plus 1: 2 points"
    row = evaluate("lookup('costs', 'shield')", context)  # the Python side: the row itself
    assert row is COSTS.rules.tables["costs"].rows[0]


def test_a_result_that_reads_itself_through_lookup_fails_in_words_not_for_ever() -> None:
    context = rules_context(COSTS)
    with pytest.raises(TemplateProblem) as failed:
        render("{{ lookup('costs', 'bow').result }}", context)
    assert "a result of table 'costs' reads itself, through lookup() or rows()" in str(failed.value)
    assert failed.value.hint == (
        "a row's result reads its own numbers as row.data.<name>, and another row's as "
        "lookup(...).data.<name>"
    )
    # the failure ends with the rendering: the same context prints the next text
    assert render("{{ lookup('costs', 'shield').result }}", context) == "1 point"


def test_a_result_that_reads_itself_names_its_text_once() -> None:
    """Rendered as the prose check renders it, a row whose result looks itself up failed in
    the rendering lookup() makes of it within its own: both named it ("in 'X': in 'X': …").
    A circle of rows names each text it passes through once."""
    context = rules_context(COSTS)
    rows = {row.key: row for row in COSTS.rules.tables["costs"].rows}
    with pytest.raises(TemplateProblem) as failed:
        render(*prose_of(rows["mace"], context))
    assert str(failed.value) == (
        "in 'as {{ lookup('costs', 'mace').result }}': a result of table 'costs' reads itself, "
        "through lookup() or rows()"
    )
    with pytest.raises(TemplateProblem) as failed:
        render(*prose_of(rows["bow"], context))
    assert str(failed.value) == (
        "in 'as {{ lookup('costs', 'arrow').result }}': in 'as {{ lookup('costs', 'bow').result "
        "}}': a result of table 'costs' reads itself, through lookup() or rows()"
    )


def test_a_looked_up_result_that_fails_fails_the_text_that_prints_it() -> None:
    """Its braces would print as written: the text printing it says why, naming the row's."""
    with pytest.raises(TemplateProblem) as failed:
        render("Clubs: {{ lookup('costs', 'club').result }}", rules_context(COSTS))
    assert "in '{{ row.data.pints }} points'" in str(failed.value)
    assert "pints" in str(failed.value)


def test_prose_prints_numbers_from_the_data_and_records_its_references() -> None:
    recorder = Recorder()
    context = rules_context(PACKAGE, recorder)
    assert render(PACKAGE.rules.actions["buy"].text, context) == "Costs 2 actions."
    assert render("See {{ ref('buying') }} for {{ term('gem') }}s.", context) == (
        "See §4.2 Buying for gemstones."
    )
    assert recorder.sections == ["buying"] and recorder.terms == ["gem"]


def test_a_renderer_may_turn_references_into_links() -> None:
    context = rules_context(PACKAGE, ref=lambda section: f"<a href='#{section}'>here</a>")
    assert render("{{ ref('buying') }}", context) == "<a href='#buying'>here</a>"


@pytest.mark.parametrize(
    ("players", "low", "high"),
    [
        ("2", 2, 2),
        ("1+", 1, None),
        ("2-4", 2, 4),
        ("2 to 5", 2, 5),
        ("2–5 Players", 2, 5),
        ("1 player", 1, 1),
        ("many", None, None),
        ("2/4", None, None),
    ],
)
def test_player_counts_are_read_from_the_game(players: str, low, high) -> None:
    package = Package.model_validate({"game": {"title": "T", "players": players}})
    found = players_of(package)
    assert ((found.min, found.max) if found else (None, None)) == (low, high)
    # and a template reads them as rules.players, where the rules give none of their own
    read = evaluate("rules.players", rules_context(package))
    assert ((read.min, read.max) if read else (None, None)) == (low, high)


def test_the_sandbox_refuses_python_internals() -> None:
    """The game's values are data: a view of them has fields, no Python attributes."""
    with pytest.raises(TemplateProblem, match="has no field '__class__'"):
        evaluate("values.__class__.__mro__", rules_context(PACKAGE))
    with pytest.raises(TemplateProblem, match="unsafe"):
        evaluate("(1).__class__.__mro__", rules_context(PACKAGE))
