"""How a map is drawn, apart from its board: labels, edges, legend, title, tiling.

A map made of copies may restyle its source (other labels, no legend) but inherits whatever
it leaves unset, so "two copies side by side" looks like the map it repeats by default.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.load.package import LoadedPackage
from printkit.model.hexmap import Labels, Tiling, copy_chain

PathKey = tuple[str | int, ...]

LINE_COLOR = "#3c3c3c"
LINE_WIDTH = 0.6  # points: visible on a home printer, thin enough not to eat small hexes


@dataclass(frozen=True)
class Style:
    title: str
    caption: str | None
    labels: Labels
    labels_path: PathKey  # where label problems are reported
    half_hexes: bool
    legend: bool
    line_color: str
    line_width: float
    tiling: Tiling


def resolve_style(loaded: LoadedPackage, material_id: str) -> Style:
    chain = copy_chain(loaded.package.materials, material_id)

    def first(key: str, default: object) -> object:
        for _, material in chain:
            value = getattr(material, key)
            if value is not None:
                return value
        return default

    labels_path: PathKey = ("materials", material_id)
    for name, material in chain:
        if material.labels is not None:
            labels_path = ("materials", name, "labels")
            break
    own = chain[0][1]
    title = own.title or loaded.package.game.titled(material_id)
    return Style(
        title=title,
        caption=own.caption,
        labels=first("labels", Labels()),  # type: ignore[arg-type]
        labels_path=labels_path,
        half_hexes=bool(first("half_hexes", False)),
        legend=bool(first("legend", True)),
        line_color=str(first("line_color", LINE_COLOR)),
        line_width=float(first("line_width", LINE_WIDTH)),  # type: ignore[arg-type]
        tiling=own.tiling,
    )
