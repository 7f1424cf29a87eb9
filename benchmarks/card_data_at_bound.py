"""Benchmark: `printkit validate` of a deck read from a CSV file of as many rows as a deck may
hold, a whole process.

Why this exists: issue 20 found that 100,000 CSV rows took 104 s to validate and 1,000,000 rows
were killed at 59 s and 1.5 GB. Data files are now bounded (printkit's MAX_DATA_ROWS rows below
the header, the most a deck may hold), and a deck at that bound must stay fast: its rows are
read, typed, modelled, drawn, imposed and preflighted like any deck's. This times the whole
command, start-up included, as a user meets it, and reports both the wall time and the
processor time of the process (the machine may be shared; processor time moves less with the
load of others).

What it does: writes a package with one deck of `--rows` cards (a name, a count of 1, an effect
text and a number per row, the inventory matching) in a temporary folder, runs
`python -m printkit --rule-data DIR validate bench` `--repeat` times, and prints the best wall
and processor seconds. The command must succeed (exit 0), so the deck is within every limit.

Run: `python benchmarks/card_data_at_bound.py` (`--rows 500 --repeat 1` for a quick look). To
time another checkout of printkit, put it first on the path: `PYTHONPATH=/path/to/checkout python
benchmarks/card_data_at_bound.py`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from processes import wall_and_cpu

from printkit.model.limits import MAX_DATA_ROWS

GAME = "bench"
LAYOUT = """\
game:
  title: Card data benchmark
  players: "2"
components:
  deck:
    count: {rows}
layouts:
  face:
    size: standard
    background: "#ffffff"
    regions:
      title: {{x: 4mm, y: 4mm, width: 55mm, height: 10mm, text: "{{{{ card.name }}}}", size: 11pt}}
      effect: {{x: 4mm, y: 20mm, width: 55mm, height: 30mm, text: "{{{{ card.effect }}}}",
                size: 9pt, min_size: 6pt}}
decks:
  deck:
    layout: face
    fields: {{effect: text, power: number}}
    card_data: {{file: cards.csv}}
materials:
  sheet:
    kind: cards
    deck: deck
    impose: {{backs: none}}
"""


def write_package(root: Path, rows: int) -> None:
    folder = root / GAME
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(LAYOUT.format(rows=rows), encoding="utf-8")
    lines = [f"Card {n},1,Gain {n % 7} and draw a card.,{n % 7}\n" for n in range(rows)]
    (folder / "cards.csv").write_text("name,count,effect,power\n" + "".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=MAX_DATA_ROWS)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        write_package(root, options.rows)
        command = [sys.executable, "-m", "printkit", "--rule-data", str(root), "validate", GAME]
        runs = [wall_and_cpu(command) for _ in range(options.repeat)]
    wall = min(w for w, _ in runs)
    cpu = min(c for _, c in runs)
    print(f"printkit validate, {options.rows:,} CSV rows: best of {options.repeat}: "
          f"{wall:.2f} s wall, {cpu:.2f} s processor")  # fmt: skip


if __name__ == "__main__":
    main()
