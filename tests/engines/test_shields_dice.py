"""The engine of Shields: The Dice Game plays the played rules, and only them.

Seeded random games with the invariants on (dice conserved, health and shields within their
dice), only legal moves, copies and JSON round trips equal to the state, replays equal to the
game; hand-written positions whose legal moves are exactly the rules'; and the engine follows
the data when a value or a reading changes.
"""

from __future__ import annotations

import json
import math
import random
import re
import shutil
from fractions import Fraction
from typing import Any

import pytest
from support import RULE_DATA, run_cli

from engines.dice_support import (
    POSITIONS,
    listed_first,
    merged,
    played,
    played_with,
    playout,
    position,
)
from printkit.games.shields_dice import ENGINE, config
from printkit.games.shields_dice import position as dice_position
from printkit.games.shields_dice.config import ROLES, DataError, read_config
from printkit.games.shields_dice.engine import STEEPNESS, ShieldsDiceEngine, ShieldsDiceState
from printkit.simulate.protocol import (
    CHANCE,
    TERMINAL,
    InvariantBroken,
    draw,
    pick,
    seeded,
    state_hash,
)

VARIANTS = [None, "resurrection", "match"]
PLAYOUTS = 200


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_keep_the_rules(variant: str | None) -> None:
    """200 seeded games per variant end with a winner; every step keeps the invariants and
    chance sums to 1; every 10th step a copy and a JSON round trip equal the state and every
    move's notation parses back to it."""
    rules = played()
    ended = 0
    for seed in range(PLAYOUTS):
        state = ENGINE.new_game(rules, 2, variant)
        rng = seeded("shields_dice", variant, seed)
        step = 0
        while state.current_player() != TERMINAL and state.turn() < 2000:
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == 1 and not state.legal_actions()
                action = draw(rng, outcomes)
            else:
                legal = state.legal_actions()
                assert legal and len(set(legal)) == len(legal)
                action = pick(rng, legal)
            if step % 10 == 0:
                _assert_round_trips(state)
            state.apply(action)
            ENGINE.check_invariants(state)
            step += 1
        ended += state.current_player() == TERMINAL
        assert sorted(state.returns()) == [0.0, 1.0] or state.current_player() != TERMINAL
    assert ended == PLAYOUTS


def _assert_round_trips(state) -> None:
    data = state.to_json()
    copy = state.clone()
    assert copy.to_json() == data and copy.legal_actions() == state.legal_actions()
    moves = state.legal_actions() or [move for move, _ in state.chance_outcomes()]
    assert all(state.parse(state.notation(move)) == move for move in moves)
    back = ENGINE.from_json(played(), json.loads(json.dumps(data)))
    assert back.to_json() == data
    assert back.legal_actions() == state.legal_actions()
    assert back.chance_outcomes() == state.chance_outcomes()


@pytest.mark.parametrize("variant", VARIANTS)
def test_replaying_the_log_gives_the_same_game(variant: str | None) -> None:
    rules = played()
    for seed in range(20):
        final, log = playout(rules, variant, seed)
        again = ENGINE.new_game(rules, 2, variant)
        for move in log:
            again.apply(again.parse(move))
        assert state_hash(again) == state_hash(final)


def test_the_opening_example_plays_as_the_text_tells_it() -> None:
    """l.134-142: Bottom shields red and hits Top's yellow for 1; Top sets the d20 in front and
    hits Bottom's red shield for 2."""
    state = position({})
    for move in (
        "take d12_translucent_red red",
        "attack red yellow",
        "roll 1",
        "take d20_translucent_black front",
        "attack blue red",
        "roll 2",
    ):
        state.apply(state.parse(move))
        ENGINE.check_invariants(state)
    after = state.to_json()
    assert after["players"][1]["health"]["yellow"] == 11
    assert after["players"][0]["shields"]["red"] == [{"die": "d12_translucent_red", "points": 10}]
    assert after["players"][1]["black"]["front"][0]["points"] == 20


def test_a_copy_plays_on_alone() -> None:
    """A copy starts with what the last step did (its events) and plays on without the state."""
    state = position({})
    for move in ("take d8_solid_red red", "attack red yellow", "roll 3"):
        state.apply(state.parse(move))
    copy = state.clone()
    assert copy.events == state.events == ["roll", "health_lost"] and copy.current_player() == 1
    copy.apply(copy.parse("take d20_translucent_black front"))
    assert state.to_json()["players"][1]["black"]["front"] == []
    assert copy.to_json()["players"][1]["black"]["front"] == [
        {"die": "d20_translucent_black", "points": 20}
    ]
    assert state.events == ["roll", "health_lost"]


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("*.json")), ids=lambda p: p.stem)
def test_positions_allow_exactly_the_rules_moves(path) -> None:
    """Each file: a position (a patch over the set-up), the variant, and every legal move."""
    case = json.loads(path.read_text(encoding="utf-8"))
    state = position(case["position"], variant=case.get("variant"))
    ENGINE.check_invariants(state)
    if "chance" in case:
        got = {state.notation(a): str(p) for a, p in state.chance_outcomes()}
        assert got == case["chance"]
    else:
        assert sorted(state.notation(a) for a in state.legal_actions()) == sorted(case["legal"])


def test_the_first_player_rolls_three_d12_and_ties_roll_again() -> None:
    state = ENGINE.new_game(played(), 2, None)
    start = state.to_json()
    assert state.turn() == 0 and (start["turn"], start["seat"], start["phase"]) == (
        0,
        0,
        "take_die",
    )
    outcomes = dict(state.chance_outcomes())
    assert min(a[1] for a in outcomes) == 3 and max(a[1] for a in outcomes) == 36
    assert outcomes[("roll", 3)] == Fraction(1, 12**3)
    state.apply(state.parse("roll 20"))
    assert state.events == ["roll_for_first"] and state.current_player() == CHANCE
    state.apply(state.parse("roll 20"))
    assert state.events == ["roll_for_first", "first_player_ties"]
    assert state.current_player() == CHANCE
    for move in ("roll 13", "roll 22"):
        state.apply(state.parse(move))
    assert state.current_player() == 1 and state.to_json()["phase"] == "take_die"


def test_the_lower_total_starts_when_the_set_up_says_lowest() -> None:
    rules = played(**{"rules.setup[0].decides": "lowest"})
    state = ENGINE.new_game(rules, 2, None)
    for move in ("roll 13", "roll 22"):
        state.apply(state.parse(move))
    assert state.current_player() == 0 and state.to_json()["phase"] == "take_die"


