"""The Rise! engine plays the rules in the data: legal moves, towers, the end, and the numbers.

Positions under positions/rise/ are written by hand from the rule text; each lists the legal
moves of some kinds there, exactly.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from support import run_cli

from printkit.diagnostics import Diagnostics
from printkit.games.rise import ENGINE
from printkit.games.rise.state import RiseState
from printkit.load.package import load_package
from printkit.load.played import apply_plays, parse_path, plays_of
from printkit.model.package import Package
from printkit.simulate.protocol import TERMINAL, InvariantBroken, pick, seeded, state_hash
from printkit.simulate.runner import Batch

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = Path(__file__).parent / "positions" / "rise"
PLAYOUTS = 200
MAX_TURNS = 40  # enough for rings, sacrifices and jumps to happen in random play


def played_rules(**changes: Any) -> Package:
    """The shipped Rise! played rules, with `changes` (data path → value) applied on top."""
    diagnostics = Diagnostics()
    loaded = load_package("rise", ROOT / "rule_data" / "rise", diagnostics)
    assert loaded is not None, diagnostics
    plays = {play.path: play.value for play in plays_of(loaded.package)}
    plays |= {parse_path(path): value for path, value in changes.items()}
    return Package.model_validate(apply_plays(loaded.source, plays))


RULES = played_rules()


def position(data: dict[str, Any], rules: Package = RULES) -> RiseState:
    state = ENGINE.new_game(rules, 2, None)
    state.load_json(data)
    return state


def play(state: RiseState, *moves: str) -> RiseState:
    for move in moves:
        state.apply(state.parse(move))
        ENGINE.check_invariants(state)
    return state


def random_playout(index: int, rules: Package = RULES) -> tuple[RiseState, list[str]]:
    state = ENGINE.new_game(rules, 2, None)
    rng = seeded("rise", "test", index)
    log: list[str] = []
    while state.current_player() != TERMINAL and state.turn() <= MAX_TURNS:
        move = pick(rng, state.legal_actions())
        log.append(state.notation(move))
        state.apply(move)
        ENGINE.check_invariants(state)
        if len(log) % 10 == 0:
            assert_round_trips(state)
    return state, log


def assert_round_trips(state: RiseState) -> None:
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    assert ENGINE.from_json(RULES, state.to_json()).to_json() == state.to_json()
    if copy.legal_actions():
        copy.apply(copy.legal_actions()[-1])
        assert copy.to_json() != state.to_json() or copy.events == ["pass"]


def test_random_playouts_keep_every_invariant_and_replay_to_the_same_state() -> None:
    events: set[str] = set()
    for index in range(PLAYOUTS):
        state, log = random_playout(index)
        replayed = ENGINE.new_game(RULES, 2, None)
        for move in log:
            events.update(replayed.events)
            replayed.apply(replayed.parse(move))
        assert state_hash(replayed) == state_hash(state)
    # random play reaches every action, and rings build towers
    assert {"place_tile", "move_worker", "jump_worker", "sacrifice_place", "build_tower"} <= events


def test_a_broken_state_is_caught() -> None:
    state = ENGINE.new_game(RULES, 2, None)
    state.workers_left[0] += 1
    with pytest.raises(InvariantBroken, match="workers are not conserved"):
        ENGINE.check_invariants(state)


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("*.json")), ids=lambda p: p.stem)
def test_the_legal_moves_of_a_written_position(path: Path) -> None:
    case = json.loads(path.read_text())
    rules = played_rules(**case.get("rules", {}))
    state = position(case["position"], rules)
    legal = [state.notation(a) for a in state.legal_actions() if a[0] in case["kinds"]]
    assert sorted(legal) == sorted(case["legal"])


def test_set_up_follows_the_formation_map() -> None:
    state = ENGINE.new_game(RULES, 2, None)
    data = state.to_json()
    assert len(data["tiles"]) == 12
    assert data["workers"] == {"0202": 0, "0702": 1}
    assert data["tiles_left"] == 60 - 12
    assert data["workers_left"] == [29, 29]
    assert data["actions_left"] == 1  # red's first turn has one action
    assert (data["seat"], data["turn"], data["winner"], data["ended_by"]) == (0, 1, None, None)
    assert data["pending"] is None and state.events == []


def test_red_first_turn_actions_follow_the_data() -> None:
    state = ENGINE.new_game(played_rules(**{"rules.values.first_turn_actions": 2}), 2, None)
    assert state.actions_left == 2
    play(state, "move_worker 0202 0302")
    assert state.current_player() == 0  # still red: a second action


def test_a_sacrifice_follows_the_data() -> None:
    three = {"workers": {"0202": 0, "0302": 0, "0702": 1}, "workers_left": [28, 29], "turn": 2}
    allowed = {a[0] for a in position({**three, "actions_left": 2}).legal_actions()}
    assert "sacrifice_eliminate" not in allowed  # two given up of two: none would stay
    cheaper = played_rules(**{"rules.values.sacrifice": 1})
    state = position({**three, "actions_left": 2}, cheaper)
    play(state, "sacrifice_eliminate", "give 0202", "remove 0702")
    assert state.ended_by == "elimination" and state.returns() == [1.0, 0.0]


def test_a_sacrifice_to_place_puts_the_new_worker_anywhere() -> None:
    state = position(
        {
            "workers": {"0102": 0, "0202": 0, "0302": 0, "0702": 1},
            "workers_left": [27, 29],
            "turn": 2,
            "actions_left": 2,
        }
    )
    play(state, "sacrifice_place", "give 0102", "give 0202", "put 0802")
    assert state.to_json()["workers"] == {"0302": 0, "0702": 1, "0802": 0}
    assert state.events == ["sacrifice_place"]
    assert state.actions_left == 1


RING = ["0502", "0501", "0401", "0302", "0403", "0503"]  # the six neighbours of 0402
RING_TILES = ["0401", "0501", "0403", "0503"]


def ringed(ring_owner: int, tower: list[int] | None = None) -> dict[str, Any]:
    """A position on red's turn where `ring_owner` has five of the six workers round 0402
    (red places the sixth on 0503 next), with `tower` [owner, tiers] standing on 0402."""
    tiles = [*ENGINE.new_game(RULES, 2, None).to_json()["tiles"], *RING_TILES]
    workers = {cell: ring_owner for cell in RING[:-1]} | {"0802": 1 - ring_owner}
    on_board = [sum(1 for seat in workers.values() if seat == s) for s in range(2)]
    blocks = [[3, 3, 3], [3, 3, 3]]
    if tower:
        blocks[tower[0]] = [3 - (tower[1] > tier) for tier in range(3)]
    return {
        "tiles": tiles,
        "tiles_left": 60 - len(tiles),
        "workers": workers,
        "towers": {"0402": tower} if tower else {},
        "workers_left": [30 - n for n in on_board],
        "blocks_left": blocks,
        "turn": 4,
        "seat": 0,
        "actions_left": 2,
    }


def end_turn(state: RiseState) -> None:
    """Play land tiles (which make and break no ring) until the other seat is to move."""
    seat = state.current_player()
    while state.current_player() == seat:
        tiles = [a for a in state.legal_actions() if a[0] == "place_tile"]
        play(state, state.notation(tiles[-1]))


def test_a_tower_is_finished_on_the_third_turn_its_ring_holds() -> None:
    state = play(position(ringed(0)), "place_worker 0503")
    cell = state.config.cell("0402")
    assert state.events == ["place_worker", "build_tower"]
    tiers = [state.towers[cell][1]]
    for _ in range(2):
        end_turn(state)  # red's
        end_turn(state)  # blue's: the next tier comes at the start of red's turn
        tiers.append(state.towers[cell][1])
    assert tiers == [1, 2, 3]  # one tier per tower per turn, finished on the third turn


def test_ringing_an_enemy_tower_takes_a_tier_a_turn_and_then_builds_there() -> None:
    state = play(position(ringed(0, tower=[1, 3])), "place_worker 0503")
    cell = state.config.cell("0402")
    assert state.events == ["place_worker", "destroy_tower"]
    seen = [state.towers.get(cell)]
    while state.towers.get(cell) != (0, 3):
        end_turn(state)
        end_turn(state)
        seen.append(state.towers.get(cell))
    # three of red's turns tear it down, three build red's own: six in all (erratum seven_turns)
    assert seen == [(1, 2), (1, 1), None, (0, 1), (0, 2), (0, 3)]


def test_three_finished_towers_win() -> None:
    data = ringed(0)
    data["towers"] = {"0102": [0, 3], "0802": [0, 3]}
    data["workers"] = {k: v for k, v in data["workers"].items() if k != "0802"} | {"0702": 1}
    data["workers_left"] = [25, 29]
    data["blocks_left"] = [[1, 1, 1], [3, 3, 3]]
    state = play(position(data), "place_worker 0503")  # the base of the third
    for _ in range(2):
        assert state.ended_by is None
        end_turn(state)
        end_turn(state)
    assert state.ended_by == "three_towers" and state.returns() == [1.0, 0.0]


def test_tower_builders_playing_each_other_finish_their_games() -> None:
    """The greedy part of `priority:tower_builder` closes rings round free tiles (the
    evaluation counts each tile's ring progress), so two of them end by three towers instead
    of filling the board with workers and wandering to max_turns."""
    simulation = RULES.simulation
    assert simulation is not None
    builders = ("priority:tower_builder", "priority:tower_builder")
    arms = Batch("rise", "rise", RULES, 2, None, builders, 0, 6,
                 max_turns=simulation.max_turns, check=True)  # fmt: skip
    results = [arms.play(index, ENGINE) for index in range(arms.total)]
    assert [result.end for result in results] == ["three_towers"] * 6


def test_validate_plays_the_rule_texts_claims_on_the_engine() -> None:
    """The validator plays Rise!'s claims and worked example on the engine: the formation of
    twelve, the workers and blocks per colour, seven actions, a tower finished on its ring's
    third turn all hold; tearing a tower down and building one in its place takes six turns,
    not the seven the text says, which erratum seven_turns records (a note, no error: the
    claim is resolved in words)."""
    result = run_cli("validate", "rise", "--no-simulate", "--format", "json")
    report = json.loads(result.stdout)
    statuses = {claim["id"]: claim["status"] for claim in report["claims"]}
    played = (
        "formation_twelve",
        "workers_per_colour",
        "blocks_per_colour",
        "blocks_build_three_towers",
        "seven_actions",
        "tower_three_turns",
        "formation_workers",
    )
    assert report["errors"] == 0 and [statuses[name] for name in played] == ["checked"] * 7
    (claim,) = [claim for claim in report["claims"] if claim["id"] == "destroy_and_rebuild"]
    assert (claim["status"], claim["errata"], claim["in_words"]) == (
        "resolved",
        ["seven_turns"],
        True,
    )
    [note] = [d for d in report["diagnostics"] if "destroy_and_rebuild" in d["message"]]
    assert note["severity"] == "note" and "erratum 'seven_turns'" in note["message"]
    assert "'in_seven_turns' is false after its scripted game" in note["message"]


# --- what the engine reads from the data, and what it refuses ------------------------------


def test_a_protection_reading_the_engine_does_not_play_is_refused_by_name() -> None:
    rules = played_rules(**{"rules.values.protection": "nearby"})
    with pytest.raises(ValueError) as raised:
        ENGINE.new_game(rules, 2, None)
    assert str(raised.value) == "values.protection is 'nearby'; the engine plays behind or adjacent"


def test_destruction_counted_per_round_is_refused_by_name() -> None:
    rules = played_rules(**{"rules.actions.destroy_tower.per": "round"})
    with pytest.raises(ValueError) as raised:
        ENGINE.new_game(rules, 2, None)
    assert str(raised.value) == (
        "actions.destroy_tower.per is 'round'; the engine counts a tower's tiers coming off "
        "per turn"
    )


def test_a_seat_count_the_formation_does_not_place_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^the formation places first workers for 2 players$"):
        ENGINE.new_game(RULES, 3, None)


def test_the_supplies_and_land_come_from_the_data() -> None:
    rules = played_rules(
        **{
            "rules.values.blocks_per_colour": 12,
            "rules.values.workers_per_colour": 10,
            "components.land_tiles.count": 20,
        }
    )
    data = ENGINE.new_game(rules, 2, None).to_json()
    assert data["blocks_left"] == [[4, 4, 4], [4, 4, 4]]  # 12 blocks over 3 tiers
    assert data["workers_left"] == [9, 9]
    assert data["tiles_left"] == 8


def test_hex_names_read_and_print_as_the_map_does() -> None:
    config = ENGINE.new_game(RULES, 2, None).config
    assert config.name(config.cell("0402")) == "0402"
    assert config.cell("0402") != config.cell("0403") != config.cell("0302")
    # off the two digits the map prints: column and row written out, signs kept
    for far in ("100,2", "2,100", "0,5", "5,0", "-3,-4", "99,100"):
        assert config.name(config.cell(far)) == far
    assert config.name(config.cell("99,99")) == "9999"
    assert config.name(config.cell("1,1")) == "0101"
    for wrong in ("402", "04-02", "0402a", "4;2", ""):
        with pytest.raises(ValueError) as raised:
            config.cell(wrong)
        assert str(raised.value) == f"'{wrong}' is not a hex: write it as the map does (0202)"


@pytest.mark.parametrize(
    ("name", "value", "least"),
    [("tower_tiers", 0, 1), ("sacrifice", -1, 0), ("workers_per_colour", "many", 0)],
)
def test_a_number_the_engine_cannot_play_is_refused_by_name(
    name: str, value: object, least: int
) -> None:
    with pytest.raises(ValueError) as raised:
        ENGINE.new_game(played_rules(**{f"rules.values.{name}": value}), 2, None)
    assert str(raised.value) == f"values.{name} is {value!r}, not a whole number of {least} or more"


def test_blocks_are_shared_evenly_among_the_tiers() -> None:
    """Ten blocks over three tiers: three of each size, the odd one never used."""
    state = ENGINE.new_game(played_rules(**{"rules.values.blocks_per_colour": 10}), 2, None)
    assert state.to_json()["blocks_left"] == [[3, 3, 3], [3, 3, 3]]
    assert all(type(n) is int for row in state.blocks_left for n in row)


def test_a_position_for_more_seats_than_the_formation_places_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^the formation places first workers for 2 players$"):
        ENGINE.from_json(RULES, {"workers_left": [29, 29, 30]})


def test_a_position_without_supplies_is_a_two_player_game() -> None:
    state = ENGINE.from_json(RULES, {"workers": {"0202": 0, "0702": 1}, "turn": 3})
    assert state.players == 2 and state.to_json()["workers_left"] == [29, 29]
    assert state.turn() == 3


def broken(message: str, state: RiseState) -> None:
    """`state` breaks exactly the invariant `message` names, and nothing else."""
    with pytest.raises(InvariantBroken) as raised:
        ENGINE.check_invariants(state)
    assert str(raised.value) == message


def with_towers() -> RiseState:
    """Red's turn 4 with a finished red tower on 0102 and a blue base on 0802: every invariant
    holds."""
    return position(
        {
            "workers": {"0202": 0, "0302": 0, "0702": 1},
            "towers": {"0102": [0, 3], "0802": [1, 1]},
            "workers_left": [28, 29],
            "blocks_left": [[2, 2, 2], [2, 3, 3]],
            "turn": 4,
            "actions_left": 2,
        }
    )


def test_each_invariant_names_what_it_finds_broken() -> None:
    ENGINE.check_invariants(with_towers())
    state = with_towers()
    state.tiles_left += 1
    broken("land tiles are not conserved", state)
    state = with_towers()
    state.workers_left[1] -= 1
    broken("player 2's workers are not conserved", state)
    state = with_towers()
    state.blocks_left[1][0] += 1
    broken("player 2's tier-1 blocks are not conserved", state)
    state = with_towers()
    state.blocks_left[0][2] -= 1
    broken("player 1's tier-3 blocks are not conserved", state)
    state = with_towers()
    state.workers[state.config.cell("0901")] = state.workers.pop(state.config.cell("0702"))
    broken("a piece stands off the land", state)
    state = with_towers()
    state.towers[state.config.cell("0302")] = state.towers.pop(state.config.cell("0102"))
    broken("a worker stands on a tower", state)
    for actions in (-1, 3):
        state = with_towers()
        state.actions_left = actions
        broken("a turn has more actions than the rules give", state)


def test_a_game_going_on_needs_workers_of_both_colours() -> None:
    state = with_towers()
    del state.workers[state.config.cell("0702")]
    state.workers_left[1] += 1
    broken("player 2 has no worker and the game goes on", state)
    state.ended_by = "three_towers"
    broken("player 2 has no worker and the game goes on", state)
    state.ended_by = "elimination"
    ENGINE.check_invariants(state)


def test_a_tower_of_more_tiers_than_the_game_has_is_caught() -> None:
    state = with_towers()
    state.towers[state.config.cell("0102")] = (0, 4)  # a fourth tier of no block at all
    broken("a tower has a number of tiers the game does not have", state)
    state.towers[state.config.cell("0102")] = (0, 0)
    broken(
        "player 1's tier-1 blocks are not conserved; player 1's tier-2 blocks are not "
        "conserved; player 1's tier-3 blocks are not conserved; a tower has a number of tiers "
        "the game does not have",
        state,
    )


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"workers_left": [28, 29, 30]}, "the position's supplies are not for 2 players"),
        ({"blocks_left": [[3, 3, 3]]}, "the position's supplies are not for 2 players"),
        ({"blocks_left": [[3, 3, 3], [3, 3]]}, "blocks_left must give 3 tiers per player, as "
                                                "the rules do"),
        ({"workers": {"0202": 2}}, "a worker belongs to no player of this game"),
        ({"workers": {"0202": -1}}, "a worker belongs to no player of this game"),
        ({"towers": {"0402": [2, 1]}}, "a tower has no owner or other than 1 to 3 tiers"),
        ({"towers": {"0402": [-1, 1]}}, "a tower has no owner or other than 1 to 3 tiers"),
        ({"towers": {"0402": [0, 0]}}, "a tower has no owner or other than 1 to 3 tiers"),
        ({"towers": {"0402": [1, 4]}}, "a tower has no owner or other than 1 to 3 tiers"),
    ],
)  # fmt: skip
def test_a_position_the_rules_numbers_do_not_fit_is_refused(
    patch: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError) as raised:
        position(patch)
    assert str(raised.value) == message


def test_a_position_at_the_edges_of_the_numbers_loads() -> None:
    state = position(
        {"workers": {"0202": 0, "0702": 1}, "towers": {"0402": [1, 3], "0502": [0, 1]}}
    )
    assert state.to_json()["towers"] == {"0402": [1, 3], "0502": [0, 1]}


def test_each_move_is_described_in_words() -> None:
    state = position(
        {
            "workers": {"0202": 0, "0302": 0, "0402": 0, "0702": 1},
            "workers_left": [27, 29],
            "turn": 2,
            "actions_left": 2,
        }
    )
    cell = state.config.cell
    titles = {name: action.title for name, action in RULES.rules.actions.items()}
    assert (
        state.describe(("place_tile", cell("0902"))) == f"Player 1: {titles['place_tile']} (0902)"
    )
    assert state.describe(("move_worker", cell("0202"), cell("0201"))) == (
        f"Player 1: {titles['move_worker']} (0202 0201)"
    )
    assert state.describe(("sacrifice_place",)) == f"Player 1: {titles['sacrifice_place']}"
    assert state.describe(("pass",)) == "Player 1 has no legal action and passes"
    assert state.rule_of(("place_tile", cell("0902"))) == "place_tile"
    play(state, "sacrifice_place")
    assert state.describe(("give", cell("0202"))) == "Player 1 gives up 0202"
    assert state.rule_of(("give", cell("0202"))) == "sacrifice_place"
    play(state, "give 0202", "give 0302")
    assert state.describe(("put", cell("0802"))) == "Player 1 puts a worker on 0802"
    assert state.rule_of(("put", cell("0802"))) == "sacrifice_place"
    play(state, "put 0802", "move_worker 0802 0801")
    assert state.current_player() == 1
    assert state.describe(("remove", cell("0402"))) == "Player 2 removes 0402"
    assert state.rule_of(("remove", cell("0402"))) == "remove"  # no sacrifice under way


def test_a_move_that_is_not_legal_is_refused_in_words() -> None:
    state = ENGINE.new_game(RULES, 2, None)
    with pytest.raises(ValueError) as raised:
        state.parse("move_worker 0202 0402")
    assert str(raised.value) == "'move_worker 0202 0402' is not a legal move here"
    assert state.notation(state.parse("move_worker 0202 0302")) == "move_worker 0202 0302"


def test_a_seat_with_no_legal_action_passes_and_the_turn_moves_on() -> None:
    """Red's one worker is hemmed in by blue (no free tile beside it, none behind a blue worker
    to jump to), with no land tile and no worker left in the box: red can only pass."""
    blue = ["0102", "0302", "0201", "0203", "0402", "0702"]
    state = position(
        {
            "workers": {"0202": 0} | {cell: 1 for cell in blue},
            "workers_left": [0, 24],
            "tiles_left": 0,
            "turn": 2,
            "actions_left": 2,
        }
    )
    assert state.legal_actions() == [("pass",)]
    state.apply(("pass",))
    assert state.events == ["pass"]
    assert (state.current_player(), state.turn(), state.actions_left) == (1, 3, 2)


def test_a_jump_sends_the_jumped_worker_back_to_its_supply() -> None:
    state = position(
        {"workers": {"0302": 0, "0402": 1, "0702": 1}, "workers_left": [29, 28], "turn": 2,
         "actions_left": 2}
    )  # fmt: skip
    play(state, "jump_worker 0302 0502")
    assert state.to_json()["workers"] == {"0502": 0, "0702": 1}
    assert state.workers_left == [29, 29] and state.events == ["jump_worker"]
    assert state.actions_left == 1


ADJACENT = played_rules(**{"rules.values.protection": "adjacent"})


def test_under_the_adjacent_reading_a_neighbour_protects_a_worker() -> None:
    """Blue's 0402 has blue's 0401 beside it: protected under 'adjacent', so red's jump from
    0302 is refused, and that refusal is reported as the protection_matters claim reads it."""
    data = {
        "tiles": [*ENGINE.new_game(RULES, 2, None).to_json()["tiles"], "0401"],
        "tiles_left": 47,
        "workers": {"0302": 0, "0402": 1, "0401": 1, "0702": 1},
        "workers_left": [29, 27],
        "turn": 2,
        "actions_left": 2,
    }
    behind = position(data)
    assert [a for a in behind.legal_actions() if a[0] == "jump_worker"] == [
        ("jump_worker", behind.config.cell("0302"), behind.config.cell("0502"))
    ]
    play(behind, "place_tile 0901")
    assert "protection_refuses_jump" not in behind.events
    adjacent = position(data, ADJACENT)
    assert [a for a in adjacent.legal_actions() if a[0] == "jump_worker"] == []
    play(adjacent, "place_tile 0901")
    assert adjacent.events == ["place_tile", "protection_refuses_jump"]
    play(adjacent, "move_worker 0302 0202")  # red's turn ends; blue has nothing to jump
    assert "protection_refuses_jump" not in adjacent.events


def test_under_the_adjacent_reading_a_lone_worker_may_be_jumped() -> None:
    state = position(
        {"workers": {"0302": 0, "0402": 1, "0702": 1}, "workers_left": [29, 28], "turn": 2,
         "actions_left": 2}, ADJACENT,
    )  # fmt: skip
    jumps = [state.notation(a) for a in state.legal_actions() if a[0] == "jump_worker"]
    assert jumps == ["jump_worker 0302 0502"]
    play(state, "place_tile 0901")
    assert state.events == ["place_tile"]


def test_removing_a_tier_gives_its_block_back() -> None:
    state = with_towers()
    assert [a for a in state.legal_actions() if a[0] == "remove_tier"] == [
        ("remove_tier", state.config.cell("0102"))
    ]  # red's own tower only
    play(state, "remove_tier 0102")
    assert state.to_json()["towers"] == {"0102": [0, 2], "0802": [1, 1]}
    assert state.blocks_left == [[2, 2, 3], [2, 3, 3]]
    assert state.to_json()["removed"] == {"0102": 1} and state.events == ["remove_tier"]
    play(state, "remove_tier 0102")  # the second action of the turn: again
    assert state.current_player() == 1
    play(state, "remove_tier 0802")  # blue's base: the last tier leaves no tower
    assert state.to_json()["towers"] == {"0102": [0, 1]}
    assert state.blocks_left == [[2, 3, 3], [3, 3, 3]]


def test_the_evaluation_weighs_towers_workers_and_rings_as_written() -> None:
    """with_towers, counted by hand: red's finished tower is 3 tiers + 3 for finishing, blue's
    base 1 tier against red; one red worker more (0.2 each); red's workers ring 0201, 0203 and
    0402 by one of six each, blue's 0602, 0801, 0803 and its own unfinished 0802 (red's
    finished 0102 is no place to build), each worth (1/6)**3 at weight 2."""
    state = with_towers()
    score = (3 + 3) - 1 + 0.2 + 2 * (3 - 4) / 6**3
    assert state.ring_progress(0) == pytest.approx(3 / 6**3)
    assert state.ring_progress(1) == pytest.approx(4 / 6**3)
    assert ENGINE.evaluate(state, 0) == pytest.approx(1 / (1 + math.exp(-score / 4)))
    assert ENGINE.evaluate(state, 1) == pytest.approx(1 / (1 + math.exp(score / 4)))


def test_ring_progress_counts_each_free_tile_and_own_unfinished_tower() -> None:
    """ringed(0), counted by hand: red's five workers stand by 0402 five times, by 0503 twice,
    by 0202 and 0602 once each (a share of six, cubed); a worker or an enemy's or finished
    tower on 0402 leaves it out, red's own unfinished tower keeps it in."""
    others = (2**3 + 1 + 1) / 6**3
    assert position(ringed(0)).ring_progress(0) == pytest.approx((5 / 6) ** 3 + others)
    assert position(ringed(0, tower=[0, 2])).ring_progress(0) == pytest.approx(
        (5 / 6) ** 3 + others
    )
    for tower in ([0, 3], [1, 1]):
        assert position(ringed(0, tower=tower)).ring_progress(0) == pytest.approx(others)
    state = position(ringed(0))
    state.workers[state.config.cell("0402")] = 1
    assert state.ring_progress(0) == pytest.approx(others)
    assert position(ringed(0)).ring_progress(1) == pytest.approx(3 / 6**3)  # blue's 0802
    # a ring of four: the five by 0402 count as a whole ring, no more
    four = position(ringed(0), played_rules(**{"rules.values.surround": 4}))
    assert four.ring_progress(0) == pytest.approx(1 + (2 / 4) ** 3 + 2 / 4**3)


