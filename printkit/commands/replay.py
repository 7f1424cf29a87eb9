"""`printkit replay FILE.json`: a recorded game played again, invariants on, checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from printkit.cli import EXIT_ERRORS
from printkit.commands.played_game import open_game
from printkit.simulate.protocol import InvariantBroken, state_hash
from printkit.simulate.replay import game_text, replay_states
from printkit.simulate.settings import SettingError, rules_hash, with_settings

NEEDED = ("game", "players", "actions", "final_hash")


def _read(context: click.Context, file: Path) -> dict[str, Any]:
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise click.UsageError(f"{file}: not a game file ({error})", ctx=context) from None
    missing = [key for key in NEEDED if not isinstance(data, dict) or key not in data]
    if missing:
        raise click.UsageError(
            f"{file}: not a game file written by printkit simulate --games (no "
            f"{', '.join(missing)})",
            ctx=context,
        )
    return data


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.pass_context
def replay(context: click.Context, file: Path) -> None:
    """Replay a game file with invariants on, print it and check its final state."""
    data = _read(context, file)
    loaded, engine = open_game(context, str(data["game"]))
    try:
        rules = with_settings(loaded, dict(data.get("settings") or {}))
    except SettingError as error:
        raise click.UsageError(f"{file}: {error}", ctx=context) from None
    if data.get("rules_hash") not in (None, rules_hash(rules)):
        click.echo(f"{file}: the played rules changed since this game was recorded", err=True)
    if data.get("engine_version") not in (None, engine.version):
        click.echo(f"{file}: recorded with engine version {data['engine_version']}, "
                   f"replayed with {engine.version}", err=True)  # fmt: skip
    try:
        states = replay_states(engine, rules, int(data["players"]), data.get("variant"),
                               [str(a) for a in data["actions"]], check=True)  # fmt: skip
    except (ValueError, InvariantBroken) as error:
        click.echo(f"{file}: the game does not replay: {error}", err=True)
        context.exit(EXIT_ERRORS)
    header = f"{data['game']}: {len(data['actions'])} steps from {file}"
    click.echo(game_text(states, header), nl=False)
    final = state_hash(states[-1][0])
    if final != data["final_hash"]:
        click.echo(f"{file}: the final position differs from the recorded one "
                   f"({final}, recorded {data['final_hash']})", err=True)  # fmt: skip
        context.exit(EXIT_ERRORS)
    click.echo(f"final position {final}: as recorded")
