"""The duplex calibration sheet read back from its PDF in millimetres: the front's crosses where
the page promises them, the back's scales exactly behind them (mirrored for the edge the sheet
flips on, shifted by the offset already set), every tick and label of a scale, the grid of
both sides, where its numbers say it is, the back's behind the front's, and the instructions a
user follows to read it."""

from __future__ import annotations

import ctypes
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import pypdf
import pypdfium2
import pytest
from pixels import close_to, where
from support import MM_PER_PT, Raster, text_runs

from printkit.draw.fonts import font_name, text_width
from printkit.draw.ops import Document
from printkit.draw.pdf import render_pdf
from printkit.draw.svg import render_svg_page
from printkit.impose.calibration import calibration_pages
from printkit.impose.placement import ACTUAL_SIZE
from printkit.model.base import ImposeSpec
from printkit.model.units import mm

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
TITLE = "Cards · version 1.0"  # the material's title with its version, as its sheets say it
OFFSET = (1.5, -2.0)  # mm: right and up, as a user might have set it after a first reading
TOLERANCE = 0.02  # mm: what the PDF's coordinates round to


@dataclass(frozen=True)
class Stroke:
    """A stroked path as pdfium sees it, in mm from the page's top-left corner: its centre, its
    length along its longer side and its width across (the stroke, as pdfium pads it)."""

    x: float
    y: float
    along: float
    across: float
    level: bool  # wider than tall


def _written(paper: tuple[float, float], tmp_path: Path, **spec: str) -> Path:
    pages = calibration_pages((mm(paper[0]), mm(paper[1])), ImposeSpec(**spec), TITLE)  # type: ignore[arg-type]
    path = tmp_path / "calibration.pdf"
    path.write_bytes(render_pdf(Document("calibration", pages)))
    return path


def _strokes(path: Path, index: int, colour: tuple[int, int, int] = (0, 0, 0)) -> list[Stroke]:
    """The page's stroked paths of one colour: black (crosses and scales) unless told."""
    document = pypdfium2.PdfDocument(path)
    page = document[index]
    height = page.get_height()
    strokes = []
    for drawn in page.get_objects():
        if drawn.type != pypdfium2.raw.FPDF_PAGEOBJ_PATH or _stroke_colour(drawn) != colour:
            continue
        left, bottom, right, top = (v * MM_PER_PT for v in drawn.get_bounds())
        width, tall = right - left, top - bottom
        strokes.append(
            Stroke(
                (left + right) / 2,
                height * MM_PER_PT - (top + bottom) / 2,
                max(width, tall) - min(width, tall),
                min(width, tall),
                width > tall,
            )
        )
    document.close()
    return strokes


def _stroke_colour(drawn: pypdfium2.PdfObject) -> tuple[int, int, int] | None:
    """A path's stroke colour; None for a path that is only filled."""
    fill, stroked = ctypes.c_int(), ctypes.c_int()
    pypdfium2.raw.FPDFPath_GetDrawMode(drawn.raw, ctypes.byref(fill), ctypes.byref(stroked))
    if not stroked.value:
        return None
    rgba = [ctypes.c_uint() for _ in range(4)]
    pypdfium2.raw.FPDFPageObj_GetStrokeColor(drawn.raw, *(ctypes.byref(c) for c in rgba))
    red, green, blue, _ = (c.value for c in rgba)
    return red, green, blue


def _white_boxes(path: Path, index: int, above: float = float("inf")) -> list[float]:
    """The page's white-filled paths (left, top, right, bottom in mm) whose top is `above` a
    height, one after the other."""
    document = pypdfium2.PdfDocument(path)
    page = document[index]
    height = page.get_height() * MM_PER_PT
    boxes = []
    for drawn in page.get_objects():
        if drawn.type != pypdfium2.raw.FPDF_PAGEOBJ_PATH:
            continue
        fill, stroked = ctypes.c_int(), ctypes.c_int()
        pypdfium2.raw.FPDFPath_GetDrawMode(drawn.raw, ctypes.byref(fill), ctypes.byref(stroked))
        if not fill.value:  # a line has a fill colour too, white unless set
            continue
        rgba = [ctypes.c_uint() for _ in range(4)]
        pypdfium2.raw.FPDFPageObj_GetFillColor(drawn.raw, *(ctypes.byref(c) for c in rgba))
        if [c.value for c in rgba[:3]] == [255, 255, 255]:
            left, bottom, right, top = (v * MM_PER_PT for v in drawn.get_bounds())
            if height - top < above:
                boxes.append((left, height - top, right, height - bottom))
    document.close()
    return [value for box in sorted(boxes) for value in box]


