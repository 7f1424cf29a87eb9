"""The validator's link to a game's engine (printkit/check/engine.py), on the tests' dice race
(tests/engines/race.py): scripts, properties with their intervals, smoke playouts, and what
each command plays."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import RULE_DATA, parse_diagnostics, run_cli

import printkit.check.engine
from printkit.build import compile_game
from printkit.check.claims import Status, Verdict
from printkit.diagnostics import Diagnostics
from printkit.simulate.binding import engine_names, load_engine

RACE = Path(__file__).parent.parent / "engines" / "race_game"
Edit = Callable[[dict[str, Any]], None]


def _race(tmp_path: Path, edit: Edit | None = None) -> Path:
    """A copy of the race package under tmp_path/rule_data, changed by `edit`."""
    folder = tmp_path / "rule_data" / "race_game"
    shutil.copytree(RACE, folder)
    if edit is not None:
        game = folder / "game.yaml"
        data = yaml.safe_load(game.read_text(encoding="utf-8"))
        edit(data)
        game.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return folder


def _checked(
    tmp_path: Path, edit: Edit | None = None, **playing: bool
) -> tuple[dict[str, Verdict], Diagnostics]:
    diagnostics = Diagnostics()
    result = compile_game("race_game", _race(tmp_path, edit), diagnostics, **playing)
    assert result is not None, [d.render() for d in diagnostics]
    return {verdict.id: verdict for verdict in result.verdicts}, diagnostics


def _codes(diagnostics: Diagnostics) -> list[str]:
    return [d.code for d in diagnostics if d.severity != "note"]


def test_build_replays_the_scripts_and_leaves_properties_unplayed(tmp_path: Path) -> None:
    verdicts, diagnostics = _checked(tmp_path)
    assert _codes(diagnostics) == []
    assert verdicts["stepping_wins"].status is Status.CHECKED
    assert verdicts["one_roll"].status is Status.CHECKED
    assert verdicts["positions_bounded"].status is Status.NOT_PLAYED
    assert verdicts["positions_bounded"].label == "not played"
    assert verdicts["positions_bounded"].text == (  # what `claims` prints beside it
        "Nobody moves past the goal by more than a roll."
    )


def _errata_about(*claims: str) -> Edit:
    """An erratum of PK530 (a property that does not hold) for each claim named."""

    def edit(data: dict[str, Any]) -> None:
        data["errata"] = [
            {
                "code": "PK530",
                "subject": f"claim '{claim}'",
                "text_says": "t",
                "resolution": "r",
                "wording_only": True,
            }
            for claim in claims
        ]

    return edit


def test_an_erratum_about_an_unplayed_property_waits_and_any_other_is_stale(
    tmp_path: Path,
) -> None:
    """Under build the property is not played, so its erratum cannot match yet and is no
    stale; an erratum about a claim that was checked and holds matches nothing: stale."""
    edit = _errata_about("positions_bounded", "stepping_wins")
    _, diagnostics = _checked(tmp_path, edit)
    assert [(d.code, d.message) for d in diagnostics if d.severity != "note"] == [
        ("PK231", "erratum for PK530 'claim 'stepping_wins'' matches no diagnostic")
    ]


def test_a_property_holds_in_its_playouts_with_a_wilson_interval(tmp_path: Path) -> None:
    verdicts, diagnostics = _checked(tmp_path, properties=True)
    assert _codes(diagnostics) == []
    held = verdicts["positions_bounded"]
    assert held.status is Status.HELD and held.label == "held in 50 playouts"
    assert (held.playouts, held.n, held.rate) == (50, 50, 1.0)
    assert held.interval is not None
    low, high = held.interval
    assert high == 1.0 and 0.92 < low < 0.93  # Wilson: 50 of 50 is not certainty
    assert held.figures() == {"playouts": 50, "n": 50, "rate": 1.0, "low": low, "high": 1.0}


def _claim(claim_id: str, play: dict[str, Any]) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["claims"] = {claim_id: {"text": "t", "engine": "e", "play": play}}

    return edit


def test_always_stops_at_a_counterexample_that_replays(tmp_path: Path) -> None:
    play = {"at": "end", "always": "state.positions | max <= 10", "playouts": 200}
    verdicts, diagnostics = _checked(tmp_path, _claim("exact", play), properties=True)
    [found] = [d for d in diagnostics if d.code == "PK530"]
    assert found.message.startswith(
        "claim 'exact' does not hold: state.positions | max <= 10 is false (seed 0, playout "
    )
    assert verdicts["exact"].status is Status.FAILING
    assert verdicts["exact"].n == verdicts["exact"].playouts  # one moment per game, at its end
    replay = Path(found.message.split("replay in ")[1].rstrip(")"))
    recorded = json.loads(replay.read_text(encoding="utf-8"))
    assert recorded["game"] == "race_game" and recorded["engine"] == "race"
    assert recorded["playout"] == verdicts["exact"].playouts - 1
    result = run_cli("--rule-data", tmp_path / "rule_data", "replay", replay)
    assert result.exit_code == 0, result.output
    assert "as recorded" in result.output


@pytest.mark.parametrize(
    ("play", "status", "says"),
    [
        ({"after": ["rolled"], "sometimes": "actor == -1"}, Status.HELD, None),
        ({"after": ["step"], "never": "action != 'step'"}, Status.HELD, None),
        ({"at": "end", "sometimes": "state.winner == 5"}, Status.FAILING, "was never true"),
        ({"at": "end", "usually": "state.winner == 0", "threshold": 0.4}, Status.HELD, None),
        (
            {"at": "end", "usually": "state.winner == 0", "threshold": 0.9},
            Status.FAILING,
            "where it should be at least 90%",
        ),
        (
            {"at": "end", "rarely": "state.winner == 1", "threshold": 0.1},
            Status.FAILING,
            "where it should be at most 10%",
        ),
        ({"after": ["finish"], "always": "not timed_out"}, Status.FAILING, None),
    ],
)
def test_each_quantifier_is_judged_over_its_moments(
    tmp_path: Path, play: dict[str, Any], status: Status, says: str | None
) -> None:
    verdicts, diagnostics = _checked(tmp_path, _claim("c", play), properties=True)
    assert verdicts["c"].status is status
    if says is not None:
        assert any(says in d.message for d in diagnostics if d.code == "PK530"), [
            d.render() for d in diagnostics
        ]
    elif status is Status.HELD:
        assert _codes(diagnostics) == []


def test_a_share_is_judged_on_every_moment(tmp_path: Path) -> None:
    play = {"at": "end", "usually": "state.winner == 0", "threshold": 0.4, "playouts": 300}
    verdicts, _ = _checked(tmp_path, _claim("c", play), properties=True)
    verdict = verdicts["c"]
    assert verdict.playouts == verdict.n == 300
    assert verdict.rate is not None and verdict.interval is not None
    low, high = verdict.interval
    assert low < verdict.rate < high and high - low < 0.12


def test_a_property_naming_what_the_engine_lacks_is_pk500(tmp_path: Path) -> None:
    play = {"after": ["jump"], "always": "true"}
    _, diagnostics = _checked(tmp_path, _claim("c", play), properties=True)
    [found] = [d for d in diagnostics if d.code == "PK500"]
    assert "checks after 'jump', which engine 'race' never applies" in found.message
    play = {"at": "end", "always": "true", "agents": ["priority:bold"]}
    _, diagnostics = _checked(tmp_path / "agent", _claim("c", play), properties=True)
    [found] = [d for d in diagnostics if d.code == "PK500"]
    assert "no priority agent 'bold'" in found.message


def test_a_value_only_the_engine_reads_is_used(tmp_path: Path) -> None:
    """`start` appears in no prose, claim or example: the engine's `requires` uses it."""
    _, diagnostics = _checked(tmp_path)
    assert "PK502" not in _codes(diagnostics)

    def unbound(data: dict[str, Any]) -> None:
        del data["game"]["engine"]
        data["claims"] = {}
        data["examples"] = {}

    _, diagnostics = _checked(tmp_path / "unbound", unbound)
    assert _codes(diagnostics) == ["PK502"]