def test_health_follows_the_data() -> None:
    """values.health 12 → 15: the batteries start at 15 and a potion heals up to 15."""
    rules = played(**{"rules.values.health": 15})
    start = ENGINE.new_game(rules, 2, None).to_json()
    assert start["players"][0]["health"] == {"red": 15, "yellow": 15, "blue": 15}
    patch = {
        "phase": "attack",
        "pool": {},
        "players": [{"health": {"yellow": 6}, "held": ["d10_solid_green"]}, {}],
    }
    state = position(patch, rules)
    state.apply(state.parse("potion d10_solid_green yellow"))
    assert state.to_json()["players"][0]["health"]["yellow"] == 15
    shipped = position(patch)
    shipped.apply(shipped.parse("potion d10_solid_green yellow"))
    assert shipped.to_json()["players"][0]["health"]["yellow"] == 12


def test_a_shield_absorbs_only_its_points() -> None:
    """A blue shield with 1 point takes a roll of 5: the shield breaks, the battery keeps 12."""
    state = position(
        {
            "seat": 1,
            "phase": "attack",
            "pool": {},
            "players": [
                {"shields": {"blue": [{"die": "d10_translucent_blue", "points": 1}]}},
                {"attackers": {"yellow": "d6_solid_yellow"}},
            ],
        }
    )
    state.apply(state.parse("attack yellow blue"))
    state.apply(state.parse("roll 5"))
    after = state.to_json()
    assert (
        after["players"][0]["shields"]["blue"] == [] and after["players"][0]["health"]["blue"] == 12
    )
    assert after["trash"]["d10_translucent_blue"] == 1
    assert state.events == ["roll", "shield_broken"] and state.current_player() == 0


def test_a_black_shield_in_front_guards_every_battery_first() -> None:
    front = {"black": {"front": [{"die": "d20_translucent_black", "points": 20}]}}
    for target, attacker in (("red", "blue"), ("yellow", "red"), ("blue", "yellow")):
        state = position({"seat": 1, "phase": "attack", "pool": {}, "players": [front, {}]})
        state.apply(state.parse(f"attack {attacker} {target}"))
        state.apply(state.parse("roll 3"))
        assert state.to_json()["players"][0]["black"]["front"][0]["points"] == 17


def test_behind_the_colour_shields_the_black_shield_waits() -> None:
    mine = {
        "black": {"behind": [{"die": "d12_translucent_black", "points": 12}]},
        "shields": {"red": [{"die": "d10_translucent_red", "points": 10}]},
    }
    state = position({"seat": 1, "phase": "attack", "pool": {}, "players": [mine, {}]})
    state.apply(state.parse("attack blue red"))
    state.apply(state.parse("roll 4"))
    player = state.to_json()["players"][0]
    assert (
        player["shields"]["red"][0]["points"] == 6 and player["black"]["behind"][0]["points"] == 12
    )


@pytest.mark.parametrize(
    ("reading", "order"), [("in front of", ["d12", "d10"]), ("behind", ["d10", "d12"])]
)
def test_the_newer_shield_goes_where_the_erratum_plays(reading: str, order: list[str]) -> None:
    rules = played(**{"rules.values.newer_shield": reading})
    state = position(
        {"players": [{"shields": {"red": [{"die": "d10_translucent_red", "points": 10}]}}, {}]},
        rules,
    )
    state.apply(state.parse("take d12_translucent_red red"))
    dice = [layer["die"].split("_")[0] for layer in state.to_json()["players"][0]["shields"]["red"]]
    assert dice == order


def test_a_die_for_a_lost_battery_is_taken_only_when_the_erratum_allows_it() -> None:
    lost = {
        "pool": {"d8_solid_red": 1, "d4_solid_grey": 1},
        "players": [{"health": {"red": 0}, "attackers": {"red": None}}, {}],
    }
    state = position(lost)
    assert sorted(state.notation(a) for a in state.legal_actions()) == [
        "take d4_solid_grey keep",
        "take d8_solid_red trash",
    ]
    strict = position(lost, played(**{"rules.values.take_for_destroyed": False}))
    assert [strict.notation(a) for a in strict.legal_actions()] == ["take d4_solid_grey keep"]
    state.apply(state.parse("take d8_solid_red trash"))
    assert state.events[-1] == "deny_destroyed_colour"
    assert state.to_json()["trash"]["d8_solid_red"] == 1


@pytest.mark.parametrize(
    ("pool", "phase"),
    [
        ({"d8_solid_red": 1}, "attack"),  # only a die for the lost battery: nothing to take
        ({"d8_solid_red": 1, "d8_solid_yellow": 1}, "take_die"),  # yellow still stands
        ({"d8_solid_red": 1, "d6_solid_green": 1}, "take_die"),  # a potion is always kept
    ],
)
def test_without_the_erratum_a_pool_of_lost_colours_skips_the_take(pool: dict, phase: str) -> None:
    """take_for_destroyed off: a die for a lost battery may not be taken, so when the pool
    holds nothing else the next turn starts at the attack."""
    rules = played(**{"rules.values.take_for_destroyed": False})
    lost = {"health": {"red": 0}, "attackers": {"red": None}}
    state = position({"seat": 1, "phase": "attack", "pool": pool, "players": [lost, {}]}, rules)
    state.apply(state.parse("attack red yellow"))
    state.apply(state.parse("roll 1"))
    assert state.current_player() == 0 and state.to_json()["phase"] == phase


def test_the_take_that_empties_the_pool_says_so() -> None:
    """The pool running out ends the mid game (l.154, l.164): the last take is marked."""
    state = position({"pool": {"d8_solid_red": 1, "d8_solid_blue": 1}})
    state.apply(state.parse("take d8_solid_red red"))
    assert state.events == ["take_die", "attacking_die"]
    state.apply(state.parse("attack red yellow"))
    assert state.events == ["attack", "red_attacks"]
    state.apply(state.parse("roll 2"))
    state.apply(state.parse("take d8_solid_blue blue"))
    assert state.events == ["take_die", "attacking_die", "pool_empty"]
    assert state.turn() == 1  # the second turn, Player 2's, counted from 0
    for move in ("attack blue red", "roll 1"):
        state.apply(state.parse(move))
    assert state.turn() == 2 and state.current_player() == 0


def test_a_turn_runs_its_phases_in_the_data_order() -> None:
    """With the attack listed before the take, a potion drunk instead of attacking leads to the
    same player's take, and the turn passes after it."""
    rules = listed_first("attack", ("rules", "structure", "phases"))
    patch = {"phase": "attack", "pool": {"d8_solid_red": 1},
             "players": [{"health": {"red": 4}, "held": ["d6_solid_green"]}, {}]}  # fmt: skip
    state = position(patch, rules)
    state.apply(state.parse("potion d6_solid_green red"))
    assert state.current_player() == 0 and state.to_json()["phase"] == "take_die"
    state.apply(state.parse("take d8_solid_red red"))
    assert state.current_player() == 1 and state.to_json()["phase"] == "attack"
    bare = position({**patch, "pool": {}}, rules)  # nothing to take: the turn passes at once
    bare.apply(bare.parse("potion d6_solid_green red"))
    assert bare.current_player() == 1 and bare.to_json()["phase"] == "attack"
    for target in ({}, {"shields": {"yellow": [{"die": "d10_translucent_yellow", "points": 5}]}}):
        hit = position({**patch, "players": [{}, target]}, rules)  # a hit on health or shield
        for move in ("attack red yellow", "roll 1"):
            hit.apply(hit.parse(move))
        assert hit.current_player() == 0 and hit.to_json()["phase"] == "take_die"


