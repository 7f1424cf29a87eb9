"""The named papers and card sizes a material may use (`paper: a4`, `size: poker`), each measured
as catalogue.yaml gives it, width and height in that order."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import yaml
from support import length_mm

from printkit.impose.catalogue import CATALOGUE, card_sizes, papers
from printkit.model.units import mm


@pytest.fixture
def measured_here() -> Iterator[None]:
    """papers() and card_sizes() measure the catalogue once per process (@cache); cleared so
    that the test measures it itself. (mutmut runs each mutant in a process forked after
    earlier tests filled the caches: without this, a mutant of the measuring never ran.)"""
    papers.cache_clear()
    card_sizes.cache_clear()
    yield
    papers.cache_clear()
    card_sizes.cache_clear()


@pytest.mark.usefixtures("measured_here")
def test_the_common_papers_and_cards_measure_their_printed_size() -> None:
    assert papers()["a4"] == pytest.approx((mm(210), mm(297)))
    assert papers()["letter"] == pytest.approx((mm(215.9), mm(279.4)))
    assert card_sizes()["poker"] == pytest.approx((mm(63.5), mm(88.9)))
    assert card_sizes()["mini_euro"] == pytest.approx((mm(44), mm(67)))


@pytest.mark.usefixtures("measured_here")
@pytest.mark.parametrize(("section", "measured"), [("papers", papers), ("card_sizes", card_sizes)])
def test_every_named_size_is_its_width_then_its_height(section: str, measured) -> None:
    """Every entry, read by the tests' own length parser: none is lost, none turned round."""
    listed = yaml.safe_load(CATALOGUE.read_text(encoding="utf-8"))[section]
    assert measured() == {
        name: pytest.approx((mm(length_mm(size["width"])), mm(length_mm(size["height"]))))
        for name, size in listed.items()
    }
