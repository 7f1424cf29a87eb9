"""Benchmark: a generated 1000-card text-only deck, built by printkit and by a bare reportlab loop.

Why this exists: printkit puts several layers between a designer's YAML and the PDF (YAML with
spans, strict models, Jinja templates, backend-neutral drawing ops, imposition, a generic PDF
backend). Issue 2 asks that those layers cost little: building a deck through printkit should
take at most 1.5x the time of drawing the same cards with a plain reportlab loop, and a text-only
card page should stay under 2 KB. This script measures both in one run, on the same machine, so
that the ratio means something, and so that a regression in the pipeline shows up as a number.

What it does:

1. Generates a game package in a temporary folder: one deck of `--cards` text-only cards
   (`--distinct` different cards, each with a count), a face layout with a title, a type line, a
   rules paragraph and a number, and a static back. Two materials: n-up sheets with backs
   (long-edge duplex, crop marks) and print-on-demand (one card per page, TrimBox/BleedBox).
2. Builds each material through printkit's library API (load, check, compile, `render_pdf`), and
   also times the whole `printkit build --format pdf` command in-process (writes included).
3. Draws the same cards with a bare reportlab loop: same page sizes, same n-up positions and
   duplex mirroring, the same embedded DejaVu TTF, text wrapped with `simpleSplit`, crop marks,
   backs as one reused form, so that page counts match.
4. Prints the best of `--repeat` runs for each (CPU seconds of this process, which a busy
   shared machine disturbs far less than wall-clock time; wall time is shown beside it), the
   ratio printkit/bare, page counts, PDF bytes, bytes per page and per card. "Bytes per page" is
   the file size over all its pages, fronts and backs, fonts and all, as a printer receives it.

Run: `python benchmarks/cards_1000.py` (add `--cards 200 --repeat 1` for a quick look,
`--distinct 1000` for a deck with no repeated card, or `--profile` to print the printkit
hotspots). The exit status is 1 when an aim is missed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.build import compile_game
from printkit.diagnostics import Diagnostics
from printkit.draw.fonts import FONT_DIR
from printkit.draw.ops import Document
from printkit.draw.pdf import render_pdf

GAME = "bench"
SHEETS = "cards"
POD = "cards_pod"
MM = 72 / 25.4

# Everything below is in millimetres, y down from the card's top-left corner, and feeds both the
# generated YAML layout and the bare loop, so that the two draw the same thing.
CARD_W, CARD_H = 63.0, 88.0
PAPER_W, PAPER_H = 210.0, 297.0  # A4
BLEED, MARGIN = 3.0, 5.0  # printkit's defaults
LEADING = 1.18


@dataclass(frozen=True)
class TextRegion:
    """A text box of the layout: position and size in mm, font face and size in points."""

    x: float
    y: float
    w: float
    h: float
    face: str
    size: float
    align: str = "left"
    valign: str = "top"


TITLE = TextRegion(4, 4, 55, 8, "bold", 11, valign="middle")
TYPE_LINE = TextRegion(4, 13, 55, 5, "italic", 7.5)
RULES = TextRegion(4, 20, 55, 56, "regular", 8)
NUMBER = TextRegion(4, 79, 55, 5, "regular", 7, align="right")
BACK = TextRegion(4, 4, 55, 80, "bold", 16, align="center", valign="middle")
BACK_TEXT = "PRINTKIT BENCHMARK"
NOTE = "Print at actual size (100 %), not fit to page"

_WORD_TEXT = (
    "draw discard shield attack card hand deck turn player opponent each your their one two "
    "three cards shields damage action actions set play played face up down top bottom pile "
    "market swap steal look reveal choose target destroy restore gain lose extra free once "
    "again until end start round phase may must instead then also when if after before"
)
WORDS = _WORD_TEXT.split()
TYPES = ("Action", "Equipment", "Instant", "Reaction", "Weapon", "Event")
SUBTYPES = ("Tactic", "Tool", "Trick", "Device", "Hazard", "Crew")
_TITLE_TEXT = (
    "Ion Solar Quantum Rapid Hidden Stellar Broken Silent Void Iron Nova Echo Drift Pulse Flux "
    "Beacon Cannon Relay Mine Engine Drone Shard Anchor Lance Prism Vault Comet Array"
)
TITLE_WORDS = _TITLE_TEXT.split()


@dataclass(frozen=True)
class Card:
    name: str
    type_line: str
    rules: str
    number: int
    count: int


def generate_cards(total: int, distinct: int, seed: int = 1000) -> list[Card]:
    """`distinct` different cards whose counts add up to `total`; the same ones on every run."""
    rng = random.Random(seed)
    distinct = max(1, min(distinct, total))
    base, extra = divmod(total, distinct)
    cards = []
    for index in range(distinct):
        name = " ".join(rng.sample(TITLE_WORDS, rng.randint(1, 2))) + f" {index + 1}"
        type_line = f"{rng.choice(TYPES)} — {rng.choice(SUBTYPES)}"
        sentences = []
        for _ in range(rng.randint(3, 5)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(6, 11))]
            sentences.append(" ".join(words).capitalize() + ".")
        count = base + (1 if index < extra else 0)
        cards.append(Card(name, type_line, " ".join(sentences), index + 1, count))
    return cards


def _region_yaml(region: TextRegion, text: str) -> dict[str, object]:
    return {
        "x": f"{region.x}mm",
        "y": f"{region.y}mm",
        "width": f"{region.w}mm",
        "height": f"{region.h}mm",
        "text": text,
        "font": region.face,
        "size": f"{region.size}pt",
        "min_size": "6pt",
        "align": region.align,
        "valign": region.valign,
    }


def write_package(rule_data: Path, cards: list[Card]) -> Path:
    """Write the game package (three YAML files) under rule_data/bench/ and return its folder."""
    folder = rule_data / GAME
    folder.mkdir(parents=True, exist_ok=True)
    total = sum(card.count for card in cards)
    game = {
        "game": {"title": "printkit benchmark", "players": "2"},
        "components": {"deck": {"count": total, "description": "generated text-only cards"}},
    }
    size = {"width": f"{CARD_W}mm", "height": f"{CARD_H}mm"}
    layouts = {
        "layouts": {
            "face": {
                "size": size,
                "regions": {
                    "title": _region_yaml(TITLE, "{{ card.name }}"),
                    "type_line": _region_yaml(TYPE_LINE, "{{ card.type_line }}"),
                    "rules": _region_yaml(RULES, "{{ card.rules }}"),
                    "number": _region_yaml(NUMBER, "No. {{ card.number }}"),
                },
            },
            "back": {"size": size, "regions": {"mark": _region_yaml(BACK, BACK_TEXT)}},
        }
    }
    deck = {
        "decks": {
            "deck": {
                "layout": "face",
                "back": "back",
                "fields": {"type_line": "text", "rules": "text", "number": "number"},
                "cards": [
                    {
                        "name": card.name,
                        "count": card.count,
                        "type_line": card.type_line,
                        "rules": card.rules,
                        "number": card.number,
                    }
                    for card in cards
                ],
            }
        },
        "materials": {
            SHEETS: {"kind": "cards", "deck": "deck", "impose": {"mode": "sheet"}},
            POD: {"kind": "cards", "deck": "deck", "impose": {"mode": "print_on_demand"}},
        },
    }
    for name, data in (("game.yaml", game), ("layouts.yaml", layouts), ("deck.yaml", deck)):
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# --- printkit ---------------------------------------------------------------------------------


def printkit_build(folder: Path, material: str) -> tuple[bytes, int, float, float]:
    """Load, check and compile one material, then render it.

    Returns the PDF, its page count, and the CPU seconds of compiling and of rendering.
    """
    start = time.process_time()
    diagnostics = Diagnostics()
    result = compile_game(GAME, folder, diagnostics, only=(material,))
    if result is None or diagnostics.has_errors(False) or material not in result.documents:
        for diagnostic in diagnostics.sorted():
            print(diagnostic.render(), file=sys.stderr)
        raise SystemExit(f"printkit could not build {material}")
    document: Document = result.documents[material]
    compiled = time.process_time()
    pdf = render_pdf(document)
    done = time.process_time()
    return pdf, len(document.pages), compiled - start, done - compiled


def printkit_cli(rule_data: Path, out: Path) -> int:
    """`printkit --rule-data … build bench --format pdf --out …`, in-process; its exit code."""
    from click.testing import CliRunner

    from printkit.cli import main

    args = ["--rule-data", str(rule_data), "build", GAME, "--format", "pdf", "--out", str(out)]
    outcome = CliRunner().invoke(main, args)
    if outcome.exit_code != 0:
        print(outcome.output, file=sys.stderr)
    return outcome.exit_code


# --- the bare reportlab loop ------------------------------------------------------------------

BARE_FACES = {
    "regular": ("Bare-Regular", "DejaVuSansCondensed.ttf"),
    "bold": ("Bare-Bold", "DejaVuSansCondensed-Bold.ttf"),
    "italic": ("Bare-Italic", "DejaVuSansCondensed-Oblique.ttf"),
}


def register_bare_fonts() -> None:
    """The same TTF files as printkit, under names of their own (registered once, untimed)."""
    for name, file in BARE_FACES.values():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))


def _draw_text(canvas: Canvas, region: TextRegion, text: str, left: float, top: float) -> None:
    """Wrap `text` into the region with simpleSplit and draw it; (left, top) is the card's
    trim corner in PDF points, y up."""
    font = BARE_FACES[region.face][0]
    width = region.w * MM
    lines = simpleSplit(text, font, region.size, width)
    leading = region.size * LEADING
    block = len(lines) * leading
    box_top = region.y * MM
    if region.valign == "middle":
        box_top += (region.h * MM - block) / 2
    baseline = box_top + pdfmetrics.getAscent(font, region.size) + (leading - region.size) / 2
    canvas.setFont(font, region.size)
    for line in lines:
        x = left + region.x * MM
        if region.align != "left":
            spare = width - pdfmetrics.stringWidth(line, font, region.size)
            x += spare if region.align == "right" else spare / 2
        canvas.drawString(x, top - baseline, line)
        baseline += leading


def _grid() -> tuple[int, int, float, float]:
    """Columns, rows and the grid's top-left corner (mm, y down): cards edge to edge, centred."""
    columns = int((PAPER_W - 2 * MARGIN) // CARD_W)
    rows = int((PAPER_H - 2 * MARGIN) // CARD_H)
    return columns, rows, (PAPER_W - columns * CARD_W) / 2, (PAPER_H - rows * CARD_H) / 2


def _crop_marks(canvas: Canvas, columns: int, rows: int, left: float, top: float) -> None:
    page_h = PAPER_H * MM
    """Cut lines continued into the margins, as long as the margin allows (2 to 6 mm)."""
    canvas.setLineWidth(0.25)
    gap = BLEED + 0.5
    down = max(2.0, min(6.0, top - gap - MARGIN)) * MM
    across = max(2.0, min(6.0, left - gap - MARGIN)) * MM
    gap *= MM
    x0, y0 = left * MM, top * MM
    x1, y1 = x0 + columns * CARD_W * MM, y0 + rows * CARD_H * MM
    for column in range(columns + 1):
        x = x0 + column * CARD_W * MM
        canvas.line(x, page_h - (y0 - gap - down), x, page_h - (y0 - gap))
        canvas.line(x, page_h - (y1 + gap), x, page_h - (y1 + gap + down))
    for row in range(rows + 1):
        y = page_h - (y0 + row * CARD_H * MM)
        canvas.line(x0 - gap - across, y, x0 - gap, y)
        canvas.line(x1 + gap, y, x1 + gap + across, y)


def _note(canvas: Canvas, text: str, bottom: float) -> None:
    """The one-line 'print at actual size' note that printkit puts under the grid."""
    font = BARE_FACES["regular"][0]
    baseline = min(PAPER_H - MARGIN, bottom + BLEED + 8) * MM
    x = (PAPER_W * MM - pdfmetrics.stringWidth(text, font, 6)) / 2
    canvas.setFont(font, 6)
    canvas.drawString(x, PAPER_H * MM - baseline, text)


def _draw_face(canvas: Canvas, card: Card, left: float, top: float) -> None:
    _draw_text(canvas, TITLE, card.name, left, top)
    _draw_text(canvas, TYPE_LINE, card.type_line, left, top)
    _draw_text(canvas, RULES, card.rules, left, top)
    _draw_text(canvas, NUMBER, f"No. {card.number}", left, top)


def _define_back(canvas: Canvas) -> None:
    """The back is the same on every card: draw it once into a form and reuse it."""
    canvas.beginForm("back", 0, 0, CARD_W * MM, CARD_H * MM)
    _draw_text(canvas, BACK, BACK_TEXT, 0, CARD_H * MM)
    canvas.endForm()


def _place_back(canvas: Canvas, left: float, bottom: float) -> None:
    canvas.saveState()
    canvas.translate(left, bottom)
    canvas.doForm("back")
    canvas.restoreState()


def bare_sheets(cards: list[Card]) -> tuple[bytes, int]:
    """The n-up sheets with long-edge backs, drawn directly: (pdf, pages)."""
    register_bare_fonts()
    physical = [card for card in cards for _ in range(card.count)]
    columns, rows, left, top = _grid()
    per_sheet = columns * rows
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAPER_W * MM, PAPER_H * MM), invariant=1, pageCompression=1)
    _define_back(canvas)
    page_h = PAPER_H * MM
    pages = 0
    for start in range(0, len(physical), per_sheet):
        sheet = physical[start : start + per_sheet]
        for side in ("front", "back"):
            for index, card in enumerate(sheet):
                row, column = divmod(index, columns)
                if side == "back":
                    column = columns - 1 - column  # long-edge duplex mirrors the columns
                x = (left + column * CARD_W) * MM
                y = page_h - (top + row * CARD_H) * MM
                if side == "front":
                    _draw_face(canvas, card, x, y)
                else:
                    _place_back(canvas, x, y - CARD_H * MM)
            _crop_marks(canvas, columns, rows, left, top)
            number = start // per_sheet + 1
            _note(canvas, f"{NOTE} · sheet {number} · {side}s", top + rows * CARD_H)
            canvas.showPage()
            pages += 1
    canvas.save()
    return buffer.getvalue(), pages


