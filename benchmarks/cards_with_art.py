"""Benchmark: what art costs. A deck of 1000 cards sharing 10 pieces of raster art, against the
same deck without art, both built by `printkit build` in the same run.

Why this exists: issue 12 asks that a card's art be stored once per PDF however many cards show
it (reportlab image XObjects, reused), so that art costs its own bytes once and a little drawing
per card. This script measures it as a user meets it: whole `printkit build --format pdf`
processes, start-up included, timed against a baseline (the same deck, same layout, no image
region) built in the same run on the same machine, so the ratio means something.

What it does:

1. Writes 10 PNG pictures (700 × 700 px, each its own colour under noise, so they do not
   compress to nothing) and a game package with one deck of `--cards` cards (100 different
   cards, each shown `--cards / 100` times), a poker layout with an image region showing the
   card's art (`art/{{ card.art }}.png`) and a title; the baseline package is the same without
   the image region.
2. Builds each with `python -m printkit build --format pdf` in a fresh process, `--repeat`
   times, and keeps the fastest wall time of each.
3. Opens the PDF with pikepdf and counts its image XObjects (distinct objects): 10 with art,
   0 without.
4. Prints wall seconds, the ratio art/baseline, PDF bytes, and bytes per card beyond the
   baseline; the exit status is 1 when the PDF holds an image more than once.

Run: `python benchmarks/cards_with_art.py` (add `--cards 200 --repeat 1` for a quick look).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import pikepdf
import yaml
from PIL import Image
from processes import printkit_build, timed

PICTURES = 10
DISTINCT = 100
SIZE = (700, 700)


def write_pictures(folder: Path) -> None:
    """Ten pictures of 700 × 700 px (over 300 dpi at 55 mm, so no resolution warning), each a
    colour of its own under noise, which keeps them from compressing to nothing."""
    folder.mkdir(parents=True)
    rng = random.Random(12)
    for index in range(PICTURES):
        base = Image.new("RGB", SIZE, (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        noise = Image.effect_noise(SIZE, 40).convert("RGB")
        Image.blend(base, noise, 0.3).save(folder / f"picture{index + 1}.png")


def write_package(rule_data: Path, cards: int, with_art: bool) -> None:
    folder = rule_data / "bench"
    regions: dict[str, dict[str, object]] = {
        "title": {
            "x": "4mm",
            "y": "62mm",
            "width": "55mm",
            "height": "10mm",
            "text": "{{ card.name }}",
            "font": "bold",
            "size": "11pt",
        }
    }
    if with_art:
        regions["art"] = {
            "kind": "image",
            "x": "4mm",
            "y": "4mm",
            "width": "55mm",
            "height": "55mm",
            "image": "art/{{ card.art }}.png",
            "fit": "cover",
        }
        write_pictures(folder / "art")
    folder.mkdir(parents=True, exist_ok=True)
    each = max(1, cards // DISTINCT)
    deck = [
        {"name": f"Card {n + 1}", "count": each, "art": f"picture{n % PICTURES + 1}"}
        for n in range(DISTINCT)
    ]
    package = {
        "game": {"title": "Art benchmark", "players": "2"},
        "components": {"deck": {"count": each * DISTINCT}},
        "layouts": {"face": {"size": "poker", "background": "#ffffff", "regions": regions}},
        "decks": {"deck": {"layout": "face", "fields": {"art": "text"}, "cards": deck}},
        "materials": {"cards": {"kind": "cards", "deck": "deck", "impose": {"backs": "none"}}},
    }
    (folder / "game.yaml").write_text(yaml.safe_dump(package, sort_keys=False), encoding="utf-8")


def build(rule_data: Path, out: Path) -> float:
    """Wall seconds of one whole `printkit build` process."""
    return timed(printkit_build(rule_data, "bench", out))


def images_in(pdf: Path) -> int:
    """Distinct image XObjects in the PDF, wherever they are referenced from."""
    with pikepdf.open(pdf) as document:
        return sum(
            1
            for obj in document.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        results = {}
        for label, with_art in (("without art", False), ("with art", True)):
            rule_data = root / label.replace(" ", "_") / "rule_data"
            write_package(rule_data, options.cards, with_art)
            out = rule_data.parent / "out"
            best = min(build(rule_data, out) for _ in range(options.repeat))
            pdf = out / "bench" / "cards.pdf"
            results[label] = (best, pdf.stat().st_size, images_in(pdf))
    base_time, base_bytes, _ = results["without art"]
    art_time, art_bytes, images = results["with art"]
    cards = max(1, options.cards // DISTINCT) * DISTINCT
    print(f"{cards} cards, {PICTURES} pictures, best of {options.repeat} whole processes")
    print(f"{'':14}{'seconds':>9}{'PDF bytes':>12}{'images':>8}")
    for label, (seconds, size, count) in results.items():
        print(f"{label:14}{seconds:9.2f}{size:12,}{count:8}")
    print(f"time ratio with/without art: {art_time / base_time:.2f}")
    print(f"bytes per card beyond the baseline: {(art_bytes - base_bytes) / cards:,.0f}")
    if images != PICTURES:
        print(f"FAIL: the PDF holds {images} images for {PICTURES} pictures")
        return 1
    print(f"each picture stored once: {images} image objects for {cards} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
