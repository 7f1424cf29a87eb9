"""Markdown, as the reference templates write it, turned into reportlab Platypus flowables.

markdown-it-py parses (CommonMark plus tables); this module only maps its tokens to flowables:
headings that carry an anchor (`## Boarding {#boarding}`), become PDF bookmarks and outline
entries, and stay with what follows; paragraphs with bold, italic and internal links
(`[§5.2 Boarding](#boarding)`); bullet and numbered lists; tables whose header row repeats on
every page they run over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.sax.saxutils import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
)
from reportlab.platypus.tables import TableStyle

from printkit.draw.fonts import FACES
from printkit.draw.press import FINE_TEXT, to_cmyk, to_one_ink

_PARSER = MarkdownIt("commonmark").enable("table")
_ANCHOR = re.compile(r"\s*\{#([a-z][a-z0-9_-]*)\}\s*$")
LINK_COLOUR = "#1a4f8b"
CELL_PADDING = 3.0
RULE_WIDTH = 0.4  # points: the line under each table row, a hairline (FINE_LINE) for the press


def ink(colour: str, space: str, fine: bool = False) -> colors.Color:
    """A colour for the document's colour space: for the press, the same CMYK conversion as
    every other material's colours (black on the black plate alone), on one plate for `fine`
    text and lines (draw/press.py FINE_TEXT, FINE_LINE)."""
    if space != "cmyk":
        return colors.HexColor(colour)
    inks = (to_one_ink if fine else to_cmyk)(colour)
    return colors.CMYKColor(inks.c, inks.m, inks.y, inks.k)


@dataclass(frozen=True)
class Styles:
    """Paragraph styles at one base size (the quick reference shrinks it to fit its pages),
    in one colour space."""

    body: ParagraphStyle
    cell: ParagraphStyle
    headings: tuple[ParagraphStyle, ...]
    space: str

    def ink(self, colour: str, fine: bool = False) -> colors.Color:
        return ink(colour, self.space, fine)

    @property
    def link(self) -> str | None:
        """Links in blue on screen; for the press, in the text's own colour (a link cannot be
        clicked on paper, and the blue would be a four-colour mix)."""
        return LINK_COLOUR if self.space != "cmyk" else None

    @classmethod
    def at(cls, size: float, space: str = "rgb") -> Styles:
        regular, bold = FACES["regular"][0], FACES["bold"][0]
        body = ParagraphStyle(
            "body",
            fontName=regular,
            fontSize=size,
            leading=size * 1.3,
            spaceAfter=size * 0.45,
            textColor=ink("#000000", space),
            bulletColor=ink("#000000", space),
        )
        cell = ParagraphStyle("cell", parent=body, spaceAfter=0, leading=size * 1.2)
        headings = tuple(
            ParagraphStyle(
                f"h{level}",
                parent=body,
                fontName=bold,
                fontSize=size * scale,
                leading=size * scale * 1.25,
                spaceBefore=size * (1.1 if level == 1 else 0.7),
                spaceAfter=size * 0.35,
                keepWithNext=1,  # a heading never ends a page or a column alone
                textColor=ink("#1f2d3d", space, fine=size * scale < FINE_TEXT),
            )
            for level, scale in ((1, 1.55), (2, 1.25), (3, 1.08))
        )
        return cls(body, cell, headings, space)


class Heading(Paragraph):
    """A heading; the document template turns it into an outline entry and a link target."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str) -> None:
        super().__init__(text, style)
        self.level = level
        self.key = key
        self.plain = re.sub(r"<[^>]+>", "", text)

    def draw(self) -> None:
        self.canv.bookmarkHorizontal(self.key, 0, self.height + self.style.fontSize)
        super().draw()


def flowables(markdown: str, styles: Styles, width: float) -> list[Flowable]:
    """The flowables of a Markdown text for a column `width` points wide."""
    tokens = _PARSER.parse(markdown)
    out: list[Flowable] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open":
            level = min(int(token.tag[1]), 3)
            text = tokens[index + 1].content
            match = _ANCHOR.search(text)
            key = match.group(1) if match else _slug(text)
            inline = _inline(_PARSER.parseInline(_ANCHOR.sub("", text))[0], styles.link)
            out.append(Heading(inline, styles.headings[level - 1], level, key))
            index += 3
        elif token.type == "paragraph_open":
            # A paragraph that introduces a table (its title) stays on the table's page.
            introduces = index + 3 < len(tokens) and tokens[index + 3].type == "table_open"
            style = styles.body
            if introduces:
                style = ParagraphStyle("intro", parent=styles.body, keepWithNext=1)
            out.append(Paragraph(_inline(tokens[index + 1], styles.link), style))
            index += 3
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            end = _closing(tokens, index)
            items = _list_items(tokens[index : end + 1], styles)
            numbered = token.type == "ordered_list_open"
            if out and isinstance(out[-1], Heading) and len(items) > 1:
                # keepWithNext never keeps a heading with a list (a container), so the
                # heading could end a column: keep it with the list's first item instead
                out.append(KeepTogether([out.pop(), _list(items[:1], numbered, styles)]))
                items, start = items[1:], 2
            else:
                start = 1
            out.append(_list(items, numbered, styles, start))
            index = end + 1
        elif token.type == "table_open":
            end = _closing(tokens, index)
            out.append(_table(tokens[index : end + 1], styles, width))
            out.append(Spacer(0, styles.body.spaceAfter))
            index = end + 1
        else:
            index += 1
    return out


