"""The preflight: the shipped games trip none of its checks on either paper, each check trips
where it should (the packages under tests/data/warnings/preflight_* for those a package can
reach, drawn pages here for those printkit's own imposition no longer produces), a designer
can accept a risk, and the audit's defects stay fixed, measured from the rendered pages."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from click.testing import Result
from pixels import colourful, where
from preflight_reference import page_findings
from support import DATA, Raster, parse_diagnostics, run_cli, segments, text_runs

from printkit.draw import ops
from printkit.draw.ops import Circle, Document, Image, Line, Op, Paint, Rect, Text
from printkit.model.units import mm
from printkit.preflight.checks import WHITE, Finding, contrast, could_fade
from printkit.preflight.items import page_items
from printkit.preflight.page import entry_findings
from printkit.preflight.placements import Sheets
from printkit.preflight.run import OnPages, pages_named

A4 = (mm(210), mm(297))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_shipped_games_trip_no_preflight_check(paper: str) -> None:
    result = run_cli("validate", "--paper", paper)
    found = [d for d in parse_diagnostics(result.output) if re.fullmatch(r"PK76\d", d.code)]
    assert not found, result.output


def _findings(ops: list[Op], home_printed: bool = True) -> list[tuple[str, str, str]]:
    """Code, message and hint of each finding on a page drawn with `ops`: on its items, and
    the same on its runs and placements (what the preflight checks)."""
    document = Document("t", [])
    found = page_findings(page_items(document, ops), A4, home_printed)
    reported = [(f.code, f.located, f.hint) for f in found]
    placed = entry_findings(Sheets(document).page(ops), A4, home_printed)
    assert [(f.code, f.located, f.hint) for f in placed] == reported
    return reported


def _codes(ops: list[Op], home_printed: bool = True) -> list[str]:
    return [code for code, _, _ in _findings(ops, home_printed)]


FOLD = Paint(None, "#606060", 0.5, (3.0, 2.0), role="fold")


def test_cut_and_fold_lines_drawn_alike_are_found() -> None:
    fold = Line(mm(100), mm(50), mm(100), mm(120), FOLD)
    dashed_cut = Rect(
        mm(30), mm(50), mm(140), mm(70), Paint(None, "#7f7f7f", 0.25, (3.0, 2.0), role="cut")
    )
    solid_cut = Rect(mm(30), mm(50), mm(140), mm(70), Paint(None, "#7f7f7f", 0.25, role="cut"))
    assert "PK764" in _codes([dashed_cut, fold])
    assert "PK764" not in _codes([solid_cut, fold])
    solid_fold = Line(mm(100), mm(50), mm(100), mm(120), Paint(None, "#606060", 0.5, role="fold"))
    ((code, message, _),) = _findings([solid_cut, solid_fold])
    assert (code, message.split(" at x ")[0]) == ("PK764", "cut and fold lines are both solid")


def test_round_halves_meeting_at_a_point_need_a_rectangle_cut_first() -> None:
    fold = Line(mm(100), mm(50), mm(100), mm(80), FOLD)
    outline = Paint(None, "#333333", 0.3, role="cut")
    halves: list[Op] = [
        Circle(mm(85), mm(65), mm(15), outline),
        Circle(mm(115), mm(65), mm(15), outline),
    ]
    assert "PK765" in _codes([*halves, fold])
    rectangle = Rect(mm(70), mm(50), mm(60), mm(30), Paint(None, "#7f7f7f", 0.25, role="cut"))
    assert "PK765" not in _codes([rectangle, *halves, fold])


def test_only_a_shaped_cut_on_the_fold_makes_halves_that_meet_at_a_point() -> None:
    fold = Line(mm(100), mm(50), mm(100), mm(80), FOLD)
    outline = Paint(None, "#333333", 0.3, role="cut")
    crossing = Rect(mm(90), mm(60), mm(20), mm(10), outline)  # crosses it, holds it not
    far = Circle(mm(150), mm(150), mm(15), outline)
    assert "PK765" not in _codes([crossing, far, fold])
    # a round cut stopping 0.2 mm short of the fold's end still meets it
    near = Circle(mm(100), mm(80.2 + 15) + 0.3 / 2, mm(15), outline)
    assert "PK765" in _codes([near, fold])


def test_faint_text_is_found_among_labels_that_read_and_beside_a_ground_none_stands_on() -> None:
    """Labels that read on their pale grounds are passed over without the exact search of
    what lies under them; the one grey label on a dark hex is still the page's finding, and a
    dark fill with nothing on it is none."""
    pale = [Rect(mm(10 + 12 * i), mm(20), mm(10), mm(10), Paint("#f0e0b0")) for i in range(10)]
    labels = [Text(mm(12 + 12 * i), mm(26), "0101", "PK-Regular", 8.0) for i in range(10)]
    dark = Rect(mm(10), mm(200), mm(30), mm(30), Paint("#303030"))
    assert "PK763" not in _codes([*pale, *labels, dark])
    grey = Text(mm(12), mm(206), "0909", "PK-Regular", 8.0, color="#505050")
    on_white = Text(mm(150), mm(150), "1010", "PK-Regular", 8.0, color="#505050")
    [finding] = [f for f in _findings([*pale, *labels, dark, grey, on_white]) if f[0] == "PK763"]
    assert "'0909' in #505050 on #303030" in finding[1]


def test_a_faint_fold_is_found_after_marks_passed_over() -> None:
    over_art = _faint_fold(320, 430)  # on art: not judged
    reads = Text(mm(50), mm(50), "reads", "PK-Regular", 8.0)  # black on white
    on_white = _faint_fold(100, 600)
    assert "PK763" in _codes([ART, over_art, reads, on_white])
    assert "PK763" in _codes([reads, ART, over_art, on_white])


def test_only_fold_lines_and_text_are_judged_for_contrast() -> None:
    for role in ("cut", "crop", "fold"):
        mark = Line(mm(100), mm(100), mm(100), mm(150), Paint(None, "#dddddd", 2.0, role=role))
        assert ("PK763" in _codes([mark])) is (role == "fold"), role


def test_text_where_a_colour_is_an_error_is_not_judged_for_contrast() -> None:
    """A region whose colour is an error (reported) leaves an invisible 'faulty' box: white
    text over it stands on no colour the preflight knows, before or after the box; the same
    text elsewhere on the page is still judged."""
    faulty = Rect(mm(60), mm(40), mm(80), mm(20), Paint(role="faulty"))
    over = Text(mm(70), mm(50), "over", "PK-Regular", 11.0, color="#ffffff")
    beside = Text(mm(70), mm(150), "beside", "PK-Regular", 11.0, color="#ffffff")
    assert "PK763" not in _codes([faulty, over])
    assert "PK763" not in _codes([over, faulty])
    [(_, message, _)] = [f for f in _findings([faulty, over, beside]) if f[0] == "PK763"]
    assert "text 'beside'" in message


def test_a_dark_fold_line_fades_on_a_dark_casing_under_it() -> None:
    dark_fold = Paint(None, "#000000", 0.5, (3.0, 2.0), role="fold")
    fold = Line(mm(100), mm(40), mm(100), mm(80), dark_fold)
    assert "PK763" not in _codes([fold])  # black on the paper reads
    casing = Line(mm(100), mm(40), mm(100), mm(80), Paint(None, "#222222", 1.5))
    assert "PK763" in _codes([casing, fold])


def test_a_fold_line_with_a_white_casing_reads_on_any_colour() -> None:
    blue = Rect(mm(60), mm(40), mm(80), mm(40), Paint("#1565c0"))
    fold = Line(mm(100), mm(40), mm(100), mm(80), FOLD)
    assert "PK763" in _codes([blue, fold])
    casing = Line(mm(100), mm(40), mm(100), mm(80), Paint(None, "#ffffff", 1.5))
    assert "PK763" not in _codes([blue, casing, fold])


def test_a_fold_drawn_as_a_path_fades_on_the_fill_under_it() -> None:
    """A page with no text and no line under the fold: its only possible ground is the
    shape's fill, which the quick look at the page's colours must count too."""
    blue = Rect(mm(60), mm(40), mm(80), mm(40), Paint("#1565c0"))
    fold = ops.Path((("M", mm(100), mm(40)), ("L", mm(100), mm(80))), FOLD)
    [finding] = [f for f in _findings([blue, fold]) if f[0] == "PK763"]
    assert "#606060 on #1565c0" in finding[1]


def _card_copies(card: tuple[Op, ...], *xs: float) -> list[Op]:
    """The same card (one tuple of ops: a drawing placed again) at x mm, 20 mm from the top."""
    return [ops.Group(card, ops.translate(mm(x), mm(20))) for x in xs]


def test_a_casing_counts_on_a_page_whose_last_drawing_is_a_card_placed_again() -> None:
    """The quick look at the page's colours takes the line casings of every drawing on it,
    not only those of the last one (two yellow cards with no line)."""
    dark_fold = Paint(None, "#000000", 0.5, (3.0, 2.0), role="fold")
    fold = Line(mm(100), mm(140), mm(100), mm(180), dark_fold)
    casing = Line(mm(100), mm(140), mm(100), mm(180), Paint(None, "#222222", 1.5))
    card = (Rect(0, 0, mm(63), mm(88), Paint("#ffee00")),)
    assert "PK763" in _codes([casing, fold, *_card_copies(card, 20, 100)])


def test_text_after_a_card_placed_again_is_judged_on_that_card_s_top_shape() -> None:
    """A copy's items are numbered before what is drawn after it, its last item too: the
    label over the second copy's dark panel stands on the panel, not on the white card."""
    panel = Rect(mm(10), mm(10), mm(40), mm(40), Paint("#202020"))
    card = (Rect(0, 0, mm(63), mm(88), Paint("#ffffff")), panel)
    label = Text(mm(115), mm(42), "Zap", "PK-Regular", 8.0, color="#1565c0")
    [finding] = [f for f in _findings([*_card_copies(card, 20, 100), label]) if f[0] == "PK763"]
    assert "'Zap' in #1565c0 on #202020" in finding[1]


