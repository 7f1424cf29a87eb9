"""PNG previews of PDF pages, rendered by pdfium (the renderer Chrome uses).

A preview is for looking at, so it is compressed at zlib's fastest level: level 1 takes about
0.65 of the time of the default and gives the same pixels (PNG is lossless), in a somewhat
larger file. A page is rendered in bands of rows, each compressed as it comes: a poster map
(a 300 × 300 hex map is one page of 19,000 × 16,000 pixels at 100 dpi, 900 MB as one bitmap)
never has its whole bitmap in memory. Each band is rendered with the whole page's transform,
so its pixels are those of the page rendered at once.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator

import pypdfium2

PNG_COMPRESS_LEVEL = 1
BAND_BYTES = 128 * 1024 * 1024  # one band's bitmap at most (one row at least)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_png_pages(pdf: bytes, dpi: float) -> list[bytes]:
    document = pypdfium2.PdfDocument(pdf)
    document.init_forms()  # so form fields show their values, as a PDF viewer shows them
    try:
        images = []
        for page in document:
            images.append(_page_png(page, dpi / 72))
            page.close()
        return images
    finally:
        document.close()


def _page_png(page: pypdfium2.PdfPage, scale: float) -> bytes:
    """One page as an 8-bit RGB PNG; its size in pixels is what pdfium's render gives."""
    columns, rows = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
    compressor = zlib.compressobj(PNG_COMPRESS_LEVEL)
    chunks = [_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", columns, rows, 8, 2, 0, 0, 0))]
    for row in _rows(page, scale, columns, rows):
        data = compressor.compress(b"\x00")  # PNG's filter byte of each row: none
        data += compressor.compress(row)
        if data:
            chunks.append(_chunk(b"IDAT", data))
    chunks += [_chunk(b"IDAT", compressor.flush()), _chunk(b"IEND", b"")]
    return b"".join(chunks)


def _rows(page: pypdfium2.PdfPage, scale: float, columns: int, rows: int) -> Iterator[memoryview]:
    """The page's RGB rows, rendered a band at a time."""
    per_band = max(1, BAND_BYTES // (columns * 3))
    for top in range(0, rows, per_band):
        bottom = min(rows, top + per_band)
        # crop in points whose pixels (rounded up by render) are exactly `top` and the rest
        crop_top = (top - 0.5) / scale if top else 0
        crop_bottom = (rows - bottom - 0.5) / scale if bottom < rows else 0
        bitmap = page.render(scale=scale, crop=(0, crop_bottom, 0, crop_top), rev_byteorder=True)
        assert bitmap.n_channels == 3, "pdfium renders an opaque page as RGB"
        stride, view = bitmap.stride, memoryview(bitmap.buffer)
        for row in range(bottom - top):
            yield view[row * stride : row * stride + columns * 3]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
