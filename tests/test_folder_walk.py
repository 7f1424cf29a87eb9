"""A game folder nested deeper than Python's recursion (os.walk recursed on 3.11) or holding a
path longer than the system takes: build, validate and watch walk it without an internal error,
and what cannot be listed is passed over."""

from __future__ import annotations

import os
import shutil
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import Result
from support import GOOD, parse_diagnostics, run_cli

from printkit.commands.watch import real_folders
from printkit.inputs import folder_hash
from printkit.load.walk import walk


def _game(tmp_path: Path) -> Path:
    folder = tmp_path / "rule_data" / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    return folder


@pytest.fixture
def deep_games(tmp_path: Path) -> Iterator[Path]:
    """A folder for games nested deep, emptied from the deepest folder up when the test ends:
    pytest's own clean-up recurses (shutil.rmtree), as os.walk did."""
    yield tmp_path
    _remove_chain(tmp_path / "rule_data")


def _remove_chain(top: Path) -> None:
    """Remove a tree whose folders each hold at most one folder, without recursion."""
    if not top.exists():
        return
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))  # rmtree of the shallow part
    descriptors, names = [os.open(top, os.O_RDONLY)], []
    while True:
        here = descriptors[-1]
        inner = []
        for name in os.listdir(here):
            if stat.S_ISDIR(os.stat(name, dir_fd=here, follow_symlinks=False).st_mode):
                inner.append(name)
            else:
                os.unlink(name, dir_fd=here)
        if len(inner) != 1:
            break
        names.append(inner[0])
        descriptors.append(os.open(inner[0], os.O_RDONLY, dir_fd=here))
    os.close(descriptors.pop())
    while names:
        os.rmdir(names.pop(), dir_fd=descriptors[-1])
        os.close(descriptors.pop())
    shutil.rmtree(top)


def _validated_naming(folder: Path, image: str) -> Result:
    """`printkit validate` of the game in `folder` with an image region naming `image`."""
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    layout = "    regions:\n"
    art = (
        "      art:\n        kind: image\n        x: 4mm\n        y: 60mm\n"
        f"        width: 10mm\n        height: 10mm\n        image: {image}\n"
    )
    game.write_text(text.replace(layout, layout + art, 1), encoding="utf-8")
    return run_cli("--rule-data", folder.parent, "validate", "--no-simulate")


def _deep(folder: Path, levels: int) -> Path:
    """`levels` nested folders made one at a time from the deepest so far (a path of 2,400
    characters is too long for one call on some systems)."""
    here = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(levels):
            os.mkdir("a", dir_fd=here)
            deeper = os.open("a", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = deeper
        with open(os.open("x.png", os.O_WRONLY | os.O_CREAT, dir_fd=here), "wb") as file:
            file.write(b"not art")
    finally:
        os.close(here)
    return folder


def test_a_folder_nested_1200_deep_is_walked_without_recursion(deep_games: Path) -> None:
    tmp_path = deep_games
    folder = _deep(_game(tmp_path), 1200)
    walked = [here for here, _, _ in walk(folder)]
    assert len(walked) >= 1  # the folders the system lets it list, never a RecursionError
    folder_hash(folder)  # raised RecursionError
    assert real_folders([folder], tmp_path / "out")  # watch's folders: the same walk
    built = run_cli("--rule-data", tmp_path / "rule_data", "build", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output


def test_a_missing_file_in_a_deep_folder_is_a_diagnostic_with_a_short_hint(
    deep_games: Path,
) -> None:
    """'Did you mean' lists the game's art: the deep file's 2,400-character path is cut."""
    tmp_path = deep_games
    folder = _deep(_game(tmp_path), 1200)
    result = _validated_naming(folder, "art/missing.png")
    assert result.exit_code == 1, result.output
    [problem] = parse_diagnostics(result.output)
    assert problem.code == "PK810"
    assert problem.hint is not None and len(problem.hint) < 200, problem.hint


@pytest.mark.skipif(os.name != "posix", reason="the path limit is the POSIX one")
def test_a_path_longer_than_the_system_takes_is_passed_over(tmp_path: Path) -> None:
    folder = _game(tmp_path)
    here = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(18):  # 18 names of 250 characters: a path past 4,096 bytes
            os.mkdir("n" * 250, dir_fd=here)
            deeper = os.open("n" * 250, os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = deeper
    finally:
        os.close(here)
    folder_hash(folder)  # raised 'File name too long'
    built = run_cli("--rule-data", tmp_path / "rule_data", "build", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output


@pytest.mark.parametrize(
    ("files", "hint"), [(5, "did you mean"), (2_001, "it is not in the package")]
)
def test_did_you_mean_lists_the_game_s_files_once_and_not_past_2000(
    tmp_path: Path, files: int, hint: str
) -> None:
    """Fifty cards naming missing art in a folder of 100,000 pictures took 234 s: the folder
    was walked and compared again for every name. It is listed once a build, and a folder of
    more than 2,000 pictures offers none."""
    folder = _game(tmp_path)
    (folder / "art").mkdir()
    for index in range(files):
        (folder / "art" / f"x{index:06d}.png").touch()
    result = _validated_naming(folder, "art/x00000.png")
    [problem] = [p for p in parse_diagnostics(result.output) if p.code == "PK810"]
    assert problem.hint is not None and problem.hint.startswith(hint), problem.hint
