"""Run the preflight on a compiled material and report what it finds, once per page and kind,
at the material's line, unless the material accepts that risk."""

from __future__ import annotations

from printkit.diagnostics import (
    MAP_TEXT_SMALL,
    MARKER_TEXT_SMALL,
    PREFLIGHT_SMALL_TEXT,
    SMALL_TEXT,
    Diagnostics,
)
from printkit.draw.ops import Document
from printkit.load.package import LoadedPackage
from printkit.preflight.page import RememberedGuides, entry_findings
from printkit.preflight.placements import Sheets


def preflight(
    loaded: LoadedPackage, material_id: str, document: Document, diagnostics: Diagnostics
) -> None:
    accepted = set(loaded.package.materials[material_id].preflight.accept)
    if any(d.code in (SMALL_TEXT, MARKER_TEXT_SMALL, MAP_TEXT_SMALL) for d in diagnostics):
        accepted.add(PREFLIGHT_SMALL_TEXT)  # the material's checks named what is small
    where = loaded.spans.key(("materials", material_id))
    sheets = Sheets(document)  # symbols and repeated drawings, found once for every page
    remembered: RememberedGuides = {}  # pages laid out alike share their cut guides
    for number, page in enumerate(document.pages, start=1):
        # A page with a BleedBox goes to a print shop, which prints its bleed to the edge.
        home_printed = page.bleed_box is None
        entries = sheets.page(page.ops)
        size = (page.width, page.height)
        for finding in entry_findings(entries, size, home_printed, remembered, page.lands):
            if finding.code in accepted:
                continue
            diagnostics.add(
                finding.code,
                f"material '{material_id}', page {number}: {finding.message}",
                where,
                hint=finding.hint,
            )
