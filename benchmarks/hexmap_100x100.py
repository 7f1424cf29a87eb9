"""Benchmark: a 100 × 100 hex map built by `printkit build` and by a bare reportlab script,
each a whole process, in the same run.

Why this exists: issue 3 asks that a 10,000-hex map stay fast and small, and that printkit beat
the obvious way of drawing one, a script that draws every hexagon whole (fill and outline, six
edges each, so every shared edge is stroked twice). printkit fills the board's outline once,
strokes each shared edge once in long polylines, and places any non-default cell as a reused
symbol. Users meet it as a command, so both sides are timed as processes, start-up included:
`printkit build` with everything it does (load, checks, drawing, the preflight, the file
written), and the bare script with only what drawing needs (reportlab, the font, the hexagons).

What it does:

1. Writes a game package with one `hexmap` material: 100 × 100 flat-top hexes, 16 mm across
   flats, a light fill, labels "0101"…"100100" at the top of each hex, `tiling: {poster: true}`
   so the map is one page the size of the map (what a print shop takes).
2. Runs `python -m printkit build --format pdf` on it.
3. Runs this file with `--bare`: the same page (size read from printkit's PDF), hex positions
   and embedded DejaVu font for the labels, each hexagon a closed filled and stroked path,
   written to a file; it imports reportlab and nothing of printkit.
4. Runs both `--repeat` times and prints the best wall time of each, the ratio printkit/bare,
   and the PDF bytes; then, for scale, the same map tiled on A4 pages (time, pages, bytes).
   A second pair of rows does the same without labels, where the geometry dominates.
5. Times the start-up alone of each side (`printkit --help`; Python importing reportlab's
   canvas), which is most of printkit's time on a small map.

Run: `python benchmarks/hexmap_100x100.py` (`--size 50` for a quick look). Exit status 1 when
printkit's PDF is larger than the bare script's, with labels on (the aim of issue 3: a big map
stays small because each shared edge is drawn once and repeated art is reused).
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from functools import partial
from pathlib import Path

from processes import (
    BARE_START,
    PRINTKIT_START,
    Commands,
    Workload,
    best_pair,
    printkit_build,
    timed,
)

GAME = "bench_map"
FONT = Path(__file__).resolve().parent.parent / "printkit/draw/fonts/DejaVuSansCondensed.ttf"
MM = 72 / 25.4
HEX_MM = 16.0
FILL, LINE = "#eef1f6", "#3c3c3c"
LINE_WIDTH, LABEL_SIZE = 0.6, 6.0


def digits(size: int) -> int:
    """The width of a label's column and row numbers: "0101" up to 99, "001001" past it (a
    shorter label would name two hexes alike, PK251)."""
    return max(2, len(str(size)))


def write_package(rule_data: Path, size: int, labels: bool, poster: bool) -> Path:
    import yaml  # here: the bare script should not pay for it

    folder = rule_data / GAME
    folder.mkdir(parents=True, exist_ok=True)
    material = {
        "kind": "hexmap",
        "orientation": "flat",
        "hex_size": f"{HEX_MM}mm",
        "columns": size,
        "rows": size,
        "terrain": {"space": {"fill": FILL}},
        "labels": {
            "position": "top" if labels else "none",
            "size": f"{LABEL_SIZE}pt",
            "format": f"{{col:0{digits(size)}}}{{row:0{digits(size)}}}",
        },
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


def printkit_process(rule_data: Path, out: Path) -> float:
    return timed(printkit_build(rule_data, GAME, out))


def bare_command(size: int, page: tuple[float, float], labels: bool, out: Path) -> list[str]:
    return [
        sys.executable, __file__, "--bare", "--size", str(size), "--page", str(page[0]),
        str(page[1]), "--labels" if labels else "--no-labels", "--out", str(out),
    ]  # fmt: skip


def bare_process(size: int, page: tuple[float, float], labels: bool, out: Path) -> float:
    return timed(bare_command(size, page, labels, out))


def commands(root: Path, size: int) -> Commands:
    """The poster map with labels under `root`, built once (untimed) for the page size the
    bare script draws on; printkit's build and the bare script, as commands."""
    write_package(root / "rule_data", size, labels=True, poster=True)
    printkit = printkit_build(root / "rule_data", GAME, root / "out")
    timed(printkit)
    page, _ = page_of(root / "out" / GAME / "map.pdf")
    return printkit, bare_command(size, page, True, root / "bare.pdf")


def workloads(root: Path) -> list[Workload]:
    """The rows of benchmarks/run_all.py: poster maps with labels, issue 21's aim for 300."""
    return [
        Workload("hex map 100 × 100", partial(commands, root / "map-100", 100)),
        Workload("hex map 300 × 300", partial(commands, root / "map-300", 300), 1.3),
    ]


