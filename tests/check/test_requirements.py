"""What the rules use must be in the box (check/requirements.py), each finding read whole: a rule
or a table taking more than the inventory holds at the largest table the game allows, and a
setup dealing more than it holds by the step that first goes over, for the base game and for
each variant at its own table size."""

from __future__ import annotations

from pathlib import Path

import pytest

from check.rules_data import Finding, findings, line_of, with_blocks
from printkit.check.requirements import check_requirements
from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage, load_package

COMPONENTS = """
dice: {count: 2}
die: {count: 1}
coins: {count: 10}
"""
RULE_HINT = "raise the component's count, or lower what the rule uses"
SETUP_HINT = "deal fewer, or raise the component's count"


def _requirements(loaded: LoadedPackage) -> list[Finding]:
    found = Diagnostics()
    check_requirements(loaded.package, loaded.spans, found)
    return findings(found)


def _uses(rule: str, need: int, component: str, have: int) -> str:
    return f"'{rule}' uses {need} × '{component}' at once but the inventory holds {have}"


def test_a_rule_is_checked_at_the_largest_table_the_rules_allow(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules="""
        players: {min: 2, max: 4}
        actions:
          gamble:
            text: Each player rolls a die.
            uses:
              - component: dice
                count: 1
                per_player: true
          pair:
            text: Roll both dice.
            uses: [{component: dice, count: 2}]
          hoard:
            text: Take coins and three dice.
            uses:
              - {component: coins, count: 10}
              - {component: dice, count: 3}
              - {component: gems, count: 99}
        structure:
          unit: turn
          phases:
            turn:
              title: Turn
              steps:
                - id: pay
                  text: Each player pays three coins.
                  uses:
                    - {component: coins, count: 3, per_player: true}
        """,
    )
    gamble = line_of(lines, "gamble:")
    assert _requirements(loaded) == [
        (
            "PK520",
            line_of(lines, "count: 3, per_player", gamble),
            _uses("pay", 12, "coins", 10),
            RULE_HINT,
        ),
        ("PK520", line_of(lines, "count: 1", gamble), _uses("gamble", 4, "dice", 2), RULE_HINT),
        ("PK520", line_of(lines, "count: 3}", gamble), _uses("hoard", 3, "dice", 2), RULE_HINT),
    ]


def test_an_open_ended_game_counts_its_smallest_table_and_the_game_s_players_stand_in(
    tmp_path: Path,
) -> None:
    per_player = (
        "actions:\n"
        "  gamble:\n"
        "    text: Each player takes three coins.\n"
        "    uses: [{component: coins, count: 3, per_player: true}]\n"
    )
    open_ended, lines = with_blocks(
        tmp_path / "open", components=COMPONENTS, rules="players: {min: 4}\n" + per_player
    )
    written, _ = with_blocks(tmp_path / "written", components=COMPONENTS, rules=per_player)
    gamble = line_of(lines, "count: 3")
    assert _requirements(open_ended) == [
        ("PK520", gamble, _uses("gamble", 12, "coins", 10), RULE_HINT)
    ]
    assert _requirements(written) == []  # game.yaml says 2 players: 6 of 10 coins


def test_a_dice_table_rolls_no_more_dice_than_it_names(tmp_path: Path) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        tables="""
        luck:
          kind: dice
          dice: 3d6
          component: dice
          rows:
            - {roll: "3-18", result: Draw.}
        pair:
          kind: dice
          dice: 2d6
          component: dice
          rows:
            - {roll: "2-12", result: Draw.}
        single:
          kind: dice
          dice: d6
          component: die
          rows:
            - {roll: "1-6", result: Draw.}
        loose:
          kind: dice
          dice: d6
          rows:
            - {roll: "1-6", result: Draw.}
        borrowed:
          kind: dice
          dice: 4d6
          component: bones
          rows:
            - {roll: "4-24", result: Draw.}
        """,
    )
    assert _requirements(loaded) == [
        (
            "PK520",
            line_of(lines, "component: dice", after=line_of(lines, "luck:")),
            "table 'luck' rolls 3d6 but the inventory holds 2 × 'dice'",
            "add dice to the inventory, or roll fewer",
        ),
        (
            "PK520",
            line_of(lines, "dice: d6", after=line_of(lines, "loose:")),
            "table 'loose' rolls d6 but names no dice of the inventory",
            "add 'component: <id of the dice>' (and the dice to 'components' if missing)",
        ),
    ]


