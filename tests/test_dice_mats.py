"""Shields: The Dice Game's printed materials: a shopping list computed from the dice inventory
(never copied), a fillable player mat with three 12-step health tracks, and a pool mat."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdf
import pytest
from support import RULE_DATA, run_cli


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
        assert {f"{colour}_attack", f"{colour}_shield"} <= set(names)
    text = _text(mats / "player_mat.pdf")
    assert "red (R) attacks yellow" in text and "blue (B) attacks red" in text


def test_the_pool_mat_lists_every_pool_die_by_role(mats: Path) -> None:
    text = _text(mats / "pool_mat.pdf")
    assert text.count("pool ") >= 18  # every die whose inventory line says it is in the pool
    for role in ("an attacking die", "a potion", "polish", "The trash"):
        assert role in text
