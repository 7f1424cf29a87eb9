"""A drawing placed again and again (the copies of a card) is written once, as a Form XObject
that each placement places: read back with pypdf, and its pixels with pypdfium2."""

from __future__ import annotations

from pathlib import Path

import pypdf
from support import Raster, near, xobjects_placed

from printkit.draw.fonts import FACES
from printkit.draw.ops import Document, FormField, Group, Page, Paint, Rect, Text, translate
from printkit.draw.pdf import FORM_FROM, render_pdf
from printkit.model.units import mm

RED = (255, 0, 0)
PAGE = (mm(210), mm(297))


def _face() -> tuple:
    """A card-sized drawing whose red ground reaches 3 mm past each edge (its bleed)."""
    return (
        Rect(-mm(3), -mm(3), mm(69), mm(94), Paint(fill="#ff0000")),
        Text(mm(5), mm(10), "Copy", FACES["regular"][0], 12.0),
    )


def _placed(face: tuple, column: int, row: int, bleed_left: float) -> Group:
    """The face in a 3-column grid cell, clipped to its trim plus `bleed_left` on the left (a
    placement at the sheet's edge shows more of the bleed than its neighbours)."""
    x, y = mm(10) + column * mm(63), mm(10) + row * mm(88)
    return Group(face, translate(x, y), (-bleed_left, 0.0, mm(63) + bleed_left, mm(88)))


def _document(ops: list) -> Document:
    return Document("shared", [Page(*PAGE, ops)])


def _written(document: Document, tmp_path: Path) -> Path:
    path = tmp_path / "shared.pdf"
    path.write_bytes(render_pdf(document))
    return path


def _placements(path: Path) -> dict[str, int]:
    """How often each form is placed on the first page."""
    return xobjects_placed(pypdf.PdfReader(path).pages[0])


def test_a_drawing_placed_often_is_one_form_placed_each_time(tmp_path: Path) -> None:
    face = _face()
    ops = [_placed(face, column, 0, 0.0) for column in range(FORM_FROM)]
    path = _written(_document(ops), tmp_path)
    assert list(_placements(path).values()) == [FORM_FROM]
    page = pypdf.PdfReader(path).pages[0]
    assert page.extract_text().split() == ["Copy"] * FORM_FROM


def test_a_drawing_placed_fewer_times_is_drawn_in_place(tmp_path: Path) -> None:
    face = _face()
    ops = [_placed(face, column, 0, 0.0) for column in range(FORM_FROM - 1)]
    assert _placements(_written(_document(ops), tmp_path)) == {}


def test_the_form_shows_all_that_each_placement_shows(tmp_path: Path) -> None:
    """The form is defined at its first placement; the placement after it shows 3 mm of bleed
    more on its left, which the form must hold too (its box is the union of the clips)."""
    face = _face()
    ops = [_placed(face, 1, 0, 0.0), _placed(face, 2, 0, 0.0), _placed(face, 0, 1, mm(3))]
    raster = Raster.of(_written(_document(ops), tmp_path), 0)
    left, top = 10.0, 10.0 + 88.0  # the third placement's cell, in mm
    assert near(raster.at(left - 2.5, top + 40), RED)  # its bleed, past its trim
    assert near(raster.at(left + 63 - 0.5, top + 40), RED)
    assert not near(raster.at(left - 3.5, top + 40), RED)  # beyond the bleed
    assert near(raster.at(10.0 + 63 + 1, 50), RED)  # the first two: their trim only, so
    assert not near(raster.at(10.0 + 63 - 1.5, 50), RED)  # nothing left of the first one


def test_a_drawing_holding_a_form_field_is_never_a_form(tmp_path: Path) -> None:
    """A form field belongs to its page, once per placement: each copy keeps its own."""
    face = (*_face(), FormField("text", "note", mm(5), mm(20), mm(40), mm(8)))
    ops = [_placed(face, column, 0, 0.0) for column in range(FORM_FROM)]
    path = _written(_document(ops), tmp_path)
    assert _placements(path) == {}
    assert len(pypdf.PdfReader(path).get_fields() or {}) >= 1
    annotations = pypdf.PdfReader(path).pages[0].get("/Annots") or []
    assert len(annotations) == FORM_FROM


def test_a_drawing_that_paints_nothing_is_not_written(tmp_path: Path) -> None:
    """A sheet's trims without crop marks paint nothing (the preflight alone reads them): the
    page neither places a form of them nor saves and restores its state round them."""
    trims = tuple(Rect(x, 0.0, mm(63), mm(88), Paint()) for x in (0.0, mm(63), mm(126)))
    ops = [Group(trims, translate(mm(10), mm(10) + row * mm(88))) for row in range(FORM_FROM)]
    path = _written(_document([*ops, _placed(_face(), 0, 0, 0.0)]), tmp_path)
    page = pypdf.PdfReader(path).pages[0]
    operators = [op for _, op in pypdf.generic.ContentStream(page.get_contents(), None).operations]
    assert _placements(path) == {}
    assert operators.count(b"q") == 2  # the flip of the page's y axis, and the face's group
    assert b"re" in operators  # the face's red ground is drawn
    assert Raster.of(path, 0).at(10.0 + 31.5, 10.0 + 44.0) == RED
