"""A game's own fonts: each file its layouts name, read once through the file gate, checked,
and registered for drawing; and every face a layout names turned into the face drawing uses.

A font is refused at the line that names it, before anything is drawn with it, for what would
otherwise fail deep inside reportlab or print wrong: a file that is not a font, a licence that
forbids embedding, and kinds of font reportlab cannot embed as they are (a variable font, whose
other instances would be lost; PostScript outlines). A refused font's regions are drawn in
DejaVu so the other checks still run; the error keeps the build from being written.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace

from printkit.diagnostics import (
    BAD_VALUE,
    FONT_NOT_EMBEDDABLE,
    FONT_UNREADABLE,
    FONT_UNSUPPORTED,
    UNKNOWN_REFERENCE,
    Diagnostics,
    Span,
    did_you_mean,
)
from printkit.draw.fonts import FACES, quiet_font_tools, register_own
from printkit.load.files import FONT, GameFiles, Refused
from printkit.model.layout import Layout

STAND_IN = "regular"  # the face of a region whose font was refused or is unknown
# OS/2 fsType bits that forbid what every printkit PDF does: embed a subset of the font
_FORBIDS = (
    (0x0002, "may not be embedded: its licence bits (OS/2 fsType) say 'restricted'"),
    (0x0100, "may not be subset: its licence bits (OS/2 fsType) say 'no subsetting'"),
    (0x0200, "may be embedded only as bitmaps: its licence bits (OS/2 fsType) say so"),
)
ASK_FOR_LICENCE = "use a font whose licence permits embedding (any OFL font does)"


@dataclass(frozen=True)
class FontProblem:
    code: str
    predicate: str  # what the font is or does, to follow its name
    hint: str


def font_problem(data: bytes) -> FontProblem | None:
    """Why reportlab cannot embed this font as printkit needs, or None."""
    from fontTools.ttLib import TTFont  # only a game with fonts of its own pays for fontTools

    try:
        with quiet_font_tools():
            font = TTFont(io.BytesIO(data), lazy=True)
            tables = set(font.keys())
            fs_type = font["OS/2"].fsType if "OS/2" in tables else 0
            has_unicode = "cmap" in tables and bool(font.getBestCmap())
    except Exception as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        reason = reason.removeprefix("Not a TrueType or OpenType font").strip(" ()")
        hint = "name a .ttf or .otf font file; a font in a .zip must be unpacked first"
        return FontProblem(FONT_UNREADABLE, f"is not a TrueType or OpenType font ({reason})", hint)
    for bit, predicate in _FORBIDS:
        if fs_type & bit:
            return FontProblem(FONT_NOT_EMBEDDABLE, predicate, ASK_FOR_LICENCE)
    if "fvar" in tables:
        axes = ", ".join(axis.axisTag for axis in font["fvar"].axes)
        hint = "make a static instance: fonttools varLib.instancer FONT wght=700 (one per axis)"
        return FontProblem(
            FONT_UNSUPPORTED,
            f"is a variable font ({axes}); printkit would embed only its default instance",
            hint,
        )
    if "glyf" not in tables:
        kind = "PostScript (CFF) outlines" if tables & {"CFF ", "CFF2"} else "no glyph outlines"
        hint = "use the font's TrueType (.ttf) version, or convert it to TrueType outlines"
        return FontProblem(
            FONT_UNSUPPORTED, f"has {kind}; printkit embeds TrueType outlines only", hint
        )
    if not has_unicode:
        hint = "use a font with a Unicode character map"
        return FontProblem(FONT_UNSUPPORTED, "maps no Unicode character to a glyph", hint)
    return None


@dataclass
class _Fonts:
    """The fonts of one game: each file read, checked and registered once, each mistake
    reported once at the line that makes it (layouts that extend one share its lines)."""

    files: GameFiles
    diagnostics: Diagnostics
    # file -> the face drawing uses, or (code, message, hint) of why it is refused
    registered: dict[str, str | tuple[str, str, str]] = field(default_factory=dict)
    reported: set[tuple[Span, str]] = field(default_factory=set)

    def report(self, code: str, message: str, at: Span, hint: str) -> None:
        if (at, message) not in self.reported:
            self.reported.add((at, message))
            self.diagnostics.add(code, message, at, hint=hint)

    def load(self, file: str, at: Span) -> str:
        """The face drawing uses for a font file, or STAND_IN once its fault is reported (at
        every line that names the file: each layout's `fonts:` is where a designer looks)."""
        if file not in self.registered:
            self.registered[file] = self._register(file)
        loaded = self.registered[file]
        if isinstance(loaded, str):
            return loaded
        code, message, hint = loaded
        self.report(code, message, at, hint)
        return STAND_IN

    def _register(self, file: str) -> str | tuple[str, str, str]:
        """The registered face, or the (code, message, hint) of why the file is refused."""
        try:
            data = self.files.read(self.files.locate(file, FONT), FONT)
        except Refused as refused:  # at the line naming the file, even for the file's fault
            message = refused.message
            if message.startswith("file "):  # the file's own fault: its size, its kind
                message = f"font file '{file}' {refused.predicate}"
            return refused.code, message, refused.hint
        problem = font_problem(data)
        if problem is None:
            try:
                return register_own(data)
            except Exception as error:
                hint = "the font is damaged: download it again, or save it anew in a font editor"
                problem = FontProblem(FONT_UNREADABLE, f"cannot be embedded: {error}", hint)
        return problem.code, f"font file '{file}' {problem.predicate}", problem.hint

    def layout(self, layout: Layout) -> Layout:
        """The layout with each region's font, and its fallback, as the faces drawing uses."""
        own: dict[str, str] = {}
        for name, (file, at) in layout.fonts.items():
            if name in FACES:
                message = f"font name '{name}' is one of the built-in faces"
                self.report(BAD_VALUE, message, at, "give the game's font another name")
                continue
            own[name] = self.load(file, at)
        known = [*FACES, *own]

        def face(name: str, at: Span) -> str:
            if name in FACES:
                return name
            if name in own:
                return own[name]
            hint = did_you_mean(name, known, otherwise="add it to the layout's fonts")
            self.report(UNKNOWN_REFERENCE, f"unknown font '{name}'", at, hint)
            return STAND_IN

        if not own and not layout.fallback and all(r.font in FACES for r in layout.regions):
            return layout  # DejaVu only, as every layout was before games had fonts
        regions = tuple(replace(r, font=face(r.font, r.where("font"))) for r in layout.regions)
        at = layout.where("fallback")
        fallback = tuple(face(name, at) for name in layout.fallback) if at else ()
        return replace(layout, regions=regions, fallback=fallback)


def resolve_fonts(
    layouts: dict[str, Layout], files: GameFiles, diagnostics: Diagnostics
) -> dict[str, Layout]:
    """Layouts whose regions name the faces drawing uses (DejaVu's, or a registered font)."""
    fonts = _Fonts(files, diagnostics)
    return {name: fonts.layout(layout) for name, layout in layouts.items()}
