"""The card map of a material, `<material>.cards.json` beside its PDF: which card (deck and
name) each box of each page shows, so that `printkit diff` can name what changed on a page by
card, and reprint only those cards.

Written with the PDF, from the pages' `placed` records; deterministic (document order, boxes
in millimetres rounded to 0.01), so an unchanged material writes the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from printkit.draw.ops import Document
from printkit.model.units import to_mm

SUFFIX = ".cards.json"
VERSION = 1


@dataclass(frozen=True)
class CardBox:
    """One side of one copy of a card on a page: `box` is its trim (x, y, w, h) in mm from
    the page's top-left corner, `bleed` how far its art may reach past it; `page` counts
    from 1."""

    deck: str
    name: str
    side: str
    copy: int
    page: int
    box: tuple[float, float, float, float]
    bleed: float  # mm its art may reach past the box

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.deck, self.name, self.side, self.copy)


class NotACardMap(Exception):
    """A card map that cannot be read or is not one printkit wrote."""


def card_boxes(document: Document) -> list[CardBox]:
    """Every side of every card the document's pages place, in document order."""
    copies: Counter[tuple[str, str, str]] = Counter()
    cards = []
    for number, page in enumerate(document.pages, start=1):
        for placed in page.placed:
            copies[placed.deck, placed.name, placed.side] += 1
            copy = copies[placed.deck, placed.name, placed.side]
            box = placed.box
            millimetres = _box([round(to_mm(v), 2) for v in (box.x, box.y, box.w, box.h)])
            bleed = round(to_mm(placed.bleed), 2)
            cards.append(
                CardBox(placed.deck, placed.name, placed.side, copy, number, millimetres, bleed)
            )
    return cards


def card_map_json(material_id: str, document: Document) -> bytes | None:
    """The card map of a drawn material; None when its pages place no pieces (a map, a
    sheet, a reference document)."""
    cards = [
        {
            "deck": card.deck,
            "name": card.name,
            "side": card.side,
            "copy": card.copy,
            "page": card.page,
            "box_mm": list(card.box),
            "bleed_mm": card.bleed,
        }
        for card in card_boxes(document)
    ]
    if not cards:
        return None
    data = {"version": VERSION, "material": material_id, "cards": cards}
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()


def read_card_map(path: Path) -> list[CardBox]:
    """The boxes of a card map file, in document order."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            raise NotACardMap(f"version {data.get('version')!r}, not {VERSION}")
        return [
            CardBox(
                str(c["deck"]),
                str(c["name"]),
                str(c["side"]),
                int(c["copy"]),
                int(c["page"]),
                _box(c["box_mm"]),
                float(c["bleed_mm"]),
            )
            for c in data["cards"]
        ]
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError) as error:
        raise NotACardMap(str(error)) from error


def _box(values: list[object]) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in values)  # type: ignore[arg-type]
    return (x, y, w, h)
