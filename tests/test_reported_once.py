"""One mistake shared by many cards is one diagnostic: at the layout's region (the line of the
key at fault), with how many cards and the first three of them, not one line per card. Each
test counts the diagnostics exactly: a back layout that inherits a front's mistake, a
generator's key or count, and a spreadsheet's header each are one mistake, reported where the
designer wrote it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import DATA, GOOD, RULE_DATA, Reported, parse_diagnostics, run_cli


def test_a_template_mistake_on_every_card_is_reported_once(tmp_path: Path) -> None:
    folder = tmp_path / "rule_data" / "deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    cards = "".join(f"      - {{name: Card {n}, effect: Draw {n}.}}\n" for n in range(1, 11))
    text = game.read_text().replace('text: "{{ card.effect }}"', 'text: "{{ card.efect }}"')
    start = text.index("    cards:\n")
    end = text.index("materials:")
    game.write_text(text[:start] + "    cards:\n" + cards + text[end:])
    components = game.read_text().replace("    count: 3\n", "    count: 10\n", 1)
    game.write_text(components)
    result = run_cli("--rule-data", folder.parent, "validate")
    problems = [d for d in parse_diagnostics(result.output) if d.code == "PK220"]
    assert len(problems) == 1, result.output
    (problem,) = problems
    first_three = "card 'Card 1', card 'Card 2', card 'Card 3'"
    assert f"10 different pieces ({first_three} and 7 more)" in problem.message
    lines = game.read_text().splitlines()
    assert "card.efect" in lines[problem.line - 1]  # the region's text line, not a card's
    assert problem.message.endswith("a mapping has no field 'efect'")  # the name meant, once:
    assert problem.hint == "did you mean 'effect'?"  # in the hint, not the message too


@pytest.mark.parametrize("extra", [["Spare", "Odd"], ["Spare"]], ids=["two", "one"])
def test_a_layout_two_decks_share_reports_its_mistake_once_for_both(
    tmp_path: Path, extra: list[str]
) -> None:
    """Two decks, each printed by its own material, share a layout whose template misspells
    a field: one finding naming the pieces of both, not one per material (a deck of one card
    too, whose finding alone would stand at the card)."""
    folder = tmp_path / "rule_data" / "deck"
    shutil.copytree(GOOD / "minimal_deck", folder)
    game = folder / "game.yaml"
    text = game.read_text().replace('text: "{{ card.effect }}"', 'text: "{{ card.efect }}"')
    cards = "".join(f"      - {{name: {name}, effect: Keep it.}}\n" for name in extra)
    second = "  extra:\n    layout: face\n    fields:\n      effect: text\n    cards:\n" + cards
    text = text.replace("materials:\n", second + "materials:\n", 1)
    text += "  extra_sheet:\n    kind: cards\n    deck: extra\n    impose:\n      backs: none\n"
    count = f"components:\n  extra:\n    count: {len(extra)}\n"
    game.write_text(text.replace("components:\n", count, 1))
    result = run_cli("--rule-data", folder.parent, "validate")
    problems = [d for d in parse_diagnostics(result.output) if d.code == "PK220"]
    assert len(problems) == 1, result.output
    assert problems[0].message.startswith(f"{2 + len(extra)} different pieces (card 'Twin', card")


def _edited(source: Path, tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the package `source` with `old` replaced by `new` (once) in `file`."""
    folder = tmp_path / "rule_data" / source.name
    shutil.copytree(source, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _problems(folder: Path) -> list[Reported]:
    result = run_cli("--rule-data", folder.parent, "validate", folder.name)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return [d for d in parse_diagnostics(result.output) if d.severity != "note"]


def _line_of(path: Path, text: str, after: str = "") -> int:
    """The number of the first line holding `text` after the first line holding `after`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if after in line)
    return next(n for n, line in enumerate(lines[start:], start + 1) if text in line)


BORDER_SKIRMISH = RULE_DATA / "border_skirmish"


EIGHT = ("8 different pieces (card '1st Rifles', card '2nd Rifles', card 'Lancers' and 5 more)",)
# one file per side
BY_SIDE = ("4 different pieces (card '1st Rifles',", "4 different pieces (card 'Grenadiers',")


@pytest.mark.parametrize(
    ("old", "new", "code", "region", "at", "messages"),
    [
        ("{{ card.ident }}", "{{ card.idnet }}", "PK220", "ident:", "text:", EIGHT),
        ("_emblem.svg", "_emblem.svgz", "PK810", "emblem:", "image:", BY_SIDE),
        ('"{{ card.colour }}"', '"{{ card.colr }}"', "PK220", "unit:", "background:", EIGHT),
    ],
    ids=["template", "art file", "background"],
)
def test_a_mistake_a_back_layout_inherits_is_reported_once_at_the_front(
    tmp_path: Path, old: str, new: str, code: str, region: str, at: str, messages: tuple[str, ...]
) -> None:
    """Border Skirmish's back layout `unit_back` extends the front `unit`: a mistake in what it
    inherits is the front's, reported there together with the front's, not once per counter."""
    folder = _edited(BORDER_SKIRMISH, tmp_path, "counters.yaml", old, new)
    problems = sorted(_problems(folder), key=lambda p: p.message)
    line = _line_of(folder / "counters.yaml", at, after=region)
    assert [(p.code, Path(p.file).name, p.line) for p in problems] == [
        (code, "counters.yaml", line)
    ] * len(messages)
    for problem, message in zip(problems, messages, strict=True):
        assert problem.message.startswith(message), problem.message


GENERATED = DATA / "card_data" / "generated_deck"


def test_a_generators_unknown_key_is_reported_once_at_the_key(tmp_path: Path) -> None:
    folder = _edited(
        GENERATED, tmp_path, "game.yaml", "rank: [1, 2, 3]", "rank: [1, 2, 3]\n        sute: [x]"
    )
    (problem,) = _problems(folder)
    line = _line_of(folder / "game.yaml", "sute:")
    assert (problem.code, problem.line, problem.column) == ("PK120", line, 9)
    assert "6 different pieces (card '1 of Suns'" in problem.message
    assert "unknown key 'sute'" in problem.message
    assert "did you mean 'suit'" in (problem.hint or "")


def test_a_generators_wrong_count_is_reported_once_at_the_count(tmp_path: Path) -> None:
    """Each generated card takes the generator's count; the mistake is the one count written,
    named by its own path, not by the paths of six cards nobody wrote."""
    folder = _edited(
        GENERATED,
        tmp_path,
        "game.yaml",
        "    card_product:\n",
        "    card_product:\n      count: 0\n",
    )
    (problem,) = _problems(folder)
    line = _line_of(folder / "game.yaml", "count: 0")
    assert (problem.code, problem.line) == ("PK122", line)
    assert problem.message.startswith("decks.deck.card_product.count: ")
    assert "cards." not in problem.message


def test_a_misspelt_spreadsheet_header_is_reported_once_at_the_header(tmp_path: Path) -> None:
    """The header names the field for every row: one mistake at its cell, naming the field
    it was meant to be, and nothing more (the layout that then misses the field had said so
    again, with a 'did you mean' of its own that contradicted the header's)."""
    folder = _edited(DATA / "card_data" / "csv_deck", tmp_path, "cards.csv", "effect", "efect")
    (header,) = _problems(folder)
    assert (header.code, Path(header.file).name) == ("PK120", "cards.csv")
    assert (header.line, header.column) == (1, 3)
    assert "3 different pieces (card 'Twin', card 'Loner', card 'Giant')" in header.message
    assert "did you mean 'effect'" in (header.hint or "")


@pytest.mark.parametrize(
    ("colour", "message", "hint"),
    [
        ("{{ card.name }", "the layout's color in '{{ card.name }'", "each brace and quote"),
        ("{{ 'blak' }}", "the layout's color 'blak' is not a colour", "did you mean 'black'?"),
    ],
)
def test_a_layout_wide_colour_mistake_is_the_layouts_once(
    tmp_path: Path, colour: str, message: str, hint: str
) -> None:
    """A layout's default text colour is taken by every region: its mistake is reported once,
    at the layout's `color:` line, not once for each region that takes it."""
    folder = _edited(
        GOOD / "minimal_deck",
        tmp_path,
        "game.yaml",
        '    background: "#ffffff"\n',
        f'    background: "#ffffff"\n    color: "{colour}"\n',
    )
    (problem,) = _problems(folder)
    assert message in problem.message
    assert problem.line == _line_of(folder / "game.yaml", "color:")
    assert hint in (problem.hint or "")
