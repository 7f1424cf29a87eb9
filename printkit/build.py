"""The compiler pipeline, which owns the order of the stages: a game is loaded, modelled and
checked as a whole; then each material is compiled, its ink checked and preflighted, and
rendered. Materials are independent once their game is checked, so printkit/rebuild.py can
draw them in worker processes and skip those whose inputs did not change.

Every stage adds to the diagnostics; nothing is written for a game with errors, so a broken
package never replaces the previous good output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from printkit.card_map import SUFFIX as CARD_MAP
from printkit.card_map import card_map_json
from printkit.check.claims import Status, Verdict
from printkit.check.deck import check_deck
from printkit.check.errata import apply_errata, resolving_erratum
from printkit.check.follow_ons import without_follow_ons
from printkit.check.game_work import within_game_work
from printkit.check.ink import check_ink
from printkit.check.layout import check_safe_zones
from printkit.check.literal_texts import check_literal_texts
from printkit.check.played import check_played
from printkit.check.rules import check_rules
from printkit.diagnostics import Diagnostics, Severity, suggesting
from printkit.draw.ops import Document
from printkit.draw.pdf import render_pdf
from printkit.draw.watermark import stamp
from printkit.export.pieces import check_descriptions
from printkit.ink_saving import Backgrounds, saving_ink
from printkit.load.fonts import resolve_fonts
from printkit.load.package import LoadedPackage, load_package
from printkit.load.played import play_errata
from printkit.materials.registry import compile_material
from printkit.model.layout import Layout, resolve_layouts
from printkit.preflight.run import preflight
from printkit.profiles import check_edition
from printkit.sandbox.environment import game_budget


@dataclass
class GameResult:
    game: str
    title: str = ""  # the game's own title, for the preview page
    documents: dict[str, Document] = field(default_factory=dict)
    verdicts: list[Verdict] = field(default_factory=list)
    materials: list[str] = field(default_factory=list)  # every material of the game


@dataclass
class CheckedGame:
    """A game loaded and checked as a whole: from here each material is drawn on its own, in
    whichever process, and its diagnostics join the game's in material order."""

    game: str
    title: str  # the game's own title, for the preview page
    loaded: LoadedPackage  # as the text states it (its errata resolve the checks' findings)
    played: LoadedPackage  # every erratum's `plays` applied: what is printed
    layouts: dict[str, Layout]
    found: Diagnostics  # the checks' findings, which the errata may still resolve
    remaining: Diagnostics  # faults of the played rules: no erratum can excuse them
    verdicts: list[Verdict]
    materials: list[str]  # every material of the game
    chosen: list[str]  # the materials to build


@game_budget()
@suggesting()
def check_game(
    game_id: str,
    folder: Path,
    diagnostics: Diagnostics,
    only: tuple[str, ...] = (),
    smoke: bool = False,
    properties: bool = False,
) -> CheckedGame | None:
    """Load a game and run the checks of the whole game; None (with the diagnostics) when it
    does not load. `properties` plays the property claims over seeded playouts (`claims`,
    `validate`), `smoke` the smoke playouts too (`validate`); otherwise only scripted games
    are played."""
    loading = Diagnostics()
    loaded = load_package(game_id, folder, loading)
    if loaded is None:
        diagnostics.extend(loading)
        return None
    found = Diagnostics()
    # What the text states is checked (its faults become notes where an erratum resolves
    # them); what is printed is the played rules, every erratum's `plays` applied.
    played = play_errata(loaded, found)
    layouts = resolve_fonts(
        resolve_layouts(played.package.layouts, loaded.spans, found), loaded.files, found
    )
    check_safe_zones(layouts, loaded.spans, found)
    check_edition(loaded, found)
    check_literal_texts(loaded.package, loaded.spans, found)
    check_descriptions(played, found)
    for deck_id in loaded.package.decks:
        if ("decks", deck_id) not in loaded.broken:  # its cards are not all known
            check_deck(loaded.package, deck_id, loaded.spans, found, loaded.broken)
    remaining = Diagnostics()
    verdicts = check_rules(loaded, played, found, remaining, smoke, properties or smoke)
    check_played(played, found.items, remaining)
    materials = list(played.package.materials)
    chosen = [m for m in materials if not only or m in only]  # a name no game has: cli.build
    chosen = within_game_work(played, chosen, found)
    loading.extend(without_follow_ons(loaded, found))
    return CheckedGame(
        game_id,
        loaded.package.game.title,
        loaded,
        played,
        layouts,
        loading,
        without_follow_ons(loaded, remaining),
        verdicts,
        materials,
        chosen,
    )


