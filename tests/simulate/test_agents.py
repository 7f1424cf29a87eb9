"""The agents on the hidden race: the search beats chance, no agent peeks, names are checked."""

from __future__ import annotations

import random

import pytest

from printkit.simulate.agents import UnknownAgent, make_agent
from printkit.simulate.figures import agent_scores
from printkit.simulate.human import HumanAgent
from printkit.simulate.protocol import CHANCE, draw, seeded
from printkit.simulate.runner import run
from simulate.hidden_race import ENGINE, batch, played


@pytest.mark.parametrize("agent", ["mcts:32", "ismcts:32", "greedy", "priority:cards_first"])
def test_an_agent_that_counts_beats_random(agent: str):
    """In every seat order on the same seeds, its score interval lies above one half."""
    arms = batch((agent, "random"), seeds=60, orders=2)
    records = run(arms)
    assert all(r.error is None for r in records)
    score = agent_scores(arms, [r for r in records if r.finished])[0]
    assert score["agent"] == agent
    assert score["low"] > 0.5, score


def _decision_point(seed: int):
    """A position where seat 0 chooses, after a seeded deal and a few moves."""
    state = ENGINE.new_game(played().package, 2, None)
    rng = seeded("position", seed)
    while state.current_player() != 0 or len(state.legal_actions()) < 3:
        if state.current_player() == CHANCE:
            state.apply(draw(rng, state.chance_outcomes()))
        else:
            state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("agent", ["greedy", "mcts:24", "ismcts:24"])
def test_no_agent_peeks_at_the_hidden_hand(agent: str):
    """Swapping the opponent's hidden cards for unseen ones never changes a choice."""
    rules = played().package
    for seed in range(4):
        state = _decision_point(seed)
        other = state.clone()
        unseen = [v for v, n in other.deck.items() for _ in range(n)]
        swapped = [v for v in unseen if v not in other.hands[1]]
        if not swapped:
            continue
        for slot in range(len(other.hands[1])):
            other.deck[swapped[0]] -= 1
            other.deck[other.hands[1][slot]] += 1
            other.hands[1][slot] = swapped[0]
        assert other.observation(0) == state.observation(0)
        first = make_agent(agent, ENGINE, rules).choose(state, random.Random(seed))
        second = make_agent(agent, ENGINE, rules).choose(other, random.Random(seed))
        assert first == second


def test_priority_agent_plays_its_first_preference():
    rules = played().package
    state = _decision_point(1)
    state.hands[0] = [3, 4]
    agent = make_agent("priority:cards_first", ENGINE, rules)
    assert agent.choose(state, random.Random(0)) == "play 4"


@pytest.mark.parametrize(
    ("name", "says"),
    [("mcst:4", "no agent 'mcst:4'"), ("priority:card_first", "did you mean 'cards_first'"),
     ("mcts:0", "no agent 'mcts:0'")],
)  # fmt: skip
def test_unknown_agents_are_named(name: str, says: str):
    with pytest.raises(UnknownAgent, match=says):
        make_agent(name, ENGINE, played().package)


def test_a_person_at_the_terminal_plays_only_where_the_command_is_interactive():
    """Unattended playouts (validate's, claims', simulate's) with a human seat waited for a
    move typed at the terminal; only `printkit play` asks for one."""
    with pytest.raises(UnknownAgent, match="agent 'human' plays only in 'printkit play'"):
        make_agent("human", ENGINE, played().package)
    assert isinstance(make_agent("human", ENGINE, played().package, interactive=True), HumanAgent)
