"""Rich text in a box: inline markup, word wrapping and shrink-to-fit.

Layout is done here, once, with the embedded font's metrics, so that PDF and SVG place every
word at the same position. Markup is deliberately small: **bold**, *italic*, :icon: (a glyph
or a picture from the deck's icon table) and line breaks. A picture icon is laid out like a
letter of its word: as tall as the text's size, standing on the baseline, as wide as its
proportions make it plus a thin side bearing, so wrapping and shrink-to-fit reserve its room.
A character the run's font lacks is set in the first font of the layout's fallback list that
has it (Japanese in a Latin display face), and a line may break between two Chinese, Japanese
or Korean characters as between words. A picture icon is neither: it is one piece, in no font.
A symbol (★ ☢ ⚙: what Unicode calls an "other symbol") in one of DejaVu's condensed faces is
set in the same style at full width (fonts.SYMBOL_FACES), so that it keeps its drawn proportions.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import groupby

from printkit.draw.fonts import SYMBOL_FACES, ascent, font_name, has_glyph, text_width
from printkit.draw.ops import Image, Text

_TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9_]+:|\n)")
_STYLE_FACE = {
    (False, False): "regular",
    (True, False): "bold",
    (False, True): "italic",
    (True, True): "bold-italic",
}
_STYLES = frozenset(_STYLE_FACE.values())
LEADING = 1.18
SHRINK_STEP = 0.25
# what may not begin a line of Chinese or Japanese (closing marks), and may not end one (opening)
_NO_BREAK_BEFORE = frozenset(
    "、。，．・：；？！ー）」』】〕〉》”’ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
)
_NO_BREAK_AFTER = frozenset("（「『【〔〈《“‘")
_CJK = (
    (0x2E80, 0x9FFF),  # radicals, CJK punctuation, kana, Bopomofo, ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
    (0x20000, 0x3FFFF),  # ideographs of the supplementary planes
)
# Room either side of a picture icon, in ems: a glyph's side bearings, so that the picture does
# not touch the letters beside it.
ICON_BEARING = 0.08
_PICTURE = "\ufffc"  # OBJECT REPLACEMENT CHARACTER: where a picture icon stands, for line breaking


@dataclass(frozen=True, slots=True)
class Icon:
    """A picture drawn inline: its name in the icon table, its art file (absolute path), its
    proportions (width / height) and, for raster art, its pixels (None for SVG)."""

    name: str
    source: str
    aspect: float
    pixels: tuple[int, int] | None = None

    @property
    def unit(self) -> float:
        """Its advance at 1 pt: its width at a height of one em, and a bearing each side."""
        return self.aspect + 2 * ICON_BEARING


IconTable = Mapping[str, "str | Icon | None"]  # None: an icon whose art was refused (reported)


@dataclass(frozen=True, slots=True)
class Run:
    text: str
    face: str
    icon: Icon | None = None  # a picture in place of the text (the `:name:` it was written as)


@dataclass
class Markup:
    runs: list[Run]
    unknown_icons: list[str] = field(default_factory=list)


def parse_markup(text: str, icons: IconTable, base_face: str = "regular") -> Markup:
    """Split text into styled runs; '\\n' stays a run of its own and forces a line break. A
    game's own font is one face: **bold** and *italic* leave text set in it unchanged."""
    bold = base_face in ("bold", "bold-italic")
    italic = base_face in ("italic", "bold-italic")

    def styled(bold: bool, italic: bool) -> str:
        return _STYLE_FACE[(bold, italic)] if base_face in _STYLES else base_face

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
                icon = icons[name]
                if isinstance(icon, Icon):
                    runs.append(Run(token, styled(bold, italic), icon))
                elif icon is not None:
                    runs.append(Run(icon, styled(bold, italic)))
            else:
                unknown.append(name)
                runs.append(Run(token, styled(bold, italic)))
        else:
            runs.append(Run(token, styled(bold, italic)))
    return Markup(runs, unknown)