def test_the_setup_is_reported_at_the_step_that_first_deals_more_than_the_box_holds(
    tmp_path: Path,
) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules="""
        players: {min: 2, max: 4}
        setup:
          - id: deal
            text: Deal two coins to each player.
            uses: [{component: coins, count: 2, per_player: true}]
          - id: bank
            text: Two coins make the bank.
            uses: [{component: coins, count: 2}]
          - id: roll
            text: Roll both dice for the first player, and put them back.
            uses:
              - {component: dice, count: 2, kept: false}
              - {component: dice, count: 2, kept: false}
          - id: tip
            text: One more coin for the first player.
            uses:
              - {component: dice, count: 2}
              - component: coins
                count: 1
          - id: tax
            text: And one for the second.
            uses: [{component: coins, count: 1}]
        """,
    )
    assert _requirements(loaded) == [
        (
            "PK521",
            line_of(lines, "count: 1", after=line_of(lines, "id: tip")),
            "setup has dealt 11 × 'coins' by step 'tip' (4 players) but the inventory holds 10",
            SETUP_HINT,
        ),
    ]


def test_a_variant_s_setup_is_added_to_the_base_and_checked_again_at_its_own_table(
    tmp_path: Path,
) -> None:
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules="""
        players: {min: 2, max: 4}
        setup:
          - id: deal
            text: Deal two coins to each player.
            uses: [{component: coins, count: 2, per_player: true}]
          - id: hand
            text: Deal the cards.
            uses:
              - component: deck
                count: 4
        variants:
          plain:
            kind: optional
          solo:
            kind: solo
            players: {min: 1, max: 1}
          crowd:
            kind: expansion
            players: {min: 5, max: 6}
          rich:
            kind: optional
            setup:
              - id: bonus
                text: Two more coins to the bank.
                uses: [{component: coins, count: 2}]
              - id: jackpot
                text: One more.
                uses:
                  - component: coins
                    count: 1
          same:
            kind: optional
            players: {min: 4, max: 4}
            setup:
              - id: spare
                text: One coin aside.
                uses: [{component: coins, count: 1}]
        """,
    )
    base = "by step '{}' ({} players{}) but the inventory holds {}"
    assert _requirements(loaded) == [
        (
            "PK521",
            line_of(lines, "count: 4"),
            "setup has dealt 4 × 'deck' " + base.format("hand", 4, "", 3),
            SETUP_HINT,
        ),
        (
            "PK521",
            line_of(lines, "count: 4"),
            "setup has dealt 4 × 'deck' " + base.format("hand", 1, ", variant 'solo'", 3),
            SETUP_HINT,
        ),
        (
            "PK521",
            line_of(lines, "count: 2, per_player"),
            "setup has dealt 12 × 'coins' " + base.format("deal", 6, ", variant 'crowd'", 10),
            SETUP_HINT,
        ),
        (
            "PK521",
            line_of(lines, "count: 4"),
            "setup has dealt 4 × 'deck' " + base.format("hand", 6, ", variant 'crowd'", 3),
            SETUP_HINT,
        ),
        (
            "PK521",
            line_of(lines, "count: 1", after=line_of(lines, "jackpot")),
            "setup has dealt 11 × 'coins' " + base.format("jackpot", 4, ", variant 'rich'", 10),
            SETUP_HINT,
        ),
    ]


def test_a_setup_step_using_more_than_the_box_holds_and_putting_it_back_is_reported(
    tmp_path: Path,
) -> None:
    """Pieces a step puts back add nothing to what the setup keeps out of the box, but the step
    still needs them all at once: three dice rolled from a box of two cannot be rolled, at the
    base table or at a variant's, whatever else the step puts back."""
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules="""
        players: {min: 2, max: 2}
        setup:
          - id: roll
            text: Each player rolls a die for first place, then puts it back.
            uses:
              - component: dice
                count: 1
                per_player: true
                kept: false
          - id: start
            text: The first player rolls three dice.
            uses:
              - {component: die, count: 1, kept: false}
              - component: dice
                count: 3
                kept: false
        variants:
          crowd:
            kind: expansion
            players: {min: 3, max: 3}
        """,
    )
    roll, start = line_of(lines, "count: 1", line_of(lines, "id: roll")), line_of(lines, "count: 3")
    hint = "raise the component's count, or lower what the step uses"
    at_once = "'{}' uses 3 × 'dice' at once ({}) but the inventory holds 2"
    assert _requirements(loaded) == [
        ("PK520", start, at_once.format("start", "2 players"), hint),
        ("PK520", roll, at_once.format("roll", "3 players, variant 'crowd'"), hint),
        ("PK520", start, at_once.format("start", "3 players, variant 'crowd'"), hint),
    ]


