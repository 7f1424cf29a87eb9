"""A number the rules hold as data is printed through the data, never retyped in the prose of
the same rule: then changing the data changes every mention of it. The same holds for a card:
its text prints its number fields through the layout (Shields Up formats `{card[cards]}`)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable

from printkit.check.rule_index import rule_entries
from printkit.diagnostics import RETYPED_NUMBER, Diagnostics, SharedFindings
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import CardSpec, DeckSpec
from printkit.model.rules import Action, DataValue, Rules
from printkit.sandbox.delimited import EXPRESSIONS_AND_STATEMENTS, cut_out

# A whole number, not a decimal (a full stop may end it), and a range's upper end: the 6 of
# '4-6', not of '2d6-1'. One pattern: every card's text is read (10,000 of them in a deck).
_NUMBER = re.compile(r"(?<![\w.-])(-?\d+)(?!\w|\.\d)(?:-(\d+)(?!\w|\.\d))?")
_FORMAT_FIELD = re.compile(r"\{[^{}]*\}")  # '{card[cards]}', which a layout's format() fills
_WORD = re.compile(r"[^\W\d_]+")  # a word of letters
_NEAR = 3  # words either side of a number in which its field's name must stand


def check_retyped(rules: Rules, spans: SourceMap, diagnostics: Diagnostics) -> None:
    for entry in rule_entries(rules):
        node = entry.node
        if isinstance(node, Action) and node.text:
            numbers = {n for n in (node.cost, node.limit) if n is not None}
            _check(entry.id, node.text, numbers, (*entry.path, "text"), spans, diagnostics)
        for index, row in enumerate(getattr(node, "rows", [])):
            if not hasattr(row, "result"):
                continue  # a grid's cells are codes (D1r), not prose
            retyped = sorted(literal_numbers(row.result) & set(_numbers(row.data.values())))
            if retyped:
                path = (*entry.path, "rows", index, "result")
                name = f"row {index + 1} of '{entry.id}'"
                _report(name, retyped, path, spans, diagnostics, _row_hint(row.data, retyped[0]))


def _row_hint(data: dict[str, DataValue], number: int) -> str:
    """How a row's result prints a number of its own data: through its row, which it sees."""
    field = next(key for key, value in data.items() if number in _numbers([value]))
    return (
        f"print the number through the row, e.g. {{{{ row.data.{field} }}}} "
        "(a row's result sees its own row)"
    )


def check_retyped_card(
    deck: DeckSpec,
    card: CardSpec,
    path: PathKey,
    spans: SourceMap,
    shared: SharedFindings,
) -> None:
    """A card's text field that writes, in its prose, a number one of its number fields holds,
    next to that field's name ('Draw 2 cards' beside draws: 2): a 2 that only happens to equal
    a field ('2/I Line' beside a defence of 2, 'Gain 1 :star:' beside a rank of 1) is another
    number. A text that is the number and nothing else (a rank '2' beside a power of 2) is a
    label, not prose. Cards that retype the same field in the same text are one finding, at the
    text's column header (a spreadsheet's) or the deck's declaration of the text field."""
    fields = card.values
    holding: dict[int | float, list[str]] = {}
    for name, value in fields.items():
        if deck.fields.get(name) == "number":
            for number in _numbers([value]):
                holding.setdefault(number, []).append(name)
    if not holding:
        return
    for field, value in fields.items():
        if deck.fields.get(field) != "text" or not isinstance(value, str):
            continue
        if _NUMBER.fullmatch(value.strip()):
            continue
        held = _retyped_field(_FORMAT_FIELD.sub(" ", value), holding)
        if held is None:
            continue
        at = spans.value((*path, field))
        cause = spans.key((*path, field)) if at.file.endswith((".csv", ".xlsx")) else None
        shared.add(
            RETYPED_NUMBER,
            f"its '{field}' text writes the number its '{held}' holds",
            cause or spans.value(("decks", *path[1:2], "fields", field)),
            f"card '{card.name}'",
            at,
            f"write {{card[{held}]}} in place of the number, and have the layout print "
            f"{{{{ card.{field}.format(card=card) }}}}: the text then follows '{held}'",
        )


def _retyped_field(text: str, holding: dict[int | float, list[str]]) -> str | None:
    """The first number field whose value the text writes within _NEAR words of a word of the
    field's name ('draw' or 'drawn' for 'draws', 'defence' for 'r_defence')."""
    prose = outside_templates(text)
    found = [
        (match.start(), sorted(numbers & holding.keys()))
        for match in _NUMBER.finditer(prose)
        if (numbers := {int(number) for number in match.groups() if number}) & holding.keys()
    ]
    if not found:
        return None  # most texts: no number a field holds, and no word to read
    words = [(match.start(), match.group().lower()) for match in _WORD.finditer(prose)]
    starts = [start for start, _ in words]
    for at, held in found:
        first = bisect_left(starts, at)
        near = [word for _, word in words[max(0, first - _NEAR) : first + _NEAR]]
        for number in held:
            for name in holding[number]:
                parts = [part.lower() for part in name.split("_") if len(part) > 2]
                if any(_same_word(part, word) for part in parts for word in near):
                    return name
    return None


def _same_word(a: str, b: str) -> bool:
    """Whether two lower-case words are one word in another form: without a plural's s, equal,
    the shorter (of four letters or more) beginning the longer ('draw', 'draws', 'drawn'), or
    the two sharing their first five letters ('defence', 'defended')."""
    short, long = sorted((_singular(a), _singular(b)), key=len)
    if short == long or (len(short) >= 4 and long.startswith(short)):
        return True
    return len(short) >= 5 and short[:5] == long[:5]


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


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