def test_a_table_the_engine_reads_left_ambiguous_stops_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def ambiguous(data: dict[str, Any]) -> None:
        rows = [{"roll": 1, "result": "one"}, {"roll": 3, "result": "three"}]
        table = {"kind": "dice", "dice": "d3", "component": "die", "rows": rows}
        data["rules"]["tables"] = {"moves": table}
        data["components"] = {"die": {"count": 1}}

    engine = load_engine("race")
    monkeypatch.setattr(engine, "requires", (*engine.requires, "rules.tables.moves"))
    verdicts, diagnostics = _checked(tmp_path, ambiguous)
    assert sorted(_codes(diagnostics)) == ["PK510", "PK541"]
    [found] = [d for d in diagnostics if d.code == "PK541"]
    [gap] = [d for d in diagnostics if d.code == "PK510"]
    assert found.message == (
        "engine 'race' will not play a table the played rules leave ambiguous: "
        f"{gap.message} [PK510]"
    )
    assert found.hint == "give the erratum that resolves it the 'plays' that fix the rows"
    assert _line_of(tmp_path, found) == "engine: race"
    assert verdicts["stepping_wins"].status is Status.WAITING


def test_smoke_playouts_run_for_validate_only(tmp_path: Path) -> None:
    def never_ends(data: dict[str, Any]) -> None:
        data["simulation"] = {"max_turns": 4, "smoke": {"playouts": 20, "max_timeouts": 3}}

    _, diagnostics = _checked(tmp_path, never_ends, properties=True)
    assert _codes(diagnostics) == []
    _, diagnostics = _checked(tmp_path / "smoke", never_ends, smoke=True)
    assert "20 of 20 smoke playouts reached max_turns 4" in " ".join(
        d.message for d in diagnostics if d.code == "PK545"
    )
    assert "PK544" in _codes(diagnostics)  # 'finish' ended none of them


