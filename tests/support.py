"""Shared helpers for the test suite: running the CLI, reading diagnostics, measuring PDFs.

Everything here measures printkit's output with readers that are independent of printkit:
pypdf for the structure of a PDF, pypdfium2 (the renderer Chrome uses) for its pixels. Lengths
come back in millimetres so that tests can state print conventions the way PRINT.md does.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import signal
import subprocess
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pypdf
import pypdfium2
import pytest
import yaml
from click.testing import CliRunner, Result
from openpyxl.utils.cell import coordinate_to_tuple
from PIL import Image

from printkit.cache import CACHE_FOLDER
from printkit.cli import main
from printkit.draw.ops import IDENTITY, Group, Line, Op, Page
from printkit.impose.marks import MARK_PAINT
from printkit.output import MARKER
from printkit.preview import MANIFEST, PAGE, STAMP

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
GOOD = DATA / "good"
BROKEN = DATA / "broken"
RULE_DATA = REPO / "rule_data"
PREVIEW_FILES = {PAGE, MANIFEST, STAMP}

MM_PER_PT = 25.4 / 72
DPI = 300
MM_PER_PX = 25.4 / DPI
TOLERANCE_MM = 0.2

RGB = tuple[int, int, int]


# --- the command line ---------------------------------------------------------------------------


def documentation_pages() -> list[Path]:
    """README.md (the front page) and every page of docs/ (the MkDocs site): what users read."""
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


def marked_section(name: str) -> str:
    """The text between `<!-- name: … -->` and `<!-- /name -->` on whichever page holds it, so a
    test keeps a generated table equal to printkit wherever the documentation moves it."""
    pattern = re.compile(
        rf"<!-- {re.escape(name)}(?:: [^>]*)? -->\n(.*?)<!-- /{re.escape(name)} -->", re.S
    )
    found = [
        match.group(1)
        for page in documentation_pages()
        for match in pattern.finditer(page.read_text(encoding="utf-8"))
    ]
    assert len(found) == 1, f"the documentation has {len(found)} sections marked '{name}', not one"
    return found[0]


def run_cli(*args: str | Path) -> Result:
    """Run `printkit ARGS` in-process; an exception escaping the command fails the test at once,
    with its traceback, because a user must never see one."""
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(*result.exc_info))
        raise AssertionError(f"printkit {' '.join(map(str, args))} raised:\n{trace}")
    return result


def build_game(root: Path, game: str, yaml_text: str, *options: str | Path) -> tuple[Result, Path]:
    """Write a one-file package `game` under `root`/rule_data and build it as PDF into
    `root`/out; the result and the game's output folder."""
    folder = root / "rule_data" / game
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(yaml_text, encoding="utf-8")
    out = root / "out"
    result = run_cli(
        "--rule-data", folder.parent, "build", "--out", out, "--format", "pdf", *options
    )
    return result, out / game


def mixed_rule_data(root: Path) -> Path:
    """Rule data under `root` of three games: a good one, one whose checks find an error
    (PK510) and one that does not load (PK100)."""
    rule_data = root / "rule_data"
    shutil.copytree(GOOD / "minimal_deck", rule_data / "minimal_deck")
    for broken in ("table_range_gap", "yaml_syntax"):
        shutil.copytree(BROKEN / broken, rule_data / broken)
    return rule_data


def killed_by_the_system(*_task: object, **_options: object) -> object:
    """A worker's work killed as the system kills a process out of memory or past a CPU
    limit (put in place of the function the workers run)."""
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class Reported:
    """One diagnostic as printed: `file:line:col: severity[CODE]: message` and its hint. A
    workbook's cell, printed `file, cell D4` (`file, sheet 'Cards', cell D4`), is read back
    as its row and column, and `cell` keeps what was printed after the file."""

    file: str
    line: int
    column: int
    severity: str
    code: str
    message: str
    hint: str | None
    cell: str = ""


_DIAGNOSTIC = re.compile(
    r"^(?P<where>\S.*?): (?P<severity>error|warning|note)\[(?P<code>PK\d{3})\]: (?P<message>.*)$"
)
_WHERE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+)$")
_IN_A_SHEET = re.compile(
    r"^(?P<file>.+?\.xlsx), (?P<cell>(?:sheet '.+', )?cell (?P<name>[A-Z]+\d+))$"
)