def _closing(tokens: list[Token], start: int) -> int:
    """The index of the token closing the block opened at `start`."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


def _list_items(tokens: list[Token], styles: Styles) -> list[ListItem]:
    return [
        ListItem(
            Paragraph(_inline(token, styles.link), styles.body),
            leftIndent=styles.body.fontSize * 1.2,
        )
        for token in tokens
        if token.type == "inline" and token.level == 3  # list > item > paragraph > inline
    ]


def _list(items: list[ListItem], numbered: bool, styles: Styles, start: int = 1) -> ListFlowable:
    return ListFlowable(
        items,
        bulletType="1" if numbered else "bullet",
        start=str(start) if numbered else "•",
        bulletFormat="%s." if numbered else None,
        leftIndent=styles.body.fontSize * 1.2,
        bulletFontName=styles.body.fontName,
        bulletColor=styles.body.textColor,
        bulletFontSize=styles.body.fontSize,
    )


def _table(tokens: list[Token], styles: Styles, width: float) -> Table:
    rows: list[list[Paragraph]] = []
    for token in tokens:
        if token.type == "tr_open":
            rows.append([])
        elif token.type == "inline":
            rows[-1].append(Paragraph(_inline(token, styles.link), styles.cell))
    columns = max(len(row) for row in rows)
    widths = _column_widths(tokens, columns, width, styles)
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                # Every cell names an embedded face: reportlab's default is Helvetica.
                ("FONTNAME", (0, 0), (-1, -1), FACES["regular"][0]),
                ("FONTNAME", (0, 0), (-1, 0), FACES["bold"][0]),
                ("TEXTCOLOR", (0, 0), (-1, -1), styles.body.textColor),
                ("BACKGROUND", (0, 0), (-1, 0), styles.ink("#dfe6ee")),
                ("LINEBELOW", (0, 0), (-1, -1), RULE_WIDTH, styles.ink("#9aa7b4", fine=True)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
                ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ]
        )
    )
    return table


def _column_widths(tokens: list[Token], columns: int, width: float, styles: Styles) -> list[float]:
    """Each column at least as wide as its longest word (a header such as 'Cost' never breaks
    inside a word); the rest of the width shared by how much text each column holds."""
    longest = [0.0] * columns
    amount = [1] * columns
    column, header = 0, True
    for token in tokens:
        if token.type == "tr_open":
            column = 0
        elif token.type == "tbody_open":
            header = False
        elif token.type == "inline" and column < columns:
            font = FACES["bold"][0] if header else styles.cell.fontName
            words = token.content.split() or [""]
            widest = max(stringWidth(word, font, styles.cell.fontSize) for word in words)
            longest[column] = max(longest[column], widest + 2 * CELL_PADDING + 1)
            amount[column] += len(token.content)
            column += 1
        elif token.type == "inline":
            column += 1
    spare = max(width - sum(longest), 0.0)
    return [need + spare * share / sum(amount) for need, share in zip(longest, amount, strict=True)]


def _inline(token: Token, link_colour: str | None) -> str:
    """reportlab's paragraph markup for an inline token: text escaped, emphasis and links."""
    parts: list[str] = []
    for child in token.children or []:
        kind = child.type
        if kind == "text":
            parts.append(escape(child.content))
        elif kind == "code_inline":
            parts.append(f"<font face='{FACES['bold'][0]}'>{escape(child.content)}</font>")
        elif kind in ("softbreak", "hardbreak"):
            parts.append(" " if kind == "softbreak" else "<br/>")
        elif kind == "strong_open":
            parts.append("<b>")
        elif kind == "strong_close":
            parts.append("</b>")
        elif kind == "em_open":
            parts.append("<i>")
        elif kind == "em_close":
            parts.append("</i>")
        elif kind == "link_open":
            href = escape(str(child.attrs.get("href", "")), {'"': "&quot;"})
            colour = f' color="{link_colour}"' if link_colour else ""
            parts.append(f'<a href="{href}"{colour}>')
        elif kind == "link_close":
            parts.append("</a>")
    return "".join(parts)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
