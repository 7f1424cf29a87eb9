"""Which exports a material gets, from the build's options: card images (`--format cards`),
Tabletop Simulator (`--format tts`) and a print-on-demand preset's files (`--pod`). Cards and
counters materials have pieces to export; other materials have none."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from printkit.diagnostics import (
    EXPORT_TOO_LARGE,
    Diagnostic,
    Diagnostics,
    Severity,
    WorkRefused,
)
from printkit.export.images import ImageSet, card_images
from printkit.export.pieces import DrawnPieces, draw_pieces, material_decks
from printkit.export.pod import check_size, pod_files
from printkit.export.raster import TooManyPixels
from printkit.export.tts import check_url, deck_files, tile_files
from printkit.materials.texts import MaterialTexts
from printkit.model.limits import MAX_EXPORT_PIXELS

if TYPE_CHECKING:
    from printkit.build import CheckedGame
    from printkit.build_options import BuildOptions


def export_findings(
    game: CheckedGame, material_id: str, options: BuildOptions, diagnostics: Diagnostics
) -> None:
    """What the exports asked for find in a material before anything is drawn: a card size
    the preset is not for, a Tabletop Simulator object without the URL of its images. (A
    `tts.description` that fails is found with the game, whatever is built:
    export/pieces.py check_descriptions.)"""
    for preset in options.pods:
        check_size(game, material_id, preset, diagnostics)
    if "tts" in options.formats and material_decks(game, material_id) is not None:
        url = game.played.package.materials[material_id].tts.url
        check_url(material_id, url, game.loaded.spans, diagnostics)


def export_files(
    game: CheckedGame, material_id: str, options: BuildOptions
) -> Iterator[tuple[str, bytes]]:
    """Each export file of the material (name and bytes), drawn as it is asked for. WorkRefused
    when an export's images would pass the pixel bound, before any of them is rendered."""
    if material_decks(game, material_id) is None:
        return
    spec = game.played.package.materials[material_id]
    title = MaterialTexts(game.played, Diagnostics()).title(material_id)  # drawing reported
    drawn: dict[float, DrawnPieces | None] = {}

    def pieces(bleed: float) -> DrawnPieces | None:
        if bleed not in drawn:
            drawn[bleed] = draw_pieces(game, material_id, bleed)
        return drawn[bleed]

    def bounded(files: Iterator[tuple[str, bytes]], dpi: str) -> Iterator[tuple[str, bytes]]:
        try:
            yield from files
        except TooManyPixels as refused:
            raise WorkRefused(_too_many_pixels(game, material_id, refused, dpi)) from None

    bleed = spec.impose.bleed
    if "cards" in options.formats and (own := pieces(bleed)) is not None:
        images = ImageSet(bleed, options.card_dpi)
        yield from bounded(card_images(material_id, own, images), "--card-dpi")
    if "tts" in options.formats and (own := pieces(bleed)) is not None:
        if spec.kind == "cards":  # sheets of at most 4096 × 4096 pixels: within the bound
            yield from deck_files(material_id, title, own, spec.tts.url, options.card_dpi)
        else:
            tiles = tile_files(material_id, own, spec.tts.url, options.card_dpi)
            yield from bounded(tiles, "--card-dpi")
    for preset in options.pods if spec.kind == "cards" else ():
        if (own := pieces(preset.bleed)) is not None:
            yield from bounded(pod_files(material_id, title, own, preset), "the preset's `dpi`")


def _too_many_pixels(
    game: CheckedGame, material_id: str, refused: TooManyPixels, dpi: str
) -> Diagnostic:
    spec = game.played.package.materials[material_id]
    field = "deck" if spec.kind == "cards" else "decks"
    fits = math.floor(refused.dpi * math.sqrt(MAX_EXPORT_PIXELS / refused.pixels))
    return Diagnostic(
        EXPORT_TOO_LARGE,
        Severity.ERROR,
        f"material '{material_id}' would export {refused.pixels / 1e6:,.0f} million pixels of "
        f"images at {refused.dpi:g} dpi, more than the limit of "
        f"{MAX_EXPORT_PIXELS / 1e6:,.0f} million",
        game.loaded.spans.value(("materials", material_id, field)),
        hint=f"lower {dpi} to {fits} or less, or split the deck over several materials",
    )
