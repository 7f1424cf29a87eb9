"""Named paper, card and counter sizes, read from catalogue.yaml (data, like Squib's sprues)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

CATALOGUE = Path(__file__).with_name("catalogue.yaml")


@cache
def _raw() -> dict[str, dict[str, Any]]:
    return yaml.safe_load(CATALOGUE.read_text(encoding="utf-8"))


def paper_names() -> list[str]:
    """The named papers, without measuring them: what a project file may name (read at start-up,
    before the model's units are imported)."""
    return sorted(_raw()["papers"])


def _rectangles(section: str) -> dict[str, tuple[float, float]]:
    from printkit.model.units import parse_length  # pydantic: only when sizes are measured

    return {
        name: (parse_length(size["width"]), parse_length(size["height"]))
        for name, size in _raw()[section].items()
    }


@cache
def papers() -> dict[str, tuple[float, float]]:
    return _rectangles("papers")


@cache
def card_sizes() -> dict[str, tuple[float, float]]:
    return _rectangles("card_sizes")


@cache
def counter_sizes() -> dict[str, float]:
    """Nominal sizes: the side of a square, the diameter of a circle, a hexagon's across-flats."""
    from printkit.model.units import parse_length

    return {name: parse_length(size) for name, size in _raw()["counter_sizes"].items()}
