"""What follows from a part that did not load is not said again (check/follow_ons.py): each
rule of what is left out, on a small loaded game whose parts are marked broken by hand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from printkit.check.follow_ons import reads_broken, without_follow_ons
from printkit.diagnostics import RULE_UNUSED, UNKNOWN_REFERENCE, Diagnostic, Diagnostics, Span
from printkit.load.package import LoadedPackage, load_package

GAME = """game: {title: Parts, players: "2"}
layouts:
  face: {size: poker}
decks:
  deck:
    layout: face
    fields: {power: number}
    cards:
      - {name: Ace, power: 3}
rules:
  tables:
    reach:
      kind: lookup
      rows: [{key: near, result: Near.}]
"""


@pytest.fixture
def loaded(tmp_path: Path) -> LoadedPackage:
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    found = Diagnostics()
    game = load_package("game", tmp_path, found)
    assert game is not None and not found.items
    return game


def _finding(message: str, span: Span, code: str = UNKNOWN_REFERENCE) -> Diagnostic:
    return Diagnostic(code, "error", message, span, "hint")


def test_what_reads_a_broken_part_or_holds_one_reads_it() -> None:
    value = ("decks", "deck", "cards", 0, "power")
    assert reads_broken({("decks", "deck", "cards")}, [value])  # the cards hold the value
    assert reads_broken({value}, [("decks", "deck")])  # the value lies in the deck
    assert reads_broken({("rules", "tables", "reach")}, [("rules", "tables", "reach")])
    assert not reads_broken({("decks", "deck", "cards", 1)}, [value])  # another card
    assert not reads_broken({("rules", "tables", "cave")}, [("rules", "tables", "reach")])
    assert not reads_broken({("rules", "tables", "cave")}, [])


def test_nothing_broken_keeps_every_finding(loaded: LoadedPackage) -> None:
    elsewhere = Span("game.yaml", 1, 1)
    found = [_finding("no table 'reach'", elsewhere), _finding("unused", elsewhere, RULE_UNUSED)]
    assert without_follow_ons(loaded, found).items == found


def test_a_finding_naming_a_broken_entry_or_inside_it_is_a_follow_on(
    loaded: LoadedPackage,
) -> None:
    table = ("rules", "tables", "reach")
    broken = dataclasses.replace(loaded, broken=frozenset({table}))
    row = loaded.spans.value((*table, "rows", 0, "result"))
    elsewhere = loaded.spans.value(("decks", "deck", "layout"))
    kept = _finding("no layout 'back'", elsewhere)
    found = [
        _finding("no table 'reach'", elsewhere),  # names it
        _finding("row 1 of it", row),  # inside it
        _finding("value 'x' is never used", elsewhere, RULE_UNUSED),  # it may use the value
        kept,
    ]
    assert without_follow_ons(broken, found).items == [kept]


def test_a_broken_value_hides_findings_at_its_place_not_those_naming_its_key(
    loaded: LoadedPackage,
) -> None:
    value = ("decks", "deck", "cards", 0, "power")
    broken = dataclasses.replace(loaded, broken=frozenset({value}))
    at_value = loaded.spans.value(value)
    at_card = loaded.spans.value(("decks", "deck", "cards", 0, "name"))
    kept = _finding("card 'Ace' of kind 'ship' has no 'power'", at_card)
    found = [_finding("region 'title' prints 'power'", at_value), kept]
    assert without_follow_ons(broken, found).items == [kept]


def test_a_broken_entry_is_followed_at_its_own_key_and_where_it_is_named(
    loaded: LoadedPackage,
) -> None:
    deck = ("decks", "deck")
    broken = dataclasses.replace(loaded, broken=frozenset({deck}))
    named_at_key = loaded.spans.key(deck)
    kept = _finding("layout 'face' is fine", Span("other.yaml", 1, 1))
    found = [
        _finding("deck holds none", named_at_key),  # at the entry's own key
        _finding("deck 'deck' is short", kept.span),  # naming it, elsewhere
        kept,
    ]
    assert without_follow_ons(broken, found).items == [kept]
