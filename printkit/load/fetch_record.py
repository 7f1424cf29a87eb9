"""The record kept beside a fetched file: where it came from, when, and what it held.

`cards.csv.fetched.json` beside `cards.csv` says which address the saved copy was downloaded
from and its SHA-256, so a reader of the package (or a reviewer of a commit) can tell where the
cards came from and whether the file was edited by hand since (validate warns then, PK824). It
is JSON, never part of the package's data: the record changes nothing a build prints.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from printkit.diagnostics import FETCH_FAILED
from printkit.load.files import Kind, Refused, read_bounded

SUFFIX = ".fetched.json"
# A record is a few hundred bytes; a larger file there is none of printkit's.
RECORD = Kind(
    "fetch record",
    64 * 1024,
    "a fetch record is a few lines of JSON",
    (SUFFIX,),
    FETCH_FAILED,
    FETCH_FAILED,
    FETCH_FAILED,
)


@dataclass(frozen=True)
class FetchRecord:
    url: str  # as the deck writes it
    downloaded_from: str  # the address the file was read from (a Google Sheet's export)
    fetched: str  # UTC, to the second: 2026-11-26T14:03:00Z
    sha256: str
    bytes: int

    @classmethod
    def of(cls, url: str, downloaded_from: str, data: bytes) -> FetchRecord:
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return cls(url, downloaded_from, now, hashlib.sha256(data).hexdigest(), len(data))

    def describes(self, other: FetchRecord) -> bool:
        """Whether both records are of the same file from the same address, whenever fetched."""
        return (self.url, self.downloaded_from, self.sha256) == (
            other.url,
            other.downloaded_from,
            other.sha256,
        )

    def to_json(self) -> bytes:
        return (json.dumps(asdict(self), indent=2) + "\n").encode("utf-8")


def record_path(saved: Path) -> Path:
    return saved.with_name(saved.name + SUFFIX)


def read_record(saved: Path) -> FetchRecord | None:
    """The record beside a saved file, or None when there is none that printkit wrote (absent,
    edited into something else, too large, a link: printkit writes no link): a missing record
    only means the next fetch writes the file and its record again."""
    record = record_path(saved)
    if record.is_symlink():  # a link to another project's record: not this file's, not read
        return None
    try:
        fields = json.loads(read_bounded(record, RECORD))
        return FetchRecord(**fields) if isinstance(fields, dict) else None
    except (Refused, ValueError, TypeError):
        return None