def _near(a: float, b: float) -> bool:
    return abs(a - b) < TOLERANCE


def _cross_at(strokes: list[Stroke], x: float, y: float) -> list[Stroke]:
    return [s for s in strokes if _near(s.x, x) and _near(s.y, y)]


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_the_front_has_a_cross_40_mm_and_50_mm_in_from_two_corners_and_one_at_the_centre(
    paper: tuple[float, float], tmp_path: Path
) -> None:
    """Each cross is two 16 mm arms through its point and a 3 mm ring round it: nothing else is
    stroked on the front."""
    w, h = paper
    strokes = _strokes(_written(paper, tmp_path), 0)
    targets = [(40.0, 50.0), (w / 2, h / 2), (w - 40.0, h - 50.0)]
    assert len(strokes) == 3 * len(targets)
    for x, y in targets:
        arms = sorted(_cross_at(strokes, x, y), key=lambda s: s.along)
        assert len(arms) == 3, (x, y, arms)
        ring, *lines = arms
        assert sorted(line.level for line in lines) == [False, True]
        assert all(line.along == pytest.approx(16.0, abs=TOLERANCE) for line in lines)
        thickness = lines[0].across
        assert ring.along == pytest.approx(0.0, abs=TOLERANCE)  # as wide as it is tall
        assert ring.across - thickness == pytest.approx(3.0, abs=TOLERANCE)


def _scale_strokes(x: float, y: float) -> set[tuple[bool, float, float, float]]:
    """What a scale centred on (x, y) strokes: a tick every millimetre from -6 to +6 mm across
    each direction, 5 mm long at 0 and ±5 mm, 2.4 mm long between (level, x, y, length)."""
    ticks = set()
    for step in range(-6, 7):
        length = 5.0 if step % 5 == 0 else 2.4
        ticks.add((False, round(x + step, 1), round(y, 1), length))  # along the x scale
        ticks.add((True, round(x, 1), round(y + step, 1), length))  # along the y scale
    return ticks


def _measured(strokes: list[Stroke]) -> set[tuple[bool, float, float, float]]:
    return {(s.level, round(s.x, 1), round(s.y, 1), round(s.along, 1)) for s in strokes}


@pytest.mark.parametrize(
    ("backs", "behind"),
    [
        ("long_edge", lambda x, y, w, h: (w - x, y)),  # the sheet turns over its long edge
        ("short_edge", lambda x, y, w, h: (x, h - y)),
    ],
)
def test_each_scale_lies_behind_its_cross_seen_from_the_back_shifted_by_the_offset(
    backs: str, behind, tmp_path: Path
) -> None:
    """Held to the light, each front cross falls on the middle of a scale when the printer
    registers perfectly with the offset already set: the scale stands where the cross shows
    through the back, moved by that offset. (The crosses stand symmetric about the page's
    centre, so both edges put the scales in the same three places.)"""
    w, h = A4
    path = _written(A4, tmp_path, backs=backs, back_offset_x="1.5mm", back_offset_y="-2mm")
    expected: set[tuple[bool, float, float, float]] = set()
    for x, y in [(40.0, 50.0), (w / 2, h / 2), (w - 40.0, h - 50.0)]:
        bx, by = behind(x, y, w, h)
        expected |= _scale_strokes(bx + OFFSET[0], by + OFFSET[1])
    assert _measured(_strokes(path, 1)) == expected


def _labels(path: Path, index: int) -> set[tuple[str, float, float, float]]:
    """The scale labels of a page (text, x, baseline, size in pt), to 0.1 mm."""
    runs = text_runs(pypdf.PdfReader(path).pages[index])
    return {(r.text, round(r.x, 1), round(r.y, 1), r.size) for r in runs if r.text in LABELS}


LABELS = ("x −5", "x +5", "y −5", "y +5")


