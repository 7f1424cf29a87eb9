"""A game's folder as it was at a git revision, for `printkit diff GAME --since REV`.

The folder's files are taken from git (`git archive`) into a temporary folder, never by
checking anything out, so the working tree and its uncommitted changes are left alone.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

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
    archive = _git(Path(lines[0]), "archive", "--format=tar", sha, "--", prefix or ".")
    if archive is None:
        raise RevisionError(
            NO_GIT_HISTORY,
            f"git could not read '{prefix or '.'}' at '{revision}'",
            "check that 'git archive' works in this repository",
        )
    try:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(into, filter="data")
    except (tarfile.TarError, OSError) as error:
        raise RevisionError(
            NO_GIT_HISTORY,
            f"the files of '{prefix or '.'}' at '{revision}' cannot be unpacked: {error}",
            "a file git holds there is a link out of the folder, or the disk is full",
        ) from error
    return into / prefix if prefix else into


def _git(folder: Path, *arguments: str) -> bytes | None:
    """git's output, run in `folder`; None when it fails (or git is not installed)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *arguments],
            capture_output=True,
            check=False,
            timeout=120,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None
