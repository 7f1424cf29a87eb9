"""Render a `Document` to PDF with reportlab (in CMYK for the press when the document asks).

Each page is flipped once into the y-down coordinates of the drawing API; text runs flip back
locally so glyphs stand upright. Symbols become Form XObjects, defined on first use, so a card
back or a frame is stored once however many times it is placed; so does a group whose ops are
placed three times or more (the copies of a card: a deck of 10,000 cards of 100 kinds draws
100 faces). `invariant=1` makes the bytes depend only on the input.

The painter keeps the content streams small, since a deck of a thousand cards is mostly text:
neighbouring text runs share one BT…ET object and set the font only when it changes, colours
and line styles are set only when they differ from the graphics state already in force (tracked
through q/Q), and identity transforms are not written.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from PIL.Image import Image as PILImage
from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from printkit.draw.fonts import EMBEDDED, FACES, ensure_face
from printkit.draw.images import art_key, decoded, decoded_png, read_art
from printkit.draw.ops import (
    FIELD_TEXT,
    IDENTITY,
    Box,
    Circle,
    Document,
    FormField,
    Group,
    Image,
    Line,
    Op,
    Page,
    Paint,
    Path,
    Rect,
    Text,
    Use,
)
from printkit.draw.press import (
    FINE_LINE,
    FINE_TEXT,
    cmyk_pixels,
    drawing_nodes,
    to_cmyk,
    to_cmyk_drawing,
    to_one_ink,
)
from printkit.draw.svg_art import svg_drawing
from printkit.preflight.items import BBox, bounding


@dataclass
class _State:
    """The part of the PDF graphics state the painter sets; None means not known."""

    fill: tuple[str, bool] | None = None  # (colour, fine): see _PdfPainter.colour
    stroke: tuple[str, bool] | None = None
    width: float | None = None
    dash: tuple[float, ...] | None = None
    scale: float = 1.0  # how much the groups drawn into scale lengths, for FINE_TEXT and FINE_LINE


class _Decoded:
    """Pixels already decoded, as reportlab's drawImage takes a file name: keyed by the name
    (`str()`), read through an ImageReader when it stores them. (An ImageReader itself is
    keyed by a digest of all its pixels, on every draw.)"""

    def __init__(self, source: str, picture: PILImage) -> None:
        self.source = source
        self.reader = ImageReader(picture)

    def __str__(self) -> str:
        return self.source

    def __getattr__(self, name: str) -> object:
        return getattr(self.reader, name)


class _Cmyk:
    """A picture's pixels in CMYK for the press (draw/press.py), read by reportlab as it reads
    an ImageReader when it stores them: keyed by the file's content (`str()`), so the PDF does
    not depend on where the game folder is, and opaque (PDF/X-1a allows no transparency)."""

    mode = "CMYK"
    _dataA = None  # where reportlab looks for an ImageReader's alpha channel

    def __init__(self, source: str) -> None:
        self.key = "cmyk_" + art_key(source)
        picture = decoded(source)
        self.size = picture.size
        self.pixels = cmyk_pixels(picture)

    def __str__(self) -> str:
        return self.key

    def getSize(self) -> tuple[int, int]:
        return self.size

    def getRGBData(self) -> bytearray:
        return self.pixels

    def getTransparent(self) -> None:
        return None

    def jpeg_fh(self) -> None:
        return None


class _PdfPainter:
    def __init__(self, canvas: Canvas, document: Document) -> None:
        self.canvas = canvas
        self.document = document
        self.defined: set[str] = set()
        self.colours: dict[tuple[str, bool], object] = {}
        self.press = document.colour == "cmyk"
        self.stored: dict[str, str] = {}  # art file: the name its pixels are stored by
        self.fields: list[FormField] = []  # the page's, placed after its content
        self.with_fields = False  # whether any page has one
        self.state = _State()
        self.saved: list[_State] = []
        # id of a group's ops: where groups place them; the ids of those that paint nothing
        self.placed, self.blank = _placements(document)
        self.group_forms: dict[tuple[int, float], str] = {}  # (id of the ops, scale): its form

    def colour(self, name: str, fine: bool = False) -> object:
        """The colour to paint; `fine` (small text, hairlines) puts it on one plate for the
        press (draw/press.py to_one_ink), and changes nothing on screen."""
        key = (name, fine and self.press)
        if key not in self.colours:
            if self.press:
                inks = (to_one_ink if fine else to_cmyk)(name)
                self.colours[key] = CMYKColor(inks.c, inks.m, inks.y, inks.k)
            else:
                self.colours[key] = toColor(name)
        return self.colours[key]

    def save(self) -> None:
        self.canvas.saveState()
        self.saved.append(replace(self.state))

    def restore(self) -> None:
        self.canvas.restoreState()
        self.state = self.saved.pop()

    def set_fill(
        self, colour: str, target: Canvas | PDFTextObject | None = None, fine: bool = False
    ) -> None:
        if self.state.fill != (colour, fine):
            (target or self.canvas).setFillColor(self.colour(colour, fine))
            self.state.fill = (colour, fine)

    def paint(self, paint: Paint) -> tuple[int, int]:
        c = self.canvas
        state = self.state
        if paint.fill:
            self.set_fill(paint.fill)
        if paint.stroke:
            stroke = (paint.stroke, paint.width * state.scale < FINE_LINE)
            if state.stroke != stroke:
                c.setStrokeColor(self.colour(*stroke))
                state.stroke = stroke
            if state.width != paint.width:
                c.setLineWidth(paint.width)
                state.width = paint.width
            dash = paint.dash or ()
            if state.dash != dash:
                c.setDash(list(dash))
                state.dash = dash
        return (1 if paint.stroke else 0, 1 if paint.fill else 0)

    def define_symbols(self, ops: list[Op] | tuple[Op, ...], scale: float = 1.0) -> None:
        """Forms must be defined outside the page's content stream state; do it up front.
        `scale` is the state's scale where `ops` are drawn, which `draw` computes alike."""
        for op in ops:
            if isinstance(op, Use) and op.symbol not in self.defined:
                symbol = self.document.symbols[op.symbol]
                self.defined.add(op.symbol)
                self.define_symbols(symbol.ops)
                self.form(_form_name(op.symbol), symbol.bbox, symbol.ops, _State())
            elif isinstance(op, Group):
                inner = scale * _scale_of(op)
                key = (id(op.ops), inner)
                if key in self.group_forms or key[0] in self.blank:
                    continue
                self.define_symbols(op.ops, inner)
                placed = self.placed.get(id(op.ops))
                if placed is not None and placed.times >= FORM_FROM:
                    name = self.group_forms[key] = f"G{len(self.group_forms)}"
                    # the box round every placement's clip: clipping nothing one shows
                    box = bounding(placed.clips) if placed.clips else _UNBOUNDED
                    self.form(name, box, op.ops, _State(scale=inner))
            elif isinstance(op, Image) and read_art(op.source).is_vector:
                self.define_vector_art(op.source)

    def form(
        self, name: str, bbox: tuple[float, ...], ops: list[Op] | tuple[Op, ...], state: _State
    ) -> None:
        """Draw `ops` once as a Form XObject; a form inherits whatever state it is placed in,
        so it starts from `state`, which knows no colour."""
        outer, self.state = self.state, state
        self.canvas.beginForm(name, *bbox)
        self.draw_all(ops)
        self.canvas.endForm()
        self.state = outer

    def define_vector_art(self, source: str) -> None:
        """SVG art becomes one form, in the drawing's own y-up units, placed by `image`."""
        name = _art_name(source)
        if name in self.defined:
            return
        self.defined.add(name)
        drawing = svg_drawing(source)
        if self.document.colour == "cmyk":
            drawing = to_cmyk_drawing(drawing)
        _embedded_faces(drawing)
        self.canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        from reportlab.graphics import renderPDF  # 60 ms to import; only SVG art needs it

        renderPDF.draw(drawing, self.canvas, 0, 0)
        self.canvas.endForm()

    def draw_all(self, ops: list[Op] | tuple[Op, ...]) -> None:
        """Draw ops in order, writing each stretch of consecutive text runs as one text object."""
        start = 0
        while start < len(ops):
            if _plain_text(ops[start]):
                end = start
                while end < len(ops) and _plain_text(ops[end]):
                    end += 1
                self.text(ops[start:end])  # type: ignore[arg-type]
                start = end
            else:
                self.draw(ops[start])
                start += 1

    def text(self, runs: list[Text] | tuple[Text, ...]) -> None:
        c = self.canvas
        text = c.beginText()
        face: tuple[str, float] | None = None
        for run in runs:
            self.set_fill(run.color, text, fine=run.size * self.state.scale < FINE_TEXT)
            if run.opacity < 1:  # after the colour, which sets an alpha of its own
                text.setFillAlpha(run.opacity)
            if face != (run.font, run.size):
                face = (run.font, run.size)
                ensure_face(run.font)
                text.setFont(run.font, run.size)
            text.setTextTransform(1, 0, 0, -1, run.x, run.y)
            text.textLine(run.text)  # unlike textOut, does not measure the run again
        c.drawText(text)

    def path(self, commands: tuple[tuple, ...]) -> object:
        path = self.canvas.beginPath()
        for command in commands:
            if command[0] == "M":
                path.moveTo(*command[1:])
            elif command[0] == "L":
                path.lineTo(*command[1:])
            elif command[0] == "C":
                path.curveTo(*command[1:])
            else:
                path.close()
        return path

    def draw(self, op: Op) -> None:
        c = self.canvas
        if not _paints(op) or (isinstance(op, Group) and id(op.ops) in self.blank):
            return  # nothing to paint (a piece's trim, kept for the preflight)
        if isinstance(op, Text) and op.opacity < 1:
            self.save()  # the alpha ends with the run
            self.text((op,))
            self.restore()
        elif isinstance(op, Text):
            self.text((op,))
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
            c.drawPath(self.path(op.commands), stroke=stroke, fill=fill)
        elif isinstance(op, Group):
            self.save()
            if op.matrix != IDENTITY:
                c.transform(*op.matrix)
                self.state.scale *= _scale_of(op)
            if op.clip:
                clip = c.beginPath()
                clip.rect(*op.clip)
                c.clipPath(clip, stroke=0, fill=0)
            if op.clip_path:
                c.clipPath(self.path(op.clip_path), stroke=0, fill=0)
            form = self.group_forms.get((id(op.ops), self.state.scale))
            if form is None:
                self.draw_all(op.ops)
            else:  # placing a form leaves the graphics state as it was (PDF 8.10.1)
                c.doForm(form)
            self.restore()
        elif isinstance(op, Image):
            self.image(op)
        elif isinstance(op, FormField):
            self.fields.append(op)  # placed on the page after its content, outside the flip
        elif isinstance(op, Use):
            # Placing a form saves and restores the graphics state by itself (PDF 8.10.1).
            if op.x or op.y:
                c.saveState()
                c.translate(op.x, op.y)
                c.doForm(_form_name(op.symbol))
                c.restoreState()
            else:
                c.doForm(_form_name(op.symbol))
        else:  # pragma: no cover - the Op union is closed
            raise TypeError(f"unknown drawing op {op!r}")

    def image(self, op: Image) -> None:
        """Art stands upright in the flipped page: the box's bottom edge becomes y = 0."""
        c = self.canvas
        art = read_art(op.source)
        c.saveState()
        c.translate(op.x, op.y + op.h)
        if art.is_vector:
            drawing = svg_drawing(op.source)
            c.scale(op.w / drawing.width, -op.h / drawing.height)
            c.doForm(_art_name(op.source))
        else:
            c.scale(1, -1)
            picture = self.stored.get(op.source) or self.raster(op.source)
            with _binary_streams():
                c.drawImage(picture, 0, 0, op.w, op.h, mask="auto")
            # Stored by reportlab as it is first drawn: drawn again by its name alone, and its
            # pixels let go, so that a document holds one picture's pixels at a time (five of
            # 49 million pixels, all held as CMYK, took 2.8 GB).
            self.stored[op.source] = str(picture)
        c.restoreState()

    def raster(self, source: str) -> _Cmyk | _Decoded | str:
        """What reportlab reads a picture's pixels from as it stores them, the first time the
        picture is drawn: the file itself, or the pixels its check decoded, named by it; for the
        press, its pixels converted to CMYK through the same profile as the colours."""
        if self.press:
            return _Cmyk(source)
        picture = decoded_png(source)
        return source if picture is None else _Decoded(source, picture)

    def page(self, page: Page) -> None:
        c = self.canvas
        c.setPageSize((page.width, page.height))
        # reportlab keeps boxes for the following pages; set (or clear) them on every page.
        c.setTrimBox(_pdf_box(page, page.trim_box) if page.trim_box else None)
        c.setBleedBox(_pdf_box(page, page.bleed_box) if page.bleed_box else None)
        self.define_symbols(page.ops)
        self.state = _State()
        self.save()
        c.transform(1, 0, 0, -1, 0, page.height)
        self.draw_all(page.ops)
        self.restore()
        for form_field in self.fields:
            self.form_field(form_field, page.height)
        self.with_fields = self.with_fields or bool(self.fields)
        self.fields = []
        c.showPage()

    def form_field(self, op: FormField, page_height: float) -> None:
        """A field exactly over its drawn box, transparent, so the page prints the same."""
        y = page_height - op.y - op.h
        ink = self.colour("#000000")
        if op.kind == "checkbox":
            # A PDF checkbox is square: the largest square centred in the drawn box.
            size = min(op.w, op.h)
            x, y = op.x + (op.w - size) / 2, y + (op.h - size) / 2
            self.canvas.acroForm.checkbox(
                name=op.name, x=x, y=y, size=size, buttonStyle="cross",
                borderWidth=0, fillColor=None, borderColor=None, textColor=ink,
                fieldFlags="", annotationFlags="print",
            )  # fmt: skip
        else:
            self.canvas.acroForm.textfield(
                name=op.name, x=op.x, y=y, width=op.w, height=op.h, value=op.value,
                borderWidth=0, fillColor=None, borderColor=None, textColor=ink,
                fontSize=min(FIELD_TEXT, op.h * 0.6), annotationFlags="print",
            )  # fmt: skip


