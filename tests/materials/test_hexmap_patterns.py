"""Hex patterns: each of the patterns added for telling nine terrains apart without colour,
measured from the rendered page; and a pattern stops short of a hex label's ground and of a
zone letter's: a dot or a triangle is left out whole, never cut by the ground into a half dot
that reads as a quote mark beside the label."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from pixels import Mask, Pixels, blobs, close_to, mask, runs, where
from support import MM_PER_PX, Raster, assert_mm, build_game

from printkit.draw.ops import Circle, Path, Rect
from printkit.geometry.hexgrid import HexLayout
from printkit.materials.hexmap.symbols import cell_symbol
from printkit.model.units import mm

LABEL = (-mm(4), -mm(7), mm(8), mm(2.5))  # a hex label's ground near the top of the hex


def _meets(dot: Circle, box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    nearest_x, nearest_y = min(max(dot.cx, x), x + w), min(max(dot.cy, y), y + h)
    return (dot.cx - nearest_x) ** 2 + (dot.cy - nearest_y) ** 2 < dot.r**2


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_no_dot_is_cut_by_a_label_or_letter_ground(orientation: str) -> None:
    layout = HexLayout.from_across_flats(orientation, mm(19))
    letter = ("F", mm(5), 9.0)
    symbol = cell_symbol("forest", layout, "#c8e0b4", "dots", None, letter, LABEL, "#c8e0b4")
    dots = [op for op in symbol.ops if isinstance(op, Circle)]
    grounds = [(op.x, op.y, op.w, op.h) for op in symbol.ops if isinstance(op, Rect)]
    assert len(dots) > 50 and len(grounds) == 2
    assert not [dot for dot in dots for box in grounds if _meets(dot, box)]
    # the dots around the label's ground are kept: only those it would cut are left out
    x, y, _, h = LABEL
    beside = [d for d in dots if y - mm(2) < d.cy < y + h + mm(2) and x - mm(3) < d.cx < x]
    assert beside


def _triangles(ops: tuple) -> list[Path]:
    """The paths of three corners (the hex's fill is a path of six)."""
    return [op for op in ops if isinstance(op, Path) and len(op.commands) == 4]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_no_triangle_is_cut_by_a_label_or_letter_ground(orientation: str) -> None:
    """A triangle is a solid mark too: none is drawn where a ground would cut it."""
    layout = HexLayout.from_across_flats(orientation, mm(19))
    letter = ("P", mm(5), 9.0)
    symbol = cell_symbol("peaks", layout, "#c8b8a8", "triangles", None, letter, LABEL, "#c8b8a8")
    triangles = _triangles(symbol.ops)
    grounds = [(op.x, op.y, op.w, op.h) for op in symbol.ops if isinstance(op, Rect)]
    assert len(triangles) > 10 and len(grounds) == 2
    for triangle in triangles:
        xs, ys = zip(*(c[1:] for c in triangle.commands if c[0] != "Z"), strict=True)
        for x, y, w, h in grounds:
            assert max(xs) <= x or x + w <= min(xs) or max(ys) <= y or y + h <= min(ys)
    # without the grounds, triangles stand where they are now missing
    bare = cell_symbol("peaks", layout, "#c8b8a8", "triangles", None)
    assert len(_triangles(bare.ops)) > len(triangles) + 1


# --- the patterns as printed, measured from the rendered page ------------------------------------

STEP = 3.0  # mm: a 30 mm hex's pattern step (a tenth of it across flats)
PATTERNS = {"0101": "backhatch", "0301": "hatch", "0501": "vertical"}
PATTERNS |= {"0103": "grid", "0303": "waves", "0503": "triangles"}
RED = (255, 0, 0)


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, np.ndarray]:
    """Each new pattern drawn in red on a white 30 mm hex of its own: the red pixels of the
    middle 16 mm of each hex (a boolean array, rows down the page)."""
    terrain = "".join(
        f"      {name}: {{fill: '#ffffff', pattern: {name}, pattern_color: '#ff0000'}}\n"
        for name in PATTERNS.values()
    )
    regions = "".join(
        f"      - {{terrain: {name}, hexes: ['{h}']}}\n" for h, name in PATTERNS.items()
    )
    text = f"""\
game: {{title: Patterns, players: "2"}}
materials:
  map:
    kind: hexmap
    orientation: flat
    hex_size: 30mm
    hexes: {sorted(PATTERNS)}
    labels: {{position: none}}
    terrain:
      plain: {{fill: '#ffffff'}}
{terrain}    default_terrain: plain
    regions:
{regions}"""
    result, out = build_game(tmp_path_factory.mktemp("patterns"), "patterns", text)
    assert result.exit_code == 0, result.output
    raster = Raster.of(out / "map.pdf", 0)
    red = where(raster, close_to(RED, 60))
    found = {}
    for name, (x, y) in zip(PATTERNS.values(), _hex_centres(red), strict=True):
        window = (x - 8, y - 8, x + 8, y + 8)
        found[name] = mask(raster, close_to(RED, 100), window).flags
    return found


