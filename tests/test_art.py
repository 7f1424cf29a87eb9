"""Image regions and rotation, measured from the rendered pages of tests/data/card_data/art_deck:
a red|blue PNG fitted three ways, SVG art, a round piece clipping its art, rotated regions; and
the diagnostics for art that is missing, outside the game, damaged or too coarse to print."""

from __future__ import annotations

import gc
import io
import shutil
import weakref
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from pixels import any_of, close_to, where
from support import (
    DATA,
    Raster,
    assert_mm,
    near,
    parse_diagnostics,
    run_cli,
    segment_at,
)

from printkit.draw import pdf
from printkit.draw.press import cmyk_pixels

ART_DECK = DATA / "card_data" / "art_deck"
RED, BLUE, GREEN, BLACK = (220, 30, 30), (30, 60, 200), (27, 158, 58), (0, 0, 0)
REGION = (4.0, 4.0, 55.0, 40.0)  # x, y, width, height of the art region, mm
MIDDLE_X, MIDDLE_Y = 4 + 55 / 2, 4 + 40 / 2


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("art")
    result = run_cli("--rule-data", ART_DECK.parent, "build", "art_deck", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "art_deck"


def _spans(raster: Raster, colour: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """Where `colour` runs along the art region's middle row and its column at x = 10 mm."""
    across = segment_at(raster.row(MIDDLE_Y), colour, 10.0)
    down = segment_at(raster.column(10.0), colour, MIDDLE_Y)
    return across.start, across.end, down.start, down.end


def test_contain_shows_the_whole_art_centred_in_proportion(built: Path) -> None:
    left, right, top, bottom = _spans(Raster.of(built / "cards.pdf", 0), RED)
    height = 55 / 1.5  # the 3:2 art is as wide as the region
    assert_mm(left, 4, "left edge of the art")
    assert_mm(right, MIDDLE_X, "red half ends at the middle")
    assert_mm(top, 4 + (40 - height) / 2, "art centred vertically")
    assert_mm(bottom, 4 + (40 + height) / 2, "art bottom")


def test_cover_fills_the_region_and_crops_at_its_edges(built: Path) -> None:
    raster = Raster.of(built / "cards.pdf", 1)
    left, right, top, bottom = _spans(raster, RED)
    assert_mm(left, 4, "cropped at the region's left edge, not at the art's (1.5 mm)")
    assert_mm(right, MIDDLE_X, "still centred")
    assert_mm(top, 4, "fills the height")
    assert_mm(bottom, 44, "fills the height")


def test_stretch_fills_the_region_exactly(built: Path) -> None:
    left, right, top, bottom = _spans(Raster.of(built / "cards.pdf", 2), RED)
    assert (round(left), round(top), round(bottom)) == (4, 4, 44)
    assert_mm(right, MIDDLE_X, "halves keep their share of the width")


def test_svg_art_is_drawn_as_vectors_in_proportion(built: Path) -> None:
    raster = Raster.of(built / "cards.pdf", 3)
    circle = segment_at(raster.row(MIDDLE_Y), GREEN, MIDDLE_X)
    # the 100-unit SVG is contained in a 40 mm square; its circle has a radius of 40 units
    assert_mm(circle.length, 2 * 16, "circle diameter")
    assert_mm(circle.middle, MIDDLE_X, "circle centre")


def test_a_rotated_region_turns_about_its_centre(built: Path) -> None:
    raster = Raster.of(built / "cards.pdf", 0)
    diamond = segment_at(raster.row(65), BLACK, 31.5, tolerance=60)
    assert_mm(diamond.length, 10 * 2**0.5, "a 10 mm square at 45° spans its diagonal", 0.3)
    assert_mm(diamond.middle, 31.5, "centre stays put")


def test_art_clipped_to_a_round_piece_leaves_the_corners_blank(built: Path) -> None:
    raster = Raster.of(built / "tokens.pdf", 0)
    red_or_blue = any_of(close_to(RED), close_to(BLUE))
    x0, y0, x1, y1 = where(raster, red_or_blue, step=6).box_mm()  # every 0.5 mm
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    row = raster.row(cy)
    red, blue = segment_at(row, RED, cx - 8), segment_at(row, BLUE, cx + 8)
    assert_mm(blue.end - red.start, 40, "art across the 40 mm piece (inside its cut line)", 0.5)
    for corner in ((x0 + 2.5, y0 + 2.5), (x1 - 2.5, y1 - 2.5)):
        assert near(raster.at(*corner), (255, 255, 255)), "outside the circle stays paper white"


def test_each_file_is_stored_once_however_many_cards_use_it(built: Path) -> None:
    with pikepdf.open(built / "cards.pdf") as pdf:
        images = [
            obj
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
        ]
    # split.png on three cards, low.png on one; the SVG is vector art, no image
    assert sorted((int(i.Width), int(i.Height)) for i in images) == [(30, 20), (900, 600)]


def test_svg_pages_embed_the_art_once_and_place_it(built: Path) -> None:
    ns = {"svg": "http://www.w3.org/2000/svg"}
    root = ElementTree.parse(built / "cards-p01.svg").getroot()
    images = root.findall(".//svg:defs/svg:image", ns)
    assert len(images) == 1
    href = images[0].get("{http://www.w3.org/1999/xlink}href") or images[0].get("href")
    assert href.startswith("data:image/png;base64,")
    art_id = images[0].get("id")
    uses = [
        u
        for u in root.iter("{http://www.w3.org/2000/svg}use")
        if (u.get("{http://www.w3.org/1999/xlink}href") or u.get("href")) == f"#{art_id}"
    ]
    assert len(uses) == 1
    assert "scale(" in uses[0].get("transform", "")


def test_press_output_converts_raster_art_to_cmyk(tmp_path: Path) -> None:
    result = run_cli(
        "--rule-data", ART_DECK.parent, "build", "art_deck", "--press", "--out", tmp_path
    )
    assert result.exit_code == 0, result.output
    with pikepdf.open(tmp_path / "art_deck" / "cards.pdf") as pdf:
        spaces = {
            str(obj.ColorSpace)
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
        }
    assert spaces == {"/DeviceCMYK"}


@pytest.mark.parametrize(
    ("press", "picture", "drawn"),
    [
        # split.png on three cards and the token, low.png on one card: each converted once in
        # each PDF that shows it
        (["--press"], "_Cmyk", ["low.png", "split.png", "split.png"]),
        # the pixels the check decoded, handed to the first PDF; the token's decodes the file
        ([], "_Decoded", ["low.png", "split.png"]),
    ],
)
def test_a_pdf_holds_one_picture_s_pixels_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, press: list[str], picture: str, drawn: list
) -> None:
    """A picture's pixels are stored as it is first drawn, drawn again by name, and let go:
    when a picture is read, none read before it is still held (five pictures of 49 million
    pixels, each held as CMYK until the PDF was written, took 2.8 GB)."""
    read: list[tuple[str, int]] = []  # each picture read, and how many were still held then
    held: list[weakref.ref] = []
    kind = getattr(pdf, picture)

    class Watched(kind):  # type: ignore[misc, valid-type]
        def __init__(self, source: str, *rest: object) -> None:
            gc.collect()
            read.append((Path(source).name, sum(ref() is not None for ref in held)))
            super().__init__(source, *rest)
            held.append(weakref.ref(self))

    monkeypatch.setattr(pdf, picture, Watched)
    folder = _copy(tmp_path)  # files this process has not read: what the check keeps is fresh
    result = run_cli(
        "--rule-data", folder.parent, "build", "art_deck", *press, "--format", "pdf",
        "--jobs", "1", "--out", tmp_path / "out",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert sorted(read) == [(name, 0) for name in drawn]


def test_a_press_pdf_stores_each_picture_s_cmyk_pixels_whatever_the_folder(
    tmp_path: Path,
) -> None:
    """The pixels stored are the file's in CMYK, deflated alone (no ASCII85 on top, a fifth
    larger), under a name from the file's content: the game built from another folder gives
    the same bytes."""
    built = []
    for folder in ("one", "two/deeper"):
        rule_data = tmp_path / folder / "rule_data"
        shutil.copytree(ART_DECK, rule_data / "art_deck")
        out = tmp_path / folder / "out"
        result = run_cli(
            "--rule-data", rule_data, "build", "art_deck", "--press", "--format", "pdf",
            "--out", out,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        built.append((out / "art_deck" / "cards.pdf").read_bytes())
    assert built[0] == built[1]
    with pikepdf.open(io.BytesIO(built[0])) as document:
        (split,) = [
            obj
            for obj in document.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
            and int(obj.Width) == 900
        ]  # fmt: skip
        assert split.Filter == pikepdf.Name.FlateDecode
        stored = split.read_bytes()
    with Image.open(ART_DECK / "art" / "split.png") as picture:
        assert stored == bytes(cmyk_pixels(picture))


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "rule_data" / "art_deck"
    shutil.copytree(ART_DECK, folder)
    return folder


def _diagnose(folder: Path, tmp_path: Path) -> list:
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    return parse_diagnostics(result.output)


def test_low_resolution_art_is_a_warning_with_its_figures(built: Path, tmp_path: Path) -> None:
    """A templated path names a card's own file: the warning stays at the card that names it."""
    (warning,) = _diagnose(ART_DECK, tmp_path)
    assert (warning.code, warning.severity) == ("PK812", "warning")
    assert "14 dpi" in warning.message and "low.png" in warning.message
    assert "650 × 434" in warning.hint
    lines = (ART_DECK / "game.yaml").read_text().splitlines()
    assert "{name: Low, art: low.png}" in lines[warning.line - 1]


@pytest.mark.parametrize(
    ("art", "code", "text"),
    [
        ("spilt.png", "PK810", "did you mean 'art/split.png'"),
        # by the file's name alone: a shared folder and extension made 'art/wind.png' look
        # like 'art/low.png'; with no name close, the file is missing, and no other is offered
        ("wind.png", "PK810", "it is not in the package (printkit looked for "),
        ("wind.png", "PK810", "/art/wind.png): put the file there"),
        ("star.png", "PK810", "did you mean 'art/star.svg'"),
        ("../../outside.png", "PK810", "outside the game's folder"),
        ("broken.png", "PK811", "cannot be read as PNG"),
        ("notes.txt", "PK811", "not PNG, JPEG or SVG"),
    ],
)
def test_unusable_art_is_an_error_at_the_card(
    tmp_path: Path, art: str, code: str, text: str
) -> None:
    folder = _copy(tmp_path)
    (folder / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    (folder / "art" / "notes.txt").write_text("hello")
    game = folder / "game.yaml"
    game.write_text(
        game.read_text().replace("{name: Star, art: star.svg}", f"{{name: Star, art: '{art}'}}")
    )
    found = [d for d in _diagnose(folder, tmp_path) if d.code != "PK812"]
    (problem,) = found
    assert problem.code == code
    assert text in problem.message + " " + problem.hint
    assert "expected one of" not in problem.hint
    line = next(n for n, t in enumerate(game.read_text().splitlines(), 1) if "name: Star" in t)
    assert (Path(problem.file).name, problem.line) == ("game.yaml", line)
