"""Benchmark: a generated 1000-card text-only deck, built by `printkit build` and by a bare
reportlab script, each a whole process, in the same run.

Why this exists: printkit puts several layers between a designer's YAML and the PDF (YAML with
spans, strict models, Jinja templates, backend-neutral drawing ops, imposition, a generic PDF
backend, checks and a preflight). Issue 2 asks that those layers cost little: building a deck
with printkit should take at most 1.5x the time of drawing the same cards with a plain reportlab
script (issue 21: 1.3x for 10,000 cards, 2x for 10,000 distinct ones; AIMS), and a text-only
card page should stay under 2 KB. Users meet printkit as a command, so
both sides are timed as processes, start-up included: `printkit build` with everything it does,
and the bare script with only what drawing needs (reportlab, the font files, the cards).

What it does:

1. Generates a game package in a temporary folder: `--cards` text-only cards (`--distinct`
   different cards, each with a count), a face layout with a title, a type line, a rules
   paragraph and a number, and a static back. A deck holds at most printkit's MAX_PIECES
   cards, so more are cut into several decks in order, as a designer would cut them. Two
   materials per deck: n-up sheets with backs (long-edge duplex, crop marks) and
   print-on-demand (one card per page, TrimBox/BleedBox).
2. Runs `python -m printkit build bench --only <material>... --format pdf` for each kind of
   material (every deck's material of that kind in one command).
3. Runs this file with `--bare sheets|pod`: it generates the same cards and draws them with a
   bare reportlab loop (same page sizes, same n-up positions and duplex mirroring, the same
   embedded DejaVu TTF found by path, each distinct text wrapped once with `simpleSplit`, crop
   marks, backs as one
   reused form), writing one PDF per deck as printkit does; it imports reportlab and nothing
   of printkit.
   `benchmarks/run_all.py` runs the same two commands for 1000 and 10,000 cards (`workloads`).
4. Runs the two sides in turns, `--repeat` times, and prints the best wall time of each, the
   ratio printkit/bare, and what each PDF holds, read back from the file with pypdf: pages,
   bytes, bytes per page and per card (with a warning if the two differ in page count or page
   size). "Bytes per page" is the file size over all its pages, fronts and backs, fonts and
   all, as a printer receives it.
5. Times the start-up alone of each side (`printkit --help`; Python importing reportlab's
   canvas), and shows each build less its side's start-up, for scale.

Run: `python benchmarks/cards_1000.py` (add `--cards 200 --repeat 1` for a quick look,
`--distinct 1000` for a deck with no repeated card, `--keep DIR` to leave the package and the
PDFs there, or `--profile` to print the hotspots of a printkit build run in this process). The
exit status is 1 when an aim is missed.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path

from processes import BARE_START, PRINTKIT_START, Commands, Workload, best_pair
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

GAME = "bench"
MATERIALS = {"sheets": "cards", "pod": "cards_pod"}  # a bare mode, and printkit's material
# printkit's font files, found by path: the bare script imports nothing of printkit
FONT_DIR = Path(__file__).resolve().parent.parent / "printkit/draw/fonts"
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


def cut_into_decks(cards: list[Card], size: int) -> list[list[Card]]:
    """The cards in order, cut into decks of at most `size` physical cards (printkit's bound on
    a deck); a card whose copies straddle a cut is split between the two decks."""
    decks: list[list[Card]] = []
    current: list[Card] = []
    room = size
    for card in cards:
        left = card.count
        while left:
            take = min(left, room)
            current.append(replace(card, count=take))
            left, room = left - take, room - take
            if not room:
                decks.append(current)
                current, room = [], size
    return [*decks, current] if current else decks


def part_name(base: str, index: int, parts: int) -> str:
    """`base` for a deck that is not cut, `base_2` for the second of several."""
    return base if parts == 1 else f"{base}_{index + 1}"


def deck_size() -> int:
    """printkit's bound on a deck, asked of printkit (never by the bare script, which imports
    nothing of it)."""
    from printkit.model.limits import MAX_PIECES

    return MAX_PIECES


def material_names(kind: str, parts: int) -> list[str]:
    return [part_name(MATERIALS[kind], index, parts) for index in range(parts)]


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


def write_package(rule_data: Path, cards: list[Card]) -> int:
    """Write the game package (three YAML files) under rule_data/bench/; the number of decks
    the cards were cut into."""
    import yaml  # here: the bare script should not pay for it

    folder = rule_data / GAME
    folder.mkdir(parents=True, exist_ok=True)
    decks = cut_into_decks(cards, deck_size())
    names = [part_name("deck", index, len(decks)) for index in range(len(decks))]
    game = {
        "game": {"title": "printkit benchmark", "players": "2"},
        "components": {
            name: {"count": sum(card.count for card in deck), "description": "text-only cards"}
            for name, deck in zip(names, decks, strict=True)
        },
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
    impose = {"sheets": {"mode": "sheet"}, "pod": {"mode": "print_on_demand"}}
    deck = {
        "decks": {
            name: {
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
                    for card in part
                ],
            }
            for name, part in zip(names, decks, strict=True)
        },
        "materials": {
            part_name(MATERIALS[kind], index, len(decks)): {
                "kind": "cards",
                "deck": name,
                "impose": impose[kind],
            }
            for kind in MATERIALS
            for index, name in enumerate(names)
        },
    }
    for name, data in (("game.yaml", game), ("layouts.yaml", layouts), ("deck.yaml", deck)):
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        (folder / name).write_text(text, encoding="utf-8")
    return len(decks)


# --- the bare reportlab loop ------------------------------------------------------------------

BARE_FACES = {
    "regular": ("Bare-Regular", "DejaVuSansCondensed.ttf"),
    "bold": ("Bare-Bold", "DejaVuSansCondensed-Bold.ttf"),
    "italic": ("Bare-Italic", "DejaVuSansCondensed-Oblique.ttf"),
}


def register_bare_fonts() -> None:
    """The same TTF files as printkit, under names of their own; parsing them is timed, as
    printkit's is."""
    for name, file in BARE_FACES.values():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))


