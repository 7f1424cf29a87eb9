"""Resolve card layouts: follow `extends`, merge regions, apply defaults.

Resolution happens once per package, before any card is drawn, so that drawing code sees
complete regions and every inheritance problem is reported against the YAML that caused it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.diagnostics import (
    EXTENDS_CYCLE,
    MISSING_FIELD,
    UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
)
from printkit.impose.catalogue import card_sizes
from printkit.load.yaml_spans import SourceMap
from printkit.model.base import Size
from printkit.model.package import LayoutSpec
from printkit.model.units import mm

REGION_DEFAULTS: dict[str, Any] = {
    "kind": "text",
    "text": None,
    "when": None,
    "font": "regular",
    "size": 9.0,
    "min_size": 6.0,
    "align": "left",
    "valign": "top",
    "color": "#000000",
    "fill": None,
    "stroke": None,
    "stroke_width": 0.5,
    "radius": 0.0,
    "count": None,
    "direction": "cw",
    "arrows": 3,
    "layer": 0,
}
GEOMETRY = ("x", "y", "width", "height")


@dataclass(frozen=True)
class Region:
    name: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    text: str | None
    when: str | None
    font: str
    size: float
    min_size: float
    align: str
    valign: str
    color: str
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    count: str | int | None
    direction: str
    arrows: int
    layer: int

    @property
    def is_static(self) -> bool:
        """Static regions look the same on every card and go into the shared frame symbol."""
        dynamic = [self.text, self.when, self.fill, self.count]
        return not any(isinstance(v, str) and "{" in v for v in dynamic) and self.when is None


@dataclass(frozen=True)
class Layout:
    name: str
    width: float
    height: float
    corner_radius: float
    background: str | None
    safe_zone: float
    regions: tuple[Region, ...]


def resolve_layouts(
    specs: dict[str, LayoutSpec], spans: SourceMap, diagnostics: Diagnostics
) -> dict[str, Layout]:
    resolved: dict[str, Layout] = {}
    for name in specs:
        chain = _chain(name, specs, spans, diagnostics)
        if chain is None:
            continue
        layout = _merge(name, chain, specs, spans, diagnostics)
        if layout is not None:
            resolved[name] = layout
    return resolved


def _chain(
    name: str, specs: dict[str, LayoutSpec], spans: SourceMap, diagnostics: Diagnostics
) -> list[str] | None:
    """The layout and its ancestors, base first; None if a link is broken or circular."""
    chain = [name]
    while (parent := specs[chain[-1]].extends) is not None:
        if parent not in specs:
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"layout '{chain[-1]}' extends unknown layout '{parent}'",
                spans.value(("layouts", chain[-1], "extends")),
                hint=did_you_mean(parent, specs),
            )
            return None
        if parent in chain:
            if parent == name:  # report at each member of the cycle, not at its dependants
                diagnostics.add(
                    EXTENDS_CYCLE,
                    f"layout '{name}' extends itself through {' → '.join(chain)}",
                    spans.value(("layouts", name, "extends")),
                    hint="one layout in the cycle must stand on its own",
                )
            return None
        chain.append(parent)
    return list(reversed(chain))


def _merge(
    name: str,
    chain: list[str],
    specs: dict[str, LayoutSpec],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> Layout | None:
    size: Any = None
    corner_radius = 0.0
    background = None
    safe_zone = mm(3)
    regions: dict[str, dict[str, Any]] = {}
    for link in chain:
        spec = specs[link]
        size = spec.size if spec.size is not None else size
        corner_radius = spec.corner_radius if spec.corner_radius is not None else corner_radius
        background = spec.background if spec.background is not None else background
        safe_zone = spec.safe_zone if spec.safe_zone is not None else safe_zone
        for region_name, region in spec.regions.items():
            if region is None:
                regions.pop(region_name, None)
                continue
            merged = regions.setdefault(region_name, {})
            merged.update(region.model_dump(exclude_none=True))
    width_height = _size(name, size, spans, diagnostics)
    if width_height is None:
        return None
    built = []
    for region_name, values in regions.items():
        missing = [g for g in GEOMETRY if g not in values]
        if missing:
            diagnostics.add(
                MISSING_FIELD,
                f"region '{region_name}' of layout '{name}' has no {', '.join(missing)}",
                spans.value(("layouts", name, "regions", region_name)),
                hint="give the region x, y, width and height, here or in the layout it extends",
            )
            continue
        built.append(Region(name=region_name, **{**REGION_DEFAULTS, **values}))
    built.sort(key=lambda r: r.layer)
    return Layout(name, *width_height, corner_radius, background, safe_zone, tuple(built))


def _size(
    name: str, size: str | Size | None, spans: SourceMap, diagnostics: Diagnostics
) -> tuple[float, float] | None:
    if isinstance(size, Size):
        return (size.width, size.height)
    if size is None:
        diagnostics.add(
            MISSING_FIELD,
            f"layout '{name}' has no size",
            spans.value(("layouts", name)),
            hint="add 'size: poker' (or another named size) or width and height",
        )
        return None
    if size not in card_sizes():
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"unknown card size '{size}'",
            spans.value(("layouts", name, "size")),
            hint=did_you_mean(size, card_sizes()),
        )
        return None
    return card_sizes()[size]
