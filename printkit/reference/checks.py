"""What a reference document cannot print, found in its Markdown before it is laid out.

The layout (reportlab) fails on some Markdown and silently drops other Markdown: a link to a
heading nowhere in the document, headings that skip a level (a PDF outline cannot), an empty
document; code blocks, HTML, images and block quotes, which the documents do not print. Each is
a problem at the Markdown line that holds it; the caller maps the line back to the template's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from printkit.check.plain_text import plain_text_problem
from printkit.diagnostics import (
    REFERENCE_EMPTY,
    REFERENCE_HEADINGS,
    REFERENCE_LINK,
    REFERENCE_MARKDOWN,
    did_you_mean,
)
from printkit.reference.markdown import (
    anchors,
    heading_anchor,
    heading_text,
    link_target,
    markdown_lines,
    parse,
)

MAX_LIST_DEPTH = 4  # lists in lists: deeper, the text of a quick-reference column is too narrow
MAX_HEADING = 200  # characters: a heading is a title, and a line of the contents page
MAX_TABLE_COLUMNS = 12  # wider, the cells of a quick-reference column are a letter wide

# Markdown the documents do not print, by markdown-it's token, as a designer would say it.
_NOT_PRINTED = {
    "code_block": (
        "a code block (a line indented by four spaces or more)",
        "remove the indentation: in a template, indent the {% %} tags, not the text",
    ),
    "fence": ("a fenced code block (```)", "write the text as a paragraph or a list"),
    "html_block": ("HTML", "write Markdown (**bold**, *italic*, lists, tables)"),
    "html_inline": ("HTML", "write Markdown (**bold**, *italic*); write '<' as '&lt;'"),
    "image": ("an image", "put pictures on a sheet or a card; reference documents are text"),
    "blockquote_open": ("a block quote ('>')", "write the text as a paragraph"),
    "hr": ("a horizontal rule", "start a new section with a heading instead"),
}
_ALLOWED_IN_ITEM = {"paragraph_open", "bullet_list_open", "ordered_list_open"}


@dataclass(frozen=True)
class MarkdownProblem:
    """A problem at a line of the Markdown (0-based, as markdown-it counts); None for the
    whole document."""

    code: str
    message: str
    hint: str
    line: int | None
    column: int = 0  # where on the line, 0-based


def markdown_problems(
    markdown: str, sections: Collection[str], icons: Mapping[str, str] | None = None
) -> list[MarkdownProblem]:
    """Every problem of a document's Markdown; `sections` are the rules' section ids, whose
    links print as plain text in a document that leaves the section out; `icons` the game's
    icon names (check/plain_text.py: the documents print no icons, and only what DejaVu can)."""
    tokens = parse(markdown)
    lines = markdown_lines(markdown)
    if not any(token.nesting == 1 or token.type in _NOT_PRINTED for token in tokens):
        return [
            MarkdownProblem(
                REFERENCE_EMPTY,
                "the template writes an empty document",
                "write at least a heading ('# Title') and a paragraph",
                None,
            )
        ]
    return [
        *_headings(tokens),
        *_links(tokens, sections, lines),
        *_not_printed(tokens, lines),
        *_plain_texts(tokens, icons or {}, lines),
    ]


def _headings(tokens: Sequence[Token]) -> Iterator[MarkdownProblem]:
    """Headings start at level 1 and go down one level at a time: the PDF outline is a tree."""
    previous = 0
    explicit = Counter(
        heading_anchor(tokens[index + 1].content)
        for index, token in enumerate(tokens)
        if token.type == "heading_open"
    )
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        level, text = int(token.tag[1]), tokens[index + 1].content
        line = _line(token)
        if not heading_text(text).strip():
            yield MarkdownProblem(
                REFERENCE_HEADINGS,
                "a heading with no text",
                "give the heading a title, or leave the '#' line out when there is none",
                line,
            )
        if level > previous + 1:
            where = "the first heading" if previous == 0 else f"after a level-{previous} heading"
            yield MarkdownProblem(
                REFERENCE_HEADINGS,
                f"a level-{level} heading ({'#' * level}) is {where}: headings may not skip "
                "a level",
                f"make it a level-{previous + 1} heading ({'#' * (previous + 1)})",
                line,
            )
        if len(heading_text(text)) > MAX_HEADING:
            yield MarkdownProblem(
                REFERENCE_HEADINGS,
                f"a heading of {len(heading_text(text))} characters (at most {MAX_HEADING})",
                "shorten the title and put the rest in a paragraph below it",
                line,
            )
        previous = level
        anchor = heading_anchor(text)
        if anchor[1] and explicit[anchor] > 1:
            explicit[anchor] = 0  # reported once, at the first
            yield MarkdownProblem(
                REFERENCE_HEADINGS,
                f"two headings have the anchor '{{#{anchor[0]}}}'",
                "give each heading its own anchor: links must land on one place",
                line,
            )


def _links(
    tokens: Sequence[Token], sections: Collection[str], lines: Sequence[str]
) -> Iterator[MarkdownProblem]:
    """Every link to a heading lands on one the document prints, or names a section of the
    rules (printed as text where the document leaves the section out)."""
    targets = anchors(tokens)
    for token, child in _inline_children(tokens):
        if child.type != "link_open":
            continue
        href = str(child.attrs.get("href", ""))
        target = link_target(href)
        if target is None or target in targets or target in sections:
            continue
        yield MarkdownProblem(
            REFERENCE_LINK,
            f"a link to '{href}', but no heading of the document has the anchor '{target}'"
            if target
            else "a link to nothing ('()')",
            did_you_mean(
                target,
                targets | set(sections),
                "give a heading the anchor ('## Title {#id}'), or link with ref('section')",
            ),
            *_place(token, href, lines),
        )


def _not_printed(tokens: Sequence[Token], lines: Sequence[str]) -> Iterator[MarkdownProblem]:
    """Markdown the layout would drop or fail on: each kind once, at its first place."""
    seen: set[str] = set()

    def problem(
        what: str, hint: str, line: int | None, column: int = 0
    ) -> Iterator[MarkdownProblem]:
        if what not in seen:  # HTML is one kind, in a block or in a line
            seen.add(what)
            yield MarkdownProblem(
                REFERENCE_MARKDOWN,
                f"{what}, which reference documents do not print",
                hint,
                line,
                column,
            )

    depth, parents = 0, []
    for index, token in enumerate(tokens):
        if token.type in _NOT_PRINTED:
            yield from problem(*_NOT_PRINTED[token.type], _line(token))
        elif _in_item(parents) and token.nesting == 1 and token.type not in _ALLOWED_IN_ITEM:
            what = token.type.removesuffix("_open").replace("_", " ")
            yield from problem(
                f"a {what} inside a list item",
                "end the list first: leave a blank line and no indentation before it",
                _line(token),
            )
        if token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
            if depth > MAX_LIST_DEPTH:
                yield from problem(
                    f"lists nested more than {MAX_LIST_DEPTH} deep",
                    "flatten the list: a column has no room for deeper indentation",
                    _line(token),
                )
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif token.type == "tr_open":
            columns = _closing_cells(tokens, index)
            if columns > MAX_TABLE_COLUMNS:
                yield from problem(
                    f"a table of {columns} columns (at most {MAX_TABLE_COLUMNS})",
                    "split the table, or turn its columns into rows",
                    _line(token),
                )
        if token.nesting == 1:
            parents.append(token.type)
        elif token.nesting == -1 and parents:
            parents.pop()
    for token, child in _inline_children(tokens):
        if child.type in _NOT_PRINTED:
            markup = str(child.attrs.get("src", "")) if child.type == "image" else child.content
            yield from problem(*_NOT_PRINTED[child.type], *_place(token, markup, lines))


def _plain_texts(
    tokens: Sequence[Token], icons: Mapping[str, str], lines: Sequence[str]
) -> Iterator[MarkdownProblem]:
    """Text the documents' DejaVu cannot print, each problem at the first place it is found."""
    for token, text, face in _faced_texts(tokens):
        if problem := plain_text_problem(text, icons, face):
            line, column = _place(token, problem.found, lines)
            yield MarkdownProblem(problem.code, problem.message, problem.hint, line, column)


