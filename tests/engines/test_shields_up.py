"""The Shields Up engine plays the played rules of rule_data/shields_up: seeded random games
keep every invariant and replay exactly, hand-written positions have exactly the moves the
rules allow, agents cannot see hidden cards, and the engine follows the data it reads."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from support import RULE_DATA, run_cli

from printkit.diagnostics import Diagnostics
from printkit.games.shields_up import ENGINE
from printkit.games.shields_up.config import UnplayableData, read_config
from printkit.games.shields_up.state import ShieldsUpState, _KeptDraws, _weighted
from printkit.load.package import load_package
from printkit.load.played import apply_plays, plays_of
from printkit.model.package import Package
from printkit.simulate.agents import make_agent
from printkit.simulate.binding import load_engine
from printkit.simulate.protocol import (
    CHANCE,
    TERMINAL,
    InvariantBroken,
    draw,
    pick,
    seeded,
    state_hash,
)

POSITIONS = Path(__file__).parent / "positions" / "shields_up"
PLAYOUTS = 200
MAX_TURNS = 200  # a random game that long is a timeout, as simulation.max_turns would make it


@pytest.fixture(scope="module")
def source() -> dict[str, Any]:
    """The package's merged YAML with every erratum's plays applied (patched by some tests)."""
    diagnostics = Diagnostics()
    loaded = load_package("shields_up", RULE_DATA / "shields_up", diagnostics)
    assert loaded is not None and not diagnostics.has_errors(), list(diagnostics)
    return apply_plays(loaded.source, {play.path: play.value for play in plays_of(loaded.package)})


@pytest.fixture(scope="module")
def rules(source: dict[str, Any]) -> Package:
    return Package.model_validate(source)


def patched(source: dict[str, Any], path: tuple[Any, ...], value: Any) -> Package:
    return Package.model_validate(apply_plays(source, {path: value}))


def playout(
    rules: Package, seed: int, check: bool = True, every: int = 0
) -> tuple[ShieldsUpState, list[str], set[str]]:
    """A random game: (final state, its log of notations, every event it named)."""
    rng = seeded("shields_up", seed, 0)
    state = ENGINE.new_game(rules, 2, None)
    log: list[str] = []
    events: set[str] = set()
    while state.current_player() != TERMINAL and state.turn() < MAX_TURNS:
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and sum(p for _, p in outcomes) == 1
            assert all(p > 0 for _, p in outcomes)
            action = draw(rng, outcomes)
        else:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            action = pick(rng, legal)
            assert state.parse(state.notation(action)) == action
        log.append(state.notation(action))
        state.apply(action)
        events.update(state.events)
        assert set(state.events) <= set(ENGINE.events)
        if check:
            ENGINE.check_invariants(state)
        if every and len(log) % every == 0:
            assert_round_trips(rules, state)
    return state, log, events


def assert_round_trips(rules: Package, state: ShieldsUpState) -> None:
    data = state.to_json()
    assert state.clone().to_json() == data
    again = ENGINE.from_json(rules, json.loads(json.dumps(data)))
    assert again.to_json() == data
    assert again.legal_actions() == state.legal_actions()
    assert again.chance_outcomes() == state.chance_outcomes()
    assert all(again.observation(seat) == state.observation(seat) for seat in (0, 1))


def replay(rules: Package, log: list[str]) -> ShieldsUpState:
    state = ENGINE.new_game(rules, 2, None)
    for move in log:
        state.apply(state.parse(move))
    return state


def test_the_package_binds_the_engine() -> None:
    assert load_engine("shields_up") is ENGINE


def test_random_playouts_keep_the_rules_and_replay(rules: Package) -> None:
    results: dict[tuple[float, ...], int] = {}
    seen: set[str] = set()
    for seed in range(PLAYOUTS):
        state, log, events = playout(rules, seed, every=10)
        seen |= events
        results[tuple(state.returns())] = results.get(tuple(state.returns()), 0) + 1
        if seed % 20 == 0:
            assert state_hash(replay(rules, log)) == state_hash(state)
    # Ships are destroyed, also by a mine's counter-attack, and most games end (a tie is
    # about 1 game in 100: test_a_tie plays one).
    assert {"destroyed_ship", "counter_mine", "attacker_destroyed"} <= seen
    assert results.get((0.0, 0.0), 0) < PLAYOUTS // 3
    assert results[(1.0, 0.0)] + results[(0.0, 1.0)] > PLAYOUTS // 2


def test_every_action_and_effect_is_used(rules: Package) -> None:
    seen: set[str] = set()
    for seed in range(40):
        seen |= playout(rules, seed, check=False)[2]
    assert set(ENGINE.events) - seen == {"both_destroyed"}  # 1 in 100: see test_a_mine_…


@pytest.mark.parametrize("name", sorted(p.stem for p in POSITIONS.glob("*.json")))
def test_positions_have_exactly_the_moves_the_rules_allow(rules: Package, name: str) -> None:
    case = json.loads((POSITIONS / f"{name}.json").read_text(encoding="utf-8"))
    state = ENGINE.from_json(rules, case["position"])
    ENGINE.check_invariants(state)
    moves = [state.notation(action) for action in state.legal_actions()]
    assert sorted(moves) == sorted(case["legal"]), case["about"]
    assert state.current_player() in (0, 1)


def test_changing_hidden_cards_never_changes_what_a_seat_sees(rules: Package) -> None:
    rng = random.Random(5)
    for seed in range(30):
        state = ENGINE.new_game(rules, 2, None)
        play = seeded("peek", seed)
        while state.current_player() != TERMINAL and state.turn() < MAX_TURNS:
            for seat in (0, 1):
                world = state.sample_world(seat, rng)
                ENGINE.check_invariants(world)
                assert world.observation(seat) == state.observation(seat)
                if state.current_player() == seat:
                    assert world.legal_actions() == state.legal_actions()
            if state.current_player() == CHANCE:
                state.apply(draw(play, state.chance_outcomes()))
            else:
                state.apply(pick(play, state.legal_actions()))


@pytest.mark.parametrize(("agent", "decisions"), [("greedy", 30), ("ismcts:2", 12)])
def test_agents_choose_the_same_whatever_the_hidden_cards(
    rules: Package, agent: str, decisions: int
) -> None:
    """An agent choosing in a world redealt from what its seat sees picks as it does in the
    real game (same seed): it cannot tell the hidden cards apart."""
    chooser = make_agent(agent, ENGINE, rules)
    state = ENGINE.new_game(rules, 2, None)
    play = seeded("choices", agent)
    while decisions:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(draw(play, state.chance_outcomes()))
            continue
        world = state.sample_world(seat, random.Random(decisions))
        choice = chooser.choose(state, random.Random(decisions))
        assert chooser.choose(world, random.Random(decisions)) == choice
        state.apply(choice)
        decisions -= 1


def test_sample_world_redeals_the_hidden_cards(rules: Package) -> None:
    state = ENGINE.from_json(rules, _position("smuggle_target"))
    worlds = {json.dumps(state.sample_world(0, random.Random(n)).to_json()) for n in range(20)}
    assert len(worlds) > 1
    for text in worlds:
        world = json.loads(text)
        assert world["shields"][0] == state.to_json()["shields"][0]  # its own, it may see
        assert world["hands"][0] == state.to_json()["hands"][0]


def test_a_cheaper_newer_card_changes_play(source: dict[str, Any], rules: Package) -> None:
    cheaper = patched(source, ("rules", "actions", "buy_newest", "cost"), 1)
    position = _position("one_action_left")
    assert "buy newest" not in _moves(ENGINE.from_json(rules, position))
    assert "buy newest" in _moves(ENGINE.from_json(cheaper, position))
    logs = [playout(package, 3, check=False)[1] for package in (rules, cheaper)]
    assert logs[0] != logs[1]


def test_the_readings_are_data(source: dict[str, Any], rules: Package) -> None:
    """The errata's values switch the engine: a full row refuses a stolen shield, shields are
    hit at random (a chance node), and the text's one-card market refill."""
    refused = patched(source, ("rules", "values", "smuggled_shield_over_limit"), "refused")
    assert not any(m.startswith("steal shields") for m in _moves_at(refused, "smuggle_target"))
    random_hits = patched(source, ("rules", "values", "shield_targets"), "random")
    state = ENGINE.from_json(random_hits, _position("strike_choice"))
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 3
    as_written = patched(source, ("rules", "values", "market_fills_up"), False)
    for package, market in ((rules, 2), (as_written, 1)):
        state = ENGINE.from_json(package, _position("full_row"))
        for move in ("buy oldest", "buy oldest"):
            state.apply(state.parse(move))
        _settle_chance(state)
        assert len(state.market) == market


