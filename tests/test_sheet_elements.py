"""Sheet elements as a player uses them (issue 18): spaces a die sits on (measured from the
pixels of the dice game's player mat), tick boxes in table rows, table text that wraps rather
than shrinking below 7 pt and renders its markup, and the fillable score-card grid."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pypdf
import pytest
from support import (
    RULE_DATA,
    Raster,
    build_game,
    parse_diagnostics,
    run_cli,
    segments,
    text_runs,
)

CARD = """\
game: {{title: Elements, players: "2"}}
components: {{}}
materials:
  card:
    kind: sheet
    fillable: true
    elements:
{elements}
"""


def _sheet(tmp_path: Path, elements: str) -> tuple[int, Path, str]:
    result, out = build_game(tmp_path, "elements", CARD.format(elements=elements))
    return result.exit_code, out / "card.pdf", result.output


@pytest.fixture(scope="module")
def player_mat(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mat")
    result = run_cli("build", "shields_dice", "--only", "player_mat", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "shields_dice" / "player_mat.pdf"


def test_each_battery_has_four_die_spaces_of_at_least_22_mm(player_mat: Path) -> None:
    page = pypdf.PdfReader(player_mat).pages[0]
    captions = [run for run in text_runs(page) if run.text == "colour shield"]
    assert len(captions) == 6  # two shields for each of the three batteries
    raster = Raster.of(player_mat, 0)
    for caption in captions[::2]:
        middle = caption.y - 9  # above the caption, inside the spaces
        flags = raster.dark_projection((10, middle - 0.2, 200, middle + 0.2), "x")
        edges = segments(flags, bridge_mm=0.2)
        # a left and a right edge per space: attacking die, battery, two colour shields (the
        # black shields guard all three batteries: their spaces are beside the trash)
        assert len(edges) == 8, edges
        widths = [
            right.middle - left.middle for left, right in zip(edges[::2], edges[1::2], strict=True)
        ]
        assert all(width >= 22 for width in widths), widths
        centre = (edges[0].middle + edges[1].middle) / 2  # the caption lies between the edges
        column = raster.dark_projection((centre - 0.2, middle - 15, centre + 0.2, middle + 15), "y")
        found = segments(column, bridge_mm=0.2)
        top, bottom = found[0], found[-1]
        assert bottom.middle - top.middle >= 22


def test_the_trash_is_a_space_that_holds_dice(player_mat: Path) -> None:
    page = pypdf.PdfReader(player_mat).pages[0]
    (label,) = [run for run in text_runs(page) if run.text.startswith("The trash")]
    raster = Raster.of(player_mat, 0)
    middle = label.y + 30
    edges = segments(raster.dark_projection((label.x - 2, middle, 200, middle + 0.4), "x"), 0.2)
    assert edges[-1].middle - edges[0].middle >= 55


def test_tick_columns_give_each_row_a_box_and_a_field(tmp_path: Path) -> None:
    code, pdf, output = _sheet(
        tmp_path,
        "      - kind: table\n"
        "        id: kit\n"
        "        rows: \"['dice', 'pens', 'cards']\"\n"
        "        columns:\n"
        "          - {title: Item, cell: '{{ row }}'}\n"
        "          - {title: Got it, tick: true, width: 14mm}\n",
    )
    assert code == 0, output
    names = {str(a.get_object()["/T"]) for a in pypdf.PdfReader(pdf).pages[0]["/Annots"]}
    assert names == {"kit.1.got_it", "kit.2.got_it", "kit.3.got_it"}


def test_a_column_title_is_a_template_its_field_names_and_messages_use_as_printed(
    tmp_path: Path,
) -> None:
    """A title that prints the game's data names its fields by what it prints (the heading
    'Elements won', the test game's title), never by the template's own text."""
    code, pdf, output = _sheet(
        tmp_path,
        "      - kind: table\n"
        "        id: prizes\n"
        "        rows: \"['gold', 'silver']\"\n"
        "        columns:\n"
        "          - {title: Prize, cell: '{{ row }}'}\n"
        "          - {title: '{{ game.title }} won', tick: true, width: 40mm}\n",
    )
    assert code == 0, output
    page = pypdf.PdfReader(pdf).pages[0]
    names = {str(a.get_object()["/T"]) for a in page["/Annots"]}
    assert names == {"prizes.1.elements_won", "prizes.2.elements_won"}
    assert "Elements won" in page.extract_text()


def test_a_tick_column_needs_the_table_to_have_an_id(tmp_path: Path) -> None:
    code, _, output = _sheet(
        tmp_path,
        "      - kind: table\n"
        "        rows: \"['dice']\"\n"
        "        columns: [{title: Got it, tick: true}]\n",
    )
    (problem,) = parse_diagnostics(output)
    assert code == 1 and "needs an 'id'" in problem.message


def test_long_cells_wrap_at_7_pt_and_markup_is_rendered(tmp_path: Path) -> None:
    words = " ".join(["fourteen"] * 14)
    code, pdf, output = _sheet(
        tmp_path,
        "      - kind: table\n"
        f"        rows: \"['**AL** {words}', 'short']\"\n"
        "        columns:\n"
        "          - {title: Effect, cell: '{{ row }}', width: 60mm}\n"
        "          - {title: Next, cell: 'after'}\n",
    )
    assert code == 0, output
    page = pypdf.PdfReader(pdf).pages[0]
    sizes: dict[str, float] = {}
    fonts: dict[str, str] = {}

    def visit(text: str, _cm: object, tm: list, font: dict | None, size: float) -> None:
        if text.strip():
            sizes[text.strip()] = size * abs(float(tm[3]))
            fonts[text.strip()] = str((font or {}).get("/BaseFont", ""))

    page.extract_text(visitor_text=visit)
    cells = {t: s for t, s in sizes.items() if t.split()[0] in ("fourteen", "AL", "short")}
    assert len(cells) >= 3 and min(cells.values()) >= 7.0, cells
    assert "**" not in page.extract_text()
    assert fonts["AL"].endswith("Bold")  # the markup, not its asterisks
    runs = text_runs(page)
    lines = sorted({round(r.y, 1) for r in runs if r.text.startswith("fourteen")})
    assert len(lines) >= 2  # wrapped, not shrunk
    (short,) = [r for r in runs if r.text == "short"]
    assert short.y > lines[-1]  # the next row starts below the wrapped one


@pytest.mark.parametrize(
    "text",
    [
        '"1. **Place** a tile.\\n2. **Claim** it."',  # a quoted string's \n
        "|\n          1. **Place** a tile.\n          2. **Claim** it.",  # a YAML block
    ],
    ids=["escaped", "block"],
)
def test_a_text_keeps_its_line_breaks_as_card_text_does(tmp_path: Path, text: str) -> None:
    """Numbered steps print one a line, each starting at the element's left edge, the second
    a line below the first; a folded block (`>`) still flows as one paragraph."""
    code, pdf, output = _sheet(
        tmp_path,
        f"      - kind: text\n        height: 12mm\n        text: {text}\n"
        "      - kind: text\n"
        "        height: 12mm\n"
        "        text: >\n"
        "          Folded into\n"
        "          one line.\n",
    )
    assert code == 0, output
    runs = text_runs(pypdf.PdfReader(pdf).pages[0])
    (first,) = [r for r in runs if r.text.startswith("1.")]
    (second,) = [r for r in runs if r.text.startswith("2.")]
    assert abs(first.x - second.x) < 0.1  # both at the left edge, not one after the other
    assert 3 < second.y - first.y < 6  # the next line: 9 pt text, one leading below
    (folded,) = [r for r in runs if "Folded" in r.text]
    assert folded.text.startswith("Folded into one line.")


def test_a_grid_is_a_score_card_of_fields_with_headings(tmp_path: Path) -> None:
    code, pdf, output = _sheet(
        tmp_path,
        "      - kind: grid\n"
        "        id: score\n"
        "        label: Scores\n"
        "        rows: [Ann, Bo, '{{ 1 + 2 }} players']\n"
        "        columns: 4\n",
    )
    assert code == 0, output
    page = pypdf.PdfReader(pdf).pages[0]
    fields = {str(a.get_object()["/T"]): a.get_object() for a in page["/Annots"]}
    assert set(fields) == {f"score.{r}.{c}" for r in (1, 2, 3) for c in (1, 2, 3, 4)}
    assert all(str(f["/FT"]) == "/Tx" for f in fields.values())
    text = page.extract_text()
    assert "Ann" in text and "3 players" in text
    rects = [[float(v) for v in f["/Rect"]] for f in fields.values()]
    heights = {round(r[3] - r[1], 2) for r in rects}
    assert heights == {round(9 * 72 / 25.4, 2)}  # the default 9 mm boxes


def test_a_grid_with_a_cell_is_square_boxes_and_counts_from_templates(tmp_path: Path) -> None:
    """`cell: 30mm` is a board for 30 mm tiles: boxes 30 mm both ways measured on the page
    (a page-wide share would make them 31 mm wide), as many rows and columns as the
    templates give."""
    result, out = build_game(
        tmp_path,
        "board",
        'game: {title: Board, players: "2"}\n'
        "rules:\n"
        "  values: {rounds: 6, sides: 5}\n"
        "materials:\n"
        "  board:\n"
        "    kind: sheet\n"
        "    fillable: true\n"
        "    elements:\n"
        "      - kind: grid\n"
        "        id: board\n"
        "        label: Place tiles here\n"
        '        rows: "{{ values.rounds }}"\n'
        '        columns: "{{ values.sides + 1 }}"\n'
        "        cell: 30mm\n",
    )
    assert result.exit_code == 0, result.output
    pdf = out / "board.pdf"
    page = pypdf.PdfReader(pdf).pages[0]
    fields = {str(a.get_object()["/T"]) for a in page["/Annots"]}
    assert fields == {f"board.{r}.{c}" for r in range(1, 7) for c in range(1, 7)}
    raster = Raster.of(pdf, 0)
    (label,) = [run for run in text_runs(page) if run.text == "Place tiles here"]
    across = raster.dark_projection((0, label.y + 20, 210, label.y + 20.4), "x")
    down = raster.dark_projection((label.x + 15, 0, label.x + 15.4, 297), "y")
    for lines in (segments(across), [s for s in segments(down) if s.start > label.y]):
        assert len(lines) == 7, lines  # the edges of six boxes
        gaps = [b.middle - a.middle for a, b in pairwise(lines)]
        assert all(abs(gap - 30) < 0.2 for gap in gaps), gaps


@pytest.mark.parametrize(
    ("grid", "message", "hint"),
    [
        (
            "rows: 2, columns: 7, cell: 30mm",
            "the grid needs 210 mm of width, the element has 186 mm",
            "fewer 'columns' or a smaller 'cell'",
        ),
        (
            "rows: 2, columns: [Round one, Two], cell: 10mm",
            "the grid's column headings need boxes 16 mm wide, its 'cell' is 10 mm",
            "a larger 'cell', or shorter headings",
        ),
    ],
)
def test_square_boxes_that_do_not_fit_are_reported(
    tmp_path: Path, grid: str, message: str, hint: str
) -> None:
    code, _, output = _sheet(tmp_path, f"      - {{kind: grid, id: s, label: S, {grid}}}\n")
    (problem,) = parse_diagnostics(output)
    assert code == 1 and problem.code == "PK260", output
    assert message in problem.message and hint in problem.hint


def test_a_grid_wider_than_its_element_is_reported(tmp_path: Path) -> None:
    code, _, output = _sheet(
        tmp_path,
        "      - kind: grid\n"
        "        id: score\n"
        "        label: Scores\n"
        "        rows: 2\n"
        "        columns: [" + ", ".join(f"'Round number {n}'" for n in range(12)) + "]\n",
    )
    (problem,) = parse_diagnostics(output)
    assert code == 1 and problem.code == "PK260" and "the grid" in problem.message


def test_the_roster_has_a_box_to_write_how_many_were_bought(tmp_path: Path) -> None:
    """Shield bonus may be bought twice and torpedoes any number of times: a tick cannot hold
    that, so the blank roster's Bought column is a text field per row, 4 mm tall and as wide
    as its 16 mm column less the cells' 2 pt padding each side."""
    result = run_cli(
        "--rule-data", RULE_DATA, "build", "raise_shields", "--only", "roster", "--out", tmp_path
    )
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(tmp_path / "raise_shields" / "roster.pdf").pages[0]
    fields = {str(a.get_object()["/T"]): a.get_object() for a in page["/Annots"]}
    bought = [fields[f"upgrades.{n}.bought"] for n in range(1, 10)]
    assert all(field["/FT"] == "/Tx" for field in bought)
    for field in bought:
        left, bottom, right, top = (float(v) * 25.4 / 72 for v in field["/Rect"])
        assert right - left == pytest.approx(16 - 4 * 25.4 / 72, abs=0.05)
        assert top - bottom == pytest.approx(4.0, abs=0.05)


