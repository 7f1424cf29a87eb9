"""Neighbouring pieces in an SVG meet without a seam: where two pieces share a cut line, the one
painted first is clipped SEAM further, under the other, so a browser's smoothing of the later
piece's edge shows that piece's own art beneath it, not the paper. The PDF is left as imposed.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from support import browse, hex_rgb, run_cli

from printkit.draw.ops import Group, Op, Paint, Rect, translate
from printkit.draw.svg_seams import SEAM, stretched_clips

FILL = "#a9c4ea"  # Border Skirmish's blue counters
ART = Rect(0, 0, 36, 36, Paint(FILL, None, 0))


def _piece(x: float, y: float, clip: tuple[float, float, float, float] = (0, 0, 36, 36)) -> Op:
    return Group((ART,), translate(x, y), clip)


def test_the_piece_painted_first_reaches_under_its_neighbour_on_each_side() -> None:
    """A row, a column and a back page's row (painted right to left, as the mirrored cells of
    a back are): each time the earlier piece of a pair is stretched, toward the later one."""
    assert stretched_clips([_piece(0, 0), _piece(36, 0)]) == {0: (0, 0, 36 + SEAM, 36)}
    assert stretched_clips([_piece(36, 0), _piece(0, 0)]) == {0: (-SEAM, 0, 36 + SEAM, 36)}
    assert stretched_clips([_piece(0, 0), _piece(0, 36)]) == {0: (0, 0, 36, 36 + SEAM)}
    assert stretched_clips([_piece(0, 36), _piece(0, 0)]) == {0: (0, -SEAM, 36, 36 + SEAM)}
    middle = stretched_clips([_piece(0, 0), _piece(36, 0), _piece(72, 0)])
    assert middle == {0: (0, 0, 36 + SEAM, 36), 1: (0, 0, 36 + SEAM, 36)}


def test_pieces_that_do_not_share_a_line_keep_their_clips() -> None:
    """Apart (a small sheet's 4 mm gap), touching at a corner only, not pieces (no clip, a
    clip path, a turned group) or along a line their spans do not share: nothing changes."""
    assert stretched_clips([_piece(0, 0), _piece(47, 0)]) == {}
    assert stretched_clips([_piece(0, 0), _piece(36, 36)]) == {}
    assert stretched_clips([_piece(0, 0), _piece(36, 40)]) == {}
    bare = Group((ART,), translate(36, 0))
    turned = Group((ART,), (0.0, 1.0, -1.0, 0.0, 72.0, 0.0), (0, 0, 36, 36))
    shaped = Group((ART,), translate(36, 0), (0, 0, 36, 36), (("M", 0, 0),))
    assert stretched_clips([_piece(0, 0), bare, turned, shaped]) == {}


def test_a_bleed_is_kept_and_the_stretch_is_added_to_it() -> None:
    """The first piece of a sheet's row has its outer bleed on the left and none on the
    shared right side: it keeps the one and gains SEAM on the other."""
    first = _piece(10, 10, (-8.5, -8.5, 44.5, 44.5))
    assert stretched_clips([first, _piece(46, 10, (0, -8.5, 36, 44.5))]) == {
        0: (-8.5, -8.5, 44.5 + SEAM, 44.5)
    }


@pytest.fixture(scope="module")
def units(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("seams")
    result = run_cli("build", "border_skirmish", "--only", "units", "--out", out, "--format", "svg")
    assert result.exit_code == 0, result.output
    return out / "border_skirmish"


def _placed(svg: str) -> list[tuple[float, float, tuple[float, float, float, float]]]:
    """Each piece in painting order: where it is placed (pt, a group moved by
    `matrix(1 0 0 1 x y)` and clipped to a rectangle) and its clip on the page (x0, y0, x1,
    y1)."""
    rects = {
        name: tuple(float(v) for v in (x, y, w, h))
        for name, h, w, x, y in re.findall(
            r'<clipPath id="(clip\d+)"><rect height="([-\d.]+)" width="([-\d.]+)" '
            r'x="([-\d.]+)" y="([-\d.]+)" />',
            svg,
        )
    }
    placed = re.findall(
        r'<g transform="matrix\(1 0 0 1 ([-\d.]+) ([-\d.]+)\)"><g clip-path="url\(#(clip\d+)\)">',
        svg,
    )
    found = []
    for dx, dy, name in placed:
        x, y, w, h = rects[name]
        left, top = float(dx), float(dy)
        found.append((left, top, (x + left, y + top, x + left + w, y + top + h)))
    return found


def test_the_counter_sheet_s_svg_stretches_each_earlier_piece_under_its_neighbour(
    units: Path,
) -> None:
    """In the built SVG, of each pair of counters side by side or one above the other, the
    earlier reaches SEAM past the line they share and the later stops on it."""
    clips = [box for _, _, box in _placed((units / "units-p01.svg").read_text())]
    assert len(clips) >= 9
    pairs = 0
    for index, (x0, y0, x1, y1) in enumerate(clips):
        for later in clips[index + 1 :]:
            if abs(later[0] - (x1 - SEAM)) < 0.002 and later[1] < y1 and later[3] > y0:
                pairs += 1  # this one stretched right over the later one's left side
            elif abs(later[1] - (y1 - SEAM)) < 0.002 and later[0] < x1 and later[2] > x0:
                pairs += 1  # or down over its top
            else:
                assert not (abs(later[0] - x1) < 0.002 and later[1] < y1 and later[3] > y0)
    assert pairs >= 8  # the row of blue counters, and the red one under the first


def test_chromium_draws_neighbouring_counters_without_a_lighter_line_between(
    units: Path, tmp_path: Path
) -> None:
    """From Chromium's pixels: along a row through the first row of counters' plain top (above
    their emblems), where two counters of one colour meet, the pixels across the line they
    share are that colour; they were lighter there (178,202,236 between counters of 169,196,234
    at 96 dpi). Chromium draws an SVG only once its virtual time has run for a while."""
    svg = (units / "units-p01.svg").read_text()
    shot = tmp_path / "units.png"
    viewbox = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert viewbox is not None
    scale = 4 / 3  # CSS pixels per point
    width, height = (round(float(v) * scale) for v in viewbox.groups())
    browse(
        "--virtual-time-budget=10000",
        f"--window-size={width},{height}",
        "--force-device-scale-factor=1",
        f"--screenshot={shot}",
        (units / "units-p01.svg").as_uri(),
    )
    pixels = np.asarray(Image.open(shot).convert("RGB")).astype(int)
    placed = _placed(svg)
    top = min(top for _, top, _ in placed)
    row = pixels[round((top + 1.0) * scale)]  # 1 pt inside the trim, on the fill
    met = []
    for left in sorted(left for left, y, _ in placed if y == top)[1:]:  # each shared line
        line = round(left * scale)
        before, after = row[line - 3], row[line + 3]
        if np.abs(before - after).max() > 3:
            continue  # a blue counter beside a red one: their edge is a blend of the two
        across = row[line - 2 : line + 3]
        met.append(tuple(int(v) for v in before))
        worst = int(np.abs(across - before).max())
        assert worst <= 3, f"at {left} pt, a pixel {worst} levels off the counters' colour"
    assert met.count(hex_rgb(FILL)) >= 7  # the blue counters' shared lines, and the red ones'
    assert len(met) >= 10
