"""PNG previews of PDF pages, rendered by pdfium (the renderer Chrome uses)."""

from __future__ import annotations

import io

import pypdfium2

PREVIEW_DPI = 100


def render_png_pages(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[bytes]:
    document = pypdfium2.PdfDocument(pdf)
    document.init_forms()  # so form fields show their values, as a PDF viewer shows them
    try:
        images = []
        for page in document:
            bitmap = page.render(scale=dpi / 72)
            buffer = io.BytesIO()
            bitmap.to_pil().save(buffer, format="PNG", optimize=False)
            images.append(buffer.getvalue())
            page.close()
        return images
    finally:
        document.close()
