"""One file downloaded over http(s), bounded in size and time, or the reason it was not.

The only code of printkit that touches the network, run only by `printkit fetch`. The address
comes from a shared package, so the download is held to what card data may be: a size bound
(checked against the announced length before the body is read, and again as it arrives), a
timeout on every wait and on the whole download, and redirects only to http(s) addresses. The
standard library's urllib does all this; no HTTP library is needed for one GET.
"""

from __future__ import annotations

import http.client
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from importlib import metadata
from urllib.parse import urlsplit

from printkit.diagnostics import FETCH_FAILED, FETCH_REFUSED
from printkit.load.files import size_in_words
from printkit.load.source_urls import SCHEMES

_CHUNK = 64 * 1024
_ACCEPT = (
    "text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;q=0.9, */*;q=0.1"
)
_SHARE_HINT = (
    "open the address in a private browser window: a Google Sheet must be shared with 'Anyone "
    "with the link' or published to the web (File › Share › Publish to web)"
)
_HINTS = {
    401: _SHARE_HINT,
    403: _SHARE_HINT,
    404: "check the address; " + _SHARE_HINT,
    429: "the server asks for fewer requests: wait a minute and run the fetch again",
}


class DownloadFailed(Exception):
    """Why a download gave no file: `code` is PK822 (no answer, an HTTP error) or PK823 (an
    answer too large to be card data)."""

    def __init__(self, code: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class Downloaded:
    data: bytes
    content_type: str  # as the server states it, without parameters: 'text/csv'
    final_url: str  # after redirects


class _WebRedirectsOnly(urllib.request.HTTPRedirectHandler):
    """Follows a redirect (Google's export answers with one) only to another http(s) address:
    urllib itself would follow one to ftp:."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if urlsplit(newurl).scheme.lower() not in SCHEMES:
            shown = newurl if len(newurl) <= 80 else newurl[:77] + "…"
            message = f"the server redirected to '{shown}', which is no http(s) address"
            raise DownloadFailed(FETCH_FAILED, message, "check the address")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def download(url: str, max_bytes: int, timeout: float) -> Downloaded:
    """The body `url` answers with: at most `max_bytes`, within `timeout` seconds (each wait for
    the server, and the whole download, checked between reads). DownloadFailed says why not."""
    opener = urllib.request.build_opener(_WebRedirectsOnly)
    agent = f"printkit/{metadata.version('printkit')}"
    request = urllib.request.Request(url, headers={"User-Agent": agent, "Accept": _ACCEPT})
    deadline = time.monotonic() + timeout
    try:
        with opener.open(request, timeout=timeout) as response:
            announced = response.headers.get("Content-Length", "")
            if announced.isdigit() and int(announced) > max_bytes:
                raise _too_large(f"announces {size_in_words(int(announced))}", max_bytes)
            data = _read_bounded(response, max_bytes, deadline, timeout)
            return Downloaded(data, response.headers.get_content_type(), response.geturl())
    except urllib.error.HTTPError as error:
        message = f"the server answered {error.code} {error.reason}"
        hint = _HINTS.get(error.code, "check the address, or try again later")
        raise DownloadFailed(FETCH_FAILED, message, hint) from None
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError):
            raise _timed_out(timeout) from None
        host = urlsplit(url).hostname
        message = f"cannot reach {host}: {getattr(error.reason, 'strerror', None) or error.reason}"
        hint = "check the address and the network connection, then try again"
        raise DownloadFailed(FETCH_FAILED, message, hint) from None
    except TimeoutError:
        raise _timed_out(timeout) from None
    except (http.client.HTTPException, OSError) as error:
        message = f"the connection broke off: {error or type(error).__name__}"
        raise DownloadFailed(FETCH_FAILED, message, "try again") from None
    except ValueError as error:  # an address urllib cannot send, whatever url_problem allowed
        message = f"the address cannot be requested: {error}"
        raise DownloadFailed(FETCH_FAILED, message, "check the address") from None


def _read_bounded(
    response: http.client.HTTPResponse, max_bytes: int, deadline: float, timeout: float
) -> bytes:
    """The body, read as it arrives (read1 returns what one wait gives, so a server sending a
    byte at a time cannot hold a read past the socket's timeout), stopped past `max_bytes` or
    the deadline."""
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read1(_CHUNK):
        size += len(chunk)
        if size > max_bytes:
            raise _too_large(f"sent more than {size_in_words(max_bytes)}", max_bytes)
        if time.monotonic() > deadline:
            raise _timed_out(timeout)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(what: str, max_bytes: int) -> DownloadFailed:
    return DownloadFailed(
        FETCH_REFUSED,
        f"the server {what}, above the {size_in_words(max_bytes)} card data may have",
        "a deck's data is a few hundred rows: check that the address serves the deck's sheet",
    )


def _timed_out(timeout: float) -> DownloadFailed:
    return DownloadFailed(
        FETCH_FAILED,
        f"the download did not finish within {timeout:g} s",
        "try again later, or allow more time with --timeout",
    )
