"""Hex map diagnostics: each mistake gives its code at the YAML line that made it, exit 1,
and no output file; printable-but-doubtful maps give warnings and still build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from support import BROKEN, Reported, files_under, parse_diagnostics, run_cli, same_file

from printkit.diagnostics import CODES, Diagnostics
from printkit.load.package import load_package
from printkit.materials.hexmap import hex_across_flats

_EXPECT = re.compile(r"#\s*expect:\s*(PK\d{3})")
CASES = sorted(BROKEN.glob("hexmap_*"))


def expected_lines(case: Path) -> list[tuple[Path, int, str]]:
    found = []
    for path in sorted(case.glob("*.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if match := _EXPECT.search(line):
                found.append((path, number, match[1]))
    return found


def test_every_hexmap_mistake_has_a_broken_package() -> None:
    codes = {code for case in CASES for _, _, code in expected_lines(case)}
    assert {"PK200", "PK250", "PK251", "PK252"} <= codes
    for code in ("PK250", "PK251", "PK252", "PK253", "PK350", "PK351", "PK352"):
        assert code in CODES and CODES[code].explanation


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_map_reports_code_file_and_line_and_writes_nothing(
    case: Path, tmp_path: Path
) -> None:
    result = run_cli("--rule-data", case.parent, "build", case.name, "--out", tmp_path)
    reported = parse_diagnostics(result.output)
    assert result.exit_code == 1, result.output
    for path, line, code in expected_lines(case):
        hits = [
            r for r in reported if r.code == code and r.line == line and same_file(r.file, path)
        ]
        assert hits, f"expected {code} at {path.name}:{line}\n{result.output}"
        assert hits[0].hint
    assert files_under(tmp_path) == []


# --- packages written on the fly: the rest of the checks -----------------------------------------


def build_map(tmp_path: Path, text: str, *options: str) -> tuple[int, list[Reported], Path]:
    """Build a one-map game from YAML text; returns exit code, diagnostics, and map.yaml."""
    folder = tmp_path / "rules" / "game"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text('game: {title: Test, players: "2"}\n', encoding="utf-8")
    source = folder / "map.yaml"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, *options, "build", "game", "--out", out)
    return result.exit_code, parse_diagnostics(result.output), source


def line_of(source: Path, marker: str) -> int:
    lines = source.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if marker in line)


BASE = """\
materials:
  map:
    kind: hexmap
    hex_size: 20mm
    columns: 6
    rows: 4
"""


def test_colour_alone_is_a_warning_and_the_map_still_builds(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
    zones:
      home: {name: Home, fill: "#dddddd"}  # mark
    regions:
      - {zone: home, columns: [1]}
""",
    )
    assert code == 0
    [warning] = reported
    assert (warning.code, warning.severity) == ("PK253", "warning")
    assert warning.line == line_of(source, "# mark")
    assert (warning.message, warning.hint) == (
        "zone 'home' is marked by colour alone",
        "add a 'pattern:' or a 'letter:' so the zone reads without colour",
    )
    assert files_under(tmp_path / "out")


