"""Benchmark: a 100 × 100 hex map built by printkit and by a bare reportlab loop, same run.

Why this exists: issue 3 asks that a 10,000-hex map stay fast and small, and that printkit beat
the obvious way of drawing one, a loop that draws every hexagon whole (fill and outline, six
edges each, so every shared edge is stroked twice). printkit fills the board's outline once,
strokes each shared edge once in long polylines, and places any non-default cell as a reused
symbol. This script measures both on the same machine in one run so the ratio means something.

What it does:

1. Writes a game package with one `hexmap` material: 100 × 100 flat-top hexes, 16 mm across
   flats, a light fill, labels "0101"…"100100" at the top of each hex, `tiling: {poster: true}`
   so the map is one page the size of the map (what a print shop takes).
2. Builds it through printkit's library API (load, check, compile, `render_pdf`).
3. Draws the same page with a bare reportlab loop: same page size and hex positions, the same
   embedded DejaVu font for the labels, each hexagon a closed filled and stroked path.
4. Runs both `--repeat` times and prints the best CPU time of each, the ratio printkit/bare,
   and the PDF bytes; then, for scale, the same map tiled on A4 pages (time, pages, bytes).
   A second pair of rows does the same without labels, where the geometry dominates.

Run: `python benchmarks/hexmap_100x100.py` (`--size 50` for a quick look). Exit status 1 when
printkit is slower than the bare loop with labels on.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml
from reportlab.pdfgen.canvas import Canvas

from printkit.diagnostics import Diagnostics
from printkit.draw.fonts import font_name, register_fonts
from printkit.draw.pdf import render_pdf
from printkit.geometry.hexgrid import HexLayout, OffsetLayout, offset_to_hex
from printkit.load.package import load_package
from printkit.materials.hexmap import compile_hexmap

GAME = "bench_map"
MM = 72 / 25.4
HEX_MM = 16.0
FILL, LINE = "#eef1f6", "#3c3c3c"
LINE_WIDTH, LABEL_SIZE = 0.6, 6.0


def write_package(root: Path, size: int, labels: bool, poster: bool) -> Path:
    folder = root / GAME
    folder.mkdir(parents=True, exist_ok=True)
    material = {
        "kind": "hexmap",
        "orientation": "flat",
        "hex_size": f"{HEX_MM}mm",
        "columns": size,
        "rows": size,
        "terrain": {"space": {"fill": FILL}},
        "labels": {"position": "top" if labels else "none", "size": f"{LABEL_SIZE}pt"},
        "line_color": LINE,
        "line_width": f"{LINE_WIDTH}pt",
        "legend": False,
        "tiling": {"poster": poster, "paper": "a4"},
    }
    package = {
        "game": {"title": "Benchmark map", "players": "2"},
        "materials": {"map": material},
    }
    (folder / "game.yaml").write_text(yaml.safe_dump(package, sort_keys=False), encoding="utf-8")
    return folder


def printkit_build(folder: Path) -> tuple[bytes, int, tuple[float, float]]:
    """Load, check, compile and render, as `printkit build` does, minus the file write."""
    diagnostics = Diagnostics()
    loaded = load_package(GAME, folder, diagnostics)
    assert loaded is not None, [d.render() for d in diagnostics]
    document = compile_hexmap(loaded, "map", {}, "a4", diagnostics)
    assert document is not None, [d.render() for d in diagnostics]
    page = document.pages[0]
    return render_pdf(document), len(document.pages), (page.width, page.height)


def bare_loop(size: int, page: tuple[float, float], labels: bool) -> bytes:
    """Every hexagon drawn whole, the way a quick script would: no reuse, edges stroked twice."""
    register_fonts()
    font = font_name("regular")
    buffer = _Buffer()
    canvas = Canvas(buffer, pagesize=page, invariant=1, pageCompression=1)
    canvas.setFillColor(FILL)
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(LINE_WIDTH)
    canvas.setFont(font, LABEL_SIZE)
    layout = HexLayout.from_across_flats("flat", HEX_MM * MM)
    radius, half = layout.radius, layout.across_flats / 2
    # printkit's poster page: 5 mm margin, the map padded by two line widths, title above.
    left, top = 5 * MM + 2 * LINE_WIDTH + radius, page[1] - (5 * MM + 2 * LINE_WIDTH + half)
    corners = layout.corner_offsets()
    for col in range(size):
        for row in range(size):
            cx, cy = layout.centre(offset_to_hex(col, row, OffsetLayout.ODD_Q))
            x, y = left + cx, top - cy
            path = canvas.beginPath()
            path.moveTo(x + corners[0][0], y - corners[0][1])
            for dx, dy in corners[1:]:
                path.lineTo(x + dx, y - dy)
            path.close()
            canvas.drawPath(path, stroke=1, fill=1)
            if labels:
                canvas.setFillColor("#000000")
                canvas.drawCentredString(x, y + half - 3 * MM, f"{col + 1:02d}{row + 1:02d}")
                canvas.setFillColor(FILL)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class _Buffer:
    """A bytes sink that reportlab can write to (io.BytesIO also works; this keeps it explicit)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.parts.append(data)
        return len(data)

    def getvalue(self) -> bytes:
        return b"".join(self.parts)


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, float, object]:
    """Best CPU and wall seconds over `repeat` runs (CPU time resists a busy machine)."""
    best_cpu = best_wall = math.inf
    result: object = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return best_cpu, best_wall, result


def compare(size: int, repeat: int, labels: bool, root: Path) -> bool:
    folder = write_package(root / f"poster-{labels}", size, labels, poster=True)
    pk_cpu, pk_wall, built = best_of(repeat, lambda: printkit_build(folder))
    pdf, _pages, page = built  # type: ignore[misc]
    bare_cpu, bare_wall, bare = best_of(repeat, lambda: bare_loop(size, page, labels))
    tiled = write_package(root / f"tiled-{labels}", size, labels, poster=False)
    tile_cpu, _, tiled_built = best_of(1, lambda: printkit_build(tiled))
    tiled_pdf, tiled_pages, _ = tiled_built  # type: ignore[misc]
    what = "with labels" if labels else "no labels"
    print(f"{size} x {size} hexes, {HEX_MM:g} mm, {what}")
    print(f"  printkit   {pk_cpu:7.3f} s cpu ({pk_wall:.3f} s wall)  {len(pdf):>10,} bytes")
    print(f"  bare loop  {bare_cpu:7.3f} s cpu ({bare_wall:.3f} s wall)  {len(bare):>10,} bytes")
    print(f"  ratio printkit/bare: time {pk_cpu / bare_cpu:.2f}, bytes {len(pdf) / len(bare):.2f}")
    print(f"  tiled on A4: {tile_cpu:.3f} s cpu, {tiled_pages} pages, {len(tiled_pdf):,} bytes")
    return pk_cpu <= bare_cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100, help="columns and rows")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        faster = compare(args.size, args.repeat, True, Path(tmp))
        compare(args.size, args.repeat, False, Path(tmp))
    print("aim (printkit faster than the bare loop, labels on):", "met" if faster else "MISSED")
    return 0 if faster else 1


if __name__ == "__main__":
    sys.exit(main())
