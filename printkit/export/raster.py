"""Pages drawn for an export, rendered to PNG the way the previews are: reportlab writes the
PDF, pdfium renders it (draw/png.py), so an exported card is the printed card's pixels."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterable, Iterator
from typing import TypeVar

from printkit.cache import digest
from printkit.draw.ops import Document, Page, Symbol
from printkit.draw.pdf import render_pdf
from printkit.inputs import drawing_hash
from printkit.model.limits import MAX_EXPORT_PIXELS

Name = TypeVar("Name")  # what a page is known by: a file name, or the names of its copies


def page_pngs(pages: list[Page], symbols: dict[str, Symbol], dpi: float) -> list[bytes]:
    """Each page as one RGB PNG at `dpi`: a page of w points is w × dpi / 72 pixels, rounded
    up. pdfium multiplies by dpi / 72, whose rounding error would make 198 pt at 300 dpi
    825.0000000000001 and so 826 pixels; the dpi is shaved by far less than a pixel's worth so
    that a whole number of pixels stays whole. A page rendered already while renders are
    shared (`sharing_renders`) is not rendered again."""
    if _shared is None:
        return _rendered(pages, symbols, dpi)
    keys = _shared.keys(pages, symbols, dpi)
    pngs = {i: _shared.pngs[key] for i, key in enumerate(keys) if key in _shared.pngs}
    missing = [i for i in range(len(pages)) if i not in pngs]
    for i, png in zip(missing, _rendered([pages[i] for i in missing], symbols, dpi), strict=True):
        pngs[i] = png
        _shared.keep(keys[i], png)
    return [pngs[i] for i in range(len(pages))]


def _rendered(pages: list[Page], symbols: dict[str, Symbol], dpi: float) -> list[bytes]:
    from printkit.draw.png import render_png_pages  # pdfium: for image exports only

    if not pages:
        return []
    pdf = render_pdf(Document("printkit export", pages, symbols))
    return render_png_pages(pdf, dpi * (1 - 1e-9))


SHARED_RENDER_BYTES = 256 * 1024 * 1024  # PNG bytes a process keeps for sharing, at most


class _SharedRenders:
    """The PNGs one process rendered for a build's exports, by what they draw: materials that
    print one deck export the same card images, and each is rendered once. A page is known
    by a hash of its drawing, the symbols it may use and the dpi; art files do not change
    during a build, which is as long as this lives."""

    def __init__(self) -> None:
        self.pngs: dict[str, bytes] = {}
        self._room = SHARED_RENDER_BYTES
        self._symbols: dict[int, tuple[dict[str, Symbol], str]] = {}  # id: (kept alive, hash)

    def keys(self, pages: list[Page], symbols: dict[str, Symbol], dpi: float) -> list[str]:
        known = self._symbols.get(id(symbols))
        if known is None:
            known = self._symbols[id(symbols)] = (symbols, drawing_hash(Document("", [], symbols)))
        return [digest(known[1], repr(dpi), drawing_hash(Document("", [page]))) for page in pages]

    def keep(self, key: str, png: bytes) -> None:
        if len(png) <= self._room:
            self.pngs[key] = png
            self._room -= len(png)


_shared: _SharedRenders | None = None


@contextlib.contextmanager
def sharing_renders() -> Iterator[None]:
    """Within: the exports' pages are rendered once per process however many materials
    export them (a build's worker processes, forked inside, each keep their own)."""
    global _shared
    previous, _shared = _shared, _SharedRenders()
    try:
        yield
    finally:
        _shared = previous


_BATCH = 24  # pages rendered per PDF: bounded memory for a deck of any size


class TooManyPixels(Exception):
    """An export would render more pixels than the work limit allows; raised before any is."""

    def __init__(self, pixels: int, dpi: float) -> None:
        super().__init__(pixels, dpi)
        self.pixels, self.dpi = pixels, dpi


def check_pixels(pages: Iterable[tuple[Page, float]]) -> None:
    """Refuse, before anything is rendered, an export whose pages at their dpi add up to more
    than MAX_EXPORT_PIXELS: rendering costs about 8 ms of CPU a million pixels, and a deck
    within its bound of pieces may still ask for billions (2,000 large cards at 1,200 dpi)."""
    pixels, highest = 0, 0.0
    for page, dpi in pages:
        pixels += math.ceil(page.width * dpi / 72) * math.ceil(page.height * dpi / 72)
        highest = max(highest, dpi)
    if pixels > MAX_EXPORT_PIXELS:
        raise TooManyPixels(pixels, highest)


def named_pngs(
    named: list[tuple[Name, Page]], symbols: dict[str, Symbol], dpi: float
) -> Iterator[tuple[Name, bytes]]:
    """Each page's name and PNG, rendered a batch of pages at a time once the whole set is
    known to be within the pixel bound."""
    check_pixels((page, dpi) for _, page in named)
    for start in range(0, len(named), _BATCH):
        batch = named[start : start + _BATCH]
        pngs = page_pngs([page for _, page in batch], symbols, dpi)
        yield from zip((name for name, _ in batch), pngs, strict=True)


def page_pdf(pages: list[Page], symbols: dict[str, Symbol], title: str, colour: str) -> bytes:
    """The pages as one PDF, in RGB or, for a press, CMYK (draw/press.py)."""
    document = Document(title, pages, symbols)
    document.colour = "cmyk" if colour == "cmyk" else "rgb"
    return render_pdf(document)
