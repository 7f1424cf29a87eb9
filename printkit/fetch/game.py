"""Fetching one game's card data: each deck's `card_data` that names a URL is downloaded and,
when it is card data printkit can read, saved over the file the deck names, with its record.

Anything short of that leaves the saved copy as it was and is a diagnostic at the deck's
`url:`; so a sheet that went private, a server that is down or a download cut short never
costs the designer the cards they had.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.diagnostics import (
    FETCH_FAILED,
    FETCH_REFUSED,
    MISSING_FIELD,
    Diagnostics,
    Span,
    relative,
)
from printkit.fetch.download import Downloaded, DownloadFailed, download
from printkit.load.card_sources import check_url, data_rows, require_data_suffix, saved_copy
from printkit.load.fetch_record import FetchRecord, read_record, record_path
from printkit.load.files import CARD_DATA, GameFiles, NotFound, Refused, read_bounded
from printkit.load.source_urls import download_address
from printkit.load.sources import merge_sources
from printkit.load.yaml_spans import SourceMap
from printkit.output import not_a_regular_file, write_atomic, write_hint


@dataclass(frozen=True)
class UrlSource:
    """A deck's card data that names a URL, and where the deck writes it."""

    deck: str
    url: str
    file: str
    sheet: Any
    url_at: Span
    file_at: Span


def url_sources(
    data: dict[str, Any], spans: SourceMap, diagnostics: Diagnostics
) -> Iterator[UrlSource]:
    """The decks' card data that name a URL, in the order the decks are written; one that
    names no file to save it as is reported, as validate reports it."""
    decks = data.get("decks")
    for deck_id, deck in decks.items() if isinstance(decks, dict) else ():
        source = deck.get("card_data") if isinstance(deck, dict) else None
        if not isinstance(source, dict) or not isinstance(source.get("url"), str):
            continue
        path = ("decks", deck_id, "card_data")
        if "file" not in source:
            diagnostics.add(
                MISSING_FIELD,
                f"missing field 'file' in decks.{deck_id}.card_data",
                spans.value(path),
                hint="add 'file:' here: the .csv or .xlsx file the download is saved as",
            )
            continue
        yield UrlSource(
            str(deck_id),
            source["url"],
            str(source["file"]),
            source.get("sheet"),
            spans.value((*path, "url")),
            spans.value((*path, "file")),
        )


def fetch_game(
    folder: Path, diagnostics: Diagnostics, timeout: float, tell: Callable[[str], None]
) -> int:
    """Fetch every URL the game's decks name; how many they name. `tell` receives a line per
    file, for the designer."""
    files = GameFiles(folder)
    errors = diagnostics.count()
    data, spans = merge_sources(files, diagnostics, frozenset({"decks"}))
    if diagnostics.count() > errors:
        return 0
    sources = list(url_sources(data, spans, diagnostics))
    for source in sources:
        _fetch(files, source, diagnostics, timeout, tell)
    return len(sources)


def _fetch(
    files: GameFiles,
    source: UrlSource,
    diagnostics: Diagnostics,
    timeout: float,
    tell: Callable[[str], None],
) -> None:
    if not check_url(source.url, source.url_at, diagnostics):
        return
    try:
        target = _saved_as(files, source.file)
    except Refused as refused:
        diagnostics.add(refused.code, refused.message, refused.span(source.file_at), refused.hint)
        return
    address = download_address(source.url, target.suffix)
    if address.converted:
        tell(f"  {source.deck}: {address.converted}: {address.url}")
    try:
        downloaded = download(address.url, CARD_DATA.max_bytes, timeout)
    except DownloadFailed as failure:
        message = f"deck '{source.deck}': {failure.message}; {_kept(target)}"
        diagnostics.add(failure.code, message, source.url_at, hint=failure.hint)
        return
    if _usable(downloaded, target, source, address.url, diagnostics):
        _save(target, downloaded.data, source, address.url, diagnostics, tell)


def _saved_as(files: GameFiles, name: str) -> Path:
    """Where the download is saved: the deck's file in the game's folder, there or not yet."""
    try:
        return saved_copy(files, name)
    except NotFound:
        require_data_suffix(name)
        return files.folder / name


def _kept(target: Path) -> str:
    """What became of the saved copy, as a failed fetch ends its message."""
    return "the saved copy is kept as it was" if target.exists() else "nothing was saved"


def _usable(
    downloaded: Downloaded, target: Path, source: UrlSource, shown: str, diagnostics: Diagnostics
) -> bool:
    """Whether the download is the kind of file the saved name says and reads as card data;
    what the card data reader finds is reported at its row and column of the download."""
    wrong = _wrong_kind(downloaded, target.suffix.lower())
    if wrong is None:
        found = Diagnostics()
        data_rows(downloaded.data, target.suffix, shown, source.sheet, source.url_at, found)
        if not found.has_errors():
            return True
        diagnostics.extend(found)
        wrong = (
            "card data printkit cannot read (the findings above name its rows and columns)",
            "fix the sheet online, then fetch again",
        )
    what, hint = wrong
    message = f"deck '{source.deck}': the download is {what}; {_kept(target)}"
    diagnostics.add(FETCH_REFUSED, message, source.url_at, hint=hint)
    return False


def _wrong_kind(downloaded: Downloaded, suffix: str) -> tuple[str, str] | None:
    """What the download is, and what to do, when it is not what the saved name says."""
    data = downloaded.data
    if not data.strip():
        return "empty", "check that the sheet holds the deck's cards, a header row first"
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:15].lower()
    if downloaded.content_type == "text/html" or start.startswith((b"<!doctype html", b"<html")):
        return "a web page, not a CSV or XLSX file", (
            "open the address in a private browser window: a Google Sheet must be shared with "
            "'Anyone with the link' or published to the web; another site must link the file "
            "itself"
        )
    is_zip = zipfile.is_zipfile(io.BytesIO(data))
    if suffix == ".csv" and is_zip:
        return "a zip archive (an XLSX workbook?), not CSV text", "name the saved file .xlsx"
    if suffix == ".xlsx" and not is_zip:
        return f"no XLSX workbook (the server calls it {downloaded.content_type})", (
            "name the saved file .csv if the address serves CSV"
        )
    return None


def _save(
    target: Path,
    data: bytes,
    source: UrlSource,
    downloaded_from: str,
    diagnostics: Diagnostics,
    tell: Callable[[str], None],
) -> None:
    """Write the file and its record, each atomically, unless both say so already."""
    shown = relative(target)
    record = FetchRecord.of(source.url, downloaded_from, data)
    old = read_record(target)
    if old is not None and old.describes(record) and _holds(target, data):
        tell(f"{shown}: unchanged since it was fetched at {old.fetched}")
        return
    for path in (target, record_path(target)):
        standing = not_a_regular_file(path)
        if standing is not None:
            message = f"'{relative(path)}' is {standing}: fetch writes only a regular file there"
            hint = "remove it, or save the card data under another name"
            diagnostics.add(FETCH_FAILED, message, source.file_at, hint=hint)
            return
    try:
        write_atomic(target, data)
        write_atomic(record_path(target), record.to_json())
    except OSError as error:
        message = f"'{shown}' cannot be written: {error.strerror or error}"
        diagnostics.add(FETCH_FAILED, message, source.file_at, hint=write_hint(error))
        return
    tell(f"{shown}: fetched {len(data):,} bytes from {source.url}")


def _holds(target: Path, data: bytes) -> bool:
    """Whether the saved copy holds these bytes (not edited by hand since it was fetched)."""
    try:
        return read_bounded(target, CARD_DATA) == data
    except Refused:
        return False
