"""Diagnostics: what printkit tells a designer about their game data.

Every check appends to one collector instead of raising, so a single run reports every problem
at once, the way a compiler does. The printed form is `path:line:col: severity[PKnnn]: message`
followed by an indented hint, so that editors and CI logs can jump straight to the YAML; a
workbook's cell is printed as a spreadsheet names it (`cards.xlsx, cell D4`).
"""

from __future__ import annotations

import difflib
import heapq
import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Span:
    """A place in a source file; lines and columns count from 1 like editors do."""

    file: str
    line: int = 0
    column: int = 0
    # A workbook's cell as the spreadsheet names it ("cell D4", "sheet 'Cards', cell D4"),
    # printed in place of the line and column, which stay its row and column for sorting.
    cell: str = field(default="", compare=False)

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        if self.cell:
            return f"{self.file}, {self.cell}"
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Code:
    """A stable diagnostic code with its documentation (shown by `printkit explain`)."""

    code: str
    severity: Severity
    title: str
    explanation: str


CODES: dict[str, Code] = {}


def _code(code: str, severity: Severity, title: str, explanation: str) -> str:
    CODES[code] = Code(code, severity, title, explanation)
    return code


# Loading (PK1xx): the YAML itself.
NO_PACKAGES = _code(
    "PK001",
    Severity.ERROR,
    "no game package found",
    "The rule-data folder holds no game folder with YAML files. (A game named on the command "
    "line that does not exist is a usage mistake: printkit says so and exits with 2.)",
)
UNREADABLE = _code(
    "PK002",
    Severity.ERROR,
    "file cannot be read",
    "A file of the game (its YAML, a reference template) or a game folder could not be opened "
    "(permissions, a broken disk), or a text file is not UTF-8; the diagnostic gives the line "
    "and column of the first byte that is not.",
)
FILE_TOO_LARGE = _code(
    "PK003",
    Severity.ERROR,
    "file is larger than a game package file can be",
    "A YAML file of a game package is larger than 10 MB. It is refused before it is read, so a "
    "stray export or a huge generated file cannot exhaust memory; game data is a few hundred "
    "kilobytes at most. A game's YAML files together may have 50 MB: the file that passes that "
    "is refused as it is read, and the files after it are not read.",
)
NESTED_TOO_DEEP = _code(
    "PK004",
    Severity.ERROR,
    "data nested too deeply",
    "Lists and mappings are nested more than 100 levels deep. No game package needs this; it "
    "is refused so that a malformed or hostile file cannot exhaust the stack.",
)
EXPANDS_TOO_MUCH = _code(
    "PK005",
    Severity.ERROR,
    "file holds or expands to too many values",
    "YAML aliases (*name) repeat the value of an anchor (&name); aliases of aliases multiply, so "
    "a few hundred bytes can expand to billions of values (an 'alias bomb'). A file may hold, "
    "and expand to, at most 200,000 values, far more than any game package holds. A file that "
    "holds more is refused as the value past the limit is read, without reading the rest: a "
    "long list of cards belongs in a CSV or XLSX card data file. A game's YAML files together "
    "may hold and expand to 1,000,000 values: the file that passes that is refused at the "
    "entry where it does, and the files after it are not read.",
)
OUTSIDE_PACKAGE = _code(
    "PK006",
    Severity.ERROR,
    "file lies outside the game's folder",
    "A file of the game's folder (its YAML, a reference template or a template it includes) is a "
    "symbolic link to a file elsewhere, or a template is named by an absolute path or one whose "
    "'..' leaves the folder. printkit reads only the game's own folder, so a shared package "
    "cannot make it read (and print, or echo in diagnostics) files of the machine it runs on.",
)
# The project file (printkit.toml), read before any game.
PROJECT_SYNTAX = _code(
    "PK007",
    Severity.ERROR,
    "printkit.toml is not valid TOML",
    "The project file printkit.toml (found in the working folder or a folder above it) does not "
    "parse as TOML; the position is where the parser gave up. Every command that reads games "
    "stops until it is fixed, so nothing runs on half a configuration.",
)
PROJECT_UNKNOWN_KEY = _code(
    "PK008",
    Severity.ERROR,
    "unknown key in printkit.toml",
    "printkit.toml holds a key printkit does not know. Its keys are rule-data, out, paper and "
    "formats, all at the top of the file (no tables); a misspelt key is refused rather than "
    "silently ignored.",
)
PROJECT_BAD_VALUE = _code(
    "PK009",
    Severity.ERROR,
    "bad value in printkit.toml",
    "A key of printkit.toml has a value of the wrong kind: rule-data and out are folder names "
    "in quotes (relative to printkit.toml's folder), paper one of the named papers, formats a "
    "list of pdf, svg and png.",
)
PROJECT_IN_A_GAME = _code(
    "PK010",
    Severity.ERROR,
    "printkit.toml inside a game's folder",
    "A printkit.toml was found in a game's folder (a folder holding game.yaml, or YAML whose "
    "top-level 'game' key declares the game) or a folder inside one, or inside the rule-data "
    "folder it names itself. It came with the game, and a shared game must never choose where "
    "printkit reads or writes (its 'out' could name any folder of the machine), so it is not "
    "read and the command stops. A project's printkit.toml belongs in the folder that holds "
    "rule_data.",
)
GAME_NAME_UNUSABLE = _code(
    "PK011",
    Severity.ERROR,
    "a game folder's name printkit cannot use",
    "A game folder that is a link to a folder elsewhere is not read: a game reads only its own "
    "files, and a shared game's link would have printkit read wherever it leads. "
    "A game's id is its folder's name, and its output goes to a folder of that name beside the "
    "preview page. A name that is one of the preview page's own files (index.html, index.json, "
    "index.stamp.js) would take their place, one holding a control character (a line "
    "break, an escape sequence) would garble every line that names the game, and one named "
    "as another game is but for case or the form of its accents (café written two ways) "
    "would share its output folder on Windows and macOS: the folder is not read as a game. "
    "Rename it.",
)
YAML_SYNTAX = _code(
    "PK100",
    Severity.ERROR,
    "YAML syntax error",
    "The file is not valid YAML. The position is where the parser gave up, or, for a quote or "
    "a bracket left open and a line indented less than its neighbours, where that mistake is.",
)
DUPLICATE_KEY = _code(
    "PK101",
    Severity.ERROR,
    "duplicate key",
    "A mapping names the same key twice; YAML would silently keep the last.",
)
FORBIDDEN_TAG = _code(
    "PK102",
    Severity.ERROR,
    "tag not allowed",
    "Only plain YAML data is read: tags such as !!python/object could run code and are refused.",
)
DUPLICATE_SECTION = _code(
    "PK103",
    Severity.ERROR,
    "defined twice across the package's files",
    "A game package may span several YAML files. Mapping sections (components, layouts, decks, "
    "materials…) may be split between files entry by entry, but each entry, and each other "
    "section (game, errata), is defined once.",
)
NOT_A_MAPPING = _code(
    "PK104",
    Severity.ERROR,
    "file is not a mapping",
    "Each YAML file of a game package must be a mapping of sections.",
)
KEY_NOT_SCALAR = _code(
    "PK105",
    Severity.ERROR,
    "key is a list or mapping",
    "Keys of game data are names, numbers or labels; YAML's complex keys ('? [a, b]') are refused.",
)
# Model (PK11x, PK12x): shape and types.
LENGTH_NO_UNIT = _code(
    "PK110",
    Severity.ERROR,
    "length without a unit",
    'Every length carries its unit: mm, cm, in or pt ("63mm", "2.5in").',
)
LENGTH_BAD_UNIT = _code(
    "PK111", Severity.ERROR, "unknown length unit", "Lengths accept the units mm, cm, in and pt."
)
UNKNOWN_KEY = _code(
    "PK120",
    Severity.ERROR,
    "unknown key",
    "The key is not part of the package format; often a typo.",
)
MISSING_FIELD = _code("PK121", Severity.ERROR, "missing field", "A required field is absent.")
BAD_VALUE = _code(
    "PK122",
    Severity.ERROR,
    "wrong type or value",
    "The value does not have the type or form the field needs.",
)
# A designer's own fonts (PK13x).
FONT_NOT_FOUND = _code(
    "PK130",
    Severity.ERROR,
    "font file not found",
    "A layout's `fonts:` names a file that is not in the game's folder, or a path outside it "
    "(absolute, leaving it through '..', or a link out of it).",
)
FONT_UNREADABLE = _code(
    "PK131",
    Severity.ERROR,
    "font file cannot be read",
    "The file a layout's `fonts:` names is not a TrueType or OpenType font (fontTools cannot "
    "read it), is not a regular file, is larger than 20 MB (refused before it is read), or is "
    "damaged: reportlab cannot subset it (found when it is loaded), or the glyph of a "
    "character a text prints cannot be read or is built from too many parts, composites nested "
    "or repeated past the bounds of docs/limits.md (found at that text: glyphs are read as "
    "used).",
)
FONT_NOT_EMBEDDABLE = _code(
    "PK132",
    Severity.ERROR,
    "font does not permit embedding",
    "The font's OS/2 fsType says it may not be embedded (restricted licence), embedded only as "
    "bitmaps, or not subset; every printkit PDF embeds a subset of each font it uses.",
)
FONT_UNSUPPORTED = _code(
    "PK133",
    Severity.ERROR,
    "font kind printkit cannot embed",
    "reportlab embeds static fonts with TrueType (glyf) outlines: a variable font (an fvar "
    "table) would print only its default instance, and a font with PostScript (CFF) outlines "
    "or without a Unicode character map cannot be embedded. Make a static TrueType instance "
    "first (fontTools: `fonttools varLib.instancer FONT wght=700`; CFF to TrueType with a "
    "font editor).",
)
SCRIPT_NOT_SUPPORTED = _code(
    "PK134",
    Severity.ERROR,
    "text in a script printkit cannot lay out",
    "Right-to-left scripts (Arabic, Hebrew…) need bidirectional reordering and shaped scripts "
    "(Arabic, Devanagari and the other Indic scripts, Thai, Khmer, Myanmar, Tibetan…) need "
    "glyph shaping, which printkit's text layout does not do: the text would print with its "
    "letters in the wrong order or unjoined, so it is refused rather than printed wrong.",
)
ICON_NOT_PRINTED = _code(
    "PK135",
    Severity.ERROR,
    "icon markup where icons do not print",
    "A deck's icons (`icons:`) are drawn in the text of card and counter layouts. Sheets, "
    "reference documents and hex-map labels print their text as written, so an icon's "
    "`:name:` there would print as those letters.",
)
# Cross-references and consistency (PK2xx).
UNKNOWN_REFERENCE = _code(
    "PK200",
    Severity.ERROR,
    "unknown reference",
    "A name refers to a layout, deck, set, size or material that is not defined.",
)
EXTENDS_CYCLE = _code(
    "PK201",
    Severity.ERROR,
    "layout inheritance cycle",
    "Layouts that extend each other in a circle have no base to start from.",
)
EXTENDS_TOO_DEEP = _code(
    "PK202",
    Severity.ERROR,
    "layout extends too many layouts",
    "A layout may extend another, which may extend a third, and so on, at most 16 layouts "
    "deep: a designer's chain is one or two deep (a back, a face, a kind of face). A chain "
    "longer than that is reported at the layout where it passes the bound; the layouts that "
    "extend that one are not resolved.",
)
INVENTORY_MISMATCH = _code(
    "PK210",
    Severity.ERROR,
    "count disagrees with the inventory",
    "The pieces a material prints must equal what the component inventory says the box contains.",
)
SET_INCOMPLETE = _code(
    "PK211",
    Severity.ERROR,
    "set cannot be completed",
    "A set needs more different cards than the deck holds of it (or, for a set of copies, "
    "more copies).",
)
SET_INDICATOR = _code(
    "PK212",
    Severity.ERROR,
    "set indicator disagrees with set size",
    "The number of set-indicator marks printed on a card must equal the "
    "number of cards needed to complete its set.",
)
KIND_FIELD_MISSING = _code(
    "PK213",
    Severity.ERROR,
    "card lacks a field its kind requires",
    "Each card kind declares the fields its cards must carry.",
)
CARD_LISTED_TWICE = _code(
    "PK214",
    Severity.WARNING,
    "a deck lists two cards of one name",
    "Two entries of a deck (two rows of its spreadsheet, say) have the same name. Copies of a "
    "card are one entry with a count; two entries of one name are most often a row pasted "
    "twice, which prints the card twice over and shows only in the inventory's total. Cards "
    "that differ under one name are told apart by name, as players must tell them apart.",
)
CARD_PARKED = _code(
    "PK215",
    Severity.NOTE,
    "a card left out of print (count 0)",
    "A card whose count is 0 is kept in the deck's data and checked like the others (its "
    "fields, its kind, its faces' templates), but no copy of it is printed or exported, and "
    "the inventory (PK210) and its set (PK211) count none: how a card is set aside while "
    "playtesting without deleting its row. Give it a count to print it again.",
)
DECK_PARKED = _code(
    "PK216",
    Severity.NOTE,
    "a deck with no card to print (every count 0)",
    "Every card of the deck has count 0 (each set aside, PK215), so the materials that print "
    "the deck have nothing to print: a cards material of it writes no file, and a counters "
    "material prints only its other decks. A note, like PK215, because setting cards aside "
    "is a choice; said once at the deck, naming those materials, so that a build that writes "
    "nothing for them says why. Give a card a count of 1 or more to print the deck again.",
)
TEMPLATE_ERROR = _code(
    "PK220",
    Severity.ERROR,
    "template expression failed",
    "A {{ … }} expression in a text field refers to something undefined or is malformed.",
)
LITERAL_TEMPLATE = _code(
    "PK221",
    Severity.WARNING,
    "template braces in a text printed as written",
    "Labels, prose, card text, and a material's title, a map's caption, legend names, place "
    "names and edge notes are templates. The letters of a map's zones and markers and of a "
    "sheet's badges (one to three characters, too short for a template) are not: a '{{' or "
    "'{%' in one prints as typed, braces and all.",
)
ERRATUM_APPLIED = _code(
    "PK230",
    Severity.NOTE,
    "known contradiction resolved by an erratum",
    "The rule text contradicts itself here; the game's errata record "
    "which reading printkit follows.",
)
STALE_ERRATUM = _code(
    "PK231",
    Severity.WARNING,
    "erratum matches no diagnostic",
    "An erratum names a contradiction the validator no longer finds; the data "
    "or the erratum is out of date.",
)
ERRATUM_CHANGES_NOTHING = _code(
    "PK232",
    Severity.WARNING,
    "erratum plays what the text already holds",
    "Every entry of an erratum's 'plays' sets the value the text's data already has there: "
    "the data was edited since the erratum was written, and the erratum no longer corrects "
    "anything, though its note still names the finding and the errata appendix prints "
    "'the text says yes; printkit plays yes'. Update its plays to the reading printkit "
    "follows instead of the text's, or, when the data already holds that reading and the "
    "text is wrong only in its words, replace them with 'wording_only: true'.",
)
# Hex maps (PK25x).
DUPLICATE_HEX = _code(
    "PK250",
    Severity.ERROR,
    "hex listed twice on a map",
    "An irregular board lists each of its hexes once; a repeat is usually a typo for another hex.",
)
BAD_LABEL_FORMAT = _code(
    "PK251",
    Severity.ERROR,
    "hex label format cannot be rendered",
    "A label format uses the fields {col} and {row} ({col:02} zero-padded, {col:A} letters) and "
    "must give every hex of the map a different label.",
)
HEX_OFF_BOARD = _code(
    "PK252",
    Severity.ERROR,
    "hex not on the board",
    "A region, zone or marker names a hex, column or row that the map does not have.",
)
COLOUR_ONLY = _code(
    "PK253",
    Severity.WARNING,
    "colour is the only difference",
    "Colour-blind players cannot tell areas apart by colour alone; they see patterns, letters "
    "and lightness. Zones need a pattern or a letter, and two zones with the same pattern need "
    "different letters. Two terrains drawn in different colours are told apart when their "
    "patterns differ (nine patterns, or none), their fills differ in lightness by 3 : 1 in "
    "contrast (WCAG's ratio, as PK763), or, with the same pattern, its colours do. A designer "
    "who has judged it (terrain the rules treat alike) accepts it on the map: "
    "'preflight: {accept: [PK253]}'.",
)
HEXES_NOT_ADJACENT = _code(
    "PK255",
    Severity.ERROR,
    "hexes are not neighbours",
    "A hexside feature lies on the side two neighbouring hexes share, and a path steps from hex "
    "to neighbouring hex; two hexes further apart are a typo in a label or a missing step.",
)
NAME_OVER_LABEL = _code(
    "PK256",
    Severity.WARNING,
    "place name overlaps what the map prints near it",
    "A name on a map is moved up or down (by a line, then two), then aside (by thirds of a hex, "
    "up to four), to keep clear of the hex labels, zone letters, markers, hexside lines such as "
    "rivers, and roads or other paths near it; when every position still touches one, it is "
    "printed where it was asked and reported, naming what it covers.",
)
NOT_ON_EDGE = _code(
    "PK257",
    Severity.ERROR,
    "edge note not on its edge, or longer than the edge leaves room for",
    "A map-edge note points at a hex on the edge it names: the first or last column (left, "
    "right) or row (top, bottom) of the board. Its text reads along the edge from its arrow, "
    "on whichever side the edge is long enough, and never runs past the map's corner.",
)
NAME_OFF_MAP = _code(
    "PK258",
    Severity.ERROR,
    "place name outside the map",
    "A place name is printed at its hex plus its offset; placed there it would reach past the "
    "map's edge, off the paper or under the next page of a tiled map.",
)
MAP_TEXT_SMALL = _code(
    "PK249",
    Severity.WARNING,
    "map labels or place names under 6 pt",
    "A map's hex labels or a place name are set under 6 pt, hard to read on paper. Reported at "
    "their 'size', where the preflight's page-wide PK761 would only name the material.",
)
ZONE_HIDES_TERRAIN = _code(
    "PK248",
    Severity.WARNING,
    "a zone's fill hides the terrain under it",
    "A zone with its own 'fill' paints its hexes in that colour and pattern instead of their "
    "terrain's, so woods or a hill inside a set-up zone print as the zone alone while the "
    "legend still lists them. A zone without a 'fill' keeps each hex's terrain colour under "
    "its pattern and letter. Reported once per zone, at its 'fill', naming the hexes.",
)
MARKER_TEXT_SMALL = _code(
    "PK259",
    Severity.WARNING,
    "marker letters under 6 pt",
    "A marker's letters scale with the marker (and shrink to fit a long label); under 6 pt "
    "they are hard to read on paper.",
)
MARKERS_CROWDED = _code(
    "PK254",
    Severity.WARNING,
    "markers on one hex cannot stand side by side",
    "Several markers on one hex are drawn side by side (or stacked, with 'marker_layout: "
    "stacked'); when their row is wider than the hex they would cover its neighbours or each "
    "other: make them smaller, stack them, or put fewer on the hex.",
)
# Fit and print (PK3xx).
TEXT_OVERFLOW = _code(
    "PK300",
    Severity.ERROR,
    "text does not fit",
    "Text is shrunk down to the region's min_size; below that it would be "
    "cut off, so the card needs shorter text or a bigger region.",
)
SMALL_TEXT = _code(
    "PK301",
    Severity.WARNING,
    "text smaller than legible on a card",
    "About 6 pt is the smallest size that prints legibly at home.",
)
SHEET_TOO_SMALL = _code(
    "PK302",
    Severity.ERROR,
    "piece does not fit on the paper",
    "Not even one piece fits inside the printable area of the paper.",
)
REGION_OUTSIDE = _code(
    "PK303",
    Severity.WARNING,
    "region outside the safe zone",
    "Text regions should stay inside the safe zone (3 mm inside the trim).",
)
TEXT_PAST_THE_TRIM = _code(
    "PK306",
    Severity.ERROR,
    "text region past the piece's edge",
    "A text region reaches past the trim: what lies beyond it is cut off (partly past, its "
    "letters are cut through; wholly past, it never prints, though a PDF reader still finds it).",
)
PIECE_TOO_BIG_FOR_HEX = _code(
    "PK304",
    Severity.ERROR,
    "counter too big for its hex",
    "A counter must fit inside a hex of the map it is played on: a square of side s fits a hex "
    "of across-flats F only if s ≤ 0.732·F (√3 − 1), a circle only if its diameter ≤ F, a "
    "hexagon only if its own across-flats ≤ F pointing the map's way (√3/2·F turned), a "
    "rectangle if its corners stay inside either way round.",
)
PIECE_OVERHANGS_HEX = _code(
    "PK305",
    Severity.WARNING,
    "counter overhangs its hex (fit: loose)",
    "The counter sheet says 'fit: loose': its counters may be larger than the hexes, as in "
    "classic wargames (½ in counters on 0.6 in hexes); the overhang is reported, not refused, "
    "and 'preflight: {accept: [PK305]}' on the sheet accepts it once judged.",
)
LABEL_TOO_WIDE = _code(
    "PK350",
    Severity.ERROR,
    "hex label does not fit its hex",
    "The widest label at its size and position would cross the hex's edges; use a smaller "
    "size, a shorter format or another position.",
)
MARKER_TOO_BIG = _code(
    "PK351",
    Severity.ERROR,
    "map marker larger than its hex",
    "A marker drawn on a map must fit inside the hex it stands on: a circle up to the hex's "
    "across flats F, a square up to 0.732·F (the rule a counter's square meets), a hexagon "
    "(drawn pointy) up to 0.866·F.",
)
MAP_UNTILEABLE = _code(
    "PK352",
    Severity.ERROR,
    "map cannot be tiled on the paper",
    "The map cannot be laid out on the paper: the margins and overlap leave no tile window "
    "(reported at 'tiling'), or a legend entry is wider than a page's header (reported at the "
    "name it prints: a terrain's, zone's, hexside or path type's, or the first marker's of that "
    "name, in the map its hexes come from), or the map is too "
    "large (more than 1,000 pages, or a poster beyond PDF's 5.08 m). A map too large is "
    "reported at what makes it so: its 'hex_size' when one hex is wider than the paper (a "
    "typo such as 75in for 0.75in), else the columns or rows along its longer side, or a "
    "copy's 'copies'.",
)
MAP_THIN_STRIP = _code(
    "PK353",
    Severity.NOTE,
    "a tiled map's last pages keep only a thin strip",
    "The last column or row of a tiled map's pages keeps less than a quarter of a page's "
    "window of the map: those pages are printed, cut and taped for a strip. The note says how "
    "thin and what prints the map on fewer pages: the largest hex size that does (to a tenth "
    "of a millimetre, and in hundredths of an inch), another paper of the catalogue, or "
    "'orientation: auto' when the tiling fixes one. It is a note, not a warning: the map "
    "prints as declared, and --strict builds it.",
)
HEX_WIDER_THAN_PAGE = _code(
    "PK354",
    Severity.WARNING,
    "a map's hex is wider than the page",
    "One hex of a tiled map is wider across its flats than the paper's printable width: every "
    "hex is cut over several pages, which no map means (a unit slip such as 25in for 25mm is "
    "the usual cause). It is reported at 'hex_size', with the pages the map would take, the "
    "size as millimetres and, for a size written in another unit, the same number in mm when "
    "that fits. A map past 1,000 pages is PK352 instead.",
)
# Output (PK4xx).
WRITE_FAILED = _code(
    "PK400",
    Severity.ERROR,
    "output could not be written",
    "A file of a game's output could not be written (a full disk, missing permissions, a "
    "read-only file system, a path too long...). The diagnostic names the file and a hint for "
    "the cause. Nothing of the game's output folder changed: its outputs change together or "
    "not at all.",
)
WORKER_STOPPED = _code(
    "PK407",
    Severity.ERROR,
    "a worker was stopped",
    "A worker process drawing materials (build) or checking games (validate) was stopped by "
    "the system before it finished: killed when the machine ran out of memory, or by a limit "
    "on processor time or memory (ulimit, a container's limits). It is no fault of the game, "
    "and nothing was written: the output folder is as it was. Do less at once (--only, "
    "--jobs 1, fewer games), give the command more memory or time, or make the material "
    "smaller.",
)