def test_a_tick_column_has_a_checkbox_and_a_write_column_a_text_field(tmp_path: Path) -> None:
    elements = (
        "      - kind: table\n"
        "        id: items\n"
        "        rows: '[1, 2]'\n"
        "        columns:\n"
        "          - {title: Item, cell: '{{ row }}'}\n"
        "          - {title: Got it, tick: true, width: 14mm}\n"
        "          - {title: How many, write: true, width: 20mm}\n"
    )
    result, out = build_game(tmp_path, "elements", CARD.format(elements=elements))
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(out / "card.pdf").pages[0]
    kinds = {str(a.get_object()["/T"]): str(a.get_object()["/FT"]) for a in page["/Annots"]}
    assert kinds == {
        "items.1.got_it": "/Btn",
        "items.2.got_it": "/Btn",
        "items.1.how_many": "/Tx",
        "items.2.how_many": "/Tx",
    }


def test_field_names_a_page_shares_are_refused_only_where_fields_are_made(tmp_path: Path) -> None:
    """Two elements of one id made two form fields of one name (a PDF form keeps one): PK273
    at the second, naming the first's line. Without `fillable` no field is made: the same
    elements print as boxes, and nothing is refused."""
    elements = (
        "      - {kind: grid, id: score, label: Score, rows: 1, columns: 2}\n"
        "      - {kind: checkboxes, id: score, label: Hits, groups: 1, per_group: 1}\n"
        "      - {kind: grid, id: score, label: Again, rows: 1, columns: 2}\n"
    )
    code, _, output = _sheet(tmp_path / "fillable", elements)
    assert code == 1
    [taken] = parse_diagnostics(output)  # the checkbox's 'score.1.check.1' is its own name
    assert (taken.code, taken.line) == ("PK273", 10)
    assert "form field 'score.1.1' is already the name of a field, named at line 8" in (
        taken.message
    )
    paper = CARD.format(elements=elements).replace("fillable: true", "fillable: false")
    result, out = build_game(tmp_path / "paper", "elements", paper)
    assert result.exit_code == 0, result.output
    assert "/Annots" not in pypdf.PdfReader(out / "card.pdf").pages[0]


