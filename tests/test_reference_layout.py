"""The quick reference's text size: found by bisection, it is the size a search of every size
from the largest finds, and each layout stops at the first page past the pages allowed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.materials.reference import QUICK_SIZES, _largest_fitting
from printkit.reference.pdf import TooManyPages, quick_reference

A4 = (595.2755905511812, 841.8897637795277)
LINE = "A rule of the game, long enough to wrap once in a column of the quick reference."


def _document(paragraphs: int) -> str:
    return "# Quick reference\n\n" + "\n\n".join(f"{n}. {LINE}" for n in range(paragraphs))


def _every_size(markdown: str, pages: int) -> float | None:
    """What the layout did before bisection: every size from the largest, the first that fits."""
    for base in QUICK_SIZES:
        try:
            quick_reference(markdown, "Quick", A4, base, pages)
        except TooManyPages:
            continue
        return base
    return None


@settings(max_examples=16, deadline=None, derandomize=True)
@given(st.integers(35, 75), st.sampled_from([1, 2]))
def test_bisection_finds_the_size_every_size_finds(paragraphs: int, pages: int) -> None:
    """35 to 75 paragraphs a page: 10 pt, each smaller size, and no size at all."""
    markdown = _document(paragraphs * pages)
    fitted = _largest_fitting(markdown, "Quick", A4, pages)
    expected = _every_size(markdown, pages)
    assert (fitted[0] if fitted else None) == expected
    if fitted:
        rerun = quick_reference(markdown, "Quick", A4, fitted[0], pages)
        assert fitted[1].pdf == rerun.pdf, "the fitting layout is the document written"


@pytest.mark.parametrize("pages", [1, 2])
def test_a_text_that_cannot_fit_is_refused_at_the_first_page_too_many(pages: int) -> None:
    with pytest.raises(TooManyPages, match=f"more than {pages} pages"):
        quick_reference(_document(3000), "Quick", A4, QUICK_SIZES[-1], pages)
    assert _largest_fitting(_document(3000), "Quick", A4, pages) is None
