"""A deck against itself and the box inventory (check/deck.py), each finding whole: code, line,
message and hint; a deck written without a mistake of a kind gives none of it."""

from __future__ import annotations

from pathlib import Path

from printkit.check.deck import check_deck
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package

GAME = """game: {title: Decks, players: "2"}
components:
  deck: {count: 9}
  spare: {count: 2}
  tokens: {count: 1}
layouts:
  face: {size: poker}
decks:
  deck:
    layout: face
    fields:
      name: text
      power: number
      effect: text
    kinds:
      ship: {requires: [power]}
      port: {requires: [set, effect]}
    sets:
      fleet: {name: Fleet, size: 3, colour: "#1565c0", mark: F}
      pair:
        name: Pair
        size: 2
        colour: "#c62828"
        mark: P
      trio: {name: Trio, size: 3, colour: "#2e7d32", mark: T}
      empty: {name: Empty, size: 1, colour: "#000000", mark: E}
    cards:
      - name: Frigate
        kind: ship
        count: 1
        power: 2
        effect: Fires with 2 power.
      - {name: Sloop, kind: ship, set: fleet}
      - {name: Harbour, kind: port, set: fleet, effect: Dock.,
         pips: 2}
      - name: Raft
        kind: boat
        set: pair
      - name: Wreck
        set: armada
        power: "two"
        effect: [a, list]
      - {name: Gull, count: 2, set: trio, colour: grey}
  spare:
    layout: face
    component: spares
    cards:
      - {name: Spare}
  tokens:
    layout: face
    cards:
      - name: Token
        count: 3
  chits:
    layout: face
    cards:
      - {name: Chit, count: 2}
      - {name: Big chit, count: 3}
"""


def _checked(tmp_path: Path, deck_id: str, game: str = GAME) -> list[tuple[str, int, str, str]]:
    folder = tmp_path / "decks"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    loading = Diagnostics()
    loaded = load_package("decks", folder, loading)
    assert loaded is not None and not list(loading), [str(d) for d in loading]
    found = Diagnostics()
    check_deck(loaded.package, deck_id, loaded.spans, found)
    return [(d.code, d.span.line, d.message, d.hint) for d in found]


def _line(text: str, game: str = GAME) -> int:
    return next(n for n, line in enumerate(game.splitlines(), start=1) if text in line)


KEYS = "back, count, kind, layout, name, notes, pips, set"


def test_each_mistake_of_a_decks_cards_is_reported_once_at_its_line(tmp_path: Path) -> None:
    assert _checked(tmp_path, "deck") == [
        (
            "PK210",
            _line("- name: Frigate"),
            "deck 'deck' holds 7 pieces but the inventory lists 9",
            "the counts of the deck's entries add up to 7; components.deck.count is 9",
        ),
        (
            "PK122",
            _line("      name: text"),
            "deck 'deck' declares field 'name', which every card already has",
            f"remove 'name' from 'fields', or give the value another name; the built-in card "
            f"keys are {KEYS}",
        ),
        (
            "PK213",
            _line("{name: Sloop"),
            "card 'Sloop' of kind 'ship' has no 'power'",
            "every 'ship' card needs 'power:'",
        ),
        (
            "PK212",
            _line("pips: 2}"),
            "card 'Harbour' shows 2 set-indicator marks but set 'fleet' needs 3 cards",
            "the number of marks is the number of cards that complete the set",
        ),
        (
            "PK200",
            _line("kind: boat"),
            "card 'Raft' has unknown kind 'boat'",
            "expected one of: port, ship",
        ),
        (
            "PK200",
            _line("set: armada"),
            "card 'Wreck' belongs to unknown set 'armada'",
            "expected one of: empty, fleet, pair, trio",
        ),
        (
            "PK507",
            _line("effect: Fires with 2 power."),
            "card 'Frigate': its 'effect' text writes the number its 'power' holds",
            "write {card[power]} in place of the number, and have the layout print "
            "{{ card.effect.format(card=card) }}: the text then follows 'power'",
        ),
        (
            "PK122",
            _line('power: "two"'),
            "card 'Wreck': 'power' must be a number, not 'two'",
            "the deck declares 'power' as a number",
        ),
        (
            "PK122",
            _line("effect: [a, list]"),
            "card 'Wreck': 'effect' must be text",
            "the deck declares 'effect' as text",
        ),
        (
            "PK120",
            _line("{name: Gull"),
            "card 'Gull': unknown key 'colour'",
            "expected one of: back, count, effect, kind, layout, name, notes, pips, power, set "
            "(per-card values are declared in the deck's 'fields')",
        ),
        (
            "PK211",
            _line("fleet: {name: Fleet"),
            "set 'fleet' needs 3 different cards but the deck holds 2 (Sloop, Harbour)",
            "add 1 more different card(s) to this set, or lower its size; if copies of a card "
            "count toward it, give the set 'counts: copies'",
        ),
        (
            "PK211",
            _line("size: 2"),
            "set 'pair' needs 2 cards but the deck holds 1",
            "add 1 more card(s) of this set, or lower its size",
        ),
        (
            "PK211",
            _line("trio: {name: Trio"),
            "set 'trio' needs 3 cards but the deck holds 2",
            "add 1 more card(s) of this set, or lower its size",
        ),
        (
            "PK211",
            _line("empty: {name: Empty"),
            "set 'empty' needs 1 cards but the deck holds 0",
            "add 1 more card(s) of this set, or lower its size",
        ),
    ]


