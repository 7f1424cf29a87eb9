"""Loading: safe YAML that remembers file:line:column, and packages spread over several files."""

from __future__ import annotations

import inspect
import re
import shutil
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from support import GOOD, read_package

from printkit.diagnostics import Diagnostics
from printkit.load.files import GameFiles
from printkit.load.package import load_package
from printkit.load.sources import UnknownGame, find_games, merge_sources, select_games
from printkit.load.yaml_spans import (
    MAX_DEPTH,
    MAX_VALUES,
    SourceMap,
    _bracket_left_open,
    _character,
    _in_words,
    _Loader,
    load_yaml,
)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def position(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based line and column of the n-th occurrence of `needle` in `text`."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def codes(diagnostics: Diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


SAMPLE = """
# a comment line shifts everything down by one
game:
  title: "Spans"
  players: '2'
layouts:
  face:
    size: {width: 63mm, height: 88mm}
    regions:
      title:
        x: 4mm
        text:   "{{ card.name }}"
decks:
  deck:
    cards:
      - name: First
        count: 2
      -   name: Second
"""


@pytest.fixture
def sample(tmp_path: Path) -> tuple[Path, str]:
    path = write(tmp_path, "game.yaml", SAMPLE)
    return path, path.read_text()


def test_plain_data_comes_back_unchanged(sample: tuple[Path, str]) -> None:
    path, _ = sample
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics)
    assert not diagnostics.items
    assert loaded is not None
    assert loaded.data["game"] == {"title": "Spans", "players": "2"}
    assert loaded.data["decks"]["deck"]["cards"][1] == {"name": "Second"}
    assert loaded.data["layouts"]["face"]["size"] == {"width": "63mm", "height": "88mm"}


@pytest.mark.parametrize(
    ("path", "needle", "occurrence"),
    [
        (("game",), "title:", 1),  # a block mapping starts at its first key
        (("game", "title"), '"Spans"', 1),
        (("game", "players"), "'2'", 1),
        (("layouts", "face", "size"), "{width", 1),
        (("layouts", "face", "size", "height"), "88mm", 1),
        (("layouts", "face", "regions", "title", "text"), '"{{ card.name }}"', 1),
        (("decks", "deck", "cards"), "- name: First", 1),
        (("decks", "deck", "cards", 0), "name: First", 1),
        (("decks", "deck", "cards", 0, "count"), "2\n      -", 1),
        (("decks", "deck", "cards", 1), "name: Second", 1),
        (("decks", "deck", "cards", 1, "name"), "Second", 1),
    ],
)
def test_every_value_keeps_its_line_and_column(
    sample: tuple[Path, str], path: tuple, needle: str, occurrence: int
) -> None:
    file, text = sample
    loaded = load_yaml(file, Diagnostics())
    assert loaded is not None
    span = loaded.spans.values[path]
    assert Path(span.file).resolve() == file.resolve()
    assert (span.line, span.column) == position(text, needle, occurrence)


@pytest.mark.parametrize(
    ("path", "needle"),
    [
        (("game",), "game:"),
        (("game", "players"), "players:"),
        (("layouts", "face", "size", "width"), "width:"),
        (("layouts", "face", "regions", "title", "text"), "text:"),
        (("decks", "deck", "cards", 1, "name"), "name: Second"),
    ],
)
def test_every_key_keeps_its_line_and_column(
    sample: tuple[Path, str], path: tuple, needle: str
) -> None:
    file, text = sample
    loaded = load_yaml(file, Diagnostics())
    assert loaded is not None
    span = loaded.spans.keys[path]
    assert (span.line, span.column) == position(text, needle)
    assert loaded.spans.key(path) == span


def test_a_missing_path_falls_back_to_its_nearest_ancestor(sample: tuple[Path, str]) -> None:
    file, text = sample
    loaded = load_yaml(file, Diagnostics())
    assert loaded is not None
    span = loaded.spans.value(("layouts", "face", "regions", "title", "no_such_key"))
    assert (span.line, span.column) == position(text, "x: 4mm")


def test_a_list_item_which_has_no_key_is_named_by_its_value(sample: tuple[Path, str]) -> None:
    file, text = sample
    loaded = load_yaml(file, Diagnostics())
    assert loaded is not None
    span = loaded.spans.key(("decks", "deck", "cards", 1))
    assert span == loaded.spans.value(("decks", "deck", "cards", 1))
    assert (span.line, span.column) == position(text, "name: Second")


def test_a_generated_card_s_value_is_traced_to_the_entry_the_designer_wrote() -> None:
    spans = SourceMap(written={("decks", "d", "cards", 3, "name"): ("decks", "d", "product", 0)})
    assert spans.origin(("decks", "d", "cards", 3, "name")) == ("decks", "d", "product", 0)
    not_generated = ("decks", "d", "cards", 2)
    assert spans.origin(list(not_generated)) == not_generated


