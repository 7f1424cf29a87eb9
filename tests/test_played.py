"""The played rules: errata's `plays` applied to the package, printed by every material, and
checked again so that no fault an erratum resolves is printed."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pypdf
import pytest
from support import GOOD, RULE_DATA, run_cli

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.load.played import parse_path, path_text, play_errata
from printkit.reference.compose import compose, reference_context
from printkit.reference.errata import NOT_STATED, Change

GAMES = sorted(p.name for p in RULE_DATA.iterdir() if (p / "rules.yaml").exists())
# Findings a printed table, tie-break, rounding or value would carry into print.
DATA_FAULTS = {"PK505", "PK506", "PK510", "PK511", "PK512", "PK515", "PK516", "PK535"}


def _text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(pdf).pages)


def _build(rule_data: Path, game: str, out: Path, *materials: str) -> Path:
    only = [option for material in materials for option in ("--only", material)]
    result = run_cli("--rule-data", rule_data, "build", game, *only, "--out", out)
    assert result.exit_code == 0, result.output
    return out / game


def _raise_shields_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "rule_data" / "raise_shields"
    shutil.copytree(RULE_DATA / "raise_shields", copy)
    return copy


@pytest.fixture(scope="module")
def references(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("played")
    return _build(RULE_DATA, "raise_shields", out, "quick_reference", "rules_reference")


@pytest.mark.parametrize("document", ["quick_reference", "rules_reference"])
def test_raise_shields_references_print_the_played_ranges(references: Path, document: str) -> None:
    """The text's range table (1, 1–5, 7+) has an overlap and a gap; the errata play close
    2–5 and long 6+, and both references print that, never the text's rows."""
    text = _text(references / f"{document}.pdf")
    ranges = text[text.index("Ranges") :]
    assert re.search(r"\b1 Boarding range", ranges)
    assert re.search(r"2–5 Close range", ranges)
    assert re.search(r"\b6(\+| or more) Long range", ranges)
    assert "1–5 Close range" not in text and "7 or more Long range" not in text
    stress = text[text.index("Stress test") :]
    assert re.search(r"-6 or less The ship breaks apart", stress)
    assert re.search(r"mark one stress\. Halves round down\.", stress)
    # a result with no full stop of its own gets one before its rounding
    assert re.search(r"full cannons and crew\. Halves round down\.", text)
    assert "10 crew" in text  # the starting crew, played by erratum 'starting_crew'


def test_the_errata_appendix_says_what_the_text_says_and_what_printkit_plays(
    references: Path,
) -> None:
    text = _text(references / "rules_reference.pdf")
    appendix = text[text.rindex("Errata") :]
    assert "Ranges, row 2: the text says 1–5; printkit plays 2–5." in appendix
    assert "Ranges, row 3: the text says 7 or more; printkit plays 6 or more." in appendix
    assert "Base crew: the text says nothing; printkit plays 10." in appendix
    assert (
        "Morale roll, on a tie: the text says nothing; printkit plays the tied players" in appendix
    )


def test_changing_a_plays_value_changes_what_prints(tmp_path: Path) -> None:
    copy = _raise_shields_copy(tmp_path)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "plays: {rules.values.base_crew: 10}" in text
    rules.write_text(text.replace("base_crew: 10}", "base_crew: 12}"), encoding="utf-8")
    built = _build(copy.parent, "raise_shields", tmp_path / "out", "quick_reference", "roster")
    assert "12 crew" in _text(built / "quick_reference.pdf")
    assert "10 crew" not in _text(built / "quick_reference.pdf")
    roster = pypdf.PdfReader(built / "roster.pdf").pages[0].extract_text()
    assert "base 12" in roster and "base 10" in roster  # crew 12; shields and hull stay 10


def test_a_table_erratum_that_plays_nothing_leaves_an_error(tmp_path: Path) -> None:
    """An erratum that resolves a gap in words only excuses the text's finding, but the
    played rules still print the gap: an error (PK534) at the table."""
    copy = _raise_shields_copy(tmp_path)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    played = '    plays: {"rules.tables.stress_test.rows[5].min": null}\n'
    assert played in text
    rules.write_text(text.replace(played, "    wording_only: true\n", 1), encoding="utf-8")
    result = run_cli("--rule-data", copy.parent, "validate", "--format", "json")
    assert result.exit_code == 1
    errors = [d for d in json.loads(result.stdout)["diagnostics"] if d["severity"] == "error"]
    assert {d["code"] for d in errors} == {"PK534"}
    gap, restated = errors  # the quick table, still played as -6 or less, now disagrees
    assert "-7 and below" in gap["message"] and "'stress_floor'" in gap["message"]
    assert "'stress_test_quick' gives 'destroyed' as -6 and below" in restated["message"]


