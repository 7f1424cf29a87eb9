"""Saving the full report of an internal error, so the terminal shows one diagnostic instead of
a traceback and the maintainers still get everything they need to fix it. Reports go to the
user's cache folder, and only the latest few are kept."""

from __future__ import annotations

import os
import platform
import shlex
import sys
import tempfile
import traceback
from pathlib import Path

KEPT_REPORTS = 20  # a few to compare; a crash repeated in a loop does not fill the disk
_PREFIX = "internal-error-"


def _version() -> str:
    from importlib import metadata  # 30 ms to import: paid only by a crash, not by every build

    try:
        return metadata.version("printkit")
    except metadata.PackageNotFoundError:  # run from a checkout without installing
        return "unknown (not installed)"


def reports_folder() -> Path:
    """The user's own cache folder for printkit ($XDG_CACHE_HOME/printkit, else
    ~/.cache/printkit): reports stay where the user finds them and others cannot read them,
    not in a temporary folder shared by every user of the machine."""
    cache = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(cache):  # unset, or relative, which the XDG spec says to ignore
        try:
            cache = str(Path.home() / ".cache")
        except RuntimeError as error:  # no HOME and no account entry
            raise OSError(f"no cache folder for the report: {error}") from None
    return Path(cache) / "printkit"


def save_report(error: BaseException) -> Path:
    """Write the command, the versions and the traceback to a new file in the reports folder,
    keeping only the latest KEPT_REPORTS there, and return its path; OSError if it cannot be
    written."""
    lines = [
        "printkit internal error report",
        f"printkit: {_version()}",
        f"python: {sys.version.split()[0]} ({platform.platform()})",
        f"command: {shlex.join(sys.argv)}",
        f"working folder: {os.getcwd()}",
        "",
        *traceback.format_exception(error),
    ]
    folder = reports_folder()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=_PREFIX, suffix=".txt", dir=folder)
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write("\n".join(line.rstrip("\n") for line in lines) + "\n")
    _keep_latest(folder)
    return Path(name)


def _keep_latest(folder: Path) -> None:
    """Remove all but the latest KEPT_REPORTS reports; one that another printkit removed at
    the same moment, or cannot be removed, is left to the next report."""
    reports = []
    for path in folder.glob(f"{_PREFIX}*.txt"):
        try:
            reports.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    for *_, old in sorted(reports)[:-KEPT_REPORTS]:
        try:
            old.unlink()
        except OSError:
            continue
