"""Rich text in a box: inline markup, word wrapping and shrink-to-fit.

Layout is done here, once, with the embedded font's metrics, so that PDF and SVG place every
word at the same position. Markup is deliberately small: **bold**, *italic*, :icon: (a glyph
from the deck's icon table) and line breaks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit.draw.fonts import ascent, font_name, has_glyph, text_width
from printkit.draw.ops import Text

_TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9_]+:|\n)")
_STYLE_FACE = {
    (False, False): "regular",
    (True, False): "bold",
    (False, True): "italic",
    (True, True): "bold-italic",
}
LEADING = 1.18
SHRINK_STEP = 0.25


@dataclass(frozen=True, slots=True)
class Run:
    text: str
    face: str


@dataclass
class Markup:
    runs: list[Run]
    unknown_icons: list[str] = field(default_factory=list)


def parse_markup(text: str, icons: dict[str, str], base_face: str = "regular") -> Markup:
    """Split text into styled runs; '\\n' stays a run of its own and forces a line break."""
    bold = base_face in ("bold", "bold-italic")
    italic = base_face in ("italic", "bold-italic")
    runs: list[Run] = []
    unknown: list[str] = []
    for token in _TOKEN.split(text):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n":
            runs.append(Run("\n", "regular"))
        elif token.startswith(":") and token.endswith(":") and len(token) > 2:
            name = token[1:-1]
            if name in icons:
                runs.append(Run(icons[name], _STYLE_FACE[(bold, italic)]))
            else:
                unknown.append(name)
                runs.append(Run(token, _STYLE_FACE[(bold, italic)]))
        else:
            runs.append(Run(token, _STYLE_FACE[(bold, italic)]))
    return Markup(runs, unknown)


def missing_glyphs(runs: list[Run]) -> set[str]:
    """Characters the embedded font cannot draw (they would print as empty boxes)."""
    return {
        char
        for run in runs
        for char in run.text
        if char not in "\n" and not has_glyph(font_name(run.face), char)
    }


@dataclass(frozen=True, slots=True)
class _Word:
    pieces: tuple[Run, ...]

    def width(self, size: float) -> float:
        return sum(text_width(p.text, font_name(p.face), size) for p in self.pieces)


def _words(runs: list[Run]) -> list[_Word | None]:
    """Words (possibly mixing styles, like **Death** Ray's) and None for forced breaks."""
    words: list[_Word | None] = []
    current: list[Run] = []
    for run in runs:
        if run.text == "\n":
            if current:
                words.append(_Word(tuple(current)))
                current = []
            words.append(None)
            continue
        parts = run.text.split(" ")
        for index, part in enumerate(parts):
            if index > 0 and current:
                words.append(_Word(tuple(current)))
                current = []
            if part:
                current.append(Run(part, run.face))
    if current:
        words.append(_Word(tuple(current)))
    return words


def _wrap(words: list[_Word | None], size: float, width: float) -> list[list[_Word]] | None:
    """Greedy line filling; None when a single word is wider than the box."""
    space = text_width(" ", font_name("regular"), size)
    lines: list[list[_Word]] = [[]]
    used = 0.0
    for word in words:
        if word is None:
            lines.append([])
            used = 0.0
            continue
        w = word.width(size)
        if w > width + 1e-6:
            return None
        needed = w if not lines[-1] else used + space + w
        if lines[-1] and needed > width + 1e-6:
            lines.append([word])
            used = w
        else:
            lines[-1].append(word)
            used = needed
    return lines


@dataclass
class FittedText:
    ops: list[Text]
    size: float
    fits: bool


def fit_text(
    runs: list[Run],
    box: tuple[float, float, float, float],
    size: float,
    min_size: float,
    align: str = "left",
    valign: str = "top",
    color: str = "#000000",
) -> FittedText:
    """Lay runs out in the box at the largest size from `size` down to `min_size` that fits."""
    _, _, width, height = box
    words = _words(runs)
    current = size
    while True:
        lines = _wrap(words, current, width)
        leading = current * LEADING
        if lines is not None and len(lines) * leading <= height + 1e-6:
            return FittedText(_place(lines, box, current, align, valign, color), current, True)
        if current - SHRINK_STEP < min_size - 1e-6:
            fallback = lines or [[w] for w in words if w is not None]
            return FittedText(_place(fallback, box, current, align, valign, color), current, False)
        current -= SHRINK_STEP


def _place(
    lines: list[list[_Word]],
    box: tuple[float, float, float, float],
    size: float,
    align: str,
    valign: str,
    color: str,
) -> list[Text]:
    x, y, width, height = box
    leading = size * LEADING
    space = text_width(" ", font_name("regular"), size)
    block = len(lines) * leading
    top = {"top": y, "middle": y + (height - block) / 2, "bottom": y + height - block}[valign]
    first_baseline = top + ascent(font_name("regular"), size) + (leading - size) / 2
    ops: list[Text] = []
    for index, line in enumerate(lines):
        widths = [word.width(size) for word in line]
        line_width = sum(widths) + space * max(len(line) - 1, 0)
        cursor = {
            "left": x,
            "center": x + (width - line_width) / 2,
            "right": x + width - line_width,
        }[align]
        baseline = first_baseline + index * leading
        for word, word_width in zip(line, widths, strict=True):
            piece_x = cursor
            for piece in word.pieces:
                font = font_name(piece.face)
                ops.append(Text(piece_x, baseline, piece.text, font, size, color))
                piece_x += text_width(piece.text, font, size)
            cursor += word_width + space
    return _merge_runs(ops, space)


def _merge_runs(ops: list[Text], space: float) -> list[Text]:
    """Join neighbouring words of one font on one line into one run: smaller, faster output."""
    merged: list[Text] = []
    for op in ops:
        last = merged[-1] if merged else None
        if last and last.y == op.y and last.font == op.font and last.size == op.size:
            expected = last.x + text_width(last.text + " ", last.font, last.size)
            if abs(expected - op.x) < 0.01:
                merged[-1] = Text(
                    last.x, last.y, last.text + " " + op.text, op.font, op.size, op.color
                )
                continue
        merged.append(op)
    return merged
