"""Ink-saving backgrounds for playtest copies (a profile's `backgrounds: light | none`): a
deck printed ten times at home costs less when its card and counter backgrounds are lightened
or left white. Only the layouts' backgrounds change; regions, text and art print as designed."""

from __future__ import annotations

from dataclasses import replace

from printkit.build_options import Backgrounds
from printkit.model.layout import Layout

LIGHT = 0.7  # how far `light` moves each background colour toward white


def saving_ink(layouts: dict[str, Layout], backgrounds: Backgrounds) -> dict[str, Layout]:
    """The layouts with their backgrounds as `backgrounds` asks."""
    if backgrounds == "full":
        return layouts
    if backgrounds == "none":
        return {name: replace(layout, background=None) for name, layout in layouts.items()}
    return {name: replace(layout, background_tint=LIGHT) for name, layout in layouts.items()}


def lightened(colour: str, tint: float) -> str:
    """'#rrggbb' moved `tint` of the way to white (0: unchanged)."""
    if not tint:
        return colour
    channels = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * tint):02x}" for c in channels)
