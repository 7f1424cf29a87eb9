"""The hex map material: board → checks → art (title, legend, map) → pages.

A map that fits the paper is one page; a larger one is tiled over overlapping pages; with
``tiling: {poster: true}`` it is one page the size of the map, for print shops.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.check.hexmap import (
    board_labels,
    check_colours,
    check_hidden_terrain,
    check_label_fit,
    check_markers,
)
from printkit.check.plain_text import game_icons, plain_text_problem
from printkit.diagnostics import (
    HEX_WIDER_THAN_PAGE,
    MAP_TEXT_SMALL,
    MAP_THIN_STRIP,
    MAP_UNTILEABLE,
    MARKER_TEXT_SMALL,
    NAME_OFF_MAP,
    NAME_OVER_LABEL,
    NOT_ON_EDGE,
    Diagnostics,
)
from printkit.draw.fonts import text_width
from printkit.draw.ops import Document
from printkit.impose.placement import ACTUAL_SIZE
from printkit.impose.tiling import (
    Header,
    TilingError,
    TooLarge,
    Window,
    poster_page,
    single_page,
    tile_pages,
)
from printkit.load.package import LoadedPackage
from printkit.materials.hexmap.art import Box, MapArt
from printkit.materials.hexmap.board import build_board
from printkit.materials.hexmap.compose import (
    COMPACT,
    Art,
    Key,
    LegendItem,
    compose,
    legend_items,
    shown_keys,
    with_map,
)
from printkit.materials.hexmap.header import map_header
from printkit.materials.hexmap.pages import LegendTooWide, MapPages
from printkit.materials.hexmap.strips import thin_strip
from printkit.materials.hexmap.style import resolve_style
from printkit.materials.hexmap.symbols import marker_text_scale
from printkit.materials.hexmap.texts import printed_maps
from printkit.materials.paper import material_paper
from printkit.model.hexmap import copy_chain, source_map
from printkit.model.layout import Layout
from printkit.model.package import Package
from printkit.model.units import in_millimetres, parse_length, to_mm
from printkit.model.version import with_edition
from printkit.preflight.checks import MIN_TEXT

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
    legend: list[LegendItem]  # the header's, compact
    grid: Box  # the hexes' rectangle in the map: what grows with the hex size


def map_art(loaded: LoadedPackage, material_id: str, diagnostics: Diagnostics) -> MapPrint | None:
    """The map ready to print, checked; None when the data has errors. `loaded` holds the
    map's texts as printed (printed_maps)."""
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
    check_hidden_terrain(board, source, labels, loaded, diagnostics)
    _check_placements(art, loaded, source, diagnostics)
    _check_texts(loaded, material_id, source, diagnostics)
    if diagnostics.count() > before:
        return None
    legend = style.legend

    def shown(window: Window) -> set[Key]:
        return shown_keys(board, art.frame.layout, window, set(art.showing(window)))

    compact = legend_items(board, art, COMPACT) if legend else []
    return MapPrint(
        whole=compose(style.title, style.caption, art, legend_items(board, art) if legend else []),
        tiled=with_map([], art, 0.0, 0.0, art.width),
        header=map_header(style.title, style.caption, compact, shown),
        legend=compact,
        grid=art.frame.rect,
    )


def _check_placements(
    art: MapArt, loaded: LoadedPackage, source: str, diagnostics: Diagnostics
) -> None:
    """Names clear of the hex labels and inside the map; notes that fit along their edge;
    markers' letters large enough to read."""
    base = ("materials", source)
    material = loaded.package.materials[source]
    for index, marker in enumerate(getattr(material, "markers", [])):
        scale = marker_text_scale(marker.label)
        letters = marker.size_on(art.board.across_flats) * scale
        if letters < MIN_TEXT - 0.05:
            diagnostics.add(
                MARKER_TEXT_SMALL,
                f"marker '{marker.label}' prints its letters at {letters:.1f} pt, under "
                f"{MIN_TEXT:g} pt",
                loaded.spans.value((*base, "markers", index, "label")),
                hint=f"make the marker larger ('size' of at least "
                f"{to_mm(MIN_TEXT / scale):.1f} mm) or its label shorter",
            )
    labels = art.style.labels  # as written, or the defaults
    if labels.position != "none" and labels.size < MIN_TEXT - 0.05:
        diagnostics.add(
            MAP_TEXT_SMALL,
            f"hex labels are set at {labels.size:g} pt, under {MIN_TEXT:g} pt",
            loaded.spans.value((*art.style.labels_path, "size")),  # the map that sets them
            hint=f"give them 'size: {MIN_TEXT:g}pt' or more",
        )
    for name in art.board.names:
        if name.spec.size < MIN_TEXT - 0.05:
            diagnostics.add(
                MAP_TEXT_SMALL,
                f"the name '{name.spec.text}' is set at {name.spec.size:g} pt, under "
                f"{MIN_TEXT:g} pt",
                loaded.spans.value((*base, "names", name.index, "size")),
                hint=f"give it 'size: {MIN_TEXT:g}pt' or more",
            )
    for name, place in zip(art.board.names, art.name_places, strict=True):
        at = loaded.spans.value((*base, "names", name.index, "hex"))
        if not art.name_inside(place, name):
            diagnostics.add(
                NAME_OFF_MAP,
                f"the name '{name.spec.text}' would reach outside the map",
                at,
                hint="use a smaller 'dx'/'dy' offset, a smaller 'size', or a hex further in",
            )
        elif place[2] is not None:
            diagnostics.add(
                NAME_OVER_LABEL,
                f"the name '{name.spec.text}' overlaps {place[2]} wherever it is moved",
                at,
                hint="give it a smaller 'size', a 'dx'/'dy' offset, or another hex",
            )
    for note, start in zip(art.board.notes, art.note_starts, strict=True):
        if start is None:
            diagnostics.add(
                NOT_ON_EDGE,
                f"the note '{note.spec.text}' is longer than the {note.spec.edge} edge leaves "
                "room for on either side of its arrow",
                loaded.spans.value((*base, "edge_notes", note.index, "text")),
                hint="shorten the text, or point it at a hex nearer the middle of the edge",
            )


