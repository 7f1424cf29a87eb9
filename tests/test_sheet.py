"""The `sheet` material, measured on the Raise Shields ship roster: its boxes drawn where the
form fields are (within 0.2 mm, from the pixels), the declared counts (5 + 5 cannons with two
checks each), the upgrade table from the data, and what a sheet that does not fit reports."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pypdf
import pytest
from support import (
    BROKEN,
    GOOD,
    MM_PER_PT,
    RULE_DATA,
    Raster,
    Reported,
    assert_mm,
    parse_diagnostics,
    run_cli,
    segments,
    text_runs,
)

import printkit.materials.laid_out
import printkit.materials.sheet
from printkit.draw.fonts import text_width


@pytest.fixture(scope="module")
def roster(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("roster")
    result = run_cli("build", "raise_shields", "--only", "roster", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "raise_shields" / "roster.pdf"


def _fields(pdf: Path) -> dict[str, tuple[str, tuple[float, float, float, float]]]:
    """Each form field: its kind and its rectangle in mm from the page's top-left corner."""
    page = pypdf.PdfReader(pdf).pages[0]
    height = float(page.mediabox.height)
    found = {}
    for annotation in page.get("/Annots", []):
        widget = annotation.get_object()
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
        rect = (
            x0 * MM_PER_PT,
            (height - y1) * MM_PER_PT,
            x1 * MM_PER_PT,
            (height - y0) * MM_PER_PT,
        )
        found[str(widget["/T"])] = (str(widget["/FT"]), rect)
    return found


def test_the_roster_has_the_fields_the_text_asks_for(roster: Path) -> None:
    fields = _fields(roster)
    for stat in ("stress", "crew", "shields", "hull", "credits"):
        assert fields[stat][0] == "/Tx"
    checks = [name for name, (kind, _) in fields.items() if kind == "/Btn" and ".check." in name]
    assert len(checks) == 20  # 5 port and 5 starboard cannons, 2 checks each
    assert {f"port_cannon.{c}.check.{b}" for c in range(1, 6) for b in (1, 2)} <= set(checks)
    assert {f"starboard_cannon.{c}.check.{b}" for c in range(1, 6) for b in (1, 2)} <= set(checks)


def test_each_field_lies_exactly_over_its_drawn_box(roster: Path) -> None:
    _assert_over_drawn_boxes(roster)


def _assert_over_drawn_boxes(pdf: Path) -> None:
    """From the pixels: the left, right and top edge of each field of the first page is a
    drawn line."""
    raster = Raster.of(pdf, 0)
    for name, (_, (x0, y0, x1, y1)) in _fields(pdf).items():
        row = raster.row((y0 + y1) / 2)
        dark = segments([sum(pixel) < 450 for pixel in row])
        left = min(dark, key=lambda s: abs(s.middle - x0))
        right = min(dark, key=lambda s: abs(s.middle - x1))
        assert_mm(left.middle, x0, f"left edge of {name}")
        assert_mm(right.middle, x1, f"right edge of {name}")
        column = raster.column((x0 + x1) / 2)
        dark = segments([sum(pixel) < 450 for pixel in column])
        top = min(dark, key=lambda s: abs(s.middle - y0))
        assert_mm(top.middle, y0, f"top edge of {name}")


def test_the_upgrade_table_prints_the_data(roster: Path) -> None:
    text = pypdf.PdfReader(roster).pages[0].extract_text()
    for line in ("Shield bonus", "+5 shields", "Pulse cannons", "10 credits", "Plasma torpedo"):
        assert line in text
    assert "2 checks silence a cannon" in text  # a label printed from values.checks_per_cannon


