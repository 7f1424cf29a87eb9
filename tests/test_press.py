"""Press-ready output: `printkit build --press` (or `colour: cmyk` on a material) gives PDFs a
print shop accepts: CMYK only, black on the black plate, ink within the limit, and the PDF/X-1a
output intent with the shipped profile. Read back with pypdf and pikepdf, rendered with pypdfium2.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageCms
from support import RULE_DATA, Raster, near, run_cli

from printkit.draw import press as press_colour
from printkit.draw.press import cmyk_pixels, profile_bytes, to_cmyk, to_one_ink

RGB_OPERATORS = re.compile(rb"(?:^|\s)(rg|RG|g|G|sc|SC|scn|SCN|cs|CS)(?=\s)")
CMYK_OPERATORS = re.compile(rb"(?:^|\s)(k|K)(?=\s)")


@pytest.fixture(scope="module")
def press(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("press")
    result = run_cli(
        "--rule-data", RULE_DATA, "build", "shields_up", "--press", "--out", out, "--format", "pdf"
    )
    assert result.exit_code == 0, result.output
    return out / "shields_up"


def _streams(pdf: pikepdf.Pdf) -> list[bytes]:
    """Every content stream: the pages' and their form XObjects' (card backs, frames)."""
    found = []
    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        parts = contents if isinstance(contents, pikepdf.Array) else [contents] if contents else []
        found += [part.read_bytes() for part in parts]  # flattened fields add a stream
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            found.append(obj.read_bytes())
    return found


@pytest.fixture(scope="module")
def press_forms(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Raise Shields' rosters: sheets with form fields, which the press gets flattened, their
    filled-in values drawn in the page."""
    out = tmp_path_factory.mktemp("press_forms")
    only = ("--only", "ship_rosters", "--only", "roster")
    result = run_cli(
        "--rule-data", RULE_DATA, "build", "raise_shields", *only, "--press", "--out", out
    )
    assert result.exit_code == 0, result.output
    return out / "raise_shields"


def test_press_pdfs_use_cmyk_operators_only(press: Path, press_forms: Path) -> None:
    for path in sorted([*press.glob("*.pdf"), *press_forms.glob("*.pdf")]):
        with pikepdf.open(path) as pdf:
            streams = _streams(pdf)
        assert any(CMYK_OPERATORS.search(s) for s in streams), path.name
        for stream in streams:
            assert not RGB_OPERATORS.search(stream), path.name


def test_black_text_prints_on_the_black_plate_alone(press: Path) -> None:
    with pikepdf.open(press / "deck.pdf") as pdf:
        streams = b"".join(_streams(pdf))
    assert b"0 0 0 1 k" in streams  # black text: K 100 %, no four-colour mix


def test_press_pdfs_carry_the_pdfx_output_intent(press: Path) -> None:
    for path in sorted(press.glob("*.pdf")):
        reader = pypdf.PdfReader(path)
        assert reader.pdf_header == "%PDF-1.4"
        info = reader.metadata
        assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        assert info["/Trapped"] == "/False"
        assert info["/Title"]
        intents = reader.trailer["/Root"]["/OutputIntents"]
        assert len(intents) == 1
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX"
        assert intent["/OutputConditionIdentifier"] == "FOGRA39"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4
        assert profile.get_data() == profile_bytes()
        for page in reader.pages:
            assert "/TrimBox" in page
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == []


def test_press_pages_render_like_the_screen_version(press: Path, shields_up: Path) -> None:
    """The same card back, once in RGB and once converted: paper stays white, the navy back
    stays dark and blue (pdfium's own CMYK-to-RGB is naive, hence the loose tolerance)."""
    screen = Raster.of(shields_up / "deck.pdf", 1)
    printed = Raster.of(press / "deck.pdf", 1)
    assert near(printed.at(2, 2), (255, 255, 255), tolerance=3)
    red, _green, blue = screen.at(105, 60)
    pr, pg, pb = printed.at(105, 60)
    assert pb > pr and pb > pg and blue > red
    assert max(pr, pg, pb) < 140


@settings(max_examples=300, deadline=None)
@given(st.tuples(*[st.integers(0, 255)] * 3))
def test_no_colour_exceeds_the_profiles_ink_limit(rgb: tuple[int, int, int]) -> None:
    inks = to_cmyk("#{:02x}{:02x}{:02x}".format(*rgb))
    assert inks.coverage <= 300.5
    assert all(0 <= ink <= 1 for ink in (inks.c, inks.m, inks.y, inks.k))


@pytest.mark.parametrize(
    ("colour", "plates"),
    [("#000000", (0, 0, 0, 1)), ("#ffffff", (0, 0, 0, 0)), ("#808080", (0, 0, 0, 0.498))],
)
def test_neutral_colours_use_the_black_plate_alone(colour: str, plates: tuple) -> None:
    inks = to_cmyk(colour)
    assert (inks.c, inks.m, inks.y, inks.k) == pytest.approx(plates, abs=0.002)


@pytest.mark.parametrize(
    ("colour", "plates"),
    [
        ("#111111", (0, 0, 0, 1)),  # near black: solid, not a 93 % screen
        ("#1a1a1a", (0, 0, 0, 1)),
        ("#333333", (0, 0, 0, 0.8)),  # a grey stays a grey
        ("#1b2a4a", (0, 0, 0, 0.8387)),  # navy: dark grey on the black plate alone
    ],
)
def test_small_text_goes_on_one_plate_and_near_black_prints_solid(
    colour: str, plates: tuple
) -> None:
    inks = to_one_ink(colour)
    assert (inks.c, inks.m, inks.y, inks.k) == pytest.approx(plates, abs=0.002)


def test_colours_keep_their_hue() -> None:
    red, blue = to_cmyk("#ff0000"), to_cmyk("#1565c0")
    assert red.m > 0.8 and red.y > 0.8 and red.c < 0.1
    assert blue.c > 0.8 and blue.y < 0.1


def _picture(mode: str) -> Image.Image:
    """A 37 × 23 picture of every kind of pixel a mode has: colours, and transparency where the
    mode holds it (a palette's through a transparent entry, as PNG states it)."""
    gradient = Image.new("RGBA", (37, 23))
    gradient.putdata(
        [(9 * x % 256, 11 * y % 256, (x * y) % 256, (7 * x + 13 * y) % 256)
         for y in range(23) for x in range(37)]
    )  # fmt: skip
    if mode != "P":
        return gradient.convert(mode)
    picture = gradient.convert("RGB").quantize(16)
    picture.info["transparency"] = 3
    saved = io.BytesIO()
    picture.save(saved, "PNG")  # read back, as a package's PNG is
    return Image.open(saved)


@pytest.mark.parametrize("mode", ["RGBA", "LA", "P", "RGB", "L", "CMYK"])
def test_pictures_convert_to_cmyk_a_band_at_a_time_as_they_would_whole(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Converted in bands of 4 rows (so the last is short), a picture's CMYK pixels are those
    of the whole picture laid on white paper and converted at once through the press profile."""
    picture = _picture(mode)
    whole = Image.alpha_composite(
        Image.new("RGBA", picture.size, (255, 255, 255, 255)), picture.convert("RGBA")
    ).convert("RGB")
    profile = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
    )  # fmt: skip
    expected = ImageCms.applyTransform(whole, transform).tobytes()
    monkeypatch.setattr(press_colour, "BAND_PIXELS", 4 * 37)
    assert bytes(cmyk_pixels(picture)) == expected
    assert len(set(expected[3::4])) > 1  # pixels of several colours, not a blank