def test_a_smaller_attacking_die_goes_to_the_trash_and_the_larger_stays() -> None:
    """l.86-88: with the red d6 and d8 both taken, only the d8 is kept and the d6 is trashed;
    the battery, at 1 health, still stands, so the trashed die denies nothing."""
    state = position(
        {"players": [{"health": {"red": 1}, "attackers": {"red": "d8_solid_red"}}, {}]}
    )
    state.apply(state.parse("take d6_solid_red trash"))
    after = state.to_json()
    assert state.events == ["take_die", "attacking_die", "trash"]
    assert after["players"][0]["attackers"]["red"] == "d8_solid_red"
    assert after["trash"]["d6_solid_red"] == 1


def test_a_destroyed_battery_takes_its_dice_to_the_trash() -> None:
    mine = {
        "health": {"blue": 2},
        "attackers": {"blue": "d8_solid_blue"},
        "shields": {"blue": []},
    }
    state = position({"seat": 1, "phase": "attack", "pool": {}, "players": [mine, {}]})
    state.apply(state.parse("attack yellow blue"))
    state.apply(state.parse("roll 3"))
    after = state.to_json()
    assert after["players"][0]["attackers"]["blue"] is None
    assert after["trash"]["d12_translucent_green"] == 1 and after["trash"]["d8_solid_blue"] == 1
    assert state.events == ["roll", "battery_destroyed", "destroyed_battery_dice"]
    assert state.current_player() == 0


def test_two_batteries_win_and_the_match_loser_starts_the_next_game() -> None:
    patch = {
        "phase": "attack",
        "pool": {},
        "players": [{}, {"health": {"yellow": 1, "blue": 0}, "attackers": {"blue": None}}],
    }
    single = position(patch)
    single.apply(single.parse("attack red yellow"))
    single.apply(single.parse("roll 1"))
    assert single.current_player() == TERMINAL and single.returns() == [1.0, 0.0]
    match = position({**patch, "turn": 7}, variant="match")
    match.apply(match.parse("attack red yellow"))
    match.apply(match.parse("roll 1"))
    after = match.to_json()
    assert match.current_player() == 1 and after["wins"] == [1, 0] and after["game"] == 2
    assert after["turn"] == 8 and match.events[-2:] == ["match", "match_first_player"]
    winner_starts = played(**{"rules.values.match_next_first": "winner"})
    again = position({**patch, "turn": 7}, winner_starts, variant="match")
    again.apply(again.parse("attack red yellow"))
    again.apply(again.parse("roll 1"))
    assert again.current_player() == 0 and again.to_json()["game"] == 2
    assert after["phase"] == again.to_json()["phase"] == "take_die"  # a new game starts with a take
    assert after["players"][1]["health"] == {"red": 12, "yellow": 12, "blue": 12}
    ENGINE.check_invariants(match)


def test_resurrection_brings_back_a_die_no_larger_than_the_number_showing() -> None:
    patch = {
        "phase": "attack",
        "trash": {"d6_solid_green": 1, "d12_translucent_blue": 1},
        "players": [
            {
                "held": ["d8_solid_grey"],
                "shields": {"red": [{"die": "d10_translucent_red", "points": 5}]},
            },
            {},
        ],
    }
    state = position(patch, variant="resurrection")
    state.apply(state.parse("resurrect d8_solid_grey d6_solid_green keep"))
    after = state.to_json()
    assert after["players"][0]["held"] == ["d6_solid_green"]
    assert after["trash"] == {"d8_solid_grey": 1, "d12_translucent_blue": 1}
    ENGINE.check_invariants(state)


def test_a_broken_shield_joins_its_twin_in_the_trash() -> None:
    """With two blue d10s in the inventory, one already trashed, breaking the other leaves both
    in the trash."""
    rules = played(**{"components.d10_translucent_blue.count": 2})
    patch = {
        "seat": 1,
        "phase": "attack",
        "trash": {"d10_translucent_blue": 1},
        "players": [{"shields": {"blue": [{"die": "d10_translucent_blue", "points": 2}]}}, {}],
    }
    state = position(patch, rules)
    state.apply(state.parse("attack yellow blue"))
    state.apply(state.parse("roll 2"))
    assert state.to_json()["trash"] == {"d10_translucent_blue": 2}
    ENGINE.check_invariants(state)


def test_a_sacrificed_shield_joins_its_twin_in_the_trash() -> None:
    """With two red d10s in the inventory, one already trashed, sacrificing the other to bring
    back the d4 polish leaves both in the trash: every die is still counted once."""
    rules = played(**{"components.d10_translucent_red.count": 2})
    patch = {
        "phase": "attack",
        "trash": {"d10_translucent_red": 1, "d4_solid_grey": 1},
        "players": [{"shields": {"red": [{"die": "d10_translucent_red", "points": 5}]}}, {}],
    }
    state = position(patch, rules, variant="resurrection")
    state.apply(state.parse("resurrect d10_translucent_red d4_solid_grey keep"))
    after = state.to_json()
    assert after["trash"] == {"d10_translucent_red": 2}
    assert after["players"][0]["held"] == ["d4_solid_grey"]
    ENGINE.check_invariants(state)


def test_polish_for_a_shield_not_in_play_is_refused() -> None:
    """A move no legal list offers (polish with no shield to restore) fails loudly instead of
    restoring some other shield."""
    state = position({"phase": "attack", "pool": {}, "players": [{"held": ["d4_solid_grey"]}, {}]})
    polish, shield = (state.cfg.kinds.index(n) for n in ("d4_solid_grey", "d10_translucent_red"))
    with pytest.raises(ValueError, match=f"no shield of kind {shield} in play"):
        state.apply(("polish", polish, shield))


def test_a_black_shield_taken_behind_stays_behind() -> None:
    state = position({})
    state.apply(state.parse("take d12_translucent_black behind"))
    black = state.to_json()["players"][0]["black"]
    assert black == {"front": [], "behind": [{"die": "d12_translucent_black", "points": 12}]}


RED_D6 = {"attackers": {"red": "d6_solid_red"}}
RED_D6_AT_2 = {"health": {"red": 2}, **RED_D6}