def test_a_duplicate_key_is_an_error_at_the_second_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "game.yaml",
        """
        game:
          title: One
          players: "2"
          title: Two
          edition: 3
        """,
    )
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics)
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.message) == ("PK101", "duplicate key 'title'")
    assert (diagnostic.span.line, diagnostic.span.column) == position(path.read_text(), "title:", 2)
    assert diagnostic.hint == "'title' is first defined at line 2; remove or rename one of them"
    assert loaded is not None
    assert loaded.data["game"] == {"title": "One", "players": "2", "edition": 3}  # the rest read


def test_a_python_tag_is_refused_and_nothing_is_constructed(tmp_path: Path) -> None:
    marker = tmp_path / "constructed"
    path = write(
        tmp_path,
        "game.yaml",
        f"""
        game:
          title: !!python/object/apply:pathlib.Path.touch [{str(marker)!r}]
          players: !!python/name:os.system
          fine: !!str plain
          listed: !!str [1, 2]
        """,
    )
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics)
    text = path.read_text()
    assert codes(diagnostics) == ["PK102", "PK102"]
    lines = sorted(d.span.line for d in diagnostics)
    assert lines == [position(text, "title:")[0], position(text, "players:")[0]]
    said = {(d.message, d.hint) for d in diagnostics}
    assert said == {
        (
            f"tag 'tag:yaml.org,2002:python/{tag}' is not allowed in game data",
            "write the value as plain YAML (string, number, list or mapping)",
        )
        for tag in ("object/apply:pathlib.Path.touch", "name:os.system")
    }
    assert not marker.exists()
    assert loaded is not None
    assert loaded.data["game"]["title"] is None
    assert loaded.data["game"]["fine"] == "plain"  # standard tags stay allowed
    assert loaded.data["game"]["listed"] == [1, 2]  # a list whatever its tag: plain data


def test_keys_keep_their_scalar_type_and_a_date_key_is_its_text(tmp_path: Path) -> None:
    """A table's rolls stay numbers (and a null key None) for the model to read; a key shaped
    as a date is kept as the text written, since a date is no key the model takes."""
    text = "table: {1: one, 2.5: half, null: none, 2026-01-31: date, name: text}\n"
    diagnostics = Diagnostics()
    loaded = load_yaml(write(tmp_path, "game.yaml", text), diagnostics)
    assert loaded is not None and not diagnostics.items
    table = loaded.data["table"]
    assert table == {1: "one", 2.5: "half", None: "none", "2026-01-31": "date", "name": "text"}
    assert [type(key) for key in table] == [int, float, type(None), str, str]


@pytest.mark.parametrize("value", ["!!bool maybe", "!!timestamp soon", "!!int many"])
def test_a_value_its_tag_does_not_fit_loads_as_its_text(tmp_path: Path, value: str) -> None:
    """PyYAML raised a KeyError for `!!bool maybe` and an AttributeError for `!!timestamp
    soon`, which ended `validate` in an internal error (PK900); the text is kept instead, as
    for `!!int many`, and the model judges it where it stands."""
    diagnostics = Diagnostics()
    loaded = load_yaml(write(tmp_path, "game.yaml", f"a: 1\nb: {value}\n"), diagnostics)
    assert loaded is not None and not diagnostics.items
    assert loaded.data == {"a": 1, "b": value.split()[1]}
    assert (loaded.spans.value(("b",)).line, loaded.spans.value(("b",)).column) == (2, 4)


def test_a_list_as_a_key_is_pk105_at_the_key_and_the_rest_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "game.yaml", "a: 1\n[red, blue]: 2\nb: 3\n")
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics)
    assert loaded is not None and loaded.data == {"a": 1, "b": 3}
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK105", 2, 1)
    assert (diagnostic.message, diagnostic.hint) == (
        "a key must be a plain name, not a list or mapping",
        "write the key as text, e.g. 'red_ship:'",
    )


@pytest.mark.parametrize(("tag", "kind"), [("map", "mapping"), ("seq", "sequence")])
def test_a_collection_tag_on_a_scalar_is_pk100_at_the_value(
    tmp_path: Path, tag: str, kind: str
) -> None:
    """`!!map 5` is no mapping: reported where it stands, not loaded as an empty one."""
    path = write(tmp_path, "game.yaml", f"a: 1\nb: !!{tag} 5\n")
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK100", 2, 4)
    assert diagnostic.message == f"expected a {kind} node, but found scalar"
    assert diagnostic.hint == "check indentation and quoting"  # the parser gives no context


