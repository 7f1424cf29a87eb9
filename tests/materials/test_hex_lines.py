"""Rivers along hexsides and roads through hex centres, measured from the pixels against the
hex geometry (flat tops, odd columns shoved down: PRINT.md's odd-q), their diagnostics, and
place names kept clear of the hex labels."""

from __future__ import annotations

import math
from pathlib import Path

import pypdf
import pytest
from click.testing import Result
from support import Raster, build_game, hex_rgb, near, parse_diagnostics, segments, text_runs

from printkit.draw.fonts import text_width

F = 20.0  # across flats, mm
R = F / math.sqrt(3)  # centre to corner
RIVER, ROAD = hex_rgb("#1e6bd6"), hex_rgb("#8d5a2b")

MAP = """\
game: {{title: River Test, players: "2"}}
materials:
  map:
    kind: hexmap
    orientation: flat
    hex_size: 20mm
    columns: 6
    rows: 4
    labels: {{position: none}}
    legend: false
    hexside_types:
      river: {{name: River, color: "#1e6bd6", width: 3pt}}
    hexsides:
      - {{type: river, between: ["0302", "0303"]}}
      - {{type: river, between: {river}}}
    path_types:
      road: {{name: Road, color: "#8d5a2b", width: 2pt, smooth: {smooth}}}
    paths:
      - {{type: road, hexes: {road}}}
"""


def _build(tmp_path: Path, river: str, road: str, smooth: str = "false") -> tuple[int, str, Path]:
    result, out = build_game(tmp_path, "rivers", MAP.format(river=river, road=road, smooth=smooth))
    return result.exit_code, result.output, out / "map.pdf"


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Raster:
    code, output, pdf = _build(
        tmp_path_factory.mktemp("lines"), '["0202", "0302"]', '["0101", "0201", "0301"]'
    )
    assert code == 0, output
    return Raster.of(pdf, 0)


def _grid_origin(raster: Raster) -> tuple[list[float], float]:
    """The centres x of the unshoved columns (01, 03, 05) and the map's top edge y: the first
    row, from the top, holding dark runs one side (R) long, the top edges of those hexes."""
    for tenth in range(int(raster.height_mm * 10)):
        y = tenth / 10
        runs = [
            s for s in segments([sum(p) < 450 for p in raster.row(y)]) if abs(s.length - R) < 0.5
        ]
        if len(runs) == 3:
            return [s.middle for s in runs], y
    raise AssertionError("no hex top edges found")


def test_a_river_lies_on_the_side_two_hexes_share(page: Raster) -> None:
    (x1, x3, _), top = _grid_origin(page)
    # 0302 (column 3, unshoved) over 0303: their shared side is horizontal, 2 F below the top
    side_y = top + 2 * F
    across = [near(p, RIVER, 40) for p in page.column(x3)]
    river = min(segments(across), key=lambda s: abs(s.middle - side_y))
    assert abs(river.middle - side_y) < 0.2, (river.middle, side_y)
    along = [s for s in segments([near(p, RIVER, 40) for p in page.row(side_y)]) if s.length > 5]
    assert len(along) == 1  # from the corner where the slanted stretch joins it, to the next
    assert along[0].start < x3 - R / 2 + 0.3 and abs(along[0].end - (x3 + R / 2)) < 0.3
    # 0202 (column 2, shoved down by F / 2) beside 0302: a slanted side, its middle half-way
    # between the two centres
    c0202 = (x1 + 1.5 * R, top + 2 * F)
    c0302 = (x3, top + 1.5 * F)
    middle = ((c0202[0] + c0302[0]) / 2, (c0202[1] + c0302[1]) / 2)
    assert near(page.at(*middle), RIVER, 40)


def test_a_road_passes_through_the_hex_centres(page: Raster) -> None:
    (x1, x3, _), top = _grid_origin(page)
    c0101, c0201, c0301 = (x1, top + F / 2), (x1 + 1.5 * R, top + F), (x3, top + F / 2)
    assert near(page.at(*c0201), ROAD, 40)  # the bend, where the road changes direction
    for a, b in ((c0101, c0201), (c0201, c0301)):  # and straight from centre to centre
        for t in (0.1, 0.5, 0.9):
            point = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            assert near(page.at(*point), ROAD, 40), point
    # and not through the middle of a side it does not cross
    assert not near(page.at(x1, top + F), ROAD, 40)


