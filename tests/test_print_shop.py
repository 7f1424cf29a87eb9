"""What a print shop's preflight checks in every PDF of a full build (A4, Letter, --press): every
font embedded (form fields included), each subset with its own tag, no form and no annotation
left in a press PDF, and small text on one plate. Read back with pikepdf and pypdf,
independently of how printkit wrote them."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pypdf
import pytest
from support import RULE_DATA, matrix_product, run_cli

from printkit.draw.press import FINE_TEXT

BUILDS = {"a4": ("--paper", "a4"), "letter": ("--paper", "letter"), "press": ("--press",)}


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every shipped game built as PDF for each of BUILDS."""
    found = {}
    for name, options in BUILDS.items():
        out = tmp_path_factory.mktemp(f"shop-{name}")
        args = ("--rule-data", RULE_DATA, "build", *options, "--format", "pdf", "--out", out)
        result = run_cli(*args)
        assert result.exit_code == 0, result.output
        found[name] = out
    return found


def _pdfs(out: Path) -> list[Path]:
    found = sorted(out.glob("*/*.pdf"))
    assert len(found) > 20, found  # every material of every shipped game
    return found


def _fonts(pdf: pikepdf.Pdf) -> Iterator[pikepdf.Dictionary]:
    """Every font dictionary in the file, wherever it is used from: pages, forms, fields."""
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
            yield obj


FONT_PROGRAMS = ("/FontFile", "/FontFile2", "/FontFile3")


def _embedded(font: pikepdf.Dictionary) -> bool:
    fonts = font.get("/DescendantFonts", [font])
    return all(any(key in f.get("/FontDescriptor", {}) for key in FONT_PROGRAMS) for f in fonts)


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_every_font_of_every_pdf_is_embedded(builds: dict[str, Path], name: str) -> None:
    build = builds[name]
    for path in _pdfs(build):
        with pikepdf.open(path) as pdf:
            unembedded = {str(f.get("/BaseFont")) for f in _fonts(pdf) if not _embedded(f)}
        assert not unembedded, f"{path.relative_to(build)} names {unembedded}"


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_each_subset_has_its_own_tag(builds: dict[str, Path], name: str) -> None:
    build = builds[name]
    for path in _pdfs(build):
        with pikepdf.open(path) as pdf:
            names = [str(f.BaseFont) for f in _fonts(pdf) if "+" in str(f.get("/BaseFont", ""))]
        tags = [name[1:].split("+")[0] for name in names]
        assert len(set(tags)) == len(tags), f"{path.relative_to(build)}: {sorted(names)}"
        assert all(len(tag) == 6 and tag.isupper() for tag in tags), tags


def _form(pdf_path: Path) -> tuple[list[bool], int]:
    with pikepdf.open(pdf_path) as pdf:
        form = pdf.Root.get("/AcroForm")
        fonts = [_embedded(font) for font in form.DR.Font.values()] if form is not None else []
        widgets = sum(
            1 for page in pdf.pages for a in page.get("/Annots", []) if a.Subtype == "/Widget"
        )
    return fonts, widgets


def test_sheets_keep_their_fields_on_screen_and_lose_them_for_the_press(
    builds: dict[str, Path],
) -> None:
    for name in ("a4", "letter"):
        fonts, widgets = _form(builds[name] / "raise_shields" / "roster.pdf")
        assert widgets > 10 and fonts and all(fonts), (name, widgets, fonts)
    assert _form(builds["press"] / "raise_shields" / "roster.pdf") == ([], 0)


def _annotations(path: Path) -> list[str]:
    """The kind of every annotation on every page."""
    pages = pypdf.PdfReader(path).pages
    return [str(a.get_object()["/Subtype"]) for page in pages for a in page.get("/Annots", [])]


def _outline(entries: list) -> list:
    """An outline's titles, nested as the outline is."""
    return [_outline(e) if isinstance(e, list) else e.title for e in entries]


