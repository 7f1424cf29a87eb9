"""`--format cards`: one PNG per card face, with bleed, at the card dpi, named in deck order."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from export_decks import BACK, card_colour, poker_deck, write_game
from PIL import Image
from support import BROKEN, listed, near, run_cli


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
        assert Image.open(path).info["dpi"] == pytest.approx((300, 300), rel=1e-3), path.name


def test_the_images_are_named_in_deck_order_and_one_back_serves_the_deck(images: Path) -> None:
    assert sorted(p.name for p in listed(images)) == [
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
    names = sorted(p.name for p in listed(tmp_path / "out" / "poker"))
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
    assert sorted(p.name for p in listed(out / "poker")) == ["deck.cards.json", "deck.pdf"]


def test_a_cards_copies_are_one_image_under_the_pixel_bound(tmp_path: Path) -> None:
    """The broken package's twelve distinct A5 cards pass the bound at 1,200 dpi (PK807); one
    card fourteen times is one front and one back to render (15 images, had each copy been
    rendered, would pass it too), and builds, its copies' images identical."""
    broken = (BROKEN / "export_too_many_pixels" / "game.yaml").read_text(encoding="utf-8")
    cards = broken[broken.index("    cards:\n") : broken.index("materials:")]
    one_card = "    cards:\n      - {name: Card 1, count: 14, effect: Effect.}\n"
    game = tmp_path / "rule_data" / "a5"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(
        broken.replace(cards, one_card).replace("count: 12", "count: 14"), encoding="utf-8"
    )
    out = tmp_path / "out"
    result = run_cli(
        "--rule-data", game.parent, "build", "--out", out, "--format", "cards",
        "--card-dpi", "1200",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    fronts = sorted((out / "a5").glob("sheet.card-*-front-*.png"))
    assert len(fronts) == 14
    assert len({path.read_bytes() for path in fronts}) == 1
    assert Image.open(fronts[0]).size == (7276, 10205)


SECOND_MATERIAL = """\
  letter:
    kind: cards
    deck: deck
    impose: {bleed: 0.125in, paper: letter, backs: none}
"""


def _build_two_materials(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> tuple[list[int], Path]:
    """Both materials of one deck exported as card images in one process; how many pages
    each render drew, and the game's output folder."""
    import printkit.draw.png

    rendered: list[int] = []
    render = printkit.draw.png.render_png_pages

    def counted(pdf: bytes, dpi: float) -> list[bytes]:
        pngs = render(pdf, dpi)
        rendered.append(len(pngs))
        return pngs

    monkeypatch.setattr(printkit.draw.png, "render_png_pages", counted)
    rule_data = write_game(tmp_path / name, "poker", poker_deck(3, SECOND_MATERIAL))
    out = tmp_path / name / "out"
    result = run_cli(
        "--rule-data", rule_data, "build", "--out", out, "--format", "cards", "--jobs", "1"
    )
    assert result.exit_code == 0, result.output
    return rendered, out / "poker"


def test_materials_printing_one_deck_render_its_images_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two materials of one deck export the same four images (three fronts, one back): they
    are rendered once for the build, and each material's files hold them."""
    rendered, folder = _build_two_materials(tmp_path, monkeypatch, "shared")
    assert sum(rendered) == 4
    for image in folder.glob("deck.card-*.png"):
        twin = folder / image.name.replace("deck.", "letter.", 1)
        assert twin.read_bytes() == image.read_bytes(), image.name
    assert len(list(folder.glob("*.png"))) == 8


def test_images_past_the_shared_renders_room_are_rendered_again_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no room to keep renders, each material renders its own images: the files are
    the same bytes as when they were shared."""
    import printkit.export.raster

    _, shared = _build_two_materials(tmp_path, monkeypatch, "shared")
    monkeypatch.setattr(printkit.export.raster, "SHARED_RENDER_BYTES", 0)
    rendered, apart = _build_two_materials(tmp_path, monkeypatch, "apart")
    assert sum(rendered) == 8
    assert {p.name: p.read_bytes() for p in shared.glob("*.png")} == {
        p.name: p.read_bytes() for p in apart.glob("*.png")
    }