def test_validate_json_gives_the_figures_and_no_simulate_skips_them(tmp_path: Path) -> None:
    rule_data = _race(tmp_path).parent
    result = run_cli("--rule-data", rule_data, "validate", "--format", "json")
    assert result.exit_code == 0, result.output
    claims = {item["id"]: item for item in json.loads(result.stdout)["claims"]}
    assert claims["positions_bounded"]["status"] == "held"
    assert claims["positions_bounded"]["playouts"] == 50
    assert 0.92 < claims["positions_bounded"]["low"] < 0.93
    assert "playouts" not in claims["one_roll"]
    result = run_cli("--rule-data", rule_data, "validate", "--format", "json", "--no-simulate")
    claims = {item["id"]: item for item in json.loads(result.stdout)["claims"]}
    assert claims["positions_bounded"]["status"] == "not played"


def test_claims_prints_held_in_n_playouts_with_the_interval(tmp_path: Path) -> None:
    result = run_cli("--rule-data", _race(tmp_path).parent, "claims")
    assert result.exit_code == 0, result.output
    line = next(text for text in result.output.splitlines() if "positions_bounded" in text)
    assert "held in 50 playouts" in line
    assert "true at 100.0% of 50 moments (95% interval 92.9% to 100.0%)" in result.output


def test_a_position_is_patched_into_the_set_up(tmp_path: Path) -> None:
    def positioned(data: dict[str, Any]) -> None:
        data["examples"]["one_roll"]["play"]["position"] = {"positions": [5, 0], "turns": 7}
        data["examples"]["one_roll"]["outcome"]["turns"] = 8
        data["examples"]["one_roll"]["play"]["expect"]["turns"] = "state.turns"

    verdicts, diagnostics = _checked(tmp_path, positioned)
    assert _codes(diagnostics) == [] and verdicts["one_roll"].status is Status.CHECKED

    def unknown_key(data: dict[str, Any]) -> None:
        data["examples"]["one_roll"]["play"]["position"] = {"spaces": [5, 0]}

    _, diagnostics = _checked(tmp_path / "unknown", unknown_key)
    [found] = [d for d in diagnostics if d.code == "PK540"]
    assert "sets 'spaces', which engine 'race' positions do not have" in found.message
    assert found.hint is not None and "positions, player, rolling, turns, winner" in found.hint


