"""The Raise the Shields! realm sheet, measured from its pixels against its data: the triangle
side, four attack rectangles and one emitter in each of the six sectors exactly where the data
puts them, the six shapes with their numbers of triangles; and the bonus-ability card printed
twice to a page, as the rule text shows it.

Lattice positions are computed here from the package's cell lists with the convention the README
states (cell [c, r]: row r upward, even c pointing up), not with printkit's own grid code."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pypdf
import pytest
from pixels import blobs, close_to, mask, mask_px, runs
from support import (
    MM_PER_PT,
    MM_PER_PX,
    RULE_DATA,
    Raster,
    assert_mm,
    hex_rgb,
    near,
    read_package,
    run_cli,
)

from printkit.materials.board_draw import ATTACK_FILL

SQRT3 = math.sqrt(3)
PLANT = hex_rgb("#2b3a4a")
SHAPE_FILL = hex_rgb("#dfe5ec")
DIAGONAL = 1 / math.sqrt(2)  # away from an emitter's stub, which leaves it radially


def _corners(c: int, r: int) -> list[tuple[float, float]]:
    """A cell's corners in side lengths, y up."""
    k = c // 2
    lattice = (
        [(k, r), (k + 1, r), (k, r + 1)] if c % 2 == 0 else [(k + 1, r), (k, r + 1), (k + 1, r + 1)]
    )
    return [(i + j / 2, j * SQRT3 / 2) for i, j in lattice]


def _centre(cells: list[list[int]]) -> tuple[float, float]:
    points = [p for c, r in cells for p in _corners(c, r)]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    found = {}
    for paper in ("a4", "letter"):
        out = tmp_path_factory.mktemp(paper)
        only = ("--only", "realm_sheet", "--only", "bonus_card")
        result = run_cli("build", "raise_the_shields", "--paper", paper, *only, "--out", out)
        assert result.exit_code == 0, result.output
        found[paper] = out / "raise_the_shields"
    return found


@pytest.fixture(scope="module")
def realm() -> dict:
    package = read_package(RULE_DATA / "raise_the_shields")
    (grid,) = [
        e for e in package["materials"]["realm_sheet"]["elements"] if e["kind"] == "triangle_grid"
    ]
    return grid


def _plant(raster: Raster) -> np.ndarray:
    """Which pixels of the page show the power plant's colour."""
    return mask(raster, close_to(PLANT, 6)).flags


def _plant_run(plant: np.ndarray, y: float):
    return max(runs(plant[Raster.px(y)]), key=lambda s: s.length, default=None)


def _plant_centre(plant: np.ndarray) -> tuple[float, float]:
    """The middle of the dark power plant, in mm from the page's top-left corner: the longest
    band of rows where the plant's colour runs longer than a line could (a dark edge 10 mm
    long, such as an attack rectangle's, makes a band one row high)."""
    height_mm = plant.shape[0] * MM_PER_PX
    rows = [y / 10 for y in range(int(height_mm * 2), int(height_mm * 8))]
    plant_rows = [y for y in rows if (run := _plant_run(plant, y)) and run.length > 5]
    bands: list[list[float]] = []
    for y in plant_rows:
        if bands and y - bands[-1][-1] < 0.5:
            bands[-1].append(y)
        else:
            bands.append([y])
    band = max(bands, key=len)
    y = (band[0] + band[-1]) / 2
    return _plant_run(plant, y - 2.5).middle, y  # above its label, which splits the middle row


def _to_page(origin: tuple[float, float], side: float, point: tuple[float, float]):
    return (origin[0] + point[0] * side, origin[1] - point[1] * side)


def _dark_along(raster: Raster, start, direction, reach: float) -> float | None:
    """Distance in mm from `start` to the middle of the first dark run along `direction`."""
    step, run = 0.02, []
    for k in range(int(reach / step)):
        d = k * step
        if sum(raster.at(start[0] + d * direction[0], start[1] + d * direction[1])) < 450:
            run.append(d)
        elif run:
            break
    return sum(run) / len(run) if run else None


def _is_rectangle(raster: Raster, a: list[int], b: list[int], origin, side: float) -> bool:
    """Is the rhombus of cells a and b an attack rectangle: the two triangles themselves, filled
    with the attack colour at both their centres and across the side they share?"""
    corners_a, corners_b = _corners(*a), _corners(*b)
    shared = [p for p in corners_a if any(math.dist(p, q) < 1e-9 for q in corners_b)]
    if len(shared) != 2:
        return False
    middle = ((shared[0][0] + shared[1][0]) / 2, (shared[0][1] + shared[1][1]) / 2)
    points = [_centre_of(corners_a), _centre_of(corners_b), middle]
    fill = hex_rgb(ATTACK_FILL)
    return all(near(raster.at(*_to_page(origin, side, point)), fill, 16) for point in points)


