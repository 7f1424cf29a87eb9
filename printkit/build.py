"""The compiler pipeline for one game: load, model, check, compile, render, write.

Every stage adds to the diagnostics; nothing is written for a game with errors, so a broken
package never replaces the previous good output.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from printkit.check.claims import Verdict
from printkit.check.deck import check_deck
from printkit.check.errata import apply_errata
from printkit.check.layout import check_safe_zones
from printkit.check.played import check_played
from printkit.check.rules import check_rules
from printkit.diagnostics import Diagnostics
from printkit.draw.ops import Document
from printkit.draw.pdf import render_pdf
from printkit.load.package import LoadedPackage, load_package
from printkit.load.played import play_errata
from printkit.materials.registry import compile_material
from printkit.model.layout import resolve_layouts
from printkit.output import OutputError, staged_folder, write_atomic
from printkit.sandbox.environment import game_budget

FORMATS = ("pdf", "svg", "png")


@dataclass
class GameResult:
    game: str
    documents: dict[str, Document] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    materials: list[str] = field(default_factory=list)  # every material of the game


@game_budget()
def compile_game(
    game_id: str,
    folder: Path,
    diagnostics: Diagnostics,
    paper: str = "a4",
    only: tuple[str, ...] = (),
    progress: Callable[[str], None] | None = None,
    press: bool = False,
    smoke: bool = False,
    properties: bool = False,
) -> GameResult | None:
    """Check a game and compile its materials in memory; None when it cannot be built.
    `properties` plays the property claims over seeded playouts (`claims`, `validate`),
    `smoke` the smoke playouts too (`validate`); otherwise only scripted games are played."""
    found = Diagnostics()
    loaded = load_package(game_id, folder, found)
    if loaded is None:
        diagnostics.extend(found)
        return None
    # What the text states is checked (its faults become notes where an erratum resolves
    # them); what is printed is the played rules, every erratum's `plays` applied.
    played = play_errata(loaded, found)
    layouts = resolve_layouts(played.package.layouts, loaded.spans, found)
    check_safe_zones(layouts, loaded.spans, found)
    for deck_id in loaded.package.decks:
        check_deck(loaded.package, deck_id, loaded.spans, found)
    result = GameResult(game_id)
    result.verdicts = check_rules(loaded, found, played, smoke, properties or smoke)
    remaining = Diagnostics()  # faults of the played rules: no erratum can excuse them
    check_played(played, found.items, remaining)
    result.materials = list(played.package.materials)
    for material_id in _materials(played, only):
        if progress:
            progress(f"{game_id}/{material_id}")
        document = compile_material(played, material_id, layouts, paper, found, press)
        if document is not None:
            result.documents[material_id] = document
    apply_errata(loaded, found.items, diagnostics)
    diagnostics.extend(remaining)
    return result


def _materials(loaded: LoadedPackage, only: tuple[str, ...]) -> list[str]:
    """The materials to build: all, or those `--only` names (a name the game lacks is the
    command line's business: see cli.build)."""
    return [m for m in loaded.package.materials if not only or m in only]


def write_outputs(result: GameResult, out: Path, formats: tuple[str, ...]) -> None:
    """Render every material and replace the game's output folder with the result at once.

    Raises OutputError (at the file that failed) when something cannot be written; the game's
    previous outputs are then left exactly as they were.
    """
    if not result.documents:
        return
    folder = out / result.game
    with staged_folder(folder, replaced=_outputs_of(result.documents)) as staging:
        written: list[Path] = []
        for material_id, document in result.documents.items():
            for name, data in _material_files(material_id, document, formats):
                try:
                    write_atomic(staging / name, data)
                except OSError as error:
                    raise OutputError(folder / name, error) from error
                written.append(folder / name)
    result.written += written


def _material_files(
    material_id: str, document: Document, formats: tuple[str, ...]
) -> Iterator[tuple[str, bytes]]:
    """Each output file of a material (name and bytes), rendered as it is written."""
    pdf = render_pdf(document)
    if "pdf" in formats:
        yield f"{material_id}.pdf", pdf
    if "svg" in formats:
        from printkit.draw.svg import render_svg_page  # svgwrite: 40 ms, for SVG output only

        width = _digits(len(document.pages))
        for number, page in enumerate(document.pages, start=1):
            yield f"{material_id}-p{number:0{width}d}.svg", render_svg_page(document, page)
    if "png" in formats:
        from printkit.draw.png import render_png_pages  # pdfium: 40 ms, for PNG output only

        pngs = render_png_pages(pdf)
        for number, png in enumerate(pngs, start=1):
            yield f"{material_id}-p{number:0{_digits(len(pngs))}d}.png", png


def _digits(pages: int) -> int:
    """Page numbers padded to the page count (p001 … p120), so names sort in page order."""
    return max(2, len(str(pages)))


def _outputs_of(materials: Iterable[str]) -> Callable[[str], bool]:
    """Whether a file name is an output of one of `materials`, in any format: a material that is
    built again loses all its old files, so no preview of an older version stays beside it.
    ('deck-pod-p01.svg' belongs to material 'deck-pod', not 'deck'.)"""
    names = "|".join(re.escape(material) for material in materials)
    own = re.compile(rf"(?:{names})(?:\.pdf|-p\d+\.(?:svg|png))")
    return lambda name: bool(names) and own.fullmatch(name) is not None
