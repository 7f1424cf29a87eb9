"""A map's texts as it prints them: its title and caption, and the names in its legend, its
place names and its edge notes (its own, or those of the maps it copies) rendered as templates
(printkit/materials/texts.py), before anything measures or checks them.

A zone's or a marker's letters (one to three characters, too short for a template) print as
written, and the hex labels' `format` has its own fields ({col}, {row}), where `{{` is a brace.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from pydantic import BaseModel

from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey
from printkit.materials.texts import MaterialTexts
from printkit.model.hexmap import HexMapMaterial, copy_chain

Model = TypeVar("Model", bound=BaseModel)

# The lists and mappings of a map whose entries print a text, and that text's key.
ENTRY_TEXTS = {
    "terrain": "name",
    "zones": "name",
    "hexside_types": "name",
    "path_types": "name",
    "markers": "name",
    "names": "text",
    "edge_notes": "text",
}


def printed_maps(
    loaded: LoadedPackage, material_id: str, diagnostics: Diagnostics
) -> LoadedPackage:
    """The package with the texts of the map and of the maps it copies rendered; a text that
    fails is reported where it is written."""
    texts = MaterialTexts(loaded, diagnostics)
    materials = dict(loaded.package.materials)
    for name, material in copy_chain(materials, material_id):
        materials[name] = _printed(material, ("materials", name), texts)
    return replace(loaded, package=loaded.package.model_copy(update={"materials": materials}))


def _printed(material: HexMapMaterial, base: PathKey, texts: MaterialTexts) -> HexMapMaterial:
    def printed(model: Model, key: str, path: PathKey) -> Model:
        """The model with its text `key` rendered (the model itself when that changes nothing)."""
        source = getattr(model, key)
        if source is None:
            return model
        text = texts.text(source, (*base, *path, key))
        return model if text == source else model.model_copy(update={key: text})

    def entries(key: str, field: str) -> dict[str, BaseModel] | list[BaseModel]:
        found = getattr(material, key)
        if isinstance(found, dict):
            return {name: printed(entry, field, (key, name)) for name, entry in found.items()}
        return [printed(entry, field, (key, index)) for index, entry in enumerate(found)]

    own = printed(printed(material, "title", ()), "caption", ())
    # only what changed: a key updated counts as written (a map made of copies may write none)
    changed = {key: entries(key, field) for key, field in ENTRY_TEXTS.items()}
    changed = {key: value for key, value in changed.items() if value != getattr(material, key)}
    return own.model_copy(update=changed) if changed else own