def _embedded_faces(drawing: object) -> None:
    """SVG art sets its text in printkit's embedded faces: reportlab's graphics start every
    drawing in Helvetica, and svglib falls back to it for a family it does not know, which
    would put an unembedded standard-14 font in the PDF (PRINT.md: every font embedded)."""
    drawing.initialFontName = FACES["regular"][0]  # type: ignore[attr-defined]
    for node in drawing_nodes(drawing):
        name = getattr(node, "fontName", None)
        if name is not None and name not in EMBEDDED:
            bold = "bold" in name.lower()
            node.fontName = FACES["bold" if bold else "regular"][0]  # type: ignore[attr-defined]
        if name is not None:
            ensure_face(node.fontName)  # type: ignore[attr-defined]


@dataclass
class _Placed:
    """How many groups place one tuple of ops, and what they show of it: their clips (None
    once one of them does not clip it)."""

    times: int = 0
    clips: list[BBox] | None = field(default_factory=list)


def _placements(document: Document) -> tuple[dict[int, _Placed], set[int]]:
    """Each tuple of ops the pages' groups place (by identity), but those a form cannot hold
    (a form field is placed on its page, once, not inside a form); and the tuples that paint
    nothing (a sheet's trims without crop marks), which are not written at all."""
    placed: dict[int, _Placed] = {}
    inside: dict[int, tuple[bool, bool]] = {}  # id of the ops: (holds a form field, paints)

    def walk(ops: list[Op] | tuple[Op, ...]) -> tuple[bool, bool]:
        """Count the groups in `ops`; whether `ops` hold a form field, whether they paint."""
        has_field = paints = False
        for op in ops:
            if isinstance(op, Group):
                key = id(op.ops)
                if key not in inside:
                    inside[key] = walk(op.ops)
                    placed[key] = _Placed()
                seen = placed[key]
                seen.times += 1
                clip = _clip_box(op)
                if clip is None:
                    seen.clips = None
                elif seen.clips is not None:
                    seen.clips.append(clip)
                has_field = has_field or inside[key][0]
                paints = paints or inside[key][1]
            elif isinstance(op, FormField):
                has_field = paints = True
            else:
                paints = paints or _paints(op)
        return has_field, paints

    for page in document.pages:
        walk(page.ops)
    forms = {key: seen for key, seen in placed.items() if not inside[key][0]}
    return forms, {key for key, (_, paints) in inside.items() if not paints}