def test_ink_in_the_strip_counts_only_for_home_printing() -> None:
    art = [Rect(mm(2), mm(2), mm(50), mm(50), Paint("#336699"))]
    assert "PK760" in _codes(art)
    assert "PK760" not in _codes(art, home_printed=False)  # a print shop prints to the edge
    assert "PK760" not in _codes([Rect(mm(2), mm(2), mm(50), mm(50), Paint("#ffffff"))])


@pytest.mark.parametrize(
    ("mark", "inks"),
    [
        (Image(mm(2), mm(2), mm(50), mm(50), "/art.png"), True),  # art: its colours unknown
        (Rect(mm(2), mm(2), mm(50), mm(50), Paint("#ffffff", "#000000")), True),  # its outline
        (Rect(mm(2), mm(2), mm(50), mm(50), Paint(None, "#FFFFFF")), False),
        (Rect(mm(2), mm(2), mm(50), mm(50), Paint(None, None)), False),  # an invisible trim
        (Text(mm(2), mm(20), "edge", "PK-Regular", 9.0, "#336699"), True),
        (Text(mm(2), mm(20), "edge", "PK-Regular", 9.0, "#FFFFFF"), False),
    ],
)
def test_only_ink_in_the_strip_counts_and_white_is_no_ink(mark: Op, inks: bool) -> None:
    assert ("PK760" in _codes([mark])) is inks


