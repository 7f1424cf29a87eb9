"""A case under construction: the copied package, the seeded random source every mutator draws
from, what was changed, and what the case expects of printkit beyond the common promises.

The helpers here read and write a package's YAML sections wherever the package keeps them, so
a family mutates "the claims" or "a sheet material" without knowing which file holds it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

PRESET_FILE = "pod-preset.yaml"  # a print-on-demand preset a case writes beside its game


@dataclass
class Draft:
    """What a family's mutator works on; `make_case` turns it into a frozen Case."""

    rng: random.Random
    game: Path
    workdir: Path
    changes: list[str] = field(default_factory=list)
    must_refuse: str | None = None  # why printkit must exit 1 on this case
    must_accept: str | None = None  # why printkit must exit 0 on this case
    secret: str | None = None  # text of a file outside the game that no output may contain
    reproducible: bool = False  # always build twice and compare, whatever the sample rate
    build_args: list[str] = field(default_factory=list)  # options the build must be given
    compare: bool = False  # build, tamper with a copy of the output, `printkit diff` the two

    def note(self, change: str) -> None:
        self.changes.append(change)

    def secret_file(self) -> Path:
        """A file beside the rule-data folder, outside the game, holding a marker text: a link
        to it must be refused, and the marker must reach no output and no diagnostic. It is a
        working template too (a document, and the `rule` macro the shipped templates import),
        so a printkit that follows the link prints the marker rather than failing on it."""
        self.secret = f"PKFUZZ-SECRET-{self.rng.randrange(10**9):09d}"
        outside = self.workdir / "outside"
        outside.mkdir(exist_ok=True)
        path = outside / "secret.txt"
        macro = f"{{% macro rule(entry) %}}{self.secret}{{% endmacro %}}"
        path.write_text(f"{macro}# {self.secret}\n\n{self.secret}\n", encoding="utf-8")
        return path

    def refuse(self, reason: str) -> None:
        self.must_refuse = reason


def load_yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def save_yaml(path: Path, tree: Any) -> None:
    dumped = yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=100)
    path.write_text(dumped, encoding="utf-8")


def yaml_files(game: Path) -> list[Path]:
    return sorted(p for p in game.glob("*.yaml") if p.is_file() and not p.is_symlink())


def section(game: Path, key: str) -> tuple[Path, dict[str, Any]] | None:
    """The first file whose top-level mapping holds `key`, with its parsed tree."""
    for path in yaml_files(game):
        tree = load_yaml(path)
        if isinstance(tree, dict) and key in tree:
            return path, tree
    return None


def materials(game: Path, kinds: tuple[str, ...]) -> list[tuple[Path, dict[str, Any], str]]:
    """Every material of one of `kinds`: (its file, that file's tree, the material's name)."""
    found = []
    for path in yaml_files(game):
        tree = load_yaml(path)
        entries = tree.get("materials") if isinstance(tree, dict) else None
        for name, material in (entries or {}).items():
            if isinstance(material, dict) and material.get("kind") in kinds:
                found.append((path, tree, name))
    return found


def decks_with(game: Path, key: str) -> list[tuple[Path, dict[str, Any], str]]:
    """Every deck that has `key` (card_data, card_product): (file, tree, deck id)."""
    found = []
    for path in yaml_files(game):
        tree = load_yaml(path)
        entries = tree.get("decks") if isinstance(tree, dict) else None
        for name, deck in (entries or {}).items():
            if isinstance(deck, dict) and key in deck:
                found.append((path, tree, name))
    return found


KNOWN_SHARE = 0.35  # of a family's cases, the share that replays an attack the issue lists


def known_attack(rng: random.Random) -> bool:
    """True when this case should replay a known attack rather than a random variation."""
    return rng.random() < KNOWN_SHARE
