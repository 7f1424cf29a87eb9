"""Does a counter fit inside a hex of the map it is played on?

A convex piece lies inside a regular hexagon when, along each of the hexagon's three flat-to-flat
directions, the piece reaches no further from the centre than half the across-flats F. For a
square in either orientation this is PRINT.md's s ≤ (√3 − 1)·F = 0.732·F; for a circle it is
diameter ≤ F; for a hexagon it is its across-flats ≤ F when both point the same way. Turning a
piece by a multiple of 60° (a ship facing another hex side) changes nothing, since the hex looks
the same; a rectangle may also lie across, so it fits if it fits either way round.
"""

from __future__ import annotations

import math

from printkit.diagnostics import (
    PIECE_OVERHANGS_HEX,
    PIECE_TOO_BIG_FOR_HEX,
    UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
)
from printkit.load.package import LoadedPackage
from printkit.materials.shapes import hexagon_corners
from printkit.model.counters import CountersMaterial
from printkit.model.hexmap import source_map
from printkit.model.layout import Layout
from printkit.model.units import to_mm

FLAT_NORMALS = (90.0, 30.0, 150.0)  # degrees: directions from a flat-top hex's centre to its sides
POINTY_NORMALS = (0.0, 60.0, 120.0)


def reach(layout: Layout, orientation: str, turned: bool = False) -> float:
    """How far the piece reaches from its centre toward the sides of a hex (the largest
    projection on the hex's flat-to-flat directions); `turned` lays it 90° across."""
    if layout.shape == "circle":
        return min(layout.width, layout.height) / 2
    cx, cy = layout.width / 2, layout.height / 2
    if layout.shape == "hexagon":
        points = [(x - cx, y - cy) for x, y in hexagon_corners(layout)]
    else:
        points = [(sx * cx, sy * cy) for sx in (-1, 1) for sy in (-1, 1)]
    if turned:
        points = [(y, x) for x, y in points]
    normals = FLAT_NORMALS if orientation == "flat" else POINTY_NORMALS
    return max(
        abs(x * math.cos(math.radians(a)) + y * math.sin(math.radians(a)))
        for a in normals
        for x, y in points
    )


def fit_scale(layout: Layout, across_flats: float, orientation: str) -> float:
    """The factor by which the piece may grow (≥ 1) or must shrink (< 1) to fit the hex."""
    turns = (False, True) if layout.shape == "rectangle" else (False,)
    return (across_flats / 2) / min(reach(layout, orientation, t) for t in turns)


def check_fit(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    diagnostics: Diagnostics,
) -> None:
    """Report each front layout of the sheet that does not fit the hexes of its map."""
    material: CountersMaterial = loaded.package.materials[material_id]
    if material.map is None:
        return
    board = source_map(loaded.package.materials, material.map)
    if board is None:
        maps = [m for m, spec in loaded.package.materials.items() if spec.kind == "hexmap"]
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"material '{material_id}' names '{material.map}', which is not a hex map",
            loaded.spans.value(("materials", material_id, "map")),
            hint=did_you_mean(
                material.map, maps, otherwise="define the map as a 'kind: hexmap' material"
            ),
        )
        return
    if board.hex_size is None:
        return  # the map's own checks report a map without a size
    names = {
        card.layout or deck.layout
        for deck_id in material.decks
        if (deck := loaded.package.decks.get(deck_id)) is not None
        for card in deck.cards
    }
    for name in sorted(n for n in names if n in layouts):
        layout = layouts[name]
        scale = fit_scale(layout, board.hex_size, board.orientation)
        code = PIECE_OVERHANGS_HEX if material.fit == "loose" else PIECE_TOO_BIG_FOR_HEX
        if scale >= 1 - 1e-9 or material.accepts(code):
            continue
        largest = to_mm(min(layout.width, layout.height) * scale)
        diagnostics.add(
            code,
            f"a {layout.shape} counter of {to_mm(layout.width):.1f} × "
            f"{to_mm(layout.height):.1f} mm (layout '{name}') does not fit in the "
            f"{to_mm(board.hex_size):.1f} mm hexes of map '{material.map}'",
            loaded.spans.value(("layouts", name, "size")),
            hint=f"the largest that fits is {largest:.1f} mm across; {_RULE[layout.shape]}"
            + (
                "; accept the overhang with 'preflight: {accept: [PK305]}' on the sheet"
                if material.fit == "loose"
                else " ('fit: loose' on the sheet accepts it)"
            ),
        )


# The fit of each shape in a hex of across-flats F, as the hint states it.
_RULE = {
    "square": "a square of side s fits a hex of across-flats F only if s ≤ 0.732·F",
    "rectangle": "a rectangle fits a hex of across-flats F only if its corners stay inside, "
    "either way round (a square: side ≤ 0.732·F)",
    "circle": "a circle fits a hex of across-flats F only if its diameter ≤ F",
    "hexagon": "a hexagon fits a hex of across-flats F only if its own across-flats ≤ F, "
    "pointing the same way as the map's hexes",
}