def test_a_sheet_that_is_not_fillable_draws_the_same_boxes_without_fields(
    tmp_path: Path, roster: Path
) -> None:
    folder = tmp_path / "rule_data" / "raise_shields"
    shutil.copytree(RULE_DATA / "raise_shields", folder)
    sheet = folder / "roster.yaml"
    sheet.write_text(sheet.read_text().replace("fillable: true", "fillable: false"))
    result = run_cli(
        "--rule-data", folder.parent, "build", "--only", "roster", "--out", tmp_path / "out"
    )
    assert result.exit_code == 0, result.output
    plain = tmp_path / "out" / "raise_shields" / "roster.pdf"
    assert not pypdf.PdfReader(plain).pages[0].get("/Annots")
    # The same page, pixel for pixel, but for the antialiasing of a value the fillable sheet
    # shows in its field and the plain one prints as text, at the same place and size.
    same = Raster.of(plain, 0).image.convert("L").tobytes()
    fields = Raster.of(roster, 0).image.convert("L").tobytes()
    differ = sum(1 for a, b in zip(same, fields, strict=True) if abs(a - b) > 96)
    assert differ < 50, differ


def _game_with(tmp_path: Path, sheet_yaml: str, under: str = "rule_data") -> Path:
    """The minimal deck with `sheet_yaml` as its sheet.yaml: the game's folder."""
    folder = tmp_path / under / "game"
    shutil.copytree(GOOD / "minimal_deck", folder)
    (folder / "sheet.yaml").write_text(sheet_yaml, encoding="utf-8")
    return folder


def _refused_mat(tmp_path: Path, sheet_yaml: str) -> Reported:
    """The one diagnostic a build of the sheet 'mat' of `sheet_yaml` gives; nothing written."""
    folder, out = _game_with(tmp_path, sheet_yaml), tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "mat", "--out", out)
    assert result.exit_code == 1, result.output
    [found] = parse_diagnostics(result.output)
    assert not (out / "game").exists()
    return found


def _sheet_case(tmp_path: Path, elements: str) -> list:
    folder = _game_with(tmp_path, "materials:\n  mat:\n    kind: sheet\n    elements:\n" + elements)
    result = run_cli("--rule-data", folder.parent, "validate")
    return parse_diagnostics(result.output)


def test_elements_taller_than_the_page_are_reported(tmp_path: Path) -> None:
    stats = "".join(f"      - {{kind: stat, id: s{n}, label: Stat {n}}}\n" for n in range(20))
    (problem,) = _sheet_case(tmp_path, stats)
    assert problem.code == "PK260" and "height" in problem.message
    assert (Path(problem.file).name, problem.line) == ("sheet.yaml", 5)