def _check_texts(
    loaded: LoadedPackage, material_id: str, source: str, diagnostics: Diagnostics
) -> None:
    """Every text the map prints is one DejaVu can print (check/plain_text.py): no empty
    boxes, no right-to-left or shaped script, no icon markup (a map's own title and caption;
    the rest from the map its copies repeat)."""
    own, base = loaded.package.materials[material_id], ("materials", source)
    material = loaded.package.materials[source]
    # Each text with the face it is drawn in (the title, zone letters, marker symbols and, by
    # default, place names in bold, the rest in regular) and whether it is drawn with its markup
    # (the caption: its **bold** and *italic* parts in those faces).
    texts: list[tuple[tuple[str | int, ...], str | None, str, bool]] = [
        (("materials", material_id, "title"), getattr(own, "title", None), "bold", False),
        (("materials", material_id, "caption"), getattr(own, "caption", None), "regular", True),
    ]
    for key in ("terrain", "zones", "hexside_types", "path_types"):
        for name, spec in getattr(material, key, {}).items():
            texts.append(((*base, key, name, "name"), spec.name, "regular", False))
    for name, zone in getattr(material, "zones", {}).items():
        texts.append(((*base, "zones", name, "letter"), zone.letter, "bold", False))
    for index, marker in enumerate(getattr(material, "markers", [])):
        texts.append(((*base, "markers", index, "label"), marker.label, "bold", False))
        texts.append(((*base, "markers", index, "name"), marker.name, "regular", False))
    for index, entry in enumerate(getattr(material, "names", [])):
        face = "bold" if entry.bold else "regular"
        texts.append(((*base, "names", index, "text"), entry.text, face, False))
    for index, entry in enumerate(getattr(material, "edge_notes", [])):
        texts.append(((*base, "edge_notes", index, "text"), entry.text, "regular", False))
    icons = game_icons(loaded.package)
    for path, text, face, markup in texts:
        problem = plain_text_problem(text, icons, face, markup) if text else None
        if problem is not None:
            diagnostics.add(
                problem.code,
                f"'{text}' {problem.message}",
                loaded.spans.value(path),
                hint=problem.hint,
            )


def _too_large_at(
    loaded: LoadedPackage, material_id: str, size: tuple[float, float], room: float
) -> tuple[tuple[str, ...], str]:
    """Where a map too large to print is reported, and the hint: at its hex size when one hex
    is wider than the paper's printable `room` (a typo: 75in for 0.75in), else at what makes
    it many hexes (a copy's `copies`, the columns or rows along its longer side). The hint
    names hex_size either way, with the sizes that make the map large."""
    source = copy_chain(loaded.package.materials, material_id)[-1][0]
    across = hex_across_flats(loaded.package, material_id) or 0.0
    extent = f"the map is {to_mm(size[0]) / 1000:.1f} × {to_mm(size[1]) / 1000:.1f} m"
    if across > room:
        return ("materials", source, "hex_size"), _hex_size_hint(loaded, source, room, extent)
    hexes = f"hexes {_millimetres(across)} mm across flats"
    if source != material_id:
        where, keys = ("materials", material_id, "copies"), "'copies:'"
    else:
        many = "columns" if size[0] >= size[1] else "rows"
        where, keys = ("materials", source, many), "'columns:' and 'rows:'"
    return where, f"{extent}, of {hexes}: check {keys}, then 'hex_size:'"


# Where each kind of legend entry takes its name, under the map that draws its hexes.
LEGEND_NAMES = {
    "terrain": "terrain",
    "zone": "zones",
    "side": "hexside_types",
    "path": "path_types",
}


