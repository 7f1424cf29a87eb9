"""The one gate every file a game reads passes through: its YAML, card data, art and templates.

A shared package is untrusted input, so what it may make printkit read is decided in one place:
a name must stay inside the game's folder (no absolute path, no '..' out of it, no symbolic link
to a file elsewhere), a file must be a regular file no larger than the bound of its kind (checked
before a byte is read), a text file must be UTF-8 (a byte that is not is located at its line and
column), and each file is read once per build however often it is used. Each reader words the
refusal for its own diagnostic code; the rules themselves live only here.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from printkit.diagnostics import (
    ART_NOT_FOUND,
    ART_UNREADABLE,
    CARD_DATA_BAD,
    CARD_DATA_MISSING,
    FILE_TOO_LARGE,
    FONT_NOT_FOUND,
    FONT_UNREADABLE,
    OUTSIDE_PACKAGE,
    TEMPLATE_FILE_TOO_LARGE,
    UNREADABLE,
    Span,
    closest,
    printable,
    relative,
)
from printkit.load.walk import files_under

MB = 1024 * 1024
MAX_CANDIDATES = 2_000  # files of a kind offered to 'did you mean'; past it, none is
# what to do about a file of the package that is a link out of the game's folder (never read)
LINK_HINT = "copy the file into the game's folder instead of linking to it"
COPY_IN = "copy the file into the game's folder and name it relative to that folder"
READABLE_HINT = "check that the file exists and that you may read it"
UTF8_HINT = "save the file as UTF-8 (most editors offer it under 'encoding')"
RENAME_HINT = (
    "rename the file with a name of letters, digits, '-' and '_': a zip made on Windows may "
    "keep names in the machine's own encoding, which other systems cannot read"
)
# What no name of a file printkit reads holds: NUL, which no system allows in a path (Python
# raises ValueError for it, not OSError: an internal error), and a surrogate, which stands for
# a byte that is not UTF-8 (os.fsdecode keeps such a byte as one): no YAML file can write the
# name, and Windows and macOS cannot hold it.
_NAME_REFUSES = re.compile("[\x00\ud800-\udfff]")


@dataclass(frozen=True)
class Kind:
    """A kind of file a game holds: how diagnostics name it, its size bound and why that bound,
    and the codes its readers report a refusal with."""

    noun: str
    max_bytes: int
    why_bound: str  # the hint of a file over the bound
    suffixes: tuple[str, ...]
    missing: str  # the code of a name that is outside the folder or names no file
    unreadable: str  # the code of a file that cannot be read or decoded
    too_large: str


PACKAGE_FILE = Kind(
    "game package file",
    10 * MB,
    "a game's data is a few hundred kilobytes: is this the right file?",
    (".yaml", ".yml"),
    OUTSIDE_PACKAGE,
    UNREADABLE,
    FILE_TOO_LARGE,
)
CARD_DATA = Kind(
    "card data file",
    10 * MB,
    "a deck's data is a few hundred rows; split the file or remove what no card uses",
    (".csv", ".xlsx"),
    CARD_DATA_MISSING,
    CARD_DATA_BAD,
    CARD_DATA_BAD,
)
# A 7071 × 7071 picture (the most pixels printkit reads) is 10-20 MB as a photo's JPEG and
# rarely over 50 MB as PNG; a file beyond that is no art a piece needs.
ART = Kind(
    "image",
    50 * MB,
    "art for a printed piece is a few megabytes: scale it down or save it compressed",
    (".png", ".jpg", ".jpeg", ".svg"),
    ART_NOT_FOUND,
    ART_UNREADABLE,
    ART_UNREADABLE,
)
# A reference template is a frame around the rules, which it prints from the data: the shipped
# ones are under 2 KB. 32 KB is 15 pages of text typed into the template itself. Layout cost
# grows faster than the text (a quick reference tries each font size): a 32 KB template of
# plain text added 0.9 s to validating a game, a 61 KB one 8 s, a 1 MB one over 300 s.
TEMPLATE = Kind(
    "template",
    32 * 1024,
    "a reference template prints the rules from the data: keep long text in the rules' prose",
    (".j2",),
    OUTSIDE_PACKAGE,
    UNREADABLE,
    TEMPLATE_FILE_TOO_LARGE,
)

# A font is read whole and parsed by reportlab to be embedded. The largest a designer brings is a
# Japanese, Chinese or Korean face: BIZ UDGothic is 4.7 MB, Noto Sans CJK JP 16 MB as one
# OpenType file. 20 MB holds any single face; a collection of faces (.ttc) is not read.
FONT = Kind(
    "font file",
    20 * MB,
    "a font for one face is at most a few megabytes (a whole Japanese one: 4-16 MB): is this a "
    "font collection or an archive?",
    (".ttf", ".otf"),
    FONT_NOT_FOUND,
    FONT_UNREADABLE,
    FONT_UNREADABLE,
)


class Refused(Exception):
    """A file the gate does not let through. `at` is the file when the fault is the file's
    own (a link out, its size, its encoding), located at `line` and `column` in it; None when
    the fault is the name, which the caller locates where the name is written."""

    def __init__(
        self,
        code: str,
        message: str,
        hint: str,
        at: Path | None = None,
        line: int = 1,
        column: int = 1,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint
        self.at = at
        self.line = line
        self.column = column

    @property
    def predicate(self) -> str:
        """What the file is or does, to follow its name: 'is 11 MB, above …'."""
        return self.message.removeprefix("file ")

    def span(self, name_written_at: Span) -> Span:
        """Where to report it: in the file, or where its name is written."""
        if self.at is None:
            return name_written_at
        return Span(relative(self.at), self.line, self.column)


class NotFound(Refused):
    """A name inside the game's folder that names no file there; `meant`, the file of the
    folder it is close to, if any (its hint's 'did you mean')."""

    def __init__(self, code: str, message: str, hint: str, meant: str | None = None) -> None:
        super().__init__(code, message, hint)
        self.meant = meant


def _real(path: Path, kind: Kind) -> Path:
    """Where a path really leads, links followed; a link that leads back to itself is
    refused (Python raises RuntimeError for it before 3.13, OSError from then on)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        hint = "replace the link with the file itself"
        message = f"{kind.noun} '{path.name}' is a link that loops"
        raise Refused(kind.unreadable, message, hint, at=path) from None


def name_fault(name: str) -> str | None:
    """Why a file name cannot name a file printkit reads ('holds the control character
    U+0000', 'holds the byte 0xe9, which is not UTF-8 text'), or None."""
    bad = _NAME_REFUSES.search(name)
    if bad is None:
        return None
    code = ord(bad.group())
    if code == 0:
        return "holds the control character U+0000"
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for the byte code - 0xDC00
        return f"holds the byte 0x{code - 0xDC00:02x}, which is not UTF-8 text"
    return f"holds U+{code:04X}, half of a UTF-16 pair, which is no character"


def _inside_file(path: Path, root: Path) -> bool:
    """A regular file (a link to one inside `root` too) for 'did you mean'; False for a link
    out, a link that loops, or a path the system refuses."""
    try:
        return path.is_file() and path.resolve().is_relative_to(root)
    except (RuntimeError, OSError):
        return False


def size_in_words(size: int) -> str:
    """A size as people say it: '11 MB', '10.5 MB', '64 KB'."""
    number, unit = (size / MB, "MB") if size >= MB else (size / 1024, "KB")
    return f"{number:.1f}".removesuffix(".0") + " " + unit


@dataclass
class GameFiles:
    """The gate of one game's folder, kept for one build: it remembers what it has read."""

    folder: Path
    root: Path = field(init=False)
    _read: dict[Path, bytes] = field(default_factory=dict, init=False, repr=False)
    _candidates: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.root = self.folder.resolve()

    def locate(self, name: str, kind: Kind) -> Path:
        """The file a package names, relative to the game's folder; Refused when the name is
        absolute, leaves the folder, is a link out of it, or names nothing."""
        try:
            return self._locate(name, kind)
        except OSError as error:  # a name the file system refuses: too long, for one
            shown = name if len(name) <= 60 else name[:57] + "…"
            message = f"{kind.noun} name '{shown}' is no file name here: {error.strerror or error}"
            raise Refused(kind.missing, message, "give the file a shorter name") from None

    def _locate(self, name: str, kind: Kind) -> Path:
        fault = name_fault(name)  # before the system sees it: NUL is a ValueError there
        if fault is not None:
            message = f"{kind.noun} name '{printable(name)}' {fault}"
            raise Refused(kind.missing, message, "remove the character from the name")
        given = Path(name)
        if given.is_absolute():
            inside = _real(given, kind)
            if inside.is_relative_to(self.root):
                hint = "write it relative to the game's folder: "
                hint += f"'{inside.relative_to(self.root).as_posix()}'"
                raise Refused(kind.missing, f"{kind.noun} path '{name}' is absolute", hint)
            message = f"{kind.noun} path '{name}' is absolute, outside the game's folder"
            raise Refused(kind.missing, message, COPY_IN)
        if not Path(os.path.normpath(self.root / name)).is_relative_to(self.root):
            raise Refused(
                kind.missing, f"{kind.noun} '{name}' lies outside the game's folder", COPY_IN
            )
        path = self.folder / name
        self.inside(path, kind, name)
        if not path.exists():  # a folder or a pipe of that name is refused when it is read
            looked = f"it is not in the package (printkit looked for {relative(path)}): "
            meant = _file_meant(name, self.candidates(kind))
            hint = f"did you mean '{meant}'?" if meant else looked + "put the file there"
            message = f"no {kind.noun} '{name}' in the game's folder"
            raise NotFound(kind.missing, message, hint, meant)
        return path

    def inside(self, path: Path, kind: Kind, name: str | None = None) -> None:
        """Refuse a file whose real location is outside the game's folder: a link out."""
        if not _real(path, kind).is_relative_to(self.root):
            named = name or path.name
            message = f"'{named}' links to a file outside the game's folder"
            raise Refused(kind.missing, f"{kind.noun} {message}", LINK_HINT, at=path)

    def candidates(self, kind: Kind) -> list[str]:
        """The files of a kind a name may mean, for 'did you mean': a link out of the folder is
        none of them, so it is never offered for the very name that was refused. Listed once
        per build, and none past MAX_CANDIDATES (a folder of 100,000 pictures took 4.7 s a
        missing name: 50 cards naming missing art, 234 s)."""
        if kind.noun not in self._candidates:
            found: list[str] = []
            for p in files_under(self.folder):
                if (
                    p.suffix.lower() in kind.suffixes
                    and not p.name.startswith("~$")  # Excel's lock file beside an open workbook
                    and name_fault(p.name) is None  # a name no YAML file can write
                    and _inside_file(p, self.root)
                ):
                    found.append(p.relative_to(self.folder).as_posix())
                    if len(found) > MAX_CANDIDATES:
                        found = []
                        break
            self._candidates[kind.noun] = sorted(found)
        return self._candidates[kind.noun]

    def read(self, path: Path, kind: Kind) -> bytes:
        """The file's bytes, once per build; a link out of the folder, or a file whose name is
        not UTF-8 (a package file, which the game reads by listing its folder), is refused
        unread."""
        fault = name_fault(path.name)
        if fault is not None:
            message = f"file name '{printable(path.name)}' {fault}"
            raise Refused(kind.unreadable, message, RENAME_HINT, at=path)
        self.inside(path, kind)
        real = _real(path, kind)
        if real not in self._read:
            self._read[real] = read_bounded(path, kind)
        return self._read[real]

    def text(self, path: Path, kind: Kind) -> str:
        """The file's text, decoded as UTF-8; a byte that is not is refused at its line and
        column, counted in characters as an editor shows them."""
        data = self.read(path, kind)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            line, column = position_of_byte(data, error.start)
            message = f"byte 0x{data[error.start]:02x} is not UTF-8 text"
            raise Refused(kind.unreadable, message, UTF8_HINT, path, line, column) from None


def position_of_byte(data: bytes, index: int) -> tuple[int, int]:
    """The line and column of a byte of a text file, the column counted in characters as an
    editor shows them, for a diagnostic at the first byte that is not UTF-8."""
    before = data[:index]
    line = before.count(b"\n") + 1
    start = before.rsplit(b"\n", 1)[-1].removeprefix(codecs.BOM_UTF8)  # a mark no editor shows
    return line, len(start.decode("utf-8", "replace")) + 1


def read_bounded(path: Path, kind: Kind) -> bytes:
    """A file's bytes when it is a regular file within its kind's bound, checked before a byte
    is read (a FIFO would block, a device never end, a stray export fill the memory). For a
    path the gate has already located in the game's folder."""
    try:
        # not blocking: opening a named pipe would otherwise wait for a writer
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            status = os.fstat(stream.fileno())
            if not stat.S_ISREG(status.st_mode):
                hint = "a game's folder holds files; put the file itself there"
                raise Refused(kind.unreadable, "file is not a regular file", hint, at=path)
            _check_size(path, kind, status.st_size)
            data = stream.read(kind.max_bytes + 1)  # a file that grew since fstat stops here
    except OSError as error:
        message = f"file cannot be read: {error.strerror or error}"
        raise Refused(kind.unreadable, message, READABLE_HINT, at=path) from None
    _check_size(path, kind, len(data))
    return data


def _check_size(path: Path, kind: Kind, size: int) -> None:
    if size > kind.max_bytes:
        article = "an" if kind.noun[0] in "aeiou" else "a"
        bound = f"{size_in_words(kind.max_bytes)} {article} {kind.noun} may have"
        message = f"file is {size_in_words(size)}, above the {bound}"
        raise Refused(kind.too_large, message, kind.why_bound, at=path)


def _file_meant(name: str, candidates: list[str]) -> str | None:
    """The file meant, for 'did you mean', by its name alone: 'art/spark.svg' and
    'art/wind.svg' share a folder and an extension, which made them look alike, yet no one
    means one for the other.
    A file of the same name with another extension, or in another folder, is found too. None
    when no file is close: the file is missing, not misspelt, and listing the others would
    offer one as if it were meant."""
    wanted = PurePosixPath(name)
    by_stem: dict[str, list[str]] = {}
    for candidate in candidates:
        by_stem.setdefault(PurePosixPath(candidate).stem.lower(), []).append(candidate)
    close = closest(wanted.stem.lower(), by_stem)
    if close is None:
        return None
    same_folder = [c for c in by_stem[close] if PurePosixPath(c).parent == wanted.parent]
    return (same_folder or by_stem[close])[0]
