"""Resolve layouts of cards and counters: follow `extends`, merge regions, apply defaults.

Resolution happens once per package, before any piece is drawn, so that drawing code sees
complete regions and a trim size for every shape, and every inheritance problem is reported
against the YAML that caused it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from printkit.diagnostics import (
    BAD_VALUE,
    EXTENDS_CYCLE,
    EXTENDS_TOO_DEEP,
    MISSING_FIELD,
    UNKNOWN_REFERENCE,
    Diagnostics,
    Span,
    did_you_mean,
)
from printkit.geometry.hexgrid import SQRT3
from printkit.impose.catalogue import card_sizes, counter_sizes
from printkit.load.yaml_spans import SourceMap
from printkit.model.base import Size
from printkit.model.limits import MAX_EXTENDS_DEPTH
from printkit.model.package import LayoutSpec
from printkit.model.units import mm, parse_length, to_mm

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
    "angles": (-60.0, 0.0, 60.0),
    "layer": 0,
    "rotate": 0.0,
    "image": None,
    "fit": "contain",
    "clip": "region",
    "points": None,
    "closed": False,
}
LAYOUT_WIDE = ("color", "font")  # a layout may set these for all its regions
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
    angles: tuple[float, ...]
    layer: int
    rotate: float
    image: str | None
    fit: str
    clip: str
    points: tuple[tuple[float, float], ...] | None
    closed: bool
    span: Span = field(compare=False)  # the region in the nearest layout of the chain naming it
    written: Mapping[str, Span] = field(compare=False)  # field -> its value, where it was set
    # Layout-wide fields (a default colour or font) the region takes from its layout: their
    # mistakes are the layout's, one for all its regions.
    from_layout: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def is_static(self) -> bool:
        """Static regions look the same on every card and go into the shared frame symbol."""
        dynamic = [self.text, self.fill, self.count, self.image, self.color, self.stroke]
        return self.when is None and not any(isinstance(v, str) and "{" in v for v in dynamic)

    def where(self, key: str | None) -> Span:
        """Where `key` was set: its value's line, in this layout or one it extends (the region
        for a default, or for None: where the region was last changed), so a mistake a back
        layout inherits is reported at its source, together with the front's."""
        return self.span if key is None else self.written.get(key, self.span)


@dataclass(frozen=True)
class Layout:
    """A complete face. `width` × `height` is the trim box; for a circle or a hexagon the cut
    follows the shape inside it (a hexagon's across-flats is its height if flat-topped)."""

    name: str
    width: float
    height: float
    corner_radius: float
    background: str | None
    safe_zone: float
    regions: tuple[Region, ...]
    shape: str = "rectangle"
    orientation: str = "flat"
    written: Mapping[str, Span] = field(default_factory=dict, compare=False)  # key -> where set
    # the game's own fonts: name -> (file, where the name is given), through `extends`
    fonts: Mapping[str, tuple[str, Span]] = field(default_factory=dict, compare=False)
    fallback: tuple[str, ...] = ()  # faces tried in order for a character a region's font lacks
    background_tint: float = 0.0  # ink saving: how far the background is lightened to white

    def where(self, key: str | None) -> Span | None:
        """Where a layout-wide `key` (the background) was set, here or in a layout it extends."""
        return None if key is None else self.written.get(key)


def resolve_layouts(
    specs: dict[str, LayoutSpec], spans: SourceMap, diagnostics: Diagnostics
) -> dict[str, Layout]:
    chains = _chains(specs, spans, diagnostics)
    resolved: dict[str, Layout] = {}
    for name in specs:
        chain = chains[name]
        if chain is None:
            continue
        layout = _merge(name, chain, specs, spans, diagnostics)
        if layout is not None:
            resolved[name] = layout
    return resolved


Chain = tuple[str, ...]  # a layout and the layouts it extends, base first


