"""Named paper and card sizes, read from catalogue.yaml (data, like Squib's sprues)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from printkit.model.units import parse_length

CATALOGUE = Path(__file__).with_name("catalogue.yaml")


@cache
def _catalogue() -> dict[str, dict[str, tuple[float, float]]]:
    raw = yaml.safe_load(CATALOGUE.read_text(encoding="utf-8"))
    return {
        section: {
            name: (parse_length(size["width"]), parse_length(size["height"]))
            for name, size in entries.items()
        }
        for section, entries in raw.items()
    }


def papers() -> dict[str, tuple[float, float]]:
    return _catalogue()["papers"]


def card_sizes() -> dict[str, tuple[float, float]]:
    return _catalogue()["card_sizes"]
