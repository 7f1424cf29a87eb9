"""Can a hex map be printed as declared? Labels, fit of labels and markers, colour use.

These run on a built board (see ``printkit.materials.hexmap.board``), so they can render
every label and measure every marker, and report against the YAML that declared them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, get_args

from printkit.diagnostics import (
    BAD_LABEL_FORMAT,
    COLOUR_ONLY,
    LABEL_TOO_WIDE,
    MARKER_TOO_BIG,
    ZONE_HIDES_TERRAIN,
    Diagnostics,
)
from printkit.draw.fonts import font_name, has_glyph
from printkit.draw.pattern_ink import pattern_ink
from printkit.geometry.hexgrid import Hex
from printkit.load.package import LoadedPackage
from printkit.model.hexlabels import LabelFormatError, parse_format, render_all
from printkit.model.hexmap import Marker, Pattern, TerrainType
from printkit.model.units import to_mm
from printkit.preflight.checks import MIN_CONTRAST, contrast

if TYPE_CHECKING:
    from printkit.materials.hexmap.board import Board
    from printkit.materials.hexmap.style import Style

PathKey = tuple[str | int, ...]


def _report(
    loaded: LoadedPackage,
    diagnostics: Diagnostics,
    code: str,
    message: str,
    path: PathKey,
    hint: str | None = None,
) -> None:
    diagnostics.add(code, message, loaded.spans.value(path), hint=hint)  # kept once


def board_labels(
    board: Board, style: Style, loaded: LoadedPackage, diagnostics: Diagnostics
) -> dict[Hex, str] | None:
    """Every hex's label ({} when labels are off); None if the format cannot be rendered."""
    if style.labels.position == "none":
        return {}
    labels_set = style.labels_path[-1] == "labels"
    path = (*style.labels_path, "format") if labels_set else style.labels_path
    try:
        fmt = parse_format(style.labels.format)
        labels = render_all(fmt, {h: board.offset_of(h) for h in board.cells})
    except LabelFormatError as error:
        _report(loaded, diagnostics, BAD_LABEL_FORMAT, str(error), path, error.hint)
        return None
    font = font_name("regular")
    missing = sorted({c for text in labels.values() for c in text if not has_glyph(font, c)})
    if missing:
        _report(
            loaded,
            diagnostics,
            BAD_LABEL_FORMAT,
            f"label format '{fmt.source}' uses characters the font cannot draw: "
            + " ".join(repr(c) for c in missing),
            path,
            "use Latin letters, digits and common punctuation",
        )
        return None
    return labels


def check_label_fit(
    baseline: float | None,
    widest: str,
    board: Board,
    style: Style,
    loaded: LoadedPackage,
    diagnostics: Diagnostics,
) -> None:
    if style.labels.position == "none" or not widest or baseline is not None:
        return
    labels_set = style.labels_path[-1] == "labels"
    # Blame the size if the YAML sets one (SourceMap falls back to the labels mapping).
    path = (*style.labels_path, "size") if labels_set else style.labels_path
    _report(
        loaded,
        diagnostics,
        LABEL_TOO_WIDE,
        f"label '{widest}' at {style.labels.size:g} pt does not fit at the {style.labels.position}"
        f" of a {to_mm(board.across_flats):g} mm hex",
        path,
        "use a smaller 'size:', a shorter 'format:' or 'position: centre'",
    )


def marker_reach(marker: Marker, across_flats: float) -> float:
    """How far the marker reaches from the hex centre toward the hex's sides: a square's
    projection on the hex's flat-to-flat directions (s·(√3 + 1)/4, the same for a flat or a
    pointy board: a square fits when s ≤ 0.732·F, as a counter does), a circle's radius, a
    hexagon's corner (it is drawn pointy: on a flat board a corner points at a side)."""
    size = marker.size_on(across_flats)
    if marker.shape == "square":
        return size * (math.sqrt(3) + 1) / 4
    if marker.shape == "hexagon":
        return size / math.sqrt(3)
    return size / 2


def check_markers(
    board: Board, material_id: str, loaded: LoadedPackage, diagnostics: Diagnostics
) -> None:
    """A marker must stay inside its hex."""
    material = loaded.package.materials[material_id]
    markers = getattr(material, "markers", [])
    flats = to_mm(board.across_flats)
    for index, marker in enumerate(markers):
        size = marker.size_on(board.across_flats)
        if marker_reach(marker, board.across_flats) > board.across_flats / 2 + 1e-6:
            _report(
                loaded,
                diagnostics,
                MARKER_TOO_BIG,
                f"marker '{marker.label}' ({marker.shape}, {to_mm(size):g} mm) does not fit "
                f"in a hex {flats:g} mm across flats",
                ("materials", material_id, "markers", index, "size"),
                f"a circle fits if its size ≤ {_tenths(flats)} mm (the hex across flats), a "
                f"square if ≤ {_tenths(flats * (math.sqrt(3) - 1))} mm (0.732 of it), a "
                f"hexagon if ≤ {_tenths(flats * math.sqrt(3) / 2)} mm (0.866 of it)",
            )