def _hex_centres(red: Pixels) -> list[tuple[float, float]]:
    """The middles of the groups of red pixels, row by row: the hexes stand apart."""

    def groups(values: np.ndarray) -> list[tuple[float, float]]:
        ordered = np.sort(values) * MM_PER_PX
        cuts = np.flatnonzero(np.diff(ordered) > 5)
        bounds = zip(np.r_[0, cuts + 1], np.r_[cuts, len(ordered) - 1], strict=True)
        return [(ordered[a], ordered[b]) for a, b in bounds]

    xs, ys = groups(red.xs), groups(red.ys)
    assert (len(xs), len(ys)) == (3, 2)
    return [((x0 + x1) / 2, (y0 + y1) / 2) for y0, y1 in ys for x0, x1 in xs]


def _lines_across(flags: np.ndarray) -> list[float]:
    """Where straight lines cross the window along its first axis (mm): the rows or columns
    of pixels that are red nearly all along."""
    full = flags.mean(axis=1) > 0.8
    return [(run.start + run.end) / 2 for run in runs(full)]


def _spaced(positions: list[float], step: float) -> None:
    assert len(positions) >= 3, positions
    for a, b in itertools.pairwise(positions):
        assert_mm(b - a, step, "between lines")


def _follows(flags: np.ndarray, dy: int, dx: int) -> float:
    """The share of red pixels that stay red `dx` pixels right and `dy` down."""
    h, w = flags.shape
    here = flags[max(0, -dy) : h - max(0, dy), max(0, -dx) : w - max(0, dx)]
    there = flags[max(0, dy) : h - max(0, -dy), max(0, dx) : w - max(0, -dx)]
    return float((here & there).sum() / here.sum())


def test_hatch_falls_to_the_right_and_backhatch_rises(printed: dict[str, np.ndarray]) -> None:
    """1 mm along each diagonal from a red pixel: a hatch line ('\\') is still there down and
    to the right, a backhatch line ('/') up and to the right; not across."""
    k = round(1 / MM_PER_PX)
    assert _follows(printed["hatch"], k, k) > 0.8 > 0.3 > _follows(printed["hatch"], -k, k)
    assert _follows(printed["backhatch"], -k, k) > 0.8 > 0.3 > _follows(printed["backhatch"], k, k)
    for name in ("hatch", "backhatch"):  # lines a step apart, square to their direction
        across = [(r.start + r.end) / 2 for r in runs(printed[name][printed[name].shape[0] // 2])]
        _spaced(across, STEP * math.sqrt(2))


def test_vertical_lines_and_a_grid_stand_a_step_apart(printed: dict[str, np.ndarray]) -> None:
    _spaced(_lines_across(printed["vertical"].T), STEP)
    assert _lines_across(printed["vertical"]) == []  # no level line
    _spaced(_lines_across(printed["grid"].T), STEP)
    _spaced(_lines_across(printed["grid"]), STEP)


def test_waves_rise_and_fall_with_two_steps_from_crest_to_crest(
    printed: dict[str, np.ndarray],
) -> None:
    """The wave through the hex's middle, column by column: 0.6 of a step from crest to
    trough, and the same height again two steps on."""
    flags = printed["waves"]
    middle, band = flags.shape[0] // 2, round(STEP * 0.75 / MM_PER_PX)
    rows = np.arange(flags.shape[0])[middle - band : middle + band]
    strip = flags[middle - band : middle + band]
    heights = np.array([rows[column].mean() for column in strip.T]) * MM_PER_PX
    assert_mm(heights.max() - heights.min(), STEP * 0.6, "crest to trough")
    period = round(2 * STEP / MM_PER_PX)
    assert np.abs(heights[period:] - heights[:-period]).max() < 0.15
    half = period // 2
    assert np.abs(heights[half:] - heights[:-half]).max() > STEP * 0.5


def test_triangles_point_up_a_step_wide_two_steps_apart(printed: dict[str, np.ndarray]) -> None:
    found = blobs(Mask(printed["triangles"], 0, 0, 1))
    whole = [b for b in found if b.xs.min() > 0 and b.xs.max() < printed["triangles"].shape[1] - 1]
    whole = [b for b in whole if b.ys.min() > 0 and b.ys.max() < printed["triangles"].shape[0] - 1]
    assert len(whole) >= 4
    for blob in whole:
        left, top, right, bottom = blob.box_mm()
        # box_mm spans the first pixel's corner to the last one's: add the last pixel
        assert_mm(right - left + MM_PER_PX, STEP, "a triangle's base")
        assert_mm(bottom - top + MM_PER_PX, STEP * math.sqrt(3) / 2, "a triangle's height")
        near_top = blob.xs[blob.ys < blob.ys.min() + (blob.ys.max() - blob.ys.min()) / 4]
        near_base = blob.xs[blob.ys > blob.ys.max() - (blob.ys.max() - blob.ys.min()) / 4]
        assert np.ptp(near_top) < np.ptp(near_base) / 2  # its apex up
    centres = sorted((round(y), x) for x, y in (blob.centre_mm() for blob in whole))
    beside = [b[1] - a[1] for a, b in itertools.pairwise(centres) if a[0] == b[0]]
    assert beside
    for gap in beside:
        assert_mm(gap, 2 * STEP, "between triangles in a row")
