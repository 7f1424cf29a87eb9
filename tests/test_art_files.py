"""Art files a package holds but printkit must not trust: SVG that reaches outside its file, is
broken or has no size; pictures that are misnamed, damaged or too large to decode; paths that
leave the game's folder. Each is one diagnostic at the region's `image:` line, nothing is read
from outside the folder, and stderr carries diagnostics only (no log line of svglib, no warning
of Pillow). tests/data/broken/art_* hold one committed case of each kind; what needs this
machine's paths (links, absolute paths, a file beside the game's folder) is made here."""

from __future__ import annotations

import base64
import io
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from support import GOOD, REPO, Reported, files_under, parse_diagnostics, run_cli

from printkit.draw.images import jpeg_markers
from printkit.draw.svg_art import css_urls

REGION = """      emblem:
        kind: image
        x: 4mm
        y: 55mm
        width: 20mm
        height: 20mm
        image: {image}
"""
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'width="100" height="100">\n{body}\n</svg>\n'
)


def _game(tmp_path: Path, files: dict[str, bytes], image: str = "art/emblem.svg") -> Path:
    """The minimal deck with a fixed image region showing `image`, and `files` in its folder."""
    folder = tmp_path / "rule_data" / "game"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    anchor = "        min_size: 6pt\n"
    game.write_text(game.read_text().replace(anchor, anchor + REGION.format(image=image), 1))
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def _only_problem(folder: Path) -> Reported:
    """The one diagnostic of the package, which must be at its image region's `image:` line."""
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    (problem,) = parse_diagnostics(result.output)
    lines = (folder / "game.yaml").read_text().splitlines()
    assert lines[problem.line - 1].lstrip().startswith("image:"), result.output
    assert problem.hint, result.output
    return problem


def _png(size: tuple[int, int] = (4, 4), fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, fmt)
    return buffer.getvalue()


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims a size its data does not hold: a reader that decodes it before
    checking the size fails differently, or takes gigabytes."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    )


def _data_uri(data: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


@pytest.mark.parametrize(
    ("svg", "reference", "line"),
    [
        (SVG.format(body='<image xlink:href="../../../secret.png" width="50" height="50"/>'),
         "../../../secret.png", 2),
        (SVG.format(body='<image href="{secret}" width="50" height="50"/>'), "{secret}", 2),
        (SVG.format(body='<image href="file://{secret}" width="50" height="50"/>'),
         "file://{secret}", 2),
        (SVG.format(body='<rect width="9" height="9"/>\n<use xlink:href="other.svg#shape"/>'),
         "other.svg#shape", 3),
        (SVG.format(body="<rect width=\"9\" height=\"9\" style=\"fill: url('tile.svg#p')\"/>"),
         "tile.svg#p", 2),
        (SVG.format(body='<style>@import url("look.css");</style>'), "look.css", 2),
        ('<?xml-stylesheet href="look.css" type="text/css"?>\n' + SVG.format(body=""),
         "look.css", 1),
        (SVG.format(body='<rect id="box" width="9" height="9"/>\n<use href=" #box"/>'),
         " #box", 3),
    ],
    ids=[
        "relative", "absolute", "file URI", "use", "CSS url", "CSS import", "style sheet",
        "spaced fragment",  # svglib reads ' #box' as the path of a file named ' '
    ],
)  # fmt: skip
def test_svg_art_that_refers_to_another_file_is_refused(
    tmp_path: Path, svg: str, reference: str, line: int
) -> None:
    """The README promises only the game's folder is read: an SVG naming a picture beside the
    folder made printkit print it. Now the SVG is refused and the picture never read."""
    secret = tmp_path / "secret.png"
    secret.write_bytes(_png())
    folder = _game(tmp_path, {"art/emblem.svg": svg.replace("{secret}", str(secret)).encode()})
    problem = _only_problem(folder)
    assert problem.code == "PK811"
    assert f"refers to '{reference.replace('{secret}', str(secret))}'" in problem.message
    assert f"at line {line} of the file" in problem.message
    assert "data: URI" in problem.hint
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--out", out)
    assert result.exit_code == 1
    assert files_under(out) == []


def test_an_svg_declaring_an_external_entity_is_refused(tmp_path: Path) -> None:
    svg = (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY name SYSTEM "/etc/hostname">]>\n'
        + SVG.format(body="<text>&name;</text>")
    )
    problem = _only_problem(_game(tmp_path, {"art/emblem.svg": svg.encode()}))
    assert problem.code == "PK811"
    assert "the external entity 'name' ('/etc/hostname')" in problem.message


