"""Turn pydantic validation errors into printkit diagnostics that point at the YAML."""

from __future__ import annotations

import re
import sys
import types
import typing
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from printkit.diagnostics import (
    BAD_VALUE,
    COLOUR_ONLY,
    LENGTH_BAD_UNIT,
    LENGTH_NO_UNIT,
    MISSING_FIELD,
    PIECE_OVERHANGS_HEX,
    TTS_URL,
    UNKNOWN_KEY,
    UNKNOWN_REFERENCE,
    Diagnostics,
    Span,
    closest,
    did_you_mean,
    one_line,
    shown_value,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.base import PLAYS_PATH
from printkit.model.play import AGENT_KINDS, AGENT_NAME
from printkit.model.rules import LINES, RULE_ID, VALUE_COUNT

_CODE_BY_TYPE = {
    "length_no_unit": LENGTH_NO_UNIT,
    "length_unit": LENGTH_BAD_UNIT,
    "size_name": UNKNOWN_REFERENCE,
    "tts_url": TTS_URL,
    "union_tag_not_found": MISSING_FIELD,
}
_HINT_BY_TYPE = {
    "length_no_unit": "write the unit after the number, e.g. '63mm', '2.5in' or '9pt'",
    "length_unit": "use one of mm, cm, in, pt",
    "length_not_positive": "give a size greater than zero",
    "length_negative": "give zero (for none) or a positive length",
    "backing_without_fold": "set 'mode: fold', or remove 'opaque_backing'",
    "control_character": "remove the character: only line breaks and tabs may stand in text",
    "finite_number": "give an ordinary number; .inf and .nan cannot be printed or measured",
    "length_too_long": "check the number and its unit (mm, cm, in or pt)",
    "same_file": "rename one of the two materials: their ids name their files",
    "seed_lines": "check the line numbers against the seed text: it has far fewer lines",
    "tts_url": "give the folder's address ending in '/', e.g. 'https://example.com/mygame/', "
    "or leave 'url' out for bare file names",
    "agent_name": f"name one of printkit's agents: {AGENT_KINDS}",
    "agent_interactive": f"name an agent that plays alone ({AGENT_KINDS}); play against "
    "printkit's agents yourself with 'printkit play GAME --agents human,mcts:200'",
    "version_number": 'write it in quotes, e.g. version: "1.10" (unquoted, 1.10 is the number 1.1)',
    "formats_repeated": "name each format once",
    "date_iso": "write the day as YYYY-MM-DD, e.g. date: 2026-03-01",
    "column_box": "keep one: 'tick' for a box to tick, 'write' for a box to write a count in"
    " (the cell's text belongs in a column of its own)",
    "erratum_plays": "add 'plays: {rules.values.name: 10}' (the data it changes), or "
    "'wording_only: true' when the data already holds the reading",
}


def _noun(item: Any) -> str | None:
    """What a field of a wrong-type error takes, in words: 'a whole number', 'text'."""
    kind = item["type"]
    if kind == "int_from_float":
        return _NOUNS["int"]
    if kind.endswith(("_type", "_parsing")):
        return _NOUNS.get(kind.split("_")[0])
    return None


def error_words(item: Any, takes: str | None = None) -> str:
    """What is wrong with a value, in a designer's words where pydantic's are a programmer's
    ('Input should be a valid string'): what the field takes (`takes`: every choice of a
    field that takes one of several, 'a whole number or a list'), and what it was given."""
    kind, given = item["type"], item.get("input")
    if _float_for_int(item):
        return f"takes {takes or _NOUNS['int']}, not {shown_value(given)}"
    bound = _bound(item)
    if bound is not None:
        return f"takes a number {bound}, not {shown_value(given)}"
    length = _length(item)
    if length is not None:
        return length
    if kind == "string_pattern_mismatch":  # as written: a space at its end may be the fault
        words = _PATTERNS.get(str((item.get("ctx") or {}).get("pattern")), _NO_PATTERN)[0]
        return f"takes {words}, not {shown_value(given)}"
    if kind == "union_tag_not_found":
        return f"has no '{_discriminator(item)}', which says what it is"
    if _too_long_a_number(item):
        return f"takes a whole number, not one of {len(given.strip()):,} digits"
    expected = (item.get("ctx") or {}).get("expected")
    if kind == "literal_error" and expected is not None and item["msg"].startswith("Input"):
        return f"takes {expected}, not {shown_value(given)}"
    noun = takes or _noun(item)
    if kind.endswith(("_type", "_parsing")) and noun is not None:
        if given is None:  # `game:` with nothing after it
            return f"has no value; it takes {noun}"
        if isinstance(given, bool):
            return f"takes {noun}, not {str(given).lower()}"
        if isinstance(given, int | float):
            return f"takes {noun}, not {_the_number(given)}"
        if isinstance(given, str):
            return f"takes {noun}, not the text {_quoted(given)}"
        if isinstance(given, list | dict):
            return f"takes {noun}, not {'a list' if isinstance(given, list) else 'a mapping'}"
    return item["msg"]


def _float_for_int(item: Any) -> bool:
    """A number with a fractional part where a whole number goes; or any float where only a
    whole number as YAML writes one goes (WholeNumber: 2.0 is no count)."""
    kind, given = item["type"], item.get("input")
    return kind == "int_from_float" or (kind == "int_type" and isinstance(given, float))


def _too_long_a_number(item: Any) -> bool:
    """A number of more digits than Python reads, which YAML loads as its text: lax int says
    so (int_parsing_size), WholeNumber only that it is text."""
    kind, given = item["type"], item.get("input")
    if kind == "int_parsing_size" and isinstance(given, str):
        return True
    digits = given.strip().lstrip("+-") if kind == "int_type" and isinstance(given, str) else ""
    return digits.isdigit() and len(digits) > sys.get_int_max_str_digits() > 0


def _the_number(value: float) -> str:
    """'the number 1830', or one of hundreds of digits by its length (shown_value): 'a number
    of about 4300 digits'."""
    shown = shown_value(value)
    return shown if shown.startswith("a number") else f"the number {shown}"


# pydantic's bounds on a number, as the designer's words put them: 'at least 1'
_BOUNDS = {
    "greater_than_equal": ("ge", "of at least"),
    "greater_than": ("gt", "above"),
    "less_than_equal": ("le", "of at most"),
    "less_than": ("lt", "below"),
}


def _bound(item: Any) -> str | None:
    """'of at least 1' for a number outside a field's bounds; None for any other error."""
    if item["type"] not in _BOUNDS:
        return None
    key, words = _BOUNDS[item["type"]]
    limit = (item.get("ctx") or {}).get(key)
    return None if limit is None else f"{words} {limit}"


def _length(item: Any) -> str | None:
    """'takes at least 1 item, not an empty list' for a list, mapping or text of a length
    outside a field's bounds; None for any other error."""
    kind, given = item["type"], item.get("input")
    if kind not in _LENGTHS:
        return None
    key, words = _LENGTHS[kind]
    limit = (item.get("ctx") or {}).get(key)
    if limit is None:
        return None
    counted = f"{words} {_counted(limit, _unit(item))}"
    if kind.startswith("string"):
        return f"takes text of {counted}, not {_quoted(str(given)) if given else 'an empty text'}"
    if not given:
        return f"takes {counted}, not {_empty(given)}"
    return f"takes {counted}, not {len(given)}"


# pydantic's bounds on a length: the key of its limit, and the designer's words for it
_LENGTHS = {
    "too_short": ("min_length", "at least"),
    "too_long": ("max_length", "at most"),
    "string_too_short": ("min_length", "at least"),
    "string_too_long": ("max_length", "at most"),
}


def _unit(item: Any) -> str:
    """What a length of the value counts: characters of a text, entries of a mapping."""
    if item["type"].startswith("string"):
        return "character"
    return "entry" if isinstance(item.get("input"), dict) else "item"


def _counted(number: int, unit: str) -> str:
    plural = unit if number == 1 else ("entries" if unit == "entry" else unit + "s")
    return f"{number} {plural}"


def _empty(given: Any) -> str:
    return "an empty mapping" if isinstance(given, dict) else "an empty list"


def _discriminator(item: Any) -> str:
    """The key that says which kind a mapping is ('kind'), as pydantic quotes it."""
    return str((item.get("ctx") or {}).get("discriminator", "kind")).strip("'")


# What a text of each pattern the models hold is, and how to write one (a test keeps every
# pattern of the JSON Schema here, so that no field answers with a regular expression).
_PATTERNS = {
    r"^[A-Za-z0-9][A-Za-z0-9_-]*$": (
        "a plain name",
        "use letters, digits, '_' and '-', starting with a letter or digit",
    ),
    RULE_ID: (
        "a name of small letters, digits and '_'",
        "start with a small letter, then small letters, digits and '_', e.g. close_range",
    ),
    r"^[a-z][a-z0-9_-]*$": (
        "a font name of small letters, digits, '_' and '-'",
        "start with a small letter, e.g. title_face",
    ),
    r"^PK\d{3}$": ("a diagnostic code", "write it as printkit prints it, e.g. PK510"),
    r"^PK76\d$": ("a preflight check's code", "one of PK760 to PK769"),
    r"^([1-9]\d?)?d[1-9]\d{0,2}$": ("dice", "write what is rolled, e.g. d6 or 2d6"),
    LINES: ("a line or lines of the seed text", "e.g. 12, or 12-14"),
    PLAYS_PATH: (
        "a data path",
        "write it as templates do, e.g. rules.values.hand_size or rules.tables.crt.rows[1].min",
    ),
    AGENT_NAME: ("an agent", f"{AGENT_KINDS}, e.g. mcts:200"),
    f"^{VALUE_COUNT.pattern}$": ("a named value", "e.g. {{ values.hand_size }}"),
    r"^\S(.*\S)?$": ("text without spaces at its ends", "remove the spaces before and after it"),
}
_NO_PATTERN = ("text of the form this field takes", "see 'printkit schema' for its form")


def _quoted(text: str) -> str:
    """A value as a message quotes it: one line, at most 40 characters."""
    shown = one_line(text)
    return repr(shown if len(shown) <= 40 else shown[:39] + "…")


def _hint(item: Any) -> str:
    """A hint for a wrong value: the allowed choices where pydantic knows them."""
    kind = item["type"]
    usual_unit = (item.get("ctx") or {}).get("usual_unit")
    if kind == "length_no_unit" and usual_unit is not None:
        value = item["ctx"]["value"]
        return f"write the unit after the number: '{value}{usual_unit}' (type is set in points)"
    if kind in _HINT_BY_TYPE:
        return _HINT_BY_TYPE[kind]
    if kind == "size_name":  # its did-you-mean, made where the names are known
        return str(item["ctx"]["hint"])
    given = item.get("input")
    if kind == "string_type" and isinstance(given, int) and not isinstance(given, bool):
        return f'write it in quotes: "{given}" (unquoted, YAML reads it as a number)'
    if kind == "string_type" and isinstance(given, float):
        return (
            "write it in quotes, as you typed it: unquoted, YAML reads it as the number "
            f"{given!r}, and a number keeps no trailing zero (1.10 is 1.1)"
        )
    if _float_for_int(item):
        return "give a whole number"
    context = item.get("ctx") or {}
    if kind == "literal_error" and "expected" in context:
        choices = re.findall(r"'([^']*)'", str(context["expected"]))
        close = closest(str(given), choices) if isinstance(given, str) else None
        meant = f"did you mean '{close}'? " if close is not None else ""
        if isinstance(given, str) and given in _ACCEPTED_BY_ONE_KIND:  # no misspelt code
            meant = f"{given} is accepted on {_ACCEPTED_BY_ONE_KIND[given]} only; "
        return f"{meant}choose one of {context['expected']}"
    bound = _bound(item)
    if bound is not None:
        return f"give a number {bound}"
    if kind in _LENGTHS:
        key, words = _LENGTHS[kind]
        return f"give it {words} {_counted(context.get(key, 1), _unit(item))}"
    if kind == "string_pattern_mismatch":
        return _PATTERNS.get(str(context.get("pattern")), _NO_PATTERN)[1]
    if kind == "colour":
        return "write a colour as #rrggbb, #rgb or a name such as 'red'"
    if kind == "union_tag_invalid" and "expected_tags" in context:
        return f"choose one of {context['expected_tags']}"
    if kind.endswith(("_type", "_parsing")):
        noun = _noun(item) or f"a {kind.split('_')[0]}"
        return f"this field takes {noun}; see 'printkit schema' for its type"
    return "see 'printkit schema' for what this field accepts"


# The warnings only one kind of material may accept (its own check makes them), by that kind
_ACCEPTED_BY_ONE_KIND = {COLOUR_ONLY: "a hex map", PIECE_OVERHANGS_HEX: "a counter sheet"}

# What a field of each of pydantic's types takes, in a designer's words.
_NOUNS = {
    "int": "a whole number",
    "float": "a number",
    "decimal": "a number",
    "bool": "true or false",
    "string": "text",
    "list": "a list",
    "tuple": "a list",
    "dict": "a mapping of keys to values",
    "model": "a mapping of keys to values",
    "date": "a day as YYYY-MM-DD",
}


def _unknown_tag(item: Any) -> tuple[str, str, str]:
    """A kind a tagged choice does not know (`kind: card` for a material): the key that names
    it, the message, and a hint with the closest kind, in place of pydantic's wording."""
    context = item["ctx"]
    key = str(context["discriminator"]).strip("'")
    tags = re.findall(r"'([^']*)'", str(context["expected_tags"]))
    return key, f"unknown {key} '{context['tag']}'", did_you_mean(str(context["tag"]), tags)


def data_path(data: Any, loc: tuple[Any, ...], root: Any = None) -> PathKey:
    """Keep only the loc elements that exist in the data: pydantic's union tags go. With the
    model validated (`root`), a loc element is a tag only where the model offers a choice
    told apart by `kind` (a sheet's elements, the materials) and it names the mapping's own
    kind: a slots element's tag 'slots' is not its key `slots:`, while a region's `arrows:`
    (a region is one model, whatever its kind) is a key. Without it, a name the mapping has
    is always a key."""
    path: list[str | int] = []
    current = data
    annotations: list[Any] = [root] if root is not None else []
    for part in loc:
        models = [m for annotation in annotations for m in _models_in(annotation)]
        if _is_tag(models, current, part):
            annotations = [m for m in models if part in typing.get_args(_kind_annotation(m))]
            continue
        if (isinstance(current, dict) and part in current) or (
            isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)
        ):
            current = current[part]
            annotations = _following(annotations, part)
        else:
            continue
        path.append(part)
    return tuple(path)


