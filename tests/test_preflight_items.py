"""What the preflight sees of a page: the items a drawing is found once for (a symbol, a drawing
placed more than once) are those its ops give drawn in place, under any transform and clip."""

from __future__ import annotations

import pytest

from printkit.draw.ops import (
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
    Symbol,
    Text,
    Use,
)
from printkit.preflight.items import Found, Item, bounds, page_items

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


SQUARE = Rect(0, 0, 10, 20, Paint("#000000"))
QUARTER_TURN: Matrix = (0, 1, -1, 0, 0, 0)  # (x, y) -> (-y, x)


@pytest.mark.parametrize(
    ("outer", "inner", "box"),
    [
        (QUARTER_TURN, QUARTER_TURN, (-10, -20, 0, 0)),  # two quarter turns: half a turn
        ((1, 0, 0, 1, 5, 7), (2, 0, 0, 2, 0, 0), (5, 7, 25, 47)),  # scaled, then moved
        ((2, 0, 0, 2, 0, 0), (1, 0, 0, 1, 5, 7), (10, 14, 30, 54)),  # moved, then scaled
        ((1, 0, 1, 1, 0, 0), QUARTER_TURN, (-20, 0, 10, 10)),  # turned, then sheared right
    ],
    ids=["two quarter turns", "scale in a move", "move in a scale", "turn in a shear"],
)
def test_a_group_in_a_group_draws_under_the_inner_transform_then_the_outer(
    outer: Matrix, inner: Matrix, box: tuple[float, float, float, float]
) -> None:
    (item,) = page_items(Document("t"), [Group((Group((SQUARE,), inner),), outer)])
    assert item.box == pytest.approx(box)


@pytest.mark.parametrize(
    ("line", "box"),
    [
        (Line(10, 0, 10, 30, Paint(None, "#000000", 2.0)), (9, 0, 11, 30)),  # upright
        (Line(0, 10, 30, 10, Paint(None, "#000000", 2.0)), (0, 9, 30, 11)),  # level
        (Line(0, 0, 30, 20, Paint(None, "#000000", 2.0)), (-1, -1, 31, 21)),  # sloping
        (Line(30, 20, 0, 0, Paint(None, "#000000", 2.0)), (-1, -1, 31, 21)),  # drawn back
    ],
    ids=["upright", "level", "sloping", "drawn back"],
)
def test_a_line_s_box_is_widened_by_half_its_stroke_across_its_length_only(
    line: Line, box: tuple[float, float, float, float]
) -> None:
    """Butt ends: an upright line is widened sideways, a level one up and down, a sloping one
    (whose stroke leans out both ways) on every side."""
    (item,) = page_items(Document("t"), [line])
    assert item.box == pytest.approx(box)


def test_a_hairline_inside_a_clip_is_still_ink() -> None:
    """A stroke of width 0 prints as the thinnest line the device draws: its flat box is ink."""
    hairline = Paint(None, "#000000", 0.0)
    lines = (Line(20, 0, 20, 50, hairline), Line(0, 30, 50, 30, hairline))
    items = page_items(Document("t"), [Group(lines, clip=(0, 0, 40, 40))])
    assert [item.box for item in items] == [(20, 0, 20, 40), (0, 30, 40, 30)]


def test_text_under_a_plain_move_is_cut_at_its_clip_and_what_follows_it_still_drawn() -> None:
    ops = (
        Text(30, 20, "cut at the right", "PK-Regular", 10.0),
        Text(200, 20, "wholly outside", "PK-Regular", 10.0),
        Rect(0, 0, 5, 5, Paint("#000000")),
    )
    items = page_items(Document("t"), [Group(ops, (1, 0, 0, 1, 100, 100), (0, 0, 50, 50))])
    assert [item.kind for item in items] == ["text", "rect"]
    assert items[0].box[2] == 150  # the clip's right edge, moved
    assert items[0].box[0] == 130
    assert items[1].box == (100, 100, 105, 105)


def test_what_leaves_no_ink_leaves_what_follows_it_drawn() -> None:
    """A form field, a path of no point and a mark clipped away are no items; the marks after
    each of them still are."""
    ink = Paint("#000000")
    ops = [
        FormField("text", "name", 0, 0, 50, 10),
        Rect(0, 0, 5, 5, ink),
        Path((("Z",),), ink),
        Rect(10, 0, 5, 5, ink),
        Group((Rect(200, 200, 5, 5, ink), Rect(20, 0, 5, 5, ink)), clip=(0, 0, 50, 50)),
    ]
    boxes = [item.box for item in page_items(Document("t"), ops)]
    assert boxes == [(0, 0, 5, 5), (10, 0, 15, 5), (20, 0, 25, 5)]


def test_each_item_carries_its_mark_s_colours_dash_and_role_in_painting_order() -> None:
    ops: list[Op] = [
        Rect(0, 0, 10, 10, Paint("#111111", "#222222", 1.0, (1.0, 2.0), role="cut")),
        Line(0, 0, 10, 0, Paint(None, "#333333", 0.5, (3.0, 1.0), role="fold")),
        Circle(5, 5, 5, Paint("#444444", None, role="crop")),
        Path((("M", 0, 0), ("L", 9, 9)), Paint("#555555", "#666666", 1.0, (2.0, 2.0), "trim")),
        Image(0, 0, 10, 10, "/art.png"),
        Text(0, 10, "x", "PK-Regular", 8.0, "#777777", role="note"),
    ]
    assert [
        (i.kind, i.fill, i.stroke, i.dash, i.role, i.order) for i in page_items(Document("t"), ops)
    ] == [
        ("rect", "#111111", "#222222", (1.0, 2.0), "cut", 0),
        ("line", None, "#333333", (3.0, 1.0), "fold", 1),
        ("circle", "#444444", None, None, "crop", 2),
        ("path", "#555555", "#666666", (2.0, 2.0), "trim", 3),
        ("image", None, None, None, "", 4),  # art is no mark: no role
        ("text", "#777777", None, None, "note", 5),
    ]


