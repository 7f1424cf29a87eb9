"""A page's drawing flattened into what a print shop's preflight looks at: each mark of ink with
its box in page coordinates (transforms applied, clipped), its colours, its role, and for text
its size as printed.

Boxes are conservative: a curve counts its control points, a rotated box the box around it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Protocol

from printkit.draw.fonts import ascent, text_width
from printkit.draw.ops import (
    IDENTITY,
    Circle,
    Document,
    FormField,
    Group,
    Image,
    Line,
    Matrix,
    Op,
    Paint,
    Path,
    Rect,
    Role,
    Text,
    Use,
)

BBox = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, y down
DESCENT = 0.25  # of a font size: how far glyphs reach below the baseline


@dataclass(slots=True)
class Item:
    """One mark of ink as the preflight sees it; never changed once made (not frozen: a page
    of a big map makes a hundred thousand, and a frozen dataclass is made five times slower)."""

    kind: str  # rect, line, circle, path, text, image
    box: BBox
    fill: str | None
    stroke: str | None
    role: Role
    dash: tuple[float, ...] | None = None
    text: str = ""
    size: float = 0.0  # text: its size as printed (scaled by the transforms)
    order: int = 0  # painting order on the page
    # A path's corners, for what lies inside it, in the path's own coordinates: `matrix` puts
    # them on the page only when a check asks (a map's edge paths have thousands of corners).
    outline: tuple[tuple[float, float], ...] = ()
    matrix: Matrix = IDENTITY

    def corners(self) -> list[tuple[float, float]]:
        """The path's corners on the page. A plain move (a map's rows, drawn where they are)
        skips the general transform: the same sums, a map's row has a thousand corners."""
        a, b, c, d, e, f = self.matrix
        if (a, b, c, d) == (1.0, 0.0, 0.0, 1.0):
            return [(x + e, y + f) for x, y in self.outline]
        return [_apply(self.matrix, x, y) for x, y in self.outline]


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """`inner` applied first, then `outer` (PDF's a b c d e f convention)."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def transformed(m: Matrix, box: BBox) -> BBox:
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m
    if b == 0 and c == 0 and a > 0 and d > 0:  # a move and a scale, by far the commonest
        return (a * x0 + e, d * y0 + f, a * x1 + e, d * y1 + f)
    points = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def intersect(a: BBox, b: BBox | None) -> BBox | None:
    if b is None:
        return a
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def _scale(m: Matrix) -> float:
    """How much a transform enlarges lengths (the mean of its two axes)."""
    a, b, c, d, _, _ = m
    return ((a * a + b * b) ** 0.5 + (c * c + d * d) ** 0.5) / 2


def _grown(box: BBox, by: float) -> BBox:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _path_box(commands: tuple[tuple, ...]) -> BBox | None:
    xs = [v for command in commands for v in command[1::2]]
    ys = [v for command in commands for v in command[2::2]]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def _own_box(op: Op) -> BBox | None:
    """The op's box in its own coordinates, strokes included."""
    stroke = op.paint.width / 2 if getattr(op, "paint", None) and op.paint.stroke else 0.0
    if isinstance(op, Rect):
        return _grown((op.x, op.y, op.x + op.w, op.y + op.h), stroke)
    if isinstance(op, Line):
        x0, x1 = sorted((op.x1, op.x2))
        y0, y1 = sorted((op.y1, op.y2))
        # butt ends: a line is widened across its length only
        across_x = stroke if x0 == x1 or y0 != y1 else 0.0
        across_y = stroke if y0 == y1 or x0 != x1 else 0.0
        return (x0 - across_x, y0 - across_y, x1 + across_x, y1 + across_y)
    if isinstance(op, Circle):
        return _grown((op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r), stroke)
    if isinstance(op, Path):
        box = _path_box(op.commands)
        return _grown(box, stroke) if box else None
    if isinstance(op, Text):
        width = text_width(op.text, op.font, op.size)
        return (op.x, op.y - ascent(op.font, op.size), op.x + width, op.y + op.size * DESCENT)
    if isinstance(op, Image):
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    return None


def bounds(ops: list[Op]) -> BBox | None:
    """The box round some ops as drawn (symbols aside): where a note sits, say."""
    return bounding([item.box for item in _items(Document(""), ops, Found())])


