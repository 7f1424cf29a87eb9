"""The backend-neutral drawing API.

A material draws once, into these plain records; the PDF and SVG backends both render them.
Coordinates are in points with the origin at the top-left and y growing downward, the way
designers measure a card; the PDF backend flips once per page. Repeated art is a `Symbol`
placed with `Use`, which becomes a Form XObject in PDF and a `<use>` in SVG.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


Role = Literal["", "crop", "cut", "fold", "note", "trim", "faulty"]


@dataclass(frozen=True, slots=True)
class Paint:
    """`role` says what a mark is for (a crop mark, a cut or fold line; 'trim': the invisible
    outline of a piece cut along straight lines; 'faulty': the invisible box of a region whose
    colour is an error, reported already), so that the preflight can check marks against the
    art and the pieces, and judges no colour it cannot know; drawing ignores it."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] | None = None
    role: Role = ""


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    paint: Paint


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint


@dataclass(frozen=True, slots=True)
class Path:
    """Commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    paint: Paint


@dataclass(frozen=True, slots=True)
class Text:
    """One run of text in one font; `y` is the baseline. Layout happens before drawing."""

    x: float
    y: float
    text: str
    font: str
    size: float
    color: str = "#000000"
    role: Role = ""
    opacity: float = 1.0  # below 1 the page shows through (a watermark); never for the press


@dataclass(frozen=True, slots=True)
class Image:
    """Art from a file (PNG, JPEG or SVG) stretched over a box; `source` is an absolute path.
    The same file placed many times is stored once in a PDF and once per SVG page."""

    x: float
    y: float
    w: float
    h: float
    source: str


FIELD_TEXT = 11.0  # points: the most a text field's value is set at (less in a low box)


@dataclass(frozen=True, slots=True)
class FormField:
    """A PDF form field over a drawn box (page coordinates, top level of a page only): `text`
    to type in, `checkbox` to tick; a text field may hold a `value`. Other backends draw the
    box beneath it and the value as text."""

    kind: Literal["text", "checkbox"]
    name: str
    x: float
    y: float
    w: float
    h: float
    value: str = ""


def field_value(field: FormField) -> Text:
    """A field's value as text where no form holds it (SVG, a paper-only sheet): where a PDF
    viewer sets it, two points in from the box's left, centred in its height."""
    size = min(FIELD_TEXT, field.h * 0.6)
    baseline = field.y + (field.h + size * 0.7) / 2
    return Text(field.x + 2, baseline, field.value, "PK-Regular", size, "#000000")


@dataclass(frozen=True, slots=True)
class Group:
    """Child ops under a transform, optionally clipped to a rectangle or to a closed path of
    `Path` commands (both in child coordinates)."""

    ops: tuple[Op, ...]
    matrix: Matrix = IDENTITY
    clip: tuple[float, float, float, float] | None = None
    clip_path: tuple[tuple, ...] | None = None


@dataclass(frozen=True, slots=True)
class Use:
    """Place a symbol with its origin at (x, y)."""

    symbol: str
    x: float
    y: float


Op = Rect | Line | Circle | Path | Text | Image | FormField | Group | Use


@dataclass(frozen=True, slots=True)
class Symbol:
    """Art drawn once and reused; `bbox` is (x0, y0, x1, y1) in its own coordinates."""

    name: str
    ops: tuple[Op, ...]
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Box:
    """A page box in y-down page coordinates (x, y, w, h)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Placed:
    """Which piece's side a box of the page shows (its trim), so that what changed on a page
    can be named by card (`printkit diff`)."""

    deck: str
    name: str
    side: str  # "front" or "back"
    box: Box
    bleed: float  # how far its art may reach past the box


@dataclass
class Page:
    width: float
    height: float
    ops: list[Op] = field(default_factory=list)
    trim_box: Box | None = None
    bleed_box: Box | None = None
    label: str = ""
    placed: list[Placed] = field(default_factory=list)  # the pieces imposed on it
    # How far the printer moves this page's print on the paper: on a back page, the shift its
    # offset makes up for (the offset's opposite), so the preflight's 5 mm strip is measured
    # where the ink lands.
    lands: tuple[float, float] = (0.0, 0.0)


@dataclass
class Document:
    title: str
    pages: list[Page] = field(default_factory=list)
    symbols: dict[str, Symbol] = field(default_factory=dict)
    colour: Literal["rgb", "cmyk"] = "rgb"  # cmyk: press-ready PDF (draw/press.py)
    # How the sheets are printed double-sided, for the viewer's print dialogue; None: one side.
    duplex: Literal["long_edge", "short_edge"] | None = None
    # A document laid out by Platypus (a reference document) has no drawing ops (so no SVG
    # pages): `flow` lays it out in the colour space asked for and returns the PDF.
    flow: Callable[[str], bytes] | None = None
    subject: str = ""  # the PDF's Subject: the game and its version (model/version.py)

    def define(self, symbol: Symbol) -> None:
        self.symbols.setdefault(symbol.name, symbol)


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def rotate_180_about(cx: float, cy: float) -> Matrix:
    """Half a turn about a point: what a horizontal fold does to the back of a piece."""
    return (-1.0, 0.0, 0.0, -1.0, 2 * cx, 2 * cy)


def rotate_about(degrees: float, cx: float, cy: float) -> Matrix:
    """A turn clockwise on the page (y grows downward) about a point."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
