"""The hex map material: board → checks → art (title, legend, map) → pages.

A map that fits the paper is one page; a larger one is tiled over overlapping pages; with
``tiling: {poster: true}`` it is one page the size of the map, for print shops.
"""

from __future__ import annotations

from printkit.check.hexmap import (
    board_labels,
    check_colours,
    check_label_fit,
    check_markers,
)
from printkit.diagnostics import (
    MAP_UNTILEABLE,
    NAME_OVER_LABEL,
    Diagnostics,
)
from printkit.draw.fonts import text_width
from printkit.draw.ops import Document
from printkit.impose.placement import ACTUAL_SIZE
from printkit.impose.tiling import (
    TilingError,
    choose_paper,
    poster_page,
    single_page,
    tile_pages,
)
from printkit.load.package import LoadedPackage
from printkit.materials.hexmap.art import MapArt
from printkit.materials.hexmap.board import build_board
from printkit.materials.hexmap.compose import Art, compose, legend_items
from printkit.materials.hexmap.style import resolve_style
from printkit.materials.paper import material_paper
from printkit.model.hexmap import copy_chain, source_map
from printkit.model.layout import Layout
from printkit.model.package import Package
from printkit.model.units import to_mm

__all__ = ["compile_hexmap", "hex_across_flats", "map_art"]


def hex_across_flats(package: Package, material_id: str) -> float | None:
    """Across-flats size of a map's hexes in points, following copies to their source;
    None if the name is not a hex map or the map has no size (its own checks say why).
    For checks elsewhere, e.g. whether a counter fits the hexes it is played on."""
    board = source_map(package.materials, material_id)
    return board.hex_size if board is not None else None


def map_art(loaded: LoadedPackage, material_id: str, diagnostics: Diagnostics) -> Art | None:
    """The whole map with its title and legend, untiled; None when the data has errors."""
    before = diagnostics.count()
    board = build_board(loaded, material_id, diagnostics)
    if board is None:
        return None
    style = resolve_style(loaded, material_id)
    labels = board_labels(board, style, loaded, diagnostics)
    if labels is None:
        return None
    art = MapArt(board, style, labels)
    widest = max(labels.values(), key=lambda t: text_width(t, art.label_font, 1.0), default="")
    check_label_fit(art.baseline, widest, board, style, loaded, diagnostics)
    source = copy_chain(loaded.package.materials, material_id)[-1][0]
    check_markers(board, source, loaded, diagnostics)
    check_colours(board, source, loaded, diagnostics)
    for name, (_, _, clear) in zip(board.names, art.name_places, strict=True):
        if not clear:
            diagnostics.add(
                NAME_OVER_LABEL,
                f"the name '{name.spec.text}' overlaps a hex label wherever it is moved",
                loaded.spans.value(("materials", source, "names", name.index, "hex")),
                hint="give it a smaller 'size', a 'dx'/'dy' offset, or another hex",
            )
    if diagnostics.count() > before:
        return None
    return compose(
        style.title, style.caption, art, legend_items(board, art) if style.legend else []
    )


def compile_hexmap(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    paper_name: str,
    diagnostics: Diagnostics,
) -> Document | None:
    del layouts  # maps have no card layouts
    tiling = resolve_style(loaded, material_id).tiling
    chosen = material_paper(loaded, material_id, tiling.paper, paper_name, "tiling", diagnostics)
    art = map_art(loaded, material_id, diagnostics)  # checked even when the paper is unknown
    if art is None or chosen is None:
        return None
    paper_key, paper = chosen
    style = resolve_style(loaded, material_id)
    size = (art.width, art.height)
    across = hex_across_flats(loaded.package, material_id) or 0.0
    shown = f"{to_mm(across):.2f}".rstrip("0").rstrip(".")
    footer = f"{ACTUAL_SIZE} · hexes {shown} mm across flats"
    try:
        if tiling.poster:
            pages = [poster_page(art.ops, size, tiling.margin, style.title, footer)]
            return Document(style.title, pages, art.symbols)
        sheet, plan = choose_paper(
            size,
            paper,
            tiling.orientation,
            tiling.margin,
            tiling.overlap,
            (art.snap_x, art.snap_y) if tiling.snap else ((), ()),
        )
    except TilingError as error:
        diagnostics.add(
            MAP_UNTILEABLE,
            f"map '{material_id}' cannot be printed "
            f"{'as a poster' if tiling.poster else f'on {paper_key}'}: {error}",
            loaded.spans.value(("materials", material_id, "tiling")),
            hint="check 'hex_size:'; reduce 'margin:' or 'overlap:', or choose a larger paper",
        )
        return None
    if plan is None:
        pages = [single_page(art.ops, size, sheet, tiling.margin, style.title, footer)]
    else:
        pages = tile_pages(art.ops, plan, style.title, footer)
    return Document(style.title, pages, art.symbols)