_BOLD_BLOCKS = frozenset({"heading_open", "th_open"})  # set in bold (markdown.py's styles)


def _faced_texts(tokens: Sequence[Token]) -> Iterator[tuple[Token, str, str]]:
    """Each text the documents print, with its inline token and the DejaVu face it is set in
    (as markdown.py sets it): headings and table heads bold, `**` bold, `*` italic, code bold.
    DejaVu's faces hold different characters, so each text is checked in its own."""
    for index, token in enumerate(tokens):
        if token.type != "inline":
            continue
        bold_block = index > 0 and tokens[index - 1].type in _BOLD_BLOCKS
        strong = emphasis = 0
        for child in token.children or []:
            strong += (child.type == "strong_open") - (child.type == "strong_close")
            emphasis += (child.type == "em_open") - (child.type == "em_close")
            if child.type in ("text", "code_inline"):
                bold = bold_block or strong > 0 or child.type == "code_inline"
                yield token, child.content, _FACES[bold, emphasis > 0]


_FACES = {
    (False, False): "regular",
    (True, False): "bold",
    (False, True): "italic",
    (True, True): "bold-italic",
}


def _in_item(parents: list[str]) -> bool:
    return bool(parents) and parents[-1] == "list_item_open"


def _closing_cells(tokens: Sequence[Token], start: int) -> int:
    """How many cells the table row opened at `start` has."""
    cells = 0
    for token in tokens[start + 1 :]:
        if token.type == "tr_close":
            break
        cells += token.type in ("th_open", "td_open")
    return cells


def _inline_children(tokens: Sequence[Token]) -> Iterator[tuple[Token, Token]]:
    for token in tokens:
        for child in token.children or []:
            yield token, child


def _line(token: Token) -> int | None:
    return token.map[0] if token.map else None


def _place(token: Token, needle: str, lines: Sequence[str]) -> tuple[int | None, int]:
    """The line and column of a link, an image or HTML in a (multi-line) paragraph: where its
    address or markup first appears, else the paragraph's start. The column is counted in the
    Markdown's line, a list item's number or a table's other cells included, as the trace of
    its template line (reference/origin.py) and of the rule text it prints count it."""
    first = _line(token)
    if first is None:
        return None, 0
    for offset, text in enumerate(token.content.split("\n")):
        if needle and needle in text:
            line = first + offset  # the content's lines are the Markdown's, less their indent
            return line, max(lines[line].find(needle), 0)
    return first, 0
