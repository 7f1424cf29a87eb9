"""Lay out a reference document with reportlab's Platypus and return the PDF.

Two page designs: the quick reference, two columns per page and nothing else, which must fit the
pages it is given; and the rules reference, one column, with a contents page, a running header,
page numbers and page labels (i, 1, 2…), an outline of every heading, and clickable links to
headings. Every heading becomes a named destination, so the links of the text and of the contents
page land on it.
"""

from __future__ import annotations

import functools
import io
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from xml.sax.saxutils import escape, unescape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
)
from reportlab.platypus.tableofcontents import TableOfContents
from reportlab.platypus.tables import TableStyle

from printkit.draw.fonts import FACES, register_fonts
from printkit.impose.placement import ACTUAL_SIZE
from printkit.model.version import NO_EDITION, Edition, with_edition
from printkit.reference.markdown import Heading, Styles, flowables

MARGIN = 15 * 72 / 25.4  # inside the 5 mm a home printer cannot print, with room to spare
GUTTER = 6 * 72 / 25.4
RULES_MOST_PAGES = 300  # a rules reference's pages, the contents page too: the layout's bound


@dataclass(frozen=True)
class Built:
    pdf: bytes
    pages: int


class TooManyPages(Exception):
    """The layout reached a page past the most the document may have, and stopped there: the
    work of laying out a document is bounded by the pages it may print, not by its text.
    (reportlab re-raises it with its own words added, so it carries only a message.)"""


class _Story(list):
    """The flowables of a document, made as the layout reaches them: a layout that stops at
    its first page too many has made the flowables of the pages before it, not of the whole
    text. Kept AHEAD flowables ahead, more than the headings kept with what follows them."""

    AHEAD = 64

    def __init__(self, made: Iterator[Flowable]) -> None:
        super().__init__()
        self.made = made

    def __len__(self) -> int:  # Platypus asks before it takes the next flowable
        missing = self.AHEAD - super().__len__()
        if missing > 0:
            self.extend(itertools.islice(self.made, missing))
        return super().__len__()


class _Document(BaseDocTemplate):
    """Headings become outline entries and contents lines as they are placed."""

    def __init__(
        self,
        buffer: io.BytesIO,
        title: str,
        size: tuple[float, float],
        most_pages: int,
        front_pages: int = 0,
        subject: str = "",
    ) -> None:
        self.most_pages = most_pages
        self.front_pages = front_pages  # pages before page 1 (the contents page)
        super().__init__(
            buffer,
            pagesize=size,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=title,
            subject=subject,
            author="printkit",
            creator="printkit",
            invariant=1,
            # reportlab's default, Helvetica, would name an unembedded font on every page.
            initialFontName=FACES["regular"][0],
        )

    def beforeDocument(self) -> None:
        self.canv.setViewerPreference("PrintScaling", "None")  # actual size, as every PDF asks

    def handle_pageBegin(self) -> None:
        super().handle_pageBegin()
        if self.page > self.most_pages:
            raise TooManyPages(f"more than {self.most_pages} pages")

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Heading) and flowable.key is not None:
            # the outline shows text as it is; the contents set it as markup, escaped
            self.canv.addOutlineEntry(unescape(flowable.plain), flowable.key, flowable.level - 1)
            label = self.page - self.front_pages  # the page number printed on the page
            self.notify("TOCEntry", (flowable.level - 1, flowable.plain, label, flowable.key))


def _frames(doc: BaseDocTemplate, columns: int, top: float = 0.0) -> list[Frame]:
    width = (doc.width - GUTTER * (columns - 1)) / columns
    return [
        Frame(
            doc.leftMargin + index * (width + GUTTER),
            doc.bottomMargin,
            width,
            doc.height - top,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"column{index}",
        )
        for index in range(columns)
    ]


def quick_reference(
    markdown: str,
    title: str,
    size: tuple[float, float],
    base: float,
    most_pages: int,
    space: str = "rgb",
    edition: Edition = NO_EDITION,
) -> Built:
    """Two columns per page, at `base` points; TooManyPages when they need more than
    `most_pages`."""
    register_fonts()
    buffer = io.BytesIO()
    doc = _Document(buffer, title, size, most_pages, subject=edition.subject)
    styles = Styles.at(base, space)
    frames = _frames(doc, 2)
    doc.addPageTemplates(
        [PageTemplate("quick", frames=frames, onPage=_footer(with_edition(title, edition), styles))]
    )
    column = (frames[0].width, frames[0].height)
    doc.build(_Story(flowables(markdown, styles, column)), canvasmaker=_canvas(space))
    return _finished(buffer, doc, space)


