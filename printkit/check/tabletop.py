"""A cards or counters material's `tts:` block, checked with the rest of the material whatever
the build writes: a `tts.description` template that fails is a fault of the package, so
`validate` and every `build` report it, not only a build that asks for `--format tts`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.diagnostics import Diagnostics
from printkit.export.pieces import describe, material_decks

if TYPE_CHECKING:
    from printkit.build import CheckedGame


def check_tabletop(game: CheckedGame, material_id: str, diagnostics: Diagnostics) -> None:
    """Render the material's `tts.description` for every card of its decks, reporting a
    template that fails once, at the template (the URL is checked as the package loads)."""
    spec = game.played.package.materials[material_id]
    tts = getattr(spec, "tts", None)
    if tts is None or tts.description is None:
        return
    for deck_id in material_decks(game, material_id) or []:
        if deck_id in game.played.package.decks:
            describe(game, material_id, deck_id, diagnostics)
