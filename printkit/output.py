"""Writing output: each file atomically, and each game's folder all at once.

A game's files are written into a staging folder beside the game's folder, which then takes the
game folder's place by two renames. A failure anywhere (a renderer, a full disk) discards the
staging folder, so a game's outputs change together or not at all. Builds into one output folder
take turns through a lock on that folder (output_lock), so two builds never mix their files in one
game.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Read once: os.umask can only be read by setting it, which is not safe to repeat per file.
_UMASK = _current_umask()


# The preview page's files, at the top of the output folder beside the games' folders.
PREVIEW_FILES = ("index.html", "index.json", "index.stamp.js")


class OutputError(Exception):
    """A file of a game's output could not be written; `path` is where it was meant to go."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(f"{path}: {error}")
        self.path = path
        self.error = error

    @property
    def reason(self) -> str:
        return self.error.strerror or str(self.error)

    @property
    def hint(self) -> str:
        return write_hint(self.error)


_HINTS = {
    errno.ENOSPC: "the disk is full: free some space (or build with --out on another disk)",
    errno.EDQUOT: "your disk quota is used up: free some space or ask for a larger quota",
    errno.EACCES: "no permission to write there: check the folder's owner and mode, "
    "or build with --out into a folder you own",
    errno.EPERM: "the system does not permit this write: check the folder's owner, mode and "
    "attributes, or build with --out into a folder you own",
    errno.EROFS: "the file system is read-only: build with --out into a writable folder",
    errno.ENAMETOOLONG: "the path is longer than the file system allows: use a shorter --out "
    "folder or shorter game and material ids",
    errno.EFBIG: "the file is larger than the file system or a size limit (ulimit -f) allows",
    errno.EISDIR: "a folder of that name is in the way: remove or rename it",
    errno.ENOTDIR: "a file is in the way where a folder is needed: remove or rename it",
    errno.EEXIST: "a file is in the way where a folder is needed: remove or rename it",
    errno.EIO: "the device reported an input/output error: check the disk",
    errno.ELOOP: "a symbolic link is in the way where a game's folder belongs: printkit writes "
    "no game through a link; remove the link, or build with --out into another folder",
}


# A build's outputs, its cache's records and its preview page are written atomically (a killed
# or failing build leaves the old files whole) but not forced to disk: the game's sources make
# them again, and the cache checks each file's hash before it uses one, so what a power cut
# damaged is redrawn, not copied. Forcing them cost a build a fifth of a second of waiting
# (21 fsyncs for the shipped games, 13 % of a two-worker build's time), and the files of a
# game's folder are hard links to cache entries, which were never forced anyway.
BUILD_DURABLE = False  # whether a build forces its files to disk