@pytest.mark.parametrize(
    ("patch", "variant", "moves"),
    [
        ({"pool": {"d8_solid_red": 1}, "players": [RED_D6, {}]}, None, "take d8_solid_red red"),
        ({"phase": "attack", "pool": {}, "players": [RED_D6, {}]}, None, "attack red yellow"),
        (
            {"seat": 1, "phase": "attack", "pool": {}, "players": [RED_D6_AT_2, {}]},
            None,
            "attack blue red, roll 2",
        ),
        (
            {
                "phase": "attack",
                "trash": {"d4_solid_red": 1},
                "players": [{**RED_D6, "held": ["d4_solid_grey"]}, {}],
            },
            "resurrection",
            "resurrect d4_solid_grey d4_solid_red trash",
        ),
    ],
    ids=["replace", "attack", "destroyed", "bring_back_smaller"],
)
def test_the_inventory_order_changes_no_move(patch: dict, variant: str | None, moves: str) -> None:
    """A die kind is its place in the inventory; with the red d6 listed first (kind 0) it still
    attacks, is replaced by the d8 (and trashed), goes to the trash with its battery and
    outranks a d4 brought back."""
    games = [position(patch, rules, variant) for rules in (played(), listed_first("d6_solid_red"))]
    for move in moves.split(", "):
        legal = [sorted(map(game.notation, game.legal_actions())) for game in games]
        assert legal[0] == legal[1] and (move in legal[0] or move.startswith("roll"))
        for game in games:
            game.apply(game.parse(move))
            ENGINE.check_invariants(game)
        assert games[0].to_json() == games[1].to_json()


def test_evaluate_is_a_share_and_favours_the_stronger_side() -> None:
    even = position({})
    assert ENGINE.evaluate(even, 0) == pytest.approx(0.5)
    ahead = position({"players": [{"attackers": {"red": "d8_solid_red"}}, {"health": {"blue": 3}}]})
    assert 0.5 < ENGINE.evaluate(ahead, 0) < 1 and 0 < ENGINE.evaluate(ahead, 1) < 0.5


def _lead(state, seat: int) -> float:
    """The lead evaluate squashed, recovered from its share: the logistic curve inverted."""
    share = ENGINE.evaluate(state, seat)
    return -math.log(1 / share - 1) / STEEPNESS


def test_evaluate_weighs_each_standing_battery_as_its_docstring_says() -> None:
    """Counted by hand: a standing battery is worth 1 plus a third of (its points over its
    points and a full 12, and its attacking die's sides over the d20's 20), a side the sum over
    two. Points are health, the battery's colour shields and every black shield, front and
    behind. Player 1 lost red; yellow has 5 health, shields at 4 and 7 and the d8 (8/20), blue
    12 health and the d6 (6/20); blacks at 2 and 3 add 5 to each. Player 2 stands whole with the
    d4s (4/20), yellow at 1 health."""
    state = position(
        {
            "players": [
                {
                    "health": {"red": 0, "yellow": 5},
                    "attackers": {
                        "red": None,
                        "yellow": "d8_solid_yellow",
                        "blue": "d6_solid_blue",
                    },
                    "shields": {
                        "yellow": [
                            {"die": "d10_translucent_yellow", "points": 4},
                            {"die": "d12_translucent_yellow", "points": 7},
                        ]
                    },
                    "black": {
                        "front": [{"die": "d12_translucent_black", "points": 2}],
                        "behind": [{"die": "d20_translucent_black", "points": 3}],
                    },
                },
                {"health": {"yellow": 1}},
            ]
        }
    )
    ENGINE.check_invariants(state)
    first = (2 + (21 / 33 + 8 / 20 + 17 / 29 + 6 / 20) / 3) / 2  # yellow 5+4+7+5, blue 12+5
    second = (3 + (12 / 24 + 4 / 20 + 1 / 13 + 4 / 20 + 12 / 24 + 4 / 20) / 3) / 2
    assert _lead(state, 0) == pytest.approx(first - second)
    assert _lead(state, 1) == pytest.approx(second - first)


def test_every_black_shield_in_front_adds_its_points() -> None:
    """Both black shields in front (20 and 12 points) raise each of three full batteries from
    12/24 to 44/56 of the way: a lead of 3 x (44/56 - 1/2) / 3 / 2 = 1/7."""
    front = [
        {"die": "d20_translucent_black", "points": 20},
        {"die": "d12_translucent_black", "points": 12},
    ]
    state = position({"players": [{"black": {"front": front}}, {}]})
    assert _lead(state, 0) == pytest.approx(1 / 7)


@pytest.mark.parametrize("winner", [0, 1])
def test_a_won_game_is_worth_all_to_its_winner_and_nothing_to_the_loser(winner: int) -> None:
    """Two batteries lost end the game (l.118): the evaluation is then the result itself."""
    lost = {"health": {"yellow": 0, "blue": 0}, "attackers": {"yellow": None, "blue": None}}
    players = [{}, {}]
    players[1 - winner] = lost
    state = position({"winner": winner, "players": players})
    ENGINE.check_invariants(state)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.to_json()["winner"] == winner and position({}).to_json()["winner"] is None
    assert ENGINE.evaluate(state, winner) == 1.0 and ENGINE.evaluate(state, 1 - winner) == 0.0


def test_an_engine_reads_a_package_once_and_each_variant_apart() -> None:
    """A fresh engine keeps one config per package and variant: asked again it gives the same
    one; another variant or another package is read on its own."""
    engine = ShieldsDiceEngine()
    rules = played()
    config = engine.config(rules, 2, None)
    assert engine.config(rules, 2, None) is config
    assert engine.config(rules, 2, "match").match_wins == 2 and config.match_wins == 1
    assert engine.config(played(**{"rules.values.health": 15}), 2, None).health == 15
    assert engine.new_game(rules, 2, None).to_json()["players"][0]["health"]["red"] == 12


def test_exact_tables_refuse_a_variant_the_rules_lack() -> None:
    with pytest.raises(DataError, match="no variant 'nonsense'"):
        ENGINE.exact_tables(played(), 2, "nonsense")


def test_sentences_take_their_words_from_the_data() -> None:
    state = position({})
    sentence = state.describe(state.parse("take d20_translucent_black front"))
    assert sentence.startswith("Take a die: Player 1 takes the translucent black d20")
    assert "all three of its owner's batteries" in sentence and "in front of" in sentence


def _titles() -> dict[str, str]:
    """The phases', actions' and variants' titles, as the rule data writes them."""
    rules = played().rules
    groups = (rules.structure.phases, rules.actions, rules.variants)
    return {name: node.title for group in groups for name, node in group.items()}


