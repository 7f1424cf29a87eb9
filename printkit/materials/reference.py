"""Compile the reference documents of a game: render the template, lay out the Markdown.

The quick reference is laid out at the largest text size, from 10 pt down to 7 pt, that fits the
pages it is given; when even 7 pt does not fit, that is a diagnostic, never an extra page.
"""

from __future__ import annotations

from printkit.diagnostics import (
    REFERENCE_NO_RULES,
    REFERENCE_OVERFLOW,
    REFERENCE_TEMPLATE,
    Diagnostics,
    Span,
    relative,
)
from printkit.draw.ops import Document
from printkit.load.package import LoadedPackage
from printkit.materials.paper import material_paper
from printkit.model.layout import Layout
from printkit.reference.compose import ComposeError, compose
from printkit.reference.pdf import quick_reference, rules_reference

QUICK_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)  # points, largest first


def compile_quick_reference(
    loaded: LoadedPackage,
    material_id: str,
    _layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
) -> Document | None:
    prepared = _prepare(loaded, material_id, paper, "quick_reference.md.j2", diagnostics)
    if prepared is None:
        return None
    title, size, markdown = prepared
    spec = loaded.package.materials[material_id]
    for base in QUICK_SIZES:
        built = quick_reference(markdown, title, size, base)
        if built.pages <= spec.pages:
            # Laid out again in the colour space of the build: only the colours differ.
            return Document(
                title,
                flow=lambda space, b=base: quick_reference(markdown, title, size, b, space).pdf,
            )
    diagnostics.add(
        REFERENCE_OVERFLOW,
        f"material '{material_id}': the quick reference needs {built.pages} pages even at "
        f"{QUICK_SIZES[-1]:g} pt, more than its {spec.pages}",
        loaded.spans.value(("materials", material_id, "pages")),
        hint="allow 'pages: 2', or leave sections out in a template of your own",
    )
    return None


def compile_rules_reference(
    loaded: LoadedPackage,
    material_id: str,
    _layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
) -> Document | None:
    prepared = _prepare(loaded, material_id, paper, "rules_reference.md.j2", diagnostics)
    if prepared is None:
        return None
    title, size, markdown = prepared
    return Document(title, flow=lambda space: rules_reference(markdown, title, size, space).pdf)


def _prepare(
    loaded: LoadedPackage,
    material_id: str,
    paper: str,
    default_template: str,
    diagnostics: Diagnostics,
) -> tuple[str, tuple[float, float], str] | None:
    """The title, the page size and the Markdown; None (with a diagnostic) when they fail."""
    spec = loaded.package.materials[material_id]
    where = loaded.spans.value(("materials", material_id))
    if loaded.package.rules is None:
        diagnostics.add(
            REFERENCE_NO_RULES,
            f"material '{material_id}' prints the rules, but the game has no 'rules:'",
            where,
            hint="write the rules as data (README, 'Rules as data') or remove the material",
        )
        return None
    chosen = material_paper(loaded, material_id, spec.paper, paper, "paper", diagnostics)
    if chosen is None:
        return None
    try:
        markdown = compose(loaded, spec.template or default_template)
    except ComposeError as error:
        problem = error.problem
        span = (
            Span(relative(problem.file), max(problem.line, 1), problem.column)
            if problem.file is not None
            else loaded.spans.value(("materials", material_id, "template"))
        )
        diagnostics.add(
            problem.code or REFERENCE_TEMPLATE,
            f"template of material '{material_id}': {problem.message}",
            span,
            hint=problem.hint
            or "the names a template may use are listed in the README ('Reference documents')",
        )
        return None
    title = spec.title or f"{loaded.package.game.title}: {_kind_title(spec.kind)}"
    return title, chosen[1], markdown


def _kind_title(kind: str) -> str:
    return "quick reference" if kind == "quick_reference" else "rules"
