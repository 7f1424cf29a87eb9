"""Counter and tile sheets of the seed games, measured from their PDFs.

Expectations come from the YAML (read here, not through printkit); measurements come from
independent readers: pypdf for the text on each page, pypdfium2 renders at 300 dpi for sizes.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pypdf
import pytest
from pixels import close_to, mask, runs
from support import (
    MM_PER_PX,
    RULE_DATA,
    Raster,
    assert_mm,
    expanded_cards,
    hex_rgb,
    length_mm,
    read_package,
    run_cli,
    segments,
    text_runs,
)

NAMED_MM = {"1/2in": 12.7, "5/8in": 15.875, "3/4in": 19.05, "1in": 25.4}  # PRINT.md
TOWER_LAYOUTS = ("tower_large", "tower_medium", "tower_small")
RISE = read_package(RULE_DATA / "rise")
SHIELDS = read_package(RULE_DATA / "raise_shields")


def _build(tmp_path_factory: pytest.TempPathFactory, game: str, material: str) -> Path:
    out = tmp_path_factory.mktemp(f"counters-{game}")
    result = run_cli("build", game, "--only", material, "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    return out / game / f"{material}.pdf"


@pytest.fixture(scope="module")
def rise_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory, "rise", "pieces")


@pytest.fixture(scope="module")
def shields_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory, "raise_shields", "counters")


def _pages(pdf: Path) -> list[tuple[str, list[str]]]:
    """Each page's side ('fronts', 'backs', 'fold' or 'other') and its text runs."""
    pages = []
    for page in pypdf.PdfReader(pdf).pages:
        runs = [run.text for run in text_runs(page)]
        note = " ".join(runs)
        side = next((s for s in ("fronts", "backs", "fold") if s in note), "other")
        pages.append((side, runs))
    return pages


def _count(pdf: Path, side: str, words: set[str]) -> Counter[str]:
    return Counter(t for s, runs in _pages(pdf) if s == side for t in runs if t in words)


# --- counts: the sheet prints exactly what the box holds -----------------------------------------


def test_rise_prints_every_tile_worker_and_tower_of_the_inventory(rise_pdf: Path) -> None:
    components = {name: entry["count"] for name, entry in RISE["components"].items()}
    decks = RISE["decks"]
    letters = Counter(card["letter"] for card in expanded_cards(decks["workers"]))
    words = Counter(card["word"] for card in expanded_cards(decks["towers"]))
    tiers = Counter(card["tier"] for card in expanded_cards(decks["towers"]))

    fronts = _count(rise_pdf, "fronts", set(letters) | set(words) | set(tiers))
    backs = _count(rise_pdf, "backs", {"Rise!"})

    assert backs["Rise!"] == components["land_tiles"] == 60  # one logo on each tile's back
    assert sum(fronts[letter] for letter in letters) == components["workers"] == 60
    assert {letter: fronts[letter] for letter in letters} == dict(letters)  # 30 per colour
    assert sum(fronts[word] for word in words) == components["towers"] == 18
    assert (
        {tier: fronts[tier] for tier in tiers}
        == dict(tiers)
        == {
            "BASE": 6,
            "MIDDLE": 6,
            "TOP": 6,
        }
    )


def test_raise_shields_prints_one_ship_per_player_and_the_first_player_marker(
    shields_pdf: Path,
) -> None:
    components = SHIELDS["components"]
    found = _count(shields_pdf, "fold", {"L", "R", "1st"})
    ships = components["ship_counters"]["count"]
    assert found["L"] == found["R"] == ships == len(SHIELDS["decks"]["ship_counters"]["cards"])
    # fold and glue: the marker's front and back are both on the page, each saying '1st'
    assert found["1st"] == 2 * components["first_player_marker"]["count"]


def test_each_ship_shows_its_number_so_colour_is_not_the_only_clue(shields_pdf: Path) -> None:
    numbers = [card["number"] for card in SHIELDS["decks"]["ship_counters"]["cards"]]
    found = _count(shields_pdf, "fold", set(numbers))
    assert all(found[n] == 2 for n in numbers)  # on the front (with arrows) and on the back


# --- sizes and pitch from pixels -----------------------------------------------------------------


@pytest.fixture(scope="module")
def rise_letter_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("counters-rise-letter")
    result = run_cli(
        "build", "rise", "--only", "pieces", "--paper", "letter", "--format", "pdf", "--out", out
    )
    assert result.exit_code == 0, result.output
    return out / "rise" / "pieces.pdf"


def _outer_bleeds(raster: Raster) -> list[float]:
    """Across the page's upper half, scanline by scanline: how far the art reaches beyond the
    outermost cut outline on the left and on the right (the outer bleed, in mm)."""
    found = []
    for step in range(int(raster.height_mm / 8), int(raster.height_mm / 2), 2):
        row = raster.row(float(step))
        inked = [i for i, pixel in enumerate(row) if min(pixel) < 240]
        cut = [i for i, pixel in enumerate(row) if _outline(pixel)]
        if inked and cut and (cut[0] - inked[0]) * MM_PER_PX < 8:
            found += [(cut[0] - inked[0]) * MM_PER_PX, (inked[-1] - cut[-1]) * MM_PER_PX]
    return found


