"""References between rules (check/references.py), each finding read whole: a name that does not
exist is reported at the reference with the closest name or the list to choose from, an id two
rules share at the second, a rule pointing at a section about other rules, a term used but never
defined, and a term or value nothing uses."""

from __future__ import annotations

from pathlib import Path

from check.rules_data import Finding, findings, line_of, with_blocks
from printkit.check.prose import check_prose
from printkit.check.references import check_references
from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage

WRONG_SECTION_HINT = "point at {}, which covers '{}'"
UNCOVERED_HINT = "list '{}' in the 'covers' of the section that explains it"


def _references(loaded: LoadedPackage) -> list[Finding]:
    """What the references check reports on the package, its prose rendered as a build does."""
    prose = check_prose(loaded.package, loaded.spans, Diagnostics())
    found = Diagnostics()
    check_references(loaded.package, prose, loaded.spans, found)
    return findings(found)


def _unknown(what: str, name: str, line: int, hint: str) -> Finding:
    return ("PK500", line, f"no {what} '{name}'", hint)


def test_the_minimal_rules_refer_only_to_what_exists(tmp_path: Path) -> None:
    loaded, _ = with_blocks(tmp_path)
    assert _references(loaded) == []


def test_each_unknown_name_is_reported_at_the_item_naming_it(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        sections="""
        play: {title: Playing, number: "2", covers: [turn, draw]}
        winning:
          title: Winning
          number: "3"
          parent: plya
          see: [play, plai]
          covers:
            - pair_up
            - draww
        """,
        actions="""
        draw:
          cost: 1
          limit: 1
          per: turn
          phase: trun
          text: Draw a card.
          see:
            - play
            - winnin
          uses:
            - {component: dice, count: 2}
            - count: 1
              component: coin
          cards:
            - Twin
            - Twinn
          printed_on:
            - sheet
            - sheets
        """,
        tables="""
        luck:
          kind: dice
          dice: 2d6
          component: die
          rows:
            - {roll: "2-12", result: Draw a card.}
        reach:
          kind: range
          rows:
            - {min: null, max: null, result: Near.}
        reach_quick:
          kind: range
          restates: reech
          rows:
            - {min: null, max: null, result: Near.}
        """,
    )
    winning = line_of(lines, "winning:")
    draw = line_of(lines, "draw:", after=line_of(lines, "actions:"))
    assert _references(loaded) == [
        _unknown(
            "section", "plai", line_of(lines, "see: [play, plai]", winning), "did you mean 'play'?"
        ),
        _unknown("section", "plya", line_of(lines, "parent: plya"), "did you mean 'play'?"),
        _unknown("rule", "draww", line_of(lines, "- draww"), "did you mean 'draw'?"),
        _unknown("section", "winnin", line_of(lines, "- winnin", draw), "did you mean 'winning'?"),
        _unknown(
            "component", "coin", line_of(lines, "component: coin"), "expected one of: deck, dice"
        ),
        _unknown("card", "Twinn", line_of(lines, "- Twinn"), "did you mean 'Twin'?"),
        _unknown("material", "sheets", line_of(lines, "- sheets"), "did you mean 'sheet'?"),
        _unknown("phase", "trun", line_of(lines, "phase: trun"), "did you mean 'turn'?"),
        _unknown("component", "die", line_of(lines, "component: die"), "did you mean 'dice'?"),
        _unknown("table", "reech", line_of(lines, "restates: reech"), "did you mean 'reach'?"),
    ]


def test_without_a_structure_no_phase_or_unit_exists_and_the_hint_says_to_define_one(
    tmp_path: Path,
) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        rules="""
        actions:
          draw:
            text: Draw a card.
            phase: turn
            per: turn
        end_conditions:
          alone:
            outcome: win
            text: Win alone.
            variant: solo
        """,
    )
    assert _references(loaded) == [
        _unknown(
            "phase",
            "turn",
            line_of(lines, "phase: turn"),
            "define the phase, or remove the reference",
        ),
        (
            "PK523",
            line_of(lines, "per: turn"),
            "counted per 'turn', which the game's structure does not define",
            "add the unit to structure.units",
        ),
        (
            "PK522",
            line_of(lines, "variant: solo"),
            "a variant refers to variant 'solo', which does not exist",
            "define the variant first",
        ),
    ]


def test_a_limit_counts_in_the_structure_s_unit_or_one_of_its_units(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        structure="""
        unit: round
        units: [turn, game]
        """,
        actions="""
        draw: {per: round, text: Draw a card.}
        pass: {per: game, text: Pass.}
        rest:
          text: Rest.
          per: tern
        wait:
          text: Wait.
          per: week
        """,
        sections="""
        play: {title: Playing, number: "2"}
        winning: {title: Winning, number: "3"}
        """,
    )
    assert _references(loaded) == [
        (
            "PK523",
            line_of(lines, "per: tern"),
            "counted per 'tern', which the game's structure does not define",
            "did you mean 'turn'?",
        ),
        (
            "PK523",
            line_of(lines, "per: week"),
            "counted per 'week', which the game's structure does not define",
            "expected one of: game, round, turn",
        ),
    ]