def bounding(boxes: list[BBox]) -> BBox | None:
    """The box round some boxes (None round none)."""
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


@dataclass
class Found:
    """What a document's pages share, found once for all of them: the items of each symbol, and
    of each drawing placed more than once (a card's face, the same tuple of ops for each copy),
    in their own coordinates, to be moved to each place they are used."""

    symbols: dict[str, list[Item]] = field(default_factory=dict)
    drawings: dict[int, tuple[tuple[Op, ...], list[Item]]] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)  # drawings placed once so far, by id

    def drawing(self, document: Document, ops: tuple[Op, ...]) -> list[Item] | None:
        """The items of a group's ops if they were placed before (found now if not yet);
        None the first time, when walking them in place costs less."""
        key = id(ops)
        if key in self.drawings:
            return self.drawings[key][1]
        if key not in self.seen:
            self.seen.add(key)
            return None
        items = _items(document, ops, self)
        self.drawings[key] = (ops, items)  # the tuple kept, so its id stays its own
        return items


def page_items(document: Document, ops: list[Op], found: Found | None = None) -> list[Item]:
    """The page's items in painting order (`order` numbers them); `found` carries what the
    document's earlier pages found."""
    return _items(document, ops, found or Found())


def _items(document: Document, ops, found: Found) -> list[Item]:
    """The items of `ops` in their own coordinates, numbered from 0."""
    out: list[Item] = []
    _walk(document, ops, IDENTITY, None, found, count(), out)
    return out


class Sheet(Protocol):
    """Where a page's walk hands each group placed by a plain move (preflight/placements.py),
    instead of adding its items to `out`, which it then replaces with a fresh list."""

    out: list[Item]

    def group(self, ops: tuple[Op, ...], matrix: Matrix, clip: BBox | None, order) -> None: ...


def _walk(
    document: Document,
    ops,
    matrix: Matrix,
    clip: BBox | None,
    found: Found,
    order: Iterator[int],
    out: list[Item],
    sheet: Sheet | None = None,
) -> None:
    """The items of `ops` under `matrix`, clipped, added to `out`; a symbol's items, and a
    drawing's placed more than once, are found once (into `found`) and moved to each place
    they are used, as a map uses its hex symbols thousands of times and a deck its cards'
    faces. (Added to one list, not yielded: a label three groups deep was handed up through
    three generators.) With a `sheet`, each group placed by a plain move goes to it whole."""
    add = out.append
    plain_move = matrix[:4] == (1.0, 0.0, 0.0, 1.0)
    for op in ops:
        if plain_move and type(op) is Text:
            # a map's 90,000 labels: _own_box, transformed and _item's sums for a plain move
            # (the same to the last bit), without their calls
            e, f = matrix[4], matrix[5]
            width = text_width(op.text, op.font, op.size)
            box = (op.x + e, op.y - ascent(op.font, op.size) + f,
                   op.x + width + e, op.y + op.size * DESCENT + f)  # fmt: skip
            if clip is not None:
                box = intersect(box, clip)  # type: ignore[assignment]
                if box is None:
                    continue
            add(Item("text", box, op.color, None, op.role, None, op.text, op.size, next(order)))
            continue
        if plain_move and clip is None and (type(op) is Line or type(op) is Rect):
            # a sheet's crop marks and trims, on each of a deck's thousand pages: `transformed`
            # and `_item`'s sums for a plain move (the same to the last bit), without their calls
            e, f = matrix[4], matrix[5]
            x0, y0, x1, y1 = _own_box(op)  # type: ignore[misc]
            paint = op.paint
            add(Item(type(op).__name__.lower(), (x0 + e, y0 + f, x1 + e, y1 + f), paint.fill,
                     paint.stroke, paint.role, paint.dash, order=next(order)))  # fmt: skip
            continue
        if isinstance(op, FormField):
            continue
        if isinstance(op, Group):
            # a page's groups: the transform of the group alone (compose's sums, to the bit)
            inner = op.matrix if matrix is IDENTITY else compose(matrix, op.matrix)
            bound = clip
            if op.clip is not None:
                x, y, w, h = op.clip
                bound = intersect(transformed(inner, (x, y, x + w, y + h)), clip)
            if op.clip_path is not None:
                box = _path_box(op.clip_path)
                if box is not None:
                    bound = intersect(transformed(inner, box), bound)
            if bound is None and (op.clip is not None or op.clip_path is not None):
                continue
            if sheet is not None and inner[:4] == (1.0, 0.0, 0.0, 1.0):
                sheet.group(op.ops, inner, bound, order)
            else:
                drawn = found.drawing(document, op.ops)
                if drawn is None:
                    _walk(document, op.ops, inner, bound, found, order, out, sheet)
                else:
                    _all_moved(drawn, inner, bound, order, out)
            if sheet is not None:  # the group may have ended the list items went to
                out = sheet.out
                add = out.append
            continue
        if isinstance(op, Use):
            if op.symbol not in found.symbols:
                ops_of = document.symbols[op.symbol].ops
                found.symbols[op.symbol] = _items(document, ops_of, found)
            placed = compose(matrix, (1, 0, 0, 1, op.x, op.y))
            _all_moved(found.symbols[op.symbol], placed, clip, order, out)
            continue
        own = _own_box(op)
        if own is None:
            continue
        box = intersect(transformed(matrix, own), clip)
        if box is None:
            continue
        add(_item(op, box, matrix, next(order)))