@pytest.mark.parametrize(
    ("weapon", "expected", "events"),
    [
        ("laser_bank", [0.5, 0.5], {"both_destroyed", "counter_mine", "attacker_destroyed"}),
        ("ion_blaster", [0.0, 1.0], {"destroyed_ship", "counter_mine", "attacker_destroyed"}),
    ],
)
def test_a_mine_strikes_back_at_a_ship_without_shields(
    rules: Package, weapon: str, expected: list[float], events: set[str]
) -> None:
    """Player 1, without shields, fires at player 2's one shield, a Space Mine: a Laser Bank's
    second damage destroys player 2's ship and the mine destroys player 1's (a tie, l.110); an
    Ion Blaster destroys only the mine, whose counter-attack destroys player 1 (l.63)."""
    position = _position("full_row") | {
        "hands": [[weapon, weapon], []],
        "shields": [[], ["space_mine"]],
        "equipment": [[], []],
        "discard": [],
    }
    position["draw_pile"] = _rest_of_deck(rules, position)
    state = ENGINE.from_json(rules, position)
    ENGINE.check_invariants(state)
    seen: set[str] = set()
    for move in ("build " + weapon,) * (2 if weapon == "laser_bank" else 1):
        state.apply(state.parse(move))
        seen |= set(state.events)
    assert state.returns() == expected and state.current_player() == TERMINAL
    assert events <= seen


def test_unplayable_data_is_named(source: dict[str, Any]) -> None:
    unknown = patched(source, ("rules", "values", "shield_targets"), "psychic")
    with pytest.raises(UnplayableData, match="shield_targets"):
        ENGINE.new_game(unknown, 2, None)
    with pytest.raises(UnplayableData, match="2 players"):
        ENGINE.new_game(Package.model_validate(source), 3, None)


def _rest_of_deck(rules: Package, position: dict[str, Any]) -> list[str]:
    """The cards of the deck that `position` places nowhere else: its draw pile."""
    placed = Counter(position["discard"] + position["market"])
    for zone in ("hands", "shields", "equipment", "charged"):
        for cards in position[zone]:
            placed.update(cards)
    return [
        card.slug
        for card in read_config(rules).cards
        for _ in range(card.count - placed[card.slug])
    ]


def _settle_chance(state: ShieldsUpState) -> None:
    """Play chance nodes with their first outcome until someone must choose."""
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])


def _position(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / f"{name}.json").read_text(encoding="utf-8"))["position"]


def _moves(state: ShieldsUpState) -> list[str]:
    return [state.notation(action) for action in state.legal_actions()]


def _moves_at(rules: Package, name: str) -> list[str]:
    return _moves(ENGINE.from_json(rules, _position(name)))


def test_an_unknown_variant_is_named(rules: Package) -> None:
    with pytest.raises(UnplayableData, match=r"^Shields Up has no variant 'solo'$"):
        ENGINE.new_game(rules, 2, "solo")


def _broken(rules: Package, change: str) -> ShieldsUpState:
    """full_row with one thing made impossible (each keeps every other invariant)."""
    state = ENGINE.from_json(rules, _position("full_row"))
    kind = {card.slug: k for k, card in enumerate(state.config.cards)}
    if change == "negative":  # two batteries moved from a pile holding one
        state.draw_pile[kind["battery"]] -= 2
        state.hands[1][kind["battery"]] += 2
    elif change == "lost":
        state.discard.pop()
    elif change == "four_shields":
        state.draw_pile[kind["smuggle"]] -= 1
        state.shields[0].append(kind["smuggle"])
    elif change == "complete_set":  # player 2's second Laser Bank built, never fired
        state.hands[1][kind["laser_bank"]] -= 1
        state.equipment[1][kind["laser_bank"]] += 1
    elif change == "three_in_market":
        state.draw_pile[kind["smuggle"]] -= 1
        state.market.append(kind["smuggle"])
    elif change == "overspent":
        state.actions_left = -1
    elif change == "third_seat":
        state.seat = 2
    elif change == "over_undestroyed":
        state.over = True
    elif change == "destroyed_not_over":
        state.destroyed[1] = True
    return state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("negative", r"^a negative count of cards: -1 battery in the draw pile$"),
        ("lost", r"^cards not conserved, found of the deck's: 1 space_mine of 2$"),
        ("four_shields", r"^player 1 has 4 shields$"),
        ("complete_set", r"^player 2 holds a complete unresolved set$"),
        ("three_in_market", r"^the market holds 3 cards$"),
        ("overspent", r"^turn state out of bounds: seat 0$"),
        ("third_seat", r"^turn state out of bounds: seat 2$"),
        ("over_undestroyed", r"^the game is over exactly when a ship is destroyed$"),
        ("destroyed_not_over", r"^the game is over exactly when a ship is destroyed$"),
    ],
)
def test_each_broken_invariant_is_named(rules: Package, change: str, message: str) -> None:
    with pytest.raises(InvariantBroken, match=message):
        ENGINE.check_invariants(_broken(rules, change))