def test_a_clip_inside_a_clip_keeps_what_lies_inside_both() -> None:
    inner = Group((Rect(0, 0, 100, 100, Paint("#000000")),), clip=(10, 0, 80, 30))
    (item,) = page_items(Document("t"), [Group((inner,), clip=(0, 20, 50, 100))])
    assert item.box == (10, 20, 50, 30)


@pytest.mark.parametrize(
    "clipped",
    [
        {"clip": (200, 200, 10, 10)},
        {"clip_path": (("M", 200, 200), ("L", 210, 200), ("L", 205, 210), ("Z",))},
    ],
    ids=["box", "path"],
)
def test_a_group_clipped_outside_its_parent_s_clip_draws_nothing_and_what_follows_it_is_drawn(
    clipped: dict,
) -> None:
    away = Group((Rect(0, 0, 300, 300, Paint("#000000")),), **clipped)
    after = Rect(0, 0, 5, 5, Paint("#000000"))
    (item,) = page_items(Document("t"), [Group((away, after), clip=(0, 0, 100, 100))])
    assert item.box == (0, 0, 5, 5)


def test_a_clip_path_cuts_its_group_at_the_path_s_box_under_the_group_s_transform() -> None:
    """The path (0 0, 10 0, 10 5) scaled by 2 spans (0, 0)-(20, 10); the parent's clip ends at
    x 15: the square is cut to both."""
    path = (("M", 0, 0), ("L", 10, 0), ("L", 10, 5), ("Z",))
    shaped = Group((Rect(0, 0, 50, 50, Paint("#000000")),), (2, 0, 0, 2, 0, 0), clip_path=path)
    (item,) = page_items(Document("t"), [Group((shaped,), clip=(0, 0, 15, 100))])
    assert item.box == (0, 0, 15, 10)


def test_a_drawing_s_items_are_found_the_second_time_it_is_asked_for_and_kept() -> None:
    """The first time, the caller walks the ops in place (cheaper than finding and moving);
    from the second, their items in their own coordinates, symbols included, are kept."""
    document = Document("t", symbols={"s": Symbol("s", DRAWING, (0, 0, 81, 30))})
    ops = (Use("s", 5, 5), Rect(0, 0, 10, 10, Paint("#000000")))
    found = Found()
    assert found.drawing(document, ops) is None
    items = found.drawing(document, ops)
    assert items == page_items(document, list(ops))
    assert found.drawing(document, ops) is items


def test_a_drawing_placed_twice_on_a_page_is_kept_for_the_document_s_later_pages() -> None:
    """A card face on every sheet of a deck: found on the first sheet, only moved after."""
    document, found = Document("t"), Found()
    page_items(document, [Group(DRAWING, (1, 0, 0, 1, x, 0)) for x in (0, 100)], found)
    assert found.drawing(document, DRAWING) == page_items(document, list(DRAWING))
    later = [Group(DRAWING, (1, 0, 0, 1, 100, 50))]
    assert page_items(document, later, found) == page_items(document, later)


def test_a_symbol_in_a_part_clipped_away_at_a_drawing_s_first_placement_is_found_later() -> None:
    """The first placement walks the drawing in place and skips its part that is clipped away;
    the second finds the drawing whole, so it reads that part's symbol from the document."""
    document = Document("t", symbols={"s": Symbol("s", DRAWING, (0, 0, 81, 30))})
    face = (Group((Use("s", 0, 0),), clip=(0, 0, 81, 30)),)
    hidden = Group((Group(face, (1, 0, 0, 1, 500, 0)),), clip=(0, 0, 100, 100))
    shown = Group(face, (1, 0, 0, 1, 0, 200))
    items = page_items(document, [hidden, shown])
    assert items == page_items(document, [Group((Use("s", 0, 200),), clip=(0, 200, 81, 30))])


def test_a_drawing_placed_again_in_a_clipped_group_is_clipped_there_too() -> None:
    face = (Rect(0, 0, 50, 10, Paint("#000000")),)
    placed = (Group(face, (1, 0, 0, 1, 0, 0)), Group(face, (1, 0, 0, 1, 100, 0)))
    items = page_items(Document("t"), [Group(placed, clip=(0, 0, 120, 100))])
    assert [item.box for item in items] == [(0, 0, 50, 10), (100, 0, 120, 10)]


def test_a_symbol_may_place_another_symbol_and_groups() -> None:
    ink = Paint("#000000")
    document = Document(
        "t",
        symbols={
            "dot": Symbol("dot", (Rect(0, 0, 2, 2, ink),), (0, 0, 2, 2)),
            "hex": Symbol(
                "hex",
                (Use("dot", 5, 5), Group((Rect(0, 0, 10, 10, ink),), (1, 0, 0, 1, 20, 0))),
                (0, 0, 30, 10),
            ),
        },
    )
    items = page_items(document, [Use("hex", 100, 0), Use("hex", 200, 0)])
    assert [item.box for item in items] == [
        (105, 5, 107, 7),
        (120, 0, 130, 10),
        (205, 5, 207, 7),
        (220, 0, 230, 10),
    ]
