"""Replay files of what the validator's playouts found: a property's counterexample, a broken
invariant. Written as `printkit simulate --games` writes games (printkit/simulate/replay.py),
so `printkit replay FILE` plays them again with invariants on."""

from __future__ import annotations

import json
from pathlib import Path

from printkit.check.engine_setup import BoundEngine
from printkit.crash import reports_folder
from printkit.output import write_atomic
from printkit.simulate.playout import PlayoutResult, Seeds


def replay_folder() -> Path:
    """Where the validator writes replays: the user's own cache folder, beside the reports of
    internal errors, since `validate` writes nothing into the project. (A folder of fixed name
    in the temporary folder every user shares could be made first, or made a link, by another
    user, to take the files.)"""
    return reports_folder() / "replays"


def write_replay(
    bound: BoundEngine,
    players: int,
    variant: str | None,
    agents: list[str],
    seeds: Seeds,
    result: PlayoutResult,
    why: str,
) -> str:
    """Write the playout's game file; "replay in PATH", or why none was written."""
    # The runner's modules are imported only when a playout found something.
    from printkit.simulate.replay import game_file
    from printkit.simulate.runner import Batch
    from printkit.simulate.settings import rules_hash

    rules = bound.loaded.package
    by_seat = tuple(agents[seat % len(agents)] for seat in range(players))
    batch = Batch(seeds.game, bound.name, rules, players, variant, by_seat, seeds.seed, 1)
    data = game_file(batch, bound.engine, seeds.index, result, {}, rules_hash(rules))
    path = replay_folder() / f"{seeds.game}-{why}-seed{seeds.seed}-playout{seeds.index}.json"
    try:
        for folder in (path.parent.parent, path.parent):  # the cache folder first: both private
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(data, indent=1) + "\n").encode())
    except OSError as error:
        return f"no replay written: {error.strerror or error}"
    return f"replay in {path}"
