"""Any Markdown a reference template can write either has a problem the checks name before
layout, or lays out as both documents: reportlab never fails on it.

Hypothesis writes the Markdown (derandomized, so CI runs the same cases each time) from the
pieces templates write and the pieces they write by mistake: headings at any level, with and
without anchors, links to anchors that exist and that do not, nested lists, tables with ragged
rows and long words, HTML, images, code blocks, block quotes, control characters and text from
every Unicode plane.
"""

from __future__ import annotations

import contextlib
import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.draw.fonts import FACES, font_name, has_glyph
from printkit.draw.scripts import unsupported_script
from printkit.reference.checks import MAX_HEADING, markdown_problems
from printkit.reference.pdf import TooManyPages, quick_reference, rules_reference

A4 = (595.2755905511812, 841.8897637795277)
SECTIONS = {"market", "combat"}  # sections of the rules this document may leave out
ANCHORS = ["market", "boarding", "setup", "nope", "", "Setting-up", "document:boarding"]

WORDS_ODD = ["漢字", "☃", "\U0001f600", "\u200b", "\x00", "\x07", "\u202e", "\ufeff", "\xad"]
WORDS = st.one_of(
    st.sampled_from(["roll", "2d6", "§5.2", "6+", "≤ 2", "&", "<", ">", "\"'", "\\", "|", "*"]),
    st.text(min_size=1, max_size=12),
    st.integers(20, 400).map(lambda n: "x" * n),  # a word wider than any column
    st.sampled_from(WORDS_ODD),
)


def _inline() -> st.SearchStrategy[str]:
    text = st.lists(WORDS, min_size=1, max_size=6).map(" ".join)
    link = st.tuples(text, st.sampled_from(ANCHORS)).map(lambda t: f"[{t[0]}](#{t[1]})")
    return st.lists(
        st.one_of(
            text,
            text.map(lambda t: f"**{t}**"),
            text.map(lambda t: f"*{t}*"),
            text.map(lambda t: f"`{t}`"),
            link,
            st.sampled_from(["[out](https://example.org/a?b=1&c=2)", "[mail](mailto:a@b.c)"]),
            st.sampled_from(["![alt](art.png)", "<b>bold</b>", "<!-- note -->", "a  \nb"]),
        ),
        min_size=1,
        max_size=5,
    ).map(" ".join)


def _blocks() -> st.SearchStrategy[str]:
    inline = _inline()
    heading = st.tuples(
        st.integers(1, 6), inline, st.sampled_from(["", " {#market}", " {#boarding}", " {#x}"])
    ).map(lambda t: f"{'#' * t[0]} {t[1]}{t[2]}")
    items = st.lists(st.tuples(st.integers(0, 6), inline), min_size=1, max_size=8)
    bullet = items.map(lambda rows: "\n".join(f"{'  ' * depth}- {text}" for depth, text in rows))
    numbered = items.map(lambda rows: "\n".join(f"{'   ' * d}1. {text}" for d, text in rows))
    table = st.tuples(
        st.integers(1, 14),
        st.lists(st.lists(inline, min_size=0, max_size=15), min_size=0, max_size=6),
    ).map(
        lambda t: "\n".join(
            ["| " + " | ".join(f"h{n}" for n in range(t[0])) + " |", "|" + "---|" * t[0]]
            + ["| " + " | ".join(row) + " |" for row in t[1]]
        )
    )
    return st.one_of(
        heading,
        inline,
        bullet,
        numbered,
        table,
        inline.map(lambda t: f"    {t}"),  # an indented line: a code block
        inline.map(lambda t: f"```\n{t}\n```"),
        inline.map(lambda t: f"> {t}"),
        inline.map(lambda t: f"<div>{t}</div>"),
        st.sampled_from(["---", "***", "", "Setext\n===", "- # heading in an item", "-"]),
        st.text(max_size=40),
    )


HOSTILE = st.lists(_blocks(), max_size=12).map("\n\n".join)

# Printable Markdown: every construct the documents print, at its limits. No tab: after a list
# marker it indents the text into a code block, which the checks rightly report. Its letters are
# the ones each DejaVu face has (a letter may be bold, italic or both), in no right-to-left or
# shaped script: the documents print only those.
MARKUP = set("<>[]()!`\\*_#|&{}~=-+.:\n\r\t")
LETTERS = [
    char
    for char in map(chr, range(0x20, 0x3000))
    if char not in MARKUP
    and unicodedata.category(char) not in ("Cc", "Cs")
    and all(has_glyph(font_name(face), char) for face in FACES)
    and unsupported_script(char) is None
]
PLAIN = st.text(alphabet=st.sampled_from(LETTERS), min_size=1, max_size=15).filter(str.strip)
PRINTED_ODD = [word for word in WORDS_ODD if set(word) <= set(LETTERS)]  # ☃ and format marks
SAFE = st.one_of(PLAIN, st.integers(20, 400).map(lambda n: "y" * n), st.sampled_from(PRINTED_ODD))


