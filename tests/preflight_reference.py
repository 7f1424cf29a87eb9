"""The preflight's checks run on every item of a page, one by one: what the preflight finds,
by definition. printkit checks a page's runs and placements instead (preflight/page.py), each
drawing placed again checked once; the tests hold it to this, finding for finding."""

from __future__ import annotations

from collections.abc import Iterator

from printkit.preflight.checks import (
    Finding,
    cut_like_fold,
    halves_meeting_at_a_point,
    ink_in_strip,
    low_contrast,
    marks_of_nothing,
    marks_over_text,
    off_the_paper,
    printed,
    small_text,
    uncut_edges,
)
from printkit.preflight.items import Item


def page_findings(
    items: list[Item], size: tuple[float, float], home_printed: bool
) -> Iterator[Finding]:
    yield from off_the_paper(items, size)
    if home_printed:
        yield from ink_in_strip(items, size)
    texts = printed(items)
    roled = [i for i in items if i.role]
    yield from small_text(items, texts)
    yield from marks_over_text(roled, texts)
    yield from cut_like_fold(roled)
    yield from low_contrast(items, texts, roled, size)
    yield from halves_meeting_at_a_point(roled)
    yield from uncut_edges(roled)
    yield from marks_of_nothing(roled)
