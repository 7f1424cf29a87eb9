"""Text layout's short ways for the common case (one face of ASCII text, lines of one font)
give what its general walk gives, to the last coordinate: each is compared with the general
walk on the same texts."""

from __future__ import annotations

import random

import pytest

from printkit.draw import text
from printkit.draw.text import Icon, Run, fit_text, parse_markup

WORDS = (
    "Death", "Ray", "shields", "山札", "から", "**bold**", "*it*", "  ", "\n", "x" * 40,
    "(b)", "「c」", "é", ":coin:", "3:coin:", " lead", "trail ",
)  # fmt: skip
ICONS = {"coin": Icon("coin", "/nowhere/coin.png", 1.0)}


def _texts(count: int) -> list[str]:
    rng = random.Random(21)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 30))) for _ in range(count)]


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("break_words", [False, True])
def test_lines_of_one_run_are_placed_as_the_general_walk_places_them(
    align: str, break_words: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = (10.0, 20.0, 80.0, 60.0)
    runs = [parse_markup(t, ICONS, "regular").runs for t in _texts(300)]
    short = [fit_text(r, box, 8.0, 6.0, align, "top", "#000000", break_words) for r in runs]
    monkeypatch.setattr(text, "_one_run", lambda line: None)
    general = [fit_text(r, box, 8.0, 6.0, align, "top", "#000000", break_words) for r in runs]
    assert [f.ops for f in short] == [f.ops for f in general]
    assert sum(len(f.ops) for f in short) > 300  # the texts were laid out at all


def test_the_words_of_one_plain_run_are_those_the_general_walk_finds() -> None:
    """An empty second run sends the same text down the general walk."""
    for line in [*_texts(300), "  two  spaces ", "", "a"]:
        plain = line.replace("\n", " ").encode("ascii", "ignore").decode()
        for face in ("regular", "bold"):
            alone = text._words([Run(plain, face)])
            walked = text._words([Run(plain, face), Run("", face)])
            assert alone == walked, plain
