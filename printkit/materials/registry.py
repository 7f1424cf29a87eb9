"""Which compiler turns which kind of material into a document.

Every material compiler has the same signature, so the build pipeline needs no knowledge of
the kinds: adding a kind means adding its model to `MaterialSpec` and its compiler here.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.diagnostics import Diagnostics
from printkit.draw.ops import Document
from printkit.impose.pieces import Piece
from printkit.load.package import LoadedPackage
from printkit.materials.cards import compile_cards
from printkit.materials.counters import compile_counters
from printkit.materials.hexmap import compile_hexmap
from printkit.materials.reference import compile_quick_reference, compile_rules_reference
from printkit.materials.sheet import compile_sheet
from printkit.model.layout import Layout
from printkit.model.package import MaterialSpec

MaterialCompiler = Callable[
    [LoadedPackage, str, dict[str, Layout], str, Diagnostics], Document | None
]

COMPILERS: dict[str, MaterialCompiler] = {
    "cards": compile_cards,
    "hexmap": compile_hexmap,
    "counters": compile_counters,
    "quick_reference": compile_quick_reference,
    "rules_reference": compile_rules_reference,
    "sheet": compile_sheet,
}


def duplex_of(spec: MaterialSpec) -> str | None:
    """Sheets with backs, and fold-and-glue sheets with an opaque backing, print double-sided."""
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
    `keep` chooses the pieces a cards or counters material imposes (a reprint of some)."""
    spec = loaded.package.materials[material_id]
    compiler = COMPILERS[spec.kind]
    if keep is None:
        document = compiler(loaded, material_id, layouts, paper, diagnostics)
    else:
        document = compiler(loaded, material_id, layouts, paper, diagnostics, keep=keep)  # type: ignore[call-arg]
    if document is not None:
        document.colour = "cmyk" if press else spec.colour
        document.duplex = duplex_of(spec)
    return document
