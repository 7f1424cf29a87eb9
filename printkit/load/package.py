"""Find game packages under rule_data/ and load each into a typed `Package`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from printkit.diagnostics import Diagnostics
from printkit.load.card_sources import expand_card_sources
from printkit.load.files import GameFiles
from printkit.load.sources import merge_sources
from printkit.load.yaml_spans import SourceMap
from printkit.model.errors import report_validation_error
from printkit.model.package import Package


@dataclass
class LoadedPackage:
    """A validated package and the spans of its sources, for later checks to point at.

    `source` is the merged data the package was validated from, so that the errata's `plays`
    can be applied to it (printkit/load/played.py). In the played rules `package` is the
    package with every `plays` applied and `text` the package as the rule text states it.
    """

    id: str
    folder: Path
    package: Package
    spans: SourceMap
    files: GameFiles  # the gate later readers (art, templates) read the game's files through
    source: dict[str, Any] = field(default_factory=dict)
    text: Package | None = None

    @property
    def as_written(self) -> Package:
        """The package as the rule text states it, errata not applied."""
        return self.text or self.package


def load_package(game_id: str, folder: Path, diagnostics: Diagnostics) -> LoadedPackage | None:
    """Load and validate one package; None when it cannot be modelled (diagnostics say why)."""
    errors_before = diagnostics.count()
    files = GameFiles(folder)
    data, spans = merge_sources(files, diagnostics)
    if diagnostics.count() > errors_before:
        return None  # a file that did not parse would only add misleading "missing" errors
    expand_card_sources(files, data, spans, diagnostics)
    if diagnostics.count() > errors_before:
        return None
    try:
        package = Package.model_validate(data)
    except ValidationError as error:
        report_validation_error(error, data, spans, Package, diagnostics)
        return None
    if sum(1 for d in diagnostics if d.severity == "error") > errors_before:
        return None
    return LoadedPackage(game_id, folder, package, spans, files, data)