def test_a_won_game_is_worth_its_result() -> None:
    state = with_towers()
    state.winner, state.ended_by = 1, "elimination"
    assert (ENGINE.evaluate(state, 0), ENGINE.evaluate(state, 1)) == (0.0, 1.0)
    assert state.current_player() < 0 and state.legal_actions() == []


def test_the_observation_is_the_whole_position_for_either_seat() -> None:
    state = with_towers()
    seen = state.observation(0)
    assert seen == state.observation(1) == state.clone().observation(0)
    assert json.loads(str(seen)) == state.to_json()
    play(state, "place_tile 0902")
    assert state.observation(0) != seen


def test_a_sacrifice_offers_its_pieces_one_at_a_time() -> None:
    state = position(
        {
            "workers": {"0202": 0, "0302": 0, "0402": 0, "0702": 1, "0602": 1},
            "workers_left": [27, 28],
            "turn": 2,
            "actions_left": 2,
        }
    )
    names = lambda: sorted(state.notation(a) for a in state.legal_actions())  # noqa: E731
    play(state, "sacrifice_eliminate")
    assert state.pending == ("sacrifice_eliminate", 2) and state.actions_left == 2
    assert names() == ["give 0202", "give 0302", "give 0402"]
    play(state, "give 0302")
    assert names() == ["give 0202", "give 0402"]
    play(state, "give 0402")
    assert names() == ["remove 0602", "remove 0702"]
    play(state, "remove 0602")
    assert state.to_json()["workers"] == {"0202": 0, "0702": 1}
    assert state.workers_left == [29, 29] and state.actions_left == 1
    assert state.events == ["sacrifice_eliminate"] and state.pending is None


