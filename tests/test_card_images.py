"""`--format cards`: one PNG per card face, with bleed, at the card dpi, named in deck order."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from export_decks import BACK, card_colour, poker_deck, write_game
from PIL import Image
from support import near, run_cli


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cards")
    rule_data = write_game(root, "poker", poker_deck(3))
    result = run_cli("--rule-data", rule_data, "build", "--out", root / "out", "--format", "cards")
    assert result.exit_code == 0, result.output
    return root / "out" / "poker"


def test_a_poker_card_with_an_eighth_inch_of_bleed_is_825_by_1125_at_300_dpi(images: Path) -> None:
    for path in images.glob("deck.card-*.png"):
        assert Image.open(path).size == (825, 1125), path.name


def test_the_images_are_named_in_deck_order_and_one_back_serves_the_deck(images: Path) -> None:
    assert sorted(p.name for p in images.iterdir()) == [
        "deck.card-001-front-card-1.png",
        "deck.card-002-front-card-2.png",
        "deck.card-003-front-card-3.png",
        "deck.card-back.png",
    ]


def test_each_image_is_its_card_with_the_bleed_printed(images: Path) -> None:
    """The card's colour fills the middle and reaches the image's edge (the bleed); the back
    image is the back's colour."""
    for number in (1, 2, 3):
        pixels = np.asarray(Image.open(images / f"deck.card-00{number}-front-card-{number}.png"))
        for y, x in ((1, 1), (1123, 823), (700, 412)):
            assert near(tuple(pixels[y, x]), card_colour(number)), (number, y, x)
        assert near(tuple(pixels[120, 120]), (0, 0, 0))  # the black mark: 4 mm inside the trim
    back = np.asarray(Image.open(images / "deck.card-back.png"))
    assert near(tuple(back[2, 2]), BACK)


def test_the_card_dpi_sets_the_size(tmp_path: Path) -> None:
    rule_data = write_game(tmp_path, "poker", poker_deck(1))
    out = tmp_path / "out"
    result = run_cli(
        "--rule-data", rule_data, "build", "--out", out, "--format", "cards", "--card-dpi", "600"
    )
    assert result.exit_code == 0, result.output
    assert Image.open(out / "poker" / "deck.card-001-front-card-1.png").size == (1650, 2250)


def test_a_default_build_writes_no_exports(tmp_path: Path) -> None:
    rule_data = write_game(tmp_path, "poker", poker_deck(2))
    result = run_cli("--rule-data", rule_data, "build", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out" / "poker").iterdir())
    # the deck's sheets, their previews and the card map printkit diff reads: no export
    assert names == [
        "deck-p01.png", "deck-p01.svg", "deck-p02.png", "deck-p02.svg", "deck.cards.json",
        "deck.pdf",
    ]  # fmt: skip


def test_a_build_without_the_images_removes_those_of_an_earlier_build(tmp_path: Path) -> None:
    """A material built again loses all its old files, exports too: no stale card image stays
    beside a changed deck."""
    rule_data = write_game(tmp_path, "poker", poker_deck(2))
    out = tmp_path / "out"
    for formats in ("pdf,cards", "pdf"):
        result = run_cli("--rule-data", rule_data, "build", "--out", out, "--format", formats)
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "poker").iterdir()) == ["deck.cards.json", "deck.pdf"]