def test_plays_that_make_a_new_fault_are_an_error(tmp_path: Path) -> None:
    copy = _raise_shields_copy(tmp_path)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace('rows[1].min": 2}', 'rows[1].min": 3}', 1), encoding="utf-8")
    result = run_cli("--rule-data", copy.parent, "validate", "--format", "json")
    errors = [d for d in json.loads(result.stdout)["diagnostics"] if d["severity"] == "error"]
    assert {d["code"] for d in errors} == {"PK534"}
    assert any("make a fault the text does not have" in d["message"] for d in errors)
    assert any("no result for 2" in d["message"] for d in errors)


def test_shipped_games_validate_and_every_data_erratum_plays(tmp_path: Path) -> None:
    result = run_cli("validate", "--format", "json")
    assert result.exit_code == 0, result.output
    for game in GAMES:
        loaded = load_package(game, RULE_DATA / game, Diagnostics())
        assert loaded is not None
        for erratum in loaded.package.errata:
            if erratum.code in DATA_FAULTS:
                assert erratum.plays, f"{game}: erratum '{erratum.id}' resolves data in words"
            assert bool(erratum.plays) != erratum.wording_only


def _played(folder: Path, errata: str, tmp_path: Path) -> tuple[object, Diagnostics]:
    """Load a copy of `folder` with `errata` (YAML) appended, and play it."""
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    (copy / "errata.yaml").write_text(errata, encoding="utf-8")
    found = Diagnostics()
    loaded = load_package(copy.name, copy, found)
    assert loaded is not None, [str(d.message) for d in found]
    return play_errata(loaded, found), found


def _erratum(plays: str, name: str = "e") -> str:
    return (
        f"  - {{id: {name}, code: PK510, subject: x, text_says: a, resolution: b, "
        f"plays: {plays}}}\n"
    )


def test_the_played_package_is_a_package_and_the_text_stays_as_written(tmp_path: Path) -> None:
    erratum = _erratum('{"rules.tables.reach.rows[1].min": 3, rules.values.bonus: 2}')
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + erratum, tmp_path)
    assert not list(found)
    assert played.package.rules.tables["reach"].rows[1].min == 3
    assert played.package.rules.values["bonus"] == 2
    assert played.as_written.rules.tables["reach"].rows[1].min == 2
    assert "bonus" not in played.as_written.rules.values


@pytest.mark.parametrize(
    ("plays", "said"),
    [
        ("{rules.values.hand: two}", "a text, where the text has a number"),
        ("{rules.actions.draw.cots: 2}", "did you mean 'cost'"),
        ('{"rules.tables.reach.rows[5].min": 2}', "has 2 items"),
        ("{rules.actions.new_one: 2}", "has no entry 'new_one'"),
        ("{rules.actions.draw.cost: -1}", "cannot take"),
        ("{errata: []}", "errata cannot play errata"),
        ('{"rules.tables[": 1}', "not a data path"),
    ],
)
def test_a_bad_plays_entry_is_reported_and_left_out(tmp_path: Path, plays: str, said: str) -> None:
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + _erratum(plays), tmp_path)
    (problem,) = list(found)
    assert problem.code == "PK543"
    assert said in f"{problem.message} {problem.hint}"
    assert problem.span.file.endswith("errata.yaml") and problem.span.line == 2
    assert played.package.rules == played.as_written.rules


def test_two_errata_may_play_one_path_only_alike(tmp_path: Path) -> None:
    same = _erratum('{"rules.tables.reach.rows[1].min": 3}', "a")
    other = _erratum('{"rules.tables.reach.rows[1].min": 4}', "b")
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + same + same, tmp_path)
    assert not list(found)
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + same + other, tmp_path / "2")
    (problem,) = list(found)
    assert problem.code == "PK543" and "erratum 'a' plays it = 3" in problem.message
    assert played.package.rules.tables["reach"].rows[1].min == 3


@pytest.mark.parametrize(
    "text",
    ["rules.tables.ranges.rows[1].min", "rules.values.base_crew", "data.ships[0].upgrades[2][1]"],
)
def test_paths_read_and_write_as_templates_write_them(text: str) -> None:
    path = parse_path(text)
    assert path is not None and path_text(path) == text


def test_a_misspelt_new_value_is_unused_and_leaves_the_real_one_undefined(tmp_path: Path) -> None:
    copy = _raise_shields_copy(tmp_path)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("values.base_crew: 10", "values.base_crwe: 10"), "utf-8")
    result = run_cli("--rule-data", copy.parent, "validate", "--format", "json")
    found = json.loads(result.stdout)["diagnostics"]
    (unused,) = [d for d in found if d["code"] == "PK502"]
    assert "'base_crwe', which nothing uses" in unused["message"]
    assert "did you mean 'base_crew'" in unused["hint"]
    still = [d for d in found if d["code"] == "PK534"]
    assert len(still) == 3 and all("'base_crew'" in d["message"] for d in still)


def _changes(plays: str, tmp_path: Path) -> list[Change]:
    """What the errata appendix says one erratum with `plays` changes in the minimal rules,
    through the reference documents' own `changes()` helper."""
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + _erratum(plays), tmp_path)
    assert not list(found), [str(d.message) for d in found]
    return reference_context(played)["changes"](played.package.errata[0])


