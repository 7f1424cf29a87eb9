"""Text on cards: shrink-to-fit between `size` and `min_size`, and inline markup, read back from
the PDF (pypdf sizes and fonts, pypdfium2 pixels) of the fixture tests/data/good/text_fit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdf
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import GOOD, MM_PER_PT, MM_PER_PX, Raster, length_mm, normalise, read_package, run_cli

from printkit.draw.text import LEADING, SHRINK_STEP, fit_text, needed_box, parse_markup

PACKAGE = read_package(GOOD / "text_fit")
DECK = PACKAGE["decks"]["deck"]
CARDS = {card["name"]: index for index, card in enumerate(DECK["cards"])}
REGION = PACKAGE["layouts"]["face"]["regions"]["effect"]
SIZE_PT = length_mm(REGION["size"]) / MM_PER_PT
MIN_PT = length_mm(REGION["min_size"]) / MM_PER_PT
BLEED = 3.0


@pytest.fixture(scope="module")
def pod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("text-fit")
    result = run_cli("--rule-data", GOOD, "build", "text_fit", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "text_fit" / "pod.pdf"


def runs_of(pdf: Path, card: str) -> list[dict[str, Any]]:
    page = pypdf.PdfReader(pdf).pages[CARDS[card]]
    found: list[dict[str, Any]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            scale = abs(float(tm[3]) * float(cm[3]))
            base = str(font.get("/BaseFont", "")) if font else ""
            found.append({"text": text.strip(), "size": size * scale, "font": base})

    page.extract_text(visitor_text=visit)
    return found


def test_text_that_fits_keeps_its_declared_size(pod: Path) -> None:
    runs = runs_of(pod, "Short")
    assert runs
    assert all(r["size"] == pytest.approx(SIZE_PT) for r in runs), runs


def test_long_text_shrinks_but_not_below_min_size(pod: Path) -> None:
    runs = runs_of(pod, "Long")
    sizes = {round(r["size"], 3) for r in runs}
    assert len(sizes) == 1, f"one size for the whole region, got {sizes}"
    (size,) = sizes
    assert MIN_PT <= size < SIZE_PT
    card = DECK["cards"][CARDS["Long"]]
    assert normalise(" ".join(r["text"] for r in runs)) == normalise(card["effect"])


def test_shrunk_text_stays_inside_its_region(pod: Path) -> None:
    raster = Raster.of(pod, CARDS["Long"])
    ink = raster.image.convert("L").point(lambda v: 255 if v < 160 else 0)
    box = ink.getbbox()
    assert box is not None, "no text drawn"
    left, top, right, bottom = (v * MM_PER_PX for v in box)
    x0 = BLEED + length_mm(REGION["x"])
    y0 = BLEED + length_mm(REGION["y"])
    slack = 0.3  # glyph overhang and antialiasing
    assert left >= x0 - slack
    assert right <= x0 + length_mm(REGION["width"]) + slack
    assert top >= y0 - slack
    assert bottom <= y0 + length_mm(REGION["height"]) + slack


def test_markup_sets_bold_italic_and_icons(pod: Path) -> None:
    runs = runs_of(pod, "Styled")
    by_text = {r["text"]: r["font"] for r in runs}
    text = " ".join(r["text"] for r in runs)
    assert "*" not in text and ":star:" not in text
    assert DECK["icons"]["star"] in text
    bold = [font for t, font in by_text.items() if "Bold words" in t]
    italic = [font for t, font in by_text.items() if "italic" in t]
    plain = [font for t, font in by_text.items() if t.startswith("then")]
    assert bold and all("Bold" in f and "Oblique" not in f for f in bold), by_text
    assert italic and all("Oblique" in f and "Bold" not in f for f in italic), by_text
    assert plain and all("Bold" not in f and "Oblique" not in f for f in plain), by_text


@given(
    st.lists(st.text(alphabet="iIlmMwW.-", min_size=1, max_size=14), min_size=1, max_size=8),
    st.floats(10, 60),
    st.floats(6, 12),
)
def test_the_box_text_needs_is_the_smallest_it_fits(
    words: list[str], width: float, size: float
) -> None:
    """What PK300 says text needs: as wide as the box, or as its widest word where that is
    wider; the text fits in that box at `size`, and one line less of height would not do."""
    runs = parse_markup(" ".join(words), {}, "regular").runs
    wide, high = needed_box(runs, width, size)
    assert wide >= width
    assert fit_text(runs, (0.0, 0.0, wide, high), size, size).fits
    assert not fit_text(runs, (0.0, 0.0, wide, high - size * LEADING / 2), size, size).fits
    if wide > width:  # a word as wide as that: not a line of a box as wide as given
        assert not fit_text(runs, (0.0, 0.0, width, 1e6), size, size).fits


@settings(max_examples=300, deadline=None)
@example(["-", "IMmiWliIWIIIliml.wIm.-MwI", "Imw.lMMw", "Mm"], 47.15, 27.58, True)  # fits at 7 only
@given(
    st.lists(st.text(alphabet="iIlmMwW.-", min_size=1, max_size=14), min_size=1, max_size=8),
    st.floats(20, 60),
    st.floats(8, 40),
    st.booleans(),
)
def test_the_size_chosen_is_the_largest_that_fits_alone(
    words: list[str], width: float, height: float, break_words: bool
) -> None:
    """Halving the sizes finds what trying each in turn finds: the largest size (in steps of
    SHRINK_STEP from 12 pt down to 6 pt) at which the text fits on its own; cut words
    (`break_words`) too, where smaller sizes may need more lines."""
    runs = parse_markup(" ".join(words), {}, "regular").runs
    box = (0.0, 0.0, width, height)
    fitted = fit_text(runs, box, 12.0, 6.0, break_words=break_words)
    sizes = [12.0 - SHRINK_STEP * step for step in range(25)]
    alone = [s for s in sizes if fit_text(runs, box, s, s, break_words=break_words).fits]
    assert (fitted.size, fitted.fits) == ((alone[0], True) if alone else (6.0, False))
