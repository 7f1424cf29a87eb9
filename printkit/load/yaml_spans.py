"""Safe YAML loading that remembers where every key and value came from.

PyYAML's composer gives nodes with marks; we build plain Python data from those nodes ourselves so
that (a) duplicate keys become diagnostics instead of silently keeping the last value, (b) any tag
outside plain YAML (``!!python/object`` and friends) is refused before anything is constructed, and
(c) each value's file:line:column is kept in a `SourceMap` keyed by its path, which is exactly the
``loc`` tuple that pydantic reports for a validation error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import yaml

from printkit.diagnostics import (
    DUPLICATE_KEY,
    EXPANDS_TOO_MUCH,
    FILE_TOO_LARGE,
    FORBIDDEN_TAG,
    KEY_NOT_SCALAR,
    NESTED_TOO_DEEP,
    YAML_SYNTAX,
    Diagnostics,
    Span,
    relative,
)
from printkit.load.files import MB, PACKAGE_FILE, GameFiles, Refused, size_in_words

PathKey = tuple[str | int, ...]

MAX_DEPTH = 100
MAX_VALUES = 200_000
# Characters of text one data file makes, each use of a repeated text counted (a YAML alias of
# an anchored text, an XLSX shared string): every character is checked (control characters,
# printable text), so 20,000 uses of one 3 MB shared string took 165 s. A file of the largest
# size printkit reads holds 10 million characters without repeats.
MAX_DATA_CHARACTERS = 20_000_000
# What a game's YAML files hold together, each file within its own bounds: forty files of
# 190,000 values each (22 MB) took 30 s and 2 GB to validate. The largest package the
# benchmarks build, 10,000 distinct cards in five decks, is 110,000 values and 3.2 MB; the
# shipped games hold 1,100 to 3,000 values and 14 to 47 KB. A million values take about 5 s
# and 0.4 GB to validate; 50 MB of long texts, 0.2 GB.
MAX_PACKAGE_VALUES = 1_000_000
MAX_PACKAGE_BYTES = 50 * MB

_STR = "tag:yaml.org,2002:str"
_PLAIN_TAGS = {
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


@dataclass
class SourceMap:
    """Spans of values and keys, addressed by their path from the document root."""

    values: dict[PathKey, Span] = field(default_factory=dict)
    keys: dict[PathKey, Span] = field(default_factory=dict)
    fallback: Span = field(default_factory=lambda: Span("<unknown>"))
    # a generated card's value -> the generator's entry (card_product) the designer wrote
    written: dict[PathKey, PathKey] = field(default_factory=dict)

    def value(self, path: PathKey) -> Span:
        """The span of the value at `path`, or of its nearest ancestor that has one."""
        for cut in range(len(path), -1, -1):
            span = self.values.get(tuple(path[:cut]))
            if span is not None:
                return span
        return self.fallback

    def key(self, path: PathKey) -> Span:
        """The span of the key naming `path` (falls back to the value span)."""
        return self.keys.get(tuple(path)) or self.value(path)

    def origin(self, path: PathKey) -> PathKey:
        """The path the designer wrote `path` at: itself, or for a generated card's value the
        generator's entry, which a diagnostic names instead of a card nobody wrote."""
        return self.written.get(tuple(path), tuple(path))

    def update(self, other: SourceMap) -> None:
        self.values.update(other.values)
        self.keys.update(other.keys)
        self.written.update(other.written)


@dataclass
class LoadedYaml:
    data: Any
    spans: SourceMap


@dataclass
class Reading:
    """What a game's YAML files read so far hold together: each file is read within what the
    bounds on all of them leave."""

    values: int = 0  # made, each alias's copy counted
    bytes: int = 0

    def values_left(self) -> int:
        """The values the next file may hold or make: its own bound, or what the game's files
        together leave when that is less."""
        return min(MAX_VALUES, MAX_PACKAGE_VALUES - self.values)

    def passed(self) -> bool:
        """Whether a bound on the files together was passed (and reported): the files after
        are not read."""
        return self.values > MAX_PACKAGE_VALUES or self.bytes > MAX_PACKAGE_BYTES


def _too_many(most: int) -> tuple[str, str]:
    """The message and hint of a file holding or making more than `most` values: its own
    bound, or that of the game's files together."""
    if most == MAX_VALUES:
        return f"the file holds more than {MAX_VALUES:,} values", _ONE_FILE
    together = (
        f"the game's YAML files hold or expand to more than {MAX_PACKAGE_VALUES:,} values together"
    )
    return together, _ALL_FILES