@pytest.mark.parametrize(
    ("error", "line", "message", "hint"),
    [
        (yaml.YAMLError("the parser\n   broke"), 1, "the parser broke", "check the YAML"),
        (yaml.MarkedYAMLError(), 1, "invalid YAML", "check indentation and quoting"),
        (
            yaml.MarkedYAMLError("while reading", yaml.Mark("game.yaml", 0, 2, 0, None, None)),
            3,
            "invalid YAML",
            "while reading (line 3)",
        ),
        (  # a bracket's context without the place the parser stopped
            yaml.MarkedYAMLError(
                "while parsing a flow mapping", yaml.Mark("game.yaml", 0, 1, 0, None, None)
            ),
            2,
            "invalid YAML",
            "while parsing a flow mapping (line 2)",
        ),
        (  # a quote's end of file without the quote's place
            yaml.MarkedYAMLError(
                "while scanning a quoted scalar",
                None,
                "found unexpected end of stream",
                yaml.Mark("game.yaml", 0, 2, 0, None, None),
            ),
            3,
            "found unexpected end of stream",
            "check indentation and quoting",
        ),
    ],
    ids=["no mark", "marked without a mark", "only its context marked", "bracket", "quote"],
)
def test_a_parser_error_short_of_marks_is_still_pk100_in_the_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    error: yaml.YAMLError,
    line: int,
    message: str,
    hint: str,
) -> None:
    """Neither parser of this PyYAML raises an error without its problem and mark, but the
    classes allow one (another PyYAML may): it is reported where it has a place (the
    context's, else the file's start) in the words it has, not raised."""

    def failing(loader: object) -> None:
        raise error

    monkeypatch.setattr(_Loader, "get_single_node", failing)
    path = write(tmp_path, "game.yaml", "a: 1\nb: 2\nc: 3\n")
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK100", line, 1)
    assert Path(diagnostic.span.file).resolve() == path.resolve()
    assert (diagnostic.message, diagnostic.hint) == (message, hint)


def test_a_syntax_error_points_where_the_parser_gave_up(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "game.yaml",
        """
        game:
          title: Broken: here
          players: "2"
        """,
    )
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert diagnostic.code == "PK100"
    assert diagnostic.span.line == 2
    assert diagnostic.hint


TAB = ("a tab character: YAML indents with spaces only", "replace the tab with spaces")
INDENTATION = (
    "this line's indentation does not fit the block it is in (the block starts at line 1)",
    "indent it exactly like the other keys of that block, or like the '-' items of its list; "
    "YAML counts spaces",
)


@pytest.mark.parametrize(
    ("text", "line", "column", "said"),
    [
        ("a:\n\tb: 1\n", 2, 1, TAB),
        ("a:\r\n\tb: 1\r\n", 2, 1, TAB),  # Windows line ends
        ("a:\r\tb: 1\r", 2, 1, TAB),  # old Mac line ends
        (
            "title: Rule: one\n",
            1,
            12,
            (
                "a 'key: value' where none may start: this line is indented differently from "
                "the keys around it, or a text holds ': ' without quotes",
                "line the key up with the keys of its block (spaces, not tabs), or put the text "
                'in quotes: title: "Rule: one"',
            ),
        ),
        ("a:\n  b: 1\n c: 2\n", 3, 2, INDENTATION),
        (
            "a: 1\nb\nc: 2\n",
            3,
            1,
            (
                "a line inside a mapping is not 'key: value' (the block starts at line 2)",
                "add the ':' after the key, or indent the line as a continuation of the text above",
            ),
        ),
        # U+2028 breaks a line for the parser but not for str.split("\n"): the error lies on
        # a line the text split at "\n" does not have
        (
            "a: [1\u2028",
            1,
            4,
            ("the '[' opened here is never closed", "add ']' after the last item on this line"),
        ),
        # so do NEL and U+2029: the tab is found on the line the parser counts
        ("z: 1\u2028a:\n\tb: 1\n", 3, 1, TAB),
        ("z: 1\x85a:\n\tb: 1\n", 3, 1, TAB),
        ("z: 1\u2029a:\n\tb: 1\n", 3, 1, TAB),
    ],
    ids=[
        "tab",
        "tab crlf",
        "tab cr",
        "colon in text",
        "indentation",
        "no colon",
        "u2028",
        "tab past u2028",
        "tab past nel",
        "tab past u2029",
    ],
)
def test_the_parser_s_common_complaints_are_said_in_words_where_it_gave_up(
    tmp_path: Path, text: str, line: int, column: int, said: tuple[str, str]
) -> None:
    assert _syntax_error(tmp_path, text) == (line, column, *said)


