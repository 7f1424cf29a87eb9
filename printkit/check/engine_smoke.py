"""The smoke playouts of `printkit validate`: seeded games with invariants on.

They find what no single script shows: an invariant that breaks (PK549, with a replay file),
games that do not end (PK545), end conditions that never happen (PK544) and actions, table
rows and abilities that neither they nor a scripted game used (PK546). `simulation.smoke`
says how many, with which seed and agents (100 random playouts, seed 0, by default).
"""

from __future__ import annotations

from printkit.check.engine_replays import write_replay
from printkit.check.engine_setup import BoundEngine
from printkit.diagnostics import (
    END_NEVER_HAPPENS,
    INVARIANT_BROKEN,
    PLAY_CUT_SHORT,
    RULE_NEVER_USED,
    TOO_MANY_TIMEOUTS,
    Diagnostics,
    some_of,
)
from printkit.load.yaml_spans import PathKey
from printkit.model.limits import MAX_VALIDATE_MOVES
from printkit.model.simulation import Simulation
from printkit.simulate.budget import OutOfMoves
from printkit.simulate.playout import PlayoutResult, Seeds, play_one


def check_smoke(bound: BoundEngine, diagnostics: Diagnostics) -> None:
    """Play the smoke playouts and report what they found."""
    package = bound.loaded.package
    simulation = package.simulation or Simulation()
    smoke = simulation.smoke
    if smoke.playouts == 0:
        return
    players = bound.default_players()
    agents = bound.agents(smoke.agents, players, _at(bound, "smoke", "agents"), diagnostics)
    if agents is None or bound.new_game(players, None, ("game", "engine"), diagnostics) is None:
        return
    results: list[PlayoutResult] = []
    try:
        for index in range(smoke.playouts):
            seeds = Seeds(bound.loaded.id, smoke.seed, index)
            result = play_one(
                bound.engine, package, players, None, agents, seeds, simulation.max_turns, True
            )
            if result.error is not None:
                replay = write_replay(
                    bound, players, None, smoke.agents, seeds, result, "invariant"
                )
                _broken(bound, seeds, result, replay, diagnostics)
                return  # the other games played on a broken engine would only mislead
            results.append(result)
    except OutOfMoves:
        stopped = f"the smoke playouts stopped after {len(results)} of {smoke.playouts} playouts"
        cut_short(bound, stopped, _at(bound, "smoke"), diagnostics)
        _timeouts(bound, simulation, results, diagnostics)
        return  # rules the games played so far did not use may be used by the others
    _timeouts(bound, simulation, results, diagnostics)
    _unused(bound, results, diagnostics)


def cut_short(bound: BoundEngine, stopped: str, at: PathKey, diagnostics: Diagnostics) -> None:
    """PK550: play (`stopped` says which, and where) stopped at the moves a game's play may
    apply."""
    diagnostics.add(
        PLAY_CUT_SHORT,
        f"{stopped}: the game's play reached its bound of {MAX_VALIDATE_MOVES:,} moves, "
        "searches included",
        bound.loaded.spans.value(at),
        hint="ask for fewer playouts, fewer search iterations (mcts:N) or a lower max_turns; "
        "`printkit simulate` has no such bound",
    )


def _at(bound: BoundEngine, *path: str) -> PathKey:
    """Where a smoke finding points: the simulation setting if the package has it, else the
    engine binding."""
    key: PathKey = ("simulation", *path)
    return key if key in bound.loaded.spans.values else ("game", "engine")


def _broken(
    bound: BoundEngine,
    seeds: Seeds,
    result: PlayoutResult,
    replay: str,
    diagnostics: Diagnostics,
) -> None:
    diagnostics.add(
        INVARIANT_BROKEN,
        f"engine '{bound.name}': an invariant broke: {result.error} (seed {seeds.seed}, "
        f"playout {seeds.index}, step {result.steps}; {replay})",
        bound.loaded.spans.value(("game", "engine")),
        hint="an engine fault, or data the engine cannot play: replay the game to see the step",
    )


def _timeouts(
    bound: BoundEngine,
    simulation: Simulation,
    results: list[PlayoutResult],
    diagnostics: Diagnostics,
) -> None:
    timed_out = [result for result in results if result.timed_out]
    if len(timed_out) <= simulation.smoke.max_timeouts:
        return
    diagnostics.add(
        TOO_MANY_TIMEOUTS,
        f"{len(timed_out)} of {len(results)} smoke playouts reached max_turns "
        f"{simulation.max_turns} (first: seed {simulation.smoke.seed}, playout "
        f"{timed_out[0].index}); {simulation.smoke.max_timeouts} allowed",
        bound.loaded.spans.value(_at(bound, "max_turns")),
        hint="a game the rules let go on forever, or a cap too low: raise simulation.max_turns "
        "or simulation.smoke.max_timeouts if the games are only long",
    )


def _unused(bound: BoundEngine, results: list[PlayoutResult], diagnostics: Diagnostics) -> None:
    """PK544 for end conditions that ended no game, PK546 for rules no step applied."""
    rules = bound.loaded.package.rules
    if rules is None:
        return
    spans, count = bound.loaded.spans, len(results)
    ended = {result.end for result in results}
    # a rule a scripted game plays is played by the engine, however rare it is in the smoke
    used = {event for result in results for step in result.events for event in step}
    used |= bound.scripted
    for end_id, end in rules.end_conditions.items():
        if end.variant is None and end_id not in ended:
            diagnostics.add(
                END_NEVER_HAPPENS,
                f"end condition '{end_id}' never happened in {count} smoke playouts",
                spans.key(("rules", "end_conditions", end_id)),
                hint="it may be unreachable, or rare: more playouts or other agents tell which",
            )
    for group, kind, entries in (
        ("actions", "action", rules.actions),
        ("abilities", "ability", rules.abilities),
    ):
        for rule_id in entries:
            if rule_id not in used:
                diagnostics.add(
                    RULE_NEVER_USED,
                    f"{kind} '{rule_id}' was never used in {count} smoke playouts nor in a "
                    "scripted game",
                    spans.key(("rules", group, rule_id)),
                    hint="it may be unreachable, or the engine may not play it",
                )
    for table_id, table in rules.tables.items():
        unused = [row.id for row in table.rows if row.id is not None and row.id not in used]
        if unused:
            diagnostics.add(
                RULE_NEVER_USED,
                f"table '{table_id}' rows never used in {count} smoke playouts nor in a "
                "scripted game: "
                f"{some_of(unused, 6)}",
                spans.key(("rules", "tables", table_id)),
                hint="they may be unreachable, or the engine may not name the rows it reads",
            )
