"""Consistency of a card deck with itself and with the box inventory."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from printkit.check.retyped import check_retyped_card
from printkit.diagnostics import (
    BAD_VALUE,
    CARD_LISTED_TWICE,
    CARD_PARKED,
    DECK_PARKED,
    INVENTORY_MISMATCH,
    KIND_FIELD_MISSING,
    SET_INCOMPLETE,
    SET_INDICATOR,
    UNKNOWN_KEY,
    UNKNOWN_REFERENCE,
    Diagnostics,
    SharedFindings,
    closest,
    did_you_mean,
    meant_and_hint,
    some_of,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import CardSpec, DeckSpec, Package, SetSpec, printed_decks

BUILTIN_CARD_KEYS = set(CardSpec.model_fields)


def check_deck(
    package: Package,
    deck_id: str,
    spans: SourceMap,
    diagnostics: Diagnostics,
    broken: Collection[PathKey] = (),
) -> None:
    """The deck's cards against its fields, kinds and sets, and the inventory. A card's value
    that did not load (`broken`: reported, left out) is not missing too."""
    deck = package.decks[deck_id]
    base = ("decks", deck_id)
    check_inventory(package, deck_id, deck, spans, diagnostics)
    for field in sorted(set(deck.fields) & BUILTIN_CARD_KEYS):
        diagnostics.add(
            BAD_VALUE,
            f"deck '{deck_id}' declares field '{field}', which every card already has",
            spans.key((*base, "fields", field)),
            hint=f"remove '{field}' from 'fields', or give the value another name; the built-in "
            f"card keys are {', '.join(sorted(BUILTIN_CARD_KEYS))}",
        )
    undeclared = _undeclared_requirements(deck, base, spans, diagnostics)
    members: dict[str, Counter[str]] = {}  # each set's cards by name, with their copies
    per_card = SharedFindings(diagnostics)  # a spreadsheet's header, a generator's key: once
    check_names(deck, base, spans, diagnostics)
    for index, card in enumerate(deck.cards):
        path = (*base, "cards", index)
        if card.count == 0:
            diagnostics.add(
                CARD_PARKED,
                f"card '{card.name}' has count 0: it is checked but not printed",
                spans.value((*path, "count")),
                hint="give it a count to print it again; until then no copy of it counts "
                "towards the inventory or a set",
            )
        misspelt = _check_card_fields(deck, card, path, spans, per_card)
        check_retyped_card(deck, card, path, spans, per_card)
        unknown = deck.unknown_names(card)
        if "kind" in unknown:
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"card '{card.name}' has unknown kind '{card.kind}'",
                spans.value((*path, "kind")),
                hint=did_you_mean(unknown["kind"], deck.kinds),
            )
        elif card.kind is not None:
            for required in deck.kinds[card.kind].requires:
                if required in undeclared or required in misspelt or (*path, required) in broken:
                    continue  # reported once: at the kind, the misspelt key or the value
                if getattr(card, required, None) is None and required not in card.values:
                    diagnostics.add(
                        KIND_FIELD_MISSING,
                        f"card '{card.name}' of kind '{card.kind}' has no '{required}'",
                        spans.value(path),
                        hint=f"every '{card.kind}' card needs '{required}:'",
                    )
        if "set" in unknown:
            meant, hint = meant_and_hint(unknown["set"], deck.sets)
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"card '{card.name}' belongs to unknown set '{card.set}'",
                spans.value((*path, "set")),
                hint=hint,
            )
            if meant is not None:  # counted there: its set is not short too
                members.setdefault(meant, Counter())[card.name] += card.count
        if card.set is None or "set" in unknown:
            continue
        members.setdefault(card.set, Counter())[card.name] += card.count
        size = deck.sets[card.set].size
        if card.pips is not None and card.pips != size:
            diagnostics.add(
                SET_INDICATOR,
                f"card '{card.name}' shows {card.pips} set-indicator marks but set "
                f"'{card.set}' needs {size} cards",
                spans.value((*path, "pips")),
                hint="the number of marks is the number of cards that complete the set",
            )
    per_card.flush()
    for set_id, spec in deck.sets.items():
        _check_set(set_id, spec, members.get(set_id, Counter()), base, spans, diagnostics)
    if deck.cards and not any(card.count for card in deck.cards):
        _note_nothing_to_print(package, deck_id, spans, diagnostics)


def _note_nothing_to_print(
    package: Package, deck_id: str, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    """PK216 once at a deck whose every card is set aside (PK215 at each) and that a material
    prints: without it, a build that writes no file of that material says nothing of why."""
    printing = [
        m for m, spec in package.materials.items() if deck_id in (printed_decks(spec) or ())
    ]
    if not printing:
        return
    named = ", ".join(f"'{m}'" for m in printing)
    diagnostics.add(
        DECK_PARKED,
        f"deck '{deck_id}' has no card to print: every card's count is 0",
        spans.key(("decks", deck_id)),
        hint="give a card a count of 1 or more to print it; until then "
        + (f"material {named} prints" if len(printing) == 1 else f"materials {named} print")
        + " none of it",
    )


def _check_set(
    set_id: str,
    spec: SetSpec,
    cards: Counter[str],
    base: tuple[str, str],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> None:
    """PK211 when the deck cannot complete the set. In set collection a set is so many
    different cards (an orchard of apple, pear and plum), so that moving a card to another set
    is found; copies count only for a set that says so (`counts: copies`) and for a set of
    one card, which its copies alone can complete (three Death Rays), or of none yet."""
    where = spans.value((*base, "sets", set_id, "size"))
    cards = +cards  # a card of count 0 is set aside (PK215): not a card the set holds
    if spec.counts == "copies" or (spec.counts is None and len(cards) <= 1):
        have = sum(cards.values())
        if have < spec.size:
            diagnostics.add(
                SET_INCOMPLETE,
                f"set '{set_id}' needs {spec.size} cards but the deck holds {have}",
                where,
                hint=f"add {spec.size - have} more card(s) of this set, or lower its size",
            )
        return
    if len(cards) < spec.size:
        diagnostics.add(
            SET_INCOMPLETE,
            f"set '{set_id}' needs {spec.size} different cards but the deck holds "
            f"{len(cards)}" + (f" ({some_of(list(cards), 4)})" if cards else ""),
            where,
            hint=f"add {spec.size - len(cards)} more different card(s) to this set, or lower "
            "its size; if copies of a card count toward it, give the set 'counts: copies'",
        )


def check_names(
    deck: DeckSpec, base: tuple[str, str], spans: SourceMap, diagnostics: Diagnostics
) -> None:
    """PK214 at each entry whose name an earlier entry of the deck has, naming where."""
    first: dict[str, int] = {}
    copies: dict[str, int] = {}
    for card in deck.cards:
        copies[card.name] = copies.get(card.name, 0) + card.count
    for index, card in enumerate(deck.cards):
        earlier = first.setdefault(card.name, index)
        if earlier == index:
            continue
        here, there = (spans.value((*base, "cards", i, "name")) for i in (index, earlier))
        if here == there:  # one template names several generated cards alike
            said = f"card '{card.name}' is made twice in deck '{base[1]}' by one name template"
        else:
            first_at = f"line {there.line}" if there.file == here.file else str(there)
            said = f"card '{card.name}' is listed twice in deck '{base[1]}' (first at {first_at})"
        if _without_count(card) == _without_count(deck.cards[earlier]):
            hint = f"copies of a card are one entry with 'count: {copies[card.name]}'"
        else:
            hint = "the two differ: give each a name that tells it apart, as players must"
        diagnostics.add(CARD_LISTED_TWICE, said, here, hint=hint)


def _without_count(card: CardSpec) -> dict[str, object]:
    return card.model_dump(exclude={"count"})


def check_inventory(
    package: Package, deck_id: str, deck: DeckSpec, spans: SourceMap, diagnostics: Diagnostics
) -> None:
    """PK210: a deck holds as many pieces as the inventory lists (checked on the played rules
    too: an erratum that plays another count would print a box that disagrees)."""
    component = deck.component or deck_id
    total = sum(card.count for card in deck.cards)
    if component not in package.components:
        diagnostics.add(
            UNKNOWN_REFERENCE,
            f"deck '{deck_id}' names no entry of the component inventory",
            spans.value(("decks", deck_id, "component") if deck.component else ("decks", deck_id)),
            hint=did_you_mean(
                component,
                package.components,
                otherwise=f"add '{component}: {{count: {total}}}' under components",
            ),
        )
        return
    expected = package.components[component].count
    if total != expected:
        # One entry: its count is the number that disagrees. Several: the list as a whole.
        where = ("decks", deck_id, "cards")
        if len(deck.cards) == 1:
            where = (*where, 0, "count")
        diagnostics.add(
            INVENTORY_MISMATCH,
            f"deck '{deck_id}' holds {total} pieces but the inventory lists {expected}",
            spans.value(where),
            hint=f"the counts of the deck's entries add up to {total}; "
            f"components.{component}.count is {expected}",
        )


def _undeclared_requirements(
    deck: DeckSpec, base: tuple, spans: SourceMap, diagnostics: Diagnostics
) -> set[str]:
    """The fields a kind requires that the deck does not declare, each reported at the kind's
    `requires` (a card could not hold it: the hint to add it to every card would lead on to
    PK120 for an unknown key)."""
    known = set(deck.fields) | BUILTIN_CARD_KEYS
    undeclared = set()
    for kind_id, kind in deck.kinds.items():
        for index, required in enumerate(kind.requires):
            if required in known:
                continue
            undeclared.add(required)
            close = closest(required, deck.fields)
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"kind '{kind_id}' requires '{required}', which is not one of the deck's fields",
                spans.value((*base, "kinds", kind_id, "requires", index)),
                hint=(f"did you mean '{close}'? Or " if close else "")
                + f"declare it under the deck's 'fields' ('{required}: text' or "
                f"'{required}: number')",
            )
    return undeclared


def _check_card_fields(
    deck: DeckSpec, card: CardSpec, path: tuple, spans: SourceMap, shared: SharedFindings
) -> set[str]:
    """Each value against the deck's fields. A key's finding is located at where the key is
    written, which cards of a spreadsheet (its header) or of a generator (its key) share.
    Returns the fields the card's unknown keys are most likely misspellings of: the card holds
    that value under the wrong name, so its kind's requirement of it is the same mistake."""
    subject = f"card '{card.name}'"
    misspelt: set[str] = set()
    for key, value in card.values.items():
        declared = deck.fields.get(key)
        if declared is None:
            meant, hint = meant_and_hint(key, set(deck.fields) | BUILTIN_CARD_KEYS)
            if meant is not None:
                misspelt.add(meant)
            at_key = spans.key((*path, key))  # looked up for a finding only: 10,000 cards
            shared.add(
                UNKNOWN_KEY,
                f"unknown key '{key}'",
                at_key,
                subject,
                at_key,
                hint + " (per-card values are declared in the deck's 'fields')",
            )
        elif declared == "number" and (
            isinstance(value, bool) or not isinstance(value, int | float)
        ):
            at_value = spans.value((*path, key))
            shared.add(
                BAD_VALUE,
                f"'{key}' must be a number, not '{value}'",
                at_value,
                subject,
                at_value,
                f"the deck declares '{key}' as a number",
            )
        elif declared == "text" and not isinstance(value, str | int | float):
            at_value = spans.value((*path, key))
            shared.add(
                BAD_VALUE,
                f"'{key}' must be text",
                at_value,
                subject,
                at_value,
                f"the deck declares '{key}' as text",
            )
    return misspelt