def _syntax_error(tmp_path: Path, text: str) -> tuple[int, int, str, str | None]:
    """The one diagnostic of a file of `text`, a PK100: its line, column, message and hint."""
    path = tmp_path / "game.yaml"
    path.write_bytes(text.encode("utf-8"))
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert diagnostic.code == "PK100" and Path(diagnostic.span.file).resolve() == path.resolve()
    return diagnostic.span.line, diagnostic.span.column, diagnostic.message, diagnostic.hint


NOT_CLOSED = "the '{' opened here is not closed: YAML reads on to line 3, column 4, and stops there"
SEPARATE = (
    "separate the entries with ',' and end the mapping with '}'; a text holding ': ', ', ', a "
    "bracket or a quote needs quotes around it"
)
BRACKETS = [
    ("a:\n  b: {c: 1, d: 2\n  e: 3\n", 2, 6,
     (NOT_CLOSED, "add '}' after the last entry on this line")),
    ("a: {c: 1,  # two\n  d: 2}\nb: [x, y  # three\n\n# the end\n", 3, 4,
     ("the '[' opened here is never closed", "add ']' after the last item on this line")),
    ("a: {c: 1,\n  d: 2\nb: 3\n", 1, 4,
     ("the '{' opened here is not closed: YAML reads on to line 3, column 2, and stops there",
      "add '}' after the last entry on line 2")),
    ("a: {b: [1, 2}\n", 1, 8,
     ("the '[' opened here is closed by the '}' at line 1, column 13",
      "close the list with ']' before that '}': brackets close in the reverse order they open")),
    ("a: {b: [1, 2\n", 1, 8,
     ("the '[' opened here is never closed", "close it with ']' after the list's last item")),
    ("a: [{b: 1]\n", 1, 5,
     ("the '{' opened here is closed by the ']' at line 1, column 10",
      "close the mapping with '}' before that ']': brackets close in the reverse order they "
      "open")),
    ("a: [1, 2", 1, 4,
     ("the '[' opened here is never closed", "add ']' after the last item on this line")),
    ("a: {t: Rule: one}\n", 1, 12,
     ("YAML expects ',' or '}' here, after an entry of the mapping opened by the '{' at line 1, "
      "column 4", SEPARATE)),
]  # fmt: skip
QUOTE_IN_BRACKETS = (
    'a: [x, {t: "y, u: 1}]\nb: 2\n', 1, 12,
    ("a quote opened here is never closed",
     "close it with the same quote where its text ends; inside the text, write a \" as \\\" "
     "between double quotes, a ' as '' between single quotes"),
)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "line", "column", "said"),
    [*BRACKETS, QUOTE_IN_BRACKETS],
    ids=[
        "next line",
        "end of file",
        "over lines",
        "other bracket",
        "nested",
        "brace closed by ]",
        "no line end",
        "colon",
        "quote",
    ],
)
def test_a_bracket_or_quote_left_open_is_named_where_it_opens(
    tmp_path: Path, text: str, line: int, column: int, said: tuple[str, str]
) -> None:
    """An unclosed '{', '[' or quote is found where the parser gives up, a line or more later:
    it is named where it opens, with where to close it when closing it there parses."""
    assert _syntax_error(tmp_path, text) == (line, column, *said)


@pytest.mark.parametrize("case", range(len(BRACKETS)))
@pytest.mark.parametrize("parser", ["SafeLoader", "CSafeLoader"])
def test_both_parsers_unclosed_bracket_is_said_in_the_same_words(parser: str, case: int) -> None:
    """The pure-Python parser words the complaint "expected ',' or '}', but got ':'" where
    libyaml says "did not find expected ',' or '}'", and marks the end of a file without a
    last line break on that line, where libyaml marks the next: the words are the same."""
    if not hasattr(yaml, parser):
        pytest.skip(f"PyYAML is built without {parser}")
    text, line, column, said = BRACKETS[case]
    with pytest.raises(yaml.MarkedYAMLError) as raised:
        yaml.compose(text, Loader=getattr(yaml, parser))
    found = _bracket_left_open("game.yaml", text, raised.value)
    assert found is not None
    message, where, hint = found
    assert (message, hint) == said and (where.line, where.column) == (line, column)


@pytest.mark.parametrize("parser", ["SafeLoader", "CSafeLoader"])
def test_both_parsers_mis_indented_key_is_said_in_the_same_words(parser: str) -> None:
    """Where PyYAML is built without libyaml, printkit parses with the pure-Python parser,
    which words a key indented less than its block 'expected <block end>' where libyaml says
    'did not find expected key': the designer reads the same words either way."""
    if not hasattr(yaml, parser):
        pytest.skip(f"PyYAML is built without {parser}")
    text = "a:\n  b: 1\n c: 2\n"
    with pytest.raises(yaml.MarkedYAMLError) as raised:
        yaml.compose(text, Loader=getattr(yaml, parser))
    error = raised.value
    assert error.problem is not None
    assert _in_words(error.problem, error, _character(text, error.problem_mark)) == INDENTATION


