"""Print-on-demand pages (PRINT.md): one side of one piece a page, the page its trim plus the
bleed on every side, with the TrimBox and BleedBox a commercial printer cuts by."""

from __future__ import annotations

import pytest

from printkit.draw.ops import Box, Group, Paint, Placed, Rect
from printkit.impose.pieces import Piece
from printkit.impose.pod import impose_print_on_demand, piece_page
from printkit.model.base import ImposeSpec
from printkit.model.units import mm

FRONT = (Rect(0, 0, mm(63), mm(88), Paint("#1565c0")),)
BACK = (Rect(0, 0, mm(63), mm(88), Paint("#202020")),)


@pytest.mark.parametrize("backs", ["long_edge", "none"])
def test_each_side_of_each_card_is_a_page_of_its_own(backs: str) -> None:
    """A card with a back and one without: the back prints only when backs are asked for."""
    pieces = [
        Piece("Ace", mm(63), mm(88), FRONT, BACK, deck="cards"),
        Piece("Two", mm(63), mm(88), FRONT, None, deck="cards"),
    ]
    pages = impose_print_on_demand(pieces, ImposeSpec(bleed="3mm", backs=backs))  # type: ignore[arg-type]
    expected = ["Ace (1) · front", "Ace (1) · back", "Two (2) · front"]
    if backs == "none":
        expected.remove("Ace (1) · back")
    assert [page.label for page in pages] == expected
    b = mm(3)
    for page in pages:
        name, side = page.label.split(" (")[0], page.label.split(" · ")[1]
        assert (page.width, page.height) == pytest.approx((mm(69), mm(94)))
        assert page.trim_box == Box(b, b, mm(63), mm(88))
        assert page.bleed_box == Box(0.0, 0.0, page.width, page.height)
        assert page.placed == [Placed("cards", name, side, Box(b, b, mm(63), mm(88)), b)]
        [art] = page.ops
        assert isinstance(art, Group)
        assert art.ops == (BACK if side == "back" else FRONT)
        assert art.matrix == (1.0, 0.0, 0.0, 1.0, b, b)
        assert art.clip == pytest.approx((-b, -b, mm(69), mm(94)))


def test_a_side_with_no_art_is_a_blank_page_of_the_same_size() -> None:
    page = piece_page(Piece("Ace", mm(63), mm(88), FRONT), None, mm(2), "back", "Ace · back")
    assert page.ops == [] and (page.width, page.height) == pytest.approx((mm(67), mm(92)))
    assert page.label == "Ace · back" and [p.side for p in page.placed] == ["back"]


def test_a_card_image_s_page_is_its_front_with_no_label_of_its_own() -> None:
    """As the card images and print-on-demand exports ask for it (the side and label left to
    the defaults): the document's title names it."""
    page = piece_page(Piece("Ace", mm(63), mm(88), FRONT, deck="cards"), FRONT, mm(3))
    assert page.label == "" and [(p.name, p.side) for p in page.placed] == [("Ace", "front")]