@pytest.mark.parametrize(
    ("plays", "change"),
    [
        # a row's field names the whole row, keyed as the table prints it
        ('{"rules.tables.reach.rows[1].min": 3}', Change("Reach, row 2", "2 or more", "3 or more")),
        ('{"rules.tables.luck.rows[0].roll": "2-5"}', Change("Luck, row 1", "2–6", "2–5")),
        ('{"rules.tables.prices.rows[1].key": duo}', Change("Prices, row 2", "pair", "duo")),
        # any other field of a row shows that field, named unless it is the result, the row
        # by its key as the table prints it (a player looks for roll 2–6, not the first row)
        (
            '{"rules.tables.prices.rows[1].result": three actions}',
            Change("Prices, key pair", "two actions", "three actions"),
        ),
        (
            '{"rules.tables.luck.rows[0].result": Lose two cards.}',
            Change("Luck, roll 2–6", "Lose a card", "Lose two cards"),
        ),
        (
            '{"rules.tables.reach.rows[0].id": close}',
            Change("Reach, number 0–1, id", "near", "close"),
        ),
        (
            '{"rules.tables.reach.rows[0].data": {cost: 2, long_range: false}}',
            Change("Reach, number 0–1, data", "nothing", "cost 2, long range no"),
        ),
        (
            '{"rules.tables.score.rows[1].halves": true, '
            '"rules.tables.score.rows[1].rounding": up}',
            Change("Score, row 2", "0", "0, halved, rounding up"),
        ),
        (
            '{"rules.tables.score.rows[2].halves": true, "rules.tables.score.rows[2].rounding": '
            "nearest}",
            Change("Score, row 3", "1 or more", "1 or more, halved, rounding to the nearest"),
        ),
        (
            '{"rules.tables.score.rows[0].halves": true}',
            Change("Score, row 1", "-1 or less", "-1 or less, halved, the rounding not stated"),
        ),
        # a table's domain is the numbers it covers, in the words of the coverage check
        (
            "{rules.tables.reach.domain.min: 1}",
            Change("Reach, the numbers it covers", "0 and above", "1 and above"),
        ),
        (
            "{rules.tables.reach.domain.max: 9}",
            Change("Reach, the numbers it covers", "0 and above", "0 to 9"),
        ),
        # a rule's field, named as a player would, its value rendered as prose
        ("{rules.actions.draw.per: round}", Change("Draw, counted per", "turn", "round")),
        ("{rules.actions.draw.limit: 2}", Change("Draw, limit", "1", "2")),
        ("{rules.actions.draw.halves: true}", Change("Draw, halves", "no", "yes")),
        (
            "{rules.actions.draw.text: 'Draw {{ values.hand }} card.'}",
            Change("Draw, text", "Draw a card for 1 action", "Draw 1 card"),
        ),
        (
            "{rules.glossary.pair.definition: both Twins}",
            Change("Pair, definition", "the two Twin cards", "both Twins"),
        ),
        ("{rules.actions.draw.decides: highest}", Change("Draw, decides", "nothing", "highest")),
        ("{rules.actions.draw.source_line: 12}", Change("Draw, source line", "nothing", "12")),
        # cross-references name their sections; an id no section has is said so
        (
            "{rules.structure.phases.turn.see: [winning, play]}",
            Change("Turn, refers to", "§2 Playing", "§3 Winning, §2 Playing"),
        ),
        (
            "{rules.structure.phases.turn.see: [nowhere]}",
            Change("Turn, refers to", "§2 Playing", "no section"),
        ),
        (
            "{rules.structure.phases.turn.see: []}",
            Change("Turn, refers to", "§2 Playing", "nothing"),
        ),
        # a setup step is named by its id, as a rule with no title
        (
            '{"rules.setup[0].text": Deal two.}',
            Change("Deal, text", "Deal 1 card to each player", "Deal two"),
        ),
        # a value, new or changed, by its name in words; anything else by its path
        ("{rules.values.extra_turns: 2}", Change("Extra turns", "nothing", "2")),
        ("{rules.values.hand: 2}", Change("Hand", "1", "2")),
        ("{rules.values.colours: [red, blue]}", Change("Colours", "nothing", "red, blue")),
        ("{rules.values.open: false}", Change("Open", "nothing", "no")),
        # only the full stop the template adds is taken off the end
        ("{rules.values.mark: X.}", Change("Mark", "nothing", "X")),
        ("{components.dice.count: 3}", Change("Components.dice.count", "2", "3")),
    ],
)
def test_the_errata_appendix_says_each_change_in_words(
    tmp_path: Path, plays: str, change: Change
) -> None:
    assert _changes(plays, tmp_path) == [change]


def test_a_row_whose_key_is_played_too_is_named_by_the_key_it_is_printed_with(
    tmp_path: Path,
) -> None:
    plays = '{"rules.tables.luck.rows[0].roll": "1-5", "rules.tables.luck.rows[0].result": Lose.}'
    assert _changes(plays, tmp_path) == [
        Change("Luck, row 1", "2–6", "1–5"),
        Change("Luck, roll 1–5", "Lose a card", "Lose"),
    ]