def test_a_script_past_the_end_says_the_game_is_over(tmp_path: Path) -> None:
    def too_long(data: dict[str, Any]) -> None:
        data["claims"]["stepping_wins"]["play"]["moves"].append("step")

    _, diagnostics = _checked(tmp_path, too_long)
    [found] = [d for d in diagnostics if d.code == "PK540"]
    assert found.message.endswith("at step 20, which is not legal there; the game is over")


def test_a_narrow_interval_is_printed_with_a_second_decimal() -> None:
    never = Verdict("claim", "c", Status.HELD, "t", 10, 8452, 0.0, (0.0, 0.000454))
    assert never.summary() == "true at 0.00% of 8452 moments (95% interval 0.00% to 0.05%)"
    wide = Verdict("claim", "c", Status.HELD, "t", 198, 198, 0.859, (0.803, 0.9))
    assert wide.summary() == "true at 85.9% of 198 moments (95% interval 80.3% to 90.0%)"
    assert Verdict("claim", "c", Status.CHECKED, "t").summary() == ""
    # the width decides, not where the interval lies; one point wide is wide enough
    nearly = Verdict("claim", "c", Status.HELD, "t", 10, 8452, 0.999, (0.9945, 0.9995))
    assert nearly.summary() == "true at 99.90% of 8452 moments (95% interval 99.45% to 99.95%)"
    one_point = Verdict("claim", "c", Status.HELD, "t", 10, 100, 0.0, (0.0, 0.01))
    assert one_point.summary() == "true at 0.0% of 100 moments (95% interval 0.0% to 1.0%)"


@pytest.mark.parametrize(
    ("written", "wrong"),
    [
        ("          - {shields: {blue: [{die: d10_translucent_blue, points: 1}]}}",
         "          - {shields: [1, 2]}"),
        ("        trash: {d4_solid_yellow: 1}", "        trash: {d4_solid_yellow: [1, 1]}"),
    ],
    ids=["a list for a mapping (seed 5030)", "a list for a count (seed 90276)"],
)  # fmt: skip
def test_a_position_of_the_wrong_shape_is_located_not_an_internal_error(
    tmp_path: Path, written: str, wrong: str
) -> None:
    """A value of the wrong shape in a scripted position, found by the fuzzer, is PK540 at the
    example's position: set up without complaint, the list in place of a count failed later
    inside the engine's invariants."""
    copy = tmp_path / "shields_dice"
    shutil.copytree(RULE_DATA / "shields_dice", copy)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert written in text
    rules.write_text(text.replace(written, wrong), encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "validate", "shields_dice", "--no-simulate")
    assert result.exit_code == 1, result.output
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK540"]
    assert found and "cannot set up this 'position'" in found[0].message
    assert "PK900" not in result.output


@pytest.mark.parametrize(
    ("game", "file", "written", "wrong", "said"),
    [
        ("shields_up", "deck.yaml", "        cards: 2\n", "        cards: [2]\n", "cards is [2]"),
        ("rise", "rules.yaml", "    tower_tiers: 3\n", "    tower_tiers: 0\n", "tower_tiers is 0"),
        (
            "shields_dice",
            "game.yaml",
            "{sides: 4, finish: solid, colour: red}",
            "{sides: 4, finish: solid}",
            "set-up step 'default_attackers' sets up no die of the colour 'red'",
        ),
        (
            "shields_dice",
            "rules.yaml",
            "data: {target: yellow}",
            "data: {target: green}",
            "'green' is not among the attacks table's targets (red, yellow, blue)",
        ),
        (
            "shields_dice",
            "rules.yaml",
            "      uses: [{component: d12_translucent_green, count: 3, per_player: true}]\n",
            "      uses: []\n",
            "set-up step 'health_dice' uses no component",
        ),
    ],
    ids=[
        "a list for a card's count (seed 606564)",
        "a tier count of zero",
        "no red attacking die (seed 803646)",
        "a target no battery has",
        "a set-up step using nothing",
    ],
)
def test_data_the_engine_reads_and_cannot_play_is_pk542_not_an_internal_error(
    tmp_path: Path, game: str, file: str, written: str, wrong: str, said: str
) -> None:
    """An engine's numbers come from the designer's data: a list where a count belongs (the
    fuzzer's yaml family: int(list) inside the Shields Up engine was PK900), a zero it
    divides by, a colour or a die its other data does not have (a StopIteration and an
    IndexError inside the Shields Dice engine) is the engine's located refusal at
    `game.engine`."""
    copy = tmp_path / game
    shutil.copytree(RULE_DATA / game, copy)
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert written in text
    path.write_text(text.replace(written, wrong, 1), encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "validate", game, "--no-simulate")
    assert result.exit_code == 1, result.output
    assert "PK900" not in result.output
    found = [d for d in parse_diagnostics(result.output) if d.code == "PK542"]
    assert found and said in found[0].message, result.output


