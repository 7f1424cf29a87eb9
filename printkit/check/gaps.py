"""Gaps a rule text leaves in its own rules: a rule that picks the highest roll without saying
what a tie does."""

from __future__ import annotations

from printkit.check.rule_index import rule_entries
from printkit.diagnostics import UNDECIDED_TIE, Diagnostics
from printkit.load.yaml_spans import SourceMap
from printkit.model.rules import Node, Rules


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