@pytest.mark.parametrize("uri", ["data:image/gif;base64,R0lGOD", "data:x.png"])
def test_an_svg_reference_to_data_svglib_cannot_draw_is_refused(tmp_path: Path, uri: str) -> None:
    """svglib draws PNG and JPEG data URIs and takes any other for a file's path: a file named
    'data:x.png' beside the SVG, or a link by that name, would be read."""
    svg = SVG.format(body=f'<image href="{uri}" width="9" height="9"/>')
    problem = _only_problem(_game(tmp_path, {"art/emblem.svg": svg.encode()}))
    assert problem.code == "PK811"
    assert f"embeds data that cannot be drawn at line 2 of the file ('{uri}')" in problem.message
    assert "PNG or JPEG" in problem.hint


def test_svg_art_may_refer_to_itself_and_to_embedded_pictures(tmp_path: Path) -> None:
    """What a self-contained drawing uses is kept: `#id` references, url(#id) fills, a standard
    DOCTYPE (not fetched) and a picture in a data URI. svglib's complaint about a colour it
    cannot read stays off stderr."""
    body = (
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>'
        '<rect id="box" width="20" height="20"/></defs>\n'
        '<rect width="100" height="50" style="fill: url(#g)"/>\n'
        '<use xlink:href="#box" fill="notacolour"/>\n'
        f'<image href="{_data_uri(_png())}" x="50" y="50" width="50" height="50"/>'
    )
    doctype = (
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
    )
    folder = _game(tmp_path, {"art/emblem.svg": (doctype + SVG.format(body=body)).encode()})
    completed = _printkit("build", "--out", tmp_path / "out", rule_data=folder.parent)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr.strip() == "", completed.stderr
    assert (tmp_path / "out" / "game" / "sheet.pdf").is_file()


def _printkit(*args: str | Path, rule_data: Path) -> subprocess.CompletedProcess[str]:
    """printkit in a process of its own, where a library's log line or warning would reach
    stderr as a user sees it (in-process, pytest would catch the warning)."""
    command = [sys.executable, "-m", "printkit", "--rule-data", str(rule_data), *map(str, args)]
    return subprocess.run(
        command, cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("files", "image", "said"),
    [
        ({"art/emblem.svg": b""}, "art/emblem.svg", "is an empty file"),
        ({"art/emblem.png": _png_claiming(10_000, 10_000)}, "art/emblem.png", "10000 × 10000"),
        (
            {"art/emblem.svg": SVG.format(
                body=f'<image href="{_data_uri(_png_claiming(10_000, 10_000))}" '
                'width="9" height="9"/>').encode()},
            "art/emblem.svg",
            "embeds a picture at line 2 of the file that is 10000 × 10000 pixels",
        ),
    ],
    ids=["empty SVG", "large picture", "large picture in an SVG"],
)  # fmt: skip
def test_stderr_holds_the_diagnostic_and_nothing_else(
    tmp_path: Path, files: dict[str, bytes], image: str, said: str
) -> None:
    """svglib logged 'Failed to load input file!' for an empty SVG, Pillow warned of a
    'DecompressionBombWarning' for a large picture (and took seconds and gigabytes): the
    diagnostic says what is wrong, and is all there is."""
    folder = _game(tmp_path, files, image)
    completed = _printkit("validate", rule_data=folder.parent)
    lines = completed.stderr.strip().splitlines()
    assert completed.returncode == 1, completed.stderr
    assert len(lines) == 3, completed.stderr  # the diagnostic, its hint, the count
    assert "error[PK811]" in lines[0] and said in lines[0]


def test_a_picture_too_large_is_refused_from_its_header_with_the_size_it_needs(
    tmp_path: Path,
) -> None:
    """Its data is never decoded (this one's holds one byte): the header says 100 million
    pixels, and the hint gives what a 20 mm region needs at 300 dpi."""
    folder = _game(tmp_path, {"art/emblem.png": _png_claiming(20_000, 5_000)}, "art/emblem.png")
    problem = _only_problem(folder)
    assert problem.code == "PK811"
    assert "20000 × 5000 pixels, more than the 50 million" in problem.message
    assert problem.hint == "scale it down to 237 × 60 pixels, what the region needs at 300 dpi"