def _is_tag(models: list[type[BaseModel]], data: Any, part: Any) -> bool:
    """Is `part` the tag pydantic puts in a loc for a choice of models by `kind`?"""
    if len(models) < 2 or not isinstance(data, dict) or data.get("kind") != part:
        return False
    return all(typing.get_args(_kind_annotation(m)) for m in models)


def _following(annotations: list[Any], part: str | int) -> list[Any]:
    """The annotations one step down `part`: a model's field, or what a list or dict holds."""
    following: list[Any] = []
    for annotation in annotations:
        models = _models_in(annotation)
        if models and isinstance(part, str):
            following += [_field_type(m, part) for m in models if part in m.model_fields]
        else:
            following += _child_annotations(annotation)
    return following


@cache
def _hints(model: type[BaseModel]) -> dict[str, Any]:
    try:
        return typing.get_type_hints(model, include_extras=True)
    except (NameError, TypeError):  # an annotation that names what its module lacks
        return {}


def _field_type(model: type[BaseModel], name: str) -> Any:
    """A field's type, its forward references resolved (a row's `elements` name the element
    kinds defined after it), so a hint can follow nested elements."""
    annotation = model.model_fields[name].annotation
    if isinstance(annotation, typing.ForwardRef | str):
        return _hints(model).get(name, annotation)
    return annotation


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """Model classes reachable from an annotation through Optional/Union/Annotated."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType, typing.Annotated):
        return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]
    return []


def _child_annotations(annotation: Any) -> list[Any]:
    """What a list or dict annotation holds, through Optional/Union/Annotated."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (list, tuple):
        return [args[0]] if args else []
    if origin is dict:
        return [args[1]] if len(args) == 2 else []
    if origin in (typing.Union, types.UnionType, typing.Annotated):
        return [c for arg in args for c in _child_annotations(arg)]
    return []