def test_a_variant_s_base_its_changes_and_an_end_condition_s_variant_must_exist(
    tmp_path: Path,
) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        end_conditions="""
        pair_up: {outcome: win, text: "Play the {{ term('pair') }} to win.", see: [winning]}
        hard_win:
          outcome: win
          text: Win.
          variant: hardd
        quick_win: {outcome: win, variant: quick, text: Win.}
        """,
        variants="""
        quick:
          kind: optional
          changes: [{rule: draw, text: Draw two.}]
        hard:
          kind: difficulty
          base: quik
          changes:
            - {rule: draw, text: Draw none.}
            - text: Draw none.
              rule: drow
        harder:
          kind: difficulty
          base: hard
        """,
        sections="""
        play: {title: Playing, number: "2", covers: [turn, draw]}
        winning: {title: Winning, number: "3", covers: [pair_up, hard_win, quick_win]}
        """,
    )
    unknown = "PK522"
    assert _references(loaded) == [
        (
            unknown,
            line_of(lines, "base: quik"),
            "a variant refers to variant 'quik', which does not exist",
            "did you mean 'quick'?",
        ),
        (
            unknown,
            line_of(lines, "rule: drow"),
            "a variant refers to rule 'drow', which does not exist",
            "did you mean 'draw'?",
        ),
        (
            unknown,
            line_of(lines, "variant: hardd"),
            "a variant refers to variant 'hardd', which does not exist",
            "did you mean 'hard'?",
        ),
    ]


def test_a_rule_must_point_at_a_section_about_it_and_a_section_at_any(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        sections="""
        play: {title: Playing, number: "2", covers: [turn, draw], see: [winning]}
        winning:
          title: Winning
          number: "3"
          covers: [pair_up]
          text: "Turns are played as {{ ref('play') }} says."
        notes: {title: Notes}
        """,
        structure="""
        unit: turn
        units: [turn]
        phases:
          turn:
            title: Turn
            text: Take one action ({{ ref('play') }}).
            steps:
              - {id: roll, text: "Roll ({{ ref('play') }})."}
              - {id: tally, text: "Tally ({{ ref('notes') }}).", see: [notes]}
        """,
        actions="""
        draw:
          text: Draw a card ({{ ref('winning') }}).
          see: [play]
        """,
        end_conditions="""
        pair_up: {outcome: win, text: "Play the {{ term('pair') }} to win.", see: [play]}
        """,
        claims="""
        three_cards:
          text: The deck holds three cards ({{ ref('winning') }}).
          check: decks.deck.cards | sum(attribute='count') == components.deck.count
        """,
    )
    playing = "§2 Playing, which is about 'turn', 'draw'"
    assert _references(loaded) == [
        (
            "PK503",
            line_of(lines, "pair_up: {"),
            f"'pair_up' refers to {playing}",
            WRONG_SECTION_HINT.format("§3 Winning", "pair_up"),
        ),
        (
            "PK503",
            line_of(lines, "id: roll"),
            f"'roll' refers to {playing}",
            UNCOVERED_HINT.format("roll"),
        ),
        (
            "PK503",
            line_of(lines, "text: Draw a card"),
            "'draw' refers to §3 Winning, which is about 'pair_up'",
            WRONG_SECTION_HINT.format("§2 Playing", "draw"),
        ),
    ]


def test_a_phase_may_point_at_the_section_of_an_action_or_step_it_holds(tmp_path: Path) -> None:
    """ "Spend your actions; buying: §4" is a phase pointing at where one of its actions is
    explained; a phase that holds none of what the section covers is still refused."""
    loaded, lines = with_blocks(
        tmp_path,
        sections="""
        market: {title: The market, number: "4", covers: [buy]}
        scoring: {title: Scoring, number: "5", covers: [tally]}
        """,
        structure="""
        unit: turn
        units: [turn]
        phases:
          turn: {title: Actions, text: Spend your actions., see: [market, scoring]}
          end:
            title: End
            text: "Score ({{ ref('scoring') }}), never buy ({{ ref('market') }})."
            steps:
              - {id: tally, text: Count the points.}
        """,
        actions="""
        buy: {title: Buy, phase: turn, text: Take a card.}
        """,
    )
    wrong_section = [found for found in _references(loaded) if found[0] == "PK503"]
    assert wrong_section == [
        (
            "PK503",
            line_of(lines, "see: [market, scoring]"),
            "'turn' refers to §5 Scoring, which is about 'tally'",
            WRONG_SECTION_HINT.format("§4 The market", "buy"),
        ),
        (
            "PK503",
            line_of(lines, 'text: "Score ('),
            "'end' refers to §4 The market, which is about 'buy'",
            WRONG_SECTION_HINT.format("§5 Scoring", "tally"),
        ),
    ]