def parse_diagnostics(text: str) -> list[Reported]:
    found: list[Reported] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = _DIAGNOSTIC.match(line)
        if not match:
            continue
        where = _WHERE.match(match["where"])
        in_a_sheet = _IN_A_SHEET.match(match["where"])
        if in_a_sheet:
            row, column = coordinate_to_tuple(in_a_sheet["name"])
            where = {"file": in_a_sheet["file"], "line": row, "column": column}
        hint = None
        if index + 1 < len(lines) and lines[index + 1].startswith("  hint: "):
            hint = lines[index + 1][len("  hint: ") :]
        found.append(
            Reported(
                file=where["file"] if where else match["where"],
                line=int(where["line"]) if where else 0,
                column=int(where["column"]) if where else 0,
                severity=match["severity"],
                code=match["code"],
                message=match["message"],
                hint=hint,
                cell=in_a_sheet["cell"] if in_a_sheet else "",
            )
        )
    return found


def same_file(reported: str, expected: Path) -> bool:
    """Diagnostics print paths relative to the working directory when they can."""
    return Path(reported).resolve() == expected.resolve()


def files_under(folder: Path) -> list[Path]:
    """The files of the games' outputs under `folder`: neither the build cache nor the preview
    page beside them, which every build rewrites (tests/test_preview_page.py checks it), nor
    the empty marker of each game folder a build wrote."""
    if not folder.exists():
        return []
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.name not in (*PREVIEW_FILES, MARKER) and CACHE_FOLDER not in p.parts
    )


def listed(folder: Path) -> list[Path]:
    """A folder's entries as `ls` shows them: hidden ones (the marker of a game folder a build
    wrote) aside."""
    return sorted(p for p in folder.iterdir() if not p.name.startswith("."))


def leftovers(out: Path) -> list[Path]:
    """What killed or failed builds left in an output folder: hidden files outside the build
    cache (but the marker of each game folder a build wrote), and temporary folders inside it."""
    hidden = [
        p
        for p in out.rglob("*")
        if p.name.startswith(".") and p.name != MARKER and CACHE_FOLDER not in p.parts
    ]
    cache = out / CACHE_FOLDER / "materials"
    return hidden + (sorted(cache.glob("tmp-*")) + sorted(cache.glob("old-*")))


# --- reading the YAML that tests take their expectations from -----------------------------------

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)\s*$")
_MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": MM_PER_PT}


def length_mm(text: str) -> float:
    """A YAML length in millimetres, parsed here rather than by printkit."""
    match = _LENGTH.match(str(text))
    assert match, f"not a length: {text!r}"
    return float(match[1]) * _MM_PER_UNIT[match[2]]


def read_package(folder: Path) -> dict[str, Any]:
    """Every top-level section of a package folder, mapping sections merged entry by entry."""
    merged: dict[str, Any] = {}
    for path in sorted(folder.glob("*.yaml")):
        for section, value in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            if isinstance(value, dict):
                merged.setdefault(section, {}).update(value)
            else:
                merged[section] = value
    return merged


def expanded_cards(deck: dict[str, Any]) -> list[dict[str, Any]]:
    """One entry per physical card, in deck order (a card with count 3 appears three times)."""
    return [card for card in deck["cards"] for _ in range(card.get("count", 1))]


def normalise(text: str) -> str:
    """Text as a reader sees it: markup markers dropped and whitespace collapsed."""
    return " ".join(re.sub(r"\*\*?", "", text).split())


# --- PDF structure with pypdf -------------------------------------------------------------------

STANDARD_14 = {
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Times-Roman",
    "Times-Bold",
    "Times-Italic",
    "Times-BoldItalic",
    "Symbol",
    "ZapfDingbats",
}


def box_mm(box: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(float(v) * MM_PER_PT, 3) for v in box)


