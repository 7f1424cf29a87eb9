"""The preflight's checks on one page, each a pure function of the page's items.

What a print shop's preflight looks for, in the terms a home printer and a player meet: ink
where the printer cannot print, text too small to read, marks over text, lines or text too
faint against what lies under them, cut and fold lines that look alike, fold-and-glue pieces
whose halves only touch at a point.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import toColor

from printkit.diagnostics import (
    PREFLIGHT_CONTRAST,
    PREFLIGHT_CUT_LIKE_FOLD,
    PREFLIGHT_EMPTY_MARK,
    PREFLIGHT_HINGE,
    PREFLIGHT_MARK_OVER_TEXT,
    PREFLIGHT_OFF_PAPER,
    PREFLIGHT_SMALL_TEXT,
    PREFLIGHT_STRIP,
    PREFLIGHT_UNMARKED,
)
from printkit.geometry.polygon import EvenOdd, boxes_overlap
from printkit.model.units import mm, to_mm
from printkit.preflight.items import BBox, Item, bounding

STRIP = mm(5)  # PRINT.md: home printers do not print closer to the edge
MIN_TEXT = 6.0  # PRINT.md: the smallest size legible on a card
MIN_CONTRAST = 3.0  # WCAG's ratio for graphics and large text: below it a line or tag fades
TOUCH = mm(0.3)  # closer than this, two marks touch
GROUND_CELL = mm(10)  # the buckets in which the preflight looks up what lies under a point
WHITE = "#ffffff"


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    hint: str
    # where on the page, said after the message: kept out of what makes a finding the same on
    # several pages, where a back mirrors its front's places
    place: str = ""

    @property
    def located(self) -> str:
        """The message with its place, as a finding on one page is said."""
        return f"{self.message} {self.place}".rstrip()


def _mm(points: float) -> str:
    return f"{to_mm(points):.1f}"


def _at(box: BBox) -> str:
    return f"at x {_mm((box[0] + box[2]) / 2)} mm, y {_mm((box[1] + box[3]) / 2)} mm"


def inks(item: Item) -> bool:
    """Does the item put ink on paper (white paint does not)?"""
    if item.kind in ("text", "image"):
        return item.kind == "image" or (item.fill or "").lower() != WHITE
    return any(c and c.lower() != WHITE for c in (item.fill, item.stroke))


NEAR_EDGE = STRIP - 0.05  # ink this close to an edge is in the strip (0.05 pt of rounding)


def clear_of_strip(box: BBox, size: tuple[float, float]) -> bool:
    """Does the box lie wholly inside the strip, clear of every edge?"""
    x0, y0, x1, y1 = box
    return (
        x0 >= NEAR_EDGE
        and y0 >= NEAR_EDGE
        and size[0] - x1 >= NEAR_EDGE
        and size[1] - y1 >= NEAR_EDGE
    )


def ink_in_strip(
    items: list[Item], size: tuple[float, float], lands: tuple[float, float] = (0.0, 0.0)
) -> Iterator[Finding]:
    """The deepest intrusion into the 5 mm edge strip, per edge, where the ink lands: moved by
    `lands`, the shift of the printer a back page's offset makes up for (the opposite of the
    offset), so the strip is measured on the paper. Each is said at the middle of the item's
    side that nears the edge, where it stands on the page."""
    width, height = size
    dx, dy = lands
    deepest: dict[str, tuple[float, Item]] = {}
    near = NEAR_EDGE
    for item in items:
        x0, y0, x1, y1 = item.box
        landed = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        if clear_of_strip(landed, size) or not inks(item) or _beyond(item.box, size):
            continue  # wholly inside the strip (nearly every item), no ink, or none printed
        for edge, distance in (
            ("left", landed[0]),
            ("top", landed[1]),
            ("right", width - landed[2]),
            ("bottom", height - landed[3]),
        ):
            if distance < near and (edge not in deepest or distance < deepest[edge][0]):
                deepest[edge] = (distance, item)
    for edge, (distance, item) in deepest.items():
        what = _what(item)
        x0, y0, x1, y1 = item.box
        side = {
            "left": (x0, y0, x0, y1),
            "top": (x0, y0, x1, y0),
            "right": (x1, y0, x1, y1),
            "bottom": (x0, y1, x1, y1),
        }[edge]
        shifted = " once the printer's shift the back offset makes up for" if any(lands) else ""
        yield Finding(
            PREFLIGHT_STRIP,
            f"{what} reaches {max(0.0, to_mm(distance)):.1f} mm from the {edge} edge{shifted}, "
            f"{_at(side)}; home printers leave the outer 5 mm blank",
            "keep art, bleed, marks and text 5 mm inside the paper (a smaller piece, fewer per "
            "sheet, a larger paper, or on a back page a smaller back offset), or accept the "
            "risk with 'preflight: {accept: [code]}'",
        )


def off_the_paper(items: list[Item], size: tuple[float, float]) -> Iterator[Finding]:
    """Ink wholly beyond an edge of the page prints nothing: the first such item, per page."""
    for item in items:
        edge = _beyond(item.box, size)
        if edge is not None and inks(item):
            yield Finding(
                PREFLIGHT_OFF_PAPER,
                f"{_what(item)} lies wholly beyond the {edge} edge of the paper, "
                f"{_at(item.box)}: none of it prints",
                "the page's note needs about 3 mm of paper under the pieces or beside them: a "
                "wider margin (impose: margin) or fewer pieces per sheet leaves it room; move "
                "anything else onto the page",
            )
            return


def _beyond(box: BBox, size: tuple[float, float]) -> str | None:
    """The edge of the page the box lies wholly beyond, or None when some of it is on it."""
    x0, y0, x1, y1 = box
    if x1 <= 0:
        return "left"
    if y1 <= 0:
        return "top"
    if x0 >= size[0]:
        return "right"
    return "bottom" if y0 >= size[1] else None


def _what(item: Item) -> str:
    if item.kind == "text":
        return f"text '{item.text[:30]}'"
    if item.role:
        return f"a {item.role} mark" if item.role != "note" else "the page note"
    return f"a {item.kind}"


SMALL = MIN_TEXT - 0.05  # text smaller than this is small (0.05 pt of rounding)


def small(items: list[Item]) -> list[Item]:
    """The runs of text too small to read (blank ones too), in painting order."""
    return [i for i in items if i.kind == "text" and i.size < SMALL]


def printed(items: list[Item]) -> list[Item]:
    """The runs of text that print a character, in painting order."""
    return [i for i in items if i.kind == "text" and i.text.strip()]


def small_text(items: list[Item], texts: list[Item]) -> Iterator[Finding]:
    smallest = min(texts, key=_size, default=None)
    if smallest is not None and smallest.size < SMALL:
        count = len(small(items))
        yield Finding(
            PREFLIGHT_SMALL_TEXT,
            f"{count} text run(s) below {MIN_TEXT:g} pt, the smallest '{smallest.text[:30]}' at "
            f"{smallest.size:.1f} pt",
            f"text under {MIN_TEXT:g} pt is hard to read on paper: make it larger (a region's "
            "'min_size', a label's 'size') or give it more room",
            _at(smallest.box),
        )


def _size(item: Item) -> float:
    return item.size


MARKS = ("crop", "fold")  # the roles of marks, which must stop short of text


def marks_over_text(items: list[Item], texts: list[Item]) -> Iterator[Finding]:
    marks = [i for i in items if i.role in MARKS]
    around = bounding([t.box for t in texts]) if marks else None
    for mark in marks:
        if around is None or not boxes_overlap(mark.box, around, TOUCH):
            continue  # clear of the box round all text (a sheet's marks, in its margins)
        hit = next((t for t in texts if boxes_overlap(mark.box, t.box, TOUCH)), None)
        if hit is not None:
            yield Finding(
                PREFLIGHT_MARK_OVER_TEXT,
                f"a {mark.role} mark crosses or touches {_what(hit)}",
                "marks stop short of text: move the text, or the marks' room",
                _at(mark.box),
            )
            return  # one per page: the others are the same mistake


def cut_like_fold(items: list[Item]) -> Iterator[Finding]:
    folds = {i.dash for i in items if i.role == "fold"}
    cut = next((i for i in items if i.role == "cut" and i.dash in folds), None)
    if cut is not None:
        style = "dashed" if cut.dash else "solid"
        yield Finding(
            PREFLIGHT_CUT_LIKE_FOLD,
            f"cut and fold lines are both {style}",
            "draw cut lines solid and fold lines dashed, so 'fold on the dashed line' is true",
            _at(cut.box),
        )


@cache
def luminance(colour: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = toColor(colour).rgb()
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def _fades(a: str, b: str) -> bool:
    return contrast(a, b) < MIN_CONTRAST


class _Grounds:
    """What can lie under a point (fills, images, lines as casings), bucketed by where it is,
    so that on a page of thousands of hexes a label's ground is found among a few items.

    The buckets are GROUND_CELL squares of the page. An item is kept in the buckets of a grid
    coarse enough along each axis that it spans at most _SPAN of them: a map's row fill, the
    whole page wide and one hex high, is in a few buckets a whole page wide instead of in
    hundreds of small ones, and a point looks in one bucket of each grid in use."""

    def __init__(self, items: list[Item], size: tuple[float, float]) -> None:
        self.grids: dict[tuple[int, int], dict[tuple[int, int], list[Item]]] = {}
        # the colours each bucket's items may show (fills, and lines' strokes as casings)
        self.colours: dict[tuple[int, int], dict[tuple[int, int], set[str]]] = {}
        self.outlines: dict[int, EvenOdd] = {}  # by id(item), indexed when first tested
        self.last = (int(size[0] // GROUND_CELL), int(size[1] // GROUND_CELL))
        for item in items:
            if item.kind == "text" or not (item.kind in ("image", "line") or item.fill):
                continue
            x0, y0, x1, y1 = (int(v // GROUND_CELL) for v in item.box)
            x0, x1 = max(x0, 0), min(x1, self.last[0])
            y0, y1 = max(y0, 0), min(y1, self.last[1])
            if x0 > x1 or y0 > y1:
                continue  # wholly off the page: under no point of it
            sx, sy = _coarseness(x0, x1), _coarseness(y0, y1)
            grid = self.grids.setdefault((sx, sy), {})
            colours = self.colours.setdefault((sx, sy), {})
            shown = {c for c in _shown(item) if c}
            for i in range(x0 >> sx, (x1 >> sx) + 1):
                for j in range(y0 >> sy, (y1 >> sy) + 1):
                    grid.setdefault((i, j), []).append(item)
                    colours.setdefault((i, j), set()).update(shown)

    def may_fade(self, colour: str, x: float, y: float) -> bool:
        """Could `colour` at the point stand on a ground it fades against? Asked before
        `under`: the colours in the point's buckets are all that `under` can answer (with
        white and an image's None), so when none of them fades the exact search is skipped
        (a map's 90,000 black labels on pale terrain)."""
        if _fades(colour, WHITE):
            return True
        i, j = int(x // GROUND_CELL), int(y // GROUND_CELL)
        if not (0 <= i <= self.last[0] and 0 <= j <= self.last[1]):
            return False  # off the page, on white
        return any(
            _fades(colour, ground)
            for (sx, sy), buckets in self.colours.items()
            for ground in buckets.get((i >> sx, j >> sy), ())
        )

    def under(self, subject: Item, x: float, y: float) -> str | None:
        """The colour under a point: the last filled shape painted there before `subject`, or
        for a line the line drawn under it (its casing); None over an image (colours not
        known)."""
        i, j = int(x // GROUND_CELL), int(y // GROUND_CELL)
        if not (0 <= i <= self.last[0] and 0 <= j <= self.last[1]):
            return WHITE  # off the page
        found = [
            item
            for (sx, sy), grid in self.grids.items()
            for item in grid.get((i >> sx, j >> sy), ())
        ]
        if len(self.grids) > 1:
            found.sort(key=lambda item: item.order)  # painting order, as in one grid
        for item in reversed(found):
            if item.order >= subject.order:
                continue
            if item.kind == "image" and _contains_box(item.box, x, y):
                return None
            casing = subject.kind == "line" and item.kind == "line" and item.stroke
            if casing and _contains_box(item.box, x, y):
                return item.stroke
            if item.fill and self._contains(item, x, y):
                return item.fill
        return WHITE

    def _contains(self, item: Item, x: float, y: float) -> bool:
        x0, y0, x1, y1 = item.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        if item.kind == "circle":
            cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        if item.kind == "path" and len(item.outline) >= 3:
            if id(item) not in self.outlines:
                self.outlines[id(item)] = EvenOdd(item.corners(), GROUND_CELL)
            return (x, y) in self.outlines[id(item)]
        return item.kind == "rect"


_SPAN = 4  # an item spans at most this many buckets of its grid along each axis
_STEP = 3  # each coarser grid's buckets are 2 ** _STEP times larger


def _coarseness(first: int, last: int) -> int:
    """How many halvings of the buckets (a multiple of _STEP) bring the cells first…last
    (page buckets along one axis) within _SPAN buckets."""
    shift = 0
    while (last >> shift) - (first >> shift) >= _SPAN:
        shift += _STEP
    return shift


def _contains_box(box: BBox, x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _shown(item: Item) -> tuple[str | None, str | None]:
    """The colours a ground item may show under a point: its fill, and a line's stroke (the
    casing of a line drawn over it)."""
    return item.fill, item.stroke if item.kind == "line" else None


def could_fade(
    colours: set[str], line_colours: set[str], fills: set[str], casings: set[str]
) -> bool:
    """Could a text or fold line (`colours`) fade against a ground `under` may give it: the
    paper or a shape's fill (in `fills`), and for a fold drawn as a line (`line_colours`) also
    a line under it, its casing? A line's stroke is never the ground of text, so the crop
    marks of a page of black text let it skip the search of what lies under each run."""
    return any(_fades(colour, ground) for colour in colours for ground in fills) or any(
        _fades(colour, casing) for colour in line_colours for casing in casings
    )


def _line_colours(folds: list[tuple[Item, str]]) -> set[str]:
    return {colour for item, colour in folds if item.kind == "line"}


def low_contrast(
    items: list[Item], texts: list[Item], roled: list[Item], size: tuple[float, float]
) -> Iterator[Finding]:
    """Text and fold lines against what lies under their middle: the worst of the page."""
    folds = [(item, item.stroke) for item in roled if item.role == "fold" and item.stroke]
    colours = {item.fill for item in texts if item.fill} | {colour for _, colour in folds}
    # What any point may show: a page whose text and folds fade against none of it (nearly
    # every page) needs no search of what lies under each one.
    fills = {WHITE, *(item.fill for item in items if item.kind != "text" and item.fill)}
    casings = {item.stroke for item in items if item.kind == "line" and item.stroke}
    if not could_fade(colours, _line_colours(folds), fills, casings):
        return
    # where a colour is an error (reported): what stands there has no colour to judge
    unknown = [item.box for item in roled if item.role == "faulty"]
    subjects = [(item, item.fill) for item in texts if item.fill]
    if folds:  # in painting order, which settles a tie for the worst
        subjects = sorted(subjects + folds, key=lambda subject: subject[0].order)
    grounds = _Grounds(items, size)
    worst: tuple[float, Item, str] | None = None
    for item, colour in subjects:
        x, y = (item.box[0] + item.box[2]) / 2, (item.box[1] + item.box[3]) / 2
        if not grounds.may_fade(colour, x, y) or any(_contains_box(b, x, y) for b in unknown):
            continue
        ground = grounds.under(item, x, y)
        if ground is None:
            continue
        ratio = contrast(colour, ground)
        if ratio < MIN_CONTRAST and (worst is None or ratio < worst[0]):
            worst = (ratio, item, ground)
    if worst is not None:
        ratio, item, ground = worst
        yield Finding(
            PREFLIGHT_CONTRAST,
            f"{_what(item)} in {item.fill or item.stroke} on {ground} has a contrast of "
            f"{ratio:.1f} : 1",
            f"below {MIN_CONTRAST:g} : 1 it fades on paper: darken one colour or lighten the other",
            _at(item.box),
        )


def halves_meeting_at_a_point(items: list[Item]) -> Iterator[Finding]:
    """A fold line with a round or shaped cut on it and no straight cut around both halves:
    the halves touch at a point, and the piece falls apart when cut out."""
    cuts = [i for i in items if i.role == "cut"]
    for fold in (i for i in items if i.role == "fold"):
        shaped = [c for c in cuts if c.kind != "rect" and boxes_overlap(c.box, fold.box, TOUCH)]
        enclosed = any(c.kind == "rect" and _covers(c.box, fold.box) for c in cuts)
        if shaped and not enclosed:
            yield Finding(
                PREFLIGHT_HINGE,
                "the two halves of a fold-and-glue piece meet at a point",
                "give round and hexagonal pieces a rectangle to cut out first (the outline is "
                "cut after gluing), or a hinge",
                _at(fold.box),
            )
            return


def _covers(outer: BBox, inner: BBox) -> bool:
    return (
        outer[0] - TOUCH <= inner[0]
        and outer[1] - TOUCH <= inner[1]
        and inner[2] <= outer[2] + TOUCH
        and inner[3] <= outer[3] + TOUCH
    )


def uncut_edges(items: list[Item]) -> Iterator[Finding]:
    """Each straight edge of a piece must be found on paper: a crop mark on its line, or a cut
    line drawn along it."""
    marks = [i.box for i in items if i.role == "crop"]
    lines = {  # the line each crop mark lies on: an upright mark's x, a flat one's y
        True: sorted((box[0] + box[2]) / 2 for box in marks if _upright(box)),
        False: sorted((box[1] + box[3]) / 2 for box in marks if not _upright(box)),
    }
    cuts = [i for i in items if i.role == "cut"]
    for trim in (i for i in items if i.role == "trim"):
        x0, y0, x1, y1 = trim.box
        for vertical, at, start, end in (
            (True, x0, y0, y1),
            (True, x1, y0, y1),
            (False, y0, x0, x1),
            (False, y1, x0, x1),
        ):
            if not (_touching(lines[vertical], at) or _cut_along(cuts, vertical, at, start, end)):
                side = (
                    ("left" if at == x0 else "right")
                    if vertical
                    else ("top" if at == y0 else "bottom")
                )
                middle = (start + end) / 2  # where the edge is, not the piece's centre
                edge = (at, middle, at, middle) if vertical else (middle, at, middle, at)
                yield Finding(
                    PREFLIGHT_UNMARKED,
                    f"the {side} edge of a piece {_at(edge)} has no crop mark and no cut line",
                    "turn crop marks on, give the material a 'cut_corner_radius' (a cut line "
                    "round each piece), or leave room in the margins for marks",
                )
                return  # one per page: the same cause


def marks_of_nothing(items: list[Item]) -> Iterator[Finding]:
    """A crop mark on a sheet of pieces must continue the edge of one of them: a mark in line
    with no piece marks an empty slot and sends a cut through nothing."""
    trims = [i.box for i in items if i.role == "trim"]
    if not trims:
        return  # a tiled map's ticks, a calibration page: no pieces to hold marks against
    xs = sorted({x for box in trims for x in (box[0], box[2])})
    ys = sorted({y for box in trims for y in (box[1], box[3])})
    for mark in (i for i in items if i.role == "crop"):
        x0, y0, x1, y1 = mark.box
        vertical = _upright(mark.box)
        at = (x0 + x1) / 2 if vertical else (y0 + y1) / 2
        if not _touching(xs if vertical else ys, at):
            yield Finding(
                PREFLIGHT_EMPTY_MARK,
                f"a crop mark {_at(mark.box)} is in line with no piece's edge",
                "marks stand only at cut lines that bound a piece; this one marks an empty slot",
            )
            return


def _upright(box: BBox) -> bool:
    """Whether a crop mark (a straight line, at least a millimetre long, its box grown by its
    stroke: a mark over the bleed is cased in white 0.4 mm wide) runs up the page."""
    x0, y0, x1, y1 = box
    return x1 - x0 < y1 - y0


def _touching(lines: list[float], at: float) -> bool:
    """Is one of the (sorted) lines closer than TOUCH to `at`? Those within twice TOUCH are
    found by bisection (a deck's thousand pages, a dozen marks and trims each), then held to
    the same test as one by one."""
    start = bisect_left(lines, at - 2 * TOUCH)
    for line in lines[start:]:
        if line > at + 2 * TOUCH:
            return False
        if abs(line - at) < TOUCH:
            return True
    return False


def _cut_along(cuts: list[Item], vertical: bool, at: float, start: float, end: float) -> bool:
    """A cut line (a cut path's side) runs along the edge."""
    for cut in cuts:
        x0, y0, x1, y1 = cut.box
        near, across = ((x0, x1), (y0, y1)) if vertical else ((y0, y1), (x0, x1))
        on_line = min(abs(near[0] - at), abs(near[1] - at)) < TOUCH
        if on_line and across[0] <= start + TOUCH and across[1] >= end - TOUCH:
            return True
    return False