def test_a_row_played_in_two_fields_is_one_change_in_the_order_played(tmp_path: Path) -> None:
    plays = (
        '{rules.values.hand: 2, "rules.tables.score.rows[1].max": 1, '
        '"rules.tables.score.rows[1].min": -1, "rules.tables.score.rows[2].min": 2}'
    )
    assert _changes(plays, tmp_path) == [
        Change("Hand", "1", "2"),
        Change("Score, row 2", "0", "-1–1"),
        Change("Score, row 3", "1 or more", "2 or more"),
    ]


def test_a_change_inside_a_phase_step_is_named_by_the_step(tmp_path: Path) -> None:
    """A path inside a phase's step lies inside the phase too: the innermost rule, the step,
    names the change."""
    copy = _raise_shields_copy(tmp_path)
    rules = copy / "rules.yaml"
    plays = '{"rules.structure.phases.movement.steps[0].see": [movement_steps]}'
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("errata:\n", "errata:\n" + _erratum(plays), 1),
        encoding="utf-8",
    )
    found = Diagnostics()
    loaded = load_package(copy.name, copy, found)
    assert loaded is not None
    played = play_errata(loaded, found)
    erratum = next(e for e in played.package.errata if e.id == "e")
    assert reference_context(played)["changes"](erratum) == [
        Change("Check direction, refers to", "§4.2 Travel direction", "§4.1 How to move")
    ]


@pytest.mark.parametrize(
    ("plays", "message", "hint"),
    [
        (
            '{"rules.tables.reach.rows[2].min": 1}',
            "which does not exist: rules.tables.reach.rows has 2 items (counted from 0)",
            "give an index in range",
        ),
        (
            '{"rules.tables.reach.rows[-1].min": 1}',
            ", which is not a data path",  # an index is never negative
            "write the path as templates do: rules.tables.ranges.rows[1].min",
        ),
        (
            "{rules.tables.reach.rows.min: 1}",
            "which does not exist: rules.tables.reach.rows has 2 items (counted from 0)",
            "give an index in range",
        ),
        (
            '{"rules.setup[1].text": Deal.}',
            "which does not exist: rules.setup has 1 item (counted from 0)",
            "give an index in range",
        ),
        (
            "{rules.actions.draw.title.short: Draw}",
            "which does not exist: rules.actions.draw.title is not set in the data, so it has "
            "no 'short'",
            "shorten the path",
        ),
        (
            "{rules.actions.draw.cost.x: 1}",
            "which does not exist: rules.actions.draw.cost is a single value (1), so it has no 'x'",
            "shorten the path",
        ),
        (
            "{rulez.values.hand: 2}",
            "which does not exist: the package has no field 'rulez'",
            "did you mean 'rules'?",
        ),
        (
            '{"rules.tables.reach.rows[0][1]": 1}',
            "which does not exist: rules.tables.reach.rows[0] has no field '1'",
            "expected one of: data, halves, id, max, min, result, rounding",
        ),
        (
            "{rules.values.bonus.extra: 1}",
            "which does not exist: rules.values has no entry 'bonus'",
            "expected one of: hand",
        ),
        (
            "{rules.tables.reech.domain.min: 1}",
            "which does not exist: rules.tables has no entry 'reech'",
            "did you mean 'reach'?",
        ),
        (
            "{errata.x: 1}",
            ": errata cannot play errata",
            "play the rules, components or data",
        ),
        (
            "{rules.values.hand: [1, 2]}",
            " = a list of 2 items, where the text has a number (1)",
            "give a number, as the text does",
        ),
        (  # true, false and null as the YAML writes them, not as Python does (True, None)
            "{rules.values.hand: true}",
            " = true, true or false, where the text has a number (1)",
            "give a number, as the text does",
        ),
        (  # a list echoed as a message is named by its length, not 4,300 digits
            "{rules.values.hand: [" + "9" * 4300 + "]}",
            " = a list of 1 item, where the text has a number (1)",
            "give a number, as the text does",
        ),
        (
            "{rules.actions.draw.cost: x}",
            " = 'x', which the data cannot take: takes a whole number, not the text 'x'",
            "give a value of the field's type (see 'printkit schema'); the text has 1",
        ),
        (  # the models refuse a part of the value: the entry setting it whole is blamed
            "{rules.tables.reach.domain: {min: x, max: null}}",
            " = a mapping with the keys min, max, which the data cannot take: takes a whole "
            "number, not the text 'x'",
            "give a value of the field's type (see 'printkit schema'); the text has a mapping "
            "with the keys min, max (one of them is played alone as "
            "'rules.tables.reach.domain.min')",
        ),
        (  # a whole row: the keys its text writes, not the model's (a class's repr before)
            '{"rules.tables.reach.rows[1]": 2}',
            " = 2, which the data cannot take: takes a mapping of keys to values, not the number 2",
            "give a value of the field's type (see 'printkit schema'); the text has a mapping "
            "with the keys min, max, result and 1 more (one of them is played alone as "
            "'rules.tables.reach.rows[1].min')",
        ),
        (
            "{rules.tables.reach.rows: 2}",
            " = 2, which the data cannot take: takes a list, not the number 2",
            "give a value of the field's type (see 'printkit schema'); the text has a list of 2 "
            "items",
        ),
        (  # a mapping of its own (rules.values): its names
            "{rules.values: 2}",
            " = 2, which the data cannot take: takes a mapping of keys to values, not the number 2",
            "give a value of the field's type (see 'printkit schema'); the text has a mapping "
            "with the key hand (one of them is played alone as 'rules.values.hand')",
        ),
        (
            "{rules.values.bonus: {a: 1}}",
            " = a mapping with the key a, which the data cannot take: ",
            "a named value is a number, a text, true or false, or a list of them",
        ),
    ],
)
def test_a_refused_plays_entry_says_what_is_wrong_and_what_to_do(
    tmp_path: Path, plays: str, message: str, hint: str
) -> None:
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + _erratum(plays), tmp_path)
    (problem,) = list(found)
    key = plays[1:].partition(":")[0].strip('"')
    assert problem.message.startswith(f"erratum 'e' plays '{key}'")
    assert message in problem.message and problem.hint == hint
    assert played.package.rules == played.as_written.rules


