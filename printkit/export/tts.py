"""Tabletop Simulator: a deck's cards as face sheets and a saved object that places the deck;
counters as custom tiles.

The facts this follows, from Tabletop Simulator's own documentation (docs/printing.md cites
the pages: the Knowledge Base's Custom Deck, Custom Tile, Asset Creation and Save File Format
pages, and the Lua API's Custom Game Objects page):
- a deck's face image is a card sheet, cut evenly by its NumWidth × NumHeight; 10 × 7 is
  TTS's default sheet (the API's `width` and `height` default to 10 and 7), and the most a
  sheet here holds. CardID is the sheet's CustomDeck number × 100 plus the card's index on the
  sheet, read row by row (the save format: the key "matches the hundreth place of the id");
- a rectangular deck sheet is recommended at 4096 pixels wide, and images under 4096 × 4096
  (Asset Creation), so each sheet is rendered at the highest resolution at which its long side
  fits in 4096 pixels, and never above the card dpi (300 by default), where more pixels show
  nothing more;
- BackIsHidden is set, so a card in a hand shows other players its back: every one of the 70
  slots of a sheet holds a card (unset, TTS shows the sheet's last image as the hidden card,
  and a full sheet could hold only 69 cards);
- the card `Type` (0 rectangle with rounded corners, 3 hexagon, 4 circle) and the tile `Type`
  (0 box, 1 hexagon, 2 circle) are the API's numbers for those shapes.

Images are named by relative paths (or under the `tts: {url: …}` the material gives): a file
path would pin the saved object to one machine and one output folder, and change the file with
every folder it is built in.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from typing import Any

from printkit.diagnostics import TTS_NO_URL, Diagnostics
from printkit.draw.ops import Page, Paint, Rect
from printkit.export.pieces import Card, DrawnPieces, shape_of
from printkit.export.raster import named_pngs, page_pngs
from printkit.impose.placement import place
from printkit.load.yaml_spans import SourceMap

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_PIXELS = 4096
_CARD_TYPE = {"rectangle": 0, "hexagon": 3, "circle": 4}  # rounded rectangle, hex, circle
_TILE_TYPE = {"rectangle": 0, "hexagon": 1, "circle": 2}  # box, hex, circle
_BLANK = (Rect(0.0, 0.0, 1e4, 1e4, Paint("#ffffff")),)  # the back of a card that has none


def sheets_of(cards: list[Card]) -> list[list[Card]]:
    """The deck in sheets of at most 10 × 7 cards, in deck order."""
    size = MAX_COLUMNS * MAX_ROWS
    return [cards[start : start + size] for start in range(0, len(cards), size)]


def grid_of(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `count` cards: full rows of 10, fewer for a small sheet."""
    columns = min(MAX_COLUMNS, count)
    return columns, math.ceil(count / columns)


def sheet_dpi(width: float, height: float, columns: int, rows: int, card_dpi: int) -> float:
    """The highest resolution at which the sheet's long side fits in 4096 pixels, at most
    `card_dpi` (rounded down so that pdfium's rounding up never passes 4096)."""
    longest = max(width * columns, height * rows) / 72  # inches
    return min(float(card_dpi), math.floor(MAX_PIXELS / longest * 1000) / 1000)


def _sheet_page(cards: list[Card], back: bool) -> Page:
    first = cards[0].piece
    w, h = first.width, first.height
    columns, rows = grid_of(len(cards))
    ops = []
    for index, card in enumerate(cards):
        art = (card.piece.back or _BLANK) if back else card.piece.front
        row, column = divmod(index, columns)
        ops.append(place(art, column * w, row * h, w, h, (0.0, 0.0, 0.0, 0.0)))
    return Page(w * columns, h * rows, ops)


def deck_files(
    material_id: str, title: str, drawn: DrawnPieces, url: str, card_dpi: int
) -> Iterator[tuple[str, bytes]]:
    """The face sheets, the back (one image, or a back sheet per face sheet when the backs
    differ) and `<material>.tts.json`, the saved object of the deck."""
    first = drawn.cards[0].piece
    shared = drawn.shared_back
    sheets = sheets_of(drawn.cards)
    custom: dict[str, dict[str, Any]] = {}
    back_name = f"{material_id}.tts-back.png"
    if shared:
        columns, rows = grid_of(len(sheets[0]))
        dpi = sheet_dpi(first.width, first.height, columns, rows, card_dpi)
        back_page = _sheet_page(drawn.cards[:1], back=True)
        yield back_name, page_pngs([back_page], drawn.symbols, dpi)[0]
    for number, cards in enumerate(sheets, start=1):
        columns, rows = grid_of(len(cards))
        dpi = sheet_dpi(first.width, first.height, columns, rows, card_dpi)
        face_name = f"{material_id}.tts-faces-{number}.png"
        pages = [_sheet_page(cards, back=False)]
        if not shared:
            pages.append(_sheet_page(cards, back=True))
        images = page_pngs(pages, drawn.symbols, dpi)
        yield face_name, images[0]
        if not shared:
            back_name = f"{material_id}.tts-backs-{number}.png"
            yield back_name, images[1]
        custom[str(number)] = {
            "FaceURL": url + face_name,
            "BackURL": url + back_name,
            "NumWidth": columns,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": not shared,
            "Type": _CARD_TYPE[shape_of(first)],
        }
    saved = _saved_object([_deck_object(material_id, title, drawn.cards, custom)])
    yield f"{material_id}.tts.json", saved


