"""Benchmark: random-play steps per second of the Shields: The Dice Game engine, in one process.

Why this exists: issue 19 sets a floor of 20,000 random-play steps a second with one worker for
the dice game (a plain-Python playout ran at about 250,000; the protocol may cost up to 10×),
and invariants on at most 3× the time of invariants off. `benchmarks/simulate.py` times whole
`printkit simulate` processes; this times the engine alone, so a slow engine is told apart from
a slow runner.

What it does: loads the played rules of rule_data/shields_dice once, then plays seeded random
games for `--seconds` seconds each way: the bare protocol loop (legal moves, chance, apply),
the runner's `play_one` (which also writes each move's notation and events), and `play_one`
with the invariants checked after every step. It prints steps and games per second of each,
and the invariants' cost as a ratio.

Run: `python benchmarks/shields_dice_engine.py` (`--seconds 2` for a quick look; `--variant
match` or `resurrection` for a variant; `--game shields_up` for another game's engine, the one
its `game.engine` names).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.load.played import play_errata
from printkit.simulate.binding import load_engine
from printkit.simulate.playout import Seeds, play_one
from printkit.simulate.protocol import CHANCE, TERMINAL, Engine, RandomAgent, draw, pick, seeded

RULE_DATA = Path(__file__).resolve().parent.parent / "rule_data"
PLAYERS = 2
MAX_TURNS = 1000


def bare(engine: Engine, rules, variant: str | None, seconds: float) -> tuple[int, int, float]:
    """(steps, games, seconds) of the protocol loop alone."""
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = engine.new_game(rules, PLAYERS, variant)
        rng = seeded("bench", games)
        while state.current_player() != TERMINAL and state.turn() < MAX_TURNS:
            if state.current_player() == CHANCE:
                state.apply(draw(rng, state.chance_outcomes()))
            else:
                state.apply(pick(rng, state.legal_actions()))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def runner(
    engine: Engine, rules, variant: str | None, seconds: float, check: bool
) -> tuple[int, int, float]:
    """(steps, games, seconds) through the runner's play_one."""
    agents = [RandomAgent() for _ in range(PLAYERS)]
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seeds = Seeds("bench", 0, games)
        result = play_one(
            engine, rules, PLAYERS, variant, agents, seeds, MAX_TURNS, check_invariants=check
        )
        steps += result.steps
        games += 1
    return steps, games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--game", default="shields_dice")
    args = parser.parse_args()
    diagnostics = Diagnostics()
    loaded = load_package(args.game, RULE_DATA / args.game, diagnostics)
    rules = play_errata(loaded, diagnostics).package
    engine = load_engine(rules.game.engine)
    rates = {}
    for name, run in (
        ("protocol loop", lambda: bare(engine, rules, args.variant, args.seconds)),
        ("play_one", lambda: runner(engine, rules, args.variant, args.seconds, check=False)),
        (
            "play_one, invariants on",
            lambda: runner(engine, rules, args.variant, args.seconds, check=True),
        ),
    ):
        steps, games, spent = run()
        rates[name] = steps / spent
        print(f"{name:>24}: {steps / spent:9,.0f} steps/s  {games / spent:7,.0f} games/s")
    ratio = rates["play_one"] / rates["play_one, invariants on"]
    print(f"{'invariants on / off':>24}: {ratio:.2f}× the time")


if __name__ == "__main__":
    main()
