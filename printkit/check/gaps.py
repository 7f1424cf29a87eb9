"""Gaps a rule text leaves in its own rules: a rule that picks the highest roll without saying
what a tie does, or halves a number without saying how it rounds."""

from __future__ import annotations

from printkit.check.rule_index import rule_entries
from printkit.diagnostics import UNDECIDED_TIE, UNSTATED_ROUNDING, Diagnostics
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.rules import Halving, Node, Rules


def check_gaps(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    for entry in rule_entries(rules):
        node = entry.node
        if isinstance(node, Node) and node.decides is not None and node.ties is None:
            diagnostics.add(
                UNDECIDED_TIE,
                f"'{entry.id}' goes to the {node.decides} result but does not say what a tie does",
                spans.value((*entry.path, "decides")),
                hint="add 'ties:' with the tie-break (roll again, the older player…)",
            )
        if isinstance(node, Node):
            _rounding(f"'{entry.id}'", node, entry.path, spans, diagnostics)
        for index, row in enumerate(getattr(node, "rows", [])):
            name = f"row {index + 1} of '{entry.id}'"
            _rounding(name, row, (*entry.path, "rows", index), spans, diagnostics)


def _rounding(
    name: str, rule: Halving, path: PathKey, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    if rule.halves and rule.rounding is None:
        diagnostics.add(
            UNSTATED_ROUNDING,
            f"{name} halves a number but does not say how an odd one rounds",
            spans.value((*path, "halves")),
            hint="add 'rounding: down' (or up, nearest)",
        )
