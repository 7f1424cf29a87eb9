"""Run the preflight on a compiled material and report what it finds at the material's line,
each finding once with the pages it is on, unless the material accepts that risk."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from printkit.diagnostics import (
    MAP_TEXT_SMALL,
    MARKER_TEXT_SMALL,
    PREFLIGHT_SMALL_TEXT,
    SMALL_TEXT,
    Diagnostics,
)
from printkit.draw.ops import Document
from printkit.load.package import LoadedPackage
from printkit.preflight.checks import Finding
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
    found = OnPages()
    for number, page in enumerate(document.pages, start=1):
        # A page with a BleedBox goes to a print shop, which prints its bleed to the edge.
        home_printed = page.bleed_box is None
        entries = sheets.page(page.ops)
        size = (page.width, page.height)
        for finding in entry_findings(entries, size, home_printed, remembered, page.lands):
            if finding.code not in accepted:
                found.add(number, finding)
    for code, message, hint in found.said():
        diagnostics.add(code, f"material '{material_id}', {message}", where, hint)


@dataclass
class OnPages:
    """The findings of a document's pages, each once with the pages it is on: a back drawn
    alike on every other page, or mirroring its front (the same text and colours, at the
    mirrored place), is one finding."""

    # (code, message, hint) -> each (page, place) it was found at, in page order
    seen: dict[tuple[str, str, str], list[tuple[int, str]]] = field(default_factory=dict)

    def add(self, number: int, finding: Finding) -> None:
        key = (finding.code, finding.message, finding.hint)
        self.seen.setdefault(key, []).append((number, finding.place))

    def said(self) -> Iterator[tuple[str, str, str]]:
        """Code, message (its pages first; its place, the first page's where they differ)
        and hint of each finding."""
        for (code, message, hint), found in self.seen.items():
            pages = list(dict.fromkeys(number for number, _ in found))
            first, place = found[0]
            if len({where for _, where in found}) > 1 and len(pages) > 1:
                place += f" on page {first}"
            said = Finding(code, message, hint, place).located
            yield code, f"{pages_named(pages)}: {said}", hint


def pages_named(numbers: list[int]) -> str:
    """'page 3', or the pages a finding repeats on, once: 'pages 2–4, 7', or for a back
    drawn alike on every other page '49 pages (2, 4, 6, …)'."""
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    shown = [f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    if len(shown) <= 4:
        return f"pages {', '.join(shown)}"
    return f"{len(numbers)} pages ({', '.join(shown[:3])}, …)"
