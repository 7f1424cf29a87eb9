"""`play:` on claims and examples, and `simulation:` (printkit/model/play.py, simulation.py)."""

from __future__ import annotations

from typing import Any

import pydantic
import pytest

from printkit.model.package import Package
from printkit.model.play import Property, Scenario
from printkit.model.rules import Claim, Example

GAME = {"title": "Play", "players": "2"}


def test_the_keys_tell_a_scenario_from_a_property() -> None:
    scripted = Claim(text="t", engine="e", play={"moves": ["step"], "expect": {"x": "true"}})
    played = Claim(text="t", engine="e", play={"at": "end", "never": "false", "playouts": 9})
    assert isinstance(scripted.play, Scenario) and scripted.play.moves == ["step"]
    assert isinstance(played.play, Property) and played.play.quantifier == "never"
    assert played.play.expression == "false" and played.play.agents == ["random"]


@pytest.mark.parametrize(
    ("play", "says"),
    [
        ({"at": "end", "always": "a", "never": "b"}, "exactly one of always"),
        ({"at": "end", "usually": "a"}, "'threshold' goes with"),
        ({"at": "end", "always": "a", "threshold": 0.5}, "'threshold' goes with"),
        ({"always": "a"}, "exactly one of 'after'"),
        ({"at": "end", "after": ["x"], "always": "a"}, "exactly one of 'after'"),
        ({"at": "end", "always": "a", "playouts": 10_001}, "less than or equal"),
        ({"at": "end", "always": "a", "agents": ["clever"]}, "'clever' is no agent printkit"),
        ({"at": "end", "always": "a", "agents": ["human"]}, "played unattended"),
        ({"moves": ["x"], "players": 0}, "greater than or equal"),
        ({"expect": {"x": "1"}}, "Field required"),
    ],
)
def test_a_play_out_of_shape_or_bounds_is_refused(play: dict[str, Any], says: str) -> None:
    with pytest.raises(pydantic.ValidationError, match=says):
        Claim(text="t", engine="e", play=play)


def test_an_example_may_compute_some_keys_and_play_others_but_only_a_script() -> None:
    both = Example(
        text="t", outcome={"a": 1, "b": 2}, compute={"a": "1"}, play={"moves": [], "expect": {}}
    )
    assert both.play is not None
    with pytest.raises(pydantic.ValidationError, match="an example's 'play' is a scripted game"):
        Example(text="t", outcome={"a": 1}, play={"at": "end", "always": "true"})
    with pytest.raises(pydantic.ValidationError, match="or 'engine' alone"):
        Example(text="t", outcome={"a": 1}, engine="e", compute={"a": "1"})


def test_engine_without_play_still_waits_and_check_with_play_is_refused() -> None:
    assert Claim(text="t", engine="e").play is None
    with pytest.raises(pydantic.ValidationError, match="exactly one of 'check'"):
        Claim(text="t", check="true", play={"moves": []})


def test_simulation_defaults_are_the_validators_smoke_playouts() -> None:
    package = Package.model_validate({"game": GAME, "simulation": {}})
    assert package.simulation is not None
    smoke = package.simulation.smoke
    assert (smoke.playouts, smoke.seed, smoke.agents, smoke.max_timeouts) == (100, 0, ["random"], 0)
    assert package.simulation.max_turns == 200


def test_simulation_names_agents_questions_and_sweeps() -> None:
    simulation = {
        "agents": {"black_first": {"prefer": [{"move": "take d*_black *"}, {"action": "attack"}]}},
        "questions": {"newer": {"text": "Is it worth 2?", "never": [{"action": "buy_newest"}]}},
        "sweeps": {"health": {"path": "rules.values.health", "values": [10, 12, 14]}},
    }
    package = Package.model_validate({"game": GAME, "simulation": simulation})
    assert package.simulation is not None
    assert package.simulation.agents["black_first"].prefer[1].action == "attack"
    assert package.simulation.questions["newer"].never[0].action == "buy_newest"
    assert package.simulation.sweeps["health"].values == [10, 12, 14]
    for wrong, says in [
        ({"agents": {"a": {"prefer": [{"move": "x", "action": "y"}]}}}, "exactly one of 'action'"),
        ({"questions": {"q": {"text": "t"}}}, "exactly one of 'always' or 'never'"),
        ({"sweeps": {"s": {"path": "rules..x", "values": [1]}}}, "should match pattern"),
        ({"max_turns": 0}, "greater than or equal"),
    ]:
        with pytest.raises(pydantic.ValidationError, match=says):
            Package.model_validate({"game": GAME, "simulation": wrong})
