"""The card material: a deck of the package, drawn face by face and imposed for print."""

from __future__ import annotations

from typing import Any

from printkit.diagnostics import (
    BAD_VALUE,
    SHEET_TOO_SMALL,
    UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
)
from printkit.draw.ops import Document
from printkit.impose.calibration import calibration_pages
from printkit.impose.catalogue import papers
from printkit.impose.fold import fold_unit, impose_fold
from printkit.impose.grid import fit_grid
from printkit.impose.pieces import Piece
from printkit.impose.pod import impose_print_on_demand
from printkit.impose.sheet import impose_sheets
from printkit.load.package import LoadedPackage
from printkit.materials.card_faces import FaceContext, FaceDrawer
from printkit.model.layout import Layout
from printkit.model.package import CardsMaterial, CardSpec, DeckSpec
from printkit.model.units import to_mm


def card_context(loaded: LoadedPackage, deck_id: str, card: CardSpec) -> dict[str, Any]:
    """The names a card's templates can use: card, set, kind, deck, game."""
    deck = loaded.package.decks[deck_id]
    card_set = deck.sets.get(card.set) if card.set else None
    kind = deck.kinds.get(card.kind) if card.kind else None
    values = {
        "name": card.name,
        "count": card.count,
        "kind": card.kind,
        "set": card.set,
        "pips": card.pips if card.pips is not None else (card_set.size if card_set else None),
        **card.values,
    }
    return {
        "card": values,
        "set": {"id": card.set, **card_set.model_dump()} if card_set else None,
        "kind": {"id": card.kind, "label": kind.label or card.kind} if kind else None,
        "deck": {"id": deck_id, "size": sum(c.count for c in deck.cards)},
        "game": loaded.package.game.model_dump(),
    }


def _layout(
    name: str | None,
    layouts: dict[str, Layout],
    where: tuple,
    loaded: LoadedPackage,
    diagnostics: Diagnostics,
) -> Layout | None:
    if name is None:
        return None
    if name not in layouts:
        if name not in loaded.package.layouts:  # otherwise already reported while resolving
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"unknown layout '{name}'",
                loaded.spans.value(where),
                hint=did_you_mean(name, loaded.package.layouts),
            )
        return None
    return layouts[name]


def deck_pieces(
    loaded: LoadedPackage,
    deck_id: str,
    layouts: dict[str, Layout],
    drawer: FaceDrawer,
    diagnostics: Diagnostics,
) -> list[Piece]:
    """One piece per physical card (a card with count 3 gives three pieces)."""
    deck: DeckSpec = loaded.package.decks[deck_id]
    base = ("decks", deck_id)
    region_spans = {
        (layout, region): loaded.spans.value(("layouts", layout, "regions", region))
        for layout, spec in loaded.package.layouts.items()
        for region in spec.regions
    }
    pieces: list[Piece] = []
    for index, card in enumerate(deck.cards):
        path = (*base, "cards", index)
        front = _layout(
            card.layout or deck.layout,
            layouts,
            (*path, "layout") if card.layout else (*base, "layout"),
            loaded,
            diagnostics,
        )
        back = _layout(
            card.back or deck.back,
            layouts,
            (*path, "back") if card.back else (*base, "back"),
            loaded,
            diagnostics,
        )
        if front is None:
            continue
        values = card_context(loaded, deck_id, card)
        context = FaceContext(values, deck.icons, f"card '{card.name}'", loaded.spans.value(path))
        context.region_spans = {r: s for (lay, r), s in region_spans.items() if lay == front.name}
        front_ops = tuple(drawer.face(front, context))
        back_ops = None
        if back is not None:
            context.region_spans = {
                r: s for (lay, r), s in region_spans.items() if lay == back.name
            }
            back_ops = tuple(drawer.face(back, context))
        piece = Piece(card.name, front.width, front.height, front_ops, back_ops)
        pieces += [piece] * card.count
    return pieces


def compile_cards(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    paper_name: str,
    diagnostics: Diagnostics,
) -> Document | None:
    material: CardsMaterial = loaded.package.materials[material_id]
    where = ("materials", material_id)
    if material.deck not in loaded.package.decks:
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"material '{material_id}' names unknown deck '{material.deck}'",
            loaded.spans.value((*where, "deck")),
            hint=did_you_mean(material.deck, loaded.package.decks),
        )
        return None
    spec = material.impose
    drawer = FaceDrawer(spec.bleed, diagnostics)
    pieces = deck_pieces(loaded, material.deck, layouts, drawer, diagnostics)
    title = material.title or f"{loaded.package.game.title} · {material_id}"
    document = Document(title, symbols={})
    if not pieces:
        return None
    sizes = {(round(p.width, 3), round(p.height, 3)) for p in pieces}
    if len(sizes) > 1:
        shown = ", ".join(f"{to_mm(w):.1f} × {to_mm(h):.1f} mm" for w, h in sorted(sizes))
        diagnostics.add(
            BAD_VALUE,
            f"deck '{material.deck}' mixes card sizes: {shown}",
            loaded.spans.value(("decks", material.deck)),
            hint="one material imposes cards of one size; split the deck",
        )
        return None
    paper_key = spec.paper or paper_name
    if paper_key not in papers():
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"unknown paper '{paper_key}'",
            loaded.spans.value((*where, "impose", "paper")),
            hint=did_you_mean(paper_key, papers()),
        )
        return None
    paper = papers()[paper_key]
    if spec.mode == "print_on_demand":
        document.pages = impose_print_on_demand(pieces, spec)
    else:
        first = pieces[0]
        folded = spec.mode == "fold"
        cell = fold_unit(first, spec.fold) if folded else (first.width, first.height)
        gap = 2 * spec.bleed if folded or spec.gutter == "bleed" else 0.0
        grid = fit_grid(paper, cell, gap, spec.margin)
        if grid is None:
            diagnostics.add(
                SHEET_TOO_SMALL,
                f"material '{material_id}': a piece of "
                f"{to_mm(cell[0]):.1f} × {to_mm(cell[1]):.1f} mm does not fit "
                f"on {paper_key} inside {to_mm(spec.margin):.1f} mm margins",
                loaded.spans.value(where),
                hint="choose a larger paper or a smaller piece",
            )
            return None
        if folded:
            document.pages = impose_fold(pieces, grid, spec, title)
        else:
            document.pages = impose_sheets(pieces, grid, spec, title)
        if spec.calibration and spec.backs != "none":
            document.pages += calibration_pages(paper, spec)
    document.symbols = drawer.symbols
    return document
