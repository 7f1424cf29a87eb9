"""The hexmap material (work in progress: see issue 3)."""

from __future__ import annotations

from printkit.diagnostics import Diagnostics
from printkit.draw.ops import Document
from printkit.load.package import LoadedPackage
from printkit.model.layout import Layout


def compile_hexmap(
    loaded: LoadedPackage,
    material_id: str,
    layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
) -> Document | None:
    raise NotImplementedError("issue 3")
