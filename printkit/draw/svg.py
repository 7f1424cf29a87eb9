"""Render each page of a `Document` to SVG with svgwrite.

Symbols go into `<defs>` and are placed with `<use>`; the y-down coordinates of the drawing API
are SVG's own. Text is drawn as glyph shapes from the shipped fonts (svg_glyphs), so a page
looks the same where DejaVu is not installed. Numbers are rounded to 1/1000 pt so that output
is stable and compact.
"""

from __future__ import annotations

from collections.abc import Sequence

import svgwrite
from svgwrite.container import Group as SvgGroup

from printkit.draw.images import art_key, data_uri
from printkit.draw.ops import (
    Circle,
    Document,
    FormField,
    Group,
    Image,
    Line,
    Op,
    Page,
    Paint,
    Path,
    Rect,
    Text,
    Use,
    field_value,
)
from printkit.draw.svg_glyphs import face, glyph_id, outline, placed_glyphs
from printkit.draw.svg_seams import stretched_clips


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(paint: Paint) -> dict[str, str]:
    attrs = {"fill": paint.fill or "none"}
    if paint.stroke:
        attrs["stroke"] = paint.stroke
        attrs["stroke_width"] = _n(paint.width)
        if paint.dash:
            attrs["stroke_dasharray"] = ",".join(_n(d) for d in paint.dash)
    return attrs


class _SvgPainter:
    def __init__(self, drawing: svgwrite.Drawing, document: Document) -> None:
        self.svg = drawing
        self.document = document
        self.defined: set[str] = set()
        self.clips = 0

    def element(self, op: Op, clip: tuple[float, float, float, float] | None = None) -> object:
        """The op as SVG; a group clipped to `clip` in place of its own (svg_seams)."""
        svg = self.svg
        paint = getattr(op, "paint", None)
        if paint is not None and paint.fill is None and paint.stroke is None:
            return svg.g()  # nothing to paint (a piece's trim, kept for the preflight)
        if isinstance(op, Text):
            return self.text(op)
        if isinstance(op, Rect):
            extra = {"rx": _n(op.radius)} if op.radius > 0 else {}
            return svg.rect((_n(op.x), _n(op.y)), (_n(op.w), _n(op.h)), **extra, **_paint(op.paint))
        if isinstance(op, Line):
            return svg.line((_n(op.x1), _n(op.y1)), (_n(op.x2), _n(op.y2)), **_paint(op.paint))
        if isinstance(op, Circle):
            return svg.circle((_n(op.cx), _n(op.cy)), _n(op.r), **_paint(op.paint))
        if isinstance(op, Path):
            return svg.path(d=_d(op.commands), **_paint(op.paint))
        if isinstance(op, Image):
            # Each file is embedded once per page, in a unit box, and placed by a transform.
            self.define_art(op.source)
            scale = f"translate({_n(op.x)} {_n(op.y)}) scale({_n(op.w)} {_n(op.h)})"
            return svg.use(f"#{_art_id(op.source)}", transform=scale)
        if isinstance(op, Group):
            group = svg.g()
            if op.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                group.attribs["transform"] = "matrix(" + " ".join(_n(v) for v in op.matrix) + ")"
            target: SvgGroup = group
            if op.clip:
                x, y, w, h = clip or op.clip
                target = target.add(self.clipped(svg.rect((_n(x), _n(y)), (_n(w), _n(h)))))
            if op.clip_path:
                target = target.add(self.clipped(svg.path(d=_d(op.clip_path))))
            self.add_all(target, op.ops)
            return group
        if isinstance(op, FormField):  # a PDF form field; its box is drawn beneath it
            return self.text(field_value(op)) if op.value else svg.g()
        if isinstance(op, Use):
            self.define(op.symbol)
            return svg.use(f"#{_id(op.symbol)}", insert=(_n(op.x), _n(op.y)))
        raise TypeError(f"unknown drawing op {op!r}")  # pragma: no cover - closed union

    def add_all(self, parent: object, ops: Sequence[Op]) -> None:
        """Sibling ops into `parent`, neighbouring pieces drawn without a seam between."""
        stretched = stretched_clips(ops)
        for index, op in enumerate(ops):
            parent.add(self.element(op, stretched.get(index)))  # type: ignore[attr-defined]

    def text(self, op: Text) -> SvgGroup:
        """The run as glyph shapes (see svg_glyphs), its words kept as the group's title."""
        group = self.svg.g(fill=op.color)
        if op.opacity < 1:
            group.attribs["fill-opacity"] = _n(op.opacity)
        group.set_desc(title=op.text)
        scale = _n(op.size / face(op.font).units_per_em)
        for glyph, offset in placed_glyphs(op.font, op.text, op.size):
            if not outline(op.font, glyph):
                continue  # a space: it only advances
            name = glyph_id(op.font, glyph)
            if name not in self.defined:
                self.defined.add(name)
                self.svg.defs.add(self.svg.path(d=outline(op.font, glyph), id=name))
            where = f"translate({_n(op.x + offset)} {_n(op.y)}) scale({scale} -{scale})"
            group.add(self.svg.use(f"#{name}", transform=where))
        return group

    def clipped(self, shape: object) -> SvgGroup:
        """A group whose content is clipped to `shape` (a clip path in `<defs>`)."""
        self.clips += 1
        clip = self.svg.defs.add(self.svg.clipPath(id=f"clip{self.clips}"))
        clip.add(shape)
        return self.svg.g(clip_path=f"url(#clip{self.clips})")

    def define_art(self, source: str) -> None:
        name = _art_id(source)
        if name in self.defined:
            return
        self.defined.add(name)
        image = self.svg.image(data_uri(source), insert=(0, 0), size=(1, 1), id=name)
        image.attribs["preserveAspectRatio"] = "none"
        self.svg.defs.add(image)

    def define(self, name: str) -> None:
        if name in self.defined:
            return
        self.defined.add(name)
        symbol = self.document.symbols[name]
        group = self.svg.g(id=_id(name))
        for op in symbol.ops:
            group.add(self.element(op))
        self.svg.defs.add(group)


def _d(commands: tuple[tuple, ...]) -> str:
    return " ".join(command[0] + " ".join(_n(v) for v in command[1:]) for command in commands)


def _art_id(source: str) -> str:
    return "a_" + art_key(source)


def _id(symbol: str) -> str:
    return "s_" + "".join(ch if ch.isalnum() else "_" for ch in symbol)


def render_svg_page(document: Document, page: Page) -> bytes:
    width, height = _n(page.width), _n(page.height)
    # debug=False: svgwrite would check every attribute of every element against the SVG
    # profile, over half the SVG's time, for the same bytes (tests/test_svg_unchecked.py)
    drawing = svgwrite.Drawing(
        size=(f"{width}pt", f"{height}pt"),
        viewBox=f"0 0 {width} {height}",
        profile="full",
        debug=False,
    )
    drawing.set_desc(title=page.label or document.title)
    _SvgPainter(drawing, document).add_all(drawing, page.ops)
    return drawing.tostring().encode("utf-8")