def with_fallback(runs: list[Run], fallback: tuple[str, ...]) -> list[Run]:
    """Each run split where its characters need a fallback face: each character is set in the
    first of its own face and the fallback faces that has it (one none has stays in the run's
    face, for missing_glyphs to report; a space stays in it too, so words break as before)."""
    if not fallback:
        return runs
    split: list[Run] = []
    for run in runs:
        plain = run.text.isascii() and _has_all(run.face, run.text)
        if run.icon is not None or run.text == "\n" or plain:  # an icon is in no font
            split.append(run)
            continue
        chain = (run.face, *fallback)
        for face, chars in groupby(run.text, key=lambda char: _first_with(chain, char)):
            split.append(Run("".join(chars), face))
    return split


def _has_all(face: str, text: str) -> bool:
    font = font_name(face)
    return all(has_glyph(font, char) for char in set(text))


def _first_with(chain: tuple[str, ...], char: str) -> str:
    if char != " ":
        for face in chain:
            if has_glyph(font_name(face), char):
                return face
    return chain[0]


def _symbols_at_full_width(runs: list[Run]) -> list[Run]:
    """Each run in one of DejaVu's condensed faces split where it holds symbols, which are set
    in the same style at full width: condensed, a round symbol would print as an upright oval
    (☢ 12.45 × 13.89 mm on a Shields Up card)."""
    split: list[Run] = []
    for run in runs:
        wide = SYMBOL_FACES.get(run.face)
        if wide is None or run.icon is not None or not _holds_symbol(run.text):
            split.append(run)
            continue
        for symbols, chars in groupby(run.text, key=_is_symbol):
            split.append(Run("".join(chars), wide[0] if symbols else run.face))
    return split


def _is_symbol(char: str) -> bool:
    return unicodedata.category(char) == "So"


def _holds_symbol(text: str) -> bool:
    """Whether `text` holds a symbol, each character looked at once: most text holds none,
    and a dash or an accent is no reason to split it."""
    return not text.isascii() and any(_is_symbol(char) for char in set(text))


def missing_glyphs(runs: list[Run]) -> set[str]:
    """Characters the embedded font cannot draw (they would print as empty boxes)."""
    missing: set[str] = set()
    for run in runs:
        if run.icon is not None:
            continue
        font = font_name(run.face)
        missing.update(c for c in set(run.text) if c != "\n" and not has_glyph(font, c))
    return missing


@dataclass(frozen=True, slots=True)
class _Piece:
    text: str
    font: str
    unit: float  # width at 1 pt; widths scale with the size, so each piece is measured once
    icon: Icon | None = None  # a picture, which is never cut or merged with text


@dataclass(frozen=True, slots=True)
class _Word:
    """Pieces of one word (possibly in several faces), and the width of the space after it,
    set in the face of its last piece: the face a merged run draws it in, so that layout and
    PDF agree and a line of bold text stays one run."""

    pieces: tuple[_Piece, ...]
    unit: float
    space_unit: float

    def width(self, size: float) -> float:
        return self.unit * size

    def space(self, size: float) -> float:
        return self.space_unit * size


# a word's text in one face (or one font, once measured), or an icon, as parsed
_Part = tuple[str, str, Icon | None]


def _piece(text: str, face: str, icon: Icon | None) -> _Piece:
    """A part of a word, measured at 1 pt."""
    font = font_name(face)
    if icon is not None:
        return _Piece(text, font, icon.unit, icon)
    return _Piece(text, font, text_width(text, font, 1.0))


def _word(parts: list[_Part]) -> _Word:
    """A word from its parts, measured at 1 pt."""
    if len(parts) == 1 and parts[0][2] is None:
        return _plain_word(parts[0][0], parts[0][1])
    measured = [_piece(*part) for part in parts]
    return _join(measured, text_width(" ", measured[-1].font, 1.0))


def _join(pieces: list[_Piece], space_unit: float) -> _Word:
    return _Word(tuple(pieces), sum(piece.unit for piece in pieces), space_unit)


