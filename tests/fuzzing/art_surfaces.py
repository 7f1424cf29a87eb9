"""Families for what a piece shows: art files (SVG, PNG, JPEG) and fonts (the `font` and size of
a text, the glyphs it asks for, a font file in the game's folder)."""

from __future__ import annotations

import base64
import io
import os
import struct
import zlib
from pathlib import Path
from typing import Any

from PIL import Image

from fuzzing.draft import Draft, known_attack, load_yaml, save_yaml, yaml_files
from fuzzing.hostile import HOSTILE_NUMBERS
from fuzzing.yaml_mutations import mutate_text

ART_SUFFIXES = (".png", ".svg", ".jpg", ".jpeg")
SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def _chunk(kind: bytes, data: bytes, crc_ok: bool = True) -> bytes:
    crc = zlib.crc32(kind + data) ^ (0 if crc_ok else 1)
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def png(width: int, height: int, rows: tuple[int, int] | None = None, **options: Any) -> bytes:
    """An RGB PNG whose header says `width` × `height` and whose data holds `rows` (w, h)
    pixels: the same size for an honest file, any other for one whose header lies."""
    data_width, data_height = rows or (width, height)
    raw = (b"\x00" + b"\x80" * 3 * data_width) * data_height
    header = struct.pack(">IIBBBBB", width, height, options.get("depth", 8),
                         options.get("colour", 2), 0, 0, options.get("interlace", 0))  # fmt: skip
    body = _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw), options.get("crc", True))
    return b"\x89PNG\r\n\x1a\n" + body + (b"" if options.get("cut") else _chunk(b"IEND", b""))


def jpeg(width: int, height: int) -> bytes:
    """A JPEG that is only its header: a frame of `width` × `height` and no scan data."""
    frame = struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + b"\xff\xc0" + struct.pack(">H", len(frame) + 2) + frame + b"\xff\xd9"


def jpeg_stating_more_rows(width: int, rows: int, stated: int) -> bytes:
    """A whole JPEG of `width` × `rows`, ending as a JPEG does, whose frame states `stated`
    rows: libjpeg fills the rows it lacks with grey and only warns."""
    picture = Image.new("RGB", (width, rows), "#1565c0")
    buffer = io.BytesIO()
    picture.save(buffer, "JPEG")
    data = bytearray(buffer.getvalue())
    frame = data.find(b"\xff\xc0")
    data[frame + 5 : frame + 7] = struct.pack(">H", stated)
    return bytes(data)


def svg(body: str, view_box: str = "0 0 100 100", size: str = "", prolog: str = "") -> bytes:
    return f'{prolog}{SVG_OPEN} viewBox="{view_box}"{size}>{body}</svg>'.encode()


SVG_EXTRAS = ("", ' d="M0 0 L1e308 1e308 Z"', ' points="0,0 nan,1 5,5"',
              ' transform="scale(1e308)"', ' transform="rotate(nan)"', ' href="#self"',
              ' id="self"', ' fill="url(#self)"', ' style="x:y"')  # fmt: skip
VIEW_BOXES = ("0 0 1e308 1e308", "0 0 0 0", "0 0 -100 100", "0 0 nan 100", "0 0 inf inf",
              "0 0 1e-308 1e-308", "-1e308 -1e308 1e308 1e308", "0 0 100", "")  # fmt: skip
NUMBERS = ("0", "-1", "1e308", "-1e308", "1e-308", "nan", "inf", "50", "100000", "3.5e38")
ELEMENTS = ("rect", "circle", "ellipse", "line", "path", "polygon", "text", "g", "use", "image")


def random_svg(rng: Any) -> bytes:
    parts = []
    for _ in range(rng.randint(1, 30)):
        tag = rng.choice(ELEMENTS)
        attributes = " ".join(
            f'{name}="{rng.choice(NUMBERS)}"'
            for name in rng.sample(
                (
                    "x",
                    "y",
                    "width",
                    "height",
                    "r",
                    "cx",
                    "cy",
                    "rx",
                    "stroke-width",
                    "font-size",
                    "opacity",
                ),
                rng.randint(0, 4),
            )
        )
        extra = rng.choice(SVG_EXTRAS)
        parts.append(f"<{tag} {attributes}{extra}>{'T' if tag == 'text' else ''}</{tag}>")
    return svg("".join(parts), rng.choice(("0 0 100 100", *VIEW_BOXES)))


