"""A game's own fonts, as printed: embedded and subset in the PDF, outlines in the SVG, Japanese
text set in the layout's fallback font and read back from the PDF; and the checks that refuse
fonts and scripts printkit cannot print right (the broken packages hold one case of each)."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from itertools import groupby
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from fontTools.ttLib import TTFont
from support import DATA, GOOD, font_descriptors, fonts_of, parse_diagnostics, run_cli

from printkit.draw.fonts import has_glyph, register_own
from printkit.draw.ops import Image
from printkit.draw.scripts import unsupported_script
from printkit.draw.text import Icon, Run, fit_text, parse_markup, with_fallback
from printkit.load.files import FONT

OWN = GOOD / "own_fonts"
JAPANESE = "山札からカードを一枚引く。攻撃力２点を得る、「盾」を一枚捨てる。"
SUBSET = re.compile(r"^[A-Z]{6}\+(?P<name>.+)$")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = run_cli("--rule-data", OWN.parent, "build", "own_fonts", "--out", out)
    assert result.exit_code == 0, result.output
    assert not parse_diagnostics(result.output), result.output
    return out / "own_fonts"


def embedded_fonts(pdf: Path) -> dict[str, list[object]]:
    """Base font name -> its descriptors, for every font the PDF's pages use."""
    found: dict[str, list[object]] = {}
    for page in pypdf.PdfReader(pdf).pages:
        for _name, font in fonts_of(page["/Resources"]):
            found[str(font["/BaseFont"]).lstrip("/")] = font_descriptors(font)
    return found


def test_the_games_fonts_are_embedded_as_tagged_subsets(built: Path) -> None:
    fonts = embedded_fonts(built / "sheet.pdf")
    names = {SUBSET.match(base)["name"]: base for base in fonts if SUBSET.match(base)}
    assert {"LeagueSpartan-Bold", "BIZUDGothic-Regular"} <= set(names), fonts
    for name in ("LeagueSpartan-Bold", "BIZUDGothic-Regular"):
        descriptors = fonts[names[name]]
        assert descriptors and all("/FontFile2" in d for d in descriptors), name


def test_japanese_text_in_the_fallback_font_reads_back_from_the_pdf(built: Path) -> None:
    document = pypdfium2.PdfDocument(str(built / "sheet.pdf"))
    text = document[0].get_textpage().get_text_range()
    assert JAPANESE in re.sub(r"\s+", "", text)
    assert "Shield 盾" in text  # one region, two fonts: the display face and the fallback


def test_the_svg_names_no_font_and_draws_the_japanese_as_outlines(built: Path) -> None:
    svg = (built / "sheet-p01.svg").read_text(encoding="utf-8")
    assert "<text" not in svg and "font-family" not in svg and "font:" not in svg
    root = ET.fromstring(svg)
    titles = "".join(e.text or "" for e in root.iter() if e.tag.endswith("}title"))
    assert JAPANESE in titles
    glyphs = [e for e in root.iter() if e.tag.endswith("}path") and "PK_Own_" in e.get("id", "")]
    assert len(glyphs) >= len(set(JAPANESE)), "each Japanese character has an outline"


def test_a_font_over_the_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    game = tmp_path / "big_font"
    shutil.copytree(GOOD / "minimal_deck", game)
    yaml = (game / "game.yaml").read_text(encoding="utf-8")
    yaml = yaml.replace('background: "#ffffff"', 'background: "#ffffff"\n    fonts: {t: big.ttf}')
    (game / "game.yaml").write_text(yaml.replace("font: bold", "font: t"), encoding="utf-8")
    with (game / "big.ttf").open("wb") as sparse:
        sparse.truncate(FONT.max_bytes + 1024 * 1024)
    result = run_cli("--rule-data", tmp_path, "validate", "big_font")
    reported = parse_diagnostics(result.output)
    assert [(r.code, r.line) for r in reported] == [("PK131", 13)], result.output
    assert (
        reported[0].message == "font file 'big.ttf' is 21 MB, above the 20 MB a font file may have"
    )


def test_a_glyph_that_places_itself_is_refused_as_nested_too_deep(tmp_path: Path) -> None:
    """The broken case of a 'T' nested 17 deep, its deepest composite made to place the 'T'
    again: the cycle ends at the bound on nesting, not at Python's recursion limit."""
    game = tmp_path / "cycle"
    shutil.copytree(DATA / "broken" / "font_glyph_nested_too_deep", game)
    font = TTFont(game / "fonts" / "Title.ttf")
    glyf, top = font["glyf"], font.getBestCmap()[ord("T")]
    deepest = top
    while glyf[glyf[deepest].components[0].glyphName].isComposite():
        deepest = glyf[deepest].components[0].glyphName
    glyf[deepest].components[0].glyphName = top
    font.recalcBBoxes = False  # the bounds of a glyph that holds itself have no end
    font.save(game / "fonts" / "Title.ttf")
    result = run_cli("--rule-data", tmp_path, "validate", "cycle")
    [reported] = parse_diagnostics(result.output)
    assert (reported.code, reported.line) == ("PK131", 43), result.output
    assert "components are nested more than 16 deep" in reported.message


