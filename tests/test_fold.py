"""Fold-and-glue pieces, measured on the fixture tests/data/good/marked_deck.

PRINT.md: front on one half, back on the other, a fold line in the middle. A vertical fold puts
the back beside the front, upright (turning the folded piece over sideways shows it as printed);
a horizontal fold puts it under the front, turned 180° (turning it over top to bottom would
otherwise show it upside down).
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pypdf
import pytest
from imposition import ExpectedGrid, bleed_mm, card_size_mm
from support import (
    GOOD,
    Raster,
    assert_mm,
    hex_rgb,
    length_mm,
    read_package,
    segment_at,
    text_runs,
)

PACKAGE = read_package(GOOD / "marked_deck")
DECK = PACKAGE["decks"]["cards"]
CARDS = DECK["cards"]
FRONT = PACKAGE["layouts"][DECK["layout"]]
TITLE = FRONT["regions"]["title"]
CARD = card_size_mm(FRONT)
FOLDS = {"fold_vertical": "vertical", "fold_horizontal": "horizontal"}


def grid_for(material: str) -> ExpectedGrid:
    w, h = CARD
    unit = (2 * w, h) if FOLDS[material] == "vertical" else (w, 2 * h)
    bleed = bleed_mm(PACKAGE["materials"][material])
    return ExpectedGrid.fit("a4", unit, gap=2 * bleed)


def test_fold_materials_use_the_fold_they_name() -> None:
    for material, fold in FOLDS.items():
        assert PACKAGE["materials"][material]["impose"] == {"mode": "fold", "fold": fold}


@pytest.mark.parametrize("material", sorted(FOLDS))
def test_fold_sheets_hold_every_piece(marked: Path, material: str) -> None:
    grid = grid_for(material)
    assert grid.per_sheet >= 1
    assert len(pypdf.PdfReader(marked / f"{material}.pdf").pages) == math.ceil(
        len(CARDS) / grid.per_sheet
    )


@pytest.mark.parametrize("material", sorted(FOLDS))
def test_front_and_back_halves_meet_at_the_fold(marked: Path, material: str) -> None:
    grid = grid_for(material)
    bleed = bleed_mm(PACKAGE["materials"][material])
    vertical = FOLDS[material] == "vertical"
    for index, card in enumerate(CARDS):
        page, slot = divmod(index, grid.per_sheet)
        raster = Raster.of(marked / f"{material}.pdf", page)
        x, y, *_ = grid.cell(slot)
        front, back = hex_rgb(card["front_colour"]), hex_rgb(card["back_colour"])
        name = card["name"]
        if vertical:
            scan = raster.row(y + CARD[1] * 0.7)
            middle_front, middle_back = x + CARD[0] / 2, x + 1.5 * CARD[0]
            fold, outer_start, outer_end = x + CARD[0], x - bleed, x + 2 * CARD[0] + bleed
        else:
            scan = raster.column(x + CARD[0] - 4)
            middle_front, middle_back = y + CARD[1] * 0.7, y + CARD[1] * 1.3
            fold, outer_start, outer_end = y + CARD[1], y - bleed, y + 2 * CARD[1] + bleed
        a = segment_at(scan, front, middle_front)
        b = segment_at(scan, back, middle_back)
        assert_mm(a.start, outer_start, f"{name}: front half outer edge (with bleed)")
        assert_mm(a.end, fold, f"{name}: front half ends at the fold")
        assert_mm(b.start, fold, f"{name}: back half starts at the fold")
        assert_mm(b.end, outer_end, f"{name}: back half outer edge (with bleed)")


@pytest.mark.parametrize("material", sorted(FOLDS))
def test_the_fold_line_runs_along_the_middle_of_each_piece(marked: Path, material: str) -> None:
    grid = grid_for(material)
    vertical = FOLDS[material] == "vertical"
    raster = Raster.of(marked / f"{material}.pdf", 0)
    for slot in range(min(grid.per_sheet, len(CARDS))):
        x, y, *_ = grid.cell(slot)
        if vertical:
            lines = [raster.column(x + CARD[0] + d) for d in (-0.1, 0.0, 0.1)]
            span = (Raster.px(y), Raster.px(y + CARD[1]))
        else:
            lines = [raster.row(y + CARD[1] + d) for d in (-0.1, 0.0, 0.1)]
            span = (Raster.px(x), Raster.px(x + CARD[0]))
        grey = 0
        for i in range(*span):
            pixels = [line[i] for line in lines]
            if any(max(p) - min(p) < 30 and max(p) < 200 for p in pixels):
                grey += 1
        assert grey / (span[1] - span[0]) > 0.3, f"slot {slot}: no fold line ({grey} grey px)"


@pytest.mark.parametrize("material", sorted(FOLDS))
def test_the_back_half_is_upright_or_turned_as_the_fold_needs(marked: Path, material: str) -> None:
    """pypdf text positions: the back's title reads upright beside a vertical fold, and upside
    down (starting from the far corner) under a horizontal one."""
    grid = grid_for(material)
    vertical = FOLDS[material] == "vertical"
    reader = pypdf.PdfReader(marked / f"{material}.pdf")
    title_x = length_mm(TITLE["x"])
    for index, card in enumerate(CARDS):
        page, slot = divmod(index, grid.per_sheet)
        x, y, *_ = grid.cell(slot)
        runs = text_runs(reader.pages[page])
        titles = [r for r in runs if r.text.split()[0] == card["name"]]
        front = [r for r in titles if "(back)" not in r.text]
        back = [r for r in titles if "(back)" in r.text]
        assert len(front) == 1 and len(back) == 1, titles
        assert front[0].upright == 1
        assert_mm(front[0].x, x + title_x, f"{card['name']}: front title")
        if vertical:
            assert back[0].upright == 1, f"{card['name']}: back turned beside a vertical fold"
            assert_mm(back[0].x, x + CARD[0] + title_x, f"{card['name']}: back title")
            assert abs(back[0].y - front[0].y) < 0.2
        else:
            assert back[0].upright == -1, f"{card['name']}: back not turned under a horizontal fold"
            assert_mm(back[0].x, x + CARD[0] - title_x, f"{card['name']}: turned back title")
            # turned about the centre of the lower half: its baseline mirrors the front's
            assert_mm(back[0].y - (y + CARD[1]), CARD[1] - (front[0].y - y), "turned baseline")


def test_opaque_backing_lies_under_each_piece_on_the_reverse(tmp_path: Path) -> None:
    """The reverse page of a fold sheet, printed long-edge duplex with a back offset, puts its
    dark layer exactly behind each unfolded piece (bleed included), mirrored left to right and
    shifted by the offset. Horizontal folds give two pieces a row, and the last sheet holds one,
    so a layer that is not mirrored lands in the wrong column."""
    from support import run_cli

    package = tmp_path / "rule_data" / "marked_deck"
    shutil.copytree(GOOD / "marked_deck", package)
    (package / "backing.yaml").write_text(
        "materials:\n"
        "  fold_backed:\n"
        "    kind: cards\n"
        "    deck: cards\n"
        "    impose: {mode: fold, fold: horizontal, opaque_backing: true, back_offset_x: 2mm}\n"
    )
    out = tmp_path / "out"
    result = run_cli(
        "--rule-data", package.parent, "build", "marked_deck", "--only", "fold_backed",
        "--format", "pdf", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    pdf = out / "marked_deck" / "fold_backed.pdf"
    grid = grid_for("fold_horizontal")
    assert grid.rows == 1 and len(CARDS) % grid.columns, "the fixture no longer tests mirroring"
    sheets = math.ceil(len(CARDS) / grid.per_sheet)
    assert len(pypdf.PdfReader(pdf).pages) == 2 * sheets
    bleed = bleed_mm(PACKAGE["materials"]["fold_horizontal"])
    dark = hex_rgb("#3a3a3a")
    for sheet in range(sheets):
        reverse = Raster.of(pdf, 2 * sheet + 1)
        used = min(len(CARDS) - sheet * grid.per_sheet, grid.per_sheet)
        mirrored = [  # neighbours' layers meet across the 2 × bleed gap: one band a row
            (210.0 - (x + CARD[0] + bleed) + 2.0, 210.0 - (x - bleed) + 2.0)
            for x, *_ in (grid.cell(slot) for slot in range(used))
        ]
        left, right = min(a for a, _ in mirrored), max(b for _, b in mirrored)
        y = grid.cell(0)[1]
        band = segment_at(reverse.row(y + CARD[1]), dark, (mirrored[0][0] + mirrored[0][1]) / 2)
        assert_mm(band.start, left, f"sheet {sheet + 1}: backing left edge")
        assert_mm(band.end, right, f"sheet {sheet + 1}: backing right edge")
        column = segment_at(reverse.column(sum(mirrored[0]) / 2), dark, y + CARD[1])
        assert_mm(column.start, y - bleed, f"sheet {sheet + 1}: backing top edge")
        assert_mm(column.end, y + 2 * CARD[1] + bleed, f"sheet {sheet + 1}: backing bottom edge")


def test_opaque_backing_outside_fold_mode_is_a_diagnostic(tmp_path: Path) -> None:
    from support import parse_diagnostics, run_cli

    package = tmp_path / "rule_data" / "marked_deck"
    shutil.copytree(GOOD / "marked_deck", package)
    (package / "backing.yaml").write_text(
        "materials:\n"
        "  sheet_backed:\n"
        "    kind: cards\n"
        "    deck: cards\n"
        "    impose: {mode: sheet, opaque_backing: true}\n"
    )
    result = run_cli("--rule-data", package.parent, "validate", "marked_deck")
    assert result.exit_code == 1
    found = parse_diagnostics(result.output)
    assert [(d.code, d.line) for d in found] == [("PK122", 5)], result.output