def _tenths(value: float) -> str:
    """A number in tenths, rounded down: a size printed as fitting fits, and a ratio printed
    under a bound is under it."""
    return f"{math.floor(value * 10 + 1e-9) / 10:.1f}"


def check_colours(
    board: Board, material_id: str, loaded: LoadedPackage, diagnostics: Diagnostics
) -> None:
    """Warn where only colour tells two areas apart (PRINT.md: colour-blind players), unless
    the map accepts it."""
    if loaded.package.materials[material_id].accepts(COLOUR_ONLY):
        return
    base: PathKey = ("materials", material_id)
    used = [name for name in board.terrain_types if name in set(board.terrain.values())]
    drawn = {board.terrain_types[name].pattern for name in used}
    free = [pattern for pattern in get_args(Pattern) if pattern not in drawn]
    for index, name in enumerate(used):
        spec = board.terrain_types[name]
        alike = (o for o in used[:index] if _apart_by_colour_alone(board.terrain_types[o], spec))
        other = next(alike, None)
        if other is not None:
            _report(
                loaded,
                diagnostics,
                COLOUR_ONLY,
                f"terrain '{name}' differs from '{other}' only by colour",
                (*base, "terrain", name),
                _apart_hint(spec, board.terrain_types[other], free),
            )
    marks: dict[tuple[str | None, str | None], str] = {}
    for name in (z for z in board.zone_types if z in set(board.zones.values())):
        zone = board.zone_types[name]
        if zone.pattern is None and zone.letter is None:
            _report(
                loaded,
                diagnostics,
                COLOUR_ONLY,
                f"zone '{name}' is marked by colour alone",
                (*base, "zones", name),
                "add a 'pattern:' or a 'letter:' so the zone reads without colour",
            )
            continue
        other = marks.setdefault((zone.pattern, zone.letter), name)
        if other != name:
            _report(
                loaded,
                diagnostics,
                COLOUR_ONLY,
                f"zone '{name}' has the same pattern and letter as zone '{other}'",
                (*base, "zones", name),
                "give the zones different letters",
            )


def _compared(a: TerrainType, b: TerrainType) -> list[tuple[str, str]]:
    """The colours a reader compares in two terrains of one pattern: their fills, and the
    pattern's inks when they have one."""
    compared = [(a.fill, b.fill)]
    if a.pattern is not None:
        compared.append(
            (pattern_ink(a.fill, a.pattern_color), pattern_ink(b.fill, b.pattern_color))
        )
    return compared


def _apart_by_colour_alone(a: TerrainType, b: TerrainType) -> bool:
    """Whether two terrains differ in colour yet look alike without it. A colour-blind reader
    (or a grey copy) still sees the pattern and lightness: two patterns differ, and so do two
    colours 3 : 1 apart in contrast (WCAG's ratio for graphics, the preflight's PK763), be
    they the fills or, on the same pattern, its inks."""
    if a.pattern != b.pattern:
        return False
    pairs = _compared(a, b)
    return any(x != y for x, y in pairs) and all(contrast(x, y) < MIN_CONTRAST for x, y in pairs)


def _apart_hint(a: TerrainType, b: TerrainType, free: list[str]) -> str:
    """Each way that would tell the two apart: a pattern no terrain of the map has yet, or
    colours of a lightness 3 : 1 apart, with the ratios they have now."""
    what = "fills"
    if a.pattern is not None:
        what += f", or the colours of their {a.pattern} ('pattern_color'),"
    now = " and ".join(f"{_tenths(contrast(x, y))} : 1" for x, y in _compared(a, b))
    lighter = (
        f"make their {what} differ in lightness, {MIN_CONTRAST:g} : 1 in contrast or more "
        f"(now {now})"
    )
    if not free:
        return lighter
    return f"give one of them a pattern no other terrain has ({', '.join(free)}), or {lighter}"


def check_hidden_terrain(
    board: Board,
    material_id: str,
    labels: dict[Hex, str],
    loaded: LoadedPackage,
    diagnostics: Diagnostics,
) -> None:
    """PK248 for each zone whose own fill covers hexes of a terrain other than the default."""
    hidden: dict[str, dict[str, list[Hex]]] = {}
    for h, zone in board.zones.items():
        terrain = board.terrain.get(h, board.default_terrain)
        if board.zone_types[zone].fill is not None and terrain != board.default_terrain:
            hidden.setdefault(zone, {}).setdefault(terrain, []).append(h)
    for zone, by_terrain in hidden.items():
        said = "; ".join(
            f"{board.terrain_types[terrain].name} at "
            + ", ".join(sorted(labels.get(h, str(board.offset_of(h))) for h in hexes))
            for terrain, hexes in sorted(by_terrain.items())
        )
        _report(
            loaded,
            diagnostics,
            ZONE_HIDES_TERRAIN,
            f"zone '{zone}' is filled over terrain it hides: {said}",
            ("materials", material_id, "zones", zone, "fill"),
            "leave out the zone's 'fill' to keep each hex's terrain colour under the zone's "
            "pattern and letter, or keep the zone off those hexes",
        )
