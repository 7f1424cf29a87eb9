"""A counter sheet that cannot be right is refused at the YAML line that makes it wrong.

Each case under tests/data/broken/counters_*/ marks that line with `# expect: PKnnn`; the build
must report that code there, exit 1 and write nothing. The fit rule behind PK304 is also
checked directly against PRINT.md's figures.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from support import BROKEN, files_under, parse_diagnostics, run_cli, same_file

from printkit.check.counter_fit import check_fit, fit_scale
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.model.layout import Layout, box_of, resolve_layouts
from printkit.model.units import mm

CASES = {
    "counters_count_mismatch": "PK210",  # a count that disagrees with the inventory
    "counters_too_big": "PK304",  # a counter too big for its hex
    "counters_unknown_size": "PK200",  # a size name that is not in the catalogue
    "counters_unknown_shape": "PK122",  # a shape printkit cannot cut
}


def _marked_line(case: Path, code: str) -> tuple[Path, int]:
    for path in sorted(case.glob("*.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(rf"#\s*expect:\s*{code}\b", line):
                return path, number
    raise AssertionError(f"{case.name} marks no line with '# expect: {code}'")


@pytest.mark.parametrize(("case", "code"), CASES.items())
def test_broken_counter_sheet_is_reported_at_its_line(case: str, code: str, tmp_path: Path):
    path, line = _marked_line(BROKEN / case, code)
    result = run_cli("--rule-data", BROKEN, "build", case, "--out", tmp_path)
    assert result.exit_code == 1, result.output
    reported = [d for d in parse_diagnostics(result.output) if d.severity == "error"]
    assert [(d.code, d.line) for d in reported] == [(code, line)], result.output
    assert same_file(reported[0].file, path)
    assert files_under(tmp_path) == []


def _piece(shape: str, size_mm: float, orientation: str = "flat") -> Layout:
    width, height = box_of(shape, orientation, mm(size_mm))
    return Layout("piece", width, height, 0.0, None, 0.0, (), shape, orientation)


@pytest.mark.parametrize("hexes", ["flat", "pointy"])
def test_fit_rule_matches_print_md(hexes: str) -> None:
    """Square s ≤ (√3 − 1)·F ≈ 0.732·F; circle d ≤ F; hexagon F ≤ F pointing the same way,
    F·√3/2 turned by 30°. Turning by 60° (another facing) never matters."""
    across = 20.0
    largest = {
        ("square", hexes): (math.sqrt(3) - 1) * across,
        ("circle", hexes): across,
        ("hexagon", hexes): across,
        ("hexagon", "pointy" if hexes == "flat" else "flat"): across * math.sqrt(3) / 2,
    }
    for (shape, orientation), size in largest.items():
        assert fit_scale(_piece(shape, size, orientation), mm(across), hexes) == pytest.approx(1)
    assert 0.732 * across == pytest.approx(largest[("square", hexes)], abs=0.01)


def test_a_rectangle_may_lie_across_the_hex() -> None:
    long_thin = Layout("piece", mm(19), mm(8), 0.0, None, 0.0, (), "rectangle", "flat")
    assert fit_scale(long_thin, mm(20), "flat") >= 1
    assert fit_scale(long_thin, mm(20), "pointy") >= 1


# --- check_fit on a package: which layouts are measured, against which map, said how ------------

FIT_GAME = """game: {title: Counters, players: "2"}
components:
  ships: {count: 4}
layouts:
  ship:
    shape: square
    size: 5/8in
  disc: {shape: circle, size: 20mm}
  long: {shape: rectangle, size: {width: 19mm, height: 8mm}}
  big: {shape: hexagon, size: 24mm}
  unused: {shape: square, size: 30mm}
decks:
  ships:
    layout: ship
    cards:
      - {name: Square ship}
      - {name: Disc, layout: disc}
      - {name: Long ship, layout: long}
      - {name: Big hex, layout: big}
materials:
  board: {kind: hexmap, orientation: flat, hex_size: 20mm, columns: 3, rows: 3}
  board_copy: {kind: hexmap, copies: {of: board, across: 2}}
  sized_later: {kind: hexmap, orientation: flat, columns: 3, rows: 3}
  rules_card: {kind: cards, deck: ships}
  counters:
    kind: counters
    decks: [ships, no_such_deck]
    map: MAP
    fit: FIT
    impose: {backs: none}