@cache
def _laid_out(region: TextRegion, text: str) -> tuple[tuple[float, float, str], ...]:
    """Each line of `text` wrapped into the region with simpleSplit, as (x from the card's
    left, baseline below its top, line) in points; a text is wrapped once however many copies
    of its card are drawn, as printkit lays out each distinct card once."""
    font = BARE_FACES[region.face][0]
    width = region.w * MM
    lines = simpleSplit(text, font, region.size, width)
    leading = region.size * LEADING
    block = len(lines) * leading
    box_top = region.y * MM
    if region.valign == "middle":
        box_top += (region.h * MM - block) / 2
    baseline = box_top + pdfmetrics.getAscent(font, region.size) + (leading - region.size) / 2
    placed = []
    for line in lines:
        x = region.x * MM
        if region.align != "left":
            spare = width - pdfmetrics.stringWidth(line, font, region.size)
            x += spare if region.align == "right" else spare / 2
        placed.append((x, baseline, line))
        baseline += leading
    return tuple(placed)


def _draw_text(canvas: Canvas, region: TextRegion, text: str, left: float, top: float) -> None:
    """Draw `text` wrapped into the region; (left, top) is the card's trim corner in PDF
    points, y up."""
    canvas.setFont(BARE_FACES[region.face][0], region.size)
    for x, baseline, line in _laid_out(region, text):
        canvas.drawString(left + x, top - baseline, line)


