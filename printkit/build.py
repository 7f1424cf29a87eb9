"""The compiler pipeline for one game: load, model, check, compile, render, write.

Every stage adds to the diagnostics; nothing is written for a game with errors, so a broken
package never replaces the previous good output.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printkit.check.claims import Verdict
from printkit.check.deck import check_deck
from printkit.check.errata import apply_errata
from printkit.check.layout import check_safe_zones
from printkit.check.rules import check_rules
from printkit.diagnostics import UNKNOWN_REFERENCE, Diagnostics, did_you_mean
from printkit.draw.ops import Document
from printkit.draw.pdf import render_pdf
from printkit.draw.png import render_png_pages
from printkit.draw.svg import render_svg_page
from printkit.load.package import LoadedPackage, load_package
from printkit.materials.registry import compile_material
from printkit.model.layout import resolve_layouts
from printkit.output import remove_stale_pages, write_atomic

FORMATS = ("pdf", "svg", "png")


@dataclass
class GameResult:
    game: str
    documents: dict[str, Document] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)


def compile_game(
    game_id: str,
    folder: Path,
    diagnostics: Diagnostics,
    paper: str = "a4",
    only: tuple[str, ...] = (),
    progress: Callable[[str], None] | None = None,
    press: bool = False,
) -> GameResult | None:
    """Check a game and compile its materials in memory; None when it cannot be built."""
    found = Diagnostics()
    loaded = load_package(game_id, folder, found)
    if loaded is None:
        diagnostics.extend(found)
        return None
    layouts = resolve_layouts(loaded.package.layouts, loaded.spans, found)
    check_safe_zones(layouts, loaded.spans, found)
    for deck_id in loaded.package.decks:
        check_deck(loaded.package, deck_id, loaded.spans, found)
    result = GameResult(game_id)
    result.verdicts = check_rules(loaded, found)
    for material_id in _materials(loaded, only, found):
        if progress:
            progress(f"{game_id}/{material_id}")
        document = compile_material(loaded, material_id, layouts, paper, found, press)
        if document is not None:
            result.documents[material_id] = document
    apply_errata(loaded, found.items, diagnostics)
    return result


def _materials(loaded: LoadedPackage, only: tuple[str, ...], found: Diagnostics) -> list[str]:
    materials = list(loaded.package.materials)
    for name in only:
        if name not in materials:
            found.add(
                UNKNOWN_REFERENCE,
                f"no material '{name}' in game '{loaded.id}'",
                loaded.spans.value(("materials",)),
                hint=did_you_mean(name, materials),
            )
    return [m for m in materials if not only or m in only]


def write_outputs(result: GameResult, out: Path, formats: tuple[str, ...]) -> None:
    folder = out / result.game
    for material_id, document in result.documents.items():
        pdf = render_pdf(document)
        if "pdf" in formats:
            path = folder / f"{material_id}.pdf"
            write_atomic(path, pdf)
            result.written.append(path)
        if "svg" in formats:
            pages = [render_svg_page(document, page) for page in document.pages]
            result.written += _write_pages(folder, material_id, ".svg", pages)
        if "png" in formats:
            result.written += _write_pages(folder, material_id, ".png", render_png_pages(pdf))


def _write_pages(folder: Path, stem: str, suffix: str, pages: list[bytes]) -> list[Path]:
    paths = [folder / f"{stem}-p{number:02d}{suffix}" for number in range(1, len(pages) + 1)]
    for path, data in zip(paths, pages, strict=True):
        write_atomic(path, data)
    remove_stale_pages(folder, stem, suffix, set(paths))
    return paths
