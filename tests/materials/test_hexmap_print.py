"""Hex maps as printed: sizes, spacing, labels, edges and tiling, measured from the output.

Everything is read back with readers independent of printkit: pypdfium2 renders pages to pixels
(measured in mm), pypdf reads text positions, boxes and content streams. Expected positions come
from this file's own hex arithmetic (Red Blob's offset formulas), not from printkit.geometry.
"""

from __future__ import annotations

import itertools
import math
import re
import shutil
from pathlib import Path

import numpy as np
import pypdf
import pypdfium2
import pytest
import yaml
from pypdf.generic import ContentStream
from support import (
    RULE_DATA,
    TOLERANCE_MM,
    Reported,
    assert_mm,
    parse_diagnostics,
    run_cli,
    text_runs,
)

MM = 72 / 25.4
SQRT3 = math.sqrt(3)


# --- helpers ------------------------------------------------------------------------------------


def build(rule_data: Path, game: str, out: Path, *extra: str) -> Path:
    result = run_cli("--rule-data", rule_data, "build", game, "--out", out, *extra)
    assert result.exit_code == 0, result.output
    return out / game


def write_game(root: Path, name: str, materials: dict) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    package = {"game": {"title": name, "players": "2"}, "materials": materials}
    (folder / "game.yaml").write_text(yaml.safe_dump(package, sort_keys=False), encoding="utf-8")
    return root


def render(pdf: Path, index: int, dpi: int) -> np.ndarray:
    """One page as an RGB array; pixel (0, 0) is the top-left corner."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[index]
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return np.asarray(image).astype(np.int16)
    finally:
        document.close()


def mask_of(image: np.ndarray, colour: tuple[int, int, int], tolerance: int = 40) -> np.ndarray:
    return (np.abs(image - np.array(colour)) <= tolerance).all(axis=2)


def blobs(mask: np.ndarray) -> list[np.ndarray]:
    """Connected regions (4-neighbour) of a boolean mask, as arrays of (y, x) pixels."""
    seen = np.zeros_like(mask, dtype=bool)
    found = []
    for y, x in zip(*np.nonzero(mask), strict=True):
        if seen[y, x]:
            continue
        stack, pixels = [(y, x)], []
        seen[y, x] = True
        while stack:
            cy, cx = stack.pop()
            pixels.append((cy, cx))
            for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                inside = 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1]
                if inside and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
        found.append(np.array(pixels))
    return found


def runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) index pairs of True runs, end exclusive."""
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2], edges[1::2], strict=True))


def centre(col: int, row: int, orientation: str, across: float) -> tuple[float, float]:
    """Centre of a hex by 0-based offset coordinates (odd-q / odd-r), relative to hex (0, 0)."""
    radius = across / SQRT3
    if orientation == "flat":
        return 1.5 * radius * col, across * (row + 0.5 * (col & 1))
    return across * (col + 0.5 * (row & 1)), 1.5 * radius * row


# --- hex size and spacing from pixels -----------------------------------------------------------

INK = (0, 0, 255)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_size_and_spacing_match_the_declared_size(orientation: str, tmp_path: Path) -> None:
    """Blue hexes on a white map: each is F across flats (its fill reaches the middle of the
    thin edge lines), and their centres sit where offset coordinates put them, which fixes
    the corner-to-corner size too (column or row spacing is 1.5 R), all within 0.2 mm."""
    across, line = 20.0, 0.25 * 25.4 / 72
    marked = {(0, 0), (4, 0), (0, 2), (3, 3)}
    material = {
        "kind": "hexmap",
        "orientation": orientation,
        "hex_size": f"{across}mm",
        "columns": 6,
        "rows": 5,
        "terrain": {"space": {"fill": "#ffffff"}, "ink": {"fill": "#0000ff"}},
        "regions": [{"terrain": "ink", "hexes": [{"col": c + 1, "row": r + 1} for c, r in marked]}],
        "labels": {"position": "none"},
        "legend": False,
        "line_width": "0.25pt",
    }
    out = build(write_game(tmp_path, "measure", {"map": material}), "measure", tmp_path / "o")
    dpi = 300
    image = render(out / "map.pdf", 0, dpi)
    # At least half blue: blue minus red is 255 on full ink, 0 on white and on grey lines.
    blue = (image[:, :, 2] - image[:, :, 0]) > 127
    found = [b for b in blobs(blue) if len(b) > 1000]
    assert len(found) == len(marked)
    mm_per_px = 25.4 / dpi
    axis = 0 if orientation == "flat" else 1  # flats are horizontal (flat) or vertical (pointy)
    centres = []
    for blob in found:
        low, high = blob[:, axis].min(), blob[:, axis].max() + 1
        assert_mm((high - low) * mm_per_px + line, across, "across flats")
        ys, xs = blob[:, 0], blob[:, 1]
        centres.append(
            ((xs.max() + xs.min() + 1) / 2 * mm_per_px, (ys.max() + ys.min() + 1) / 2 * mm_per_px)
        )
    centres.sort(key=lambda p: (round(p[1]), p[0]))
    expected = sorted(
        (centre(c, r, orientation, across) for c, r in marked), key=lambda p: (round(p[1]), p[0])
    )
    ox = centres[0][0] - expected[0][0]
    oy = centres[0][1] - expected[0][1]
    for (mx, my), (ex, ey) in zip(centres, expected, strict=True):
        assert_mm(mx - ox, ex, "centre x")
        assert_mm(my - oy, ey, "centre y")


