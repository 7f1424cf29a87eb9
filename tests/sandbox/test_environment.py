"""The sandbox bounds the work and the output of every template: hostile templates stop at once,
with little memory, and with the right code; ordinary templates are untouched.

Memory is measured with tracemalloc (every Python allocation), time with the process clock.
"""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

import pytest
from jinja2 import StrictUndefined

from printkit.diagnostics import TEMPLATE_TOO_LARGE, TEMPLATE_TOO_MUCH_WORK
from printkit.sandbox.environment import game_budget
from printkit.sandbox.expressions import TemplateProblem, evaluate, render
from printkit.sandbox.helpers import Helper
from printkit.sandbox.views import describe

WORK, SIZE = TEMPLATE_TOO_MUCH_WORK, TEMPLATE_TOO_LARGE

HOSTILE = {
    "string times a billion": ("{{ 'x' * 10**9 }}", SIZE),
    "list times a billion": ("{{ [0] * 10**9 }}", SIZE),
    "power tower": ("{{ 10**(10**10) }}", WORK),
    "product of huge numbers": ("{{ (10**600) * (10**600) }}", WORK),
    "long range": ("{% for i in range(100000) %}{% endfor %}", WORK),
    "range past a machine word": ("{{ range(10**100) }}", WORK),
    "nested loops": (
        "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}",
        WORK,
    ),
    "recursive macro": (
        "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}"
        "{{ f(40) }}",
        WORK,
    ),
    "doubling by ~": (
        "{% set ns = namespace(s='xx') %}{% for i in range(60) %}"
        "{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
        SIZE,
    ),
    "doubling by +": (
        "{% set ns = namespace(s='xx') %}{% for i in range(60) %}"
        "{% set ns.s = ns.s + ns.s %}{% endfor %}",
        SIZE,
    ),
    "printf width": ("{{ '%1000000000d' % 1 }}", SIZE),
    "printf precision": ("{{ '%.1000000000f' % 1 }}", SIZE),
    "printf star width": ("{{ '%*d' % (10**9, 1) }}", SIZE),
    "printf named width": ("{{ '%(a)1000000000s' % {'a': 1} }}", SIZE),
    "printf key holding parentheses": ("{{ '%(a(b))1000000000s' % {'a(b)': 1} }}", SIZE),
    "printf widths adding up": ("{{ ('%99999s' * 9000) % ((1,) * 9000) }}", SIZE),
    "printf star widths adding up": ("{{ ('%*s' * 9000) % ((99999, 1) * 9000) }}", SIZE),
    "printf width of bytes": ("{{ '%1000000000s'.encode() % ('x'.encode(),) }}", SIZE),
    "printf mapping value repeated": ("{{ ('%(a)s' * 20000) % {'a': 'x' * 99999} }}", SIZE),
    "printf bytes mapping value repeated": (
        "{{ ('%(a)s'.encode() * 20000) % {'a'.encode(): ('x' * 99999).encode()} }}",
        SIZE,
    ),
    "format width": ("{{ '{:>1000000000}'.format(1) }}", SIZE),
    "format nested width": ("{{ '{:>{}}'.format(1, 10**9) }}", SIZE),
    "format width inside a list": ("{{ '{0:>{1[0]}}'.format('a', [10**9]) }}", SIZE),
    "format width inside a mapping": ("{{ '{0:>{1[w]}}'.format('a', {'w': 10**9}) }}", SIZE),
    "format_map width inside a mapping": (
        "{{ '{a:>{b[w]}}'.format_map({'a': 1, 'b': {'w': 10**9}}) }}",
        SIZE,
    ),
    "format width of a text marked safe": (
        "{{ ('{0:>{1[0]}}'|safe).format('a', [10**9]) }}",
        SIZE,
    ),
    "format widths adding up": ("{{ ('{0:>99999}' * 9000).format(1) }}", SIZE),
    "format argument repeated": ("{{ ('{0}' * 30000).format('x' * 99999) }}", SIZE),
    "format filter": ("{{ '%1000000000s'|format('x') }}", SIZE),
    "format filter named width": ("{{ '%(a)1000000000s'|format(a=1) }}", SIZE),
    "ljust": ("{{ 'x'.ljust(10**9) }}", SIZE),
    "zfill": ("{{ '1'.zfill(10**9) }}", SIZE),
    "expandtabs": ("{{ ('\t' * 1000).expandtabs(10**6) }}", SIZE),
    "center filter": ("{{ 'x'|center(10**9) }}", SIZE),
    "center filter block": ("{% filter center(10**9) %}x{% endfilter %}", SIZE),
    "indent filter": ("{{ ('\n' * 50000)|indent(50000) }}", SIZE),
    "batch filter": ("{{ [1]|batch(10**9, 0)|list }}", SIZE),
    "replace method": ("{{ ('x' * 1000).replace('x', 'x' * 1000) }}", SIZE),
    "replace filter": ("{{ ('x' * 1000)|replace('x', 'x' * 1000) }}", SIZE),
    "join method": ("{{ ('x' * 90000).join(range(9000)|map('string')) }}", SIZE),
    "join filter": ("{{ range(9000)|join('x' * 90000) }}", SIZE),
    "loop repeating text": ("{% for i in range(9000) %}" + "x" * 100 + "{% endfor %}", SIZE),
    "loop printing": ("{% for i in range(9000) %}{{ 'y' * 90000 }}{% endfor %}", SIZE),
    "combinations of too many things": ("{{ comb(10**9, 2) }}", WORK),
    "combinations of too many digits": ("{{ comb(10000, 5000) }}", WORK),
    "permutations of too many digits": ("{{ perm(10000, 10000) }}", WORK),
    "recursive loop": (
        "{% for i in range(10000) recursive %}"
        "{% if loop.depth == 1 %}{{ loop(range(10000)) }}{% endif %}{% endfor %}",
        WORK,
    ),
    "many long strings": ("{{ range(10000)|map('center', 99999)|list|length }}", SIZE),
    "loop making long strings": (
        "{% for i in range(10000) %}{% set x = 'y' * 99999 %}{% endfor %}",
        SIZE,
    ),
    "to_bytes": ("{{ (1).to_bytes(10**9, 'big') }}", SIZE),
    "bytes times a billion": ("{{ 'x'.encode() * 10**9 }}", SIZE),
    "translate": ("{{ ('x' * 99999).translate({120: 'y' * 99999}) }}", SIZE),
    "tojson indent": ("{{ range(10000)|list|tojson(indent=99999) }}", SIZE),
    "sum of lists": ("{{ ([range(10000)|list] * 10000)|sum(start=[]) }}", SIZE),
    "printing a list of long strings": (
        "{% set a = 'x' * 99999 %}{% set b = [a] * 99999 %}{{ b }}",
        SIZE,
    ),
    "doubling a nested list": (
        "{% set ns = namespace(l=['x' * 1000]) %}{% for i in range(60) %}"
        "{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ ns.l|string|length }}",
        SIZE,
    ),
    "block set": (
        "{% set big %}{% for i in range(9000) %}{{ 'y' * 90000 }}{% endfor %}{% endset %}",
        SIZE,
    ),
}


