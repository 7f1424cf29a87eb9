"""Double-sided counter sheets: each back lands behind its front once the sheet is turned.

The back page is rendered, turned over the way the printer turns the paper (mirrored left to
right for long-edge duplex, top to bottom for short-edge), and compared with its front page:
the pixels of each colour must lie in the same places, shifted by exactly the back offset.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageOps
from pixels import close_to, where
from support import RULE_DATA, Raster, hex_rgb, read_package, run_cli

RED, BLUE, GREEN = "#c62828", "#1565c0", "#2e7d32"


def _centroid(image: Image.Image, colour: str) -> tuple[float, float, int]:
    """Centre (mm) and pixel count of the pixels showing `colour` (0 pixels: centre 0, 0)."""
    found = where(Raster(image), close_to(hex_rgb(colour), 24))
    return (*found.centre_mm(), len(found)) if len(found) else (0.0, 0.0, 0)


def _turned(image: Image.Image, backs: str) -> Image.Image:
    """The back page as seen through the sheet from the front."""
    return ImageOps.mirror(image) if backs == "long_edge" else ImageOps.flip(image)


def _sides(pdf: Path) -> list[str]:
    """Each page's side, from its page note (read with pypdfium2: pypdf's text extraction took
    most of this test's time)."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        notes = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()
    return [next((s for s in ("fronts", "backs") if s in note), "other") for note in notes]


def _assert_lined_up(pdf: Path, colours: list[str], backs: str, offset=(0.0, 0.0)) -> int:
    """Every front page against its back page; returns how many pairs were compared."""
    sides = _sides(pdf)
    pairs = [
        (i, i + 1)
        for i, side in enumerate(sides[:-1])
        if (side, sides[i + 1]) == ("fronts", "backs")
    ]
    dx, dy = offset
    expected = (-dx, dy) if backs == "long_edge" else (dx, -dy)
    compared = 0
    for front_index, back_index in pairs:
        front = Raster.of(pdf, front_index).image
        back = _turned(Raster.of(pdf, back_index).image, backs)
        for colour in colours:
            fx, fy, fn = _centroid(front, colour)
            if fn < 64:  # not on this page (an 8 × 8 pixel patch at the least)
                continue
            bx, by, bn = _centroid(back, colour)
            assert abs(fn - bn) <= 0.02 * fn, f"{colour}: {fn} px in front, {bn} px behind"
            assert abs((bx - fx) - expected[0]) <= 0.2, f"{colour}: x off by {bx - fx:+.2f} mm"
            assert abs((by - fy) - expected[1]) <= 0.2, f"{colour}: y off by {by - fy:+.2f} mm"
            compared += 1
    return compared


def test_rise_backs_line_up_with_their_fronts(tmp_path: Path) -> None:
    package = read_package(RULE_DATA / "rise")
    backs = package["materials"]["pieces"]["impose"]["backs"]
    result = run_cli("build", "rise", "--only", "pieces", "--format", "pdf", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    colours = [card["colour"] for card in package["decks"]["workers"]["cards"]]
    assert _assert_lined_up(tmp_path / "rise" / "pieces.pdf", colours, backs) >= 2


PACKAGE = """
game: {{title: Duplex, players: "2"}}
components:
  blocks: {{count: 5}}
layouts:
  big:
    size: 3/4in
    background: "{{{{ card.colour }}}}"
  small:
    extends: big
    size: 1/2in
decks:
  blocks:
    layout: big
    back: big
    fields: {{colour: text}}
    cards:
      - {{name: Red, colour: "{red}"}}
      - {{name: Blue, colour: "{blue}", count: 2}}
      - {{name: Green, colour: "{green}", layout: small, back: small, count: 2}}
materials:
  sheet:
    kind: counters
    decks: [blocks]
    impose: {{backs: {backs}, back_offset_x: {dx}mm, back_offset_y: {dy}mm, bleed: 1.5mm}}
"""


@pytest.mark.parametrize("backs", ["long_edge", "short_edge"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.8)])
def test_stacked_blocks_turn_over_with_the_sheet_and_take_the_offset(
    tmp_path: Path, backs: str, offset: tuple[float, float]
) -> None:
    """Blocks of two sizes share a page; on the back the order in each row (long edge) or
    the order of the rows and of the blocks (short edge) is reversed, then offset."""
    game = tmp_path / "data" / "duplex"
    game.mkdir(parents=True)
    text = PACKAGE.format(red=RED, blue=BLUE, green=GREEN, backs=backs, dx=offset[0], dy=offset[1])
    (game / "game.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("--rule-data", game.parent, "build", "duplex", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "duplex" / "sheet.pdf"
    assert _sides(pdf) == ["fronts", "backs"]
    assert _assert_lined_up(pdf, [RED, BLUE, GREEN], backs, offset) == 3
