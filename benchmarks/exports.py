"""Benchmark: what the exports add to a build: card images (`--format cards`), Tabletop
Simulator sheets (`--format tts`) and a print-on-demand preset (`--pod thegamecrafter`).

Why this exists: issue 22's exports render every card on its own at 300 dpi (a poker card with
bleed is 825 × 1125 pixels), where the PDF draws a sheet of nine at once; they are opt-in, so a
plain build must cost what it did, and an export's cost per card must stay known.

What it does: writes a package of one poker deck of `--cards` cards (a colour, a name and a
line of text each) in a temporary folder and builds it into a fresh folder (`--force`, one
worker) as PDF alone, then with each export, `--repeat` times; prints the best wall and
processor seconds of each, and the processor milliseconds each export adds per card.

Run: `python benchmarks/exports.py` (`--cards 100 --repeat 1` for a quick look). The deck limit
is 2,000 cards (printkit schema --limits).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from processes import wall_and_cpu

GAME = "bench"
DECK = """\
game: {{title: Export benchmark, players: "2"}}
components:
  deck: {{count: {cards}}}
layouts:
  face:
    size: poker
    background: "{{{{ card.colour }}}}"
    regions:
      title: {{x: 4mm, y: 4mm, width: 55mm, height: 10mm, text: "{{{{ card.name }}}}", size: 11pt}}
      effect: {{x: 4mm, y: 20mm, width: 55mm, height: 30mm, text: "Gain 2 and draw a card.",
                size: 9pt}}
  back: {{size: poker, background: "#203040"}}
decks:
  deck:
    layout: face
    back: back
    fields: {{colour: text}}
    cards:
{rows}
materials:
  deck: {{kind: cards, deck: deck, impose: {{bleed: 0.125in}}}}
"""
VARIANTS = {
    "pdf": ["--format", "pdf"],
    "pdf + cards": ["--format", "pdf,cards"],
    "pdf + tts": ["--format", "pdf,tts"],
    "pdf + --pod thegamecrafter": ["--format", "pdf", "--pod", "thegamecrafter"],
}


def write_package(root: Path, cards: int) -> None:
    rows = "\n".join(
        f"      - {{name: Card {n}, colour: '#{(n * 37) % 200 + 40:02x}8060'}}"
        for n in range(cards)
    )
    (root / GAME).mkdir(parents=True)
    (root / GAME / "game.yaml").write_text(DECK.format(cards=cards, rows=rows), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    best: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        write_package(root / "rule_data", options.cards)
        for name, extra in VARIANTS.items():
            command = [
                *(sys.executable, "-m", "printkit", "--rule-data", str(root / "rule_data")),
                *("build", GAME, "--out", str(root / "out"), "--force", "--jobs", "1", *extra),
            ]
            runs = [wall_and_cpu(command) for _ in range(options.repeat)]
            best[name] = (min(w for w, _ in runs), min(c for _, c in runs))
    plain = best["pdf"][1]
    for name, (wall, cpu) in best.items():
        per_card = (cpu - plain) / options.cards * 1000
        added = "" if name == "pdf" else f", {per_card:.1f} ms per card"
        print(f"{options.cards:,} poker cards, {name}: {wall:.2f} s wall, {cpu:.2f} s cpu{added}")


if __name__ == "__main__":
    main()
