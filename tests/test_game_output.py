"""A game's outputs change together or not at all: the write path under faults.

Faults are real ones: a per-process file-size limit (RLIMIT_FSIZE, which the kernel enforces
with EFBIG like a full disk, even for root), two builds racing in separate processes, and the
leftovers a killed build leaves on disk.
"""

from __future__ import annotations

import errno
import fcntl
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest
from support import GOOD, REPO, files_under, leftovers, parse_diagnostics, run_cli, same_file

from printkit.output import MARKER, write_hint


def _copy_game(tmp_path: Path, game: str) -> Path:
    rule_data = tmp_path / "rule_data"
    shutil.copytree(GOOD / game, rule_data / game)
    return rule_data


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in files_under(folder)}


def _hidden(out: Path) -> list[Path]:
    return leftovers(out)


def _printkit(*args: str | Path, file_size_limit: int | None = None) -> subprocess.Popen[str]:
    """printkit in a separate process, as a user runs it; optionally with `ulimit -f`."""

    def limit() -> None:
        if file_size_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "printkit", *map(str, args)],
        env=environment,
        preexec_fn=limit,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_a_write_failing_in_the_middle_of_a_game_keeps_every_previous_file(
    tmp_path: Path,
) -> None:
    """With files above 30 KB refused, the small PDFs and SVGs of the first materials are
    written before a large PNG fails: none of them may reach the game's folder."""
    rule_data = _copy_game(tmp_path, "marked_deck")
    out = tmp_path / "out"
    first = run_cli("--rule-data", rule_data, "build", "marked_deck", "--out", out)
    assert first.exit_code == 0, first.output
    folder = out / "marked_deck"
    before = _snapshot(folder)
    sizes = sorted(len(data) for data in before.values())
    assert sizes[0] < 30_000 < sizes[-1], "the limit must fall between the outputs' sizes"

    deck = rule_data / "marked_deck" / "deck.yaml"
    deck.write_text(deck.read_text().replace("name: Alpha", "name: Alphonse"))
    process = _printkit(
        "--rule-data", rule_data, "build", "marked_deck", "--out", out, file_size_limit=30_000
    )
    output, _ = process.communicate(timeout=120)

    assert process.returncode == 1, output
    assert "Traceback" not in output
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK400"
    failed = Path(diagnostic.file)
    assert same_file(str(failed.parent), folder), "located at the file, not the output folder"
    assert failed.name in before, f"{failed.name} is not an output file"
    assert diagnostic.hint == write_hint(OSError(errno.EFBIG, "File too large"))
    assert _snapshot(folder) == before, "the game's previous outputs must be left as they were"
    assert not _hidden(out), f"leftovers: {_hidden(out)}"


def test_each_game_that_cannot_be_written_is_reported_at_its_own_file(tmp_path: Path) -> None:
    """The same cause (a size limit) in two games is two diagnostics, one per game."""
    process = _printkit(
        "--rule-data", GOOD, "build", "marked_deck", "minimal_deck", "--out", tmp_path,
        file_size_limit=10_000,
    )  # fmt: skip
    output, _ = process.communicate(timeout=120)
    assert process.returncode == 1, output
    reported = parse_diagnostics(output)
    assert [d.code for d in reported] == ["PK400", "PK400"], output
    games = sorted(Path(d.file).parent.name for d in reported)
    assert games == ["marked_deck", "minimal_deck"]
    assert all("ulimit -f" in (d.hint or "") for d in reported)
    assert files_under(tmp_path) == [] and not _hidden(tmp_path)


def test_the_write_hint_fits_the_cause() -> None:
    def hint(code: int) -> str:
        return write_hint(OSError(code, os.strerror(code)))

    assert "disk is full" in hint(errno.ENOSPC)
    assert "permission" in hint(errno.EACCES)
    assert "read-only" in hint(errno.EROFS)
    assert "shorter" in hint(errno.ENAMETOOLONG)
    assert len({hint(errno.ENOSPC), hint(errno.EACCES), hint(errno.EROFS)}) == 3


def _sized_deck(rule_data: Path, name: str, loners: int) -> None:
    """minimal_deck with `loners` copies of its last card: 9 cards per sheet."""
    folder = rule_data / name
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text()
    assert "    count: 3\n" in text and "      - name: Loner\n" in text
    text = text.replace("    count: 3\n", f"    count: {2 + loners}\n")
    text = text.replace("      - name: Loner\n", f"      - name: Loner\n        count: {loners}\n")
    game.write_text(text)


