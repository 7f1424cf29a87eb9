"""The ink limit of a press-ready material (PK750), for colours a sheet draws on its page
itself: the broken package's navy is a card background, kept in a symbol the cards reuse."""

from __future__ import annotations

from pathlib import Path

from support import build_game, parse_diagnostics

from printkit.check.ink import used_colours
from printkit.draw.ops import (
    Circle,
    Document,
    Group,
    Image,
    Line,
    Page,
    Paint,
    Rect,
    Symbol,
    Text,
    Use,
)
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
    assert (
        finding.hint == "choose a lighter colour, or raise 'ink_limit' if your printer accepts it"
    )
    assert (Path(finding.file).name, finding.line) == ("game.yaml", 7), "at the ink_limit"
    assert finding.message == (
        f"material 'mat' prints {NAVY} with {inks.coverage:.0f} % ink (C {inks.c:.0%} "
        f"M {inks.m:.0%} Y {inks.y:.0%} K {inks.k:.0%}), above its limit of 200 %"
    )


def test_every_colour_drawn_is_found_on_pages_in_groups_and_in_symbols() -> None:
    """Fills and strokes of shapes, text colours, at any depth of groups, on pages and in
    symbols; art from a file and symbol placements carry no colour of their own."""
    card = Symbol("card", (Rect(0, 0, 10, 10, Paint(fill="#000001")),), (0, 0, 10, 10))
    document = Document(
        "colours",
        pages=[
            Page(
                100,
                100,
                [
                    Rect(0, 0, 5, 5, Paint(fill="#000002", stroke="#000003")),
                    Line(0, 0, 5, 5, Paint(stroke="#000004")),
                    Group((Group((Text(1, 1, "deep", "PK-Regular", 9, "#000005"),)),)),
                    Image(0, 0, 5, 5, "/nowhere.png"),
                    Use("card", 20, 20),
                ],
            ),
            Page(100, 100, [Circle(5, 5, 2, Paint(fill="#000006"))]),
        ],
        symbols={"card": card},
    )
    assert used_colours(document) == {f"#00000{n}" for n in range(1, 7)}


def _ink_limited(tmp_path: Path, limit: float, colour: str = "cmyk") -> list[str]:
    """The navy badge's PK750 messages when its material allows `limit` % of ink."""
    text = MAT.replace("ink_limit: 200", f"ink_limit: {limit}").replace(
        "colour: cmyk", f"colour: {colour}"
    )
    result, _ = build_game(tmp_path, "ink", text)
    return [d.message for d in parse_diagnostics(result.output) if NAVY in d.message]


def test_the_profile_rounding_is_allowed_half_a_percent_and_no_more(tmp_path: Path) -> None:
    coverage = to_cmyk(NAVY).coverage
    assert not _ink_limited(tmp_path / "within", coverage - 0.4)
    assert len(_ink_limited(tmp_path / "beyond", coverage - 0.6)) == 1


def test_a_screen_material_has_no_ink_limit(tmp_path: Path) -> None:
    result, out = build_game(tmp_path, "ink", MAT.replace("colour: cmyk", "colour: rgb"))
    assert result.exit_code == 0 and (out / "mat.pdf").is_file(), result.output
    assert "PK750" not in result.output
