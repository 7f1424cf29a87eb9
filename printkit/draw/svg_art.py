"""SVG art: read as XML and checked before svglib draws it.

svglib recovers from broken XML without a word, follows `<image href>` to any file the process
can read, and logs what it skips on stderr with neither file nor line. So the file is parsed
here first, strictly and without fetching anything: it must be well-formed, an `<svg>` with a
size of its own, and hold everything it draws (references only to its own elements, `#id`, or
to pictures in `data:` URIs), since only the game's folder is read. svglib then draws the
checked tree, its log kept off stderr: what matters is already a diagnostic at the file and
line.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.draw.fonts import FACES, ensure_face
from printkit.draw.images import ArtProblem, art_bytes, decode_raster, once_per_file
from printkit.draw.svg_bounds import (
    RASTER_DATA,
    SvgCost,
    check_element_count,
    check_svg_numbers,
    check_svg_work,
    svglib_href,
)

if TYPE_CHECKING:  # lxml and reportlab's graphics are paid for only by games with SVG art
    from lxml.etree import _Element, _ElementTree
    from reportlab.graphics.shapes import Drawing

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_IMPORT = re.compile(r"@import\s*(?:url\(\s*)?['\"]?([^'\")\s;]*)", re.IGNORECASE)
_SELF_CONTAINED = "embed the picture as a data: URI or draw it in the SVG"
_SIZE_HINT = 'give the <svg> element a viewBox (viewBox="0 0 100 100") or a width and height'
_EXPORT_AGAIN = "export the drawing again as SVG"


@once_per_file
def _checked(path: Path) -> tuple[_ElementTree, SvgCost]:
    """The SVG parsed and checked, and what it costs to draw; a broken one, one past a bound
    or one referring to other files is an ArtProblem."""
    tree = _parse(art_bytes(path))
    root = tree.getroot()
    _check_root(root)
    cost = check_svg_work(root)  # first, as it bounds the work of the checks after it
    _check_self_contained(tree)
    return tree, cost


def svg_cost(path: str | Path) -> SvgCost:
    """What drawing the SVG costs (its elements and embedded pixels, `<use>` copies counted),
    known before svglib draws it: what a material's art is counted by."""
    return _checked(path)[1]


@once_per_file
def svg_drawing(path: Path) -> Drawing:
    """The SVG as a reportlab drawing, for the PDF backend to place as a form; an SVG that is
    broken, has no size or refers to other files is an ArtProblem."""
    tree, _ = _checked(path)
    root = tree.getroot()
    from svglib.svglib import SvgRenderer

    try:
        with _quiet("svglib"):
            drawing = SvgRenderer(str(path), font_map=EmbeddedFontMap()).render(root)
    except Exception as error:  # svglib raises its own, reportlab's and Python's errors alike
        raise ArtProblem(f"cannot be drawn as SVG: {error}", _EXPORT_AGAIN) from None
    if not (0 < drawing.width < float("inf") and 0 < drawing.height < float("inf")):
        raise ArtProblem(f"has no size: it is {drawing.width:g} × {drawing.height:g}", _SIZE_HINT)
    check_svg_numbers(drawing)
    return drawing


class EmbeddedFontMap:
    """svglib's font lookup, answered without the file system: every family is one of
    printkit's embedded faces, as the PDF sets it anyway (pdf.py). svglib's own map guesses a
    file from a family ('<family>.ttf', relative to the working folder or absolute) and opens
    it with reportlab, and asks fc-match for the rest: a family naming a pipe hung the build,
    one naming a font of the machine read it, and thousands of families cost minutes."""

    def find_font(
        self, font_name: str, weight: str = "normal", style: str = "normal"
    ) -> tuple[str, bool]:
        weight = str(weight).strip().lower()
        bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
        italic = str(style).strip().lower() in ("italic", "oblique")
        face = {(False, False): "regular", (True, False): "bold", (False, True): "italic"}
        name = FACES[face.get((bold, italic), "bold-italic")][0]
        ensure_face(name)  # svglib measures text with it
        return name, True


def _parse(data: bytes) -> _ElementTree:
    """The document, parsed strictly (a missing end tag is an error, not guessed at), with
    entities left unexpanded and no DTD or other file fetched."""
    from lxml import etree

    if not data.strip():
        raise ArtProblem("is an empty file", _EXPORT_AGAIN)
    options = {
        "resolve_entities": False,
        "no_network": True,
        "load_dtd": False,
        "remove_comments": True,
    }
    check_element_count(data, options)
    parser = etree.XMLParser(**options)
    try:
        return etree.ElementTree(etree.fromstring(data, parser))
    except etree.XMLSyntaxError as error:
        errors = error.error_log.filter_from_errors()  # not the warnings before them
        first = errors[0] if errors else None
        line, column = (first.line, first.column) if first else error.position
        reason = first.message if first else error.msg
        raise ArtProblem(
            f"cannot be read as XML (line {line}, column {column} of the file): {reason}",
            f"correct the SVG there, or {_EXPORT_AGAIN}",
        ) from None


