"""Markdown, as the reference templates write it, turned into reportlab Platypus flowables.

markdown-it-py parses (CommonMark plus tables); this module only maps its tokens to flowables:
headings that carry an anchor (`## Boarding {#boarding}`), become PDF bookmarks and outline
entries, and stay with what follows; paragraphs with bold, italic and internal links
(`[§5.2 Boarding](#boarding)`); bullet and numbered lists; tables whose header row repeats on
every page they run over.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
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
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
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
    """A heading; the document template turns it into an outline entry and a link target.
    A heading split over two columns (taller than the room left) is one heading: its first
    part has the target, the rest (key None) is text."""

    def __init__(
        self,
        text: str | None,
        style: ParagraphStyle,
        level: int = 0,
        key: str | None = None,
        **parts: Any,
    ) -> None:
        super().__init__(text, style, **parts)
        self.level = level
        self.key = key
        self.plain = re.sub(r"<[^>]+>", "", text or "")  # still escaped: '&amp;' for '&'

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        pieces = super().split(availWidth, availHeight)
        if pieces:
            pieces[0].level, pieces[0].key, pieces[0].plain = self.level, self.key, self.plain
        return pieces

    def draw(self) -> None:
        if self.key is not None:
            self.canv.bookmarkHorizontal(self.key, 0, self.height + self.style.fontSize)
        super().draw()


@functools.lru_cache(maxsize=4)
def parse(markdown: str) -> tuple[Token, ...]:
    """The block tokens of a Markdown text (markdown-it-py: CommonMark plus tables), parsed
    once for the checks and every layout of the document (read-only)."""
    return tuple(_PARSER.parse(markdown))


def markdown_lines(markdown: str) -> list[str]:
    """The lines of a Markdown text as markdown-it numbers them (its tokens' `map`): a carriage
    return ends a line too."""
    return _LINE_END.split(markdown)


_LINE_END = re.compile(r"\r\n?|\n")


def heading_anchor(text: str) -> tuple[str, bool]:
    """A heading's link target and whether the template named it ('## Title {#id}')."""
    match = _ANCHOR.search(text)
    return (match.group(1), True) if match else (_slug(text), False)


def heading_text(text: str) -> str:
    """A heading's printed text: its Markdown without the anchor."""
    return _ANCHOR.sub("", text)


def link_target(href: str) -> str | None:
    """The heading a link points at ('#boarding', 'boarding', or reportlab's 'document:boarding');
    None for a link out of the document ('https://…', 'mailto:…'), which a reader opens in its
    own program."""
    scheme = _SCHEME.match(href)
    if scheme is None:
        return href.removeprefix("#")
    return href[scheme.end() :] if scheme.group(0).lower() == "document:" else None


def anchors(tokens: Sequence[Token]) -> set[str]:
    """The link targets of a document: one per heading."""
    return {
        heading_anchor(tokens[index + 1].content)[0]
        for index, token in enumerate(tokens)
        if token.type == "heading_open"
    }


def flowables(markdown: str, styles: Styles, frame: tuple[float, float]) -> Iterator[Flowable]:
    """The flowables of a Markdown text for a column of `frame` (width, height) points, made
    one by one as the layout takes them.

    A link to a heading the document does not print (a `ref()` to a section the quick
    reference leaves out) is printed as its text: there is nothing on these pages to land on.
    """
    tokens = parse(markdown)
    inline = _Inline(styles.link, anchors(tokens))
    held: Heading | None = None  # a heading waits to see whether a list follows it
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if held is not None and token.type not in ("bullet_list_open", "ordered_list_open"):
            yield held
            held = None
        if token.type == "heading_open":
            level = min(int(token.tag[1]), 3)
            text = tokens[index + 1].content
            key = heading_anchor(text)[0]
            markup = inline(_PARSER.parseInline(heading_text(text))[0])
            held = Heading(markup, styles.headings[level - 1], level, key)
            index += 3
        elif token.type == "paragraph_open":
            # A paragraph that introduces a table (its title) stays on the table's page.
            introduces = index + 3 < len(tokens) and tokens[index + 3].type == "table_open"
            style = styles.body
            if introduces:
                style = ParagraphStyle("intro", parent=styles.body, keepWithNext=1)
            yield Paragraph(inline(tokens[index + 1]), style)
            index += 3
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            end = _closing(tokens, index)
            items = _list_items(tokens[index : end + 1], styles, inline)
            numbered = token.type == "ordered_list_open"
            start = 1
            if held is not None and len(items) > 1:
                # keepWithNext never keeps a heading with a list (a container), so the
                # heading could end a column: keep it with the list's first item instead
                yield KeepTogether([held, _list_flowable(items[:1], numbered, styles)])
                items, start = items[1:], 2
            elif held is not None:
                yield held
            held = None
            yield _list_flowable(items, numbered, styles, start)
            index = end + 1
        elif token.type == "table_open":
            end = _closing(tokens, index)
            yield _table(tokens[index : end + 1], styles, frame, inline)
            yield Spacer(0, styles.body.spaceAfter)
            index = end + 1
        else:
            index += 1
    if held is not None:
        yield held


def _closing(tokens: Sequence[Token], start: int) -> int:
    """The index of the token closing the block opened at `start`."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


def _list(tokens: Sequence[Token], styles: Styles, inline: _Inline) -> ListFlowable:
    """A list and the lists nested in its items, each item its paragraphs and sublists."""
    numbered = tokens[0].type == "ordered_list_open"
    return _list_flowable(_list_items(tokens, styles, inline), numbered, styles)


def _list_items(tokens: Sequence[Token], styles: Styles, inline: _Inline) -> list[ListItem]:
    """The items of the list `tokens` opens and closes."""
    items: list[ListItem] = []
    index = 1
    while index < len(tokens) - 1:
        end = _closing(tokens, index)  # tokens[index] opens an item
        content = _item(tokens[index + 1 : end], styles, inline)
        if content:
            body = content[0] if len(content) == 1 else content
            items.append(ListItem(body, leftIndent=styles.body.fontSize * 1.2))
        index = end + 1
    return items


def _list_flowable(
    items: list[ListItem], numbered: bool, styles: Styles, start: int = 1
) -> ListFlowable:
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


def _item(tokens: Sequence[Token], styles: Styles, inline: _Inline) -> list[Flowable]:
    """The paragraphs and sublists of one list item (the checks refuse anything else)."""
    content: list[Flowable] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type in ("bullet_list_open", "ordered_list_open"):
            end = _closing(tokens, index)
            content.append(_list(tokens[index : end + 1], styles, inline))
            index = end
        elif token.type == "inline" and tokens[index - 1].type == "paragraph_open":
            content.append(Paragraph(inline(token), styles.body))
        index += 1
    return content


def _table(
    tokens: Sequence[Token], styles: Styles, frame: tuple[float, float], inline: _Inline
) -> Table:
    rows: list[list[Paragraph]] = []
    for token in tokens:
        if token.type == "tr_open":
            rows.append([])
        elif token.type == "inline":
            rows[-1].append(Paragraph(inline(token), styles.cell))
    columns = max(len(row) for row in rows)
    widths = _column_widths(tokens, columns, frame[0], styles)
    heights = [_row_height(row, widths, frame[1]) for row in rows]
    # A header row taller than half a column is not repeated; a row taller than a column (with
    # its header) may be split. Tables that fit lay out as they always have.
    repeat = heights[0] <= frame[1] / 2
    tallest = max(heights[1:], default=0.0) + (heights[0] if repeat else 0.0)
    table = Table(
        rows,
        colWidths=widths,
        repeatRows=int(repeat),
        hAlign="LEFT",
        splitInRow=int(max(tallest, heights[0]) > frame[1]),
    )
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


def _row_height(row: list[Paragraph], widths: list[float], height: float) -> float:
    """A table row's height, its padding (TableStyle below) included."""
    cells = (
        cell.wrap(width - 2 * CELL_PADDING, height)[1]
        for cell, width in zip(row, widths, strict=True)
    )
    return max(cells, default=0.0) + 1.5 + 2 + 1


def _column_widths(
    tokens: Sequence[Token], columns: int, width: float, styles: Styles
) -> list[float]:
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
    if sum(longest) > width:  # words too long for the column: narrowed, and broken in cells
        least = 2 * CELL_PADDING + 1 + styles.cell.fontSize  # room for one letter
        over = [need - least for need in longest]
        room = max(width - least * columns, 0.0)
        return [least + room * extra / sum(over) for extra in over]
    spare = width - sum(longest)
    return [need + spare * share / sum(amount) for need, share in zip(longest, amount, strict=True)]


class _Inline:
    """reportlab's paragraph markup for an inline token: text escaped, emphasis and links; a
    link to a heading the document does not have is printed as its title, which says where
    that heading is ('rules §3 Scoring', as ref() writes it), else as its text."""

    def __init__(self, link_colour: str | None, anchors: set[str]) -> None:
        self.link_colour = link_colour
        self.anchors = anchors

    def __call__(self, token: Token) -> str:
        parts: list[str] = []
        linked: list[bool] = []  # for each open link, whether it was printed as a link
        titled = False  # in a link printed as its title: its own text is not printed
        for child in token.children or []:
            kind = child.type
            if titled and kind != "link_close":
                continue
            if kind == "text":
                parts.append(escape(_BOUND_NUMBER.sub("\\1\u00a0\\2", child.content)))
            elif kind == "code_inline":
                parts.append(f"<font face='{FACES['bold'][0]}'>{escape(child.content)}</font>")
            elif kind in ("softbreak", "hardbreak"):
                parts.append(" " if kind == "softbreak" else "<br/>")
            elif kind in _EMPHASIS:
                parts.append(_EMPHASIS[kind])
            elif kind == "link_open":
                href = self._href(str(child.attrs.get("href", "")))
                linked.append(href is not None)
                title = str(child.attrs.get("title", ""))
                if href is not None:
                    colour = f' color="{self.link_colour}"' if self.link_colour else ""
                    parts.append(f'<a href="{escape(href, {chr(34): "&quot;"})}"{colour}>')
                elif title:  # (a link holds no link: Markdown ends the first at the second)
                    parts.append(escape(title))
                    titled = True
            elif kind == "link_close":
                titled = False
                if linked.pop():
                    parts.append("</a>")
        return "".join(parts)

    def _href(self, href: str) -> str | None:
        target = link_target(href)
        if target is None:
            return href
        return f"#{target}" if target in self.anchors else None


# A short number that ends a clause ('on turn 4.') keeps to the word before it: alone at the
# start of a line, '4.' reads as a list's number (the print audit found one so).
# Only after a word, and not before a comma: '1, 2, 3' is a list, which may break anywhere.
_BOUND_NUMBER = re.compile(r"([^\W\d_]) (\d{1,3})(?=[.;:!?)]|$)")

_EMPHASIS = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>"}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