def test_a_sacrifice_to_place_offers_every_free_tile() -> None:
    state = position(
        {"workers": {"0202": 0, "0302": 0, "0402": 0, "0702": 1}, "workers_left": [27, 29],
         "towers": {"0102": [1, 1]}, "blocks_left": [[3, 3, 3], [2, 3, 3]], "turn": 2,
         "actions_left": 2}
    )  # fmt: skip
    play(state, "sacrifice_place", "give 0202", "give 0302")
    free = {"0201", "0202", "0203", "0302", "0502", "0602", "0801", "0802", "0803"}
    assert sorted(state.notation(a) for a in state.legal_actions()) == [
        f"put {name}" for name in sorted(free)
    ]


def test_more_tiers_a_turn_when_the_data_says_so() -> None:
    """Two tiers a turn, in turns of three actions: the third action of the turn adds none."""
    twice = played_rules(
        **{"rules.values.tiers_built_per_turn": 2, "rules.values.actions_per_turn": 3}
    )
    state = play(position({**ringed(0), "actions_left": 3}, twice), "place_worker 0503")
    cell = state.config.cell("0402")
    assert state.towers[cell] == (0, 1)
    play(state, "place_tile 0902")  # the ring holds after the next action: a second tier
    assert state.towers[cell] == (0, 2) and state.events == ["place_tile", "build_tower"]
    assert state.to_json()["built"] == {"0402": 2}
    play(state, "place_tile 1002")
    assert state.towers[cell] == (0, 2) and state.events == ["place_tile"]
    end_turn(state)  # blue's turn
    assert state.towers[cell] == (0, 3)


