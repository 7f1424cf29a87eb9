"""The limits printkit enforces, as tables for docs/limits.md and `printkit schema --limits`.

Field limits: the models state each bound once (``Field(ge=…, max_length=…)``); the schema
carries them to editors, and a table to readers, so the documentation cannot drift from what is
enforced. Work limits bound what no one field holds: how much a package asks printkit to read or
make (a deck's pieces, a spreadsheet's rows); they are stated once here, read by the code that
checks them, and tabled the same way.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from printkit.diagnostics import MAX_SUGGESTION_WORK
from printkit.load.files import FONT
from printkit.load.yaml_spans import (
    MAX_DATA_CHARACTERS,
    MAX_PACKAGE_BYTES,
    MAX_PACKAGE_VALUES,
)

Node = dict[str, Any]

_SPANS = {  # JSON Schema keyword pairs → what is counted
    ("minLength", "maxLength"): "characters",
    ("minItems", "maxItems"): "items",
    ("minProperties", "maxProperties"): "entries",
}

_SINGULAR = {"characters": "character", "items": "item", "entries": "entry"}


@dataclass(frozen=True, order=True)
class FieldLimit:
    path: str  # e.g. materials.<name>.markers[].label
    kinds: str  # the `kind` of each choice on the way, e.g. "sheet › checkboxes"
    limit: str  # e.g. "1 to 3 characters"


def field_limits(schema: Node) -> list[FieldLimit]:
    """Every bounded field, by its shortest path from the top of a package file, sorted by
    path; a model used at several places is listed where it is nearest the top, and a field
    that several kinds share (every material's `ink_limit`) once, naming them all."""
    defs: dict[str, Node] = schema.get("$defs", {})
    found: dict[tuple[str, str, str], None] = {}
    expanded: set[str] = set()
    queue: deque[tuple[Node, str, tuple[str, ...]]] = deque([(schema, "", ())])
    while queue:
        node, path, kinds = queue.popleft()
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name in expanded:
                continue
            expanded.add(name)
            target = defs[name]
            kind = target.get("properties", {}).get("kind", {}).get("const")
            queue.append((target, path, (*kinds, kind) if kind else kinds))
            continue
        limit = describe(node)
        if limit:
            found[(path, " › ".join(kinds), limit)] = None
        for key in ("anyOf", "oneOf", "allOf"):
            queue.extend((sub, path, kinds) for sub in node.get(key, ()))
        for key, sub in node.get("properties", {}).items():
            queue.append((sub, f"{path}.{key}" if path else key, kinds))
        for sub in node.get("patternProperties", {}).values():
            queue.append((sub, f"{path}.<name>", kinds))
        if "propertyNames" in node:
            queue.append((node["propertyNames"], f"{path} (names)", kinds))
        if isinstance(node.get("additionalProperties"), dict):
            queue.append((node["additionalProperties"], f"{path}.<name>", kinds))
        if isinstance(node.get("items"), dict):
            queue.append((node["items"], f"{path}[]", kinds))
        for index, sub in enumerate(node.get("prefixItems", ())):
            queue.append((sub, f"{path}[{index}]", kinds))
    kinds_of: dict[tuple[str, str], list[str]] = {}
    for path, kinds, limit in found:
        kinds_of.setdefault((path, limit), []).append(kinds)
    return sorted(
        FieldLimit(path, ", ".join(k for k in kinds if k), limit)
        for (path, limit), kinds in kinds_of.items()
    )


def describe(node: Node) -> str:
    """A node's bounds in words ("1 to 3 characters", "above 0, at most 400"), or ""."""
    parts: list[str] = []
    for (low_key, high_key), unit in _SPANS.items():
        low, high = node.get(low_key) or 0, node.get(high_key)
        unit = _SINGULAR[unit] if (high or low) == 1 else unit
        if high is not None and low == high:
            parts.append(f"exactly {_number(high)} {unit}")
        elif high is not None:
            bound = f"{_number(low)} to {_number(high)}" if low else f"at most {_number(high)}"
            parts.append(f"{bound} {unit}")
        elif low:
            parts.append(f"at least {_number(low)} {unit}")
    low, above, high = (node.get(k) for k in ("minimum", "exclusiveMinimum", "maximum"))
    if low is not None and high is not None:
        parts.append(f"{_number(low)} to {_number(high)}")
    else:
        words = (("at least", low), ("above", above), ("at most", high))
        bounds = [f"{word} {_number(v)}" for word, v in words if v is not None]
        if bounds:
            parts.append(", ".join(bounds))
    return "; ".join(parts)


def _number(value: float) -> str:
    return f"{value:,}"


def limits_table(schema: Node) -> str:
    """The table of field limits of docs/limits.md, in Markdown."""
    lines = ["| field | of | limit |", "|---|---|---|"]
    for item in field_limits(schema):
        lines.append(f"| `{item.path}` | {item.kinds} | {item.limit} |")
    return "\n".join(lines) + "\n"


# --- work limits ---------------------------------------------------------------------------------

# A boxed game holds a few hundred pieces, a big wargame a few thousand over several counter
# sheets. The bound is what one material may print in every format (PDF, SVG, PNG previews) in
# under 10 s of CPU on a two-core machine: 2,500 generated cards took 8.6 s, 10,000 took 28 s
# (a page of 9 cards costs about 25 ms across the three formats); a million took minutes and
# gigabytes.
MAX_PIECES = 2_000
# A hex map's board: at most the hexes of the 300 × 300 poster map the benchmarks build (a
# million hexes took minutes and gigabytes).
MAX_HEXES = 90_000
# Hexes a map's selections (regions' hexes, ranges, lines, 'around') name, repeats included:
# ten times the largest board; 1,000 whole-board ranges took 100 s.
MAX_SELECTED = 10 * MAX_HEXES
# A deck's spreadsheet holds a row per card (and so at most MAX_PIECES rows worth reading) and a
# column per field; rows and columns past these are refused where they start, not read.
MAX_DATA_ROWS = MAX_PIECES
MAX_DATA_COLUMNS = 100
# An .xlsx file is zipped XML: 10 MB on disk may inflate a thousand times. A sheet of 10,000
# rows of text inflates to about 10 MB; what the reader would inflate is summed from the
# archive's directory before any of it is read.
MAX_WORKBOOK_INFLATED = 20 * 1024 * 1024
# The parts a workbook reader takes in whole, not streamed (styles, the list of sheets, the
# properties), cost far more per byte than a sheet: 12 MB of styles took openpyxl 44 s. A real
# workbook's are a few kilobytes, a messy one's a few hundred.
MAX_WORKBOOK_WHOLE_PART = 1024 * 1024
# Spreadsheet XML compresses 5 to 20 times; a large part that compresses 100 times is padding.
MAX_COMPRESSION_RATIO = 100
COMPRESSION_CHECKED_FROM = 1024 * 1024  # bytes inflated: a tiny part may compress any way
# A sheet with `repeat` prints a page per item of its data (a roster per ship): a campaign's
# fleet is tens of ships. The bound keeps the largest repeated sheet, like the largest deck,
# under 10 s of CPU in every format: 250 Raise Shields rosters took 15.7 s (63 ms a page in
# PDF, SVG and PNG), 1,000 plain one-line rosters 9.8 s.
MAX_SHEET_PAGES = 100
# A sheet's `copies` multiply its pages, each item's on its own (each at most 100): 100 items of
# 100 copies were 10,000 pages, whose `validate` alone took 44 s. The pages of paper a sheet
# fills, its copies added up (small sheets n-up, as imposed), are bounded as its repeated
# pages are, and its pieces as a deck's.
MAX_SHEET_PAPER = MAX_SHEET_PAGES
# A PDF form field costs about 13 KB of memory as it is written: 100 pages of a fillable
# 40 x 34 grid (136,000 fields) took 1.8 GB and 67 s to build, and with 100 copies of each
# 2.7 GB for `validate`. A roster has tens of fields; 10,000 are a fillable grid on six pages.
MAX_SHEET_FIELDS = 10_000
# Pieces a game's materials print together (each material's within MAX_PIECES): five full
# decks. One 2,000-card deck printed through twenty materials wrote 262 MB in 48 s.
MAX_GAME_PIECES = 5 * MAX_PIECES
# Hexes a game's maps draw together: two poster maps. Forty 300 x 300 maps took 241 s.
MAX_GAME_HEXES = 2 * MAX_HEXES
# Exported images (card images, Tabletop Simulator tiles, a print-on-demand preset's PNGs) are
# rendered at the dpi asked for, up to 1,200: a deck within its bound of pieces could ask for
# billions of pixels. A material's images in one export are bounded so that they render in under
# 10 s: a thousand distinct poker cards with bleed and the one back they share, 928 million
# pixels at 300 dpi, took 5.5 s (`printkit build --format cards --jobs 1`, against `--format
# pdf`); the same deck at 1,200 dpi needs a lower dpi or splitting. (Tabletop Simulator's deck
# sheets stay under the bound by themselves: at most 58 sheets of 4096 × 4096 pixels, faces and
# backs, for the 2,000 pieces of a material.)
MAX_EXPORT_PIXELS = 1_000_000_000
# Characters of text laid out in one material's pieces: 1,000 a card for a deck of 2,000, and
# about 1.5 s of fitting; 40 cards of 100,000 characters each took 3 s, 2,000 would take 150 s.
# A sheet's texts, every page's, count alike: a 2 MB label on a numbers track took 58 s to build.
MAX_LAID_OUT_TEXT = 2_000_000
# Pixels of the distinct raster art one material shows, counted from each file's header before a
# pixel is decoded. A PDF holds the pictures it stores (converted and compressed one at a time)
# until the file is written, and writing it copies them twice (the file's parts, the file; a
# press PDF's file and qpdf's copy of it): a stored pixel is up to 4 bytes (CMYK for the press,
# RGB and its transparency on screen), what its content does not compress (a noisy photograph
# keeps 3.5), so up to 12 bytes of memory in all. Two of the largest pictures printkit reads
# (98 million pixels of noisy photographs, JPEG) build for the press in 22 s and 1.3 GB, in every
# format in 44 s and 1.4 GB; five took 53 s and 3 GB. (Before a PDF held one picture's pixels at a
# time, five that compressed to nothing took 2.8 GB.) Room for 110 distinct poker illustrations
# at 300 dpi with 3 mm bleed.
MAX_MATERIAL_ART_PIXELS = 100_000_000
# SVG elements of the distinct SVG art one material shows, `<use>` copies counted: svglib draws
# about 2,000 a second, so 100 distinct drawings of 4,200 elements each took 89 s to validate.
# Ten of the largest a drawing may be (5,000 elements each), or a hundred illustrations of 500.
MAX_MATERIAL_SVG_ELEMENTS = 50_000
# Bytes of the distinct art files one material reads: each is held once read, for every output
# to see the same bytes; a PDF stores a JPEG's bytes as they are, and an SVG page embeds each file
# it shows, a third larger in base64 and copied as the page is written: about 8 bytes of memory a
# byte of art. 80 files of 50 MB (a small picture padded, 100 x 140 pixels each) took 3.5 GB and
# ended in an internal error; five JPEG files of 45 MB on one sheet built in 2.1 GB, two build in
# 0.9 GB (for the press in every format, 1.4 GB). Two files of the largest size printkit reads.
MAX_MATERIAL_ART_BYTES = 100 * 2**20
# A deck's card data URL (`printkit fetch`): what browsers and servers reliably accept in one
# address; a Google Sheets link is about 100 characters.
MAX_URL_LENGTH = 2000
# Moves a game's validate (or claims) plays in all, its agents' searches included: the shipped
# games play 15,000 to 96,000 at about 50,000 a second; a package asking for 1,000 playouts of
# mcts:999999 up to 100,000 turns ran for hours and grew past 2 GB.
MAX_VALIDATE_MOVES = 2_000_000
# Positions and chance outcomes the exact tables of one balance report enumerate together
# (`printkit simulate`; the dice game's attacks needed to break each shield): each costs 17 to
# 30 µs, its fractions growing with the rounds. The shipped game's take 6,058 (0.1 s), its
# dice at health 200 take 305,546 (7 s of CPU). Unbounded, health 1,000 (within the engine's
# bound) took 278 s; at the bound it stops after 14.5 s.
MAX_EXACT_WORK = 500_000
# A number a game's engine plays (a value such as a hand size or a tower's tiers, a card's
# damage, a die's sides): the engines set up and enumerate turns in proportion to these, before
# any move is counted, so a refill of a billion cards took 4 GB and a die of a million sides
# never ended. The shipped games' largest is 34; a die has at most 100 sides (a d100).
MAX_PLAYED_NUMBER = 1_000
MAX_DIE_SIDES = 100
MAX_DICE_ROLLED = 20  # dice rolled together, whose totals an engine lists exactly
# Kinds of piece an engine plays (Shields Up's kinds of card, the dice game's kinds of die):
# each move looks at every kind, so 2,000 kinds of card took 2.4 ms a move (shipped: 0.05 ms),
# and validate's bound of moves then ran past an hour. The shipped games have 9 and 24.
MAX_ENGINE_KINDS = 100
# Shields a Shields Up player may hold: a strike is offered as every set of shields it may break,
# so the moves grow as the binomial of the shields held (12 shields, 924 sets of six; the rules
# hold 3).
MAX_SHIELDS_HELD = 12
# A glyph of a game's font may be a composite of other glyphs, each of which may be one too, and
# fontTools draws each component anew: a 12 KB font whose 'T' nests two components 28 levels deep
# (2^28 outlines) took 113 s and 3.9 GB to validate. 52 real fonts (DejaVu, Liberation, and the
# League Spartan and BIZ UDGothic the tests use) nest components at most 4 deep, their largest
# glyph 852 points and components.
MAX_GLYPH_PARTS = 100_000
MAX_GLYPH_DEPTH = 16
# A card map (`<material>.cards.json`) names each side of each piece of one material, so printkit
# writes at most two entries a piece. `printkit diff` renders each entry's box alone at 150 dpi,
# in both builds; the area of a map's boxes is bounded to about the billion pixels an export may
# render (MAX_EXPORT_PIXELS): 4,000 sides of poker cards are 22 m². A map of 3,000 boxes of
# 490 x 490 mm (720 m², 25 billion pixels) ran past 300 s.
MAX_CARD_MAP_CARDS = 2 * MAX_PIECES
MAX_CARD_MAP_AREA = 30_000_000  # mm²
# Layouts one layout extends, one through another: the shipped games' chains are one or two
# deep. A chain of 3,000 layouts, each looked up anew through every one it extends, took 44 s
# to validate; each layout's chain is now found once, from its parent's, and bounded.
MAX_EXTENDS_DEPTH = 16


@dataclass(frozen=True)
class WorkLimit:
    what: str  # what is counted
    value: str  # the bound
    over: str  # the diagnostic, and where it points


WORK_LIMITS = (
    WorkLimit(
        "pieces of one deck: its cards' counts added up, whether listed, read from a data file "
        "or generated by `card_product` (combinations × `count`), checked before any is made",
        f"{MAX_PIECES:,}",
        "PK804, at the count (or the generator, or the data file's cell) that passes it",
    ),
    WorkLimit(
        "pieces of one material: the pieces of all its decks added up",
        f"{MAX_PIECES:,}",
        "PK804, at the material's `decks`",
    ),
    WorkLimit(
        "pieces of one game: the pieces of all its materials added up, in the game's order, "
        "a deck printed by two materials counted twice",
        f"{MAX_GAME_PIECES:,}",
        "PK804, at the material that passes it; it and the materials after it are not drawn",
    ),
    WorkLimit(
        "hexes of one game's maps: each map's board added up (a map of copies counted as "
        "its copies' hexes), in the game's order",
        f"{MAX_GAME_HEXES:,}",
        "PK804, at the map that passes it; it and the materials after it are not drawn",
    ),
    WorkLimit(
        "pages of a sheet with `repeat`: one per item of the data it repeats over",
        f"{MAX_SHEET_PAGES:,}",
        "PK804, at the sheet's `repeat`",
    ),
    WorkLimit(
        "pages of paper a sheet fills: each item's `copies` added up, small sheets counted "
        "n-up as they are imposed, checked before any page is drawn; and its pieces, as a "
        "deck's",
        f"{MAX_SHEET_PAPER:,} pages; {MAX_PIECES:,} pieces",
        "PK804, at the sheet's `copies`",
    ),
    WorkLimit(
        "form fields of a fillable sheet: each page's fields times its copies, added up as "
        "the pages are drawn",
        f"{MAX_SHEET_FIELDS:,}",
        "PK804, at the sheet's `fillable`, on the item that passes it; no more pages are drawn",
    ),
    WorkLimit(
        "hexes of a map's board: `columns` × `rows`, or what its `hexes:` list names (repeats "
        "included, counted as the list is read), copies included: a 300 × 300 poster map",
        f"{MAX_HEXES:,}",
        "PK122, at `rows`, at the list entry that passes it, or at `copies`",
    ),
    WorkLimit(
        "hexes a map's regions name (`hexes`, ranges, `columns`, `rows`, `around`), repeats "
        "included, counted as they are read",
        f"{MAX_SELECTED:,}",
        "PK122, at the selection that passes it",
    ),
    WorkLimit(
        "pixels of a material's images in one export (card images, Tabletop Simulator tiles, "
        "a print-on-demand preset's PNGs) at the dpi asked for, counted before any "
        "is rendered; the copies of a card are one image: a thousand distinct poker cards at "
        "300 dpi",
        f"{MAX_EXPORT_PIXELS // 1_000_000:,} million",
        "PK807, at the material's `deck` (or `decks`)",
    ),
    WorkLimit(
        "characters of text laid out in one material's pieces, every text region of every "
        "card added up (1,000 a card for a deck of 2,000); a sheet's headings, labels, texts "
        "and cells, every page's, alike",
        f"{MAX_LAID_OUT_TEXT:,}",
        "PK808, at the text region (or the sheet's text) where the sum passes it",
    ),
    WorkLimit(
        "pixels of the distinct raster art (PNG, JPEG, and pictures embedded in SVG art, "
        "`<use>` copies counted) one material shows, image regions and icons, each file "
        "counted once from its header before any is decoded",
        f"{MAX_MATERIAL_ART_PIXELS // 1_000_000:,} million",
        "PK809, at the `image` (or the icon) that passes it; the art past it is not read",
    ),
    WorkLimit(
        "bytes of the distinct art files one material shows, counted from their sizes before "
        "any is read",
        f"{MAX_MATERIAL_ART_BYTES // 2**20} MB",
        "PK809, at the `image` (or the icon) that passes it; the art past it is not read",
    ),
    WorkLimit(
        "elements of the distinct SVG art one material shows, image regions and icons, "
        "`<use>` copies counted, each file counted once, before svglib draws any",
        f"{MAX_MATERIAL_SVG_ELEMENTS:,}",
        "PK809, at the `image` (or the icon) that passes it; the art past it is not read",
    ),
    WorkLimit(
        "moves a game's `validate` or `claims` plays, smoke playouts and property claims "
        "together, its agents' searches included (about 40 s)",
        f"{MAX_VALIDATE_MOVES:,}",
        "PK550, at the playouts of the batch that reaches it: a warning; that batch stops",
    ),
    WorkLimit(
        "positions and chance outcomes the exact tables of a balance report (`printkit "
        "simulate`) enumerate together",
        f"{MAX_EXACT_WORK:,}",
        "PK551, at the data of the table that reaches it: a warning; it and the tables after "
        "it are left out of the report",
    ),
    WorkLimit(
        "a number a game's engine plays (a value, a card's field, a count, the tiles of Rise's "
        "formation); the sides of a die "
        "and the dice rolled together; Shields Up's shield limit (its strikes are listed, "
        "shield by shield); the kinds of card or die an engine plays",
        f"{MAX_PLAYED_NUMBER:,}; {MAX_DIE_SIDES} sides, {MAX_DICE_ROLLED} dice; "
        f"{MAX_SHIELDS_HELD} shields; {MAX_ENGINE_KINDS} kinds",
        "PK542, at the game's engine (validate, claims, simulate)",
    ),
    WorkLimit(
        "characters of text one YAML file, CSV file or XLSX sheet makes, each use of a repeated "
        "text counted (a YAML alias, an XLSX shared string)",
        f"{MAX_DATA_CHARACTERS:,}",
        "PK005 at the YAML entry, PK805 at the row, that passes it",
    ),
    WorkLimit(
        "values a game's YAML files hold and expand to together, each alias's copy counted, "
        "counted as they are read (10,000 distinct cards are 110,000)",
        f"{MAX_PACKAGE_VALUES:,}",
        "PK005, at the top-level entry where the count passes it; the files after it are not read",
    ),
    WorkLimit(
        "size of a game's YAML files together, counted as each is read",
        f"{MAX_PACKAGE_BYTES // (1024 * 1024)} MB",
        "PK003, at the file that passes it; the files after it are not read",
    ),
    WorkLimit(
        "rows of a CSV file or an XLSX sheet below the header, blank rows included",
        f"{MAX_DATA_ROWS:,}",
        "PK805, at the first row past it",
    ),
    WorkLimit(
        "columns of a CSV file or an XLSX sheet",
        f"{MAX_DATA_COLUMNS:,}",
        "PK805, at the first cell past it",
    ),
    WorkLimit(
        "size of the parts of an XLSX workbook once inflated, read from the zip directory "
        "before any part is",
        f"{MAX_WORKBOOK_INFLATED // (1024 * 1024)} MB",
        "PK806, at the file",
    ),
    WorkLimit(
        "size of each part of an XLSX workbook read whole, not streamed (its styles, its "
        "list of sheets, its properties), once inflated",
        f"{MAX_WORKBOOK_WHOLE_PART // (1024 * 1024)} MB",
        "PK806, at the file",
    ),
    WorkLimit(
        f"compression of one part of an XLSX workbook over "
        f"{COMPRESSION_CHECKED_FROM // (1024 * 1024)} MB inflated (a zip bomb)",
        f"{MAX_COMPRESSION_RATIO} times",
        "PK806, at the file",
    ),
    WorkLimit(
        "size of a font file a layout names (`fonts:`), checked before it is read: a whole "
        "Japanese face is 4-16 MB",
        f"{FONT.max_bytes // (1024 * 1024)} MB",
        "PK131, at the layout's `fonts:` entry that names it",
    ),
    WorkLimit(
        "parts of one glyph of a game's font: its points and components, a component counted "
        "each time it is placed, and how deep components nest, counted from the font's glyph "
        "table before the glyph is drawn",
        f"{MAX_GLYPH_PARTS:,} parts, {MAX_GLYPH_DEPTH} levels",
        "PK131, at the text that prints the character",
    ),
    WorkLimit(
        "layouts one layout extends, one through another (`extends` of `extends`)",
        f"{MAX_EXTENDS_DEPTH}",
        "PK202, at the `extends` of the layout that passes it; the layouts extending that one "
        "are not resolved",
    ),
    WorkLimit(
        'names "did you mean" compares mistyped names with, each command, each game\'s checks '
        "and each material counted apart (15,000 sets and 2,000 cards naming unknown ones took "
        "67 s)",
        f"{MAX_SUGGESTION_WORK:,}",
        "no diagnostic: past it, a hint lists the names (the first dozen) without naming the "
        "closest",
    ),
    WorkLimit(
        "entries of a card map `printkit diff` reads (`<material>.cards.json`): each side of "
        "each piece of one material",
        f"{MAX_CARD_MAP_CARDS:,}",
        "PK785, at the first entry past it",
    ),
    WorkLimit(
        "area of the boxes of a card map's entries, each rendered alone at 150 dpi by "
        "`printkit diff`, counted as the map is read: 4,000 sides of poker cards are 22 m²",
        f"{MAX_CARD_MAP_AREA // 1_000_000} m²",
        "PK785, at the entry that passes it",
    ),
)


def work_limits_table() -> str:
    """The table of work limits of docs/limits.md, in Markdown."""
    lines = ["| limit | value | over it |", "|---|---|---|"]
    lines += [f"| {item.what} | {item.value} | {item.over} |" for item in WORK_LIMITS]
    return "\n".join(lines) + "\n"