def _all_moved(
    items: list[Item], matrix: Matrix, clip: BBox | None, order: Iterator[int], out: list[Item]
) -> None:
    """`items` where `matrix` puts them, clipped. A plain move (a card on a sheet, a hex on a
    map) is the commonest by far and skips the general transform: the same sums, so the same
    boxes to the last bit."""
    if matrix[:4] != (1.0, 0.0, 0.0, 1.0):
        for item in items:
            moved = _moved(item, matrix, clip, order)
            if moved is not None:
                out.append(moved)
        return
    plainly_moved(items, matrix, clip, lambda _: next(order), out)


def plainly_moved(
    items: list[Item],
    matrix: Matrix,
    clip: BBox | None,
    number: Callable[[Item], int],
    out: list[Item],
) -> None:
    """`items` where a plain move puts them, clipped, added to `out`, each numbered in painting
    order by `number`: the sums of a general transform's move, so the same boxes to the last
    bit."""
    dx, dy = matrix[4], matrix[5]
    for i in items:
        x0, y0, x1, y1 = i.box
        box = intersect((x0 + dx, y0 + dy, x1 + dx, y1 + dy), clip)
        if box is not None:
            outline_matrix = compose(matrix, i.matrix) if i.outline else IDENTITY
            out.append(Item(
                i.kind, box, i.fill, i.stroke, i.role, i.dash, i.text, i.size, number(i),
                i.outline, outline_matrix,
            ))  # fmt: skip


def _moved(item: Item, matrix: Matrix, clip: BBox | None, order: Iterator[int]) -> Item | None:
    """An item found in a symbol's own coordinates, where a use of the symbol puts it."""
    box = intersect(transformed(matrix, item.box), clip)
    if box is None:
        return None
    size = item.size * _scale(matrix)
    outline_matrix = compose(matrix, item.matrix) if item.outline else IDENTITY
    i = item
    return Item(
        i.kind, box, i.fill, i.stroke, i.role, i.dash, i.text, size, next(order), i.outline,
        outline_matrix,
    )  # fmt: skip


def _item(op: Op, box: BBox, matrix: Matrix, order: int) -> Item:
    if isinstance(op, Text):
        size = op.size * _scale(matrix)
        return Item("text", box, op.color, None, op.role, text=op.text, size=size, order=order)
    if isinstance(op, Image):
        return Item("image", box, None, None, "", order=order)
    paint: Paint = op.paint  # type: ignore[union-attr]
    kind = type(op).__name__.lower()
    if isinstance(op, Path):
        outline = tuple(command[-2:] for command in op.commands if command[1:])
        return Item(
            kind, box, paint.fill, paint.stroke, paint.role, paint.dash, order=order,
            outline=outline, matrix=matrix,
        )  # fmt: skip
    return Item(kind, box, paint.fill, paint.stroke, paint.role, paint.dash, order=order)