def test_two_fonts_of_one_postscript_name_stay_two_fonts() -> None:
    """A one-glyph subset of BIZ UDGothic and a larger one share their PostScript name; each
    game's font must still measure and draw as itself."""
    small = (DATA / "broken" / "font_missing_glyphs" / "fonts" / "Title.ttf").read_bytes()
    larger = (OWN / "fonts" / "BIZUDGothic-Regular.ttf").read_bytes()
    first, second = register_own(small), register_own(larger)
    assert first != second
    assert not has_glyph(first, "山") and has_glyph(second, "山")


def test_fallback_splits_a_run_per_character_and_keeps_spaces_in_the_main_face() -> None:
    jp = register_own((OWN / "fonts" / "BIZUDGothic-Regular.ttf").read_bytes())
    runs = with_fallback([Run("Draw 盾 now", "bold")], (jp,))
    assert runs == [Run("Draw ", "bold"), Run("盾", jp), Run(" now", "bold")]
    assert with_fallback([Run("盾", "bold")], ()) == [Run("盾", "bold")]


def test_japanese_breaks_between_characters_but_not_before_a_closing_mark() -> None:
    jp = register_own((OWN / "fonts" / "BIZUDGothic-Regular.ttf").read_bytes())
    fitted = fit_text([Run(JAPANESE, jp)], (0, 0, 60, 200), 9, 9)
    assert fitted.fits and fitted.lines > 3
    lines = [op.text for op in fitted.ops]
    assert "".join(lines) == JAPANESE
    assert not any(line[0] in "、。」ー" for line in lines), lines


def test_a_japanese_line_breaks_where_two_runs_meet(tmp_path: Path) -> None:
    """The effect region holds six of BIZ UDGothic's full-width characters at 9 pt. The bold
    run ends the first line exactly: the break falls where the runs meet (before the fix the
    two runs were one word there, and the line broke a character early)."""
    game = tmp_path / "own_fonts"
    shutil.copytree(OWN, game)
    yaml = (game / "game.yaml").read_text(encoding="utf-8")
    yaml = yaml.replace(f"effect: {JAPANESE}", 'effect: "**一枚引く山札**からカード"')
    (game / "game.yaml").write_text(yaml, encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "build", "own_fonts", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = pypdfium2.PdfDocument(str(tmp_path / "out" / "own_fonts" / "sheet.pdf"))
    lines = pdf[0].get_textpage().get_text_range().splitlines()
    assert "一枚引く山札" in lines and "からカード" in lines, lines


@pytest.mark.parametrize(
    ("text", "wide"),
    [
        ("Draw山札から", ["Draw", "山札", "から"]),  # the main font, then the fallback
        ("コイン:coin:を得る", ["コイン", ":coin:を", "得る"]),  # wide text either side of an icon
    ],
)
def test_a_line_breaks_beside_wide_text_across_fonts_and_icons(text: str, wide: list[str]) -> None:
    """A line 25 pt wide: "Draw" (21 pt) fits, "Draw山" does not, nor "コイン:coin:を"; each break
    falls where a run ends (a font's, an icon's), which before the fix joined its neighbours."""
    jp = register_own((OWN / "fonts" / "BIZUDGothic-Regular.ttf").read_bytes())
    coin = Icon("coin", "/art/coin.svg", 1.0)
    runs = with_fallback(parse_markup(text, {"coin": coin}).runs, (jp,))
    fitted = fit_text(runs, (0, 0, 25, 200), 9, 9)
    assert fitted.fits
    placed = sorted(  # (baseline, x, text): an icon's picture stands one em above its baseline
        (op.y + 9, op.x, ":coin:") if isinstance(op, Image) else (op.y, op.x, op.text)
        for op in fitted.ops
    )
    lines = {y: "".join(text for _, _, text in on) for y, on in groupby(placed, lambda p: p[0])}
    assert [lines[y] for y in sorted(lines)] == wide


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("שלום", "right-to-left"),
        ("اسحب", "right-to-left"),
        ("पत्ता", "shaped"),
        ("ไพ่", "shaped"),
        ("កាត", "shaped"),
    ],
)
def test_right_to_left_and_shaped_scripts_are_recognised(text: str, why: str) -> None:
    assert unsupported_script(f"Draw {text}") == (text[0], why)


@pytest.mark.parametrize("text", ["Draw ★ ⚡", "Ωμέγα Щит", "山札 カード 방패", "naïve — “ok”"])
def test_scripts_printkit_sets_are_not_refused(text: str) -> None:
    assert unsupported_script(text) is None
