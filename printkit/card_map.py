"""The card map of a material, `<material>.cards.json` beside its PDF: which card (deck and
name) each box of each page shows, so that `printkit diff` can name what changed on a page by
card, and reprint only those cards.

Written with the PDF, from the pages' `placed` records; deterministic (document order, boxes
in millimetres rounded to 0.01), so an unchanged material writes the same bytes.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from json.decoder import scanstring
from json.encoder import encode_basestring
from pathlib import Path

from printkit.draw.ops import Document
from printkit.load.files import position_of_byte
from printkit.model.limits import MAX_CARD_MAP_AREA, MAX_CARD_MAP_CARDS, MAX_PIECES
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
    """A card map that cannot be read or is not one printkit wrote; `line` and `column` (from
    1) say where in it, when the file is JSON at all (0 when not). `printkit diff` reports it
    with its `predicate` and `hint`."""

    predicate = "is not a card map printkit wrote"
    hint = "build the game again to write it anew"

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.line, self.column = line, column


class CardMapTooLarge(NotACardMap):
    """A card map whose boxes cover more than `printkit diff` renders for one material: each
    box is rendered alone, so a few kilobytes of JSON can ask for billions of pixels."""

    predicate = "asks for more cards than printkit diff compares in one material"
    hint = (
        f"a card map's boxes may cover {MAX_CARD_MAP_AREA // 1_000_000} m² at most; split the "
        "material's decks among several materials"
    )


def card_boxes(document: Document) -> list[CardBox]:
    """Every side of every card the document's pages place, in document order."""
    copies: Counter[tuple[str, str, str]] = Counter()
    cards = []
    for number, page in enumerate(document.pages, start=1):
        for placed in page.placed:
            side = (placed.deck, placed.name, placed.side)
            copies[side] += 1
            box = placed.box
            millimetres = (
                round(to_mm(box.x), 2),
                round(to_mm(box.y), 2),
                round(to_mm(box.w), 2),
                round(to_mm(box.h), 2),
            )
            bleed = round(to_mm(placed.bleed), 2)
            cards.append(CardBox(*side, copies[side], number, millimetres, bleed))
    return cards


def card_map_json(material_id: str, document: Document) -> bytes | None:
    """The card map of a drawn material; None when its pages place no pieces (a map, a
    sheet, a reference document)."""
    cards = card_boxes(document)
    if not cards:
        return None
    return _indented_json(material_id, cards).encode()


def _indented_json(material_id: str, cards: list[CardBox]) -> str:
    """The card map as `json.dumps(…, indent=1, ensure_ascii=False)` writes it, and a line
    break: the same characters, put together here because json's indented form is its pure
    Python encoder, a tenth of a second for a deck of 2,000 cards; each string goes through
    json's own (C) escaping, each number through the repr json uses."""
    text, number, whole = encode_basestring, _json_number, int.__repr__
    entries = [
        '  {\n   "deck": ' + text(card.deck) + ',\n   "name": ' + text(card.name)
        + ',\n   "side": ' + text(card.side) + ',\n   "copy": ' + whole(card.copy)
        + ',\n   "page": ' + whole(card.page) + ',\n   "box_mm": [\n    '
        + ",\n    ".join(map(number, card.box)) + '\n   ],\n   "bleed_mm": '
        + number(card.bleed) + "\n  }"
        for card in cards
    ]  # fmt: skip
    head = f'{{\n "version": {VERSION},\n "material": {text(material_id)},\n "cards": [\n'
    return head + ",\n".join(entries) + "\n ]\n}\n"


