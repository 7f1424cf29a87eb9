"""Picture icons in card text, measured on what the build writes: the PDF page rendered with
pypdfium2, the SVG page's elements and the PNG page. The fixture tests/data/good/icon_text
names `coin: art/coin.svg`, a red box 1.5 times as wide as it is tall, so its ink is its box."""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pypdf
import pytest
from PIL import Image, ImageChops
from support import (
    DATA,
    GOOD,
    MM_PER_PT,
    MM_PER_PX,
    Placed,
    Raster,
    length_mm,
    read_package,
    run_cli,
    text_runs,
)

from printkit.draw.fonts import register_own
from printkit.draw.ops import Text
from printkit.draw.text import Icon, Run, fit_text, missing_glyphs, parse_markup, with_fallback

PACKAGE = read_package(GOOD / "icon_text")
CARDS = {card["name"]: index for index, card in enumerate(PACKAGE["decks"]["deck"]["cards"])}
REGION = PACKAGE["layouts"]["face"]["regions"]["effect"]
SIZE_PT = length_mm(REGION["size"]) / MM_PER_PT
ASPECT = 1.5  # art/coin.svg's viewBox is 150 × 100
SLACK = 0.15  # mm: antialiasing at 300 dpi (a pixel is 0.085 mm) and a glyph's overshoot
SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