def bare_print_on_demand(cards: list[Card]) -> tuple[bytes, int]:
    """One card face per page, page = trim + 2 x bleed, with TrimBox and BleedBox: (pdf, pages)."""
    register_bare_fonts()
    width, height = (CARD_W + 2 * BLEED) * MM, (CARD_H + 2 * BLEED) * MM
    b = BLEED * MM
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setTrimBox((b, b, width - b, height - b))
    canvas.setBleedBox((0, 0, width, height))
    _define_back(canvas)
    pages = 0
    for card in cards:
        for _ in range(card.count):
            _draw_face(canvas, card, b, height - b)
            canvas.showPage()
            _place_back(canvas, b, b)
            canvas.showPage()
            pages += 2
    canvas.save()
    return buffer.getvalue(), pages


# --- measuring and reporting ------------------------------------------------------------------


@dataclass
class Measure:
    """One run: CPU seconds (what the ratio uses), wall seconds, pages and bytes of output."""

    seconds: float
    wall: float
    pages: int
    size: int
    detail: str = ""


def timed(function: Callable[[], tuple[bytes, int]]) -> Measure:
    wall, cpu = time.perf_counter(), time.process_time()
    pdf, pages = function()
    return Measure(time.process_time() - cpu, time.perf_counter() - wall, pages, len(pdf))