def _paints(op: Op) -> bool:
    """Whether `op` leaves a mark: not a piece's trim, kept for the preflight alone."""
    paint = getattr(op, "paint", None)
    return paint is None or paint.fill is not None or paint.stroke is not None


def _clip_box(group: Group) -> BBox | None:
    """What a group shows of its ops, as (x0, y0, x1, y1) in their coordinates: its clip."""
    if group.clip is None:
        return None
    x, y, w, h = group.clip
    return (x, y, x + w, y + h)


def _scale_of(group: Group) -> float:
    """How much a group's transform scales lengths (FINE_TEXT and FINE_LINE read it)."""
    if group.matrix == IDENTITY:
        return 1.0
    a, b, c, d = group.matrix[:4]
    return math.sqrt(abs(a * d - b * c))


# How often a drawing is placed before it becomes a form: Flate already shares a drawing
# placed twice on one page, and a form costs an object of its own.
FORM_FROM = 3

# The box of a form whose placements do not all clip it: as large as a PDF page may be (PDF
# 1.7, annex C.2), so that the form shows all that each placement shows.
_UNBOUNDED = (-14400.0, -14400.0, 14400.0, 14400.0)


def _art_name(source: str) -> str:
    return "A_" + art_key(source)


def _form_name(symbol: str) -> str:
    return "F_" + "".join(ch if ch.isalnum() else "_" for ch in symbol)


