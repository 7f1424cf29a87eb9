"""Bounds on what SVG art costs and on the numbers it draws with, checked before it is used.

svglib takes about half a millisecond per element, copies what a `<use>` refers to (so uses of
uses multiply), and parses path data a command at a time: 400,000 elements took over 90 s, four
uses of four uses … eleven deep over 15 s. So the work is counted on the parsed XML first, each
`<use>` as the elements it copies, and refused past a bound. After svglib has drawn the art, every
number of the drawing is checked, as the file gives it and as svglib computed it (units,
percentages, the viewBox's scale, transforms nested together): reportlab writes no number over
10^20 (a 1e308 viewBox failed while building what validate had passed) and writes NaN into the
PDF as the word 'nan', which no viewer reads.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from dataclasses import dataclass
from io import BytesIO
from typing import TYPE_CHECKING

from printkit.diagnostics import ART_NUMBER_OUT_OF_RANGE, ART_TOO_COMPLEX
from printkit.draw.images import MAX_PIXELS, ArtProblem, header_pixels

if TYPE_CHECKING:
    from lxml.etree import _Element
    from reportlab.graphics.shapes import Drawing

# 5,000 elements draw in about 3 s on a loaded two-core machine; a card's emblem or a unit's
# symbol has tens to hundreds.
MAX_SVG_ELEMENTS = 5_000
MAX_SVG_DEPTH = 100  # groups in groups, through <use>; drawing software nests a few levels
MAX_PATH_DATA = 500_000  # characters of path data (d, points) in all: 100,000 commands, 1.5 s
# Any number the drawing is made of, and how far its transforms together magnify or move it:
# far beyond any drawing (a billion points is 350 km), far below what reportlab can write.
MAX_SVG_NUMBER = 1e9
XLINK = "http://www.w3.org/1999/xlink"
RASTER_DATA = re.compile(r"data:image/(png|jpe?g);base64,")  # as svglib reads it, case and all
MIN_SVG_SIZE = 1e-3  # points: a drawing smaller is scaled up over 10^8 times to fill a region
# svglib's shapes by the SVG element they come from, for a message
_SHAPES = {"String": "text", "NoStrokePath": "path", "ClippingPath": "clip path"}
_SIMPLIFY = "simplify the drawing (fewer elements or points), or export it as PNG"
_NUMBERS_HINT = "correct the drawing's size, viewBox and transforms, or export it again as SVG"


class ArtTooComplex(ArtProblem):
    """SVG art past a bound on the work of drawing it."""

    code = ART_TOO_COMPLEX


class ArtOutOfRange(ArtProblem):
    """SVG art drawn with a number the PDF cannot hold, or that scales it beyond one."""

    code = ART_NUMBER_OUT_OF_RANGE


@dataclass(frozen=True)
class SvgCost:
    """What an element costs svglib once its `<use>`s are expanded: its elements, its path
    data, and the pixels of the pictures it embeds (svglib decodes a picture once for each
    `<use>` of it: a 7000 × 7000 one used a hundred times took 3.5 GB and was not done)."""

    elements: int
    path_data: int
    pixels: int


def check_element_count(data: bytes, parser_options: dict[str, bool]) -> None:
    """Count elements as the file is read, and stop at the first beyond the bound, before the
    whole tree is built (a file of 400,000 took 10 s and 350 MB to parse). A file that is not
    well-formed is left to the parse that reports where."""
    from lxml import etree

    events = etree.iterparse(BytesIO(data), events=("start",), **parser_options)
    try:
        for count, (_, element) in enumerate(events, start=1):
            if count > MAX_SVG_ELEMENTS:
                raise ArtTooComplex(
                    f"has more than the {MAX_SVG_ELEMENTS:,} elements printkit draws "
                    f"(element {count:,} is at line {element.sourceline} of the file)",
                    _SIMPLIFY,
                )
    except etree.XMLSyntaxError:
        return


def check_svg_work(root: _Element) -> SvgCost:
    """What the art costs to draw; refused where its elements, nesting, path data or embedded
    pictures' pixels, `<use>` copies counted, pass a bound."""
    from lxml import etree

    cost = _Counter(list(root.iter(etree.Element))).cost(root, ())
    if cost.elements > MAX_SVG_ELEMENTS:
        raise ArtTooComplex(
            f"draws {cost.elements:,} elements once its <use> copies are counted, more than "
            f"the {MAX_SVG_ELEMENTS:,} printkit draws",
            "use fewer copies, or copies of fewer elements; or export the drawing as PNG",
        )
    if cost.path_data > MAX_PATH_DATA:
        raise ArtTooComplex(
            f"has {cost.path_data:,} characters of path data, <use> copies counted, more than "
            f"the {MAX_PATH_DATA:,} printkit draws",
            _SIMPLIFY,
        )
    if cost.pixels > MAX_PIXELS:
        raise ArtTooComplex(
            f"draws {cost.pixels / 1_000_000:,.0f} million pixels of embedded pictures once its "
            f"<use> copies are counted, more than the {MAX_PIXELS // 1_000_000} million of one "
            "picture printkit reads",
            "embed a smaller picture, or use it fewer times; or place the picture as PNG art",
        )
    return cost