def test_a_file_that_is_not_utf8_is_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_bytes(b"game:\n  title: \xff\xfe\n")
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    assert codes(diagnostics) == ["PK002"]


def test_an_empty_file_loads_as_nothing_placed_at_its_first_line(tmp_path: Path) -> None:
    """Nothing, not a mistake; what is then missing (an empty print-on-demand preset's every
    field) is reported at the file's first line and column."""
    path = write(tmp_path, "empty.yaml", "# only a comment\n")
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics)
    assert loaded is not None and loaded.data is None
    assert not diagnostics.items
    where = loaded.spans.value(("naming",))
    assert (Path(where.file).resolve(), where.line, where.column) == (path.resolve(), 1, 1)


def _expanding_to(tmp_path: Path, values: int) -> Path:
    """A file that expands to exactly `values` values (each mapping, list, key and scalar is
    one): 999 zeros under an anchor, 198 aliases of them, and a block list `rest` of zeros
    making up the difference, one a line (so its key and its items are on different lines)."""
    fixed = 7 + 999 + 198 * 1000  # root, 3 keys, 3 lists, the anchored zeros, the aliases
    rest = values - fixed
    assert rest > 0
    text = (
        "pad: &p [" + ", ".join(["0"] * 999) + "]\n"
        "many: [" + ", ".join(["*p"] * 198) + "]\n"
        "rest:\n" + "  - 0\n" * rest
    )
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_may_expand_to_exactly_the_value_limit(tmp_path: Path) -> None:
    diagnostics = Diagnostics()
    loaded = load_yaml(_expanding_to(tmp_path, MAX_VALUES), diagnostics)
    assert not diagnostics.items
    assert loaded is not None
    assert len(loaded.data["many"]) == 198 and loaded.data["many"][197] == [0] * 999
    assert len(loaded.data["rest"]) == MAX_VALUES - 7 - 999 - 198 * 1000


def _holding(tmp_path: Path, values: int, tail: str = "") -> Path:
    """A file of `values` values written out, no alias: the root, two keys, a short list
    under the first and a block list of zeros under `rest` (line 3) making up the count."""
    rest = values - 1 - 2 - 1 - 1 - 2
    path = tmp_path / "game.yaml"
    path.write_text("first: [0, 0]\nrest:\n" + "  - 0\n" * rest + tail, encoding="utf-8")
    return path


def test_a_file_may_hold_exactly_the_value_limit(tmp_path: Path) -> None:
    diagnostics = Diagnostics()
    loaded = load_yaml(_holding(tmp_path, MAX_VALUES), diagnostics)
    assert not diagnostics.items
    assert loaded is not None and len(loaded.data["rest"]) == MAX_VALUES - 7


def test_a_file_holding_more_values_is_refused_before_the_rest_is_read(tmp_path: Path) -> None:
    """Refused as the value past the limit is read, at the top-level entry it is in: the
    broken line after it is never reached (parsing a 10 MB file whole took seconds)."""
    diagnostics = Diagnostics()
    path = _holding(tmp_path, MAX_VALUES + 1, tail="broken: [unclosed\n")
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK005", 2, 1)
    assert diagnostic.message == "the file holds more than 200,000 values"
    assert diagnostic.hint == (
        "a game's data is a few thousand values: is this the right file? A long list of cards "
        "belongs in a CSV or XLSX card data file"
    )
    diagnostics = Diagnostics()
    path = _holding(tmp_path, MAX_VALUES - 10, tail="broken: [unclosed\n")
    assert load_yaml(path, diagnostics) is None
    assert [d.code for d in diagnostics] == ["PK100"]  # within the limit: read to the end