def _centre_of(corners: list[tuple[float, float]]) -> tuple[float, float]:
    return (sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3)


def _pairs(cells: set[tuple[int, int]]):
    for c, r in cells:
        if c % 2 == 0:  # an up cell and its neighbours to the right and below
            for other in ((c + 1, r), (c + 1, r - 1)):
                if other in cells:
                    yield [c, r], list(other)
        elif (c + 1, r) in cells:
            yield [c, r], [c + 1, r]


def _area_cells(area: dict) -> set[tuple[int, int]]:
    return {(c, row) for row, first, last in area["rows"] for c in range(first, last + 1)}


def test_each_sector_has_four_attack_rectangles_where_the_data_puts_them(built, realm) -> None:
    raster = Raster.of(built["a4"] / "realm_sheet.pdf", 0)
    side = float(realm["side"].removesuffix("mm"))
    origin = _plant_centre(_plant(raster))
    for name, area in realm["areas"].items():
        found = [
            pair for pair in _pairs(_area_cells(area)) if _is_rectangle(raster, *pair, origin, side)
        ]
        declared = area["features"]["attack"]
        assert len(found) == len(declared) == 4, f"sector {name}: {found}"
        assert sorted(map(sorted, found)) == sorted(map(sorted, declared))


def test_each_sector_has_one_emitter_circle_where_the_data_puts_it(built, realm) -> None:
    raster = Raster.of(built["a4"] / "realm_sheet.pdf", 0)
    side = float(realm["side"].removesuffix("mm"))
    origin = _plant_centre(_plant(raster))
    for name, area in realm["areas"].items():
        circles = []
        for cell in sorted(_area_cells(area)):
            centre = _to_page(origin, side, _centre([list(cell)]))
            if sum(raster.at(*centre)) < 600:
                continue
            diagonals = [(dx * DIAGONAL, dy * DIAGONAL) for dx in (1, -1) for dy in (1, -1)]
            radii = [_dark_along(raster, centre, d, side / 2) for d in diagonals]
            if all(r is not None and abs(r - 0.2 * side) < 0.2 for r in radii):
                circles.append(list(cell))
        assert circles == area["features"]["emitter"][0], f"sector {name}"


def test_the_triangles_have_the_declared_side(built, realm) -> None:
    """The power plant is a hexagon of six triangles, two sides from corner to corner; 2.5 mm
    above its middle (clear of its label) it is 2.5 mm · 2/√3 narrower. The grid line drawn
    along each slanted edge covers half its width there: 0.4 pt / sin 60°."""
    plant = _plant(Raster.of(built["a4"] / "realm_sheet.pdf", 0))
    _, y = _plant_centre(plant)
    side = float(realm["side"].removesuffix("mm"))
    lines = 0.4 * MM_PER_PT / (SQRT3 / 2)
    width = _plant_run(plant, y - 2.5).length
    assert_mm(width, 2 * side - 5 / SQRT3 - lines, "power plant width")
    top = y - 3  # up from above the label, while the plant's colour still runs a side wide
    while (run := _plant_run(plant, top - 0.02)) is not None and run.length > side / 2:
        top -= 0.02
    assert_mm(y - top, side * SQRT3 / 2, "power plant half-height")


def test_the_six_shapes_have_their_triangles(built) -> None:
    """Count the filled triangles of each shape under its die, from the pixels."""
    raster = Raster.of(built["a4"] / "realm_sheet.pdf", 0)
    package = read_package(RULE_DATA / "raise_the_shields")
    (shapes,) = [
        e for e in package["materials"]["realm_sheet"]["elements"] if e["kind"] == "shapes"
    ]
    width, height = raster.image.size
    lower = (0, int(height * 0.6), width, height)
    fills = blobs(mask_px(raster, close_to(SHAPE_FILL, 2), lower, step=3))
    # the x of each triangle, in pixels; a triangle of 8 mm is about 3000 samples: skip specks
    triangles = [int(blob.xs.sum()) // len(blob) for blob in fills if len(blob) > 100]
    share = (width - 2 * 12 / (25.4 / 300)) / len(shapes["shapes"])
    per_shape = Counter(int((x - 12 / (25.4 / 300)) // share) for x in triangles)
    expected = [len(cells) for cells in shapes["shapes"].values()]
    assert [per_shape[i] for i in range(len(expected))] == expected


def test_the_realm_fits_letter_paper_too(built) -> None:
    page = pypdf.PdfReader(built["letter"] / "realm_sheet.pdf").pages[0]
    assert round(float(page.mediabox.width) * MM_PER_PT) == 216


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_bonus_card_prints_twice_to_a_page(built, paper: str) -> None:
    reader = pypdf.PdfReader(built[paper] / "bonus_card.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert text.count("city bonus abilities") == 2
    for ability in ("Ignore one attack", "opposite face", "Harder solo"):
        assert text.count(ability) == 2