def test_raise_shields_hexes_are_25mm_across_flats(tmp_path: Path) -> None:
    """On the real battle map, the vertical edges of a row of pointy hexes stand 25 mm apart."""
    out = build(RULE_DATA, "raise_shields", tmp_path, "--only", "map", "--format", "pdf")
    pdf = out / "map.pdf"
    labels = {run.text: run for run in text_runs(pypdf.PdfReader(pdf).pages[0])}
    dpi = 300
    image = render(pdf, 0, dpi)
    mm_per_px = 25.4 / dpi
    # Half way down a hex of row 2: 10 mm under its label crosses the vertical edges.
    y = round((labels["0402"].y + 10) / mm_per_px)
    left, right = (round(labels[n].x / mm_per_px) for n in ("0302", "0802"))
    dark = image[y, left:right].max(axis=1) < 110
    edges = [(a + b) / 2 * mm_per_px for a, b in runs(dark) if b - a < 8]
    assert len(edges) == 5
    for a, b in itertools.pairwise(edges):
        assert_mm(b - a, 25.0, "across flats")


# --- labels, with pypdf -------------------------------------------------------------------------


def test_labels_are_column_then_row_from_0101_at_the_top_left(tmp_path: Path) -> None:
    out = build(RULE_DATA, "raise_shields", tmp_path, "--only", "map", "--format", "pdf")
    runs_ = text_runs(pypdf.PdfReader(out / "map.pdf").pages[0])
    found = [r for r in runs_ if r.text.isdigit() and len(r.text) == 4]
    texts = sorted(r.text for r in found)
    assert texts == sorted(f"{c:02d}{r:02d}" for c in range(1, 10) for r in range(1, 9))
    at = {r.text: r for r in found}
    top_left = min(found, key=lambda r: (round(r.y), r.x))
    assert top_left.text == "0101"
    assert all(r.upright == 1 for r in found)
    radius = 25 / SQRT3
    # "0201" is the next column of the same row; "0102" the next row, shoved half a hex right.
    assert_mm(at["0201"].x - at["0101"].x, 25.0, "0101 → 0201 across")
    assert_mm(at["0201"].y - at["0101"].y, 0.0, "0101 → 0201 down")
    assert_mm(at["0102"].x - at["0101"].x, 12.5, "0101 → 0102 across")
    assert_mm(at["0102"].y - at["0101"].y, 1.5 * radius, "0101 → 0102 down")
    for text, run in at.items():
        col, row = int(text[:2]) - 1, int(text[2:]) - 1
        ex, ey = centre(col, row, "pointy", 25.0)
        assert_mm(run.x - at["0101"].x, ex, f"label {text} x")
        assert_mm(run.y - at["0101"].y, ey, f"label {text} y")


# --- shared edges: each stroked once, counted in the PDF content --------------------------------


def stroked_segments(reader: pypdf.PdfReader, page: pypdf.PageObject) -> int:
    """Line segments stroked on a page, counting each placed Form XObject's strokes."""

    def count(contents: object, resources: object) -> int:
        total = pending = 0
        stream = ContentStream(contents, reader)
        xobjects = (resources or {}).get("/XObject", {}) if resources else {}
        for operands, operator in stream.operations:
            op = operator.decode() if isinstance(operator, bytes) else operator
            if op in ("l", "h"):
                pending += 1
            elif op == "re":
                pending += 4
            elif op in ("S", "s", "B", "B*", "b", "b*"):
                total, pending = total + pending, 0
            elif op in ("f", "F", "f*", "n"):
                pending = 0
            elif op == "Do":
                form = xobjects[operands[0]].get_object()
                total += count(form, form.get("/Resources"))
        return total

    return count(page.get_contents(), page["/Resources"])