@pytest.mark.parametrize(
    ("plays", "said"),
    [
        ("{game.date: soon}", "the text has 2026-03-04"),
        ("{game.date.day: 4}", "game.date is a single value (2026-03-04), so it has no 'day'"),
    ],
)
def test_a_date_of_the_text_is_named_as_written(tmp_path: Path, plays: str, said: str) -> None:
    """As the YAML writes it, not as Python does ('datetime.date(2026, 3, 4)')."""
    folder = tmp_path / "dated"
    shutil.copytree(GOOD / "minimal_rules", folder)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text().replace('  players: "2"\n', '  players: "2"\n  date: 2026-03-04\n')
    )
    _, found = _played(folder, "errata:\n" + _erratum(plays), tmp_path / "copy")
    (problem,) = list(found)
    assert problem.code == "PK543" and said in f"{problem.message} {problem.hint}"
    assert "datetime" not in f"{problem.message} {problem.hint}"


def test_a_refused_entry_leaves_the_others_played(tmp_path: Path) -> None:
    """The models refuse one value of an erratum, then two of two errata at once: each is
    reported once, at its own key, and every other entry is still played."""
    one = _erratum("{rules.values.hand: 3, rules.actions.draw.cost: -1}", "one")
    two = _erratum('{"rules.tables.reach.rows[1].min": 4, rules.actions.draw.limit: -2}', "two")
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + one + two, tmp_path)
    problems = sorted(found, key=lambda d: d.message)
    assert [p.message.partition(" =")[0] for p in problems] == [
        "erratum 'one' plays 'rules.actions.draw.cost'",
        "erratum 'two' plays 'rules.actions.draw.limit'",
    ]
    assert [p.message.partition("cannot take: ")[2] for p in problems] == [
        "takes a number of at least 0, not -1",
        "takes a number of at least 0, not -2",
    ]
    assert [p.span.line for p in problems] == [2, 3]
    assert played.package.rules.values["hand"] == 3
    assert played.package.rules.tables["reach"].rows[1].min == 4
    assert played.package.rules.actions["draw"].cost == 1
    assert played.package.rules.actions["draw"].limit == 1


def test_two_errata_that_disagree_are_told_apart(tmp_path: Path) -> None:
    same = _erratum('{"rules.tables.reach.rows[1].min": 3}', "a")
    other = _erratum('{"rules.tables.reach.rows[1].min": 4}', "b")
    _, found = _played(GOOD / "minimal_rules", "errata:\n" + same + other, tmp_path)
    (problem,) = list(found)
    assert problem.message == (
        "erratum 'b' plays 'rules.tables.reach.rows[1].min' = 4, but erratum 'a' plays it = 3"
    )
    assert problem.hint == "the played rules have one value per path: make the errata agree"
    assert problem.span.line == 3


@pytest.mark.parametrize(
    ("plays", "change"),
    [
        ('{"rules.tables.reach.rows[5].min": 3}', Change("Reach, row 6", "nothing", "nothing")),
        (
            '{"rules.tables.reach.rows[5].result": Far.}',
            Change("Reach, row 6", "nothing", "nothing"),
        ),
        (
            "{rules.tables.luck.domain.min: 3}",
            Change("Luck, the numbers it covers", "nothing", "nothing"),
        ),
    ],
)
def test_a_refused_plays_entry_is_described_as_leading_nowhere(
    tmp_path: Path, plays: str, change: Change
) -> None:
    """The validator reports the entry (PK543); the appendix, if asked, says there is nothing
    there in either version rather than failing."""
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + _erratum(plays), tmp_path)
    assert [d.code for d in found] == ["PK543"]
    assert reference_context(played)["changes"](played.package.errata[0]) == [change]


