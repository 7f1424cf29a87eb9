"""`No. {{ card.number }}` is printed without making a Jinja2 context (expressions._pieces):
whatever the value, the text or the failure is the compiled template's, word for word."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import BaseModel

from printkit.sandbox.expressions import TemplateProblem, _pieces, _template, render


class Ship(BaseModel):
    name: str
    shields: int
    crew: list[str]


@dataclass
class Hex:
    terrain: str
    cost: float | None


VALUES: dict[str, Any] = {
    "text": "Death Ray",
    "number": 4,
    "fraction": 2.5,
    "nothing": None,
    "flag": True,
    "items": [1, "two", 3.0],
    "table": {"damage": 4, "name": "Laser", "nested": {"deep": [1, 2]}, "items": 9},
    "ship": Ship(name="Nova", shields=10, crew=["Ann", "Bo"]),
    "hex": Hex("forest", None),
    "long": "x" * 120_000,
}
TEMPLATES = [
    "{{ card }}",
    "{{card}}",
    "{{ card.name }}",
    "{{  card.damage  }}",
    "{{ card.nested.deep }}",
    "{{ card.missing }}",
    "{{ card.items }}",
    "{{ card.crew }}",
    "{{ card.shields }}",
    "{{ card.terrain }}",
    "{{ card.cost }}",
    "{{ card.upper }}",
    "{{ card.__class__ }}",
    "{{ card.name.missing }}",
    "{{ other.name }}",
    "No. {{ card.name }}",
    "{{ card.name }} / {{ card.damage }} dmg",
    "Crew:\n{{ card.crew }} and {{ deck.name }}",
    "{{ card.name }} {{ card.missing }}",
    "{{ card.name }}\n",
    "a }} {{ card.name }}",
    "a\r\n{{ card.name }}",
]


def _compiled(source: str, context: dict[str, Any]) -> str:
    """The template rendered by Jinja2 itself, as `render` did for every template."""
    from printkit.sandbox.environment import budget

    with budget():
        return _template(source).render(context)


def _outcome(run: Any, source: str, context: dict[str, Any]) -> tuple[str, str]:
    try:
        return ("text", run(source, context))
    except TemplateProblem as problem:
        return ("problem", f"{problem} | {problem.code} | {problem.hint}")


def _through_jinja(source: str, context: dict[str, Any]) -> str:
    try:
        return _compiled(source, context)
    except Exception as error:
        from printkit.sandbox.expressions import _problem

        raise _problem(source, error) from None


@pytest.mark.parametrize("source", TEMPLATES)
@pytest.mark.parametrize("value", sorted(VALUES))
def test_a_printed_field_is_what_jinja_prints(source: str, value: str) -> None:
    context = {"card": VALUES[value], "deck": {"name": "d"}}
    assert _outcome(render, source, context) == _outcome(_through_jinja, source, context)


def test_only_texts_and_printed_fields_take_the_short_way() -> None:
    assert _pieces("{{ card.name }}") == (("card", ("name",)),)
    assert _pieces("{{card}}") == (("card", ()),)
    assert _pieces("No. {{ card.a.b }}!") == ("No. ", ("card", ("a", "b")), "!")
    assert _pieces("{{ card.name }}{{ card.name }}") == (("card", ("name",)),) * 2
    for other in (
        "{{ card.name }}\n",  # Jinja2 drops a trailing newline
        "a\r\n{{ card.name }}",  # and writes a line break as \n
        "{{- card.name -}}",
        "{{ card.name | upper }}",
        "{{ card['name'] }}",
        "{{ card.0 }}",
        "{{ true.x }}",
        "{{ none }}",
        "a }} {{ card.name }}",
        "{% if card %}x{% endif %}",
        "{# note #}{{ card.name }}",
    ):
        assert _pieces(other) is None, other