def test_a_broken_count_names_the_first_few_cards_not_the_whole_deck(rules: Package) -> None:
    """A count broken for many kinds names three and how many more, zone by zone: with every
    kind listed, a deck of 2,000 kinds made each such diagnostic 12 KB long."""
    state = ENGINE.from_json(rules, _position("full_row"))
    state.draw_pile = [0] * len(state.draw_pile)  # its five cards gone
    with pytest.raises(InvariantBroken) as lost:
        ENGINE.check_invariants(state)
    assert str(lost.value) == (
        "cards not conserved, found of the deck's: 2 death_ray of 3, 1 ion_blaster of 2, "
        "1 battery of 2 and 2 more"
    )
    state.hands[1] = [0, -1, 0, 0, 0, 0, 0, 0, -2]
    state.charged[0][3] = -1
    with pytest.raises(InvariantBroken) as negative:
        ENGINE.check_invariants(state)
    assert str(negative.value) == (
        "a negative count of cards: -1 battery in player 1's charged sets, -1 laser_bank in "
        "player 2's hand, -2 repair_crew in player 2's hand"
    )
    state.equipment[1][0] = -1
    with pytest.raises(InvariantBroken, match=r"-2 repair_crew in player 2's hand and 1 more$"):
        ENGINE.check_invariants(state)
    state.hands[1], state.charged[0][3] = [0] * len(state.hands[1]), 0
    with pytest.raises(InvariantBroken, match=r": -1 death_ray in player 2's equipment$"):
        ENGINE.check_invariants(state)


def test_a_strike_still_pending_on_a_destroyed_ship_is_not_over_yet(rules: Package) -> None:
    """A ship destroyed while a mine's counter-attack is still to come: the game ends after it."""
    state = _broken(rules, "destroyed_not_over")
    state.pending = [("strike", 1, 0, 1)]
    ENGINE.check_invariants(state)


def test_evaluate_weighs_shields_and_weapons_half_built(rules: Package) -> None:
    """full_row with two thirds of a Death Ray (4 damage) built by player 1: 3 shields to 1,
    and player 2 has half a Laser Bank (2 damage): a lead of 3 - 1 + 0.5 * 4 * 2/3
    - 0.5 * 2 * 1/2 for player 1, squashed by the logistic."""
    state = ENGINE.from_json(rules, _position("full_row"))
    state.equipment[0][0] = 2  # kind 0: the Death Ray
    lead = 3 - 1 + 0.5 * 4 * 2 / 3 - 0.5 * 2 * 1 / 2
    assert ENGINE.evaluate(state, 0) == pytest.approx(1 / (1 + math.exp(-lead)))
    assert ENGINE.evaluate(state, 1) == pytest.approx(1 / (1 + math.exp(lead)))
    state.over, state.destroyed = True, [False, True]
    assert (ENGINE.evaluate(state, 0), ENGINE.evaluate(state, 1)) == (1.0, 0.0)


def test_each_move_is_said_in_the_datas_words(source: dict[str, Any], rules: Package) -> None:
    """Logs and the human agent say a move with the titles of the played rules' actions."""
    said = {
        name: {state.notation(a): state.describe(a) for a in state.legal_actions()}
        for name in ("full_row", "one_action_left", "battery_only", "strike_choice")
        for state in [ENGINE.from_json(rules, _position(name))]
    }
    assert said["full_row"] == {
        "draw": "Player 1: Draw.",
        "build death_ray": "Player 1: Build equipment (Death Ray).",
        "play space_mine": "Player 1: Play a card (Space Mine).",
        "play smuggle": "Player 1: Play a card (Smuggle).",
        "buy oldest": "Player 1: Buy the older market card.",
        "buy newest": "Player 1: Buy the newer market card.",
        "end": "Player 1 ends the turn: Clean-up.",
    }
    assert said["one_action_left"]["shield death_ray"] == "Player 1: Raise a shield (Death Ray)."
    assert said["battery_only"]["discharge battery"] == (
        "Player 2 discharges a Battery for its actions."
    )
    assert said["strike_choice"]["destroy 1 3"] == "Player 1 destroys the shields at places 1, 3."
    smuggle = ENGINE.from_json(rules, _position("smuggle_target"))
    assert [smuggle.describe(smuggle.parse(move)) for move in _moves(smuggle)[:2]] == [
        "Player 1 steals from the opponent's hand, unseen.",
        "Player 1 steals from the opponent's shields, the one at place 1.",
    ]
    assert smuggle.describe(smuggle.parse("steal equipment laser_bank")) == (
        "Player 1 steals from the opponent's equipment: a Laser Bank."
    )
    smuggle.apply(smuggle.parse("steal hand"))  # the card taken is chance's
    assert smuggle.describe(smuggle.parse("card repair_crew")) == "The card is Repair Crew."
    random_hits = patched(source, ("rules", "values", "shield_targets"), "random")
    strike = ENGINE.from_json(random_hits, _position("strike_choice"))
    assert strike.describe(strike.parse("hit 2 3")) == "Chance hits the shields at places 2, 3."


def test_a_game_not_over_has_no_result_and_a_copy_keeps_the_last_moves_events(
    rules: Package,
) -> None:
    state = ENGINE.from_json(rules, _position("full_row"))
    state.apply(state.parse("play smuggle"))
    assert state.returns() == [0.0, 0.0]
    assert state.events == ["play_instant", "steal"] and state.clone().events == state.events


def test_the_rule_texts_examples_play_as_the_text_says() -> None:
    """The validator plays each worked example and engine claim of rules.yaml on the engine:
    the Death Ray's 4 damage through three shields, the mines' counter-attacks, the Battery's
    gain and the full row a Smuggle cannot overfill each give what the text states."""
    result = run_cli("validate", "shields_up", "--no-simulate", "--format", "json")
    report = json.loads(result.stdout)
    statuses = {claim["id"]: claim["status"] for claim in report["claims"]}
    played = ("shield_limit_kept", "battery_gain", "death_ray_total", "mine_counter")
    assert report["errors"] == 0 and [statuses[name] for name in played] == ["checked"] * 4


def test_a_charged_set_counts_all_its_cards(source: dict[str, Any]) -> None:
    """With a Battery of two cards, a charged Battery is two cards on the table: the deck's
    cards are all there (and one card short is not)."""
    two_card_battery = patched(source, ("decks", "deck", "sets", "battery", "size"), 2)
    position = _position("battery_only")
    position["hands"][0].remove("battery")  # both Batteries are in player 2's charged set
    state = ENGINE.from_json(two_card_battery, position)
    ENGINE.check_invariants(state)
    state.hands[0][0] -= 1  # a Death Ray gone
    with pytest.raises(InvariantBroken, match=r"^cards not conserved"):
        ENGINE.check_invariants(state)


def test_a_strike_is_the_strikers_choice_or_chance_as_the_rules_read(
    source: dict[str, Any], rules: Package
) -> None:
    """A Laser Bank's 2 damage against three shields: the attacker picks (erratum
    shield_targets), so chance has nothing to say; played at random, each pair of places is
    hit with the same chance, 1/3."""
    chosen = ENGINE.from_json(rules, _position("strike_choice"))
    assert chosen.current_player() == 0 and chosen.chance_outcomes() == []
    random_hits = patched(source, ("rules", "values", "shield_targets"), "random")
    at_random = ENGINE.from_json(random_hits, _position("strike_choice"))
    third = Fraction(1, 3)
    assert at_random.chance_outcomes() == [
        (("hit", (0, 1)), third),
        (("hit", (0, 2)), third),
        (("hit", (1, 2)), third),
    ]