def test_a_range_row_s_open_end_prints_as_the_tables_print_it(tmp_path: Path) -> None:
    """The fix PK220's hint gives for a cell printing an open end ('3–None' before): row_key
    prints '3 or more', and no 'None' reaches the page."""
    folder = tmp_path / "rule_data" / "points"
    folder.mkdir(parents=True)
    game = (BROKEN / "sheet_cell_prints_an_open_end" / "game.yaml").read_text(encoding="utf-8")
    fixed = game.replace("{{ row.min }}–{{ row.max }}", "{{ row_key(rules.tables.points, row) }}")
    (folder / "game.yaml").write_text(fixed, encoding="utf-8")
    result = run_cli("--rule-data", folder.parent, "build", "points", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pypdf.PdfReader(tmp_path / "out" / "points" / "score.pdf").pages[0].extract_text()
    assert "0–2" in text and "3 or more" in text and "None" not in text


def test_a_track_whose_box_is_wider_than_its_element_is_reported(tmp_path: Path) -> None:
    """A box must hold "40" 1 mm clear each side: 5 mm, more than the 4 mm given; nor does
    the label fit on its one line."""
    track = "      - {kind: numbers, id: health, label: Health, start: 0, end: 40, width: 4mm}\n"
    box, label = _sheet_case(tmp_path, track)  # in the order of their columns
    assert (label.code, label.column) == ("PK260", 44)  # at `label`
    assert "the label needs 9 mm of width, the element has 4 mm" in label.message
    assert box.code == "PK260" and "0 to 40 needs 5 mm for a box" in box.message
    assert label.line == box.line == 5


def test_a_track_wider_than_its_row_wraps_onto_rows_as_even_as_can_be(tmp_path: Path) -> None:
    """0 to 40 in 6.5 mm boxes on A4's 186 mm: 28 a row would fit, so two rows of 21 and 20,
    the second 1 mm below the first, every field square and over its drawn box."""
    pdf = _built_mat(
        tmp_path, "    elements:\n      - {kind: numbers, id: t, label: Track, start: 0, end: 40}\n"
    )
    _assert_over_drawn_boxes(pdf)
    fields = _fields(pdf)
    rows: dict[float, list[str]] = {}
    for name, (_, (_, y0, _, _)) in fields.items():
        rows.setdefault(round(y0, 2), []).append(name)
    tops = sorted(rows)
    assert [len(rows[top]) for top in tops] == [21, 20]
    assert tops[1] - tops[0] == pytest.approx(6.5 + 1.0, abs=0.01)
    assert sorted(rows[tops[1]], key=lambda n: int(n[2:]))[0] == "t.21"


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("builds")
    result = run_cli("build", "raise_shields", "--only", "ship_rosters", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "raise_shields" / "ship_rosters.pdf"


def test_each_build_prints_a_filled_roster_with_its_statistics(builds: Path) -> None:
    reader = pypdf.PdfReader(builds)
    assert len(reader.pages) == 2  # data: ships holds two builds
    values = {
        str(field["/T"]): str(field.get("/V", ""))
        for page in reader.pages
        for field in (a.get_object() for a in page.get("/Annots", []))
    }
    # The build's values are the fields' own values, which a player can change.
    assert values["ship1.ship"] == "Dauntless" and values["ship1.credits"] == "10 of 10"
    assert values["ship1.shields"] == "15" and values["ship1.hull"] == "10"
    assert values["ship2.ship"] == "Nomad" and values["ship2.credits"] == "20 of 20"
    assert values["ship2.hull"] == "40"  # armour plating twice doubles the hull twice
    assert values["ship1.stress"] == ""


BASE_STATISTICS = ("crew", "shields", "hull")


def test_a_builds_campaign_line_holds_the_statistics_it_plays_with(builds: Path) -> None:
    """The base line is the build's starting statistics after its upgrades: the same values as
    the statistics above it (it was left blank, though the build's values are known)."""
    fields = pypdf.PdfReader(builds).get_fields()
    values = {name: str(field.get("/V", "")) for name, field in fields.items()}
    played = {"ship1": ("10", "15", "10"), "ship2": ("10", "10", "40")}  # Dauntless, Nomad
    for ship, expected in played.items():
        assert tuple(values[f"{ship}.{stat}"] for stat in BASE_STATISTICS) == expected
        assert tuple(values[f"{ship}.base_{stat}"] for stat in BASE_STATISTICS) == expected
        assert values[f"{ship}.base_cannons"] == "10"


def test_the_press_draws_the_campaign_line_in_its_boxes(tmp_path: Path, builds: Path) -> None:
    """--press flattens the form: each base value is ink inside its box, where the field was."""
    out = tmp_path / "press"
    only = ("--only", "ship_rosters", "--format", "pdf", "--press")
    result = run_cli("build", "raise_shields", *only, "--out", out)
    assert result.exit_code == 0, result.output
    raster = Raster.of(out / "raise_shields" / "ship_rosters.pdf", 0)
    for name in ("base_crew", "base_shields", "base_hull", "base_cannons"):
        x0, top, x1, bottom = _fields(builds)[f"ship1.{name}"][1]
        inside = raster.dark_projection((x0 + 0.5, top + 0.6, x1 - 0.5, bottom - 0.6), "y")
        assert segments(inside, bridge_mm=0.5), f"{name}: its box is empty"


def test_a_filled_field_shows_its_value_in_its_box(builds: Path) -> None:
    """From the pixels: the value is drawn inside the field's box, 2 pt in from its left edge
    and between its top and bottom, not in a corner."""
    page = pypdf.PdfReader(builds).pages[0]
    height = float(page.mediabox.height)
    (ship,) = [a.get_object() for a in page["/Annots"] if a.get_object()["/T"] == "ship1.ship"]
    x0, y0, x1, y1 = (float(v) * MM_PER_PT for v in ship["/Rect"])
    top, bottom = (height * MM_PER_PT - y1), (height * MM_PER_PT - y0)
    raster = Raster.of(builds, 0)
    inside = raster.dark_projection((x0 + 0.5, top + 0.6, x1 - 0.5, bottom - 0.6), "y")
    (ink,) = segments(inside, bridge_mm=0.5)
    assert ink.start > top + 1.5 and ink.end < bottom - 1.5  # clear of the box's lines
    assert abs(ink.middle - (top + bottom) / 2) < 1.2  # about centred in its height


def test_fields_of_repeated_rosters_are_named_per_ship(builds: Path) -> None:
    names = [
        str(annotation.get_object()["/T"])
        for page in pypdf.PdfReader(builds).pages
        for annotation in page.get("/Annots", [])
    ]
    assert len(names) == len(set(names)), "a form's field names are unique across its pages"
    assert {"ship1.hull", "ship2.hull", "ship2.port_cannon.5.check.2"} <= set(names)


def _built_mat(tmp_path: Path, settings: str) -> Path:
    """A fillable sheet 'mat' with `settings` (its elements included), added to the minimal
    deck and built; its PDF."""
    folder = _game_with(
        tmp_path, "materials:\n  mat:\n    kind: sheet\n    fillable: true\n" + settings
    )
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "mat", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "game" / "mat.pdf"


def test_a_full_page_sheet_prints_each_copy_on_a_page_of_its_own(tmp_path: Path) -> None:
    """`copies` of a sheet as large as the paper: one page per copy (a new user's four player
    boards printed one), each copy's fields its own, in the same place on its page."""
    pdf = _built_mat(
        tmp_path, "    copies: 3\n    elements:\n      - {kind: stat, id: hull, label: Hull}\n"
    )
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 3
    fields = [
        [annotation.get_object() for annotation in page.get("/Annots", [])] for page in reader.pages
    ]
    assert [[str(f["/T"]) for f in page] for page in fields] == [
        ["copy1.hull"],
        ["copy2.hull"],
        ["copy3.hull"],
    ]
    assert len({tuple(float(v) for v in page[0]["/Rect"]) for page in fields}) == 1  # one place


def test_a_full_page_sheet_s_footer_is_at_the_page_s_foot(tmp_path: Path) -> None:
    """The actual-size note of a sheet of one stat box is at the page's foot, as a reference
    document's footer is, not under the box in the middle of the page: measured on the page,
    its ink lies in the bottom margin's strip (12 mm up from the edge, inside what a home
    printer prints) and nothing is printed between the box and it."""
    pdf = _built_mat(tmp_path, "    elements:\n      - {kind: stat, id: hull, label: Hull}\n")
    (footer,) = [r for r in text_runs(pypdf.PdfReader(pdf).pages[0]) if "actual size" in r.text]
    assert 284 < footer.y < 286  # the baseline: 297 mm less the 12 mm margin, and a little
    raster = Raster.of(pdf, 0)
    ink = segments(raster.dark_projection((12, 40, 198, 297), "y"), bridge_mm=0.5)
    assert len(ink) == 1, ink  # the footer alone below the box
    assert ink[0].start > 282 and ink[0].end < 292  # 5 mm and more inside the paper's edge


def test_a_sheet_repeats_over_an_expression_each_item_copied_as_its_template_says(
    tmp_path: Path,
) -> None:
    """`repeat` over a list the rules context makes (not only one under `data:`), `copies` a
    template over the item: item n printed n times, in order, each copy's fields its own."""
    pdf = _built_mat(
        tmp_path,
        '    repeat: range(1, 4)\n    each: n\n    copies: "{{ n }}"\n    elements:\n'
        '      - {kind: stat, id: hull, label: "Hull of ship {{ n }}"}\n',
    )
    pages = pypdf.PdfReader(pdf).pages
    fields = [[str(a.get_object()["/T"]) for a in page.get("/Annots", [])] for page in pages]
    assert fields == [
        ["n1.hull"],
        ["copy1.n2.hull"],
        ["copy2.n2.hull"],
        ["copy1.n3.hull"],
        ["copy2.n3.hull"],
        ["copy3.n3.hull"],
    ]
    labels = [next(line for line in p.extract_text().splitlines() if "Hull" in line) for p in pages]
    assert labels == ["Hull of ship 1", *["Hull of ship 2"] * 2, *["Hull of ship 3"] * 3]


def test_a_sheet_past_its_form_fields_stops_at_the_item_that_passes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, 100 pages of a fillable grid (136,000 fields) took 1.8 GB. The bound is made
    small here: two fields a page, two copies of each item, so the third item passes nine."""
    monkeypatch.setattr(printkit.materials.sheet, "MAX_SHEET_FIELDS", 9)
    found = _refused_mat(
        tmp_path,
        "materials:\n  mat:\n    kind: sheet\n    fillable: true\n    repeat: range(1, 5)\n"
        "    each: n\n    copies: 2\n    elements:\n"
        "      - {kind: stat, id: hull, label: Hull}\n"
        "      - {kind: stat, id: crew, label: Crew}\n",
    )
    assert (found.code, found.line) == ("PK804", 4)  # at `fillable`
    assert "more than 9 form fields with their copies (at item 3)" in found.message


def test_a_sheet_s_texts_past_their_budget_are_one_diagnostic_across_its_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet's headings, labels, texts and cells are laid out against the material's budget
    of characters, as a deck's texts are (PK808); before, nothing bounded them. The budget is
    made small here: each page's heading, column title and cell are 26 characters, so the
    second page's cell passes 50, and is reported once, at its column's cell."""
    monkeypatch.setattr(printkit.materials.laid_out, "MAX_LAID_OUT_TEXT", 50)
    found = _refused_mat(
        tmp_path,
        "materials:\n  mat:\n    kind: sheet\n    repeat: range(1, 5)\n    each: n\n"
        "    elements:\n      - {kind: heading, text: 'Ship {{ n }} of 9'}\n"
        "      - kind: table\n        rows: range(1)\n"
        "        columns: [{title: Hull, cell: 'Hull {{ n }} of 9'}]\n",
    )
    assert (found.code, found.line) == ("PK808", 10)
    assert "adds up to more than 50 characters here" in found.message


def test_small_sheets_impose_n_up_with_their_fields_over_their_boxes(tmp_path: Path) -> None:
    """Two copies of a small mat on one page: each copy's fields are its own (copy1., copy2.) and
    lie over that copy's drawn boxes, found from the pixels like the roster's."""
    pdf = _built_mat(
        tmp_path,
        "    size: {width: 95mm, height: 130mm}\n    copies: 2\n    elements:\n"
        "      - {kind: stat, id: hull, label: Hull}\n"
        "      - {kind: checkboxes, id: cannon, label: Cannons, groups: 2, per_group: 2}\n",
    )
    assert len(pypdf.PdfReader(pdf).pages) == 1
    fields = _fields(pdf)
    assert set(fields) == {
        f"copy{n}.{name}"
        for n in (1, 2)
        for name in ("hull", *(f"cannon.{g}.check.{b}" for g in (1, 2) for b in (1, 2)))
    }
    first, second = fields["copy1.hull"][1], fields["copy2.hull"][1]
    # one mat on, with 4 mm between the copies for their crop marks
    assert abs(abs(second[0] - first[0]) + abs(second[1] - first[1]) - 99) < 0.2
    raster = Raster.of(pdf, 0)
    for name, (_, (x0, y0, x1, y1)) in fields.items():
        dark = segments([sum(pixel) < 450 for pixel in raster.row((y0 + y1) / 2)])
        assert_mm(min(dark, key=lambda s: abs(s.middle - x0)).middle, x0, f"left of {name}")
        assert_mm(min(dark, key=lambda s: abs(s.middle - x1)).middle, x1, f"right of {name}")


def test_a_sheet_takes_a_card_size_by_name(tmp_path: Path) -> None:
    """`size: poker` as a card layout takes it: a reference card needed 63.5 × 88.9 mm typed
    out. Two copies side by side lie one poker card (63.5 mm) and the 4 mm between apart, and
    the sheet is the one its width and height give."""
    elements = "    copies: 2\n    elements:\n      - {kind: stat, id: hull, label: Hull}\n"
    pdf = _built_mat(tmp_path / "named", "    size: poker\n" + elements)
    fields = _fields(pdf)
    first, second = fields["copy1.hull"][1], fields["copy2.hull"][1]
    assert abs(second[0] - first[0] - 67.5) < 0.05 and second[1] == first[1]
    typed = _built_mat(tmp_path / "typed", "    size: {width: 2.5in, height: 3.5in}\n" + elements)
    assert pdf.read_bytes() == typed.read_bytes()


def test_a_placed_element_is_an_absolute_box_out_of_the_flow(tmp_path: Path) -> None:
    """`place` puts an element's corner at x, y from the 12 mm margins; the flow ignores it."""
    pdf = _built_mat(
        tmp_path,
        "    elements:\n"
        "      - {kind: stat, id: hull, label: Hull, width: 30mm, place: {x: 100mm, y: 150mm}}\n"
        "      - {kind: stat, id: crew, label: Crew, width: 30mm}\n",
    )
    fields = _fields(pdf)
    hull, crew = fields["hull"][1], fields["crew"][1]
    assert_mm(hull[0], 112, "placed box's left edge")
    assert_mm(hull[2], 142, "placed box's right edge")
    assert_mm(crew[0], 12, "flowing box's left edge")
    assert crew[1] < 30, "the flow starts at the top, as if the placed box were not there"
    raster = Raster.of(pdf, 0)
    dark = segments([sum(pixel) < 450 for pixel in raster.row((hull[1] + hull[3]) / 2)])
    assert_mm(min(dark, key=lambda s: abs(s.middle - 112)).middle, 112, "drawn left edge")


def test_a_placed_element_past_the_margin_is_reported(tmp_path: Path) -> None:
    stat = "      - {kind: stat, id: hull, label: Hull, width: 30mm, place: {x: 170mm, y: 0mm}}\n"
    (problem,) = _sheet_case(tmp_path, stat)
    assert problem.code == "PK260" and "margins" in problem.message
    assert problem.line == 5


def test_a_track_given_a_width_shares_it_among_its_boxes(tmp_path: Path) -> None:
    pdf = _built_mat(
        tmp_path,
        "    elements:\n"
        "      - {kind: numbers, id: turn, label: Turn, start: 1, end: 8, width: 120mm}\n",
    )
    fields = _fields(pdf)
    widths = {round(x1 - x0, 2) for _, (_, (x0, _, x1, _)) in fields.items()}
    assert len(fields) == 8 and widths == {4.0}  # each 15 mm box's tick box, beside its number
    lefts = sorted(x0 for _, (_, (x0, _, _, _)) in fields.items())
    assert {round(b - a, 2) for a, b in itertools.pairwise(lefts)} == {15.0}  # 120 mm / 8


@pytest.mark.parametrize(
    ("track", "beside"),
    [
        ("start: 1, end: 8, width: 120mm", True),  # 15 mm boxes: Border Skirmish's turn track
        ("start: 5, end: 0", False),  # 6.5 mm squares: a hull crossed off
        ("start: 1, end: 8, width: 64mm", False),  # 8 mm: no room for a tick box beside
        ("start: 1, end: 20, width: 104mm", False),  # 5.2 mm: "20" 1 mm clear, one row
    ],
    ids=["wide", "square", "a little wider", "narrow"],
)
def test_each_track_field_lies_exactly_over_a_square_drawn_for_it(
    tmp_path: Path, track: str, beside: bool
) -> None:
    """A PDF checkbox is square: each number's field lies exactly over a square drawn for it
    (from the pixels), beside the number where its box has room for both, so that a tick
    leaves the number readable; else over the number's whole box, drawn square, ticked across
    the number. (The print audit found a 15 mm box's field 6.5 mm wide, centred over its
    number and over no drawn line.)"""
    pdf = _built_mat(
        tmp_path, f"    elements:\n      - {{kind: numbers, id: t, label: Track, {track}}}\n"
    )
    _assert_over_drawn_boxes(pdf)
    fields = _fields(pdf)
    numbers = {run.text: run for run in text_runs(pypdf.PdfReader(pdf).pages[0])}
    for name, (_, (x0, y0, x1, y1)) in fields.items():
        assert x1 - x0 == pytest.approx(y1 - y0, abs=0.001), name
        number = numbers[name.removeprefix("t.")]
        right = number.x + text_width(number.text, "PK-Regular", 7.5) * MM_PER_PT
        assert (right < x0) == beside and (x0 < number.x and right < x1) != beside, name


def test_a_track_from_a_larger_number_to_a_smaller_counts_down(tmp_path: Path) -> None:
    """A hull that falls from 5 to 0: six boxes, read left to right 5, 4 … 0, one field each;
    not a track "too wide" for an element that holds it easily."""
    pdf = _built_mat(
        tmp_path,
        "    elements:\n      - {kind: numbers, id: hull, label: Hull, start: 5, end: 0}\n",
    )
    fields = _fields(pdf)
    assert sorted(fields) == [f"hull.{n}" for n in range(6)]
    order = sorted(fields, key=lambda name: fields[name][1][0])  # by the box's left edge
    assert order == [f"hull.{n}" for n in (5, 4, 3, 2, 1, 0)]


def _marks_beside(raster: Raster, side: str, art: tuple[float, float, float, float]) -> int:
    """Dark runs in the margin strip on one side of the art: the crop marks reaching out."""
    left, top, right, bottom = art
    strips = {
        "left": ((5.2, top - 1, left - 0.3, bottom + 1), "y"),
        "right": ((right + 0.3, top - 1, 204.8, bottom + 1), "y"),
        "top": ((left - 1, 5.2, right + 1, top - 0.3), "x"),
        "bottom": ((left - 1, bottom + 0.3, right + 1, bottom + 4), "x"),
    }
    box, axis = strips[side]
    return len(segments(raster.dark_projection(box, axis), bridge_mm=0.2))


def test_n_up_sheets_keep_crop_marks_on_every_side_or_are_refused(tmp_path: Path) -> None:
    """186 mm wide, two to an A4 page: marks on all four sides. 198 mm leaves no room for
    marks beside the copies inside the printer's margin: refused, saying how wide fits."""
    settings = "    size: {{width: {}mm, height: 130mm}}\n    copies: 2\n    elements:\n" + (
        "      - {{kind: stat, id: hull, label: Hull}}\n"
    )
    pdf = _built_mat(tmp_path / "fits", settings.format(186))
    raster = Raster.of(pdf, 0)
    art = (12.0, 16.5, 198.0, 280.5)  # centred: 2 × 130 mm and the 4 mm between the copies
    found = {side: _marks_beside(raster, side, art) for side in ("left", "right", "top", "bottom")}
    assert found == {"left": 4, "right": 4, "top": 2, "bottom": 2}, found
    folder = _game_with(
        tmp_path, "materials:\n  mat:\n    kind: sheet\n" + settings.format(198), "wide"
    )
    (problem,) = parse_diagnostics(run_cli("--rule-data", folder.parent, "validate").output)
    assert problem.code == "PK302" and "196 × 283 mm at most" in (problem.hint or "")
