"""The preflight's checks on a page of entries (preflight/placements.py): each check is given
only the items that could change what it finds, in painting order, so a card drawn 40 times is
one drawing's items and 40 placements checked by where they sit.

A placement is passed over when its drawing's box for that check, moved where the placement
puts it, shows that none of its items could count: clipping only shrinks an item's box, and
moving a box moves each item's box by the same sums, so the findings are those of
the checks run on every item of the page, to the letter (tests/preflight_reference.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


def entry_findings(
    entries: list[Entry], size: tuple[float, float], home_printed: bool
) -> Iterator[Finding]:
    """What the checks find on every item of the page, in the same order."""
    near_edges = _placed(entries, ITEMS, _may_reach_strip(size))  # and those beyond them
    yield from off_the_paper(near_edges, size)
    if home_printed:
        yield from ink_in_strip(near_edges, size)
    smallest = _placed(entries, attrgetter("small"))
    yield from small_text(smallest, printed(smallest))
    roled = _placed(entries, attrgetter("roled"))
    marks = [i.box for i in roled if i.role in MARKS]
    near_marks = _placed(entries, attrgetter("printed"), _texts_near(marks)) if marks else []
    yield from marks_over_text(roled, near_marks)
    yield from cut_like_fold(roled)
    if _may_fade(entries, roled):
        items = _placed(entries, ITEMS)
        yield from low_contrast(items, printed(items), roled, size)
    yield from halves_meeting_at_a_point(roled)
    yield from uncut_edges(roled)
    yield from marks_of_nothing(roled)


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


def _may_reach_strip(size: tuple[float, float]) -> Callable[[Entry], bool]:
    """Could an item of the entry put ink in the edge strip? A run is taken whole (its items
    are on the page already, and the check looks at each)."""

    def reaches(entry: Entry) -> bool:
        if type(entry) is Run:
            return True
        ink = entry.drawing.ink
        return ink is not None and not clear_of_strip(entry.moved(ink), size)

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
