"""`printkit play GAME --agents human,mcts:200`: one game at the table's pace."""

from __future__ import annotations

import click

from printkit.commands.completion import complete_games
from printkit.simulate.protocol import State


@click.command()
@click.argument("game", shell_complete=complete_games)
@click.option(
    "--agents",
    default="human,random",
    show_default=True,
    help="One agent per seat (human reads your moves from the terminal).",
)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True)
@click.option("--players", type=click.IntRange(1, 16), default=None)
@click.option("--variant", default=None)
@click.pass_context
def play(context: click.Context, game: str, agents: str, seed: int, players: int | None,
         variant: str | None) -> None:  # fmt: skip
    """Play one game against printkit's agents, each move described as it is made."""
    from printkit.commands.played_game import check_table, open_game
    from printkit.simulate.agents import seat_agents
    from printkit.simulate.playout import Seeds, play_one

    loaded, engine = open_game(context, game)
    names, seats = check_table(context, loaded, engine, agents, players, variant, interactive=True)
    rules = loaded.package
    table = seat_agents(list(names), seats, engine, rules, interactive=True)
    before: list[State] = [engine.new_game(rules, seats, variant)]
    number = 0

    def show(state: State, _actor: int, notation: str, _events: list[str]) -> bool:
        nonlocal number
        number += 1
        click.echo(f"{number:>4}. {before[0].describe(before[0].parse(notation))}")
        before[0] = state.clone()
        return True

    max_turns = rules.simulation.max_turns if rules.simulation else 200
    result = play_one(engine, rules, seats, variant, table, Seeds(game, seed, 0), max_turns,
                      check_invariants=True, watch=show)  # fmt: skip
    if result.error:
        click.echo(f"an invariant broke: {result.error}", err=True)
        context.exit(1)
    if result.timed_out:
        click.echo(f"no winner after {result.turns} turns (max_turns)")
        return
    scores = ", ".join(f"seat {s + 1} ({names[s % len(names)]}): {r:g}"
                       for s, r in enumerate(result.returns))  # fmt: skip
    click.echo(f"game over after {result.turns} turns, ended by {result.end}: {scores}")