def test_strict_refuses_terrain_told_apart_by_colour_alone(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
    terrain:
      plain: {fill: "#ffffff"}
      rough: {fill: "#ffcccc"}  # mark
    regions:
      - {terrain: rough, hexes: ["0101"]}
""",
        "--strict",
    )
    assert code == 1
    assert [(r.code, r.line) for r in reported] == [("PK253", line_of(source, "# mark"))]
    assert [(r.message, r.hint) for r in reported] == [
        (
            "terrain 'rough' differs from 'plain' only by colour",
            "give one of them a pattern no other terrain has (dots, hatch, backhatch, "
            "crosshatch, lines, vertical, grid, waves, triangles), or make their fills differ "
            "in lightness, 3 : 1 in contrast or more (now 1.4 : 1)",
        )
    ]


def test_a_reader_without_colour_tells_terrains_apart_by_pattern_and_lightness(
    tmp_path: Path,
) -> None:
    """Another pattern, fills 3 : 1 apart in contrast, or one pattern in inks 3 : 1 apart tell
    two terrains apart; fills or inks of one lightness do not. Terrains alike in every colour
    (twin and wood) are not told apart by colour either: that pair is not reported, twin and
    scrub are."""
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
    terrain:
      plain: {fill: "#ffffff"}
      sand: {fill: "#f0e0c0"}  # sand
      slate: {fill: "#606060"}
      wood: {fill: "#c0e0c0", pattern: dots}
      scrub: {fill: "#e0c0c0", pattern: dots}  # scrub
      heath: {fill: "#e0c0c0", pattern: dots, pattern_color: "#ffffff"}
      bog: {fill: "#c0e0c0", pattern: waves}
      twin: {fill: "#c0e0c0", pattern: dots}  # twin
    regions:
      - {terrain: sand, hexes: ["0101"]}
      - {terrain: slate, hexes: ["0102"]}
      - {terrain: wood, hexes: ["0103"]}
      - {terrain: scrub, hexes: ["0104"]}
      - {terrain: heath, hexes: ["0201"]}
      - {terrain: bog, hexes: ["0202"]}
      - {terrain: twin, hexes: ["0203"]}
""",
    )
    assert code == 0
    free = "hatch, backhatch, crosshatch, lines, vertical, grid, triangles"
    assert [(r.code, r.line, r.message, r.hint) for r in reported] == [
        (
            "PK253",
            line_of(source, "# sand"),
            "terrain 'sand' differs from 'plain' only by colour",
            f"give one of them a pattern no other terrain has ({free}), or make their fills "
            "differ in lightness, 3 : 1 in contrast or more (now 1.3 : 1)",
        ),
        (
            "PK253",
            line_of(source, "# scrub"),
            "terrain 'scrub' differs from 'wood' only by colour",
            f"give one of them a pattern no other terrain has ({free}), or make their fills, or "
            "the colours of their dots ('pattern_color'), differ in lightness, 3 : 1 in "
            "contrast or more (now 1.1 : 1 and 1.1 : 1)",
        ),
        (
            "PK253",
            line_of(source, "# twin"),
            "terrain 'twin' differs from 'scrub' only by colour",
            f"give one of them a pattern no other terrain has ({free}), or make their fills, or "
            "the colours of their dots ('pattern_color'), differ in lightness, 3 : 1 in "
            "contrast or more (now 1.1 : 1 and 1.1 : 1)",
        ),
    ]


def test_with_every_pattern_drawn_the_hint_asks_for_lightness_alone(tmp_path: Path) -> None:
    patterns = ["dots", "hatch", "backhatch", "crosshatch", "lines", "vertical", "grid"]
    patterns += ["waves", "triangles"]
    terrain = "".join(f"      {p}: {{fill: '#ffffff', pattern: {p}}}\n" for p in patterns)
    regions = "".join(
        f"      - {{terrain: {p}, hexes: ['0{i + 1}01']}}\n" for i, p in enumerate(patterns[:6])
    )
    regions += "".join(
        f"      - {{terrain: {p}, hexes: ['0{i + 1}02']}}\n" for i, p in enumerate(patterns[6:])
    )
    code, reported, source = build_map(
        tmp_path,
        BASE
        + "    terrain:\n      plain: {fill: '#ffffff'}\n"
        + terrain
        + "      pale: {fill: '#f0f0f0'}  # pale\n    regions:\n"
        + regions
        + "      - {terrain: pale, hexes: ['0104']}\n",
    )
    assert code == 0
    assert [(r.line, r.message, r.hint) for r in reported] == [
        (
            line_of(source, "# pale"),
            "terrain 'pale' differs from 'plain' only by colour",
            "make their fills differ in lightness, 3 : 1 in contrast or more (now 1.1 : 1)",
        )
    ]


