"""Bounds on the pieces and the hexes a game's materials print together.

Each deck and each material is bounded (2,000 pieces, a map 90,000 hexes), but a game may have
any number of materials: a 1.5 KB package printing one 2,000-card deck through twenty materials
wrote 262 MB in 48 s, and forty 300 x 300 maps took 241 s. A game's materials are drawn
together, so their pieces and their hexes are added up, in the game's order, before any is
drawn; the materials from the one past a bound on are not drawn (their game is not built).
"""

from __future__ import annotations

from typing import Any

from printkit.diagnostics import TOO_MANY_PIECES, Diagnostics
from printkit.load.package import LoadedPackage
from printkit.model.limits import MAX_GAME_HEXES, MAX_GAME_PIECES


def within_game_work(loaded: LoadedPackage, chosen: list[str], found: Diagnostics) -> list[str]:
    """The chosen materials whose pieces and hexes, added up in order, stay within the game's
    bounds; PK804 at the first that passes one."""
    package = loaded.package
    pieces = hexes = 0
    for index, material_id in enumerate(chosen):
        material = package.materials[material_id]
        named = [getattr(material, "deck", None), *getattr(material, "decks", [])]
        decks = [package.decks[deck] for deck in named if deck in package.decks]
        pieces += sum(card.count for deck in decks for card in deck.cards)
        hexes += _hexes(package.materials, material_id, frozenset())
        if pieces > MAX_GAME_PIECES:
            passed = f"{pieces:,} pieces, more than the {MAX_GAME_PIECES:,}"
        elif hexes > MAX_GAME_HEXES:
            passed = f"{hexes:,} hexes, more than the {MAX_GAME_HEXES:,}"
        else:
            continue
        found.add(
            TOO_MANY_PIECES,
            f"the game's materials print {passed} one game may print, up to material "
            f"'{material_id}'",
            loaded.spans.key(("materials", material_id)),
            hint="print a deck or a map through fewer materials, or split the game in two "
            "(limits: 'printkit schema --limits'); the materials from this one on are not drawn",
        )
        return chosen[:index]
    return chosen


def _hexes(materials: dict[str, Any], material_id: str, seen: frozenset[str]) -> int:
    """The hexes a map material draws: its rectangle, its list (each entry one hex at least),
    or its copies of another map; 0 for any other material, and for a map copying itself
    (refused where it is drawn)."""
    material = materials.get(material_id)
    if getattr(material, "kind", None) != "hexmap" or material_id in seen:
        return 0
    copies = material.copies
    if copies is not None:
        return copies.across * copies.down * _hexes(materials, copies.of, seen | {material_id})
    if material.hexes is not None:
        return len(material.hexes)
    return (material.columns or 0) * (material.rows or 0)