def test_a_finished_tower_in_its_ring_stays_as_it_is() -> None:
    state = play(position(ringed(0, tower=[0, 3])), "place_worker 0503")
    assert state.events == ["place_worker"] and state.to_json()["towers"] == {"0402": [0, 3]}


def test_more_tiers_torn_down_a_turn_when_the_data_says_so() -> None:
    """Two tiers a turn, in turns of three actions: the third action of the turn that rings
    blue's tower takes nothing more off it."""
    twice = played_rules(
        **{"rules.values.tiers_removed_per_turn": 2, "rules.values.actions_per_turn": 3}
    )
    data = {**ringed(0, tower=[1, 3]), "actions_left": 3}
    state = play(position(data, twice), "place_worker 0503")
    cell = state.config.cell("0402")
    assert state.towers[cell] == (1, 2)
    play(state, "place_tile 0902")
    assert state.towers[cell] == (1, 1) and state.events == ["place_tile", "destroy_tower"]
    assert state.to_json()["removed"] == {"0402": 2}
    play(state, "place_tile 1002")
    assert state.towers[cell] == (1, 1) and state.events == ["place_tile"]
    end_turn(state)
    assert cell not in state.towers  # red's next turn: the last tier, and no base yet
    assert state.blocks_left[1] == [3, 3, 3]