def test_a_rule_may_point_at_the_section_of_a_table_it_consults_and_is_told_once(
    tmp_path: Path,
) -> None:
    """'Score by the table in §5': a section of tables may be pointed at from any rule (a new
    user's phase had to move into its table's section); one that also explains other rules
    may not. A rule pointing at a section about something else is told once, though its
    `see:` and its text both point there."""
    loaded, lines = with_blocks(
        tmp_path,
        sections="""
        market: {title: The market, number: "4", covers: [buy]}
        scoring: {title: Scoring, number: "5", covers: [points]}
        shop: {title: The shop, number: "6", covers: [buy, points]}
        """,
        structure="""
        unit: turn
        units: [turn]
        phases:
          turn: {title: Actions, text: Spend your actions., see: [market]}
          end:
            title: End
            text: "Score by the table in {{ ref('scoring') }}; never buy ({{ ref('market') }})."
            see: [scoring, market, shop]
        """,
        actions="""
        buy: {title: Buy, phase: turn, text: Take a card.}
        """,
        tables="""
        points: {kind: lookup, key: cards, rows: [{key: one, result: 1 point}]}
        """,
    )
    wrong_section = [found for found in _references(loaded) if found[0] == "PK503"]
    assert wrong_section == [
        (
            "PK503",
            line_of(lines, "see: [scoring, market, shop]"),
            "'end' refers to §4 The market, which is about 'buy'",
            UNCOVERED_HINT.format("end"),
        ),
        (
            "PK503",
            line_of(lines, "see: [scoring, market, shop]"),
            "'end' refers to §6 The shop, which is about 'buy', 'points'",
            # pointing 'end' at its own section would send the reader back to where they are
            "a section that covers tables only may be referred to from any rule: move 'buy' "
            "out of §6 The shop's 'covers'",
        ),
    ]


def test_an_id_two_rules_share_is_reported_at_the_second(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        setup="""
        - id: deal
          text: Deal {{ values.hand }} card to each player.
        - id: turn
          text: Take the first turn.
        """,
        variants="""
        draw:
          kind: optional
          changes: [{rule: luck, text: Roll three dice.}]
        """,
    )
    first_turn = line_of(lines, "- id: turn")
    first_draw = line_of(lines, "draw:", after=line_of(lines, "actions:"))
    rename = "rename one: references name rules by id alone"
    rules = tmp_path / "minimal_rules" / "rules.yaml"
    assert _references(loaded) == [
        (
            "PK501",
            line_of(lines, "turn:", after=line_of(lines, "phases:")),
            "'turn' names a phase and a setup step "
            f"(first at {rules}:{first_turn}:{lines[first_turn - 1].index('id') + 1})",
            rename,
        ),
        (
            "PK501",
            line_of(lines, "draw:", after=line_of(lines, "variants:")),
            f"'draw' names a variant and an action (first at {rules}:{first_draw}:5)",
            rename,
        ),
    ]


def test_a_term_must_exist_and_be_defined_and_every_term_must_be_used(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        end_conditions="""
        pair_up:
          outcome: win
          text: "Play the {{ term('pair') }} with the {{ term('hazard') }} gone."
          see: [winning]
        """,
        actions="""
        draw:
          text: Draw a card.
          conditions:
            - "Not while a {{ term('paire') }} is out."
        """,
        glossary="""
        pair: {term: pair, definition: the two Twin cards}
        hazard: {term: hazard}
        spare: {term: spare, definition: a card left over}
        """,
    )
    assert _references(loaded) == [
        _unknown("glossary term", "paire", line_of(lines, '- "Not while'), "did you mean 'pair'?"),
        (
            "PK504",
            line_of(lines, 'text: "Play the'),
            "term 'hazard' is used here but never defined",
            "give rules.glossary.hazard a definition, or record the gap in an erratum",
        ),
        (
            "PK502",
            line_of(lines, "spare:"),
            "glossary term 'spare' is never referred to",
            "use {{ term('spare') }} where the prose says it, or remove it",
        ),
    ]


def test_a_value_is_used_by_prose_a_claim_s_text_or_check_or_an_example(tmp_path: Path) -> None:
    """...or by what a material prints: a value a sheet alone prints is used (a new user's
    sheet-only value was called unused, though PK535 checked the same use)."""
    loaded, lines = with_blocks(
        tmp_path,
        values="""
        hand: 1
        in_claim: 2
        in_check: 3
        in_example: 4
        in_compute: 5
        on_sheet: 7
        idle: 6
        """,
        materials="""
        mat:
          kind: sheet
          elements:
            - {kind: text, text: "Floods beyond {{ values.on_sheet - 2 }} sink the board."}
        """,
        claims="""
        three_cards:
          text: The deck holds {{ values.in_claim }} or more cards.
          check: components.deck.count > values.in_check
        named:
          text: The game has a title.
          check: game.title != ''
        """,
        examples="""
        near_one:
          text: A target {{ values.in_example }} steps away is far.
          inputs: {distance: 1}
          outcome: {band: far}
          compute:
            band: lookup('reach', distance + values.in_compute).id
        """,
    )
    assert _references(loaded) == [
        (
            "PK502",
            line_of(lines, "idle:"),
            "value 'idle' is never used by prose, claims, examples or what a material prints",
            "print it with {{ values.idle }}, check it in a claim, have the game's engine read "
            "it, or remove it",
        ),
    ]
