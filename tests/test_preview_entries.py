"""The preview page's facts of each material (pages, paper, title) come from its drawing when
this build drew it, and from its PDF otherwise (a Platypus document, an earlier build's
entry): either way they are what the PDF itself says, read here with pdfium."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2
import pytest

from printkit.preview import MANIFEST, paper_name


def _read_from_the_pdf(pdf: Path) -> tuple[int, str, str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        width, height = document[0].get_size()
        title = document.get_metadata_value("Title")
        return len(document), paper_name(width, height), title
    finally:
        document.close()


@pytest.mark.parametrize("fixture", ["shields_up", "marked"])
def test_each_material_shows_the_pages_paper_and_title_its_pdf_has(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    """Shields Up holds an A4 deck, cards on their own pages for a print shop and two
    reference documents laid out by Platypus; the marked deck sheets on several papers."""
    folder: Path = request.getfixturevalue(fixture)
    games = json.loads((folder.parent / MANIFEST).read_text(encoding="utf-8"))["games"]
    materials = games[folder.name]["materials"]
    assert len(materials) >= 4
    papers = set()
    for material in materials:
        shown = (material["pages"], material["paper"], material["title"])
        assert shown == _read_from_the_pdf(folder / material["pdf"]), material["id"]
        papers.add(material["paper"])
    assert len(papers) >= 2
