"""Named values (check/values.py): every `values.NAME` a rule, claim, example or material uses
is defined, each use of an undefined one reported once at its string, with 'did you mean' for
a misspelling; and a template that fails for another reason is still reported by the prose
check, not taken for an undefined value."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import GOOD

from check.rules_data import findings, line_of, with_blocks
from printkit.check.prose import check_prose
from printkit.check.values import check_values_defined, used_values, uses_undefined, value_uses
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package


def _add_hint(name: str) -> str:
    return (
        f"add rules.values.{name}, or, when the rule text never states it, an erratum "
        f"(code PK535) that plays rules.values.{name}"
    )


def test_a_context_whose_values_is_no_mapping_misses_no_value() -> None:
    """A sheet's repeated item named `values` (refused since, PK122) made `values` a number:
    reading its keys was an internal error (PK900) in validate and build."""
    assert uses_undefined("{{ values.rounds }}", {"values": {"health": 1}})
    assert uses_undefined("{{ values.rounds }}", {})  # no values at all: none is defined
    assert not uses_undefined("{{ values.rounds }}", {"values": {"rounds": 1}})
    assert not uses_undefined("{{ values.rounds }}", {"values": 1})
    assert not uses_undefined("{{ values.rounds }}", {"values": [1, 2]})


def test_the_forms_of_a_value_use_and_what_is_not_one() -> None:
    source = (
        "{{ values.a }} {{ values['b'] }} {{ values[ \"c\" ] }} {{ rules.values.d }} "
        "{{ card.values.e }} {{ values.items() }} {{ myvalues.f }} {{ values.g(1) }}"
    )
    assert value_uses(source) == {"a", "b", "c", "d"}


def test_each_undefined_value_is_reported_at_the_string_using_it(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        values="""
        hand: 1
        crew: 3
        """,
        setup="""
        - id: deal
          text: Deal {{ values.hand }}, {{ values.zeta }} and {{ values.hands }} cards.
        """,
        claims="""
        crewed:
          text: A ship has crew.
          check: values['crewe'] > 0
        """,
        examples="""
        near_one:
          text: A target one step away is near.
          inputs: {distance: 1}
          outcome: {band: near}
          compute:
            band: lookup('reach', distance + rules.values.reach_bonus).id
        """,
        materials="""
        crew_sheet:
          kind: sheet
          title: Crew
          elements:
            - {kind: heading, text: "Crew {{ values.crew }}"}
            - kind: row
              elements:
                - {kind: stat, id: crew, label: Crew, note: "base {{ values.morale }}"}
        """,
    )
    assert used_values(loaded.package) == {
        "hand",
        "zeta",
        "hands",
        "crewe",
        "reach_bonus",
        "crew",
        "morale",
    }
    found = Diagnostics()
    check_values_defined(loaded.package, loaded.spans, found)
    deal = line_of(lines, "Deal {{")
    assert findings(found) == [
        (
            "PK535",
            deal,
            "value 'hands' is used here but never defined",
            "did you mean 'hand'?",
        ),
        ("PK535", deal, "value 'zeta' is used here but never defined", _add_hint("zeta")),
        (
            "PK535",
            line_of(lines, "values['crewe']"),
            "value 'crewe' is used here but never defined",
            "did you mean 'crew'?",
        ),
        (
            "PK535",
            line_of(lines, "reach_bonus"),
            "value 'reach_bonus' is used here but never defined",
            _add_hint("reach_bonus"),
        ),
        (
            "PK535",
            line_of(lines, "values.morale"),
            "value 'morale' is used here but never defined",
            _add_hint("morale"),
        ),
    ]


def test_a_package_without_rules_defines_no_value(tmp_path: Path) -> None:
    folder = tmp_path / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8")
        + "  card_sheet:\n    kind: sheet\n    title: Hand\n"
        + '    elements: [{kind: heading, text: "{{ values.hand }} cards"}]\n',
        encoding="utf-8",
    )
    loading = Diagnostics()
    loaded = load_package("minimal_deck", folder, loading)
    assert loaded is not None and not list(loading), [str(d) for d in loading]
    assert loaded.package.rules is None
    found = Diagnostics()
    check_values_defined(loaded.package, loaded.spans, found)
    line = line_of(game.read_text(encoding="utf-8").splitlines(), "{{ values.hand }}")
    assert findings(found) == [
        ("PK535", line, "value 'hand' is used here but never defined", _add_hint("hand"))
    ]


def test_a_defined_value_in_prose_that_fails_otherwise_is_reported_by_the_prose_check(
    tmp_path: Path,
) -> None:
    """Prose leaves a failure to PK535 only when it uses an undefined value."""
    loaded, lines = with_blocks(
        tmp_path,
        setup="""
        - id: deal
          text: Deal {{ values.hand | no_such_filter }} card.
        - id: again
          text: Deal {{ values.cards | no_such_filter }} card.
        """,
    )
    found = Diagnostics()
    check_prose(loaded.package, loaded.spans, found)
    assert [(code, line) for code, line, _, _ in findings(found)] == [
        ("PK220", line_of(lines, "values.hand"))
    ]