def test_a_mine_strikes_back_before_the_rest_of_a_smuggle(source: dict[str, Any]) -> None:
    """A Smuggle that steals two cards (the data's `cards`), the first completing the thief's
    Laser Bank: its strike reveals a Space Mine, whose counter-attack comes at once (l.58-62),
    before the second theft."""
    two_thefts = patched(source, ("decks", "deck", "cards", 6, "cards"), 2)  # 6: Smuggle
    position = _position("full_row") | {
        "hands": [["smuggle"], ["repair_crew"]],
        "shields": [["battery", "ion_blaster"], ["space_mine", "transporter_hijinks", "smuggle"]],
        "equipment": [["laser_bank"], ["laser_bank"]],
    }
    position["draw_pile"] = _rest_of_deck(two_thefts, position)
    state = ENGINE.from_json(two_thefts, position)
    ENGINE.check_invariants(state)
    for move in ("play smuggle", "steal equipment laser_bank", "destroy 1 2"):
        state.apply(state.parse(move))
    assert "counter_mine" in state.events
    assert state.current_player() == 1 and _moves(state) == ["destroy 1", "destroy 2"]


@pytest.mark.parametrize("first_player", [1, 2])
def test_the_deal_comes_first_then_the_first_player_takes_turn_0(
    source: dict[str, Any], first_player: int
) -> None:
    """Set-up (l.23-29): two shields and two cards in hand each, two cards in the market;
    then the first player (erratum first_player, here also player 2) has the first turn."""
    package = patched(source, ("rules", "values", "first_player"), first_player)
    state = ENGINE.new_game(package, 2, None)
    assert state.actions_left == 0  # no one has actions during the deal
    _settle_chance(state)
    assert [len(row) for row in state.shields] == [2, 2]
    assert [sum(hand) for hand in state.hands] == [2, 2] and len(state.market) == 2
    assert (state.current_player(), state.turn(), state.actions_left) == (first_player - 1, 0, 2)


def test_firing_a_weapon_costs_what_resolve_set_costs(
    source: dict[str, Any], rules: Package
) -> None:
    """An Ion Blaster (a set of one) built with the last action fires for free (cost 0) and
    the turn is over; when firing costs 1, building the second Laser Bank takes both actions."""
    last_action = _position("full_row") | {"actions_left": 1, "hands": [["ion_blaster"], []]}
    last_action["draw_pile"] = _rest_of_deck(rules, last_action)
    state = ENGINE.from_json(rules, last_action)
    state.apply(state.parse("build ion_blaster"))
    assert state.actions_left == 0 and "clean_up" in state.events
    costly = patched(source, ("rules", "actions", "resolve_set", "cost"), 1)
    second_laser = _position("strike_choice") | {
        "actions_left": 2,
        "pending": [],
        "hands": [["laser_bank"], ["death_ray", "battery"]],
        "equipment": [["laser_bank"], []],
        "discard": ["smuggle"],
    }
    second_laser["draw_pile"] = _rest_of_deck(costly, second_laser)
    state = ENGINE.from_json(costly, second_laser)
    state.apply(state.parse("build laser_bank"))
    assert state.actions_left == 0 and _moves(state) == [
        "destroy 1 2",
        "destroy 1 3",
        "destroy 2 3",
    ]


@pytest.mark.parametrize(("kept", "actions", "charged"), [(False, 3, []), (True, 1, ["battery"])])
def test_a_battery_gives_its_actions_at_once_or_is_kept(
    source: dict[str, Any], kept: bool, actions: int, charged: list[str]
) -> None:
    """As written (l.48-50) a completed set acts and is discarded at once: the Battery's two
    actions come at once. Erratum battery_set keeps it charged until it is discharged."""
    package = patched(source, ("rules", "values", "sets_discarded_when_complete"), not kept)
    position = _position("full_row") | {"hands": [["battery"], ["laser_bank", "repair_crew"]]}
    position["draw_pile"] = _rest_of_deck(package, position)
    state = ENGINE.from_json(package, position)
    state.apply(state.parse("build battery"))
    assert state.actions_left == actions and state.to_json()["charged"][0] == charged
    assert ("battery" in state.to_json()["discard"]) is not kept


def _after(rules: Package, changes: dict[str, Any], *moves: str) -> ShieldsUpState:
    """full_row with `changes`, the rest of the deck as its draw pile, after `moves` (chance
    settled with its first outcome)."""
    position = _position("full_row") | changes
    position["draw_pile"] = _rest_of_deck(rules, position)
    state = ENGINE.from_json(rules, position)
    for move in moves:
        state.apply(state.parse(move))
        _settle_chance(state)
        ENGINE.check_invariants(state)
    return state


def test_each_instant_does_what_its_card_says(rules: Package) -> None:
    """Transporter Hijinks swaps hands, even with an empty one (l.148-150); Repair Crew raises
    the top card of the discard pile as a shield; Smuggle takes the card it picks."""
    hands = {
        "hands": [["transporter_hijinks", "death_ray"], []],
        "shields": [["battery", "ion_blaster", "space_mine"], ["death_ray"]],
    }
    swapped = _after(rules, hands, "play transporter_hijinks").to_json()
    assert swapped["hands"] == [[], ["death_ray"]]
    assert swapped["discard"][-1] == "transporter_hijinks"
    crew = {
        "hands": [["repair_crew"], []],
        "shields": [["battery", "ion_blaster"], ["death_ray"]],
        "discard": ["space_mine", "smuggle"],
    }
    repaired = _after(rules, crew, "play repair_crew").to_json()
    assert repaired["shields"][0] == ["battery", "ion_blaster", "smuggle"]
    assert repaired["discard"] == ["space_mine", "repair_crew"]


def test_a_shield_booster_raises_shields_from_the_draw_pile_up_to_the_limit(
    rules: Package,
) -> None:
    """The second Shield Booster completes the set: its 2 cards come from the draw pile as
    shields, but a row of 2 has room for only one more (limit 3)."""
    booster = {
        "hands": [["shield_booster"], []],
        "equipment": [["shield_booster"], []],
        "shields": [["battery", "ion_blaster"], ["death_ray"]],
        "market": ["repair_crew", "laser_bank"],
    }
    state = _after(rules, booster)
    pile = sum(state.draw_pile)
    state.apply(state.parse("build shield_booster"))
    assert state.current_player() == CHANCE  # the first card, unseen
    _settle_chance(state)
    assert len(state.shields[0]) == 3 and sum(state.draw_pile) == pile - 1
    assert state.to_json()["discard"][-2:] == ["shield_booster", "shield_booster"]