# Rules as data (PK5xx): references, tables, requirements, claims and examples.
RULE_UNKNOWN_REFERENCE = _code(
    "PK500",
    Severity.ERROR,
    "rules refer to something that does not exist",
    "A rule names a section, glossary term, phase, table, variant, component, card or material "
    "that the package does not define: in a 'see' list, a ref('…') or term('…') in prose, a "
    "section's 'covers', an action's 'phase', a table's 'restates' or 'component', a 'uses', "
    "'cards' or 'printed_on' entry. A rule text that points at a missing page or section is the "
    "usual cause.",
)
RULE_DUPLICATE_ID = _code(
    "PK501",
    Severity.ERROR,
    "rule id defined twice",
    "Sections, setup steps, phases and their steps, actions, tables, end conditions, variants, "
    "abilities and glossary terms share one namespace, so that a reference names one thing.",
)
RULE_UNUSED = _code(
    "PK502",
    Severity.WARNING,
    "definition never used",
    "A glossary term that no prose refers to with term('…'), or a named value that no prose, "
    "claim, example, layout or material (a sheet's text) reads, is probably a leftover or a "
    "misspelt reference.",
)
RULE_WRONG_SECTION = _code(
    "PK503",
    Severity.ERROR,
    "cross-reference to a section about something else",
    "A rule sends the reader to a section whose 'covers' list does not include that rule: the "
    "section exists, but it explains other rules (a wrong section number in the text). A "
    "section that covers tables only may be referred to from any rule.",
)
UNDEFINED_TERM = _code(
    "PK504",
    Severity.ERROR,
    "term used but never defined",
    "Prose uses a glossary term with term('…') whose entry has no definition: the rule text relies "
    "on a word it never explains.",
)
UNDECIDED_TIE = _code(
    "PK505",
    Severity.ERROR,
    "a rule picks the highest or lowest but says nothing of ties",
    "A rule that decides by the highest (or lowest) roll or score needs 'ties:' saying what "
    "happens when two players are level; rule texts often forget it.",
)
UNSTATED_ROUNDING = _code(
    "PK506",
    Severity.ERROR,
    "a rule halves a number but does not say how to round",
    "A rule or table row marked 'halves: true' needs 'rounding:' (down, up or nearest): half of "
    "an odd roll or statistic is otherwise not a number the players can use.",
)
RETYPED_NUMBER = _code(
    "PK507",
    Severity.WARNING,
    "a number of the data retyped in prose",
    "Prose writes out a number that the same rule holds as data (an action's cost or limit, a "
    "table row's data), or a card's text a number that one of its number fields holds, within "
    "three words of a word of the field's name ('Draw 2 cards' beside draws: 2; a 2 with no "
    "such word beside it is taken for another number). Print it through the data "
    "({{ actions.buy.cost }}; on a card, the layout can format the text: {card[cards]}) so "
    "that changing the number changes every mention of it. Cards retyping one field in one "
    "text are one finding, at the text's column header or the deck's declaration of it.",
)
TABLE_GAP = _code(
    "PK510",
    Severity.ERROR,
    "table leaves a value uncovered",
    "A die-indexed table must give a result for every face of its die, or every sum of its dice; "
    "a range table must cover its whole domain, open ends included (a row '6+' covers 6 and "
    "above; a lowest row '-6' leaves -7 and below uncovered when the domain is open).",
)
TABLE_OVERLAP = _code(
    "PK511",
    Severity.ERROR,
    "table covers a value twice",
    "Two rows of a table claim the same roll or number, so the table gives two results for it.",
)
TABLE_BAD_ROW = _code(
    "PK512",
    Severity.ERROR,
    "table row outside what the table can index",
    "A die-table row names a roll the dice cannot show or cannot be read ('3-4' and 5 are "
    "readable), or a range row reaches outside the table's declared domain.",
)
TABLE_DUPLICATE_KEY = _code(
    "PK515",
    Severity.ERROR,
    "lookup table lists a key twice",
    "Each key of a lookup table (an item, a level, a colour) has one row.",
)
TABLE_RESTATED_DIFFERENTLY = _code(
    "PK516",
    Severity.ERROR,
    "a restated table disagrees with its original",
    "A table marked 'restates: other' (a quick-reference copy) must give the same rows, rolls "
    "and ranges as the table it restates.",
)
RULE_NEEDS_COMPONENT = _code(
    "PK520",
    Severity.ERROR,
    "rule needs more than the inventory holds",
    "A rule that rolls dice, deals cards or places pieces needs them in the component inventory, "
    "as many as it uses at once: a dice table names its dice, and 2d6 needs two of them.",
)
SETUP_EXCEEDS_INVENTORY = _code(
    "PK521",
    Severity.ERROR,
    "setup uses more than the inventory holds",
    "Adding up every setup step (per-player amounts times the largest player count, or the "
    "smallest when there is no upper limit), the game deals more of a component than the box "
    "holds: a market plus starting hands and shields that do not fit in the deck.",
)
PLAYERS_NOT_READ = _code(
    "PK524",
    Severity.WARNING,
    "player count the checks cannot read",
    "The checks of the rules count pieces for the largest table (per-player setup, per-player "
    "uses), reading the player count from `rules.players`, else from `game.players` written as "
    "'2', '2+', '2-5' or '2 to 5'. Other wording ('two or more', '2/4') is printed as written "
    "but read by people only, and the checks would count for one player.",
)
VARIANT_UNKNOWN_RULE = _code(
    "PK522",
    Severity.ERROR,
    "variant changes a rule that does not exist",
    "A variant (solo mode, optional, campaign or expansion rule) names a rule it changes, a "
    "variant it builds on, or an end condition belongs to a variant, and that name is not "
    "defined.",
)
UNKNOWN_TIME_UNIT = _code(
    "PK523",
    Severity.ERROR,
    "rule counts in a unit of time the game does not define",
    "A limit or repetition is counted per round, turn or phase, but the game's structure does "
    "not define that unit (its 'units' list): a game of turns whose text suddenly counts rounds.",
)
CLAIM_FALSE = _code(
    "PK530",
    Severity.ERROR,
    "claim of the text does not hold",
    "A statement the rule text makes about its own data (a total, a count, a duration) was "
    "evaluated against the data and is false: the text contradicts itself.",
)
CLAIM_UNEVALUABLE = _code(
    "PK531",
    Severity.ERROR,
    "claim or example cannot be evaluated",
    "The expression of a claim or example fails (an undefined name, a syntax error) or does not "
    "give true or false. Expressions run in Jinja2's sandbox, never as Python.",
)
EXAMPLE_WRONG = _code(
    "PK532",
    Severity.ERROR,
    "worked example does not follow from the rules",
    "A worked example's stated outcome differs from what the rules, applied to its inputs, give.",
)
EXAMPLE_KEYS = _code(
    "PK533",
    Severity.ERROR,
    "example computes something it does not state, or states something it does not compute",
    "Each key of an example's 'outcome' needs an expression in 'compute', and the other way.",
)
PLAYED_RULES_FAULT = _code(
    "PK534",
    Severity.ERROR,
    "the played rules still have a fault the errata should resolve",
    "The table checks (gaps, overlaps, restated tables), the checks for ties and rounding, and "
    "the check for values used but never defined run again on the played rules, the package "
    "with every erratum's 'plays' applied, which is what every material prints. A fault found "
    "there would be printed: an erratum that resolves it only in words (wording_only, or plays "
    "that miss the row) or plays that make a new gap or overlap. Give the erratum the 'plays' "
    "that change the data to its resolution. A claim or worked example failing on the text "
    "is judged on the played rules too when the erratum resolving it plays what it reads: "
    "failing there as well (a value played wrong), it is an error here.",
)
VALUE_UNDEFINED = _code(
    "PK535",
    Severity.ERROR,
    "a value is used but never defined",
    "Prose, a claim, an example or a material's template uses values.NAME, and rules.values "
    "has no such entry. When the rule text never states the number (a starting value it relies "
    "on), record that gap as an erratum with code PK535 whose 'plays' defines the value "
    "(rules.values.NAME: …): the finding then becomes a note, and every material prints the "
    "number the erratum plays.",
)
BAD_PLAYS = _code(
    "PK543",
    Severity.ERROR,
    "an erratum plays a path that does not exist or a value of the wrong type",
    "An erratum's 'plays' maps data paths, written as templates write them "
    "(rules.tables.ranges.rows[1].min, rules.values.base_crew), to the values printkit plays. "
    "Each path must name data the package has (a field of a rule, a row by its index, an "
    "entry of a mapping); only a new named value under rules.values may be added. The value "
    "must be one the field takes (the model's type, and for a named value or a row's data the "
    "same kind as the text's: a number stays a number). Two errata may not play one path "
    "differently.",
)
SCRIPTED_MOVE_ILLEGAL = _code(
    "PK540",
    Severity.ERROR,
    "a scripted move is not legal there",
    "A claim's or worked example's 'play:' plays its 'moves' from the set-up (patched by its "
    "'position'), in the engine's notation, chance outcomes included ('roll 1'). A move the "
    "engine does not read, or that is not among the legal moves at that step, stops the "
    "script: the diagnostic names the step and the moves that are legal there. A script the "
    "engine cannot set up (a player count it does not play, a 'position' key its positions do "
    "not have) is reported the same way. Either the script is wrong or the engine reads the "
    "rules otherwise than the text: correct the moves, or record the reading as an erratum.",
)
ENGINE_AMBIGUOUS = _code(
    "PK541",
    Severity.ERROR,
    "the played rules are still ambiguous where the engine reads them",
    "An engine plays the played rules (every erratum's 'plays' applied). A table it reads "
    "(a path of its 'requires') that still has a gap or an overlap there, or a reading it "
    "needs that the data leaves unset (null), would make the engine guess. Give the erratum "
    "that resolves it the 'plays' that put the reading in the data.",
)
ENGINE_NEEDS_DATA = _code(
    "PK542",
    Severity.ERROR,
    "the engine needs data the package lacks",
    "An engine lists every data path it reads ('requires': rules.values.health, "
    "rules.tables.attacks…) and every phase of rules.structure.phases it plays. A required path "
    "the package does not have, a phase the engine has no handler for, or a handler for a phase "
    "the package does not define means the engine cannot play these rules: add the data (an "
    "erratum's 'plays' may add a named value the text never states), or bind another engine.",
)
END_NEVER_HAPPENS = _code(
    "PK544",
    Severity.WARNING,
    "an end condition never happened in the smoke playouts",
    "'printkit validate' plays 'simulation.smoke.playouts' seeded games (100 random ones by "
    "default). An end condition that ended none of them may be unreachable (a tie that cannot "
    "happen, a win the rules forbid) or only rare: play more smoke playouts, or use other "
    "agents, to tell which.",
)
TOO_MANY_TIMEOUTS = _code(
    "PK545",
    Severity.WARNING,
    "smoke playouts reached max_turns",
    "More of the smoke playouts than 'simulation.smoke.max_timeouts' (0 by default) reached "
    "'simulation.max_turns' without ending. A game that does not end (a loop the rules allow, "
    "healing that outpaces damage) or a cap too low for the game: the diagnostic gives the "
    "first seed that timed out.",
)
RULE_NEVER_USED = _code(
    "PK546",
    Severity.WARNING,
    "an action, table row or ability was used neither in the smoke playouts nor in a script",
    "Every step of a playout names the rules it applied (its events). An action, a table row "
    "with an id or an ability that none of the smoke playouts and none of the scripted games "
    "(claims' and examples' play:) applied may be unreachable, or the engine may not play it: "
    "check the rule and the engine, play more smoke playouts, or script a game that uses it.",
)
PRINTED_NOT_PLAYED = _code(
    "PK547",
    Severity.WARNING,
    "printed text differs from the played rules",
    "An erratum's 'plays' changes a number or reading, but a printed sentence still states the "
    "text's value directly instead of through the data ({{ values.NAME }}, a row's field): "
    "players would read one rule and printkit play another. Print the value from the data.",
)
PLAY_MISSING = _code(
    "PK548",
    Severity.WARNING,
    "a claim or example waits for an engine the game has",
    "The game is bound to an engine ('game.engine'), but a claim or worked example that needs "
    "play ('engine:') gives no 'play:', so it stays unchecked. Write the scripted game "
    "(moves and expect) or the property (always, never, sometimes, usually or rarely) that "
    "checks it.",
)
INVARIANT_BROKEN = _code(
    "PK549",
    Severity.ERROR,
    "an invariant broke in play",
    "With invariants on (scripted games and the smoke playouts of 'printkit validate'), the "
    "engine checks after every step what no rule allows (pieces conserved, tracks in bounds, "
    "legal moves only). A broken invariant is an engine fault or data the engine cannot play: "
    "the diagnostic gives the seed, the playout and the step, and names the replay file "
    "written for it.",
)
PLAY_CUT_SHORT = _code(
    "PK550",
    Severity.WARNING,
    "play stopped at its bound of moves",
    "`validate` and `claims` play what a package asks for (smoke playouts, property claims), "
    "with agents that may search (mcts:N tries N lines of play at every decision). Every "
    "number is within its own bound, and together they could ask for days of play: a game's "
    "playouts apply at most the limit of moves (`printkit schema --limits`), its agents' "
    "searches included, about 40 s of play. A batch that reaches it stops: the smoke "
    "playouts are judged on the games played so far (their timeouts only: no PK544 or PK546, "
    "which the games not played might have answered), and a claim is not "
    "played. Ask for fewer playouts, fewer search iterations or a lower max_turns; "
    "`printkit simulate` has no such bound.",
)
EXACT_TABLE_LEFT_OUT = _code(
    "PK551",
    Severity.WARNING,
    "an exact table left out at its bound of work",
    "`printkit simulate` adds to the balance report the tables an engine enumerates exactly, "
    "every chance outcome with its exact probability (the dice game's attacks needed to break "
    "each shield). Their work grows with the data, as the square of a die's sides or a "
    "battery's health or faster, and with the number of tables: a report's tables enumerate "
    "at most the limit of positions and chance outcomes together (`printkit schema --limits`). "
    "The table that reaches it and those after it are left out of balance.json and "
    "balance.pdf, which say so; the playouts' figures do not change. Smaller numbers, or fewer "
    "sizes of dice, let the tables fit.",
)
ERRATUM_CHANGES_CLAIM = _code(
    "PK552",
    Severity.NOTE,
    "an erratum changes whether a claim or worked example holds",
    "A claim's check and an example's computed keys are judged on the text as it states them, "
    "and again on the rules as played when an erratum's 'plays' change what they read. Where "
    "the two verdicts differ and nothing else says so, a note names the claim and the errata: "
    "one that holds on the text but not as played (the errata change what the text states: "
    "meant, or a play to correct), and one whose failure on the text no erratum names though "
    "the errata's plays make it hold (an error, PK530 or PK532: an erratum naming it, which "
    "may repeat those plays, resolves it). A failure an erratum names and its plays make hold "
    "is 'resolved by erratum' (PK230's note), and one they leave failing is PK534.",
)
SOURCE_UNCOVERED = _code(
    "PK536",
    Severity.ERROR,
    "lines of the seed text are printed by no section",
    "Every line of a game's seed text is either printed by a section of its rules (the "
    "section's 'source:' lists the lines it covers: 42 or '42-48') or marked as not a rule in "
    "'rules.source.not_rules' with the reason (title, flavour, credits, a missing picture). A "
    "line range that is neither is a rule the references leave out: add it to the section that "
    "prints it (writing the rule if no section does), or mark it not a rule.",
)
SOURCE_OUTSIDE = _code(
    "PK537",
    Severity.ERROR,
    "seed lines that the seed text does not have",
    "A section's 'source:' or an entry of 'rules.source.not_rules' names a line after the last "
    "line of the seed text ('rules.source.lines'), a span whose first line is after its last, "
    "or the game's rules record seed lines without saying how long the text is.",
)
SECTION_EMPTY = _code(
    "PK538",
    Severity.ERROR,
    "a section has nothing of its own to print",
    "A section prints its heading, its 'text' and the rules it 'covers'. One with neither text "
    "nor rules would print a heading with nothing under it (subsections are not its own "
    "content): give it a sentence that says what its subsections are about, or merge it into "
    "its parent and move its 'source:' lines there.",
)
SECTION_ONLY_REFERS = _code(
    "PK539",
    Severity.ERROR,
    "a section only points at rules printed in other sections",
    "Every rule a section covers is printed in an earlier section, and the section has no text: "
    "it would print nothing but 'X: see §Y' lines. A cross-reference belongs in a sentence "
    "(ref('section')), not in a section of its own: fold the section into the one it points at "
    "(move its 'source:' lines there) and remove it.",
)

