"""A material's own texts are templates, as the labels, prose and card text around them are:
its title (every kind), and a map's caption, legend names, place names and edge notes. A
designer who writes `{{ values.turns }}` in a map's caption expects the number, not the braces.

They render in the one sandbox over the rules context, the names a sheet's elements and the
reference templates see (game, values, rules, data…), built only for a text that holds a
brace. A text that fails is a diagnostic at the text, in the words every template's failure
gets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit.check.values import uses_undefined
from printkit.diagnostics import TEMPLATE_ERROR, Diagnostics
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey
from printkit.sandbox.expressions import TemplateProblem, render

CONTEXT_HINT = "check the names against the rules context (docs/reference-documents.md)"

# (code, message, hint) of a template that failed, for the caller to report where it is written
Report = Callable[[str, str, str], None]


def rendered(source: str, context: dict[str, Any], report: Report) -> str | None:
    """`source` rendered over `context`; None when it fails, which is reported unless it uses
    a value the rules never define (PK535 says so once, at the text, for every template)."""
    try:
        return render(source, context)
    except TemplateProblem as problem:
        if not uses_undefined(source, context):
            report(problem.code or TEMPLATE_ERROR, str(problem), problem.hint or CONTEXT_HINT)
        return None


class MaterialTexts:
    """Renders the texts of one game's materials, each reported at its own path."""

    def __init__(
        self,
        loaded: LoadedPackage,
        diagnostics: Diagnostics,
        context: dict[str, Any] | None = None,
    ) -> None:
        self.loaded = loaded
        self.diagnostics = diagnostics
        self._context = context

    @property
    def context(self) -> dict[str, Any]:
        """The rules context, built at the first text that needs it: most texts hold none."""
        if self._context is None:
            # imported here: a deck's build does not load the reference documents' code
            from printkit.reference.compose import reference_context

            self._context = reference_context(self.loaded)
        return self._context

    def text(self, source: str, path: PathKey) -> str:
        """The text as printed; as written when it holds no template or when it fails (its
        diagnostic then keeps the game from being built)."""
        if "{" not in source:
            return source

        def report(code: str, message: str, hint: str) -> None:
            at = self.loaded.spans.value(path)
            self.diagnostics.add(code, message, at, hint=hint)

        printed = rendered(source, self.context, report)
        return source if printed is None else printed

    def title(self, material_id: str, default: str | None = None) -> str:
        """The material's title as its pages, its PDF and the preview page print it: its own
        `title` rendered, else `default`, else the game's title and the material's id."""
        own = self.loaded.package.materials[material_id].title
        if own is None:
            return default or self.loaded.package.game.titled(material_id)
        return self.text(own, ("materials", material_id, "title"))
