"""Shields: The Dice Game's printed materials: a shopping list computed from the dice inventory
(never copied), a fillable player mat with three 12-step health tracks, and a pool mat."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdf
import pytest
from pixels import close_to, mask_px
from support import (
    RULE_DATA,
    Raster,
    hex_rgb,
    run_cli,
    segments,
    text_runs,
)


@pytest.fixture(scope="module")
def mats(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mats")
    result = run_cli("build", "shields_dice", "--out", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    return out / "shields_dice"


def _text(pdf: Path) -> str:
    return pypdf.PdfReader(pdf).pages[0].extract_text()


def test_the_shopping_list_adds_up_the_inventory(mats: Path) -> None:
    text = _text(mats / "shopping_list.pdf")
    assert "34 dice of 24 kinds" in text
    counts = [int(m) for m in re.findall(r"^d\d+\s+\w+\s+\w+\s+(\d+)\s", text, re.MULTILINE)]
    assert len(counts) == 24 and sum(counts) == 34


def _copy(tmp_path: Path, count: int, stated_total: int) -> Path:
    folder = tmp_path / "rule_data" / "shields_dice"
    shutil.copytree(RULE_DATA / "shields_dice", folder)
    game, rules = folder / "game.yaml", folder / "rules.yaml"
    green = "d12_translucent_green: {count: "
    game.write_text(game.read_text().replace(green + "6", green + str(count)))
    rules.write_text(rules.read_text().replace("dice_total: 34", f"dice_total: {stated_total}"))
    return folder


def test_the_shopping_list_follows_the_data(tmp_path: Path) -> None:
    folder = _copy(tmp_path, count=9, stated_total=37)
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "shopping_list", "--out", out)
    assert result.exit_code == 0, result.output
    assert "37 dice of 24 kinds" in _text(out / "shields_dice" / "shopping_list.pdf")


def test_an_inventory_that_disagrees_with_the_stated_total_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path, count=9, stated_total=34)
    result = run_cli("--rule-data", folder.parent, "validate")
    assert result.exit_code == 1
    assert "error[PK530]: claim 'thirty_four_dice' does not hold" in result.output


def test_the_player_mat_has_three_health_tracks_of_twelve(mats: Path) -> None:
    page = pypdf.PdfReader(mats / "player_mat.pdf").pages[0]
    names = [str(a.get_object()["/T"]) for a in page.get("/Annots", [])]
    for colour in ("red", "yellow", "blue"):
        steps = sorted(int(n.split(".")[1]) for n in names if n.startswith(f"{colour}_health."))
        assert steps == list(range(1, 13))
    text = _text(mats / "player_mat.pdf")
    assert "red (R) attacks yellow" in text and "blue (B) attacks red" in text


def test_the_player_mat_gives_black_shields_one_place_for_all_three_batteries(mats: Path) -> None:
    """Erratum black_shield_covers plays one black shield over every battery (seed 001, l.94):
    the mat must not offer a black shield space in each battery's row."""
    text = " ".join(_text(mats / "player_mat.pdf").split())
    assert "guards all three of its owner's batteries" in text
    assert text.count("Black shields: all batteries") == 1
    assert "black shield in front" not in text and "black shield behind" not in text


def test_the_pool_mat_lists_every_pool_die_by_role(mats: Path) -> None:
    text = _text(mats / "pool_mat.pdf")
    assert text.count("pool ") >= 18  # every die whose inventory line says it is in the pool
    for role in ("an attacking die", "a potion", "polish", "The trash"):
        assert role in text


def test_the_pool_mat_s_trash_holds_dice(mats: Path) -> None:
    """From the pixels: under its label, the trash is a space players put dice in, so it is at
    least as tall as a die needs (22 mm, docs/sheets.md); it was a 10 mm write-in box."""
    pdf = mats / "pool_mat.pdf"
    [label] = [run for run in text_runs(pypdf.PdfReader(pdf).pages[0]) if "The trash" in run.text]
    raster = Raster.of(pdf, 0)
    sides = [
        edge.length
        for x in range(int(label.x) - 2, int(label.x) + 130)
        for edge in segments([sum(p) < 450 for p in raster.column(x)])
        if edge.start > label.y
    ]
    assert max(sides) >= 22.0  # the space's side, drawn from its top edge to its bottom


BADGES = {"red": "#c62828", "yellow": "#f2c200", "blue": "#1e5aa8"}


def _cycle_centres(pdf: Path) -> dict[str, tuple[float, float]]:
    """Where each colour's big badge of the cycle sits (mm), from the pixels of the page's lower
    half: the small badges by the labels are above it."""
    raster = Raster.of(pdf, 0)
    width, height = raster.image.size
    lower_half = (0, height * 45 // 100, width, height)
    return {
        name: mask_px(raster, close_to(hex_rgb(colour), 10), lower_half, step=4).where().centre_mm()
        for name, colour in BADGES.items()
    }


def test_the_colour_cycle_is_drawn_in_the_order_of_the_rules(mats: Path, tmp_path: Path) -> None:
    """Red at the top, then clockwise the colour it attacks (yellow, on the right), then blue;
    a cycle of "is attacked by" from the same table turns the other way."""
    drawn = _cycle_centres(mats / "player_mat.pdf")
    assert drawn["red"][1] < drawn["yellow"][1] and drawn["red"][1] < drawn["blue"][1]
    assert drawn["yellow"][0] > drawn["red"][0] > drawn["blue"][0]

    folder = _copy(tmp_path, count=6, stated_total=34)
    sheets = folder / "sheets.yaml"
    attacker = (
        "(rules.tables.attacks.rows | selectattr('data.target', 'equalto', row.key) | first).key"
    )
    text = sheets.read_text().replace(
        'next: "{{ row.data.target | capitalize }}"', f'next: "{{{{ {attacker} | capitalize }}}}"'
    )
    assert attacker in text
    sheets.write_text(text)
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "player_mat", "--out", out)
    assert result.exit_code == 0, result.output
    turned = _cycle_centres(out / "shields_dice" / "player_mat.pdf")
    assert turned["blue"][0] > turned["red"][0] > turned["yellow"][0]


def test_each_health_track_draws_twelve_boxes(mats: Path) -> None:
    """From the pixels: along the middle of each track, 13 dark edges bound its 12 boxes, and
    the field of each step lies between two of them."""
    pdf = mats / "player_mat.pdf"
    page = pypdf.PdfReader(pdf).pages[0]
    height = float(page.mediabox.height)
    raster = Raster.of(pdf, 0)
    for colour in ("red", "yellow", "blue"):
        rects = {}
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            if str(widget["/T"]).startswith(f"{colour}_health."):
                x0, _, x1, y1 = (float(v) * 25.4 / 72 for v in widget["/Rect"])
                rects[int(str(widget["/T"]).split(".")[1])] = (x0, x1, height * 25.4 / 72 - y1)
        left, right = rects[1][0], rects[12][1]
        middle_y = rects[1][2] + 1.0  # just inside the boxes' top edge, above the numbers
        edges = [
            s
            for s in segments([sum(p) < 450 for p in raster.row(middle_y)])
            if left - 0.3 < s.middle < right + 0.3
        ]
        assert len(edges) == 13, f"{colour}: {len(edges)} edges"
        for step, (x0, x1, _) in rects.items():
            assert any(abs(e.middle - x0) < 0.2 for e in edges), f"{colour} step {step}"
            assert any(abs(e.middle - x1) < 0.2 for e in edges), f"{colour} step {step}"