INK_LIMIT_EXCEEDED = _code(
    "PK750",
    Severity.ERROR,
    "colour needs more ink than the press accepts",
    "A material printed in CMYK ('colour: cmyk' or 'printkit build --press') uses a colour whose "
    "inks add up to more than its 'ink_limit' (300 % by default, what coated paper takes). The "
    "colours are converted through the shipped FOGRA39 profile, itself built with a 300 % limit, "
    "so only a lower limit can be exceeded: a printer asking for 260 % on uncoated stock.",
)

# Preflight (PK760-PK779): the drawn pages, checked as a print shop would before printing.
PREFLIGHT_STRIP = _code(
    "PK760",
    Severity.WARNING,
    "ink in the strip a home printer cannot print",
    "Art, bleed, marks or text reach into the outer 5 mm of a sheet printed at home, where most "
    "printers print nothing (PRINT.md): that part of the page comes out blank.",
)
PREFLIGHT_SMALL_TEXT = _code(
    "PK761",
    Severity.WARNING,
    "text too small to read at print size",
    "Text printed under 6 pt, the smallest size legible on a card (PRINT.md).",
)
PREFLIGHT_MARK_OVER_TEXT = _code(
    "PK762",
    Severity.WARNING,
    "crop or fold mark crosses text",
    "A crop mark or fold line crosses or touches text (a note, a caption): one of them is "
    "misread or cut into.",
)
PREFLIGHT_CONTRAST = _code(
    "PK763",
    Severity.WARNING,
    "text or line too faint against what lies under it",
    "The contrast ratio (WCAG's, from relative luminance) of text or a fold line against the "
    "colour under its middle is below 3 : 1, the least for graphics and large text to be seen.",
)
PREFLIGHT_CUT_LIKE_FOLD = _code(
    "PK764",
    Severity.WARNING,
    "cut and fold lines drawn alike",
    "A page's cut lines and fold lines have the same dash pattern, so the instruction 'fold on "
    "the dashed line' cannot be followed.",
)
PREFLIGHT_UNMARKED = _code(
    "PK766",
    Severity.WARNING,
    "a piece's edge has no crop mark and no cut line",
    "A straight edge of a piece on an imposed sheet is shown neither by a crop mark on its line "
    "nor by a cut line drawn along it, so where to cut cannot be found on paper.",
)
PREFLIGHT_EMPTY_MARK = _code(
    "PK767",
    Severity.WARNING,
    "a crop mark in line with no piece",
    "A crop mark on a sheet of pieces continues no piece's edge: it marks an empty slot of the "
    "grid, and a cut along it goes through nothing.",
)
PREFLIGHT_OFF_PAPER = _code(
    "PK768",
    Severity.WARNING,
    "ink drawn wholly off the paper",
    "Text, art or a mark lies wholly beyond an edge of the page, so none of it prints: the "
    "page's note ('print at actual size') when a zero margin leaves it no room under the "
    "pieces or beside them, or an element placed past the paper.",
)
PREFLIGHT_HINGE = _code(
    "PK765",
    Severity.WARNING,
    "fold-and-glue halves meet at a point",
    "A round or shaped fold-and-glue piece has no straight cut around its two halves: cut along "
    "its outline, the halves come apart where they only touch.",
)
# The warnings a material may accept once its designer has judged them ('preflight: {accept:
# [...]}' on the material): the preflight's, on every material; a hex map's terrain or zones
# told apart by colour alone (COLOUR_ONLY: terrain the rules treat alike, say), and a counter
# sheet's counters overhanging their hexes by choice (PIECE_OVERHANGS_HEX: 'fit: loose'). Each
# is a risk of the designer's own material, not a mistake in the data.
PREFLIGHT_ACCEPTABLE = (
    PREFLIGHT_STRIP,
    PREFLIGHT_SMALL_TEXT,
    PREFLIGHT_MARK_OVER_TEXT,
    PREFLIGHT_CONTRAST,
    PREFLIGHT_CUT_LIKE_FOLD,
    PREFLIGHT_HINGE,
    PREFLIGHT_UNMARKED,
    PREFLIGHT_EMPTY_MARK,
    PREFLIGHT_OFF_PAPER,
)

