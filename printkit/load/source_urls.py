"""The web address a deck's card data is kept at, and the address its file is downloaded from.

A designer keeps a deck in an online spreadsheet and writes its address beside the saved file
(`card_data: {file: cards.csv, url: …}`). Validate checks the address, so a package never
carries one `printkit fetch` would refuse; fetch turns the link a designer copies from Google
Sheets' address bar (an editing page, not data) into the export address that serves the sheet
as CSV or XLSX. Only the standard library's URL parser: validate imports this for every game.
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

from printkit.model.limits import MAX_URL_LENGTH

SCHEMES = ("http", "https")
_GOOGLE_SHEETS = "docs.google.com"
_EXPORT_FORMATS = {".csv": "csv", ".xlsx": "xlsx"}


def url_problem(url: str) -> str | None:
    """Why `url` is no address printkit downloads card data from, or None when it is one."""
    if len(url) > MAX_URL_LENGTH:
        return f"the address is {len(url):,} characters long, above {MAX_URL_LENGTH:,}"
    if not url.isprintable() or any(c.isspace() for c in url):
        return "the address holds a space or a control character"
    if not url.isascii():
        other = next(c for c in url if not c.isascii())
        return (
            f"the address holds '{other}': copy it from the browser's address bar, which "
            "writes such a character as %-codes"
        )
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as error:
        return f"the address cannot be read ({error})"
    if parts.scheme.lower() not in SCHEMES:
        scheme = f"'{parts.scheme}:'" if parts.scheme else "no scheme"
        return f"the address has {scheme}; card data is downloaded over http:// or https:// only"
    if not parts.hostname:
        return "the address names no host"
    if parts.username is not None or parts.password is not None:
        return "the address holds a user name or password, which would be shared with the game"
    return None


class Download(NamedTuple):
    """Where a file is downloaded from, and why that is not the address written (or None)."""

    url: str
    converted: str | None = None


def download_address(url: str, suffix: str) -> Download:
    """The address that serves the file: the written one, or for a Google Sheets page (an
    editing or a published web page) its export as the saved file's type (`.csv` or `.xlsx`).
    A CSV export is of one sheet: the tab the link names (`gid`), else the first."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/").split("/")
    if parts.hostname != _GOOGLE_SHEETS or path[1:3] != ["spreadsheets", "d"] or len(path) < 4:
        return Download(url)
    output = _EXPORT_FORMATS.get(suffix.lower(), "csv")
    query = parse_qs(parts.query)
    gid = (query.get("gid") or parse_qs(parts.fragment).get("gid") or [None])[0]
    tab = f"&gid={gid}" if gid and gid.isdigit() and output == "csv" else ""
    if path[3] == "e":  # published to the web: /d/e/<id>/pubhtml
        if len(path) < 5:
            return Download(url)
        if len(path) > 5 and path[5] == "pub" and "output" in query:
            return Download(url)  # already a published file's address
        address = f"https://{_GOOGLE_SHEETS}/spreadsheets/d/e/{path[4]}/pub?output={output}{tab}"
        return Download(address, f"reading the published Google Sheet as {output.upper()}")
    if len(path) > 4 and path[4] == "export":
        return Download(url)  # already an export address
    address = f"https://{_GOOGLE_SHEETS}/spreadsheets/d/{path[3]}/export?format={output}{tab}"
    return Download(address, f"reading the Google Sheet as {output.upper()}")