@pytest.mark.parametrize(
    ("over_limit", "goes_to"),
    [("discarded", "discard"), ("hand", "hand"), ("refused", None)],
)
def test_a_stolen_shield_with_no_room_goes_where_the_reading_says(
    source: dict[str, Any], over_limit: str, goes_to: str | None
) -> None:
    """Player 1 has three shields and steals one of player 2's (erratum smuggle_full_row)."""
    package = patched(source, ("rules", "values", "smuggled_shield_over_limit"), over_limit)
    state = ENGINE.from_json(package, _position("smuggle_target"))
    if goes_to is None:
        assert not any(move.startswith("steal shields") for move in _moves(state))
        return
    state.apply(state.parse("steal shields 1"))  # a Space Mine, as the one in the thief's hand
    data = state.to_json()
    assert data["shields"] == [
        ["ion_blaster", "transporter_hijinks", "death_ray"],
        ["shield_booster"],
    ]
    assert data["hands"][0] == ["space_mine"] * (2 if goes_to == "hand" else 1)
    assert (data["discard"][-1] == "space_mine") is (goes_to == "discard")


def test_a_smuggle_of_three_cards_steals_three_times(source: dict[str, Any]) -> None:
    """With Smuggle's `cards` at 3 the thief picks three times, one theft after the other: a
    card from the hand is drawn (chance) before the next pick."""
    three_thefts = patched(source, ("decks", "deck", "cards", 6, "cards"), 3)  # 6: Smuggle
    played = _position("smuggle_target") | {"pending": [["steal", 0, 1, 3]]}  # its 3 thefts
    state = ENGINE.from_json(three_thefts, played)
    for theft in ("steal hand", "steal shields 1", "steal equipment laser_bank"):
        assert state.current_player() == 0 and theft in _moves(state)
        state.apply(state.parse(theft))
        if theft == "steal hand":
            assert state.current_player() == CHANCE
            _settle_chance(state)
    assert not any(move.startswith("steal") for move in _moves(state))


def test_with_nothing_bought_clean_up_discards_the_older_card(rules: Package) -> None:
    """Erratum market_refill: the market is two cards again after clean-up; with nothing bought
    the older card goes to the discard pile and the newer moves up."""
    state = _after(rules, {}, "end")
    data = state.to_json()
    assert data["discard"][-1] == "shield_booster" and data["market"][0] == "repair_crew"
    assert len(data["market"]) == 2 and state.current_player() == 1


def test_as_written_a_turn_ends_only_with_nothing_to_spend_and_a_draw_needs_no_card(
    source: dict[str, Any],
) -> None:
    """Without errata unspent_actions and empty_piles: "end" is a move only when nothing can be
    paid for, and "draw" stays a move with both piles empty."""
    strict = patched(source, ("rules", "values", "may_end_turn_early"), False)
    assert "end" not in _moves_at(strict, "full_row")
    anything = patched(source, ("rules", "values", "draw_needs_a_card"), False)
    assert _moves_at(anything, "battery_only") == ["draw", "discharge battery", "end"]


def test_a_stolen_charged_set_leaves_the_rest_of_its_cards_to_rebuild(
    source: dict[str, Any],
) -> None:
    """With a Battery of two cards, stealing a charged one takes one card (erratum
    smuggle_partial_set: it joins the thief's cards of its set); the other stays with its
    owner as a set to build again."""
    two_card_battery = patched(source, ("decks", "deck", "sets", "battery", "size"), 2)
    position = _position("smuggle_target")
    position["draw_pile"].remove("battery")  # both Batteries are in player 2's charged set
    state = ENGINE.from_json(two_card_battery, position)
    ENGINE.check_invariants(state)
    state.apply(state.parse("steal charged battery"))
    ENGINE.check_invariants(state)
    data = state.to_json()
    assert data["equipment"] == [["battery"], ["laser_bank", "battery"]]
    assert data["charged"] == [[], []]


def test_the_rest_of_a_stolen_set_completes_the_set_its_owner_was_building(
    source: dict[str, Any],
) -> None:
    """Three Batteries of two cards each: player 2 has one charged and is building another.
    Stealing a card of the charged one leaves its other card, which with the one being built
    is a full set in play: it resolves at once, as the rules resolve any full set (charged
    again; resolving costs an action here, which the thief, whose turn it is, does not pay)."""
    plays = {
        ("decks", "deck", "sets", "battery", "size"): 2,
        ("decks", "deck", "cards", 3, "count"): 3,
        ("rules", "actions", "resolve_set", "cost"): 1,
    }
    three_batteries = Package.model_validate(apply_plays(source, plays))
    position = _position("smuggle_target")
    position["draw_pile"].remove("battery")
    position["equipment"] = [[], ["laser_bank", "battery"]]
    state = ENGINE.from_json(three_batteries, position)
    ENGINE.check_invariants(state)
    actions = state.actions_left
    state.apply(state.parse("steal charged battery"))
    ENGINE.check_invariants(state)
    data = state.to_json()
    assert data["equipment"] == [["battery"], ["laser_bank"]]
    assert data["charged"] == [[], ["battery"]]
    assert state.actions_left == actions
    assert state.events[-2:] == ["resolve_set", "store_actions"]


def test_a_stolen_card_kept_charged_without_a_set_stays_charged(source: dict[str, Any]) -> None:
    """A Battery made a card without a set (played face up, kept until discharged): stolen
    from the charged cards, it stays charged on the thief's side, beside the thief's own."""
    plays = {
        ("decks", "deck", "cards", 3, "set"): None,  # 3: Battery
        ("decks", "deck", "cards", 3, "kind"): "instant",
    }
    no_set = Package.model_validate(apply_plays(source, plays))
    position = _position("smuggle_target") | {"charged": [["battery"], ["battery"]]}
    position["draw_pile"].remove("battery")
    state = ENGINE.from_json(no_set, position)
    state.apply(state.parse("steal charged battery"))
    ENGINE.check_invariants(state)
    assert state.to_json()["charged"] == [["battery", "battery"], []]
    assert state.to_json()["equipment"] == [[], ["laser_bank"]]


def test_stolen_equipment_goes_to_the_hand_when_the_reading_says_so(
    source: dict[str, Any],
) -> None:
    """Under the reading 'hand' (not erratum smuggle_partial_set's 'builds') a stolen Laser
    Bank joins the thief's hand, beside the one already there."""
    to_hand = patched(source, ("rules", "values", "smuggled_equipment"), "hand")
    position = _position("smuggle_target") | {
        "hands": [["laser_bank"], ["death_ray", "repair_crew"]]
    }
    position["draw_pile"] = ["battery", "death_ray", "ion_blaster", "space_mine", "shield_booster"]
    state = ENGINE.from_json(to_hand, position)
    state.apply(state.parse("steal equipment laser_bank"))
    ENGINE.check_invariants(state)
    assert state.to_json()["hands"][0] == ["laser_bank", "laser_bank"]
    assert state.to_json()["equipment"] == [[], []]


def test_a_position_saved_at_clean_up_says_what_comes_next(rules: Package) -> None:
    """The JSON of a position (what worked examples write) names the pending work: the
    market's new card, drawn for the player whose turn ends, then the next turn."""
    state = _after(rules, {})
    state.apply(state.parse("end"))
    assert state.to_json()["pending"] == [["draw", "market", 0, "clean_up"], ["next_turn"]]