# Exports (PK770-PK779): card images, print-on-demand presets, virtual tabletops.
POD_NAMING = _code(
    "PK770",
    Severity.ERROR,
    "a print-on-demand preset names its files wrongly",
    "A preset's 'naming' (or 'shared_back') must give one plain file name, of the preset's file "
    "type, for every card: a PNG preset's name per face uses the fields {number} and {side} "
    "(and may use {name}, the card's name), so that no face overwrites another; a PDF preset, "
    "one file per material, uses no field; a name holds no '/' and does not start with '.'.",
)
POD_SIZE = _code(
    "PK771",
    Severity.WARNING,
    "cards are not the size the print-on-demand preset is for",
    "'printkit build --pod PRESET' writes a material whose cards differ from the preset's "
    "'card:' size: the service would print them at its own size, stretched or cut. Use the "
    "service's preset for that card size (copy a shipped preset and set 'card:', 'source:'), "
    "or change the layout's size.",
)
TTS_URL = _code(
    "PK772",
    Severity.ERROR,
    "a Tabletop Simulator image address is not a folder URL",
    "A material's 'tts: {url: …}' is the address of the folder its exported images will be "
    "served from (uploaded to a web host, or file:/// on one machine): it starts with "
    "https://, http:// or file:// and ends with '/', and each image's name is added to it.",
)
TTS_NO_URL = _code(
    "PK773",
    Severity.NOTE,
    "a Tabletop Simulator export names its images by bare file names",
    "Tabletop Simulator loads a saved object's images by URL (https://, or file:/// on one "
    "machine). Without 'tts: {url: …}' the saved object (<material>.tts.json) names them by "
    "their file names alone, so it loads with no images until the images are uploaded and "
    "'url' says where (or 'url' is the output folder's file:/// address). It is a note, not a "
    "warning: the export is written as declared, and --strict builds it.",
)
# Versions and build profiles (PK780-PK784).
PROFILE_UNKNOWN = _code(
    "PK780",
    Severity.ERROR,
    "no such build profile",
    "A game lost the profile `printkit build --profile NAME` names while the command ran (its "
    "YAML was saved in between). A profile a game lacks when the command starts is a mistake "
    "on the command line (exit 2), as an unknown game is; under `printkit watch`, a rebuild "
    "after the profile was taken out of the YAML says so the same way and the watch goes on. "
    "The game is not built; the others chosen are.",
)
PROFILE_WATERMARK = _code(
    "PK781",
    Severity.ERROR,
    "a profile's watermark cannot be made",
    "A profile's 'watermark' is a template over `game` ('PLAYTEST {{ game.version }}'): it "
    "must render (a field the game does not state, such as a version it lacks, is an error) "
    "to one line of at most 100 characters that the embedded bold face can draw. Every "
    "profile's watermark is checked by `validate` and `build`, whichever profile is built.",
)
VERSION_GLYPHS = _code(
    "PK782",
    Severity.ERROR,
    "the version has characters the font cannot draw",
    "`game.version` prints in every footer in the embedded regular face; a character that face "
    "lacks would print as an empty box. (A watermark's characters are checked against the bold "
    "face, under PK781.)",
)

