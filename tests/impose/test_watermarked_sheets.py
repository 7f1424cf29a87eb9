"""The playtest watermark over the pieces of every imposition, read back from rendered PDFs: it
goes before a page's first mark, so an imposition that drew a mark among its art (a fold line
after each unfolded piece, the outlines of one block of counters before the next block) hid it
under every piece drawn after that mark."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from support import Raster

from printkit.draw.ops import Box, Circle, Document, Page, Paint, Rect
from printkit.draw.pdf import render_pdf
from printkit.draw.watermark import stamp
from printkit.impose.blocks import Run, stack_pages
from printkit.impose.fold import fold_unit, impose_fold
from printkit.impose.grid import fit_grid
from printkit.impose.pieces import Piece
from printkit.impose.sheet import impose_block_sheets, impose_sheets
from printkit.model.base import ImposeSpec
from printkit.model.units import mm

A4 = (mm(210), mm(297))
CARD = (mm(63), mm(88))
TOKEN = mm(20)
OUTLINE = Circle(TOKEN / 2, TOKEN / 2, TOKEN / 2, Paint(None, "#333333", 0.3, role="cut"))


def _cards(count: int) -> list[Piece]:
    """Cards with a blue front and a green back, edge to edge."""
    front, back = (Rect(0, 0, *CARD, Paint(colour)) for colour in ("#1565c0", "#2e7d32"))
    return [Piece(str(i), *CARD, (front,), (back,), deck="cards") for i in range(count)]


def _folded(fold: str) -> list[Page]:
    spec = ImposeSpec(mode="fold", fold=fold)  # type: ignore[arg-type]
    cards = _cards(3)
    grid = fit_grid(A4, fold_unit(cards[0], fold), 2 * spec.bleed, spec.margin)
    assert grid is not None
    return impose_fold(cards, grid, spec, "Cards")


def _stacked() -> list[Page]:
    """Round red tokens, cut along their outlines, above a block of cards."""
    art = (Circle(TOKEN / 2, TOKEN / 2, TOKEN / 2, Paint("#c62828")),)
    tokens = tuple(
        Piece(f"o{i}", TOKEN, TOKEN, art, None, outline=OUTLINE, deck="tokens") for i in range(24)
    )
    runs = [Run(tokens, (TOKEN, TOKEN), mm(6), False), Run(tuple(_cards(6)), CARD, 0.0, True)]
    spec = ImposeSpec(backs="none")
    return impose_block_sheets(stack_pages(runs, A4, spec.margin, spec.bleed), spec, "Counters")


def _card_sheet() -> list[Page]:
    grid = fit_grid(A4, CARD, 0.0, mm(5))
    assert grid is not None
    return impose_sheets(_cards(9), grid, ImposeSpec(backs="none"), "Cards")


def _rendered(pages: list[Page], path: Path, watermark: str) -> Raster:
    document = Document("pieces", pages)
    if watermark:
        stamp(document, watermark)
    path.write_bytes(render_pdf(document))
    return Raster.of(path, 0)


def _crossed(box: Box) -> bool:
    """Whether the page's rising diagonal, along which the watermark runs, crosses the piece
    for 20 mm or more, away from the ends of the line of text."""
    width, height = A4
    # The diagonal at t runs through (t * width, (1 - t) * height).
    low = max(box.x / width, 1 - (box.y + box.h) / height, 0.2)
    high = min((box.x + box.w) / width, 1 - box.y / height, 0.8)
    return (high - low) * (width**2 + height**2) ** 0.5 >= mm(20)


@pytest.mark.parametrize(
    "impose",
    [lambda: _folded("vertical"), lambda: _folded("horizontal"), _stacked, _card_sheet],
    ids=["fold vertical", "fold horizontal", "stacked blocks", "card sheet"],
)
def test_the_watermark_lies_over_every_piece_it_crosses(
    impose: Callable[[], list[Page]], tmp_path: Path
) -> None:
    """Pixels of each piece the watermark crosses, the page drawn plain and stamped: the
    translucent grey changes many of them on every one."""
    plain = _rendered(impose()[:1], tmp_path / "plain.pdf", "")
    page = impose()[0]
    stamped = _rendered([page], tmp_path / "stamped.pdf", "PLAYTEST 0.3")
    crossed = [placed for placed in page.placed if _crossed(placed.box)]
    assert len(crossed) >= 2
    before, after = (np.asarray(raster.image, dtype=int) for raster in (plain, stamped))
    for placed in crossed:
        left, top = Raster.px(placed.box.x / mm(1)), Raster.px(placed.box.y / mm(1))
        right = Raster.px((placed.box.x + placed.box.w) / mm(1))
        bottom = Raster.px((placed.box.y + placed.box.h) / mm(1))
        changed = np.abs(after - before)[top:bottom, left:right].max(axis=2) > 20
        assert changed.sum() > 5000, f"{placed.name} ({placed.side}): the watermark is under it"