def _plain_text(op: Op) -> bool:
    """Text that joins its neighbours in one text object: opaque text."""
    return isinstance(op, Text) and op.opacity == 1


def _pdf_box(page: Page, box: Box) -> tuple[float, float, float, float]:
    """A y-down box as PDF's (x0, y0, x1, y1) with y up."""
    return (box.x, page.height - box.y - box.h, box.x + box.w, page.height - box.y)


def render_pdf(document: Document) -> bytes:
    if document.flow is not None:
        return document.flow(document.colour)
    pdf, with_fields = _drawn_pdf(document)  # the canvas and what it stored let go before these
    if document.colour == "cmyk":
        from printkit.draw.pdfx import make_pdfx  # pikepdf: 50 ms to import, for --press only

        return make_pdfx(pdf)
    if with_fields:
        from printkit.draw.pdf_forms import with_embedded_field_fonts  # pikepdf, as above

        return with_embedded_field_fonts(pdf)
    return pdf


def _drawn_pdf(document: Document) -> tuple[bytes, bool]:
    """The document's pages drawn by reportlab; whether any holds a form field."""
    ensure_face(FACES["regular"][0])  # the canvas's first font; the others when drawn
    press = document.colour == "cmyk"
    canvas = Canvas(
        io.BytesIO(),  # never written: getpdfdata gives the file without a copy into it
        invariant=1,
        pageCompression=1,
        initialFontName=FACES["regular"][0],
        # reportlab then refuses any RGB colour: nothing escapes the conversion unnoticed.
        enforceColorSpace="cmyk" if press else None,
    )
    canvas.setTitle(document.title)
    if document.subject:
        canvas.setSubject(document.subject)
    # Ask viewers to print at actual size, and double-sided when the sheets have backs.
    canvas.setViewerPreference("PrintScaling", "None")
    if document.duplex is not None:
        flip = "DuplexFlipLongEdge" if document.duplex == "long_edge" else "DuplexFlipShortEdge"
        canvas.setViewerPreference("Duplex", flip)
    canvas.setCreator("printkit")
    canvas.setAuthor("printkit")
    painter = _PdfPainter(canvas, document)
    for page in document.pages:
        painter.page(page)
    with _binary_streams():
        return canvas.getpdfdata(), painter.with_fields


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Streams written without ASCII85 on top of Flate: a fifth smaller and quicker to write
    (the file is binary anyway: the embedded font is). reportlab encodes a picture as it stores
    it, when it is first drawn, and the rest as the file is written; an image inline in a
    page's content (SVG art's) is text among the operators, and keeps it."""
    a85 = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = a85