def _line_of(tmp_path: Path, found: Any) -> str:
    lines = (tmp_path / "rule_data" / "race_game" / "game.yaml").read_text().splitlines()
    return lines[found.span.line - 1].strip()


@pytest.mark.parametrize(
    ("name", "hint"),
    [("rac", "did you mean 'race'?"), ("zzz", None), ("numbers", None)],
    ids=["close to one", "close to none", "a helper the engines share"],
)
def test_an_engine_printkit_lacks_is_said_whole_at_the_binding(
    tmp_path: Path, name: str, hint: str | None
) -> None:
    def unknown(data: dict[str, Any]) -> None:
        data["game"]["engine"] = name

    verdicts, diagnostics = _checked(tmp_path, unknown)
    [found] = [d for d in diagnostics if d.code == "PK500"]
    assert found.message == f"game.engine names engine '{name}', which printkit does not have"
    names = ", ".join(sorted(engine_names())[:3])
    assert found.hint is not None
    assert found.hint == hint if hint else found.hint.startswith(f"expected one of: {names}, ")
    assert "numbers" not in found.hint.split(":")[-1].split(", ")
    assert _line_of(tmp_path, found) == f"engine: {name}"
    assert verdicts["stepping_wins"].status is Status.WAITING


def test_a_value_the_engine_reads_and_the_package_lacks_is_said_whole(tmp_path: Path) -> None:
    def no_start(data: dict[str, Any]) -> None:
        del data["rules"]["values"]["start"]

    _, diagnostics = _checked(tmp_path, no_start)
    [found] = [d for d in diagnostics if d.code == "PK542"]
    assert found.message == (
        "engine 'race' reads rules.values.start, which the package lacks: rules.values has no "
        "entry 'start'"
    )
    assert found.hint == "add the data, or an erratum whose 'plays' gives it"
    assert _line_of(tmp_path, found) == "engine: race"


def test_a_value_the_engine_reads_left_unset_is_said_at_the_value(tmp_path: Path) -> None:
    def unset(data: dict[str, Any]) -> None:
        data["rules"]["values"]["start"] = None

    verdicts, diagnostics = _checked(tmp_path, unset)
    assert _codes(diagnostics) == ["PK541"]
    [found] = [d for d in diagnostics if d.code == "PK541"]
    assert (
        found.message
        == "engine 'race' reads rules.values.start, which the played rules leave unset"
    )
    assert found.hint == "record the reading the engine plays as an erratum with 'plays'"
    assert _line_of(tmp_path, found) == "start: null"
    assert verdicts["stepping_wins"].status is Status.WAITING


def test_phases_and_handlers_that_do_not_match_are_each_said(tmp_path: Path) -> None:
    """A phase the engine has no handler for, at the phase; the engine's own phase the rules
    lack, at the binding; both stop the engine."""

    def renamed(data: dict[str, Any]) -> None:
        phases = data["rules"]["structure"]["phases"]
        phases["mover"] = phases.pop("move")
        for action in data["rules"]["actions"].values():
            action["phase"] = "mover"

    verdicts, diagnostics = _checked(tmp_path, renamed)
    found = [d for d in diagnostics if d.code == "PK542"]
    assert [(d.message, d.hint, _line_of(tmp_path, d)) for d in found] == [
        ("phase 'mover' has no handler in engine 'race'", "did you mean 'move'?", "mover:"),
        (
            "engine 'race' plays phase 'move', which rules.structure.phases does not have",
            "did you mean 'mover'?",
            "engine: race",
        ),
    ]
    assert verdicts["stepping_wins"].status is Status.WAITING


