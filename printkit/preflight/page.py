"""The preflight's checks on a page of entries (preflight/placements.py): each check is given
only the items that could change what it finds, in painting order, so a card drawn 40 times is
one drawing's items and 40 placements checked by where they sit.

A placement is passed over when its drawing's box for that check, moved where the placement
puts it, shows that none of its items could count: clipping only shrinks an item's box, and
moving a box moves each item's box by the same sums, so the findings are those of
the checks run on every item of the page, to the letter (tests/preflight_reference.py).

The checks of a sheet's cut guides (its trims, crop marks, cut and fold lines) look at nothing
else, and the sheets of a deck are laid out alike: what they find is remembered by the guides
that produced it (a drawing found once for the document, where it is placed; the loose ones by
value), so a deck's thousand sheets run them a few times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import attrgetter

from printkit.preflight.checks import (
    MARKS,
    TOUCH,
    WHITE,
    Finding,
    clear_of_strip,
    could_fade,
    cut_like_fold,
    halves_meeting_at_a_point,
    ink_in_strip,
    low_contrast,
    marks_of_nothing,
    marks_over_text,
    off_the_paper,
    printed,
    small_text,
    uncut_edges,
)
from printkit.preflight.items import BBox, Item
from printkit.preflight.placements import Drawing, Entry, Run

Part = Callable[[Drawing], list[Item]]
ITEMS: Part = attrgetter("items")


GUIDES = frozenset(("trim", "crop", "cut", "fold"))  # the roles the guides' checks look at


@dataclass(frozen=True, slots=True)
class Guides:
    """A page's cut guides (its items with a role the guides' checks look at, where they are
    on the page) and what their checks find: before the contrast check, and after it. Their
    painting order is that of the page they were first found on; only the contrast check
    compares painting order, and it is given the page's own."""

    items: list[Item]
    before: list[Finding]
    after: list[Finding]

    @classmethod
    def of(cls, roled: list[Item]) -> Guides:
        after = [*halves_meeting_at_a_point(roled), *uncut_edges(roled), *marks_of_nothing(roled)]
        items = [i for i in roled if i.role in GUIDES]
        return cls(items, list(cut_like_fold(roled)), after)


# The guides of a document's pages, by what gave them (`_guides_key`): named by one `Sheets`
RememberedGuides = dict[tuple, Guides]


def entry_findings(
    entries: list[Entry],
    size: tuple[float, float],
    home_printed: bool,
    remembered: RememberedGuides | None = None,
    lands: tuple[float, float] = (0.0, 0.0),
) -> Iterator[Finding]:
    """What the checks find on every item of the page, in the same order. `remembered` holds
    the guides found on the document's pages before, so pages laid out alike share them;
    `lands`: how far the printer moves the page's print (Page.lands)."""
    near_edges = _placed(entries, ITEMS, _may_reach_strip(size, lands))  # and those beyond them
    yield from off_the_paper(near_edges, size)
    if home_printed:
        yield from ink_in_strip(near_edges, size, lands)
    smallest = _placed(entries, attrgetter("small"))
    yield from small_text(smallest, printed(smallest))
    key = _guides_key(entries)
    guides = None if remembered is None else remembered.get(key)
    if guides is None:
        guides = Guides.of(_placed(entries, attrgetter("roled")))
        if remembered is not None:
            remembered[key] = guides
    marks = [i.box for i in guides.items if i.role in MARKS]
    near_marks = _placed(entries, attrgetter("printed"), _texts_near(marks)) if marks else []
    yield from marks_over_text(guides.items, near_marks)
    yield from guides.before
    if _may_fade(entries, guides.items):
        items = _placed(entries, ITEMS)
        roled = _placed(entries, attrgetter("roled"))  # in the page's own painting order
        yield from low_contrast(items, printed(items), roled, size)
    yield from guides.after


def _guides_key(entries: list[Entry]) -> tuple:
    """What a page's guides are made of, in painting order: each placement of a drawing with
    roles (where the placement puts it), and the guides drawn in place (their roles, kinds,
    boxes, dashes and colours: all that is read of them, by their own checks and by the
    question whether a fold line may fade)."""
    key: list[object] = []
    for entry in entries:
        roled = entry.drawing.roled
        if not roled:
            continue
        if type(entry) is Run:
            key += [(i.role, i.kind, i.box, i.dash, i.stroke) for i in roled if i.role in GUIDES]
        else:
            key.append((id(entry.drawing), entry.matrix, entry.clip))
    return tuple(key)


def _placed(
    entries: list[Entry], part: Part, keep: Callable[[Entry], bool] | None = None
) -> list[Item]:
    """A part of each entry's drawing (of those `keep` keeps) where it is on the page, in
    painting order."""
    out: list[Item] = []
    for entry in entries:
        items = part(entry.drawing)
        if items and (keep is None or keep(entry)):
            out += entry.placed(items)
    return out


def _may_reach_strip(
    size: tuple[float, float], lands: tuple[float, float]
) -> Callable[[Entry], bool]:
    """Could an item of the entry put ink in the edge strip (or off the page), where it lands
    or where it stands? A run is taken whole (its items are on the page already, and the
    check looks at each)."""
    dx, dy = lands

    def reaches(entry: Entry) -> bool:
        if type(entry) is Run:
            return True
        ink = entry.drawing.ink
        if ink is None:
            return False
        x0, y0, x1, y1 = entry.moved(ink)
        landed = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        return not (clear_of_strip((x0, y0, x1, y1), size) and clear_of_strip(landed, size))

    return reaches


def _texts_near(marks: list[BBox]) -> Callable[[Entry], bool]:
    """Could a printed text of the entry touch one of the marks?"""

    # boxes_overlap(mark, box, TOUCH)'s sums, the mark's done once for every entry: a sheet
    # has a dozen marks and a dozen placements, on each of a deck's thousand pages
    grown = [(m[0] - TOUCH, m[1] - TOUCH, m[2], m[3]) for m in marks]

    def near(entry: Entry) -> bool:
        box = entry.drawing.text_box
        if box is None:
            return False
        x0, y0, x1, y1 = entry.moved(box)
        left, top = x0 - TOUCH, y0 - TOUCH
        for mark_left, mark_top, mark_right, mark_bottom in grown:
            if mark_left < x1 and left < mark_right and mark_top < y1 and top < mark_bottom:
                return True
        return False

    return near


def _may_fade(entries: list[Entry], roled: list[Item]) -> bool:
    """Could any text or fold line fade against its ground? The colours of every drawing,
    clipped or not (more colours only send a page to the exact search)."""
    folds = [i for i in roled if i.role == "fold" and i.stroke]
    colours = {i.stroke for i in folds if i.stroke}
    line_colours = {i.stroke for i in folds if i.stroke and i.kind == "line"}
    fills, casings = {WHITE}, set()
    for entry in entries:
        drawing = entry.drawing
        colours |= drawing.text_colours
        fills |= drawing.fills
        casings |= drawing.casings
    return could_fade(colours, line_colours, fills, casings)
