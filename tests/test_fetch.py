"""`printkit fetch`: card data kept online, downloaded from a real HTTP server on the loopback
address (http.server in a thread), saved with its record; builds read only the saved copy, and
a failed download keeps the copy the designer had."""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from support import DATA, GOOD, files_under, parse_diagnostics, run_cli

from printkit.load.files import CARD_DATA
from printkit.load.source_urls import download_address, url_problem

CSV = (DATA / "card_data" / "csv_deck" / "cards.csv").read_bytes()
OLD = b"name,count,effect,power\nTwin,2,Play both to win.,3\nLoner,2,Old text.,1\n"


@dataclass
class Answer:
    status: int = 200
    body: bytes = CSV
    content_type: str = "text/csv"
    delay: float = 0.0  # seconds before the answer
    announce_length: bool = True
    location: str | None = None  # a redirect


@dataclass
class Server:
    """A web server on 127.0.0.1 that answers each path as `answers` says."""

    answers: dict[str, Answer] = field(default_factory=dict)
    port: int = 0
    requests: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def _handler(server: Server) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # the body ends when the connection closes

        def do_GET(self) -> None:
            server.requests.append(self.path)
            answer = server.answers.get(self.path, Answer(404, b"not here", "text/plain"))
            time.sleep(answer.delay)
            try:
                self.send_response(answer.status)
                self.send_header("Content-Type", answer.content_type)
                if answer.location:
                    self.send_header("Location", answer.location)
                if answer.announce_length:
                    self.send_header("Content-Length", str(len(answer.body)))
                self.end_headers()
                self.wfile.write(answer.body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading (a file past the size bound)

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loopback server is reached directly, whatever proxy the machine's settings name."""
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.setenv(name, "127.0.0.1")


@pytest.fixture
def server() -> Iterator[Server]:
    state = Server()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()


def _game(tmp_path: Path, url: str, name: str = "cards.csv", old: bytes | None = None) -> Path:
    """The CSV deck of tests/data/card_data with its data named by `url`, saved as `name`
    (holding `old` beforehand, if given)."""
    folder = tmp_path / "rule_data" / "online"
    shutil.copytree(DATA / "card_data" / "csv_deck", folder)
    (folder / "cards.csv").unlink()
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace(
        "card_data: {file: cards.csv}", f'card_data: {{file: {name}, url: "{url}"}}'
    )
    game.write_text(text, encoding="utf-8")
    if old is not None:
        (folder / name).write_bytes(old)
    return folder


def _fetch(folder: Path, *options: str) -> tuple[int, str]:
    result = run_cli("--rule-data", folder.parent, "fetch", folder.name, *options)
    return result.exit_code, result.output


def _record(folder: Path, name: str = "cards.csv") -> dict[str, object]:
    return json.loads((folder / f"{name}.fetched.json").read_text(encoding="utf-8"))


# --- fetching ----------------------------------------------------------------------------------


def test_fetch_saves_the_file_and_records_its_url_time_and_hash(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"))
    before = time.time()
    code, output = _fetch(folder)
    assert code == 0, output
    assert (folder / "cards.csv").read_bytes() == CSV
    record = _record(folder)
    assert record["url"] == record["downloaded_from"] == server.url("/cards.csv")
    assert record["sha256"] == hashlib.sha256(CSV).hexdigest()
    assert record["bytes"] == len(CSV)
    fetched = time.mktime(time.strptime(str(record["fetched"]), "%Y-%m-%dT%H:%M:%SZ"))
    assert before - 2 <= fetched - time.timezone <= time.time() + 2  # UTC, to the second
    assert "online/cards.csv: fetched" in output
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_a_second_fetch_of_the_same_content_leaves_both_files_alone(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"))
    assert _fetch(folder)[0] == 0
    record = (folder / "cards.csv.fetched.json").read_bytes()
    time.sleep(1.1)  # the record's time is to the second
    code, output = _fetch(folder)
    assert code == 0, output
    assert "unchanged since it was fetched" in output
    assert (folder / "cards.csv.fetched.json").read_bytes() == record
    assert len(server.requests) == 2  # it did ask the server


def test_fetch_replaces_the_old_copy_with_what_the_server_holds_now(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"), old=OLD)
    code, output = _fetch(folder)
    assert code == 0, output
    assert (folder / "cards.csv").read_bytes() == CSV


def test_fetch_follows_a_redirect_to_the_file(server: Server, tmp_path: Path) -> None:
    server.answers["/sheet"] = Answer(302, b"", location=server.url("/cards.csv"))
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/sheet"))
    code, output = _fetch(folder)
    assert code == 0, output
    assert (folder / "cards.csv").read_bytes() == CSV
    assert _record(folder)["url"] == server.url("/sheet")


def test_an_xlsx_workbook_is_fetched_and_read_from_its_sheet(
    server: Server, tmp_path: Path
) -> None:
    import openpyxl

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Cards"
    for row in (["name", "count", "effect"], ["Twin", 2, "Both."], ["Loner", 2, "One."]):
        sheet.append(row)
    workbook.save(tmp_path / "cards.xlsx")
    body = (tmp_path / "cards.xlsx").read_bytes()
    server.answers["/book"] = Answer(body=body, content_type="application/octet-stream")
    folder = _game(tmp_path, server.url("/book"), name="cards.xlsx")
    code, output = _fetch(folder)
    assert code == 0, output
    assert (folder / "cards.xlsx").read_bytes() == body
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    assert result.exit_code == 0, result.output


# --- builds stay offline ----------------------------------------------------------------------


def test_the_build_after_fetch_is_the_same_with_the_server_gone(tmp_path: Path) -> None:
    state = Server({"/cards.csv": Answer()})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    folder = _game(tmp_path, state.url("/cards.csv"))
    try:
        assert _fetch(folder)[0] == 0
        online = run_cli("--rule-data", folder.parent, "build", "--out", tmp_path / "online")
        assert online.exit_code == 0, online.output
    finally:
        httpd.shutdown()
        httpd.server_close()
    asked = len(state.requests)
    offline = run_cli("--rule-data", folder.parent, "build", "--out", tmp_path / "offline")
    assert offline.exit_code == 0, offline.output
    assert len(state.requests) == asked == 1  # only fetch asked the server
    built = files_under(tmp_path / "online" / "online")
    assert built
    for path in built:
        twin = tmp_path / "offline" / "online" / path.relative_to(tmp_path / "online" / "online")
        assert twin.read_bytes() == path.read_bytes(), path.name


def test_validate_names_a_saved_copy_not_fetched_yet_with_the_command(tmp_path: Path) -> None:
    folder = _game(tmp_path, "https://example.org/cards.csv")
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    assert result.exit_code == 1
    [problem] = parse_diagnostics(result.output)
    assert problem.code == "PK821"
    assert problem.hint and "printkit fetch online" in problem.hint
    line = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()[problem.line - 1]
    assert "card_data: {file: cards.csv" in line


def _validate(folder: Path) -> list[tuple[str, str]]:
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    return [(p.code, p.message) for p in parse_diagnostics(result.output)]


def test_validate_warns_of_a_saved_copy_edited_since_it_was_fetched(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"))
    assert _fetch(folder)[0] == 0
    assert _validate(folder) == []
    (folder / "cards.csv").write_bytes(CSV.replace(b"Worth 2.5", b"Worth 3.5"))
    [(code, message)] = _validate(folder)
    assert code == "PK824" and "changed since it was fetched" in message
    assert _fetch(folder)[0] == 0  # the online sheet wins
    assert (folder / "cards.csv").read_bytes() == CSV
    assert _validate(folder) == []


def test_validate_warns_of_a_saved_copy_fetched_from_another_address(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/cards.csv"] = Answer()
    server.answers["/v2.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"))
    assert _fetch(folder)[0] == 0
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("/cards.csv", "/v2.csv"))
    [(code, message)] = _validate(folder)
    assert code == "PK824" and f"fetched from another address: {server.url('/cards.csv')}" in (
        message
    )
    code, output = _fetch(folder)
    assert code == 0 and "fetched" in output  # same bytes, new address: the record is rewritten
    assert _record(folder)["url"] == server.url("/v2.csv")
    assert _validate(folder) == []


def test_a_record_that_is_a_link_to_another_project_s_is_not_read(
    server: Server, tmp_path: Path
) -> None:
    """A shared game's record linked to another project's would print that project's sheet
    address (PK824); printkit writes no link, so a record that is one is not read."""
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"))
    assert _fetch(folder)[0] == 0
    elsewhere = tmp_path / "other" / "cards.csv.fetched.json"
    elsewhere.parent.mkdir()
    record = folder / "cards.csv.fetched.json"
    elsewhere.write_text(
        record.read_text(encoding="utf-8").replace("/cards.csv", "/PRIVATE-SHEET"), "utf-8"
    )
    record.unlink()
    record.symlink_to(elsewhere)
    assert not any("PRIVATE-SHEET" in message for _, message in _validate(folder))


# --- failures keep the old copy -----------------------------------------------------------------


def _fails_keeping_the_old_copy(folder: Path, code: str, *options: str) -> str:
    exit_code, output = _fetch(folder, *options)
    assert exit_code == 1, output
    assert (folder / "cards.csv").read_bytes() == OLD
    assert not (folder / "cards.csv.fetched.json").exists()
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]
    problems = parse_diagnostics(output)
    assert code in {p.code for p in problems}, output
    [at_url] = [p for p in problems if p.file.endswith("game.yaml")]
    line = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()[at_url.line - 1]
    assert line[at_url.column - 1 :].startswith('"http://127.0.0.1')  # at the url
    assert "the saved copy is kept as it was" in at_url.message
    assert "Traceback" not in output
    return output


def test_a_404_keeps_the_old_copy(server: Server, tmp_path: Path) -> None:
    folder = _game(tmp_path, server.url("/gone.csv"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK822")
    assert "the server answered 404" in output
    assert "Anyone with the link" in output


def test_an_oversize_file_is_refused_from_its_announced_length(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/big.csv"] = Answer(body=b"x" * (CARD_DATA.max_bytes + 1))
    folder = _game(tmp_path, server.url("/big.csv"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK823")
    assert "announces 10 MB" in output


def test_an_oversize_file_that_does_not_announce_it_is_stopped_past_the_bound(
    server: Server, tmp_path: Path
) -> None:
    body = b"name\n" + b"x" * (CARD_DATA.max_bytes + 64 * 1024)
    server.answers["/big.csv"] = Answer(body=body, announce_length=False)
    folder = _game(tmp_path, server.url("/big.csv"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK823")
    assert "sent more than 10 MB" in output


def test_a_server_too_slow_is_given_up_after_the_timeout(server: Server, tmp_path: Path) -> None:
    server.answers["/slow.csv"] = Answer(delay=3)
    folder = _game(tmp_path, server.url("/slow.csv"), old=OLD)
    started = time.monotonic()
    output = _fails_keeping_the_old_copy(folder, "PK822", "--timeout", "0.5")
    assert time.monotonic() - started < 2.5
    assert "did not finish within 0.5 s" in output


def test_a_server_that_cannot_be_reached_keeps_the_old_copy(tmp_path: Path) -> None:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = httpd.server_address[1]
    httpd.server_close()  # nothing listens there now
    folder = _game(tmp_path, f"http://127.0.0.1:{port}/cards.csv", old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK822")
    assert "cannot reach 127.0.0.1" in output


def test_a_web_page_instead_of_the_sheet_keeps_the_old_copy(server: Server, tmp_path: Path) -> None:
    """A Google Sheet that is not shared answers with its sign-in page."""
    page = b"<!DOCTYPE html><html><body>Sign in</body></html>"
    server.answers["/private"] = Answer(body=page, content_type="text/html")
    folder = _game(tmp_path, server.url("/private"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK823")
    assert "a web page" in output


def test_a_download_the_reader_refuses_is_reported_at_its_row_and_column(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/semicolons.csv"] = Answer(body=b"name;count\nTwin;2\n")
    folder = _game(tmp_path, server.url("/semicolons.csv"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK823")
    [reader] = [p for p in parse_diagnostics(output) if p.code == "PK801"]
    assert (reader.file, reader.line, reader.column) == (server.url("/semicolons.csv"), 1, 1)


def test_a_redirect_to_another_scheme_is_refused(server: Server, tmp_path: Path) -> None:
    server.answers["/sheet"] = Answer(302, b"", location="ftp://127.0.0.1/cards.csv")
    folder = _game(tmp_path, server.url("/sheet"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK822")
    assert "no http(s) address" in output


def test_a_redirect_to_an_address_that_cannot_be_read_is_refused(
    server: Server, tmp_path: Path
) -> None:
    server.answers["/sheet"] = Answer(302, b"", location="http://[::1/cards.csv")
    folder = _game(tmp_path, server.url("/sheet"), old=OLD)
    output = _fails_keeping_the_old_copy(folder, "PK822")
    assert "cannot be requested" in output


def test_an_xlsx_name_for_a_csv_download_is_refused(server: Server, tmp_path: Path) -> None:
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"), name="cards.xlsx")
    code, output = _fetch(folder)
    assert code == 1
    assert not (folder / "cards.xlsx").exists()
    [problem] = parse_diagnostics(output)
    assert problem.code == "PK823" and "no XLSX workbook (the server calls it text/csv)" in (
        problem.message
    )
    assert problem.message.endswith("nothing was saved")


# --- the command --------------------------------------------------------------------------------


def test_fetch_of_an_unknown_game_is_a_usage_mistake() -> None:
    result = run_cli("--rule-data", GOOD, "fetch", "no_such_game")
    assert result.exit_code == 2
    assert "no game 'no_such_game'" in result.output


def test_fetch_says_when_a_game_names_no_url() -> None:
    result = run_cli("--rule-data", GOOD, "fetch", "minimal_deck")
    assert result.exit_code == 0, result.output
    assert "minimal_deck: no deck names its card data by URL" in result.output


def test_fetch_refuses_an_address_validate_refuses(tmp_path: Path) -> None:
    folder = _game(tmp_path, "file:///etc/passwd")
    code, output = _fetch(folder)
    assert code == 1
    [problem] = parse_diagnostics(output)
    assert problem.code == "PK820" and "'file:'" in problem.message
    assert not (folder / "cards.csv").exists()


# --- addresses ---------------------------------------------------------------------------------

SHEET = "1AbC-dEf_123"


@pytest.mark.parametrize(
    ("written", "suffix", "address"),
    [
        (
            f"https://docs.google.com/spreadsheets/d/{SHEET}/edit?usp=sharing",
            ".csv",
            f"https://docs.google.com/spreadsheets/d/{SHEET}/export?format=csv",
        ),
        (
            f"https://docs.google.com/spreadsheets/d/{SHEET}/edit#gid=402",
            ".csv",
            f"https://docs.google.com/spreadsheets/d/{SHEET}/export?format=csv&gid=402",
        ),
        (
            f"https://docs.google.com/spreadsheets/d/{SHEET}/edit?gid=7#gid=7",
            ".xlsx",
            f"https://docs.google.com/spreadsheets/d/{SHEET}/export?format=xlsx",
        ),
        (
            f"https://docs.google.com/spreadsheets/d/{SHEET}",
            ".csv",
            f"https://docs.google.com/spreadsheets/d/{SHEET}/export?format=csv",
        ),
        (
            "https://docs.google.com/spreadsheets/d/e/2PACX-1v/pubhtml?gid=5&single=true",
            ".csv",
            "https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=csv&gid=5",
        ),
    ],
)
def test_a_google_sheets_link_is_read_as_its_export(
    written: str, suffix: str, address: str
) -> None:
    download = download_address(written, suffix)
    assert download.url == address
    assert download.converted and "Google Sheet" in download.converted
    assert url_problem(written) is None


@pytest.mark.parametrize(
    "written",
    [
        f"https://docs.google.com/spreadsheets/d/{SHEET}/export?format=csv&gid=0",
        "https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?gid=0&single=true&output=csv",
        "https://example.org/cards.csv",
        "https://docs.google.com/document/d/x/edit",  # a document, not a sheet: as written
        "https://docs.google.com/spreadsheets/d/e/",  # no sheet named: as written
    ],
)
def test_a_file_address_is_downloaded_as_written(written: str) -> None:
    assert download_address(written, ".csv") == (written, None)


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        ("ftp://example.org/cards.csv", "'ftp:'"),
        ("file:///etc/passwd", "'file:'"),
        ("cards.csv", "no scheme"),
        ("https:///cards.csv", "no host"),
        ("https://me:secret@example.org/cards.csv", "password"),
        ("https://example.org/my cards.csv", "space"),
        ("https://éxample.org/cards.csv", "'é'"),
        ("https://example.org:port/cards.csv", "cannot be read"),
        ("https://example.org/" + "x" * 2000, "2,020 characters"),
    ],
)
def test_an_address_printkit_does_not_download_from_is_refused(written: str, problem: str) -> None:
    found = url_problem(written)
    assert found and problem in found


@pytest.mark.parametrize(
    ("name", "said"), [("cards.txt", "not a CSV or XLSX file"), ("../cards.csv", "outside")]
)
def test_fetch_saves_nowhere_but_a_data_file_in_the_game_folder(
    server: Server, tmp_path: Path, name: str, said: str
) -> None:
    server.answers["/cards.csv"] = Answer()
    folder = _game(tmp_path, server.url("/cards.csv"), name=name)
    code, output = _fetch(folder)
    assert code == 1
    [problem] = parse_diagnostics(output)
    assert problem.code == "PK800" and said in problem.message
    assert server.requests == []  # refused before any download
    assert sorted(p.name for p in folder.parent.parent.rglob("*.csv")) == []


def test_fetch_reports_a_url_without_a_file_to_save_it_as(tmp_path: Path) -> None:
    folder = _game(tmp_path, "https://example.org/cards.csv")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("{file: cards.csv, ", "{"))
    code, output = _fetch(folder)
    assert code == 1
    [problem] = parse_diagnostics(output)
    assert problem.code == "PK121" and "'file'" in problem.message