@pytest.mark.parametrize(
    ("name", "data", "said", "hint"),
    [
        ("emblem.png", _png(fmt="GIF"), "holds GIF data, not PNG", "convert it to PNG"),
        ("emblem.png", _png(fmt="WEBP"), "holds WebP data, not PNG", "convert it to PNG"),
        ("emblem.jpg", _png(), "holds PNG data, not JPEG", "rename it to end in .png"),
        ("emblem.png", _png()[:60], "cannot be read as PNG", "damaged"),
        ("emblem.jpeg", b"\xff\xd8\xff\xe0 no more", "cannot be read as JPEG", "damaged"),
        ("emblem.png", b"GIF8", "cannot be read as PNG: it does not begin as a PNG file does",
         "damaged"),
    ],
    ids=["GIF", "WebP", "PNG named jpg", "truncated", "JPEG header only", "four bytes"],
)  # fmt: skip
def test_a_picture_must_be_what_its_name_says_and_whole(
    tmp_path: Path, name: str, data: bytes, said: str, hint: str
) -> None:
    """The README says art is PNG or JPEG: Pillow read a GIF or WebP named .png. A damaged
    file is named as the package names it, never by its absolute path."""
    folder = _game(tmp_path, {f"art/{name}": data}, f"art/{name}")
    problem = _only_problem(folder)
    assert problem.code == "PK811"
    assert problem.message.startswith(f"image 'art/{name}' {said}")
    assert hint in problem.hint
    assert str(tmp_path) not in problem.message + problem.hint


def test_an_absolute_path_inside_the_game_folder_is_named_as_absolute(tmp_path: Path) -> None:
    """It lies inside the folder, so 'outside the game's folder' was wrong: the hint gives
    the path to write instead."""
    folder = tmp_path / "rule_data" / "game"
    folder = _game(tmp_path, {"art/emblem.png": _png()}, f"{folder}/art/emblem.png")
    problem = _only_problem(folder)
    assert problem.code == "PK810"
    assert "is absolute" in problem.message
    assert problem.hint == "write it relative to the game's folder: 'art/emblem.png'"


def test_a_link_out_of_the_folder_is_refused_and_never_suggested(tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(_png())
    folder = _game(tmp_path, {"art/other.svg": SVG.format(body="").encode()})
    (folder / "art" / "emblem.png").symlink_to(tmp_path / "secret.png")
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("art/emblem.svg", "art/emblem.png"))
    problem = _only_problem(folder)
    assert problem.code == "PK810"
    assert "'art/emblem.png' links to a file outside the game's folder" in problem.message
    assert "instead of linking to it" in problem.hint

    game.write_text(game.read_text().replace("art/emblem.png", "art/emblen.png"))
    problem = _only_problem(folder)
    assert "no image 'art/emblen.png'" in problem.message
    assert "emblem.png" not in problem.hint  # the link is no file a path may name


def test_low_resolution_of_a_fixed_image_is_the_files_not_a_cards(tmp_path: Path) -> None:
    """A region whose path has no template shows the same file on every card: the warning is
    at its `image:` line and names no card (it was at the first card's data row)."""
    folder = _game(tmp_path, {"art/emblem.png": _png((1, 1))}, "art/emblem.png")
    problem = _only_problem(folder)
    assert problem.code == "PK812"
    said = "image 'art/emblem.png' in region 'emblem' prints at 1.3 dpi, below 300"
    assert problem.message == said


def test_a_font_family_in_svg_art_opens_no_file_of_the_machine(tmp_path: Path) -> None:
    """svglib guesses a font file from a family ('<family>.ttf') and opens it, and asks
    fc-match for the rest: a family naming a named pipe hung the build for ever. Every family
    is one of printkit's embedded faces, found without the file system; the text is drawn."""
    pipe = tmp_path / "pipe.ttf"
    os.mkfifo(pipe)
    text = (
        f'<text x="10" y="30" font-family="{tmp_path / "pipe"}">Hi</text>'
        '<text x="10" y="60" font-family="No Such Family" font-style="italic">there</text>'
        '<text x="10" y="90" font-family="Arial" font-weight="bold">again</text>'
    )
    folder = _game(tmp_path, {"art/emblem.svg": SVG.format(body=text).encode()})
    result = _printkit("build", "game", "--out", tmp_path / "out", rule_data=folder.parent)
    assert result.returncode == 0, result.stderr
    page = pypdf.PdfReader(tmp_path / "out" / "game" / "sheet.pdf").pages[0]
    assert {"Hi", "there", "again"} <= set(page.extract_text().split())
    fonts = {str(f) for f in _font_names(page)}
    assert fonts and all("+DejaVuSansCondensed" in font for font in fonts), fonts  # embedded
    assert any(font.endswith("-Bold") for font in fonts)  # the bold family as bold


def _font_names(page: pypdf.PageObject) -> set[str]:
    """The base fonts a page and the forms it places name."""
    found: set[str] = set()
    pending = [page["/Resources"]]
    while pending:
        resources = pending.pop().get_object()
        for font in resources.get("/Font", {}).values():
            found.add(font.get_object()["/BaseFont"])
        for xobject in resources.get("/XObject", {}).values():
            inner = xobject.get_object().get("/Resources")
            if inner is not None:
                pending.append(inner)
    return found