def test_two_builds_into_one_folder_do_not_mix(tmp_path: Path) -> None:
    """One build makes a 1-page deck, the other a 3-page deck of the same game; whichever
    finishes last, the PDF and its previews come from the same build."""
    small, large = tmp_path / "small", tmp_path / "large"
    _sized_deck(small, "deck", 1)
    _sized_deck(large, "deck", 19)
    out = tmp_path / "out"
    for _ in range(3):
        builds = [_printkit("--rule-data", data, "build", "--out", out) for data in (small, large)]
        outputs = [build.communicate(timeout=120)[0] for build in builds]
        assert [build.returncode for build in builds] == [0, 0], outputs
        folder = out / "deck"
        pages = len(pypdf.PdfReader(folder / "sheet.pdf").pages)
        assert pages in (1, 3)
        for suffix in ("svg", "png"):
            previews = sorted(p.name for p in folder.glob(f"sheet-p*.{suffix}"))
            assert previews == [f"sheet-p{n:02d}.{suffix}" for n in range(1, pages + 1)]
        assert not _hidden(out), f"leftovers: {_hidden(out)}"


def test_a_build_waits_while_another_holds_the_output_folder(tmp_path: Path) -> None:
    """The lock is a real flock: held here, a build in another process writes nothing until
    it is released, then completes."""
    out = tmp_path / "out"
    out.mkdir()
    handle = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        build = _printkit("--rule-data", GOOD, "build", "minimal_deck", "--out", out)
        time.sleep(4)
        assert build.poll() is None, build.communicate()[0]
        assert list(out.iterdir()) == []
    finally:
        os.close(handle)
    output, _ = build.communicate(timeout=120)
    assert build.returncode == 0, output
    assert (out / "minimal_deck" / "sheet.pdf").is_file()


def test_the_leftovers_of_killed_builds_are_removed(tmp_path: Path) -> None:
    """Hidden staging, retired and temporary files of killed builds go (other games' too);
    files that are not printkit's stay: a designer's notes, hidden or not, a `.git`, and a
    folder merely named like a leftover, which lacks the marker printkit's hold."""
    out = tmp_path / "out"
    first = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out)
    assert first.exit_code == 0, first.output
    folder = out / "minimal_deck"
    (folder / ".sheet.pdf.x1y2z3w4.tmp").write_bytes(b"%PDF half written")
    staging = out / ".minimal_deck.staging-k9q2"
    for leftover in (staging, out / ".minimal_deck.old-a8b7", out / ".other.game.staging-abc"):
        leftover.mkdir()  # another game's, killed too
        (leftover / MARKER).write_bytes(b"")
    (staging / "sheet.pdf").write_bytes(b"%PDF of a build killed while writing")
    (out / ".hidden-notes").write_text("not printkit's: kept")
    (out / ".photos.old-2024").mkdir()
    (out / ".photos.old-2024" / "img1.txt").write_text("named like a leftover: kept")
    (out / ".minimal_deck.old-zz99yy88").mkdir()  # where a retiring folder was to go: empty

    (folder / "notes.txt").write_text("the designer's own file")
    (folder / "extra").mkdir()
    (folder / "extra" / "readme.txt").write_text("and folder")
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")

    again = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out)
    assert again.exit_code == 0, again.output
    assert sorted(_hidden(out)) == [
        out / ".hidden-notes",
        out / ".photos.old-2024",
        folder / ".git",
    ]
    assert (out / ".photos.old-2024" / "img1.txt").is_file()
    assert len(pypdf.PdfReader(folder / "sheet.pdf").pages) == 1
    assert (folder / "notes.txt").read_text() == "the designer's own file"  # carried over
    assert (folder / "extra" / "readme.txt").read_text() == "and folder"
    assert (folder / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"


def test_a_build_killed_between_its_two_renames_is_recovered(tmp_path: Path) -> None:
    """The old folder stepped aside and the new one never arrived: the next build puts the
    old one back, so files it does not rebuild (here, every other material) survive."""
    out = tmp_path / "out"
    first = run_cli("--rule-data", GOOD, "build", "marked_deck", "--out", out)
    assert first.exit_code == 0, first.output
    before = _snapshot(out / "marked_deck")
    (out / "marked_deck").rename(out / ".marked_deck.old-r4nd0m")

    again = run_cli("--rule-data", GOOD, "build", "marked_deck", "--only", "pod", "--out", out)
    assert again.exit_code == 0, again.output
    assert _snapshot(out / "marked_deck") == before
    assert not _hidden(out)


def test_building_some_materials_keeps_the_others_and_replaces_all_files_of_those(
    tmp_path: Path,
) -> None:
    """A material built again in fewer formats loses its other files: no preview of an older
    version stays beside its new PDF. The other materials' files are the same files."""
    out = tmp_path / "out"
    first = run_cli("--rule-data", GOOD, "build", "marked_deck", "--out", out)
    assert first.exit_code == 0, first.output
    folder = out / "marked_deck"
    others = {p: p.stat().st_ino for p in files_under(folder) if not p.name.startswith("pod")}

    again = run_cli(
        "--rule-data", GOOD, "build", "marked_deck", "--only", "pod", "--format", "pdf",
        "--out", out,
    )  # fmt: skip
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in folder.glob("pod*")) == ["pod.cards.json", "pod.pdf"]
    kept = {p: p.stat().st_ino for p in files_under(folder) if not p.name.startswith("pod")}
    assert kept == others


