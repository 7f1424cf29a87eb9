"""The ink limit of a press-ready material (PK750), for colours a sheet draws on its page
itself: the broken package's navy is a card background, kept in a symbol the cards reuse."""

from __future__ import annotations

from pathlib import Path

from support import build_game, parse_diagnostics

from printkit.draw.press import to_cmyk

NAVY = "#0d1b4a"  # some 245 % of ink: well over a 200 % limit
MAT = f"""\
game: {{title: Ink, players: "2"}}
components: {{}}
materials:
  mat:
    kind: sheet
    colour: cmyk
    ink_limit: 200
    elements:
      - {{kind: stat, id: hull, label: Hull, badge: {{letter: N, color: "{NAVY}"}}}}
"""


def test_a_colour_drawn_on_the_page_is_held_to_the_ink_limit(tmp_path: Path) -> None:
    result, _ = build_game(tmp_path, "ink", MAT)
    inks = to_cmyk(NAVY)
    assert inks.coverage > 200.5, "the colour must need more ink than the limit allows"
    (finding,) = [d for d in parse_diagnostics(result.output) if NAVY in d.message]
    assert finding.code == "PK750" and finding.severity == "error"
    assert (Path(finding.file).name, finding.line) == ("game.yaml", 7), "at the ink_limit"
    assert finding.message == (
        f"material 'mat' prints {NAVY} with {inks.coverage:.0f} % ink (C {inks.c:.0%} "
        f"M {inks.m:.0%} Y {inks.y:.0%} K {inks.k:.0%}), above its limit of 200 %"
    )