def test_the_market_sells_its_older_card_for_one_action_and_its_newest_for_two(
    source: dict[str, Any], rules: Package
) -> None:
    """l.66-70: the oldest card costs 1 action, the newest 2; in a market of three (the
    data's market_size) the newest is the last one in."""
    for move, bought, left in (
        ("buy oldest", "shield_booster", 1),
        ("buy newest", "repair_crew", 0),
    ):
        state = ENGINE.from_json(rules, _position("full_row"))
        state.apply(state.parse(move))
        assert state.to_json()["hands"][0].count(bought) == 1 and state.actions_left == left
    wider = patched(source, ("rules", "values", "market_size"), 3)
    three = _position("full_row") | {"market": ["shield_booster", "repair_crew", "battery"]}
    three["draw_pile"].remove("battery")
    state = ENGINE.from_json(wider, three)
    state.apply(state.parse("buy newest"))
    assert "battery" in state.to_json()["hands"][0]
    assert state.to_json()["market"] == ["shield_booster", "repair_crew"]


def test_a_move_the_game_does_not_have_is_refused(rules: Package) -> None:
    state = ENGINE.from_json(rules, _position("full_row"))
    with pytest.raises(ValueError, match=r"^not a Shields Up move: \('fly',\)$"):
        state.apply(("fly",))


def test_a_draw_is_each_kind_left_in_the_pile_by_its_count(rules: Package) -> None:
    """A card drawn unseen: each kind by its share of the pile, also on the first draw from a
    pile of that make-up (the outcomes are kept per make-up)."""
    state = ENGINE.from_json(rules, _position("full_row"))
    _weighted.clear()
    state.apply(state.parse("draw"))
    fifth = Fraction(1, 5)
    assert [(state.notation(a), p) for a, p in state.chance_outcomes()] == [
        ("card death_ray", fifth),
        ("card ion_blaster", fifth),
        ("card battery", fifth),
        ("card shield_booster", fifth),
        ("card smuggle", fifth),
    ]


def test_draws_are_kept_up_to_their_bound_then_forgotten_with_the_same_odds() -> None:
    """A pile's outcomes are kept by its counts, each shape costing its counts and outcomes;
    a shape that would pass the bound forgets the others first, and a shape forgotten is worked
    out again to the same odds (piles of thousands of kinds held gigabytes)."""
    kept = _KeptDraws(15)
    first = kept([2, 1, 0, 1])  # 4 counts and 3 outcomes: 7 held
    assert first == [(("card", 0), Fraction(1, 2)), (("card", 1), Fraction(1, 4)),
                     (("card", 3), Fraction(1, 4))]  # fmt: skip
    assert kept([2, 1, 0, 1]) == first and kept.held == 7  # found kept, not kept twice
    assert kept([1, 0, 0, 0]) == [(("card", 0), Fraction(1))] and kept.held == 12
    kept([0, 0, 0, 3])  # 5 more would make 17: the others are forgotten first
    assert list(kept.kept) == [(0, 0, 0, 3)] and kept.held == 5
    kept([0, 1, 0, 0])
    kept([0, 0, 1, 0])  # 15, the bound itself: kept with the others
    assert len(kept.kept) == 3 and kept.held == 15
    assert kept([2, 1, 0, 1]) == first  # worked out afresh
    assert list(kept.kept) == [(2, 1, 0, 1)] and kept.held == 7


def test_the_card_that_completes_a_set_costs_its_firing_too(source: dict[str, Any]) -> None:
    """When firing costs 1, one action left builds a second Death Ray (its set of three not
    yet complete) but not the Laser Bank that completes its pair; and a draw needs only the
    draw pile to hold a card (an empty discard pile does not matter)."""
    costly = patched(source, ("rules", "actions", "resolve_set", "cost"), 1)
    position = _position("full_row") | {
        "actions_left": 1,
        "hands": [["laser_bank", "death_ray"], ["repair_crew"]],
        "equipment": [["laser_bank", "death_ray"], []],
        "discard": [],
    }
    position["draw_pile"] = _rest_of_deck(costly, position)
    moves = _moves(ENGINE.from_json(costly, position))
    assert "build death_ray" in moves and "build laser_bank" not in moves
    assert "draw" in moves


def test_a_move_with_nothing_to_settle_is_refused(rules: Package) -> None:
    """A position whose next step is the next turn takes no move: it says which."""
    state = ENGINE.from_json(rules, _position("full_row") | {"pending": [["next_turn"]]})
    with pytest.raises(ValueError, match=r"^nothing to settle with \('draw',\)$"):
        state.apply(("draw",))


def _reworded(source: dict[str, Any], plays: dict[tuple[Any, ...], Any]) -> Package:
    return Package.model_validate(apply_plays(source, plays))


def test_the_config_holds_each_value_as_the_data_gives_it(source: dict[str, Any]) -> None:
    """Every number a distinct value, every reading flipped from the shipped one: each field
    of the config takes its own value, not a neighbour's."""
    numbers = {
        "actions_per_turn": 3,
        "starting_shields": 4,
        "starting_hand": 5,
        "market_size": 6,
        "market_refill": 7,
        "shield_limit": 8,
        "battery_actions": 9,
        "extra_damage_to_destroy": 10,
        "first_player": 2,
    }
    flags = {
        "sets_discarded_when_complete": True,
        "market_fills_up": False,
        "owners_see_shields": False,
        "shield_targets": "random",
        "smuggled_shield_over_limit": "hand",
        "smuggled_equipment": "hand",
        "draw_needs_a_card": False,
        "may_end_turn_early": False,
    }
    values = {("rules", "values", name): value for name, value in (numbers | flags).items()}
    config = read_config(_reworded(source, values))
    assert (
        config.actions_per_turn,
        config.starting_shields,
        config.starting_hand,
        config.market_size,
        config.market_refill,
        config.shield_limit,
        config.battery_actions,
        config.extra_damage,
        config.first_seat,
    ) == (3, 4, 5, 6, 7, 8, 9, 10, 1)  # player 2 sits in seat 1
    assert config.sets_discarded_at_once and not config.market_fills_up
    assert not config.owners_see_shields and not config.targets_chosen
    assert config.over_limit == "hand" and not config.stolen_builds
    assert not config.draw_needs_a_card and not config.may_end_early
    shipped = read_config(Package.model_validate(source))
    assert not shipped.sets_discarded_at_once and shipped.market_fills_up
    assert shipped.owners_see_shields and shipped.targets_chosen
    assert shipped.over_limit == "discarded" and shipped.stolen_builds
    assert shipped.draw_needs_a_card and shipped.may_end_early


