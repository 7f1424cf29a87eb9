"""The hex map material: board → checks → art (title, legend, map) → pages.

A map that fits the paper is one page; a larger one is tiled over overlapping pages; with
``tiling: {poster: true}`` it is one page the size of the map, for print shops.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    Header,
    TilingError,
    Window,
    choose_paper,
    poster_page,
    single_page,
    tile_pages,
)
from printkit.load.package import LoadedPackage
from printkit.materials.hexmap.art import MapArt
from printkit.materials.hexmap.board import build_board
from printkit.materials.hexmap.compose import (
    COMPACT,
    Art,
    Key,
    compose,
    legend_items,
    shown_keys,
    with_map,
)
from printkit.materials.hexmap.header import map_header
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


@dataclass(frozen=True)
class MapPrint:
    """A map as one page shows it (title, caption, legend, map) and as tiles do (the map
    alone, under a header that each page repeats)."""

    whole: Art
    tiled: Art
    header: Header


def map_art(loaded: LoadedPackage, material_id: str, diagnostics: Diagnostics) -> MapPrint | None:
    """The map ready to print, checked; None when the data has errors."""
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
    legend = style.legend

    def shown(window: Window) -> set[Key]:
        return shown_keys(board, set(art.visible(False, window)))

    compact = legend_items(board, art, COMPACT) if legend else []
    return MapPrint(
        whole=compose(style.title, style.caption, art, legend_items(board, art) if legend else []),
        tiled=with_map([], art, 0.0, 0.0, art.width),
        header=map_header(style.title, style.caption, compact, shown),
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
    printed = map_art(loaded, material_id, diagnostics)  # checked even if the paper is unknown
    if printed is None or chosen is None:
        return None
    paper_key, paper = chosen
    style = resolve_style(loaded, material_id)
    art, tiled = printed.whole, printed.tiled
    size = (art.width, art.height)
    across = hex_across_flats(loaded.package, material_id) or 0.0
    shown = f"{to_mm(across):.2f}".rstrip("0").rstrip(".")
    footer = f"{ACTUAL_SIZE} · hexes {shown} mm across flats"
    try:
        if tiling.poster:
            pages = [poster_page(art.ops, size, tiling.margin, style.title, footer)]
            return Document(style.title, pages, art.symbols)
        sheet, plan = choose_paper(
            (tiled.width, tiled.height),
            paper,
            tiling.orientation,
            tiling.margin,
            tiling.overlap,
            (tiled.snap_x, tiled.snap_y) if tiling.snap else ((), ()),
            printed.header,
            whole=size,
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
        pages = tile_pages(tiled.ops, plan, style.title, footer, printed.header)
    return Document(style.title, pages, art.symbols)