def allowed_keys(root: type[BaseModel], path: PathKey, data: Any = None) -> set[str]:
    """The field names a model accepts at `path`, used for "did you mean" hints. Where a
    choice of models is told apart by its `kind` (a sheet's elements, the materials), `data`
    (the document) says which one the mapping at each step is: a key one kind takes is no
    hint for a mapping of another."""
    names: set[str] = set()
    for model in _of_kind(_models_at(root, path, data), _at(data, path)):
        names.update(model.model_fields)
    return names


def _models_at(root: type[BaseModel], path: PathKey, data: Any) -> list[type[BaseModel]]:
    """The models a mapping at `path` may be: several where a choice is told apart by kind."""
    annotations: list[Any] = [root]
    current = data
    for part in path:
        models = _of_kind([m for a in annotations for m in _models_in(a)], current)
        annotations = _following(models or annotations, part)
        current = _step(current, part)
    return [model for annotation in annotations for model in _models_in(annotation)]


def _kinds_at(root: type[BaseModel], path: PathKey, data: Any) -> list[str]:
    """The kinds a choice at `path` offers (`cards`, `hexmap`, … for a material)."""
    models = _models_at(root, path, data)
    return sorted({str(k) for m in models for k in typing.get_args(_kind_annotation(m))})


def _key_hint(
    key: str, root: type[BaseModel], parent: PathKey, data: Any, beside: bool = False
) -> str:
    """'Did you mean' over the keys the mapping takes; for a key that another kind of the
    same choice takes (an `id` on a slots element), what this kind takes instead; for a key
    with no value `beside` the key before it on its line, that a comma inside {…} split a
    text."""
    allowed = allowed_keys(root, parent, data)
    mapping = _at(data, parent)
    kind = _step(mapping, "kind")
    if isinstance(kind, str) and key in allowed_keys(root, parent):
        return f"kind '{kind}' takes no '{key}'; it takes {', '.join(sorted(allowed))}"
    worded = any(char in key for char in " ().")  # words, not a key: the end of a text
    if beside and _step(mapping, key) is None and (worded or closest(key, allowed) is None):
        # {description: counters (front full, back reduced)}: the comma ended the text
        example = _rejoined(mapping, key) or (
            'e.g. description: "counters (front full, back reduced)"'
        )
        keys = "" if worded else f"; else the keys it takes are {', '.join(sorted(allowed))}"
        quote = "a comma inside {…} starts a new key: put text that holds a comma in quotes"
        return f"{quote}: {example}{keys}"
    return did_you_mean(key, allowed)