@pytest.mark.parametrize(("written", "table"), [("any number", 1), ("2-6", 6), ("3+", 3)])
def test_without_rules_players_the_game_s_written_count_sets_the_table(
    tmp_path: Path, written: str, table: int
) -> None:
    """A count the game writes as a range counts at its largest, an open one at its smallest,
    and wording that is no count at a table of one, which the checks say (PK524)."""
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules="""
        actions:
          gamble:
            text: Each player rolls the die.
            uses: [{component: die, count: 1, per_player: true}]
        """,
    )
    game = loaded.folder / "game.yaml"
    game.write_text(
        game.read_text("utf-8").replace('players: "2"', f'players: "{written}"'), "utf-8"
    )
    loading = Diagnostics()
    reloaded = load_package("minimal_rules", loaded.folder, loading)
    assert reloaded is not None and not list(loading)
    gamble = line_of(lines, "count: 1, per_player")
    expected = [("PK520", gamble, _uses("gamble", table, "die", 1), RULE_HINT)]
    found = _requirements(reloaded)
    if table > 1:
        assert found == expected
        return
    [(code, line, message, _hint)] = found
    players = game.read_text("utf-8").splitlines().index(f'  players: "{written}"') + 1
    assert (code, line) == ("PK524", players) and "for one player" in message


HUGE = (
    "9" * 4300
)  # the most digits Python reads as a number; times the players, past what it writes


def test_a_count_past_what_an_inventory_holds_is_refused_where_it_is_written(
    tmp_path: Path,
) -> None:
    """A value of 4,300 digits dealt to each player made a total Python cannot write as text:
    an internal error where PK521 said it. A count is at most 2,000 (what one component's
    inventory holds), as written (the model) or as the value it names (here)."""
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules=f"""
        players: {{min: 2, max: 4}}
        values:
          hand: {HUGE}
          pile: 2001
          most: 2000
        setup:
          - id: deal
            text: Deal the hand to each player.
            uses: [{{component: coins, count: "{{{{ values.hand }}}}", per_player: true}}]
          - id: pile
            text: Make the pile.
            uses: [{{component: coins, count: "{{{{ values.pile }}}}"}}]
          - id: stock
            text: Make the stock, a pile of coins beside it, and the bank.
            uses:
              - {{component: gems, count: "{{{{ values.most }}}}"}}
              - component: coins
                count: "{{{{ values.pile }}}}"
              - component: coins
                count: 11
        """,
    )
    hint = (
        "give the value a whole number, or write the count itself; a component's inventory "
        "holds at most 2,000"
    )
    said = (
        "'{}' uses {{{{ values.{} }}}} of 'coins', which is {}: a count is a whole number from 0 "
        "to 2,000"
    )
    assert _requirements(loaded) == [
        (
            "PK122",
            line_of(lines, 'values.hand }}"'),
            said.format("deal", "hand", "a number of about 4300 digits"),
            hint,
        ),
        ("PK122", line_of(lines, 'values.pile }}"'), said.format("pile", "pile", "2001"), hint),
        # past a count that is fine, at the count's own line (not its entry's)
        (
            "PK122",
            line_of(lines, 'count: "{{ values.pile', after=line_of(lines, "id: stock")),
            said.format("stock", "pile", "2001"),
            hint,
        ),
        # the counts that are none are not added up; those after them are
        (
            "PK521",
            line_of(lines, "count: 11"),
            "setup has dealt 11 × 'coins' by step 'stock' (4 players) but the inventory holds 10",
            SETUP_HINT,
        ),
    ]


def test_a_table_of_more_players_than_python_writes_is_said_by_its_length(
    tmp_path: Path,
) -> None:
    """The players are the rules' own, of any length: a setup's total at such a table is said
    as a number of so many digits, not written out (an internal error past 4,300 digits)."""
    loaded, lines = with_blocks(
        tmp_path,
        components=COMPONENTS,
        rules=f"""
        players: {{min: 2, max: {HUGE}}}
        setup:
          - id: deal
            text: Deal five coins to each player.
            uses: [{{component: coins, count: 5, per_player: true}}]
        """,
    )
    assert _requirements(loaded) == [
        (
            "PK521",
            line_of(lines, "count: 5"),
            "setup has dealt a number of about 4301 digits × 'coins' by step 'deal' (a number "
            "of about 4300 digits players) but the inventory holds 10",
            SETUP_HINT,
        ),
    ]
