"""Text in SVG drawn as the shapes of its glyphs, taken from the fonts printkit embeds.

An SVG that names a font looks right only where that font is installed; elsewhere a viewer
substitutes another, and symbols (★ ⚡ ↻) become empty boxes. Drawn from the glyph outlines
(fontTools reads them), every page looks the same on every machine and in every editor, and
lines up with the PDF, which uses the same advances. Each glyph is defined once per page and
placed with `<use>`; the text itself stays on its group as its `<title>`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache, cached_property

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import table__g_l_y_f

from printkit.draw.fonts import FILES, FONT_DIR, OWN, quiet_font_tools
from printkit.model.limits import MAX_GLYPH_DEPTH, MAX_GLYPH_PARTS

MISSING = ".notdef"  # what the PDF shows for a character the font lacks
REPAIR = "download the font again, or open and save it in a font editor"
SIMPLIFY = (
    "decompose the glyph's components in a font editor (FontForge: Edit › Unlink Reference), "
    "or use another font"
)


class TooManyParts(Exception):
    """A glyph whose components nest or repeat past printkit's bounds: a few kilobytes of
    composites can expand to millions of outlines."""


@dataclass(frozen=True)
class Face:
    font: TTFont
    units_per_em: int
    own: bool  # a game's font, whose glyph data is read only as it is used (see `damage`)

    @cached_property
    def _cmap(self) -> dict[int, str]:
        """The font's best character map, looked up once: fontTools searches the cmap
        subtables on every call, once per character drawn."""
        return self.font.getBestCmap()

    def glyph(self, character: str) -> str:
        return self._cmap.get(ord(character), MISSING)

    def advance(self, glyph: str) -> int:
        try:
            return self.font["hmtx"][glyph][0]
        except Exception:
            if not self.own:
                raise
            return 0  # damaged: reported at the text (PK131), and the drawing is not written


@cache
def face(font: str) -> Face:
    """A face by the name the drawing ops use (PK-Regular, PK-Bold…, a game's PK-Own-…)."""
    source = io.BytesIO(OWN[font]) if font in OWN else FONT_DIR / FILES[font]
    loaded = TTFont(source, lazy=True)
    return Face(loaded, loaded["head"].unitsPerEm, font in OWN)


@cache
def outline(font: str, glyph: str) -> str:
    """The glyph's outline as SVG path data in font units (y up); '' for a blank glyph, and
    for a damaged glyph of a game's font: the card faces report it (PK131), so a drawing that
    holds one is never written."""
    try:
        with quiet_font_tools():
            return _drawn(font, glyph)
    except MemoryError:
        raise  # the machine's fault, not the font's: never a blank glyph
    except Exception:
        if font not in OWN:
            raise
        return ""


def _drawn(font: str, glyph: str) -> str:
    loaded = face(font).font
    _check_parts(loaded["glyf"], glyph)
    glyphs = loaded.getGlyphSet()
    pen = SVGPathPen(glyphs)
    glyphs[glyph].draw(pen)
    return pen.getCommands()


def _check_parts(glyf: table__g_l_y_f, glyph: str) -> None:
    """Raise TooManyParts for a glyph past MAX_GLYPH_PARTS or MAX_GLYPH_DEPTH, before it is
    drawn: fontTools draws each component anew, so drawing costs the components' tree
    expanded, while this reads each distinct glyph once."""
    counted: dict[str, tuple[int, int]] = {}  # glyph -> (its parts, levels nested below it)
    too_deep = f"its components are nested more than {MAX_GLYPH_DEPTH} deep"

    def parts(name: str, depth: int) -> tuple[int, int]:
        """(parts, levels nested below) of a glyph placed `depth` levels down."""
        if name not in counted:
            if depth > MAX_GLYPH_DEPTH:  # also ends a glyph that holds itself
                raise TooManyParts(too_deep)
            shape, total, levels = glyf[name], 0, 0
            if shape.isComposite():
                for component in shape.components:
                    below, nested = parts(component.glyphName, depth + 1)
                    total, levels = total + 1 + below, max(levels, nested + 1)
                    if total > MAX_GLYPH_PARTS:
                        raise TooManyParts(f"over {MAX_GLYPH_PARTS:,} points and components")
            elif shape.numberOfContours > 0:
                total = shape.endPtsOfContours[-1] + 1
            counted[name] = total, levels
        total, levels = counted[name]
        if depth + levels > MAX_GLYPH_DEPTH:
            raise TooManyParts(too_deep)
        return total, levels

    parts(glyph, 0)


@cache
def damage(font: str, character: str) -> tuple[str, str] | None:
    """Why a game's font cannot give the outline or advance of a character it maps, as what
    the font is or does (to follow its name) and a hint; None when it can. The font passed its
    checks when loaded; its glyph data is read only here, for the characters printed, as
    reading every glyph of a Japanese font would take seconds."""
    try:
        with quiet_font_tools():
            shapes = face(font)
            glyph = shapes.glyph(character)
            shapes.font["hmtx"][glyph]
            _drawn(font, glyph)
    except TooManyParts as error:
        why = f"cannot draw '{character}': its glyph is built from too many parts ({error})"
        return why, SIMPLIFY
    except MemoryError:
        raise  # the machine's fault, not the font's
    except Exception as error:
        why = str(error) or type(error).__name__
        return f"is damaged: the glyph of '{character}' cannot be read ({why})", REPAIR
    return None


def glyph_id(font: str, glyph: str) -> str:
    return "g_" + "".join(ch if ch.isalnum() else "_" for ch in f"{font}_{glyph}")


def placed_glyphs(font: str, text: str, size: float) -> list[tuple[str, float]]:
    """(glyph, x offset in points) for each character drawn, spaces advance only."""
    shapes = face(font)
    scale = size / shapes.units_per_em
    x, placed = 0.0, []
    for character in text:
        glyph = shapes.glyph(character)
        placed.append((glyph, x))
        x += shapes.advance(glyph) * scale
    return placed
