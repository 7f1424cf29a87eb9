"""The pieces of a cards or counters material, drawn again at the bleed an export asks for,
with what a virtual tabletop shows of each: its name and a description from its data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from printkit.diagnostics import TEMPLATE_ERROR, Diagnostics
from printkit.draw.ops import Circle, Path, Symbol
from printkit.impose.pieces import Piece
from printkit.materials.art import ArtFinder
from printkit.materials.card_faces import FaceDrawer
from printkit.materials.cards import card_context, deck_context, deck_pieces
from printkit.model.package import printed_decks
from printkit.sandbox.environment import game_budget
from printkit.sandbox.expressions import TemplateProblem, render

if TYPE_CHECKING:
    from printkit.build import CheckedGame
    from printkit.load.package import LoadedPackage


@dataclass(frozen=True)
class Card:
    """One physical piece, in deck order: a count of 3 is three cards sharing one piece."""

    piece: Piece
    name: str
    description: str


@dataclass(frozen=True)
class DrawnPieces:
    cards: list[Card]
    symbols: dict[str, Symbol]  # the shared frames the pieces' ops use

    @property
    def shared_back(self) -> bool:
        """Whether every card has the same back (one back image serves the whole deck)."""
        first = self.cards[0].piece.back
        return all(c.piece.back is first or c.piece.back == first for c in self.cards[1:])


def material_decks(game: CheckedGame, material_id: str) -> list[str] | None:
    """The decks a cards or counters material prints; None for any other kind."""
    return printed_decks(game.played.package.materials[material_id])


def draw_pieces(game: CheckedGame, material_id: str, bleed: float) -> DrawnPieces | None:
    """Every piece of the material, with `bleed` of art round each; None when the material
    prints no pieces or its decks have faults (reported already, when the sheets were drawn:
    nothing is written for such a game)."""
    loaded = game.played
    decks = material_decks(game, material_id) or []
    drawer = FaceDrawer(bleed, Diagnostics(), ArtFinder(loaded.files))
    cards: list[Card] = []
    with game_budget():
        for deck_id in decks:
            deck = loaded.package.decks.get(deck_id)
            if deck is None:
                return None
            pieces = deck_pieces(loaded, deck_id, game.layouts, drawer, Diagnostics())
            said = describe(loaded, material_id, deck_id, Diagnostics())
            entries = [
                (card.name, text)
                for card, text in zip(deck.cards, said, strict=True)
                for _ in range(card.count)
            ]
            if len(pieces) != len(entries):
                return None
            cards += [Card(p, name, text) for p, (name, text) in zip(pieces, entries, strict=True)]
    return DrawnPieces(cards, drawer.symbols) if cards else None


def check_descriptions(loaded: LoadedPackage, diagnostics: Diagnostics) -> None:
    """Every material's `tts.description` renders for each of its cards. Checked with the
    game, so that `validate` and every build find what a build with `--format tts` would."""
    for material_id, spec in loaded.package.materials.items():
        decks = printed_decks(spec)
        if decks and spec.tts.description is not None:  # type: ignore[union-attr]
            for deck_id in decks:
                if deck_id in loaded.package.decks:
                    describe(loaded, material_id, deck_id, diagnostics)


def describe(
    loaded: LoadedPackage, material_id: str, deck_id: str, diagnostics: Diagnostics
) -> list[str]:
    """Each card's description (of the deck's card entries, in order): the material's
    `tts.description` template rendered for it, or its data fields a line each. A template
    that fails is reported once, at the template, with the first card it fails on."""
    deck = loaded.package.decks[deck_id]
    template = loaded.package.materials[material_id].tts.description
    if template is None:
        return [_fields(card.values) for card in deck.cards]
    shared = deck_context(loaded, deck_id)
    said, failed = [], []
    with game_budget():
        for card in deck.cards:
            if deck.unknown_names(card):  # PK200 at the card; it is not drawn either
                said.append("")
                continue
            try:
                said.append(render(template, card_context(deck, card, shared)))
            except TemplateProblem as problem:
                said.append("")
                failed.append((card.name, problem))
    if failed:
        name, problem = failed[0]
        more = f" (and {len(failed) - 1} more)" if len(failed) > 1 else ""
        diagnostics.add(
            problem.code or TEMPLATE_ERROR,
            f"tts.description of card '{name}'{more}: {problem}",
            loaded.spans.value(("materials", material_id, "tts", "description")),
            hint=problem.hint
            or "the template sees what a layout's text sees: card, set, kind, "
            "deck, game and values",
        )
    return said


def _fields(values: dict[str, object]) -> str:
    """The card's own data, a line per field, as a tabletop shows it on hovering the card."""
    return "\n".join(
        f"{key}: {value}" for key, value in values.items() if isinstance(value, str | int | float)
    )


def shape_of(piece: Piece) -> str:
    """'rectangle', 'circle' or 'hexagon', from the cut line a shaped piece carries."""
    if isinstance(piece.outline, Circle):
        return "circle"
    if isinstance(piece.outline, Path):
        return "hexagon"
    return "rectangle"