def _measured(run: Any) -> tuple[TemplateProblem, float, int]:
    """The problem raised, the CPU seconds taken and the peak memory allocated (measured in a
    second run: tracing allocations slows Python down)."""
    started = time.process_time()
    with pytest.raises(TemplateProblem) as caught:
        run()
    seconds = time.process_time() - started
    tracemalloc.start()
    try:
        with pytest.raises(TemplateProblem):
            run()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return caught.value, seconds, peak


@pytest.mark.parametrize("case", sorted(HOSTILE), ids=sorted(HOSTILE))
def test_a_hostile_template_stops_at_once_with_its_code(case: str) -> None:
    source, code = HOSTILE[case]
    problem, seconds, peak = _measured(lambda: render(source, {}))
    assert problem.code == code, str(problem)
    assert problem.hint and "Template limits" in problem.hint
    assert source in str(problem)
    assert seconds < 1.0, f"{case} ran for {seconds:.2f} s"
    assert peak < 20_000_000, f"{case} allocated {peak / 1e6:.0f} MB"


def test_a_printf_width_over_the_limit_is_said_alike_for_every_card() -> None:
    """The cards that share a template share one diagnostic: the widths are checked before
    the length of each card's own value is added to them."""
    said = set()
    for name in ("x", "xyz"):
        with pytest.raises(TemplateProblem) as raised:
            render("{{ '%(a)999999999s' % {'a': card.name} }}", {"card": {"name": name}})
        said.add(str(raised.value))
    assert len(said) == 1 and "999,999,999 characters" in said.pop()


@pytest.mark.parametrize(
    "source",
    ["10**(10**10) > 1", "('x' ~ 'y') * 10**8", "range(10**6)|length"],
)
def test_a_hostile_expression_is_bounded_too(source: str) -> None:
    problem, seconds, _ = _measured(lambda: evaluate(source, {}))
    assert problem.code in (WORK, SIZE) and seconds < 1.0


