"""The realm's attack rectangles lie on the grid: each is a pair of grid triangles (issue 18), not
a rectangle drawn across them. Measured from the pixels of the rendered realm sheet: every
region of the attack fill is the size and shape of two triangles of the grid's side."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pixels import blobs, close_to, mask
from support import MM_PER_PX, RULE_DATA, Raster, hex_rgb, run_cli

from printkit.materials.board_draw import ATTACK_FILL

STEP = 3  # every third pixel of a 300 dpi page: enough to tell two triangles from a rectangle
SIDE = 10.0  # mm: the realm's triangle_grid side
TRIANGLE = math.sqrt(3) / 4 * SIDE**2  # mm²


@pytest.fixture(scope="module")
def realm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("realm")
    args = ("build", "raise_the_shields", "--only", "realm_sheet", "--format", "pdf")
    result = run_cli("--rule-data", RULE_DATA, *args, "--out", out)
    assert result.exit_code == 0, result.output
    return out / "raise_the_shields" / "realm_sheet.pdf"


def test_each_attack_rectangle_is_two_grid_triangles(realm: Path) -> None:
    shaded = mask(Raster.of(realm, 0), close_to(hex_rgb(ATTACK_FILL), 12), step=STEP)
    sample = (STEP * MM_PER_PX) ** 2  # mm² a sample stands for
    regions = [r for r in blobs(shaded) if len(r) * sample > 5]  # labels cut small bits off
    assert len(regions) == 24  # four per sector, six sectors
    # A rhombus of two triangles sharing a slanted side spans 1.5 sides by one triangle's height
    # (a pair sharing a flat side, 1 by 2 heights); the outline's 1.1 pt eats into the fill, most
    # at the acute corners (a rectangle drawn inside at 0.42 of the rhombus was 7 mm by 4 mm).
    height = math.sqrt(3) / 2 * SIDE
    shapes = {(1.5 * SIDE, height), (SIDE, 2 * height)}
    for region in regions:
        area = len(region) * sample
        assert 1.6 * TRIANGLE < area < 2.0 * TRIANGLE, area / TRIANGLE
        left, top, right, bottom = region.box_mm()
        size = (right - left, bottom - top)
        assert any(
            w - 2.0 < size[0] < w + 0.3 and h - 2.0 < size[1] < h + 0.3 for w, h in shapes
        ), size