def test_too_many_values_deep_in_an_entry_are_pk005_at_the_top_level_key(tmp_path: Path) -> None:
    """Cards written out as mappings: the value past the limit is some card's field, but the
    diagnostic names the top-level entry they are in (`cards`, line 2), not a card's key."""
    cards = "  - {name: card, cost: 0}\n" * (MAX_VALUES // 5 + 1)  # five values each
    path = write(tmp_path, "game.yaml", "game: {title: T}\ncards:\n" + cards)
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK005", 2, 1)
    assert Path(diagnostic.span.file).resolve() == path.resolve()
    assert diagnostic.message == "the file holds more than 200,000 values"


def test_a_file_that_is_one_long_list_is_pk005_at_its_start(tmp_path: Path) -> None:
    """No top-level entry to name: the diagnostic points at the file's first line."""
    path = write(tmp_path, "game.yaml", "- 0\n" * (MAX_VALUES + 1))
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    where = diagnostic.span
    assert (diagnostic.code, Path(where.file).resolve(), where.line, where.column) == (
        "PK005",
        path.resolve(),
        1,
        1,
    )


def test_one_value_past_the_limit_is_pk005_at_the_entry_being_built(tmp_path: Path) -> None:
    """The count passes the limit inside `rest` (line 3): the diagnostic points at its key, the
    top-level entry whose aliases or size made the file too large, not at the item."""
    diagnostics = Diagnostics()
    assert load_yaml(_expanding_to(tmp_path, MAX_VALUES + 1), diagnostics) is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK005", 3, 1)
    assert diagnostic.message == "the file expands to more than 200,000 values"
    assert diagnostic.hint == (
        "aliases (*name) repeat whole values; aliases of aliases multiply: write the data out "
        "or use fewer levels of aliases"
    )


def test_a_top_level_key_past_the_limit_is_pk005_at_that_key(tmp_path: Path) -> None:
    """The file expands to exactly the limit, and one more entry follows: the value past the
    limit is that entry's key, which the diagnostic points at."""
    path = _expanding_to(tmp_path, MAX_VALUES)
    text = path.read_text(encoding="utf-8") + "extra: 0\n"
    path.write_text(text, encoding="utf-8")
    diagnostics = Diagnostics()
    assert load_yaml(path, diagnostics) is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.message) == (
        "PK005",
        "the file expands to more than 200,000 values",
    )
    assert (diagnostic.span.line, diagnostic.span.column) == position(text, "extra:")


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_lists_may_nest_100_levels_deep_and_no_deeper(tmp_path: Path, depth: int) -> None:
    """`notes` holds `depth` nested lists: the innermost lies `depth` levels below the root."""
    path = write(tmp_path, "game.yaml", "notes:\n  " + "[" * depth + "]" * depth + "\n")
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics)
    if depth <= MAX_DEPTH:
        assert not diagnostics.items and loaded is not None
        return
    assert loaded is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK004", 2, 103)
    assert diagnostic.message == "lists and mappings nested more than 100 levels deep"
    assert diagnostic.hint == "game data needs a few levels; check for brackets that do not close"


def test_a_stack_that_runs_out_while_reading_is_pk004_at_the_file_s_start(
    tmp_path: Path,
) -> None:
    """The pure-Python composer (PyYAML without libyaml) recurses per level and runs out of
    stack on a deep file before any limit of printkit's is met; the lowered recursion limit
    here runs it out the same way at 90 levels, and the file is reported, not raised."""
    path = write(tmp_path, "game.yaml", "notes:\n  " + "[" * 90 + "]" * 90 + "\n")
    diagnostics = Diagnostics()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + 60)
    try:
        loaded = load_yaml(path, diagnostics)
    finally:
        sys.setrecursionlimit(limit)
    assert loaded is None
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.column) == ("PK004", 1, 1)
    assert Path(diagnostic.span.file).resolve() == path.resolve()
    assert diagnostic.message == "lists and mappings nested more than 100 levels deep"
    assert diagnostic.hint == "game data needs a few levels; check for brackets that do not close"


# --- packages spread over several files ---------------------------------------------------------


def test_only_the_sections_asked_for_are_built(tmp_path: Path) -> None:
    """What reads a few sections (list, completion) skips the rest, mistakes in them included."""
    path = write(
        tmp_path,
        "game.yaml",
        "game: {title: T}\nrules: {a: 1, a: 2}\n? [not, a, name]\n: 1\nmaterials: {m: {}}\n",
    )
    diagnostics = Diagnostics()
    loaded = load_yaml(path, diagnostics, sections=frozenset({"game", "materials"}))
    assert loaded is not None and not diagnostics.items
    assert loaded.data == {"game": {"title": "T"}, "materials": {"m": {}}}
    assert loaded.spans.key(("materials",)).line == 5
    full = Diagnostics()
    load_yaml(path, full)  # the same file read whole: its mistakes are found
    assert [(d.code, d.span.line) for d in full] == [("PK101", 2), ("PK105", 3)]


def test_mapping_sections_may_be_split_across_files(tmp_path: Path) -> None:
    write(
        tmp_path,
        "a.yaml",
        """
        game: {title: Split, players: "2"}
        materials:
          first: {kind: cards, deck: deck}
        """,
    )
    b = write(
        tmp_path,
        "b.yaml",
        """
        materials:
          second:
            kind: cards
            deck: deck
        """,
    )
    diagnostics = Diagnostics()
    merged, spans = merge_sources(GameFiles(tmp_path), diagnostics)
    assert not diagnostics.items
    assert list(merged["materials"]) == ["first", "second"]
    assert merged["game"]["title"] == "Split"
    second = spans.key(("materials", "second"))
    assert Path(second.file).resolve() == b.resolve()
    assert (second.line, second.column) == position(b.read_text(), "second:")
    first = spans.key(("materials", "first"))
    assert Path(first.file).name == "a.yaml"


