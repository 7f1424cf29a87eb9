"""PNG previews of PDF pages, rendered by pdfium (the renderer Chrome uses).

A preview is for looking at, so it is compressed at zlib's fastest level. (ISA-L's deflate was
about six times as fast, but two builds of one game gave PNG files whose pixels were the same
and whose compressed bytes were not, so it is not used.) A page is rendered in bands of
rows and compressed as they come, a few megabytes at a call: a poster map (a 300 × 300 hex map
is one page of 19,000 × 16,000 pixels at 100 dpi, 900 MB as one bitmap) never has its whole
bitmap in memory. Each band is rendered with the whole page's transform, so its pixels are
those of the page rendered at once.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator

import pypdfium2

PNG_COMPRESS_LEVEL = 1
BAND_BYTES = 128 * 1024 * 1024  # one band's bitmap at most (one row at least)
CHUNK_BYTES = 256 * 1024  # rows handed to the compressor at once (one row at least)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_png_pages(pdf: bytes, dpi: float) -> list[bytes]:
    document = pypdfium2.PdfDocument(pdf)
    document.init_forms()  # so form fields show their values, as a PDF viewer shows them
    try:
        images = []
        for page in document:
            images.append(_page_png(page, dpi))
            page.close()
        return images
    finally:
        document.close()


def _page_png(page: pypdfium2.PdfPage, dpi: float) -> bytes:
    """One page as an 8-bit RGB PNG; its size in pixels is what pdfium's render gives. Its
    pHYs chunk gives the resolution, so that a viewer or a printer shows the page at its size
    (without it they assume 72 or 96 dpi: a 300 dpi A4 page would print 0.9 m tall)."""
    scale = dpi / 72
    columns, rows = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
    compressor = zlib.compressobj(PNG_COMPRESS_LEVEL)
    per_metre = round(dpi / 0.0254)
    chunks = [
        _SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", columns, rows, 8, 2, 0, 0, 0)),
        _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),  # 1: pixels per metre
    ]
    for data in map(compressor.compress, _filtered_rows(page, scale, columns, rows)):
        if data:
            chunks.append(_chunk(b"IDAT", data))
    chunks += [_chunk(b"IDAT", compressor.flush()), _chunk(b"IEND", b"")]
    return b"".join(chunks)


def _filtered_rows(
    page: pypdfium2.PdfPage, scale: float, columns: int, rows: int
) -> Iterator[memoryview]:
    """The page's RGB rows as PNG's image data, each after its filter byte (0: none), some
    rows at a time, rendered a band at a time. The rows are copied into one small buffer, used
    again for each batch (the caller compresses a batch before asking for the next): a fresh
    buffer per page would cost more in the memory's first touch than the compression does."""
    width = columns * 3
    per_band = max(1, BAND_BYTES // width)
    per_chunk = max(1, CHUNK_BYTES // width)
    chunk = bytearray((width + 1) * min(per_chunk, rows))  # zeros: every filter byte is 0
    for top in range(0, rows, per_band):
        bottom = min(rows, top + per_band)
        # crop in points whose pixels (rounded up by render) are exactly `top` and the rest
        crop_top = (top - 0.5) / scale if top else 0
        crop_bottom = (rows - bottom - 0.5) / scale if bottom < rows else 0
        bitmap = page.render(scale=scale, crop=(0, crop_bottom, 0, crop_top), rev_byteorder=True)
        assert bitmap.n_channels == 3, "pdfium renders an opaque page as RGB"
        stride, view = bitmap.stride, memoryview(bitmap.buffer).cast("B")
        for first in range(0, bottom - top, per_chunk):
            count = min(per_chunk, bottom - top - first)
            for row in range(count):
                start, source = row * (width + 1) + 1, (first + row) * stride
                chunk[start : start + width] = view[source : source + width]
            yield memoryview(chunk)[: (width + 1) * count]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