_ONE_FILE = (
    "a game's data is a few thousand values: is this the right file? A long list of cards "
    "belongs in a CSV or XLSX card data file"
)
_ALL_FILES = (
    "a game's data is a few thousand values, a few hundred kilobytes (10,000 distinct cards: "
    "110,000 values, 3.2 MB): is every YAML file in the game's folder the game's? Long lists "
    "of cards belong in CSV or XLSX card data files"
)


def _span(file: str, mark: yaml.Mark) -> Span:
    return Span(file, mark.line + 1, mark.column + 1)


class _TooMuch(Exception):
    """Building stopped at a limit; the diagnostic is already reported."""


class _Builder:
    """Turns a composed node tree into plain data plus spans, reporting as it goes.

    Aliases are expanded as copies (each copy gets its own spans), so the builder counts the
    values it makes and the depth it reaches and stops at the limits: an alias bomb or a
    thousand nested lists end as one diagnostic, not as an exhausted memory or stack."""

    def __init__(
        self, loader: yaml.SafeLoader, file: str, diagnostics: Diagnostics, most: int
    ) -> None:
        self.loader = loader
        self.file = file
        self.diagnostics = diagnostics
        self.most = most  # values it may make: the file's bound, or what the game's files leave
        # No fallback span: the root's span is always recorded, so every path has an ancestor.
        self.spans = SourceMap()
        self.values = 0
        self.characters = 0  # of the texts made, each alias's copy counted

    def build(self, node: yaml.Node, path: PathKey) -> Any:
        mark = node.start_mark  # _span, inline: this runs for every value of a 10 MB file
        where = Span(self.file, mark.line + 1, mark.column + 1)
        self.values += 1
        if self.values > self.most:
            if self.most < MAX_VALUES:  # the game's files together, not this file's aliases
                self._stop(*_too_many(self.most), path, where)
            self._stop(
                f"the file expands to more than {MAX_VALUES:,} values",
                "aliases (*name) repeat whole values; aliases of aliases multiply: write the "
                "data out or use fewer levels of aliases",
                path,
                where,
            )
        if len(path) > MAX_DEPTH:
            _too_deep(self.diagnostics, where)
            raise _TooMuch
        self.spans.values[path] = where
        if node.tag == _STR and type(node) is yaml.ScalarNode:
            self.characters += len(node.value)
            if self.characters > MAX_DATA_CHARACTERS:
                self._stop(
                    f"the file expands to more than {MAX_DATA_CHARACTERS:,} characters of text",
                    "each alias (*name) of a text repeats it whole: write long text once, or "
                    "keep it in a file of its own",
                    path,
                    where,
                )
            return node.value  # what construct_object makes of it, at a fraction of the cost
        if node.tag not in _PLAIN_TAGS:
            self.diagnostics.add(
                FORBIDDEN_TAG,
                f"tag '{node.tag}' is not allowed in game data",
                _span(self.file, node.start_mark),
                hint="write the value as plain YAML (string, number, list or mapping)",
            )
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, (*path, i)) for i, child in enumerate(node.value)]
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, KeyError, AttributeError):
            # A value its tag does not fit: shaped as a date but none (2026-13-01, ValueError),
            # `!!bool maybe` (KeyError), `!!timestamp soon` (AttributeError). The text, for the
            # model to judge where it stands, not an internal error.
            return node.value

    def _stop(self, message: str, hint: str, path: PathKey, where: Span) -> NoReturn:
        """PK005, and the building stops. An alias's node carries the anchor's position, so
        point at the top-level entry being built when the count passed the limit: that is
        where the aliases are."""
        self.diagnostics.add(
            EXPANDS_TOO_MUCH, message, self.spans.keys.get(path[:1], where), hint=hint
        )
        raise _TooMuch

    def _mapping(self, node: yaml.MappingNode, path: PathKey) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_seen: dict[Any, Span] = {}
        for key_node, value_node in node.value:
            key_span = _span(self.file, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                self.diagnostics.add(
                    KEY_NOT_SCALAR,
                    "a key must be a plain name, not a list or mapping",
                    key_span,
                    hint="write the key as text, e.g. 'red_ship:'",
                )
                continue
            key = self.build(key_node, (*path, "<key>"))
            if not isinstance(key, str | int | float | bool) and key is not None:
                key = str(key)
            if key in first_seen:
                self.diagnostics.add(
                    DUPLICATE_KEY,
                    f"duplicate key '{key}'",
                    key_span,
                    hint=f"'{key}' is first defined at line {first_seen[key].line}; "
                    "remove or rename one of them",
                )
                continue
            first_seen[key] = key_span
            child = (*path, key)
            self.spans.keys[child] = key_span
            result[key] = self.build(value_node, child)
        self.spans.values.pop((*path, "<key>"), None)
        return result


# libyaml's parser (when PyYAML was built with it) keeps the same marks at twice the speed.
_PARSER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _TooManyNodes(Exception):
    """More values written in the file than it may expand to: no need to read the rest."""

    def __init__(self, entry: yaml.Node | None) -> None:
        super().__init__()
        self.entry = entry  # the key of the top-level entry being read


class _Loader(_PARSER):
    """The parser, counting the values it reads: each is built at least once, so a file that
    holds more than MAX_VALUES is refused as the one past the limit is read, not after the
    whole of a 10 MB file is parsed (seconds of work). Counted where the composer steps into
    each node (the resolver's hook: printkit uses no path resolvers), which also tells the
    top-level entry being read."""

    def __init__(self, text: str, most: int = MAX_VALUES) -> None:
        super().__init__(text)
        self.nodes = 0  # read so far
        self._most = most
        self._depth = 0
        self._entry: yaml.Node | None = None

    def descend_resolver(self, current_node: yaml.Node | None, current_index: object) -> None:
        self.nodes += 1
        if self.nodes > self._most:
            raise _TooManyNodes(self._entry)
        if self._depth == 1 and isinstance(current_index, yaml.ScalarNode):
            self._entry = current_index
        self._depth += 1

    def ascend_resolver(self) -> None:
        self._depth -= 1


# A number is written in decimal, as a designer writes it: YAML 1.1 (PyYAML's) reads 010 as
# octal 8, 1:30 as 90 (base 60), 1:30.5 as 90.5, 0x1F as 31, 0b10 as 2 and 1_000.5 as 1000.5,
# each printed with no word said. Those are texts now, like YAML 1.2's 1:30 ('0101' is a hex,
# not the number 65): a count or a number field then says what it takes.
_INT, _FLOAT = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_DECIMAL_INT = r"[-+]?(?:0|[1-9][0-9]*)"
_DECIMAL_FLOAT = (
    r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"  # refused by the models with their own hint
)
_Loader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag not in (_INT, _FLOAT)]
    for first, resolvers in _PARSER.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(_INT, re.compile(f"^{_DECIMAL_INT}$"), list("-+0123456789"))
