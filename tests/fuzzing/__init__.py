"""A seeded, structure-aware mutator of game packages and a checker of what printkit does with
them. The suite runs a few cases per family (tests/test_fuzz.py); `fuzz/run.py` runs tens of
thousands before a release. Both share this package, so a failure found by the long run
replays from its seed alone (`python fuzz/run.py --replay SEED`, or `make_case(seed, folder)`).

cases.py      the families, one surface each, and how a seed becomes a case
draft.py      a case under construction; reading and writing a package's YAML sections
*_surfaces.py the mutators: rules (claims, examples, tables), reference (template overrides,
              reference.yaml), sheets, data (CSV, XLSX, generated decks), art (art, fonts)
yaml_mutations.py, hostile.py, expressions.py, xlsx.py   what the mutators are made of
running.py    one command in a forked child under 10 s and 1 GB
promises.py   the promises each run must keep
"""

from fuzzing.cases import (
    FAMILIES,
    FAMILY_ORDER,
    SMALL_SEEDS,
    Case,
    Plan,
    family_of,
    make_case,
    plan,
    seeds_of,
)
from fuzzing.promises import KINDS, check_output_text, check_outputs, describe, run_case
from fuzzing.running import Outcome, Problem

__all__ = [
    "FAMILIES",
    "FAMILY_ORDER",
    "KINDS",
    "SMALL_SEEDS",
    "Case",
    "Outcome",
    "Plan",
    "Problem",
    "check_output_text",
    "check_outputs",
    "describe",
    "family_of",
    "make_case",
    "plan",
    "run_case",
    "seeds_of",
]
