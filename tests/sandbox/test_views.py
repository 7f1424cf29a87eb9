"""Templates see data, not objects: the game's models are read-only views with fields only, the
functions a template calls are a closed list of helpers that check their arguments, recursion is
bounded, and every failure is told in a designer's words (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import RULE_DATA

from printkit.diagnostics import (
    HELPER_ARGUMENT,
    TEMPLATE_CYCLE,
    TEMPLATE_TOO_DEEP,
    Diagnostics,
)
from printkit.load.package import load_package
from printkit.model.rules_context import rules_context
from printkit.reference.compose import ComposeError, compose, reference_context
from printkit.sandbox.expressions import TemplateProblem, evaluate, render

GAME = load_package("shields_dice", RULE_DATA / "shields_dice", Diagnostics())
assert GAME is not None
CONTEXT = rules_context(GAME.package)
REFERENCE = reference_context(GAME)


def _problem(source: str, context: dict | None = None) -> TemplateProblem:
    with pytest.raises(TemplateProblem) as caught:
        evaluate(source, CONTEXT if context is None else context)
    return caught.value


@pytest.mark.parametrize(
    "method", ["model_dump_json", "model_dump", "model_copy", "copy", "dict", "json", "__class__"]
)
@pytest.mark.parametrize("owner", ["rules", "game", "tables.attacks", "tables.attacks.rows[0]"])
def test_no_method_of_a_model_is_reachable(owner: str, method: str) -> None:
    """The name is refused when it is looked up, before any call: a method that ran would
    have built gigabytes of text (indent=10**7) and could not fail with this message."""
    problem = _problem(f"{owner}.{method}(indent=10**7) | length > 0")
    assert f"has no field '{method}'" in str(problem)


def test_nor_through_a_filter_or_an_attribute_getter() -> None:
    assert "has no field 'model_dump_json'" in str(_problem("rules | attr('model_dump_json')"))
    problem = _problem("tables.attacks.rows | map(attribute='model_copy') | first")
    assert "has no item 'model_copy'" in str(problem)


def test_fields_read_as_before_by_attribute_and_by_key() -> None:
    assert evaluate("rules.values.batteries == values['batteries']", CONTEXT) is True
    assert evaluate("tables['attacks'].rows | length", CONTEXT) == len(
        GAME.package.rules.tables["attacks"].rows
    )
    assert evaluate("sections.items() | list | length", CONTEXT) == len(GAME.package.rules.sections)
    assert evaluate("'attacks' in tables and tables.attacks is defined", CONTEXT) is True
    assert evaluate("tables.attacks.nope is defined", CONTEXT) is False


def test_an_expression_gives_python_the_data_it_stands_for() -> None:
    rows = evaluate("tables.attacks.rows", CONTEXT)
    assert rows is GAME.package.rules.tables["attacks"].rows


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("[3, 1, 3] | unique", [3, 1]),
        ("[1, 2] | map('string')", ["1", "2"]),
        ("[[1, 1] | unique, 2]", [[1], 2]),
    ],
)
def test_filters_that_give_a_generator_give_its_items(source: str, value: object) -> None:
    """Found by the fuzzer: an example computing `… | unique` compared a generator, and its
    message named the generator's address, which differs from one run to the next (validate
    and build then disagreed)."""
    assert evaluate(source, {}) == value
    assert render("{{ " + source + " }}", {}) == str(value)  # in a template: no address


@pytest.mark.parametrize(
    "source",
    ["[0.0, 's%' | items] | string", "['s%' | items] | list | length", "('s%' | items) ~ ''"],
)
def test_a_filter_whose_generator_fails_fails_where_it_is_called(source: str) -> None:
    """Found by the fuzzer (seed 209425): `items` of a text fails only when its generator is
    read; `| string` read none and printed the generator's address, different from one run to
    the next, so validate and build disagreed. A filter runs whole where it is called."""
    problem = _problem(source)
    assert "filter 'items' cannot use the text 's%'" in str(problem)
    assert "0x" not in str(problem)


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("{{ row.index }}", "printing uses the method 'index' of a text"),
        ("{{ [row.upper] }}", "printing uses the method 'upper' of a text"),
        ("{{ {'a': row.upper} }}", "printing uses the method 'upper' of a text"),
        ("{{ row.index | string }}", "filter 'string' uses the method 'index' of a text"),
        ("{{ 'x' | replace('x', row.split) }}", "filter 'replace' uses the method 'split'"),
        ("{{ row.index ~ '' }}", "'~' uses the method 'index' of a text"),
        ("{{ '{}'.format(row.index) }}", "'format' uses the method 'index' of a text"),
        ("{{ range }}", "printing uses the helper 'range'"),
        ("{% macro m() %}{% endmacro %}{{ m }}", "printing uses the macro 'm'"),
        ("{{ cycler(1, 2) }}", "printing uses a cycler"),
    ],
)
def test_a_method_helper_or_macro_is_never_printed(source: str, said: str) -> None:
    """Found by the fuzzer (seed 803454): a table whose rows were a text printed `{{ row.index
    }}` as Python's description of `str.index`, whose address changes from run to run, so
    validate and build disagreed. Whatever is printed, joined or given to a filter or to a
    method of a text is a value; a method, helper or macro is refused, named."""
    with pytest.raises(TemplateProblem) as caught:
        render(source, {"row": "a text"})
    assert said in str(caught.value) and "which is not a value" in str(caught.value)
    assert "0x" not in str(caught.value)


@pytest.mark.parametrize("printed", ["loop", "[loop]", "{'l': loop}"])
def test_printing_a_loop_is_refused_and_never_ends_the_loop(printed: str) -> None:
    """`{{ loop }}` was taken for a filter's generator and run to a list: it printed the
    items still to come and ended the loop, so the cards after the first went missing."""
    source = "{% for x in xs %}{{ " + printed + " }}{{ x }}{% endfor %}"
    with pytest.raises(TemplateProblem) as caught:
        render(source, {"xs": ["a", "b", "c"]})
    assert "printing uses a loop context, which is not a value" in str(caught.value)
    assert caught.value.hint == "use one of its fields, as loop.index or loop.length"
    assert render("{% for x in xs %}{{ loop.index }}{{ x }}{% endfor %}", {"xs": "ab"}) == "1a2b"


def test_a_method_called_and_a_test_of_one_still_work() -> None:
    assert render("{{ row.index('t') }} {{ row.index is callable }}", {"row": "a text"}) == (
        "2 True"
    )


def test_a_view_prints_as_its_data() -> None:
    assert render("{{ values | tojson }}", CONTEXT).startswith("{")
    assert render("{{ [game.title] }}", CONTEXT) == repr([GAME.package.game.title])


def test_only_helpers_can_be_called() -> None:
    problem = _problem("f()", {"f": print})
    assert "cannot be called" in str(problem)


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("covered('nope')", "covered(): there is no section id 'nope'"),
        ("title(none)", "title() takes a rule entry"),
        ("title('x', 'y')", "title() takes 1 argument (entry), not 2"),
        ("lookup('nope', 1)", "lookup(): there is no table id 'nope'"),
        ("entries_of('spell')", "entries_of(): there is no kind of rule 'spell'"),
        ("row_key(none, none)", "row_key() takes a table"),
        ("range(1, 'a')", "range() takes a whole number as 'stop', not the text 'a'"),
        ("range(1, 5, 0)", "range() cannot step by 0"),
        ("'abc' | truncate(-1)", "filter 'truncate' cannot use the number -1"),
        ("10 is divisibleby 0", "test 'divisibleby' cannot use the number 10, the number 0"),
        ("'ab'.center('x')", "'center' cannot use the text 'x'"),
    ],
)
def test_a_helper_given_a_bad_argument_says_which_and_what_it_takes(source: str, said: str) -> None:
    with pytest.raises(TemplateProblem) as caught:
        evaluate(source, REFERENCE)
    assert caught.value.code == HELPER_ARGUMENT
    assert said in str(caught.value)
    assert caught.value.hint and ".py" not in caught.value.hint


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("1 // 0", "'//' divides by zero"),
        ("1 % 0", "'%' divides by zero"),
        ("2.0 ** 5000", "'**' makes a number too large"),
        ("1e308 * 10", "'*' made a number too large to use (inf)"),
        ("'a' + 1", "'+' cannot work with a text and a number"),
        ("'a' < 1", "'<' cannot compare a text with a number"),
        ("-'a'", "'-' cannot work with a text"),
        ("none.data", "nothing (none) has no field 'data'"),
    ],
)
def test_arithmetic_is_told_in_a_designers_words(source: str, said: str) -> None:
    problem = _problem(source, {})
    assert said in str(problem)
    assert "Error" not in str(problem) and "NoneType" not in str(problem)
    assert problem.hint is None or ".py" not in problem.hint


def test_a_macro_calling_itself_stops_at_the_depth_limit() -> None:
    with pytest.raises(TemplateProblem) as caught:
        render("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", {})
    assert caught.value.code == TEMPLATE_TOO_DEEP
    assert "macro 'f'" in str(caught.value)
    tree = "{% macro f(n) %}{% if n %}[{{ f(n - 1) }}]{% endif %}{% endmacro %}{{ f(10) }}"
    assert render(tree, {}) == "[" * 10 + "]" * 10


def test_prose_rendering_itself_stops_at_the_depth_limit() -> None:
    """A text that renders itself through prose(): each rendering is new, the depth is not, and
    prose() prints the innermost text as written (the validator reports its mistake)."""
    context = dict(REFERENCE)
    context["me"] = "{{ prose(me) }}"
    assert render("{{ prose(me) }}", context) == "{{ prose(me) }}"


def _game_with_template(tmp_path: Path, template: str, **others: str) -> Path:
    folder = tmp_path / "shields_dice"
    folder.mkdir()
    for source in (RULE_DATA / "shields_dice").iterdir():
        (folder / source.name).write_bytes(source.read_bytes())
    (folder / "quick_reference.md.j2").write_text(template, encoding="utf-8")
    for name, text in others.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("template", "others", "where"),
    [
        ("x\n{% include 'quick_reference.md.j2' %}", {}, ("quick_reference.md.j2", 2)),
        ("{% extends 'quick_reference.md.j2' %}", {}, ("quick_reference.md.j2", 1)),
        (
            "{% import 'a.j2' as a %}",
            {"a.j2": "{% import 'b.j2' as b %}", "b.j2": "\n{% from 'a.j2' import x %}"},
            ("b.j2", 2),
        ),
    ],
)
def test_a_template_containing_itself_is_refused_at_the_line(
    tmp_path: Path, template: str, others: dict[str, str], where: tuple[str, int]
) -> None:
    folder = _game_with_template(tmp_path, template, **others)
    loaded = load_package("shields_dice", folder, Diagnostics())
    with pytest.raises(ComposeError) as caught:
        compose(loaded, "quick_reference.md.j2", "Shields: quick reference")
    problem = caught.value.problem
    assert problem.code == TEMPLATE_CYCLE
    assert (problem.file.name, problem.line) == where


def test_a_template_may_include_another_many_times(tmp_path: Path) -> None:
    template = "{% for i in range(3) %}{% include 'part.j2' %}{% endfor %}"
    folder = _game_with_template(tmp_path, template, **{"part.j2": "p"})
    loaded = load_package("shields_dice", folder, Diagnostics())
    assert compose(loaded, "quick_reference.md.j2", "Shields: quick reference") == "ppp"


def test_a_card_text_cannot_name_another_template() -> None:
    with pytest.raises(TemplateProblem, match="reference templates only"):
        render("{% include 'x.j2' %}", {})


def test_brackets_nested_thousands_deep_are_too_deep_not_an_internal_error() -> None:
    with pytest.raises(TemplateProblem) as caught:
        render("{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}", {})
    assert caught.value.code == TEMPLATE_TOO_DEEP
