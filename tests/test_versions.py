"""A game's version and date in every footer and in the PDF metadata, and build profiles
(`printkit build --profile playtest`): their options, the watermark, ink-saving backgrounds,
the cache, and the mistakes a designer makes with them. Checked from the files written."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from simulate.hidden_race import ENGINES, GAME
from support import GOOD, Raster, listed, parse_diagnostics, run_cli
from test_watch import printed_line, printed_until, stop, wait_for

from printkit.draw.watermark import OPAQUE_INK
from printkit.ink_saving import LIGHT, lightened

PLAYTEST = """
profiles:
  playtest:
    paper: letter
    formats: [pdf, png]
    watermark: "PLAYTEST {{ game.version }}"
    backgrounds: light
  final: {}
  white:
    backgrounds: none
"""
BLUE = "#1e4fa0"


def _text(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def _subject(pdf: Path) -> str | None:
    return pypdf.PdfReader(pdf).metadata.get("/Subject")


SHIPPED = {  # each game's title, and the options choosing what of it is built
    "shields_up": ("Shields Up", ()),
    "border_skirmish": ("Border Skirmish", ()),
    "raise_shields": ("Raise Shields", ("--only", "counters")),
}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Shields Up (card sheets, print-on-demand cards, both references), Border Skirmish
    (counters, a hex map, a sheet) and Raise Shields' fold-and-glue counters, built as PDF:
    every kind of material and imposition there is."""
    out = tmp_path_factory.mktemp("shipped")
    for game, (_, chosen) in SHIPPED.items():
        result = run_cli("build", game, *chosen, "--out", out, "--format", "pdf")
        assert result.exit_code == 0, result.output
    return out


def test_every_footer_and_every_pdf_names_the_version(shipped: Path) -> None:
    footers = 0
    for pdf in sorted(shipped.glob("*/*.pdf")):
        title = SHIPPED[pdf.parent.name][0]
        assert _subject(pdf) == f"{title}, version 1.0", pdf.name
        for number, text in enumerate(_text(pdf), start=1):
            footed = [
                line
                for line in text.splitlines()
                if "Print at actual size" in line or line.rstrip().endswith(f"page {number}")
            ]
            for line in footed:
                assert "version 1.0" in line, f"{pdf.name} page {number}: {line}"
            footers += len(footed)
    assert footers > 10
    kinds = {pdf.stem for pdf in shipped.glob("*/*.pdf")}
    assert {"deck", "quick_reference", "rules_reference", "units", "valley", "charts"} <= kinds
    assert "counters" in kinds  # fold and glue


def _game(tmp_path: Path, extra: str = "", header: str = "") -> Path:
    """The minimal deck in blue, with `header` lines in its `game:` and `extra` appended."""
    folder = tmp_path / "rule_data" / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8").replace(
        'background: "#ffffff"', f'background: "{BLUE}"'
    )
    text = text.replace('  players: "2"\n', f'  players: "2"\n{header}')
    game.write_text(text + extra, encoding="utf-8")
    return folder.parent


def _build(rule_data: Path, out: Path, *options: str):
    return run_cli("--rule-data", rule_data, "build", "minimal_deck", "--out", out, *options)