def test_each_scale_labels_its_5_mm_ticks_in_6_pt_clear_of_the_other_scale(
    tmp_path: Path,
) -> None:
    """The x scale's "x −5" and "x +5" stand on its line, 1 mm past its ends (the scales reach
    6 mm from the centre); the y scale's "y −5" and "y +5" stand 14 mm right of the centre, past
    the x scale's label, their baselines 0.8 mm below their ticks. Above the ticks, "x −5"
    touched the y scale's −5 tick (0.17 mm, the print audit measured)."""
    w, h = A4
    path = _written(A4, tmp_path, back_offset_x="1.5mm", back_offset_y="-2mm")
    minus = text_width("x −5", font_name("regular"), 6.0) * MM_PER_PT
    expected = set()
    for x, y in [(40.0, 50.0), (w / 2, h / 2), (w - 40.0, h - 50.0)]:
        cx, cy = w - x + OFFSET[0], y + OFFSET[1]
        expected.add(("x +5", round(cx + 7.0, 1), round(cy + 0.8, 1), 6.0))
        expected.add(("x −5", round(cx - 7.0 - minus, 1), round(cy + 0.8, 1), 6.0))
        for step in (-5, 5):
            sign = "+" if step > 0 else "−"
            expected.add((f"y {sign}5", round(cx + 14.0, 1), round(cy + step + 0.8, 1), 6.0))
    assert _labels(path, 1) == expected
    assert _labels(path, 0) == set()  # the front shows only crosses


def _instructions(path: Path, index: int) -> list[tuple[str, float, float, float]]:
    runs = text_runs(pypdf.PdfReader(path).pages[index])
    return [
        (r.text, round(r.x, 2), round(r.y, 2), r.size)
        for r in runs
        if r.text not in LABELS
        and not GRID_NUMBER.fullmatch(r.text)
        and not r.text.startswith(ACTUAL_SIZE)  # the footer, tested on its own
    ]


GRID_NUMBER = re.compile(r"0|[+−][1-9]\d*0")  # a grid line's mm from the centre: −20, 0, +10


def test_both_sides_say_how_to_read_the_sheet_and_the_back_the_offset_already_set(
    tmp_path: Path,
) -> None:
    """A 10 pt heading naming the side, 20 mm from the left edge and 40 mm above the middle of
    the page, then the instructions in 8 pt, one line every 11 pt, the grid's among them; the
    back adds, a line further down, the offset it was printed with, in mm."""
    path = _written(A4, tmp_path, back_offset_x="1.5mm", back_offset_y="-2mm")
    top = A4[1] / 2 - 40.0
    line = 11 * MM_PER_PT
    said = [
        f"Duplex calibration — print this page double-sided, {ACTUAL_SIZE.lower()}.",
        "Hold the sheet up to a light and look at the back: each front cross shows on a scale.",
        "The reading in mm (right and down positive) is back_offset_x / back_offset_y.",
        "Add it to the offset already set; a reprint then reads 0 on both scales.",
        "The grey grids (10 mm squares, numbered in mm from the centre) then meet all over.",
    ]
    for index, side in enumerate(("front", "back")):
        expected = [(f"printkit calibration · {side}", 20.0, round(top, 2), 10.0)]
        expected += [(text, 20.0, round(top + n * line, 2), 8.0) for n, text in enumerate(said, 1)]
        if side == "back":
            expected.append(("offset now: x +1.5 mm, y -2.0 mm", 20.0, round(top + 7 * line, 2), 8))
        assert _instructions(path, index) == expected


