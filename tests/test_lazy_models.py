"""A game builds the validators of the models it has, no others (printkit/model/lazy.py): a
deck of cards never builds those of hex maps, sheets, rules or the simulation, which were most
of a card build's start-up. Checked in a fresh interpreter by which models are complete."""

from __future__ import annotations

import json
import subprocess
import sys

from support import GOOD, REPO

_PROBE = """
import json, sys
from printkit.cli import main
try:
    main(["--rule-data", {rule_data!r}, "validate", "minimal_deck"], prog_name="printkit")
except SystemExit as leaving:
    assert leaving.code in (0, None), leaving.code
from printkit.model.hexmap import HexMapMaterial
from printkit.model.package import CardsMaterial, Package
from printkit.model.rules import Claim, Rules
from printkit.model.sheet import SheetMaterial
from printkit.model.simulation import Simulation
models = (Package, CardsMaterial, HexMapMaterial, SheetMaterial, Rules, Claim, Simulation)
print(json.dumps({{m.__name__: m.__pydantic_complete__ for m in models}}), file=sys.stderr)
"""


def test_a_deck_builds_only_the_validators_it_uses() -> None:
    probe = subprocess.run(
        [sys.executable, "-c", _PROBE.format(rule_data=str(GOOD))],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    complete = json.loads(probe.stderr.splitlines()[-1])
    assert complete == {
        "Package": True,
        "CardsMaterial": True,
        "HexMapMaterial": False,
        "SheetMaterial": False,
        "Rules": False,
        "Claim": False,
        "Simulation": False,
    }
