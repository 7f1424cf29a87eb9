"""What changed between two builds: per game, per material, per card and per page.

A material with a card map is compared card by card, each card (deck and name, each side and
copy) against itself wherever it lies on either build's sheets, so a card that only moved (a
card added before it) is unchanged; what the sheets show outside their cards (the footer, a
calibration page) is compared page by page. A material without one (a map, a sheet, a
reference document) is compared page by page.
"""

from __future__ import annotations

from printkit.diagnostics import printable

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path

import numpy as np

from printkit.card_map import CardBox
from printkit.diff.folders import GameOutput, MaterialOutput
from printkit.diff.pixels import (
    Image,
    Packed,
    PixelBox,
    bounding_box,
    card_change,
    card_images,
    changed,
    pages,
)
from printkit.model.units import MM

CardKey = tuple[str, str, str, int]  # deck, name, side, copy
Crops = dict[CardKey, Packed]  # each card's image, kept compressed; copies drawn alike share one
SHOWN_PIXELS = 1600  # a page shown in the report is shrunk to this on its longer side


@dataclass
class Change:
    """One thing that differs: a game, a material, a card or a page, added, removed or
    changed; with the two images (where there are) and the changed area in their pixels."""

    game: str
    material: str  # "" for a whole game
    subject: str  # "card 'Death Ray' (deck 'deck')", "page 3", "material", "game"
    kind: str  # "changed", "added" or "removed"
    detail: str = ""
    old: Packed | None = None
    new: Packed | None = None
    box: PixelBox | None = None
    card: tuple[str, str] | None = None  # deck and name, for a card
    # a card's copies to print again: every one of a card new or drawn anew, of a card only
    # printed more times the copies added (the others are in the box), of a removed one none
    reprinted: int = 0
    # the new build's image of each side and copy of an added or changed card (copies drawn
    # alike share one): what --reprint checks its own drawing of the card against
    built: Crops = field(default_factory=dict)

    def describe(self) -> str:
        where = f"{self.game}/{self.material}" if self.material else self.game
        detail = f" ({self.detail})" if self.detail else ""
        return f"{where}: {self.subject} {self.kind}{detail}"


def compare_outputs(old: dict[str, GameOutput], new: dict[str, GameOutput]) -> list[Change]:
    """Every change from the games of `old` to those of `new`, paired by game id."""
    changes: list[Change] = []
    for name in sorted(old.keys() | new.keys()):
        if name not in new:
            changes.append(Change(name, "", "game", "removed"))
        elif name not in old:
            changes.append(Change(name, "", "game", "added"))
        else:
            changes += _game_changes(name, old[name], new[name])
    return changes


def _game_changes(game: str, old: GameOutput, new: GameOutput) -> Iterator[Change]:
    for name in sorted(old.materials.keys() | new.materials.keys()):
        if name not in new.materials:
            yield Change(game, name, "material", "removed")
        elif name not in old.materials:
            yield Change(game, name, "material", "added")
        else:
            before, after = old.materials[name], new.materials[name]
            if before.pdf.read_bytes() == after.pdf.read_bytes():
                continue  # a build is byte-identical when nothing changed: no need to look
            if before.cards is not None and after.cards is not None:
                yield from _card_changes(game, before, after)
            else:
                yield from _page_changes(game, before, after)


def _page_changes(game: str, old: MaterialOutput, new: MaterialOutput) -> Iterator[Change]:
    for number, (before, after) in enumerate(zip_longest(pages(old.pdf), pages(new.pdf)), 1):
        subject = f"page {number}"
        if after is None:
            yield Change(game, old.name, subject, "removed", old=_shown(before[0])[0])
        elif before is None:
            yield Change(game, old.name, subject, "added", new=_shown(after[0])[0])
        else:
            change = _page_change(game, old.name, subject, before[0], after[0])
            if change is not None:
                yield change


def _page_change(
    game: str, material: str, subject: str, old: Image, new: Image, detail: str = ""
) -> Change | None:
    box = bounding_box(changed(old, new))
    if box is None:
        return None
    shown_old, _ = _shown(old)
    shown_new, shown_box = _shown(new, box)
    return Change(game, material, subject, "changed", detail, shown_old, shown_new, shown_box)