@pytest.mark.parametrize(
    ("css", "named"),
    [
        ("fill: url(#a); stroke: URL( 'http://x' )", ["#a", "http://x"]),
        ('background: url("data:image/png;base64,AA")', ["data:image/png;base64,AA"]),
        ("url(  #g )", ["#g"]),
        ("url(" * 200_000, []),  # never closed: read once, not once from every 'url('
        ("/* " + "İ" * 40 + " */ rect { fill: url(http://x/y.svg#p) }", ["http://x/y.svg#p"]),
    ],
    ids=["two", "data", "spaces", "200,000 unclosed", "a letter that lowers to two"],
)
def test_css_urls_are_read_in_one_pass(css: str, named: list[str]) -> None:
    assert list(css_urls(css)) == named


def _jpeg(progressive: bool, exif_thumbnail: bool = False) -> bytes:
    """A JPEG as Pillow writes it; with a second, baseline JPEG inside an APP1 segment after
    the SOI, as a camera's EXIF thumbnail stands."""
    file = io.BytesIO()
    Image.new("RGB", (300, 200), (10, 200, 30)).save(file, "JPEG", progressive=progressive)
    data = file.getvalue()
    if not exif_thumbnail:
        return data
    thumbnail = io.BytesIO()
    Image.new("RGB", (16, 16), (0, 0, 0)).save(thumbnail, "JPEG")
    payload = b"Exif\x00\x00" + thumbnail.getvalue()
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + data[2:]


@pytest.mark.parametrize(
    ("progressive", "thumbnail", "scans"), [(False, False, 1), (True, False, 10), (True, True, 10)]
)
def test_a_jpeg_s_scans_are_counted_from_its_markers(
    progressive: bool, thumbnail: bool, scans: int
) -> None:
    """A baseline JPEG has one scan, a progressive one as Pillow writes it ten; a thumbnail's
    scan inside an APP segment is not the picture's."""
    assert jpeg_markers(_jpeg(progressive, thumbnail))[1] == scans


def test_a_png_of_more_chunks_than_any_encoder_writes_is_refused_unread(tmp_path: Path) -> None:
    """An 8 × 8 PNG with 100,001 empty private chunks before its pixels (1.2 MB, made here):
    Pillow walks every chunk of the header (4 million took 25 s), so the chunks are counted
    first and the picture refused (PK811) before Pillow reads it."""
    picture = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 10, 10)).save(picture, "PNG")
    data = picture.getvalue()
    empty = struct.pack(">I", 0) + b"prVt" + struct.pack(">I", zlib.crc32(b"prVt"))
    header_end = 8 + 25  # the signature, then IHDR (13 bytes of data)
    padded = data[:header_end] + empty * 100_001 + data[header_end:]
    folder = _game(tmp_path, {"art/emblem.png": padded}, "art/emblem.png")
    result = run_cli("--rule-data", folder.parent, "validate", "--no-simulate")
    [problem] = parse_diagnostics(result.output)
    assert problem.code == "PK811" and "more than 100,000 chunks" in problem.message


def test_a_material_s_art_files_are_bounded_in_bytes_before_any_is_read(tmp_path: Path) -> None:
    """Three distinct files of 49 MB, each a 10 × 10 PNG padded after its end (sparse files,
    linked): pixels are no measure of them, and every file read is held for the outputs (80 of
    them took 3.5 GB). The third passes the 100 MB one material may read: PK809, unread."""
    small = io.BytesIO()
    Image.new("RGB", (10, 10), (200, 10, 10)).save(small, "PNG")
    folder = tmp_path / "rule_data" / "game"
    shutil.copytree(GOOD / "minimal_deck", folder)
    (folder / "art").mkdir()
    padded = folder / "art" / "p0.png"
    with padded.open("wb") as file:
        file.write(small.getvalue())
        file.truncate(49 * 2**20)
    for index in range(1, 3):
        os.link(padded, folder / "art" / f"p{index}.png")
    game = folder / "game.yaml"
    anchor = "        min_size: 6pt\n"
    regions = "".join(
        REGION.replace("emblem:", f"art{index}:").format(image=f"art/p{index}.png")
        for index in range(3)
    )
    game.write_text(game.read_text().replace(anchor, anchor + regions, 1))
    result = run_cli("--rule-data", folder.parent, "validate", "--no-simulate")
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK809"]
    assert [d.message for d in found] == [
        "image 'art/p2.png' brings the distinct art files of this material to 147 MB, more "
        "than the 100 MB one material may read"
    ]
