"""A number the rules hold as data is printed through the data, never retyped in the prose of
the same rule: then changing the data changes every mention of it. The same holds for a card:
its text prints its number fields through the layout (Shields Up formats `{card[cards]}`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from printkit.check.rule_index import rule_entries
from printkit.diagnostics import RETYPED_NUMBER, Diagnostics
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import CardSpec, DeckSpec
from printkit.model.rules import Action, DataValue, Rules
from printkit.sandbox.delimited import EXPRESSIONS_AND_STATEMENTS, cut_out

# A whole number, not a decimal (a full stop may end it), and a range's upper end: the 6 of
# '4-6', not of '2d6-1'. One pattern: every card's text is read (10,000 of them in a deck).
_NUMBER = re.compile(r"(?<![\w.-])(-?\d+)(?!\w|\.\d)(?:-(\d+)(?!\w|\.\d))?")
_FORMAT_FIELD = re.compile(r"\{[^{}]*\}")  # '{card[cards]}', which a layout's format() fills


def check_retyped(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    for entry in rule_entries(rules):
        node = entry.node
        if isinstance(node, Action) and node.text:
            numbers = {n for n in (node.cost, node.limit) if n is not None}
            _check(entry.id, node.text, numbers, (*entry.path, "text"), spans, diagnostics)
        for index, row in enumerate(getattr(node, "rows", [])):
            if not hasattr(row, "result"):
                continue  # a grid's cells are codes (D1r), not prose
            numbers = set(_numbers(row.data.values()))
            path = (*entry.path, "rows", index, "result")
            name = f"row {index + 1} of '{entry.id}'"
            _check(name, row.result, numbers, path, spans, diagnostics)


def check_retyped_card(
    deck: DeckSpec,
    card: CardSpec,
    path: PathKey,
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> None:
    """A card's text field that writes, in its prose, a number one of its number fields holds.
    A text that is the number and nothing else (a rank '2' beside a power of 2) is a label,
    not prose."""
    fields = card.values
    holding = {
        number: name
        for name, value in fields.items()
        if deck.fields.get(name) == "number"
        for number in _numbers([value])
    }
    for field, value in fields.items():
        if not holding or deck.fields.get(field) != "text" or not isinstance(value, str):
            continue
        if _NUMBER.fullmatch(value.strip()):
            continue
        retyped = sorted(literal_numbers(_FORMAT_FIELD.sub(" ", value)) & set(holding))
        if retyped:
            held = holding[retyped[0]]
            hint = (
                f"write {{card[{held}]}} where the number goes, and have the layout print "
                f"{{{{ card.{field}.format(card=card) }}}}: the text then follows '{held}'"
            )
            _report(f"card '{card.name}'", retyped, (*path, field), spans, diagnostics, hint)


def literal_numbers(text: str) -> set[int]:
    """The whole numbers a text writes itself, outside its {{ … }} and {% … %}; both ends of
    a range ('hits on 4-6')."""
    found = _NUMBER.findall(outside_templates(text))
    return {int(number) for pair in found for number in pair if number}


def outside_templates(text: str) -> str:
    """The text with each {{ … }} and {% … %} made a space (an opening never closed is text)."""
    return cut_out(text, EXPRESSIONS_AND_STATEMENTS, " ")


def _numbers(values: Iterable[DataValue]) -> Iterable[int | float]:
    for value in values:
        if isinstance(value, list):
            yield from _numbers(value)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            yield value


def _check(
    name: str,
    text: str,
    numbers: set[int | float],
    path: PathKey,
    spans: SourceMap,
    diagnostics: Diagnostics,
    hint: str = "print the number through the data, e.g. {{ actions.<id>.cost }} or "
    "{{ lookup('<table>', key).data.<field> }}",
) -> None:
    retyped = sorted(literal_numbers(text) & numbers)
    if retyped:
        _report(name, retyped, path, spans, diagnostics, hint)


def _report(
    name: str,
    retyped: list[int],
    path: PathKey,
    spans: SourceMap,
    diagnostics: Diagnostics,
    hint: str,
) -> None:
    diagnostics.add(
        RETYPED_NUMBER,
        f"{name} writes {', '.join(map(str, retyped))} in its text, a number it holds as data",
        spans.value(path),
        hint=hint,
    )
