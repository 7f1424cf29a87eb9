"""What the preflight sees of a page: the items a drawing is found once for (a symbol, a drawing
placed more than once) are those its ops give drawn in place, under any transform and clip."""

from __future__ import annotations

import pytest

from printkit.draw.ops import (
    Circle,
    Document,
    Group,
    Line,
    Matrix,
    Op,
    Paint,
    Path,
    Rect,
    Symbol,
    Text,
    Use,
)
from printkit.preflight.items import Item, bounds, page_items

# One of each kind of mark, with every field an item carries set to something of its own.
DRAWING: tuple[Op, ...] = (
    Rect(2, 3, 20, 10, Paint("#336699", "#000000", 1.0, (2.0, 1.0), role="cut")),
    Text(4, 12, "label", "PK-Regular", 8.0, "#112233", role="note"),
    Path((("M", 0, 0), ("L", 30, 0), ("L", 15, 25), ("Z",)), Paint("#ff0000", None, role="fold")),
    Line(80, 0, 80, 30, Paint(None, "#00ff00", 0.5, (1.0, 1.0), role="crop")),
)

TRANSFORMS: dict[str, Matrix] = {
    "moved": (1, 0, 0, 1, 100, 200),
    "wider": (2, 0, 0, 1, 100, 200),
    "taller": (1, 0, 0, 2, 100, 200),
    "sheared down": (1, 1, 0, 1, 100, 200),
    "sheared right": (1, 0, 1, 1, 100, 200),
    "halved": (0.5, 0, 0, 0.5, 100, 200),
    "turned a quarter": (0, 1, -1, 0, 300, 100),
    "sheared": (1, 0.25, 0, 2, 50, 60),
}
# In the transformed group's own coordinates: the drawing, placed at (30, 20), is clipped to
# its left part; the crop line at x 80 (placed at 110) lies wholly outside it.
CLIP = (0.0, 0.0, 60.0, 45.0)


def _items(document: Document, ops: list[Op]) -> list[Item]:
    return page_items(document, ops)


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
@pytest.mark.parametrize("clip", [None, CLIP], ids=["unclipped", "clipped"])
def test_a_symbol_gives_the_items_of_its_ops_drawn_in_place(
    transform: str, clip: tuple[float, float, float, float] | None
) -> None:
    matrix = TRANSFORMS[transform]
    document = Document("t", symbols={"s": Symbol("s", DRAWING, (0, 0, 81, 30))})
    used = _items(document, [Group((Use("s", 30, 20),), matrix, clip)])
    in_place = _items(document, [Group((Group(DRAWING, (1, 0, 0, 1, 30, 20)),), matrix, clip)])
    assert used == in_place
    kinds = [item.kind for item in used]
    assert kinds == (["rect", "text", "path"] if clip else ["rect", "text", "path", "line"])
    assert [item.order for item in used] == list(range(len(used)))


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
def test_a_drawing_placed_again_gives_the_items_of_a_fresh_copy(transform: str) -> None:
    """The second and third placements of the same ops (a card face on a sheet) are found once
    and moved; a copy of the ops, walked afresh each time, gives the same items."""
    matrix = TRANSFORMS[transform]
    moved = [(*matrix[:4], matrix[4] + dx, matrix[5]) for dx in (0, 200, 400)]
    shared = _items(Document("t"), [Group(DRAWING, m) for m in moved])
    copies = _items(Document("t"), [Group(tuple(list(DRAWING)), m) for m in moved])
    assert shared == copies
    assert len(shared) == 3 * len(DRAWING)


def test_text_in_a_halved_symbol_is_half_its_size() -> None:
    document = Document("t", symbols={"s": Symbol("s", DRAWING, (0, 0, 81, 30))})
    (text,) = [
        i
        for i in _items(document, [Group((Use("s", 0, 0),), (0.5, 0, 0, 0.5, 0, 0))])
        if i.kind == "text"
    ]
    assert text.size == 4.0


TRIANGLE = Path((("M", 0, 0), ("L", 30, 0), ("L", 10, 20), ("Z",)), Paint("#ff0000"))


