"""Families for what a designer adds to a card's look (issue 22): the game's own fonts (a
layout's `fonts:` and `fallback:`, font files in the game's folder) and picture icons (a deck's
`icons:` map, icon art files, `:name:` in card text)."""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any

from fuzzing.art_surfaces import LYING_JPEG, known_raster, known_svg, random_svg
from fuzzing.draft import Draft, known_attack, load_yaml, save_yaml, yaml_files
from fuzzing.hostile import HOSTILE_STRINGS, HOSTILE_STRUCTURES
from fuzzing.yaml_mutations import mutate_subtree, mutate_text

REPO = Path(__file__).resolve().parents[2]
BUILT_IN_FONT = REPO / "printkit/draw/fonts/DejaVuSansCondensed.ttf"
SYSTEM_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_TABLES = (b"head", b"hhea", b"maxp", b"cmap", b"glyf", b"loca", b"hmtx", b"OS/2", b"name",
               b"post")  # fmt: skip
SCRIPTS = ("山札からカードを引く", "漢字", "한국어", "שלום", "مرحبا", "नमस्ते", "ไทย", "🂡🃏",
           "e\u0301\u0301\u0301", "\u202eevil", "x" * 3000, "Ａ" * 200)  # fmt: skip


def _layouts(game: Path) -> list[tuple[Path, dict[str, Any], str]]:
    """Every card or counter layout (one with regions): (file, tree, layout name)."""
    found = []
    for path in yaml_files(game):
        tree = load_yaml(path)
        layouts = tree.get("layouts") if isinstance(tree, dict) else None
        for name, layout in (layouts if isinstance(layouts, dict) else {}).items():
            if isinstance(layout, dict) and isinstance(layout.get("regions"), dict):
                found.append((path, tree, name))
    return found


def _text_regions(layout: dict[str, Any]) -> list[dict[str, Any]]:
    regions = layout["regions"].values()
    return [r for r in regions if isinstance(r, dict) and isinstance(r.get("text"), str)]


# --- font files ----------------------------------------------------------------------------------


def _tables(data: bytes) -> dict[bytes, tuple[int, int, int]]:
    """A TrueType file's table directory: tag -> (where its record is, offset, length)."""
    count = struct.unpack(">H", data[4:6])[0]
    found = {}
    for index in range(count):
        at = 12 + 16 * index
        tag, _, offset, length = struct.unpack(">4sIII", data[at : at + 16])
        found[tag] = (at, offset, length)
    return found


def damaged_font(draft: Draft, data: bytes) -> tuple[bytes, str]:
    """A real font with one structure made to lie: a table past the end, a zero em, no glyphs
    or 65,535 of them, embedding forbidden, a table of noise; or the file cut or mutated."""
    rng = draft.rng
    font = bytearray(data)
    tables = _tables(data)
    operation = rng.randrange(9)
    if operation == 0:
        tag = rng.choice(sorted(tables))
        at, _, _ = tables[tag]
        field, value = rng.choice(((8, 0xFFFFFFF0), (12, 0xFFFFFFFF), (12, 0), (8, 0)))
        struct.pack_into(">I", font, at + field, value)
        return bytes(font), f"table {tag.decode()} {('offset', 'length')[field // 12]} = {value}"
    if operation == 1:
        em = rng.choice((0, 1, 0xFFFF))
        struct.pack_into(">H", font, tables[b"head"][1] + 18, em)
        return bytes(font), f"unitsPerEm = {em}"
    if operation == 2:
        glyphs = rng.choice((0, 1, 0xFFFF))
        struct.pack_into(">H", font, tables[b"maxp"][1] + 4, glyphs)
        return bytes(font), f"numGlyphs = {glyphs}"
    if operation == 3:
        metrics = rng.choice((0, 0xFFFF))
        struct.pack_into(">H", font, tables[b"hhea"][1] + 34, metrics)
        return bytes(font), f"numberOfHMetrics = {metrics}"
    if operation == 4:
        fs_type = rng.choice((0x0002, 0x0200, 0x0202))
        struct.pack_into(">H", font, tables[b"OS/2"][1] + 8, fs_type)
        draft.refuse("a font whose licence bits forbid embedding or subsetting")
        return bytes(font), f"fsType = {fs_type:#06x}"
    if operation == 5:
        tag = rng.choice([t for t in (b"cmap", b"glyf", b"loca", b"hmtx", b"name") if t in tables])
        _, offset, length = tables[tag]
        noise = bytes(rng.randrange(256) for _ in range(min(length, 4096)))
        font[offset : offset + len(noise)] = noise
        return bytes(font), f"table {tag.decode()} overwritten with noise"
    if operation == 6:
        struct.pack_into(">H", font, 4, rng.choice((0, 0xFFFF)))
        return bytes(font), "a table count that lies"
    if operation == 7:
        cut = rng.randrange(12, len(data))
        return data[:cut], f"cut at byte {cut} of {len(data)}"
    return mutate_text(rng, data)