def test_a_deck_is_counted_against_its_inventory_entry(tmp_path: Path) -> None:
    """A deck of one entry is blamed on that entry's count, of several on its list of cards; a
    deck naming no entry of the inventory is blamed where it names it (or on the deck)."""
    assert _checked(tmp_path, "tokens") == [
        (
            "PK210",
            _line("        count: 3"),
            "deck 'tokens' holds 3 pieces but the inventory lists 1",
            "the counts of the deck's entries add up to 3; components.tokens.count is 1",
        )
    ]
    assert _checked(tmp_path, "spare") == [
        (
            "PK200",
            _line("component: spares"),
            "deck 'spare' names no entry of the component inventory",
            "did you mean 'spare'?",
        )
    ]
    assert _checked(tmp_path, "chits") == [
        (
            "PK200",
            _line("  chits:") + 1,  # the deck's mapping
            "deck 'chits' names no entry of the component inventory",
            "expected one of: deck, spare, tokens",
        )
    ]


def test_a_game_with_no_inventory_is_told_the_entry_to_add(tmp_path: Path) -> None:
    game = GAME[: GAME.index("components:")] + GAME[GAME.index("layouts:") :]
    assert _checked(tmp_path, "tokens", game) == [
        (
            "PK200",
            _line("  tokens:", game) + 1,
            "deck 'tokens' names no entry of the component inventory",
            "add 'tokens: {count: 3}' under components",
        )
    ]


GENERATED = """game: {title: Decks, players: "2"}
components:
  deck: {count: 4}
layouts:
  face: {size: poker}
decks:
  deck:
    layout: face
    fields: {suit: text, power: number, effect: text}
    card_product:
      of: {suit: [Suns, Moons, Stars, Winds]}
      name: "{{ suit }}"
      values:
        powr: 3
        effect: "{{ suit }} shine."
"""


def test_a_mistake_every_generated_card_shares_is_reported_once_where_it_is_written(
    tmp_path: Path,
) -> None:
    """Four cards made by one generator share its misspelt `powr:`: one finding at that line
    naming how many cards, not one per card (each at the same line)."""
    assert _checked(tmp_path, "deck", GENERATED) == [
        (
            "PK120",
            _line("powr: 3", GENERATED),
            "4 different pieces (card 'Suns', card 'Moons', card 'Stars' and 1 more): "
            "unknown key 'powr'",
            "did you mean 'power'? (per-card values are declared in the deck's 'fields')",
        )
    ]


def test_two_cards_of_one_name_are_one_warning_whose_hint_fits_them(tmp_path: Path) -> None:
    """The same card twice is copies (one entry with a count); two different cards of one name
    need names that tell them apart (a count would print one of them twice)."""
    game = GAME.replace(
        "      - {name: Big chit, count: 3}\n",
        "      - {name: Chit, count: 3}\n      - {name: Chit, count: 1, kind: ship}\n",
    )
    found = [f for f in _checked(tmp_path, "chits", game) if f[0] == "PK214"]
    assert [(f[1], f[2], f[3]) for f in found] == [
        (
            _line("{name: Chit, count: 3}", game),
            "card 'Chit' is listed twice in deck 'chits' (first at line "
            f"{_line('{name: Chit, count: 2}', game)})",
            "copies of a card are one entry with 'count: 6'",
        ),
        (
            _line("{name: Chit, count: 1, kind: ship}", game),
            "card 'Chit' is listed twice in deck 'chits' (first at line "
            f"{_line('{name: Chit, count: 2}', game)})",
            "the two differ: give each a name that tells it apart, as players must",
        ),
    ]


