"""`printkit watch` as a designer meets it: a real process that builds, sees a saved file, builds
again, reports a broken edit while keeping the last good output, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pypdf
import pytest
from support import GOOD

from printkit.commands.watch import games_changed, new_games, real_folders

TIMEOUT = 60  # seconds: a shared, loaded machine may be slow to build; a hang still fails


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""


def start_watch(
    tmp_path: Path,
    *options: str,
    program: tuple[str, ...] = ("-m", "printkit"),
    typed_in: str = ".",
) -> tuple[Path, Path, subprocess.Popen[str]]:
    """A watch over a copy of the minimal deck (its folder, the output folder, the process),
    run by `program` (printkit itself, or a script that runs it) in the folder `typed_in`
    (relative to tmp_path)."""
    rule_data = tmp_path / "rule_data"
    shutil.copytree(GOOD / "minimal_deck", rule_data / "minimal_deck")
    out = tmp_path / "out"
    command = [sys.executable, *program, "--rule-data", str(rule_data), "watch"]
    process = subprocess.Popen(
        [*command, "--out", str(out), "--format", "pdf,png", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path / typed_in,
    )
    return rule_data / "minimal_deck", out, process


@pytest.fixture
def watching(tmp_path: Path) -> Iterator[tuple[Path, Path, subprocess.Popen[str]]]:
    """A watch over a copy of the minimal deck, after its first build."""
    game, out, process = start_watch(tmp_path)
    try:
        wait_for(lambda: (out / "index.stamp.js").exists(), "the first build")
        printed_line(process, "watching")  # the watcher is live before the first build
        yield game, out, process
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def printed_until(process: subprocess.Popen[str], text: str) -> str:
    """What the process printed on standard error up to the first line holding `text`, that
    line included (what it prints after stays to be read)."""
    assert process.stderr is not None
    seen = []
    for line in process.stderr:
        seen.append(line)
        if text in line:
            return "".join(seen)
    raise AssertionError(f"the process ended without printing {text!r}: {''.join(seen)}")


def printed_line(process: subprocess.Popen[str], text: str) -> str:
    """The first line of the process's standard error holding `text` (those before are read)."""
    return printed_until(process, text).splitlines()[-1]


def stop(process: subprocess.Popen[str]) -> tuple[int, str]:
    """Ctrl-C, as a terminal sends it; the exit code and everything printed."""
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=TIMEOUT)
    return process.returncode, stdout + stderr


def test_a_save_rebuilds_and_a_broken_edit_keeps_the_last_good_output(watching) -> None:
    game, out, process = watching
    pdf, stamp = out / "minimal_deck" / "sheet.pdf", out / "index.stamp.js"
    assert "Play both to win." in pypdf.PdfReader(pdf).pages[0].extract_text()

    before = read(stamp)
    source = game / "game.yaml"
    source.write_text(source.read_text().replace("Play both to win.", "Play both now."))
    wait_for(lambda: read(stamp) != before, "the rebuild after a save")
    assert "Play both now." in pypdf.PdfReader(pdf).pages[0].extract_text()

    good, before = pdf.read_bytes(), read(stamp)
    source.write_text(source.read_text().replace("  title: Minimal Deck", "  titel: Minimal Deck"))
    # The page's stamp is written before the diagnostics are printed: wait for the rebuild's
    # last line, or a Ctrl-C sent in between would stop the watch before it printed them.
    rebuilt = printed_until(process, "not built")
    rebuilt += printed_until(process, "; watching")
    assert "error[PK120]: unknown key 'titel'" in rebuilt
    last = rebuilt.rstrip().splitlines()[-1]  # what the broken edit's rebuild ended with
    assert last.startswith("errors (") and last.endswith("keeps its last good output; watching")
    assert read(stamp) != before and pdf.read_bytes() == good
    page = (out / "index.html").read_text()
    assert "unknown key &#39;titel&#39;" in page and "not built" in page

    code, printed = stop(process)
    assert code == 0, printed
    assert "Traceback" not in rebuilt + printed and "stopped watching" in printed


def test_a_burst_of_saves_is_one_rebuild(watching) -> None:
    game, out, process = watching
    stamp, before = out / "index.stamp.js", read(out / "index.stamp.js")
    source = game / "game.yaml"
    for number in range(5):
        with source.open("a") as stream:
            stream.write(f"# save {number}\n")
    wait_for(lambda: read(stamp) != before, "the rebuild after the burst")
    time.sleep(1.5)  # a second rebuild, if the burst were split, would have started by now
    code, printed = stop(process)
    assert code == 0, printed
    assert printed.count("building again") == 1, printed


def test_typed_in_a_game_s_folder_it_watches_that_game_alone_as_build_builds_it(
    tmp_path: Path,
) -> None:
    """`printkit watch` typed in rule_data/minimal_deck/ watched and rebuilt every game of
    rule_data, where `printkit build` typed there builds that game alone."""
    other = tmp_path / "rule_data" / "other"
    shutil.copytree(GOOD / "minimal_deck", other)
    game, out, process = start_watch(tmp_path, typed_in="rule_data/minimal_deck")
    try:
        watching = printed_line(process, "watching")
        assert watching.startswith(f"watching {game} ("), watching
        for saved in (other / "game.yaml", game / "game.yaml"):  # the other game's first
            saved.write_text(f"# saved\n{saved.read_text(encoding='utf-8')}", encoding="utf-8")
        rebuilt = printed_until(process, "; watching")
        code, rest = stop(process)
        assert code == 0, rest
        assert "changed: minimal_deck; building again" in rebuilt, rebuilt
        assert "other" not in rebuilt + rest, rebuilt + rest
        assert (out / "minimal_deck" / "sheet.pdf").is_file() and not (out / "other").exists()
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_changed_paths_name_their_games(tmp_path: Path) -> None:
    for game in ("alpha", "beta"):
        (tmp_path / game).mkdir()
    paths = [tmp_path / "beta" / "deck.yaml", tmp_path / "alpha" / "art" / "x.svg"]
    assert games_changed(tmp_path, paths) == ["alpha", "beta"]
    assert games_changed(tmp_path, paths, ("beta",)) == ["beta"]
    # a file beside the games, a game folder since removed, a path elsewhere: no game
    others = [tmp_path / "README.md", tmp_path / "gone" / "game.yaml", Path("/elsewhere/x.yaml")]
    assert games_changed(tmp_path, others) == []