@lru_cache(maxsize=65536)
def _plain_word(text: str, face: str) -> _Word:
    """A word in one face; cached, since a deck uses the same words on card after card."""
    font = font_name(face)
    unit = text_width(text, font, 1.0)
    return _Word((_Piece(text, font, unit),), unit, text_width(" ", font, 1.0))


def _words(runs: list[Run]) -> list[_Word | None]:
    """Words (possibly mixing styles, like **Death** Ray's, or text and icons, like 3:coin:)
    and None for forced breaks. Where two runs meet (a style, a fallback font, an icon), a
    line may break by the same rule as inside a run: 山札**から** breaks between 札 and か."""
    if len(runs) == 1 and runs[0].icon is None and runs[0].text != "\n":
        run = runs[0]
        if run.text.isascii():  # most card text: one face, words between spaces, no picture
            return [_plain_word(part, run.face) for part in run.text.split(" ") if part]
    words: list[_Word | None] = []
    current: list[_Part] = []
    last = ""  # the character the current word ends with (_PICTURE for an icon)

    def wide_break() -> None:  # between wide characters: a break, no space
        nonlocal current
        words.append(replace(_word(current), space_unit=0.0))
        current = []

    for run in runs:
        if run.text == "\n":
            if current:
                words.append(_word(current))
                current = []
            words.append(None)
            continue
        if run.icon is not None:
            if current and _breaks_between(last, _PICTURE):
                wide_break()
            current.append((run.text, run.face, run.icon))
            last = _PICTURE
            continue
        parts = run.text.split(" ")
        for index, part in enumerate(parts):
            if index > 0 and current:
                words.append(_word(current))
                current = []
            for number, segment in enumerate(_segments(part)):
                if current and (number > 0 or _breaks_between(last, segment[0])):
                    wide_break()
                current.append((segment, run.face, None))
                last = segment[-1]
    if current:
        words.append(_word(current))
    return words