def test_a_map_accepts_terrain_told_apart_by_colour_alone(tmp_path: Path) -> None:
    """The designer who has judged it (terrain the rules treat alike) builds under --strict."""
    text = """\
    terrain:
      plain: {fill: "#ffffff"}
      rough: {fill: "#ffcccc"}
    zones:
      home: {name: Home, fill: "#dddddd"}
    regions:
      - {terrain: rough, hexes: ["0101"]}
      - {zone: home, columns: [2]}
"""
    code, reported, _ = build_map(tmp_path / "judged", BASE + PK253_ACCEPTED + text, "--strict")
    assert (code, reported) == (0, [])
    code, reported, _ = build_map(tmp_path / "not", BASE + text, "--strict")
    assert code == 1
    assert [r.code for r in reported] == ["PK253", "PK253"]


PK253_ACCEPTED = "    preflight: {accept: [PK253]}\n"


def test_a_label_too_wide_for_its_hex_is_refused(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
    labels:
      format: "hex column {col:02}, row {row:02}"
      size: 9pt  # mark
""",
    )
    assert code == 1
    assert [(r.code, r.line) for r in reported] == [("PK350", line_of(source, "# mark"))]
    assert [(r.message, r.hint) for r in reported] == [
        (
            "label 'hex column 01, row 01' at 9 pt does not fit at the top of a 20 mm hex",
            "use a smaller 'size:', a shorter 'format:' or 'position: centre'",
        )
    ]


def test_a_marker_bigger_than_its_hex_is_refused(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
    markers:
      - {hex: "0202", label: X, fill: "#ff0000", shape: square, size: 16mm}  # mark
""",
    )
    assert code == 1
    assert [(r.code, r.line) for r in reported] == [("PK351", line_of(source, "# mark"))]
    assert [(r.message, r.hint) for r in reported] == [
        (
            "marker 'X' (square, 16 mm) does not fit in a hex 20 mm across flats",
            "a circle fits if its size ≤ 20.0 mm (the hex across flats), a square if ≤ 14.6 mm "
            "(0.732 of it), a hexagon if ≤ 17.3 mm (0.866 of it)",
        )
    ]


def test_hexes_wider_than_the_page_are_a_warning_at_hex_size(tmp_path: Path) -> None:
    """A map of few pages whose every hex is cut over several is a unit slip (PK354): its hint
    reads the size as millimetres when that fits a page, and says nothing of the kind for a
    size already in mm; a copy of such a map adds no second warning for the one hex_size;
    hexes that fit the page make a tiled map and no warning
    (tests/data/warnings/hexmap_hex_wider_than_page)."""
    code, reported, source = build_map(
        tmp_path,
        """\
materials:
  inches: {kind: hexmap, hex_size: 8in, columns: 2, rows: 1}  # inches
  centimetres: {kind: hexmap, hex_size: 30cm, columns: 1, rows: 1}  # centimetres
  millimetres: {kind: hexmap, hex_size: 201mm, columns: 1, rows: 1}  # millimetres
  copied: {kind: hexmap, copies: {of: inches, across: 2, down: 1}}
  tiled: {kind: hexmap, hex_size: 199mm, columns: 3, rows: 1}
""",
    )
    assert code == 0
    assert [(r.code, r.line, r.message, r.hint) for r in reported] == [
        (
            "PK354",
            line_of(source, "# inches"),
            "map 'inches' cuts every hex over several pages of a4: its hexes are wider than the "
            "page",
            "hexes 203.2 mm across flats, each wider than the paper's printable 200 mm, and the "
            "map takes 4 pages: check 'hex_size:', its number and its unit (did you mean '8mm'?)",
        ),
        (
            "PK354",
            line_of(source, "# centimetres"),
            "map 'centimetres' cuts every hex over several pages of a4: its hexes are wider than "
            "the page",
            "hexes 300 mm across flats, each wider than the paper's printable 200 mm, and the "
            "map takes 4 pages: check 'hex_size:', its number and its unit (did you mean "
            "'30mm'?)",
        ),
        (
            "PK354",
            line_of(source, "# millimetres"),
            "map 'millimetres' cuts every hex over several pages of a4: its hexes are wider than "
            "the page",
            "hexes 201 mm across flats, each wider than the paper's printable 200 mm, and the "
            "map takes 2 pages: check 'hex_size:', its number and its unit",
        ),
    ]


