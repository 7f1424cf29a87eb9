"""The card material: a deck of the package, drawn face by face and imposed for print.

`deck_pieces` is shared with counter sheets: a deck is a list of pieces with counts, whatever
their shape, and both materials turn it into pieces the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from printkit.diagnostics import BAD_VALUE, UNKNOWN_REFERENCE, Diagnostics, Span, did_you_mean
from printkit.draw.ops import Document
from printkit.impose.calibration import calibration_pages
from printkit.impose.fold import fold_unit, impose_fold
from printkit.impose.grid import fit_grid, fitting_margin
from printkit.impose.marks import OUTLINE_PAINT
from printkit.impose.pieces import Piece
from printkit.impose.pod import impose_print_on_demand
from printkit.impose.sheet import impose_sheets
from printkit.load.package import LoadedPackage
from printkit.materials.art import ArtFinder
from printkit.materials.card_faces import FaceContext, FaceDrawer
from printkit.materials.icons import icon_table
from printkit.materials.paper import material_paper, report_too_small
from printkit.materials.shapes import is_straight_cut, outline
from printkit.materials.texts import MaterialTexts
from printkit.model.layout import Layout
from printkit.model.package import CardsMaterial, CardSpec, DeckSpec
from printkit.model.units import to_mm
from printkit.model.version import with_edition


def deck_context(loaded: LoadedPackage, deck_id: str) -> dict[str, Any]:
    """The template names shared by every card of a deck: deck, game and the rules' named
    values (computed once), so that a card prints a rule's number through the data."""
    package = loaded.package
    deck = package.decks[deck_id]
    return {
        "deck": {"id": deck_id, "size": sum(c.count for c in deck.cards)},
        "game": package.game.model_dump(),
        "values": dict(package.rules.values) if package.rules else {},
    }


# What every card holds, besides the fields its deck declares (card_context's first keys)
CARD_NAMES = frozenset(("name", "count", "kind", "set", "pips"))


def card_context(deck: DeckSpec, card: CardSpec, shared: dict[str, Any]) -> dict[str, Any]:
    """The names a card's templates can use: card, set, kind, and the deck's shared names."""
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
        **shared,
    }


def _layout(
    side: str,
    card: CardSpec,
    deck: DeckSpec,
    card_path: tuple,
    layouts: dict[str, Layout],
    loaded: LoadedPackage,
    diagnostics: Diagnostics,
) -> Layout | None:
    """The card's `side` ('layout' or 'back'): its own, else its deck's; None if it has none.
    An unknown name is reported where it is written, on the card or on the deck."""
    own = getattr(card, side)
    name = own or getattr(deck, side)
    where = (*(card_path if own else card_path[:2]), side)
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
    """One piece per physical card or counter (a count of 3 gives three pieces)."""
    deck: DeckSpec = loaded.package.decks[deck_id]
    base = ("decks", deck_id)
    shared = deck_context(loaded, deck_id)
    icons = icon_table(loaded, deck_id, drawer.art, diagnostics)
    pieces: list[Piece] = []
    mismatched: set[tuple[str, str]] = set()
    for index, card in enumerate(deck.cards):
        path = (*base, "cards", index)
        front = _layout("layout", card, deck, path, layouts, loaded, diagnostics)
        back = _layout("back", card, deck, path, layouts, loaded, diagnostics)
        if front is None or deck.unknown_names(card):  # its kind or set: PK200 at the card
            continue
        if back is not None and not _same_shape(front, back):
            if (front.name, back.name) not in mismatched:
                mismatched.add((front.name, back.name))
                diagnostics.add(
                    BAD_VALUE,
                    f"back layout '{back.name}' is {_describe(back)} but front layout "
                    f"'{front.name}' is {_describe(front)}",
                    loaded.spans.value((*path, "back") if card.back else (*base, "back")),
                    hint="a back must have the size and shape of its front to line up",
                )
            continue
        values = card_context(deck, card, shared)
        context = FaceContext(
            values,
            icons,
            f"card '{card.name}'",
            loaded.spans.value(path),
            partial(_value_span, loaded, path),
            CARD_NAMES | frozenset(deck.fields),
        )
        front_ops = tuple(drawer.face(front, context))
        back_ops = tuple(drawer.face(back, context)) if back is not None else None
        cut = None if is_straight_cut(front) else outline(front, OUTLINE_PAINT)
        piece = Piece(card.name, front.width, front.height, front_ops, back_ops, cut, deck_id)
        pieces += [piece] * card.count
    return pieces


def _value_span(loaded: LoadedPackage, card: tuple[str | int, ...], key: str) -> Span:
    """Where one of a card's values is written (for a generated card, its generator's entry)."""
    return loaded.spans.value(loaded.spans.origin((*card, key)))


def _same_shape(a: Layout, b: Layout) -> bool:
    return (
        abs(a.width - b.width) < 1e-6
        and abs(a.height - b.height) < 1e-6
        and is_straight_cut(a) == is_straight_cut(b)
        and (is_straight_cut(a) or (a.shape, a.orientation) == (b.shape, b.orientation))
    )


def _describe(layout: Layout) -> str:
    size = f"{to_mm(layout.width):.1f} × {to_mm(layout.height):.1f} mm"
    return size if is_straight_cut(layout) else f"a {layout.shape} of {size}"


def compile_cards(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    paper_name: str,
    diagnostics: Diagnostics,
    keep: Callable[[Piece], bool] | None = None,
) -> Document | None:
    """The deck imposed as its material says; only the pieces `keep` chooses, and then no
    calibration pages (a reprint of some cards: the printer was calibrated already)."""
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
    drawer = FaceDrawer(spec.bleed, diagnostics, ArtFinder(loaded.files))
    pieces = deck_pieces(loaded, material.deck, layouts, drawer, diagnostics)
    drawer.flush()
    if keep is not None:
        pieces = [piece for piece in pieces if keep(piece)]
    if not pieces:
        return None
    title = MaterialTexts(loaded, diagnostics).title(material_id)
    document = Document(title, symbols={})
    footer = with_edition(title, loaded.package.game.edition)
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
    chosen = material_paper(loaded, material_id, spec.paper, paper_name, "impose", diagnostics)
    if chosen is None:
        return None
    paper_key, paper = chosen
    if spec.mode == "print_on_demand":
        document.pages = impose_print_on_demand(pieces, spec)
    else:
        first = pieces[0]
        folded = spec.mode == "fold"
        cell = fold_unit(first, spec.fold) if folded else (first.width, first.height)
        gap = 2 * spec.bleed if folded or spec.gutter == "bleed" else 0.0
        # the outer bleed kept if the pieces allow it, else cut back to the printable edge
        kept = fit_grid(paper, cell, gap, fitting_margin(spec.margin, spec.bleed))
        grid = kept or fit_grid(paper, cell, gap, spec.margin)
        if grid is None:
            report_too_small(loaded, material_id, cell, paper_key, spec, diagnostics)
            return None
        if folded:
            document.pages = impose_fold(pieces, grid, spec, footer)
        else:
            document.pages = impose_sheets(pieces, grid, spec, footer)
        if spec.calibration and spec.backs != "none" and keep is None:
            document.pages += calibration_pages(paper, spec, footer)
    document.symbols = drawer.symbols
    return document
