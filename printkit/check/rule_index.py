"""Every named rule of a package with its path, the one namespace references resolve in."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from printkit.load.yaml_spans import PathKey
from printkit.model.rules import Node, Rules, Section, Step, Term

ENTRY_KINDS = (
    "section",
    "setup step",
    "phase",
    "step",
    "action",
    "table",
    "end condition",
    "variant",
    "ability",
    "term",
)


@dataclass(frozen=True)
class Entry:
    id: str
    kind: str  # section, setup step, phase, step, action, table, …
    path: PathKey
    node: Node | Section | Term


def rule_entries(rules: Rules) -> Iterator[Entry]:
    """In the order of the book: sections, setup, structure, then the rest."""
    base: PathKey = ("rules",)
    for section_id, section in rules.sections.items():
        yield Entry(section_id, "section", (*base, "sections", section_id), section)
    yield from _steps(rules.setup, "setup step", (*base, "setup"))
    if rules.structure:
        for phase_id, phase in rules.structure.phases.items():
            path = (*base, "structure", "phases", phase_id)
            yield Entry(phase_id, "phase", path, phase)
            yield from _steps(phase.steps, "step", (*path, "steps"))
    groups = (
        ("action", "actions", rules.actions),
        ("table", "tables", rules.tables),
        ("end condition", "end_conditions", rules.end_conditions),
        ("variant", "variants", rules.variants),
        ("ability", "abilities", rules.abilities),
        ("term", "glossary", rules.glossary),
    )
    for kind, key, group in groups:
        for rule_id, node in group.items():
            yield Entry(rule_id, kind, (*base, key, rule_id), node)
    for variant_id, variant in rules.variants.items():
        yield from _steps(variant.setup, "setup step", (*base, "variants", variant_id, "setup"))


def _steps(steps: list[Step], kind: str, path: PathKey) -> Iterator[Entry]:
    for index, step in enumerate(steps):
        yield Entry(step.id, kind, (*path, index), step)


def id_path(entry: Entry) -> PathKey:
    """Where the entry's id is written: the key of a mapping entry, the `id` of a list item."""
    return (*entry.path, "id") if isinstance(entry.path[-1], int) else entry.path