SENTENCES = [  # (position, variant, rules changed, moves played first, the move, its words)
    (
        {"seat": 1, "pool": {"d4_solid_grey": 1, "d6_solid_blue": 1},
         "players": [{}, {"health": {"blue": 0}, "attackers": {"blue": None}}]},
        None, {}, [], "take d6_solid_blue trash",
        "{take_die}: Player 2 takes the solid blue d6 ({attacking_die}) and puts it in the trash.",
    ),
    ({}, None, {}, [], "take d6_solid_green keep",
     "{take_die}: Player 1 takes the solid green d6 ({potion}) and keeps it for a later turn."),
    ({}, None, {}, [], "take d20_translucent_black front",
     "{take_die}: Player 1 takes the translucent black d20 ({black_shield}) and sets it in "
     "front of the colour shields."),
    ({}, None, {}, [], "take d12_translucent_black behind",
     "{take_die}: Player 1 takes the translucent black d12 ({black_shield}) and sets it behind "
     "the colour shields."),
    ({}, None, {}, [], "take d10_translucent_blue blue",
     "{take_die}: Player 1 takes the translucent blue d10 ({colour_shield}) and sets it on the "
     "blue battery."),
    ({"seat": 1, "phase": "attack"}, None, {}, [], "attack yellow blue",
     "{attack}: Player 2's yellow battery {yellow_attacks}, rolling the solid yellow d4 at "
     "Player 1's blue battery."),
    ({"seat": 1, "phase": "attack"}, None,
     {"rules.tables.attacks.rows[1].result": "attacks blue, {{ values.health }} health or less"},
     [], "attack yellow blue",  # the row's result rendered with the values it names
     "{attack}: Player 2's yellow battery {yellow_attacks}, rolling the solid yellow d4 at "
     "Player 1's blue battery."),
    ({"seat": 1, "phase": "attack"}, None, {}, ["attack yellow blue"], "roll 3",
     "The solid yellow d4 rolls 3."),
    ({"phase": "attack", "players": [{"held": ["d6_solid_green"]}, {}]}, None, {}, [],
     "potion d6_solid_green yellow",
     "{use_potion}: Player 1 uses the solid green d6 on the yellow battery."),
    ({"phase": "attack", "players": [{"held": ["d4_solid_grey"], "shields": {
        "red": [{"die": "d10_translucent_red", "points": 3}]}}, {}]}, None, {}, [],
     "polish d4_solid_grey d10_translucent_red",
     "{use_polish}: Player 1 uses the solid grey d4 on the translucent red d10."),
    ({"phase": "attack", "trash": {"d4_solid_blue": 1}, "players": [
        {"held": ["d4_solid_grey"], "attackers": {"blue": "d6_solid_blue"}}, {}]},
     "resurrection", {}, [], "resurrect d4_solid_grey d4_solid_blue trash",
     "{resurrection}: Player 1 trashes the solid grey d4 to bring back the solid blue d4 "
     "(trash)."),
    ({"phase": "attack", "players": [{"held": ["d6_solid_green", "d8_solid_green"],
      "health": {"red": 2}}, {}]}, None, {"rules.actions.use_potion.limit": 2},
     ["potion d6_solid_green red"], "end",
     "Player 1 uses no more potions or polish this turn."),
    ({"phase": "attack", "players": [
        {"health": {"blue": 0}, "attackers": {"blue": None}},
        {"health": {"yellow": 0, "blue": 0}, "attackers": {"yellow": None, "blue": None}}]},
     None, {"rules.values.batteries_to_win": 3}, [], "pass",
     "Player 1 has no move and passes."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("patch", "variant", "changes", "before", "move", "words"),
    SENTENCES,
    ids=[case[4] for case in SENTENCES],
)
def test_every_move_reads_as_a_sentence_in_the_data_words(
    patch: dict, variant: str | None, changes: dict, before: list[str], move: str, words: str
) -> None:
    """Titles come from the data's phases, actions and variants; the bracketed results from
    the pool_roles and attacks rows (their values filled in); a die from its finish, colour and
    sides."""
    rules = played(**changes)
    values = rules.rules.values
    results = {
        row.id: re.sub(r"\{\{ values\.(\w+) \}\}", lambda m: str(values[m[1]]), row.result)
        for table in ("pool_roles", "attacks")
        for row in rules.rules.tables[table].rows
    }
    state = position(patch, rules, variant)
    for earlier in before:
        state.apply(state.parse(earlier))
    assert state.describe(state.parse(move)) == words.format(**_titles(), **results)


def test_the_roll_for_first_player_names_each_roller_in_turn() -> None:
    state = ENGINE.new_game(played(), 2, None)
    assert state.describe(state.parse("roll 20")) == "Player 1 rolls 20 for first player."
    state.apply(state.parse("roll 20"))
    assert state.describe(state.parse("roll 13")) == "Player 2 rolls 13 for first player."


def test_a_move_not_legal_is_refused_with_the_legal_ones_listed() -> None:
    state = position({"pool": {"d8_solid_red": 1, "d6_solid_green": 1}})
    legal = "the legal moves are: take d8_solid_red red, take d6_solid_green keep"
    with pytest.raises(
        ValueError, match=f"'take d8_solid_red blue' is not a legal move here; {legal}$"
    ):
        state.parse("take  d8_solid_red  blue")


def test_the_observation_is_the_whole_table() -> None:
    state = position({})
    assert json.loads(state.observation(1)) == state.to_json()
    assert state.sample_world(1, seeded("x")).to_json() == state.to_json()


def test_a_position_of_three_players_is_refused_by_name() -> None:
    data = position({}).to_json()
    data["players"].append(data["players"][0])
    config = ENGINE.config(played(), 2, None)
    with pytest.raises(ValueError, match="a position of this game has 2 players"):
        dice_position.from_json(config, data, ShieldsDiceState)


def test_merged_patches_lists_of_mappings_item_by_item() -> None:
    assert merged({"a": [{"x": 1, "y": 2}, {"x": 3}]}, {"a": [{"y": 5}, {}]}) == {
        "a": [{"x": 1, "y": 5}, {"x": 3}]
    }


def test_validate_plays_the_examples_on_the_data(tmp_path) -> None:
    """values.health 12 → 15: the played potion_full gives 15, so its stated 12 is PK532."""
    copy = tmp_path / "shields_dice"
    shutil.copytree(RULE_DATA / "shields_dice", copy)
    rules = copy / "rules.yaml"
    rules.write_text(rules.read_text().replace("    health: 12\n", "    health: 15\n"))
    result = run_cli("--rule-data", tmp_path, "validate", "shields_dice", "--no-simulate")
    assert "example 'potion_full' states health_after = 12 but play gives 15" in result.output
    shipped = run_cli("validate", "shields_dice", "--no-simulate")
    assert shipped.exit_code == 0 and "potion_full" not in shipped.output


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"trash": {"d4_solid_grey": 1}}, "2 d4_solid_grey on the table"),
        ({"players": [{"health": {"red": 13}}, {}]}, "red health is 13"),
        (
            {"players": [{"shields": {"red": [{"die": "d10_translucent_blue", "points": 3}]}}, {}]},
            "d10_translucent_blue on the red battery",
        ),
        (
            {
                "players": [
                    {"black": {"front": [{"die": "d20_translucent_black", "points": 21}]}},
                    {},
                ]
            },
            "d20_translucent_black at 21 points",
        ),
        ({"players": [{"health": {"red": 0, "blue": 0}}, {}]}, "lost 2 batteries"),
        ({"players": [{}, {"health": {"red": -1}}]}, "seat 1: red health is -1"),
        ({"players": [{"attackers": {"red": "d8_solid_yellow"}}, {}]},
         "seat 0: d8_solid_yellow on the red battery"),
        ({"players": [{"attackers": {"red": "d10_translucent_red"}}, {}]},
         "d10_translucent_red on the red battery"),
        ({"players": [{}, {"attackers": {"blue": None}}]}, "seat 1: blue has no attacking die"),
        ({"players": [{"shields": {"red": [{"die": "d8_solid_red", "points": 3}]}}, {}]},
         "d8_solid_red on the red battery"),
        ({"players": [{"black": {"behind": [{"die": "d10_translucent_red", "points": 3}]}}, {}]},
         "d10_translucent_red set as an overall shield"),
        ({"players": [{"black": {"front": [{"die": "d12_translucent_black", "points": 0}]}}, {}]},
         "d12_translucent_black at 0 points"),
        ({"players": [{"shields": {"red": [{"die": "d10_translucent_red", "points": 11}]}}, {}]},
         "d10_translucent_red at 11 points"),
        ({"players": [{"held": ["d8_solid_red"]}, {}]}, "d8_solid_red held for later"),
        ({"used": {"use_potion": 2, "use_polish": 0}}, r"\[2, 0\] potions and polish used"),
        ({"used": {"use_potion": 0, "use_polish": 2}}, r"\[0, 2\] potions and polish used"),
        ({"seat": 2}, "seat 2, phase 0"),
        ({"seat": -1}, "seat -1, phase 0"),
        ({"wins": [0, 1]}, r"games won \[0, 1\] and no winner"),
        # a die both on the table and still in the pool is counted twice
        ({"players": [{"shields": {"red": [{"die": "d10_translucent_red", "points": 3}]}}, {}]},
         "2 d10_translucent_red on the table"),
        ({"players": [{}, {"black": {"behind": [{"die": "d20_translucent_black", "points": 3}]}}]},
         "2 d20_translucent_black on the table"),
        ({"players": [{"held": ["d6_solid_green"]}, {}]}, "2 d6_solid_green on the table"),
        ({"trash": {"d4_solid_blue": 1}, "players": [{"attackers": {"blue": "d8_solid_blue"}}, {}]},
         "2 d8_solid_blue on the"),
    ],
)  # fmt: skip
def test_the_invariants_catch_a_position_no_rule_allows(patch: dict, message: str) -> None:
    state = ENGINE.from_json(played(), merged(position({}).to_json(), patch))
    with pytest.raises(InvariantBroken, match=message):
        ENGINE.check_invariants(state)