@pytest.mark.parametrize(
    ("edge", "x", "y"),
    [("left", 2, 100), ("top", 100, 2), ("right", 168, 100), ("bottom", 100, 255)],
)
def test_ink_in_the_strip_is_measured_from_the_edge_it_nears(edge: str, x: int, y: int) -> None:
    """A 40 mm square 2 mm from one edge of A4 (210 × 297 mm) and far from the others: the
    finding names that edge and that distance, whichever edge it is, and the middle of the
    square's side that nears it."""
    square = Rect(mm(x), mm(y), mm(40), mm(40), Paint("#336699"))
    ((code, message, _),) = _findings([square])
    assert code == "PK760"
    side_x = {"left": x, "right": x + 40}.get(edge, x + 20)
    side_y = {"top": y, "bottom": y + 40}.get(edge, y + 20)
    assert message.startswith(
        f"a rect reaches 2.0 mm from the {edge} edge, at x {side_x}.0 mm, y {side_y}.0 mm;"
    )


@pytest.mark.parametrize(
    ("x", "said"), [(4.8, "4.8 mm"), (0.5, "0.5 mm"), (-3.0, "0.0 mm"), (5.0, None)]
)
def test_ink_in_the_strip_is_said_how_deep_up_to_the_strip_s_5_mm(
    x: float, said: str | None
) -> None:
    """Ink past the paper's edge reaches 0 mm from it, and ink 5 mm in is clear."""
    square = Rect(mm(x), mm(100), mm(40), mm(40), Paint("#336699"))
    messages = [message for code, message, _ in _findings([square]) if code == "PK760"]
    assert len(messages) == (1 if said else 0)
    assert all(m.startswith(f"a rect reaches {said} from the left edge, at x ") for m in messages)


def test_of_two_marks_as_deep_in_the_strip_the_first_painted_is_named() -> None:
    text = Text(mm(2), mm(100), "first", "PK-Regular", 9.0)
    square = Rect(mm(2), mm(150), mm(20), mm(20), Paint("#336699"))
    for page, named in (([text, square], "text 'first'"), ([square, text], "a rect")):
        (message,) = [message for code, message, _ in _findings(page) if code == "PK760"]
        assert message.startswith(f"{named} reaches 2.0 mm from the left edge")


def test_a_line_is_the_ground_of_a_fold_line_over_it_never_of_text() -> None:
    """Text fades only against the paper or a fill; a fold line drawn as a line also against a
    line under it (its casing). So black text beside black crop marks needs no search."""
    black, grey = "#000000", "#202020"
    assert not could_fade({black}, set(), {WHITE}, {black})
    assert could_fade({black}, {black}, {WHITE}, {grey})
    assert could_fade({black}, set(), {WHITE, grey}, set())
    assert not could_fade({black}, {black}, {WHITE}, {WHITE})


def test_contrast_is_wcag_s_ratio() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#ffffff", "#e07b00") < 3.0 < contrast("#ffffff", "#b35f00")


def test_text_size_counts_the_transforms() -> None:
    from printkit.draw.ops import Group

    small = Group((Text(0, 0, "tiny", "PK-Regular", 10.0),), (0.5, 0, 0, 0.5, mm(50), mm(50)))
    assert "PK761" in _codes([small])
    assert "PK761" not in _codes([Text(mm(50), mm(50), "fine", "PK-Regular", 6.0)])


def _accepting(tmp_path: Path, codes: str, small_effect: bool = False) -> Result:
    """The low-contrast warning package, its material accepting `codes` (and its effect text
    printed at 5pt if `small_effect`), validated."""
    case = tmp_path / "preflight_low_contrast"
    shutil.copytree(DATA / "warnings" / "preflight_low_contrast", case)
    game = case / "game.yaml"
    accept = f"      backs: none\n    preflight: {{accept: [{codes}]}}"
    text = game.read_text().replace("      backs: none", accept)
    if small_effect:
        text = text.replace("size: 9pt\n        min_size: 6pt", "size: 5pt\n        min_size: 5pt")
    game.write_text(text)
    return run_cli("--rule-data", tmp_path, "validate")


def test_a_designer_may_accept_a_risk(tmp_path: Path) -> None:
    result = _accepting(tmp_path, "PK763")
    assert result.exit_code == 0, result.output
    assert "PK763" not in result.output


def test_an_accepted_finding_hides_only_itself_not_the_findings_after_it(
    tmp_path: Path,
) -> None:
    # the page's small text (PK761, accepted) is found before its low contrast (PK763)
    result = _accepting(tmp_path, "PK761", small_effect=True)
    assert "PK761" not in result.output
    assert "PK763" in result.output


def test_accept_names_preflight_codes_only(tmp_path: Path) -> None:
    result = _accepting(tmp_path, "PK301")
    assert result.exit_code == 1 and "PK122" in result.output


# --- the audit's defects, measured from the rendered pages ------------------------------------


def _dark_runs_across(raster: Raster, y_mm: float) -> list:
    return segments([sum(p) < 600 for p in raster.row(y_mm)])


def _art_box(raster: Raster) -> tuple[float, float, float, float]:
    """The box of the coloured art on a page (mm): pixels far from grey."""
    return where(raster, colourful(40), step=4).box_mm()


