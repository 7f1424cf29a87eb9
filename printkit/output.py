"""Writing output files atomically, so a failed build never leaves a truncated file."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Read once: os.umask can only be read by setting it, which is not safe to repeat per file.
_UMASK = _current_umask()


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`.

    mkstemp creates the file readable by its owner only; the finished file gets the mode any
    ordinary file would get, so outputs can be shared and served.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~_UMASK)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def remove_stale_pages(folder: Path, stem: str, suffix: str, keep: set[Path]) -> None:
    """Delete page files of an earlier build that this build no longer produces."""
    own_page = re.compile(re.escape(stem) + r"-p\d+" + re.escape(suffix))
    for old in folder.glob(f"{stem}-p*{suffix}"):
        if old not in keep and own_page.fullmatch(old.name):  # not 'deck-pod-p01' for 'deck'
            old.unlink()