def _legend_entry_at(loaded: LoadedPackage, material_id: str, key: Key) -> tuple[str | int, ...]:
    """The name a legend entry prints (a copy's is its source map's): a marker's is the first
    marker of that name, since markers sharing a name share an entry."""
    source, material = copy_chain(loaded.package.materials, material_id)[-1]
    kind, name = key
    if kind in LEGEND_NAMES:
        return ("materials", source, LEGEND_NAMES[kind], name, "name")
    index = next(i for i, marker in enumerate(material.markers) if marker.name == name)
    return ("materials", source, "markers", index, "name")


def _hex_size_hint(loaded: LoadedPackage, source: str, room: float, extent: str = "") -> str:
    """The hint at the `hex_size` of map `source`, whose hexes are wider than the paper's
    printable `room`: their size in millimetres and, for a size written in another unit, the
    same number in millimetres when such hexes fit (25in for 25mm, the usual slip)."""
    written = loaded.source.get("materials", {}).get(source, {}).get("hex_size")
    across = hex_across_flats(loaded.package, source) or 0.0
    guess = in_millimetres(written)
    meant = f" (did you mean '{guess}'?)" if guess and parse_length(guess) <= room else ""
    return (
        f"hexes {_millimetres(across)} mm across flats, each wider than the paper's printable "
        f"{_millimetres(room)} mm{f', and {extent}' if extent else ''}: check 'hex_size:', its "
        f"number and its unit{meant}"
    )


def _millimetres(length: float) -> str:
    """A length in millimetres to the hundredth, as printed: 19.05, 25, 1905."""
    return f"{to_mm(length):.2f}".rstrip("0").rstrip(".")


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
    loaded = printed_maps(loaded, material_id, diagnostics)  # its texts as the pages print them
    printed = map_art(loaded, material_id, diagnostics)  # checked even if the paper is unknown
    if printed is None or chosen is None:
        return None
    paper_key, paper = chosen
    style = resolve_style(loaded, material_id)
    art, tiled = printed.whole, printed.tiled
    size = (art.width, art.height)
    across = hex_across_flats(loaded.package, material_id) or 0.0
    room = min(paper) - 2 * tiling.margin  # the paper's printable width either way round
    footer = with_edition(
        f"{ACTUAL_SIZE} · hexes {_millimetres(across)} mm across flats",
        loaded.package.game.edition,
    )
    try:
        if tiling.poster:
            pages = [poster_page(art.ops, size, tiling.margin, style.title, footer)]
            return Document(style.title, pages, art.symbols)
        planned = MapPages(
            (tiled.width, tiled.height),
            size,
            (tiled.snap_x, tiled.snap_y),
            printed.grid,
            printed.header,
            printed.legend,
            tiling,
        )
        sheet, plan = planned.plan(paper)
    except TilingError as error:
        if isinstance(error, TooLarge):
            where, hint = _too_large_at(loaded, material_id, size, room)
        elif isinstance(error, LegendTooWide):
            where, hint = (
                _legend_entry_at(loaded, material_id, error.key),
                (
                    "shorten this name (the legend never breaks an entry), or reduce 'margin:' or "
                    "'overlap:', or choose a larger paper"
                ),
            )
        else:
            where, hint = (
                ("materials", material_id, "tiling"),
                ("reduce 'margin:' or 'overlap:', shorten the caption, or choose a larger paper"),
            )
        diagnostics.add(
            MAP_UNTILEABLE,
            f"map '{material_id}' cannot be printed "
            f"{'as a poster' if tiling.poster else f'on {paper_key}'}: {error}",
            loaded.spans.value(where),
            hint=hint,
        )
        return None
    if plan is None:
        pages = [single_page(art.ops, size, sheet, tiling.margin, style.title, footer)]
        return Document(style.title, pages, art.symbols)
    if across > room:  # a unit slip, not a map: its own warning, not a thin strip's note
        # said of the map whose hex_size it is, so that its copies add no second warning
        source = copy_chain(loaded.package.materials, material_id)[-1][0]
        diagnostics.add(
            HEX_WIDER_THAN_PAGE,
            f"map '{source}' cuts every hex over several pages of {paper_key}: its hexes are "
            "wider than the page",
            loaded.spans.value(("materials", source, "hex_size")),
            hint=_hex_size_hint(loaded, source, room, f"the map takes {plan.pages} pages"),
        )
    elif (strip := thin_strip(material_id, planned, plan, paper, paper_key, across)) is not None:
        where = loaded.spans.value(("materials", material_id, "tiling"))
        diagnostics.add(MAP_THIN_STRIP, strip[0], where, hint=strip[1])
    pages = tile_pages(tiled.ops, plan, style.title, footer, printed.header)
    return Document(style.title, pages, art.symbols)
