"""Every line of a game's seed text is printed by a section or marked as not a rule.

A reference written from data prints only what the data holds, so a rule the encoding left out
is silently missing from every printed sheet. Sections record the seed lines they print
(`source:`), the game records its seed's length and the lines that hold no rule
(`rules.source`), and whatever is left is a rule nobody encoded: PK536. The check needs only
the text's line count, so a package never reads a file outside its folder; a test compares
that count with the shipped seed texts. It works on the spans as written, never line by line,
so its cost is that of sorting them whatever lines they name.
"""

from __future__ import annotations

from collections.abc import Iterator

from printkit.diagnostics import SOURCE_OUTSIDE, SOURCE_UNCOVERED, Diagnostics
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.rules import Rules, line_span


def check_source_coverage(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    recorded = list(_recorded(rules))
    if rules.source is None:
        if recorded:
            _, path = recorded[0]
            diagnostics.add(
                SOURCE_OUTSIDE,
                "seed lines are recorded but the rules do not say how long the seed text is",
                spans.value(path),
                hint="add 'source: {lines: N}' under 'rules:' (N: the seed text's line count)",
            )
        return
    length = rules.source.lines
    covered: list[tuple[int, int]] = []
    for lines, path in recorded:
        first, last = line_span(lines)
        if first > last or last > length:
            diagnostics.add(
                SOURCE_OUTSIDE,
                f"seed lines {_name(first, last)} are not lines of the seed text "
                f"(it has {length} lines)",
                spans.value(path),
                hint="write a line (42) or a span ('42-48') from 1 to the text's last line",
            )
            continue
        covered.append((first, last))
    for first, last in _gaps(covered, length):
        diagnostics.add(
            SOURCE_UNCOVERED,
            f"seed lines {_name(first, last)} are printed by no section and not marked as "
            "not a rule",
            spans.value(("rules", "source", "lines")),
            hint="add the lines to the 'source:' of the section that prints their rule (write "
            "the rule if none does), or list them in 'not_rules:' with the reason",
        )


def _recorded(rules: Rules) -> Iterator[tuple[int | str, PathKey]]:
    """Every seed line or span the rules record, with where it is written."""
    for section_id, section in rules.sections.items():
        path: PathKey = ("rules", "sections", section_id)
        if section.source_line is not None:
            yield section.source_line, (*path, "source_line")
        for index, lines in enumerate(section.source):
            yield lines, (*path, "source", index)
    if rules.source is not None:
        for lines in rules.source.not_rules:
            yield lines, ("rules", "source", "not_rules", lines)


def _gaps(covered: list[tuple[int, int]], length: int) -> Iterator[tuple[int, int]]:
    """The runs (first, last) of lines 1 to `length` that no span of `covered` holds: the
    spans in order, each gap before one that starts past every line held so far."""
    held = 0  # lines 1 to `held` are covered, or a gap already given
    for first, last in sorted(covered):
        if first > held + 1:
            yield held + 1, first - 1
        held = max(held, last)
    if held < length:
        yield held + 1, length


def _name(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"