def unique_edges(columns: int, rows: int, orientation: str) -> int:
    """6 per hex minus one per adjacent pair, with neighbours found by the odd-r (pointy) or
    odd-q (flat) offset rules, looking forward only so each pair is seen once."""
    cells = {(c, r) for c in range(columns) for r in range(rows)}
    pairs = 0
    for c, r in cells:
        if orientation == "pointy":
            shift = r & 1
            forward = ((c + 1, r), (c + shift, r + 1), (c + shift - 1, r + 1))
        else:
            shift = c & 1
            forward = ((c, r + 1), (c + 1, r + shift - 1), (c + 1, r + shift))
        pairs += sum(cell in cells for cell in forward)
    return 6 * len(cells) - pairs


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_each_shared_edge_is_stroked_once(orientation: str, tmp_path: Path) -> None:
    material = {
        "kind": "hexmap",
        "orientation": orientation,
        "hex_size": "18mm",
        "columns": 7,
        "rows": 6,
        "legend": False,
    }
    out = build(write_game(tmp_path, "edges", {"map": material}), "edges", tmp_path / "o")
    reader = pypdf.PdfReader(out / "map.pdf")
    assert stroked_segments(reader, reader.pages[0]) == unique_edges(7, 6, orientation)
    assert unique_edges(7, 6, orientation) < 6 * 7 * 6  # drawn whole, shared edges go twice


def test_a_100_by_100_map_stays_small_and_strokes_each_edge_once(tmp_path: Path) -> None:
    """10,000 labelled hexes on one poster page: row paths and cell symbols are reused."""
    material = {
        "kind": "hexmap",
        "hex_size": "16mm",
        "columns": 100,
        "rows": 100,
        "tiling": {"poster": True},
    }
    root = write_game(tmp_path, "big", {"map": material})
    out = build(root, "big", tmp_path / "o", "--format", "pdf")
    size = (out / "map.pdf").stat().st_size
    assert size < 250_000, f"{size:,} bytes"
    reader = pypdf.PdfReader(out / "map.pdf")
    assert stroked_segments(reader, reader.pages[0]) == unique_edges(100, 100, "flat")


# --- tiling: the pages, overlapped as marked, give back the map ---------------------------------

DPI = 150
INDEX = re.compile(r"^[A-Z]+\d+ of \d+ × \d+")
PX_PER_MM = DPI / 25.4


def trim_px(page: pypdf.PageObject) -> tuple[float, float, float, float]:
    """The page's TrimBox (the part of the window kept after trimming, up to where the next
    page's cut edge lands) in px, y down: x0, y0, x1, y1."""
    height = float(page.mediabox.height)
    box = page.trimbox
    scale = DPI / 72
    return (
        float(box.left) * scale,
        (height - float(box.top)) * scale,
        float(box.right) * scale,
        (height - float(box.bottom)) * scale,
    )


def overlap_tick(image: np.ndarray, window: tuple[float, ...], axis: str) -> float | None:
    """Where the next page's cut edge goes: the tick in the band above (axis x) or left of
    (axis y) the window that is not this page's own cut tick at the window edge."""
    x0, y0, x1, y1 = window
    if axis == "x":
        line = image[round(y0 - 1.2 * PX_PER_MM), round(x0) : round(x1) + 3]
        start = x0
    else:
        line = image[round(y0) : round(y1) + 3, round(x0 - 1.2 * PX_PER_MM)]
        start = y0
    dark = line.max(axis=1) < 128
    ticks = [round(start) + (a + b) / 2 for a, b in runs(dark)]
    ticks = [t for t in ticks if t > start + PX_PER_MM]
    assert len(ticks) <= 1
    return ticks[0] if ticks else None


def page_index(page: pypdf.PageObject) -> str:
    """The page's index as printed in its top band, e.g. "B2 of 2 × 3"."""
    found = [m[0] for r in text_runs(page) if (m := INDEX.match(r.text))]
    assert len(found) == 1, found
    return found[0]


def compose(pdf: Path) -> tuple[np.ndarray, list[str]]:
    """Lay the pages edge to edge by their TrimBoxes (the part each keeps), row by row from the
    top left, as the README promises; each page's overlap tick must stand on its TrimBox's
    edge, where the next page's cut edge goes."""
    reader = pypdf.PdfReader(pdf)
    labels = [page_index(p) for p in reader.pages]
    columns, rows = (int(n) for n in labels[0].split(" of ")[1].split(" × "))
    assert len(reader.pages) == columns * rows
    images = [render(pdf, i, DPI) for i in range(len(reader.pages))]
    kept = [trim_px(p) for p in reader.pages]
    for c in range(columns - 1):
        tick = overlap_tick(images[c], kept[c], "x")
        assert tick is not None, f"page {labels[c]} has no overlap tick"
        assert abs(tick - kept[c][2]) < 0.2 * PX_PER_MM + 1, "the tick is the TrimBox's edge"
    for r in range(rows - 1):
        tick = overlap_tick(images[r * columns], kept[r * columns], "y")
        assert tick is not None, f"page {labels[r * columns]} has no overlap tick"
        assert abs(tick - kept[r * columns][3]) < 0.2 * PX_PER_MM + 1
    xs, ys = [0.0], [0.0]
    for c in range(columns - 1):
        xs.append(xs[-1] + kept[c][2] - kept[c][0])
    for r in range(rows - 1):
        ys.append(ys[-1] + kept[r * columns][3] - kept[r * columns][1])
    last = kept[-1]
    canvas = np.full(
        (round(ys[-1] + last[3] - last[1]) + 2, round(xs[-1] + last[2] - last[0]) + 2, 3),
        255,
        np.int16,
    )
    for index, (image, (x0, y0, x1, y1)) in enumerate(zip(images, kept, strict=True)):
        r, c = divmod(index, columns)
        crop = image[round(y0) : round(y1), round(x0) : round(x1)]
        top, left = round(ys[r]), round(xs[c])
        canvas[top : top + crop.shape[0], left : left + crop.shape[1]] = crop
    return canvas, labels


