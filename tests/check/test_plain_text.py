"""Text set in DejaVu alone (check/plain_text.py): what it cannot print is refused whole, the
first problem only: a right-to-left or shaped script, an icon of the game, a character the face
it is set in lacks (DejaVu Sans italic has no Ogham, its regular has)."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import GOOD

from printkit.check.plain_text import TextProblem, game_icons, plain_text_problem
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package

WHERE = "sheets, reference documents and hex-map labels are set in DejaVu Sans"
SCRIPT_HINT = (
    f"{WHERE}, set left to right without shaping; write this text in a script printkit sets "
    "(Latin, Greek, Cyrillic…), or print it as a picture on a card"
)
ICON_HINT = "write the character it stands for, or put the text on a card or counter"
GLYPH_HINT = (
    f"{WHERE} (Latin, Greek, Cyrillic, many symbols): these would print as empty boxes; a "
    "game's own fonts reach card and counter layouts only"
)
OGHAM = "\u1681"  # in DejaVu Sans and its bold, not in its italic


def test_latin_and_a_colon_that_names_no_icon_print() -> None:
    assert plain_text_problem("Move 2 hexes; then rest.", {}) is None
    assert plain_text_problem("At 10:30: rest, ½ a turn: «fin»", {"rest": "deck"}) is None


def test_a_right_to_left_or_shaped_script_is_refused_at_its_first_such_character() -> None:
    assert plain_text_problem("Say שלום", {}) == TextProblem(
        "PK134",
        "holds Hebrew text ('ש', U+05E9), a right-to-left script printkit cannot lay out",
        SCRIPT_HINT,
        "ש",
    )
    assert plain_text_problem("Say नमस्ते", {}) == TextProblem(
        "PK134",
        "holds Devanagari text ('न', U+0928), a shaped script printkit cannot lay out",
        SCRIPT_HINT,
        "न",
    )


def test_an_icon_of_the_game_is_refused_and_other_colons_are_text() -> None:
    icons = {"coin": "tokens", "bolt": "cards"}
    assert plain_text_problem("At 10:30: take :gem: and :coin:, then :bolt:", icons) == (
        TextProblem(
            "PK135",
            "':coin:' is an icon of deck 'tokens', and icons print only in card and counter "
            "text: here it would print as those letters",
            ICON_HINT,
            ":coin:",
        )
    )


def test_a_character_the_face_lacks_is_refused_in_the_face_it_is_set_in() -> None:
    assert plain_text_problem(f"Carve {OGHAM}", {}) is None
    assert plain_text_problem(f"Carve {OGHAM}", {}, "bold") is None
    lacks = f"uses characters DejaVu Sans italic lacks: {OGHAM}"
    assert plain_text_problem(f"Carve {OGHAM}", {}, "italic") == (
        TextProblem("PK122", lacks, GLYPH_HINT, OGHAM)
    )
    marked = f"Carve {OGHAM}, **{OGHAM}** or *{OGHAM}*"
    assert plain_text_problem(marked, {}) is None  # drawn as written, in the regular face
    assert plain_text_problem("Take :gem: **now**", {}, markup=True) is None  # no icon: text
    assert plain_text_problem(marked, {}, markup=True) == TextProblem(
        "PK122", lacks, GLYPH_HINT, OGHAM
    )
    assert plain_text_problem(f"Carve {OGHAM}", {}, "italic", markup=True) == TextProblem(
        "PK122", lacks, GLYPH_HINT, OGHAM
    )  # markup starts from the face the text is set in
    assert plain_text_problem("漢字 and 字", {}) == TextProblem(
        "PK122", "uses characters DejaVu Sans regular lacks: 字 漢", GLYPH_HINT, "漢"
    )


def test_an_icon_is_named_after_the_first_deck_defining_it(tmp_path: Path) -> None:
    folder = tmp_path / "icon_text"
    shutil.copytree(GOOD / "icon_text", folder)
    game = folder / "game.yaml"
    extra = "  extra:\n    layout: face\n    icons: {gem: ♦, coin: ●}\n    cards: [{name: Gem}]\n"
    game.write_text(
        game.read_text("utf-8").replace("materials:\n", extra + "materials:\n"), "utf-8"
    )
    found = Diagnostics()
    loaded = load_package("icon_text", folder, found)
    assert loaded is not None, [str(d) for d in found]
    assert game_icons(loaded.package) == {"coin": "deck", "bolt": "deck", "gem": "extra"}