def bare_loop(size: int, page: tuple[float, float], labels: bool, out: Path) -> None:
    """Every hexagon drawn whole, the way a quick script would: no reuse, edges stroked twice.
    Only reportlab is imported (here, not at the top, so printkit's runs do not pay for it)."""
    from reportlab.lib.colors import toColor
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    pdfmetrics.registerFont(TTFont("DejaVu", str(FONT)))
    canvas = Canvas(str(out), pagesize=page, invariant=1, pageCompression=1)
    fill, ink = toColor(FILL), toColor("#000000")  # each colour parsed once, not once a hex
    canvas.setFillColor(fill)
    canvas.setStrokeColor(toColor(LINE))
    canvas.setLineWidth(LINE_WIDTH)
    canvas.setFont("DejaVu", LABEL_SIZE)
    across = HEX_MM * MM
    radius, half = across / math.sqrt(3), across / 2
    width = digits(size)
    corners = [
        (radius * math.cos(math.radians(60 * i)), radius * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
    # printkit's poster page: 5 mm margin, the map padded by two line widths, title above.
    left, top = 5 * MM + 2 * LINE_WIDTH + radius, page[1] - (5 * MM + 2 * LINE_WIDTH + half)
    for col in range(size):
        for row in range(size):
            # flat tops, odd columns (0201, 0401…) shoved down by half a hex
            x, y = left + 1.5 * radius * col, top - across * (row + 0.5 * (col % 2))
            path = canvas.beginPath()
            path.moveTo(x + corners[0][0], y - corners[0][1])
            for dx, dy in corners[1:]:
                path.lineTo(x + dx, y - dy)
            path.close()
            canvas.drawPath(path, stroke=1, fill=1)
            if labels:
                canvas.setFillColor(ink)
                label = f"{col + 1:0{width}d}{row + 1:0{width}d}"
                canvas.drawCentredString(x, y + half - 3 * MM, label)
                canvas.setFillColor(fill)
    canvas.showPage()
    canvas.save()


def page_of(pdf: Path) -> tuple[tuple[float, float], int]:
    """The first page's size in points, and the page count."""
    import pypdf

    reader = pypdf.PdfReader(pdf)
    box = reader.pages[0].mediabox
    return (float(box.width), float(box.height)), len(reader.pages)


def compare(size: int, repeat: int, labels: bool, root: Path) -> bool:
    poster = root / f"poster-{labels}"
    write_package(poster / "rule_data", size, labels, poster=True)
    pk_wall = min(printkit_process(poster / "rule_data", poster / "out") for _ in range(repeat))
    pdf = poster / "out" / GAME / "map.pdf"
    page, _ = page_of(pdf)
    bare_pdf = poster / "bare.pdf"
    bare_wall = min(bare_process(size, page, labels, bare_pdf) for _ in range(repeat))
    tiled = root / f"tiled-{labels}"
    write_package(tiled / "rule_data", size, labels, poster=False)
    tile_wall = printkit_process(tiled / "rule_data", tiled / "out")
    tiled_pdf = tiled / "out" / GAME / "map.pdf"
    _, tiled_pages = page_of(tiled_pdf)
    pk_bytes, bare_bytes = pdf.stat().st_size, bare_pdf.stat().st_size
    what = "with labels" if labels else "no labels"
    print(f"{size} x {size} hexes, {HEX_MM:g} mm, {what}; best of {repeat} whole processes")
    print(f"  printkit build  {pk_wall:7.3f} s  {pk_bytes:>10,} bytes")
    print(f"  bare script     {bare_wall:7.3f} s  {bare_bytes:>10,} bytes")
    print(
        f"  ratio printkit/bare: time {pk_wall / bare_wall:.2f}, bytes {pk_bytes / bare_bytes:.2f}"
    )
    print(
        f"  tiled on A4: {tile_wall:.3f} s, {tiled_pages} pages, {tiled_pdf.stat().st_size:,} bytes"
    )
    return pk_bytes <= bare_bytes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100, help="columns and rows")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bare", action="store_true", help="be the bare script (internal)")
    parser.add_argument("--page", type=float, nargs=2, help="page size in points (--bare)")
    parser.add_argument("--labels", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--out", type=Path, help="PDF to write (--bare)")
    args = parser.parse_args()
    if args.bare:
        bare_loop(args.size, tuple(args.page), args.labels, args.out)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        smaller = compare(args.size, args.repeat, True, Path(tmp))
        compare(args.size, args.repeat, False, Path(tmp))
    printkit, bare = best_pair(args.repeat, PRINTKIT_START, BARE_START)
    print(f"start-up alone: printkit {printkit:.3f} s, Python with reportlab {bare:.3f} s")
    print("aim (printkit's PDF smaller, labels on):", "met" if smaller else "MISSED")
    return 0 if smaller else 1


if __name__ == "__main__":
    sys.exit(main())