def _is_cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character (ideographs, kana, Hangul syllables, CJK
    punctuation, fullwidth forms): text in these scripts breaks between characters."""
    return bool(char) and any(low <= ord(char) <= high for low, high in _CJK)


def _breaks_between(before: str, char: str) -> bool:
    """Whether a line may break between two neighbouring characters: beside a wide (Chinese,
    Japanese, Korean) character, except before a closing mark or after an opening one. A
    picture icon (_PICTURE) counts as neither wide nor a mark: it breaks from wide text only."""
    wide = _is_cjk(char) or _is_cjk(before)
    return wide and char not in _NO_BREAK_BEFORE and before not in _NO_BREAK_AFTER


def _segments(part: str) -> list[str]:
    """A word cut where a line may break inside it (_breaks_between)."""
    if part.isascii():
        return [part] if part else []
    segments: list[str] = []
    for index, char in enumerate(part):
        if segments and _breaks_between(part[index - 1], char):
            segments.append(char)
        elif segments:
            segments[-1] += char
        else:
            segments.append(char)
    return segments


def _split(word: _Word, size: float, limit: float) -> list[_Word]:
    """A word too wide for its line, cut between characters (an icon whole) into pieces that
    fit, the last keeping the space after the word: for titles and names that must not run
    off the page."""
    chunks: list[list[_Part]] = [[]]
    used = 0.0
    for piece in word.pieces:
        atoms = [piece.text] if piece.icon is not None else list(piece.text)
        for atom in atoms:
            width = piece.unit * size if piece.icon else text_width(atom, piece.font, size)
            if chunks[-1] and used + width > limit:
                chunks.append([])
                used = 0.0
            chunks[-1].append((atom, piece.font, piece.icon))
            used += width
    words = []
    for index, chunk in enumerate(chunks):
        pieces: list[_Piece] = []
        for (font, icon), parts in groupby(chunk, key=lambda part: (part[1], part[2])):
            if icon is not None:
                pieces += [_Piece(text, font, icon.unit, icon) for text, _, _ in parts]
                continue
            text = "".join(text for text, _, _ in parts)
            pieces.append(_Piece(text, font, text_width(text, font, 1.0)))
        space = word.space_unit if index == len(chunks) - 1 else 0.0
        words.append(_join(pieces, space))
    return words


def _wrap(
    words: list[_Word | None], size: float, width: float, break_words: bool = False
) -> list[list[_Word]] | None:
    """Greedy line filling; None when a single word is wider than the box, unless
    ``break_words`` cuts it."""
    lines: list[list[_Word]] = [[]]
    used = 0.0
    limit = width + 1e-6
    if break_words:
        words = [
            part
            for word in words
            for part in (_split(word, size, limit) if word and word.unit * size > limit else [word])
        ]
    for word in words:
        if word is None:
            lines.append([])
            used = 0.0
            continue
        w = word.unit * size
        if w > limit:
            return None
        line = lines[-1]
        needed = used + line[-1].space_unit * size + w if line else w
        if line and needed > limit:
            lines.append([word])
            used = w
        else:
            line.append(word)
            used = needed
    return lines


@dataclass
class FittedText:
    ops: list[Text | Image]  # the text runs, then the icons' pictures
    size: float
    fits: bool
    lines: int  # empty lines (forced breaks) included

    @property
    def right(self) -> float:
        """Where the longest line ends: how wide laid-out text is, for what goes beside it."""
        return max((_right(op) for op in self.ops), default=0.0)


def _right(op: Text | Image) -> float:
    if isinstance(op, Image):
        return op.x + op.w
    return op.x + text_width(op.text, op.font, op.size)


def fit_text(
    runs: list[Run],
    box: tuple[float, float, float, float],
    size: float,
    min_size: float,
    align: str = "left",
    valign: str = "top",
    color: str = "#000000",
    break_words: bool = False,
) -> FittedText:
    """Lay runs out in the box at the largest size from `size` down to `min_size`, in steps of
    SHRINK_STEP, that fits; with ``break_words`` a word wider than the box is cut between
    characters instead.

    Text that fits at a size fits at every smaller one (greedy filling packs the fewest lines,
    and every packing at a size is one at a smaller size), so the sizes are searched by
    halving: a dozen wraps, not one per step (900 pt down to 0.01 pt was 1,800 wraps of
    50,000 words, 5 s a card). Words cut to the box (`break_words`) are cut without regard to
    what the line holds already, so that holds there no longer: those sizes are tried in
    turn (its callers, map labels and headers, give one size)."""
    _, _, width, height = box
    words = _words(_symbols_at_full_width(runs))
    sizes = _sizes(size, min_size)

    def fitted(current: float) -> list[list[_Word]] | None:
        lines = _wrap(words, current, width, break_words)
        fits = lines is not None and len(lines) * (current * LEADING) <= height + 1e-6
        return lines if fits else None

    lines = fitted(sizes[0])  # most text fits at its own size: one wrap
    index = 0
    if lines is None:
        index, lines = _first_fitting(len(sizes), lambda i: fitted(sizes[i]), break_words)
    if lines is not None:
        placed = _place(lines, box, sizes[index], align, valign, color)
        return FittedText(placed, sizes[index], True, len(lines))
    current = sizes[-1]
    fallback = _wrap(words, current, width, break_words) or [[w] for w in words if w is not None]
    placed = _place(fallback, box, current, align, valign, color)
    return FittedText(placed, current, False, len(fallback))


def needed_box(runs: list[Run], width: float, size: float) -> tuple[float, float]:
    """The box text needs at `size`, no narrower than `width`: its widest word's width where
    that is wider, and the height of its lines wrapped to it. It says by how much text that
    does not fit overflows (PK300), so fitting never pays for it."""
    words = _words(_symbols_at_full_width(runs))
    wide = max([width, *(word.unit * size for word in words if word is not None)])
    lines = _wrap(words, size, wide)
    assert lines is not None  # no word is wider than `wide`
    return wide, len(lines) * size * LEADING


def _first_fitting(
    count: int, fitted: Callable[[int], list[list[_Word]] | None], in_turn: bool
) -> tuple[int, list[list[_Word]] | None]:
    """The first size, of indexes 1 to `count - 1`, at which the text fits, with its lines
    ((0, None) when none does): by halving, as fitting at a size means fitting at every
    smaller one, or each in turn where that does not hold (words cut to the box)."""
    if in_turn:
        for index in range(1, count):
            if (lines := fitted(index)) is not None:
                return index, lines
        return 0, None
    found: tuple[int, list[list[_Word]] | None] = (0, None)
    low, high = 1, count  # the first size that fits is among low..high - 1, if any
    while low < high:
        middle = (low + high) // 2
        lines = fitted(middle)
        if lines is None:
            low = middle + 1
        else:
            high, found = middle, (middle, lines)
    return found


@lru_cache(maxsize=256)
def _sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes tried, largest first, each SHRINK_STEP below the last (subtracted in turn, as
    the sizes have always been reached) down to `min_size`; `size` alone when it is smaller."""
    sizes = [size]
    while sizes[-1] - SHRINK_STEP >= min_size - 1e-6:
        sizes.append(sizes[-1] - SHRINK_STEP)
    return tuple(sizes)