@pytest.mark.parametrize(
    ("plays", "message", "domain"),
    [
        (
            "{rules.values.hand: 2, rules.tables.reach.domain: {min: 1, max: null}, "
            '"rules.tables.reach.domain.max": 9}',
            "erratum 'e' plays 'rules.tables.reach.domain.max', inside "
            "'rules.tables.reach.domain', which erratum 'e' plays whole",
            (1, None),
        ),
        (
            '{"rules.tables.reach.domain.max": 9, rules.tables.reach.domain: {min: 1, max: null}}',
            "erratum 'e' plays 'rules.tables.reach.domain' whole, but erratum 'e' plays "
            "'rules.tables.reach.domain.max' inside it",
            (0, 9),
        ),
        (
            "{rules.structure: null, rules.structure.unit: round}",
            "erratum 'e' plays 'rules.structure.unit', inside 'rules.structure', which erratum "
            "'e' plays whole",
            (0, None),
        ),
    ],
)
def test_an_erratum_playing_a_value_and_a_part_of_it_keeps_the_first(
    tmp_path: Path, plays: str, message: str, domain: tuple[int, int | None]
) -> None:
    """The played rules can hold only one of the two: the later is refused (PK543), whatever
    else is played beside them. Before, one silently overrode the other, and a part of a value
    played as null stopped printkit with an internal error."""
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + _erratum(plays), tmp_path)
    (problem,) = list(found)
    assert problem.code == "PK543" and problem.message == message
    assert problem.hint == "play either the whole value or a part of it, not both"
    played_domain = played.package.rules.tables["reach"].domain
    assert (played_domain.min, played_domain.max) == domain


@pytest.mark.parametrize(
    ("plays", "what"),
    [
        # a whole row, a table's rows together, a table's other field, a rule whole
        ('{"rules.tables.reach.rows[1]": {min: 3, max: null, result: Far.}}', "Reach, row 2"),
        ("{rules.tables.reach.rows: [{min: 0, max: null, result: Any.}]}", "Reach, rows"),
        ("{rules.tables.reach.title: Distance}", "Reach, title"),
        ('{"rules.setup[0]": {id: deal, text: Deal.}}', "Deal, as a whole"),
    ],
)
def test_a_change_is_named_by_the_part_of_the_rule_it_plays(
    tmp_path: Path, plays: str, what: str
) -> None:
    (change,) = _changes(plays, tmp_path)
    assert change.what == what


def test_a_whole_row_and_a_title_are_said_as_the_table_prints_them(tmp_path: Path) -> None:
    plays = '{"rules.tables.reach.rows[1]": {min: 3, max: null, result: Far.}, '
    plays += "rules.tables.reach.title: Distance}"
    assert _changes(plays, tmp_path) == [
        Change("Reach, row 2", "2 or more", "3 or more"),
        Change("Reach, title", "nothing", "Distance"),
    ]


def test_one_cross_reference_played_names_its_section(tmp_path: Path) -> None:
    assert _changes('{"rules.structure.phases.turn.see[0]": winning}', tmp_path) == [
        Change("Turn, refers to", "§2 Playing", "§3 Winning")
    ]


def test_a_cross_reference_names_each_side_s_section_as_that_side_titles_it(
    tmp_path: Path,
) -> None:
    """An erratum that retitles a section and points a reference at it: the text's side names
    the text's section, the played side the section as the played rules print it."""
    plays = "{rules.sections.winning.title: Victory, rules.structure.phases.turn.see: [winning]}"
    assert Change("Turn, refers to", "§2 Playing", "§3 Victory") in _changes(plays, tmp_path)


def test_each_side_s_text_is_filled_in_from_its_own_data(tmp_path: Path) -> None:
    """An erratum that changes an action's cost and its text: the text's side prints the text
    filled in from the text's data (cost 1), the played side from the played data (cost 2)."""
    plays = '{rules.actions.draw.cost: 2, rules.actions.draw.text: "Take a card for '
    plays += '{{ actions.draw.cost }} actions."}'
    assert _changes(plays, tmp_path) == [
        Change("Draw, cost", "1", "2"),
        Change("Draw, text", "Draw a card for 1 action", "Take a card for 2 actions"),
    ]


def test_a_value_the_text_never_states_is_said_to_be_unstated_on_its_side(
    tmp_path: Path,
) -> None:
    """The text's prose uses a value it never states, which an erratum supplies (PK535) while
    rewording that prose: the text's side fills in what the text states and marks the value it
    does not, never printing the template itself."""
    folder = tmp_path / "source" / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    written = "text: Draw a card for {{ actions.draw.cost }} action."
    text = rules.read_text(encoding="utf-8")
    assert written in text
    reworded = "text: Draw {{ values.bonus }} cards for {{ actions.draw.cost }} action."
    rules.write_text(text.replace(written, reworded), "utf-8")
    plays = '{rules.values.bonus: 2, rules.actions.draw.text: "Take {{ values.bonus }} cards."}'
    played, _ = _played(folder, "errata:\n" + _erratum(plays), tmp_path)
    assert reference_context(played)["changes"](played.package.errata[0]) == [
        Change("Bonus", "nothing", "2"),
        Change("Draw, text", f"Draw {NOT_STATED} cards for 1 action", "Take 2 cards"),
    ]


