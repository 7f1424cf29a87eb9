"""Text set in DejaVu alone: sheets, reference documents and hex-map labels.

A game's own fonts, its fallback fonts and its icons reach card and counter layouts only (the
layouts that name them); everything else prints in the embedded DejaVu faces, left to right.
What that text cannot print is refused where it is written rather than printed wrong: a script
that needs right-to-left order or shaping (PK134, as on cards), an icon's `:name:` (which would
print as those letters), a character DejaVu lacks (an empty box).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from printkit.diagnostics import BAD_VALUE, ICON_NOT_PRINTED, SCRIPT_NOT_SUPPORTED
from printkit.draw.fonts import font_label
from printkit.draw.scripts import script_of, unsupported_script
from printkit.draw.text import Run, missing_glyphs, parse_markup
from printkit.model.package import Package

_ICON = re.compile(r":([a-z0-9_]+):")
_WHERE = "sheets, reference documents and hex-map labels are set in DejaVu Sans"


@dataclass(frozen=True)
class TextProblem:
    code: str
    message: str
    hint: str
    found: str  # the character or markup it is about, to place it in a longer text


def game_icons(package: Package) -> dict[str, str]:
    """Each icon name of the game's decks, with the (first) deck that defines it."""
    icons: dict[str, str] = {}
    for deck_id, deck in package.decks.items():
        for name in deck.icons:
            icons.setdefault(name, deck_id)
    return icons


def plain_text_problem(
    text: str, icons: Mapping[str, str], face: str = "regular", markup: bool = False
) -> TextProblem | None:
    """The first thing `text`, set in DejaVu's `face` (the one it is drawn in: DejaVu's bold
    lacks some characters its regular has), cannot print; None when it prints. With `markup`
    the text is drawn with its `**bold**` and `*italic*` parts in those faces, so each part is
    checked in its own. `icons` are the game's icon names (game_icons): a `:name:` no deck
    defines is text (`10:30:`)."""
    if text.isascii() and ":" not in text:
        return None
    refused = unsupported_script(text)
    if refused is not None:
        char, why = refused
        return TextProblem(
            SCRIPT_NOT_SUPPORTED,
            f"holds {script_of(char)} text ('{char}', U+{ord(char):04X}), a {why} script "
            "printkit cannot lay out",
            f"{_WHERE}, set left to right without shaping; write this text in a script "
            "printkit sets (Latin, Greek, Cyrillic…), or print it as a picture on a card",
            char,
        )
    for match in _ICON.finditer(text):
        if match[1] in icons:
            return TextProblem(
                ICON_NOT_PRINTED,
                f"'{match[0]}' is an icon of deck '{icons[match[1]]}', and icons print only "
                "in card and counter text: here it would print as those letters",
                "write the character it stands for, or put the text on a card or counter",
                match[0],
            )
    runs = parse_markup(text, {}, face).runs if markup else [Run(text, face)]
    for run in runs:  # the first part whose face lacks a character it holds
        missing = missing_glyphs([run])
        if missing:
            return TextProblem(
                BAD_VALUE,
                f"uses characters {font_label(run.face)} lacks: " + " ".join(sorted(missing)),
                f"{_WHERE} (Latin, Greek, Cyrillic, many symbols): these would print as empty "
                "boxes; a game's own fonts reach card and counter layouts only",
                next(char for char in run.text if char in missing),
            )
    return None