def test_removing_two_tiers_of_a_tower_in_a_turn_counts_both() -> None:
    three = played_rules(**{"rules.values.actions_per_turn": 3})
    state = position({**with_towers().to_json(), "actions_left": 3}, three)
    play(state, "remove_tier 0102", "remove_tier 0102")
    assert state.to_json()["removed"] == {"0102": 2}
    assert state.to_json()["towers"]["0102"] == [0, 1]


def test_a_moved_worker_leaves_its_tile_for_the_next() -> None:
    state = play(ENGINE.new_game(RULES, 2, None), "move_worker 0202 0302")
    assert state.to_json()["workers"] == {"0302": 0, "0702": 1}
    assert state.workers_left == [29, 29] and state.events == ["move_worker"]


def test_no_tower_without_a_block_of_its_tier() -> None:
    data = ringed(0)
    data["blocks_left"][0] = [0, 3, 3]
    data["towers"] = {"0102": [0, 1], "0602": [0, 1], "0802": [0, 1]}
    data["workers"]["0902"] = data["workers"].pop("0802")
    data["tiles"] = [*data["tiles"], "0902"]
    data["tiles_left"] -= 1
    state = play(position(data), "place_worker 0503")
    assert state.config.cell("0402") not in state.towers and state.events == ["place_worker"]


