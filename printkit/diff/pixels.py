"""Pages and cards as pixels, and which pixels changed between two renderings.

Both builds are rendered by pdfium at the same resolution. Each card is rendered alone with
the corner of its trim on a pixel's corner, so an unchanged card gives the same pixels in
whichever cell of whichever sheet it lies. What is left (the card map's boxes are rounded to
0.01 mm) is anti-aliasing: a pixel counts as changed only when no pixel of the other image
within one pixel of it is within TOLERANCE of it, in any colour channel."""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2
import pypdfium2.raw as pdfium_c

from printkit.card_map import CardBox
from printkit.model.units import MM

DPI = 150  # fine enough to see one letter change on a card; a page of A4 is 2.2 megapixels
MAX_PIXELS = 16_000_000  # a larger page (a poster map) is compared at a lower resolution
TOLERANCE = 16  # of 255, per channel: what anti-aliasing of one edge may differ by
# The outer strip of a card is not compared: where it lies on the sheet decides what shows
# there (a neighbour's edge or the card's own bleed, a rounded corner's cut line), and the cut
# falls in it. 1.5 mm clears rounded corners of up to 5 mm radius; no text belongs there.
CARD_EDGE_MM = 1.5
Image = np.ndarray  # height × width × 3, uint8
PixelBox = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), in pixels


@dataclass(frozen=True)
class Packed:
    """An image kept compressed (zlib's fastest level): the cards of a large deck, or the
    pages of a long document that changed throughout, are hundreds of megabytes of pixels."""

    shape: tuple[int, ...]
    data: bytes

    @classmethod
    def of(cls, image: Image) -> Packed:
        return cls(image.shape, zlib.compress(image.tobytes(), 1))

    def unpack(self) -> Image:
        return np.frombuffer(zlib.decompress(self.data), dtype=np.uint8).reshape(self.shape)


def page_scale(width: float, height: float) -> float:
    """Pixels per point for a page of this size (points): DPI, less for a very large page."""
    scale = DPI / 72
    return min(scale, math.sqrt(MAX_PIXELS / max(width * height, 1.0)))


def pages(pdf: Path | bytes) -> Iterator[tuple[Image, float]]:
    """Each page of the PDF rendered, with its pixels per point; one page in memory at once."""
    document = pypdfium2.PdfDocument(pdf)
    document.init_forms()  # form fields show their values, as in the build's previews
    try:
        for page in document:
            scale = page_scale(page.get_width(), page.get_height())
            bitmap = page.render(scale=scale, rev_byteorder=True)
            image = bitmap.to_numpy()[:, :, :3].copy()
            page.close()
            yield image, scale
    finally:
        document.close()


def card_images(pdf: Path | bytes, cards: list[CardBox]) -> Iterator[tuple[CardBox, Image]]:
    """Each card's side rendered alone at DPI, its trim's corner on a pixel's corner wherever it
    lies on its page: the same card in another cell gives the same pixels."""
    document = pypdfium2.PdfDocument(pdf)
    document.init_forms()
    try:
        for number, page in enumerate(document, start=1):
            for card in cards:
                if card.page == number:
                    yield card, _region(page, card.box)
            page.close()
    finally:
        document.close()


def _region(page: pypdfium2.PdfPage, box: tuple[float, float, float, float]) -> Image:
    """The part of a page inside `box` (x, y, w, h in mm from its top-left corner)."""
    x, y, w, h = (value * MM for value in box)
    scale = DPI / 72
    width, height = max(round(w * scale), 1), max(round(h * scale), 1)
    bitmap = pypdfium2.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR, True)
    pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
    # pdfium puts the page's top-left corner at the origin, in points, before this matrix
    matrix = pypdfium2.PdfMatrix().translate(-x, -y).scale(scale, scale)
    clip = pdfium_c.FS_RECTF(0, 0, width, height)
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
    pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix.to_raw(), clip, flags)
    return bitmap.to_numpy()[:, :, :3].copy()


def changed(old: Image, new: Image) -> np.ndarray:
    """Which pixels changed (a boolean mask the size of `new`), anti-aliasing forgiven.
    Images of different sizes changed everywhere."""
    if old.shape != new.shape:
        return np.ones(new.shape[:2], dtype=bool)
    mask = np.zeros(new.shape[:2], dtype=bool)
    unequal = old != new
    # channel by channel: numpy's any() along the last axis of 3 is ten times slower, 20 ms a
    # page, and a deck's 223 sheets are compared outside their cards once per material
    differ = unequal[:, :, 0] | unequal[:, :, 1] | unequal[:, :, 2]
    box = bounding_box(differ)
    if box is None:
        return mask
    # Only the region that differs at all is examined closely, with one pixel round it.
    height, width = differ.shape
    left, top = max(box[0] - 1, 0), max(box[1] - 1, 0)
    right, bottom = min(box[2] + 1, width), min(box[3] + 1, height)
    a = old[top:bottom, left:right].astype(np.int16)
    b = new[top:bottom, left:right].astype(np.int16)
    mask[top:bottom, left:right] = _unmatched(a, b) | _unmatched(b, a)
    return mask


def _unmatched(image: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Pixels of `image` that no pixel of `other` within one pixel matches."""
    height, width = image.shape[:2]
    padded = np.pad(other, ((1, 1), (1, 1), (0, 0)), mode="edge")
    nearest = np.full((height, width), 255, dtype=np.int16)
    for dy in range(3):
        for dx in range(3):
            difference = np.abs(image - padded[dy : dy + height, dx : dx + width]).max(axis=2)
            np.minimum(nearest, difference, out=nearest)
    return nearest > TOLERANCE


def card_change(old: Image, new: Image) -> PixelBox | None:
    """Where two images of a card differ, within its outer strip (see CARD_EDGE_MM)."""
    mask = changed(old, new)
    edge = round(CARD_EDGE_MM / 25.4 * DPI)
    mask[:edge], mask[-edge:], mask[:, :edge], mask[:, -edge:] = False, False, False, False
    return bounding_box(mask)


def bounding_box(mask: np.ndarray) -> PixelBox | None:
    """The smallest box round the true pixels of a mask; None when there are none."""
    rows, columns = np.any(mask, axis=1), np.any(mask, axis=0)
    if not rows.any():
        return None
    top, bottom = np.argmax(rows), len(rows) - np.argmax(rows[::-1])
    left, right = np.argmax(columns), len(columns) - np.argmax(columns[::-1])
    return (int(left), int(top), int(right), int(bottom))