def timed_printkit(folder: Path, material: str) -> Measure:
    wall, cpu = time.perf_counter(), time.process_time()
    pdf, pages, compiled, rendered = printkit_build(folder, material)
    return Measure(
        time.process_time() - cpu,
        time.perf_counter() - wall,
        pages,
        len(pdf),
        f"compile {compiled:.3f} s + render {rendered:.3f} s",
    )


def best_pair(
    repeat: int, first: Callable[[], Measure], second: Callable[[], Measure]
) -> tuple[Measure, Measure]:
    """The fastest of `repeat` runs of each, taken in turns so that a busy moment of the
    machine hits both alike. Times are CPU seconds of this process: on a shared machine they
    vary far less than wall-clock times, and everything measured is single-threaded."""
    a, b = [], []
    for _ in range(repeat):
        a.append(first())
        b.append(second())
    return min(a, key=lambda m: m.seconds), min(b, key=lambda m: m.seconds)


def row(label: str, measure: Measure, cards: int) -> str:
    per_page = measure.size / measure.pages if measure.pages else 0.0
    return (
        f"  {label:<9} {measure.seconds:7.3f} s CPU ({measure.wall:6.3f} s wall) "
        f"{measure.pages:5d} pp {measure.size:10,d} B {per_page:6.0f} B/page "
        f"{measure.size / cards:6.0f} B/card  {measure.detail}"
    )