def test_the_invariants_let_every_limit_itself_pass() -> None:
    """Full health and a full shield, a shield at 1 point, one battery lost, the potion limit
    used and the second seat to move: all allowed."""
    state = position(
        {
            "seat": 1,
            "phase": "attack",
            "used": {"use_potion": 1, "use_polish": 0},
            "players": [
                {
                    "health": {"blue": 0},
                    "attackers": {"blue": None},
                    "shields": {"red": [{"die": "d10_translucent_red", "points": 10}]},
                    "black": {"front": [{"die": "d20_translucent_black", "points": 1}]},
                },
                {"shields": {"yellow": [{"die": "d12_translucent_yellow", "points": 1}]}},
            ],
        }
    )
    ENGINE.check_invariants(state)
    polish = position({"used": {"use_potion": 0, "use_polish": 1}})
    ENGINE.check_invariants(polish)


def test_the_invariants_catch_a_phase_past_the_last() -> None:
    """A phase is an index in the data's phases; one past them is an engine bug to report."""
    state = position({})
    state.phase = len(state.cfg.phases)
    with pytest.raises(InvariantBroken, match="seat 0, phase 2"):
        ENGINE.check_invariants(state)


def test_a_potion_limit_above_one_lets_a_turn_drink_more() -> None:
    """use_potion.limit 1 → 2: after one potion the player may drink another or end the turn;
    a polish is not mixed in (one potion or polish replaces the attack)."""
    patch = {
        "phase": "attack",
        "pool": {},
        "players": [
            {
                "health": {"red": 3, "yellow": 4},
                "held": ["d6_solid_green", "d8_solid_green", "d10_solid_green", "d4_solid_grey"],
                "shields": {"red": [{"die": "d10_translucent_red", "points": 2}]},
            },
            {},
        ],
    }
    shipped = position(patch)
    shipped.apply(shipped.parse("potion d6_solid_green red"))
    assert shipped.current_player() == 1
    rules = played(**{"rules.actions.use_potion.limit": 2})
    state = position(patch, rules)
    state.apply(state.parse("potion d6_solid_green red"))
    assert state.current_player() == 0
    assert state.to_json()["used"] == {"use_potion": 1, "use_polish": 0}
    assert sorted(state.notation(a) for a in state.legal_actions()) == [
        "end",
        *(f"potion {die} {colour}" for die in ("d10_solid_green", "d8_solid_green")
          for colour in ("blue", "red", "yellow")),
    ]  # fmt: skip
    state.apply(state.parse("potion d8_solid_green yellow"))
    assert state.current_player() == 1 and state.to_json()["players"][0]["health"]["yellow"] == 12
    assert state.to_json()["players"][0]["held"] == ["d10_solid_green", "d4_solid_grey"]


def test_polish_restores_a_shield_up_to_its_sides_and_is_spent() -> None:
    """l.108: polish heals a shield by its full number, the points past the shield's maximum
    are lost, and the polish goes to the trash; one a turn, so the turn then passes."""
    patch = {
        "phase": "attack",
        "pool": {},
        "players": [
            {
                "held": ["d4_solid_grey", "d8_solid_grey"],
                "shields": {"red": [{"die": "d10_translucent_red", "points": 4}]},
            },
            {},
        ],
    }
    state = position(patch)
    state.apply(state.parse("polish d8_solid_grey d10_translucent_red"))
    after = state.to_json()
    assert after["players"][0]["shields"]["red"] == [{"die": "d10_translucent_red", "points": 10}]
    assert after["players"][0]["held"] == ["d4_solid_grey"] and after["trash"]["d8_solid_grey"] == 1
    assert state.events == ["use_polish", "polish"] and state.current_player() == 1


def test_a_polish_limit_of_two_ends_the_turn_after_the_second() -> None:
    """use_polish.limit 1 -> 2: a second polish may follow the first, and no third."""
    patch = {
        "phase": "attack",
        "pool": {},
        "players": [
            {
                "held": ["d4_solid_grey", "d6_solid_grey", "d8_solid_grey"],
                "shields": {"red": [{"die": "d10_translucent_red", "points": 1}]},
            },
            {},
        ],
    }
    state = position(patch, played(**{"rules.actions.use_polish.limit": 2}))
    state.apply(state.parse("polish d4_solid_grey d10_translucent_red"))
    assert state.current_player() == 0 and "end" in map(state.notation, state.legal_actions())
    ENGINE.check_invariants(state)
    state.apply(state.parse("polish d6_solid_grey d10_translucent_red"))
    assert state.current_player() == 1
    assert state.to_json()["players"][0]["shields"]["red"][0]["points"] == 10