Box = tuple[float, float, float, float]  # left, top, right, bottom in mm from the page's corner


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("icon-text")
    result = run_cli("--rule-data", GOOD, "build", "icon_text", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "icon_text"


def red_box(image: Image.Image, mm_per_px: float) -> Box:
    """Where the red icon's ink is on a rendered page."""
    red, green, _ = image.convert("RGB").split()
    strong_red = Image.eval(red, lambda v: 255 if v > 200 else 0)
    weak_green = Image.eval(green, lambda v: 255 if v < 80 else 0)
    box = ImageChops.multiply(strong_red, weak_green).getbbox()  # both: red ink
    assert box is not None, "no icon drawn"
    left, top, right, bottom = box
    return (left * mm_per_px, top * mm_per_px, right * mm_per_px, bottom * mm_per_px)


def runs(pdf: Path, card: str) -> list[Placed]:
    return text_runs(pypdf.PdfReader(pdf).pages[CARDS[card]])


def line_of(placed: list[Placed], text: str) -> Placed:
    return next(run for run in placed if run.text.startswith(text))


def test_icon_stands_on_the_baseline_at_the_texts_size(built: Path) -> None:
    placed = runs(built / "pod.pdf", "Fits")
    before, after = line_of(placed, "Gain 2"), line_of(placed, "now")
    assert before.size == pytest.approx(SIZE_PT)
    left, top, right, bottom = red_box(Raster.of(built / "pod.pdf", CARDS["Fits"]).image, MM_PER_PX)
    height_mm = SIZE_PT * MM_PER_PT
    assert bottom == pytest.approx(before.y, abs=SLACK), "the icon's box ends on the baseline"
    assert bottom - top == pytest.approx(height_mm, abs=SLACK), "as tall as the text's size"
    assert right - left == pytest.approx(height_mm * ASPECT, abs=SLACK), "in its proportions"
    assert after.y == pytest.approx(before.y, abs=0.01), "the text goes on on the same line"
    assert after.x > right, "the text after the icon starts past it: its width is reserved"


def test_icon_shrinks_with_the_text(built: Path) -> None:
    placed = runs(built / "pod.pdf", "Shrinks")
    first = line_of(placed, "Gain 2")
    sizes = {round(run.size, 3) for run in placed}
    assert len(sizes) == 1 and first.size < SIZE_PT, f"the text shrinks to fit: {sizes}"
    left, top, right, bottom = red_box(
        Raster.of(built / "pod.pdf", CARDS["Shrinks"]).image, MM_PER_PX
    )
    height_mm = first.size * MM_PER_PT
    assert bottom == pytest.approx(first.y, abs=SLACK)
    assert bottom - top == pytest.approx(height_mm, abs=SLACK), "as tall as the shrunk text"
    assert right - left == pytest.approx(height_mm * ASPECT, abs=SLACK)
    region_right = length_mm(REGION["x"]) + length_mm(REGION["width"])
    assert all(run.x < region_right for run in placed)


def test_glyph_icons_still_print_their_text(built: Path) -> None:
    text = " ".join(run.text for run in runs(built / "pod.pdf", "Glyph"))
    assert PACKAGE["decks"]["deck"]["icons"]["bolt"] in text and ":bolt:" not in text


def test_a_symbol_is_set_at_full_width_in_its_style_and_the_words_stay_condensed() -> None:
    """DejaVu Sans Condensed draws every glyph at 90 % width, a round ⚡ or ★ as an oval: a
    symbol is set in DejaVu Sans in the style around it; letters, digits and punctuation
    stay condensed, and a game's own font keeps its own symbols."""
    runs = parse_markup("Charge ⚡ once, **then ★★ twice** — 3", {}).runs
    fitted = fit_text(runs, (0.0, 0.0, 500.0, 100.0), 12.0, 12.0)
    set_in = {(char, op.font) for op in fitted.ops for char in op.text if char != " "}
    symbols = {(char, font) for char, font in set_in if char in "⚡★"}
    assert symbols == {("⚡", "PK-Symbols"), ("★", "PK-SymbolsBold")}
    assert {font for char, font in set_in if char not in "⚡★"} == {"PK-Regular", "PK-Bold"}
    own = register_own((DATA / "good/own_fonts/fonts/LeagueSpartan-Bold.ttf").read_bytes())
    [text] = fit_text([Run("★ Go", own)], (0.0, 0.0, 500.0, 100.0), 12.0, 12.0).ops
    assert isinstance(text, Text) and (text.text, text.font) == ("★ Go", own)


def test_no_path_is_printed_as_words(built: Path) -> None:
    text = " ".join(run.text for run in runs(built / "pod.pdf", "Fits"))
    assert "coin" not in text and "art/" not in text


def test_svg_page_holds_the_icon_as_vector_art_where_the_pdf_draws_it(built: Path) -> None:
    root = ElementTree.parse(built / "pod-p01.svg").getroot()
    pictures = [
        image
        for image in root.iter(f"{SVG}image")
        if (image.get(XLINK_HREF) or image.get("href", "")).startswith("data:image/svg+xml;base64,")
    ]
    assert len(pictures) == 1, "the icon's SVG is embedded once"
    href = pictures[0].get(XLINK_HREF) or pictures[0].get("href", "")
    art = base64.b64decode(href.split(",", 1)[1]).decode()
    assert "<rect" in art, "the icon stays vector art"
    uses = [
        u
        for u in root.iter(f"{SVG}use")
        if (u.get(XLINK_HREF) or u.get("href")) == f"#{pictures[0].get('id')}"
    ]
    assert len(uses) == 1
    parents = {child: parent for parent in root.iter() for child in parent}
    x0, y0 = _to_page(uses[0], parents, (0.0, 0.0))
    x1, y1 = _to_page(uses[0], parents, (1.0, 1.0))  # the art is placed in a unit box
    in_svg = (x0 * MM_PER_PT, y0 * MM_PER_PT, x1 * MM_PER_PT, y1 * MM_PER_PT)
    in_pdf = red_box(Raster.of(built / "pod.pdf", CARDS["Fits"]).image, MM_PER_PX)
    assert in_svg == pytest.approx(in_pdf, abs=SLACK)


def test_png_page_shows_the_icon_where_the_pdf_does(built: Path) -> None:
    with Image.open(built / "pod-p01.png") as png:
        dpi = png.info.get("dpi", (100, 100))[0]
        in_png = red_box(png, 25.4 / dpi)
    in_pdf = red_box(Raster.of(built / "pod.pdf", CARDS["Fits"]).image, MM_PER_PX)
    assert in_png == pytest.approx(in_pdf, abs=25.4 / dpi + SLACK)


def test_icon_in_text_the_layout_writes_is_drawn_once_for_every_card(
    built: Path, tmp_path: Path
) -> None:
    """A region whose text is the same on every card is drawn once, into a shared frame; the
    icon in it stands where the same text from a card's value puts it."""
    folder = tmp_path / "rule_data" / "icon_text"
    shutil.copytree(GOOD / "icon_text", folder)
    game = folder / "game.yaml"
    fits = PACKAGE["decks"]["deck"]["cards"][CARDS["Fits"]]["effect"]
    game.write_text(game.read_text().replace('"{{ card.effect }}"', f'"{fits}"'))
    result = run_cli("--rule-data", folder.parent, "build", "icon_text", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    static = tmp_path / "out" / "icon_text"
    for card in CARDS.values():
        in_frame = red_box(Raster.of(static / "pod.pdf", card).image, MM_PER_PX)
        in_value = red_box(Raster.of(built / "pod.pdf", CARDS["Fits"]).image, MM_PER_PX)
        assert in_frame == pytest.approx(in_value, abs=0.01)
    svg = (static / "pod-p01.svg").read_text()
    assert svg.count("data:image/svg+xml;base64,") == 1


def test_an_icon_in_japanese_text_is_one_piece_in_no_font() -> None:
    """A layout's fallback font takes the characters its own font lacks, and Japanese breaks
    between characters; an icon is neither: set in a font that lacks the letters of its
    `:name:` (a one-glyph subset), it keeps its run and its picture, is never a missing glyph,
    and sits on the baseline of the characters written against it (a line may break beside it
    as beside a wide character: test_own_fonts.py)."""
    fonts = DATA / "broken" / "font_missing_glyphs" / "fonts"
    title = register_own((fonts / "Title.ttf").read_bytes())  # has 盾 and the space only
    japanese = (GOOD / "own_fonts" / "fonts" / "BIZUDGothic-Regular.ttf").read_bytes()
    fallback = register_own(japanese)
    coin = Icon("coin", "/art/coin.svg", ASPECT)
    markup = parse_markup("盾 を:coin:一枚捨てる", {"coin": coin}, title)
    set_in = with_fallback(markup.runs, (fallback,))
    assert set_in == [
        Run("盾 ", title),
        Run("を", fallback),
        Run(":coin:", title, coin),
        Run("一枚捨てる", fallback),
    ]
    assert missing_glyphs(set_in) == set()
    size = 9.0
    fitted = fit_text(set_in, (0.0, 0.0, 10 * size, 200.0), size, size)  # ten characters wide
    texts = [op for op in fitted.ops if isinstance(op, Text)]
    (picture,) = [op for op in fitted.ops if not isinstance(op, Text)]
    assert [op.text for op in texts] == ["盾", "を", "一枚捨てる"]
    before, after = texts[1], texts[2]
    assert before.y == after.y == pytest.approx(picture.y + picture.h)  # on their baseline
    bearing = 0.08 * size
    assert picture.x == pytest.approx(before.x + size + bearing)
    assert after.x == pytest.approx(picture.x + picture.w + bearing)


_TRANSFORM = re.compile(r"(translate|scale|matrix)\(([^)]*)\)")


def _to_page(
    element: ElementTree.Element,
    parents: dict[ElementTree.Element, ElementTree.Element],
    point: tuple[float, float],
) -> tuple[float, float]:
    """A point in the element's own units carried through its and its ancestors' transforms."""
    x, y = point
    node: ElementTree.Element | None = element
    while node is not None:
        if node.tag == f"{SVG}use":  # a use's x and y apply inside its transform
            x, y = x + float(node.get("x", 0)), y + float(node.get("y", 0))
        for kind, numbers in reversed(_TRANSFORM.findall(node.get("transform", ""))):
            v = [float(n) for n in numbers.replace(",", " ").split()]
            if kind == "translate":
                x, y = x + v[0], y + (v[1] if len(v) > 1 else 0.0)
            elif kind == "scale":
                x, y = x * v[0], y * (v[1] if len(v) > 1 else v[0])
            else:
                x, y = v[0] * x + v[2] * y + v[4], v[1] * x + v[3] * y + v[5]
        node = parents.get(node)
    return x, y