def test_a_stat_value_fills_its_field_or_prints_where_no_field_can_hold_it(
    tmp_path: Path,
) -> None:
    """A value in printable ASCII is the field's own value; one in other characters (which the
    field's embedded face may lack) prints on the page, its field left empty; the SVG, which has
    no fields, prints both."""
    elements = (
        "      - {kind: stat, id: plain, label: Plain, value: 'Bo'}\n"
        "      - {kind: stat, id: accented, label: Accented, value: 'Åsa'}\n"
        "      - {kind: stat, id: noted, label: Noted, note: 'base 10'}\n"
    )
    result, out = build_game(
        tmp_path, "elements", CARD.format(elements=elements), "--format", "pdf,svg"
    )
    assert result.exit_code == 0, result.output
    page = pypdf.PdfReader(out / "card.pdf").pages[0]
    values = {str(a.get_object()["/T"]): a.get_object().get("/V") for a in page["/Annots"]}
    assert values == {"plain": "Bo", "accented": "", "noted": ""}
    text = page.extract_text()
    assert "Åsa" in text and "base 10" in text and "Bo" not in text
    svg = (out / "card-p01.svg").read_text(encoding="utf-8")
    assert "<title>Bo</title>" in svg and "<title>Åsa</title>" in svg


@pytest.mark.parametrize(
    ("groups", "group_label", "captions"),
    [(1, None, []), (3, None, ["1", "2", "3"]), (1, "Reserve", ["Reserve"])],
)
def test_one_group_of_checkboxes_has_no_number_over_it(
    tmp_path: Path, groups: int, group_label: str | None, captions: list[str]
) -> None:
    """A single group printed a stray '1' above its boxes; several are numbered, and a caption
    the designer gives is printed however many groups there are."""
    label = f"        group_label: {group_label}\n" if group_label else ""
    code, pdf, output = _sheet(
        tmp_path,
        "      - kind: checkboxes\n"
        "        id: water\n"
        "        label: Water\n"
        f"        groups: {groups}\n"
        "        per_group: 4\n" + label,
    )
    assert code == 0, output
    lines = pypdf.PdfReader(pdf).pages[0].extract_text().splitlines()
    below = lines[lines.index("Water") + 1 :]  # the captions, then the page's footer
    assert below[: len(captions)] == captions
    assert not below[len(captions)].isdigit() and "Reserve" not in below[len(captions)]
