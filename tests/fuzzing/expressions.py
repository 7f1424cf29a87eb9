"""Jinja2 expressions and templates for the sandbox: the attacks the issue lists, and a small
grammar that composes names of the rules context, hostile numbers, filters, operators and the
methods a model object would offer, so variations beyond the known attacks are reachable.

The same expressions serve claims, examples, sheet cells, generated-deck templates, card text
and reference templates: each surface must stop every one of them with a located diagnostic.
"""

from __future__ import annotations

import random
import re

# Names the rules context offers (printkit/model/rules_context.py) and the reference helpers.
CONTEXT_NAMES = (
    "game", "components", "materials", "decks", "data", "rules", "sections", "setup",
    "structure", "phases", "actions", "tables", "end_conditions", "variants", "abilities",
    "glossary", "values", "claims", "examples", "nope",
)  # fmt: skip
HELPER_CALLS = (
    "ref('nope')", "ref(none)", "term('nope')", "term(none)", "lookup('nope', 1)",
    "lookup(none, none)", "lookup('luck', 10**100)", "rows('nope')", "covered('nope')",
    "covered(none)", "title(none)", "title('x')", "named(none)", "home(none)",
    "row_key(none, none)", "key_heading(none)", "cell(none)", "anchor(none)",
    "anchor('x' * 5000)", "prose(none)",
    "prose('{{ 1 // 0 }}')", "prose('{{ prose(\"x\") }}')", "entries_of(none)",
    "section_title(none)", "uncovered | length", "after_colon(none)", "after_colon('')",
)  # fmt: skip
# Attributes a data view must not offer: pydantic and Python methods, dunders, mutators.
OBJECT_ATTRIBUTES = (
    "model_dump_json(indent=10**7)", "model_dump_json(indent=10**4)", "model_dump()",
    "model_copy(deep=True)", "copy()", "model_json_schema()", "model_fields", "__class__",
    "__dict__", "__class__.__mro__", "__init__.__globals__", "keys()", "items()", "values()",
    "pop('x')", "append(1)", "update({})", "clear()", "setdefault('x', 1)", "__len__()",
    "__sizeof__()", "__reduce_ex__(2)", "model_construct()", "schema_json(indent=10**7)",
)  # fmt: skip
FILTERS = (
    "length", "sum", "first", "last", "list", "sort", "unique", "max", "min", "round", "int",
    "float", "string", "join", "join('x' * 10**5)", "batch(10**6)", "slice(10**6)",
    "map(attribute='name')", "selectattr('count')", "reject", "dictsort", "tojson",
    "tojson(indent=10**6)", "truncate(-1)", "truncate(10**9)", "wordwrap(-1)", "wordwrap(0)",
    "center(10**7)", "indent(10**7)", "replace('', 'x' * 1000)", "format(1)", "default(none)",
    "abs", "pprint", "attr('__class__')", "items", "reverse", "random", "shuffle", "wordcount",
    "urlize", "xmlattr", "title", "capitalize", "filesizeformat", "striptags", "e", "safe",
    "groupby('x')", "sum(start=[])", "int(base=1)", "string | list", "nope",
)  # fmt: skip
OPERATORS = ("+", "-", "*", "/", "//", "%", "**", "~", "==", "<", "and", "or", "in")
NUMBERS = (
    "0", "-1", "1", "7", "0.5", "1e308", "-1e308", "1e-308", "10**100", "10**1000", "2**63",
    "2.0 ** 5000", "(0.0)", "-0.0", "'nan' | float", "'inf' | float", "none", "true",
)  # fmt: skip
STRINGS = ("''", "'x'", "'x' * 1000", "'\\u202e'", "'{{ 1 }}'", "'%s'", "'{0}'")

# The attacks the issue lists, written as expressions (claims, examples, sheet cells...).
KNOWN_EXPRESSIONS = (
    "rules.model_dump_json(indent=10**7) | length > 0",
    "components.model_dump_json(indent=10**7) | length > 0",
    "1 // 0 == 0",
    "2.0 ** 5000 > 0",
    "covered('nope') | length == 0",
    "title(none) == ''",
    "'abc' | truncate(-1) == ''",
    "range(10) | random >= 0",
    "lipsum(1) | length > 0",
    "random(range(10)) >= 0",
    "range(10**9) | list | length > 0",
    "rules.__class__.__mro__ | length > 0",
    "(rules | string) * 10**6 | length > 0",
    "'%s' % rules | length > 0",
    "[rules] * 10**5 | tojson | length > 0",
    "'{:>999999999}'.format(1) | length > 0",
    "'%.*f' % (10**6, 1) | length > 0",
    "10 ** 10 ** 10 > 0",
    "1e308 * 10 > 0",
    "(10 ** 1000) / 3 > 0",
    "5 % 0 == 0",
    "namespace(x=1).x == 1",
    "cycler(1, 2).next() == 1",
    "self.__init__.__globals__ is defined",
)


def random_expression(rng: random.Random, depth: int = 2) -> str:
    """A random expression: an atom, an attribute or call on it, a filter, or an operator."""
    choice = rng.randrange(7) if depth > 0 else rng.randrange(3)
    if choice == 0:
        return rng.choice(NUMBERS)
    if choice == 1:
        return rng.choice(STRINGS)
    if choice == 2:
        name = rng.choice(CONTEXT_NAMES)
        if rng.random() < 0.5:
            return f"{name}.{rng.choice((*OBJECT_ATTRIBUTES, 'x', 'deck', 'title'))}"
        return name
    if choice == 3:
        return rng.choice(HELPER_CALLS)
    inner = random_expression(rng, depth - 1)
    if choice == 4:
        return f"({inner}) | {rng.choice(FILTERS)}"
    if choice == 5:
        return f"({inner}) {rng.choice(OPERATORS)} ({random_expression(rng, depth - 1)})"
    return f"[{inner}, {random_expression(rng, depth - 1)}] | {rng.choice(FILTERS)}"


NONDETERMINISTIC = re.compile(r"\|\s*random\b|\brandom\(|\blipsum\(")


def nondeterministic(text: str) -> bool:
    """Whether a template or expression asks for `random` or `lipsum`, which the sandbox must
    not offer: a build that uses them need not give the same bytes twice."""
    return bool(NONDETERMINISTIC.search(text))


def expression(rng: random.Random, known: bool) -> str:
    return rng.choice(KNOWN_EXPRESSIONS) if known else random_expression(rng, rng.randint(1, 3))


def template_text(rng: random.Random, known: bool) -> str:
    """A one-line template: text around an expression, a statement, or a hostile string."""
    if known or rng.random() < 0.5:
        return "Value {{ " + expression(rng, known) + " }}."
    return rng.choice(TEMPLATE_STATEMENTS)


TEMPLATE_STATEMENTS = (
    "{% for i in range(10**6) %}x{% endfor %}",
    "{% for i in range(10000) %}{% for j in range(10000) %}x{% endfor %}{% endfor %}",
    "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
    "{% set x = namespace(v=1) %}{% for i in range(10000) %}{% set x.v = x.v * 9 %}{% endfor %}",
    "{% include 'nope.j2' %}",
    "{% import 'quick_reference.md.j2' as q %}{{ q }}",
    "{% raw %}{{{% endraw %}",
    "{{ lipsum() }}",
    "{{ range(5) | random }}",
    "{% if %}",
    "{{",
    "{% endfor %}",
    "{# unclosed",
    "{{ 1 // 0 }}",
    "{{ 2.0 ** 5000 }}",
    "{{ 'x' | truncate(-1) }}",
)