_Loader.add_implicit_resolver(_FLOAT, re.compile(f"^(?:{_DECIMAL_FLOAT})$"), list("-+.0123456789"))


def read_scalar(text: str) -> Any:
    """One value typed on a command line ('12', '0.5', 'true', 'blue'), read as a package's
    YAML reads it: '010' is text there, so it is text here. ValueError for anything but a plain
    number, text, true or false (an alias, a tag, broken quoting, thousands of digits)."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if not isinstance(node, yaml.ScalarNode) or node.tag not in _PLAIN_TAGS:
            raise ValueError("not a plain value")
        return loader.construct_object(node)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or error
        raise ValueError(f"not a plain value ({problem})") from None
    finally:
        loader.dispose()


def load_yaml(
    path: Path,
    diagnostics: Diagnostics,
    files: GameFiles | None = None,
    sections: frozenset[str] | None = None,
    reading: Reading | None = None,
) -> LoadedYaml | None:
    """Load one YAML file, read through the game's gate (by default that of the file's folder);
    returns None (with diagnostics) when it cannot be read at all. With `sections`, only those
    top-level sections are built (what reads a few sections skips building the rest). With
    `reading`, the file is read within what the game's files read before it leave, and added
    to them."""
    file = relative(path)
    reading = reading or Reading()
    gate = files or GameFiles(path.parent)
    try:
        text = gate.text(path, PACKAGE_FILE)
    except Refused as refused:
        where = refused.span(Span(file, 1, 1))
        diagnostics.add(refused.code, refused.message, where, hint=refused.hint)
        return None
    reading.bytes += len(gate.read(path, PACKAGE_FILE))  # read once: the gate keeps it
    if reading.bytes > MAX_PACKAGE_BYTES:
        diagnostics.add(
            FILE_TOO_LARGE,
            f"with this file the game's YAML files are {size_in_words(reading.bytes)}, above "
            f"the {size_in_words(MAX_PACKAGE_BYTES)} they may have together",
            Span(file, 1, 1),
            hint=_ALL_FILES,
        )
        return None
    most = reading.values_left()
    loader = _Loader(text, most)
    builder = _Builder(loader, file, diagnostics, most)
    try:
        node = loader.get_single_node()
        if node is None:
            return LoadedYaml(None, SourceMap(fallback=Span(file, 1, 1)))
        if sections is not None and isinstance(node, yaml.MappingNode):
            node.value = [
                (key, value)
                for key, value in node.value
                if isinstance(key, yaml.ScalarNode) and key.value in sections
            ]
        return LoadedYaml(builder.build(node, ()), builder.spans)
    except _TooMuch:
        return None
    except _TooManyNodes as stopped:
        where = _span(file, stopped.entry.start_mark) if stopped.entry else Span(file, 1, 1)
        message, hint = _too_many(most)
        diagnostics.add(EXPANDS_TOO_MUCH, message, where, hint=hint)
        return None
    except RecursionError:  # the pure-Python composer, where libyaml is missing, recurses
        _too_deep(diagnostics, Span(file, 1, 1))
        return None
    except yaml.reader.ReaderError as error:
        diagnostics.add(
            YAML_SYNTAX,
            f"character U+{error.character:04X} is not allowed in YAML text",
            _position(file, text, error.position),
            hint="remove it; inside a double-quoted string an escape such as \\t may stand "
            "for a tab",
        )
        return None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        span = _span(file, mark) if mark else Span(file, 1, 1)
        problem = error.problem or "invalid YAML"
        opened = _quote_left_open(text, error) if problem in _BLAMES_THE_LAYOUT else None
        if opened is not None:
            line, column = opened
            ended = "end of stream" in problem
            said = (
                "a quote opened here is never closed"
                if ended
                else "a quote opened here is not closed on its line: YAML reads on to the "
                f"next quote, on line {mark.line + 1 if mark else line}, and stops there"
            )
            diagnostics.add(
                YAML_SYNTAX,
                said,
                Span(file, line, column),
                hint="close the quote at the end of this line",
            )
            return None
        dedented = _dedented_line(text, error) if problem in _BLAMES_THE_LAYOUT else None
        if dedented is not None:
            line, indent = dedented
            diagnostics.add(
                YAML_SYNTAX,
                "this line is indented less than the lines around it: YAML reads it as a key "
                "of the block outside, and the line after it then fits no block",
                Span(file, line, 1),
                hint=f"indent it like the lines above and below it ({indent} spaces)",
            )
            return None
        unclosed = _bracket_left_open(file, text, error) or _quote_never_closed(file, error)
        if unclosed is not None:
            said, where, hint = unclosed
            diagnostics.add(YAML_SYNTAX, said, where, hint=hint)
            return None
        words = _in_words(problem, error, _character(text, mark))
        if "maximum nesting depth" in problem:  # libyaml ≥ 0.2.5 stops at 1000 levels itself
            _too_deep(diagnostics, span)
            return None
        if words is not None:
            diagnostics.add(YAML_SYNTAX, words[0], span, hint=words[1])
            return None
        marked = error.context and error.context_mark
        hint = f"{error.context} (line {error.context_mark.line + 1})" if marked else None
        diagnostics.add(YAML_SYNTAX, problem, span, hint=hint or "check indentation and quoting")
        return None
    except yaml.YAMLError as error:
        diagnostics.add(
            YAML_SYNTAX, " ".join(str(error).split()), Span(file, 1, 1), hint="check the YAML"
        )
        return None
    finally:
        loader.dispose()
        reading.values += max(loader.nodes, builder.values)  # what it cost, kept or not


# What the parser says when a quoted text left open swallowed the lines after it: it blames
# the layout of the line where the swallowing ended.
_BLAMES_THE_LAYOUT = frozenset(
    ("did not find expected key", "expected <block end>, but found '<scalar>'",
     "could not find expected ':'", "mapping values are not allowed here",
     "mapping values are not allowed in this context",
     "found unexpected end of stream")
)  # fmt: skip
_QUOTED_VALUE = re.compile(r"""^\s*(?:-\s+)?(?:[^\s:#"'][^:#"']*:\s+)?(["'])""")


def _quote_left_open(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int] | None:
    """(line, column), from 1, of a quoted value left open on a line between the block's
    start and the line the parser stopped on: the mistake the parser's complaint hides."""
    if error.problem_mark is None:
        return None
    lines = _LINE_BREAK.split(text)
    first = error.context_mark.line if error.context_mark else max(0, error.problem_mark.line - 1)
    for number in range(first, min(error.problem_mark.line, len(lines))):
        quoted = _QUOTED_VALUE.match(lines[number])
        if quoted is None:
            continue
        rest = lines[number][quoted.end() :]
        mark = quoted[1]
        closing = re.search(r'(?<!\\)"', rest) if mark == '"' else re.search("'", rest)
        if closing is None and _parses(lines, number, lines[number] + mark):
            return number + 1, quoted.end()
    return None


def _dedented_line(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int] | None:
    """(line from 1, the indentation it needs) of a line indented less than the lines on both
    sides of it, just before the line the parser stopped on, when indenting it like them makes
    the text parse: the mistake the parser's complaint about the next line hides."""
    if error.problem_mark is None:
        return None
    lines = _LINE_BREAK.split(text)
    filled = [n for n in range(min(error.problem_mark.line + 1, len(lines))) if lines[n].strip()]
    if len(filled) < 3:
        return None
    before, suspect, after = filled[-3:]
    depth = [len(lines[n]) - len(lines[n].lstrip(" ")) for n in (before, suspect, after)]
    if not depth[1] < min(depth[0], depth[2]) or depth[0] != depth[2]:
        return None
    mended = [*lines[:suspect], " " * depth[0] + lines[suspect].lstrip(" "), *lines[suspect + 1 :]]
    try:
        yaml.compose("\n".join(mended), Loader=_PARSER)
    except yaml.YAMLError:
        return None
    return suspect + 1, depth[0]


def _parses(lines: list[str], number: int, line: str) -> bool:
    """Whether the text parses with line `number` written as `line` (a quote or a bracket
    left open, closed there): the proof that what was left open was the mistake, not a quoted
    value meant to run on (a multi-line title, a block's line that starts with a quote)
    before an unrelated one."""
    mended = [*lines[:number], line, *lines[number + 1 :]]
    try:
        yaml.compose("\n".join(mended), Loader=_PARSER)
    except yaml.YAMLError:
        return False
    return True


# The parsers' context when a '{…}' or '[…]' entry is followed by neither ',' nor the closing
# bracket: the bracket, what it makes and what it holds
_FLOW = {
    "while parsing a flow mapping": ("{", "}", "mapping", "entry", "entries"),
    "while parsing a flow sequence": ("[", "]", "list", "item", "items"),
}


def _bracket_left_open(
    file: str, text: str, error: yaml.MarkedYAMLError
) -> tuple[str, Span, str] | None:
    """(message, where, hint) for a '{' or '[' after whose entry the parser found neither ','
    nor its closing bracket: at the bracket, when the file ends inside it, when closing it at
    the end of a line makes the text parse (the hint names that line) or when the other
    bracket closes it; else where the parser stopped, an entry not followed by ','."""
    flow = _FLOW.get(str(error.context))
    if flow is None or error.context_mark is None or error.problem_mark is None:
        return None
    opening, closing, what, part, parts = flow
    opened, stopped = _span(file, error.context_mark), _span(file, error.problem_mark)
    found = _character(text, error.problem_mark)
    line = _closing_mends(text, error.context_mark.line, error.problem_mark.line, closing)
    where = "this line" if line == opened.line else f"line {line}"
    add = f"add '{closing}' after the last {part} on {where}"
    if not found:  # the parser stops at the end of the file, nowhere else, on no character
        hint = add if line else f"close it with '{closing}' after the {what}'s last {part}"
        return f"the '{opening}' opened here is never closed", opened, hint
    if line:
        return (
            f"the '{opening}' opened here is not closed: YAML reads on to line {stopped.line}, "
            f"column {stopped.column}, and stops there",
            opened,
            add,
        )
    if found in ("}", "]"):
        return (
            f"the '{opening}' opened here is closed by the '{found}' at line {stopped.line}, "
            f"column {stopped.column}",
            opened,
            f"close the {what} with '{closing}' before that '{found}': brackets close in the "
            "reverse order they open",
        )
    return (
        f"YAML expects ',' or '{closing}' here, after an {part} of the {what} opened by the "
        f"'{opening}' at line {opened.line}, column {opened.column}",
        stopped,
        f"separate the {parts} with ',' and end the {what} with '{closing}'; a text holding "
        "': ', ', ', a bracket or a quote needs quotes around it",
    )


def _closing_mends(text: str, opened: int, stopped: int, closing: str) -> int | None:
    """The last line holding an entry before the one the parser stopped on (the bracket's at
    the earliest: lines counted from 0), when closing the bracket there, after its entries and
    before a comment, makes the text parse: the proof of where it was left out."""
    lines = _LINE_BREAK.split(text)
    last = min(max(stopped, opened + 1), len(lines))  # the bracket's line holds it: found
    number = next(n for n in reversed(range(last)) if _commented(lines[n])[0].strip())
    entries, comment = _commented(lines[number])
    return number + 1 if _parses(lines, number, entries + closing + comment) else None


_COMMENTED = re.compile(r"(.*?)((?:^|\s+)#.*)?$")


def _commented(line: str) -> tuple[str, str]:
    """A line's text and its comment ('' for none)."""
    found = _COMMENTED.match(line)
    assert found is not None  # every line matches
    return found[1], found[2] or ""


def _quote_never_closed(file: str, error: yaml.MarkedYAMLError) -> tuple[str, Span, str] | None:
    """(message, where, hint) for a quote the file ends inside, wherever it stands (inside
    brackets too): the scanner names where it opened."""
    if error.context != "while scanning a quoted scalar" or error.context_mark is None:
        return None
    if "end of stream" not in str(error.problem):
        return None
    return (
        "a quote opened here is never closed",
        _span(file, error.context_mark),
        'close it with the same quote where its text ends; inside the text, write a " as \\" '
        "between double quotes, a ' as '' between single quotes",
    )


def _in_words(problem: str, error: yaml.MarkedYAMLError, at: str) -> tuple[str, str] | None:
    """The YAML parser's most common complaints, which are nearly always indentation or a
    colon in plain text, said in words (message, hint); None for the others. `at` is the
    character the parser stopped at: a tab there is the mistake, whichever rule it broke (the
    parsers word it as a plain scalar, a block scalar or a token that cannot start)."""
    if at == "\t" or "tab character" in problem:
        return ("a tab character: YAML indents with spaces only", "replace the tab with spaces")
    started = (
        f" (the block starts at line {error.context_mark.line + 1})" if error.context_mark else ""
    )
    if "mapping values are not allowed" in problem:
        return (
            "a 'key: value' where none may start: this line is indented differently from the "
            "keys around it, or a text holds ': ' without quotes",
            "line the key up with the keys of its block (spaces, not tabs), or put the text in "
            'quotes: title: "Rule: one"',
        )
    if "did not find expected key" in problem or "expected <block end>" in problem:
        return (
            "this line's indentation does not fit the block it is in" + started,
            "indent it exactly like the other keys of that block, or like the '-' items of its "
            "list; YAML counts spaces",
        )
    if "could not find expected ':'" in problem:
        return (
            "a line inside a mapping is not 'key: value'" + started,
            "add the ':' after the key, or indent the line as a continuation of the text above",
        )
    return None


# Where both parsers count a new line: LF, CRLF, CR, NEL, and the Unicode line and paragraph
# separators (a U+2028 inside a title starts a line for them, not for str.split("\n"))
_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def _character(text: str, mark: yaml.Mark | None) -> str:
    """The character at a parser's mark ('' past the end or without a mark), with lines
    broken where the parser breaks them."""
    if mark is None:
        return ""
    lines = _LINE_BREAK.split(text)
    line = lines[mark.line] if mark.line < len(lines) else ""
    return line[mark.column : mark.column + 1]


def _too_deep(diagnostics: Diagnostics, where: Span) -> None:
    diagnostics.add(
        NESTED_TOO_DEEP,
        f"lists and mappings nested more than {MAX_DEPTH} levels deep",
        where,
        hint="game data needs a few levels; check for brackets that do not close",
    )


def _position(file: str, text: str, index: int) -> Span:
    """The line and column of a character index of the text."""
    before = text[:index]
    return Span(file, before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1)
