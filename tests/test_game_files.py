"""The gate every file of a game is read through (printkit/load/files.py): templates included.

A shared package must not make printkit print a file of the machine: a template override or an
included template that is a link out of the game's folder is refused, and no byte of the file
it points to reaches the diagnostics or any output file. Links are made here, in a temporary
folder, beside a file of the machine's they point to."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pypdf
import pytest
from click.testing import Result
from support import BROKEN, GOOD, files_under, parse_diagnostics, run_cli

from printkit.load.files import (
    ART,
    MAX_CANDIDATES,
    MB,
    PACKAGE_FILE,
    GameFiles,
    Refused,
    position_of_byte,
    size_in_words,
)

SECRET = "Zqxsecret7f3a"  # one word, so that a PDF's extracted text keeps it whole
INCLUDES_PART = "# {{ game.title }}\n\n{% include 'part.md.j2' %}\n"


def _game(tmp_path: Path) -> Path:
    """The small package with rules and a quick reference that the template cases break."""
    folder = tmp_path / "rule_data" / "game"
    folder.mkdir(parents=True)
    for name in ("game.yaml", "rules.yaml"):
        shutil.copy(BROKEN / "template_link_out" / name, folder / name)
    return folder


def _build(folder: Path, out: Path) -> Result:
    return run_cli("--rule-data", folder.parent, "build", "--out", out, "--format", "pdf,png")


def _everything_printed(result: Result, out: Path) -> str:
    """What the build said and wrote: its output, every output file's bytes, and the text of
    every PDF (compressed in the file's bytes)."""
    seen = [result.output]
    for path in files_under(out):
        seen.append(path.read_bytes().decode("latin-1"))
        if path.suffix == ".pdf":
            seen += [page.extract_text() for page in pypdf.PdfReader(path).pages]
    return "\n".join(seen)


@pytest.mark.parametrize("linked", ["quick_reference.md.j2", "part.md.j2"])
def test_a_template_link_out_of_the_game_is_refused_and_nothing_of_it_printed(
    tmp_path: Path, linked: str
) -> None:
    secret = tmp_path / "passwd"
    secret.write_text(f"# Accounts\n\nroot:x:0:0:{SECRET}:/root:/bin/bash\n", encoding="utf-8")
    folder = _game(tmp_path)
    if linked == "part.md.j2":
        (folder / "quick_reference.md.j2").write_text(INCLUDES_PART, encoding="utf-8")
    (folder / linked).symlink_to(secret)

    result = _build(folder, tmp_path / "out")
    assert result.exit_code == 1, result.output
    (problem,) = parse_diagnostics(result.output)
    assert (problem.code, problem.file, problem.line) == ("PK006", str(folder / linked), 1)
    assert f"'{linked}' links to a file outside the game's folder" in problem.message
    assert str(secret) not in result.output
    assert SECRET not in _everything_printed(result, tmp_path / "out")

    # The same file copied into the game's folder is printed: the search above would find it.
    (folder / linked).unlink()
    shutil.copy(secret, folder / linked)
    result = _build(folder, tmp_path / "copied")
    assert result.exit_code == 0, result.output
    assert SECRET in _everything_printed(result, tmp_path / "copied")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("../../passwd", "template '../../passwd' lies outside the game's folder"),
        ("/etc/passwd", "template path '/etc/passwd' is absolute, outside the game's folder"),
    ],
)
def test_an_include_that_leaves_the_game_is_refused_at_its_line(
    tmp_path: Path, name: str, said: str
) -> None:
    (tmp_path / "passwd").write_text(f"# {SECRET}\n", encoding="utf-8")
    folder = _game(tmp_path)
    template = folder / "quick_reference.md.j2"
    template.write_text(INCLUDES_PART.replace("part.md.j2", name), encoding="utf-8")
    result = run_cli("--rule-data", folder.parent, "validate")
    (problem,) = parse_diagnostics(result.output)
    assert (problem.code, problem.file, problem.line) == ("PK006", str(template), 3)
    assert said in problem.message
    assert SECRET not in result.output