def known_svg(draft: Draft) -> tuple[bytes, str]:
    rng = draft.rng
    attack = rng.randrange(10)
    if attack == 0:
        count = rng.choice((10_000, 100_000, 400_000))
        return svg('<path d="M0 0h1"/>' * count), f"{count:,} elements"
    if attack == 1:
        view_box = rng.choice(VIEW_BOXES)
        return svg('<circle cx="50" cy="50" r="40"/>', view_box), f"viewBox {view_box!r}"
    if attack == 2:
        size = rng.choice((' width="1e308" height="1e308"', ' width="0" height="0"', ' width="-5"'))
        return svg('<circle cx="50" cy="50" r="40"/>', size=size), f"size{size}"
    if attack == 3:
        levels = ['<path id="u0" d="M0 0h1"/>'] + [
            f'<g id="u{i}">' + f'<use xlink:href="#u{i - 1}"/>' * 10 + "</g>" for i in range(1, 9)
        ]
        return svg("<defs>" + "".join(levels) + '</defs><use xlink:href="#u8"/>'), "a <use> bomb"
    if attack == 4:
        depth = rng.choice((100, 255, 300))
        return svg(
            "<g>" * depth + "<rect width='1' height='1'/>" + "</g>" * depth
        ), f"groups {depth} deep"
    if attack == 5:
        stops = "".join(f'<stop offset="{i / 10000}"/>' for i in range(10_000))
        body = (
            f'<defs><linearGradient id="g">{stops}</linearGradient>'
            '<pattern id="p" width="1" height="1"><rect fill="url(#p)" width="1" height="1"/>'
            '</pattern></defs><rect fill="url(#g)" width="50" height="50"/>'
            '<rect fill="url(#p)" width="50" height="50"/>'
        )
        return svg(body), "10,000 gradient stops and a pattern that fills itself"
    if attack == 6:
        lying = base64.b64encode(png(4000, 4000, rows=(1, 1))).decode()
        return svg(
            f'<image width="10" height="10" href="data:image/png;base64,{lying}"/>'
        ), "an embedded PNG whose header lies"
    if attack == 7:
        draft.refuse("SVG art that refers to a file")
        return svg(
            '<image width="10" height="10" href="file:///etc/hostname"/>'
        ), "a reference to a file"
    if attack == 8:
        secret = draft.secret_file()
        prolog = f'<!DOCTYPE svg [<!ENTITY leak SYSTEM "file://{secret}">]>'
        return svg(
            "<text>&leak;</text>", prolog=prolog
        ), "an external entity naming a file outside the game"
    return svg(
        '<text font-size="1e308" x="1e308">W</text><circle r="1e308" stroke-width="1e308"/>'
    ), "numbers at the edge of float"


LYING_JPEG = "a JPEG whose header states rows its data lacks"


def known_raster(draft: Draft) -> tuple[bytes, str, str]:
    rng = draft.rng
    attack = rng.randrange(9)
    if attack == 0:
        size = rng.choice((4000, 7000))
        return (
            png(size, size, rows=(1, 1)),
            ".png",
            f"a PNG whose header says {size} × {size} over 1 pixel",
        )
    if attack == 1:
        return (
            png(1, 1, rows=(100, 100)),
            ".png",
            "a PNG whose header says 1 × 1 over 100 × 100 pixels",
        )
    if attack == 2:
        return png(10, 10, crc=False), ".png", "a PNG with a bad CRC"
    if attack == 3:
        return png(10, 10, cut=True)[: rng.randrange(8, 60)], ".png", "a PNG cut short"
    if attack == 4:
        width, height = rng.choice(((0, 0), (10_000, 5001), (2**31 - 1, 1), (1, 50_000_001)))
        return png(width, height, rows=(1, 1)), ".png", f"a PNG of {width} × {height}"
    if attack == 5:
        return png(16, 16, colour=3), ".png", "a palette PNG without a palette"
    if attack == 6:
        return (
            png(64, 64, interlace=1, rows=(2, 2)),
            ".png",
            "an interlaced PNG whose data is short",
        )
    if attack == 7:
        rows = rng.choice((1, 50, 80))  # whole rows of 16-pixel blocks short of 100
        return jpeg_stating_more_rows(100, rows, 100), ".jpg", f"{LYING_JPEG}: {rows} of 100 rows"
    width, height = rng.choice(((65500, 65500), (7000, 7000), (0, 0)))
    return jpeg(width, height), ".jpg", f"a JPEG header of {width} × {height} and no picture"


def _art_target(draft: Draft, suffix: str) -> Path | None:
    """An art file of the game with `suffix`, or a new one put where the package names another
    file literally; None when the game's art is named only through templates of another type."""
    files = sorted(p for p in draft.game.rglob("*") if p.suffix.lower() in ART_SUFFIXES)
    same = [p for p in files if p.suffix.lower() == suffix]
    if same:
        return draft.rng.choice(same)
    texts = {path: path.read_text(encoding="utf-8") for path in yaml_files(draft.game)}
    named = [p for p in files if any(p.name in text for text in texts.values())]
    if not named:
        return None
    replaced = draft.rng.choice(named)
    target = replaced.with_name(f"fuzz{suffix}")
    for path, text in texts.items():
        path.write_text(text.replace(replaced.name, target.name), encoding="utf-8")
    return target


