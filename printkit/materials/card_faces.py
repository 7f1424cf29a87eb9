"""Draw the faces of cards and counters from a resolved layout and one piece's values.

Regions that look the same on every piece (no template, no condition) are drawn once into a
frame symbol shared by every piece of the layout; only what varies is drawn per piece. The
background and filled boxes that touch the trim edge extend under the bleed, so art reaches past
the cut line, whatever the piece's shape.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from printkit.diagnostics import (
    ART_LOW_RESOLUTION,
    BAD_VALUE,
    FONT_UNREADABLE,
    MISSING_FIELD,
    SCRIPT_NOT_SUPPORTED,
    SMALL_TEXT,
    TEMPLATE_ERROR,
    TEXT_OVERFLOW,
    TEXT_TOO_MUCH,
    UNKNOWN_REFERENCE,
    Diagnostics,
    SharedFindings,
    Span,
    closest,
    did_you_mean,
)
from printkit.draw.fonts import OWN, font_label
from printkit.draw.images import ArtProblem, ArtTooLarge, read_art
from printkit.draw.ops import Circle, Group, Op, Paint, Path, Rect, Symbol, Use, rotate_about
from printkit.draw.scripts import script_of, unsupported_script
from printkit.draw.text import (
    Icon,
    Run,
    fit_text,
    missing_glyphs,
    needed_box,
    parse_markup,
    with_fallback,
)
from printkit.ink_saving import lightened
from printkit.materials.art import (
    PRINT_DPI,
    ArtFinder,
    Refusal,
    effective_dpi,
    fit_box,
    place_art,
)
from printkit.materials.icons import DeckIcons, icon_dpi, pixels_needed
from printkit.materials.laid_out import LaidOutText
from printkit.materials.shapes import ellipse_commands, line_through, outline
from printkit.model.base import check_colour, colour_hint
from printkit.model.layout import Layout, Region
from printkit.model.units import mm, to_mm
from printkit.sandbox.expressions import TemplateProblem, evaluate, render

LEGIBLE_MIN = 6.0
MIN_PIP = mm(1)  # smaller dots are not readable as a count

FAULTY = Paint(role="faulty")  # not drawn: where a colour is an error, for the preflight
Part = Region | Layout  # what of a face a finding is about: a region, or the layout's background


@dataclass
class FaceContext:
    """What a face is drawn from, and where to report problems with it."""

    values: dict[str, Any]
    icons: DeckIcons
    subject: str
    span: Span
    # where one of the piece's own values is written (a card's field), for a mistake in it
    value_span: Callable[[str], Span] | None = None
    # the names its deck lets a card hold (its fields, and name, count...), for hints
    declared: frozenset[str] = frozenset()


@dataclass
class FaceDrawer:
    """Draws faces, defining each layout's shared frame symbol once per bleed."""

    bleed: float
    diagnostics: Diagnostics
    art: ArtFinder  # the game's folder, where image regions find their files
    symbols: dict[str, Symbol] = field(default_factory=dict)
    # findings of regions that vary per piece, reported once for all the pieces that share
    # them, on their fronts and on backs that inherit them (`flush` when every face is drawn)
    shared: SharedFindings = field(init=False)

    laid_out: LaidOutText = field(init=False, default_factory=LaidOutText)
    # an art file's finding (code, message, hint) -> each (`image:` naming the file, piece,
    # piece's span): told once, at the first template naming it (`flush`)
    art_named: dict[tuple[str, str, str], list[tuple[Span, str, Span]]] = field(
        init=False, default_factory=dict
    )
    # a piece's value that is no colour (its text, the piece, where the value is written) ->
    # what uses it (region, key): one finding naming them, not one per region (`flush`)
    bad_colours: dict[tuple[str, str, Span], list[tuple[Part, str, FaceContext]]] = field(
        init=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self.shared = SharedFindings(self.diagnostics)

    def _within_text_budget(self, text: str, region: Region, context: FaceContext) -> bool:
        """Whether this text may still be laid out (PK808, once, where the material's texts
        added up pass their bound)."""
        return self.laid_out.admits(
            text,
            lambda message: self.diagnostics.add(
                TEXT_TOO_MUCH,
                f"{context.subject}: {message}",
                region.where("text"),
                hint="shorten the texts, or split the deck over several materials "
                "(limits: 'printkit schema --limits')",
            ),
        )

    def face(self, layout: Layout, context: FaceContext) -> list[Op]:
        """Regions in layer order: each run of static regions is one shared symbol (the first
        also holds a fixed background), so a static region above a varying one stays on top."""
        ops: list[Op] = []
        if layout.background and "{" in layout.background:  # a colour per piece
            colour = self._colour(layout.background, context, layout, "background")
            paint = Paint(lightened(colour, layout.background_tint)) if colour else FAULTY
            ops.append(outline(layout, paint, grow=self.bleed))
        runs = _static_runs(layout.regions)
        ops.append(self._frame(layout, 0, runs[0], context))
        starts = {run[0].name: index for index, run in enumerate(runs) if index and run}
        for region in layout.regions:
            if not region.is_static:
                ops += self._region(layout, region, context)
            elif region.name in starts:
                index = starts[region.name]
                ops.append(self._frame(layout, index, runs[index], context))
        return ops

    def _frame(
        self, layout: Layout, index: int, regions: tuple[Region, ...], context: FaceContext
    ) -> Use:
        name = f"frame:{layout.name}:{self.bleed:.3f}" + (f":{index}" if index else "")
        if name not in self.symbols:
            b = self.bleed
            ops: list[Op] = []
            if index == 0 and layout.background and "{" not in layout.background:
                paint = Paint(lightened(layout.background, layout.background_tint))
                ops.append(outline(layout, paint, grow=b))
            for region in regions:
                ops += self._region(layout, region, context)
            bbox = (-b, -b, layout.width + b, layout.height + b)
            self.symbols[name] = Symbol(name, tuple(ops), bbox)
        return Use(name, 0.0, 0.0)

    def _report(
        self,
        code: str,
        message: str,
        context: FaceContext,
        part: Part,
        key: str | None,
        hint: str,
    ) -> None:
        """About `part`'s `key`, where the YAML sets it (in the layout or one it extends). A
        static region's finding is reported there at once (it is the same on every piece); a
        varying one's is gathered with the other pieces that share it."""
        at = part.where(key)
        if isinstance(part, Region) and part.is_static:
            self.diagnostics.add(code, f"{context.subject}: {message}", at, hint=hint)
        else:
            self.shared.add(
                code, message, at, context.subject, _piece_span(part, key, context), hint
            )

    def flush(self) -> None:
        """Report the findings gathered for the pieces, once every face is drawn."""
        for (code, message, hint), named in self.art_named.items():
            first = min((at for at, _, _ in named), key=lambda at: (at.file, at.line, at.column))
            for _, subject, span in named:
                self.shared.add(code, message, first, subject, span, hint)
        self.art_named.clear()
        for (text, _, _), uses in self.bad_colours.items():
            part, key, context = uses[0]
            whats = list(dict.fromkeys(_colour_of(region, used) for region, used, _ in uses))
            said = " and ".join(whats) + (":" if len(whats) > 1 else "")
            message = f"{said} '{text}' is not a colour"
            self._report(BAD_VALUE, message, context, part, key, colour_hint(text))
        self.bad_colours.clear()
        self.shared.flush()

    def _render(self, source: str, context: FaceContext, part: Part, key: str) -> str | None:
        try:
            return render(source, context.values)
        except TemplateProblem as problem:
            if problem.hint is None and _misspelt(str(problem), context):
                return None  # the misspelt key is the mistake: PK120 where it is written
            if problem.hint is None and (span := _key_value_span(str(problem), context)):
                self.shared.add(
                    problem.code or TEMPLATE_ERROR,
                    f"{_what(part, key)} {problem}",
                    part.where(key),
                    context.subject,
                    span,
                    "the card's value is not a key of the mapping its template writes: give the "
                    "card one of the keys, or add the value to the mapping",
                )
                return None
            unset = None if problem.hint else _unset_field(str(problem), context)
            if unset is not None:
                self.shared.add(
                    problem.code or TEMPLATE_ERROR,
                    f"{_what(part, key)} prints '{unset}', which this card does not set",
                    part.where(key),
                    context.subject,
                    context.value_span(unset) if context.value_span else context.span,
                    f"give the card its '{unset}' (an empty cell is no value), or draw the "
                    "region only when it is set",
                )
                return None
            hint = problem.hint or _field_hint(str(problem), context)
            said = str(problem).replace(f" ({hint})", "")  # the name meant, once: in the hint
            self._report(
                problem.code or TEMPLATE_ERROR,
                f"{_what(part, key)} {said}",
                context,
                part,
                key,
                hint,
            )
            return None

    def _region(self, layout: Layout, region: Region, context: FaceContext) -> list[Op]:
        ops = self._region_ops(layout, region, context)
        if not region.rotate or not ops:
            return ops
        centre = (region.x + region.width / 2, region.y + region.height / 2)
        return [Group(tuple(ops), rotate_about(region.rotate, *centre))]

    def _region_ops(self, layout: Layout, region: Region, context: FaceContext) -> list[Op]:
        if region.when is not None:
            try:
                if not evaluate(region.when, context.values):
                    return []
            except TemplateProblem as problem:
                self._report(
                    problem.code or TEMPLATE_ERROR,
                    f"condition of region '{region.name}' {problem}",
                    context,
                    region,
                    "when",
                    problem.hint or "conditions are Jinja expressions, e.g. 'card.damage'",
                )
                return []
        fill = self._colour(region.fill, context, region, "fill")
        colour = self._colour(region.color, context, region, "color")
        # The outline's colour may be a template too; drawing below reads it from the region
        # (copied only when it changes: a copy per region of 10,000 cards cost a second).
        stroke = self._colour(region.stroke, context, region, "stroke")
        given = ((region.fill, fill), (region.color, colour), (region.stroke, stroke))
        if stroke != region.stroke:
            region = replace(region, stroke=stroke)
        ops = self._drawn(layout, region, fill, colour or "#000000", context)
        if any(source is not None and made is None for source, made in given):
            # a colour that is an error (reported): what the region shows is not known, and
            # the preflight judges no contrast there (the band left undrawn, the text in black)
            ops.append(Rect(region.x, region.y, region.width, region.height, FAULTY))
        return ops

    def _drawn(
        self, layout: Layout, region: Region, fill: str | None, ink: str, context: FaceContext
    ) -> list[Op]:
        if region.kind == "box":
            return [self._box(layout, region, fill)]
        if region.kind == "pips":
            return self._pips(region, fill, context)
        if region.kind == "ring_arrows":
            return _ring_arrows(region, ink)
        if region.kind == "arrows":
            return _arrows(region, ink)
        if region.kind == "image":
            return self._image(layout, region, context)
        if region.kind in ("line", "polyline", "ellipse"):
            return self._shape(region, fill, ink, context)
        return self._text(region, layout.fallback, fill, ink, context)

    def _shape(self, region: Region, fill: str | None, ink: str, context: FaceContext) -> list[Op]:
        """Lines, polylines and ellipses: what a unit symbol is drawn from (a boxed X for
        infantry, a boxed ellipse for armour) when there is no art."""
        paint = Paint(None, region.stroke or ink, region.stroke_width)
        x, y, w, h = region.x, region.y, region.width, region.height
        if region.kind == "ellipse":
            return [Path(ellipse_commands(x, y, w, h), Paint(fill, paint.stroke, paint.width))]
        points = region.points or (((0.0, 0.0), (w, h)) if region.kind == "line" else ())
        wanted = "2 points" if region.kind == "line" else "at least 2 points"
        if len(points) < 2 or (region.kind == "line" and len(points) != 2):
            self._report(
                BAD_VALUE,
                f"{region.kind} region '{region.name}' needs {wanted}",
                context,
                region,
                "points",
                "give 'points: [[0mm, 0mm], [10mm, 5mm]]', measured from the region's corner",
            )
            return []
        commands = list(line_through([(x + px, y + py) for px, py in points]))
        if region.closed:
            commands.append(("Z",))
            paint = Paint(fill, paint.stroke, paint.width)
        return [Path(tuple(commands), paint)]

    def _image(self, layout: Layout, region: Region, context: FaceContext) -> list[Op]:
        if region.image is None:
            self._report(
                MISSING_FIELD,
                f"image region '{region.name}' names no image",
                context,
                region,
                "image",
                "add 'image: art/picture.png' (a file in the game's folder; may be a template)",
            )
            return []
        name = self._render(region.image, context, region, "image")
        if name is None:
            return []
        found = self.art.resolve(name)
        if isinstance(found, Refusal):
            if not found.reported:
                self._report_art(found.code, found.message, found.hint, context, region)
            return []
        try:
            art = read_art(found)
        except ArtProblem as problem:
            hint = problem.hint
            if isinstance(problem, ArtTooLarge):
                needed = _pixels_for(region, problem.aspect)
                hint = f"scale it down to {needed} pixels, what the region needs at {PRINT_DPI} dpi"
            message = f"image '{name}' {problem.message}"
            self._report_art(problem.code, message, hint, context, region)
            return []
        ops = place_art(layout, region, art)
        dpi = effective_dpi(art, fit_box(art.aspect, region.fit, _box(region)))
        if dpi is not None and dpi < PRINT_DPI and (name, region.name) not in self.art.warned:
            self.art.warned.add((name, region.name))
            self._report_art(
                ART_LOW_RESOLUTION,
                f"image '{name}' in region '{region.name}' prints at {_dpi(dpi)} dpi, "
                f"below {PRINT_DPI}",
                f"give the file at least {_pixels_for(region, art.aspect)} pixels, "
                "or print it smaller",
                context,
                region,
            )
        return ops

    def _report_art(
        self, code: str, message: str, hint: str, context: FaceContext, region: Region
    ) -> None:
        """A finding about the file a fixed path names is the file's, whichever piece shows
        it: reported once at the region's `image:` line, naming no piece. One about a
        templated path goes with the pieces whose values name the file, at the first template
        that names it: one missing file is one finding, though a back's template names it too."""
        if region.image is not None and "{" not in region.image:
            self.diagnostics.add(code, message, region.where("image"), hint=hint)
        else:
            named = self.art_named.setdefault((code, message, hint), [])
            named.append(
                (region.where("image"), context.subject, _piece_span(region, "image", context))
            )

    def _icon_resolution(
        self, icon: Icon, size: float, region: Region, context: FaceContext
    ) -> None:
        """A raster icon below 300 dpi at the size its text is set, once per region, at the
        line naming its file (as an image region's is at its `image:` line)."""
        dpi = icon_dpi(icon, size)
        if dpi is None or dpi >= PRINT_DPI or (icon.source, region.name) in self.art.warned:
            return
        self.art.warned.add((icon.source, region.name))
        self.diagnostics.add(
            ART_LOW_RESOLUTION,
            f"icon '{icon.name}' in region '{region.name}' prints at {_dpi(dpi)} dpi in "
            f"{size:g}pt text, below {PRINT_DPI}",
            context.icons.lines[icon.name],
            hint=f"give the file at least {pixels_needed(icon, size)} pixels",
        )

    def _unknown_icon(self, icon: str, region: Region, context: FaceContext) -> None:
        """At the piece's value that holds the `:name:` when one does, else at the region's
        text, where the layout writes it."""
        message = f"unknown icon ':{icon}:' in region '{region.name}'"
        hint = did_you_mean(icon, context.icons.table, otherwise="define it under the deck's icons")
        written = _value_holding(f":{icon}:", context)
        if written is None:
            self._report(UNKNOWN_REFERENCE, message, context, region, "text", hint)
        else:  # pieces made by one generator entry share its line, and one finding there
            self.shared.add(UNKNOWN_REFERENCE, message, written, context.subject, written, hint)

    def _report_damaged_glyphs(self, region: Region, runs: list[Run], context: FaceContext) -> None:
        """A game's font is read glyph by glyph as text uses it: a damaged glyph is reported
        at the text that needs it, before the PDF or SVG is written."""
        damaged = _damaged(runs)
        if damaged is not None:
            font, why, hint = damaged
            message = f"region '{region.name}': font {font_label(font)} {why}"
            self._report(FONT_UNREADABLE, message, context, region, "text", hint)

    def _colour(self, source: str | None, context: FaceContext, part: Part, key: str) -> str | None:
        if source is None:
            return None
        text = self._render(source, context, part, key)
        if text is None:
            return None
        try:
            return check_colour(text)
        except ValueError:
            piece = (text, context.subject, _piece_span(part, key, context))
            self.bad_colours.setdefault(piece, []).append((part, key, context))
            return None

    def _box(self, layout: Layout, region: Region, fill: str | None) -> Rect:
        x, y, w, h = region.x, region.y, region.width, region.height
        b = self.bleed
        if fill and b > 0:  # art touching the trim runs on under the bleed
            if x <= 0:
                x, w = x - b, w + b
            if y <= 0:
                y, h = y - b, h + b
            if region.x + region.width >= layout.width:
                w += b
            if region.y + region.height >= layout.height:
                h += b
        paint = Paint(fill, region.stroke, region.stroke_width)
        return Rect(x, y, w, h, paint, region.radius)

    def _pips(self, region: Region, fill: str | None, context: FaceContext) -> list[Op]:
        if region.count is None:  # the layout's mistake, whichever piece shows it: once
            self.diagnostics.add(
                MISSING_FIELD,
                f"pips region '{region.name}' has no count",
                region.where("count"),
                hint="add how many pips it shows: a whole number, or a template such as "
                'count: "{{ card.pips }}" (the marks a card gives, else its set\'s size)',
            )
            return []
        raw = (
            region.count
            if isinstance(region.count, int)
            else self._render(str(region.count), context, region, "count")
        )
        try:
            count = int(raw) if raw is not None else 0
        except ValueError:
            self._report(
                BAD_VALUE,
                f"region '{region.name}' count '{raw}' is not a number",
                context,
                region,
                "count",
                "pips need a whole number",
            )
            return []
        most = int(region.width / MIN_PIP)
        if not 0 <= count <= most:
            self._report(
                BAD_VALUE,
                f"region '{region.name}' cannot show {count} pips",
                context,
                region,
                "count",
                f"pips count from 0 up to {most}, the most of {to_mm(MIN_PIP):g} mm that fit "
                "its width",
            )
            return []
        if count == 0:
            return []
        diameter = min(region.height, region.width / count)
        r = diameter * 0.42
        cy = region.y + region.height / 2
        start = region.x + region.width - count * diameter  # right-aligned, like a set tag
        paint = Paint(fill or "#000000", region.stroke or "#000000", region.stroke_width)
        return [Circle(start + diameter * (i + 0.5), cy, r, paint) for i in range(count)]

    def _text(
        self,
        region: Region,
        fallback: tuple[str, ...],
        fill: str | None,
        ink: str,
        context: FaceContext,
    ) -> list[Op]:
        ops: list[Op] = []
        if fill or region.stroke:
            ops.append(
                Rect(
                    region.x,
                    region.y,
                    region.width,
                    region.height,
                    Paint(fill, region.stroke, region.stroke_width),
                    region.radius,
                )
            )
        if region.text is None:
            return ops
        text = self._render(region.text, context, region, "text")
        if text is None or not text.strip() or not self._within_text_budget(text, region, context):
            return ops
        refused = unsupported_script(text)
        if refused is not None:
            char, why = refused
            self._report(
                SCRIPT_NOT_SUPPORTED,
                f"region '{region.name}' holds {script_of(char)} text ('{char}', "
                f"U+{ord(char):04X}), a {why} script printkit cannot lay out",
                context,
                region,
                "text",
                "printkit sets text left to right without shaping: Latin, Greek, Cyrillic, "
                "Chinese, Japanese, Korean; put this text in as art (kind: image) instead",
            )
            return ops
        markup = parse_markup(text.strip(), context.icons.table, region.font)
        for icon in markup.unknown_icons:
            self._unknown_icon(icon, region, context)
        runs = with_fallback(markup.runs, fallback)
        missing = missing_glyphs(runs)
        if missing:
            fonts = (region.font, *fallback)
            self._report(
                BAD_VALUE,
                f"region '{region.name}' uses characters its fonts lack: "
                + " ".join(sorted(missing)),
                context,
                region,
                "text",
                f"fonts tried: {', '.join(font_label(f) for f in fonts)}; add a font that has "
                "them to the layout's fonts and name it in its fallback",
            )
        self._report_damaged_glyphs(region, runs, context)
        pad = min(region.radius, 2.0) if (fill or region.stroke) else 0.0
        box = (region.x + pad, region.y, region.width - 2 * pad, region.height)
        fitted = fit_text(
            runs,
            box,
            region.size,
            region.min_size,
            region.align,
            region.valign,
            ink,
        )
        if not fitted.fits:
            self._report(
                TEXT_OVERFLOW,
                f"text of region '{region.name}' does not fit even at {region.min_size:g}pt",
                context,
                region,
                None,  # text, size and box together: the region where it was last changed
                f"{context.subject} {_overflow(runs, box, region.min_size)}: shorten the "
                "text, or enlarge the region or lower its min_size",
            )
        for icon in dict.fromkeys(run.icon for run in runs if run.icon is not None):
            self._icon_resolution(icon, fitted.size, region, context)
        if fitted.fits and fitted.size < LEGIBLE_MIN:
            shrunk = fitted.size < region.size
            self._report(
                SMALL_TEXT,
                f"region '{region.name}' "
                + (f"shrinks to {fitted.size:g}pt" if shrunk else f"is set at {fitted.size:g}pt"),
                context,
                region,
                None if shrunk else "size",
                "6pt is about the smallest size that prints legibly"
                + ("" if shrunk else ": give the region a larger 'size'"),
            )
        return ops + list(fitted.ops)


def _piece_span(part: Part, key: str | None, context: FaceContext) -> Span:
    """Where the piece's own value a finding about `part`'s `key` comes from is written (the
    field its template reads), else the piece."""
    source = getattr(part, key or "text", None)
    read = _field_read(source, key == "image") if isinstance(source, str) else None
    return (_field_span(read, context) if read else None) or context.span


def _overflow(runs: list[Run], box: tuple[float, float, float, float], size: float) -> str:
    """By how much text overflows its box at `size`, in the hint rather than the message: the
    pieces a finding is gathered from overflow each by their own amount."""
    width, height = needed_box(runs, box[2], size)
    if width > box[2] + 1e-6:
        return f"has a word {to_mm(width):.1f} mm wide, the box is {to_mm(box[2]):.1f} mm"
    return f"needs {to_mm(height):.1f} mm of height, the box holds {to_mm(box[3]):.1f} mm"


def _field_read(template: str, in_a_path: bool = False) -> str | None:
    """The field of the piece that `template` prints as it is (`{{ card.ink }}`), if it is
    nothing else: a finding of one piece is then its value's, at its cell or key. In a file's
    path (`art/{{ card.suit }}.svg`) the one field it reads names the file, text around it
    or not: a missing image is that value's."""
    if in_a_path:
        fields = _ONE_FIELD.findall(template)
        expressions = template.count("{{")
        return (fields[0][0] or fields[0][1]) if len(fields) == 1 == expressions else None
    whole = _ONE_FIELD.fullmatch(template.strip())
    return (whole[1] or whole[2]) if whole else None


# `{{ card.effect }}`, `{{ card['effect'] }}`, and the field formatted with its own numbers,
# `{{ card.effect.format(card=card) }}`, as PK507 advises: each prints that one field.
_ONE_FIELD = re.compile(
    r"\{\{\s*card\s*(?:\.\s*(\w+)|\[\s*['\"]([^'\"]+)['\"]\s*\])"
    r"(?:\s*\.\s*format\s*\([^(){}]*\))?\s*\}\}"
)


def _field_span(name: str, context: FaceContext) -> Span | None:
    """Where the piece's value `name` is written, if the piece holds one of its own."""
    card = context.values.get("card")
    if context.value_span is None or not isinstance(card, dict) or name not in card:
        return None
    return context.value_span(name)


def _value_holding(token: str, context: FaceContext) -> Span | None:
    """Where the piece's first value holding `token` is written, if a value of its own does."""
    card = context.values.get("card")
    if context.value_span is None or not isinstance(card, dict):
        return None
    for key, value in card.items():
        if isinstance(key, str) and isinstance(value, str) and token in value:
            return context.value_span(key)
    return None


def _damaged(runs: list[Run]) -> tuple[str, str, str] | None:
    """(font, why, hint) for the first character whose glyph a game's font cannot give."""
    for run in runs:
        if run.icon is not None or run.face not in OWN:
            continue  # a picture has no glyphs; printkit's own fonts are whole
        from printkit.draw.svg_glyphs import damage  # fontTools: for a game's own fonts only

        for character in dict.fromkeys(run.text):
            fault = damage(run.face, character)
            if fault is not None:
                return run.face, *fault
    return None


def _static_runs(regions: tuple[Region, ...]) -> list[tuple[Region, ...]]:
    """Static regions split wherever a varying region comes between them (layer order). The
    first run is always there, even empty, as it carries the fixed background."""
    runs: list[list[Region]] = [[]]
    for region in regions:
        if region.is_static:
            runs[-1].append(region)
        elif runs[-1] or len(runs) == 1:
            runs.append([])
    if len(runs) > 1 and not runs[-1]:
        runs.pop()
    return [tuple(run) for run in runs]


def _box(region: Region) -> tuple[float, float, float, float]:
    return (region.x, region.y, region.width, region.height)


def _pixels_for(region: Region, aspect: float) -> str:
    """The pixel size that prints art of this aspect ratio, fitted, at 300 dpi."""
    _, _, w, h = fit_box(aspect, region.fit, _box(region))
    return f"{math.ceil(w / 72 * PRINT_DPI)} × {math.ceil(h / 72 * PRINT_DPI)}"


def _dpi(dpi: float) -> str:
    """Whole dpi, but two figures below 10: a 1-pixel image prints at 0.29 dpi, not at 0."""
    return f"{dpi:.0f}" if dpi >= 10 else f"{dpi:.2g}"


def _what(part: Part, key: str | None = None) -> str:
    """What a finding is about: a region, or the layout itself for a default every region
    takes (reported once, not once per region)."""
    if isinstance(part, Region):
        return f"the layout's {key}" if key in part.from_layout else f"region '{part.name}'"
    return "background"


def _colour_of(part: Part, key: str) -> str:
    """Which colour of a face a finding is about: "region 'band' fill", "background"."""
    what = _what(part, key)
    return what + f" {key}" if isinstance(part, Region) and key not in part.from_layout else what


def _ring_arrows(region: Region, ink: str) -> list[Op]:
    """Curved arrows around a circle, pointing clockwise or counter-clockwise as seen."""
    cx = region.x + region.width / 2
    cy = region.y + region.height / 2
    radius = min(region.width, region.height) / 2 * 0.8
    thickness = radius * 0.16
    colour = region.stroke or ink
    sweep = 2 * math.pi / region.arrows
    sign = 1 if region.direction == "cw" else -1  # y grows downward: +angle turns clockwise
    ops: list[Op] = []
    for index in range(region.arrows):
        start = index * sweep + sweep * 0.08
        end = start + sweep * 0.70
        if sign < 0:
            start, end = -start, -end
        ops.append(Path(_arc(cx, cy, radius, start, end), Paint(None, colour, thickness)))
        tip_angle = end + sign * sweep * 0.2
        ops.append(
            Path(_arrow_head(cx, cy, radius, end, tip_angle, thickness * 1.6), Paint(colour, None))
        )
    return ops


def _arrows(region: Region, ink: str) -> list[Op]:
    """Straight arrows from around the centre out to the region's edge, one per angle
    (degrees clockwise from up): e.g. the directions a counter may move in."""
    centre = (region.x + region.width / 2, region.y + region.height / 2)
    reach = min(region.width, region.height) / 2
    paint = Paint(region.stroke or ink, None)
    return [Path(_straight_arrow(centre, reach, angle), paint) for angle in region.angles]


def _straight_arrow(centre: tuple[float, float], reach: float, angle: float) -> tuple[tuple, ...]:
    """One arrow as a closed outline: a shaft from 0.42 × reach, a head ending at reach."""
    a = math.radians(angle)
    along, across = (math.sin(a), -math.cos(a)), (math.cos(a), math.sin(a))
    shaft, head_width, head_length = reach * 0.14, reach * 0.42, reach * 0.36
    tail, base = reach * 0.42, reach - head_length
    outline_points = [
        (tail, -shaft / 2),
        (base, -shaft / 2),
        (base, -head_width / 2),
        (reach, 0.0),
        (base, head_width / 2),
        (base, shaft / 2),
        (tail, shaft / 2),
    ]
    points = [
        (centre[0] + along[0] * d + across[0] * s, centre[1] + along[1] * d + across[1] * s)
        for d, s in outline_points
    ]
    return (("M", *points[0]), *(("L", *point) for point in points[1:]), ("Z",))


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> tuple[tuple, ...]:
    """An arc as cubic Béziers of at most a quarter turn each."""
    steps = max(1, math.ceil(abs(a1 - a0) / (math.pi / 2)))
    delta = (a1 - a0) / steps
    k = 4 / 3 * math.tan(delta / 4)
    commands: list[tuple] = [("M", cx + r * math.cos(a0), cy + r * math.sin(a0))]
    for step in range(steps):
        t0 = a0 + step * delta
        t1 = t0 + delta
        p0 = (cx + r * math.cos(t0), cy + r * math.sin(t0))
        p3 = (cx + r * math.cos(t1), cy + r * math.sin(t1))
        c1 = (p0[0] - k * r * math.sin(t0), p0[1] + k * r * math.cos(t0))
        c2 = (p3[0] + k * r * math.sin(t1), p3[1] - k * r * math.cos(t1))
        commands.append(("C", *c1, *c2, *p3))
    return tuple(commands)


def _arrow_head(
    cx: float, cy: float, r: float, base: float, tip: float, width: float
) -> tuple[tuple, ...]:
    inner = (cx + (r - width) * math.cos(base), cy + (r - width) * math.sin(base))
    outer = (cx + (r + width) * math.cos(base), cy + (r + width) * math.sin(base))
    point = (cx + r * math.cos(tip), cy + r * math.sin(tip))
    return (("M", *inner), ("L", *outer), ("L", *point), ("Z",))


CHECK_FIELDS = "check the field names against the card's values and the deck's fields"
NOTHING_THERE = (
    "the name before the dot is nothing for this piece (a card with no kind or set has none): "
    "give it one, or draw the region only when it has one (when: kind)"
)


def _missing_name(problem: str) -> str | None:
    """The name a template's problem says the value before the dot lacks."""
    missing = re.search(r"has no (?:attribute|field) '([^']+)'", problem)
    return None if missing is None else missing[1]


def _misspelt(problem: str, context: FaceContext) -> bool:
    """Whether the card lacks a declared field because it writes it under a misspelt key (a
    misspelt column): that key is reported once, where it is written (PK120, with the
    field's name), and the templates that read the field say nothing more."""
    name = _missing_name(problem)
    card = context.values.get("card")
    if name not in context.declared or not isinstance(card, dict):
        return False
    written = (key for key in card if isinstance(key, str) and key not in context.declared)
    return closest(name, written) is not None


def _key_value_span(problem: str, context: FaceContext) -> Span | None:
    """Where the card's value is written that a mapping its template writes has no key for
    (`{'shell': …}[card.suit]` with a suit of 'shel'): the cell to mend."""
    missing = re.search(r"the mapping has no key '([^']*)'", problem)
    card = context.values.get("card")
    if missing is None or context.value_span is None or not isinstance(card, dict):
        return None
    for name, value in card.items():
        if isinstance(name, str) and str(value) == missing[1]:
            return context.value_span(name)
    return None


def _unset_field(problem: str, context: FaceContext) -> str | None:
    """The declared field the card lacks (left out, or an empty cell), that a template's
    problem is about: reported at where the card's value belongs, with no 'did you mean' (the
    name is right)."""
    name = _missing_name(problem)
    card = context.values.get("card")
    if name not in context.declared or not isinstance(card, dict) or name in card:
        return None
    return name


def _field_hint(problem: str, context: FaceContext) -> str:
    """What to do when a template names a field the card does not have: 'did you mean' over
    the names its deck declares (a declared field the card leaves out is _unset_field's)."""
    if "nothing (none) has no" in problem:
        return NOTHING_THERE
    name = _missing_name(problem)
    if name is None or not isinstance(context.values.get("card"), dict):
        return CHECK_FIELDS
    if name in context.declared:
        return CHECK_FIELDS
    return did_you_mean(name, context.declared, otherwise=CHECK_FIELDS)