def fonts_of(resources: Any, seen: set[int] | None = None) -> Iterator[tuple[str, Any]]:
    """(resource name, font dictionary) for every font a resource dictionary can reach,
    including those of the Form XObjects it uses."""
    seen = set() if seen is None else seen
    resources = resources.get_object() if resources is not None else None
    if not resources:
        return
    for name, font in (resources.get("/Font") or {}).items():
        yield name, font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        ident = getattr(xobject, "idnum", None)
        xobject = xobject.get_object()
        if ident in seen or xobject.get("/Subtype") != "/Form":
            continue
        seen.add(ident)
        yield from fonts_of(xobject.get("/Resources"), seen)


def font_descriptors(font: Any) -> list[Any]:
    """The descriptors that hold a font's program (through DescendantFonts for Type0 fonts)."""
    if font.get("/Subtype") == "/Type0":
        return [
            d.get_object().get("/FontDescriptor").get_object()
            for d in font["/DescendantFonts"]
            if d.get_object().get("/FontDescriptor") is not None
        ]
    descriptor = font.get("/FontDescriptor")
    return [descriptor.get_object()] if descriptor is not None else []


def form_xobjects(reader: pypdf.PdfReader) -> dict[str, int]:
    """The name and object number of every Form XObject used by any page."""
    found: dict[str, int] = {}
    for page in reader.pages:
        for name, xobject in (page["/Resources"].get("/XObject") or {}).items():
            if xobject.get_object().get("/Subtype") == "/Form":
                found[name] = xobject.idnum
    return found


def xobjects_placed(page: pypdf.PageObject, form: Any = None) -> dict[str, int]:
    """How often the page's own content (or that of one of its forms) places each XObject
    (`Do`), by name."""
    placed: dict[str, int] = {}
    contents = page.get_contents() if form is None else form
    for operands, operator in pypdf.generic.ContentStream(contents, page.pdf).operations:
        if operator == b"Do":
            placed[operands[0]] = placed.get(operands[0], 0) + 1
    return placed


@dataclass(frozen=True)
class Placed:
    """A text run as pypdf sees it: its page position in mm from the top-left corner (`y` its
    baseline), whether it stands upright (1) or upside down (-1), and its size in points."""

    text: str
    x: float
    y: float
    upright: int
    size: float = 0.0


def text_runs(page: pypdf.PageObject) -> list[Placed]:
    """Every text run of the page where it shows, inside Form XObjects too: pypdf reads a
    form's text in the form's own space, so the run is carried through the transform each
    form was placed with (tracked around each `Do`)."""
    height = float(page.mediabox.height)
    runs: list[Placed] = []
    placed_with: list[list[float]] = []  # the transform of each form being read, outermost first
    entering: list[float] | None = None  # a `Do` seen, its form not yet begun

    def before(operator: bytes, _: Any, cm: Sequence[float], __: Any) -> None:
        nonlocal entering
        if entering is not None:  # the first operator inside the form
            placed_with.append(entering)
            entering = None
        if operator == b"Do":
            entering = [float(v) for v in cm]

    def after(operator: bytes, *_: Any) -> None:
        nonlocal entering
        if operator == b"Do":
            if entering is not None:  # an image, or a form without operators
                entering = None
            else:
                placed_with.pop()

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], _: Any, size: float) -> None:
        if not text.strip():
            return
        matrix = [float(v) for v in cm]
        for outer in reversed(placed_with):
            matrix = matrix_product(matrix, outer)
        a, b, c, d, e, f = matrix
        _, _, tc, td, te, tf = (float(v) for v in tm)
        x = te * a + tf * c + e
        y = te * b + tf * d + f
        # the text's own up direction in page space: (tc, td) through cm
        up_y = tc * b + td * d
        upright = 1 if up_y > 0 else -1
        scale = math.hypot(tc * a + td * c, tc * b + td * d)  # the text's height through cm
        runs.append(
            Placed(text.strip(), x * MM_PER_PT, (height - y) * MM_PER_PT, upright, size * scale)
        )

    page.extract_text(
        visitor_operand_before=before, visitor_operand_after=after, visitor_text=visit
    )
    return runs


def matrix_product(m: Sequence[float], n: Sequence[float]) -> list[float]:
    """The PDF matrix product m × n: m's transform, then n's."""
    return [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]


# --- pixels with pypdfium2 ----------------------------------------------------------------------


