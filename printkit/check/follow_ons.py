"""Findings that only follow from a part of the game that did not load (LoadedPackage.broken),
left out so that each mistake is said once: the part's own error was reported as it loaded,
and the checks after it saw the game without that part, or without that value.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from printkit.diagnostics import RULE_UNUSED, Diagnostic, Diagnostics, Span
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey


def reads_broken(paths: Iterable[PathKey], broken: Collection[PathKey]) -> bool:
    """Whether what reads `paths` (each with all below it) reads a part that did not load:
    `decks.deck.cards` reads a card's value left out, `rules.tables` a table left out."""
    return any(path[: len(part)] == part or part[: len(path)] == path
               for path in paths for part in broken)  # fmt: skip


def without_follow_ons(loaded: LoadedPackage, found: Iterable[Diagnostic]) -> Diagnostics:
    """`found` (the checks' findings once the game is loaded) less those that follow from what
    did not load: at a place inside a part left out (or at a value left out), naming an entry
    left out ('a mapping has no field 'area_points''), or a value no part reads (PK502: the
    part left out may read it)."""
    kept = Diagnostics()
    if not loaded.broken:
        kept.extend(found)
        return kept
    inside = _places_inside(loaded)
    named = [f"'{part[-1]}'" for part in loaded.broken if _is_entry(part)]
    kept.extend(
        finding
        for finding in found
        if finding.span not in inside
        and finding.code != RULE_UNUSED
        and not any(name in finding.message for name in named)
    )
    return kept


def _is_entry(part: PathKey) -> bool:
    """A named entry (`('materials', 'score_pad')`, `('rules', 'tables', 'scoring')`), not a
    card's value (`('decks', 'deck', 'cards', 52, 'rank')`)."""
    return len(part) == 2 or (len(part) == 3 and part[0] == "rules")


def _places_inside(loaded: LoadedPackage) -> set[Span]:
    """Where each part that did not load, and everything in it, is written."""
    spans = loaded.spans
    return {
        span
        for places in (spans.values, spans.keys)
        for path, span in places.items()
        if any(path[: len(part)] == part for part in loaded.broken)
    }
