"""Placing a piece's art on a sheet: translate, and clip to the art it may show there."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Group, Op, Paint, Rect, Text, translate
from printkit.model.units import mm


def place(
    ops: tuple[Op, ...],
    x: float,
    y: float,
    width: float,
    height: float,
    bleed_sides: tuple[float, float, float, float],
    printable: tuple[float, float, float, float] | None = None,
) -> Group:
    """The piece at (x, y), its art clipped to the trim plus the bleed of each side
    (left, top, right, bottom): shared cut lines get none, outer edges the full bleed, but never
    past `printable` (x0, y0, x1, y1), where a home printer stops printing."""
    left, top, right, bottom = bleed_sides
    if printable is not None:
        x0, y0, x1, y1 = printable
        left, top = min(left, max(0.0, x - x0)), min(top, max(0.0, y - y0))
        right = min(right, max(0.0, x1 - x - width))
        bottom = min(bottom, max(0.0, y1 - y - height))
    clip = (-left, -top, width + left + right, height + top + bottom)
    return Group(ops, translate(x, y), clip)


def printable_area(paper: tuple[float, float], margin: float) -> tuple[float, float, float, float]:
    return (margin, margin, paper[0] - margin, paper[1] - margin)


def note(
    text: str,
    paper: tuple[float, float],
    art_bottom: float,
    margin: float,
    art_left: float | None = None,
    marks_at: Sequence[float] = (),
    art_top: float | None = None,
) -> list[Op]:
    """A note (e.g. 'print at actual size') under the art, on a white ground: one line, or,
    when it is wider than the printable width, its parts (split at ' · ') in as few lines as
    hold them, one under the other, rather than a line running off the paper.

    When the art leaves no printable room below it, the note goes above the art if `art_top`
    says there is room there (the back of a sheet turned on its short edge, whose art the turn
    moved down); else it turns to read upward in the left margin, if `art_left` says there is
    room (9-up cards on Letter): in the stretches between the crop marks at heights
    `marks_at`, split at its ' · ' where it must be, so that it crosses none; centred on the
    page, where the marks give way, when it cannot.
    """
    font = font_name("regular")
    lines = _wrapped(text, paper[0] - 2 * margin, font)
    below = (len(lines) - 1) * LEADING  # from the first line's baseline to the last's
    height = mm(0.5) + NOTE_SIZE * (1 + DESCENT) + below  # its gap from the art included
    if paper[1] - margin - art_bottom >= height:
        return _note_below(lines, paper, art_bottom, margin, font)
    if art_top is not None and art_top - margin >= height:
        highest = margin + NOTE_SIZE + below  # the first line's capitals stay printable
        # the room found keeps the last line's descenders 0.5 mm above the art at least
        last = max(highest, art_top - mm(8))
        return _notes_on(lines, paper, last - below, font)
    if art_left is not None and art_left - margin >= mm(1) + NOTE_SIZE:
        baseline_x = art_left - mm(1) - NOTE_SIZE * DESCENT  # descenders clear of the art
        stretches = _between(sorted(marks_at), margin, paper[1] - margin)
        placed = _whole(text, stretches, paper[1] / 2, font) or _packed(
            text.split(SEPARATOR), stretches, font
        )
        if placed is None:
            return _note_beside(text, baseline_x, paper[1] / 2, font)
        return [
            op for line, middle in placed for op in _note_beside(line, baseline_x, middle, font)
        ]
    return _note_below(lines, paper, art_bottom, margin, font)


def _wrapped(text: str, width: float, font: str) -> list[str]:
    """The note's lines across the printable `width`: the whole note if it fits, else its
    parts packed into as few lines as fit; the whole, too wide, when a part alone is."""
    if text_width(text, font, NOTE_SIZE) <= width:
        return [text]
    parts = text.split(SEPARATOR)
    packed = _packed(parts, [(0.0, width)] * len(parts), font)
    return [line for line, _ in packed] if packed else [text]


SEPARATOR = " · "


def _between(marks: list[float], top: float, bottom: float) -> list[tuple[float, float]]:
    """The stretches of the margin between crop marks (and the printable edges), bottom first
    (the order an upward note is read in), each kept 1 mm clear of the marks."""
    stops = [top, *(y for y in marks if top < y < bottom), bottom]
    spans = [(a + mm(1), b - mm(1)) for a, b in itertools.pairwise(stops)]
    return [span for span in reversed(spans) if span[1] > span[0]]


def _whole(
    text: str, stretches: list[tuple[float, float]], middle: float, font: str
) -> list[tuple[str, float]] | None:
    """The note in one line, in the stretch nearest the page's middle that holds it."""
    width = text_width(text, font, NOTE_SIZE)
    fitting = [(top, bottom) for top, bottom in stretches if bottom - top >= width]
    if not fitting:
        return None
    top, bottom = min(fitting, key=lambda stretch: abs((stretch[0] + stretch[1]) / 2 - middle))
    return [(text, (top + bottom) / 2)]