def test_a_file_where_the_game_folder_belongs_is_pk400_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "minimal_deck").write_text("not a folder")
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", tmp_path)
    assert result.exit_code == 1
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK400" and same_file(diagnostic.file, tmp_path / "minimal_deck")
    assert diagnostic.hint == write_hint(OSError(errno.ENOTDIR, "Not a directory"))
    assert (tmp_path / "minimal_deck").read_text() == "not a folder"
    assert not _hidden(tmp_path)


def test_an_output_folder_that_is_not_a_folder_is_pk401(tmp_path: Path) -> None:
    fifo = tmp_path / "out"
    os.mkfifo(fifo)
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", fifo)
    assert result.exit_code == 1
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK401" and "a named pipe (FIFO), not a folder" in diagnostic.message
    assert same_file(diagnostic.file, fifo) and diagnostic.hint
    assert sorted(tmp_path.iterdir()) == [fifo] and not fifo.is_dir()


@pytest.mark.parametrize("name", ["index.html", "index.json", "evil\x1b]0;PWNED\x07\nfake: error"])
def test_a_game_named_so_its_output_or_its_name_would_do_harm_is_not_read(
    tmp_path: Path, name: str
) -> None:
    """PK011: a game folder named as a file of the preview page would take its place; one
    named with control characters would drive the terminal and forge lines. Neither is read,
    and the diagnostic shows the name's control characters as escapes."""
    rule_data = tmp_path / "rule_data"
    shutil.copytree(GOOD / "minimal_deck", rule_data / name)
    shutil.copytree(GOOD / "minimal_deck", rule_data / "fine")
    result = run_cli("--rule-data", rule_data, "build", "--out", tmp_path / "out")
    assert result.exit_code == 1
    [found] = parse_diagnostics(result.output)
    assert found.code == "PK011" and found.hint
    assert "\x1b" not in result.output and "\nfake" not in result.output
    assert (tmp_path / "out" / "fine" / "sheet.pdf").is_file()
    assert not (tmp_path / "out" / name).is_dir()  # the preview page's file, if any, stays one


@pytest.mark.parametrize(("first", "second"), [("cafe\u0301", "caf\u00e9"), ("Deck", "deck")])
def test_two_games_one_output_folder_where_names_ignore_case_and_form(
    tmp_path: Path, first: str, second: str
) -> None:
    """Windows and macOS compare file names ignoring case and Unicode form: two such game
    folders would write one output folder there. The second in order is not read (PK011)."""
    rule_data = tmp_path / "rule_data"
    for name in (first, second):
        shutil.copytree(GOOD / "minimal_deck", rule_data / name)
    result = run_cli("--rule-data", rule_data, "build", "--out", tmp_path / "out")
    assert result.exit_code == 1
    [found] = parse_diagnostics(result.output)
    assert found.code == "PK011" and "rename one of the two folders" in (found.hint or "")
    built = [p.name for p in (tmp_path / "out").iterdir() if p.is_dir() and p.name[0] != "."]
    assert len(built) == 1


def test_a_path_typed_through_a_linked_working_folder_shows_relative(tmp_path: Path) -> None:
    """A shell in a folder reached through a link ($PWD names the link): a game's file named
    by an absolute path through that link is shown relative, as from the real folder."""
    real = tmp_path / "real"
    shutil.copytree(GOOD / "minimal_deck", real / "rule_data" / "game")
    (real / "rule_data" / "game" / "game.yaml").write_text("game: [\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(real)
    typed = tmp_path / "link"
    result = subprocess.run(
        [sys.executable, "-m", "printkit", "--rule-data", str(typed / "rule_data"), "validate"],
        cwd=typed, env={**os.environ, "PWD": str(typed)}, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith("rule_data/game/game.yaml:"), result.stderr


def test_a_material_s_rebuild_removes_its_own_outputs_never_the_designer_s_files(
    tmp_path: Path,
) -> None:
    """A material named 'sheet' rebuilt drops its old outputs (sheet.pdf, its pages), never
    the designer's 'sheet.txt' or 'sheet.docx' in the game's output folder."""
    out = tmp_path / "out"
    first = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out)
    assert first.exit_code == 0, first.output
    folder = out / "minimal_deck"
    for name in ("sheet.txt", "sheet.docx"):
        (folder / name).write_text("the designer's notes on the sheet", encoding="utf-8")
    (folder / "sheet-p09.svg").write_text("<svg/>", encoding="utf-8")  # an older page
    again = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out, "--force")
    assert again.exit_code == 0, again.output
    assert (folder / "sheet.txt").is_file() and (folder / "sheet.docx").is_file()
    assert not (folder / "sheet-p09.svg").exists()


