"""A section prints something of its own: never a bare heading, never only "X: see §Y".

The rules reference prints each section's heading, its text and the rules it covers; a rule
several sections cover is printed in the first and the later ones only link to it. A section
with neither text nor rules of its own would print a heading with nothing under it, and one
whose rules are all printed earlier would print only pointers; both read as broken to a
player, so both are errors at the section.
"""

from __future__ import annotations

from printkit.diagnostics import SECTION_EMPTY, SECTION_ONLY_REFERS, Diagnostics
from printkit.load.yaml_spans import SourceMap
from printkit.model.rules import Rules


def home_section(rules: Rules, rule_id: str) -> str | None:
    """The section that prints a rule: the first that covers it (compose.py's `home`)."""
    return next((sid for sid, s in rules.sections.items() if rule_id in s.covers), None)


def check_sections(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    for section_id, section in rules.sections.items():
        if section.text:
            continue
        where = spans.key(("rules", "sections", section_id))
        if not section.covers:
            diagnostics.add(
                SECTION_EMPTY,
                f"section '{section_id}' has no text and covers no rule: its heading would "
                "be printed with nothing under it",
                where,
                hint="give it 'text:' or the rules it prints ('covers:'), or merge it into "
                "its parent",
            )
            continue
        homes = {home_section(rules, rule) for rule in section.covers}
        if section_id not in homes:
            targets = ", ".join(sorted(h for h in homes if h))
            diagnostics.add(
                SECTION_ONLY_REFERS,
                f"section '{section_id}' only points at rules printed in {targets}",
                where,
                hint=f"fold it into {targets} (move its 'source:' lines there) and refer to "
                "it with ref() in a sentence",
            )
