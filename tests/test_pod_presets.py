"""`--pod PRESET`: a print-on-demand service's files, from a preset file that cites where its
numbers come from; a preset with a mistake is a diagnostic at its line."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from export_decks import poker_deck, write_game
from PIL import Image
from support import BROKEN, GOOD, files_under, listed, parse_diagnostics, run_cli

from printkit.diagnostics import Diagnostics
from printkit.export.pod import SHIPPED, load_preset, shipped_presets


@pytest.fixture
def poker(tmp_path: Path) -> Path:
    return write_game(tmp_path, "poker", poker_deck(3))


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in listed(folder))


def test_the_game_crafter_gets_the_images_its_preset_names(poker: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_cli("--rule-data", poker, "build", "--out", out, "--pod", "thegamecrafter")
    assert result.exit_code == 0, result.output
    assert parse_diagnostics(result.output) == []
    exported = [n for n in _names(out / "poker") if n.startswith("deck.")]
    assert exported == [
        "deck.cards.json",  # the card map beside the deck's PDF (printkit diff reads it)
        "deck.pdf",
        "deck.thegamecrafter-001-front.png",
        "deck.thegamecrafter-002-front.png",
        "deck.thegamecrafter-003-front.png",
        "deck.thegamecrafter-back.png",
    ]
    for name in exported[2:]:
        assert Image.open(out / "poker" / name).size == (825, 1125), name


def test_drivethrucards_gets_one_cmyk_pdf_back_then_front_with_bleed(
    poker: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "--rule-data", poker, "build", "--out", out, "--format", "pdf", "--pod", "drivethrucards"
    )
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(out / "poker" / "deck.drivethrucards.pdf")
    assert len(reader.pages) == 6
    for page in reader.pages:
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 × 3.75 in
        assert [round(float(v), 2) for v in page.trimbox] == [9, 9, 189, 261]
    texts = [page.extract_text() for page in reader.pages]
    assert "back" in texts[0] and "Card 1" in texts[1] and "Card 3" in texts[5]
    content = reader.pages[1].get_contents().get_data().decode("latin-1")
    assert " k\n" in content or " K\n" in content  # CMYK colour operators
    assert " rg\n" not in content


def test_a_copied_preset_file_is_used_by_its_path(poker: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    text = (SHIPPED / "thegamecrafter.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace("thegamecrafter-{number", "tgc-{name}-{number"), "utf-8")
    out = tmp_path / "out"
    result = run_cli("--rule-data", poker, "build", "--out", out, "--pod", mine)
    assert result.exit_code == 0, result.output
    assert "deck.tgc-card-2-002-front.png" in _names(out / "poker")


def test_each_preset_named_writes_its_own_files_in_one_build(poker: Path, tmp_path: Path) -> None:
    """`--pod drivethrucards --pod thegamecrafter` wrote the last preset's files alone, saying
    nothing; each service's files are named after its preset, so both are written (a preset
    named twice once), as a second build with each alone writes them."""
    out = tmp_path / "out"
    twice = ("--pod", "drivethrucards", "--pod", "thegamecrafter", "--pod", "drivethrucards")
    result = run_cli("--rule-data", poker, "build", "--out", out, "--format", "pdf", *twice)
    assert result.exit_code == 0, result.output
    both = [n for n in _names(out / "poker") if n.startswith("deck.")]
    assert both == [
        "deck.cards.json",
        "deck.drivethrucards.pdf",
        "deck.pdf",
        "deck.thegamecrafter-001-front.png",
        "deck.thegamecrafter-002-front.png",
        "deck.thegamecrafter-003-front.png",
        "deck.thegamecrafter-back.png",
    ]
    for preset in ("drivethrucards", "thegamecrafter"):
        alone = tmp_path / preset
        one = ("--out", alone, "--format", "pdf", "--pod", preset)
        assert run_cli("--rule-data", poker, "build", *one).exit_code == 0
        for name in _names(alone / "poker"):
            if preset in name:
                assert (alone / "poker" / name).read_bytes() == (out / "poker" / name).read_bytes()


def test_two_presets_writing_the_same_files_are_a_usage_mistake(
    poker: Path, tmp_path: Path
) -> None:
    """A copy of The Game Crafter's preset that kept its `naming` would overwrite the shipped
    one's files: exit 2, naming both, before anything is built."""
    mine = tmp_path / "mine.yaml"
    text = (SHIPPED / "thegamecrafter.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace("dpi: 300", "dpi: 600"), "utf-8")
    out = tmp_path / "out"
    result = run_cli(
        "--rule-data", poker, "build", "--out", out, "--pod", "thegamecrafter", "--pod", mine
    )
    assert result.exit_code == 2, result.output
    assert f"presets 'thegamecrafter' and '{mine}' both write" in " ".join(result.output.split())
    assert not out.exists()


def test_every_shipped_preset_loads_and_cites_its_source() -> None:
    assert shipped_presets() == ["drivethrucards", "makeplayingcards", "thegamecrafter"]
    for name in shipped_presets():
        diagnostics = Diagnostics()
        preset = load_preset(SHIPPED / f"{name}.yaml", diagnostics)
        assert preset is not None and not diagnostics.items, name
        assert preset.source and all(s.url.startswith("https://") for s in preset.source)
        assert all(len(s.says) > 40 for s in preset.source), name


@pytest.mark.parametrize(
    ("naming", "said"),
    [
        ("tgc-{number:03d}.png", "{side}"),
        # formatting a sample of it would build a gigabyte (fuzzer, seed 401523 on 7791543)
        ("{number:>999999999}-{side}.png", "pads to 999,999,999 characters"),
        ("{number:{side}}-{side}.png", "cannot hold another field"),
        ("tgc-" + "x" * 140 + "-{number}-{side}-{name}.png", "characters long, over 150"),
        # fine for 'front', a folder for 'back': each side's name is checked
        ("tgc-{number:03d}{side:/>5}.png", "'tgc-001/back.png' is not a plain file name"),
    ],
)
def test_a_preset_with_a_mistake_is_a_diagnostic_at_its_line(
    poker: Path, tmp_path: Path, naming: str, said: str
) -> None:
    broken = tmp_path / "broken.yaml"
    lines = (SHIPPED / "thegamecrafter.yaml").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("naming:"))
    lines[number - 1] = f'naming: "{naming}"'
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("--rule-data", poker, "build", "--out", out, "--pod", broken)
    assert result.exit_code == 1, result.output
    (found,) = parse_diagnostics(result.output)
    assert (found.code, found.line, found.column) == ("PK770", number, 9)
    assert found.file.endswith("broken.yaml")
    assert said in found.message and found.hint
    assert files_under(out) == []