CARD_DATA_MISSING = _code(
    "PK800",
    Severity.ERROR,
    "card data file not found",
    "A deck's 'cards: {file: …}' names a CSV or XLSX file (or a sheet of a workbook) that is not "
    "in the game's folder. Data files are read from the game's own folder only, never from "
    "an absolute path or a path that leaves it.",
)
CARD_DATA_BAD = _code(
    "PK801",
    Severity.ERROR,
    "card data file cannot be used",
    "A CSV or XLSX file of cards is larger than 10 MB (refused before it is read), is not "
    "UTF-8, is not valid CSV, is separated by semicolons or "
    "tabs instead of commas, is no Excel workbook (an old .xls, a password-protected or "
    "damaged workbook, a file renamed .xlsx), has a damaged cell (a saved number that is none, "
    "a text or style the workbook does not hold, a date that is none, a reference that names "
    "no cell), has a formula with no saved value, has an empty "
    "or repeated header, has a value outside the header's columns, or has a cell that cannot "
    "be its field's type (a number field, count or pips holding text). The diagnostic names "
    "the row (the line of the file) and the column (1 is column A).",
)
CARD_DATA_UNUSED = _code(
    "PK802",
    Severity.WARNING,
    "data file read by no deck",
    "A CSV or XLSX file lies in the game's folder but no deck names it: a deck that should read "
    "it may name another file, or the file is left over.",
)
CARD_GENERATOR_BAD = _code(
    "PK803",
    Severity.ERROR,
    "card generator cannot make its cards",
    "A deck's 'card_product' must map field names to non-empty lists and use only the keys "
    "of, name, values and count; its templates may use the product's field names.",
)
TOO_MANY_PIECES = _code(
    "PK804",
    Severity.ERROR,
    "a deck or material makes too many pieces",
    "The counts of a deck's cards (listed in YAML, read from a data file, or generated: "
    "combinations × count) add up to more pieces than the limit (`printkit schema --limits`), "
    "or the decks of one material do, or a sheet with `repeat` would print more pages than its "
    "limit, or its items' `copies` more pages of paper or pieces, or a fillable sheet more "
    "form fields. The sum is taken before any card is made, and reported "
    "where it passes the limit: a typo such as 'count: 10000' on a generator would otherwise "
    "cost minutes and gigabytes before the inventory check could say the deck is wrong.",
)
CARD_DATA_TOO_LARGE = _code(
    "PK805",
    Severity.ERROR,
    "card data file has too many rows or columns",
    "A CSV file or an XLSX sheet has a row or a column past the limit (`printkit schema "
    "--limits`): a deck's data holds a row per card and a column per field. An XLSX sheet's "
    "extent is measured from its cells, before they are read (the <dimension> it declares is "
    "never trusted), so one cell far away (XFD1048576) is reported at that cell instead of "
    "making printkit read a million empty rows.",
)
WORKBOOK_TOO_LARGE = _code(
    "PK806",
    Severity.ERROR,
    "XLSX workbook inflates too much",
    "An .xlsx file is a zip archive of XML parts. Before any part is read, the sizes the "
    "archive states are checked: the parts together must inflate to at most the limit "
    "(`printkit schema --limits`), and no large part may compress far better than spreadsheet "
    "XML does (a zip bomb: a few megabytes that inflate to gigabytes).",
)

