"""Layout checks that need the resolved geometry: text must stay inside the safe zone, and
never reach past the trim, where it is cut off."""

from __future__ import annotations

from printkit.diagnostics import REGION_OUTSIDE, TEXT_PAST_THE_TRIM, Diagnostics, Span
from printkit.load.yaml_spans import SourceMap
from printkit.model.layout import GEOMETRY, Layout, Region
from printkit.model.units import to_mm


def _overflows(region: Region, layout: Layout, inset: float) -> list[tuple[float, tuple[str, ...]]]:
    """How far (in points) the region's box reaches past the line `inset` inside the trim on
    each side, with the geometry keys that set that side, most likely first: `x` for the
    left, `y` for the top; for the right, `width` when the region starts inside the line and
    `x` when it starts past it (and `height` or `y` so for the bottom)."""
    right, bottom = layout.width - inset, layout.height - inset
    return [
        (inset - region.x, ("x",)),
        (inset - region.y, ("y",)),
        (region.x + region.width - right, ("x", "width") if region.x >= right else ("width", "x")),
        (
            region.y + region.height - bottom,
            ("y", "height") if region.y >= bottom else ("height", "y"),
        ),
    ]


def _outside_by(region: Region, layout: Layout, inset: float) -> float:
    """How far (in points) the region's box reaches past the line `inset` inside the trim;
    0 when inside."""
    return max(0.0, *(past for past, _ in _overflows(region, layout, inset)))


def check_safe_zones(
    layouts: dict[str, Layout], spans: SourceMap, diagnostics: Diagnostics
) -> None:
    """Warn where a text region's geometry is defined if its text a cutting error could trim off;
    refuse it if the cut itself trims it off.

    Boxes and art may run to the edge (and under the bleed); only text is checked, because a
    millimetre of misaligned cut must never cost a word of the rules.
    """
    for layout in layouts.values():
        for region in layout.regions:
            if region.kind != "text" or not region.text:
                continue
            excess = _outside_by(region, layout, layout.safe_zone)
            if excess <= 1e-6:
                continue
            past_trim = _outside_by(region, layout, 0.0)
            cut = past_trim > 1e-6
            # an inherited region past this layout's own size is this layout's mistake; past
            # its own safe zone, the region's (reported where it is placed)
            inset = 0.0 if cut else layout.safe_zone
            where = _reported_at(layout, region, spans, ("size",) if cut else (), inset)
            if where is None:
                continue
            if cut:
                diagnostics.add(
                    TEXT_PAST_THE_TRIM,
                    f"text region '{region.name}' of layout '{layout.name}' reaches "
                    f"{to_mm(past_trim):.1f} mm past the piece's edge, where it is cut off",
                    where,
                    hint=f"keep the region inside the {to_mm(layout.width):.1f} × "
                    f"{to_mm(layout.height):.1f} mm piece, {to_mm(layout.safe_zone):.1f} mm "
                    "from each edge (its safe zone); x and y are measured from its top-left "
                    "corner",
                )
                continue
            diagnostics.add(
                REGION_OUTSIDE,
                f"text region '{region.name}' of layout '{layout.name}' reaches "
                f"{to_mm(excess):.1f} mm past the {to_mm(layout.safe_zone):.1f} mm safe zone",
                where,
                hint="move the region inward, or set the layout's safe_zone if the piece is small",
            )


def _reported_at(
    layout: Layout,
    region: Region,
    spans: SourceMap,
    measured_by: tuple[str, ...],
    inset: float,
) -> Span | None:
    """Where a finding about a region's place goes: where the region is placed, at the key
    that puts it furthest past the line `inset` inside the trim (`y` of a footer below the
    card); for a region placed by the layout this one extends, at this layout's own key among
    `measured_by` (its own size puts an inherited footer past the edge), or nowhere (None)
    when it has none: the layout that placed it reports it."""
    path = ("layouts", layout.name, "regions", region.name)
    written = [name for name in GEOMETRY if (*path, name) in spans.values]
    if written:
        _, setting = max(_overflows(region, layout, inset))  # the side furthest past
        keys = [key for key in setting if key in written]
        return spans.value((*path, keys[0])) if keys else spans.value(path)
    own = [key for key in measured_by if ("layouts", layout.name, key) in spans.values]
    return spans.value(("layouts", layout.name, own[0])) if own else None
