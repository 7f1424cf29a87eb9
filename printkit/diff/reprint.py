"""`printkit diff --reprint`: the changed cards of each material alone, imposed as the material
imposes its deck (the same paper, bleed, crop marks and backs), so that a designer reprints
the 4 cards that changed rather than the whole deck. The calibration pages are left out: the
printer was calibrated with the first print.

The cards are drawn again from the game's files, which must be what the new build was made
from: each reprinted card is compared with the same card in the new build's PDF, and a card
that differs is an error rather than a reprint of something the designer did not look at. A
card's side is one drawing whatever its copy, so the reprint renders it once, and compares it
with each distinct image the build holds of it (`Change.built`, rendered by the comparison):
2,000 copies of a card are one rendering and one comparison, not 4,000 images in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from printkit.build import CheckedGame
from printkit.card_map import CardBox, card_boxes
from printkit.diagnostics import REPRINT_MISMATCH, Diagnostics, Span, relative
from printkit.diff.compare import Change, Crops
from printkit.diff.folders import GameOutput
from printkit.diff.pixels import Packed, card_change, card_images
from printkit.draw.pdf import render_pdf
from printkit.impose.pieces import Piece
from printkit.materials.registry import compile_material


Side = tuple[str, str, str]  # deck, name and side of a card: one drawing, whatever its copy


@dataclass(frozen=True)
class Reprint:
    material: str
    cards: list[tuple[str, str]]  # deck and name of each card reprinted
    copies: int  # pieces printed: each card's copies to print again (Change.reprinted)
    pdf: bytes


def reprints(
    game: CheckedGame,
    changes: list[Change],
    new: GameOutput,
    paper: str,
    press: bool,
    diagnostics: Diagnostics,
) -> Iterator[Reprint]:
    """A reprint of each material of the game with cards to print again (changed, added or
    printed more times); none for a material whose drawing now differs from the new build (an
    error in `diagnostics`)."""
    wanted: dict[str, dict[tuple[str, str], int]] = {}
    built: dict[str, Crops] = {}
    for change in changes:
        if change.card is not None and change.reprinted and change.game == game.game:
            wanted.setdefault(change.material, {})[change.card] = change.reprinted
            built.setdefault(change.material, {}).update(change.built)
    for material, copies in wanted.items():
        if material not in game.played.package.materials:
            diagnostics.add(
                REPRINT_MISMATCH,
                f"the game's files have no material '{material}' to reprint",
                Span(relative(game.played.folder)),
                hint="reprint from the files the new build was made from: build again, then diff",
            )
            continue
        document = compile_material(
            game.played, material, game.layouts, paper, diagnostics, press, _first(copies)
        )
        if document is None:
            continue
        pdf = render_pdf(document)
        drawn = card_boxes(document)
        differing = _differing(pdf, drawn, built[material])
        if differing:
            diagnostics.add(
                REPRINT_MISMATCH,
                f"card '{differing}' of '{material}' is drawn differently from the game's "
                f"files than in {relative(new.materials[material].pdf)}; nothing reprinted",
                Span(relative(game.played.folder)),
                hint="the files changed since that build, or it was built with another --paper "
                "or --press: build it again, or diff with the options it was built with",
            )
            continue
        yield Reprint(material, list(copies), sum(card.side == "front" for card in drawn), pdf)


def _first(copies: dict[tuple[str, str], int]) -> Callable[[Piece], bool]:
    """Keeps the first so many pieces of each card (deck and name) named, asked of each piece
    once, in order: a card's copies are one drawing, so which of them matters not."""
    left = dict(copies)

    def keep(piece: Piece) -> bool:
        card = (piece.deck, piece.name)
        if left.get(card, 0) < 1:
            return False
        left[card] -= 1
        return True

    return keep


def _differing(pdf: bytes, drawn: list[CardBox], built: Crops) -> str:
    """The name of the first card that the reprint draws unlike the new build; '' if none.
    Each side of a card is rendered once, from its first copy, and compared once with each
    distinct image of that side in the build."""
    firsts: dict[Side, CardBox] = {}
    images: dict[Side, set[Packed]] = {}
    for card in drawn:
        firsts.setdefault(card.key[:3], card)
        if card.key in built:
            images.setdefault(card.key[:3], set()).add(built[card.key])
    alike: set[tuple[Side, Packed]] = set()
    for card, image in card_images(pdf, list(firsts.values())):
        side = card.key[:3]
        for packed in images.get(side, ()):
            if card_change(packed.unpack(), image) is None:
                alike.add((side, packed))
    for card in drawn:
        if card.key not in built or (card.key[:3], built[card.key]) not in alike:
            return card.name
    return ""
