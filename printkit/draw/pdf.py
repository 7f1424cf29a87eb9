"""Render a `Document` to PDF with reportlab.

Each page is flipped once into the y-down coordinates of the drawing API; text runs flip back
locally so glyphs stand upright. Symbols become Form XObjects, defined on first use, so a card
back or a frame is stored once however many times it is placed. `invariant=1` makes the bytes
depend only on the input.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import register_fonts
from printkit.draw.ops import (
    Box,
    Circle,
    Document,
    Group,
    Line,
    Op,
    Page,
    Paint,
    Path,
    Rect,
    Text,
    Use,
)


class _PdfPainter:
    def __init__(self, canvas: Canvas, document: Document) -> None:
        self.canvas = canvas
        self.document = document
        self.defined: set[str] = set()
        self.colours: dict[str, object] = {}

    def colour(self, name: str) -> object:
        if name not in self.colours:
            self.colours[name] = toColor(name)
        return self.colours[name]

    def paint(self, paint: Paint) -> tuple[int, int]:
        c = self.canvas
        if paint.fill:
            c.setFillColor(self.colour(paint.fill))
        if paint.stroke:
            c.setStrokeColor(self.colour(paint.stroke))
            c.setLineWidth(paint.width)
            c.setDash(list(paint.dash) if paint.dash else [])
        return (1 if paint.stroke else 0, 1 if paint.fill else 0)

    def define_symbols(self, ops: list[Op] | tuple[Op, ...]) -> None:
        """Forms must be defined outside the page's content stream state; do it up front."""
        for op in ops:
            if isinstance(op, Use) and op.symbol not in self.defined:
                symbol = self.document.symbols[op.symbol]
                self.defined.add(op.symbol)
                self.define_symbols(symbol.ops)
                c = self.canvas
                c.beginForm(_form_name(op.symbol), *symbol.bbox)
                for child in symbol.ops:
                    self.draw(child)
                c.endForm()
            elif isinstance(op, Group):
                self.define_symbols(op.ops)

    def draw(self, op: Op) -> None:
        c = self.canvas
        if isinstance(op, Text):
            c.setFillColor(self.colour(op.color))
            text = c.beginText()
            text.setTextTransform(1, 0, 0, -1, op.x, op.y)
            text.setFont(op.font, op.size)
            text.textOut(op.text)
            c.drawText(text)
        elif isinstance(op, Rect):
            stroke, fill = self.paint(op.paint)
            if op.radius > 0:
                c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=stroke, fill=fill)
            else:
                c.rect(op.x, op.y, op.w, op.h, stroke=stroke, fill=fill)
        elif isinstance(op, Line):
            self.paint(op.paint)
            c.line(op.x1, op.y1, op.x2, op.y2)
        elif isinstance(op, Circle):
            stroke, fill = self.paint(op.paint)
            c.circle(op.cx, op.cy, op.r, stroke=stroke, fill=fill)
        elif isinstance(op, Path):
            stroke, fill = self.paint(op.paint)
            path = c.beginPath()
            for command in op.commands:
                if command[0] == "M":
                    path.moveTo(*command[1:])
                elif command[0] == "L":
                    path.lineTo(*command[1:])
                elif command[0] == "C":
                    path.curveTo(*command[1:])
                else:
                    path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(op, Group):
            c.saveState()
            c.transform(*op.matrix)
            if op.clip:
                clip = c.beginPath()
                clip.rect(*op.clip)
                c.clipPath(clip, stroke=0, fill=0)
            for child in op.ops:
                self.draw(child)
            c.restoreState()
        elif isinstance(op, Use):
            c.saveState()
            c.translate(op.x, op.y)
            c.doForm(_form_name(op.symbol))
            c.restoreState()
        else:  # pragma: no cover - the Op union is closed
            raise TypeError(f"unknown drawing op {op!r}")

    def page(self, page: Page) -> None:
        c = self.canvas
        c.setPageSize((page.width, page.height))
        # reportlab keeps boxes for the following pages; set (or clear) them on every page.
        c.setTrimBox(_pdf_box(page, page.trim_box) if page.trim_box else None)
        c.setBleedBox(_pdf_box(page, page.bleed_box) if page.bleed_box else None)
        self.define_symbols(page.ops)
        c.saveState()
        c.transform(1, 0, 0, -1, 0, page.height)
        for op in page.ops:
            self.draw(op)
        c.restoreState()
        c.showPage()


def _form_name(symbol: str) -> str:
    return "F_" + "".join(ch if ch.isalnum() else "_" for ch in symbol)


def _pdf_box(page: Page, box: Box) -> tuple[float, float, float, float]:
    """A y-down box as PDF's (x0, y0, x1, y1) with y up."""
    return (box.x, page.height - box.y - box.h, box.x + box.w, page.height - box.y)


def render_pdf(document: Document) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle(document.title)
    canvas.setCreator("printkit")
    canvas.setAuthor("printkit")
    painter = _PdfPainter(canvas, document)
    for page in document.pages:
        painter.page(page)
    canvas.save()
    return buffer.getvalue()