def test_a_ring_round_an_occupied_tile_or_open_water_builds_nothing() -> None:
    occupied = ringed(0)
    occupied["workers"]["0402"] = 1  # blue stands in red's ring
    occupied["workers"].pop("0802")
    state = play(position(occupied), "place_worker 0503")
    assert state.towers == {} and state.events == ["place_worker"]
    hole = ringed(0)
    hole["tiles"].remove("0402")
    hole["tiles_left"] += 1
    state = play(position(hole), "place_worker 0503")
    assert state.towers == {} and state.events == ["place_worker"]


def test_the_number_of_towers_to_win_comes_from_the_data() -> None:
    data = ringed(0)
    data["towers"] = {"0102": [0, 3]}
    data["blocks_left"] = [[2, 2, 2], [3, 3, 3]]
    two = played_rules(**{"rules.values.towers_to_win": 2})
    state = play(position(data, two), "place_worker 0503")
    for _ in range(2):
        assert state.ended_by is None
        end_turn(state)
        end_turn(state)
    assert (state.winner, state.ended_by) == (0, "three_towers")
    assert state.events == ["place_tile", "build_tower", "three_towers"]
    assert state.current_player() < 0 and state.legal_actions() == []


def test_a_clone_plays_on_without_touching_the_original() -> None:
    original = play(position(ringed(0, tower=[1, 1])), "place_worker 0503")
    before = original.to_json()
    assert before["removed"] == {"0402": 1}  # blue's base came off this turn
    copy = original.clone()
    assert copy.to_json() == before and copy.events == original.events
    play(copy, "place_tile 0902")  # blue to move, then red's turn builds on 0402
    end_turn(copy)
    play(copy, "sacrifice_place", "give 0302", "give 0401", "put 0902")
    assert copy.to_json()["built"] == {"0402": 1} and copy.to_json()["removed"] == {}
    assert original.to_json() == before
    assert original.events == ["place_worker", "destroy_tower"]
    building = play(position(ringed(0)), "place_worker 0503")
    assert building.clone().to_json()["built"] == {"0402": 1}


