"""Pages drawn for an export, rendered to PNG the way the previews are: reportlab writes the
PDF, pdfium renders it (draw/png.py), so an exported card is the printed card's pixels."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.draw.ops import Document, Page, Symbol
from printkit.draw.pdf import render_pdf


def page_pngs(pages: list[Page], symbols: dict[str, Symbol], dpi: float) -> list[bytes]:
    """Each page as one RGB PNG at `dpi`: a page of w points is w × dpi / 72 pixels, rounded
    up. pdfium multiplies by dpi / 72, whose rounding error would make 198 pt at 300 dpi
    825.0000000000001 and so 826 pixels; the dpi is shaved by far less than a pixel's worth so
    that a whole number of pixels stays whole."""
    from printkit.draw.png import render_png_pages  # pdfium: for image exports only

    if not pages:
        return []
    pdf = render_pdf(Document("printkit export", pages, symbols))
    return render_png_pages(pdf, dpi * (1 - 1e-9))


_BATCH = 24  # pages rendered per PDF: bounded memory for a deck of any size


def named_pngs(
    named: list[tuple[str, Page]], symbols: dict[str, Symbol], dpi: float
) -> Iterator[tuple[str, bytes]]:
    """Each page's name and PNG, rendered a batch of pages at a time."""
    for start in range(0, len(named), _BATCH):
        batch = named[start : start + _BATCH]
        pngs = page_pngs([page for _, page in batch], symbols, dpi)
        yield from zip((name for name, _ in batch), pngs, strict=True)


def page_pdf(pages: list[Page], symbols: dict[str, Symbol], title: str, colour: str) -> bytes:
    """The pages as one PDF, in RGB or, for a press, CMYK (draw/press.py)."""
    document = Document(title, pages, symbols)
    document.colour = "cmyk" if colour == "cmyk" else "rgb"
    return render_pdf(document)