def test_a_split_at_an_event_the_engine_never_names_is_said_at_it(tmp_path: Path) -> None:
    def split(data: dict[str, Any]) -> None:
        data["simulation"] = {"splits": {"early": {"text": "t", "at": "stepped"}}}

    _, diagnostics = _checked(tmp_path, split)
    [found] = [d for d in diagnostics if d.code == "PK500"]
    assert found.message == "split 'early' is at 'stepped', an event engine 'race' never names"
    assert found.hint == "did you mean 'step'?"
    assert _line_of(tmp_path, found) == "at: stepped"


def test_only_what_needs_play_and_has_none_waits_for_it(tmp_path: Path) -> None:
    """A claim checked by an expression and an example computed need no play; a claim and an
    example stating only what play must show are PK548 at their `engine`."""

    def mixed(data: dict[str, Any]) -> None:
        data["claims"]["by_data"] = {"text": "t", "check": "values.goal == 10"}
        data["claims"]["waiting"] = {"text": "t", "engine": "games end"}
        data["examples"]["computed"] = {
            "text": "t",
            "outcome": {"goal": 10},
            "compute": {"goal": "values.goal"},
        }
        data["examples"]["unplayed"] = {"text": "t", "outcome": {"goal": 10}, "engine": "e"}

    verdicts, diagnostics = _checked(tmp_path, mixed)
    found = [d for d in diagnostics if d.code == "PK548"]
    assert [(d.message, _line_of(tmp_path, d)) for d in found] == [
        (
            "claim 'waiting' waits for an engine, but the game has engine 'race'",
            "engine: games end",
        ),
        ("example 'unplayed' waits for an engine, but the game has engine 'race'", "engine: e"),
    ]
    assert found[0].hint == (
        "give it a 'play:': a scripted game (moves, expect) or a property (always, never, "
        "sometimes, usually or rarely)"
    )
    assert verdicts["by_data"].status is Status.CHECKED
    assert verdicts["computed"].status is Status.CHECKED


def test_a_script_that_breaks_an_invariant_leaves_the_smoke_unplayed(tmp_path: Path) -> None:
    """The scripts already found the engine broken on this data: one PK549, the script's."""

    def below_zero(data: dict[str, Any]) -> None:
        data["rules"]["values"]["start"] = -1
        data["simulation"] = {"smoke": {"playouts": 2}}

    _, diagnostics = _checked(tmp_path, below_zero, smoke=True)
    found = [d for d in diagnostics if d.code == "PK549"]
    assert [d.message for d in found] == [
        "claim 'stepping_wins': an invariant broke at step 0 of its scripted game: a position "
        "is below 0"
    ]
    assert not [d for d in diagnostics if d.code in ("PK544", "PK545", "PK546")]


def test_a_played_example_fails_when_its_computation_does(tmp_path: Path) -> None:
    """Compute says 9 where the outcome says 8, and play agrees with the outcome: failing."""

    def computed_wrong(data: dict[str, Any]) -> None:
        data["examples"]["one_roll"]["compute"] = {"space": "values.goal - 1"}

    verdicts, diagnostics = _checked(tmp_path, computed_wrong)
    assert [d.code for d in diagnostics if d.code == "PK532"] == ["PK532"]
    assert verdicts["one_roll"].status is Status.FAILING


def _four_sided(data: dict[str, Any]) -> None:
    """one_roll computed too, as 5 + the die's top: true of the text's d3, not of the d4 an
    erratum plays (PK552)."""
    data["examples"]["one_roll"]["compute"] = {"space": "5 + values.die"}
    erratum = {"id": "d4", "code": "PK530", "subject": "claim 'stepping_wins'"}
    erratum |= {"text_says": "a d3", "resolution": "a d4", "plays": {"rules.values.die": 4}}
    data["errata"] = [erratum]


def test_a_played_example_keeps_the_note_that_an_erratum_s_plays_change_it(
    tmp_path: Path,
) -> None:
    """Its computation's PK552, found before its scripted game is played; that game holds:
    checked, the note still on the verdict, for `printkit claims` to list under it."""
    verdicts, diagnostics = _checked(tmp_path, _four_sided)
    one_roll = verdicts["one_roll"]
    assert one_roll.status is Status.CHECKED
    assert [(d.code, d.message.split(" [")[0]) for d in one_roll.notes] == [
        (
            "PK552",
            "on the rules as played, example 'one_roll' states space = 8 but the rules give 9",
        )
    ]
    assert one_roll.notes[0] in diagnostics.items