def mutate_art(draft: Draft) -> None:
    """One art file replaced: a known attack (SVG, PNG, JPEG, a link), a random SVG, or the
    shipped file with its bytes mutated."""
    rng = draft.rng
    operation = rng.randrange(4) if known_attack(rng) else rng.randrange(4, 6)
    raster = known_raster(draft) if operation in (1, 2) else None
    path = _art_target(draft, raster[1]) if raster else None
    if raster and path:
        data, change = raster[0], raster[2]
        if change.startswith(LYING_JPEG):
            draft.refuse(LYING_JPEG)  # validate once passed it, and the piece printed grey
    elif operation in (0, 1, 2):  # a game whose art is all SVG named by templates
        data, change = known_svg(draft)
        path = _art_target(draft, ".svg")
    elif operation == 3:
        path = _art_target(draft, ".svg") or _art_target(draft, ".png")
        assert path is not None
        path.unlink(missing_ok=True)
        kind = rng.choice(("secret", "fifo", "folder"))
        if kind == "secret":
            path.symlink_to(draft.secret_file())
        elif kind == "fifo":
            os.mkfifo(path)
        else:
            path.mkdir()
        draft.refuse(f"art that is a {kind} link or special file")
        draft.note(f"{path.relative_to(draft.game)} is a {kind}")
        return
    elif operation == 4:
        data, change = random_svg(rng), "a random SVG"
        path = _art_target(draft, ".svg")
    else:
        path = _art_target(draft, rng.choice((".svg", ".png"))) or _art_target(draft, ".svg")
        assert path is not None
        data, change = mutate_text(rng, path.read_bytes()) if path.exists() else (b"", "empty")
    assert path is not None
    path.write_bytes(data)
    draft.note(f"{path.relative_to(draft.game)}: {change}")


def art_games(candidates: list[Path]) -> list[Path]:
    return [g for g in candidates if any(p.suffix.lower() in ART_SUFFIXES for p in g.rglob("*"))]


# --- fonts ----------------------------------------------------------------------------------------

FONT_NAMES = ("Helvetica", "DejaVuSans.ttf", "../fonts/x.ttf", "fonts/evil.ttf", "", "Bold",
              "bold ", "bold-italic", "italic", "symbol", "x" * 200, None, 12,
              "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # fmt: skip
GLYPHS = ("🂡🃏🀄", "漢字かな", "مرحبا بالعالم", "e" + "\u0301" * 200, "a\u200db\u200cc\ufeff",
          "\ufffd\ue000\U0010fffd", "\U000e0041\U000e0042", "ﷺ" * 50, "x" * 5000,
          "word " * 5000, "\n" * 500 + "end", "**bold *both** end*", ":nope: :bolt:",
          "<b>raw</b> &amp; &#0;", "\u2028\u2029", "Ａ" * 100)  # fmt: skip
SIZES = ("0.001pt", "1000pt", "1e308pt", "0pt", "-1pt", "6pt", "100m", "nan pt")


def _text_regions(game: Path) -> list[tuple[Path, dict[str, Any], dict[str, Any]]]:
    """Every mapping with a `text` under layouts or materials (card regions, sheet elements):
    (file, tree, the mapping)."""
    found = []

    def walk(path: Path, tree: Any, node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("text"), str):
                found.append((path, tree, node))
            for value in node.values():
                walk(path, tree, value)
        elif isinstance(node, list):
            for value in node:
                walk(path, tree, value)

    for path in yaml_files(game):
        tree = load_yaml(path)
        if isinstance(tree, dict):
            walk(path, tree, [tree.get("layouts"), tree.get("materials")])
    return found


def mutate_fonts(draft: Draft) -> None:
    """A text's font name, size or glyphs, or a font file (garbage or cut short) in the game's
    folder that a text names."""
    rng = draft.rng
    path, tree, region = rng.choice(_text_regions(draft.game))
    operation = rng.randrange(5)
    if operation == 0:
        region["font"] = rng.choice(FONT_NAMES)
        change = f"font = {region['font']!r:.60}"
    elif operation == 1:
        region["text"] = rng.choice(GLYPHS)
        change = f"text = {region['text']!r:.60}"
    elif operation == 2:
        region["size"], region["min_size"] = (
            rng.choice(SIZES),
            rng.choice((*SIZES, *HOSTILE_NUMBERS[:3])),
        )
        change = f"size {region['size']!r}, min_size {region['min_size']!r}"
    elif operation == 3:
        fonts = draft.game / "fonts"
        fonts.mkdir(exist_ok=True)
        real = Path(__file__).resolve().parents[2] / "printkit/draw/fonts/DejaVuSansCondensed.ttf"
        data = real.read_bytes()
        data = rng.choice((data[: rng.randrange(len(data))], bytes(range(256)) * 64, b""))
        (fonts / "evil.ttf").write_bytes(data)
        for layout in (tree.get("layouts") or {}).values():  # named as a layout's own font
            own = layout.setdefault("fonts", {}) if isinstance(layout, dict) else None
            if isinstance(own, dict):
                own["evil"] = "fonts/evil.ttf"
        region["font"] = rng.choice(("fonts/evil.ttf", "evil", "bold"))
        change = f"a damaged font file, font = {region['font']!r}"
    else:
        region["font"] = rng.choice(FONT_NAMES)
        region["text"] = rng.choice(GLYPHS)
        change = f"font {region['font']!r:.40}, text {region['text']!r:.40}"
    draft.note(f"{path.name}: {change}")
    save_yaml(path, tree)


def font_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if _text_regions(game)]