def _deck_object(
    material_id: str, title: str, cards: list[Card], custom: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    size = MAX_COLUMNS * MAX_ROWS
    contained = []
    for place_in_deck, card in enumerate(cards):
        sheet, index = divmod(place_in_deck, size)
        deck_number = str(sheet + 1)
        contained.append(
            {
                "Name": "Card",
                "GUID": _guid(material_id, place_in_deck),
                "Transform": _transform(0.0, 0.0, face_down=True),
                "Nickname": card.name,
                "Description": card.description,
                "CardID": (sheet + 1) * 100 + index,
                "CustomDeck": {deck_number: custom[deck_number]},
            }
        )
    if len(contained) == 1:  # TTS's decks hold two cards or more; one card lies alone
        return contained[0]
    return {
        "Name": "DeckCustom",
        "GUID": _guid(material_id, -1),
        "Transform": _transform(0.0, 0.0, face_down=True),
        "Nickname": title,
        "Description": "",
        "DeckIDs": [card["CardID"] for card in contained],
        "CustomDeck": custom,
        "ContainedObjects": contained,
    }


def check_url(material_id: str, url: str, spans: SourceMap, diagnostics: Diagnostics) -> None:
    """A note when the saved object will name its images by bare file names: it loads in
    Tabletop Simulator with none of them, and nothing else would say so before a player
    opens it. At the material's `tts:` when it has one, else at the material."""
    if url:
        return
    tts = ("materials", material_id, "tts")
    diagnostics.add(
        TTS_NO_URL,
        f"{material_id}.tts.json names its images by bare file names: Tabletop Simulator "
        "loads none of them until 'tts: {url: …}' says where they are served from",
        spans.key(tts) if tts in spans.keys else spans.key(tts[:2]),
        hint="upload the images (the Cloud Manager, or any web host) and set 'tts: {url: "
        "https://…/}' to their folder, or 'url: file:///…/' (the output folder) to play on "
        "this machine",
    )


def tile_files(
    material_id: str, drawn: DrawnPieces, url: str, card_dpi: int
) -> Iterator[tuple[str, bytes]]:
    """Counters as custom tiles: one image per distinct piece and side (at the trim, which
    TTS's tile shape cuts round or hexagonal), and `<material>.tts.json` placing every piece,
    a row of ten at a time."""
    distinct: dict[int, int] = {}  # id of a piece -> its number among the distinct pieces
    named = []
    for card in drawn.cards:
        if id(card.piece) in distinct:
            continue
        number = distinct[id(card.piece)] = len(distinct) + 1
        for side, ops in (("front", card.piece.front), ("back", card.piece.back)):
            if ops is not None:
                page = _sheet_page([card], back=side == "back")
                named.append((f"{material_id}.tts-{number:03d}-{side}.png", page))
    yield from named_pngs(named, drawn.symbols, card_dpi)
    objects = []
    for index, card in enumerate(drawn.cards):
        number = distinct[id(card.piece)]
        back = card.piece.back is not None
        row, column = divmod(index, MAX_COLUMNS)
        objects.append(
            {
                "Name": "Custom_Tile",
                "GUID": _guid(material_id, index),
                "Transform": _transform(column * 2.5, row * -2.5, face_down=False),
                "Nickname": card.name,
                "Description": card.description,
                "CustomImage": {
                    "ImageURL": f"{url}{material_id}.tts-{number:03d}-front.png",
                    "ImageSecondaryURL": (
                        f"{url}{material_id}.tts-{number:03d}-back.png" if back else ""
                    ),
                    "WidthScale": 0.0,
                    "CustomTile": {
                        "Type": _TILE_TYPE[shape_of(card.piece)],
                        "Thickness": 0.2,
                        "Stackable": True,
                        "Stretch": True,
                    },
                },
            }
        )
    yield f"{material_id}.tts.json", _saved_object(objects)


def _transform(x: float, z: float, face_down: bool) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _guid(material_id: str, index: int) -> str:
    """Six hex digits, the same on every build (TTS gives a spawned object a new one if it
    clashes with an object on the table)."""
    return hashlib.sha256(f"{material_id}/{index}".encode()).hexdigest()[:6]


def _saved_object(objects: list[dict[str, Any]]) -> bytes:
    """A TTS saved-object file: what 'Save Object' writes into 'Saved Objects'."""
    save = {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "Note": "",
        "ObjectStates": objects,
    }
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
