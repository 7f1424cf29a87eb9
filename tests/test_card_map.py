"""The card map's file is written as `json.dumps(…, indent=1, ensure_ascii=False)` would
write it, by a quicker writer of its own: the two must give the same characters for any card
names and numbers a deck can hold."""

from __future__ import annotations

import json
import math

from printkit.card_map import VERSION, CardBox, _indented_json


def _as_json_writes_it(material_id: str, cards: list[CardBox]) -> str:
    data = {
        "version": VERSION,
        "material": material_id,
        "cards": [
            {
                "deck": card.deck,
                "name": card.name,
                "side": card.side,
                "copy": card.copy,
                "page": card.page,
                "box_mm": list(card.box),
                "bleed_mm": card.bleed,
            }
            for card in cards
        ],
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def test_the_card_map_reads_as_json_s_indented_form_character_for_character() -> None:
    cards = [
        CardBox("deck", "Shard Prism 1", "front", 1, 1, (10.5, 16.5, 63.0, 88.0), 3.0),
        CardBox(
            'd"q', 'Tab\there, quote " back\\slash', "back", 2, 12, (1e-05, 0.1, 2.0, 3.0), 0.0
        ),
        CardBox(
            "déck", "Ünïcode ★ 日本 \u2028 \x01", "front", 40, 2000, (-0.0, 1e22, 5, 6.25), 0.5
        ),
        CardBox("x", "y", "front", 1, 1, (math.inf, -math.inf, math.nan, 1.0), 3.0),
    ]
    assert _indented_json('m\u00e9"aterial', cards) == _as_json_writes_it('m\u00e9"aterial', cards)
    one = cards[:1]
    assert _indented_json("cards", one) == _as_json_writes_it("cards", one)