def test_a_template_link_that_loops_is_a_diagnostic(tmp_path: Path) -> None:
    """Python raises RuntimeError for it (before 3.13): it was an internal error."""
    folder = _game(tmp_path)
    (folder / "quick_reference.md.j2").symlink_to("quick_reference.md.j2")
    result = run_cli("--rule-data", folder.parent, "validate")
    (problem,) = parse_diagnostics(result.output)
    assert (problem.code, Path(problem.file).name, problem.line) == (
        "PK002",
        "quick_reference.md.j2",
        1,
    )
    assert "'quick_reference.md.j2' is a link that loops" in problem.message


def test_a_file_is_read_once_per_build(tmp_path: Path) -> None:
    """What a build prints from a file is what it checked: a second reader gets the bytes the
    first one read, not the file as it is now."""
    path = tmp_path / "game.yaml"
    path.write_text("game: {title: One}\n", encoding="utf-8")
    files = GameFiles(tmp_path)
    first = files.text(path, PACKAGE_FILE)
    path.write_text("game: {title: Two}\n", encoding="utf-8")
    assert files.text(path, PACKAGE_FILE) == first
    assert GameFiles(tmp_path).text(path, PACKAGE_FILE) != first  # the next build reads anew


def test_a_fifo_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Reading a named pipe would wait for a writer forever."""
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    with pytest.raises(Refused, match="not a regular file"):
        GameFiles(tmp_path).read(fifo, PACKAGE_FILE)


def _named_in_latin1(tmp_path: Path, *names: bytes) -> Path:
    """The minimal deck with files whose names hold a Latin-1 byte, as a zip made on Windows
    unpacks them: each a list of its names' bytes."""
    folder = tmp_path / "rule_data" / "game"
    folder.mkdir(parents=True)
    shutil.copy(GOOD / "minimal_deck" / "game.yaml", folder)
    for name in names:
        Path(os.fsdecode(bytes(folder) + b"/" + name)).write_text("name\nA\n", encoding="utf-8")
    return folder


def _validated_and_built(folder: Path, out: Path) -> list[tuple[int, list[str]]]:
    """Each command's exit code and diagnostics (code, file name and line, message, hint),
    validate's first."""
    said = []
    for command in (("validate",), ("build", "--out", out, "--format", "pdf")):
        result = run_cli("--rule-data", folder.parent, *command)
        assert "internal error" not in result.output, result.output
        found = parse_diagnostics(result.output)
        said.append(
            (
                result.exit_code,
                [f"{d.code} {Path(d.file).name}:{d.line} {d.message} | {d.hint}" for d in found],
            )
        )
    return said


def test_stray_files_whose_names_are_not_utf8_do_not_stop_the_build(tmp_path: Path) -> None:
    """The build cache hashed each name as UTF-8 text (an internal error in `build` where
    `validate` passed); the names are hashed as the bytes they are. An unused data file is
    said to be unused, with a hint a designer can follow (no deck can write its name)."""
    folder = _named_in_latin1(tmp_path, b"read\xe9.txt", b"caf\xe9.csv")
    validated, built = _validated_and_built(folder, tmp_path / "out")
    assert validated == built
    code, (unused,) = built
    assert code == 0
    assert unused.startswith("PK802 ") and "caf\\udce9.csv:1 data file" in unused
    assert "remove it, or rename the file" in unused
    assert (tmp_path / "out" / "game" / "sheet.pdf").is_file()
    assert "caf\\udce9.csv" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_a_package_file_whose_name_is_not_utf8_is_refused_at_it(tmp_path: Path) -> None:
    """A YAML file is read by listing the folder: one named with a byte that is not UTF-8 is
    refused at its first line by validate and build alike (build wrote its preview page with
    the name in it: an internal error)."""
    folder = _named_in_latin1(tmp_path, b"r\xe8gles.yaml")
    validated, built = _validated_and_built(folder, tmp_path / "out")
    assert validated == built
    code, (refused,) = built
    assert code == 1
    assert refused == (
        "PK002 r\\udce8gles.yaml:1 file name 'r\\udce8gles.yaml' holds the byte "
        "0xe8, which is not UTF-8 text | rename the file with a name of letters, digits, '-' "
        "and '_': a zip made on Windows may keep names in the machine's own encoding, which "
        "other systems cannot read"
    )


