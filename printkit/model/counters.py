"""The counter and tile sheet material.

A counter sheet prints the pieces of one or more decks (a deck is a list of pieces with counts,
checked against the component inventory), whatever their shape and size; shape and size come
from each piece's layout. Naming the hex map the pieces are played on checks that each fits in
a hex.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.model.base import CountersPreflight, ImposeSpec, PrintedMaterial
from printkit.model.tts import TtsSpec


class CountersMaterial(PrintedMaterial):
    kind: Literal["counters"]
    preflight: CountersPreflight = Field(default_factory=CountersPreflight)
    decks: list[str] = Field(min_length=1, description="decks whose pieces the sheet prints")
    title: str | None = None
    map: str | None = Field(
        None, description="hex map material the pieces are played on; each must fit in a hex"
    )
    fit: Literal["strict", "loose"] = Field(
        "strict",
        description="loose: a counter larger than the hex is a warning, not an error (classic "
        "wargames play ½ in counters on 0.6 in hexes, overhanging the corners)",
    )
    impose: ImposeSpec = Field(default_factory=ImposeSpec)
    tts: TtsSpec = Field(default_factory=TtsSpec, description="--format tts: its options")