def test_press_pdfs_carry_no_annotation_and_screen_pdfs_keep_their_links(
    builds: dict[str, Path],
) -> None:
    """PDF/X-1a allows no annotation inside the page but printer's marks and trap networks
    (Acrobat's preflight: "annotation inside page area"): the rules references' contents and
    section links stay on screen only; the outline, no annotation, stays in both."""
    press = builds["press"]
    for path in _pdfs(press):
        assert _annotations(path) == [], path.relative_to(press)
    references = sorted(builds["a4"].glob("*/rules_reference.pdf"))
    assert len(references) == 6  # one for each shipped game
    for path in references:
        pressed = press / path.relative_to(builds["a4"])
        links = _annotations(path)
        assert len(links) >= 8 and set(links) == {"/Link"}, (path, links)
        outline = _outline(pypdf.PdfReader(path).outline)
        assert outline and _outline(pypdf.PdfReader(pressed).outline) == outline, path


def _one_ink(colour: tuple[float, ...]) -> bool:
    return sum(1 for part in colour if part > 0.001) <= 1


def _small_text_colours(
    stream: pikepdf.Object, ctm: list[float], seen: set[tuple[int, int]]
) -> Iterator[tuple[float, tuple[float, ...]]]:
    """(size on paper, fill colour) of every text shown under FINE_TEXT, forms followed."""
    stack: list[tuple[list[float], tuple[float, ...]]] = []
    fill: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0)
    size, tm = 0.0, [1.0, 0, 0, 1.0, 0, 0]
    xobjects = stream.get("/Resources", {}).get("/XObject", {})
    for operands, operator in pikepdf.parse_content_stream(stream):
        op = str(operator)
        if op == "q":
            stack.append((ctm, fill))
        elif op == "Q":
            ctm, fill = stack.pop()
        elif op == "cm":
            ctm = matrix_product([float(v) for v in operands], ctm)
        elif op in ("k", "g", "rg", "sc", "scn"):
            fill = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
        elif op == "Tf":
            size = float(operands[1])
        elif op == "Tm":
            tm = [float(v) for v in operands]
        elif op in ("Tj", "TJ", "'", '"'):
            matrix = matrix_product(tm, ctm)
            on_paper = size * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
            if on_paper < FINE_TEXT:
                yield on_paper, fill
        elif op == "Do":
            form = xobjects.get(str(operands[0]))
            if form is not None and form.get("/Subtype") == "/Form" and form.objgen not in seen:
                seen.add(form.objgen)
                matrix = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                yield from _small_text_colours(form, matrix_product(matrix, ctm), seen)


def test_small_text_prints_in_one_ink_for_the_press(builds: dict[str, Path]) -> None:
    build = builds["press"]
    checked = 0
    for path in _pdfs(build):
        with pikepdf.open(path) as pdf:
            for page in pdf.pages:
                runs = list(_small_text_colours(page.obj, [1.0, 0, 0, 1.0, 0, 0], set()))
                checked += len(runs)
                mixed = [(round(s, 1), c) for s, c in runs if not _one_ink(c)]
                assert not mixed, f"{path.relative_to(build)}: {mixed[:5]}"
    assert checked > 1000  # the footers and the card texts alone are that many


def _page_texts(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in pypdf.PdfReader(path).pages]


def test_every_page_of_a_double_sided_piece_says_how_to_print_it(builds: dict[str, Path]) -> None:
    pages = _page_texts(builds["a4"] / "raise_the_shields" / "variable_attack_card.pdf")
    assert len(pages) == 2  # the pieces, then the dark layer printed on their back
    assert "print double-sided with the next page, flip on the long edge" in pages[0]
    assert "reverse of page 1: print it on that page's back, flip on the long edge" in pages[1]


def test_only_a_page_with_backs_after_it_says_fronts(builds: dict[str, Path]) -> None:
    for path in _pdfs(builds["a4"]):
        pages = _page_texts(path)
        for number, text in enumerate(pages):
            if "fronts" in text:
                following = pages[number + 1] if number + 1 < len(pages) else ""
                assert f"backs of page {number + 1}" in following, (path.name, number + 1)
