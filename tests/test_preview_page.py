"""The preview page, output/index.html, as a browser shows it: headless Chromium loads it from
file://, every link resolves, every page picture loads, a game's data cannot inject markup, a
game with errors shows them, and a finished build makes an open page reload itself."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image
from support import GOOD, browse, run_cli

from printkit.diagnostics import Diagnostics, Span
from printkit.preview import STAMP, paper_name, write_preview
from printkit.rebuild import GameOutcome

HOSTILE = '<script>window.injected = 1</script> & "Co"'

# Appended to a copy of the page: waits for every picture (lazy ones made eager), then writes
# what it found into the DOM for --dump-dom. On the second load it stops the page reloading.
CHECK = """
<script>
var loads = +(sessionStorage.getItem("loads") || 0) + 1;
sessionStorage.setItem("loads", loads);
if (loads > 1) { window.printkitBuilt = function () {}; }
window.addEventListener("load", function () {
  var images = Array.prototype.slice.call(document.images);
  Promise.allSettled(images.map(function (image) {
    image.loading = "eager";
    return image.decode();
  })).then(function () {
    var report = {
      loads: loads,
      injected: window.injected !== undefined,
      images: images.map(function (i) { return [i.getAttribute("src"), i.naturalWidth]; }),
      links: Array.prototype.map.call(document.links, function (a) {
        return a.getAttribute("href");
      }),
      anchors: Array.prototype.map.call(document.querySelectorAll("[id]"), function (e) {
        return e.id;
      }),
      headings: Array.prototype.map.call(document.querySelectorAll("h2"), function (h) {
        return h.textContent;
      })
    };
    var out = document.createElement("pre");
    out.id = "report";
    out.textContent = JSON.stringify(report);
    document.body.appendChild(out);
  });
});
</script>
"""


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three games built into one folder: a clean one, one whose title is markup, a broken one."""
    root = tmp_path_factory.mktemp("preview")
    rule_data = root / "rule_data"
    for game in ("minimal_deck", "hostile", "broken"):
        shutil.copytree(GOOD / "minimal_deck", rule_data / game)
    hostile = rule_data / "hostile" / "game.yaml"
    hostile.write_text(
        hostile.read_text().replace("title: Minimal Deck", f"title: {json.dumps(HOSTILE)}")
    )
    broken = rule_data / "broken" / "game.yaml"
    broken.write_text(broken.read_text().replace("    count: 3", "    count: 4"))
    built = run_cli("--rule-data", rule_data, "build", "--out", root / "out", "--format", "pdf,png")
    assert built.exit_code == 1, built.output  # the broken game
    return root / "out"


ATTEMPTS = 3


def report_of(page: Path, stamp: str | None = None) -> dict:
    """Load a copy of the page with the check script in Chromium; what it reported."""
    checked = page.with_name("check.html")
    checked.write_text(page.read_text().replace("</body>", CHECK + "</body>"))
    if stamp is not None:
        (page.parent / STAMP).write_text(f"printkitBuilt({json.dumps(stamp)});\n")
    # Headless Chromium ends the run when the page's virtual time runs out; on a loaded
    # machine the pictures may decode after that, before the report is written: try again.
    for _ in range(ATTEMPTS):
        dom = browse("--virtual-time-budget=15000", "--dump-dom", checked.as_uri())
        found = re.search(r'<pre id="report">(.*?)</pre>', dom, re.S)
        if found:
            return json.loads(html.unescape(found[1]))
    raise AssertionError(f"no report from the page in {ATTEMPTS} loads: {dom[-2000:]}")


def test_every_link_resolves_and_every_picture_loads(out: Path) -> None:
    report = report_of(out / "index.html")
    assert report["loads"] == 1  # the stamp is this build's: no reload
    assert len(report["images"]) == 2  # one page of each built game
    for source, width in report["images"]:
        assert width > 0, f"{source} did not load"
    assert {"minimal_deck/sheet.pdf", "hostile/sheet.pdf"} <= set(report["links"])
    for link in report["links"]:
        address = urlsplit(link)
        assert not address.scheme, link  # nothing leaves the folder: it works offline
        if address.path:
            assert (out / unquote(address.path)).exists(), link
        if address.fragment:
            assert address.fragment in report["anchors"], link


def test_game_data_is_text_never_markup(out: Path) -> None:
    report = report_of(out / "index.html")
    assert not report["injected"]
    assert any(HOSTILE in heading for heading in report["headings"])
    assert "<script>window.injected" not in (out / "index.html").read_text()


def test_a_game_with_errors_shows_them_instead_of_materials(out: Path) -> None:
    page = (out / "index.html").read_text()
    broken = page[page.index('id="broken"') : page.index('id="hostile"')]
    assert "not built" in broken and "error[PK210]" in broken and "<img" not in broken


def test_a_finished_build_reloads_the_open_page(out: Path) -> None:
    """A stamp that is not the page's own (a later build's) reloads the page from file://."""
    stamp = out / STAMP
    own = stamp.read_text()
    try:
        assert report_of(out / "index.html", stamp="a later build")["loads"] == 2
    finally:
        stamp.write_text(own)


def test_the_page_looks_like_a_page(out: Path) -> None:
    """A screenshot (look at it when the page changes: pytest --basetemp keeps it)."""
    shot = out / "screenshot.png"
    browse("--window-size=1200,900", f"--screenshot={shot}", (out / "index.html").as_uri())
    with Image.open(shot) as picture:
        assert picture.size == (1200, 900)
        colours = picture.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 50  # not blank


def test_paper_names() -> None:
    assert paper_name(595.28, 841.89) == "A4"
    assert paper_name(792, 612) == "Letter landscape"
    assert paper_name(178.6, 266.5) == "63 × 94 mm"


def test_an_index_html_printkit_did_not_write_is_never_overwritten(tmp_path: Path) -> None:
    """A build into a folder of the designer's (--out) that holds their own index.html keeps
    it, writes the games' files, and says the preview page was not written (PK400)."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<html>the designer's own page</html>", encoding="utf-8")
    result = run_cli("--rule-data", GOOD, "build", "minimal_deck", "--out", out)
    assert result.exit_code == 1
    assert "error[PK400]" in result.output and "not printkit's preview page" in result.output
    assert (out / "index.html").read_text(
        encoding="utf-8"
    ) == "<html>the designer's own page</html>"
    assert (out / "minimal_deck" / "sheet.pdf").is_file()
    assert not (out / "index.json").exists()


def test_a_diagnostic_echoing_a_lone_surrogate_or_a_nul_is_written_as_escapes(
    tmp_path: Path,
) -> None:
    """Whatever a value echoed in a diagnostic holds (a file name's undecodable byte, a
    character a template made), the page and its manifest are written, showing it as the
    terminal does."""
    found = Diagnostics()
    found.add("PK810", "no image 'art/\udc80\x00.svg'", Span("g/\udce9.yaml", 3, 1), "try \x1b[2J")
    problems = write_preview(tmp_path, [GameOutcome("g", found)], strict=False)
    assert not list(problems)
    [entry] = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))["games"]["g"][
        "diagnostics"
    ]
    assert entry["message"] == "no image 'art/\\udc80\\x00.svg'"
    assert entry["hint"] == "try \\x1b[2J"
    assert entry["where"] == "g/\\udce9.yaml:3:1"
    page = html.unescape((tmp_path / "index.html").read_text(encoding="utf-8"))
    assert "no image 'art/\\udc80\\x00.svg'" in page
