"""Text past a layout's safe zone (PK303): how far past each edge, said in millimetres where
the region's geometry is written, and nothing for what may run to the edge (listed first, so
that the text regions after them are still checked)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from support import GOOD, parse_diagnostics, run_cli

# a standard card is 63 × 88 mm; its safe zone is 3 mm unless the layout says otherwise
LAYOUTS = """\
layouts:
  face:
    size: standard
    background: "#ffffff"
    regions:
      art: {kind: box, x: 0mm, y: 0mm, width: 63mm, height: 88mm}
      empty: {x: 0mm, y: 0mm, width: 10mm, height: 10mm}
      title: {x: 4mm, y: 4mm, width: 55mm, height: 10mm, text: "{{ card.name }}"}
      effect: {x: 4mm, y: 20mm, width: 55mm, height: 30mm, text: "{{ card.effect }}"}
      left: {x: 1mm, y: 60mm, width: 20mm, height: 5mm, text: L}
      near: {x: 2.8mm, y: 70mm, width: 20mm, height: 5mm, text: N}
      top: {x: 30mm, y: 2.5mm, width: 20mm, height: 1mm, text: T}
      right: {x: 41mm, y: 60mm, width: 21.5mm, height: 5mm, text: R}
      bottom: {x: 10mm, y: 80mm, width: 20mm, height: 6mm, text: B}
      exact: {x: 3mm, y: 3mm, width: 57mm, height: 82mm, text: E}
  back:
    extends: face
    safe_zone: 5mm
    regions:
      left: {text: L again}
      exact: {x: 2mm}
"""


def test_text_past_the_safe_zone_is_reported_at_its_geometry(tmp_path: Path) -> None:
    folder = tmp_path / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    start, end = text.index("layouts:\n"), text.index("decks:\n")
    game.write_text(text[:start] + LAYOUTS + text[end:], encoding="utf-8")
    lines = (text[:start] + LAYOUTS).splitlines()

    result = run_cli("--rule-data", tmp_path, "validate")
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK303"]

    def at(region: str, key: str, layout: str = "face") -> tuple[int, int]:
        """At the value of the region's `key` that puts it past the line."""
        start = next(n for n, line in enumerate(lines, 1) if line.strip() == f"{layout}:")
        line = next(n for n, line in enumerate(lines, 1) if n > start and f" {region}: " in line)
        found = re.search(rf"[{{ ]{key}: ", lines[line - 1])
        assert found is not None
        return line, found.end() + 1

    def past(region: str, by: float, layout: str = "face", safe: float = 3.0) -> str:
        return (
            f"text region '{region}' of layout '{layout}' reaches {by:.1f} mm past the "
            f"{safe:.1f} mm safe zone"
        )

    assert sorted((d.line, d.column, d.severity, d.message) for d in found) == sorted(
        [
            (*at("left", "x"), "warning", past("left", 2.0)),
            (*at("near", "x"), "warning", past("near", 0.2)),  # less than a point past
            (*at("top", "y"), "warning", past("top", 0.5)),
            (*at("right", "width"), "warning", past("right", 2.5)),  # starts inside: too wide
            (*at("bottom", "height"), "warning", past("bottom", 1.0)),
            # the back's own geometry: its x, and its wider safe zone the region inherits
            (*at("exact", "x", "back"), "warning", past("exact", 3.0, "back", 5.0)),
        ]
    )
    assert {d.hint for d in found} == {
        "move the region inward, or set the layout's safe_zone if the piece is small"
    }


def test_text_a_smaller_layout_inherits_past_its_edge_is_refused_at_its_size(
    tmp_path: Path,
) -> None:
    """A mini layout extending a standard card's face keeps the face's footer at y 75 mm: on a
    63 mm tall card it lies wholly past the edge. The face is fine; the mini layout's own size
    is the mistake, and PK306 points there, once for the region."""
    folder = tmp_path / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    start, end = text.index("layouts:\n"), text.index("decks:\n")
    layouts = """\
layouts:
  face:
    size: standard
    background: "#ffffff"
    regions:
      title: {x: 4mm, y: 4mm, width: 30mm, height: 10mm, text: "{{ card.name }}"}
      footer: {x: 4mm, y: 75mm, width: 30mm, height: 7mm, text: Keep this card}
  mini:
    extends: face
    size: {width: 44mm, height: 63mm}
"""
    deck = text[end:].replace("layout: face", "layout: mini", 1)
    game.write_text(text[:start] + layouts + deck, encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "validate", "--no-simulate")
    found = [d for d in parse_diagnostics(result.output) if d.code in ("PK303", "PK306")]
    size_line = (text[:start] + layouts).splitlines().index("    size: {width: 44mm, height: 63mm}")
    assert [(d.code, d.line, d.message) for d in found] == [
        (
            "PK306",
            size_line + 1,
            "text region 'footer' of layout 'mini' reaches 19.0 mm past the piece's edge, "
            "where it is cut off",
        )
    ]