@lru_cache(maxsize=6)  # a page at 300 dpi is 26 MB: keep only the few a test is using
def _render(pdf: Path, index: int, dpi: int, stamp: float) -> Image.Image:
    document = pypdfium2.PdfDocument(str(pdf))
    document.init_forms()  # form fields drawn with their values, as a viewer draws them
    try:
        page = document[index]
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return image
    finally:
        document.close()


def drawn_in_place(page: Page) -> list[Op]:
    """The page's own ops, those of a group that moves nothing in its place: the cut guides
    (trims, crop marks) a sheet shares with every sheet laid out alike are such a group."""
    return [
        inner
        for op in page.ops
        for inner in (op.ops if isinstance(op, Group) and op.matrix == IDENTITY else (op,))
    ]


def crop_mark_lines(page: Page) -> list[Line]:
    """The page's crop marks, where they stand."""
    return [op for op in drawn_in_place(page) if isinstance(op, Line) and op.paint == MARK_PAINT]


def page_count(pdf: Path) -> int:
    return len(pypdf.PdfReader(pdf).pages)


@dataclass
class Raster:
    """One page rendered at `DPI`, addressed in millimetres from its top-left corner."""

    image: Image.Image

    @classmethod
    def of(cls, pdf: Path, index: int) -> Raster:
        return cls(_render(pdf, index, DPI, pdf.stat().st_mtime))

    @property
    def width_mm(self) -> float:
        return self.image.width * MM_PER_PX

    @property
    def height_mm(self) -> float:
        return self.image.height * MM_PER_PX

    @staticmethod
    def px(mm: float) -> int:
        return math.floor(mm / MM_PER_PX)

    def at(self, x_mm: float, y_mm: float) -> RGB:
        return self.image.getpixel((self.px(x_mm), self.px(y_mm)))

    def row(self, y_mm: float) -> list[RGB]:
        y = self.px(y_mm)
        return _pixels(self.image.crop((0, y, self.image.width, y + 1)))

    def column(self, x_mm: float) -> list[RGB]:
        x = self.px(x_mm)
        return _pixels(self.image.crop((x, 0, x + 1, self.image.height)))

    def dark_projection(self, box_mm: tuple[float, float, float, float], axis: str) -> list[bool]:
        """Inside a box, for each column (axis 'x') or row (axis 'y') of pixels: does it hold a
        dark pixel? Indices count from the page edge, so they convert straight to mm."""
        left, top, right, bottom = (self.px(v) for v in box_mm)
        region = self.image.crop((left, top, right, bottom)).convert("L")
        data = region.tobytes()
        w, h = region.size
        flags = [False] * (self.image.width if axis == "x" else self.image.height)
        if w == 0 or h == 0:
            return flags
        if axis == "x":
            for i in range(w):
                flags[left + i] = min(data[i::w]) < 110
        else:
            for j in range(h):
                flags[top + j] = min(data[j * w : (j + 1) * w]) < 110
        return flags


def _pixels(strip: Image.Image) -> list[RGB]:
    data = strip.tobytes()
    return list(zip(data[0::3], data[1::3], data[2::3], strict=True))


def near(colour: RGB, target: RGB, tolerance: int = 28) -> bool:
    return max(abs(a - b) for a, b in zip(colour, target, strict=True)) <= tolerance


def hex_rgb(text: str) -> RGB:
    text = text.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


WHITE: RGB = (255, 255, 255)


@dataclass(frozen=True)
class Segment:
    start: float  # mm from the page edge
    end: float

    @property
    def length(self) -> float:
        return self.end - self.start

    @property
    def middle(self) -> float:
        return (self.start + self.end) / 2


def segments(flags: Sequence[bool], bridge_mm: float = 0.0, min_mm: float = 0.0) -> list[Segment]:
    """Runs of True, in mm. Gaps up to `bridge_mm` inside a run are closed (text, dashes);
    runs shorter than `min_mm` are dropped."""
    runs: list[list[int]] = []
    for index, flag in enumerate(flags):
        if not flag:
            continue
        if runs and (index - runs[-1][1] - 1) * MM_PER_PX <= bridge_mm:
            runs[-1][1] = index
        else:
            runs.append([index, index])
    found = [Segment(a * MM_PER_PX, (b + 1) * MM_PER_PX) for a, b in runs]
    return [s for s in found if s.length >= min_mm]