@pytest.mark.parametrize(
    ("matrix", "corners"),
    [
        ((1, 0, 0, 1, 5, 7), [(5, 7), (35, 7), (15, 27)]),
        ((2, 0, 0, 1, 5, 7), [(5, 7), (65, 7), (25, 27)]),
        ((1, 0, 0, 2, 5, 7), [(5, 7), (35, 7), (15, 47)]),
        ((1, 1, 0, 1, 5, 7), [(5, 7), (35, 37), (15, 37)]),
        ((1, 0, 1, 1, 5, 7), [(5, 7), (35, 7), (35, 27)]),
        ((0, 1, -1, 0, 5, 7), [(5, 7), (5, 37), (-15, 17)]),
    ],
    ids=["moved", "wider", "taller", "sheared down", "sheared right", "turned"],
)
def test_a_path_s_corners_land_where_its_transform_puts_them(
    matrix: Matrix, corners: list[tuple[float, float]]
) -> None:
    """A path's outline (what a label over a filled hex is tested against) is put on the page
    only when asked: (x, y) goes to (a x + c y + e, b x + d y + f), PDF's convention."""
    (item,) = _items(Document("t"), [Group((TRIANGLE,), matrix)])
    assert item.corners() == corners


def test_a_curve_s_box_holds_its_control_points_and_a_path_of_no_point_is_no_item() -> None:
    curve = Path((("M", 0, 0), ("C", 10, 40, 50, -20, 60, 5)), Paint(None, "#000000", 0.0))
    (item,) = _items(Document("t"), [curve])
    assert item.box == (0, -20, 60, 40)
    (item,) = _items(Document("t"), [Group((TRIANGLE,), (1, 0, 0, 1, 5, 7))])
    assert item.box == (5, 7, 35, 27)
    assert _items(Document("t"), [Path((("Z",),), Paint("#000000"))]) == []


def test_the_bounds_of_some_ops_hold_each_of_them() -> None:
    ops: list[Op] = [
        Rect(10, 300, 5, 5, Paint("#000000")),
        Rect(40, 20, 30, 10, Paint("#000000")),
        Group((Rect(0, 0, 10, 10, Paint("#000000")),), (1, 0, 0, 1, 200, 100)),
    ]
    assert bounds(ops) == (10, 20, 210, 305)
    assert bounds([]) is None


@pytest.mark.parametrize(
    ("op", "box"),
    [
        (Rect(10, 20, 30, 40, Paint(None, "#000000", 4.0)), (8, 18, 42, 62)),
        (Circle(50, 60, 10, Paint("#ffffff", "#000000", 2.0)), (39, 49, 61, 71)),
        (Rect(10, 20, 30, 40, Paint("#000000", None, 4.0)), (10, 20, 40, 60)),  # no stroke
    ],
)
def test_a_stroke_widens_a_shape_s_box_by_half_its_width_on_every_side(
    op: Op, box: tuple[float, float, float, float]
) -> None:
    (item,) = page_items(Document("t"), [op])
    assert item.box == pytest.approx(box)


@pytest.mark.parametrize(
    ("matrix", "box"),
    [
        ((1, 0, 1, 1, 0, 0), (0, 0, 20, 10)),  # sheared right: x + y
        ((1, 0, 0.5, 1, 0, 0), (0, 0, 15, 10)),
        ((-1, 0, 0, 1, 100, 0), (90, 0, 100, 10)),  # mirrored
        ((1, 0, 0, -1, 0, 100), (0, 90, 10, 100)),  # upside down
        ((2, 0, 0, 3, 5, 7), (5, 7, 25, 37)),  # a move and a scale
    ],
)
def test_a_box_under_a_transform_is_the_box_round_its_corners(
    matrix: Matrix, box: tuple[float, float, float, float]
) -> None:
    square = Rect(0, 0, 10, 10, Paint("#000000"))
    (item,) = page_items(Document("t"), [Group((square,), matrix)])
    assert item.box == pytest.approx(box)