def test_an_entry_defined_in_two_files_is_pk103_at_the_second(tmp_path: Path) -> None:
    write(
        tmp_path,
        "a.yaml",
        """
        game: {title: Twice, players: "2"}
        layouts:
          face: {size: standard}
        """,
    )
    b = write(
        tmp_path,
        "b.yaml",
        """
        layouts:
          back: {size: standard}
          face: {size: poker}
        """,
    )
    diagnostics = Diagnostics()
    merged, _ = merge_sources(GameFiles(tmp_path), diagnostics)
    (diagnostic,) = diagnostics
    assert diagnostic.code == "PK103"
    assert Path(diagnostic.span.file).resolve() == b.resolve()
    assert diagnostic.span.line == position(b.read_text(), "face:")[0]
    assert "a.yaml" in diagnostic.message  # names where the first definition is
    assert merged["layouts"]["face"] == {"size": "standard"}
    assert "back" in merged["layouts"]


def test_a_list_section_in_two_files_is_pk103(tmp_path: Path) -> None:
    erratum = "{code: PK211, subject: x, text_says: y, resolution: z}"
    write(tmp_path, "a.yaml", f'game: {{title: Lists, players: "2"}}\nerrata: [{erratum}]\n')
    b = write(tmp_path, "b.yaml", f"errata: [{erratum}]\n")
    diagnostics = Diagnostics()
    merge_sources(GameFiles(tmp_path), diagnostics)
    (diagnostic,) = diagnostics
    assert diagnostic.code == "PK103"
    assert Path(diagnostic.span.file).resolve() == b.resolve()
    assert diagnostic.span.line == 1


def test_a_file_that_is_not_a_mapping_is_pk104(tmp_path: Path) -> None:
    write(tmp_path, "game.yaml", 'game: {title: Lists, players: "2"}\n')
    write(tmp_path, "stray.yaml", "- just\n- a list\n")
    diagnostics = Diagnostics()
    merge_sources(GameFiles(tmp_path), diagnostics)
    assert codes(diagnostics) == ["PK104"]
    assert Path(diagnostics.items[0].span.file).name == "stray.yaml"


def test_the_split_fixture_package_loads_every_material_from_both_files() -> None:
    folder = GOOD / "marked_deck"
    diagnostics = Diagnostics()
    loaded = load_package("marked_deck", folder, diagnostics)
    assert not [d for d in diagnostics if d.severity == "error"], diagnostics.items
    assert loaded is not None
    expected = read_package(folder)
    assert set(loaded.package.materials) == set(expected["materials"])
    assert len({p.name for p in folder.glob("*.yaml") if "materials:" in p.read_text()}) >= 2


def test_a_validation_error_in_a_second_file_points_into_that_file(tmp_path: Path) -> None:
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "game")
    extra = write(
        tmp_path / "game",
        "extra.yaml",
        """
        materials:
          pod:
            kind: cards
            deck: deck
            impose:
              mode: print_on_demand
              bleed: 3
        """,
    )
    diagnostics = Diagnostics()
    loaded = load_package("game", tmp_path / "game", diagnostics)
    (diagnostic,) = diagnostics
    assert diagnostic.code == "PK110"
    # the material is left out, the rest of the game still loads for its checks
    assert loaded is not None and loaded.broken == {("materials", "pod")}
    assert set(loaded.package.materials) == {"sheet"}
    assert Path(diagnostic.span.file).resolve() == extra.resolve()
    assert (diagnostic.span.line, diagnostic.span.column) == position(extra.read_text(), "3\n")


def test_a_mistake_outside_any_named_entry_leaves_no_game_to_check(tmp_path: Path) -> None:
    """An entry that does not validate is left out and the rest checked; a mistake in what
    every check needs (the game's title), or in a section as a whole, leaves nothing."""
    shutil.copytree(GOOD / "minimal_deck", tmp_path / "game")
    write(tmp_path / "game", "extra.yaml", "layouts:\n  back: {size: standard, radius: 3}\n")
    diagnostics = Diagnostics()
    loaded = load_package("game", tmp_path / "game", diagnostics)
    assert [d.code for d in diagnostics] == ["PK120"]
    assert loaded is not None and loaded.broken == {("layouts", "back")}
    assert set(loaded.package.layouts) == {"face"}
    (tmp_path / "game" / "extra.yaml").unlink()
    game = tmp_path / "game" / "game.yaml"
    game.write_text(game.read_text().replace("title: Minimal Deck", "title: [Minimal, Deck]"))
    diagnostics = Diagnostics()
    assert load_package("game", tmp_path / "game", diagnostics) is None
    assert [d.code for d in diagnostics] == ["PK122"]


