"""References between rules: every id named exists, ids are unique, definitions are used, and a
cross-reference lands on a section about the rule that makes it."""

from __future__ import annotations

from collections.abc import Iterable

from printkit.check.prose import ProseRefs
from printkit.check.rule_index import Entry, id_path, rule_entries
from printkit.check.values import value_uses
from printkit.diagnostics import (
    RULE_DUPLICATE_ID,
    RULE_UNKNOWN_REFERENCE,
    RULE_UNUSED,
    RULE_WRONG_SECTION,
    UNDEFINED_TERM,
    UNKNOWN_TIME_UNIT,
    VARIANT_UNKNOWN_RULE,
    Diagnostics,
    did_you_mean,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package
from printkit.model.rules import Action, DiceTable, Node, Rules, Section, TableBase, Variant
from printkit.model.rules_context import section_name
from printkit.simulate.binding import engine_values


def check_references(
    package: Package, prose: ProseRefs, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    rules = package.rules
    if rules is None:
        return
    entries = list(rule_entries(rules))
    _unique(entries, spans, diagnostics)
    ids = {entry.id for entry in entries}
    card_names = {card.name for deck in package.decks.values() for card in deck.cards}
    check = _Checker(rules, spans, diagnostics)
    for entry in entries:
        node = entry.node
        if isinstance(node, Node | Section):
            for index, section_id in enumerate(node.see):
                check.see(entry.id, section_id, (*entry.path, "see", index))
        if isinstance(node, Node):
            for index, use in enumerate(node.uses):
                check.exists(
                    "component",
                    use.component,
                    package.components,
                    (*entry.path, "uses", index, "component"),
                )
            for index, name in enumerate(node.cards):
                check.exists("card", name, card_names, (*entry.path, "cards", index))
            for index, name in enumerate(node.printed_on):
                check.exists(
                    "material", name, package.materials, (*entry.path, "printed_on", index)
                )
        if isinstance(node, Section):
            if node.parent is not None:
                check.exists("section", node.parent, rules.sections, (*entry.path, "parent"))
            for index, rule_id in enumerate(node.covers):
                check.exists("rule", rule_id, ids, (*entry.path, "covers", index))
        if isinstance(node, Action):
            phases = rules.structure.phases if rules.structure else {}
            if node.phase is not None:
                check.exists("phase", node.phase, phases, (*entry.path, "phase"))
            if node.per is not None:
                check.unit(node.per, (*entry.path, "per"))
        if isinstance(node, DiceTable) and node.component is not None:
            check.exists(
                "component", node.component, package.components, (*entry.path, "component")
            )
        if isinstance(node, TableBase) and node.restates is not None:
            check.exists("table", node.restates, rules.tables, (*entry.path, "restates"))
        if isinstance(node, Variant):
            check.variant(node, ids, entry.path)
    for end_id, end in rules.end_conditions.items():
        if end.variant is not None:
            path = ("rules", "end_conditions", end_id, "variant")
            check.variant_reference("variant", end.variant, rules.variants, path)
    for section_id, path in prose.sections:
        check.see(_owner(entries, path), section_id, path)
    for term_id, path in prose.terms:
        if check.exists("glossary term", term_id, rules.glossary, path):
            check.defined(term_id, path)
    _unused(package, prose, spans, diagnostics)


def _owner(entries: list[Entry], path: PathKey) -> str:
    """The id of the innermost rule whose data holds `path`."""
    owners = [e for e in entries if path[: len(e.path)] == e.path]
    return max(owners, key=lambda e: len(e.path)).id if owners else ""


def _unique(entries: list[Entry], spans: SourceMap, diagnostics: Diagnostics) -> None:
    first: dict[str, Entry] = {}
    for entry in entries:
        earlier = first.setdefault(entry.id, entry)
        if earlier is not entry:
            diagnostics.add(
                RULE_DUPLICATE_ID,
                f"'{entry.id}' names {_a(entry.kind)} and {_a(earlier.kind)} "
                f"(first at {spans.key(id_path(earlier))})",
                spans.key(id_path(entry)),
                hint="rename one: references name rules by id alone",
            )


def _listed(ids: Iterable[str]) -> str:
    return ", ".join(f"'{i}'" for i in ids)


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


class _Checker:
    def __init__(self, rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
        self.rules = rules
        self.spans = spans
        self.diagnostics = diagnostics
        self.misdirected: set[tuple[str, str]] = set()  # (rule, section) reported once

    def exists(self, what: str, name: str, known: Iterable[str], path: PathKey) -> bool:
        choices = set(known)
        if name in choices:
            return True
        self.diagnostics.add(
            RULE_UNKNOWN_REFERENCE,
            f"no {what} '{name}'",
            self.spans.value(path),
            hint=did_you_mean(
                name, choices, otherwise=f"define the {what}, or remove the reference"
            ),
        )
        return False

    def defined(self, term_id: str, path: PathKey) -> None:
        if self.rules.glossary[term_id].definition is None:
            self.diagnostics.add(
                UNDEFINED_TERM,
                f"term '{term_id}' is used here but never defined",
                self.spans.value(path),
                hint=f"give rules.glossary.{term_id} a definition, or record the gap in an erratum",
            )

    def see(self, owner: str, section_id: str, path: PathKey) -> None:
        if not self.exists("section", section_id, self.rules.sections, path):
            return
        section = self.rules.sections[section_id]
        # a rule must point at the section that explains it, or at a section of tables it
        # consults; a section's own text may point at any other section, as a contents
        # sentence does ("movement (§4.0), cannons (§5.0)")
        if owner in self.rules.sections or (owner, section_id) in self.misdirected:
            return
        if section.covers and set(section.covers) <= set(self.rules.tables):
            return  # a section of tables is consulted from any rule: "roll on the table in §3"
        own = {owner, *self._parts(owner)}
        if section.covers and owner and not own & set(section.covers):
            self.misdirected.add((owner, section_id))  # its `see:` and its text's ref(), once
            self.diagnostics.add(
                RULE_WRONG_SECTION,
                f"'{owner}' refers to {section_name(section)}, which is about "
                + _listed(section.covers),
                self.spans.value(path),
                hint=self._way_out(owner, own, section),
            )

    def _way_out(self, owner: str, own: set[str], section: Section) -> str:
        """The fix that applies: a section mixing tables with other rules is one move away
        from being consultable from anywhere ("score by the table in §3"), where pointing the
        rule at its own section would only send the reader back to where they are."""
        others = [c for c in section.covers if c not in self.rules.tables]
        if len(others) < len(section.covers):
            return (
                "a section that covers tables only may be referred to from any rule: move "
                f"{_listed(others)} out of {section_name(section)}'s 'covers'"
            )
        sections = self.rules.sections.values()
        home = next(((s, c) for s in sections for c in s.covers if c in own), None)
        if home is None:
            return f"list '{owner}' in the 'covers' of the section that explains it"
        return f"point at {section_name(home[0])}, which covers '{home[1]}'"

    def _parts(self, owner: str) -> set[str]:
        """The rules a phase holds (its steps, the actions taken in it): a phase may point at
        the section that explains one of them ("spend actions; buying: §4")."""
        structure = self.rules.structure
        phase = structure.phases.get(owner) if structure else None
        if phase is None:
            return set()
        actions = {a for a, action in self.rules.actions.items() if action.phase == owner}
        return {step.id for step in phase.steps} | actions

    def unit(self, unit: str, path: PathKey) -> None:
        structure = self.rules.structure
        units = set(structure.units) | {structure.unit} if structure else set()
        if unit not in units:
            self.diagnostics.add(
                UNKNOWN_TIME_UNIT,
                f"counted per '{unit}', which the game's structure does not define",
                self.spans.value(path),
                hint=did_you_mean(unit, units, otherwise="add the unit to structure.units"),
            )

    def variant(self, variant: Variant, ids: set[str], path: PathKey) -> None:
        if variant.base is not None:
            self.variant_reference("variant", variant.base, self.rules.variants, (*path, "base"))
        for index, change in enumerate(variant.changes):
            self.variant_reference("rule", change.rule, ids, (*path, "changes", index, "rule"))

    def variant_reference(self, what: str, name: str, known: Iterable[str], path: PathKey) -> None:
        choices = set(known)
        if name not in choices:
            self.diagnostics.add(
                VARIANT_UNKNOWN_RULE,
                f"a variant refers to {what} '{name}', which does not exist",
                self.spans.value(path),
                hint=did_you_mean(name, choices, otherwise=f"define the {what} first"),
            )


def _unused(package: Package, prose: ProseRefs, spans: SourceMap, diagnostics: Diagnostics) -> None:
    rules = package.rules
    assert rules is not None
    used_terms = {term_id for term_id, _ in prose.terms}
    for term_id in rules.glossary:
        if term_id not in used_terms:
            diagnostics.add(
                RULE_UNUSED,
                f"glossary term '{term_id}' is never referred to",
                spans.key(("rules", "glossary", term_id)),
                hint=f"use {{{{ term('{term_id}') }}}} where the prose says it, or remove it",
            )
    sources = " ".join(_expressions(package))
    used_values = value_uses(sources) | engine_values(package)
    for name in rules.values:
        if name not in used_values:
            diagnostics.add(
                RULE_UNUSED,
                f"value '{name}' is never used by prose, claims, examples or what a material "
                "prints",
                spans.key(("rules", "values", name)),
                hint=f"print it with {{{{ values.{name} }}}}, check it in a claim, have the "
                "game's engine read it, or remove it",
            )


def _expressions(package: Package) -> Iterable[str]:
    """Every template source of the package: prose, and the layouts, decks and materials that
    print values too (a sheet's text), JSON-dumped whole; claims and examples."""
    if package.rules is not None:
        yield package.rules.model_dump_json()
    yield package.model_dump_json(include={"layouts", "decks", "materials"})
    for claim in package.claims.values():
        yield claim.text
        yield claim.check or ""
    for example in package.examples.values():
        yield example.text
        yield from example.compute.values()
