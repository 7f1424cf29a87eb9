"""Builds that redo only what changed: the cache under the output folder, --force, --jobs.

What a cached build writes must be byte for byte what a fresh build writes; a killed build and
two builds at once must leave the cache usable; the number of workers changes nothing.
"""

from __future__ import annotations

import gc
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import GOOD, REPO, RULE_DATA, files_under, leftovers, mixed_rule_data, run_cli

import printkit.build
import printkit.rebuild
from printkit.build_options import BuildOptions
from printkit.cache import CACHE_FOLDER, Cache
from printkit.rebuild import build_games

REDRAWN = "material(s) ("


def _game(tmp_path: Path, game: str = "shields_up") -> Path:
    """A copy of a shipped game to edit; returns the rule-data folder."""
    shutil.copytree(RULE_DATA / game, tmp_path / "rule_data" / game)
    return tmp_path / "rule_data"


def _snapshot(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in files_under(out)}


def _build(rule_data: Path, out: Path, *options: str) -> str:
    result = run_cli("--rule-data", rule_data, "build", "--out", out, *options)
    assert result.exit_code == 0, result.output
    return result.output


def _redrawn(output: str) -> list[int]:
    """The number of materials each game redrew, from the build's summary lines."""
    return [
        int(line.split(REDRAWN)[1].split()[0]) for line in output.splitlines() if REDRAWN in line
    ]


def test_an_unchanged_build_draws_nothing_and_writes_the_same_bytes(tmp_path: Path) -> None:
    rule_data = _game(tmp_path)
    out = tmp_path / "out"
    first = _build(rule_data, out)
    fresh = _snapshot(out)
    again = _build(rule_data, out)
    assert _redrawn(first) == [4] and _redrawn(again) == [0]
    assert _snapshot(out) == fresh
    folder = (out / "shields_up").stat().st_ino
    _build(rule_data, out)
    assert (out / "shields_up").stat().st_ino == folder  # in place already: not staged again
    # the diagnostics of a game from the cache are printed as when it was checked
    assert [line for line in again.splitlines() if REDRAWN not in line] == [
        line for line in first.splitlines() if REDRAWN not in line
    ]
    assert not leftovers(out)


def test_a_cached_build_is_byte_identical_to_a_fresh_one_after_an_edit(tmp_path: Path) -> None:
    """Edit a card, build with the cache and without (another folder, --force): same bytes."""
    rule_data = _game(tmp_path)
    cached, fresh = tmp_path / "cached", tmp_path / "fresh"
    _build(rule_data, cached)
    deck = rule_data / "shields_up" / "deck.yaml"
    text = deck.read_text()
    assert "fires once: destroy" in text
    deck.write_text(text.replace("fires once: destroy", "fires once and destroys", 1))
    assert _redrawn(_build(rule_data, cached)) == [2]
    _build(rule_data, fresh, "--force")
    assert _snapshot(cached) == _snapshot(fresh)


def test_changing_one_cards_text_redraws_that_decks_materials_only(tmp_path: Path) -> None:
    rule_data = _game(tmp_path)
    out = tmp_path / "out"
    games = {"shields_up": rule_data / "shields_up"}
    build_games(games, out, BuildOptions(), jobs=1)
    deck = rule_data / "shields_up" / "deck.yaml"
    text = deck.read_text()
    assert "of your opponent's shields" in text
    deck.write_text(text.replace("of your opponent's shields", "of the other ship's shields", 1))

    [outcome] = build_games(games, out, BuildOptions(), jobs=1)

    assert outcome.written and not outcome.from_cache
    redrawn = {m.material: m.redrawn for m in outcome.built}
    assert redrawn == {
        "deck": True,
        "deck_print_on_demand": True,
        "quick_reference": False,
        "rules_reference": False,
    }
    assert all(path.is_file() for path in outcome.files)
    [again] = build_games(games, out, BuildOptions(), jobs=1)
    assert again.from_cache and not any(m.redrawn for m in again.built)


def test_force_redraws_everything(tmp_path: Path) -> None:
    rule_data = _game(tmp_path)
    out = tmp_path / "out"
    _build(rule_data, out)
    before = _snapshot(out)
    assert _redrawn(_build(rule_data, out, "--force")) == [4]
    assert _snapshot(out) == before