def _printable_inline() -> st.SearchStrategy[str]:
    text = st.lists(SAFE, min_size=1, max_size=6).map(" ".join)
    return st.lists(
        st.one_of(
            text,
            text.map(lambda t: f"**{t}**"),
            text.map(lambda t: f"*{t}*"),
            st.tuples(text, st.sampled_from(["#top", "#market", "#combat", "https://a.org"])).map(
                lambda t: f"[{t[0]}]({t[1]})"
            ),
        ),
        min_size=1,
        max_size=4,
    ).map(" ".join)


@st.composite
def _printable(draw: st.DrawFn) -> str:
    inline = _printable_inline()
    blocks, level = ["# Title {#top}"], 1
    for kind in draw(st.lists(st.sampled_from("hplt"), max_size=10)):
        if kind == "h":
            level = draw(st.integers(1, min(level + 1, 6)))
            blocks.append(f"{'#' * level} {draw(inline)[:MAX_HEADING]}")
        elif kind == "p":
            blocks.append(draw(inline))
        elif kind == "l":
            marker, step = draw(st.sampled_from([("- ", 2), ("1. ", 3)]))
            depth, lines = 0, []
            for _ in range(draw(st.integers(1, 8))):
                depth = draw(st.integers(0, min(depth + 1, 3)))
                lines.append(f"{' ' * step * depth}{marker}{draw(inline)}")
            blocks.append("\n".join(lines))
        else:
            columns = draw(st.integers(1, 12))
            rows = draw(st.lists(st.lists(inline, max_size=14), max_size=8))
            head = ["| " + " | ".join(f"h{n}" for n in range(columns)) + " |", "|---" * columns]
            blocks.append("\n".join(head + ["| " + " | ".join(row) + " |" for row in rows]))
    return "\n\n".join(blocks)


SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _lay_out(markdown: str) -> None:
    with contextlib.suppress(TooManyPages):
        quick_reference(markdown, "Quick", A4, 7.0, most_pages=4)
    assert rules_reference(markdown, "Rules", A4).pages >= 1


@SETTINGS
@given(HOSTILE)
def test_any_markdown_is_either_reported_or_laid_out(markdown: str) -> None:
    if not markdown_problems(markdown, SECTIONS):
        _lay_out(markdown)


@SETTINGS
@given(_printable())
def test_printable_markdown_passes_the_checks_and_lays_out(markdown: str) -> None:
    assert markdown_problems(markdown, SECTIONS) == []
    _lay_out(markdown)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 400)), min_size=1, max_size=6))
def test_a_problem_is_on_the_line_that_holds_it(headings: list[tuple[int, int]]) -> None:
    """Headings after a blank paragraph of any length: the line of a skipped level is the
    heading's own."""
    lines: list[str] = []
    expected: list[int] = []
    previous = 0
    for level, words in headings:
        if level > previous + 1:
            expected.append(len(lines))
        lines += [f"{'#' * level} Title", "", " ".join(["word"] * words) or "x", ""]
        previous = level
    problems = markdown_problems("\n".join(lines), SECTIONS)
    assert [p.line for p in problems] == expected


def test_a_problem_s_column_is_counted_in_the_markdown_line() -> None:
    """A link in a numbered item or HTML in a table's second cell: the column counts the item's
    number and the cells before it, as the line marks of the template and the printed rule
    texts that locate it do, not from the start of the item's or the cell's own text. A
    carriage return ends a line, as markdown-it counts them."""
    markdown = "# T\n\n1. Deal [x](#nowhere).\n\n| a | b |\n|---|---|\n| c | d <b>e</b> |\n"
    link, html = markdown_problems(markdown, SECTIONS)
    assert (link.code, link.line, link.column) == ("PK603", 2, len("1. Deal [x]("))
    assert (html.code, html.line, html.column) == ("PK606", 6, len("| c | d "))
    (link,) = markdown_problems("# T\r\r1. [x](#y)", SECTIONS)
    assert (link.line, link.column) == (2, len("1. [x]("))