"""


def _fit(
    tmp_path: Path, map_id: str, fit: str = "strict", game: str = FIT_GAME
) -> list[tuple[str, int, str, str | None]]:
    folder = tmp_path / "counters"
    folder.mkdir(parents=True)
    text = game.replace("MAP", map_id).replace("FIT", fit)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    found = Diagnostics()
    loaded = load_package("counters", folder, found)
    assert loaded is not None
    layouts = resolve_layouts(loaded.package.layouts, loaded.spans, found)
    assert not list(found), [str(d) for d in found]
    check_fit(loaded, "counters", layouts, found)
    return [(d.code, d.span.line, d.message, d.hint) for d in found]


def _line(key: str) -> int:
    return next(n for n, line in enumerate(FIT_GAME.splitlines(), 1) if line.startswith(key))


SQUARE = (
    "a square counter of 15.9 × 15.9 mm (layout 'ship') does not fit in the 20.0 mm hexes of "
    "map '{}'"
)
HEXAGON = (
    "a hexagon counter of 27.7 × 24.0 mm (layout 'big') does not fit in the 20.0 mm hexes of "
    "map '{}'"
)
SQUARE_HINT = (
    "the largest that fits is 14.6 mm across; a square of side s fits a hex of across-flats F "
    "only if s ≤ 0.732·F"
)
HEXAGON_HINT = (  # a flat hexagon: F across flats, and the hexagon's own rule
    "the largest that fits is 20.0 mm across; a hexagon fits a hex of across-flats F only if "
    "its own across-flats ≤ F, pointing the same way as the map's hexes"
)
LOOSE = " ('fit: loose' on the sheet accepts it)"


@pytest.mark.parametrize("map_id", ["board", "board_copy"])
def test_each_layout_a_counter_uses_is_measured_against_the_maps_hexes(
    tmp_path: Path, map_id: str
) -> None:
    """The decks' own and cards' own layouts, each once; a circle exactly as wide as the hex
    and a rectangle that fits lying across pass; a layout no counter uses is not measured."""
    assert _fit(tmp_path, map_id) == [
        ("PK304", _line("  big:"), HEXAGON.format(map_id), HEXAGON_HINT + LOOSE),
        ("PK304", _line("    size: 5/8in"), SQUARE.format(map_id), SQUARE_HINT + LOOSE),
    ]


ACCEPT = "; accept the overhang with 'preflight: {accept: [PK305]}' on the sheet"


def test_fit_loose_makes_an_overhang_a_warning(tmp_path: Path) -> None:
    assert _fit(tmp_path, "board", "loose") == [
        ("PK305", _line("  big:"), HEXAGON.format("board"), HEXAGON_HINT + ACCEPT),
        ("PK305", _line("    size: 5/8in"), SQUARE.format("board"), SQUARE_HINT + ACCEPT),
    ]


def test_a_sheet_accepts_the_overhang_it_chose(tmp_path: Path) -> None:
    """Once judged, the overhang is accepted on the sheet and no longer reported; a counter
    too big without 'fit: loose' stays an error, which nothing accepts."""
    accepted = "{}\n    preflight: {{accept: [PK305]}}"
    assert _fit(tmp_path / "loose", "board", accepted.format("loose")) == []
    refused = _fit(tmp_path / "strict", "board", accepted.format("strict"))
    assert [code for code, *_ in refused] == ["PK304", "PK304"]


def test_a_map_without_a_hex_size_is_left_to_the_maps_own_checks(tmp_path: Path) -> None:
    assert _fit(tmp_path, "sized_later") == []


def test_a_counter_sheet_naming_what_is_not_a_hex_map_is_refused(tmp_path: Path) -> None:
    maps = "expected one of: board, board_copy, sized_later"
    assert _fit(tmp_path, "rules_card") == [
        (
            "PK200",
            _line("    map: MAP"),
            "material 'counters' names 'rules_card', which is not a hex map",
            maps,
        )
    ]
    assert _fit(tmp_path / "near", "bord")[0][3] == "did you mean 'board'?"
    no_maps = "".join(
        line for line in FIT_GAME.splitlines(keepends=True) if "kind: hexmap" not in line
    )
    assert _fit(tmp_path / "none", "rules_card", game=no_maps)[0][3] == (
        "define the map as a 'kind: hexmap' material"
    )