def test_an_example_whose_game_runs_out_of_moves_keeps_its_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not played (PK550), its computation's note still says what the erratum changed."""
    monkeypatch.setattr(printkit.check.engine, "MAX_VALIDATE_MOVES", 0)
    verdicts, _ = _checked(tmp_path, _four_sided)
    assert verdicts["one_roll"].status is Status.NOT_PLAYED
    assert [d.code for d in verdicts["one_roll"].notes] == ["PK552"]


def test_an_engine_naming_no_events_says_what_a_split_may_be_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(load_engine("race"), "events", ())

    def split(data: dict[str, Any]) -> None:
        data["simulation"] = {"splits": {"early": {"text": "t", "at": "step"}}}

    _, diagnostics = _checked(tmp_path, split)
    [found] = [d for d in diagnostics if d.code == "PK500"]
    assert found.hint == "name an action, a phase or a row"


def test_an_engine_playing_no_phases_says_so_of_the_rules_phase(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(load_engine("race"), "phases", ())
    _, diagnostics = _checked(tmp_path)
    [found] = [d for d in diagnostics if d.code == "PK542"]
    assert found.message == "phase 'move' has no handler in engine 'race'"
    assert found.hint == "the engine plays other phases"
    assert _line_of(tmp_path, found) == "move:"


def test_rules_without_phases_are_asked_for_the_engine_s(tmp_path: Path) -> None:
    def no_structure(data: dict[str, Any]) -> None:
        del data["rules"]["structure"]
        for action in data["rules"]["actions"].values():
            del action["phase"]

    verdicts, diagnostics = _checked(tmp_path, no_structure)
    [found] = [d for d in diagnostics if d.code == "PK542"]
    assert found.message == (
        "engine 'race' plays phase 'move', which rules.structure.phases does not have"
    )
    assert found.hint == "define the phase in play order"
    assert verdicts["stepping_wins"].status is Status.WAITING


def test_a_table_the_engine_does_not_read_does_not_stop_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine reads `moves`, which is whole; a gap in `other`, which it never reads, is
    the table check's (PK510), not the engine's."""

    def gap(data: dict[str, Any]) -> None:
        whole = [{"roll": n, "result": str(n)} for n in (1, 2, 3)]
        rows = [{"roll": 1, "result": "one"}, {"roll": 3, "result": "three"}]
        data["rules"]["tables"] = {
            "moves": {"kind": "dice", "dice": "d3", "component": "die", "rows": whole},
            "other": {"kind": "dice", "dice": "d3", "component": "die", "rows": rows},
        }
        data["components"] = {"die": {"count": 1}}

    engine = load_engine("race")
    monkeypatch.setattr(engine, "requires", (*engine.requires, "rules.tables.moves"))
    verdicts, diagnostics = _checked(tmp_path, gap)
    assert _codes(diagnostics) == ["PK510"]
    assert verdicts["stepping_wins"].status is Status.CHECKED


def test_an_extra_phase_the_engine_has_no_handler_for_stops_it(tmp_path: Path) -> None:
    """The engine plays every phase the rules have but one: that one alone stops it."""

    def extra(data: dict[str, Any]) -> None:
        data["rules"]["structure"]["phases"]["rest"] = {"title": "Rest", "text": "Wait."}

    verdicts, diagnostics = _checked(tmp_path, extra)
    assert [d.message for d in diagnostics if d.code == "PK542"] == [
        "phase 'rest' has no handler in engine 'race'"
    ]
    assert verdicts["stepping_wins"].status is Status.WAITING


def test_an_engine_may_read_the_tables_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rules.tables` itself names no table to hold to the table checks."""
    engine = load_engine("race")
    monkeypatch.setattr(engine, "requires", (*engine.requires, "rules.tables"))
    verdicts, diagnostics = _checked(tmp_path)
    assert _codes(diagnostics) == []
    assert verdicts["stepping_wins"].status is Status.CHECKED