def test_every_part_of_a_position_survives_json() -> None:
    """A position mid-sacrifice, with tiers built and removed this turn, and one ended: each
    part read back as written."""
    data = ringed(0, tower=[1, 2])
    data |= {
        "pending": ["sacrifice_eliminate", 1],
        "built": {"0102": 1},
        "removed": {"0402": 1},
        "towers": {"0402": [1, 2], "0102": [0, 1]},
        "blocks_left": [[2, 3, 3], [2, 2, 3]],
        "actions_left": 1,
        "tiles_left": 40,
        "turn": 7,
    }
    state = ENGINE.from_json(RULES, data)
    written = state.to_json()
    data["tiles"] = sorted(data["tiles"])
    for key, value in data.items():
        assert written[key] == value, key
    assert state.pending == ("sacrifice_eliminate", 1)
    ended = ENGINE.from_json(
        RULES, {**data, "pending": None, "winner": 0, "ended_by": "elimination"}
    )
    assert (ended.winner, ended.ended_by, ended.pending) == (0, "elimination", None)
    assert ended.current_player() < 0
    assert (ended.to_json()["winner"], ended.to_json()["ended_by"]) == (0, "elimination")
    assert ENGINE.from_json(RULES, {"seat": 1, "turn": 2}).current_player() == 1


FORMATION_EDGE = [  # the 24 empty hexes touching the twelve, by hand from formation.yaml
    *("0101", "0301", "0401", "0501", "0601", "0701", "0901"),  # row 1 over the strip
    *("0103", "0303", "0403", "0503", "0603", "0703", "0903"),  # row 3 under it
    *("1,0", "2,0", "7,0", "8,0", "0104", "0204", "0704", "0804"),  # beyond the flank tiles
    *("0,2", "0902"),  # either end of the strip
]


def test_reds_first_turn_offers_every_edge_hex_and_the_tiles_round_its_worker() -> None:
    state = ENGINE.new_game(RULES, 2, None)
    around_red = ["0102", "0201", "0203", "0302"]
    assert sorted(state.notation(a) for a in state.legal_actions()) == sorted(
        [
            *(f"move_worker 0202 {cell}" for cell in around_red),
            *(f"place_tile {cell}" for cell in FORMATION_EDGE),
            *(f"place_worker {cell}" for cell in around_red),
        ]
    )


def test_a_placed_tile_moves_the_edge_out() -> None:
    state = play(ENGINE.new_game(RULES, 2, None), "place_tile 0902")
    tiles = {state.notation(a).split()[1] for a in state.legal_actions() if a[0] == "place_tile"}
    assert tiles == (set(FORMATION_EDGE) - {"0902"}) | {"1001", "1002", "1003"}
    loaded = ENGINE.from_json(RULES, state.to_json())
    assert {a for a in loaded.legal_actions() if a[0] == "place_tile"} == {
        a for a in state.legal_actions() if a[0] == "place_tile"
    }


def test_no_tile_or_worker_to_place_when_the_box_is_empty() -> None:
    state = position({"tiles_left": 0, "workers_left": [0, 29], "turn": 2, "actions_left": 2})
    assert {a[0] for a in state.legal_actions()} == {"move_worker"}
    last = position({"tiles_left": 1, "workers_left": [1, 29], "turn": 2, "actions_left": 2})
    assert {a[0] for a in last.legal_actions()} == {"move_worker", "place_tile", "place_worker"}


def test_a_formation_map_with_errors_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^the 'formation' map has errors$"):
        ENGINE.new_game(played_rules(**{"materials.formation.hex_size": None}), 2, None)


def test_the_first_workers_are_the_markers_naming_a_player() -> None:
    """Swapped players and a marker for no player (a label on the map): red starts on 0702,
    blue on 0202, and the unnamed marker is no worker."""
    markers = [
        {"hex": "0202", "label": "B", "fill": "#1565c0", "player": 2},
        {"hex": "0702", "label": "R", "fill": "#c62828", "player": 1},
        {"hex": "0602", "label": "R", "fill": "#c62828", "player": 1},
        {"hex": "0402", "label": "X", "fill": "#000000"},
    ]
    state = ENGINE.new_game(played_rules(**{"materials.formation.markers": markers}), 2, None)
    assert state.to_json()["workers"] == {"0202": 1, "0602": 0, "0702": 0}
    assert state.workers_left == [28, 29]


def test_an_action_costs_what_the_data_says() -> None:
    dear = played_rules(**{"rules.actions.place_tile.cost": 2})
    state = ENGINE.new_game(dear, 2, None)
    assert "place_tile" not in {a[0] for a in state.legal_actions()}  # red's one action
    play(state, "move_worker 0202 0302")
    assert state.current_player() == 1 and state.actions_left == 2
    play(state, "place_tile 0902")  # blue's two actions at once
    assert (state.current_player(), state.actions_left) == (0, 2)


def test_towers_of_one_tier_finish_at_once() -> None:
    one = played_rules(**{"rules.values.tower_tiers": 1, "rules.values.sacrifice": 0})
    data = ringed(0)
    data["blocks_left"] = [[9], [9]]
    state = play(position(data, one), "place_worker 0503")
    assert state.to_json()["towers"] == {"0402": [0, 1]} and state.blocks_left == [[8], [9]]
    assert ENGINE.evaluate(state, 0) > ENGINE.evaluate(state, 1)


def two_rings(on_0402: dict[str, Any]) -> RiseState:
    """Red to move with ten workers round both 0402 and the empty 0602 (sharing 0502), the
    eleventh (0703) still to come, and `on_0402` (a tower or a worker) on 0402."""
    around = ["0302", "0502", "0401", "0501", "0403", "0503", "0702", "0601", "0701", "0603"]
    extra = ["0401", "0501", "0403", "0503", "0601", "0701", "0603", "0703"]
    tiles = [*ENGINE.new_game(RULES, 2, None).to_json()["tiles"], *extra]
    data = {
        "tiles": tiles,
        "tiles_left": 60 - len(tiles),
        "workers": {cell: 0 for cell in around} | {"0802": 1},
        "workers_left": [20, 29],
        "turn": 4,
        "actions_left": 2,
    }
    if "tower" in on_0402:
        data |= {"towers": {"0402": on_0402["tower"]}, "blocks_left": [[3, 3, 3], [2, 3, 3]]}
    else:
        data["workers"]["0402"] = on_0402["worker"]
        data["workers_left"][on_0402["worker"]] -= 1
    return position(data)


