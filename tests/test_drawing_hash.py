"""A material's cache key hashes its drawing by content (printkit/inputs.py): whether a card's
face is one tuple of ops placed forty times or forty equal tuples, the hash is the same, and
any change of what is drawn, even in a face placed many times, changes it."""

from __future__ import annotations

from printkit.draw.ops import Box, Document, Group, Page, Paint, Path, Placed, Rect, Text, translate
from printkit.inputs import drawing_hash


def face(title: str) -> tuple:
    return (
        Rect(0, 0, 180, 252, Paint(fill="#eef1f6", stroke="#000000")),
        Text(12, 30, title, "DejaVuSansCondensed-Bold", 11),
    )


def sheet(faces: list[tuple], label: str = "sheet 1") -> Document:
    """One page placing each face in a row."""
    ops = [Group(ops, translate(20 + 190 * i, 20)) for i, ops in enumerate(faces)]
    return Document("deck", [Page(595, 842, ops, label=label)])


def test_a_shared_face_hashes_as_copies_of_it() -> None:
    shared = face("Ion Cannon")
    assert drawing_hash(sheet([shared] * 3)) == drawing_hash(
        sheet([face("Ion Cannon") for _ in range(3)])
    )


def test_a_change_in_a_face_placed_many_times_changes_the_hash() -> None:
    before = drawing_hash(sheet([face("Ion Cannon")] * 3))
    assert drawing_hash(sheet([face("Ion Cannons")] * 3)) != before
    assert drawing_hash(sheet([face("Ion Cannon")] * 2 + [face("Nova")])) != before


def test_where_a_face_is_placed_and_the_page_itself_count() -> None:
    shared = face("Ion Cannon")
    before = drawing_hash(sheet([shared] * 2))
    moved = Document("deck", [Page(595, 842, [Group(shared, translate(20, 21)), Group(shared)])])
    assert drawing_hash(moved) != before
    assert drawing_hash(sheet([shared] * 2, label="sheet 2")) != before


def test_a_change_inside_a_nested_record_changes_the_hash() -> None:
    """What a record holds inside another (a rectangle's paint, a path's commands, the box a
    page places a card in) counts as much as its own fields."""

    def page(fill: str, end: float, box_x: float) -> Document:
        ops = [
            Rect(0, 0, 10, 10, Paint(fill=fill)),
            Path((("M", 0.0, 0.0), ("L", end, 5.0)), Paint(stroke="#000000")),
        ]
        placed = [Placed("deck", "Nova", "front", Box(box_x, 0, 63, 88), 3.0)]
        return Document("deck", [Page(595, 842, ops, placed=placed)])

    before = drawing_hash(page("#eef1f6", 5.0, 0.0))
    assert drawing_hash(page("#eef1f6", 5.0, 0.0)) == before
    assert drawing_hash(page("#eef1f7", 5.0, 0.0)) != before
    assert drawing_hash(page("#eef1f6", 6.0, 0.0)) != before
    assert drawing_hash(page("#eef1f6", 5.0, 0.5)) != before
