"""The playtest watermark: one line of light text across each page, corner to corner, as
playtest copies are stamped, so a sheet on the table is never taken for the finished game.

On a drawn page it lies over the art, translucent so that the card text under it still reads
(opaque in a press PDF: PDF/X-1a allows no transparency), and under the page's marks and note
(crop marks, cut and fold lines, the actual-size footer stay on top, unbroken); on a document
laid out by Platypus (the references) it lies under the text, opaque. It is added after the
preflight, which audits what the game prints, and it keeps 15 mm from every edge, clear of what
a home printer cannot print.
"""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING

from printkit.draw.fonts import FACES, font_name, register_fonts, text_width
from printkit.draw.ops import Document, Group, Op, Page, Text
from printkit.model.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INK = "#808080"  # mid grey, drawn at OPACITY: light on white, and text under it still reads
OPACITY = 0.3
OPAQUE_INK = "#d9d9d9"  # PDF/X-1a allows no transparency: the same grey on white, opaque
INSET = mm(15)  # from every edge, to the text's box
LARGEST = 96.0  # points: a watermark's size on a large page
_MARKS = ("crop", "cut", "fold", "note", "trim")


def stamp(document: Document, text: str) -> None:
    """Add the watermark `text` to every page of `document`: on a drawn page, just before its
    first mark, since every imposition draws all its art before any mark (impose/sheet.py,
    impose/fold.py); a mark among the art would leave the art after it over the watermark."""
    if document.flow is not None:
        flow = document.flow
        document.flow = lambda space: underlaid(flow(space), text, space)
        return
    for page in document.pages:
        at = next((i for i, op in enumerate(page.ops) if _is_mark(op)), len(page.ops))
        page.ops.insert(at, _watermark(page, text, document.colour == "cmyk"))


def _is_mark(op: Op) -> bool:
    """A mark for cutting, folding or reading the sheet (what the watermark must not cover)."""
    if isinstance(op, Group):
        return bool(op.ops) and all(_is_mark(child) for child in op.ops)
    role = op.role if isinstance(op, Text) else getattr(getattr(op, "paint", None), "role", "")
    return role in _MARKS


def _placement(width: float, height: float, text: str) -> tuple[float, float]:
    """The size (points) and the angle (radians, rising to the right) at which the line runs
    along the page's diagonal with its box INSET from every edge."""
    angle = math.atan2(height, width)
    across = text_width(text, font_name("bold"), 1.0)
    cos, sin = math.cos(angle), math.sin(angle)
    room_x, room_y = width - 2 * INSET, height - 2 * INSET
    size = min(LARGEST, room_x / (across * cos + sin), room_y / (across * sin + cos))
    return max(size, 1.0), angle


def _watermark(page: Page, text: str, press: bool) -> Group:
    size, angle = _placement(page.width, page.height, text)
    cos, sin = math.cos(-angle), math.sin(-angle)  # y grows downward: rising is a negative turn
    left = -text_width(text, font_name("bold"), size) / 2
    font = font_name("bold")
    if press:
        line = Text(left, size * 0.35, text, font, size, OPAQUE_INK)
    else:
        line = Text(left, size * 0.35, text, font, size, INK, opacity=OPACITY)
    return Group((line,), (cos, sin, -sin, cos, page.width / 2, page.height / 2))


def underlaid(pdf: bytes, text: str, space: str) -> bytes:
    """`pdf` with the watermark under every page's content: a form drawn first on each page,
    under a fixed name (pikepdf's own underlay names it at random, and the bytes would vary)."""
    import pikepdf  # 50 ms to import: for watermarked references only
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    with pikepdf.open(io.BytesIO(pdf)) as document:
        forms: dict[tuple[float, float], pikepdf.Object] = {}
        for page in document.pages:
            box = page.mediabox
            size = (float(box[2]) - float(box[0]), float(box[3]) - float(box[1]))
            if size not in forms:
                buffer = io.BytesIO()
                canvas = Canvas(buffer, pagesize=size, invariant=1)
                _draw(canvas, size, text, space)
                canvas.save()
                with pikepdf.open(io.BytesIO(buffer.getvalue())) as drawn:
                    form = drawn.pages[0].as_form_xobject()
                    forms[size] = document.copy_foreign(form)
            page.add_resource(forms[size], pikepdf.Name.XObject, _FORM)
            page.contents_add(pikepdf.Stream(document, f"q {_FORM} Do Q\n".encode()), prepend=True)
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
    return out.getvalue()


_FORM = "/PKWatermark"  # the watermark form's name in each page's resources


def _draw(canvas: Canvas, size: tuple[float, float], text: str, space: str) -> None:
    """The watermark on a reportlab canvas (y up), in the document's colour space."""
    width, height = size
    points, angle = _placement(width, height, text)
    canvas.saveState()
    if space == "cmyk":  # under the text: opaque is as good
        canvas.setFillColorCMYK(0, 0, 0, 1 - int(OPAQUE_INK[1:3], 16) / 255)
    else:
        canvas.setFillColor(OPAQUE_INK)
    canvas.setFont(FACES["bold"][0], points)
    canvas.translate(width / 2, height / 2)
    canvas.rotate(math.degrees(angle))
    canvas.drawCentredString(0, -points * 0.35, text)
    canvas.restoreState()