def _keys_hint(root: type[BaseModel], path: PathKey, data: Any) -> str:
    """For a mapping written as nothing, a text or a list: the keys it takes, or for a choice
    told apart by kind (a material), the kinds, since its keys depend on which."""
    below = "write its keys on the lines below it, indented"
    kinds = _kinds_at(root, path, data)
    if len(kinds) > 1:
        return f"{below}, first 'kind:', one of {', '.join(kinds)}"
    keys = sorted(allowed_keys(root, path, data))
    return f"{below}: {', '.join(keys[:12])}" + (", …" if len(keys) > 12 else "")


def _key_before(mapping: Any, key: str) -> str | None:
    """The key written before `key` in its mapping, if any."""
    keys = list(mapping) if isinstance(mapping, dict) else []
    return keys[keys.index(key) - 1] if key in keys and keys.index(key) > 0 else None


def _rejoined(mapping: Any, key: str) -> str | None:
    """The text a comma split, quoted whole: the value before the stray key and the key
    ('description: "unit counters, two-sided"'), when that value is text."""
    before = _key_before(mapping, key)
    if before is None or not isinstance(mapping[before], str):
        return None
    return f'{before}: "{mapping[before]}, {key}"'


def _at(data: Any, path: PathKey) -> Any:
    for part in path:
        data = _step(data, part)
    return data