def test_crop_marks_stand_only_around_pieces(tmp_path: Path) -> None:
    """The variable attack card (one piece on its sheet): two marks above it and two on each
    side, none for the empty slots of the grid (below it, the note keeps them short)."""
    out = tmp_path / "out"
    result = run_cli("build", "raise_the_shields", "--only", "variable_attack_card", "--out", out)
    assert result.exit_code == 0, result.output
    raster = Raster.of(out / "raise_the_shields" / "variable_attack_card.pdf", 0)
    left, top, right, bottom = _art_box(raster)
    above = [s for s in _dark_runs_across(raster, top - 4) if s.length < 1]
    assert len(above) == 2
    for x in (left - 4, right + 4):
        column = segments([sum(p) < 600 for p in raster.column(x)])
        beside = [s for s in column if s.length < 1 and s.end < bottom + 10]  # not the note
        assert len(beside) == 2


def test_the_card_cut_outline_is_solid_and_the_fold_dashed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_cli("build", "raise_the_shields", "--only", "variable_attack_card", "--out", out)
    raster = Raster.of(out / "raise_the_shields" / "variable_attack_card.pdf", 0)
    left, top, _, bottom = _art_box(raster)
    middle = (top + bottom) / 2
    fold_x = raster.width_mm / 2  # one unfolded card, centred on the sheet
    fold = segments([sum(p) < 600 for p in raster.column(fold_x)])
    inside = [s for s in fold if top + 3 < s.middle < bottom - 3]
    assert len(inside) > 5, "the fold line is dashed"
    cut = [s for s in _dark_runs_across(raster, middle) if s.middle < left + 4]
    assert cut, "a cut line runs down the card's left edge"
    cut_column = segments([sum(p) < 700 for p in raster.column(cut[0].middle)])
    longest = max(cut_column, key=lambda s: s.length)
    assert longest.length > (bottom - top) - 8, "the cut line is solid"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_bleed_reaches_the_strip_the_printer_cannot_print(paper: str, tmp_path: Path) -> None:
    """Rise!'s tiles and Shields Up's cards, every page: no ink in the outer 5 mm."""
    out = tmp_path / "out"
    for game, material in (("rise", "pieces"), ("shields_up", "deck")):
        result = run_cli(
            "build", game, "--only", material, "--paper", paper, "--out", out, "--format", "pdf"
        )
        assert result.exit_code == 0, result.output
        pdf = out / game / f"{material}.pdf"
        from support import page_count

        for index in range(page_count(pdf)):
            raster = Raster.of(pdf, index)
            for edge in (4.6, raster.width_mm - 4.6):
                assert not any(sum(p) < 700 for p in raster.column(edge)), (
                    f"{game} page {index + 1}"
                )
            for edge in (4.6, raster.height_mm - 4.6):
                assert not any(sum(p) < 700 for p in raster.row(edge)), f"{game} page {index + 1}"


