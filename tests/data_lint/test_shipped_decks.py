"""Data lint: what the shipped games' YAML must say for their designs to hold (the Shields Up
deck against its inventory and rule text, the Border Skirmish river and roads, the Shields Dice
battery badges).

These read rule_data with PyYAML and never run printkit: a failure here means the shipped data
changed, not the compiler. What printkit makes of the data is measured in the tests named after
each game.
"""

from __future__ import annotations

import pytest
from imposition import ExpectedGrid, card_size_mm
from support import RULE_DATA, expanded_cards, read_package

SHIELDS_UP = read_package(RULE_DATA / "shields_up")
DECK_ID = "deck"
DECK = SHIELDS_UP["decks"][DECK_ID]
CARDS = expanded_cards(DECK)
CARD = card_size_mm(SHIELDS_UP["layouts"][DECK["layout"]])


# --- Shields Up: the deck data against the issue ----------------------------------------------


def test_the_deck_is_the_18_cards_of_the_inventory() -> None:
    assert len(CARDS) == 18
    assert SHIELDS_UP["components"][DECK.get("component", DECK_ID)]["count"] == 18


def test_the_cards_the_rule_text_names_are_in_the_deck() -> None:
    names = {card["name"]: card for card in DECK["cards"]}
    for name in ("Battery", "Smuggle", "Transporter Hijinks", "Space Mine", "Death Ray"):
        assert name in names
    assert names["Death Ray"]["damage"] == 4


def test_every_set_can_be_completed_and_shows_its_size() -> None:
    for set_id, spec in DECK["sets"].items():
        copies = sum(c.get("count", 1) for c in DECK["cards"] if c.get("set") == set_id)
        assert copies >= spec["size"], set_id
    for card in DECK["cards"]:
        if card.get("set") and "pips" in card:
            assert card["pips"] == DECK["sets"][card["set"]]["size"]


def test_the_paper_plan_is_9_up_on_a4() -> None:
    """PRINT.md: 9-up standard cards on A4, 3 × 3, about 10.5 mm side margins."""
    grid = ExpectedGrid.fit("a4", CARD)
    assert CARD == (63.0, 88.0)
    assert (grid.columns, grid.rows) == (3, 3)
    assert grid.left == pytest.approx(10.5)


# --- Border Skirmish and Shields Dice -----------------------------------------------------------


def test_the_river_and_roads_are_data_the_map_keeps() -> None:
    valley = read_package(RULE_DATA / "border_skirmish")["materials"]["valley"]
    assert len(valley["hexsides"]) == 19  # the river's whole course, column 06 | 07
    assert {path["type"] for path in valley["paths"]} == {"road", "track"}
    assert valley["path_types"]["track"]["smooth"] is True


def test_each_battery_has_a_badge_of_its_own_shape_and_letter() -> None:
    """Colour is never the only cue: the three badges differ in letter and in shape too."""
    sheets = read_package(RULE_DATA / "shields_dice")["materials"]["player_mat"]["elements"]
    flat = [c for e in sheets for c in (e.get("elements") or [e])]  # rows hold elements too
    (cycle,) = [e for e in flat if e["kind"] == "cycle"]
    badges = list(cycle["badges"].values())
    assert len({b["letter"] for b in badges}) == len({b["shape"] for b in badges}) == 3