def blocks(image: np.ndarray, size: int = 4) -> np.ndarray:
    """Mean grey level over size × size blocks: forgives the sub-pixel antialiasing of lines
    that fall at different fractions of a pixel on a tile and on the single page."""
    grey = image.mean(axis=2)
    h, w = (grey.shape[0] // size) * size, (grey.shape[1] // size) * size
    return grey[:h, :w].reshape(h // size, size, w // size, size).mean(axis=(1, 3))


@pytest.fixture(scope="module")
def raise_shields_with_posters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's own package, plus one-page versions of its big maps to compare against."""
    root = tmp_path_factory.mktemp("rs")
    shutil.copytree(RULE_DATA / "raise_shields", root / "raise_shields")
    maps = yaml.safe_load((RULE_DATA / "raise_shields" / "map.yaml").read_text())["materials"]
    posters = {
        f"{name}_poster": {**maps[name], "tiling": {"poster": True}}
        for name in ("large_map", "fleet_map")
    }
    (root / "raise_shields" / "posters.yaml").write_text(yaml.safe_dump({"materials": posters}))
    only = [a for m in ("large_map", "fleet_map", *posters) for a in ("--only", m)]
    return build(root, "raise_shields", root / "out", "--format", "pdf", *only)


@pytest.mark.parametrize(("name", "grid"), [("large_map", "2 × 1"), ("fleet_map", "2 × 2")])
def test_tiled_map_assembled_as_marked_equals_the_single_map(
    raise_shields_with_posters: Path, name: str, grid: str
) -> None:
    out = raise_shields_with_posters
    canvas, labels = compose(out / f"{name}.pdf")
    assert labels[0] == f"A1 of {grid}"
    poster = render(out / f"{name}_poster.pdf", 0, DPI)
    margin = round(5 * PX_PER_MM)  # the default tiling margin, where the poster places the art
    # The poster has the title and legend above the map; tiles repeat them in their headers
    # and assemble into the map alone. Find the map's top by the rows' mean grey levels.
    poster_rows = poster.mean(axis=(1, 2))
    reach = range(margin, margin + round(30 * PX_PER_MM))
    rows = canvas.mean(axis=(1, 2))[: len(poster_rows) - reach[-1]]
    top = min(reach, key=lambda t: np.abs(poster_rows[t : t + len(rows)] - rows).mean())
    assert top > margin + 5 * PX_PER_MM  # under the poster's 12 pt title
    single = poster[top : top + canvas.shape[0], margin : margin + canvas.shape[1]]
    canvas = canvas[: single.shape[0], : single.shape[1]]
    # Tiles and the single page put lines at different fractions of a pixel, so antialiasing
    # differs a little everywhere (mean ≈ 1.5 grey levels); a page laid 1 mm off gives ≈ 8.
    difference = np.abs(blocks(canvas) - blocks(single))
    assert difference.mean() < 3, difference.mean()
    assert (difference > 40).mean() < 0.005, (difference > 40).mean()
    # The comparison has teeth: the same pages laid 1 mm off do not pass.
    shifted = np.full_like(canvas, 255)
    step = round(PX_PER_MM)
    shifted[:, step:] = canvas[:, :-step]
    wrong = np.abs(blocks(shifted) - blocks(single))
    assert (wrong > 40).mean() > 0.02


def test_tile_pages_run_row_by_row_and_name_their_neighbours(
    raise_shields_with_posters: Path,
) -> None:
    reader = pypdf.PdfReader(raise_shields_with_posters / "fleet_map.pdf")
    texts = [[r.text for r in text_runs(page)] for page in reader.pages]
    indexes = [page_index(page) for page in reader.pages]
    assert indexes == ["A1 of 2 × 2", "B1 of 2 × 2", "A2 of 2 × 2", "B2 of 2 × 2"]
    assert "B1" in texts[0] and "A2" in texts[0]  # A1 says which pages overlap it
    for page in reader.pages:
        trim = [float(v) / MM for v in page.trimbox]
        media = [float(v) / MM for v in page.mediabox]
        assert trim[0] - media[0] >= 5 - TOLERANCE_MM  # marks and art stay 5 mm inside
        assert media[2] - trim[2] >= 5 - TOLERANCE_MM


# --- determinism --------------------------------------------------------------------------------


def test_building_twice_gives_the_same_bytes(tmp_path: Path) -> None:
    first = build(RULE_DATA, "raise_shields", tmp_path / "a", "--only", "large_map")
    second = build(RULE_DATA, "raise_shields", tmp_path / "b", "--only", "large_map")
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    assert any(n.endswith(".svg") for n in names) and any(n.endswith(".png") for n in names)
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


# --- Rise!: the starting formation as drawn -----------------------------------------------------

GRASS, RED, BLUE = (0x7B, 0xB1, 0x5A), (0xC6, 0x28, 0x28), (0x15, 0x65, 0xC0)


def test_rise_formation_puts_the_workers_on_the_2nd_and_7th_tiles(tmp_path: Path) -> None:
    out = build(RULE_DATA, "rise", tmp_path, "--only", "formation", "--format", "pdf")
    dpi = 150
    image = render(out / "formation.pdf", 0, dpi)
    mm_per_px = 25.4 / dpi
    across = 1.25 * 25.4
    radius = across / SQRT3
    # The map is the green areas as big as a tile (the legend swatch is far smaller); its
    # left edge is the flat side of the 1st strip tile, its top the top corner of the tiles
    # above the strip.
    grass = mask_of(image, GRASS, 50)
    tile_px = 0.5 * across**2 / (2 * mm_per_px) ** 2
    coarse = np.concatenate([b for b in blobs(grass[::2, ::2]) if len(b) > tile_px]) * 2
    y0, x0 = coarse.min(axis=0) - 2
    y1, x1 = coarse.max(axis=0) + 4
    ys, xs = np.nonzero(grass[y0:y1, x0:x1])
    left, top = (x0 + xs.min()) * mm_per_px, (y0 + ys.min()) * mm_per_px
    line = 0.6 * 25.4 / 72  # the fill shows up to the middle of the edge lines
    width = (xs.max() - xs.min() + 1) * mm_per_px + line
    assert_mm(width, 8 * across, "strip length (8 tiles)", 2 * mm_per_px)  # ±1 px each end
    strip_y = top + radius + 1.5 * radius
    for colour, tile in ((RED, 2), (BLUE, 7)):
        marker = max(blobs(mask_of(image, colour, 30)), key=len)
        cx = (marker[:, 1].min() + marker[:, 1].max() + 1) / 2 * mm_per_px
        cy = (marker[:, 0].min() + marker[:, 0].max() + 1) / 2 * mm_per_px
        assert_mm(cx - left, (tile - 0.5) * across, f"worker on tile {tile}, x", 0.5)
        assert_mm(cy, strip_y, f"worker on tile {tile}, y", 0.5)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_half_hexes_square_off_the_edges(orientation: str, tmp_path: Path) -> None:
    """With edge half hexes the board is a filled rectangle; without, its edges are ragged."""
    material = {
        "kind": "hexmap",
        "orientation": orientation,
        "hex_size": "15mm",
        "columns": 7,
        "rows": 5,
        "terrain": {"space": {"fill": "#00ff00"}},
        "labels": {"position": "none"},
        "legend": False,
    }
    gaps = {}
    for half in (True, False):
        root = write_game(tmp_path / str(half), "edges", {"map": {**material, "half_hexes": half}})
        image = render(build(root, "edges", tmp_path / f"o{half}") / "map.pdf", 0, 100)
        ys, xs = np.nonzero(mask_of(image, (0, 255, 0), 60))
        inset = 3  # px at 100 dpi: clear of the border line
        inside = image[ys.min() + inset : ys.max() - inset, xs.min() + inset : xs.max() - inset]
        gaps[half] = mask_of(inside, (255, 255, 255), 10).mean()
    assert gaps[True] == 0
    assert gaps[False] > 0.01


@pytest.mark.parametrize(("name", "sides"), [("large_map", 8 * 2), ("fleet_map", 16 * 2)])
def test_starting_zones_stay_on_the_outer_sides_of_copied_maps(
    raise_shields_with_posters: Path, name: str, sides: int
) -> None:
    """'One per side': the copies' zones where two maps meet are dropped (zones:
    outer_edges), so the only zone hexes are the outer columns, top to bottom, each with its
    S; one more S stands in the legend."""
    page = pypdf.PdfReader(raise_shields_with_posters / f"{name}_poster.pdf").pages[0]
    letters = [run for run in text_runs(page) if run.text == "S"]
    assert len(letters) == sides + 1  # every copy's zones would be twice as many


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_battle_map_is_one_page_and_the_big_ones_tile(paper: str, tmp_path: Path) -> None:
    only = [a for m in ("map", "large_map", "fleet_map") for a in ("--only", m)]
    result = run_cli(
        "build", "raise_shields", "--paper", paper, "--format", "pdf", "--out", tmp_path, *only
    )
    assert result.exit_code == 0, result.output
    pages = {
        name: len(pypdf.PdfReader(tmp_path / "raise_shields" / f"{name}.pdf").pages)
        for name in ("map", "large_map", "fleet_map")
    }
    assert pages == {"map": 1, "large_map": 2, "fleet_map": 4}


@pytest.mark.parametrize(
    ("game", "material", "paper"),
    [
        ("raise_shields", "large_map", "a4"),
        ("raise_shields", "fleet_map", "letter"),
        ("border_skirmish", "valley", "a4"),
        ("border_skirmish", "valley", "letter"),
    ],
)
def test_a_tiled_map_is_cut_through_hex_centres(
    game: str, material: str, paper: str, tmp_path: Path
) -> None:
    """PRINT.md: a map tiled over pages is cut through hex centres. A page's TrimBox ends
    where the cut edge of the page to its right lands on it; a hex's label is centred on the
    hex, so some label of the page stands centred on that line (within 0.2 mm). (Rows are
    joined by the same rule, tests/impose/test_tiling.py.)"""
    out = build(RULE_DATA, game, tmp_path, "--only", material, "--format", "pdf", "--paper", paper)
    pdf = out / f"{material}.pdf"
    document = pypdfium2.PdfDocument(pdf)
    cuts = 0
    for index, page in enumerate(pypdf.PdfReader(pdf).pages):
        characters = document[index].get_textpage()
        text = characters.get_text_range()
        centres = []  # of each label, from its glyphs' boxes as pdfium reads them, in mm
        for found in re.finditer(r"(?<!\d)\d{4}(?!\d)", text):
            left = characters.get_charbox(found.start())[0]
            right = characters.get_charbox(found.end() - 1)[2]
            centres.append((left + right) / 2 / MM)
        trim_right = float(page.trimbox[2]) / MM
        named = re.search(r"\b([A-Z])(\d+) of (\d+) × (\d+)", text)  # "A1 of 2 × 2"
        assert named is not None, text
        if ord(named[1]) - ord("A") + 1 < int(named[3]):  # a page follows to the right
            assert min(abs(x - trim_right) for x in centres) < 0.2, (trim_right, index)
            cuts += 1
    assert cuts >= 1


# --- a thin last strip of pages: noted, with what prints the map on fewer -----------------------

VALE = {
    "kind": "hexmap",
    "title": "Ashen vale",
    "orientation": "flat",
    "hex_size": "0.75in",
    "columns": 18,
    "rows": 14,
    "terrain": {
        "clear": {"name": "Clear", "fill": "#f1eedc"},
        "forest": {"name": "Forest", "fill": "#a9c98f", "pattern": "dots"},
    },
    "regions": [{"terrain": "forest", "hexes": ["0102..0305"]}],
    "legend": True,
    "tiling": {"paper": "a4"},
}


def _vale(root: Path, **changes: object) -> tuple[list[Reported], list[pypdf.PageObject]]:
    """The vale built with `changes` to its map: its diagnostics and its pages."""
    result = run_cli(
        "--rule-data", write_game(root, "vale", {"map": VALE | changes}), "build", "vale",
        "--out", root / "out", "--format", "pdf",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return parse_diagnostics(result.output), pypdf.PdfReader(root / "out/vale/map.pdf").pages


def test_a_thin_last_strip_of_pages_is_noted_with_what_prints_the_map_on_fewer(
    tmp_path: Path,
) -> None:
    """18 × 14 hexes of 0.75 in on A4: the second row of pages keeps the map's last 19 mm (the
    TrimBox's height). Each thing the note suggests prints the map on the pages it says or
    fewer; the next tenth of a millimetre up does not: the hex size named is the largest."""
    [note], pages = _vale(tmp_path / "as_declared")
    heights = [round(float(page.trimbox.height) / MM) for page in pages]
    assert heights == [258, 258, 19, 19]
    assert (note.code, note.severity) == ("PK353", "note")
    assert note.message == (
        "map 'map' prints on 4 pages, 2 of which keep only a 19 mm strip along its bottom edge"
    )
    assert note.hint == (
        "it would print on fewer pages with 'hex_size: 18.6mm' (or 0.73in): 2 pages at most; "
        "'paper: a3': 2 pages; 'paper: tabloid': 2 pages"
    )
    tried = {
        "18.6mm": {"hex_size": "18.6mm"},
        "0.73in": {"hex_size": "0.73in"},
        "a3": {"tiling": {"paper": "a3"}},
        "tabloid": {"tiling": {"paper": "tabloid"}},
        "18.7mm": {"hex_size": "18.7mm"},
    }
    counts = {name: len(_vale(tmp_path / name, **change)[1]) for name, change in tried.items()}
    assert counts == {"18.6mm": 2, "0.73in": 2, "a3": 2, "tabloid": 2, "18.7mm": 4}


def test_thin_strips_along_both_edges_are_noted_with_the_other_orientation(
    tmp_path: Path,
) -> None:
    """13 × 14 hexes on A4 held portrait: the second column of pages keeps 44 mm of the map and
    the second row 19 mm (their TrimBoxes). The note names both strips, and the orientation
    the tiling fixes turned, which prints the map on 2 pages as said; A3 prints it on one."""
    portrait = {"paper": "a4", "orientation": "portrait"}
    [note], pages = _vale(tmp_path / "portrait", columns=13, tiling=portrait)
    boxes = [
        (round(float(p.trimbox.width) / MM), round(float(p.trimbox.height) / MM)) for p in pages
    ]
    assert boxes == [(176, 258), (44, 258), (176, 19), (44, 19)]
    assert note.message == (
        "map 'map' prints on 4 pages, 2 of which keep only a 44 mm strip along its right edge "
        "and 2 of which keep only a 19 mm strip along its bottom edge"
    )
    assert note.hint == (
        "it would print on fewer pages with 'hex_size: 18.6mm' (or 0.73in): 2 pages at most; "
        "'orientation: landscape': 2 pages; 'paper: a3': 1 page; 'paper: tabloid': 1 page"
    )
    tried = {
        "landscape": {"tiling": portrait | {"orientation": "landscape"}},
        "a3": {"tiling": portrait | {"paper": "a3"}},
    }
    counts = {
        name: len(_vale(tmp_path / name, columns=13, **change)[1]) for name, change in tried.items()
    }
    assert counts == {"landscape": 2, "a3": 1}


PORTRAIT = {"paper": "a4", "orientation": "portrait"}
# Seven terrains along the map's right edge, one a row: only the second column of pages shows them.
BURNT = {
    "Ash flats": "hatch",
    "Burnt pines": "backhatch",
    "Cinder cones": "crosshatch",
    "Obsidian ridges": "lines",
    "Sulphur springs": "vertical",
    "Scorched marsh": "grid",
    "Smoking vents": "waves",
}
BURNT_EAST = {
    "columns": 16,
    "caption": "Burnt to the east",
    "terrain": VALE["terrain"]
    | {
        f"burnt{i}": {"name": n, "fill": "#c8c8c8", "pattern": p}
        for i, (n, p) in enumerate(BURNT.items())
    },
    "regions": [
        *VALE["regions"],
        *(
            {"terrain": f"burnt{i}", "hexes": [f"15{i + 2:02d}..16{i + 2:02d}"]}
            for i in range(len(BURNT))
        ),
    ],
    "tiling": PORTRAIT,
}

# Two terrains of long names near the bottom of the map's right edge.
RIDGE = {
    "caption": "The long vale where the ash of the old fires drifts down on the road to the keep",
    "columns": 14,
    "rows": 42,
    "terrain": VALE["terrain"]
    | {
        "ash": {"name": "Ash flats by the old burnt keep", "fill": "#c8c8c8", "pattern": "hatch"},
        "pines": {
            "name": "Burnt pines on the ridge above it",
            "fill": "#c8c8c8",
            "pattern": "backhatch",
        },
    },
    "regions": [
        *VALE["regions"],
        {"terrain": "ash", "hexes": ["1333"]},
        {"terrain": "pines", "hexes": ["1427"]},
    ],
    "tiling": PORTRAIT | {"overlap": "5mm"},
}


def _boxes(pages: list[pypdf.PageObject]) -> list[tuple[int, int]]:
    """Each page's TrimBox, width and height in whole millimetres."""
    return [
        (round(float(p.trimbox.width) / MM), round(float(p.trimbox.height) / MM)) for p in pages
    ]


@pytest.mark.parametrize(
    ("changes", "strips", "named", "at_named", "a_tenth_above"),
    [
        # the map's width grows with its hexes' rectangle, not with the bands round it
        (
            {"columns": 24, "rows": 8, "tiling": PORTRAIT},
            "1 of which keeps only a 44 mm strip along its right edge",
            ("17.8", "0.70"),
            [(184, 152), (192, 152)],
            [(181, 153), (171, 153), (26, 153)],
        ),
        # the first column's header is as wide as up to the join, at a hex centre: the
        # legend no longer fits beside the caption, and the header takes a line more
        (
            {
                "columns": 14,
                "caption": "Where the ash of the old fires still drifts down on the road to the "
                "keep and the river and the long bridge below",
                "tiling": PORTRAIT,
            },
            "2 of which keep only a 19 mm strip along its bottom edge",
            ("18.3", "0.72"),
            [(169, 266), (59, 266)],
            [(170, 249), (59, 249), (170, 19), (59, 19)],
        ),
        # each page's header lists only what the page shows, lower than the whole legend
        (
            BURNT_EAST,
            "2 of which keep only a 29 mm strip along its bottom edge",
            ("18.3", "0.72"),
            [(169, 266), (90, 266)],
            [(170, 249), (91, 249), (170, 19), (91, 19)],
        ),
        # rows are joined at hex centres too: whether the two long entries share a page of
        # the plan the headers are first measured on depends on where its rows are joined
        (
            RIDGE,
            "2 of which keep only a 39 mm strip along its bottom edge",
            ("18.7", "0.73"),
            [(173, 266), (60, 266), (173, 266), (60, 266), (173, 263), (60, 263)],
            [
                (174, 254),
                (60, 254),
                (174, 254),
                (60, 254),
                (174, 254),
                (60, 254),
                (174, 38),
                (60, 38),
            ],
        ),
    ],
    ids=["width", "header_up_to_the_join", "header_of_the_page", "rows_joined_at_hex_centres"],
)
def test_the_hex_size_a_thin_strip_note_names_is_the_largest_that_prints_on_fewer_pages(
    tmp_path: Path,
    changes: dict,
    strips: str,
    named: tuple[str, str],
    at_named: list[tuple[int, int]],
    a_tenth_above: list[tuple[int, int]],
) -> None:
    """The note plans the map again at other hex sizes without drawing it: its width, where
    its joins may go and what each page's header shows are scaled from the drawn map. The
    size it names (in millimetres, and in inches) prints the map on the pages it says (their
    TrimBoxes, as built at that size), and the next tenth of a millimetre up does not. A last
    column of pages is thin below a quarter of a window's width (the second map's 61 mm is
    not: a quarter of its height would be)."""
    [note], pages = _vale(tmp_path / "as_declared", **changes)
    assert (note.code, note.message) == (
        "PK353",
        f"map 'map' prints on {len(pages)} pages, {strips}",
    )
    assert note.hint is not None
    millimetres, inches = named
    assert note.hint.startswith(
        f"it would print on fewer pages with 'hex_size: {millimetres}mm' (or {inches}in): "
        f"{len(at_named)} pages at most; "
    )
    built = _vale(tmp_path / "named", **changes, hex_size=f"{millimetres}mm")[1]
    assert _boxes(built) == at_named
    above = _vale(tmp_path / "above", **changes, hex_size=f"{float(millimetres) + 0.1:.1f}mm")[1]
    assert _boxes(above) == a_tenth_above
    assert len(above) == len(pages)


def test_the_size_just_below_the_declared_one_is_named_when_it_prints_on_fewer_pages(
    tmp_path: Path,
) -> None:
    """Hexes of 18.67 mm: 18.6 mm, the largest tenth of a millimetre below them, prints the
    vale on 2 pages (built), and is the size the note names."""
    [note], pages = _vale(tmp_path / "declared", hex_size="18.67mm")
    assert len(pages) == 4
    assert note.hint is not None
    assert note.hint.startswith(
        "it would print on fewer pages with 'hex_size: 18.6mm' (or 0.73in): 2 pages at most; "
    )
    assert len(_vale(tmp_path / "named", hex_size="18.6mm")[1]) == 2


@pytest.mark.parametrize(("columns", "portrait"), [(10, 1), (12, 2)])
def test_a_map_held_landscape_is_noted_portrait_only_when_that_prints_it_on_fewer_pages(
    tmp_path: Path, columns: int, portrait: int
) -> None:
    """10 rows held landscape on A4: the second row of pages keeps the map's last 29 mm. Held
    portrait, 10 columns print on one page, said in the note; 12 print on two, as many as
    landscape, and the note does not offer it."""
    landscape = {"paper": "a4", "orientation": "landscape"}
    [note], pages = _vale(tmp_path / "landscape", columns=columns, rows=10, tiling=landscape)
    assert (len(pages), note.message) == (
        2,
        "map 'map' prints on 2 pages, 1 of which keeps only a 29 mm strip along its bottom edge",
    )
    turned = "'orientation: portrait': 1 page; " if portrait == 1 else ""
    assert note.hint == (
        "it would print on fewer pages with 'hex_size: 17.4mm' (or 0.68in): 1 page; "
        f"{turned}'paper: a3': 1 page; 'paper: tabloid': 1 page"
    )
    held = landscape | {"orientation": "portrait"}
    assert len(_vale(tmp_path / "portrait", columns=columns, rows=10, tiling=held)[1]) == portrait


def test_a_last_strip_of_a_quarter_page_or_more_is_no_note(tmp_path: Path) -> None:
    """The last row of pages keeps 77 mm, over a quarter of the pages' 271 mm window."""
    reported, pages = _vale(tmp_path, rows=17)
    assert [round(float(page.trimbox.height) / MM) for page in pages] == [258, 258, 77, 77]
    assert reported == []