def test_the_config_names_actions_and_phases_by_their_titles_or_ids(
    source: dict[str, Any],
) -> None:
    """A rule without a title is named by its id, an action without a cost costs nothing, and
    an end condition by its id in words."""
    config = read_config(
        _reworded(
            source,
            {
                ("rules", "actions", "draw", "title"): None,
                ("rules", "actions", "buy_newest", "cost"): None,
                ("rules", "actions", "play_instant", "cost"): 3,
                ("rules", "structure", "phases", "clean_up", "title"): None,
            },
        )
    )
    assert config.titles == {
        "draw": "draw",
        "play_shield": "Raise a shield",
        "play_equipment": "Build equipment",
        "play_instant": "Play a card",
        "buy_oldest": "Buy the older market card",
        "buy_newest": "Buy the newer market card",
        "resolve_set": "Fire a weapon",
        "turn": "Actions",
        "clean_up": "clean_up",
        "destroyed_ship": "destroyed ship",
        "both_destroyed": "both destroyed",
    }
    assert config.cost == {
        "draw": 1,
        "play_shield": 1,
        "play_equipment": 1,
        "play_instant": 3,
        "buy_oldest": 1,
        "buy_newest": 0,
        "resolve_set": 0,
    }
    # equipment (built in sets) costs what play_equipment costs, an instant play_instant's
    by_slug = {card.slug: k for k, card in enumerate(config.cards)}
    assert config.face_up_costs[by_slug["death_ray"]] == 1
    assert config.face_up_costs[by_slug["smuggle"]] == 3


def test_the_config_reads_each_card_of_the_deck(source: dict[str, Any]) -> None:
    deck = source["decks"]["deck"]
    config = read_config(Package.model_validate(source))
    assert [card.name for card in config.cards] == [spec["name"] for spec in deck["cards"]]
    assert config.total == sum(spec["count"] for spec in deck["cards"])
    assert config.counts == tuple(spec["count"] for spec in deck["cards"])
    for kind, (card, spec) in enumerate(zip(config.cards, deck["cards"], strict=True)):
        size = deck["sets"][spec["set"]]["size"] if "set" in spec else 0
        assert card.slug == spec["name"].lower().replace(" ", "_")
        assert (card.count, card.set_size, card.does) == (spec["count"], size, spec["does"])
        assert (card.damage, card.cards, card.strikes) == tuple(
            spec.get(name, 0) for name in ("damage", "cards", "strikes")
        )
        assert config.set_sizes[kind] == size and config.set_cards[kind] == max(size, 1)
        assert config.shield_moves[kind] == ("shield", kind)
        assert config.face_up_moves[kind] == ("build" if size else "play", kind)
    assert {card.set_size for card in config.cards} >= {0, 1, 2, 3}  # sets, and cards in none
    assert any(card.strikes for card in config.cards) and any(card.cards for card in config.cards)


GONE = object()  # the entry taken out of the data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("rules",), None, r"^Shields Up needs rules and decks\.deck$"),
        (("decks",), {}, r"^Shields Up needs rules and decks\.deck$"),
        (("rules", "values", "market_size"), GONE, r"^Shields Up's rules lack market_size$"),
        (("rules", "actions", "draw"), GONE, r"^Shields Up's rules lack draw$"),
        (("rules", "structure", "phases", "turn"), GONE, r"^Shields Up's rules lack turn$"),
        (
            ("rules", "end_conditions", "both_destroyed"),
            GONE,
            r"^Shields Up's rules lack both_destroyed$",
        ),
        (
            ("rules", "values", "smuggled_equipment"),
            "kept",
            r"^values\.smuggled_equipment is 'kept', not one of \('builds', 'hand'\)$",
        ),
        (
            ("decks", "deck", "cards", 0, "does"),
            "zap",
            r"^card 'Death Ray' does 'zap'; Shields Up plays destroy_shields, store_actions, ",
        ),
        (
            ("decks", "deck", "cards", 0, "damage"),
            -1,
            r"^card 'Death Ray''s damage is -1, not a whole number",
        ),
        (
            ("decks", "deck", "cards", 5, "strikes"),
            "x",
            r"^card 'Space Mine''s strikes is 'x', not a whole number",
        ),
        (
            ("decks", "deck", "cards", 6, "cards"),
            [1],
            r"^card 'Smuggle''s cards is \[1\], not a whole number",
        ),
        (("rules", "values", "shield_limit"), 1.5, r"^values\.shield_limit is 1\.5, not a whole"),
    ],
)
def test_data_the_engine_cannot_play_is_refused_by_name(
    source: dict[str, Any], path: tuple[Any, ...], value: Any, message: str
) -> None:
    data = apply_plays(source, {} if value is GONE else {path: value})
    if value is GONE:
        *parent, last = path
        node: Any = data
        for part in parent:
            node = node[part]
        del node[last]
    with pytest.raises(ValueError, match=message):
        read_config(Package.model_validate(data))


def test_every_missing_thing_is_named_at_once(source: dict[str, Any]) -> None:
    data = apply_plays(source, {})
    rules = data["rules"]
    del rules["values"]["first_player"], rules["actions"]["buy_oldest"]
    del rules["structure"]["phases"]["clean_up"], rules["end_conditions"]["destroyed_ship"]
    with pytest.raises(
        UnplayableData,
        match=r"^Shields Up's rules lack first_player, buy_oldest, clean_up, destroyed_ship$",
    ):
        read_config(Package.model_validate(data))


SEEN = {  # a change to full_row that seat 0 sees
    "seat": 1,
    "actions_left": 1,
    "turns": 4,
    "pending": [["steal", 0, 1, 1]],
    "hands": [["death_ray", "space_mine", "battery"], ["laser_bank", "repair_crew"]],
    "shields": [["battery", "ion_blaster"], ["death_ray"]],
    "equipment": [["laser_bank"], ["laser_bank"]],
    "charged": [["battery"], []],
    "market": ["repair_crew", "shield_booster"],
    "discard": ["space_mine", "smuggle"],
    "draw_pile": ["battery", "death_ray", "ion_blaster", "shield_booster"],
    "destroyed": [False, True],
    "over": True,
}
SEEN_TOO = {  # the opponent's hand and shields, by their counts
    "hands": [["death_ray", "space_mine", "smuggle"], ["laser_bank"]],
    "shields": [["battery", "ion_blaster", "transporter_hijinks"], []],
}
UNSEEN = {  # the same counts of other cards where seat 0 may not look
    "hands": [["death_ray", "space_mine", "smuggle"], ["battery", "battery"]],
    "shields": [["battery", "ion_blaster", "transporter_hijinks"], ["smuggle"]],
    "draw_pile": ["laser_bank", "laser_bank", "laser_bank", "laser_bank", "laser_bank"],
}


@pytest.mark.parametrize("change", [*SEEN.items(), *SEEN_TOO.items()], ids=lambda c: str(c))
def test_a_seat_sees_each_thing_on_the_table_and_its_own_cards(
    rules: Package, change: tuple[str, Any]
) -> None:
    field, value = change
    seen = ENGINE.from_json(rules, _position("full_row"))
    changed = ENGINE.from_json(rules, _position("full_row") | {field: value})
    assert changed.observation(0) != seen.observation(0)