def _past_the_path_limit(folder: Path, name: str) -> None:
    """A file `name` in folders nested until its path is longer than the 4,095 bytes a path
    may have on POSIX, though its folder's is not: the walk lists it, no call can open it."""
    here, length = os.open(folder, os.O_RDONLY), len(os.fsencode(folder))
    try:
        while length + 201 <= 4095:
            os.mkdir("n" * 200, dir_fd=here)
            deeper = os.open("n" * 200, os.O_RDONLY, dir_fd=here)
            os.close(here)
            here, length = deeper, length + 201
        assert length + 1 + len(name) > 4095
        os.close(os.open(name, os.O_WRONLY | os.O_CREAT, dir_fd=here))
    finally:
        os.close(here)


@pytest.mark.skipif(os.name != "posix", reason="the path limit and the byte names are POSIX ones")
def test_did_you_mean_offers_only_files_of_the_kind_a_package_can_name(tmp_path: Path) -> None:
    """Offered, by their paths from the game's folder: art whatever the case of its extension,
    and a link to art inside the folder. Not offered: a file of another kind, Excel's lock
    file, a name no YAML file can write (a byte that is not UTF-8), a link out of the folder
    (offering it would name the very file refused), and a file whose path is too long for the
    system to open."""
    folder = tmp_path / "game"
    (folder / "art" / "old").mkdir(parents=True)
    for name in ("moon.svg", "SUN.PNG", "old/star.jpg", "notes.txt", "~$moon.png"):
        (folder / "art" / name).touch()
    os.close(os.open(os.fsencode(folder / "art") + b"/caf\xe9.png", os.O_CREAT))
    (folder / "art" / "same.svg").symlink_to(folder / "art" / "moon.svg")
    (tmp_path / "machine.png").touch()
    (folder / "art" / "out.png").symlink_to(tmp_path / "machine.png")
    _past_the_path_limit(folder / "art", "y" * 246 + ".png")
    assert GameFiles(folder).candidates(ART) == [
        "art/SUN.PNG",
        "art/moon.svg",
        "art/old/star.jpg",
        "art/same.svg",
    ]


@pytest.mark.parametrize(
    ("files", "offered"), [(MAX_CANDIDATES, MAX_CANDIDATES), (MAX_CANDIDATES + 1, 0)]
)
def test_did_you_mean_offers_up_to_2000_files_of_a_kind(
    tmp_path: Path, files: int, offered: int
) -> None:
    """2,000 files are compared with a missing name; one more, and none is offered."""
    for index in range(files):
        (tmp_path / f"x{index:06d}.png").touch()
    assert len(GameFiles(tmp_path).candidates(ART)) == offered


@pytest.mark.parametrize(
    ("size", "words"),
    [(MB - 1024, "1023 KB"), (MB, "1 MB"), (10 * MB + MB // 2, "10.5 MB"), (64 * 1024, "64 KB")],
)
def test_sizes_are_said_in_kilobytes_of_1024_bytes_up_to_a_megabyte(size: int, words: str) -> None:
    assert size_in_words(size) == words


@pytest.mark.parametrize(
    ("data", "place"),
    [
        (b"ab\xff", (1, 3)),  # no line break before it
        (b"\xef\xbb\xbfab\xff", (1, 3)),  # the byte order mark is no column
        (b"x\n\ny\n\xc3\xa9t\xc3\xa9 \xff", (4, 5)),  # columns in characters
    ],
)
def test_a_byte_that_is_not_utf8_is_placed_as_an_editor_shows_it(
    data: bytes, place: tuple[int, int]
) -> None:
    assert position_of_byte(data, data.index(b"\xff")) == place