def rules_reference(
    markdown: str,
    title: str,
    size: tuple[float, float],
    space: str = "rgb",
    edition: Edition = NO_EDITION,
) -> Built:
    """A contents page (labelled i), then the rules from page 1, a header and page numbers;
    TooManyPages past RULES_MOST_PAGES."""
    register_fonts()
    buffer = io.BytesIO()
    doc = _Document(buffer, title, size, RULES_MOST_PAGES, 1, edition.subject)
    styles = Styles.at(9.5, space)
    header = 8 * 72 / 25.4
    body = _frames(doc, 1, header)
    named = with_edition(title, edition)
    doc.addPageTemplates(
        [
            PageTemplate("contents", frames=_frames(doc, 1), onPage=_contents(named, styles)),
            PageTemplate("body", frames=body, onPage=_running(named, styles)),
        ]
    )
    contents = TableOfContents(
        levelStyles=[
            ParagraphStyle("toc1", parent=styles.body, leftIndent=0, spaceBefore=2),
            ParagraphStyle(
                "toc2", parent=styles.body, leftIndent=14, fontSize=styles.body.fontSize * 0.92
            ),
            ParagraphStyle(
                "toc3", parent=styles.body, leftIndent=28, fontSize=styles.body.fontSize * 0.88
            ),
        ],
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FACES["regular"][0]),  # not reportlab's Helvetica
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TEXTCOLOR", (0, 0), (-1, -1), styles.body.textColor),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )
    story: list[Flowable] = [
        Paragraph(escape(title), styles.headings[0]),  # a title is text, never markup
        Paragraph("Contents", styles.headings[1]),
        contents,
        NextPageTemplate("body"),
        PageBreak(),
        *flowables(markdown, styles, (body[0].width, body[0].height)),
    ]
    doc.multiBuild(story, canvasmaker=_canvas(space))
    return _finished(buffer, doc, space)


def _canvas(space: str):
    """For the press, a canvas that refuses any colour not in CMYK, as the drawn materials'."""
    if space != "cmyk":
        return Canvas
    return functools.partial(Canvas, enforceColorSpace="cmyk")


def _finished(buffer: io.BytesIO, doc: BaseDocTemplate, space: str) -> Built:
    pdf = buffer.getvalue()
    if space != "cmyk":
        return Built(pdf, doc.page)
    from printkit.draw.pdfx import make_pdfx  # pikepdf: 50 ms to import, for --press only

    return Built(make_pdfx(pdf), doc.page)


def _contents(title: str, styles: Styles):
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        """Page labels a reader shows: the contents page is i, the rules start at 1."""
        if doc.page == 1:
            canvas.addPageLabel(0, style="ROMAN_LOWER", start=1)
            canvas.addPageLabel(1, style="ARABIC", start=1)
        _bottom_line(canvas, doc, styles, f"{ACTUAL_SIZE} · {title}")

    return draw


def _running(title: str, styles: Styles):
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(FACES["regular"][0], 7.5)
        canvas.setFillColor(styles.ink("#000000", fine=True))  # text black, as PRINT.md asks
        canvas.setStrokeColor(styles.ink("#4d4d4d", fine=True))
        top = doc.pagesize[1] - MARGIN + 2
        canvas.drawString(MARGIN, top, title)
        canvas.drawRightString(doc.pagesize[0] - MARGIN, top, f"page {doc.page - 1}")
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN, top - 3, doc.pagesize[0] - MARGIN, top - 3)
        canvas.restoreState()
        _bottom_line(canvas, doc, styles, f"{ACTUAL_SIZE} · {title}")

    return draw


def _footer(title: str, styles: Styles):
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        _bottom_line(canvas, doc, styles, f"{ACTUAL_SIZE} · {title} · page {doc.page}")

    return draw


def _bottom_line(canvas: Canvas, doc: BaseDocTemplate, styles: Styles, text: str) -> None:
    """A line of small print centred in the bottom margin: every page says how to print it,
    as PRINT.md asks of every sheet, and names the game and its version, as every footer."""
    canvas.saveState()
    canvas.setFont(FACES["regular"][0], 6.5)
    canvas.setFillColor(styles.ink("#000000", fine=True))  # small print too: black, no grey mix
    canvas.drawCentredString(doc.pagesize[0] / 2, MARGIN / 2, text)
    canvas.restoreState()
