"""The side-by-side PDF of `printkit diff`: one landscape page per change, the old build on the
left and the new on the right, the changed area outlined in red on both, so a designer sees at
a glance what a change of data did to the printed card or page.
"""

from __future__ import annotations

import io

from PIL import Image as PilImage
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.diff.compare import Change
from printkit.diff.pixels import Image, PixelBox
from printkit.draw.fonts import font_name, register_fonts

PAGE_WIDTH, PAGE_HEIGHT = landscape(A4)
MARGIN = 28.0
HEADING = 40.0  # room for the two lines of text at the top
GAP = 20.0  # between the two images
RED = (0.86, 0.08, 0.08)
MARK_WIDTH = 2.0
MARK_MARGIN = 3.0  # points between the changed pixels and the red rectangle


def side_by_side_pdf(changes: list[Change], title: str) -> bytes:
    """The report's bytes (deterministic: the same changes give the same file)."""
    register_fonts()
    stream = io.BytesIO()
    canvas = Canvas(stream, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1)
    canvas.setTitle(title)
    canvas.setCreator("printkit diff")
    for number, change in enumerate(changes, start=1):
        _page(canvas, change, f"{number} of {len(changes)}")
        canvas.showPage()
    canvas.save()
    return stream.getvalue()


def _page(canvas: Canvas, change: Change, count: str) -> None:
    top = PAGE_HEIGHT - MARGIN
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(font_name("bold"), 13)
    canvas.drawString(MARGIN, top - 13, change.describe())
    canvas.setFont(font_name("regular"), 9)
    canvas.drawRightString(PAGE_WIDTH - MARGIN, top - 13, count)
    column = (PAGE_WIDTH - 2 * MARGIN - GAP) / 2
    image_top = top - HEADING
    for index, (label, image) in enumerate((("before", change.old), ("after", change.new))):
        left = MARGIN + index * (column + GAP)
        canvas.setFont(font_name("regular"), 10)
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.drawString(left, image_top + 6, label)
        if image is None:
            missing = "not in the new build" if label == "after" else "not in the old build"
            canvas.drawString(left, image_top - 20, missing)
            continue
        _image(canvas, image.unpack(), change.box, left, image_top, column, image_top - MARGIN)


def _image(
    canvas: Canvas,
    image: Image,
    box: PixelBox | None,
    left: float,
    top: float,
    width: float,
    height: float,
) -> None:
    """The image as large as fits the column, framed in grey, the changed area in red."""
    pixels_high, pixels_wide = image.shape[:2]
    scale = min(width / pixels_wide, height / pixels_high)
    shown_width, shown_height = pixels_wide * scale, pixels_high * scale
    bottom = top - shown_height
    # reportlab reads the pixels of the image as they are (no PNG between: a report of 2,000
    # changed cards spent half its time encoding and decoding 4,000 of them)
    canvas.drawImage(
        ImageReader(PilImage.fromarray(image)), left, bottom, shown_width, shown_height
    )
    canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
    canvas.setLineWidth(0.5)
    canvas.rect(left, bottom, shown_width, shown_height)
    if box is None:
        return
    x0, y0, x1, y1 = box
    canvas.setStrokeColorRGB(*RED)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.rect(
        left + x0 * scale - MARK_MARGIN,
        top - y1 * scale - MARK_MARGIN,
        (x1 - x0) * scale + 2 * MARK_MARGIN,
        (y1 - y0) * scale + 2 * MARK_MARGIN,
    )
