"""Where a colour is on a rendered page, found with numpy masks instead of pixel-by-pixel loops.

A page at 300 dpi holds millions of pixels: testing each with `near()` in Python took tests tens
of seconds. A mask over the region of interest, sampled every `step` pixels, gives the same
pixels in a fraction of that. Coordinates stay in page pixels (and mm from the page's top-left
corner), whatever the region, so results compare directly with `Raster.at` and `Raster.row`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from support import MM_PER_PX, RGB, Raster, Segment

Channels = tuple[np.ndarray, np.ndarray, np.ndarray]  # red, green, blue: (h, w) uint8 each
PixelTest = Callable[[Channels], np.ndarray]  # -> an (h, w) mask


def close_to(colour: RGB, tolerance: int = 28) -> PixelTest:
    """Each channel within `tolerance` of `colour`: `near()` for a whole array (one lookup
    table per channel, which is faster than arithmetic on millions of pixels)."""
    levels = np.arange(256)
    tables = [np.abs(levels - c) <= tolerance for c in colour]
    return lambda rgb: tables[0][rgb[0]] & tables[1][rgb[1]] & tables[2][rgb[2]]


def colourful(spread: int) -> PixelTest:
    """Far from grey: the channels differ by more than `spread`."""

    def test(rgb: Channels) -> np.ndarray:
        highest = np.maximum(np.maximum(rgb[0], rgb[1]), rgb[2])
        lowest = np.minimum(np.minimum(rgb[0], rgb[1]), rgb[2])
        return highest - lowest > spread

    return test


def any_of(*tests: PixelTest) -> PixelTest:
    """Passing any of `tests`."""
    return lambda rgb: np.logical_or.reduce([test(rgb) for test in tests])


@dataclass(frozen=True)
class Mask:
    """A boolean mask over a region of a page, sampled every `step` pixels from (left, top)."""

    flags: np.ndarray  # (rows, columns)
    left: int  # page pixels of flags[0, 0]
    top: int
    step: int

    def where(self) -> Pixels:
        rows, columns = np.nonzero(self.flags)
        return Pixels(self.left + columns * self.step, self.top + rows * self.step)


@dataclass(frozen=True)
class Pixels:
    """The page pixels a mask holds, as column (x) and row (y) indices."""

    xs: np.ndarray
    ys: np.ndarray

    def __len__(self) -> int:
        return len(self.xs)

    def box_mm(self) -> tuple[float, float, float, float]:
        """Left, top, right, bottom in mm: the first and last pixel's corner, as the loops
        measured them."""
        assert len(self), "no pixel matches"
        return (
            float(self.xs.min()) * MM_PER_PX,
            float(self.ys.min()) * MM_PER_PX,
            float(self.xs.max()) * MM_PER_PX,
            float(self.ys.max()) * MM_PER_PX,
        )

    def centre_mm(self) -> tuple[float, float]:
        assert len(self), "no pixel matches"
        return float(self.xs.mean()) * MM_PER_PX, float(self.ys.mean()) * MM_PER_PX


def channels(
    raster: Raster, region_px: tuple[int, int, int, int] | None = None, step: int = 1
) -> tuple[Channels, int, int]:
    """The page's red, green and blue as uint8 arrays, cropped to `region_px` (left, top, right,
    bottom, clamped to the page) and sampled every `step` pixels; and their origin."""
    image = raster.image if raster.image.mode == "RGB" else raster.image.convert("RGB")
    left, top, right, bottom = region_px or (0, 0, image.width, image.height)
    left, top = min(max(left, 0), image.width), min(max(top, 0), image.height)
    right, bottom = max(min(right, image.width), left), max(min(bottom, image.height), top)
    if (left, top, right, bottom) != (0, 0, image.width, image.height):
        image = image.crop((left, top, right, bottom))
    r, g, b = (np.asarray(band)[::step, ::step] for band in image.split())
    return (r, g, b), left, top


def mask(
    raster: Raster,
    test: PixelTest,
    region_mm: tuple[float, float, float, float] | None = None,
    step: int = 1,
) -> Mask:
    """Which pixels of the region (mm from the top-left corner; the whole page if None) pass
    `test`, sampled every `step` pixels."""
    region_px = None if region_mm is None else tuple(Raster.px(v) for v in region_mm)
    return mask_px(raster, test, region_px, step)


def mask_px(
    raster: Raster,
    test: PixelTest,
    region_px: tuple[int, int, int, int] | None = None,
    step: int = 1,
) -> Mask:
    """`mask` with the region in page pixels."""
    rgb, left, top = channels(raster, region_px, step)
    return Mask(test(rgb), left, top, step)


def where(
    raster: Raster,
    test: PixelTest,
    region_mm: tuple[float, float, float, float] | None = None,
    step: int = 1,
) -> Pixels:
    """The page pixels in the region that pass `test`."""
    return mask(raster, test, region_mm, step).where()


def runs(flags: np.ndarray) -> list[Segment]:
    """Runs of True along one row or column of page pixels, in mm: `segments()` for an array."""
    padded = np.concatenate(([False], np.asarray(flags, dtype=bool), [False]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return [
        Segment(float(a) * MM_PER_PX, float(b) * MM_PER_PX)
        for a, b in zip(edges[0::2], edges[1::2], strict=True)
    ]


def blobs(found: Mask) -> list[Pixels]:
    """The connected parts of a mask (its samples touching left, right, up or down), each as
    its page pixels, in the order of their first sample row by row."""
    flags = found.flags
    seen = np.zeros_like(flags, dtype=bool)
    parts = []
    for row, column in zip(*np.nonzero(flags), strict=True):
        if seen[row, column]:
            continue
        seen[row, column] = True
        pending, members = [(row, column)], []
        while pending:
            r, c = pending.pop()
            members.append((r, c))
            for nr, nc in ((r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)):
                inside = 0 <= nr < flags.shape[0] and 0 <= nc < flags.shape[1]
                if inside and flags[nr, nc] and not seen[nr, nc]:
                    seen[nr, nc] = True
                    pending.append((nr, nc))
        rows, columns = np.array(members).T
        parts.append(Pixels(found.left + columns * found.step, found.top + rows * found.step))
    return parts