def _packed(
    parts: list[str], stretches: list[tuple[float, float]], font: str
) -> list[tuple[str, float]] | None:
    """The note's parts, in order, as lines, each in a stretch (the middle of the stretch it
    is centred on): as many parts to a stretch as fit, then the next stretch. None when a part
    fits in none of the stretches left."""
    lines: list[tuple[str, float]] = []
    remaining = list(parts)
    for top, bottom in stretches:
        line = ""
        while remaining:
            longer = remaining[0] if not line else line + SEPARATOR + remaining[0]
            if text_width(longer, font, NOTE_SIZE) > bottom - top:
                break
            line = longer
            remaining.pop(0)
        if line:
            lines.append((line, (top + bottom) / 2))
        if not remaining:
            return lines
    return None


def _note_below(
    lines: list[str], paper: tuple[float, float], art_bottom: float, margin: float, font: str
) -> list[Op]:
    lowest = paper[1] - margin - NOTE_SIZE * DESCENT  # descenders stay printable too
    lowest -= (len(lines) - 1) * LEADING  # the first line's, so that the last line's stay
    baseline = max(art_bottom + mm(0.5) + NOTE_SIZE, min(lowest, art_bottom + mm(8)))
    return _notes_on(lines, paper, baseline, font)


def _notes_on(lines: list[str], paper: tuple[float, float], first: float, font: str) -> list[Op]:
    """The note's lines centred across the page, the first on baseline `first`, each on its
    white ground."""
    return [
        op
        for i, line in enumerate(lines)
        for op in _note_on(line, paper, first + i * LEADING, font)
    ]


def _note_on(text: str, paper: tuple[float, float], baseline: float, font: str) -> list[Op]:
    """A line of the note centred across the page on `baseline`, on its white ground."""
    width = text_width(text, font, NOTE_SIZE)
    x = (paper[0] - width) / 2
    ground = Rect(x - mm(1), baseline - NOTE_SIZE, width + mm(2), LEADING, Paint("#ffffff"))
    return [ground, Text(x, baseline, text, font, NOTE_SIZE, role="note")]


def _note_beside(text: str, baseline_x: float, middle: float, font: str) -> list[Op]:
    """The text reading upward, its baseline at `baseline_x`, centred on height `middle`."""
    width = text_width(text, font, NOTE_SIZE)
    upward = (0.0, -1.0, 1.0, 0.0, baseline_x, middle + width / 2)
    return [Group((Text(0, 0, text, font, NOTE_SIZE, role="note"),), upward)]


NOTE_SIZE = 6.0
LEADING = NOTE_SIZE * 1.4  # from one line of a note to the next: their white grounds meet
DESCENT = 0.25  # of the font size: how far 'p' and '(' reach below the baseline
ACTUAL_SIZE = "Print at actual size (100 %), not fit to page"