def _place(
    lines: list[list[_Word]],
    box: tuple[float, float, float, float],
    size: float,
    align: str,
    valign: str,
    color: str,
) -> list[Text | Image]:
    """Position the lines; neighbouring pieces of one font on a line become one run, which
    keeps the output small (one text operator per line of plain text, not one per word). An
    icon ends the run before it; its picture stands on the baseline, one em tall."""
    x, y, width, height = box
    leading = size * LEADING
    block = len(lines) * leading
    top = {"top": y, "middle": y + (height - block) / 2, "bottom": y + height - block}[valign]
    first_baseline = top + ascent(font_name("regular"), size) + (leading - size) / 2
    ops: list[Text | Image] = []
    pictures: list[Image] = []
    for index, line in enumerate(lines):
        widths = [word.width(size) for word in line]
        spaces = [word.space(size) for word in line]
        line_width = sum(widths) + sum(spaces[:-1])
        cursor = {
            "left": x,
            "center": x + (width - line_width) / 2,
            "right": x + width - line_width,
        }[align]
        baseline = first_baseline + index * leading
        text = _one_run(line)
        if text is not None:  # the loop below would make this one run, at a tenth of the cost
            ops.append(Text(cursor, baseline, text, line[0].pieces[0].font, size, color))
            continue
        runs: list[tuple[float, str, list[str]]] = []  # (x, font, texts) per run
        open_run = False  # whether the next piece may join the last run (not after an icon)
        gap = ""  # what separates this word from the one before: a space, or nothing (CJK)
        for word, word_width, space in zip(line, widths, spaces, strict=True):
            piece_x = cursor
            for number, piece in enumerate(word.pieces):
                if piece.icon is not None:
                    pictures.append(_picture(piece.icon, piece_x, baseline, size))
                    open_run = False
                elif open_run and runs[-1][1] == piece.font:
                    # The run ends with the previous piece; the space between words is in
                    # that piece's face, which is this one, so the layout is unchanged.
                    runs[-1][2].append((gap if number == 0 else "") + piece.text)
                else:
                    runs.append((piece_x, piece.font, [piece.text]))
                    open_run = True
                piece_x += piece.unit * size
            cursor += word_width + space
            gap = " " if space else ""
        ops += [Text(rx, baseline, "".join(texts), font, size, color) for rx, font, texts in runs]
    return ops + pictures


def _one_run(line: list[_Word]) -> str | None:
    """The line's text when it is one run of one font: words of one piece each, no picture,
    each but the last followed by a space; else None."""
    if not line:
        return None
    font = line[0].pieces[0].font
    for word in line:
        if len(word.pieces) != 1 or word.pieces[0].icon is not None:
            return None
        if word.pieces[0].font != font:
            return None
    if not all(word.space_unit for word in line[:-1]):
        return None
    return " ".join(word.pieces[0].text for word in line)


def _picture(icon: Icon, x: float, baseline: float, size: float) -> Image:
    """An icon's picture where its piece starts: past the bearing, one em tall, on the baseline."""
    return Image(x + ICON_BEARING * size, baseline - size, icon.aspect * size, size, icon.source)