def _shown(image: Image, box: PixelBox | None = None) -> tuple[Packed, PixelBox | None]:
    """A page image small enough for the report (every nth pixel), and the box on it."""
    step = max(1, -(-max(image.shape[:2]) // SHOWN_PIXELS))
    if box is not None:
        left, top, right, bottom = box
        box = (left // step, top // step, -(-right // step), -(-bottom // step))
    return Packed.of(np.ascontiguousarray(image[::step, ::step])), box


def _card_changes(game: str, old: MaterialOutput, new: MaterialOutput) -> Iterator[Change]:
    assert old.cards is not None and new.cards is not None
    old_crops, new_crops = _crops(old.pdf, old.cards), _crops(new.pdf, new.cards)
    yield from _cards(game, old, new, old_crops, new_crops)
    rendered = zip(pages(old.pdf), pages(new.pdf), strict=False)  # the rest: "pages" below
    for number, ((before, scale), (after, _)) in enumerate(rendered, start=1):
        boxes = [card for card in [*old.cards, *new.cards] if card.page == number]
        blanked = _blank(before, scale, boxes), _blank(after, scale, boxes)
        change = _page_change(game, old.name, f"page {number}", *blanked, "outside the cards")
        if change is not None:
            yield change
    old_pages, new_pages = _pages_of(old.cards), _pages_of(new.cards)
    if old_pages != new_pages:
        yield Change(game, old.name, "pages", "changed", f"{old_pages} → {new_pages}")


def _crops(pdf: Path, cards: list[CardBox]) -> Crops:
    """Each card's side rendered, compressed once per distinct image: the 2,000 copies of a
    card in a deck are one image, not 2,000 (their digest tells them apart)."""
    images: dict[bytes, Packed] = {}
    crops = {}
    for card, image in card_images(pdf, cards):
        digest = hashlib.sha256(image.data).digest()
        if digest not in images:
            images[digest] = Packed.of(image)
        crops[card.key] = images[digest]
    return crops


def _pages_of(cards: list[CardBox]) -> int:
    return max((card.page for card in cards), default=0)


def _blank(image: Image, scale: float, cards: list[CardBox]) -> Image:
    """The page with the cards painted white, bleed and all: what lies outside them."""
    blanked = image.copy()
    per_mm = scale * MM
    for card in cards:
        x, y, w, h = card.box
        left, top = (
            max(round((x - card.bleed) * per_mm) - 1, 0),
            max(round((y - card.bleed) * per_mm) - 1, 0),
        )
        right, bottom = (
            round((x + w + card.bleed) * per_mm) + 1,
            round((y + h + card.bleed) * per_mm) + 1,
        )
        blanked[top:bottom, left:right] = 255
    return blanked


def _cards(
    game: str, old: MaterialOutput, new: MaterialOutput, old_crops: Crops, new_crops: Crops
) -> Iterator[Change]:
    """One change per card (deck and name) that differs, in the new build's order."""
    assert old.cards is not None and new.cards is not None
    old_of, new_of = _keys_by_card(old.cards), _keys_by_card(new.cards)
    for card in dict.fromkeys([*new_of, *old_of]):
        old_keys, new_keys = old_of.get(card, []), new_of.get(card, [])
        deck, name = card
        subject = f"card '{printable(name)}' (deck '{printable(deck)}')"  # a card map's text
        if not new_keys:
            image = old_crops[old_keys[0]]
            yield Change(game, old.name, subject, "removed", old=image, card=card)
            continue
        printed = _copies_of(new_keys)
        built = {key: new_crops[key] for key in new_keys}
        if not old_keys:
            image = new_crops[new_keys[0]]
            yield Change(
                game, old.name, subject, "added", new=image, card=card, reprinted=printed, built=built
            )
            continue
        change = _card_change(old_crops, new_crops, old_keys, new_keys)
        if change is not None:
            sides, (before, after, box) = change
            had = _copies_of(old_keys)
            copies = [f"{had} → {printed} copies"] if had != printed else []
            detail = ", ".join([*([" and ".join(sides)] if sides else []), *copies])
            reprinted = printed if sides else max(printed - had, 0)
            yield Change(
                game, old.name, subject, "changed", detail, before, after, box, card, reprinted, built
            )


def _keys_by_card(cards: list[CardBox]) -> dict[tuple[str, str], list[CardKey]]:
    """Each card's (deck and name) sides and copies, in the map's order, in one pass: searching
    both maps once per card grew with the square of their entries (0.3 s for 2,000 cards)."""
    keys: dict[tuple[str, str], list[CardKey]] = {}
    for card in cards:
        keys.setdefault((card.deck, card.name), []).append(card.key)
    return keys


def _card_change(
    old_crops: Crops, new_crops: Crops, old_keys: list[CardKey], new_keys: list[CardKey]
) -> tuple[list[str], tuple[Packed, Packed, PixelBox | None]] | None:
    """The sides of a card that changed, and the first change's images and box; a card whose
    copies were only added or removed changed too (with no side). Each distinct pair of images
    is compared once, however many copies show it."""
    sides: list[str] = []
    shown: tuple[Packed, Packed, PixelBox | None] | None = None
    boxes: dict[tuple[Packed, Packed], PixelBox | None] = {}
    for key in new_keys:
        if key not in old_crops:
            continue
        before, after = old_crops[key], new_crops[key]
        if before == after:
            continue
        if (before, after) not in boxes:
            boxes[before, after] = card_change(before.unpack(), after.unpack())
        box = boxes[before, after]
        if box is None:
            continue
        if key[2] not in sides:
            sides.append(key[2])
        shown = shown or (before, after, box)
    if shown is None and set(old_keys) == set(new_keys):
        return None
    if shown is None:  # only the number of copies changed: show the card as it is
        image = new_crops[new_keys[0]]
        shown = (image, image, None)
    return sides, shown


def _copies_of(keys: list[CardKey]) -> int:
    """How many copies of a card a build prints (the copies of its first side)."""
    return sum(1 for key in keys if key[2] == keys[0][2])
