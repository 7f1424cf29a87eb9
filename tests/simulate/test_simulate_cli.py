"""`printkit simulate`, `replay` and `play` as a user meets them: the report's files, sample
games that replay, found examples that play, and usage errors that say what would do."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
import yaml
from click.testing import CliRunner
from support import BROKEN, GOOD, run_cli

from printkit.cli import main
from printkit.simulate.protocol import CHANCE
from simulate.hidden_race import ENGINE, ENGINES, GAME, played


def _cli(*arguments: str | Path):
    return run_cli("--rule-data", ENGINES, *arguments)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("simulate")
    result = _cli("simulate", GAME, "-n", "40", "--agents", "greedy,random", "--games", "3",
                  "--sweep", "rules.values.goal=10,14", "--ladder", "random,greedy",
                  "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "steps/s with 1 worker(s)" in result.output  # timings on standard output only
    assert "playing" not in result.output  # no progress bar off a terminal
    return out / GAME


def test_balance_json_holds_counts_intervals_and_provenance(report: Path):
    data = json.loads((report / "balance.json").read_text())
    assert data["engine"] == {"name": "hidden_race", "version": ENGINE.version}
    assert len(data["rules_hash"]) == 24 and data["seed"] == 0 and data["n"] == 40
    batch = data["batch"]
    assert batch["agents"] == ["greedy", "random"]
    finished = batch["completion"]["finished"]
    assert finished["n"] == 40 and finished["low"] <= finished["estimate"] <= finished["high"]
    assert sum(s["count"] for s in batch["seats"]) == finished["count"]
    assert [e["end"] for e in batch["ends"]] == ["goal", "timeout"]
    use = {u["event"]: u for u in batch["rule_use"]}
    assert use["shortcut"]["count"] == 0  # named by the engine, never reached: still listed
    assert use["roll"]["count"] > 0
    assert data["sweeps"]["command_line"]["path"] == "rules.values.goal"
    assert [p["value"] for p in data["sweeps"]["command_line"]["points"]] == [10, 14]
    (rung,) = data["ladder"]
    assert (rung["stronger"], rung["weaker"], rung["playouts"]) == ("greedy", "random", 80)
    assert rung["low"] > 0.5  # greedy counts, random does not
    question = data["questions"]["rolling"]["options"]
    assert [o["comparisons"] for o in question] == [2, 2]


def test_balance_pdf_titles_every_chart_with_agents_and_n(report: Path):
    text = "".join(page.extract_text() for page in pypdf.PdfReader(report / "balance.pdf").pages)
    assert text.count("greedy vs random, 2 players, n = 40") >= 5
    for heading in ("Completion", "Seat advantage", "How games end", "Game length",
                    "Precision", "Rule use", "Sweep command_line", "Question rolling",
                    "Skill ladder"):  # fmt: skip
        assert heading in text
    words = " ".join(text.split())  # a long title wraps
    assert "Change of greedy's score, in points, against greedy (2 players, n = 80" in words


def test_the_win_rate_when_a_move_was_taken_is_printed_apart_under_its_label(report: Path):
    question = json.loads((report / "balance.json").read_text())["questions"]["rolling"]
    assert all("taken" not in option for option in question["options"])  # not an effect
    seen = question["observational"]
    assert [s["option"] for s in seen] == ["roll", "action bounce"]
    baseline = question["options"][0]["baseline"]  # the games the observation is made in
    for split in seen:
        taken, other = split["taken"], split["not_taken"]
        assert taken["n"] + other["n"] == baseline["n"]
        assert taken["count"] + other["count"] == baseline["count"]
    assert seen[0]["taken"]["n"] > 0  # greedy rolls in some games
    text = "".join(page.extract_text() for page in pypdf.PdfReader(report / "balance.pdf").pages)
    label = text.index("Observational, not an effect: win rate when X was taken")
    assert text.index("change") < label < text.index("roll: win rate when taken")


def test_a_length_split_cuts_the_finished_games_at_the_event(report: Path):
    data = json.loads((report / "balance.json").read_text())
    split = data["splits"]["first_bounce"]
    assert (split["at"], split["agents"], split["playouts"]) == ("bounce", ["random"], 40)
    reached = split["reached"]
    assert 0 < reached["count"] < reached["n"] <= 40  # some races end without a bounce
    before, after = split["before"], split["after"]
    assert before["n"] == after["n"] == reached["count"]
    assert before["min"] >= 0 and after["min"] >= 1  # the turn it happened in counts after
    for part in (before, after):
        mean = part["mean"]
        assert mean["estimate"] == round(part["total"] / part["n"], 6)
        assert mean["low"] < mean["estimate"] < mean["high"]
    text = "".join(page.extract_text() for page in pypdf.PdfReader(report / "balance.pdf").pages)
    words = " ".join(text.split())
    assert "Length split first_bounce: The race before and after the first bounce" in words
    assert f"Turns before bounce (random, n = 40, {before['n']} games)" in words


def test_a_split_at_an_event_the_engine_never_names_is_a_usage_error(tmp_path: Path):
    result = run_cli("--rule-data", BROKEN, "simulate", "engine_split_unknown_event",
                     "--out", tmp_path)  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "split 'first_roll' is at 'rolls', which the race engine never names" in result.output
    assert "did you mean 'roll'" in result.output


def test_sample_games_replay_and_are_checked(report: Path):
    games = sorted((report / "games").glob("*.json"))
    assert len(games) == 3
    for game in games:
        result = _cli("replay", game)
        assert result.exit_code == 0, result.output
        assert "as recorded" in result.output
        assert (game.with_suffix(".txt")).read_text().splitlines()[1].startswith("   1. ")


def test_replay_refuses_a_game_that_does_not_end_as_recorded(report: Path, tmp_path: Path):
    data = json.loads(next((report / "games").glob("*.json")).read_text())
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps({**data, "final_hash": "0" * 32}))
    result = _cli("replay", changed)
    assert result.exit_code == 1 and "differs from the recorded one" in result.output
    changed.write_text(json.dumps({**data, "actions": ["fly away"]}))
    result = _cli("replay", changed)
    assert result.exit_code == 1 and "step 1, 'fly away'" in result.output
    changed.write_text("{not json")
    result = _cli("replay", changed)
    assert result.exit_code == 2 and "not a game file" in result.output


def test_find_prints_an_example_that_plays_to_its_outcome():
    result = _cli("simulate", GAME, "--find", "bounce")
    assert result.exit_code == 0, result.output
    assert "<- bounce" in result.output
    entry = yaml.safe_load(result.output[result.output.index("# printkit simulate") :])
    (example,) = entry["examples"].values()
    play = example["play"]
    rules = played().package
    start = ENGINE.new_game(rules, play["players"], None).to_json()
    state = ENGINE.from_json(rules, {**start, **play["position"]})
    for move in play["moves"]:
        before = state.clone()
        state.apply(state.parse(move))
        if before.current_player() != CHANCE and move == play["moves"][-1]:
            assert "bounce" in state.events
    final = state.to_json()
    for key, reading in play["expect"].items():
        assert reading == f"state.{key}"
        assert final[key] == example["outcome"][key]


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["--agents", "mcst:4"], "no agent 'mcst:4'"),
        # a person at the terminal plays one game (`play`), not a batch of playouts
        (["--agents", "random,human"], "agent 'human' plays only in 'printkit play'"),
        (["--agents", "priority:card_first"], "did you mean 'cards_first'"),
        (["--agents", "random,random,random"], "3 agents for 2 players"),
        (["--players", "5"], "plays 2, 3 players, not 5"),
        (["--variant", "solo"], "no variant 'solo'"),
        (["--set", "rules.values.gaol=3"], "does not read 'rules.values.gaol'"),
        (["--set", "rules.values.goal=fast"], "the rules have a number there (12)"),
        (["--set", "rules.values.goal"], "write PATH=VALUE"),
        (["--sweep", "rules.values.goal=10,x"], "the rules have a number there"),
        # read as a package's YAML reads it: '010' is text, not octal 8
        (["--sweep", "rules.values.goal=10,010"], "the rules have a number there"),
        # anything but a plain value, and a number no engine plays
        (["--set", "rules.values.goal=*alias"], "give numbers, text, true or false"),
        (["--set", "rules.values.goal=!!python/name:os.system"], "give numbers, text, true"),
        (["--set", "rules.values.goal=" + "9" * 5000], "give numbers, text, true or false"),
        (["--find", "bonce"], "did you mean 'bounce'"),
        (["--ladder", "random,grey"], "--ladder grey: printkit has no agent 'grey'"),
        (["--ladder", "greedy"], "give two agents or more"),
    ],
)
def test_bad_input_is_a_usage_error(arguments: list[str], says: str, tmp_path: Path):
    result = _cli("simulate", GAME, "--out", tmp_path, *arguments)
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / GAME).exists()


def test_a_game_without_an_engine_cannot_be_simulated(tmp_path: Path):
    result = run_cli("--rule-data", GOOD, "simulate", "minimal_deck", "--out", tmp_path)
    assert result.exit_code == 2
    assert "no engine to play it" in result.output
    assert "each play one of the games printkit ships" in result.output


def test_a_module_of_printkit_games_that_is_no_engine_cannot_be_simulated(tmp_path: Path):
    """`numbers` is a helper the engines share: naming it was an internal error (PK900)."""
    result = run_cli("--rule-data", BROKEN, "simulate", "engine_names_a_helper", "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "game.engine 'numbers' is not an engine of printkit" in result.output
    assert "shields_up" in result.output


def test_play_against_an_agent_reads_numbers():
    moves = "x\n9\n" + "1\n" * 60
    arguments = ["--rule-data", str(ENGINES), "play", GAME, "--agents", "human,greedy"]
    result = CliRunner().invoke(main, arguments, input=moves)
    assert result.exit_code == 0, result.output
    assert "Seat 1 to move:" in result.output and "give a number from 1 to" in result.output
    assert "game over after" in result.output


def test_a_setting_the_engine_cannot_play_is_a_usage_error_before_any_playout(
    tmp_path: Path,
) -> None:
    """What validate reports as PK542 (a number past the engines' bound, a fraction where a
    count belongs) was an internal error in simulate."""
    for value, said in (("5000", "is 5000, more than the 1,000"), ("12.5", "is 12.5, not a whole")):
        result = run_cli(
            "simulate", "shields_dice", "-n", "1", "--batch-only", "--out", tmp_path,
            "--set", f"rules.values.health={value}",
        )  # fmt: skip
        assert result.exit_code == 2, result.output
        assert "the shields_dice engine cannot play these rules" in result.output
        assert said in result.output and "PK900" not in result.output
    assert not (tmp_path / "shields_dice").exists()


HOSTILE = 'Dice <Deluxe> & <img src="/etc/hostname" width="40" height="40"/> <b>bold'


def _images(pdf: bytes | Path) -> int:
    """The image XObjects of every page: what an <img> in paragraph markup would embed."""
    reader = pypdf.PdfReader(pdf)
    return sum(len(page.images) for page in reader.pages)


def test_the_balance_report_prints_the_games_words_as_text_never_as_markup(report: Path):
    """A title, a question, an option, a split and a sweep come from the package (or the
    command line): reportlab's paragraph markup in them (an <img> reads a file of the machine,
    an unclosed tag stops the report) prints as the characters it is."""
    import io

    from printkit.simulate.report import render_report

    data = json.loads((report / "balance.json").read_text())
    data["title"] = HOSTILE
    data["questions"]["rolling"]["text"] = HOSTILE
    data["questions"]["rolling"]["observational"][0]["option"] = HOSTILE
    data["splits"]["first_bounce"]["text"] = HOSTILE
    data["sweeps"]["command_line"]["path"] = HOSTILE
    pdf = render_report(data)
    assert _images(io.BytesIO(pdf)) == 0
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert " ".join(text.split()).count(" ".join(HOSTILE.split())) >= 5
