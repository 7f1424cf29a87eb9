"""Hex label formats: a tiny template language for "0101", "A1", "3.4" and the like.

Why not Python's str.format: it would let a game package reach attributes ("{col.__class__}")
and its errors are cryptic. This language has two fields, ``col`` and ``row``, and three
styles, and it runs both ways: labels are rendered for printing and parsed back so that YAML
can name hexes the way the map prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

K = TypeVar("K")
FIELDS = ("col", "row")
_FIELD = re.compile(r"\{([^{}]*)\}")


class LabelFormatError(ValueError):
    """A format that cannot be rendered; ``hint`` says how to fix it."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    style: str  # "number", "upper" or "lower"
    width: int = 0

    def render(self, value: int) -> str:
        if self.style == "number":
            return f"{value:0{self.width}d}" if self.width else str(value)
        if value < 1:
            raise LabelFormatError(
                f"{self.name} {value} has no letter form", "letters count from A = 1"
            )
        letters = ""
        while value:
            value, digit = divmod(value - 1, 26)
            letters = chr(ord("A") + digit) + letters
        return letters if self.style == "upper" else letters.lower()

    def pattern(self) -> str:
        if self.style == "number":
            body = rf"\d{{{self.width},}}" if self.width else r"\d+"
            return rf"(?P<{self.name}>-?{body})"
        letters = "A-Z" if self.style == "upper" else "a-z"
        return rf"(?P<{self.name}>[{letters}]+)"

    def parse(self, text: str) -> int:
        if self.style == "number":
            return int(text)
        value = 0
        for char in text.upper():
            value = value * 26 + ord(char) - ord("A") + 1
        return value


@dataclass(frozen=True, slots=True)
class LabelFormat:
    source: str
    parts: tuple[str | Field, ...]

    def render(self, col: int, row: int) -> str:
        values = {"col": col, "row": row}
        return "".join(p if isinstance(p, str) else p.render(values[p.name]) for p in self.parts)

    def parse(self, text: str) -> tuple[int, int] | None:
        """(col, row) of a label this format prints, or None if it is not one."""
        match = _matcher(self.parts).fullmatch(text)
        if match is None:
            return None
        fields = {p.name: p for p in self.parts if isinstance(p, Field)}
        if set(fields) != set(FIELDS):
            return None
        return fields["col"].parse(match["col"]), fields["row"].parse(match["row"])


@cache
def _matcher(parts: tuple[str | Field, ...]) -> re.Pattern[str]:
    """The regex that reads labels back, compiled once per format (maps name many hexes)."""
    return re.compile("".join(p.pattern() if isinstance(p, Field) else re.escape(p) for p in parts))


def _field(body: str, source: str) -> Field:
    name, _, spec = body.partition(":")
    name = name.strip()
    if name not in FIELDS:
        raise LabelFormatError(
            f"label format '{source}' has unknown field '{{{name}}}'",
            "the fields are {col} and {row}, e.g. '{col:02}{row:02}'",
        )
    if spec == "":
        return Field(name, "number")
    if spec in ("A", "a"):
        return Field(name, "upper" if spec == "A" else "lower")
    if re.fullmatch(r"0[1-9]", spec):
        return Field(name, "number", int(spec[1]))
    raise LabelFormatError(
        f"label format '{source}' has unknown spec ':{spec}' for {{{name}}}",
        "use {col} (plain), {col:02} (zero-padded to 2 digits) or {col:A} (letters)",
    )


def parse_format(source: str) -> LabelFormat:
    """Compile a label format, or raise ``LabelFormatError`` saying what is wrong."""
    parts: list[str | Field] = []
    literal = ""
    index = 0
    while index < len(source):
        char = source[index]
        if source.startswith(("{{", "}}"), index):
            literal += char
            index += 2
            continue
        if char == "}":
            raise LabelFormatError(
                f"label format '{source}' has a '}}' with no opening '{{'",
                "write '}}' for a literal brace",
            )
        if char == "{":
            match = _FIELD.match(source, index)
            if match is None:
                raise LabelFormatError(
                    f"label format '{source}' has a '{{' that is never closed",
                    "close the field, e.g. '{col:02}', or write '{{' for a literal brace",
                )
            if literal:
                parts.append(literal)
                literal = ""
            parts.append(_field(match.group(1), source))
            index = match.end()
            continue
        literal += char
        index += 1
    if literal:
        parts.append(literal)
    if not any(isinstance(p, Field) for p in parts):
        raise LabelFormatError(
            f"label format '{source}' has no {{col}} or {{row}} field",
            "every hex would get the same label; use e.g. '{col:02}{row:02}'",
        )
    return LabelFormat(source, tuple(parts))


def split_digits(text: str) -> tuple[int, int] | None:
    """The wargame convention: an even run of digits is column then row, 'CCRR' or 'CCCRRR'."""
    if not text.isdigit() or len(text) % 2:
        return None
    half = len(text) // 2
    return int(text[:half]), int(text[half:])


def render_all(fmt: LabelFormat, positions: dict[K, tuple[int, int]]) -> dict[K, str]:
    """Every label of a board; a label printed twice would send players to the wrong hex,
    so a format that cannot tell two hexes apart is refused like a syntax error."""
    labels: dict[K, str] = {}
    owner: dict[str, tuple[int, int]] = {}
    for key, (col, row) in positions.items():
        text = fmt.render(col, row)
        if text in owner and owner[text] != (col, row):
            (c1, r1) = owner[text]
            raise LabelFormatError(
                f"label format '{fmt.source}' prints '{text}' for both column {c1} row {r1} "
                f"and column {col} row {row}",
                "pad the fields to a fixed width ('{col:02}{row:02}') or put a separator "
                "between them ('{col}.{row}')",
            )
        owner[text] = (col, row)
        labels[key] = text
    return labels