def test_a_term_is_named_by_its_word(tmp_path: Path) -> None:
    """A glossary entry is named by its term, not its id (here they differ)."""
    folder = tmp_path / "source" / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "pair: {term: pair," in text
    rules.write_text(text.replace("pair: {term: pair,", "pair: {term: twin set,"), "utf-8")
    erratum = _erratum("{rules.glossary.pair.definition: both Twins}")
    played, found = _played(folder, "errata:\n" + erratum, tmp_path)
    assert not list(found)
    assert reference_context(played)["changes"](played.package.errata[0]) == [
        Change("Twin set, definition", "the two Twin cards", "both Twins")
    ]


def test_a_game_without_rules_says_its_changes_by_their_paths(tmp_path: Path) -> None:
    played, found = _played(
        GOOD / "minimal_deck", "errata:\n" + _erratum("{components.deck.count: 4}"), tmp_path
    )
    assert not list(found) and played.package.rules is None
    assert reference_context(played)["changes"](played.package.errata[0]) == [
        Change("Components.deck.count", "3", "4")
    ]


def test_a_reference_refused_beside_rules_played_away_names_the_texts_sections(
    tmp_path: Path,
) -> None:
    """One erratum plays the rules away, another a cross-reference inside them (refused):
    the text's side still names the text's section."""
    errata = _erratum("{rules: null}", "a") + _erratum(
        "{rules.structure.phases.turn.see: [winning]}", "b"
    )
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + errata, tmp_path)
    assert [d.code for d in found] == ["PK543"] and played.package.rules is None
    assert reference_context(played)["changes"](played.package.errata[1]) == [
        Change("Turn, refers to", "§2 Playing", "no section")
    ]


def test_entries_the_models_refuse_one_after_another_leave_the_others_played(
    tmp_path: Path,
) -> None:
    """A row's order (min above max) is checked only once its fields are valid, so the models
    refuse the row's result first and its min on the next try: the value beside them is still
    played, after both are reported."""
    plays = '{"rules.tables.reach.rows[0].result": [1], "rules.tables.reach.rows[0].min": 3, '
    plays += "rules.values.hand: 2}"
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + _erratum(plays), tmp_path)
    assert [d.message.partition(" =")[0] for d in found] == [
        "erratum 'e' plays 'rules.tables.reach.rows[0].result'",
        "erratum 'e' plays 'rules.tables.reach.rows[0].min'",
    ]
    assert "min 3 is above max 1" in list(found)[1].message
    assert played.package.rules.values["hand"] == 2
    assert (
        played.package.rules.tables["reach"].rows[0]
        == played.as_written.rules.tables["reach"].rows[0]
    )


def test_a_new_value_is_played_where_the_text_writes_no_values_at_all(tmp_path: Path) -> None:
    """The models default `rules.values` to an empty mapping; the data has none, so playing
    a new value there makes the mapping."""
    folder = tmp_path / "source" / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "  values:\n    hand: 1\n" in text
    rules.write_text(text.replace("  values:\n    hand: 1\n", ""), encoding="utf-8")
    played, found = _played(folder, "errata:\n" + _erratum("{rules.values.bonus: 2}"), tmp_path)
    assert not list(found)
    assert played.package.rules.values == {"bonus": 2} and played.as_written.rules.values == {}


def test_an_erratum_without_an_id_is_named_by_its_number(tmp_path: Path) -> None:
    unnamed = _erratum("{rules.actions.draw.cots: 2}").replace("{id: e, ", "{")
    errata = "errata:\n" + _erratum("{rules.values.hand: 2}") + unnamed
    _, found = _played(GOOD / "minimal_rules", errata, tmp_path)
    (problem,) = list(found)
    assert problem.message.startswith("erratum '2' plays 'rules.actions.draw.cots'")