def _font_file(draft: Draft, path: Path) -> str:
    """Write a font file the layout will name: damaged, not a font, huge, or a link or special
    file in its place."""
    rng = draft.rng
    path.parent.mkdir(parents=True, exist_ok=True)
    source = path if path.is_file() and not path.is_symlink() else BUILT_IN_FONT
    original = source.read_bytes()
    path.unlink(missing_ok=True)
    kind = rng.choice((0, 0, 0, 1, 2, 3, 4, 5, 6))  # a damaged real font most often
    if kind == 0:
        data, change = damaged_font(draft, original)
        path.write_bytes(data)
        return change
    if kind == 1:
        path.write_bytes(rng.choice((b"", b"\x00\x01\x00\x00", bytes(range(256)) * 64,
                                     b"wOFF" + bytes(100), b"ttcf" + bytes(60),
                                     b"OTTO" + bytes(200), random_svg(rng))))  # fmt: skip
        draft.refuse("a font file that is not a usable font")
        return "not a font"
    if kind == 2:
        with path.open("wb") as sparse:  # a 21 MB file that takes no disk
            sparse.truncate(21 * 2**20)
        draft.refuse("a font file past its size bound")
        return "21 MB of zeros"
    if kind == 3:
        path.symlink_to(draft.secret_file())
        draft.refuse("a font that is a link out of the game's folder")
        return "a link to a file outside the game"
    if kind == 4:
        path.symlink_to(SYSTEM_FONT if Path(SYSTEM_FONT).exists() else BUILT_IN_FONT)
        draft.refuse("a font that is a link out of the game's folder")
        return "a link to a real font outside the game"
    if kind == 5:
        if rng.random() < 0.5:
            os.mkfifo(path)
        else:
            path.mkdir()
        draft.refuse("a font that is a named pipe or a folder")
        return "a named pipe or a folder"
    path.write_bytes(BUILT_IN_FONT.read_bytes())
    return "a copy of DejaVu Sans Condensed"