def test_a_smooth_road_curves_through_the_hex_centres(tmp_path: Path) -> None:
    """A Catmull-Rom curve: through every centre, its direction at each centre that from the
    centre before to the centre after; so at 0201, between two centres level with each other,
    it runs level, and half-way along a leg it bows 1.1 mm off the straight chord."""
    code, output, pdf = _build(tmp_path, '["0202", "0302"]', '["0101", "0201", "0301"]', "true")
    assert code == 0, output
    page = Raster.of(pdf, 0)
    (x1, x3, _), top = _grid_origin(page)
    p0, p1, p2 = (x1, top + F / 2), (x1 + 1.5 * R, top + F), (x3, top + F / 2)
    assert near(page.at(*p1), ROAD, 40)  # the bend's centre (the ends stop at theirs)
    # The first leg as a cubic Bézier: control points a sixth of the neighbours' chords away.
    c1 = (p0[0] + (p1[0] - p0[0]) / 6, p0[1] + (p1[1] - p0[1]) / 6)
    c2 = (p1[0] - (p2[0] - p0[0]) / 6, p1[1] - (p2[1] - p0[1]) / 6)

    def leg(t: float) -> tuple[float, float]:
        weights = ((1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t**2 * (1 - t), t**3)
        points = (p0, c1, c2, p1)
        return (
            sum(w * p[0] for w, p in zip(weights, points, strict=True)),
            sum(w * p[1] for w, p in zip(weights, points, strict=True)),
        )

    for t in (0.1, 0.3, 0.5, 0.7, 0.9):
        assert near(page.at(*leg(t)), ROAD, 40), t
    half = leg(0.5)
    chord = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
    assert math.dist(half, chord) > 1.0
    assert not near(page.at(*chord), ROAD, 40)  # where the straight road would run
    # level at the bend: road above and below 0201's centre only within its own width
    across = segments([near(p, ROAD, 40) for p in page.column(p1[0])])
    at_bend = min(across, key=lambda s: abs(s.middle - p1[1]))
    assert at_bend.length < 1.0  # 2 pt = 0.7 mm, crossed square on


@pytest.mark.parametrize(
    ("river", "road", "where"),
    [
        ('["0202", "0402"]', '["0101", "0201"]', "between"),
        ('["0202", "0302"]', '["0101", "0301"]', "hexes"),
    ],
)
def test_hexes_that_are_not_neighbours_are_reported(
    tmp_path: Path, river: str, road: str, where: str
) -> None:
    code, output, _ = _build(tmp_path, river, road)
    assert code == 1
    (problem,) = [d for d in parse_diagnostics(output) if d.severity == "error"]
    assert problem.code == "PK255" and "not neighbours" in problem.message
    assert problem.line == (15 if where == "between" else 19)


def test_a_place_name_keeps_clear_of_the_hex_labels(tmp_path: Path) -> None:
    """Asked to sit 7 mm above its hex centre, on its hex's label, the name moves clear of it:
    measured from where pypdf finds the texts, no name box meets a label box."""
    result, out = build_game(
        tmp_path,
        "names",
        "game: {title: Names, players: '2'}\n"
        "materials:\n"
        "  map:\n"
        "    kind: hexmap\n"
        "    orientation: flat\n"
        "    hex_size: 20mm\n"
        "    columns: 4\n"
        "    rows: 3\n"
        "    names:\n"
        "      - {text: Marwick Bridge, hex: '0302', dy: -7mm, size: 8pt}\n",
    )
    assert result.exit_code == 0, result.output
    assert "PK256" not in result.output
    page = pypdf.PdfReader(out / "map.pdf").pages[0]
    runs = text_runs(page)
    (name,) = [r for r in runs if r.text == "Marwick Bridge"]
    labels = [r for r in runs if len(r.text) == 4 and r.text.isdigit()]
    assert len(labels) == 12
    pt = 25.4 / 72
    name_box = (
        name.x,
        name.y - 8 * 0.8 * pt,
        name.x + text_width(name.text, "PK-Bold", 8) * pt,
        name.y + 8 * 0.25 * pt,
    )
    for label in labels:
        size = 6.0  # the default label size
        box = (
            label.x,
            label.y - size * 0.8 * pt,
            label.x + text_width(label.text, "PK-Regular", size) * pt,
            label.y + size * 0.25 * pt,
        )
        apart = (
            name_box[2] <= box[0]
            or box[2] <= name_box[0]
            or name_box[3] <= box[1]
            or box[3] <= name_box[1]
        )
        assert apart, f"the name touches label {label.text}"


def _noted_map(tmp_path: Path, setting: str, note: str) -> tuple[Result, Path]:
    """A 6 × 3 map of 20 mm flat hexes with one more setting and one edge note."""
    return build_game(
        tmp_path,
        "notes",
        "game: {title: Notes, players: '2'}\n"
        "materials:\n"
        "  map:\n"
        "    kind: hexmap\n"
        "    orientation: flat\n"
        "    hex_size: 20mm\n"
        "    columns: 6\n"
        "    rows: 3\n"
        f"    {setting}\n"
        "    edge_notes:\n"
        f"      - {note}\n",
    )


def test_an_edge_note_points_into_its_hex_from_outside_the_map(tmp_path: Path) -> None:
    """A note on the top edge: its arrow stands above the map, its tip over the centre of the
    hex it names (the map's top edge row of hexes found from the pixels), its text beside."""
    result, out = _noted_map(
        tmp_path,
        "labels: {position: none}",
        "{edge: top, hex: '0301', text: To Carlisle, color: '#c62828'}",
    )
    assert result.exit_code == 0, result.output
    pdf = out / "map.pdf"
    raster = Raster.of(pdf, 0)
    (_, x3, _), top = _grid_origin(raster)
    arrow = [near(p, hex_rgb("#c62828"), 40) for p in raster.column(x3)]
    above = [s for s in segments(arrow) if s.end <= top + 0.2]
    assert above, "an arrow above the map, in line with the hex centre"
    assert top - above[-1].end < 1.2  # its tip stops just short of the map's top edge
    assert "To Carlisle" in pypdf.PdfReader(pdf).pages[0].extract_text()


def test_an_edge_note_near_the_corner_reads_up_to_its_arrow(tmp_path: Path) -> None:
    """Past its arrow the top edge is too short for the note: the text ends before the arrow,
    inside the map's width, instead of running off it."""
    result, out = _noted_map(
        tmp_path, "legend: false", "{edge: top, hex: '0501', text: Reinforcements enter here}"
    )
    assert result.exit_code == 0, result.output
    runs = text_runs(pypdf.PdfReader(out / "map.pdf").pages[0])
    (label,) = [r for r in runs if r.text == "0501"]
    (note,) = [r for r in runs if r.text == "Reinforcements enter here"]
    centre = label.x + text_width("0501", "PK-Regular", 6.0) * 25.4 / 72 / 2  # 6 pt labels
    end = note.x + text_width(note.text, "PK-Regular", 7.0) * 25.4 / 72
    assert end <= centre - 2.4  # 2.5 mm clear of the arrow
    assert note.x > 0


def test_a_road_passes_under_the_hex_labels_it_crosses(tmp_path: Path) -> None:
    """A road from hex to hex straight up a column of flat-topped hexes crosses each label
    printed at the top of a hex: it goes under the label, on the hex's own ground, so no
    digit is crossed by it, and shows again above and below the label."""
    road = '["0104", "0103", "0102", "0101"]'
    text = MAP.format(river='["0202", "0302"]', road=road, smooth="false")
    text = text.replace("labels: {position: none}", "labels: {position: top, size: 7pt}")
    result, out = build_game(tmp_path, "rivers", text)
    assert result.exit_code == 0, result.output
    pdf = out / "map.pdf"
    page = Raster.of(pdf, 0)
    runs = {run.text: run for run in text_runs(pypdf.PdfReader(pdf).pages[0])}
    for label in ("0102", "0103", "0104"):
        run = runs[label]
        width = text_width(label, "PK-Regular", run.size) * 25.4 / 72
        middle = run.x + width / 2  # the road runs through the hex centres, under the middle
        height = run.size * 25.4 / 72
        box = [
            page.at(run.x + width * t, run.y - height * u)
            for t in (0.3, 0.5, 0.7)
            for u in (0.1, 0.4, 0.7)
        ]
        assert not [c for c in box if near(c, ROAD, 40)], label
        assert near(page.at(middle, run.y - 2 * height), ROAD, 40), label  # above the label
        assert near(page.at(middle, run.y + 1.5 * height), ROAD, 40), label  # and below it