def _check_root(root: _Element) -> None:
    """An `<svg>` element that says how big it is: a viewBox, or a width and a height that are
    not percentages of a page the art does not have."""
    from lxml import etree

    name = etree.QName(root)
    if name.localname != "svg" or name.namespace not in (None, SVG_NAMESPACE):
        raise ArtProblem(
            f"is XML whose root element is <{name.localname}>, not <svg>",
            "export the drawing as SVG",
        )
    if root.get("viewBox") is not None:
        return
    width, height = root.get("width"), root.get("height")
    if width is None or height is None:
        raise ArtProblem("has no size: no viewBox, and no width and height", _SIZE_HINT)
    if "%" in width + height:
        raise ArtProblem(
            f"has no size of its own: its width and height are percentages ({width} × {height}) "
            "and it has no viewBox",
            _SIZE_HINT,
        )


def _check_self_contained(tree: _ElementTree) -> None:
    """Nothing outside the file: no external entity, no style sheet, every `href` pointing
    into the file or holding a picture (checked as picture files are), and every CSS `url()`
    into the file or at a `data:` URI."""
    from lxml import etree

    dtd = tree.docinfo.internalDTD
    for entity in dtd.iterentities() if dtd is not None else ():
        if entity.system_url:
            raise ArtProblem(
                f"declares the external entity '{entity.name}' ('{entity.system_url}')",
                "remove the entity: SVG art must hold all it draws",
            )
    for instruction in tree.xpath("//processing-instruction('xml-stylesheet')"):
        _refuse(instruction.get("href") or instruction.text, instruction.sourceline)
    for element in tree.getroot().iter(etree.Element):
        drawn = svglib_href(element) if etree.QName(element).localname == "image" else None
        for attribute, value in element.attrib.items():
            if etree.QName(attribute).localname == "href":
                if value.lower().startswith("data:") and value != drawn:
                    raise ArtProblem(
                        f"embeds data at line {element.sourceline} of the file where nothing "
                        f"draws it (an href of <{etree.QName(element).localname}>)",
                        "embed pictures only in the href of an <image>, once",
                    )
                _check_href(value, element.sourceline)
            _check_css(value, element.sourceline)
        if etree.QName(element).localname == "style":
            _check_css("".join(element.itertext()), element.sourceline)


def _check_href(value: str, line: int) -> None:
    """svglib draws `#id` and PNG or JPEG data URIs, written exactly so; anything else it takes
    for the path of a file to read (even ' #id' or 'data:image/gif;…'), so it is refused."""
    picture = RASTER_DATA.match(value)
    if picture:
        _check_embedded(value[picture.end() :], picture[1], line)
    elif value.lower().startswith("data:"):
        raise ArtProblem(
            f"embeds data that cannot be drawn at line {line} of the file ('{_short(value, 60)}')",
            "embed pictures as PNG or JPEG (data:image/png;base64,…), or draw them in the SVG",
        )
    elif not value.startswith("#"):
        _refuse(value, line)


def _check_css(text: str, line: int) -> None:
    imported = _IMPORT.search(text)
    if imported:
        _refuse(imported[1], line)
    for target in css_urls(text):
        if not target.startswith("#") and not target.lower().startswith("data:"):
            _refuse(target, line)


def css_urls(text: str) -> Iterator[str]:
    """What each CSS `url(…)` names, its quotes and spaces taken off, in one pass: a pattern
    with a lazy '.*?' and a back-reference looked for the close from every 'url(', so 40,000
    of them unclosed took minutes. A quoted name holding ')' is cut there: what is left still
    names the file, which is all the check needs."""
    position = 0
    while (opening := _URL_OPENING.search(text, position)) is not None:
        end = text.find(")", opening.end())
        if end < 0:
            return  # never closed: no later one is either
        yield text[opening.end() : end].strip().strip("'\"").strip()
        position = end + 1


# Searched in the text itself: a lower-cased copy may be longer ('İ' lowers to two
# characters), and its positions would not be the text's.
_URL_OPENING = re.compile(r"url\(", re.IGNORECASE)


def _check_embedded(payload: str, kind: str, line: int) -> None:
    """A picture in a data URI costs what a picture file does: the same checks, and limit."""
    expected = "PNG" if kind == "png" else "JPEG"
    try:
        data = base64.b64decode(payload.encode("ascii"))
    except (binascii.Error, UnicodeEncodeError):
        raise ArtProblem(
            f"embeds a picture at line {line} of the file that is not valid base64",
            "embed the picture again",
        ) from None
    try:
        decode_raster(BytesIO(data), expected)
    except ArtProblem as problem:
        raise ArtProblem(
            f"embeds a picture at line {line} of the file that {problem.message}", problem.hint
        ) from None


def _refuse(reference: str, line: int) -> None:
    raise ArtProblem(f"refers to '{_short(reference)}' at line {line} of the file", _SELF_CONTAINED)


def _short(text: str, most: int = 200) -> str:
    """A reference as a message shows it: an attribute can be megabytes long."""
    return text if len(text) <= most else text[: most - 1] + "…"


@contextmanager
def _quiet(name: str) -> Iterator[None]:
    """The logger `name` and those under it say nothing while the block runs (and nothing
    reaches Python's last-resort handler on stderr)."""
    import logging  # here, as svglib (which logs) is: only games with SVG art need it

    logger = logging.getLogger(name)
    handler = logging.NullHandler()
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate
