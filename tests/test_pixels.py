"""The numpy pixel helpers find exactly the pixels the per-pixel loops they replace found:
`near()` pixel by pixel, `segments()` along a row, a flood fill over neighbouring samples."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from pixels import any_of, blobs, close_to, colourful, mask_px, runs, where
from support import MM_PER_PX, Raster, near, segments

LEVELS = st.sampled_from([0, 30, 60, 200, 220, 255])  # few levels, so colours repeat


@st.composite
def rasters(draw: st.DrawFn) -> Raster:
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    pixels = draw(st.lists(st.tuples(LEVELS, LEVELS, LEVELS), min_size=width * height,
                           max_size=width * height))  # fmt: skip
    image = Image.new("RGB", (width, height))
    image.putdata(pixels)
    return Raster(image)


def _loop(raster: Raster, test, step: int = 1, top: int = 0) -> set[tuple[int, int]]:
    image = raster.image
    return {
        (x, y)
        for y in range(top, image.height, step)
        for x in range(0, image.width, step)
        if test(image.getpixel((x, y)))
    }


def _found(pixels) -> set[tuple[int, int]]:
    return set(zip(pixels.xs.tolist(), pixels.ys.tolist(), strict=True))


@given(rasters(), st.tuples(LEVELS, LEVELS, LEVELS), st.integers(0, 60), st.integers(1, 4))
def test_close_to_finds_the_pixels_near_finds(raster, colour, tolerance, step) -> None:
    expected = _loop(raster, lambda p: near(p, colour, tolerance), step)
    assert _found(where(raster, close_to(colour, tolerance), step=step)) == expected


@given(rasters(), st.integers(0, 11), st.integers(1, 3))
def test_a_region_keeps_page_coordinates(raster, top, step) -> None:
    width, height = raster.image.size
    test = any_of(close_to((0, 0, 0), 30), colourful(100))
    expected = _loop(
        raster, lambda p: near(p, (0, 0, 0), 30) or max(p) - min(p) > 100, step, min(top, height)
    )
    assert _found(mask_px(raster, test, (0, top, width, height), step).where()) == expected


@given(st.lists(st.booleans(), max_size=40))
def test_runs_are_the_segments_of_a_row(flags) -> None:
    assert runs(flags) == segments(flags)


@given(rasters())
def test_blobs_are_the_connected_parts(raster) -> None:
    """Each blob is closed under left/right/up/down neighbours, and together they are the
    mask's pixels, each once."""
    found = blobs(mask_px(raster, close_to((0, 0, 0), 30)))
    every = _loop(raster, lambda p: near(p, (0, 0, 0), 30))
    members = [_found(blob) for blob in found]
    assert sum(len(m) for m in members) == len(every) and set().union(*members) == every
    for part in members:
        for x, y in part:
            for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                assert neighbour not in every or neighbour in part


def test_box_and_centre_are_in_millimetres_from_the_page_corner() -> None:
    image = Image.new("RGB", (20, 10), (255, 255, 255))
    image.paste((200, 0, 0), (4, 2, 8, 6))  # columns 4-7, rows 2-5
    found = where(Raster(image), close_to((200, 0, 0)))
    assert found.box_mm() == (4 * MM_PER_PX, 2 * MM_PER_PX, 7 * MM_PER_PX, 5 * MM_PER_PX)
    assert found.centre_mm() == (5.5 * MM_PER_PX, 3.5 * MM_PER_PX)