EXPORT_TOO_LARGE = _code(
    "PK807",
    Severity.ERROR,
    "a material's exported images have too many pixels",
    "Card images (`--format cards`), Tabletop Simulator tiles (`--format tts`) and "
    "a print-on-demand preset's PNGs are rendered at the dpi asked for. A material's images in "
    "one export may add up to at most the limit (`printkit schema --limits`), counted before any "
    "is rendered: a deck within its bound of pieces may still ask for billions of pixels at a "
    "high dpi, minutes of work. The copies of a card are one image. Lower the dpi (the message "
    "says which fits) or split the deck over several materials.",
)

# Card data kept online (PK820-PK829): `card_data: {file: …, url: …}` and `printkit fetch`.
CARD_DATA_URL_BAD = _code(
    "PK820",
    Severity.ERROR,
    "card data URL is not a web address printkit downloads",
    "A deck's 'card_data: {url: …}' must be a plain http:// or https:// address with a host "
    "(a published Google Sheets link, or any address that serves a CSV or XLSX file), at most "
    "2,000 ASCII characters (as a browser's address bar copies it), with no spaces and no user "
    "name or password in it: the address is "
    "shared with the package, and `printkit fetch` downloads from nothing else (no file:, "
    "no ftp:).",
)
CARD_DATA_NOT_FETCHED = _code(
    "PK821",
    Severity.ERROR,
    "card data named by URL has no saved copy",
    "A deck names its card data by URL, and the file it is saved as ('card_data: {file: …}') "
    "is not in the game's folder yet. Builds and validate read only the saved copy, never the "
    "network, so that they stay offline and give the same bytes every time: `printkit fetch "
    "GAME` downloads it (then commit it with the game).",
)
FETCH_FAILED = _code(
    "PK822",
    Severity.ERROR,
    "card data download failed",
    "`printkit fetch` could not download a deck's card data: the server answered with an "
    "HTTP error (404 not found, 403 not shared), could not be reached, or did not finish "
    "within the timeout (--timeout, 30 s by default). The saved copy, if any, is kept as it "
    "was, and builds go on reading it.",
)
FETCH_REFUSED = _code(
    "PK823",
    Severity.ERROR,
    "downloaded card data refused",
    "`printkit fetch` downloaded something that cannot be the deck's card data, so it was not "
    "saved and the old copy is kept: a file over the size bound of card data (10 MB, stopped "
    "as soon as it passes it), a web page (a Google Sheet that is not shared or published "
    "answers with its sign-in page), something that is not the CSV or XLSX file the saved "
    "name says, or a file the card data reader refuses (not UTF-8, broken quoting, rows or "
    "columns past the limits); those are reported at their row and column of the download.",
)
FETCHED_COPY_CHANGED = _code(
    "PK824",
    Severity.WARNING,
    "saved card data is not what was fetched from its URL",
    "A deck names its card data by URL, and the saved copy differs from what `printkit fetch` "
    "recorded beside it (`<file>.fetched.json`): the file was edited in the game's folder since "
    "it was fetched (the next fetch replaces those edits with the online sheet), or the deck's "
    "url now names another address than the one the copy came from. Make the change in the "
    "online sheet and fetch again, or remove the url to keep the file as the deck's own.",
)

TEXT_TOO_MUCH = _code(
    "PK808",
    Severity.ERROR,
    "a material's text is too much to lay out",
    "Every text of a material's pieces (a sheet's headings, labels, texts and cells, on every "
    "page) is laid out, fitted to its region by trying sizes, "
    "before anything is drawn. Their characters added up may be at most the limit "
    "(`printkit schema --limits`): a template may print 100,000 characters, and 2,000 cards "
    "of it would take hours to fit. The text past the limit is not laid out; shorten the "
    "texts or split the deck over several materials.",
)
ART_TOO_MUCH = _code(
    "PK809",
    Severity.ERROR,
    "a material shows too much art",
    "The PDF stores every raster picture (PNG, JPEG) a material shows whole, and storing it "
    "costs about a second for 24 million pixels; svglib draws about 2,000 SVG elements a "
    "second. The distinct art of one material, image regions and icons, each file counted "
    "once however many pieces show it, may add up to at most the limits (`printkit schema "
    "--limits`): the files' bytes, from their sizes before any is read; pixels, counted "
    "from the pictures' headers (an SVG's embedded ones too) before any is decoded; and SVG "
    "elements, `<use>` copies counted, before any is drawn. "
    "Scale the pictures down to what they print at 300 dpi (a whole 63 × 88 mm card with 3 mm "
    "bleed: 815 × 1110 pixels; PK812 says when one is below it), simplify the drawings, or "
    "split the pieces over several materials.",
)
ART_NOT_FOUND = _code(
    "PK810",
    Severity.ERROR,
    "image file not found",
    "An image region names a file that is not in the game's folder, or a path that leaves it "
    "(an absolute path, '..', a link to a file elsewhere). Art is read from the game's own "
    "folder only, so a package can be shared as one folder.",
)
ART_UNREADABLE = _code(
    "PK811",
    Severity.ERROR,
    "image file cannot be read",
    "An image region's file is not PNG, JPEG or SVG, or its content is not what its name says "
    "(a GIF named .png), or it is damaged (its data lacks pixels its header states: every "
    "picture is decoded in the check, so validate refuses it as build does), or it is larger "
    "than 50 MB (refused before it is read), or it has more than 50 million pixels (refused from "
    "its header, before a pixel is decoded), or it is a progressive JPEG of more than 100 "
    "scans (counted from its markers). SVG art must be well-formed XML, an <svg> with a "
    "size of its own (a viewBox, or a width and a height that are not percentages) and "
    "self-contained: references only to its own elements (#id) or to data: URIs, no style "
    "sheet, no external entity, so it cannot make printkit read a file outside the game's "
    "folder.",
)
ART_LOW_RESOLUTION = _code(
    "PK812",
    Severity.WARNING,
    "image prints below 300 dpi",
    "A raster image (PNG, JPEG) has fewer pixels than 300 per inch at the size it prints, "
    "after fitting (an icon in text: one em tall at the size the text is set): print shops ask "
    "for 300 dpi, and below it the art looks soft or jagged. "
    "SVG art has no resolution and is never reported.",
)
ART_TOO_COMPLEX = _code(
    "PK813",
    Severity.ERROR,
    "SVG art is too much work to draw",
    "SVG art has more elements than printkit draws (5,000, each <use> counted as the elements "
    "it copies), nests them more than 100 deep (through <use> too), has more than 500,000 "
    "characters of path data, embeds pictures of more than 50 million pixels in all (a "
    "picture counted once for each <use> of it: svglib decodes it for each), or has a <use> "
    "that copies an element it lies in. svglib takes "
    "about half a millisecond an element: a file of 400,000 took minutes. The figures are in "
    "docs/limits.md ('Input limits').",
)
ART_NUMBER_OUT_OF_RANGE = _code(
    "PK814",
    Severity.ERROR,
    "SVG art has a number out of range",
    "Every number SVG art is drawn with (its size, viewBox, coordinates, path data, font sizes, "
    "stroke widths, transforms), as the file gives it and as computed from units, percentages "
    "and nested transforms, must be finite and at most 10^9, and the drawing at least 0.001 "
    "points wide and high: the PDF cannot hold a larger number (a 1e308 viewBox) or NaN.",
)
# Output, sandbox and guard (PK401-PK409, PK900).
NOT_A_REGULAR_FILE = _code(
    "PK401",
    Severity.ERROR,
    "output path is not a regular file (or, for build, not a folder)",
    "printkit writes only to regular files, which it replaces by renaming a new file over them, "
    "or to standard output ('-'). A device node (such as /dev/null), a named pipe, a socket, a "
    "symbolic link or a folder at that path is refused rather than replaced. The output folder "
    "of 'printkit build' must be a folder (or not exist yet).",
)
TEMPLATE_TOO_MUCH_WORK = _code(
    "PK402",
    Severity.ERROR,
    "template does too much work",
    "Every template and expression runs in a sandbox with a budget per rendering: loop "
    "iterations, calls and operators together, the length of a range() and the size of "
    "numbers made by '*' and '**'. A template that needs more is almost "
    "certainly a mistake (nested loops over large ranges, a power tower); the figures are "
    "in docs/limits.md ('Template limits').",
)
TEMPLATE_TOO_LARGE = _code(
    "PK403",
    Severity.ERROR,
    "template makes text that is too long",
    "A string or list made inside a template (by '*', '+', '~', '%', padding and joining "
    "functions and filters) or the text a template renders is longer than the sandbox allows. "
    "Card and rule texts are short; the figures are in docs/limits.md ('Template limits').",
)
TEMPLATE_CYCLE = _code(
    "PK404",
    Severity.ERROR,
    "template includes, imports or extends itself",
    "A reference template that includes, imports or extends itself, directly or through other "
    "templates, would never end. The diagnostic points at the line that closes the circle; "
    "share the common part in a third template that both use instead.",
)
TEMPLATE_TOO_DEEP = _code(
    "PK405",
    Severity.ERROR,
    "macros or templates nest too deeply",
    "A macro that calls itself, macros that call each other, a recursive loop or rule prose "
    "that renders prose may go at most 50 calls deep (docs/limits.md, 'Template limits'). A "
    "macro that calls itself without a condition that stops it is the usual cause.",
)
HELPER_ARGUMENT = _code(
    "PK406",
    Severity.ERROR,
    "a helper or filter was given an argument it cannot use",
    "The functions a template may call (covered, title, lookup, range…) check their arguments "
    "before they run: an id that names nothing, none where an entry is wanted, a negative "
    "length given to 'truncate'. 'Template helpers' in docs/limits.md lists each helper and "
    "what it takes.",
)
INTERNAL_ERROR = _code(
    "PK900",
    Severity.ERROR,
    "internal error",
    "printkit itself failed: no input should ever cause this. The full report (the command, "
    "versions and the Python traceback) was saved to the file the diagnostic names. Please "
    "report it to printkit's maintainers with that file and, if you can, the game package "
    "that triggered it. Exit code 3.",
)