def test_a_damaged_cache_entry_is_drawn_again_not_copied(tmp_path: Path) -> None:
    """An output edited in place (it shares its bytes with the cache) or a damaged entry is
    noticed by its hash and drawn again."""
    rule_data = _game(tmp_path)
    out = tmp_path / "out"
    _build(rule_data, out)
    before = _snapshot(out)
    pdf = out / "shields_up" / "deck.pdf"
    with pdf.open("r+b") as stream:  # in place: the cache's file is the same file
        stream.write(b"%PDF-damaged")
    assert _redrawn(_build(rule_data, out)) == [1]
    assert _snapshot(out) == before


def test_jobs_1_and_jobs_2_write_identical_files_and_diagnostics(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    games = ("border_skirmish", "raise_the_shields")
    first = _build(RULE_DATA, one, *games, "--jobs", "1")
    second = _build(RULE_DATA, two, *games, "--jobs", "2")
    assert _snapshot(one) == _snapshot(two)
    assert first.replace(str(one), "OUT") == second.replace(str(two), "OUT")


def test_games_built_side_by_side_report_and_write_what_one_process_does(tmp_path: Path) -> None:
    """Several games in workers, each checked and drawn in one: the same files (the good game
    written, the two broken ones not) and the same diagnostics, in the same order."""
    rule_data = mixed_rule_data(tmp_path)
    one, two = tmp_path / "one", tmp_path / "two"
    first = run_cli("--rule-data", rule_data, "build", "--out", one, "--jobs", "1")
    second = run_cli("--rule-data", rule_data, "build", "--out", two, "--jobs", "2")
    assert first.exit_code == second.exit_code == 1, first.output
    assert first.output.replace(str(one), "OUT") == second.output.replace(str(two), "OUT")
    assert "[PK510]" in first.output and "[PK100]" in first.output
    assert _snapshot(one) == _snapshot(two)
    assert {path.parent.name for path in files_under(two) if path.suffix == ".pdf"} == {
        "minimal_deck"
    }


@pytest.mark.parametrize(
    ("games", "options", "in_workers"),
    [
        (("minimal_deck", "marked_deck", "text_fit"), (), True),
        (("minimal_deck",), (), False),  # one game: its materials go to the workers
        (("minimal_deck", "marked_deck"), ("--only", "sheet"), False),  # names checked first
    ],
)
def test_where_the_games_are_checked(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    games: tuple[str, ...],
    options: tuple[str, ...],
    in_workers: bool,
) -> None:
    """With several workers and several games to check, each game is checked in a worker
    (the checks run side by side), which holds no game it checked before (three games on two
    workers: one worker checks two); otherwise here, before the materials are drawn."""
    checked = tmp_path / "checked"
    original = printkit.build.check_game

    def recorded(game_id: str, *args: object, **kwargs: object) -> object:
        held = printkit.rebuild._RUN.games if printkit.rebuild._RUN else {}
        with checked.open("a", encoding="utf-8") as record:
            record.write(f"{game_id} {os.getpid()} {len(held)}\n")
        return original(game_id, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(printkit.build, "check_game", recorded)
    _build(GOOD, tmp_path / "out", *games, "--jobs", "2", *options)
    lines = [line.split() for line in checked.read_text(encoding="utf-8").splitlines()]
    assert sorted(game for game, _, _ in lines) == sorted(games)
    assert all((pid != str(os.getpid())) == in_workers for _, pid, _ in lines)
    if in_workers:
        assert {held for _, _, held in lines} == {"0"}


def test_the_game_that_took_longest_last_time_is_checked_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game's record keeps how long it took; the next build hands the longest to a worker
    first, so that it does not start last while the other worker idles. In name order the
    third game could only start once a worker had finished its first."""
    games, out = ("marked_deck", "minimal_deck", "text_fit"), tmp_path / "out"
    _build(GOOD, out, *games, "--jobs", "2")
    cache = Cache(out)
    assert all(cache.game_record(game)["seconds"] > 0 for game in games)
    for game in games:
        cache.record_game(
            game, cache.game_record(game) | {"seconds": 9 if game == "text_fit" else 1}
        )
    started = tmp_path / "started"
    original = printkit.build.check_game

    def recorded(game_id: str, *args: object, **kwargs: object) -> object:
        with started.open("a", encoding="utf-8") as record:
            record.write(f"{game_id}\n")
        return original(game_id, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(printkit.build, "check_game", recorded)
    again = _build(GOOD, out, *games, "--jobs", "2", "--force")
    assert "text_fit" in started.read_text(encoding="utf-8").split()[:2]
    one = _build(GOOD, tmp_path / "one", *games, "--jobs", "1")
    assert again.replace(str(out), "OUT") == one.replace(str(tmp_path / "one"), "OUT")


def test_a_build_that_drew_less_than_the_whole_game_keeps_its_longer_time(
    tmp_path: Path,
) -> None:
    """A comment added to a game's file rebuilds the game, but its drawings hash as before and
    come from the cache: that build was quick, and the next one to draw it whole would not be,
    so the record keeps the longer time of the whole build (here set to 9 s)."""
    games, out = ("minimal_deck", "text_fit"), tmp_path / "out"
    rule_data = tmp_path / "rule_data"
    for game in games:
        shutil.copytree(GOOD / game, rule_data / game)
    _build(rule_data, out, *games, "--jobs", "2")
    cache = Cache(out)
    cache.record_game("text_fit", cache.game_record("text_fit") | {"seconds": 9})
    package = next((rule_data / "text_fit").glob("*.yaml"))
    package.write_text(package.read_text(encoding="utf-8") + "\n# a comment\n", "utf-8")
    assert _redrawn(_build(rule_data, out, *games, "--jobs", "2")) == [0, 0]  # nothing redrawn
    assert cache.game_record("text_fit")["seconds"] == 9


def test_a_build_in_workers_leaves_nothing_frozen_for_the_next_build(tmp_path: Path) -> None:
    """The checked games are frozen out of the collector's reach while workers fork from
    them, then thawed: `watch` builds again in the same process, and garbage kept frozen would
    never be collected."""
    output = _build(RULE_DATA, tmp_path / "out", "shields_up", "--format", "pdf", "--jobs", "2")
    assert _redrawn(output) == [4]  # four materials: drawn in workers
    assert gc.get_freeze_count() == 0


def _printkit(*args: str | Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "printkit", *map(str, args)],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def test_a_killed_build_leaves_the_cache_consistent(tmp_path: Path) -> None:
    """Killed (SIGKILL, workers too) while it stores drawings: the next build completes, leaves
    no temporary folder behind and writes what a fresh build writes."""
    rule_data = _game(tmp_path, "raise_shields")
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    _build(rule_data, fresh)
    entries = out / CACHE_FOLDER / "materials"
    build = _printkit("--rule-data", rule_data, "build", "--out", out, "--jobs", "2")
    deadline = time.monotonic() + 300
    while not (entries.is_dir() and any(entries.iterdir())) and time.monotonic() < deadline:
        assert build.poll() is None, "the build ended before it could be killed"
        time.sleep(0.02)
    os.killpg(build.pid, signal.SIGKILL)
    build.wait()
    assert _redrawn(_build(rule_data, out)) != []
    assert _snapshot(out) == _snapshot(fresh)
    assert not leftovers(out)


def test_two_builds_at_once_share_the_cache(tmp_path: Path) -> None:
    """They take turns on the output folder: one draws, the other finds it all drawn."""
    rule_data = _game(tmp_path)
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    _build(rule_data, fresh)
    builds = [_printkit("--rule-data", rule_data, "build", "--out", out) for _ in range(2)]
    outputs = [build.communicate(timeout=300)[0] for build in builds]
    assert [build.returncode for build in builds] == [0, 0], outputs
    assert sorted(_redrawn(output) for output in outputs) == [[0], [4]]
    assert _snapshot(out) == _snapshot(fresh)
    assert not leftovers(out)


@pytest.mark.parametrize("dpi", [50, 100])
def test_png_previews_are_pdfiums_pixels_at_the_dpi_asked(tmp_path: Path, dpi: int) -> None:
    """Compressed fast, a preview still holds exactly the pixels pdfium renders of the PDF,
    and says its resolution, so that a viewer shows the page at its size."""
    import pypdfium2
    from PIL import Image

    out = tmp_path / "out"
    _build(RULE_DATA, out, "shields_up", "--only", "deck", "--dpi", str(dpi))
    pdf = pypdfium2.PdfDocument(out / "shields_up" / "deck.pdf")
    pdf.init_forms()
    for number, page in enumerate(pdf, start=1):
        rendered = page.render(scale=dpi / 72).to_pil().convert("RGB")
        with Image.open(out / "shields_up" / f"deck-p{number:02d}.png") as preview:
            assert preview.size == rendered.size
            assert preview.info["dpi"] == pytest.approx(
                (dpi, dpi), rel=1e-3
            )  # whole pixels per metre
            assert preview.convert("RGB").tobytes() == rendered.tobytes()


def test_a_page_rendered_in_bands_is_the_page_rendered_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poster page is rendered a band of rows at a time (bounded memory), and compressed a
    few rows at a time from one buffer: with bands of a few rows, each in chunks whose last is
    shorter, the PNG is the whole page's size and its pixels differ from a render of the
    whole page by at most 2 levels, at a few anti-aliased edges."""
    import io

    import pypdfium2
    from PIL import Image, ImageChops

    import printkit.draw.png

    out = tmp_path / "out"
    _build(RULE_DATA, out, "raise_shields", "--only", "map", "--format", "pdf")
    pdf = (out / "raise_shields" / "map.pdf").read_bytes()
    monkeypatch.setattr(printkit.draw.png, "BAND_BYTES", 50_000)  # about 14 rows at 100 dpi
    monkeypatch.setattr(printkit.draw.png, "CHUNK_BYTES", 20_000)  # 5, 5 and 4 of them
    [png] = printkit.draw.png.render_png_pages(pdf, 100)
    whole = pypdfium2.PdfDocument(pdf)[0].render(scale=100 / 72).to_pil().convert("RGB")
    with Image.open(io.BytesIO(png)) as banded:
        assert banded.size == whole.size
        difference = ImageChops.difference(banded.convert("RGB"), whole).convert("L")
    levels = difference.histogram()
    assert max(level for level, count in enumerate(levels) if count) <= 2
    assert sum(levels[1:]) < 0.01 * whole.size[0] * whole.size[1]


def test_a_no_op_rebuild_shows_the_recorded_pages_without_opening_a_pdf(tmp_path: Path) -> None:
    """The preview page's facts of a material (pages, paper, title) are recorded with its cache
    entry: a rebuild that takes the same entry from the cache shows them as the first build
    read them, and loads no PDF reader to read them again."""
    rule_data = _game(tmp_path)
    out = tmp_path / "out"
    _build(rule_data, out)
    manifest = (out / "index.json").read_text(encoding="utf-8")
    probe = (
        "import sys\nfrom printkit.cli import main\n"
        f"main(['--rule-data', {str(rule_data)!r}, 'build', '--out', {str(out)!r}], "
        "standalone_mode=False)\n"
        "print('pdf reader loaded' if 'pypdfium2' in sys.modules else 'no pdf reader')\n"
    )
    again = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert again.stdout.splitlines()[-1] == "no pdf reader"
    assert _redrawn(again.stdout) == [0]
    assert (out / "index.json").read_text(encoding="utf-8") == manifest


def test_an_only_build_says_how_many_materials_it_left_unchecked(tmp_path: Path) -> None:
    """`--only` checks the game and the chosen material, not the game's other materials,
    whose own mistakes wait for a full build: the summary line says how many, and how to
    check them."""
    output = _build(RULE_DATA, tmp_path / "out", "shields_up", "--only", "deck")
    assert (
        "; 3 other material(s) not checked (--only): `printkit validate shields_up` checks them"
        in output
    )
    whole = _build(RULE_DATA, tmp_path / "whole", "shields_up")
    assert "not checked" not in whole
