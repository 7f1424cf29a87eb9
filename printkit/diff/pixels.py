"""Pages as pixels, and which pixels changed between two renderings.

Both builds are rendered by pdfium at the same resolution, so an unchanged card gives the same
pixels wherever it lies on its sheet, up to anti-aliasing: a card moved to another cell can
fall a fraction of a pixel differently, which shifts its edges by one pixel. A pixel therefore
counts as changed only when no pixel of the other image within one pixel of it is within
TOLERANCE of it, in any colour channel.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pypdfium2

from printkit.model.units import MM

DPI = 150  # fine enough to see one letter change on a card; a page of A4 is 2.2 megapixels
MAX_PIXELS = 16_000_000  # a larger page (a poster map) is compared at a lower resolution
TOLERANCE = 16  # of 255, per channel: what anti-aliasing of one edge may differ by
Image = np.ndarray  # height × width × 3, uint8
PixelBox = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), in pixels


def page_scale(width: float, height: float) -> float:
    """Pixels per point for a page of this size (points): DPI, less for a very large page."""
    scale = DPI / 72
    return min(scale, math.sqrt(MAX_PIXELS / max(width * height, 1.0)))


def pages(pdf: Path) -> Iterator[tuple[Image, float]]:
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


def page_count(pdf: Path) -> int:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


def crop_mm(image: Image, scale: float, box: tuple[float, float, float, float]) -> Image:
    """The part of a page image inside `box` (x, y, w, h in mm from the top-left corner)."""
    per_mm = scale * MM
    x, y, w, h = box
    left, top = round(x * per_mm), round(y * per_mm)
    return image[top : top + round(h * per_mm), left : left + round(w * per_mm)].copy()


def changed(old: Image, new: Image) -> np.ndarray:
    """Which pixels changed (a boolean mask the size of `new`), anti-aliasing forgiven.
    Images of different sizes changed everywhere."""
    if old.shape != new.shape:
        return np.ones(new.shape[:2], dtype=bool)
    mask = np.zeros(new.shape[:2], dtype=bool)
    differ = np.any(old != new, axis=2)
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


def bounding_box(mask: np.ndarray) -> PixelBox | None:
    """The smallest box round the true pixels of a mask; None when there are none."""
    rows, columns = np.any(mask, axis=1), np.any(mask, axis=0)
    if not rows.any():
        return None
    top, bottom = np.argmax(rows), len(rows) - np.argmax(rows[::-1])
    left, right = np.argmax(columns), len(columns) - np.argmax(columns[::-1])
    return (int(left), int(top), int(right), int(bottom))