# The gate every file of a game is read through (PK410-PK419).
TEMPLATE_FILE_TOO_LARGE = _code(
    "PK410",
    Severity.ERROR,
    "template file is too large",
    "A reference template (or a template it includes) is larger than 32 KB. It is refused "
    "before it is read: a template is a frame around the rules, which it prints from the data "
    "(the shipped ones are under 2 KB), and laying out a long text costs more than its length "
    "(a 61 KB template took 8 s, a 1 MB one over 300 s).",
)

# Reference documents (PK600-PK649).
REFERENCE_TEMPLATE = _code(
    "PK600",
    Severity.ERROR,
    "reference template fails",
    "The Jinja2 template of a quick reference or rules reference names something that does not "
    "exist (an undefined name: templates are strict), has a syntax error, or cannot be found. "
    "The diagnostic points at the template file and line.",
)
REFERENCE_OVERFLOW = _code(
    "PK601",
    Severity.ERROR,
    "quick reference does not fit its pages",
    "A quick reference is laid out at the largest size from 10 pt down to 7 pt that fits the "
    "pages it is given (1 unless 'pages: 2'). When even 7 pt needs more pages, it is not "
    "printed on an extra page: a sheet kept at the table must be one sheet.",
)
REFERENCE_NO_RULES = _code(
    "PK602",
    Severity.ERROR,
    "reference document for a game without rules",
    "A quick_reference or rules_reference material prints the game's 'rules:' section, which "
    "the package does not have.",
)
REFERENCE_LINK = _code(
    "PK603",
    Severity.ERROR,
    "reference document links to a heading it does not have",
    "A Markdown link of a reference template ('[text](#id)') names an anchor that no heading "
    "of the document has and that is not a section of the rules. A link to a section the "
    "document leaves out (a ref() in rule text, on the quick reference) says where the "
    "section is ('rules §3 Scoring'); a link to anything else is a mistake the PDF cannot "
    "hold. Links with a scheme ('https:', 'mailto:') leave the document and are not checked. "
    "A link a rule text writes itself is reported at that text; ref() of a section the "
    "rules lack writes no link (in rule text it is PK500 at the text, in a template PK406 "
    "at its line).",
)
REFERENCE_HEADINGS = _code(
    "PK604",
    Severity.ERROR,
    "reference document headings out of order",
    "The headings a reference template writes become the PDF's outline, a tree: the first "
    "heading is level 1 ('#'), each next heading at most one level deeper than the one before "
    "('#' then '##' then '###'), every heading has text (at most 200 characters: it is a line "
    "of the contents page too), and no two headings name the same anchor ('{#id}'). Levels 4 "
    "to 6 print like level 3.",
)
REFERENCE_EMPTY = _code(
    "PK605",
    Severity.ERROR,
    "reference template writes an empty document",
    "The template of a quick reference or rules reference writes no heading, paragraph, list "
    "or table (an empty file, or conditions that are all false for this game). An empty PDF "
    "is not printed.",
)
REFERENCE_MARKDOWN = _code(
    "PK606",
    Severity.ERROR,
    "reference template writes Markdown the documents do not print",
    "Reference documents print headings, paragraphs (bold, italic, links, inline code), "
    "bullet and numbered lists (nested up to 4 deep) and tables (up to 12 columns). Code "
    "blocks (a line indented by four spaces is one: a common template mistake), HTML, "
    "images, block quotes, horizontal rules and headings or tables inside a list item would "
    "be lost, and are reported once per kind at their first line: at the rule text that "
    "writes it when a template prints one (once, whichever documents print it), else at the "
    "template's line.",
)
REFERENCE_TOO_LONG = _code(
    "PK607",
    Severity.ERROR,
    "rules reference is longer than a reference can be",
    "A rules reference is laid out to at most 300 pages (the contents page included); the "
    "layout stops there, so that a runaway template costs seconds, not minutes. The longest "
    "shipped rules reference has a few dozen pages.",
)

ERRATUM_NAMES_NOTHING = _code(
    "PK608",
    Severity.ERROR,
    "an erratum names a table, row, claim, example, value, term or rule that does not exist",
    "An erratum's subject is the text of the finding it resolves, and names what the finding "
    "is about: table 'ranges', row 3 of 'stress_test', claim 'buy_once', value 'base_crew'. A "
    "name the package does not have (misspelt, or renamed since) matches no finding, so the "
    "fault it meant to resolve stays unresolved. The diagnostic points at the name inside the "
    "subject, with the closest name that exists.",
)

EXPRESSION_NAMES_NOTHING = _code(
    "PK609",
    Severity.ERROR,
    "a claim or example names a table, section, component or entry that does not exist",
    "A claim's check or an example's expression reads the package's data by name "
    "(tables.ranges.rows, decks.deck.sets.death_ray.size, lookup('damage', 4)). A name the "
    "data does not have is found before the expression is evaluated and reported at that "
    "name, with the closest name that exists. (A value, values.NAME, is PK535.)",
)

# Sheets (PK260-PK279).
SHEET_OVERFLOW = _code(
    "PK260",
    Severity.ERROR,
    "sheet elements do not fit",
    "The elements of a sheet need more height than the page has, a row's elements are wider "
    "than the page, a checkbox or number track is wider than its element, or a text does not "
    "fit the height given to it.",
)

SHEET_REPEAT = _code(
    "PK261",
    Severity.ERROR,
    "sheet repeats over something that is not a list",
    "A sheet's 'repeat' names a key of the package's 'data:' that holds a list of items (ship "
    "builds, players), or is an expression over the rules context that gives one (a game's "
    "dice: components.values() | list); one page is made per item, so an empty list is refused "
    "too.",
)
PURCHASE_OVER_BUDGET = _code(
    "PK262",
    Severity.ERROR,
    "item spends more than its budget",
    "An item of a repeated sheet (a ship build) buys more, at the costs of the purchase table, "
    "than its budget expression allows (the credits of its point level).",
)
PURCHASE_LIMIT = _code(
    "PK263",
    Severity.ERROR,
    "item buys something more often than the rules allow",
    "The purchase table's row gives a 'limit' in its data; the item's count is above it.",
)
PURCHASE_EXCLUSIVE = _code(
    "PK264",
    Severity.ERROR,
    "item buys two kinds of which only one is allowed",
    "Rows of the purchase table carrying one of the sheet's 'exclusive' data flags (a cannon "
    "type) may not be combined: an item buys at most one of them.",
)
PURCHASE_UNKNOWN = _code(
    "PK265",
    Severity.ERROR,
    "item buys something the table does not offer",
    "An item names a purchase that is not a key of the purchase table (or the table named is "
    "not a lookup table of the rules).",
)
BOARD_AREAS = _code(
    "PK266",
    Severity.ERROR,
    "board cells not split into areas",
    "Every cell of a triangle_grid board belongs to exactly one area: a cell in no area, in two "
    "areas, or an area's cell off the board is reported at the area's span or at the board.",
)
BOARD_FEATURE = _code(
    "PK267",
    Severity.ERROR,
    "board feature misplaced",
    "A feature piece of a board has a kind without a style, a cell off the board or outside the "
    "area that lists it, a cell of another piece, cells that do not join, or (for rectangles and "
    "die faces) not exactly two neighbouring cells.",
)
BOARD_COUNT = _code(
    "PK268",
    Severity.ERROR,
    "board area has the wrong number of pieces",
    "The board's 'require: per_area' says how many pieces of a kind every area holds (four "
    "attack rectangles, one city), and 'links' joins exactly one piece per area.",
)
BOARD_UNREACHABLE = _code(
    "PK269",
    Severity.ERROR,
    "board target cannot be reached",
    "With 'require: reach', every piece of the target kind must be reachable from a piece of "
    "the start kind through cells no blocking feature covers (an emitter from the power plant).",
)
SHAPE_SPLIT = _code(
    "PK270",
    Severity.ERROR,
    "shape is not one piece",
    "The cells of a shape (a polyiamond) must join along sides.",
)
SHAPE_DUPLICATE = _code(
    "PK271",
    Severity.ERROR,
    "two shapes are the same",
    "Two shapes of a shapes element are the same once turned, flipped or moved, so a die roll "
    "would not choose between different shapes.",
)
SHAPE_NO_FIT = _code(
    "PK272",
    Severity.ERROR,
    "shape fits nowhere in an area",
    "With 'fit_in', every shape must fit (turned or flipped as needed) on the free cells of "
    "every area of the named board, or a player could roll a shape they cannot draw.",
)
FORM_FIELD_NAME_TAKEN = _code(
    "PK273",
    Severity.ERROR,
    "two form fields of a sheet share a name",
    "A fillable sheet names each box's form field from its element's id (a stat 'crew', a "
    "number track's 'health.7') or, in a table, from the table's id, the row and the column's "
    "title ('upgrades.3.bought'). A PDF form keeps one field per name: two boxes of one name "
    "show what is typed in either, and a box to tick and a box to write in cannot share one "
    "(the form is not valid). The second element (or column) naming a field is reported, with "
    "the line of the first.",
)

# What changed between two builds: printkit diff (PK785-PK789).
NOT_AN_OUTPUT = _code(
    "PK785",
    Severity.ERROR,
    "not an output folder of printkit",
    "'printkit diff OLD NEW' compares two folders that 'printkit build' wrote: an --out folder "
    "(a folder per game inside) or one game's folder. A path that does not exist, is a file, "
    "holds no PDF, or holds a card map (<material>.cards.json) that printkit did not write, "
    "cannot be compared.",
)
NO_GIT_HISTORY = _code(
    "PK786",
    Severity.ERROR,
    "the game's folder has no git history",
    "'printkit diff GAME --since REV' reads the game's files as they were at a git revision, "
    "so the game's folder must lie in a git repository, and git must be installed.",
)
UNKNOWN_REVISION = _code(
    "PK787",
    Severity.ERROR,
    "unknown git revision",
    "The revision given to --since names no commit of the repository that holds the game's "
    "folder (a branch, a tag, a commit hash, HEAD~2).",
)
REPRINT_MISMATCH = _code(
    "PK788",
    Severity.ERROR,
    "the cards to reprint are not the new build's",
    "'--reprint' draws the changed cards again from the game's files and compares each with "
    "the same card in the new build. When they differ, the files changed after that build (or "
    "it was built with another --paper or --press), and reprinting would print cards nobody "
    "looked at; a game whose files cannot be found in the rule-data folder cannot be reprinted "
    "either. Build again, then diff.",
)
OLD_BUILD_FAILED = _code(
    "PK789",
    Severity.ERROR,
    "the game at that revision does not build",
    "'printkit diff GAME --since REV' builds the game as it was at REV; that build had errors, "
    "so there is nothing to compare with. Check out REV and run 'printkit validate' to see them.",
)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span
    hint: str | None = None
    # a finding many pieces share (SharedFindings): what it says of each, and the pieces, so
    # that the same finding from another material joins this one (one layout, two decks)
    about: str = ""
    pieces: tuple[str, ...] = ()
    cause: Span | None = None  # where the cause is written: where the joined finding goes

    def __post_init__(self) -> None:
        # Kept printable, whatever the values echoed in them hold (a lone surrogate, a NUL a
        # template made): the terminal, `--format json` and the preview page (index.html,
        # index.json) show the same text, and none of them can fail to encode it.
        object.__setattr__(self, "message", printable(self.message))
        if self.hint is not None:
            object.__setattr__(self, "hint", printable(self.hint))

    def render(self, paint: Paint | None = None) -> str:
        """One located line and one hint line. `paint` colours the place, the severity and the
        word hint on a terminal."""
        ink = paint or _plain
        head = ink(f"{self.severity}[{self.code}]", self.severity)
        where = printable(str(self.span))  # a file named with an escape sequence too
        text = f"{ink(where, 'where')}: {head}: {self.message}"
        if self.hint:
            text += f"\n  {ink('hint', 'hint')}: {self.hint}"
        return text