def compare(title: str, printkit: Measure, bare: Measure, cards: int) -> bool:
    """Print one comparison; True when printkit meets both aims of the issue."""
    ratio = printkit.seconds / bare.seconds
    print(title)
    print(row("printkit", printkit, cards))
    print(row("bare", bare, cards))
    per_page = printkit.size / printkit.pages
    time_ok = ratio <= 1.5
    size_ok = per_page < 2048
    print(
        f"  ratio printkit/bare {ratio:.2f}x (aim ≤ 1.5x: {'met' if time_ok else 'MISSED'}); "
        f"{per_page:,.0f} B per page (aim < 2 KB: {'met' if size_ok else 'MISSED'})"
    )
    if printkit.pages != bare.pages:
        print(f"  warning: page counts differ ({printkit.pages} vs {bare.pages})")
    print()
    return time_ok and size_ok


def cli_measure(rule_data: Path, out: Path) -> Measure:
    """The whole command, files written, every material of the package."""
    wall, cpu = time.perf_counter(), time.process_time()
    if printkit_cli(rule_data, out) != 0:
        raise SystemExit("printkit build failed")
    files = sorted((out / GAME).glob("*.pdf"))
    size = sum(path.stat().st_size for path in files)
    seconds, wall = time.process_time() - cpu, time.perf_counter() - wall
    return Measure(seconds, wall, 0, size, f"{len(files)} PDF(s)")