def _chains(
    specs: dict[str, LayoutSpec], spans: SourceMap, diagnostics: Diagnostics
) -> dict[str, Chain | None]:
    """Each layout's chain; None if a link is broken, circular or too deep. Each is found
    once, from its parent's: a layout walks up only to the first layout whose chain is known,
    so the whole takes time in proportion to the layouts, however they chain."""
    chains: dict[str, Chain | None] = {}
    for name in specs:
        walked: dict[str, None] = {}  # from `name` up, in order: the layouts to find chains of
        link: str | None = name
        while link is not None and link not in chains:
            if link in walked:
                members = list(walked)
                _circle(members[members.index(link) :], spans, diagnostics, chains)
                break
            parent = specs[link].extends
            if parent is not None and parent not in specs:
                diagnostics.add(
                    UNKNOWN_REFERENCE,
                    f"layout '{link}' extends unknown layout '{parent}'",
                    spans.value(("layouts", link, "extends")),
                    hint=did_you_mean(parent, specs),
                )
                chains[link] = None
                break
            walked[link] = None
            link = parent
        for child in reversed(walked):
            if child not in chains:  # a member of a circle has its None already
                chains[child] = _extended(child, specs[child].extends, chains, spans, diagnostics)
    return chains


def _extended(
    name: str,
    parent: str | None,
    chains: dict[str, Chain | None],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> Chain | None:
    """A layout's chain, its parent's (already found) and itself; PK202 where it passes the
    bound, and None for it and (silently) for the layouts that extend it."""
    above = () if parent is None else chains[parent]
    if above is None:
        return None
    if len(above) > MAX_EXTENDS_DEPTH:
        diagnostics.add(
            EXTENDS_TOO_DEEP,
            f"layout '{name}' extends {len(above)} layouts, one through another: "
            f"{_named((name, *reversed(above)))}",
            spans.value(("layouts", name, "extends")),
            hint=f"a layout extends at most {MAX_EXTENDS_DEPTH} layouts: let it extend one "
            "nearer the base, or copy what it shares",
        )
        return None
    return (*above, name)


def _circle(
    members: list[str],
    spans: SourceMap,
    diagnostics: Diagnostics,
    chains: dict[str, Chain | None],
) -> None:
    """PK201 at each layout of a circle (not at the layouts extending one of them, which fail
    with it), each naming the circle from itself."""
    for index, name in enumerate(members):
        shown = (members[(index + step) % len(members)] for step in range(len(members)))
        diagnostics.add(
            EXTENDS_CYCLE,
            f"layout '{name}' extends itself through {_named(shown)}",
            spans.value(("layouts", name, "extends")),
            hint="one layout in the cycle must stand on its own",
        )
        chains[name] = None


def _named(chain: Iterable[str], shown: int = 6) -> str:
    """Layouts one extending the next, as a message names them: one line, however many."""
    names = list(islice(chain, shown + 1))
    if len(names) <= shown:
        return " → ".join(names)
    return " → ".join(names[:shown]) + " → …"


def _merge(
    name: str,
    chain: Chain,
    specs: dict[str, LayoutSpec],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> Layout | None:
    size: Any = None
    shape = "rectangle"
    orientation = "flat"
    corner_radius = 0.0
    background = None
    safe_zone = mm(3)
    regions: dict[str, dict[str, Any]] = {}
    layout_wide: dict[str, Any] = {}
    written: dict[str, Span] = {}  # layout-wide keys -> the layout of the chain that set them
    region_at: dict[str, Span] = {}  # each region in the nearest layout of the chain naming it
    region_written: dict[str, dict[str, Span]] = {}
    fonts: dict[str, tuple[str, Span]] = {}
    fallback: tuple[str, ...] = ()
    for link in chain:
        spec = specs[link]
        for font, file in (spec.fonts or {}).items():
            fonts[font] = (file, spans.value(("layouts", link, "fonts", font)))
        fallback = tuple(spec.fallback) if spec.fallback is not None else fallback
        for key in spec.model_fields_set - {"extends", "regions"}:
            if getattr(spec, key) is not None:
                written[key] = spans.value(("layouts", link, key))
        layout_wide.update({k: getattr(spec, k) for k in LAYOUT_WIDE if getattr(spec, k)})
        size = spec.size if spec.size is not None else size
        shape = spec.shape or shape
        orientation = spec.orientation or orientation
        corner_radius = spec.corner_radius if spec.corner_radius is not None else corner_radius
        background = spec.background if spec.background is not None else background
        safe_zone = spec.safe_zone if spec.safe_zone is not None else safe_zone
        for region_name, region in spec.regions.items():
            if region is None:
                regions.pop(region_name, None)
                region_written.pop(region_name, None)
                continue
            given = region.model_dump(exclude_none=True)
            regions.setdefault(region_name, {}).update(given)
            where = ("layouts", link, "regions", region_name)
            region_at[region_name] = spans.value(where)
            region_written.setdefault(region_name, {}).update(
                {key: spans.value((*where, key)) for key in given}
            )
    where = written.get("size", spans.value(("layouts", name)))  # in the layout that set it
    width_height = _size(name, size, shape, orientation, where, diagnostics)
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
        values = _with_defaults({**layout_wide, **values}, name, region_name, spans, diagnostics)
        values["angles"] = tuple(values["angles"])
        values["points"] = tuple(map(tuple, values["points"])) if values["points"] else None
        sources = {k: written[k] for k in LAYOUT_WIDE if k in written}
        inherited = frozenset(sources) - set(region_written[region_name])
        sources |= region_written[region_name]
        at = region_at[region_name]
        built.append(
            Region(name=region_name, **values, span=at, written=sources, from_layout=inherited)
        )
    built.sort(key=lambda r: r.layer)
    return Layout(
        name,
        *width_height,
        corner_radius,
        background,
        safe_zone,
        tuple(built),
        shape,
        orientation,
        written,
        fonts,
        fallback,
    )


def _with_defaults(
    values: dict[str, Any],
    layout: str,
    region: str,
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> dict[str, Any]:
    """Fill a region's unset fields. A text set smaller than the default minimum is its own
    minimum; a minimum above the size given is a mistake, as no size could satisfy both."""
    complete = {**REGION_DEFAULTS, **values}
    if "min_size" not in values:
        complete["min_size"] = min(complete["min_size"], complete["size"])
    elif complete["min_size"] > complete["size"]:
        diagnostics.add(
            BAD_VALUE,
            f"region '{region}' of layout '{layout}': min_size {complete['min_size']:g}pt is "
            f"above its size {complete['size']:g}pt",
            spans.value(("layouts", layout, "regions", region, "min_size")),
            hint="text shrinks from size down to min_size; make min_size the smaller",
        )
        complete["min_size"] = complete["size"]
    return complete


def _size(
    name: str,
    size: str | Size | None,
    shape: str,
    orientation: str,
    where: Span,
    diagnostics: Diagnostics,
) -> tuple[float, float] | None:
    """The trim box of a layout: width and height as given, or from one nominal length.
    `where`: the size's line in the layout that set it (a layout that extends it and reports
    the same mistake reports it there, once), or the layout's when none did."""
    if size is None:
        diagnostics.add(
            MISSING_FIELD,
            f"layout '{name}' has no size",
            where,
            hint="add 'size: poker' (or another named size) or width and height",
        )
        return None
    if isinstance(size, Size):
        if shape == "hexagon" or (shape in ("circle", "square") and size.width != size.height):
            diagnostics.add(
                BAD_VALUE,
                f"a {shape} of {to_mm(size.width):.2f} × {to_mm(size.height):.2f} mm is not "
                "regular",  # as every layout that takes this size and shape says it: once
                where,
                hint="size a square, circle or hexagon by one length, e.g. 'size: 5/8in'",
            )
            return None
        return (size.width, size.height)
    if size in card_sizes() and shape == "rectangle":
        return card_sizes()[size]
    nominal = counter_sizes().get(size)
    if nominal is None:
        try:
            nominal = parse_length(size)
        except ValueError:
            known = [*counter_sizes(), *(card_sizes() if shape == "rectangle" else ())]
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"unknown size '{size}' for a {shape}",
                where,
                hint=did_you_mean(size, known) + " (or a length such as '63 mm')",
            )
            return None
    if nominal <= 0:
        diagnostics.add(
            BAD_VALUE,
            f"a {shape} of size '{size}' has nothing to cut",
            where,
            hint="give a size greater than zero",
        )
        return None
    return box_of(shape, orientation, nominal)


def box_of(shape: str, orientation: str, nominal: float) -> tuple[float, float]:
    """Trim box of a piece sized by one length (side, diameter or across-flats)."""
    if shape != "hexagon":
        return (nominal, nominal)
    across_corners = 2 * nominal / SQRT3
    return (across_corners, nominal) if orientation == "flat" else (nominal, across_corners)