@pytest.mark.parametrize("page", [0, 2], ids=["land tiles", "workers"])
def test_on_letter_the_outermost_pieces_keep_their_bleed(rise_letter_pdf: Path, page: int) -> None:
    """Six tiles (thirteen workers) across would fill Letter's printable width to 0.2 mm of
    its edge, where the printer's margin cut their 1.5 mm bleed to 0.2 mm: a cut a hair
    outside the line left white. The grid keeps at least 1 mm of bleed inside the margin."""
    bleeds = _outer_bleeds(Raster.of(rise_letter_pdf, page))
    assert len(bleeds) > 10
    bleed = length_mm(RISE["materials"]["pieces"]["impose"]["bleed"])
    assert min(bleeds) >= min(bleed, 1.0) - 0.1, min(bleeds)


def _outline(pixel: tuple[int, int, int]) -> bool:
    """A pixel of a cut outline: dark grey, unlike the coloured art under it and the tufts."""
    return max(pixel) < 140 and max(pixel) - min(pixel) < 60


def _crossings(raster: Raster, y_mm: float, x0: float, x1: float) -> list[float]:
    row = raster.row(y_mm)[raster.px(x0) : raster.px(x1)]
    flags = [False] * raster.px(x0) + [_outline(p) for p in row]
    return [s.middle for s in segments(flags)]


def _widest_chord(raster: Raster, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """Across a row of outlined pieces: the widest distance between a piece's two outline
    crossings (its diameter or across-flats) and, on that scanline, the pitch. Only scanlines
    where the first two pieces show the same chord, wider than the gap between them, count:
    a missed crossing or a scanline grazing the pieces cannot pose as a wider piece."""
    x0, y0, x1, y1 = box
    best = (0.0, 0.0)
    for step in range(int((y1 - y0) / MM_PER_PX)):
        c = _crossings(raster, y0 + step * MM_PER_PX, x0, x1)
        if len(c) < 4:
            continue
        chord, gap = c[1] - c[0], c[2] - c[1]
        if abs(chord - (c[3] - c[2])) < 0.1 and gap < 0.9 * chord and chord > best[0]:
            best = (chord, c[2] - c[0])
    return best


def _first_row_of(raster: Raster, colour: str) -> float:
    """Page y (mm) of the first row of pixels showing `colour`."""
    showing = mask(raster, close_to(hex_rgb(colour), 12)).flags
    step = 0.5
    for index in range(int(raster.height_mm / step)):
        y = index * step
        if showing[Raster.px(y), ::4].any():
            return y
    raise AssertionError(f"no {colour} on the page")


def test_hex_tiles_measure_their_size_and_pitch(rise_pdf: Path) -> None:
    layout = RISE["layouts"]["land_grass"]
    across_flats = length_mm(layout["size"])  # pointy-top: the flats are left and right
    gap = 2 * length_mm(RISE["materials"]["pieces"]["impose"]["bleed"])
    raster = Raster.of(rise_pdf, 0)
    top = _first_row_of(raster, layout["background"])
    height = 2 * across_flats / math.sqrt(3)
    chord, pitch = _widest_chord(raster, (0, top, raster.width_mm / 2, top + height))
    assert_mm(chord, across_flats, "tile across flats")
    assert_mm(pitch, across_flats + gap, "tile pitch")


def test_workers_measure_their_diameter_and_pitch(rise_pdf: Path) -> None:
    layout = RISE["layouts"]["worker"]
    diameter = NAMED_MM[layout["size"]]
    red = RISE["decks"]["workers"]["cards"][0]["colour"]
    gap = 2 * length_mm(RISE["materials"]["pieces"]["impose"]["bleed"])
    page = next(i for i, (s, runs) in enumerate(_pages(rise_pdf)) if s == "fronts" and "R" in runs)
    raster = Raster.of(rise_pdf, page)
    top = _first_row_of(raster, red)
    chord, pitch = _widest_chord(raster, (0, top, raster.width_mm / 2, top + diameter + gap))
    assert_mm(chord, diameter, "worker diameter")
    assert_mm(pitch, diameter + gap, "worker pitch")


def test_tower_blocks_are_cut_on_shared_lines_at_their_size(rise_pdf: Path) -> None:
    """Square pieces sit edge to edge: the crop marks above a block step by the side."""
    sides = [NAMED_MM[RISE["layouts"][name]["size"]] for name in TOWER_LAYOUTS]
    page = next(
        i for i, (s, runs) in enumerate(_pages(rise_pdf)) if s == "fronts" and "BASE" in runs
    )
    dark = np.asarray(Raster.of(rise_pdf, page).image.convert("L")) < 200
    steps = set()
    for row in dark:
        marks = runs(row)
        if len(marks) < 3 or any(m.length > 0.4 for m in marks):
            continue  # not a row through vertical marks only
        pitch = {round(b.middle - a.middle, 2) for a, b in itertools.pairwise(marks)}
        if max(pitch) - min(pitch) < 0.1:
            steps.add(round(sum(pitch) / len(pitch), 1))
    for side in sides:
        assert any(abs(step - side) <= 0.2 for step in steps), f"{side} mm not in {steps}"