def write_hint(error: OSError) -> str:
    """A hint that fits the cause of a failed write."""
    return _HINTS.get(
        error.errno or 0, "check that the output folder is writable and has free space"
    )


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`.

    mkstemp creates the file readable by its owner only; the finished file gets the mode any
    ordinary file would get, so outputs can be shared and served. `durable`: forced to disk
    before the rename (fsync), for a file printkit cannot make again (a user's file, fetched
    data); a build's own files, which the next build makes again, skip it (BUILD_DURABLE).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~_UMASK)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


_KINDS = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def not_a_regular_file(path: Path) -> str | None:
    """What stands at `path` if it is something write_atomic must not replace, else None.

    The link itself is examined, not its target: renaming over a symbolic link would replace
    the link, and writing through it would write somewhere else than the path says.
    """
    try:
        mode = path.lstat().st_mode
    except OSError:  # nothing there, or a path that cannot exist: the write will say why
        return None
    return next((kind for test, kind in _KINDS if test(mode)), None)


@contextmanager
def output_lock(out: Path) -> Iterator[int]:
    """Hold the output folder's lock (created if need be) for a whole build: builds into one
    folder take turns, so two never mix their files in a game or their work in the cache.
    Yields the lock's descriptor (a process forked meanwhile closes it, see rebuild.py)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        lock = os.open(out, os.O_RDONLY)
    except OSError as error:
        raise OutputError(out, error) from error
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the descriptor is closed
        try:
            _clean_leftovers(out)
        except OSError as error:
            raise OutputError(out, error) from error
        yield lock
    finally:
        os.close(lock)


@contextmanager
def staged_folder(
    folder: Path,
    replaced: Callable[[str], bool],
    durable: bool = True,
    written: Written | None = None,
) -> Iterator[Path]:
    """Yield an empty staging folder that takes `folder`'s place when the block succeeds; for
    a build holding the output folder's lock (output_lock). `durable`: the folders' entries
    forced to disk around the renames (see write_atomic). `written`: the files of each material
    the folder then holds, recorded in its marker (see written_files); None keeps the record as
    it was.

    The files of `folder` for which `replaced(name)` is false (other materials, when only some
    are built, and whatever else is there: a designer's notes, a `.git`) are carried over as
    hard links; the temporaries of killed builds are not. If the block raises, the staging
    folder is removed and `folder` is untouched. Errors of the staging itself are OutputError
    at `folder`.
    """
    staging = _prepare(folder, replaced, written)
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _swap_in(staging, folder, durable)


_LEFTOVER = re.compile(r"\.(?P<game>.+)\.(?P<kind>staging|old)-[A-Za-z0-9_]+")
_TEMPORARY = re.compile(r"\..+\.[A-Za-z0-9_]{8}\.tmp")  # write_atomic's, of a killed build
# In every game folder a build writes: what marks a leftover folder as printkit's own, so that
# a folder of someone else's that happens to be named like one is never removed.
MARKER = ".printkit-output"


def _clean_leftovers(out: Path) -> None:
    """Remove the staging and retired folders that killed builds left in `out`, for every
    game: under the lock no other build is writing there. A game folder that was stepped aside
    and never replaced (killed between the two renames) is put back. Only folders holding the
    marker count, and empty ones (the place a retiring folder was to take; an empty folder
    holds nothing to lose): '.photos.old-2024' holding a designer's files is left alone, and
    so is a leftover of a printkit before the marker."""
    for entry in sorted(out.iterdir()):
        match = _LEFTOVER.fullmatch(entry.name)
        if not match or entry.is_symlink() or not entry.is_dir():
            continue
        if not any(entry.iterdir()):  # the place a retiring folder was to take: empty
            entry.rmdir()
            continue
        if not (entry / MARKER).is_file():
            continue
        game = out / match["game"]
        if match["kind"] == "old" and not game.exists():
            os.rename(entry, game)
        else:
            shutil.rmtree(entry)


Written = dict[str, set[str]]  # material -> the names of the files printkit wrote for it


def written_files(folder: Path) -> Written:
    """The files printkit wrote in a game's output folder, by material, as its marker records
    them (a line per file: the material, a tab, the file's name): a material the game no
    longer has leaves files that only printkit may remove, and only those it wrote."""
    try:
        lines = _marker_text(folder / MARKER).splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    listed: Written = {}
    for line in lines:
        material, _, name = line.partition("\t")
        if material and name:
            listed.setdefault(material, set()).add(name)
    # only the names printkit writes for each material (one pattern a material, not a line)
    return {m: set(filter(outputs_of([m]), names)) for m, names in listed.items()}


_LARGEST_MARKER = 1 << 20  # a line per file: a game's outputs take a few kilobytes


def _marker_text(path: Path) -> str:
    """The marker's text, read only from a regular file of at most a megabyte, never through a
    link (a marker made a link to /dev/zero, a pipe or a file elsewhere would be read)."""
    handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(handle, "rb") as stream:
        status = os.fstat(stream.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_size > _LARGEST_MARKER:
            raise OSError(errno.EINVAL, "not a marker printkit wrote", str(path))
        return stream.read(_LARGEST_MARKER).decode("utf-8")


def _prepare(folder: Path, replaced: Callable[[str], bool], written: Written | None) -> Path:
    try:
        _clean_leftovers(folder.parent)
        if folder.is_symlink():  # its target's every file would be carried over as the game's
            raise OSError(errno.ELOOP, "a link, not a folder, has the game's name", str(folder))
        if folder.exists() and not folder.is_dir():
            raise OSError(errno.ENOTDIR, "a file, not a folder, has the game's name", str(folder))
        recorded = written_files(folder) if written is None else written
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.staging-", dir=folder.parent))
        os.chmod(staging, 0o777 & ~_UMASK)
        lines = [f"{m}\t{name}\n" for m in sorted(recorded) for name in sorted(recorded[m])]
        (staging / MARKER).write_text("".join(lines), "utf-8")
        if folder.is_dir():
            _carry_over(folder, staging, replaced)
    except OSError as error:
        raise OutputError(folder, error) from error
    return staging


def _carry_over(folder: Path, staging: Path, replaced: Callable[[str], bool]) -> None:
    """Hard-link the files this build does not replace; outputs are only ever renamed over,
    never rewritten in place, so sharing them between the old and the new folder is safe."""
    for entry in folder.iterdir():
        if entry.name == MARKER or _TEMPORARY.fullmatch(entry.name) or replaced(entry.name):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, staging / entry.name, symlinks=True, copy_function=link_or_copy)
        else:
            link_or_copy(entry, staging / entry.name)


def link_or_copy(source: str | Path, target: str | Path) -> None:
    """A hard link, safe for files that are only ever renamed over, never rewritten."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:  # a file system without hard links
        shutil.copy2(source, target, follow_symlinks=False)


def _swap_in(staging: Path, folder: Path, durable: bool) -> None:
    """Two renames: the old folder steps aside, the staging folder takes its name."""
    try:
        if durable:
            _fsync_folder(staging)
        if folder.exists():
            # an empty folder with a unique name, which the rename replaces
            retired = tempfile.mkdtemp(prefix=f".{folder.name}.old-", dir=folder.parent)
            try:
                os.rename(folder, retired)
            except OSError:
                os.rmdir(retired)
                raise
            try:
                os.rename(staging, folder)
            except OSError:
                os.rename(retired, folder)
                raise
            shutil.rmtree(retired, ignore_errors=True)
        else:
            os.rename(staging, folder)
        if durable:
            _fsync_folder(folder.parent)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise OutputError(folder, error) from error


def remove_if_bare(folder: Path) -> None:
    """Remove a game's folder that holds nothing but its marker: a game that prints nothing
    (every card of its decks set aside, PK216) has nothing to show, as after a first build of
    it, which makes no folder; an empty one would read as a build that lost its files. A folder
    holding anything else (a designer's notes) stays. For a build holding the lock."""
    try:
        if [entry.name for entry in folder.iterdir()] == [MARKER]:
            (folder / MARKER).unlink()
            folder.rmdir()
    except OSError as error:
        raise OutputError(folder, error) from error


def _fsync_folder(folder: Path) -> None:
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def outputs_of(materials: Iterable[str]) -> Callable[[str], bool]:
    """Whether a file name is an output of one of `materials`, in any format: a material that is
    built again loses all its old files, so no preview of an older version stays beside it.
    ('deck-pod-p01.svg' belongs to material 'deck-pod', not 'deck'; the exports are named
    '<material>.<name>.png' or '.json' or '.pdf', and a material's id holds no '.'.)"""
    names = "|".join(re.escape(material) for material in materials)
    # only names a build writes: its PDF, card map, pages and exports, never the designer's
    # 'notes.txt' beside a material named 'notes'
    own = re.compile(rf"(?:{names})(?:-p\d+\.(?:svg|png)|\.[^/]*\.(?:pdf|png|json)|\.pdf)")
    return lambda name: bool(names) and own.fullmatch(name) is not None
