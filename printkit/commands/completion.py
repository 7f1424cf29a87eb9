"""Shell completion (click's own: `_PRINTKIT_COMPLETE=bash_source printkit`, see
docs/using-it.md) of command names, games and material names. Each completion starts a process,
so none of it imports a command or the model: games are folders, materials the names the YAML
gives them."""

from __future__ import annotations

from pathlib import Path

import click
from click.shell_completion import CompletionItem

from printkit.diagnostics import Diagnostics
from printkit.load.files import GameFiles
from printkit.load.sources import find_games, mapping_section, merge_sources
from printkit.project import (
    RULE_DATA,
    find_project,
    game_holding,
    laid_out_project,
    read_project,
)


def _rule_data(context: click.Context) -> Path:
    """While completing, the group's callback has not run: --rule-data as typed, else the
    project file's, else the folder of games typed in (a rule_data folder, or the folder
    holding the game typed in), else ./rule_data."""
    given = context.find_root().params.get("rule_data")
    if given is not None:
        return Path(given)
    found = find_project(Path.cwd())
    if found is None:
        project = laid_out_project(Path.cwd())
    else:
        read = game_holding(found) is None  # never a game's own (PK010)
        project = read_project(found, Diagnostics()) if read else None
    return project.rule_data if project and project.rule_data else Path(RULE_DATA)


def _games_typed(context: click.Context) -> tuple[str, ...]:
    """The games already on the command line: parsed, or (before an option still waiting for
    its value, where completion stops parsing) left among the context's arguments."""
    return (*(context.params.get("games") or ()), *context.args)


def complete_games(
    context: click.Context, _param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The game folders of the rule-data folder starting with what is typed."""
    games = find_games(_rule_data(context), Diagnostics())
    chosen = set(_games_typed(context))
    return [CompletionItem(g) for g in games if g.startswith(incomplete) and g not in chosen]


def complete_materials(
    context: click.Context, _param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The materials of the games already typed (of every game when none is)."""
    games = find_games(_rule_data(context), Diagnostics())
    named = _games_typed(context) or tuple(games)
    names: set[str] = set()
    for game in named:
        if game in games:
            written, _ = merge_sources(
                GameFiles(games[game]), Diagnostics(), frozenset({"materials"})
            )
            names.update(str(material) for material in mapping_section(written, "materials"))
    return [CompletionItem(m) for m in sorted(names) if m.startswith(incomplete)]