def test_each_rendering_has_its_own_budget() -> None:
    """Many renderings near the limit are each fine: the budget is per rendering."""
    source = "{% for i in range(9000) %}{% endfor %}{{ card.name }}"
    for number in range(5):
        assert render(source, {"card": {"name": f"card {number}"}}) == f"card {number}"


def test_a_game_has_one_budget_for_all_its_renderings() -> None:
    """22 renderings of 9,000 steps fit in a game's 200,000; the 23rd runs out part way and
    stops; afterwards an ordinary template still renders, a costly one stops at 100 steps."""
    costly = "{% for i in range(9000) %}{% endfor %}{{ n }}"
    with game_budget():
        assert [render(costly, {"n": n}) for n in range(22)] == [str(n) for n in range(22)]
        with pytest.raises(TemplateProblem, match="game's templates together took 200,000"):
            render(costly, {"n": 22})
        assert render("{{ card.name|upper }}", {"card": {"name": "ion"}}) == "ION"
        started = time.process_time()
        with pytest.raises(TemplateProblem, match="more than 100 steps"):
            render(costly, {"n": 23})
        assert time.process_time() - started < 0.05
    assert render(costly, {"n": 24}) == "24"  # outside a game, only the rendering's own limit


def test_ordinary_templates_render_as_before() -> None:
    card = {"name": "Death Ray", "damage": 4, "effect": "Fires once."}
    assert render("{{ card.name }}: {{ card.damage * 2 }} damage", {"card": card}) == (
        "Death Ray: 8 damage"
    )
    assert render("{{ range(1, 7)|join(', ') }}", {}) == "1, 2, 3, 4, 5, 6"
    assert render("{{ '%d credits' % 1000000 }}, {{ '{} gold'.format(10**9) }}", {}) == (
        "1000000 credits, 1000000000 gold"
    )
    assert render("{{ 2 ** 100 }}", {}) == str(2**100)
    assert render("{{ 'ab' ~ 'cd' }} {{ [1] + [2] }} {{ '-' * 20 }}", {}) == (
        "abcd [1, 2] --------------------"
    )
    assert render("{% for i in range(3) %}{{ loop.index }}{% endfor %}", {}) == "123"
    assert evaluate("[1, 2, 3]|sum == 6", {}) is True
    assert evaluate("{1000000: 'a'}.get(1000000)", {}) == "a"
    assert render("{{ range(5000)|map('string')|join(',')|length }}", {}) == "23889"


@pytest.mark.parametrize(
    ("source", "rendered"),
    [
        ("{{ '%(a)5s|%(b)-3d|' % {'a': 'x', 'b': 7} }}", "    x|7  |"),
        ("{{ '%(a(b))3s' % {'a(b)': 1} }}", "  1"),
        ("{{ '%%99999999d %*d %.2f' % (3, 4, 3.14159) }}", "%99999999d   4 3.14"),
        ("{{ '%(n)04d'|format(n=7) }}", "0007"),
    ],
)
def test_a_printf_template_within_the_limit_renders(source: str, rendered: str) -> None:
    """Mapping keys, '%%' and '*' are read as Python reads them: '%%99999999d' is text."""
    assert render(source, {}) == rendered


@pytest.mark.parametrize(
    "source",
    ["{{ '{0:>{1.w}}'.format('a', card) }}", "{{ '{n:>{c[w]}}'.format_map({'n': 1, 'c': card}) }}"],
    ids=["field", "item"],
)
def test_a_format_width_from_the_data_is_refused_before_it_pads(source: str) -> None:
    """A width taken from a card's field is known only when the field is read."""
    problem, seconds, peak = _measured(lambda: render(source, {"card": {"w": 10**9}}))
    assert problem.code == SIZE and "1,000,000,000 characters" in str(problem)
    assert seconds < 1.0 and peak < 20_000_000


@pytest.mark.parametrize(
    ("source", "rendered"),
    [
        ("{{ '{0:>{1[0]}}|{n:^5}|{2:.2f}'.format('a', [3], 3.14159, n='b') }}", "  a|  b  |3.14"),
        ("{{ '{a:>{b[w]}}'.format_map({'a': 1, 'b': {'w': 3}}) }}", "  1"),
        ("{{ ('<{}>'|safe).format('<b>') }}", "<&lt;b&gt;>"),
        ("{% set f = '{:>60000}'.format %}{{ f(1)|length }} {{ f(2)|length }}", "60000 60000"),
    ],
    ids=["nested widths", "format_map", "marked safe", "one method, two calls"],
)
def test_a_format_template_within_the_limit_renders(source: str, rendered: str) -> None:
    """Each call counts its own fields; a text marked safe escapes its fields, as Jinja2's."""
    assert render(source, {}) == rendered