def test_a_date_prints_beside_the_version(tmp_path: Path) -> None:
    rule_data = _game(tmp_path, header='  version: "0.3"\n  date: 2026-03-01\n')
    result = _build(rule_data, tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "minimal_deck" / "sheet.pdf"
    assert "Minimal Deck · sheet · version 0.3, 2026-03-01 · sheet 1 of 1" in _text(pdf)[0]
    assert _subject(pdf) == "Minimal Deck, version 0.3, 2026-03-01"
    assert pypdf.PdfReader(pdf).metadata.title == "Minimal Deck · sheet"  # the title stays


def test_a_game_without_a_version_prints_none(tmp_path: Path) -> None:
    result = _build(_game(tmp_path), tmp_path / "out", "--format", "pdf")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "minimal_deck" / "sheet.pdf"
    assert "version" not in _text(pdf)[0] and "version" not in (_subject(pdf) or "")


@pytest.fixture(scope="module")
def playtest(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The blue minimal deck built plain and under its playtest profile, both on A4."""
    root = tmp_path_factory.mktemp("playtest")
    rule_data = _game(root, PLAYTEST, '  version: "0.3"\n')
    plain, stamped = root / "plain", root / "stamped"
    assert _build(rule_data, plain, "--format", "pdf").exit_code == 0
    result = _build(rule_data, stamped, "--profile", "playtest", "--paper", "a4")
    assert result.exit_code == 0, result.output
    return plain / "minimal_deck" / "sheet.pdf", stamped / "minimal_deck" / "sheet.pdf"


def _count(raster: Raster, colour: str, tolerance: int = 6) -> int:
    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    data = raster.image.resize((raster.image.width // 4, raster.image.height // 4)).tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return sum(
        all(abs(a - b) <= tolerance for a, b in zip(pixel, target, strict=True)) for pixel in pixels
    )


def test_the_playtest_profile_draws_its_watermark(playtest: tuple[Path, Path]) -> None:
    plain, stamped = playtest
    assert all("PLAYTEST 0.3" in text for text in _text(stamped))
    assert not any("PLAYTEST" in text for text in _text(plain))
    # Light grey where the plain page has none: the line across the page's white half.
    assert (
        _count(Raster.of(stamped, 0), OPAQUE_INK)
        > 20 * _count(Raster.of(plain, 0), OPAQUE_INK) + 500
    )


def test_ink_saving_lightens_the_card_background(playtest: tuple[Path, Path]) -> None:
    plain, stamped = Raster.of(playtest[0], 0), Raster.of(playtest[1], 0)
    x, y = 30.0, 40.0  # inside the first card, above its text, far from the watermark
    blue = tuple(int(BLUE[i : i + 2], 16) for i in (1, 3, 5))
    light = tuple(int(lightened(BLUE, LIGHT)[i : i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 6 for a, b in zip(plain.at(x, y), blue, strict=True))
    assert all(abs(a - b) <= 6 for a, b in zip(stamped.at(x, y), light, strict=True))
    assert sum(stamped.at(x, y)) > sum(plain.at(x, y)) + 200


def test_ink_saving_none_leaves_the_backgrounds_white(tmp_path: Path) -> None:
    rule_data = _game(tmp_path, PLAYTEST, '  version: "0.3"\n')
    result = _build(rule_data, tmp_path / "out", "--profile", "white", "--format", "pdf,svg")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "minimal_deck"
    assert Raster.of(folder / "sheet.pdf", 0).at(30.0, 40.0) == (255, 255, 255)
    assert BLUE not in (folder / "sheet-p01.svg").read_text(encoding="utf-8")


def test_the_profile_sets_paper_and_formats_and_the_command_line_wins(tmp_path: Path) -> None:
    rule_data = _game(tmp_path, PLAYTEST, '  version: "0.3"\n')
    result = _build(rule_data, tmp_path / "a", "--profile", "playtest")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "a" / "minimal_deck"
    names = sorted(p.name for p in listed(folder))
    assert names == ["sheet-p01.png", "sheet.cards.json", "sheet.pdf"]  # the card map: diff's
    box = pypdf.PdfReader(folder / "sheet.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # Letter
    result = _build(rule_data, tmp_path / "b", "--profile", "playtest", "--format", "svg")
    assert result.exit_code == 0, result.output
    assert [p.suffix for p in listed(tmp_path / "b" / "minimal_deck")] == [".svg"]


def test_switching_profiles_redraws_and_switching_back_reuses(tmp_path: Path) -> None:
    rule_data = _game(tmp_path, PLAYTEST, '  version: "0.3"\n')
    out = tmp_path / "out"
    runs = [
        _build(rule_data, out, "--profile", name, "--format", "pdf")
        for name in ("playtest", "final", "playtest")
    ]
    assert [r.exit_code for r in runs] == [0, 0, 0]
    assert "(1 redrawn)" in runs[0].output and "(1 redrawn)" in runs[1].output
    assert "(0 redrawn)" in runs[2].output
    assert "PLAYTEST 0.3" in _text(out / "minimal_deck" / "sheet.pdf")[0]


def test_a_profile_the_game_lacks_is_a_usage_mistake_with_did_you_mean(tmp_path: Path) -> None:
    """Named on the command line, as an unknown game or --only material is: exit 2, the
    closest of the game's profiles, nothing built; a game without profiles says where one
    goes; with several games, those that have the profile are named."""
    rule_data = _game(tmp_path, PLAYTEST, '  version: "0.3"\n')
    result = _build(rule_data, tmp_path / "out", "--profile", "playtst")
    assert result.exit_code == 2, result.output
    assert "game 'minimal_deck' has no build profile 'playtst'; did you mean 'playtest'?" in (
        result.stderr
    )
    assert not parse_diagnostics(result.output)
    assert not (tmp_path / "out").exists()
    shutil.copytree(GOOD / "marked_deck", rule_data / "marked_deck")
    result = run_cli("--rule-data", rule_data, "build", "--profile", "final", "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "game 'marked_deck' has no build profile 'final'; define it under 'profiles:'" in (
        result.stderr
    )
    assert "name them: minimal_deck" in result.stderr


def test_a_profile_that_cannot_be_built_reports_the_game_as_a_plain_build_does(
    tmp_path: Path,
) -> None:
    """A watermark that cannot be made was dropped under its own profile: the build said only
    'not built', exited 0 and the game left the preview page."""
    unprintable = PLAYTEST.replace('"PLAYTEST {{', '"試作 {{')
    rule_data = _game(tmp_path, unprintable, '  version: "0.3"\n')
    contrast, fault = parse_diagnostics(_build(rule_data, tmp_path / "plain").output)
    assert (contrast.code, fault.code) == ("PK763", "PK781")  # the blue's contrast: a warning
    # The profile's own options still apply: its light backgrounds leave no contrast to warn of.
    out = tmp_path / "playtest"
    result = _build(rule_data, out, "--profile", "playtest")
    assert result.exit_code == 1, result.output
    reported = parse_diagnostics(result.output)
    assert reported == [fault]
    assert not (out / "minimal_deck").exists()
    shown = json.loads((out / "index.json").read_text(encoding="utf-8"))["games"]
    assert shown["minimal_deck"]["built"] is False
    assert [d["code"] for d in shown["minimal_deck"]["diagnostics"]] == ["PK781"]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "PK781" in page and "cannot draw: 作 試" in page


def test_the_references_are_watermarked_under_their_text(tmp_path: Path) -> None:
    result = run_cli(
        "build", "shields_up", "--profile", "playtest", "--only", "quick_reference",
        "--out", tmp_path, "--format", "pdf",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "shields_up" / "quick_reference.pdf"
    assert all("PLAYTEST 1.0" in text for text in _text(pdf))
    assert _count(Raster.of(pdf, 0), OPAQUE_INK) > 500
    again = tmp_path / "again"
    run_cli("build", "shields_up", "--profile", "playtest", "--only", "quick_reference",
            "--out", again, "--format", "pdf", "--force")  # fmt: skip
    assert (again / "shields_up" / "quick_reference.pdf").read_bytes() == pdf.read_bytes()


def test_the_balance_report_names_the_version(tmp_path: Path) -> None:
    rule_data = tmp_path / "engines"
    shutil.copytree(ENGINES, rule_data)
    game = next((rule_data / GAME).glob("game.yaml"))
    text = game.read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("  title:"))
    game.write_text(text.replace(title, f'{title}\n  version: "2.1"'), encoding="utf-8")
    result = run_cli("--rule-data", rule_data, "simulate", GAME, "-n", "4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / GAME / "balance.pdf"
    assert all("version 2.1 · page" in text for text in _text(pdf))
    assert "version 2.1" in (_subject(pdf) or "")


def test_watch_takes_the_profile_and_its_own_command_line_wins(tmp_path: Path) -> None:
    rule_data = _game(tmp_path, PLAYTEST, '  version: "0.3"\n')
    out = tmp_path / "out"
    command = [sys.executable, "-m", "printkit", "--rule-data", str(rule_data), "watch"]
    process = subprocess.Popen(
        [*command, "--out", str(out), "--profile", "playtest", "--paper", "a4"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lambda: (out / "index.stamp.js").exists(), "the first build")
    finally:
        code, printed = stop(process)
    assert code == 0, printed
    folder = out / "minimal_deck"
    assert sorted(p.name for p in listed(folder)) == [
        "sheet-p01.png", "sheet.cards.json", "sheet.pdf",
    ]  # the profile's formats, and the card map printkit diff reads  # fmt: skip
    box = pypdf.PdfReader(folder / "sheet.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4, as typed
    assert "PLAYTEST 0.3" in _text(folder / "sheet.pdf")[0]


def test_watch_refuses_an_unknown_profile_and_goes_on_when_an_edit_drops_the_profile(
    tmp_path: Path,
) -> None:
    """Typed with the watch, a profile the game lacks is a usage mistake (exit 2); taken out of
    the YAML while watching, the rebuild says so as build would, and the watch goes on."""
    rule_data = _game(tmp_path, PLAYTEST, '  version: "0.3"\n')
    out = tmp_path / "out"
    command = [sys.executable, "-m", "printkit", "--rule-data", str(rule_data), "watch"]
    command += ["--out", str(out), "--format", "pdf"]
    refused = subprocess.run([*command, "--profile", "playtst"], capture_output=True, text=True)
    assert refused.returncode == 2, refused.stderr
    assert "did you mean 'playtest'?" in refused.stderr and not out.exists()
    process = subprocess.Popen(
        [*command, "--profile", "playtest"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        printed_until(process, "watching")
        game = rule_data / "minimal_deck" / "game.yaml"
        text = game.read_text(encoding="utf-8")
        game.write_text(text.replace("  playtest:", "  playtested:"), encoding="utf-8")
        rebuilt = printed_until(process, "; watching")
        assert "has no build profile 'playtest'; did you mean 'playtested'?" in rebuilt
        game.write_text(text, encoding="utf-8")
        assert "built in" in printed_line(process, "; watching")
    finally:
        code, printed = stop(process)
    assert code == 0, printed