def _json_number(value: float) -> str:
    """A number as json writes it (json.encoder's floatstr: repr, and its words for the
    numbers that are not finite)."""
    if value.__class__ is float and -math.inf < value < math.inf:
        return float.__repr__(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if value != value:
        return "NaN"
    if value in (math.inf, -math.inf):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def read_card_map(path: Path, pages: int | None = None) -> list[CardBox]:
    """The boxes of a card map file, in document order; with `pages` (its PDF's page count),
    a card placed past the PDF's last page is refused at its entry, as is the entry past
    MAX_CARD_MAP_CARDS or whose box brings the area past MAX_CARD_MAP_AREA."""
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError as error:
        line, column = position_of_byte(raw, error.start)
        raise NotACardMap(f"byte 0x{raw[error.start]:02x} is not UTF-8", line, column) from error
    except json.JSONDecodeError as error:
        raise NotACardMap(error.msg, error.lineno, error.colno) from error
    except RecursionError as error:  # a card map is three levels deep; the parser has no place
        raise NotACardMap("lists or objects nested too deeply", 1, 1) from error
    except OSError as error:
        raise NotACardMap(str(error)) from error
    if not isinstance(data, dict) or data.get("version") != VERSION:
        version = data.get("version") if isinstance(data, dict) else None
        raise NotACardMap(f"version {version!r}, not {VERSION}", 1, 1)
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise NotACardMap("no list of cards", 1, 1)
    if len(cards) > MAX_CARD_MAP_CARDS:
        raise NotACardMap(
            f"card {MAX_CARD_MAP_CARDS + 1}: a material's map holds at most "
            f"{MAX_CARD_MAP_CARDS:,}, the two sides of its {MAX_PIECES:,} pieces",
            *_entry(text, MAX_CARD_MAP_CARDS),
        )
    boxes, area = [], 0.0
    for index, card in enumerate(cards):
        try:
            boxes.append(_card(card, pages))
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
            raise NotACardMap(f"card {index + 1}: {error}", *_entry(text, index)) from error
        area += boxes[-1].box[2] * boxes[-1].box[3]
        if area > MAX_CARD_MAP_AREA:
            raise CardMapTooLarge(
                f"card {index + 1}: the boxes up to it cover {area / 1_000_000:.1f} m²",
                *_entry(text, index),
            )
    return boxes


LARGEST_CARD_MM = 500.0  # an A2 sheet's long side is 594 mm; no card comes near


def _card(entry: dict[str, object], pages: int | None) -> CardBox:
    """One entry of a card map, its numbers checked: a page and copy from 1 (the page one the
    PDF has), a box of four finite numbers of positive size, a bleed of zero or more."""
    page, copy = int(entry["page"]), int(entry["copy"])  # type: ignore[call-overload]
    box = _box(entry["box_mm"])  # type: ignore[arg-type]
    bleed = float(entry["bleed_mm"])  # type: ignore[arg-type]
    if page < 1 or copy < 1:
        raise ValueError(f"page {page} and copy {copy} must count from 1")
    if pages is not None and page > pages:
        raise ValueError(f"page {page} is past the last page of its PDF, {pages}")
    if not all(map(math.isfinite, (*box, bleed))) or box[2] <= 0 or box[3] <= 0 or bleed < 0:
        raise ValueError(f"box {list(box)} and bleed {bleed} are not a card's")
    if max(box[2], box[3]) + 2 * bleed > LARGEST_CARD_MM:  # rendered at 300 dpi to compare
        raise ValueError(f"box {list(box)} is larger than any page printkit prints")
    return CardBox(str(entry["deck"]), str(entry["name"]), str(entry["side"]), copy, page, box,
                   bleed)  # fmt: skip


def _entry(text: str, index: int) -> tuple[int, int]:
    """Line and column of the card map's entry `index` (from 0), in `text` (JSON that parsed)."""
    return _position(text, _card_starts(text)[index])


def _card_starts(text: str) -> list[int]:
    """Where each entry of the top-level "cards" list starts in `text` (JSON that parsed):
    the object's members and the list's items decoded one by one, so a card's fault is
    located at its entry."""
    decoder = json.JSONDecoder()
    at = _after_space(text, 0) + 1  # past the "{"
    while text[_after_space(text, at)] != "}":
        key, at = scanstring(text, _after_space(text, at) + 1)
        at = _after_space(text, _after_space(text, at) + 1)  # past the ":"
        if key == "cards":
            starts, at = [], at + 1  # past the "["
            while text[at := _after_space(text, at)] != "]":
                starts.append(at)
                at = _after_comma(text, decoder.raw_decode(text, at)[1])
            return starts
        at = _after_comma(text, decoder.raw_decode(text, at)[1])
    return []


def _after_space(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()  # type: ignore[union-attr]


def _after_comma(text: str, at: int) -> int:
    at = _after_space(text, at)
    return at + 1 if text[at] == "," else at


def _position(text: str, at: int) -> tuple[int, int]:
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


_SPACE = re.compile(r"[ \t\n\r]*")


def _box(values: list[object]) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in values)  # type: ignore[arg-type]
    return (x, y, w, h)