def test_a_map_too_large_is_reported_at_what_makes_it_so(tmp_path: Path) -> None:
    """Hexes that each fit the paper: the map is large for its many hexes, reported at the
    columns or rows along its longer side or at a copy's 'copies', the hint naming hex_size
    too; hexes wider than the paper are reported at 'hex_size'
    (tests/data/broken/hexmap_too_many_pages)."""
    code, reported, source = build_map(
        tmp_path,
        """\
materials:
  map:
    kind: hexmap
    hex_size: 190mm
    columns: 1000  # columns
    rows: 2
  small: {kind: hexmap, hex_size: 190mm, columns: 1, rows: 1}
  big:
    kind: hexmap
    copies: {of: small, across: 1000, down: 3}  # copies
  tall:
    kind: hexmap
    hex_size: 190mm
    columns: 2
    rows: 1000  # rows
""",
    )
    assert code == 1
    assert [(r.code, r.line, r.message, r.hint) for r in reported] == [
        (
            "PK352",
            line_of(source, "# columns"),
            "map 'map' cannot be printed on a4: it needs 1,790 pages, more than 1,000",
            "the map is 164.6 × 0.5 m, of hexes 190 mm across flats: check 'columns:' and "
            "'rows:', then 'hex_size:'",
        ),
        (
            "PK352",
            line_of(source, "# copies"),
            "map 'big' cannot be printed on a4: it needs 2,685 pages, more than 1,000",
            "the map is 164.6 × 0.7 m, of hexes 190 mm across flats: check 'copies:', then "
            "'hex_size:'",
        ),
        (
            "PK352",
            line_of(source, "# rows"),
            "map 'tall' cannot be printed on a4: it needs 2,175 pages, more than 1,000",
            "the map is 0.4 × 190.1 m, of hexes 190 mm across flats: check 'columns:' and "
            "'rows:', then 'hex_size:'",
        ),
    ]


LONG_NAME = "Supply road that units may follow at double speed when no enemy is adjacent"


@pytest.mark.parametrize(
    "drawn",
    [
        "    markers:\n"
        "      - {hex: '0101', label: A, fill: '#c62828', name: Alpha}\n"
        f"      - {{hex: '0202', label: B, fill: '#1e5aa8', name: {LONG_NAME}}}  # mark\n"
        f"      - {{hex: '0303', label: B, fill: '#1e5aa8', name: {LONG_NAME}}}\n",
        "    path_types:\n"
        f"      road: {{name: {LONG_NAME}, color: '#8d5a2b'}}  # mark\n"
        "    paths:\n"
        "      - {type: road, hexes: ['0101', '0201']}\n",
    ],
    ids=["marker", "path"],
)
def test_a_legend_entry_too_wide_is_reported_at_its_name(tmp_path: Path, drawn: str) -> None:
    """Its name is what to shorten: a marker's is the first of the markers sharing it."""
    code, reported, source = build_map(
        tmp_path,
        BASE.replace("columns: 6", "columns: 30") + drawn + "    tiling: {margin: 55mm}\n",
    )
    assert code == 1
    [error] = reported
    assert (error.code, error.line) == ("PK352", line_of(source, "# mark"))
    assert f"its legend entry '{LONG_NAME}' is " in error.message
    assert error.hint.startswith("shorten this name")


def test_a_margin_that_leaves_no_window_is_refused(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE.replace("columns: 6", "columns: 30")
        + """\
    tiling: {margin: 5mm, overlap: 190mm}  # mark
""",
    )
    assert code == 1
    assert [(r.code, r.line) for r in reported] == [("PK352", line_of(source, "# mark"))]