SETS = """game: {title: Sets, players: "2"}
components:
  deck: {count: 31}
layouts:
  face: {size: poker}
decks:
  deck:
    layout: face
    sets:
      orchard: {name: Orchard, size: 3, colour: "#c0392b", mark: O}
      granary: {name: Granary, size: 4, colour: "#d4ac0d", mark: G}
      harvest: {name: Harvest, size: 4, counts: copies, colour: "#2e7d32", mark: H}
      pairs: {name: Pairs, size: 2, counts: different, colour: "#1565c0", mark: P}
      ray: {name: Death Ray, size: 3, colour: "#6a3d9a", mark: R}
      market: {name: Market, size: 6, colour: "#000000", mark: M}
      feast: {name: Feast, size: 2, counts: different, colour: "#ffffff", mark: F}
    cards:
      - {name: Apple Tree, count: 4, set: orchard}
      - {name: Pear Tree, count: 4, set: orchard}
      - {name: Wheat Field, count: 3, set: orchard}
      - {name: Barley Field, count: 3, set: granary}
      - {name: Windmill, count: 3, set: granary}
      - {name: Bakery, count: 3, set: granray}
      - {name: Scythe, count: 1, set: harvest}
      - {name: Cart, count: 1, set: harvest}
      - {name: Twin, count: 2, set: pairs}
      - {name: Death Ray, count: 2, set: ray}
      - {name: Stall A, set: market}
      - {name: Stall B, set: market}
      - {name: Stall C, set: market}
      - {name: Stall D, set: market}
      - {name: Stall E, set: market}
"""


def test_a_set_is_completed_by_different_cards_unless_it_counts_copies(tmp_path: Path) -> None:
    """A user moved Wheat Field from the granary (4) to the orchard (3): 12 copies of three
    cards still added up to "4 cards", so the granary, short of a different card, passed. A
    set of one card (three Death Rays) is its copies; `counts: copies` lets copies of any of
    its cards count; a card whose set is misspelt counts toward the set it was meant for (its
    PK200 says so), so that the set is not short a second time."""
    assert _checked(tmp_path, "deck", SETS) == [
        (
            "PK200",
            _line("set: granray", SETS),
            "card 'Bakery' belongs to unknown set 'granray'",
            "did you mean 'granary'?",
        ),
        (
            "PK211",
            _line("granary: {name", SETS),
            "set 'granary' needs 4 different cards but the deck holds 3 (Barley Field, "
            "Windmill, Bakery)",
            "add 1 more different card(s) to this set, or lower its size; if copies of a card "
            "count toward it, give the set 'counts: copies'",
        ),
        (
            "PK211",
            _line("harvest: {name", SETS),
            "set 'harvest' needs 4 cards but the deck holds 2",
            "add 2 more card(s) of this set, or lower its size",
        ),
        (
            "PK211",
            _line("pairs: {name", SETS),
            "set 'pairs' needs 2 different cards but the deck holds 1 (Twin)",
            "add 1 more different card(s) to this set, or lower its size; if copies of a card "
            "count toward it, give the set 'counts: copies'",
        ),
        (
            "PK211",
            _line("ray: {name", SETS),
            "set 'ray' needs 3 cards but the deck holds 2",
            "add 1 more card(s) of this set, or lower its size",
        ),
        (
            "PK211",
            _line("market: {name", SETS),
            "set 'market' needs 6 different cards but the deck holds 5 (Stall A, Stall B, "
            "Stall C, Stall D and 1 more)",
            "add 1 more different card(s) to this set, or lower its size; if copies of a card "
            "count toward it, give the set 'counts: copies'",
        ),
        (
            "PK211",
            _line("feast: {name", SETS),
            "set 'feast' needs 2 different cards but the deck holds 0",
            "add 2 more different card(s) to this set, or lower its size; if copies of a card "
            "count toward it, give the set 'counts: copies'",
        ),
    ]


