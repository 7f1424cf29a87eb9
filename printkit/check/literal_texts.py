"""Texts a material prints as written, among texts that are templates: the letters of a map's
zones and markers and of a sheet's badges (one to three characters, too short to hold a
template). A `{{` or `{%` in one prints as typed, braces and all; a designer used to the
templates around it would find that only on paper, so it is a warning at the letter (PK221).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from printkit.diagnostics import LITERAL_TEMPLATE, Diagnostics
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.base import is_template
from printkit.model.hexmap import HexMapMaterial
from printkit.model.package import Package
from printkit.model.sheet import Badged, CycleElement, Element, RowElement, SheetMaterial


def check_literal_texts(package: Package, spans: SourceMap, diagnostics: Diagnostics) -> None:
    for path, text in _literal_texts(package):
        if is_template(text):
            diagnostics.add(
                LITERAL_TEMPLATE,
                f"'{text}' is printed as written: a letter is not a template",
                spans.value(path),
                hint="write the letters themselves; templates go in names, labels and texts",
            )


def _literal_texts(package: Package) -> Iterator[tuple[PathKey, str]]:
    """(path, text) of every text a material prints as written."""
    for material_id, material in package.materials.items():
        base = ("materials", material_id)
        if isinstance(material, HexMapMaterial):
            for name, zone in material.zones.items():
                if zone.letter is not None:
                    yield (*base, "zones", name, "letter"), zone.letter
            for index, marker in enumerate(material.markers):
                yield (*base, "markers", index, "label"), marker.label
        elif isinstance(material, SheetMaterial):
            yield from _badge_letters(material.elements, (*base, "elements"))


def _badge_letters(elements: Sequence[Element], path: PathKey) -> Iterator[tuple[PathKey, str]]:
    for index, element in enumerate(elements):
        at = (*path, index)
        if isinstance(element, RowElement):
            yield from _badge_letters(element.elements, (*at, "elements"))
        elif isinstance(element, CycleElement):
            for name, badge in element.badges.items():
                yield (*at, "badges", name, "letter"), badge.letter
        elif isinstance(element, Badged) and element.badge is not None:
            yield (*at, "badge", "letter"), element.badge.letter
