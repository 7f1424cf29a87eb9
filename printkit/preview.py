"""The preview page: `output/index.html` shows each game's materials as their page pictures,
with a link to each PDF, its page count and paper, and the game's diagnostics.

A build knows only the games it built; what earlier builds found for the others is kept beside
the page in `index.json`, so the page always shows every game of the folder. The page reloads
itself when a later build finishes by re-inserting a `<script>` tag for `index.stamp.js`: browsers
refuse fetch() and XMLHttpRequest of `file://` addresses but run scripts from them, so the
reload works from a file opened in the browser as well as over `printkit watch --serve`.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

from printkit.diagnostics import WRITE_FAILED, Diagnostics, Span, printable, relative
from printkit.impose.catalogue import papers
from printkit.output import (
    BUILD_DURABLE,
    PREVIEW_FILES,
    OutputError,
    output_lock,
    write_atomic,
)

if TYPE_CHECKING:
    from printkit.draw.ops import Document
    from printkit.rebuild import GameOutcome, MaterialOutcome

PAGE, MANIFEST, STAMP = PREVIEW_FILES
MM = 72 / 25.4


class Shown(NamedTuple):
    """What the page shows of a material's PDF: its page count, its first page's size in
    points, its title."""

    pages: int
    width: float
    height: float
    title: str


def shown_of(document: Document) -> Shown | None:
    """What the page shows of a material drawn in this build, from its drawing: the PDF it
    renders need not be opened again (pdfium's import alone is a twentieth of a small deck's
    build). None for a document laid out by Platypus, whose pages only its PDF knows."""
    if document.flow is not None or not document.pages:
        return None
    first = document.pages[0]
    return Shown(len(document.pages), first.width, first.height, document.title)


def write_preview(out: Path, outcomes: Iterable[GameOutcome], strict: bool) -> Diagnostics:
    """Record what this build did for each game and rewrite the page, its manifest and its stamp.

    Returns the diagnostics of a page that could not be written (the games' outputs stand)."""
    problems = Diagnostics()
    try:
        with output_lock(out):
            foreign = _not_printkits(out / PAGE)
            if foreign:
                problems.add(
                    WRITE_FAILED,
                    "this index.html is not printkit's preview page: it is left as it is, and "
                    "the preview page is not written",
                    Span(relative(out / PAGE)),
                    hint="build into a folder of printkit's own (--out), or move that file away",
                )
                return problems
            games = _manifest(out)
            for outcome in outcomes:
                entry = _game_entry(out, outcome, strict, games.get(outcome.game))
                if entry is not None:
                    games[outcome.game] = entry
            games = {g: e for g, e in sorted(games.items()) if (out / g).is_dir() or not e["built"]}
            stamp = f"{time.time_ns()}-{os.getpid()}"
            _write(out / PAGE, render_page(games, stamp))
            _write(out / MANIFEST, json.dumps({"games": games}, indent=1, sort_keys=True))
            _write(out / STAMP, f"printkitBuilt({json.dumps(stamp)});\n")
    except OutputError as failure:
        problems.add(
            WRITE_FAILED,
            f"cannot write the preview page: {failure.reason}",
            Span(relative(failure.path)),
            hint=failure.hint,
        )
    return problems


def render_page(games: dict[str, dict[str, Any]], stamp: str) -> str:
    """The page's HTML; every value from a game is escaped by the template."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    environment = Environment(
        loader=FileSystemLoader(Path(__file__).parent / "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["href"] = lambda path: quote(path)
    return environment.get_template("index.html.j2").render(
        games=games, stamp=stamp, stamp_file=STAMP
    )


def _write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text.encode("utf-8"), durable=BUILD_DURABLE)
    except OSError as error:
        raise OutputError(path, error) from error


def _manifest(out: Path) -> dict[str, dict[str, Any]]:
    """What earlier builds recorded; an unreadable manifest is forgotten (the next build of each
    game records it again)."""
    try:
        games = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["games"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return games if isinstance(games, dict) else {}


def _game_entry(
    out: Path, outcome: GameOutcome, strict: bool, previous: dict[str, Any] | None
) -> dict[str, Any] | None:
    """What the page shows of one game after this build; None when this build did not concern
    it (`--only` named none of its materials)."""
    found = outcome.diagnostics
    failed = outcome.failure is not None or found.has_errors(strict)
    if not failed and not outcome.built and not outcome.empty:
        return None
    kept = {m["id"]: m for m in (previous or {}).get("materials", [])}
    if not failed:
        folder = out / outcome.game
        try:
            names = sorted(path.name for path in folder.iterdir())
        except OSError:  # its output could not be written (PK400): the page stays as it was
            return previous
        for material in outcome.built:
            earlier = kept.get(material.material)
            if earlier is None or earlier.get("entry") != material.entry:
                kept[material.material] = _material_entry(folder, material, names)
        kept = {m: kept[m] for m in outcome.materials if m in kept and m not in outcome.empty}
    return {
        "title": outcome.title or (previous or {}).get("title") or outcome.game,
        "built": not failed,
        "diagnostics": [
            {
                # as the terminal shows them: a file name that is not UTF-8, for one, is
                # a surrogate that the page, written as UTF-8, cannot hold
                "where": printable(str(d.span)),
                "severity": str(d.severity),
                "code": d.code,
                "message": printable(d.message),
                "hint": printable(d.hint or ""),
            }
            for d in found.sorted()
        ],
        "materials": list(kept.values()),
    }


def _material_entry(folder: Path, material: MaterialOutcome, names: list[str]) -> dict[str, Any]:
    """What the page shows of a material, read from its files. Recorded with its cache entry:
    the same entry is the same files, so a later build that takes them from the cache shows
    the recorded entry without opening the PDF again (a no-op rebuild then loads no pdfium)."""
    material_id = material.material
    own = re.compile(rf"{re.escape(material_id)}-p\d+\.(png|svg)")
    pictures = [name for name in names if own.fullmatch(name)]
    pdf = f"{material_id}.pdf"
    pages, paper, title = 0, "", ""
    if pdf in names:
        pages, width, height, title = material.shown or _shown_in(folder / pdf)
        paper = paper_name(width, height)
    thumbnails = [name for name in pictures if name.endswith(".png")]
    return {
        "id": material_id,
        "entry": material.entry,
        "title": title or material_id,
        "pdf": pdf if pdf in names else None,
        "pages": pages or len(thumbnails) or len(pictures),
        "paper": paper,
        "thumbnails": thumbnails,
    }


def _shown_in(pdf: Path) -> Shown:
    """What the page shows of a PDF drawn by an earlier build or laid out by Platypus, read
    from the file: the title it carries is the material's."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        width, height = document[0].get_size()
        return Shown(len(document), width, height, document.get_metadata_value("Title") or "")
    finally:
        document.close()


def paper_name(width: float, height: float) -> str:
    """'A4', 'Letter landscape', or the size in millimetres (a card for a print shop)."""
    for name, (across, down) in papers().items():
        printed = name.upper() if name.startswith("a") else name.capitalize()
        if abs(width - across) < 1 and abs(height - down) < 1:
            return printed
        if abs(width - down) < 1 and abs(height - across) < 1:
            return f"{printed} landscape"
    return f"{width / MM:.0f} × {height / MM:.0f} mm"


GENERATOR = b'<meta name="generator" content="printkit">'


def _not_printkits(page: Path) -> bool:
    """Whether an index.html stands there that printkit did not write (a page of the
    designer's, in a folder given as --out): never overwritten."""
    try:
        with page.open("rb") as stream:
            head = stream.read(4096)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # a folder or something unreadable in its place: not ours either
    return GENERATOR not in head
