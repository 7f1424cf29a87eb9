"""A material's own texts are templates over the rules context, as its labels and card text
are: every kind's title (in its PDF, on its pages and on the preview page) and a map's caption,
legend names, place names and edge notes print their values, never their braces."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest
from support import GOOD, build_game, run_cli, text_runs

KINDS = {  # material → its kind; `sheet` is minimal_rules' own deck
    "sheet": "cards",
    "tokens": "counters",
    "fens": "hexmap",
    "quick": "quick_reference",
    "book": "rules_reference",
    "scores": "sheet",
}


def _title(kind: str) -> str:
    return "{{ game.title }}: " + kind + " for {{ values.hand }} hand"


def _printed(kind: str) -> str:
    return f"Minimal Deck: {kind} for 1 hand"


MORE = f"""\
components:
  tokens: {{count: 2}}
layouts:
  token: {{size: 1/2in, background: "#dddddd"}}
decks:
  tokens:
    layout: token
    cards: [{{name: Token, count: 2}}]
materials:
  tokens:
    kind: counters
    decks: [tokens]
    title: "{_title("counters")}"
    impose: {{backs: none}}
  fens: {{kind: hexmap, hex_size: 20mm, columns: 2, rows: 2, title: "{_title("hexmap")}"}}
  quick: {{kind: quick_reference, title: "{_title("quick_reference")}"}}
  book: {{kind: rules_reference, title: "{_title("rules_reference")}"}}
  scores:
    kind: sheet
    title: "{_title("sheet")}"
    elements: [{{kind: heading, text: Scores}}]
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """minimal_rules with a material of every kind, each titled by a template."""
    root = tmp_path_factory.mktemp("titles")
    game = root / "rule_data" / "titled"
    shutil.copytree(GOOD / "minimal_rules", game)
    main = game / "game.yaml"
    deck_title = f'    kind: cards\n    title: "{_title("cards")}"\n'
    main.write_text(main.read_text(encoding="utf-8").replace("    kind: cards\n", deck_title))
    (game / "more.yaml").write_text(MORE, encoding="utf-8")
    out = root / "out"
    result = run_cli("--rule-data", game.parent, "build", "titled", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("material", list(KINDS))
def test_a_title_template_prints_its_values_in_the_pdf_and_on_its_pages(
    built: Path, material: str
) -> None:
    reader = pypdf.PdfReader(built / "titled" / f"{material}.pdf")
    printed = _printed(KINDS[material])
    assert reader.metadata.title == printed
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert printed in text
    assert "{{" not in text


def test_the_preview_page_shows_each_title_as_printed(built: Path) -> None:
    page = (built / "index.html").read_text(encoding="utf-8")
    for kind in KINDS.values():
        assert _printed(kind) in page
    assert "{{" not in page


MAP = """\
game: {title: Fens, players: "2"}
data: {town: Greywater}
rules:
  values: {turns: 8, marsh: 2}
materials:
  map:
    kind: hexmap
    title: "{{ game.title }} map"
    caption: "Hold the islands at the end of turn {{ values.turns }}."
    orientation: flat
    hex_size: 20mm
    columns: 4
    rows: 3
    terrain:
      meadow: {name: Meadow, fill: "#eef3e2"}
      marsh: {name: "Marsh ({{ values.marsh }} to enter)", fill: "#b9d7cf", pattern: lines}
    default_terrain: meadow
    zones:
      island: {name: "Island ({{ values.turns }} turns)", letter: I}
    regions:
      - {terrain: marsh, hexes: ["0201"]}
      - {zone: island, hexes: ["0302"]}
    hexside_types:
      stream: {name: "Stream {{ 1 + 1 }}", color: "#1e6bd6"}
    hexsides:
      - {type: stream, between: ["0101", "0102"]}
    path_types:
      causeway: {name: "Causeway {{ 2 + 1 }}", color: "#8d5a2b"}
    paths:
      - {type: causeway, hexes: ["0103", "0203"]}
    markers:
      - {hex: "0402", label: R, fill: "#2e6b3a", name: "Camp of {{ data.town }}"}
    names:
      - {text: "{{ data.town | upper }}", hex: "0202"}
    edge_notes:
      - {edge: left, hex: "0102", text: "Reeds, turn {{ values.turns - 4 }}"}
"""


def test_a_maps_caption_legend_and_names_on_it_print_their_values(tmp_path: Path) -> None:
    result, out = build_game(tmp_path, "fens", MAP)
    assert result.exit_code == 0, result.output
    (page,) = pypdf.PdfReader(out / "map.pdf").pages
    runs = [run.text for run in text_runs(page)]
    for printed in (
        "Fens map",
        "Hold the islands at the end of turn 8.",
        "Marsh (2 to enter)",
        "Island (8 turns)",
        "Stream 2",
        "Causeway 3",
        "Camp of Greywater",
        "GREYWATER",
        "Reeds, turn 4",
    ):
        assert printed in runs, f"{printed!r} not among {runs}"
    assert not any("{" in run for run in runs)