def test_an_unknown_key_in_a_preset_is_reported_where_it_is(poker: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    text = (SHIPPED / "drivethrucards.yaml").read_text(encoding="utf-8")
    broken.write_text(text + "colur: cmyk\n", encoding="utf-8")
    result = run_cli("--rule-data", poker, "build", "--out", tmp_path / "out", "--pod", broken)
    assert result.exit_code == 1, result.output
    (found,) = parse_diagnostics(result.output)
    assert found.code == "PK120" and found.line == len(text.splitlines()) + 1
    assert "colour" in (found.hint or "")


def test_an_unknown_preset_name_is_a_usage_mistake(poker: Path, tmp_path: Path) -> None:
    result = run_cli(
        "--rule-data", poker, "build", "--out", tmp_path / "out", "--pod", "gamecrafter"
    )
    assert result.exit_code == 2
    assert "thegamecrafter" in result.output


def test_cards_of_another_size_are_a_warning(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "--rule-data",
        GOOD,
        "build",
        "marked_deck",
        "--only",
        "pod",
        "--out",
        out,
        "--format",
        "pdf",
        "--pod",
        "thegamecrafter",
    )
    assert result.exit_code == 0, result.output
    (found,) = parse_diagnostics(result.output)
    assert found.code == "PK771" and found.severity == "warning"
    assert "63.0 × 88.0 mm" in found.message and "63.5 × 88.9 mm" in found.message
    assert found.file.endswith("sheets.yaml")


def test_a_preset_whose_images_pass_the_pixel_bound_is_refused_naming_its_dpi(
    tmp_path: Path,
) -> None:
    """The broken package's twelve A5 cards, through The Game Crafter's preset raised to
    1,200 dpi: PK807 at the material's deck, the hint pointing at the preset, no file."""
    mine = tmp_path / "mine.yaml"
    text = (SHIPPED / "thegamecrafter.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace("dpi: 300", "dpi: 1200"), "utf-8")
    out = tmp_path / "out"
    case = BROKEN / "export_too_many_pixels"
    result = run_cli(
        "--rule-data", case.parent, "build", case.name, "--out", out, "--format", "pdf",
        "--pod", mine,
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "error[PK807]" in result.output
    assert "lower the preset's `dpi` to " in result.output
    assert not (out / case.name).exists()
