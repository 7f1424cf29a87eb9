"""The counters material: the pieces of some decks, of any shapes and sizes, on shared sheets.

Pieces are made exactly like cards (`deck_pieces`), so their counts are the deck's, which the
deck check holds to the component inventory. Pieces of one size and shape share a block; blocks
follow each other down the page in the order their first piece appears. Squares and rectangles
sit edge to edge with shared cut lines (unless `gutter: bleed`); circles and hexagons stand
2 × bleed apart, each with its own outline.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.check.counter_fit import check_fit
from printkit.diagnostics import (
    BAD_VALUE,
    TOO_MANY_PIECES,
    UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
)
from printkit.draw.ops import Document
from printkit.impose.blocks import Run, stack_pages, too_big
from printkit.impose.calibration import calibration_pages
from printkit.impose.fold import fold_unit, impose_fold_blocks
from printkit.impose.pieces import Piece
from printkit.impose.sheet import impose_block_sheets
from printkit.load.package import LoadedPackage
from printkit.materials.art import ArtFinder
from printkit.materials.card_faces import FaceDrawer
from printkit.materials.cards import deck_pieces
from printkit.materials.paper import material_paper, report_too_small
from printkit.materials.texts import MaterialTexts
from printkit.model.base import ImposeSpec
from printkit.model.counters import CountersMaterial
from printkit.model.layout import Layout
from printkit.model.limits import MAX_PIECES
from printkit.model.version import with_edition


def runs_of(pieces: list[Piece], spec: ImposeSpec) -> list[Run]:
    """Pieces grouped by size and cut, in order of first appearance."""
    groups: dict[tuple[float, float, bool], list[Piece]] = {}
    for piece in pieces:
        key = (round(piece.width, 3), round(piece.height, 3), piece.outline is None)
        groups.setdefault(key, []).append(piece)
    folded = spec.mode == "fold"
    runs = []
    for (_, _, straight), members in groups.items():
        first = members[0]
        shared = straight and not folded and spec.gutter == "shared"
        cell = fold_unit(first, spec.fold) if folded else (first.width, first.height)
        runs.append(Run(tuple(members), cell, 0.0 if shared else 2 * spec.bleed, shared))
    return runs


def _decks(
    loaded: LoadedPackage, material_id: str, material: CountersMaterial, diagnostics: Diagnostics
) -> list[str]:
    known = []
    for index, deck_id in enumerate(material.decks):
        if deck_id in loaded.package.decks:
            known.append(deck_id)
            continue
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"material '{material_id}' names unknown deck '{deck_id}'",
            loaded.spans.value(("materials", material_id, "decks", index)),
            hint=did_you_mean(deck_id, loaded.package.decks),
        )
    return known


def _report_too_many_pieces(
    loaded: LoadedPackage, material_id: str, decks: list[str], diagnostics: Diagnostics
) -> bool:
    """Whether the decks together pass the limit of pieces, counted before any is drawn: each
    deck is within it (the loader sees to that), but a material may print many."""
    total = sum(card.count for deck in decks for card in loaded.package.decks[deck].cards)
    if total <= MAX_PIECES:
        return False
    diagnostics.add(
        TOO_MANY_PIECES,
        f"material '{material_id}' prints {total:,} pieces, more than {MAX_PIECES:,}",
        loaded.spans.value(("materials", material_id, "decks")),
        hint="print the decks as several materials (limits: 'printkit schema --limits')",
    )
    return True


def compile_counters(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
    keep: Callable[[Piece], bool] | None = None,
) -> Document | None:
    """The decks' pieces on shared sheets; only those `keep` chooses, and then no calibration
    pages (a reprint of some pieces: the printer was calibrated already)."""
    material: CountersMaterial = loaded.package.materials[material_id]
    spec = material.impose
    decks = _decks(loaded, material_id, material, diagnostics)
    check_fit(loaded, material_id, layouts, diagnostics)
    if spec.mode == "print_on_demand":
        diagnostics.add(
            BAD_VALUE,
            f"material '{material_id}': counters are imposed on sheets, not one per page",
            loaded.spans.value(("materials", material_id, "impose", "mode")),
            hint="use 'mode: sheet' (duplex backs) or 'mode: fold' (fold and glue)",
        )
        return None
    if _report_too_many_pieces(loaded, material_id, decks, diagnostics):
        return None
    drawer = FaceDrawer(spec.bleed, diagnostics, ArtFinder(loaded.files))
    pieces = [p for d in decks for p in deck_pieces(loaded, d, layouts, drawer, diagnostics)]
    drawer.flush()
    if keep is not None:
        pieces = [piece for piece in pieces if keep(piece)]
    chosen = material_paper(loaded, material_id, spec.paper, paper, "impose", diagnostics)
    if not pieces or chosen is None:
        return None
    paper_key, size = chosen
    runs = runs_of(pieces, spec)
    big = too_big(runs, size, spec.margin)
    if big is not None:
        report_too_small(loaded, material_id, big.cell, paper_key, spec, diagnostics)
        return None
    pages = stack_pages(runs, size, spec.margin, spec.bleed)
    title = MaterialTexts(loaded, diagnostics).title(material_id)
    document = Document(title, symbols=drawer.symbols)
    footer = with_edition(title, loaded.package.game.edition)
    if spec.mode == "fold":
        document.pages = impose_fold_blocks(pages, spec, footer)
    else:
        document.pages = impose_block_sheets(pages, spec, footer)
        if spec.calibration and spec.backs != "none" and keep is None:
            document.pages += calibration_pages(size, spec, footer)
    return document