def test_running_out_of_memory_is_not_blamed_on_the_template() -> None:
    """A MemoryError is a bound the sandbox missed: it reaches printkit's internal-error
    report (PK900), not a diagnostic saying the template's 'value is out of range'."""

    def exhausted() -> None:
        raise MemoryError

    context = {"exhausted": Helper("exhausted", exhausted, loose=True)}
    with pytest.raises(MemoryError):
        render("{{ exhausted() }}", context)
    with pytest.raises(MemoryError):
        evaluate("exhausted()", context)


def test_lists_and_dicts_are_read_only() -> None:
    """`x.extend(x)` would double a list without making a new one; mutation is refused, of the
    game's lists (views, which have no such method) and of the template's own (the sandbox)."""
    with pytest.raises(TemplateProblem, match="has no field 'extend'"):
        render("{{ items.extend(items) }}", {"items": [1, 2]})
    with pytest.raises(TemplateProblem, match="unsafe"):
        render("{% set items = [1, 2] %}{{ items.extend(items) }}", {})


def test_a_key_a_template_s_mapping_lacks_is_worded_only_when_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`d[k] is defined` over a large mapping asked for a 'did you mean' at every miss (37 s
    for 3,000 misses, work the step budget does not count): the hint is worded only when the
    missing key is reported, and then names the key meant."""
    import printkit.sandbox.environment as environment

    keys = ", ".join(f"'q{i}': {i}" for i in range(2000))
    source = f"{{% set d = {{{keys}}} %}}{{{{ d['q5'] is defined and d['x1'] is defined }}}}"

    def asked(*_: object, **__: object) -> str:
        raise AssertionError("a 'did you mean' was worded for a miss nobody reported")

    with monkeypatch.context() as patched:
        patched.setattr(environment, "did_you_mean", asked)
        assert render(source, {}) == "False"
    with pytest.raises(TemplateProblem, match=r"has no key 'q20000' \(did you mean 'q200"):
        render(f"{{% set d = {{{keys}}} %}}{{{{ d['q20000'] }}}}", {})


@pytest.mark.parametrize(
    "source",
    [
        "{{ row.max }}",  # printed as a field alone (the fast path)
        "{{ row.min }}–{{ row.max }}",
        "{{ row['max'] }} cards",  # through the compiled template
        "{{ row.min ~ '–' ~ row.max }}",
        "{% set end = row.max %}up to {{ end }}",
    ],
)
def test_a_value_that_is_none_is_refused_where_it_is_printed(source: str) -> None:
    """'3–None' on a sheet: Python's word for a value the data leaves unset never prints."""
    with pytest.raises(TemplateProblem) as refused:
        render(source, {"row": {"min": 3, "max": None}})
    assert "a value it prints is none" in str(refused.value)
    assert "row_key(table, row)" in (refused.value.hint or "")


def test_a_value_that_is_none_may_be_tested_and_replaced() -> None:
    row = {"row": {"min": 3, "max": None}}
    assert render("{{ row.min }}{% if row.max is not none %}–{{ row.max }}{% endif %}", row) == "3"
    assert render("{{ row.min }}–{{ row.max if row.max is not none else '' }}", row) == "3–"
    assert evaluate("row.max is none", row) is True


@pytest.mark.parametrize(
    "source",
    [
        "comb(5, values.hand_sise)",
        "range(values.hand_sise)",
        "dict(a=values.hand_sise)",
        "values.hand_sise | round",
        "[1, 2][values.hand_sise]",
    ],
)
def test_a_name_that_is_not_there_is_the_one_fault_of_what_uses_it(source: str) -> None:
    """A helper, filter or index given a misspelt name fails as the name does anywhere else,
    not as a second fault of the wrong kind in the words of Jinja2's classes."""
    with pytest.raises(TemplateProblem) as raised:
        evaluate(source, {"values": {"hand_size": 3}})
    assert raised.value.code is None  # the missing name, not PK406
    assert "no field 'hand_sise' (did you mean 'hand_size'?)" in str(raised.value)
    assert "ndefined" not in str(raised.value)


def test_a_value_that_is_not_defined_is_described_in_words() -> None:
    assert describe(StrictUndefined(name="hand_sise")) == "a name that is not defined"