def mutate_own_fonts(draft: Draft) -> None:
    """One layout's own fonts: a damaged or hostile font file it names, a path out of the
    folder, a `fallback:` list of the wrong shape, fonts that extend in a circle, text only a
    fallback can print; or a random change of its `fonts:`/`fallback:`."""
    rng = draft.rng
    path, tree, name = rng.choice(_layouts(draft.game))
    layout = tree["layouts"][name]
    fonts = layout.setdefault("fonts", {}) if isinstance(layout.get("fonts"), dict) else {}
    layout["fonts"] = fonts
    regions = _text_regions(layout)
    region = rng.choice(regions) if regions else {}
    operation = rng.randrange(6) if known_attack(rng) else rng.randrange(9)
    if operation == 0:
        file = rng.choice((*fonts.values(), "fonts/fuzz.ttf"))
        change = _font_file(draft, draft.game / file)
        font = next((k for k, v in fonts.items() if v == file), "fuzz")
        fonts[font] = file
        region["font"] = font
        change = f"{file}: {change}"
    elif operation == 1:
        file = rng.choice(("../../outside/secret.txt", "/etc/hostname", SYSTEM_FONT, "fonts/",
                           "fonts/../../../etc/passwd", "~/x.ttf", "C:\\\\x.ttf", "fonts/nope.ttf",
                           "x" * 5000 + ".ttf", "fonts/\x00.ttf", "", "."))  # fmt: skip
        if file.startswith("../../outside"):
            draft.secret_file()
        fonts["fuzz"] = file
        region["font"] = "fuzz"
        draft.refuse("a font file that is missing or not in the game's folder")
        change = f"fonts.fuzz = {file!r:.60}"
    elif operation == 2:
        fallback = rng.choice((
            ["nope"], ["fuzz"] * 9, [f"f{i}" for i in range(1000)], ["regular"] * 8,
            [None], [["jp"]], "jp", 7, {"jp": 1}, ["Regular"], ["bold", "nope", "jp"], [],
            [name], ["x" * 5000],
        ))  # fmt: skip
        layout["fallback"] = fallback
        change = f"fallback = {fallback!r:.60}"
    elif operation == 3:
        others = [n for n in tree["layouts"] if n != name]
        if others:
            other = rng.choice(others)
            tree["layouts"][other]["extends"] = name
            layout["extends"] = other
            change = f"layouts {name} and {other} extend each other"
        else:
            layout["extends"] = name
            change = f"layout {name} extends itself"
        layout["fallback"] = [*fonts][:1] or ["bold"]
    elif operation == 4:
        fonts.update({f"f{i}": "fonts/fuzz.ttf" for i in range(rng.choice((50, 2000)))})
        (draft.game / "fonts").mkdir(exist_ok=True)
        (draft.game / "fonts/fuzz.ttf").write_bytes(BUILT_IN_FONT.read_bytes())
        layout["fallback"] = [f"f{i}" for i in range(8)]
        change = f"{len(fonts)} own fonts, one file"
    elif operation == 5:
        layout["fallback"] = [*fonts][:2] or ["bold"]
        region["text"] = rng.choice(SCRIPTS) + " {{ card.name }}"
        region["font"] = rng.choice([*fonts, "regular"])
        change = f"text {region['text']!r:.40} in {region['font']}, fallback {layout['fallback']}"
    elif operation == 6:
        key = rng.choice(("Display", "dis play", "显示", "x" * 300, "", "regular", "1", "-"))
        fonts[key] = rng.choice((*fonts.values(), "fonts/nope.ttf")) if fonts else "a.ttf"
        region["font"] = key
        change = f"own font named {key!r:.40}"
    elif operation == 7:
        layout["fonts"] = rng.choice((*HOSTILE_STRUCTURES, *HOSTILE_STRINGS[:6]))
        change = f"fonts = {layout['fonts']!r:.60}"
    else:
        value = {"fonts": layout.get("fonts"), "fallback": layout.get("fallback")}
        mutated, change = mutate_subtree(rng, value)
        if isinstance(mutated, dict):
            layout.update(mutated)
        change = f"fonts/fallback: {change}"
    draft.note(f"{path.name}: layout {name}: {change}")
    save_yaml(path, tree)


def own_font_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if _layouts(game)]


# --- icons ---------------------------------------------------------------------------------------


def _decks(game: Path) -> list[tuple[Path, dict[str, Any], str]]:
    found = []
    for path in yaml_files(game):
        tree = load_yaml(path)
        decks = tree.get("decks") if isinstance(tree, dict) else None
        for name, deck in (decks if isinstance(decks, dict) else {}).items():
            if isinstance(deck, dict) and isinstance(deck.get("cards"), list) and deck["cards"]:
                found.append((path, tree, name))
    return found


def _icon_art(draft: Draft) -> tuple[str, str]:
    """An icon art file in the game's folder that is hostile: an SVG or PNG attack of the art
    family, or a link or special file in its place."""
    rng = draft.rng
    art = draft.game / "art"
    art.mkdir(exist_ok=True)
    kind = rng.randrange(4)
    if kind == 0:
        data, change = known_svg(draft)
        name = "art/fuzz-icon.svg"
    elif kind == 1:
        data, suffix, change = known_raster(draft)
        name = f"art/fuzz-icon{suffix}"
        if change.startswith(LYING_JPEG) or suffix != ".png":
            draft.refuse("an icon that is not a whole SVG or PNG")
    elif kind == 2:
        data, change, name = random_svg(rng), "a random SVG", "art/fuzz-icon.svg"
    else:
        target = art / "fuzz-icon.svg"
        target.unlink(missing_ok=True)
        if rng.random() < 0.5:
            target.symlink_to(draft.secret_file())
        else:
            os.mkfifo(target)
        draft.refuse("an icon that is a link out of the folder or a named pipe")
        return "art/fuzz-icon.svg", "a link out of the folder or a named pipe"
    (draft.game / name).write_bytes(data)
    return name, change


