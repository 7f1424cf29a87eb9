"""The families of cases and how a seed becomes a case.

A seed names one case for good: its family is `FAMILY_ORDER[seed % len(FAMILY_ORDER)]`, its
package and every mutation come from `random.Random(seed)`, and whether it is also built, and
built twice to compare the bytes, follows from its round (`seed // len(FAMILY_ORDER)`). Each
family mutates one surface of a copy of a shipped or test package.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fuzzing.art_surfaces import art_games, font_games, mutate_art, mutate_fonts
from fuzzing.data_surfaces import data_games, mutate_csv, mutate_product, mutate_xlsx
from fuzzing.diff_surfaces import diff_games, mutate_diff
from fuzzing.draft import Draft
from fuzzing.edition_surfaces import edition_games, mutate_edition
from fuzzing.export_surfaces import export_games, mutate_exports
from fuzzing.expressions import nondeterministic
from fuzzing.look_surfaces import icon_games, mutate_icons, mutate_own_fonts, own_font_games
from fuzzing.online_surfaces import mutate_online, online_games
from fuzzing.reference_surfaces import mutate_reference_yaml, mutate_templates
from fuzzing.rules_surfaces import mutate_claims, mutate_examples, mutate_tables, rules_games
from fuzzing.sheet_surfaces import mutate_sheets, sheet_games
from fuzzing.yaml_mutations import mutate_package

REPO = Path(__file__).resolve().parents[2]
SEED_FOLDERS = (REPO / "rule_data", REPO / "tests/data/good", REPO / "tests/data/card_data")
SEEDS = sorted(game for folder in SEED_FOLDERS for game in folder.iterdir() if game.is_dir())
SMALL_SEEDS = [p for p in SEEDS if p.parent.name != "rule_data"]


@dataclass(frozen=True)
class Family:
    """One surface: the packages it starts from and the mutator that changes that surface."""

    name: str
    surface: str
    seeds: Callable[[], list[Path]]
    mutate: Callable[[Draft], None]


def _all() -> list[Path]:
    return SEEDS


FAMILIES = {
    family.name: family
    for family in (
        Family("yaml", "any package file, generically", _all, mutate_package),
        Family("claims", "claims: check expressions", lambda: rules_games(SEEDS), mutate_claims),
        Family("examples", "worked examples", lambda: rules_games(SEEDS), mutate_examples),
        Family("tables", "rules tables", lambda: rules_games(SEEDS), mutate_tables),
        Family("templates", "template overrides", lambda: rules_games(SEEDS), mutate_templates),
        Family("reference", "reference.yaml", lambda: rules_games(SEEDS), mutate_reference_yaml),
        Family("sheets", "sheet materials", lambda: sheet_games(SEEDS), mutate_sheets),
        Family("csv", "CSV card data", lambda: data_games(SEEDS, "card_data"), mutate_csv),
        Family("xlsx", "XLSX card data", lambda: data_games(SEEDS, "card_data"), mutate_xlsx),
        Family(
            "product", "generated decks", lambda: data_games(SEEDS, "card_product"), mutate_product
        ),
        Family("art", "art files", lambda: art_games(SEEDS), mutate_art),
        Family("fonts", "fonts and glyphs", lambda: font_games(SMALL_SEEDS), mutate_fonts),
        Family(
            "ownfonts",
            "a layout's own fonts and fallback",
            lambda: own_font_games(SMALL_SEEDS),
            mutate_own_fonts,
        ),
        Family("icons", "picture icons in text", lambda: icon_games(SMALL_SEEDS), mutate_icons),
        Family(
            "versions",
            "version, date and build profiles",
            lambda: edition_games(SMALL_SEEDS),
            mutate_edition,
        ),
        Family(
            "exports", "TTS, card images, POD", lambda: export_games(SMALL_SEEDS), mutate_exports
        ),
        Family("online", "card data given by URL", lambda: online_games(SEEDS), mutate_online),
        Family(
            "diff", "printkit diff of two outputs", lambda: diff_games(SMALL_SEEDS), mutate_diff
        ),
    )
}
FAMILY_ORDER = tuple(FAMILIES)


@cache
def family_seeds(name: str) -> tuple[Path, ...]:
    return tuple(FAMILIES[name].seeds())


def family_of(seed: int) -> str:
    return FAMILY_ORDER[seed % len(FAMILY_ORDER)]


def seeds_of(family: str, first: int, count: int) -> list[int]:
    """The first `count` seeds from `first` on whose cases belong to `family`."""
    index = FAMILY_ORDER.index(family)
    start = first + (index - first) % len(FAMILY_ORDER)
    return list(range(start, start + count * len(FAMILY_ORDER), len(FAMILY_ORDER)))


@dataclass(frozen=True)
class Plan:
    """Which commands a case runs: validate always; build in these formats (or not at all);
    and a second build whose bytes must equal the first's."""

    formats: str | None
    reproduce: bool


def plan(seed: int, build_every: int = 2, reproduce_every: int = 10) -> Plan:
    rounds = seed // len(FAMILY_ORDER)
    if rounds % build_every:
        return Plan(None, False)
    formats = "pdf,svg,png" if rounds % (2 * build_every) == 0 else "pdf,svg"
    return Plan(formats, rounds % reproduce_every == 0)


@dataclass(frozen=True)
class Case:
    """A mutated copy of one package; replayable from its seed alone."""

    seed: int
    family: str
    source: Path
    game: Path
    changes: tuple[str, ...]
    must_refuse: str | None = None
    must_accept: str | None = None
    secret: str | None = None
    reproducible: bool = False
    build_args: tuple[str, ...] = ()
    compare: bool = False


def make_case(seed: int, workdir: Path, seeds: list[Path] | None = None) -> Case:
    """Copy the package the seed chooses into `workdir/rule_data` and mutate its family's
    surface. `seeds` narrows the packages of the generic family (the suite's build cases)."""
    family = family_of(seed)
    rng = random.Random(seed)
    choices = seeds if seeds is not None and family == "yaml" else list(family_seeds(family))
    source = rng.choice(choices)
    game = workdir / "rule_data" / source.name
    shutil.copytree(source, game, symlinks=True)
    draft = Draft(rng, game, workdir)
    FAMILIES[family].mutate(draft)
    return Case(
        seed, family, source, game, tuple(draft.changes), draft.must_refuse,
        draft.must_accept, draft.secret, draft.reproducible or _asks_for_chance(game),
        tuple(draft.build_args), draft.compare,
    )  # fmt: skip


def _asks_for_chance(game: Path) -> bool:
    """Whether any text file of the mutated package uses `random` or `lipsum`: such a case is
    always built twice and compared, whatever its plan."""
    texts = (p for p in game.rglob("*") if p.suffix in (".yaml", ".j2") and p.is_file())
    return any(nondeterministic(p.read_text(encoding="utf-8", errors="replace")) for p in texts)
