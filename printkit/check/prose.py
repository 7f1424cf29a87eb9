"""Render every piece of rule prose once: a template that fails is a diagnostic (PK220), and
the sections and glossary terms the prose refers to are recorded for the references check."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from printkit.check.values import uses_undefined
from printkit.diagnostics import TEMPLATE_ERROR, Diagnostics
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package
from printkit.model.rules_context import TABLE_ROWS, Recorder, TableRow, prose_of, rules_context
from printkit.sandbox.expressions import TemplateProblem, render

# Fields holding prose; `conditions` is a list of prose lines.
PROSE_FIELDS = frozenset({"text", "result", "definition", "trigger", "conditions", "short", "ties"})


@dataclass
class ProseRefs:
    """What the prose referred to: (section id, path of the prose) and term ids."""

    sections: list[tuple[str, PathKey]] = field(default_factory=list)
    terms: list[tuple[str, PathKey]] = field(default_factory=list)


def check_prose(package: Package, spans: SourceMap, diagnostics: Diagnostics) -> ProseRefs:
    recorder = Recorder()
    context = rules_context(package, recorder)
    found = ProseRefs()
    for path, said in prose_texts(package):
        recorder.sections.clear()
        recorder.terms.clear()
        source, names = prose_of(said, context)
        try:
            render(source, names)
        except TemplateProblem as problem:
            if uses_undefined(source, names):
                continue
            diagnostics.add(
                problem.code or TEMPLATE_ERROR,
                str(problem),
                spans.value(path),
                hint=problem.hint
                or "the names prose may use are listed in docs/limits.md ('Template helpers')",
            )
        found.sections += [(section_id, path) for section_id in recorder.sections]
        found.terms += [(term_id, path) for term_id in recorder.terms]
    return found


def prose_texts(package: Package) -> Iterator[tuple[PathKey, str | TableRow]]:
    """(path, what is said) of every piece of prose of the rules, claims and examples, depth
    first: the text, or for a table row's result the row, whose result sees it (prose_of)."""
    roots: list[tuple[PathKey, Any]] = [(("rules",), package.rules)]
    roots += [(("claims", k), v) for k, v in package.claims.items()]
    roots += [(("examples", k), v) for k, v in package.examples.items()]
    stack = list(reversed(roots))
    while stack:
        path, value = stack.pop()
        if isinstance(value, TABLE_ROWS):  # its one piece of prose, its result, sees the row
            yield (*path, "result"), value
        elif isinstance(value, BaseModel):
            children = [(name, getattr(value, name)) for name in type(value).model_fields]
            for name, child in reversed(children):
                if name in PROSE_FIELDS and isinstance(child, str):
                    stack.append(((*path, name, "<prose>"), child))
                elif name in PROSE_FIELDS and isinstance(child, list):
                    lines = [((*path, name, i, "<prose>"), c) for i, c in enumerate(child)]
                    stack += reversed(lines)
                else:
                    stack.append(((*path, name), child))
        elif isinstance(value, dict):
            stack += reversed([((*path, k), v) for k, v in value.items()])
        elif isinstance(value, list):
            stack += reversed([((*path, i), v) for i, v in enumerate(value)])
        elif isinstance(value, str) and path[-1] == "<prose>":
            yield path[:-1], value