def test_a_destroyed_battery_left_with_its_dice_neither_attacks_nor_keeps_shields_in_play() -> None:
    """trash_with_battery off: a destroyed battery keeps its attacking die and shield beside
    it, but it can no longer attack (l.118) and its shield is not polished or sacrificed."""
    rules = played(**{"rules.values.trash_with_battery": False})
    patch = {
        "phase": "attack",
        "trash": {"d12_translucent_green": 1, "d4_solid_blue": 1},
        "players": [
            {
                "health": {"red": 0},
                "held": ["d4_solid_grey"],
                "shields": {"red": [{"die": "d10_translucent_red", "points": 3}]},
            },
            {},
        ],
    }
    state = position(patch, rules, variant="resurrection")
    ENGINE.check_invariants(state)
    assert sorted(state.notation(a) for a in state.legal_actions()) == [
        "attack blue red",
        "attack yellow blue",
        "resurrect d4_solid_grey d4_solid_blue trash",
    ]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rules.values.batteries": 4}, "the attacks table needs one row per battery"),
        ({"rules.tables.pool_roles.rows[0].data.role": "wizard"}, "pool_roles gives a role the"),
        ({"rules.values.newer_shield": "beside"}, "newer_shield is one of"),
        ({"rules.values.match_next_first": "nobody"}, "newer_shield is one of"),
        ({"rules.setup[1].uses[0].count": 4}, "the set-up uses more dice than the inventory has"),
        ({"rules.players.max": 1}, "the rules are not played by 2 players"),
        ({"rules.players.min": 3}, "the rules are not played by 2 players"),
        ({"rules.setup[0].id": "first_roll"}, "the set-up has no step 'roll_for_first'"),
        ({"rules.setup[3].id": "pool"}, "the set-up has no step 'fill_pool'"),
        ({"rules.actions.use_polish.limit": None}, "rules.actions.use_polish needs a limit"),
        ({"rules.structure": None}, "the package has no rules with a structure to play"),
        (
            {"rules.setup[1].uses[0].component": "d13_translucent_green"},
            "'d13_translucent_green' is not among the inventory (d12_translucent_green, d4_",
        ),
        (  # was a KeyError: validate's internal error (PK900)
            {"rules.setup[2].uses[0].component": "d5_solid_red"},
            "'d5_solid_red' is not among the inventory (d12_translucent_green, d4_",
        ),
        (  # the same for the roll for first player
            {"rules.setup[0].uses[0].component": "d30_translucent_green"},
            "'d30_translucent_green' is not among the inventory (d12_translucent_green, d4_",
        ),
        (
            {"rules.setup[2].uses[2].component": "d6_solid_green"},
            "set-up step 'default_attackers' sets up no die of the colour 'blue'",
        ),
    ],
)
def test_data_the_engine_cannot_play_is_refused_by_name(changes: dict, message: str) -> None:
    with pytest.raises(DataError, match="^" + re.escape(message)):
        ShieldsDiceEngine().new_game(played(**changes), 2, None)


def test_a_value_that_is_no_whole_number_is_refused_by_its_path() -> None:
    with pytest.raises(ValueError, match=re.escape("rules.values.health is 'many', not")):
        ShieldsDiceEngine().new_game(played(**{"rules.values.health": "many"}), 2, None)


def test_the_set_up_takes_each_players_dice_out_of_the_pool() -> None:
    """Three health dice per player (6 of the 6) leave none in the pool; set up once for the
    table (per_player off), 3 stay; not kept after the set-up (the roll for first), all 6 do."""

    def green_in_pool(**changes: object) -> int:
        pool = ShieldsDiceEngine().new_game(played(**changes), 2, None).to_json()["pool"]
        return pool.get("d12_translucent_green", 0)

    assert green_in_pool() == 0
    assert green_in_pool(**{"rules.setup[1].uses[0].per_player": False}) == 3
    assert green_in_pool(**{"rules.setup[1].uses[0].kept": False}) == 6


def test_the_roll_for_first_player_follows_the_dice_the_set_up_names() -> None:
    """Two d12s each instead of three: totals 2 to 24, a 2 one time in 144."""
    state = ENGINE.new_game(played(**{"rules.setup[0].uses[0].count": 2}), 2, None)
    outcomes = dict(state.chance_outcomes())
    assert min(a[1] for a in outcomes) == 2 and max(a[1] for a in outcomes) == 24
    assert outcomes[("roll", 2)] == Fraction(1, 144)


def test_a_die_without_sides_is_refused_by_name_not_an_internal_error(tmp_path) -> None:
    """A die the inventory lists without its sides has no roll: validate stopped with an
    internal error (PK900, a KeyError) when a worked example asked for its roll; the engine
    now refuses the data at set-up (PK542), naming the die, at the game's engine line."""
    copy = tmp_path / "shields_dice"
    shutil.copytree(RULE_DATA / "shields_dice", copy)
    game = copy / "game.yaml"
    die = "d4_solid_blue: {count: 2, attributes: {"
    game.write_text(game.read_text().replace(die + "sides: 4, ", die))
    result = run_cli("--rule-data", tmp_path, "validate", "shields_dice", "--no-simulate")
    assert result.exit_code == 1 and "PK900" not in result.output
    assert "error[PK542]: engine 'shields_dice' cannot set up the played rules: " in result.output
    assert "d4_solid_blue's sides is None, not a whole number of 1 or more" in result.output
    with pytest.raises(ValueError, match=r"^d12_translucent_green's sides is 0, not a whole"):
        ENGINE.new_game(played(**{"components.d12_translucent_green.attributes.sides": 0}), 2, None)


GREEN = {"component": "d12_translucent_green", "count": 3, "per_player": True}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"rules.setup[1].uses": [GREEN, {"component": "d7_solid_green", "count": 1}]},
            "'d7_solid_green' is not among the inventory (d12_translucent_green, d4_solid_red, ",
        ),
        ({"components": {}}, "'d12_translucent_green' is not among the inventory (none)"),
        (
            {
                "rules.tables.attacks": {
                    "kind": "dice",
                    "dice": "d3",
                    "text": "Roll for the colour that attacks.",
                    "rows": [
                        {"roll": face, "result": colour}
                        for face, colour in enumerate(("red", "yellow", "blue"), start=1)
                    ],
                }
            },
            "the rules have no lookup table 'attacks'",
        ),
        (  # the red battery renamed 'None', its d4 left without a colour: no match
            {
                "rules.tables.attacks.rows[0].key": "None",
                "rules.tables.attacks.rows[2].data.target": "None",
                "components.d4_solid_red.attributes": {"sides": 4, "finish": "solid"},
            },
            "set-up step 'default_attackers' sets up no die of the colour 'None'",
        ),
        (
            {"rules.structure.phases.draw": {"title": "Draw", "text": "Draw a die."}},
            "the engine has handlers for the phases take_die and attack",
        ),
    ],
    ids=[
        "a set-up die past the first",
        "an empty inventory",
        "a dice table of attacks",
        "an attacking die without a colour",
        "a phase the engine has no handler for",
    ],
)
def test_data_only_lists_and_mappings_can_write_is_refused_by_name(
    changes: dict, message: str
) -> None:
    """A health die the inventory lacks after the first, an inventory of no dice (the list
    it names is 'none', not empty brackets), a table of attacks rolled instead of looked up,
    a die without a colour, which is no battery's attacking die (not even of a battery whose
    name is the text 'None'), and a turn with a phase the engine cannot play."""
    with pytest.raises(DataError, match="^" + re.escape(message)):
        ENGINE.new_game(played_with(changes), 2, None)


