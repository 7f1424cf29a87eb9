"""Total ink coverage of a press-ready material: every colour it prints, converted to CMYK,
must stay within the material's ink limit, or the sheet dries badly and sticks in the stack."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from printkit.diagnostics import INK_LIMIT_EXCEEDED, Diagnostics
from printkit.draw.ops import Document, Group, Op, Text
from printkit.draw.press import to_cmyk
from printkit.load.package import LoadedPackage


def _colours(ops: Iterable[Op]) -> Iterator[str]:
    for op in ops:
        if isinstance(op, Group):
            yield from _colours(op.ops)
        elif isinstance(op, Text):
            yield op.color
        elif (paint := getattr(op, "paint", None)) is not None:
            yield from (c for c in (paint.fill, paint.stroke) if c)


def used_colours(document: Document) -> set[str]:
    """Every colour drawn on the document's pages and in its symbols."""
    ops = [op for page in document.pages for op in page.ops]
    ops += [op for symbol in document.symbols.values() for op in symbol.ops]
    return set(_colours(ops))


def check_ink(
    loaded: LoadedPackage, material_id: str, document: Document, diagnostics: Diagnostics
) -> None:
    if document.colour != "cmyk":
        return
    limit = loaded.package.materials[material_id].ink_limit
    for colour in sorted(used_colours(document)):
        inks = to_cmyk(colour)
        if inks.coverage > limit + 0.5:  # the profile's own rounding stays within half a percent
            diagnostics.add(
                INK_LIMIT_EXCEEDED,
                f"material '{material_id}' prints {colour} with {inks.coverage:.0f} % ink "
                f"(C {inks.c:.0%} M {inks.m:.0%} Y {inks.y:.0%} K {inks.k:.0%}), above its "
                f"limit of {limit:g} %",
                loaded.spans.value(("materials", material_id, "ink_limit")),
                hint="choose a lighter colour, or raise 'ink_limit' if your printer accepts it",
            )
