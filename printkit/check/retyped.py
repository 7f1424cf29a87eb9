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

_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
# A whole number, not a decimal (a full stop may end it), and a range's upper end: the 6 of
# '4-6', not of '2d6-1'. One pattern: every card's text is read (10,000 of them in a deck).
_NUMBER = re.compile(r"(?<![\w.-])(-?\d+)(?!\w|\.\d)(?:-(\d+)(?!\w|\.\d))?")
_FORMAT_FIELD = re.compile(r"\{[^{}]*\}")  # '{card[cards]}', which a layout's format() fills
CARD_HINT = (
    "print the number through the card's field, as the layout formats it "
    "({card[cards]} with card.effect.format(card=card)), or through a template"
)


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
    """A card's text field that writes a number one of its number fields holds."""
    fields = card.values
    numbers = set(_numbers(v for f, v in fields.items() if deck.fields.get(f) == "number"))
    for field, value in fields.items():
        if numbers and deck.fields.get(field) == "text" and isinstance(value, str):
            text = _FORMAT_FIELD.sub(" ", value)
            name = f"card '{card.name}'"
            _check(name, text, numbers, (*path, field), spans, diagnostics, CARD_HINT)


def literal_numbers(text: str) -> set[int]:
    """The whole numbers a text writes itself, outside its {{ … }} and {% … %}; both ends of
    a range ('hits on 4-6')."""
    found = _NUMBER.findall(_TEMPLATE.sub(" ", text))
    return {int(number) for pair in found for number in pair if number}


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
        diagnostics.add(
            RETYPED_NUMBER,
            f"{name} writes {', '.join(map(str, retyped))} in its text, a number it holds as data",
            spans.value(path),
            hint=hint,
        )
