"""Make the small fonts printkit's examples and tests ship, from free-licensed fonts.

A whole font is megabytes; a game's example or a test needs a few dozen glyphs. This keeps only
the characters given (plus .notdef and space), drops the layout tables printkit does not use
(it sets one glyph per character), and can turn PostScript (CFF) outlines into TrueType ones,
which reportlab embeds. The licence of the source font must allow modified versions (the OFL
does, under another name only where it reserves the font's name).

    python tools/subset_font.py SOURCE OUT --text "ABC…" [--truetype]
    python tools/subset_font.py SOURCE OUT --text "…" --fs-type 2        # a restricted licence
    python tools/subset_font.py SOURCE OUT --text "…" --add-weight-axis  # an fvar table
    python tools/subset_font.py SOURCE OUT --text "…" --nest T 17 1      # composites 17 deep
"""

from __future__ import annotations

import argparse
from itertools import pairwise

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._f_v_a_r import Axis

DROPPED = ["GSUB", "GPOS", "GDEF", "DSIG", "FFTM", "meta", "vhea", "vmtx", "kern"]


def subset_font(source: str, text: str) -> TTFont:
    options = subset.Options()
    options.drop_tables += DROPPED
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.hinting = False
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text + " ")
    subsetter.subset(font)
    return font


def to_truetype(font: TTFont) -> None:
    """Replace CFF outlines with quadratic TrueType ones (as fontTools' otf2ttf snippet does)."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"


def add_weight_axis(font: TTFont) -> None:
    """An fvar table with a weight axis: the font then declares itself variable."""
    axis = Axis()
    axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = "wght", 100, 400, 900
    axis.axisNameID = font["name"].addName("Weight")
    fvar = newTable("fvar")
    fvar.axes, fvar.instances = [axis], []
    font["fvar"] = fvar


def nest(font: TTFont, character: str, levels: int, copies: int) -> None:
    """Make a character's glyph a composite `levels` deep, each level placing the one below it
    `copies` times, the last the character's outline: copies^levels outlines in a few bytes."""
    glyf, hmtx = font["glyf"], font["hmtx"]
    name = font.getBestCmap()[ord(character)]
    names = [name] + [f"{name}.nest{level}" for level in range(1, levels)] + [f"{name}.outline"]
    font.setGlyphOrder(font.getGlyphOrder() + names[1:])
    outline = glyf[names[-1]] = glyf[name]
    for upper, lower in reversed(list(pairwise(names))):  # each placing one made already
        pen = TTGlyphPen(glyf)
        for _ in range(copies):
            pen.addComponent(lower, (1, 0, 0, 1, 0, 0))
        glyph = glyf[upper] = pen.glyph()
        for bound in ("xMin", "yMin", "xMax", "yMax"):  # every copy lies on the outline
            setattr(glyph, bound, getattr(outline, bound))
    for level in names[1:]:
        hmtx[level] = hmtx[name]
    font.recalcBBoxes = False  # maxp's counts of the expanded glyph would not fit its fields


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("out")
    parser.add_argument("--text", required=True, help="the characters to keep")
    parser.add_argument("--truetype", action="store_true", help="convert CFF outlines")
    parser.add_argument("--fs-type", type=int, help="set the OS/2 embedding bits")
    parser.add_argument("--add-weight-axis", action="store_true")
    parser.add_argument(
        "--nest", nargs=3, metavar=("CHARACTER", "LEVELS", "COPIES"), help="nest a glyph"
    )
    args = parser.parse_args()
    font = subset_font(args.source, args.text)
    if args.truetype and "CFF " in font:
        to_truetype(font)
    if args.fs_type is not None:
        font["OS/2"].fsType = args.fs_type
    if args.add_weight_axis:
        add_weight_axis(font)
    if args.nest:
        character, levels, copies = args.nest
        nest(font, character, int(levels), int(copies))
    font.save(args.out)


if __name__ == "__main__":
    main()
