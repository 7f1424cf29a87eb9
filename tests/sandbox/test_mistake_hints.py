"""A mistake in an expression is answered with what was likely meant: the closest filter or
test there is, '==' for a lone '=' (Jinja2's own words, 'chunk after expression', say neither)."""

from __future__ import annotations

import pytest

from printkit.sandbox.expressions import TemplateProblem, evaluate, render


@pytest.mark.parametrize(
    ("source", "hint"),
    [
        ("decks.deck.count = 3", "a comparison is written '=='"),
        ("[1, 2] | lst", "did you mean 'list'?"),
        ("3 is odd2", "did you mean 'odd'?"),
    ],
)
def test_an_expression_s_mistake_says_what_was_meant(source: str, hint: str) -> None:
    with pytest.raises(TemplateProblem) as raised:
        evaluate(source, {"decks": {}})
    assert hint in (raised.value.hint or "")


def test_a_template_s_unknown_filter_names_the_closest() -> None:
    with pytest.raises(TemplateProblem) as raised:
        render("{{ card.name | uper }}", {"card": {"name": "Twin"}})
    assert raised.value.hint == "did you mean 'upper'?"


def test_a_statement_s_own_equals_is_no_comparison_mistake() -> None:
    """`{% set x = 1 %}` assigns as it should: its '=' does not make the hint of a broken
    expression after it speak of comparisons."""
    with pytest.raises(TemplateProblem) as raised:
        render("{% set x = 1 %}{{ x + }}", {})
    assert "'=='" not in (raised.value.hint or "")


@pytest.mark.parametrize(
    "source",
    [
        "{{ self }}",
        "{{ namespace(a=1) }}",
        "{{ range(3) }}",
        "{{ [card] | map(attribute='nope') | list }}",
        "{{ [card] | map(attribute='__class__') | list }}",
    ],
)
def test_only_data_prints_never_what_python_would_write_of_an_object(source: str) -> None:
    """`<Namespace {'a': 1}>`, `range(0, 3)` and `[Undefined]` are Python's words: printing
    them is refused, where the designer wrote it."""
    with pytest.raises(TemplateProblem):
        render(source, {"card": {"name": "Twin"}})


def test_data_prints_as_before() -> None:
    values = {"card": {"name": "Twin", "cost": 3}}
    assert render("{{ card.name }} {{ card.cost }} {{ [1, 2] }} {{ range(2) | list }}", values) == (
        "Twin 3 [1, 2] [0, 1]"
    )


@pytest.mark.parametrize("source", ["{{ n | round(precision=1)) }}", '{{ "a=b" + }}'])
def test_an_equals_sign_that_compares_nothing_is_not_blamed(source: str) -> None:
    """A named argument and quoted text hold a lone '=' rightly: a syntax error elsewhere is
    not answered with '=='."""
    with pytest.raises(TemplateProblem) as raised:
        render(source, {"n": 1.5})
    assert "'=='" not in (raised.value.hint or "")


@pytest.mark.parametrize(
    "source",
    [
        "{{ ('{' ~ ':' * 60000).format() }}",  # a format spec's widths, read in one pass
        "{% x = 1" + " {%" * 40000,  # statements set aside in one pass for the '==' hint
    ],
    ids=["format widths", "unclosed statements"],
)
def test_a_hostile_template_is_read_once_and_quoted_short(source: str) -> None:
    """Patterns that looked for a close from every opening took 30 s to a minute on these;
    the message quotes the template's first 200 characters, not all of it."""
    with pytest.raises(TemplateProblem) as raised:
        render(source, {})
    assert len(str(raised.value)) < 400


@pytest.mark.parametrize(
    ("made", "source", "code"),
    [
        (render, "{{ '\\x00' }}", "U+0000"),
        (render, "No. {{ number }}", "U+0007"),  # a value not checked as a package's text
        (render, "{{ 'A' ~ '\\ud800' }}", "U+D800"),
        (evaluate, "['fine', '\\x1b[2J']", "U+001B"),
        (evaluate, "{'\\x7f': 1}", "U+007F"),
    ],
)
def test_text_a_template_makes_holds_what_written_text_may(made, source: str, code: str) -> None:
    """A character no text of a package may hold (model/base.py) is refused in what a template
    prints or an expression gives, as PK122 at the template: a line break or a tab is not."""
    with pytest.raises(TemplateProblem) as refused:
        made(source, {"number": "7\x07"})
    assert refused.value.code == "PK122"
    assert f"it makes text holding the control character {code}" in str(refused.value)
    assert render("{{ 'a\\nb\\tc' }}", {}) == "a\nb\tc"