def test_a_grid_column_played_is_said_by_its_label_and_its_numbers(tmp_path: Path) -> None:
    """A grid's column is found by its label: the appendix gives both sides' label and the
    numbers each takes, so a label the errata leave behind shows. A row's cell is named by its
    column and shows its result."""
    rules = tmp_path / "rules"
    shutil.copytree(GOOD / "minimal_rules", rules)
    text = (rules / "rules.yaml").read_text(encoding="utf-8")
    odds = (
        "  tables:\n    combat:\n      kind: grid\n      title: Combat\n      dice: d6\n"
        "      component: dice\n      across:\n        title: odds\n"
        "        domain: {min: 0, max: null}\n        columns:\n"
        '          - {label: "1-1", min: 0, max: 1}\n'
        '          - {label: "3-1", min: 3, max: null}\n'
        '      rows: [{roll: "1-2", cells: [A, B]}, {roll: "3-6", cells: [C, D]}]\n'
    )
    (rules / "rules.yaml").write_text(text.replace("  tables:\n", odds, 1), encoding="utf-8")
    plays = '{"rules.tables.combat.across.columns[1].min": 2, '
    plays += '"rules.tables.combat.rows[1].cells[1]": E}'
    played, _ = _played(rules, "errata:\n" + _erratum(plays), tmp_path / "played")
    changes = reference_context(played)["changes"](played.package.errata[0])
    said = Change("Combat, odds column 2", "'3-1' (3 and above)", "'3-1' (2 and above)")
    # the cell by the roll and the column label the grid prints: "row 2, odds column 2"
    # sent a player to roll 2 (a user's "row 11, difference column 2" was roll 12, "-2 to 0")
    assert changes == [said, Change("Combat, roll 3–6, odds 3-1", "D", "E")]


def test_a_row_s_result_and_data_played_are_printed_as_each_version_has_them(
    tmp_path: Path,
) -> None:
    """Before, any field of a row was said by the row's key on both sides ("row 2: the text
    says pair; printkit plays pair"), hiding what the erratum changes."""
    rules = tmp_path / "rule_data" / "priced"
    shutil.copytree(GOOD / "minimal_rules", rules)
    text = (rules / "rules.yaml").read_text(encoding="utf-8")
    priced = (
        "      columns: {cost: credits, limit: {title: at most}}\n      rows:\n"
        "        - {key: card, result: one action}\n"
        "        - {key: pair, result: two actions, data: {cost: 3, limit: 1}}\n"
    )
    text = text.replace(
        "      rows:\n        - {key: card, result: one action}\n"
        "        - {key: pair, result: two actions}\n",
        priced,
    )
    plays = (
        '{"rules.tables.prices.rows[1].result": three actions, '
        '"rules.tables.prices.rows[1].data.cost": 4, "rules.tables.prices.rows[1].data.limit": 2}'
    )
    text += "materials:\n  rules_reference: {kind: rules_reference, title: Rules}\n"
    (rules / "rules.yaml").write_text(text + "errata:\n" + _erratum(plays), encoding="utf-8")
    built = _build(rules.parent, "priced", tmp_path / "out")
    appendix = _text(built / "rules_reference.pdf").split("Errata")[-1]
    assert "Prices, key pair: the text says two actions; printkit plays three actions." in appendix
    assert "Prices, key pair, credits: the text says 3; printkit plays 4." in appendix
    assert "Prices, key pair, at most: the text says 1; printkit plays 2." in appendix


@pytest.mark.parametrize(
    ("fields", "heading"),
    [
        ("", "**Erratum 1**."),
        ("kind: gap, ", "**Erratum 1** (gap)."),
        ("source_line: 12, ", "**Erratum 1** (text line 12)."),
        ("kind: bad_example, source_line: 12, ", "**Erratum 1** (bad example, text line 12)."),
    ],
)
def test_an_erratum_is_headed_by_what_it_states_of_itself(
    tmp_path: Path, fields: str, heading: str
) -> None:
    """Its kind and its line in the text when given; nothing in brackets when neither is (the
    word 'erratum' there doubled the heading's)."""
    erratum = _erratum("{rules.values.hand: 2}").replace("{id: e, ", "{id: e, " + fields)
    played, found = _played(GOOD / "minimal_rules", "errata:\n" + erratum, tmp_path)
    assert not list(found), [str(d.message) for d in found]
    text = compose(played, "rules_reference.md.j2", "Rules")
    assert f"- {heading} *The text says:*" in text


def test_a_row_s_result_reading_its_row_is_printed_from_each_version_s_row(
    tmp_path: Path,
) -> None:
    """A result that prints its row's data says, on each side, the number that side's row
    holds; printed without its row it would read as its braces."""
    rules = tmp_path / "priced"
    shutil.copytree(GOOD / "minimal_rules", rules)
    text = (rules / "rules.yaml").read_text(encoding="utf-8")
    own = '        - {key: pair, result: "{{ row.data.cost }} actions", data: {cost: 2}}\n'
    text = text.replace("        - {key: pair, result: two actions}\n", own)
    (rules / "rules.yaml").write_text(text, encoding="utf-8")
    plays = (
        '{"rules.tables.prices.rows[1].result": "{{ row.data.cost }} actions, once", '
        '"rules.tables.prices.rows[1].data.cost": 3}'
    )
    played, found = _played(rules, "errata:\n" + _erratum(plays), tmp_path / "played")
    assert not list(found), [str(d.message) for d in found]
    assert reference_context(played)["changes"](played.package.errata[0]) == [
        Change("Prices, key pair", "2 actions", "3 actions, once"),
        Change("Prices, key pair, cost", "2", "3"),
    ]
