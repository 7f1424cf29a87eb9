"""The diff family (issue 22): `printkit diff OLD NEW` between a build's output and a copy of it
that was damaged, edited or replaced the ways a folder on a designer's disk gets broken: card
maps of the wrong shape, PDFs cut short, encrypted or the size of a field, links out of the
folder, named pipes, materials and games missing, folders of different depths; `--reprint`
draws the changed cards again from the game.

The game is built as it is (the case's build); `tamper` then changes the copy, from its own
random source seeded by the case's seed, so the case replays from the seed alone."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pikepdf

from fuzzing.draft import Draft, materials
from fuzzing.hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_STRUCTURES
from fuzzing.yaml_mutations import mutate_text

Paths = tuple[list[Path], list[str], str]


def mutate_diff(draft: Draft) -> None:
    """Nothing of the game changes: the case builds it, then compares a tampered copy."""
    draft.compare = True
    draft.secret_file()  # for a file of the old output that links to it
    draft.note("the build compared with a damaged copy of its output (printkit diff)")


def diff_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if materials(game, ("cards",))]


def _card_map(rng: random.Random, path: Path) -> str:
    """A card map whose numbers, names or shape are wrong."""
    tree: Any = json.loads(path.read_text(encoding="utf-8"))
    cards = tree["cards"]
    operation = rng.randrange(6)
    if operation == 0:
        card = rng.choice(cards)
        key = rng.choice(sorted(card))
        card[key] = rng.choice((*HOSTILE_NUMBERS, *HOSTILE_STRINGS[:8], *HOSTILE_STRUCTURES))
        change = f"card map: a card's {key} = {card[key]!r:.40}"
    elif operation == 1:
        card = rng.choice(cards)
        card["box_mm"] = rng.choice(([0, 0, 1e6, 1e6], [-1e6, -1e6, 10, 10], [0, 0, 0, 0],
                                     [1e308, 1e308, 1e308, 1e308], [0, 0, 63],
                                     [float("nan")] * 4, [0, 0, -63, -88]))  # fmt: skip
        card["bleed_mm"] = rng.choice((3.0, 0, -3, 1e6, float("inf")))
        change = f"card map: box {card['box_mm']}, bleed {card['bleed_mm']}"
    elif operation == 2:
        tree["cards"] = cards * rng.choice((1000, 20_000))
        change = f"card map: {len(tree['cards'])} cards"
    elif operation == 3:
        tree = rng.choice(([], None, {"version": 1}, {"version": 99, "cards": cards},
                           {"version": 1, "material": "x", "cards": {}}))  # fmt: skip
        change = f"card map = {json.dumps(tree)[:60]}"
    elif operation == 4:
        data, change = mutate_text(rng, path.read_bytes())
        path.write_bytes(data)
        return f"card map: {change}"
    else:
        tree["cards"] = [dict(c, page=rng.choice((0, -1, 10**9, 2))) for c in cards]
        change = "card map: pages that do not exist"
    path.write_text(json.dumps(tree, allow_nan=True), encoding="utf-8")
    return change


def _pdf(rng: random.Random, path: Path, others: list[Path]) -> str:
    """A material's PDF cut short, garbage, another material's, encrypted, or a field wide."""
    operation = rng.randrange(6)
    if operation == 0:
        data = path.read_bytes()
        cut = rng.randrange(len(data))
        path.write_bytes(data[:cut])
        return f"PDF cut at byte {cut}"
    if operation == 1:
        path.write_bytes(rng.choice((b"", b"%PDF-1.7\n", bytes(range(256)) * 40)))
        return "a PDF that is not one"
    if operation == 2 and others:
        shutil.copyfile(rng.choice(others), path)
        return "another material's PDF"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        if operation == 3:
            pdf.save(path, encryption=pikepdf.Encryption(owner="o", user="u"))
            return "an encrypted PDF"
        size = rng.choice((14_400, 1e6, 0.01, 0))
        if operation == 5:
            del pdf.pages[0]
            if len(pdf.pages) == 0:
                pdf.add_blank_page()
        pdf.pages[0].mediabox = pikepdf.Array([0, 0, size, size])
        pdf.save(path)
        return f"a first page {size} pt wide{', a page removed' if operation == 5 else ''}"


def _special(rng: random.Random, target: Path, secret: str | None) -> str:
    """A file of the old output replaced by a link out of it, a named pipe or a folder."""
    if target.is_dir():
        shutil.rmtree(target)
    else:
        target.unlink()
    kind = rng.choice(("link", "fifo", "folder") if secret else ("fifo", "folder"))
    if kind == "link":
        assert secret is not None
        target.symlink_to(secret)
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    return f"{target.name} is a {kind}"


def tamper(rng: random.Random, old: Path, new: Path, secret: Path | None, game: str) -> Paths:
    """Change the copy `old` of the output `new`: what `printkit diff` is given (paths and
    options) and what was done."""
    game_old, game_new = old / game, new / game
    maps = sorted(game_old.glob("*.cards.json"))
    pdfs = sorted(game_old.glob("*.pdf"))
    options = ["--reprint"] if rng.random() < 0.4 else []
    if rng.random() < 0.1:
        options += rng.choice((["--press"], ["--paper", "letter"]))
    paths = [old, new]
    operation = rng.randrange(7)
    if operation == 0:
        change = "nothing: the same build twice"
    elif operation == 1 and maps:
        change = _card_map(rng, rng.choice(maps))
    elif operation == 2 and pdfs:
        target = rng.choice(pdfs)
        change = _pdf(rng, target, [p for p in pdfs if p != target])
    elif operation == 3:
        target = rng.choice(maps + pdfs) if rng.random() < 0.8 else game_old
        change = _special(rng, target, str(secret) if secret else None)
    elif operation == 4:
        target = rng.choice(maps + pdfs)
        target.unlink()
        change = f"{target.name} removed"
    elif operation == 5:
        paths = rng.choice(([game_old, game_new], [game_old, new], [old, game_new],
                            [old, old], [game_old, rng.choice(pdfs or [game_old])],
                            [old / "nope", new]))  # fmt: skip
        change = f"compare {[str(p.relative_to(old.parent)) for p in paths]}"
    else:
        twin = game_old.with_name(game + "-renamed")
        game_old.rename(twin)
        change = "the game's folder renamed"
    return paths, options, change
