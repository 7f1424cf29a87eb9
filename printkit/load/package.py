"""Find game packages under rule_data/ and load each into a typed `Package`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from printkit.diagnostics import Diagnostics
from printkit.load.card_sources import expand_card_sources
from printkit.load.files import GameFiles
from printkit.load.partial import validated_in_part
from printkit.load.sources import merge_sources
from printkit.load.yaml_spans import PathKey, SourceMap
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
    # what did not load, each reported already: an entry that did not validate (left out), a
    # deck whose card data could not be read, a card's value that is not its field's type
    broken: frozenset[PathKey] = frozenset()

    @property
    def as_written(self) -> Package:
        """The package as the rule text states it, errata not applied."""
        return self.text or self.package


def load_package(game_id: str, folder: Path, diagnostics: Diagnostics) -> LoadedPackage | None:
    """Load and validate one package; None when it cannot be modelled (diagnostics say why).
    What does not load (a card data file, an entry that does not validate) is reported and
    left out, and named in `broken`: the rest is still checked."""
    errors_before = diagnostics.count()
    files = GameFiles(folder)
    data, spans = merge_sources(files, diagnostics)
    if diagnostics.count() > errors_before:
        return None  # a file that did not parse would only add misleading "missing" errors
    read = Diagnostics()
    broken = expand_card_sources(files, data, spans, read)
    diagnostics.extend(read)
    try:
        package = Package.model_validate(data)
    except ValidationError as error:
        validated = Diagnostics()
        report_validation_error(error, data, spans, Package, validated)
        refused = {finding.span for finding in read}  # a card data file's name, said there
        diagnostics.extend(finding for finding in validated if finding.span not in refused)
        partial = validated_in_part(data)
        if partial is None:
            return None
        package, data, left_out = partial
        broken |= left_out
    return LoadedPackage(game_id, folder, package, spans, files, data, broken=frozenset(broken))