def test_a_row_without_an_id_is_named_by_its_key_in_the_events() -> None:
    """Events name the pool_roles or attacks row a move plays by: its id, else its key."""
    rules = played(
        **{"rules.tables.pool_roles.rows[0].id": None, "rules.tables.attacks.rows[0].id": None}
    )
    state = position({}, rules)
    state.apply(state.parse("take d8_solid_red red"))
    assert state.events == ["take_die", "solid red yellow blue"]
    state.apply(state.parse("attack red yellow"))
    assert state.events == ["attack", "red"]


def test_dice_of_a_colour_no_battery_has_are_never_taken() -> None:
    """A purple attacking die and a purple shield, as the pool_roles rows make them, with no
    purple battery: they serve none, so they are no move, and a pool of only them skips the
    take (the erratum letting dice for lost batteries be taken does not make them one)."""
    colours = ["red", "yellow", "blue", "purple"]
    rules = played_with(
        {
            f"components.{kind}_purple": {
                "count": 1,
                "attributes": {"sides": 6, "finish": kind.partition("_")[2], "colour": "purple"},
            }
            for kind in ("d6_solid", "d6_translucent")
        }
        | {f"rules.tables.pool_roles.rows[{row}].data.colours": colours for row in (0, 1)}
    )
    assert rules.rules is not None and rules.rules.values["take_for_destroyed"] is True
    purple = {"d6_solid_purple": 1, "d6_translucent_purple": 1}
    state = position({"pool": purple | {"d4_solid_grey": 1}}, rules)
    assert [state.notation(a) for a in state.legal_actions()] == ["take d4_solid_grey keep"]
    alone = position({"seat": 1, "phase": "attack", "pool": purple}, rules)
    for move in ("attack red yellow", "roll 1"):
        alone.apply(alone.parse(move))
    assert alone.current_player() == 0 and alone.to_json()["phase"] == "attack"


def test_a_die_without_a_finish_is_named_without_one() -> None:
    """A polish die whose attributes give no finish, played by a pool_roles row that names no
    finish: its sentence says 'the grey d4', leaving out the word it lacks."""
    rules = played_with(
        {
            "components.d4_solid_grey.attributes": {"sides": 4, "colour": "grey"},
            "rules.tables.pool_roles.rows[4].data": {"colours": ["grey"], "role": "polish"},
        }
    )
    state = position({}, rules)
    taken = state.parse("take d4_solid_grey keep")
    assert state.describe(taken) == (
        f"{_titles()['take_die']}: Player 1 takes the grey d4 (polish: heals a shield) and "
        "keeps it for a later turn."
    )


def _first_row_searched(rows: list[Any], attributes: dict[str, Any]) -> Any:
    """The pool_roles row a die plays by, as the engine once found it: row by row."""
    return next(
        (
            row
            for row in rows
            if row.data.get("finish") == attributes.get("finish")
            and attributes.get("colour") in (row.data.get("colours") or ())
        ),
        None,
    )


def test_each_die_plays_by_the_first_row_naming_its_finish_and_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """70 dice of mixed finishes and colours (some missing, some numbers equal to others:
    1, 1.0 and true) against 60 more rows that overlap them and each other, some without a
    finish or with a list for one: the rows indexed once give each die the row the search
    row by row gave, and each row's result is rendered once, however many dice it plays."""
    rng = random.Random(7)
    finishes = ["solid", "translucent", "matte", None]
    colours = ["red", "yellow", "blue", "black", "green", "grey", "white", 1, 1.0, True, 2]
    dice = {}
    for index in range(70):
        finish, colour = rng.choice(finishes), rng.choice([*colours, None])
        attributes = {"sides": 6} | ({} if finish is None else {"finish": finish})
        attributes |= {} if colour is None else {"colour": colour}
        dice[f"components.x{index}"] = {"count": 0, "attributes": attributes}
    rows = played().rules.tables["pool_roles"].model_dump()["rows"]
    for index in range(60):
        data = {"role": rng.choice(ROLES), "colours": rng.sample(colours, rng.randint(0, 3))}
        finish = rng.choice([*finishes, ["solid"]])
        data |= {} if finish is None else {"finish": finish}
        rows.append(
            {"key": f"row {index}", "id": f"row_{index}", "result": f"r{index}", "data": data}
        )
    rules = played_with(dice | {"rules.tables.pool_roles.rows": rows})
    rendered: list[str] = []
    monkeypatch.setattr(config, "render", lambda text, _: rendered.append(text) or text)
    cfg = read_config(rules, 2, None)
    table = rules.rules.tables["pool_roles"].rows
    expected = [_first_row_searched(table, rules.components[kind].attributes) for kind in cfg.kinds]
    assert len({id(row) for row in expected if row}) > 15  # the case is no trivial one
    for kind, row in enumerate(expected):
        if kind != cfg.health_kind:
            assert cfg.role[kind] == (str(row.data["role"]) if row else "")
        assert cfg.row_id[kind] == (row.id if row else "")
        assert cfg.row_title[kind] == (row.result if row else "")
    results = {row.result for row in table}  # the attacks table's are rendered too
    played_by = {row.result for row in expected if row}
    assert sorted(text for text in rendered if text in results) == sorted(played_by)


@pytest.mark.parametrize(("colours", "colour"), [("grey", "grey"), (5, 5), (2.5, 2.5)])
def test_a_colour_given_alone_is_one_colour(colours: Any, colour: Any) -> None:
    """`colours: grey`, not listed, plays the grey dice (it was searched as a text, where 'e'
    would have been one of its colours), and a number alone plays dice of that number (it was
    a TypeError)."""
    rules = played_with(
        {
            "components.d4_solid_grey.attributes.colour": colour,
            "rules.tables.pool_roles.rows[4].data.colours": colours,
            "components.d6_solid_e": {"count": 1, "attributes": {"sides": 6, "finish": "solid",
                                                                  "colour": "e"}},
        }
    )  # fmt: skip
    cfg = read_config(rules, 2, None)
    assert cfg.role[cfg.kinds.index("d4_solid_grey")] == "polish"
    assert cfg.role[cfg.kinds.index("d6_solid_e")] == ""