class _Counter:
    """Costs of elements, each computed once: a `<use>` costs what it refers to."""

    def __init__(self, elements: list[_Element]) -> None:
        from lxml import etree

        self.targets: dict[str, list[_Element]] = {}
        for element in elements:
            if element.get("id") is not None:
                self.targets.setdefault(f"#{element.get('id')}", []).append(element)
        self.costs: dict[_Element, SvgCost] = {}
        self.element = etree.Element  # the tag filter for elements, not comments

    def cost(self, element: _Element, within: tuple[_Element, ...]) -> SvgCost:
        """`within`: the elements being counted around this one, to find a depth past the
        bound (before recursion does) and a `<use>` that copies its own ancestor."""
        if element in self.costs:
            return self.costs[element]
        if len(within) >= MAX_SVG_DEPTH:
            raise ArtTooComplex(
                f"nests elements more than {MAX_SVG_DEPTH} deep, <use> copies counted "
                f"(at line {element.sourceline} of the file)",
                "flatten the groups of the drawing, or export it again as SVG",
            )
        inside = (*within, element)
        parts = [self.cost(child, inside) for child in element.iterchildren(self.element)]
        if element.tag.rsplit("}", 1)[-1] == "use":
            parts += [self.cost(target, inside) for target in self._targets(element, inside)]
        data = len(element.get("d") or "") + len(element.get("points") or "")
        found = SvgCost(
            1 + sum(p.elements for p in parts),
            data + sum(p.path_data for p in parts),
            _embedded_pixels(element) + sum(p.pixels for p in parts),
        )
        self.costs[element] = found
        return found

    def _targets(self, use: _Element, inside: tuple[_Element, ...]) -> list[_Element]:
        href = svglib_href(use)
        targets = self.targets.get(href, [])
        for target in targets:
            if target in inside:
                raise ArtTooComplex(
                    f"has a <use> at line {use.sourceline} of the file that copies an element "
                    f"it lies in ('{href}', line {target.sourceline}): it never ends",
                    "make the <use> refer to an element outside it",
                )
        return targets


def svglib_href(element: _Element) -> str:
    """The reference svglib follows: `xlink:href`, or else SVG 2's bare `href` (an element
    giving both draws the first, whatever the second says)."""
    return element.get(f"{{{XLINK}}}href") or element.get("href") or ""


def _embedded_pixels(element: _Element) -> int:
    """The pixels an `<image>`'s embedded PNG or JPEG states in its header (0 for anything
    else, and for a picture the checks after this refuse, at its line)."""
    if element.tag.rsplit("}", 1)[-1] != "image":
        return 0
    href = svglib_href(element)
    picture = RASTER_DATA.match(href)
    if picture is None:
        return 0
    try:
        data = base64.b64decode(href[picture.end() :].encode("ascii"))
    except (binascii.Error, UnicodeEncodeError):
        return 0
    size = header_pixels(data, "PNG" if picture[1] == "png" else "JPEG")
    pixels = 0 if size is None else size[0] * size[1]
    return pixels if pixels <= MAX_PIXELS else 0  # one picture too large: told at its line


def check_svg_numbers(drawing: Drawing) -> None:
    """Every number of the drawing finite and within MAX_SVG_NUMBER, and its transforms,
    nested, magnifying and moving it no further (what a nested transform writes into the PDF
    is a product of those above it)."""
    size = (drawing.width, drawing.height)
    if not all(MIN_SVG_SIZE <= side <= MAX_SVG_NUMBER for side in size):
        raise ArtOutOfRange(
            f"is {_number(drawing.width)} × {_number(drawing.height)} points, outside "
            f"{MIN_SVG_SIZE:g} to {MAX_SVG_NUMBER:.0e} points",
            _NUMBERS_HINT,
        )
    pending: list[tuple[object, float, float]] = [(drawing, 1.0, 0.0)]
    while pending:
        node, magnified, moved = pending.pop()
        for name, value in vars(node).items():
            _check_value(node, name, value)
        transform = getattr(node, "transform", None)
        if transform is not None:
            a, b, c, d, e, f = transform
            moved += magnified * max(abs(e), abs(f))
            magnified *= max(1.0, abs(a) + abs(c), abs(b) + abs(d))
            if not (magnified <= MAX_SVG_NUMBER and moved <= MAX_SVG_NUMBER):
                raise ArtOutOfRange(
                    f"has transforms (its viewBox's and its own) that together scale or move it "
                    f"by more than {MAX_SVG_NUMBER:.0e}",
                    _NUMBERS_HINT,
                )
        pending += [(child, magnified, moved) for child in getattr(node, "contents", ())]


def _check_value(node: object, name: str, value: object) -> None:
    if isinstance(value, bool) or name.startswith("_"):
        return
    if isinstance(value, int | float):
        numbers: list[float] = [value]
    elif isinstance(value, list | tuple) and value and isinstance(value[0], int | float):
        numbers = [v for v in value if isinstance(v, int | float)]
    else:
        return
    if all(map(math.isfinite, numbers)) and max(map(abs, numbers)) <= MAX_SVG_NUMBER:
        return
    worst = next(v for v in numbers if not math.isfinite(v) or abs(v) > MAX_SVG_NUMBER)
    shape = _SHAPES.get(type(node).__name__, type(node).__name__.lower())
    raise ArtOutOfRange(
        f"has a {shape} with {_number(worst)} in its {name}, "
        f"beyond the {MAX_SVG_NUMBER:.0e} printkit draws",
        _NUMBERS_HINT,
    )


def _number(value: float) -> str:
    """A number as a message shows it: in full near the bound (1,000,000,100, not 1e+09)."""
    if math.isfinite(value) and 1 <= abs(value) < 1e12:
        return f"{value:,.3f}".rstrip("0").rstrip(".")
    return f"{value:g}" if math.isfinite(value) else str(value)