def test_serve_serves_the_output_folder_on_localhost(tmp_path: Path) -> None:
    _, out, process = start_watch(tmp_path, "--serve", "--port", "0")
    try:
        address = re.search(r"http://127\.0\.0\.1:\d+/", printed_line(process, "http://"))
        assert address
        with urllib.request.urlopen(address[0] + "index.html", timeout=TIMEOUT) as page:
            assert b"Minimal Deck" in page.read()
        with urllib.request.urlopen(address[0] + "minimal_deck/sheet.pdf", timeout=TIMEOUT) as pdf:
            assert pdf.read() == (out / "minimal_deck" / "sheet.pdf").read_bytes()
        code, printed = stop(process)
        assert code == 0 and "Traceback" not in printed, printed
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


@pytest.mark.parametrize("args", [["watch", "minimal_dek"], ["--rule-data", "nowhere", "watch"]])
def test_a_folder_that_is_not_there_is_a_usage_error(tmp_path: Path, args: list[str]) -> None:
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "rule_data" / "minimal_deck")
    run = subprocess.run(
        [sys.executable, "-m", "printkit", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert run.returncode == 2, run.stderr
    assert "did you mean 'minimal_deck'" in run.stderr or "no rule-data folder" in run.stderr


def test_the_folders_watched_are_the_games_own_never_through_a_link(tmp_path: Path) -> None:
    """A game holding a link to / had the whole machine watched (15,000 watches for /usr):
    each real folder is watched on its own, links and the output folder left out."""
    game = tmp_path / "rule_data" / "game"
    (game / "art" / "icons").mkdir(parents=True)
    (game / "machine").symlink_to("/")
    (game / ".git").mkdir()
    out = tmp_path / "rule_data" / "game" / "output"
    out.mkdir()
    assert real_folders([tmp_path / "rule_data"], out) == [
        tmp_path / "rule_data",
        game,
        game / "art",
        game / "art" / "icons",
    ]


def test_a_game_copied_in_is_found_with_a_relative_rule_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watched folders are real paths; `--rule-data rule_data`, the default, is relative:
    a game folder copied in was not found among them (a review caught it)."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "rule_data" / "first")
    before = real_folders([Path("rule_data")], Path("output"))
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "rule_data" / "second")
    now = real_folders([Path("rule_data")], Path("output"))
    assert new_games(Path("rule_data"), set(now) - set(before)) == ["second"]


def test_a_save_during_a_rebuild_is_built_next_and_a_new_game_is_built(watching) -> None:
    """An edit saved while a rebuild runs is built after it (the watch is not started again,
    which dropped it); a game folder copied in whole is built, its files' events unseen."""
    game, out, process = watching
    source = game / "game.yaml"
    source.write_text(source.read_text().replace("Play both to win.", "Alpha."))
    printed_line(process, "building again")  # the rebuild has started: save again during it
    source.write_text(source.read_text().replace("Alpha.", "Bravo."))
    wait_for(
        lambda: (
            "Bravo." in pypdf.PdfReader(out / "minimal_deck" / "sheet.pdf").pages[0].extract_text()
        ),
        "the save made during the rebuild",
    )
    shutil.copytree(GOOD / "minimal_deck", game.parent / "second")
    wait_for(lambda: (out / "second" / "sheet.pdf").exists(), "the new game's build")
    code, printed = stop(process)
    assert code == 0 and "Traceback" not in printed


# printkit, its pipeline's reading of a game wrapped: once the build has read the game's files,
# the wrapper saves game.yaml with an edit, as a designer saving during the first build does.
SAVES_WHILE_READ = """\
import sys
from pathlib import Path

import printkit.build as pipeline
from printkit.cli import run

read = pipeline.load_package


def read_then_save(game_id, folder, diagnostics):
    loaded = read(game_id, folder, diagnostics)
    source = Path(folder) / "game.yaml"
    text = source.read_text()
    if "Play both to win." in text:  # once: a save of the same text is a save all the same
        source.write_text(text.replace("Play both to win.", "Saved while read."))
    return loaded


pipeline.load_package = read_then_save
run(sys.argv[1:], prog_name="printkit")
"""


def test_a_save_made_during_the_first_build_is_built_next(tmp_path: Path) -> None:
    """The watcher is live before the first build: a save made after that build read the
    game's files, before it said 'watching', is built next (the watch started after the first
    build, and never saw it: its output stayed built from the old file)."""
    _, out, process = start_watch(tmp_path, program=("-c", SAVES_WHILE_READ))
    pdf = out / "minimal_deck" / "sheet.pdf"
    try:
        wait_for(
            lambda: (
                pdf.exists() and "Saved while read." in pypdf.PdfReader(pdf).pages[0].extract_text()
            ),
            "the build of the save made during the first build",
        )
        printed = printed_until(process, "; watching")  # the rebuild has said all it says
        code, rest = stop(process)
        assert code == 0 and "Traceback" not in printed + rest, printed + rest
        assert printed.index("watching") < printed.index("changed: minimal_deck; building again")
        assert (printed + rest).count("building again") == 1, printed + rest
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
