"""Which template line wrote each line of a reference document's Markdown.

Needed only when the Markdown has a problem, so the documents themselves never carry a trace of
it: the template is rendered once more with a mark before every line end of its literal text,
in every template it imports or includes (the `rule` macro of rule.md.j2 too), and at the end
of each piece of literal text. A place in the Markdown comes from the template line of the
first literal text that ends at or after it: the text itself, or the text that follows the
expression that wrote it.
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


class Trace:
    """The template lines behind a document's Markdown, read from the marks of the same document
    rendered with LineMarks."""

    def __init__(self, marked: str, markdown: str) -> None:
        self.lines = [_marks(line) for line in marked.split("\n")]
        plain = [_MARK.sub("", line) for line in marked.split("\n")]
        lines = markdown.split("\n")
        if plain == lines:
            self.rows: list[int | None] = list(range(len(lines)))
        else:  # a filter changed the marked text (`| trim` of a macro's output): match lines
            self.rows = [None] * len(lines)
            matcher = difflib.SequenceMatcher(a=lines, b=plain, autojunk=False)
            for block in matcher.get_matching_blocks():
                for offset in range(block.size):
                    self.rows[block.a + offset] = block.b + offset

    def at(self, line: int, column: int = 0) -> Origin | None:
        """The template line that wrote the Markdown at `line` (0-based) from `column` on: the
        end of the first literal text written there or after it (an expression's value comes
        from the line of the text that follows it)."""
        row = self.rows[line] if 0 <= line < len(self.rows) else None
        if row is None:
            return None
        for marks in (self.lines[row], *self.lines[row + 1 :]):
            for offset, origin in marks:
                if offset >= column:
                    return origin
            column = 0
        return None


def _marks(line: str) -> list[tuple[int, Origin]]:
    """The marks of a marked line, each at its offset in the line without marks."""
    found, removed = [], 0
    for mark in _MARK.finditer(line):
        found.append((mark.start() - removed, Origin(mark.group(1), int(mark.group(2)))))
        removed += len(mark.group(0))
    return found
