"""Replay files: a playout as JSON, enough to play it again move for move.

A counterexample of a property or a broken invariant is written as one (the diagnostic names
the file), so that the failing game can be replayed and read, not only counted. The actions are
the notations the engine parses, chance outcomes included, so the file needs no RNG.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.output import write_atomic
from printkit.simulate.playout import PlayoutResult, Seeds

REPLAY_FORMAT = 1  # changes when the file's keys change


@dataclass(frozen=True)
class Setting:
    """What a playout was played with, besides its actions."""

    engine: str
    version: str
    players: int
    variant: str | None
    agents: list[str]


def replay_record(setting: Setting, seeds: Seeds, result: PlayoutResult) -> dict[str, Any]:
    """The replay file's content for one playout."""
    return {
        "format": REPLAY_FORMAT,
        "game": seeds.game,
        "engine": setting.engine,
        "engine_version": setting.version,
        "players": setting.players,
        "variant": setting.variant,
        "agents": setting.agents,
        "seed": seeds.seed,
        "playout": seeds.index,
        "actions": result.actions,
        "error": result.error,
    }


def replay_folder() -> Path:
    """Where the validator writes replays: the system's temporary folder (validate writes
    nothing into the project)."""
    return Path(tempfile.gettempdir()) / "printkit-replays"


def write_replay(record: dict[str, Any], why: str) -> Path | None:
    """Write `record` as <game>-<why>-seed<S>-playout<i>.json in the replay folder; None when
    it cannot be written (the diagnostic then says so instead of naming a file)."""
    name = f"{record['game']}-{why}-seed{record['seed']}-playout{record['playout']}.json"
    path = replay_folder() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(record, indent=1) + "\n").encode())
    except OSError:
        return None
    return path