def test_calibration_scale_labels_stand_apart(tmp_path: Path) -> None:
    """Each of the back page's scale labels (±5 on both scales, three scales) keeps clear of
    every other, and names its scale: "x +5" and "y −5" no longer read as "+5 −5"."""
    out = tmp_path / "out"
    result = run_cli("build", "shields_up", "--only", "deck", "--out", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(out / "shields_up" / "deck.pdf")
    back = reader.pages[-1]
    labels = [run for run in text_runs(back) if run.text in {"x +5", "x −5", "y +5", "y −5"}]
    assert len(labels) == 12  # three scales, two axes, two labels each
    for index, a in enumerate(labels):
        for b in labels[index + 1 :]:
            apart = max(abs(a.x - b.x) - 4.6, abs(a.y - b.y) - 2.1)  # a label is ≤ 4.6 × 2.1 mm
            assert apart > 0, (
                f"{a.text} at ({a.x:.1f}, {a.y:.1f}) and {b.text} at ({b.x:.1f}, {b.y:.1f})"
            )


def test_a_piece_edge_needs_a_mark_or_a_cut_line() -> None:
    trim = Rect(mm(50), mm(50), mm(63), mm(88), Paint(None, None, role="trim"))
    assert "PK766" in _codes([trim])
    cut = Rect(mm(50), mm(50), mm(63), mm(88), Paint(None, "#7f7f7f", 0.25, role="cut"))
    assert "PK766" not in _codes([trim, cut])
    crop = Paint(None, "#000000", 0.25, role="crop")
    marks: list[Op] = [
        Line(mm(50), mm(40), mm(50), mm(45), crop),
        Line(mm(113), mm(40), mm(113), mm(45), crop),
        Line(mm(40), mm(50), mm(45), mm(50), crop),
        Line(mm(40), mm(138), mm(45), mm(138), crop),
    ]
    assert "PK766" not in _codes([trim, *marks])
    assert "PK766" in _codes([trim, *marks[1:]])  # the left edge has lost its mark


TRIM = Rect(mm(50), mm(50), mm(63), mm(88), Paint(None, None, role="trim"))  # 50-113, 50-138
CROP = Paint(None, "#000000", 0.25, role="crop")
EDGE_MARKS = {
    "left": Line(mm(50), mm(40), mm(50), mm(45), CROP),
    "right": Line(mm(113), mm(40), mm(113), mm(45), CROP),
    "top": Line(mm(40), mm(50), mm(45), mm(50), CROP),
    "bottom": Line(mm(40), mm(138), mm(45), mm(138), CROP),
}


EDGE_MIDDLES = {
    "left": (50.0, 94.0),
    "right": (113.0, 94.0),
    "top": (81.5, 50.0),
    "bottom": (81.5, 138.0),
}


@pytest.mark.parametrize("side", sorted(EDGE_MARKS))
def test_the_unmarked_edge_is_named_where_it_is(side: str) -> None:
    """Named at the middle of the edge itself, not at the piece's centre."""
    marks = [mark for name, mark in EDGE_MARKS.items() if name != side]
    ((code, message, _),) = _findings([TRIM, *marks])
    assert code == "PK766"
    x, y = EDGE_MIDDLES[side]
    assert message == (
        f"the {side} edge of a piece at x {x} mm, y {y} mm has no crop mark and no cut line"
    )


def _moved(mark: Line, by_mm: float) -> Line:
    """The mark moved across its own line: an upright one sideways, a flat one up or down."""
    upright = mark.x1 == mark.x2
    dx, dy = (mm(by_mm), 0.0) if upright else (0.0, mm(by_mm))
    return Line(mark.x1 + dx, mark.y1 + dy, mark.x2 + dx, mark.y2 + dy, mark.paint)


@pytest.mark.parametrize("side", sorted(EDGE_MARKS))
@pytest.mark.parametrize("by_mm", [-0.2, 0.2])
def test_a_mark_a_little_off_its_edge_still_marks_it(side: str, by_mm: float) -> None:
    """Closer than 0.3 mm, a mark stands on the edge's line, on either side of it; further,
    it marks nothing there (and is itself a mark of nothing)."""
    marks = [_moved(mark, by_mm) if name == side else mark for name, mark in EDGE_MARKS.items()]
    assert _codes([TRIM, *marks]) == []
    marks = [_moved(mark, by_mm * 2) if name == side else mark for name, mark in EDGE_MARKS.items()]
    assert _codes([TRIM, *marks]) == ["PK766", "PK767"]
    assert f"the {side} edge" in _findings([TRIM, *marks])[0][1]


def test_a_flat_mark_does_not_mark_an_upright_edge_it_crosses() -> None:
    """A mark marks the edge it lies along: a flat mark whose middle is on the left edge's
    line is no mark of the left edge."""
    across = Line(mm(45), mm(40), mm(55), mm(40), CROP)  # middle at x 50 mm, the left edge
    marks = [mark for name, mark in EDGE_MARKS.items() if name != "left"]
    assert "the left edge" in _findings([TRIM, *marks, across])[0][1]


def test_a_card_placed_again_has_its_text_touched_by_a_mark_0_2_mm_away() -> None:
    """The text of a drawing placed again is judged where each copy sits: a mark 0.2 mm above,
    below, left or right of the second copy's title touches it."""
    title = Text(mm(5), mm(10), "Title", "PK-Regular", 10)
    card = (Rect(0, 0, mm(63), mm(88), Paint("#ffffff")), title)
    copies = _card_copies(card, 20, 100)
    (left, top, right, bottom) = page_items(Document("t", []), [copies[1]])[-1].box
    middle = (top + bottom) / 2
    above = Line(mm(106), top - mm(10), mm(106), top - mm(0.2), CROP)
    below = Line(mm(106), bottom + mm(0.2), mm(106), bottom + mm(10), CROP)
    before = Line(left - mm(10), middle, left - mm(0.2), middle, CROP)
    after = Line(right + mm(0.2), middle, right + mm(10), middle, CROP)
    for mark in (above, below, before, after):
        assert "PK762" in _codes([*copies, mark])


@pytest.mark.parametrize(
    ("edge", "x", "y"),
    [("left", -20, 100), ("top", 100, -20), ("right", 210, 100), ("bottom", 100, 297)],
)
def test_ink_wholly_off_the_paper_is_found_beyond_the_edge_it_passed(
    edge: str, x: float, y: float
) -> None:
    """Art just past an edge (its box ending on the edge or starting on it) prints nothing,
    said once a page; art with a sliver on the paper is the strip's business; white is no
    ink."""
    past = Rect(mm(x), mm(y), mm(20), mm(20), Paint("#336699"))
    for home_printed in (True, False):
        [finding] = [f for f in _findings([past, past], home_printed) if f[0] == "PK768"]
        assert finding[1].startswith(f"a rect lies wholly beyond the {edge} edge of the paper")
    onto = mm(0.1) * {"left": 1, "top": 1, "right": -1, "bottom": -1}[edge]
    sliver = Rect(
        past.x + (onto if edge in ("left", "right") else 0),
        past.y + (onto if edge in ("top", "bottom") else 0),
        past.w,
        past.h,
        past.paint,
    )
    assert "PK768" not in _codes([sliver])
    assert _codes([Rect(past.x, past.y, past.w, past.h, Paint(WHITE))]) == []


# Each check's finding as printed: what, where (the middle of the item's box; for the strip,
# of its side nearest the edge) and what to do.
FINDINGS = {
    "ink in the strip": (
        [Rect(mm(168), mm(100), mm(40), mm(40), Paint("#336699"))],
        "PK760",
        "a rect reaches 2.0 mm from the right edge, at x 208.0 mm, y 120.0 mm; home printers "
        "leave the outer 5 mm blank",
        "keep art, bleed, marks and text 5 mm inside the paper (a smaller piece, fewer per sheet, "
        "a larger paper, or on a back page a smaller back offset), or accept the risk with "
        "'preflight: {accept: [code]}'",
    ),
    "cut like fold": (
        [
            Rect(mm(30), mm(50), mm(140), mm(70), Paint(None, "#7f7f7f", 0.25, (3.0, 2.0), "cut")),
            Line(mm(100), mm(50), mm(100), mm(120), FOLD),
        ],
        "PK764",
        "cut and fold lines are both dashed at x 100.0 mm, y 85.0 mm",
        "draw cut lines solid and fold lines dashed, so 'fold on the dashed line' is true",
    ),
    "halves at a point": (
        [
            Circle(mm(85), mm(65), mm(15), Paint(None, "#333333", 0.3, role="cut")),
            Circle(mm(115), mm(65), mm(15), Paint(None, "#333333", 0.3, role="cut")),
            Line(mm(100), mm(50), mm(100), mm(80), FOLD),
        ],
        "PK765",
        "the two halves of a fold-and-glue piece meet at a point at x 100.0 mm, y 65.0 mm",
        "give round and hexagonal pieces a rectangle to cut out first (the outline is cut after "
        "gluing), or a hinge",
    ),
    "unmarked edge": (
        [TRIM],
        "PK766",
        "the left edge of a piece at x 50.0 mm, y 94.0 mm has no crop mark and no cut line",
        "turn crop marks on, give the material a 'cut_corner_radius' (a cut line round each "
        "piece), or leave room in the margins for marks",
    ),
    "off the paper": (
        [Text(mm(100), mm(300), "Print at actual size", "PK-Regular", 6.0, role="note")],
        "PK768",
        "text 'Print at actual size' lies wholly beyond the bottom edge of the paper, at x 108.8 "
        "mm, y 299.5 mm: none of it prints",
        "the page's note needs about 3 mm of paper under the pieces or beside them: a wider "
        "margin (impose: margin) or fewer pieces per sheet leaves it room; move anything else "
        "onto the page",
    ),
    "mark of nothing": (
        [TRIM, *EDGE_MARKS.values(), Line(mm(150), mm(40), mm(150), mm(45), CROP)],
        "PK767",
        "a crop mark at x 150.0 mm, y 42.5 mm is in line with no piece's edge",
        "marks stand only at cut lines that bound a piece; this one marks an empty slot",
    ),
}


@pytest.mark.parametrize("case", sorted(FINDINGS))
def test_each_finding_says_what_where_and_what_to_do(case: str) -> None:
    ops, code, message, hint = FINDINGS[case]
    assert _findings(ops) == [(code, message, hint)]


def test_small_text_counts_the_runs_and_names_the_smallest() -> None:
    from printkit.draw.ops import Group

    def scaled(text: str, scale: float) -> Group:
        return Group((Text(0, 0, text, "PK-Regular", 10.0),), (scale, 0, 0, scale, mm(50), mm(50)))

    art = Rect(mm(40), mm(40), mm(30), mm(30), Paint("#336699"))  # not text: not counted
    six = Text(mm(100), mm(100), "six", "PK-Regular", 6.0)  # 6 pt reads: not counted
    tiny = "a tiny run of text cut short at 30 characters"
    page = [art, six, scaled("small", 0.55), scaled(tiny, 0.5)]
    ((code, message, hint),) = _findings(page)
    assert code == "PK761"
    assert message.startswith(f"2 text run(s) below 6 pt, the smallest '{tiny[:30]}' at 5.0 pt ")
    assert hint == (
        "text under 6 pt is hard to read on paper: make it larger (a region's 'min_size', a "
        "label's 'size') or give it more room"
    )


def test_a_mark_over_text_names_the_text_by_its_first_30_characters() -> None:
    title = "A title long enough to be cut short in a message"
    ops = [
        Line(mm(100), mm(40), mm(100), mm(80), CROP),
        Text(mm(98), mm(60), title, "PK-Regular", 10),
    ]
    ((code, message, hint),) = _findings(ops)
    assert code == "PK762"
    assert message == (
        f"a crop mark crosses or touches text '{title[:30]}' at x 100.0 mm, y 60.0 mm"
    )
    assert hint == "marks stop short of text: move the text, or the marks' room"


def test_a_mark_within_0_3_mm_of_text_touches_it() -> None:
    text = Text(mm(98), mm(60), "Title", "PK-Regular", 10)
    (_, top, _, _) = page_items(Document("t", []), [text])[0].box

    def mark_ending_above(gap_mm: float) -> Line:
        return Line(mm(100), top - mm(20), mm(100), top - mm(gap_mm), CROP)

    assert "PK762" in _codes([mark_ending_above(0.2), text])
    assert "PK762" not in _codes([mark_ending_above(0.5), text])


def test_low_contrast_names_both_colours_and_the_ratio() -> None:
    blue = Rect(mm(60), mm(40), mm(80), mm(40), Paint("#1565c0"))
    fold = Line(mm(100), mm(40), mm(100), mm(80), FOLD)
    ((code, message, hint),) = _findings([blue, fold])
    ratio = contrast("#606060", "#1565c0")
    assert code == "PK763"
    assert message == (
        f"a fold mark in #606060 on #1565c0 has a contrast of {ratio:.1f} : 1 "
        "at x 100.0 mm, y 60.0 mm"
    )
    assert hint == "below 3 : 1 it fades on paper: darken one colour or lighten the other"


def test_marks_stand_only_at_the_edges_of_pieces() -> None:
    """A last sheet holding one card: marks for the whole 3 × 3 grid would mark empty slots
    (PK767); the imposition draws only those of the occupied cell."""
    from printkit.impose.grid import fit_grid
    from printkit.impose.marks import crop_marks

    grid = fit_grid(A4, (mm(63), mm(88)), 0.0, mm(5))
    assert grid is not None and grid.per_sheet == 9
    x, y = grid.position(0)
    trim = Rect(x, y, mm(63), mm(88), Paint(None, None, role="trim"))
    every_slot = crop_marks(grid, mm(3), mm(5))
    assert "PK767" in _codes([trim, *every_slot])
    only_the_card = crop_marks(grid, mm(3), mm(5), cells=[0])
    assert len(only_the_card) == 8  # two lines each way, marked at both ends
    assert not {"PK766", "PK767"} & set(_codes([trim, *only_the_card]))


def test_the_page_note_in_the_strip_is_named_as_the_note() -> None:
    note = Rect(mm(2), mm(100), mm(40), mm(10), Paint("#dddddd", role="note"))
    ((code, message, _),) = _findings([note])
    assert code == "PK760"
    assert message.startswith("the page note reaches 2.0 mm from the left edge, ")


# A fold line in a colour too faint for white paper, 2 pt wide: its middle is at (x, y).
def _faint_fold(x: float, y: float) -> Line:
    return Line(x, y - 10, x, y + 10, Paint(None, "#dddddd", 2.0, (3.0, 2.0), role="fold"))


# Art from a file over (300, 400) to (340, 460) pt: colours unknown, so no contrast is judged.
ART = Image(300, 400, 40, 60, "/nowhere/art.png")


@pytest.mark.parametrize(
    ("x", "y"),
    [(300, 430), (340, 430), (320, 400), (320, 460), (320, 430)],
    ids=["left edge", "right edge", "top edge", "bottom edge", "inside"],
)
def test_nothing_is_judged_over_art_edges_included(x: float, y: float) -> None:
    assert "PK763" not in _codes([ART, _faint_fold(x, y)])


@pytest.mark.parametrize(
    ("x", "y"),
    [(299, 430), (341, 430), (320, 399), (320, 461), (250, 430), (320, 350)],
    ids=["left", "right", "above", "below", "level with it", "in line with it"],
)
def test_a_faint_line_beside_art_is_judged_against_the_paper(x: float, y: float) -> None:
    assert "PK763" in _codes([ART, _faint_fold(x, y)])


# Halves meeting on a fold at x 30 mm from y 100 to 130 mm (y below x everywhere, so no side
# can stand in for another), and the rectangle cut first round them, by its edges in mm.
HINGE: list[Op] = [
    Circle(mm(15), mm(115), mm(15), Paint(None, "#333333", 0.3, role="cut")),
    Circle(mm(45), mm(115), mm(15), Paint(None, "#333333", 0.3, role="cut")),
    Line(mm(30), mm(100), mm(30), mm(130), FOLD),
]


@pytest.mark.parametrize(
    ("edges", "apart"),
    [
        ((10, 95, 50, 135), False),
        ((29.95, 100.1, 30.05, 129.9), False),  # within 0.3 mm of the fold on every side
        ((10, 105, 50, 135), True),
        ((10, 95, 50, 125), True),
        ((30.5, 95, 50, 135), True),
        ((10, 95, 29.5, 135), True),
    ],
    ids=["round it", "along it", "short at the top", "short at the bottom", "left", "right"],
)
def test_the_rectangle_cut_first_must_hold_the_whole_fold(
    edges: tuple[float, float, float, float], apart: bool
) -> None:
    x0, y0, x1, y1 = (mm(v) for v in edges)
    first = Rect(x0, y0, x1 - x0, y1 - y0, Paint(None, "#7f7f7f", 0.25, role="cut"))
    assert ("PK765" in _codes([first, *HINGE])) == apart


def test_a_cut_line_marks_an_edge_only_along_it_and_all_of_it() -> None:
    """TRIM's left edge is x 50 mm from y 50 to 138 mm."""
    cut = Paint(None, "#7f7f7f", 0.25, role="cut")
    whole_edge = Line(mm(50), mm(50), mm(50), mm(138), cut)
    half_edge = Line(mm(50), mm(50), mm(50), mm(94), cut)
    elsewhere = Rect(mm(150), mm(40), mm(10), mm(110), cut)  # as long, but not on any edge
    marks = [EDGE_MARKS[side] for side in ("right", "top", "bottom")]
    assert "PK766" not in _codes([TRIM, *marks, whole_edge])
    for cut_line in (half_edge, elsewhere):
        ((code, message, _),) = _findings([TRIM, *marks, cut_line])
        assert (code, message.split(" of ")[0]) == ("PK766", "the left edge")


DARK = Paint("#1565c0")  # a faint fold reads on it (contrast over 3), not on white paper


@pytest.mark.parametrize(
    ("x", "y", "faded"),
    [
        (130, 140, False),  # on the circle (30² + 40² = 50²)
        (100, 100, False),  # its centre
        (55, 55, True),  # a corner of its box, outside the circle
        (145, 145, True),
        (100, 151, True),  # below it
    ],
)
def test_a_filled_circle_is_the_ground_inside_it_only(x: float, y: float, faded: bool) -> None:
    disc = Circle(100, 100, 50, DARK)
    assert ("PK763" in _codes([disc, _faint_fold(x, y)])) == faded


@pytest.mark.parametrize(("x", "y"), [(200, 300), (260, 300), (230, 300), (200, 340)])
def test_a_filled_rectangle_is_the_ground_up_to_its_edges(x: float, y: float) -> None:
    block = Rect(200, 300, 60, 40, DARK)
    assert "PK763" not in _codes([block, _faint_fold(x, y)])
    assert "PK763" in _codes([block, _faint_fold(x - 61, y)])


def test_each_filled_triangle_is_the_ground_inside_its_own_outline() -> None:
    """Two triangles, each with a faint fold over its middle: each fold reads on its own
    triangle, and one beside a triangle's slanted side, inside its box, fades."""

    def triangle(x: float) -> ops.Path:
        return ops.Path((("M", x, 100), ("L", x + 80, 100), ("L", x, 180), ("Z",)), DARK)

    left, right = triangle(100), triangle(300)
    assert "PK763" not in _codes([left, right, _faint_fold(120, 120), _faint_fold(320, 120)])
    assert "PK763" in _codes([left, right, _faint_fold(170, 170)])


NIGHT = Paint("#222222")  # black text fades on it, never on white paper
LANDSCAPE_A4 = (A4[1], A4[0])


def _dim_label(x: float, y: float) -> Text:
    """Black text whose middle lies about 2 mm right of and above (x, y), in mm."""
    return Text(mm(x), mm(y), "Ab", "PK-Regular", 8.0, "#000000")


def _contrast_codes(page: list[Op], size: tuple[float, float] = A4) -> list[str]:
    found = page_findings(page_items(Document("t", []), page), size, home_printed=False)
    return [finding.code for finding in found]


@pytest.mark.parametrize(
    ("x", "y", "size"),
    [
        (1, 5, A4),  # the top left corner: the first column and row of the page's buckets
        (100, 295, A4),  # the bottom row, the page's last 7 mm
        (291, 100, LANDSCAPE_A4),  # the right edge of a page wider than tall
        (100, 205, LANDSCAPE_A4),  # its bottom edge
    ],
)
def test_text_on_a_ground_it_fades_on_is_found_up_to_the_page_s_edges(
    x: float, y: float, size: tuple[float, float]
) -> None:
    """Black text on a near-black square around it, at each edge of the page: the square is
    the ground there, wherever the page's lookup buckets end."""
    ground = Rect(mm(x - 8), mm(y - 8), mm(16), mm(16), NIGHT)
    assert "PK763" in _contrast_codes([ground, _dim_label(x, y)], size)
    assert "PK763" not in _contrast_codes([_dim_label(x, y)], size)  # on white paper


def test_a_ground_as_wide_as_the_page_is_found_under_any_point_of_it() -> None:
    page_wide = Rect(0, 0, A4[0], A4[1], NIGHT)
    for x, y in ((5, 5), (100, 150), (200, 290)):
        assert "PK763" in _contrast_codes([page_wide, _dim_label(x, y)])


def test_a_ground_as_wide_as_a_poster_is_found_under_its_middle() -> None:
    """A 1 m poster's fill spans a hundred of the page's 10 mm lookup buckets."""
    poster = (mm(1000), mm(700))
    page_wide = Rect(0, 0, poster[0], poster[1], NIGHT)
    assert "PK763" in _contrast_codes([page_wide, _dim_label(500, 350)], poster)


def test_art_wholly_off_the_page_hides_no_ground_drawn_after_it() -> None:
    off_the_page = Rect(mm(-100), mm(50), mm(20), mm(20), NIGHT)
    page = [off_the_page, Rect(mm(90), mm(140), mm(20), mm(20), NIGHT), _dim_label(100, 150)]
    assert "PK763" in _contrast_codes(page)


def test_the_ground_under_text_is_a_shape_s_fill_not_its_outline() -> None:
    outlined = Rect(mm(90), mm(140), mm(20), mm(20), Paint("#222222", "#ffffff", 2.0))
    assert "PK763" in _contrast_codes([outlined, _dim_label(100, 150)])
    lit = Rect(mm(90), mm(140), mm(20), mm(20), Paint("#ffffff", "#222222", 2.0))
    assert "PK763" not in _contrast_codes([lit, _dim_label(100, 150)])


def test_the_ground_is_the_last_shape_painted_whatever_its_size() -> None:
    """A small square, a page-wide fill over it, a second small square over that: the text
    stands on the second square, the last painted under it, small and large alike."""
    first = Rect(mm(10), mm(10), mm(5), mm(5), Paint("#ffff00"))
    page_wide = Rect(0, 0, A4[0], A4[1], Paint("#ffff00"))
    last = Rect(mm(90), mm(140), mm(20), mm(20), NIGHT)
    assert "PK763" in _contrast_codes([first, page_wide, last, _dim_label(100, 150)])
    assert "PK763" not in _contrast_codes([first, last, page_wide, _dim_label(100, 150)])


def test_a_finding_names_its_material_and_page() -> None:
    result = run_cli("--rule-data", DATA / "warnings", "validate", "preflight_low_contrast")
    (finding,) = [d for d in parse_diagnostics(result.output) if d.code == "PK763"]
    assert finding.message.startswith("material 'sheet', page 1: text 'Twin' in #f5e663 ")


def test_a_finding_on_many_pages_names_them_once() -> None:
    """A back drawn alike on every other page is one finding naming its pages, not one per
    page (a new user's unclosed quote gave 49 identical warnings)."""
    assert pages_named([3]) == "page 3"
    assert pages_named([2, 3, 4, 7]) == "pages 2–4, 7"
    assert pages_named(list(range(2, 100, 2))) == "49 pages (2, 4, 6, …)"


def test_a_finding_on_several_pages_is_one_whether_or_not_its_place_moves() -> None:
    """A back drawn alike on every other page, or mirroring its front: one finding naming its
    pages, at its place, or where the place moves, at the first page's."""
    faint = Finding("PK763", "text 'A' in #eeeeee on #ffffff has a contrast of 1.1 : 1", "hint")
    found = OnPages()
    for number, place in ((1, "at x 10.0 mm, y 5.0 mm"), (2, "at x 190.0 mm, y 5.0 mm")):
        found.add(number, replace(faint, place=place))
    for number in (1, 3):
        found.add(number, Finding("PK761", "small", "larger", "at x 1.0 mm, y 1.0 mm"))
    found.add(4, Finding("PK765", "halves meet", "a hinge", "at x 1.0 mm, y 1.0 mm"))
    found.add(4, Finding("PK765", "halves meet", "a hinge", "at x 9.0 mm, y 1.0 mm"))
    assert list(found.said()) == [
        ("PK763", f"pages 1–2: {faint.message} at x 10.0 mm, y 5.0 mm on page 1", "hint"),
        ("PK761", "pages 1, 3: small at x 1.0 mm, y 1.0 mm", "larger"),
        ("PK765", "page 4: halves meet at x 1.0 mm, y 1.0 mm", "a hinge"),
    ]
