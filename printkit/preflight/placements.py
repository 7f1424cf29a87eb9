"""A page as the preflight checks it: runs of items drawn in place, and placements of drawings
found once (a card's face on each of its copies), each drawing with what the checks ask of its
items (their ink's box, their texts, their colours...) found once for all its placements.

The page's items are those of `page_items`, in the same painting order: a run's are the items
themselves, a placement's its drawing's items moved by the same sums as `page_items` moves
them, and numbered in order after what came before (their numbers may skip some, which no
check minds: only the order of two items is ever compared).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import count, islice

from printkit.draw.ops import IDENTITY, Document, Matrix, Op
from printkit.preflight.checks import inks, printed, small
from printkit.preflight.items import BBox, Found, Item, _walk, bounding, plainly_moved


class Drawing:
    """Items found once, with what the checks ask of all of them found once too: in their own
    coordinates for a drawing placed again, in the page's for a run drawn in place. (Plain
    attributes, not cached properties: a page makes a few, and Python 3.11's cached property
    takes a lock each first time.)"""

    def __init__(self, items: list[Item]) -> None:
        self.items = items
        self.roled = [i for i in items if i.role]
        self.printed = printed(items)
        self.small = small(items)
        self.text_colours = {i.fill for i in self.printed if i.fill}
        # the colours text may stand on (a shape's fill), and a fold line (a line under it)
        self.fills = {i.fill for i in items if i.kind != "text" and i.fill}
        self.casings = {i.stroke for i in items if i.kind == "line" and i.stroke}

    @cached_property
    def ink(self) -> BBox | None:
        """The box round every item that puts ink on paper."""
        return bounding([i.box for i in self.items if inks(i)])

    @cached_property
    def text_box(self) -> BBox | None:
        """The box round every printed text."""
        return bounding([i.box for i in self.printed])


@dataclass(slots=True)
class Run:
    """Items drawn in place, in page coordinates."""

    drawing: Drawing

    def placed(self, items: list[Item]) -> list[Item]:
        """Some of the drawing's items, where they are on the page."""
        return items

    def moved(self, box: BBox) -> BBox:
        """A box of the drawing's, where it is on the page (what clipping leaves lies inside)."""
        return box


@dataclass(slots=True)
class Placement:
    """A drawing placed again by a plain move (`matrix`), clipped to `clip`; its items are
    numbered in painting order from `first`."""

    drawing: Drawing
    matrix: Matrix
    clip: BBox | None
    first: int

    def placed(self, items: list[Item]) -> list[Item]:
        """Some of the drawing's items where the placement puts them, clipped, as `page_items`
        moves them (those wholly clipped away are gone)."""
        out: list[Item] = []
        first = self.first
        plainly_moved(items, self.matrix, self.clip, lambda i: first + i.order, out)
        return out

    def moved(self, box: BBox) -> BBox:
        """A box of the drawing's where the placement puts it, unclipped: the same sums as the
        items' boxes, so it holds every one of them to the last bit."""
        dx, dy = self.matrix[4], self.matrix[5]
        return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


Entry = Run | Placement


class Sheets:
    """A document's pages as entries: the items drawn in place (the same walk as
    `page_items`), in runs between the placements of drawings placed again by a plain move,
    each drawing found once for the document."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.found = Found()  # symbols and repeated drawings, found once for every page
        self.drawings: dict[int, Drawing] = {}  # by id of the found items (Found keeps them)
        self.entries: list[Entry] = []
        self.out: list[Item] = []

    def page(self, ops: list[Op]) -> list[Entry]:
        """The page's entries in painting order."""
        self.entries, self.out = [], []
        _walk(self.document, ops, IDENTITY, None, self.found, count(), self.out, self)
        self._close()
        return self.entries

    def group(self, ops: tuple[Op, ...], matrix: Matrix, clip: BBox | None, order) -> None:
        """A group placed by a plain move: walked in place the first time (most drawings are
        placed once), then a placement of its drawing."""
        drawn = self.found.drawing(self.document, ops)
        if drawn is None:
            _walk(self.document, ops, matrix, clip, self.found, order, self.out, self)
        elif drawn:
            self._close()
            drawing = self.drawings.get(id(drawn))
            if drawing is None:  # found once for the document, not once per placement
                drawing = self.drawings[id(drawn)] = Drawing(drawn)
            first = next(order)
            if len(drawn) > 1:
                next(islice(order, len(drawn) - 2, None))  # the numbers of the others
            self.entries.append(Placement(drawing, matrix, clip, first))

    def _close(self) -> None:
        """End the current run (if it has items) and start another."""
        if self.out:
            self.entries.append(Run(Drawing(self.out)))
            self.out = []