# (text, role) -> text as printed; the roles are "where", "hint" and each severity
Paint = Callable[[str, str], str]


def _plain(text: str, _role: str) -> str:
    return text


def one_line(text: str) -> str:
    """Text a message or a listing quotes, its whitespace runs (a YAML block's line breaks)
    joined into single spaces: a line break would show as a literal `\\n` (printable)."""
    return " ".join(text.split())


def printable(text: str) -> str:
    """Control characters (a newline in a quoted value, an escape sequence) and lone
    surrogates shown as escapes, so a diagnostic can neither spill onto a second line, nor
    drive the terminal, nor fail to be written as UTF-8."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class WorkRefused(Exception):
    """Work a limit refuses, found only once the work is set out (an export's pages): raised
    before any of it is done, so that nothing half made is kept, and reported as `diagnostic`."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass
class Diagnostics:
    """Collects diagnostics across loading, checking and compiling.

    The same problem found twice (a deck drawn by two materials, a layout used by every card)
    is kept once: a user should read each mistake one time. The same code, place and message
    is the same problem, whatever hint each finder had (the first is kept).
    """

    items: list[Diagnostic] = field(default_factory=list)
    _seen: set[tuple[str, Span, str]] = field(default_factory=set, repr=False)
    _shared: dict[tuple[str, Span, str], int] = field(default_factory=dict, repr=False)

    def add(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self._keep(Diagnostic(code, CODES[code].severity, message, span, hint))

    def extend(self, other: Iterable[Diagnostic]) -> None:
        for diagnostic in other:
            self._keep(diagnostic)

    def _keep(self, diagnostic: Diagnostic) -> None:
        key = (diagnostic.code, diagnostic.span, diagnostic.message)
        if key in self._seen:
            return
        self._seen.add(key)
        if diagnostic.cause is not None:
            shared = (diagnostic.code, diagnostic.cause, diagnostic.about)
            index = self._shared.get(shared)
            if index is not None:  # the same finding of other pieces: one, naming them all
                self.items[index] = _joined(self.items[index], diagnostic)
                return
            self._shared[shared] = len(self.items)
        self.items.append(diagnostic)

    def count(self, severity: Severity = Severity.ERROR) -> int:
        return sum(1 for d in self.items if d.severity == severity)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def has_errors(self, strict: bool = False) -> bool:
        failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        return any(d.severity in failing for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.span.file, d.span.line, d.span.column, d.code))


@dataclass
class SharedFindings:
    """Findings about pieces (cards, counters), gathered so that one mistake many pieces share
    (a layout's template, a generator's key, a spreadsheet's header) is reported once where it
    is written, with how many pieces and the first few, not once per piece."""

    diagnostics: Diagnostics
    # (code, message, where the cause is written) -> {(piece, piece's span): hint}
    pending: dict[tuple[str, str, Span | None], dict[tuple[str, Span], str]] = field(
        default_factory=dict
    )

    def add(
        self, code: str, message: str, at: Span | None, piece: str, span: Span, hint: str
    ) -> None:
        """`piece` (written at `span`) shows a finding whose cause is written at `at` (None
        when only the piece itself can say)."""
        self.pending.setdefault((code, message, at), {}).setdefault((piece, span), hint)

    def flush(self) -> None:
        """One piece's finding at the piece; a finding of several at its cause."""
        for (code, message, at), hits in self.pending.items():
            if at is None:
                for (piece, span), hint in hits.items():
                    self.diagnostics.add(code, f"{piece}: {message}", span, hint=hint)
                continue
            if len(hits) == 1:  # at the piece, but joined by the same finding of others
                [((piece, span), hint)] = hits.items()
                severity = CODES[code].severity
                alone = Diagnostic(code, severity, f"{piece}: {message}", span, hint, message,
                                   (piece,), at)  # fmt: skip
                self.diagnostics.extend([alone])
                continue
            names = tuple(piece for piece, _ in hits)  # two cards of one name are two
            hint = next(iter(hits.values()))
            self.diagnostics.extend([_shared_finding(code, message, at, hint, names)])
        self.pending.clear()


def _shared_finding(
    code: str, about: str, at: Span, hint: str | None, pieces: tuple[str, ...]
) -> Diagnostic:
    message = f"{len(pieces)} different pieces ({some_of(list(pieces))}): {about}"
    return Diagnostic(code, CODES[code].severity, message, at, hint, about, pieces, at)


def _joined(first: Diagnostic, other: Diagnostic) -> Diagnostic:
    """One finding, at its cause, of the pieces of both. A piece the other material names too
    is one (a deck several materials print); within one material two of a name are two."""
    assert first.cause is not None
    known = set(first.pieces)
    pieces = (*first.pieces, *(piece for piece in other.pieces if piece not in known))
    return _shared_finding(first.code, first.about, first.cause, first.hint, pieces)


def did_you_mean(
    word: str, choices: Iterable[str], otherwise: str = "none is defined yet: define it first"
) -> str:
    """A hint naming the closest allowed name, listing the names when none is close, or
    `otherwise` when there is nothing to choose from: every diagnostic carries a hint."""
    return meant_and_hint(word, choices, otherwise)[1]


def meant_and_hint(
    word: str, choices: Iterable[str], otherwise: str = "none is defined yet: define it first"
) -> tuple[str | None, str]:
    """The name `word` was meant to be (None when none is close) and did_you_mean's hint, from
    one comparison: a check that also uses the name meant spends the suggestion bound once."""
    options = set(choices)
    close = closest(word, options)
    if close is not None:
        return close, suggestion(close)
    listed = one_of(heapq.nsmallest(_LISTED + 1, options), otherwise)  # not every name sorted
    return None, listed


def suggestion(close: str) -> str:
    """How a hint offers the name that was likely meant."""
    return f"did you mean '{_shortened(close)}'?"


def shown_value(value: object) -> str:
    """A value as a message quotes it: a whole number of hundreds of digits by its length (its
    digits would fill the terminal, and Python refuses to write past 4,300 of them), anything
    else as Python writes it, cut at 40 characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * math.log10(2)) + 1
        if abs(value) < 10 ** (digits - 1):  # from its bits: one too many just under 10**n
            digits -= 1
        return f"a number of about {digits} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


_LISTED = 12  # names a hint lists


def one_of(options: Sequence[str], otherwise: str) -> str:
    """A hint listing the allowed names (the first dozen), or `otherwise` when there are none."""
    if options:
        shown = ", ".join(map(_shortened, options[:_LISTED]))
        return f"expected one of: {shown}" + (", …" if len(options) > _LISTED else "")
    return otherwise


def _shortened(name: str, most: int = 80) -> str:
    """A name as a hint shows it: a package's path 2,000 characters long, cut in its middle."""
    return name if len(name) <= most else f"{name[: most // 2 - 1]}…{name[-(most // 2) :]}"


# "Did you mean" compares a mistyped name with each name it may mean, a few microseconds a
# name: 2,000 cards each naming an unknown set among 15,000 took 67 s. The names compared are
# counted for each command, each game's checks and each material (`suggesting`), as a
# template's steps are, and once past this bound a hint lists the names without looking for
# the closest; a mistake among a few hundred names costs a few hundred.
MAX_SUGGESTION_WORK = 500_000


@dataclass
class _Compared:
    names: int = 0


_COMPARED: ContextVar[_Compared | None] = ContextVar("names compared", default=None)


@contextmanager
def suggesting() -> Iterator[None]:
    """One bound of names compared for the suggestions of a command, of a game's checks, or of
    one material (drawn on its own, maybe in another process): what they suggest does not
    depend on what was checked or drawn before."""
    token = _COMPARED.set(_Compared())
    try:
        yield
    finally:
        _COMPARED.reset(token)


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The allowed name closest to a mistyped one, if one is close enough to be meant; None,
    without comparing, once the names compared pass MAX_SUGGESTION_WORK. (difflib breaks a
    tie by the name, whatever order the choices come in.)"""
    options = set(choices)
    compared = _COMPARED.get()
    if compared is not None:
        compared.names += len(options)
        if compared.names > MAX_SUGGESTION_WORK:
            return None
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return close[0] if close else None


def some_of(names: Sequence[str], shown: int = 3) -> str:
    """The first few names and how many more: a mistake shared by a hundred cards is reported
    once, and its message stays one line."""
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def relative(path: Path) -> str:
    """Show paths relative to the working directory when possible, as compilers do; a
    symbolic link, of a file or of a folder on the way to it, is named itself, never what it
    points to (a shared game's linked folder must not show where it leads)."""
    named = Path(os.path.abspath(path))
    for here in _working_folders():
        try:
            return str(named.relative_to(here))
        except ValueError:
            continue
    return str(path)


def _working_folders() -> list[Path]:
    """The working folder, and the shell's name for it where it reached it through a link
    ($PWD), so a path typed through that link still shows relative."""
    here = Path.cwd()
    typed = os.environ.get("PWD")
    if typed and typed != str(here) and os.path.realpath(typed) == str(here):
        return [here, Path(typed)]
    return [here]
