"""The models' refusals in a designer's words: never pydantic's ('Input should be a valid
dictionary or instance of GameInfo', 'List should have at least 1 item after validation'),
which name Python's types and classes and the validation library's steps."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from pydantic import ValidationError
from support import GOOD

from printkit.diagnostics import Diagnostics
from printkit.export.pod import PodPreset
from printkit.load.yaml_spans import SourceMap
from printkit.model.errors import _PATTERNS, report_validation_error
from printkit.model.package import Package

PYDANTIC_WORDS = ("Input should", "should have", "should match", "Unable to extract", "instance")

GRID = {"kind": "grid", "id": "score", "label": "Score", "columns": 2}
GOOD_DECK = yaml.safe_load((GOOD / "minimal_deck" / "game.yaml").read_text(encoding="utf-8"))


def _said(path: tuple[Any, ...], value: Any) -> list[tuple[str, str, str]]:
    """The code, message and hint of each finding for the good deck with `value` at `path`."""
    data = copy.deepcopy(GOOD_DECK)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    if value is KeyError:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    with pytest.raises(ValidationError) as refused:
        Package.model_validate(data)
    found = Diagnostics()
    report_validation_error(refused.value, data, SourceMap(), Package, found)
    return [(d.code, d.message, d.hint or "") for d in found]


@pytest.mark.parametrize(
    ("path", "value", "message", "hint"),
    [
        (
            ("game",),
            None,
            "game: has no value; it takes a mapping of keys to values",
            "indented: date, designer, engine, notes, players, source, title, version",
        ),
        (("game",), "x", "game: takes a mapping of keys to values, not the text 'x'", "title"),
        (("game", "title"), None, "game.title: has no value; it takes text", "takes text"),
        (
            ("decks", "deck", "cards"),
            None,
            "decks.deck.cards: has no value; it takes a list",
            "takes a list",
        ),
        (
            ("materials", "sheet"),
            None,
            "materials.sheet: has no value; it takes a mapping of keys to values",
            "first 'kind:', one of cards, counters, hexmap, quick_reference, rules_reference",
        ),
        (
            ("materials", "sheet", "kind"),
            KeyError,
            "materials.sheet: has no 'kind', which says what it is",
            "add 'kind:', one of cards, counters",
        ),
        (
            ("decks", "deck", "sets", "pair", "mark"),
            "",
            "takes text of at least 1 character, not an empty text",
            "give it at least 1 character",
        ),
        (
            ("decks", "deck", "sets", "pair", "mark"),
            "ABC",
            "takes text of at most 2 characters, not 'ABC'",
            "give it at most 2 characters",
        ),
        (
            ("layouts", "face", "fallback"),
            ["regular"] * 9,
            "layouts.face.fallback: takes at most 8 items, not 9",
            "give it at most 8 items",
        ),
        (
            ("layouts", "face", "regions", "title", "points"),
            [["1mm", "2mm", "3mm"]],
            "points.0: takes at most 2 items, not 3",
            "give it at most 2 items",
        ),
        (
            ("layouts", "face", "regions", "title", "points"),
            [["1mm"]],
            "points.0: has 1 of its items; item 2 is missing",
            "a point's x and y",
        ),
        (
            ("layouts", "face", "regions", "title", "font"),
            "Bold Face",
            "font: takes a font name of small letters, digits, '_' and '-', not 'Bold Face'",
            "start with a small letter",
        ),
        (
            ("errata",),
            [{"code": "X1", "subject": "a", "text_says": "b", "resolution": "c"}],
            "errata.0.code: takes a diagnostic code, not 'X1'",
            "e.g. PK510",
        ),
        (
            ("game", "version"),
            " 1.0",
            "game.version: takes text without spaces at its ends, not ' 1.0'",
            "remove the spaces",
        ),
        (
            ("materials", "pad"),
            {"kind": "sheet", "elements": [{**GRID, "rows": 2.5}]},
            "elements.0.rows: takes a whole number, a list or text, not 2.5",
            "this field takes a whole number, a list or text",
        ),
        (  # a bound one choice sets: its own words, not the other choices'
            ("materials", "pad"),
            {"kind": "sheet", "elements": [{**GRID, "rows": 0}]},
            "elements.0.rows: takes a number of at least 1, not 0",
            "give a number of at least 1",
        ),
    ],
)
def test_a_refused_value_is_said_in_a_designer_s_words(
    path: tuple[Any, ...], value: Any, message: str, hint: str
) -> None:
    found = _said(path, value)
    assert any(message in said and hint in advice for _, said, advice in found), found
    for _, said, advice in found:
        assert not any(words in f"{said} {advice}" for words in PYDANTIC_WORDS), found


def _patterns(schema: Any) -> set[str]:
    if isinstance(schema, dict):
        own = {schema["pattern"]} if isinstance(schema.get("pattern"), str) else set()
        return own.union(*(_patterns(value) for value in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_patterns(value) for value in schema))
    return set()


def test_every_pattern_a_field_holds_to_is_said_in_words() -> None:
    """A text refused by its pattern is said as what the field takes ('a diagnostic code'),
    never as the regular expression. Lengths are read by printkit's own parser, which words
    its refusals itself (PK110, PK111): their patterns are the schema's, for editors."""
    patterns = {
        pattern
        for model in (Package, PodPreset)
        for pattern in _patterns(model.model_json_schema())
        if not pattern.endswith(r"\s*(mm|cm|in|pt)$")
    }
    assert patterns
    assert patterns <= set(_PATTERNS), patterns - set(_PATTERNS)


def test_a_misspelt_required_key_is_one_finding_at_the_misspelling() -> None:
    """'lable' beside a missing 'label' is one mistake; a key like no missing one is two."""
    stat = {"kind": "stat", "id": "player", "lable": "Player"}
    sheet = {"kind": "sheet", "elements": [stat]}
    assert _said(("materials", "score"), sheet) == [
        (
            "PK120",
            "unknown key 'lable' where 'label' is missing",
            "did you mean 'label'? rename the key",
        )
    ]
    stat = {"kind": "stat", "id": "player", "colour": "red"}
    found = _said(("materials", "score"), {"kind": "sheet", "elements": [stat]})
    assert sorted(code for code, _, _ in found) == ["PK120", "PK121"], found