ICON_TEXTS = (
    ":fuzz: " * 3000, ":nope:", "::", ":fuzz", "fuzz:", ":fu:fuzz:zz:", "**:fuzz:** *:fuzz:*",
    ":FUZZ:", ":fuzz:" * 2 + "\n" * 50 + ":fuzz:", ":fuzz:\u0301", "漢字:fuzz:漢字", ":ｆｕｚｚ:",
    "{{ ':fuzz:' * 10**5 }}", ":" * 5000, ":fuzz::fuzz::fuzz:",
)  # fmt: skip
ICON_NAMES = ("", "a b", "a:b", "漢字", "x" * 5000, "\u202e", "-", "1", "fuzz\n", "Coin")
ICON_VALUES = ("", "⚡⚡", "x" * 5000, ":fuzz:", "{{ 1 // 0 }}", "\u202e", "\x01", "🂡", "שלום",
               "art/", "art/../../../outside/secret.txt", "/etc/hostname", "art/nope.svg",
               "art/fuzz-icon.txt", "art", "https://example.com/coin.svg")  # fmt: skip


def mutate_icons(draft: Draft) -> None:
    """One deck's icons: a hostile icon art file, paths out of the folder, names and glyphs of
    the wrong shape, text that names icons ten thousand times or not at all; or a random
    change of `icons:`. The deck's first card names the icon so every icon is drawn."""
    rng = draft.rng
    path, tree, name = rng.choice(_decks(draft.game))
    deck = tree["decks"][name]
    icons = deck.get("icons") if isinstance(deck.get("icons"), dict) else {}
    deck["icons"] = icons
    fields = deck.setdefault("fields", {}) if isinstance(deck.get("fields"), dict) else {}
    text_field = next((f for f, kind in fields.items() if kind == "text"), "effect")
    fields[text_field] = "text"
    card = rng.choice([c for c in deck["cards"] if isinstance(c, dict)] or [{}])
    card[text_field] = f"Gain :fuzz: {card.get(text_field, '')}"
    operation = rng.randrange(5) if known_attack(rng) else rng.randrange(8)
    if operation == 0:
        icons["fuzz"], change = _icon_art(draft)
    elif operation == 1:
        icons["fuzz"] = rng.choice(ICON_VALUES)
        if icons["fuzz"].startswith("art/../"):
            draft.secret_file()
        change = f"icons.fuzz = {icons['fuzz']!r:.60}"
    elif operation == 2:
        key = rng.choice(ICON_NAMES)
        icons[key] = rng.choice(("⚡", "art/fuzz-icon.svg"))
        (draft.game / "art").mkdir(exist_ok=True)
        (draft.game / "art/fuzz-icon.svg").write_bytes(random_svg(rng))
        card[text_field] = f":{key}: and :fuzz:"
        change = f"icon named {key!r:.40}"
    elif operation == 3:
        icons["fuzz"] = rng.choice(("⚡", "art/fuzz-icon.svg"))
        (draft.game / "art").mkdir(exist_ok=True)
        (draft.game / "art/fuzz-icon.svg").write_bytes(random_svg(rng))
        card[text_field] = rng.choice(ICON_TEXTS)
        change = f"icons.fuzz = {icons['fuzz']}, text {card[text_field]!r:.60}"
    elif operation == 4:
        count = rng.choice((100, 5000))
        icons.update({f"i{n}": "⚡" for n in range(count)})
        icons["fuzz"] = "⚡"
        card[text_field] = " ".join(f":i{n}:" for n in range(count))
        change = f"{count} icons, all in one card's text"
    elif operation == 5:
        deck["icons"] = rng.choice((*HOSTILE_STRUCTURES, "art/coin.svg", ["art/coin.svg"]))
        change = f"icons = {deck['icons']!r:.60}"
    else:
        deck["icons"], change = mutate_subtree(rng, {"fuzz": "⚡", **icons})
        change = f"icons: {change}"
    draft.note(f"{path.name}: deck {name}: {change}")
    save_yaml(path, tree)


def icon_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if _decks(game)]
