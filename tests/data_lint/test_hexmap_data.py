"""Data lint: the map data of Raise Shields and Rise! against their rule texts and the print
rules.

These read the YAML with PyYAML and work out adjacency with their own offset arithmetic, so a
mistake in printkit's hex maths cannot hide a mistake in the data (or the other way round). They
never run printkit: a failure here means the shipped data changed, not the compiler.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
from support import RULE_DATA, read_package

RAISE_SHIELDS = read_package(RULE_DATA / "raise_shields")
RISE = read_package(RULE_DATA / "rise")


def length_mm(text: str) -> float:
    """'25mm', '1.25in', '5/8in' in millimetres."""
    match = re.fullmatch(r"\s*([\d./]+)\s*(mm|in)\s*", str(text))
    assert match, text
    return float(Fraction(match[1])) * (25.4 if match[2] == "in" else 1.0)


def cells(refs: list[str]) -> list[tuple[int, int]]:
    """(col, row) from 'CCRR' labels and 'CCRR..CCRR' rectangles, in listed order."""
    found = []
    for ref in refs:
        first, _, last = ref.partition("..")
        last = last or first
        (c0, r0), (c1, r1) = (int(first[:2]), int(first[2:])), (int(last[:2]), int(last[2:]))
        found += [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
    return found


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Pointy-top hexes, rows counted from 1, even rows shoved right (odd-r counting from 0)."""
    (c, r), (d, s) = a, b
    if r == s:
        return abs(c - d) == 1
    if abs(r - s) != 1:
        return False
    shoved = (r - 1) & 1
    return d - c in ((0, 1) if shoved else (-1, 0))


# --- Rise! --------------------------------------------------------------------------------------

FORMATION = RISE["materials"]["formation"]


def test_formation_is_twelve_tiles_as_the_rules_describe() -> None:
    tiles = cells(FORMATION["hexes"])
    assert len(tiles) == len(set(tiles)) == 12
    strip = sorted(t for t in tiles if t[1] == 2)
    assert len(strip) == 8
    assert all(adjacent(a, b) for a, b in itertools.pairwise(strip))
    extras = [t for t in tiles if t not in strip]
    # One tile on each side between the 1st and 2nd, and between the 7th and 8th.
    for first, second in ((strip[0], strip[1]), (strip[6], strip[7])):
        between = [t for t in extras if adjacent(t, first) and adjacent(t, second)]
        assert sorted(r for _, r in between) == [1, 3]
    assert FORMATION["orientation"] == "pointy"


def test_workers_start_on_the_2nd_and_7th_tiles_in_the_counter_colours() -> None:
    strip = sorted(t for t in cells(FORMATION["hexes"]) if t[1] == 2)
    markers = {m["label"]: m for m in FORMATION["markers"]}
    assert cells([markers["R"]["hex"]]) == [strip[1]]
    assert cells([markers["B"]["hex"]]) == [strip[6]]
    workers = {card["letter"]: card for card in RISE["decks"]["workers"]["cards"]}
    for letter in "RB":
        assert markers[letter]["fill"].lower() == workers[letter]["colour"].lower()
    worker_size = length_mm(RISE["layouts"]["worker"]["size"])
    assert all(length_mm(m["size"]) == pytest.approx(worker_size) for m in markers.values())


def test_formation_hexes_are_the_size_and_shape_of_the_land_tiles() -> None:
    tile = RISE["layouts"]["land_grass"]
    assert tile["shape"] == "hexagon" and tile["orientation"] == FORMATION["orientation"]
    assert length_mm(FORMATION["hex_size"]) == pytest.approx(length_mm(tile["size"]))


# --- Raise Shields ------------------------------------------------------------------------------

MAPS = RAISE_SHIELDS["materials"]


def test_battle_map_hexes_fit_the_counters_played_on_them() -> None:
    """PRINT.md: a square counter of side s fits a hex of across-flats F only if s ≤ 0.732·F."""
    across = length_mm(MAPS["map"]["hex_size"])
    assert across == 25
    counter_layouts = {
        card.get("layout") or RAISE_SHIELDS["decks"][deck]["layout"]
        for material in MAPS.values()
        if material.get("kind") == "counters" and material.get("map") == "map"
        for deck in material["decks"]
        for card in RAISE_SHIELDS["decks"][deck]["cards"]
    }
    assert counter_layouts
    for name in counter_layouts:
        layout = RAISE_SHIELDS["layouts"][name]
        side = length_mm(layout["size"])
        limit = 0.732 * across if layout.get("shape", "square") == "square" else across
        assert side <= limit, f"{name}: {side} mm in a {across} mm hex"


def test_starting_zones_lie_along_both_side_edges() -> None:
    board = MAPS["map"]
    zone_regions = [r for r in board["regions"] if "zone" in r]
    columns = sorted(c for r in zone_regions for c in r["columns"])
    assert columns == [1, board["columns"]]
    for name in {r["zone"] for r in zone_regions}:
        zone = board["zones"][name]
        assert zone.get("pattern") or zone.get("letter")  # not by colour alone


def test_large_and_fleet_maps_are_copies_of_the_battle_map() -> None:
    outer = {"zones": "outer_edges"}  # the starting zones stay one per side
    assert MAPS["large_map"]["copies"] == {"of": "map", "across": 2, **outer}
    assert MAPS["fleet_map"]["copies"] == {"of": "map", "across": 2, "down": 2, **outer}
    assert MAPS["map"]["rows"] % 2 == 0  # pointy rows interlock down the fleet map