def colour_segments(
    pixels: Sequence[RGB],
    colour: RGB,
    bridge_mm: float = 0.3,  # closes a hairline crossing the colour, such as a cut path
    min_mm: float = 0.0,
    tolerance: int = 28,
) -> list[Segment]:
    return segments([near(p, colour, tolerance) for p in pixels], bridge_mm, min_mm)


def classify(pixel: RGB, palette: dict[str, RGB], tolerance: int = 28) -> str | None:
    """The palette entry a pixel shows, or None."""
    for name, colour in palette.items():
        if near(pixel, colour, tolerance):
            return name
    return None


def assert_mm(measured: float, expected: float, what: str, tolerance: float = TOLERANCE_MM):
    assert abs(measured - expected) <= tolerance, (
        f"{what}: measured {measured:.3f} mm, expected {expected:.3f} mm "
        f"(off by {measured - expected:+.3f} mm, tolerance {tolerance} mm)"
    )


# --- finding lines: runs of dark pixels ---------------------------------------------------------


@dataclass(frozen=True)
class Run(Segment):
    """A straight run of dark pixels: `at` is its row (or column) centre in mm, and it spans
    `start`..`end` mm along the row (or column)."""

    at: float = 0.0


def dark_runs(
    raster: Raster,
    axis: str,
    min_mm: float,
    max_mm: float = 1e9,
    is_dark: Callable[[int], bool] | None = None,
) -> list[Run]:
    """Every horizontal (axis 'x') or vertical (axis 'y') run of dark pixels between `min_mm`
    and `max_mm` long. Pixels are dark below 110 of 255 in grey unless `is_dark` says otherwise."""
    grey = raster.image.convert("L")
    if axis == "y":
        grey = grey.transpose(Image.Transpose.TRANSPOSE)
    test = is_dark or (lambda v: v < 110)
    mask = grey.point(lambda v: 0 if test(v) else 255)
    width = mask.width
    data = mask.tobytes()
    shortest = max(1, math.ceil(min_mm / MM_PER_PX))
    pattern = re.compile(rb"\x00{%d,}" % shortest)
    runs = []
    for row in range(mask.height):
        for match in pattern.finditer(data, row * width, (row + 1) * width):
            start = (match.start() - row * width) * MM_PER_PX
            end = (match.end() - row * width) * MM_PER_PX
            if end - start <= max_mm:
                runs.append(Run(start, end, at=(row + 0.5) * MM_PER_PX))
    return runs


def group_runs(runs: Sequence[Run], gap_mm: float = 0.3) -> list[Run]:
    """Merge runs of neighbouring rows that overlap (a line a few pixels thick) into one line,
    centred on the middle of its thickness."""
    lines: list[list[Run]] = []
    for run in sorted(runs, key=lambda r: (r.start, r.at)):
        for line in lines:
            last = line[-1]
            if abs(run.at - last.at) <= gap_mm + MM_PER_PX and abs(run.start - last.start) < 0.5:
                line.append(run)
                break
        else:
            lines.append([run])
    merged = []
    for line in lines:
        merged.append(
            Run(
                min(r.start for r in line),
                max(r.end for r in line),
                at=(line[0].at + line[-1].at) / 2,
            )
        )
    return sorted(merged, key=lambda r: (r.at, r.start))


def segment_at(pixels: Sequence[RGB], colour: RGB, where: float, tolerance: int = 28) -> Segment:
    """The run of `colour` that covers the point `where` (mm along the scan line)."""
    found = [
        s for s in colour_segments(pixels, colour, tolerance=tolerance) if s.start <= where <= s.end
    ]
    assert found, f"no run of {colour} covers {where:.2f} mm"
    return found[0]


def chromium() -> str:
    """Headless Chromium's path; the test is skipped, saying so, where it is not installed."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip(
            "Chromium is not installed and could not be here: apt-get install chromium "
            "(.ci/run installs it where it can)"
        )
    return found


def browse(*args: str) -> str:
    """Run headless Chromium with `args`; what it printed."""
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    run = subprocess.run([*command, *args], capture_output=True, text=True, timeout=120, check=True)
    return run.stdout
