"""The realm's attack rectangles lie on the grid: each is a pair of grid triangles (issue 18), not
a rectangle drawn across them. Measured from the pixels of the rendered realm sheet: every
region of the attack fill is the size and shape of two triangles of the grid's side."""

from __future__ import annotations

import math
from collections import deque
from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from support import RULE_DATA, hex_rgb, run_cli

from printkit.materials.board_draw import ATTACK_FILL

DPI = 100  # enough to tell two triangles from a rectangle across them, and quick to scan
MM_PER_PX = 25.4 / DPI
SIDE = 10.0  # mm: the realm's triangle_grid side
TRIANGLE = math.sqrt(3) / 4 * SIDE**2  # mm²


@pytest.fixture(scope="module")
def realm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("realm")
    args = ("build", "raise_the_shields", "--only", "realm_sheet", "--format", "pdf")
    result = run_cli("--rule-data", RULE_DATA, *args, "--out", out)
    assert result.exit_code == 0, result.output
    return out / "raise_the_shields" / "realm_sheet.pdf"


def _regions(mask: np.ndarray) -> list[list[tuple[int, int]]]:
    """The 4-connected regions of a boolean mask, as lists of (row, column) pixels."""
    seen = np.zeros_like(mask)
    regions = []
    for start in zip(*np.nonzero(mask), strict=True):
        if seen[start]:
            continue
        seen[start] = True
        pixels, queue = [], deque([start])
        while queue:
            y, x = queue.popleft()
            pixels.append((y, x))
            for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                inside = 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1]
                if inside and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    queue.append((ny, nx))
        regions.append(pixels)
    return regions


def test_each_attack_rectangle_is_two_grid_triangles(realm: Path) -> None:
    document = pypdfium2.PdfDocument(str(realm))
    image = document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    document.close()
    pixels = np.asarray(image, dtype=np.int16)
    target = np.array(hex_rgb(ATTACK_FILL), dtype=np.int16)
    mask = np.abs(pixels - target).max(axis=2) <= 12
    regions = [r for r in _regions(mask) if len(r) * MM_PER_PX**2 > 5]  # labels cut small bits
    assert len(regions) == 24  # four per sector, six sectors
    # A rhombus of two triangles sharing a slanted side spans 1.5 sides by one triangle's height
    # (a pair sharing a flat side, 1 by 2 heights); the outline's 1.1 pt eats into the fill, most
    # at the acute corners (a rectangle drawn inside at 0.42 of the rhombus was 7 mm by 4 mm).
    height = math.sqrt(3) / 2 * SIDE
    shapes = {(1.5 * SIDE, height), (SIDE, 2 * height)}
    for region in regions:
        rows = [y for y, _ in region]
        columns = [x for _, x in region]
        area = len(region) * MM_PER_PX**2
        assert 1.6 * TRIANGLE < area < 2.0 * TRIANGLE, area / TRIANGLE
        size = ((max(columns) - min(columns)) * MM_PER_PX, (max(rows) - min(rows)) * MM_PER_PX)
        assert any(
            w - 2.0 < size[0] < w + 0.3 and h - 2.0 < size[1] < h + 0.3 for w, h in shapes
        ), size
