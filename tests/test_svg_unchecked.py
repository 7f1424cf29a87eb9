"""SVG pages are written without svgwrite's checks (`debug=False`), which cost over half the
SVG's time: the bytes are the same as with every element checked against the SVG profile, for
every page of games that draw cards, counters, sheets and maps."""

from __future__ import annotations

import pytest
import svgwrite
from support import RULE_DATA

from printkit.build import compile_game
from printkit.diagnostics import Diagnostics
from printkit.draw.svg import render_svg_page


@pytest.mark.parametrize("game", ["shields_up", "raise_shields", "raise_the_shields"])
def test_unchecked_svg_has_the_bytes_of_checked_svg(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = compile_game(game, RULE_DATA / game, Diagnostics())
    assert result is not None
    pages = [
        (document, page)
        for document in result.documents.values()
        if document.flow is None
        for page in document.pages
    ]
    assert pages
    unchecked = [render_svg_page(document, page) for document, page in pages]
    # svgwrite's own switch, turned back on: every element and attribute validated
    drawings: list[svgwrite.Drawing] = []

    def checking(*args: object, **options: object) -> svgwrite.Drawing:
        drawings.append(unpatched(*args, **{**options, "debug": True}))
        return drawings[-1]

    unpatched = svgwrite.Drawing
    monkeypatch.setattr(svgwrite, "Drawing", checking)
    checked = [render_svg_page(document, page) for document, page in pages]
    assert len(drawings) == len(pages) and all(drawing.debug for drawing in drawings)
    assert unchecked == checked