def test_a_game_folder_that_is_a_link_is_not_read(tmp_path: Path) -> None:
    """A link in the rule-data folder to a folder elsewhere would have printkit read (and echo
    the keys of) whatever YAML lies there: PK011, and nothing of it is read."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "config.yaml").write_text("password: hunter2\n", encoding="utf-8")
    rule_data = tmp_path / "rule_data"
    rule_data.mkdir()
    (rule_data / "linked").symlink_to(elsewhere)
    result = run_cli("--rule-data", rule_data, "validate", "linked")
    assert result.exit_code == 1
    [found] = parse_diagnostics(result.output)
    assert found.code == "PK011" and "is a link" in found.message
    assert "password" not in result.output


def test_a_material_taken_out_of_the_game_takes_its_files_with_it(tmp_path: Path) -> None:
    """A designer deletes the fold materials: the files printkit wrote for them leave the
    output folder at the next build, so none is taken for current. Only those go (the marker
    lists each file written): the designer's 'fold_vertical.backup.pdf' beside them, named
    like an output of the material, stays."""
    rule_data = _copy_game(tmp_path, "marked_deck")
    out = tmp_path / "out"
    first = run_cli("--rule-data", rule_data, "build", "marked_deck", "--out", out)
    assert first.exit_code == 0, first.output
    folder = out / "marked_deck"
    written = sorted(p.name for p in folder.iterdir() if p.name.startswith("fold"))
    assert "fold_vertical.pdf" in written and "fold_horizontal.pdf" in written
    backup = folder / "fold_vertical.backup.pdf"
    backup.write_bytes((folder / "fold_vertical.pdf").read_bytes())
    (rule_data / "marked_deck" / "fold.yaml").unlink()
    again = run_cli("--rule-data", rule_data, "build", "marked_deck", "--out", out)
    assert again.exit_code == 0, again.output
    assert [p.name for p in folder.iterdir() if p.name.startswith("fold")] == [backup.name]
    recorded = (folder / MARKER).read_text(encoding="utf-8").splitlines()
    assert recorded and not [line for line in recorded if line.startswith("fold")]
    assert {line.split("\t")[1] for line in recorded} == {
        p.name for p in folder.iterdir() if p.name not in (MARKER, backup.name)
    }


def test_a_link_where_the_game_folder_belongs_is_pk400_and_nothing_is_carried_over(
    tmp_path: Path,
) -> None:
    """A game's output folder that is a link to another folder: every file there would be
    carried over into the game's new folder (a link to a Python environment made 12,000 hard
    links), then the swap failed with a misleading message. It is refused, and left alone."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("not the game's", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "minimal_deck").symlink_to(elsewhere, target_is_directory=True)
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out)
    assert result.exit_code == 1, result.output
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK400" and "a link, not a folder" in diagnostic.message
    assert diagnostic.hint is not None and "writes no game through a link" in diagnostic.hint
    assert (out / "minimal_deck").is_symlink()
    assert [p.name for p in elsewhere.iterdir()] == ["notes.txt"]
    assert not [p for p in out.iterdir() if p.name.startswith(".minimal_deck")]


def test_a_tampered_marker_removes_nothing_printkit_would_not_write(tmp_path: Path) -> None:
    """The marker's list is trusted only for names printkit writes for that material, and only
    for files: a line naming '.git', 'notes.txt' or a folder removes nothing. A marker that is
    a link (to /dev/zero) or a named pipe is not read: the build neither hangs nor fills the
    memory."""
    out = tmp_path / "out"
    assert run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out).exit_code == 0
    folder = out / "minimal_deck"
    (folder / ".git").mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "gone.pdf").mkdir()  # a folder named like an output
    with (folder / MARKER).open("a", encoding="utf-8") as marker:
        marker.write("gone\t.git\ngone\tnotes.txt\ngone\tgone.pdf\ngone\t../elsewhere.pdf\n")
    again = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out, "--force")
    assert again.exit_code == 0, again.output
    assert (folder / ".git").is_dir() and (folder / "notes.txt").is_file()
    assert (folder / "gone.pdf").is_dir()
    for made in ("link", "pipe"):
        (folder / MARKER).unlink()
        if made == "link":
            (folder / MARKER).symlink_to("/dev/zero")
        else:
            os.mkfifo(folder / MARKER)
        built = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out, "--force")
        assert built.exit_code == 0, built.output
        assert (folder / MARKER).is_file() and not (folder / MARKER).is_symlink()