def _grid() -> tuple[int, int, float, float]:
    """Columns, rows and the grid's top-left corner (mm, y down): cards edge to edge, centred."""
    columns = int((PAPER_W - 2 * MARGIN) // CARD_W)
    rows = int((PAPER_H - 2 * MARGIN) // CARD_H)
    return columns, rows, (PAPER_W - columns * CARD_W) / 2, (PAPER_H - rows * CARD_H) / 2


def _crop_marks(canvas: Canvas, columns: int, rows: int, left: float, top: float) -> None:
    """Cut lines continued into the margins, as long as the margin allows (2 to 6 mm)."""
    page_h = PAPER_H * MM
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


def bare_sheets(cards: list[Card], out: Path) -> None:
    """The n-up sheets with long-edge backs, drawn directly into `out`."""
    physical = [card for card in cards for _ in range(card.count)]
    columns, rows, left, top = _grid()
    per_sheet = columns * rows
    canvas = Canvas(str(out), pagesize=(PAPER_W * MM, PAPER_H * MM), invariant=1, pageCompression=1)
    _define_back(canvas)
    page_h = PAPER_H * MM
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
    canvas.save()


def bare_print_on_demand(cards: list[Card], out: Path) -> None:
    """One card per page pair (face, back) into `out`, page = trim + 2 x bleed, with TrimBox and
    BleedBox."""
    width, height = (CARD_W + 2 * BLEED) * MM, (CARD_H + 2 * BLEED) * MM
    b = BLEED * MM
    canvas = Canvas(str(out), pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setTrimBox((b, b, width - b, height - b))
    canvas.setBleedBox((0, 0, width, height))
    _define_back(canvas)
    for card in cards:
        for _ in range(card.count):
            _draw_face(canvas, card, b, height - b)
            canvas.showPage()
            _place_back(canvas, b, b)
            canvas.showPage()
    canvas.save()


BARE = {"sheets": bare_sheets, "pod": bare_print_on_demand}


# --- measuring and reporting ------------------------------------------------------------------


def printkit_args(rule_data: Path, materials: list[str], out: Path) -> list[str]:
    """The build of some materials as a user types it after `printkit`; timed and profiled
    alike. A full build (`--force`): each run writes into the same folder, whose cache would
    otherwise turn every run after the first into a no-op rebuild."""
    only = [argument for material in materials for argument in ("--only", material)]
    return [
        "--rule-data", str(rule_data), "build", GAME, *only, "--format", "pdf", "--out", str(out),
        "--force",
    ]  # fmt: skip


@dataclass(frozen=True)
class Result:
    """One side of a comparison: its best wall seconds, and its PDF as read back from the file."""

    seconds: float
    pages: int
    page: tuple[float, float]  # the first page's size in points
    size: int  # bytes


def read_result(seconds: float, pdfs: list[Path]) -> Result:
    """Pages and sizes as the written files have them (one per deck), not as either side
    claims."""
    import pypdf  # here: the bare script should not pay for it

    readers = [pypdf.PdfReader(pdf) for pdf in pdfs]
    box = readers[0].pages[0].mediabox
    page = (round(float(box.width), 1), round(float(box.height), 1))
    pages = sum(len(reader.pages) for reader in readers)
    return Result(seconds, pages, page, sum(pdf.stat().st_size for pdf in pdfs))


def bare_command(kind: str, cards: int, distinct: int, out: Path) -> list[str]:
    """This script drawing `kind` bare, one PDF per deck into the folder `out`."""
    return [
        sys.executable, __file__, "--bare", kind, "--cards", str(cards),
        "--distinct", str(distinct), "--deck-size", str(deck_size()), "--out", str(out),
    ]  # fmt: skip


def measure(
    kind: str, options: argparse.Namespace, root: Path, parts: int
) -> tuple[Result, Result]:
    """Build one kind of material both ways, in turns, and read back the PDFs."""
    materials = material_names(kind, parts)
    out, bare_out = root / kind, root / f"bare-{kind}"
    printkit_build = printkit_args(root / "rule_data", materials, out)
    printkit = [sys.executable, "-m", "printkit", *printkit_build]
    bare = bare_command(kind, options.cards, options.distinct, bare_out)
    pk_seconds, bare_seconds = best_pair(options.repeat, printkit, bare)
    printkit_pdfs = [out / GAME / f"{material}.pdf" for material in materials]
    bare_pdfs = [bare_out / f"{index + 1}.pdf" for index in range(parts)]
    return read_result(pk_seconds, printkit_pdfs), read_result(bare_seconds, bare_pdfs)


def row(label: str, side: Result, start_up: float, cards: int) -> str:
    """One side's figures, with its time less its own start-up, for scale."""
    return (
        f"  {label:<9} {side.seconds:6.3f} s ({side.seconds - start_up:6.3f} s less start-up) "
        f"{side.pages:5d} pp {side.size:10,d} B {side.size / side.pages:6.0f} B/page "
        f"{side.size / cards:6.0f} B/card"
    )


# Issue 21's aims (printkit against the bare script), per deck: name, cards, distinct, ratio.
AIMS = (
    ("1000 cards", 1000, 100, 1.5),
    ("10,000 cards", 10_000, 100, 1.3),
    ("10,000 distinct cards", 10_000, 10_000, 2.0),
)


def aim_of(cards: int, distinct: int) -> float:
    """The issue's aim for a deck: its row's, or the 1000-card deck's for one it names none for."""
    return next((aim for _, c, d, aim in AIMS if (c, d) == (cards, distinct)), AIMS[0][3])


def compare(
    title: str,
    printkit: Result,
    bare: Result,
    start_up: tuple[float, float],
    cards: int,
    aim: float,
) -> bool:
    """Print one comparison; True when printkit meets both aims of the issue."""
    ratio = printkit.seconds / bare.seconds
    work = (printkit.seconds - start_up[0]) / (bare.seconds - start_up[1])
    per_page = printkit.size / printkit.pages
    time_ok = ratio <= aim
    size_ok = per_page < 2048
    print(title)
    print(row("printkit", printkit, start_up[0], cards))
    print(row("bare", bare, start_up[1], cards))
    print(
        f"  ratio printkit/bare {ratio:.2f}x (aim ≤ {aim}x: {'met' if time_ok else 'MISSED'}; "
        f"{work:.2f}x less start-up); {per_page:,.0f} B per page "
        f"(aim < 2 KB: {'met' if size_ok else 'MISSED'})"
    )
    if (printkit.pages, printkit.page) != (bare.pages, bare.page):
        print(
            f"  warning: the PDFs differ: {printkit.pages} pages of {printkit.page} pt against "
            f"{bare.pages} of {bare.page} pt"
        )
    print()
    return time_ok and size_ok


def commands(root: Path, cards: int, distinct: int) -> Commands:
    """Write the package of `cards` cards (`distinct` different) under `root`; printkit's build
    of its sheets with backs and the bare script drawing the same, as commands."""
    parts = write_package(root / "rule_data", generate_cards(cards, distinct))
    materials = material_names("sheets", parts)
    printkit = printkit_args(root / "rule_data", materials, root / "out")
    bare = bare_command("sheets", cards, distinct, root / "bare")
    return [sys.executable, "-m", "printkit", *printkit], bare


def workloads(root: Path) -> list[Workload]:
    """The rows of benchmarks/run_all.py: decks on sheets with backs, with issue 21's aims.
    The distinct deck's cards are this script's generated Shields Up-like cards, every one
    different, so that nothing is laid out once for many copies."""
    return [
        Workload(name, partial(commands, root / f"cards-{cards}-{distinct}", cards, distinct), aim)
        for name, cards, distinct, aim in AIMS
    ]


def profile(root: Path, parts: int, limit: int) -> None:
    """cProfile the sheets build in this process, with the timed command's arguments, and print
    the top functions: where printkit's time goes beyond its imports (for those, run
    `python -X importtime -m printkit --help`)."""
    import cProfile
    import pstats

    from printkit.cli import COLLECT_AFTER
    from printkit.cli import main as printkit

    materials = material_names("sheets", parts)
    gc.set_threshold(*COLLECT_AFTER)  # as the executable sets it
    profiler = cProfile.Profile()
    profiler.enable()
    printkit.main(
        printkit_args(root / "rule_data", materials, root / "profiled"), standalone_mode=False
    )
    profiler.disable()
    for order in ("tottime", "cumulative"):
        print(f"printkit build --only {' '.join(materials)}: top {limit} by {order}")
        pstats.Stats(profiler, stream=sys.stdout).strip_dirs().sort_stats(order).print_stats(limit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="physical cards in the deck")
    parser.add_argument("--distinct", type=int, default=100, help="different cards among them")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is kept")
    parser.add_argument("--no-pod", action="store_true", help="skip print-on-demand")
    parser.add_argument("--profile", action="store_true", help="cProfile a build in-process")
    parser.add_argument("--keep", type=Path, help="work in this folder and leave the PDFs there")
    parser.add_argument("--bare", choices=sorted(BARE), help=argparse.SUPPRESS)  # internal
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)  # the bare script's folder
    parser.add_argument("--deck-size", type=int, help=argparse.SUPPRESS)  # printkit's bound
    args = parser.parse_args(argv)
    if args.cards < 1 or args.repeat < 1:
        parser.error("--cards and --repeat must be at least 1")
    cards = generate_cards(args.cards, args.distinct)
    if args.bare:
        register_bare_fonts()
        args.out.mkdir(parents=True, exist_ok=True)
        for index, deck in enumerate(cut_into_decks(cards, args.deck_size)):
            BARE[args.bare](deck, args.out / f"{index + 1}.pdf")
        return 0

    columns, rows, _, _ = _grid()
    print(
        f"{args.cards} text-only cards ({len(cards)} distinct), A4 sheets of {columns}x{rows} "
        f"with long-edge backs; best of {args.repeat} whole processes (wall time, in turns)"
    )
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as temporary:
        root = args.keep or Path(temporary)
        parts = write_package(root / "rule_data", cards)
        start_up = best_pair(args.repeat, PRINTKIT_START, BARE_START)
        print(
            f"start-up alone: printkit {start_up[0]:.3f} s, "
            f"Python with reportlab {start_up[1]:.3f} s\n"
        )
        sheets = measure("sheets", args, root, parts)
        aim = aim_of(args.cards, args.distinct)
        met = compare("sheets with backs", *sheets, start_up, args.cards, aim)
        if not args.no_pod:
            pod = measure("pod", args, root, parts)
            met &= compare(
                "print-on-demand (front and back pages)", *pod, start_up, args.cards, aim
            )
        if args.profile:
            profile(root, parts, 30)
    print("aims met" if met else "aims missed (see above; --profile shows where the time goes)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