SET_ASIDE = """game: {title: Decks, players: "2"}
components:
  deck: {count: 3}
layouts:
  face: {size: poker}
decks:
  deck:
    layout: face
    sets:
      pair: {name: Pair, size: 2, colour: "#c62828", mark: P}
    cards:
      - {name: Twin, count: 2, set: pair}
      - {name: Spare twin, set: pair,
         count: 0}
      - {name: Loner}
"""


def test_a_card_of_count_0_is_noted_at_its_count_and_counted_as_none(tmp_path: Path) -> None:
    """Set aside, not refused: the note names it, and neither the inventory (3 = 2 + 0 + 1)
    nor its set (2 copies of 'pair') counts a copy of it."""
    assert _checked(tmp_path, "deck", SET_ASIDE) == [
        (
            "PK215",
            _line("count: 0}", SET_ASIDE),
            "card 'Spare twin' has count 0: it is checked but not printed",
            "give it a count to print it again; until then no copy of it counts towards the "
            "inventory or a set",
        )
    ]
    fuller = SET_ASIDE.replace("{count: 3}", "{count: 4}").replace("size: 2,", "size: 3,")
    assert [code for code, *_ in _checked(tmp_path, "deck", fuller)] == ["PK210", "PK215", "PK211"]
    different = SET_ASIDE.replace("size: 2,", "size: 2, counts: different,")
    assert [message for _, _, message, _ in _checked(tmp_path, "deck", different)][1:] == [
        "set 'pair' needs 2 different cards but the deck holds 1 (Twin)"
    ]


PARKED = """game: {title: Decks, players: "2"}
components:
  deck: {count: 0}
  other: {count: 1}
layouts:
  face: {size: poker}
decks:
  deck:
    layout: face
    cards:
      - {name: Twin, count: 0}
      - {name: Loner, count: 0}
  other:
    layout: face
    cards:
      - {name: Token}
materials:
  sheet: {kind: cards, deck: deck}
  pages: {kind: cards, deck: deck, impose: {mode: print_on_demand}}
  tokens: {kind: counters, decks: [other, deck]}
  others: {kind: cards, deck: other}
"""


def test_a_deck_of_only_cards_set_aside_is_noted_once_naming_its_materials(
    tmp_path: Path,
) -> None:
    """PK216 at the deck, naming every material that prints it (a counters material among
    its decks too, not one of other decks), after the cards' own notes."""
    found = _checked(tmp_path, "deck", PARKED)
    assert [code for code, *_ in found] == ["PK215", "PK215", "PK216"]
    assert found[-1] == (
        "PK216",
        _line("decks:", PARKED) + 1,  # its key
        "deck 'deck' has no card to print: every card's count is 0",
        "give a card a count of 1 or more to print it; until then materials 'sheet', 'pages', "
        "'tokens' print none of it",
    )
    one = PARKED.replace(
        "  pages: {kind: cards, deck: deck, impose: {mode: print_on_demand}}\n", ""
    )
    one = one.replace("decks: [other, deck]", "decks: [other]")
    assert _checked(tmp_path, "deck", one)[-1][3] == (
        "give a card a count of 1 or more to print it; until then material 'sheet' prints none "
        "of it"
    )
    unprinted = one.replace("  sheet: {kind: cards, deck: deck}\n", "")
    assert [code for code, *_ in _checked(tmp_path, "deck", unprinted)] == ["PK215", "PK215"]
    assert [code for code, *_ in _checked(tmp_path, "other", PARKED)] == []


def test_a_requirement_after_an_undeclared_one_is_still_checked(tmp_path: Path) -> None:
    """The undeclared 'flavour' is reported once, at the kind; the 'power' listed after it is
    still required of every card of the kind."""
    game = SET_ASIDE.replace(
        "    sets:",
        "    fields: {power: number}\n    kinds:\n      ship: {requires: [flavour, power]}\n"
        "    sets:",
    ).replace("- {name: Loner}", "- {name: Loner, kind: ship}")
    assert [(code, message) for code, _, message, _ in _checked(tmp_path, "deck", game)] == [
        ("PK200", "kind 'ship' requires 'flavour', which is not one of the deck's fields"),
        ("PK215", "card 'Spare twin' has count 0: it is checked but not printed"),
        ("PK213", "card 'Loner' of kind 'ship' has no 'power'"),
    ]