@pytest.mark.parametrize("change", UNSEEN.items(), ids=lambda c: str(c))
def test_a_seat_sees_no_card_hidden_from_it(rules: Package, change: tuple[str, Any]) -> None:
    field, value = change
    seen = ENGINE.from_json(rules, _position("full_row"))
    changed = ENGINE.from_json(rules, _position("full_row") | {field: value})
    assert changed.observation(0) == seen.observation(0)
    if field != "draw_pile":  # the opponent's own hand and shields: it sees them
        assert changed.observation(1) != seen.observation(1)


def test_owners_who_may_not_look_see_only_how_many_shields_they_have(
    source: dict[str, Any], rules: Package
) -> None:
    """With owners_see_shields false a seat's own shields are as hidden as the opponent's:
    it sees their count, and a world redealt for it may hold other shields there."""
    blind = patched(source, ("rules", "values", "owners_see_shields"), False)
    position = _position("full_row")
    other = position | {"shields": [["smuggle", "battery", "ion_blaster"], ["death_ray"]]}
    fewer = position | {"shields": [["battery", "ion_blaster"], ["death_ray"]]}
    for package, sees in ((blind, False), (rules, True)):
        state = ENGINE.from_json(package, position)
        changed = ENGINE.from_json(package, other)
        assert (changed.observation(0) != state.observation(0)) is sees
        assert ENGINE.from_json(package, fewer).observation(0) != state.observation(0)
        redealt = {tuple(state.sample_world(0, random.Random(n)).shields[0]) for n in range(30)}
        assert (redealt == {tuple(state.shields[0])}) is sees


def _few_hidden(rules: Package, opponent: str, pile: list[str]) -> ShieldsUpState:
    """full_row with one card in the opponent's hand, no shields of its own, `pile` as the draw
    pile and every other card in the discard pile: four hidden cards, one of each kind."""
    position = _position("full_row") | {
        "hands": [["death_ray", "space_mine", "smuggle"], [opponent]],
        "shields": [["battery", "ion_blaster", "transporter_hijinks"], []],
        "draw_pile": pile,
        "discard": [],
    }
    position["discard"] = [card for card in _rest_of_deck(rules, position) if card not in pile]
    return ENGINE.from_json(rules, position)


def test_a_redealt_world_may_give_any_hidden_card_and_never_peeks(rules: Package) -> None:
    """Seat 0 cannot see which of ion_blaster, battery, shield_booster and smuggle the
    opponent holds: each is dealt there in some world, and a world drawn with the same seed
    is the same whichever card the opponent really holds."""
    state = _few_hidden(rules, "smuggle", ["ion_blaster", "battery", "shield_booster"])
    ENGINE.check_invariants(state)
    other = _few_hidden(rules, "battery", ["shield_booster", "smuggle", "ion_blaster"])
    dealt: Counter[str] = Counter()
    for n in range(200):
        world = state.sample_world(0, random.Random(n))
        ENGINE.check_invariants(world)
        assert world.to_json() == other.sample_world(0, random.Random(n)).to_json()
        (card,) = world.to_json()["hands"][1]
        dealt[card] += 1
    assert set(dealt) == {"ion_blaster", "battery", "shield_booster", "smuggle"}


def test_a_strike_of_no_damage_destroys_the_shields_at_no_place(rules: Package) -> None:
    """A weapon the data gives 0 damage still fires: its one move names no shield."""
    position = _position("strike_choice") | {"pending": [["strike", 0, 1, 0]]}
    state = ENGINE.from_json(rules, position)
    (move,) = state.legal_actions()
    assert state.notation(move) == "destroy"
    assert state.describe(move) == "Player 1 destroys the shields at places none."


def test_a_position_naming_a_card_the_deck_lacks_is_refused_by_name(rules: Package) -> None:
    slugs = ", ".join(card.slug for card in read_config(rules).cards)
    position = _position("full_row") | {"market": ["warp_drive", "repair_crew"]}
    with pytest.raises(ValueError) as refused:
        ENGINE.from_json(rules, position)
    assert str(refused.value) == f"no card 'warp_drive' in Shields Up (cards: {slugs})"
    assert slugs.startswith("death_ray, laser_bank, ")


def test_text_that_is_no_move_here_is_refused_with_the_moves(rules: Package) -> None:
    """Spaces are free (`build   death_ray`), anything else names the moves there are, or none
    once the game is over."""
    state = ENGINE.from_json(rules, _position("full_row"))
    assert state.notation(state.parse("  build   death_ray ")) == "build death_ray"
    with pytest.raises(ValueError) as refused:
        state.parse("build laser_bank")
    assert str(refused.value) == (
        "'build laser_bank' is not a move here; the moves are: draw, build death_ray, "
        "play space_mine, play smuggle, buy oldest, buy newest, end"
    )
    over = ENGINE.from_json(rules, _position("full_row") | {"over": True})
    assert over.legal_actions() == []
    with pytest.raises(ValueError, match=r"^'draw' is not a move here; the moves are: none$"):
        over.parse("draw")


def test_a_smuggle_with_nothing_left_to_steal_ends_and_the_turn_goes_on(
    source: dict[str, Any],
) -> None:
    """A Smuggle of two thefts, played as the thief's last card and last action against an
    opponent holding one card and nothing on the table: the hand is stolen from (the thief's
    own empty hand does not matter), then the second theft, with nothing left, is dropped,
    and the turn ends."""
    two_thefts = patched(source, ("decks", "deck", "cards", 6, "cards"), 2)  # 6: Smuggle
    changes = {
        "actions_left": 1,
        "hands": [["smuggle"], ["repair_crew"]],
        "shields": [["battery"], []],
        "equipment": [[], []],
    }
    state = _after(two_thefts, changes, "play smuggle")
    assert _moves(state) == ["steal hand"]
    state.apply(state.parse("steal hand"))
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(("card", 8), 1)]  # 8: Repair Crew, the one card
    state.apply(state.chance_outcomes()[0][0])
    ENGINE.check_invariants(state)
    assert state.to_json()["hands"][0] == ["repair_crew"]
    _settle_chance(state)  # the clean-up's market card
    assert (state.current_player(), state.seat, state.turns, state.pending) == (1, 1, 4, [])
    assert state.actions_left == read_config(two_thefts).actions_per_turn


def test_with_no_actions_per_turn_each_turn_is_only_its_clean_up(source: dict[str, Any]) -> None:
    """A turn begins with the data's actions; with none (and no charged Battery) it goes
    straight to its clean-up, whose market card is the next thing to settle."""
    no_actions = patched(source, ("rules", "values", "actions_per_turn"), 0)
    state = ENGINE.from_json(no_actions, _position("full_row"))
    state.apply(state.parse("end"))
    assert state.current_player() == CHANCE and state.seat == 0  # player 1's market card
    state.apply(state.chance_outcomes()[0][0])
    assert (state.seat, state.turns, state.actions_left) == (1, 4, 0)
    assert state.events[-2:] == ["turn", "clean_up"]
    assert state.current_player() == CHANCE  # player 2's clean-up has begun
