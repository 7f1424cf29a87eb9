"""A bound on the pieces a game's materials print together.

Each deck and each material is bounded (2,000 pieces), but a game may have any number of
materials: a 1.5 KB package printing one 2,000-card deck through twenty materials wrote 262 MB
in 48 s, and a thousand would have taken half an hour. A game's materials are drawn together,
so their pieces are added up, in the game's order, before any is drawn; the materials past the
bound are not drawn (their game is not built).
"""

from __future__ import annotations

from printkit.diagnostics import TOO_MANY_PIECES, Diagnostics
from printkit.load.package import LoadedPackage
from printkit.model.limits import MAX_GAME_PIECES


def within_game_work(loaded: LoadedPackage, chosen: list[str], found: Diagnostics) -> list[str]:
    """The chosen materials whose pieces, added up in order, stay within MAX_GAME_PIECES; PK804
    at the first that passes it."""
    package = loaded.package
    total = 0
    for index, material_id in enumerate(chosen):
        material = package.materials[material_id]
        decks = [getattr(material, "deck", None), *getattr(material, "decks", [])]
        total += sum(
            card.count
            for deck in decks
            if deck in package.decks
            for card in package.decks[deck].cards
        )
        if total > MAX_GAME_PIECES:
            found.add(
                TOO_MANY_PIECES,
                f"the game's materials print {total:,} pieces up to material '{material_id}', "
                f"more than the {MAX_GAME_PIECES:,} one game may print",
                loaded.spans.key(("materials", material_id)),
                hint="print a deck through fewer materials, or split the game in two "
                "(limits: 'printkit schema --limits'); the materials from this one on are "
                "not drawn",
            )
            return chosen[:index]
    return chosen
