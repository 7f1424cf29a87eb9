"""A game's folder as it was at a git revision, for `printkit diff GAME --since REV`.

The folder's files are taken from git (`git archive`) into a temporary folder, never by
checking anything out, so the working tree and its uncommitted changes are left alone.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import IO

from printkit.diagnostics import NO_GIT_HISTORY, UNKNOWN_REVISION


class RevisionError(Exception):
    """The game's files cannot be read at that revision: a diagnostic's code, text and hint."""

    def __init__(self, code: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


def game_at(folder: Path, revision: str, into: Path) -> Path | None:
    """The game's folder as it was at `revision`, written under `into`; None when the folder
    did not exist then (the whole game is new since)."""
    if shutil.which("git") is None:
        raise RevisionError(
            NO_GIT_HISTORY,
            "git is not installed, so no revision of the game can be read",
            "install git, or compare two output folders: printkit diff OLD_OUTPUT NEW_OUTPUT",
        )
    own = _own_repository(folder)
    if own is not None:
        raise RevisionError(
            NO_GIT_HISTORY,
            f"the game's folder holds a git repository of its own ({own.name}): it came with "
            "the game, and printkit runs no git in a repository a game chose",
            "commit the game in your project's repository instead, or compare two output "
            "folders: printkit diff OLD_OUTPUT NEW_OUTPUT",
        )
    top = _git(folder, "rev-parse", "--show-toplevel", "--show-prefix")
    if top is None:
        raise RevisionError(
            NO_GIT_HISTORY,
            f"'{folder}' is not in a git repository, so it has no revision '{revision}'",
            "commit the game to git first, or compare two output folders: "
            "printkit diff OLD_OUTPUT NEW_OUTPUT",
        )
    lines = top.decode().splitlines()
    prefix = lines[1].rstrip("/") if len(lines) > 1 else ""
    commit = None
    if not revision.startswith("-"):  # never an option of git's
        commit = _git(folder, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    if commit is None:
        raise RevisionError(
            UNKNOWN_REVISION,
            f"'{revision}' names no commit of the repository at {lines[0]}",
            "give a branch, a tag, a commit hash or a relative name such as HEAD~1 "
            "('git log --oneline' lists them)",
        )
    sha = commit.decode().strip()
    if prefix and _git(folder, "cat-file", "-e", f"{sha}:{prefix}") is None:
        return None
    try:
        with tempfile.TemporaryFile() as archive:
            if not _archive(Path(lines[0]), sha, prefix or ".", archive):
                raise RevisionError(
                    NO_GIT_HISTORY,
                    f"git could not read '{prefix or '.'}' at '{revision}', or it holds more "
                    f"than {MAX_ARCHIVE // 2**20} MB",
                    "check that 'git archive' works in this repository, and that the game "
                    "held no huge file then",
                )
            archive.seek(0)
            with tarfile.open(fileobj=archive) as tar:
                tar.extractall(into, filter=_bounded)
    except (tarfile.TarError, OSError) as error:
        raise RevisionError(
            NO_GIT_HISTORY,
            f"the files of '{prefix or '.'}' at '{revision}' cannot be unpacked: {error}",
            "a file git holds there is a link out of the folder, or the disk is full",
        ) from error
    return into / prefix if prefix else into


MAX_ARCHIVE = 512 * 2**20  # a game's files at a revision, as git archives them
MAX_MEMBER = 50 * 2**20  # one file: the largest any gate reads (art)


def _own_repository(folder: Path) -> Path | None:
    """The `.git` of the game's own folder, or a folder inside it on the way up: a repository
    that came with a shared game, whose configuration (filters, hooks) git would obey."""
    for place in (folder, *folder.parents):
        found = place / ".git"
        if found.exists() or found.is_symlink():
            return found if place == folder else None
    return None


def _archive(top: Path, sha: str, path: str, into: IO[bytes]) -> bool:
    """`git archive` of `path` at `sha` into the file `into`, stopped past MAX_ARCHIVE."""
    try:
        with subprocess.Popen(
            [*_GIT, "-C", str(top), "archive", "--format=tar", sha, "--", path],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        ) as process:
            assert process.stdout is not None
            written = 0
            while chunk := process.stdout.read(2**20):
                written += len(chunk)
                if written > MAX_ARCHIVE:
                    process.kill()
                    return False
                into.write(chunk)
            return process.wait(timeout=120) == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _bounded(member: tarfile.TarInfo, path: str) -> tarfile.TarInfo | None:
    """tarfile's 'data' filter (no links out, no devices), and no file larger than any a
    game may hold: a huge one in an old revision is skipped, as the gate would refuse it."""
    if member.size > MAX_MEMBER:
        return None
    return tarfile.data_filter(member, path)


# git with nothing of a repository's configuration that runs a program: no hooks, no
# file-system monitor, no external diff or pager
_GIT = ("git", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false",
        "-c", "core.pager=cat", "-c", "diff.external=")  # fmt: skip


def _git(folder: Path, *arguments: str) -> bytes | None:
    """git's output, run in `folder`; None when it fails (or git is not installed)."""
    try:
        done = subprocess.run(
            [*_GIT, "-C", str(folder), *arguments],
            capture_output=True,
            check=False,
            timeout=120,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None