@pytest.mark.parametrize(
    ("extra", "code", "marker"),
    [
        ("    hexes: ['0101']  # mark\n", "PK122", "# mark"),  # a board is one or the other
        (
            "    regions:\n      - {terrain: x, zone: y, hexes: ['0101']}  # mark\n",
            "PK122",
            "# mark",
        ),
        ("    regions:\n      - zone: z\n        hexes: ['A1']  # mark\n", "PK122", "# mark"),
    ],
    ids=["columns_and_hexes", "terrain_and_zone", "not_a_hex"],
)
def test_malformed_references_point_at_their_line(
    tmp_path: Path, extra: str, code: str, marker: str
) -> None:
    text = BASE + extra
    if "zone: z" in extra:
        text += "    zones:\n      z: {name: Z, letter: Z}\n"
    status, reported, source = build_map(tmp_path, text)
    assert status == 1
    assert (code, line_of(source, marker)) in [(r.code, r.line) for r in reported]


def test_an_unquoted_hex_name_is_the_hex_it_names(tmp_path: Path) -> None:
    """`hex: 0101` unquoted: YAML 1.1 read it as octal 65 (PK122, 'takes text'); written in no
    base but ten, it is read as the text it is, the hex in column 1, row 1."""
    text = BASE + "    markers:\n      - {hex: 0101, label: R, fill: red, name: Red}\n"
    status, reported, _ = build_map(tmp_path, text)
    assert status == 0, reported
    assert not [r for r in reported if r.severity == "error"]


def test_copies_take_their_board_from_the_source(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
  big:
    kind: hexmap
    copies: {of: map, across: 2}
    columns: 8  # mark
""",
    )
    assert code == 1
    assert [(r.code, r.line) for r in reported] == [("PK122", line_of(source, "# mark"))]


def test_a_mistake_in_a_copied_map_is_reported_once(tmp_path: Path) -> None:
    code, reported, _ = build_map(
        tmp_path,
        BASE
        + """\
    regions:
      - {terrain: lava, hexes: ['0101']}
  big:
    kind: hexmap
    copies: {of: map, across: 2}
  bigger:
    kind: hexmap
    copies: {of: big, down: 2}
""",
    )
    assert code == 1
    assert [r.code for r in reported] == ["PK200"]


def test_copies_of_a_material_that_is_not_a_map(tmp_path: Path) -> None:
    folder = tmp_path / "rules" / "game"
    folder.mkdir(parents=True)
    package = yaml.safe_load(BASE)
    package["game"] = {"title": "Test", "players": "2"}
    package["materials"]["cyclic"] = {"kind": "hexmap", "copies": {"of": "cyclic"}}
    (folder / "game.yaml").write_text(yaml.safe_dump(package), "utf-8")
    result = run_cli("--rule-data", folder.parent, "build", "game", "--out", tmp_path / "o")
    assert result.exit_code == 1
    assert "made of copies of itself" in result.output


def test_hex_across_flats_follows_copies(tmp_path: Path) -> None:
    """The size the counter fit check asks a map for, in points."""
    folder = tmp_path / "game"
    folder.mkdir()
    text = BASE + "  big:\n    kind: hexmap\n    copies: {of: map, across: 2}\n"
    (folder / "game.yaml").write_text('game: {title: T, players: "2"}\n' + text, "utf-8")
    loaded = load_package("game", folder, Diagnostics())
    assert loaded is not None
    assert hex_across_flats(loaded.package, "big") == pytest.approx(20 * 72 / 25.4)
    assert hex_across_flats(loaded.package, "map") == pytest.approx(20 * 72 / 25.4)
    assert hex_across_flats(loaded.package, "nothing") is None


def test_each_doubtful_mark_of_a_map_is_reported_whole(tmp_path: Path) -> None:
    """Markers measured against the hex's sides (a circle as wide as the hex fits, a hair more
    does not; a square up to 0.732 of it, as a counter; a hexagon up to 0.866), zones told
    apart by pattern or letter, terrain by pattern."""
    code, reported, source = build_map(
        tmp_path,
        BASE
        + """\
    terrain:
      plain: {fill: "#ffffff"}
      dotted: {fill: "#ffcccc", pattern: dots}
      same: {fill: "#ffffff"}
    zones:
      z: {name: Z, fill: "#eeeeee"}  # colour alone
      a: {name: A, fill: "#dddddd", letter: A}
      b: {name: B, fill: "#cccccc", letter: A}  # same letter
      c: {name: C, fill: "#bbbbbb", letter: C}
      d: {name: D, fill: "#aaaaaa", pattern: dots, letter: A}
    regions:
      - {terrain: dotted, hexes: ["0101"]}
      - {terrain: same, hexes: ["0102"]}
      - {zone: z, hexes: ["0503"]}
      - {zone: a, hexes: ["0201"]}
      - {zone: b, hexes: ["0202"]}
      - {zone: c, hexes: ["0203"]}
      - {zone: d, hexes: ["0204"]}
    markers:
      - {hex: "0301", label: C1, fill: "#ff0000", shape: circle, size: 20mm}
      - hex: "0302"
        label: C2
        fill: "#ff0000"
        shape: circle
        size: 20.1mm  # circle
      - {hex: "0303", label: S1, fill: "#ff0000", shape: square, size: 14.6mm}
      - {hex: "0304", label: S2, fill: "#ff0000", shape: square, size: 14.7mm}  # square
      - {hex: "0401", label: H1, fill: "#ff0000", shape: hexagon, size: 17.3mm}
      - {hex: "0402", label: H2, fill: "#ff0000", shape: hexagon, size: 17.4mm}  # hexagon
