"""What every imposed material asks first: which paper, and does a piece fit on it at all."""

from __future__ import annotations

from printkit.diagnostics import SHEET_TOO_SMALL, UNKNOWN_REFERENCE, Diagnostics, did_you_mean
from printkit.impose.catalogue import papers
from printkit.load.package import LoadedPackage
from printkit.model.base import ImposeSpec
from printkit.model.units import to_mm


def material_paper(
    loaded: LoadedPackage,
    material_id: str,
    requested: str | None,
    default: str,
    settings: str,
    diagnostics: Diagnostics,
) -> tuple[str, tuple[float, float]] | None:
    """The paper a material names under `settings` ('impose' or 'tiling'), or the command
    line's default; None if it is unknown."""
    key = requested or default
    if key not in papers():
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"unknown paper '{key}'",
            loaded.spans.value(("materials", material_id, settings, "paper")),
            hint=did_you_mean(key, papers()),
        )
        return None
    return key, papers()[key]


def report_too_small(
    loaded: LoadedPackage,
    material_id: str,
    cell: tuple[float, float],
    paper: str,
    spec: ImposeSpec,
    diagnostics: Diagnostics,
    hint: str = "choose a larger paper or a smaller piece",
) -> None:
    diagnostics.add(
        SHEET_TOO_SMALL,
        f"material '{material_id}': a piece of "
        f"{to_mm(cell[0]):.1f} × {to_mm(cell[1]):.1f} mm does not fit "
        f"on {paper} inside {to_mm(spec.margin):.1f} mm margins",
        loaded.spans.value(("materials", material_id)),
        hint=hint,
    )
