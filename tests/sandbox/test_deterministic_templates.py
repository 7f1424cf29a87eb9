"""A template can call nothing that reads the clock, the machine or a random number: a shipped
game whose quick reference uses every global and filter the sandbox has left builds to the same
bytes twice, in processes with different hash seeds."""

from __future__ import annotations

from pathlib import Path

from jinja2 import nodes
from support import RULE_DATA
from test_determinism import build_in_subprocess

from printkit.sandbox.environment import BoundedEnvironment

# One line per filter and global; each prints something of the game's data, or a number.
EVERY_FILTER_AND_GLOBAL = """\
# {{ game.title }}: every filter

{% set names = sections | list %}{% set c = cycler('a', 'b') %}{% set j = joiner(', ') %}
{%- set ns = namespace(n=0) %}
- globals: {% for i in range(3) %}{{ j() }}{{ c.next() }}{% set ns.n = ns.n + i %}{% endfor %} \
{{ ns.n }} {{ dict(a=1) | length }} {{ comb(5, 2) }} {{ perm(5, 2) }}
- {{ -3 | abs }} {{ game | attr('title') }} {{ names | batch(2) | list | length }}
- {{ game.title | capitalize }} {{ 'x' | center(5) | length }} {{ names | count }}
- {{ nothing | d('none') }} {{ nothing | default('none') }}
- {{ values | dictsort | map('first') | join(' ') }}
- {{ '<b>' | e | length }} {{ '<b>' | escape | length }} {{ 123456 | filesizeformat }}
- {{ names | first }} {{ '2.5' | float }} {{ 'a&b' | forceescape | length }}
- {{ '%s-%d' | format('a', 3) }} {{ entries_of('table') | groupby('kind') | length }}
- {{ 'a\nb' | indent(2) | length }} {{ '7' | int }} {{ values | items | list | length }}
- {{ names | join(', ') }} {{ names | last }} {{ names | length }} {{ 'abc' | list | length }}
- {{ game.title | lower }} {{ entries_of('section') | map(attribute='id') | join(' ') }}
- {{ [3, 1, 2] | max }} {{ [3, 1, 2] | min }} {{ values | pprint | length }}
- {{ [1, 2, 3] | reject('odd') | list | length }} \
{{ entries_of('section') | rejectattr('id', 'none') | list | length }}
- {{ game.title | replace(' ', '_') }} {{ names | reverse | join(' ') }} {{ 2.567 | round(1) }}
- {{ 'x' | safe }} {{ [1, 2, 3] | select('odd') | list | length }}
- {{ entries_of('section') | selectattr('kind', 'eq', 'section') | list | length }}
- {{ names | slice(2) | list | length }} {{ names | sort | join(' ') }} {{ 3 | string }}
- {{ '<i>a</i>' | striptags }} {{ [1, 2] | sum }} {{ 'a b' | title }}
- {{ tables | tojson | length }} {{ ' a ' | trim }} {{ game.title | truncate(10) }}
- {{ [1, 1, 2] | unique | list | length }} {{ game.title | upper }} {{ 'a b' | urlencode }}
- {{ 'see https://example.org' | urlize | length }} {{ game.title | wordcount }}
- {{ 'a b c' | wordwrap(3) | length }} {{ {'a': 1} | xmlattr | length }}
"""


def test_the_template_uses_every_filter_and_global_there_is() -> None:
    environment = BoundedEnvironment()
    tree = environment.parse(EVERY_FILTER_AND_GLOBAL)
    assert {node.name for node in tree.find_all(nodes.Filter)} == set(environment.filters)
    assert set(environment.globals) <= {node.name for node in tree.find_all(nodes.Name)}
    assert "random" not in environment.filters and "lipsum" not in environment.globals


def test_a_game_built_twice_with_every_filter_and_global_gives_the_same_bytes(
    tmp_path: Path,
) -> None:
    rule_data = tmp_path / "rule_data"
    game = rule_data / "shields_dice"
    game.mkdir(parents=True)
    for source in (RULE_DATA / "shields_dice").iterdir():
        (game / source.name).write_bytes(source.read_bytes())
    (game / "quick_reference.md.j2").write_text(EVERY_FILTER_AND_GLOBAL, encoding="utf-8")
    build_in_subprocess(rule_data, "shields_dice", tmp_path / "first", seed="1")
    build_in_subprocess(rule_data, "shields_dice", tmp_path / "second", seed="2")
    first = sorted((tmp_path / "first" / "shields_dice").iterdir())
    assert any(path.name.startswith("quick_reference") for path in first)
    for path in first:
        again = tmp_path / "second" / "shields_dice" / path.name
        assert path.read_bytes() == again.read_bytes(), f"{path.name} differs between builds"
