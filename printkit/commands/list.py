"""`printkit list`: an index of the games, read from their YAML as written.

It does not model or check a game (that is `validate`'s work and would cost the model's import,
several times the rest of the command): it shows what each game's files say, and a game whose
YAML does not parse as "does not load".
"""

from __future__ import annotations

from typing import Any

import click

from printkit.commands.common import EXIT_OK, report, rule_data
from printkit.diagnostics import Diagnostics, printable
from printkit.load.files import GameFiles
from printkit.load.sources import mapping_section, merge_sources, select_games

INDEX_SECTIONS = frozenset({"game", "components", "materials"})  # what the index shows


@click.command("list")
@click.pass_context
def list_games(context: click.Context) -> None:
    """List the games found and their materials."""
    diagnostics = Diagnostics()
    games = select_games(rule_data(context), (), diagnostics)
    for game_id, folder in games.items():
        found = Diagnostics()
        written, _ = merge_sources(GameFiles(folder), found, INDEX_SECTIONS)
        if found.count():
            click.echo(f"{game_id}  (does not load: run 'printkit validate {game_id}')")
            continue
        game = mapping_section(written, "game")
        designer = _text(game.get("designer"))
        click.echo(
            f"{game_id}  {_text(game.get('title'))}" + (f" (by {designer})" if designer else "")
        )
        components = mapping_section(written, "components")
        if components:
            click.echo("  box:")
        for component_id, component in components.items():
            entry = component if isinstance(component, dict) else {}
            count, what = _text(entry.get("count")), _text(entry.get("description"))
            click.echo(f"    {count:>3} × {_text(component_id):<22} {what}".rstrip())
        click.echo("  materials:")
        materials = mapping_section(written, "materials")
        kinds = {
            material_id: _text(material.get("kind")) if isinstance(material, dict) else ""
            for material_id, material in materials.items()
        }
        # as wide as 'rules_reference', never wider: a kind of a million letters pads nothing
        width = min(max((len(kind) for kind in kinds.values()), default=0), KIND_WIDTH)
        for material_id, material in materials.items():
            title = _text(material.get("title")) if isinstance(material, dict) else ""
            click.echo(
                f"    {_text(material_id):<28} {kinds[material_id]:<{width}} {title}".rstrip()
            )
    context.exit(report(context, diagnostics) if not games else EXIT_OK)


KIND_WIDTH = 16  # the longest kind printkit knows, 'rules_reference', and a space
LONGEST = 60  # characters of a value shown: a count of 5,000 digits was a 5,000-character line


def _text(value: Any) -> str:
    """A value as one printable line; nothing for what is not a plain value."""
    if value is None or isinstance(value, dict | list):
        return ""
    if isinstance(value, int) and abs(value) >= 10**12:  # a count no box holds; thousands of
        return "(too large)"  # digits would not even convert to text
    text = printable(" ".join(str(value).split()))
    return text if len(text) <= LONGEST else text[: LONGEST - 1] + "…"  # one line, as said
