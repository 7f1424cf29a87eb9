"""Which template line wrote each line of a reference document's Markdown.

Needed only when the Markdown has a problem, so the documents themselves never carry a trace of
it: the template is rendered once more with a mark before every line end of its literal text,
in every template it imports or includes (the `rule` macro of rule.md.j2 too), and at the end
of each piece of literal text. A Markdown line comes from the template line of the last literal
text written on it; a line with none (a value holding a line break) from the next line that
has.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

# Private-use characters: no template or rule text writes them, no filter changes them.
_OPEN, _BETWEEN, _CLOSE = "\ue000", "\ue001", "\ue002"
_MARK = re.compile(f"{_OPEN}([^{_BETWEEN}]*){_BETWEEN}(\\d+){_CLOSE}")


@dataclass(frozen=True)
class Origin:
    template: str  # its name, as a template imports it ('rule.md.j2')
    line: int  # 1-based, as editors count


class LineMarks(Extension):
    """Marks each line end of a template's literal text, and its end, with the template's name
    and line."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        file = stream.name or ""
        for token in stream:
            if token.type == "data":
                token = Token(token.lineno, "data", _marked(token.value, file, token.lineno))
            yield token


def _marked(text: str, file: str, first: int) -> str:
    """The text with a mark at the end of each of its lines, its last (unfinished) one too."""
    lines = text.split("\n")
    return "\n".join(
        f"{line}{_OPEN}{file}{_BETWEEN}{first + n}{_CLOSE}" for n, line in enumerate(lines)
    )


def origins(marked: str, markdown: str) -> list[Origin | None]:
    """For each line of `markdown`, the template line that wrote it, read from the marks of
    the same document rendered with LineMarks (None when nothing marks it)."""
    marked_lines = marked.split("\n")
    found = [_line_origin(line) for line in marked_lines]
    following: Origin | None = None
    for index in reversed(range(len(found))):  # a line an expression ended: the next mark
        following = found[index] = found[index] or following
    plain = [_MARK.sub("", line) for line in marked_lines]
    lines = markdown.split("\n")
    if plain == lines:
        return found
    # A filter changed the marked text (`| length` of a macro's output): match what is equal.
    mapped: list[Origin | None] = [None] * len(lines)
    matcher = difflib.SequenceMatcher(a=lines, b=plain, autojunk=False)
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            mapped[block.a + offset] = found[block.b + offset]
    return mapped


def _line_origin(line: str) -> Origin | None:
    """A line's origin: its last mark, the end of the last template text written on it."""
    marks = _MARK.findall(line)
    return Origin(marks[-1][0], int(marks[-1][1])) if marks else None