def draw_material(
    game: CheckedGame,
    material_id: str,
    paper: str,
    press: bool,
    watermark: str = "",
    backgrounds: Backgrounds = "full",
) -> tuple[Document | None, Diagnostics]:
    """The stages of one material in their order: compile, ink checks, preflight, and a
    profile's watermark (after the preflight, which audits what the game prints). Its own
    diagnostics, template budget and bound of names compared for suggestions, so that what it
    finds is the same whichever process draws it and whatever was drawn before."""
    own = Diagnostics()
    layouts = saving_ink(game.layouts, backgrounds)
    with game_budget(), suggesting():
        document = compile_material(game.played, material_id, layouts, paper, own, press)
    if document is not None:
        check_ink(game.played, material_id, document, own)
        preflight(game.played, material_id, document, own)
        if watermark:
            stamp(document, watermark)
    return document, own


def stops_game(game: CheckedGame, own: Diagnostics) -> bool:
    """Whether a material's own findings keep its game from being built: an error that no
    erratum resolves. Such a material is not rendered: nothing of its game is written."""
    errata = game.loaded.package.errata
    return any(
        found.severity is Severity.ERROR and resolving_erratum(errata, found) is None
        for found in own.items
    )


def finish_game(game: CheckedGame, drawn: Iterable[Diagnostics], diagnostics: Diagnostics) -> None:
    """Add the game's diagnostics to `diagnostics`: the checks' and each material's, in the
    game's material order, with the errata applied to them."""
    found = Diagnostics()
    found.extend(game.found)
    for own in drawn:
        found.extend(without_follow_ons(game.loaded, own))
    unplayed = [f"{v.kind} '{v.id}'" for v in game.verdicts if v.status == Status.NOT_PLAYED]
    apply_errata(game.loaded, found.items, diagnostics, unplayed)
    diagnostics.extend(game.remaining)


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
    """Check a game and compile its materials in memory, in this process; None when it cannot
    be built. (`printkit validate` and `claims`: nothing is rendered or written.)"""
    game = check_game(game_id, folder, diagnostics, only, smoke, properties)
    if game is None:
        return None
    result = GameResult(game_id, game.title, verdicts=game.verdicts, materials=game.materials)
    drawn = []
    for material_id in game.chosen:
        if progress:
            progress(f"{game_id}/{material_id}")
        document, own = draw_material(game, material_id, paper, press)
        drawn.append(own)
        if document is not None:
            result.documents[material_id] = document
    finish_game(game, drawn, diagnostics)
    return result


def material_files(
    material_id: str,
    document: Document,
    formats: tuple[str, ...],
    dpi: int,
    pdf: bytes | None = None,
) -> Iterator[tuple[str, bytes]]:
    """Each output file of a material (name and bytes), rendered as it is asked for; the PNG
    previews from the PDF in memory (`pdf`, when it was rendered already). A build of exports
    alone (`--format tts`) renders no PDF."""
    if pdf is None and ("pdf" in formats or "png" in formats):
        pdf = render_pdf(document)
    if "pdf" in formats and pdf is not None:
        yield f"{material_id}.pdf", pdf
        cards = card_map_json(material_id, document)
        if cards is not None:
            yield f"{material_id}{CARD_MAP}", cards
    if "svg" in formats:
        from printkit.draw.svg import render_svg_page  # svgwrite: 40 ms, for SVG output only

        width = _digits(len(document.pages))
        for number, page in enumerate(document.pages, start=1):
            yield f"{material_id}-p{number:0{width}d}.svg", render_svg_page(document, page)
    if "png" in formats and pdf is not None:
        from printkit.draw.png import render_png_pages  # pdfium: 40 ms, for PNG output only

        pngs = render_png_pages(pdf, dpi)
        for number, png in enumerate(pngs, start=1):
            yield f"{material_id}-p{number:0{_digits(len(pngs))}d}.png", png


def _digits(pages: int) -> int:
    """Page numbers padded to the page count (p001 … p120), so names sort in page order."""
    return max(2, len(str(pages)))