""",
    )
    assert code == 1
    fits = (
        "a circle fits if its size ≤ 20.0 mm (the hex across flats), a square if ≤ 14.6 mm "
        "(0.732 of it), a hexagon if ≤ 17.3 mm (0.866 of it)"
    )
    too_big = "marker '{}' ({}) does not fit in a hex 20 mm across flats"
    assert [(r.code, r.line, r.message, r.hint) for r in reported] == [
        (
            "PK253",
            line_of(source, "# colour alone"),
            "zone 'z' is marked by colour alone",
            "add a 'pattern:' or a 'letter:' so the zone reads without colour",
        ),
        (
            "PK253",
            line_of(source, "# same letter"),
            "zone 'b' has the same pattern and letter as zone 'a'",
            "give the zones different letters",
        ),
        ("PK351", line_of(source, "# circle"), too_big.format("C2", "circle, 20.1 mm"), fits),
        ("PK351", line_of(source, "# square"), too_big.format("S2", "square, 14.7 mm"), fits),
        ("PK351", line_of(source, "# hexagon"), too_big.format("H2", "hexagon, 17.4 mm"), fits),
    ]


def test_a_label_format_the_font_cannot_draw_is_refused(tmp_path: Path) -> None:
    code, reported, source = build_map(
        tmp_path,
        BASE + '    labels:\n      size: 6pt\n      format: "中国{col:02}{row:02}"  # format\n',
    )
    assert code == 1
    assert [(r.code, r.line, r.message, r.hint) for r in reported] == [
        (
            "PK251",
            line_of(source, "# format"),
            "label format '中国{col:02}{row:02}' uses characters the font cannot draw: '中' '国'",
            "use Latin letters, digits and common punctuation",
        )
    ]
    code, reported, _ = build_map(tmp_path / "bad", BASE + '    labels: {format: "{nope}"}\n')
    assert [(r.code, r.message) for r in reported] == [
        ("PK251", "label format '{nope}' has unknown field '{nope}'")
    ]
    off = BASE + '    labels: {position: none, format: "中{col:02}{row:02}"}\n'
    code, reported, _ = build_map(tmp_path / "off", off)
    assert (code, reported) == (0, []), "labels that are off are neither rendered nor checked"
