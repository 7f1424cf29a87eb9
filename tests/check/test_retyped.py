"""A number a rule holds as data and retypes in its own prose (check/retyped.py, PK507), each
finding read whole: an action's cost or limit, a table row's data; what a template prints, a
number inside a word and a number of another rule are not retyped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from support import GOOD

from check.rules_data import findings, line_of, with_blocks
from printkit.check.retyped import (
    check_retyped,
    check_retyped_card,
    literal_numbers,
    outside_templates,
)
from printkit.diagnostics import Diagnostics, SharedFindings
from printkit.load.package import load_package

DATA_HINT = (
    "print the number through the data, e.g. {{ actions.<id>.cost }} or "
    "{{ lookup('<table>', key).data.<field> }}"
)


def test_the_numbers_a_text_writes_itself_a_full_stop_ending_one() -> None:
    """Not a die's sides, a decimal, a word's digits or what a template prints; but a number
    at the end of a sentence is one (it was missed, the full stop taken for a decimal point)."""
    text = (
        "Roll 2d6 and 3 dice, move -1 or 4 to 5 hexes, 1.5 times, x7, 8th; {{ 9 }} {% if 10 %}11."
    )
    assert literal_numbers(text) == {3, -1, 4, 5, 11}


def test_a_range_writes_both_its_ends_a_roll_less_a_number_neither() -> None:
    """'4-6' writes 4 and 6 (its upper end was read as neither 6 nor -6, so a hit number
    retyped as a range's end went unreported); '2d6-1' writes no number of its own."""
    assert literal_numbers("Hits on 4-6, or 10-12 at long range; roll 2d6-1.") == {4, 6, 10, 12}


def test_an_action_s_cost_and_limit_and_a_row_s_data_are_not_retyped(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        actions="""
        draw:
          cost: 1
          limit: 2
          text: Pay 1 action to draw 2 cards, 3 at most ({{ actions.draw.cost }}).
        rest:
          limit: 0
          text: Rest 0 or 4 times.
        wait:
          cost: 5
        pass:
          cost: 6
          text: "Pass: {{ 6 }} is printed by the template, d6 is a die."
        """,
        tables="""
        luck:
          kind: dice
          dice: d6
          rows:
            - roll: "1-3"
              data: {gain: 3, also: [4, 5, true], flag: true}
              result: Gain 1, 3, 4 or 5.
            - {roll: "4-6", data: {gain: 7}, result: Gain 3.}
        """,
    )
    found = Diagnostics()
    check_retyped(loaded.package.rules, loaded.spans, found)
    data = "a number it holds as data"
    assert findings(found) == [
        (
            "PK507",
            line_of(lines, "text: Pay 1"),
            f"draw writes 1, 2 in its text, {data}",
            DATA_HINT,
        ),
        ("PK507", line_of(lines, "text: Rest"), f"rest writes 0 in its text, {data}", DATA_HINT),
        (
            "PK507",
            line_of(lines, "result: Gain 1"),
            f"row 1 of 'luck' writes 3, 4, 5 in its text, {data}",
            "print the number through the row, e.g. {{ row.data.gain }} (a row's result sees "
            "its own row)",
        ),
    ]


def _card_findings(tmp_path: Path, cards: str) -> tuple[list, list[str]]:
    """The PK507 findings of the minimal deck given `cards` (its fields and cards), shared as
    check/deck.py shares them, and the game file's lines."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    game = folder / "game.yaml"
    text = game.read_text("utf-8")
    start, end = text.index("    fields:\n"), text.index("materials:")
    game.write_text(text[:start] + cards + text[end:], "utf-8")
    loaded = load_package("minimal_rules", folder, Diagnostics())
    assert loaded is not None
    deck = loaded.package.decks["deck"]
    found = Diagnostics()
    shared = SharedFindings(found)
    for index, card in enumerate(deck.cards):
        check_retyped_card(deck, card, ("decks", "deck", "cards", index), loaded.spans, shared)
    shared.flush()
    return findings(found), game.read_text("utf-8").splitlines()


def test_a_card_s_text_fields_are_read_with_its_format_fields_as_spaces(tmp_path: Path) -> None:
    """Text fields only, number fields holding the numbers: a format field ('{card[sign]}2',
    which prints '+2') leaves the number beside it a number of its own; a key the deck does
    not declare is not printed as text (check/deck.py reports it); a text that is the number
    alone is a label. The hint names the card's fields."""
    cards = """    fields:
      effect: text
      sign: text
      rank: text
      power: number
    cards:
      - name: Boost
        power: 2
        sign: "+"
        rank: "2"
        effect: "Gain {card[sign]}2 power, or {card[sign]}3."
        note: Worth 2.
      - name: Plain
        effect: Gain 2 power.
"""
    found, lines = _card_findings(tmp_path, cards)
    assert found == [
        (
            "PK507",
            line_of(lines, 'effect: "Gain {card'),
            "card 'Boost': its 'effect' text writes the number its 'power' holds",
            "write {card[power]} in place of the number, and have the layout print "
            "{{ card.effect.format(card=card) }}: the text then follows 'power'",
        )
    ]  # its rank, "2" and nothing else, is a label, not prose


def test_a_number_is_retyped_only_beside_a_word_of_its_field_s_name(tmp_path: Path) -> None:
    """'Draw 2 cards' beside draws: 2 retypes it (a plural, a word's other ending, three words
    away); the 2 of a regiment's name, or a 2 four words from the name, is another number.
    Two cards retyping one field in one text are one finding, at the text's declaration."""
    cards = """    fields:
      effect: text
      draws: number
      r_defence: number
    cards:
      - {name: Drawer, draws: 2, effect: Draw 2 cards.}
      - {name: Far, draws: 2, effect: "Now draw, then after that 2 more."}
      - {name: Regiment, r_defence: 2, effect: The 2/I Line holds.}
      - {name: Wall, r_defence: 3, effect: "Stands at 3 against a defended charge."}
      - {name: Near, draws: 1, effect: "Then 1 more is drawn."}
"""
    found, lines = _card_findings(tmp_path, cards)
    assert found == [
        (
            "PK507",
            line_of(lines, "draws: number") - 1,
            "2 different pieces (card 'Drawer', card 'Near'): its 'effect' text writes the "
            "number its 'draws' holds",
            "write {card[draws]} in place of the number, and have the layout print "
            "{{ card.effect.format(card=card) }}: the text then follows 'draws'",
        ),
        (
            "PK507",
            line_of(lines, "{name: Wall"),
            "card 'Wall': its 'effect' text writes the number its 'r_defence' holds",
            "write {card[r_defence]} in place of the number, and have the layout print "
            "{{ card.effect.format(card=card) }}: the text then follows 'r_defence'",
        ),
    ]


@given(st.lists(st.sampled_from(["{{", "}}", "{%", "%}", "{", "}", "%", "a", "1", " "])))
def test_templates_are_cut_out_as_the_pattern_did(parts: list[str]) -> None:
    """One pass finds what the lazy pattern found (an opening never closed stays text)."""
    text = "".join(parts)
    assert outside_templates(text) == re.sub(r"\{\{.*?\}\}|\{%.*?%\}", " ", text, flags=re.S)


def test_openings_never_closed_are_read_in_one_pass() -> None:
    """200,000 '{{' with no '}}' (a hostile card's text): the lazy pattern looked for the
    close from each one, 16 s for 40,000; one pass reads them once."""
    assert literal_numbers("{{" * 200_000 + " 7") == {7}
