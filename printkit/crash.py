"""Saving the full report of an internal error, so the terminal shows one diagnostic instead of
a traceback and the maintainers still get everything they need to fix it."""

from __future__ import annotations

import os
import platform
import shlex
import sys
import tempfile
import traceback
from importlib import metadata
from pathlib import Path


def _version() -> str:
    try:
        return metadata.version("printkit")
    except metadata.PackageNotFoundError:  # run from a checkout without installing
        return "unknown (not installed)"


def save_report(error: BaseException) -> Path:
    """Write the command, the versions and the traceback to a new file in the temporary
    folder and return its path; OSError if it cannot be written."""
    lines = [
        "printkit internal error report",
        f"printkit: {_version()}",
        f"python: {sys.version.split()[0]} ({platform.platform()})",
        f"command: {shlex.join(sys.argv)}",
        f"working folder: {os.getcwd()}",
        "",
        *traceback.format_exception(error),
    ]
    handle, name = tempfile.mkstemp(prefix="printkit-internal-error-", suffix=".txt")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write("\n".join(line.rstrip("\n") for line in lines) + "\n")
    return Path(name)
