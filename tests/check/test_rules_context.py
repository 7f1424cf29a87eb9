"""What prose and claims see: rows looked up by roll, number or key; player counts read from
the game; section names; and the sandbox, which evaluates expressions and nothing else."""

from __future__ import annotations

import pytest

from printkit.check.requirements import players_of
from printkit.model.package import Package
from printkit.model.rules_context import Recorder, parse_roll, rules_context
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