def test_one_action_can_tear_down_one_ring_and_build_in_another() -> None:
    """The sixth red worker round 0602 takes blue's base off 0402 and lays red's own base on
    0602 at once."""
    state = play(two_rings({"tower": [1, 1]}), "place_worker 0703")
    assert state.events == ["place_worker", "destroy_tower", "build_tower"]
    assert state.to_json()["towers"] == {"0602": [0, 1]}


def test_a_ring_round_a_worker_does_not_stop_the_next_ring_building() -> None:
    state = play(two_rings({"worker": 0}), "place_worker 0703")
    assert state.events == ["place_worker", "build_tower"]
    assert state.to_json()["towers"] == {"0602": [0, 1]}


def test_a_worker_never_jumps_its_own() -> None:
    state = position(
        {"workers": {"0302": 0, "0402": 0, "0702": 1}, "workers_left": [28, 29], "turn": 2,
         "actions_left": 2}
    )  # fmt: skip
    assert [a for a in state.legal_actions() if a[0] == "jump_worker"] == []


def test_no_sacrifice_to_eliminate_without_an_enemy_worker() -> None:
    """A written position without blue workers (the game would have ended in play): a sacrifice
    may still place, but has no one to eliminate."""
    state = position(
        {"workers": {"0202": 0, "0302": 0, "0402": 0}, "workers_left": [27, 30], "turn": 2,
         "actions_left": 2}
    )  # fmt: skip
    sacrifices = {a[0] for a in state.legal_actions()} & {"sacrifice_eliminate", "sacrifice_place"}
    assert sacrifices == {"sacrifice_place"}


def test_a_ring_the_formation_lays_out_builds_on_reds_first_turn() -> None:
    """A formation with red's six first workers round 0402: the base stands at the start."""
    hexes = ["0102..0802", "0201", "0203", "0801", "0803", "0401", "0501", "0403", "0503"]
    markers = [{"hex": cell, "label": "R", "fill": "#c62828", "player": 1} for cell in RING] + [
        {"hex": "0702", "label": "B", "fill": "#1565c0", "player": 2}
    ]
    rules = played_rules(
        **{"materials.formation.hexes": hexes, "materials.formation.markers": markers}
    )
    state = ENGINE.new_game(rules, 2, None)
    assert state.to_json()["towers"] == {"0402": [0, 1]} and state.events == []
    assert state.blocks_left == [[2, 3, 3], [3, 3, 3]]


def test_a_formation_for_three_colours_plays_three_seats_in_turn() -> None:
    markers = [
        {"hex": "0202", "label": "R", "fill": "#c62828", "player": 1},
        {"hex": "0702", "label": "B", "fill": "#1565c0", "player": 2},
        {"hex": "0402", "label": "G", "fill": "#2e7d32", "player": 3},
    ]
    state = ENGINE.new_game(played_rules(**{"materials.formation.markers": markers}), 3, None)
    seats = []
    for _ in range(4):
        seats.append(state.current_player())
        end_turn(state)
    assert seats == [0, 1, 2, 0]


def test_a_jump_that_ends_the_game_may_spend_the_turns_last_action() -> None:
    state = position(
        {"workers": {"0302": 0, "0402": 1}, "workers_left": [29, 29], "turn": 2,
         "actions_left": 1}
    )  # fmt: skip
    play(state, "jump_worker 0302 0502")  # the invariants hold with no action left
    assert (state.winner, state.ended_by, state.actions_left) == (0, "elimination", 0)
    assert state.events == ["jump_worker", "elimination"]


def test_a_worker_jumps_in_every_direction_it_can() -> None:
    """Red's 0402 between blue's 0302 and 0502, empty tiles beyond both: two jumps."""
    state = position(
        {"workers": {"0402": 0, "0302": 1, "0502": 1}, "workers_left": [29, 28], "turn": 2,
         "actions_left": 2}
    )  # fmt: skip
    jumps = sorted(state.notation(a) for a in state.legal_actions() if a[0] == "jump_worker")
    assert jumps == ["jump_worker 0402 0202", "jump_worker 0402 0602"]


def test_protection_by_a_neighbour_across_the_rows() -> None:
    """Under 'adjacent', on the slant 0401-0302-0303: red's 0401 may jump blue's 0302 onto
    0303 until blue's 0202 stands beside 0302."""
    tiles = [*ENGINE.new_game(RULES, 2, None).to_json()["tiles"], "0401", "0303"]
    data = {
        "tiles": tiles,
        "tiles_left": 60 - len(tiles),
        "workers": {"0401": 0, "0302": 1},
        "workers_left": [29, 29],
        "turn": 2,
        "actions_left": 2,
    }
    lone = position(data, ADJACENT)
    assert [lone.notation(a) for a in lone.legal_actions() if a[0] == "jump_worker"] == [
        "jump_worker 0401 0303"
    ]
    data |= {"workers": {"0401": 0, "0302": 1, "0202": 1}, "workers_left": [29, 28]}
    guarded = position(data, ADJACENT)
    assert [a for a in guarded.legal_actions() if a[0] == "jump_worker"] == []
    play(guarded, "place_tile 0902")
    assert guarded.events == ["place_tile", "protection_refuses_jump"]
    # without the tile 0303 there is no landing, so protection refuses nothing
    no_landing = position({**data, "tiles": tiles[:-1], "tiles_left": 61 - len(tiles)}, ADJACENT)
    play(no_landing, "place_tile 0902")
    assert no_landing.events == ["place_tile"]