def profile(folder: Path, material: str, limit: int) -> None:
    """cProfile one printkit build of `material` and print the top functions."""
    profiler = cProfile.Profile()
    profiler.enable()
    printkit_build(folder, material)
    profiler.disable()
    for order in ("tottime", "cumulative"):
        print(f"printkit {material}: top {limit} by {order}")
        stats = pstats.Stats(profiler, stream=sys.stdout)
        stats.strip_dirs().sort_stats(order).print_stats(limit)


def keep(folder: Path, cards: list[Card], target: Path, pod: bool) -> None:
    """Write the PDFs of both sides, to look at or to diff."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "printkit-sheets.pdf").write_bytes(printkit_build(folder, SHEETS)[0])
    (target / "bare-sheets.pdf").write_bytes(bare_sheets(cards)[0])
    if pod:
        (target / "printkit-pod.pdf").write_bytes(printkit_build(folder, POD)[0])
        (target / "bare-pod.pdf").write_bytes(bare_print_on_demand(cards)[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="physical cards in the deck")
    parser.add_argument("--distinct", type=int, default=100, help="different cards among them")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is kept")
    parser.add_argument("--no-pod", action="store_true", help="skip print-on-demand")
    parser.add_argument("--no-cli", action="store_true", help="skip the full CLI build")
    parser.add_argument("--profile", action="store_true", help="cProfile printkit afterwards")
    parser.add_argument("--keep", type=Path, help="also write the four PDFs to this folder")
    args = parser.parse_args(argv)
    if args.cards < 1 or args.repeat < 1:
        parser.error("--cards and --repeat must be at least 1")

    cards = generate_cards(args.cards, args.distinct)
    columns, rows, _, _ = _grid()
    print(
        f"{args.cards} text-only cards ({len(cards)} distinct), A4 sheets of {columns}x{rows} "
        f"with long-edge backs; best of {args.repeat} run(s), CPU time\n"
    )
    met = True
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as temporary:
        rule_data = Path(temporary) / "rule_data"
        folder = write_package(rule_data, cards)
        printkit_build(folder, SHEETS)  # warm-up: imports, font parsing, template cache
        bare_sheets(cards[:1])

        pk, bare = best_pair(
            args.repeat,
            lambda: timed_printkit(folder, SHEETS),
            lambda: timed(lambda: bare_sheets(cards)),
        )
        met &= compare("sheets with backs", pk, bare, args.cards)
        bare_total = bare.seconds

        if not args.no_pod:
            pk_pod, bare_pod = best_pair(
                args.repeat,
                lambda: timed_printkit(folder, POD),
                lambda: timed(lambda: bare_print_on_demand(cards)),
            )
            met &= compare("print-on-demand (front and back pages)", pk_pod, bare_pod, args.cards)
            bare_total += bare_pod.seconds

        if not args.no_cli:
            out = Path(temporary) / "output"
            runs = [cli_measure(rule_data, out) for _ in range(args.repeat)]
            whole = min(runs, key=lambda m: m.seconds)
            print("CLI: printkit build bench --format pdf (every material, files written)")
            print(
                f"  printkit  {whole.seconds:7.3f} s CPU ({whole.wall:6.3f} s wall), "
                f"{whole.size:,d} B in {whole.detail}; bare loops together {bare_total:.3f} s; "
                f"ratio {whole.seconds / bare_total:.2f}x\n"
            )

        if args.keep:
            keep(folder, cards, args.keep, not args.no_pod)
        if args.profile:
            profile(folder, SHEETS, 30)
    print("aims met" if met else "aims missed (see above; --profile shows where the time goes)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