def test_each_side_is_titled_as_the_calibration_front_or_back_in_its_svg() -> None:
    """An SVG page's title is what a viewer lists it as: each side says which it is."""
    pages = calibration_pages((mm(A4[0]), mm(A4[1])), ImposeSpec(), TITLE)
    document = Document("Cards", pages)
    titles = [
        ElementTree.fromstring(render_svg_page(document, page)).findtext("{*}title")
        for page in document.pages
    ]
    assert titles == [
        f"{TITLE} · duplex calibration · front",
        f"{TITLE} · duplex calibration · back",
    ]


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("offset_y", ["0mm", "4mm"])
def test_each_side_is_footed_like_every_sheet_under_its_grid(
    tmp_path: Path, paper: tuple[float, float], offset_y: str
) -> None:
    """Like every other page of the material, each side ends with the actual-size note, the
    material's title and version and which sheet it is, in the bottom margin under the grid
    (a back's grid moved down by its offset included), inside the printable area."""
    path = _written(paper, tmp_path, back_offset_y=offset_y)
    grid_bottom = _grid_lines(paper)[1][-1]
    for index, side in enumerate(("front", "back")):
        runs = text_runs(pypdf.PdfReader(path).pages[index])
        (foot,) = [r for r in runs if r.text.startswith(ACTUAL_SIZE)]
        assert foot.text == f"{ACTUAL_SIZE} · {TITLE} · duplex calibration · {side}"
        shift = float(offset_y.removesuffix("mm")) if side == "back" else 0.0
        assert grid_bottom + shift < foot.y - foot.size * MM_PER_PT < foot.y < paper[1] - 5.0
        assert 5.0 < foot.x < paper[0] / 2


GREY = (0xB3, 0xB3, 0xB3)  # the grid's lines
PAPER = close_to((255, 255, 255), 8)


