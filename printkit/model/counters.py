"""The counter and tile sheet material (work in progress: see issue 3)."""

from __future__ import annotations

from typing import Literal

from printkit.model.base import Strict


class CountersMaterial(Strict):
    kind: Literal["counters"]
    title: str | None = None
