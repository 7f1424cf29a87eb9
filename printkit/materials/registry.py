"""Which compiler turns which kind of material into a document.

Every material compiler has the same signature, so the build pipeline needs no knowledge of
the kinds: adding a kind means adding its model to `MaterialSpec` and its compiler here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from printkit.diagnostics import Diagnostics
from printkit.draw.ops import Document
from printkit.impose.pieces import Piece
from printkit.load.package import LoadedPackage
from printkit.model.layout import Layout
from printkit.model.package import MaterialSpec

MaterialCompiler = Callable[
    [LoadedPackage, str, dict[str, Layout], str, Diagnostics], Document | None
]

# Each kind's compiler by module and name, imported when a material of that kind is drawn: a
# deck's build does not pay for the reference documents' Markdown and Platypus, nor the maps'.
COMPILERS: dict[str, tuple[str, str]] = {
    "cards": ("printkit.materials.cards", "compile_cards"),
    "hexmap": ("printkit.materials.hexmap", "compile_hexmap"),
    "counters": ("printkit.materials.counters", "compile_counters"),
    "quick_reference": ("printkit.materials.reference", "compile_quick_reference"),
    "rules_reference": ("printkit.materials.reference", "compile_rules_reference"),
    "sheet": ("printkit.materials.sheet", "compile_sheet"),
}


def compiler_of(kind: str) -> MaterialCompiler:
    """The compiler of a kind of material, its module imported now."""
    module, name = COMPILERS[kind]
    return getattr(importlib.import_module(module), name)


def duplex_of(spec: MaterialSpec) -> str | None:
    """Sheets with backs, and fold-and-glue sheets with an opaque backing, print double-sided;
    so do small sheets given a `back` (a sheet material has no `impose`: its backs are set)."""
    if getattr(spec, "back", None) is not None:
        from printkit.materials.sheet_nup import WITH_BACKS  # the imposition's, when it runs

        return WITH_BACKS.backs
    impose = getattr(spec, "impose", None)
    if impose is None or impose.backs == "none":
        return None
    if impose.mode == "sheet" or (impose.mode == "fold" and impose.opaque_backing):
        return impose.backs
    return None


def compile_material(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
    press: bool = False,
    keep: Callable[[Piece], bool] | None = None,
) -> Document | None:
    """Compile one material of a loaded package into a document; None when its diagnostics
    forbid it. The checks of the document are the pipeline's (build.draw_material).

    `press` prints every material in CMYK for the press, as `colour: cmyk` does for one.
    `keep` chooses the pieces a cards or counters material imposes (a reprint of some),
    asked of each piece once, in the order of its deck."""
    spec = loaded.package.materials[material_id]
    compiler = compiler_of(spec.kind)
    if keep is None:
        document = compiler(loaded, material_id, layouts, paper, diagnostics)
    else:
        document = compiler(loaded, material_id, layouts, paper, diagnostics, keep=keep)  # type: ignore[call-arg]
    if document is not None:
        document.colour = "cmyk" if press else spec.colour
        document.duplex = duplex_of(spec)
        document.subject = loaded.package.game.edition.subject
    return document