def test_games_are_the_folders_that_hold_yaml(tmp_path: Path) -> None:
    for name in ("b_game", "a_game", "empty", ".hidden"):
        (tmp_path / name).mkdir()
    write(tmp_path / "b_game", "game.yaml", "game: {}\n")
    write(tmp_path / "a_game", "game.yml", "game: {}\n")
    write(tmp_path / ".hidden", "game.yaml", "game: {}\n")
    assert list(find_games(tmp_path, Diagnostics())) == ["a_game", "b_game"]
    with pytest.raises(UnknownGame, match=r"no game 'b_gaem'.*did you mean 'b_game'"):
        select_games(tmp_path, ("b_gaem",), Diagnostics())
    for no_game in ("empty", ".hidden"):  # a folder without YAML, a hidden one: no games either
        with pytest.raises(UnknownGame, match=re.escape(f"no game '{no_game}'")):
            select_games(tmp_path, (no_game,), Diagnostics())


@pytest.mark.parametrize(
    ("text", "line", "column", "said"),
    [
        ('game:\n  title: "Delta Tiles\n  players: "2-3"\n', 2, 10, "next quote, on line 3"),
        # a quoted title meant to run on, then an unrelated mistake: that mistake is reported
        (
            'game:\n  title: "A long\n    title"\n  players: "2"\n   tagline: x\n',
            5,
            4,
            "indentation",
        ),
        ("game:\n  title: Delta\n  players: '2-3\n", 3, 12, "never closed"),
    ],
)
def test_a_quote_left_open_is_found_where_it_opened(
    tmp_path: Path, text: str, line: int, column: int, said: str
) -> None:
    """The parser blames the layout of the line where the open quote's text ends; the finding
    points at the quote instead."""
    file = tmp_path / "game.yaml"
    file.write_text(text, encoding="utf-8")
    diagnostics = Diagnostics()
    assert load_yaml(file, diagnostics) is None
    [found] = diagnostics.items
    assert (found.code, found.span.line, found.span.column) == ("PK100", line, column)
    assert said in found.message and found.hint


@pytest.mark.parametrize(("written", "read"), [("3", "3"), ('"2-4"', "2-4")])
def test_a_player_count_may_be_written_as_a_number(tmp_path: Path, written: str, read: str) -> None:
    """`players: 3` is how a designer writes a count: it was 'Input should be a valid
    string'. True is not a count, and stays refused."""
    folder = tmp_path / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8").replace('players: "2"', f"players: {written}")
    game.write_text(text, encoding="utf-8")
    found = Diagnostics()
    loaded = load_package("minimal_deck", folder, found)
    assert loaded is not None and not list(found), [str(d) for d in found]
    assert loaded.package.game.players == read
    game.write_text(text.replace(f"players: {written}", "players: true"), encoding="utf-8")
    refused = Diagnostics()
    load_package("minimal_deck", folder, refused)
    assert [d.message for d in refused] == ["game.players: takes text, not true"]


def test_a_long_number_where_text_belongs_is_said_by_its_length(tmp_path: Path) -> None:
    """Every message echoing a number a package gives goes through shown_value: 4,300 digits
    where a title belongs were written out whole on one line."""
    folder = tmp_path / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8").replace("title: Minimal Deck", "title: " + "9" * 4300)
    game.write_text(text, encoding="utf-8")
    refused = Diagnostics()
    load_package("minimal_deck", folder, refused)
    said = "game.title: takes text, not a number of about 4300 digits"
    assert [d.message for d in refused] == [said]


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("12", 12),
        ("-5", -5),
        ("0", 0),
        ("010", "010"),  # YAML 1.1 reads octal 8
        ("0101", "0101"),  # a hex's name, not octal 65
        ("1:30", "1:30"),  # YAML 1.1 reads base 60: 90
        ("0x1F", "0x1F"),  # 31
        ("0b10", "0b10"),  # 2
        ("1_000", "1_000"),  # 1000
        ("1:30.5", "1:30.5"),  # 90.5
        ("1_000.5", "1_000.5"),  # 1000.5
        ("2.5", 2.5),
        (".5", 0.5),
    ],
)
def test_a_whole_number_is_read_only_as_written_in_decimal(
    tmp_path: Path, written: str, read: object
) -> None:
    """What is not plain decimal is read as the text it is, never as a number the designer did
    not write (a card printed 8 for 010, 90 for 1:30, with no word said): a number field then
    says it takes a number."""
    path = tmp_path / "values.yaml"
    path.write_text(f"value: {written}\n", encoding="utf-8")
    loaded = load_yaml(path, Diagnostics())
    assert loaded is not None and loaded.data == {"value": read}