def _step(data: Any, part: str | int) -> Any:
    """The value at `part` of `data`, or None where the document has none."""
    if isinstance(data, dict):
        return data.get(part)
    if isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
        return data[part]
    return None


def _of_kind(models: list[type[BaseModel]], data: Any) -> list[type[BaseModel]]:
    """The models whose `kind` is the mapping's own, when it names one they know."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if len(models) < 2 or not isinstance(kind, str):
        return models
    chosen = [m for m in models if kind in typing.get_args(_kind_annotation(m))]
    return chosen or models


def _kind_annotation(model: type[BaseModel]) -> Any:
    field = model.model_fields.get("kind")
    return field.annotation if field is not None else None


def _most_specific(items: list[Any], data: Any, root: type[BaseModel]) -> list[Any]:
    """Drop a union branch's "wrong type" when another branch matched deeper (for
    ``size: {width: 0mm}`` the width is the mistake, not that size is not a name), or took the
    value and refused it in printkit's own words (a span of seed lines past the longest text
    is that, not a text where a whole number may stand)."""
    paths = [data_path(data, tuple(item["loc"]), root) for item in items]
    deeper = {path[:cut] for path in paths for cut in range(len(path))}
    worded = {
        path for item, path in zip(items, paths, strict=True) if item["type"] in _HINT_BY_TYPE
    }
    return [
        item
        for item, path in zip(items, paths, strict=True)
        if not (item["type"].endswith("_type") and path in deeper)
        and not (item["type"].endswith(("_type", "_parsing")) and path in worded)
    ]


def report_validation_error(
    error: ValidationError,
    data: Any,
    spans: SourceMap,
    root: type[BaseModel],
    diagnostics: Diagnostics,
    prefix: PathKey = (),
) -> None:
    """One diagnostic per pydantic error, each at the span of the offending key or value."""
    seen: set[tuple[str, PathKey]] = set()
    items = _most_specific(error.errors(), data, root)
    takes: dict[PathKey, list[str]] = {}  # a union's choices, each branch's error at one path
    for item in items:
        noun = _noun(item)
        if noun is not None:
            choices = takes.setdefault(spans.origin(data_path(data, tuple(item["loc"]), root)), [])
            if noun not in choices:
                choices.append(noun)
    misspelt = _misspelt_required(items, data, root)
    seen |= {("missing", (*parent, meant)) for (parent, _), meant in misspelt.items()}
    for item in items:
        kind = item["type"]
        loc = tuple(item["loc"])
        if kind == "extra_forbidden":
            parent = data_path(data, loc[:-1], root)
            key = str(loc[-1])
            if ("extra", (*parent, key)) in seen:
                continue
            seen.add(("extra", (*parent, key)))
            at = spans.key((*prefix, *parent, key))
            meant = misspelt.get((parent, key))
            if meant is not None:
                diagnostics.add(
                    UNKNOWN_KEY,
                    f"unknown key '{key}' where '{meant}' is missing",
                    at,
                    hint=f"did you mean '{meant}'? rename the key",
                )
                continue
            before = _key_before(_at(data, parent), key)
            split = before is not None and spans.key((*prefix, *parent, before)).line == at.line
            diagnostics.add(
                UNKNOWN_KEY,
                f"unknown key '{key}'",
                at,
                hint=_key_hint(key, root, parent, data, split),
            )
        elif kind == "missing":
            parent = data_path(data, loc[:-1], root)
            if ("missing", (*parent, loc[-1])) in seen:
                continue
            seen.add(("missing", (*parent, loc[-1])))
            if isinstance(loc[-1], int):  # a list of set length cut short: a point's y
                where = ".".join(str(p) for p in parent)
                diagnostics.add(
                    MISSING_FIELD,
                    f"{where}: has {loc[-1]} of its items; item {loc[-1] + 1} is missing",
                    spans.value((*prefix, *parent)),
                    hint="give every item it holds (a point's x and y, a hexside's two hexes)",
                )
                continue
            _missing(str(loc[-1]), (*prefix, *parent), spans, diagnostics, seen)
        else:
            path = spans.origin(data_path(data, loc, root))
            if ("value", path) in seen:
                continue
            seen.add(("value", path))
            field = _cell((*prefix, *path), spans) or ".".join(str(p) for p in path) or "value"
            is_key = bool(loc) and loc[-1] == "[key]"  # a mapping's key, not its value, is wrong
            # the choices, for a value none of them takes (not for one a choice bounds: 0 rows)
            choices = takes.get(path, []) if _noun(item) is not None else []
            either = f"{', '.join(choices[:-1])} or {choices[-1]}" if len(choices) > 1 else None
            message, at = error_words(item, either), path
            hint = f"this field takes {either}" if either else _hint(item)
            if kind == "union_tag_invalid" and "discriminator" in (item.get("ctx") or {}):
                key, message, hint = _unknown_tag(item)
                at = spans.origin(data_path(data, (*loc, key), root))  # at the kind's value
            elif kind == "union_tag_not_found":
                kinds = ", ".join(_kinds_at(root, path, data))
                hint = f"add '{_discriminator(item)}:', one of {kinds}"
            elif kind in ("model_type", "model_attributes_type") and not either:
                hint = _keys_hint(root, path, data)
            diagnostics.add(
                _CODE_BY_TYPE.get(kind, BAD_VALUE),
                f"{field}{' (the name)' if is_key else ''}: {message}",
                spans.key((*prefix, *path)) if is_key else spans.value((*prefix, *at)),
                hint=hint,
            )


def _misspelt_required(
    items: list[Any], data: Any, root: type[BaseModel]
) -> dict[tuple[PathKey, str], str]:
    """Each unknown key that is a misspelling of a required key missing beside it ('lable'
    where 'label' is missing), by its mapping and itself: one mistake, to be reported once,
    at the misspelt key, not also as the field it lacks."""
    missing: dict[PathKey, list[str]] = {}
    unknown: list[tuple[PathKey, str]] = []
    for item in items:
        loc = tuple(item["loc"])
        if item["type"] in ("missing", "extra_forbidden") and loc:
            parent = data_path(data, loc[:-1], root)
            if item["type"] == "missing":
                missing.setdefault(parent, []).append(str(loc[-1]))
            else:
                unknown.append((parent, str(loc[-1])))
    pairs = {}
    for parent, key in unknown:
        meant = closest(key, missing.get(parent, []))
        if meant is not None:
            pairs[(parent, key)] = meant
    return pairs


def _missing(
    key: str, parent: PathKey, spans: SourceMap, diagnostics: Diagnostics, seen: set
) -> None:
    """PK121 where the field would be: a card read from a spreadsheet is named by its row, at
    its empty cell; a column the file lacks is one finding at its header, naming the header
    cell most like it (a misspelt 'nmae' was one error per row, and hid the other typos)."""
    row = _cell(parent, spans)
    if row is not None and (*parent, key) not in spans.values:  # no column holds it
        if ("column", parent[:3], key) in seen:
            return
        seen.add(("column", parent[:3], key))
        header = _header_cells(parent, spans)
        span = next(iter(header.values()), spans.value(parent))
        close = closest(key, header)
        diagnostics.add(
            MISSING_FIELD,
            f"{Path(span.file).name} has no '{key}' column: every card needs one",
            header.get(close, replace(span, column=1)) if close else replace(span, column=1),
            hint=f"is '{close}' meant to be '{key}'? rename that column"
            if close
            else f"add a '{key}' column to the header row",
        )
        return
    if row is None:
        where = ".".join(str(p) for p in parent) or "the file"
        diagnostics.add(
            MISSING_FIELD,
            f"missing field '{key}' in {where}",
            spans.value(parent),
            hint=f"add '{key}:' here",
        )
        return
    diagnostics.add(
        MISSING_FIELD,
        f"the card of {row} has no '{key}'",
        spans.value((*parent, key)),  # its empty cell
        hint=f"fill in its '{key}' cell",
    )


def _header_cells(card: PathKey, spans: SourceMap) -> dict[str, Span]:
    """The header cells of the data file a card came from, by name (its fields' key spans)."""
    return {
        str(path[-1]): span
        for path, span in spans.keys.items()
        if len(path) == len(card) + 1 and path[: len(card)] == card
    }


def _cell(path: PathKey, spans: SourceMap) -> str | None:
    """A card's place as the designer sees its data file, 'cards.xlsx row 4' or, in a CSV
    file, whose cells may hold line breaks, 'cards.csv line 4' (and ", column 'count'" for a
    field), for a card a data file gave; None for anything written in YAML, which its path
    names."""
    if len(path) < 4 or path[0] != "decks" or path[2] != "cards" or not isinstance(path[3], int):
        return None
    span = spans.value(path[:4])
    if span.line <= 0 or span.file.endswith((".yaml", ".yml")):
        return None
    column = f", column '{path[4]}'" if len(path) > 4 else ""
    name = Path(span.file).name
    place = "line" if name.lower().endswith(".csv") else "row"
    return f"{name} {place} {span.line}{column}"