def _grid_lines(paper: tuple[float, float]) -> tuple[list[float], list[float]]:
    """Where PRINT.md's grid stands on the front, in mm: lines every 10 mm through the page's
    centre, as far out as 10 mm from the edges (the x of each upright line, the y of each
    level one)."""
    w, h = paper
    return (
        [w / 2 + 10 * k for k in range(-int((w / 2 - 10) // 10), int((w / 2 - 10) // 10) + 1)],
        [h / 2 + 10 * k for k in range(-int((h / 2 - 10) // 10), int((h / 2 - 10) // 10) + 1)],
    )


def _in_order(lines: Iterable[tuple[bool, float, float, float]]) -> list[float]:
    """Grid lines (level, x, y, length) in one order, one after the other, to compare within
    TOLERANCE."""
    ordered = sorted((float(level), x, y, along) for level, x, y, along in lines)
    return [value for line in ordered for value in line]


def _drawn_grid(path: Path, index: int) -> list[float]:
    return _in_order((s.level, s.x, s.y, s.along) for s in _strokes(path, index, GREY))


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("backs", ["long_edge", "short_edge"])
def test_both_sides_carry_a_grid_of_10_mm_squares_the_backs_behind_the_fronts(
    paper: tuple[float, float], backs: str, tmp_path: Path
) -> None:
    """The front's grid: every line 10 mm from the next, through the page's centre, each
    running the grid's whole height or width. The back's: each front line where it shows
    through the back (mirrored left to right over the long edge, top to bottom over the short
    one), moved by the offset already set, as the scales are."""
    w, h = paper
    path = _written(paper, tmp_path, backs=backs, back_offset_x="1.5mm", back_offset_y="-2mm")
    xs, ys = _grid_lines(paper)
    assert xs[0] >= 10 and xs[-1] <= w - 10 and xs[0] < 20 and len(ys) > 20
    middle = ((xs[0] + xs[-1]) / 2, (ys[0] + ys[-1]) / 2)
    front = [(False, x, middle[1], ys[-1] - ys[0]) for x in xs]
    front += [(True, middle[0], y, xs[-1] - xs[0]) for y in ys]
    assert _drawn_grid(path, 0) == pytest.approx(_in_order(front), abs=TOLERANCE)

    def behind(x: float, y: float) -> tuple[float, float]:
        x, y = (w - x, y) if backs == "long_edge" else (x, h - y)
        return x + OFFSET[0], y + OFFSET[1]

    back = [(level, *behind(x, y), along) for level, x, y, along in front]
    assert _drawn_grid(path, 1) == pytest.approx(_in_order(back), abs=TOLERANCE)


def test_each_grid_line_is_numbered_with_its_distance_from_the_centre(tmp_path: Path) -> None:
    """6 pt numbers in mm from the page's centre, right and down positive: each upright line's
    centred over it, 1.5 mm above the grid; each level line's ending 1.5 mm left of the grid,
    its baseline 0.8 mm below the line; on the back, moved with its grid by the offset."""
    path = _written(A4, tmp_path, back_offset_x="1.5mm", back_offset_y="-2mm")
    xs, ys = _grid_lines(A4)
    font = font_name("regular")
    for index, (dx, dy) in enumerate(((0.0, 0.0), OFFSET)):
        numbers = {
            (r.text, round(r.x, 1), round(r.y, 1))
            for r in text_runs(pypdf.PdfReader(path).pages[index])
            if GRID_NUMBER.fullmatch(r.text)
        }
        expected = set()
        for x in xs:
            said = _said(x - A4[0] / 2)
            left = x - text_width(said, font, 6.0) * MM_PER_PT / 2
            expected.add((said, round(left + dx, 1), round(ys[0] - 1.5 + dy, 1)))
        for y in ys:
            said = _said(y - A4[1] / 2)
            left = xs[0] - 1.5 - text_width(said, font, 6.0) * MM_PER_PT
            expected.add((said, round(left + dx, 1), round(y + 0.8 + dy, 1)))
        assert numbers == expected


def _said(distance: float) -> str:
    """How the sheet writes a distance from the centre: signed whole mm, 0 unsigned."""
    whole = round(distance)
    return "0" if whole == 0 else f"{'+' if whole > 0 else '−'}{abs(whole)}"


def test_the_grid_keeps_clear_of_each_cross_and_scale(tmp_path: Path) -> None:
    """Rendered: nothing is drawn from 8.5 to 18 mm above and below each cross on the front
    and each scale on the back (its labels end 6.8 mm above or below it), where the grid's
    lines would otherwise run; the grid shows everywhere else, along its lines."""
    w, h = A4
    path = _written(A4, tmp_path, back_offset_x="1.5mm", back_offset_y="-2mm")
    targets = [(40.0, 50.0), (w / 2, h / 2), (w - 40.0, h - 50.0)]
    behind = [(w - x + OFFSET[0], y + OFFSET[1]) for x, y in targets]
    for index, points in enumerate((targets, behind)):
        raster = Raster.of(path, index)
        for x, y in points:
            for top in (y - 18.0, y + 8.5):
                box = (x - 18.0, top, x + 18.0, top + 9.5)
                inked = where(raster, lambda rgb: ~PAPER(rgb), box)
                assert not len(inked), (index, x, y, top)
        xs, _ = _grid_lines(A4)
        line = xs[len(xs) // 2 + 1] + (OFFSET[0] if index else 0.0)  # 10 mm right of the centre
        column = where(raster, close_to(GREY, 40), (line - 0.2, 0.0, line + 0.2, h))
        assert column.box_mm()[3] - column.box_mm()[1] > 240


def test_the_grid_gives_way_round_each_cross_and_scale_and_under_the_instructions(
    tmp_path: Path,
) -> None:
    """White over the grid: a 40 mm square centred on each cross on the front and on each
    scale on the back (moved with it by the offset), and a ground 1 mm round the instructions:
    from 1 mm left of their lines and 1 mm above the 10 pt heading to 1 mm right of the widest
    line and 1 mm below the last baseline (the back's offset line)."""
    w, h = A4
    path = _written(A4, tmp_path, back_offset_x="1.5mm", back_offset_y="-2mm")
    targets = [(40.0, 50.0), (w / 2, h / 2), (w - 40.0, h - 50.0)]
    behind = [(w - x + OFFSET[0], y + OFFSET[1]) for x, y in targets]
    for index, points in enumerate((targets, behind)):
        runs = [
            r
            for r in text_runs(pypdf.PdfReader(path).pages[index])
            if r.text not in LABELS
            and not GRID_NUMBER.fullmatch(r.text)
            and not r.text.startswith(ACTUAL_SIZE)
        ]
        faces = {10.0: font_name("bold"), 8.0: font_name("regular")}
        rights = [r.x + text_width(r.text, faces[r.size], r.size) * MM_PER_PT for r in runs]
        heading = runs[0].y - 10 * MM_PER_PT
        ground = (runs[0].x - 1, heading - 1, max(rights) + 1, runs[-1].y + 1)
        squares = [(x - 20, y - 20, x + 20, y + 20) for x, y in points]
        expected = [value for box in sorted([*squares, ground]) for value in box]
        under_grid = _grid_lines(A4)[1][-1]  # the footer's own ground, tested with it
        assert _white_boxes(path, index, under_grid) == pytest.approx(expected, abs=TOLERANCE)
