"""The hex map material (work in progress: see issue 3)."""

from __future__ import annotations

from typing import Literal

from printkit.model.base import Strict


class HexMapMaterial(Strict):
    kind: Literal["hexmap"]
    title: str | None = None
