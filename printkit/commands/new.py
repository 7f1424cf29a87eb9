"""`printkit new NAME`: a game folder that builds clean at once, to edit from.

The files are templates shipped with printkit (printkit/scaffold/), commented key by key, each
starting with the line that gives YAML editors the schema. The folder appears whole or not at
all: it is written beside its place and renamed into it.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import click

from printkit.commands.names import NamedChoice
from printkit.output import _UMASK

SCAFFOLD = Path(__file__).resolve().parent.parent / "scaffold"
KINDS = ("cards", "hexmap", "counters", "sheet", "rules")
# Every game gets its rules (with the quick reference); a kind adds its own file.
FILES = {kind: ("game.yaml", "rules.yaml", f"{kind}.yaml") for kind in KINDS}
FILES["rules"] = ("game.yaml", "rules.yaml", "reference.yaml")
EVERY_KIND = ("game.yaml", "rules.yaml", "cards.yaml", "counters.yaml", "hexmap.yaml", "sheet.yaml")
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
SCHEMA = "printkit.schema.json"


def _game_name(_context: click.Context, _param: click.Parameter, value: str) -> str:
    if not NAME.fullmatch(value):
        raise click.BadParameter(
            f"'{value}' cannot name a game folder: use lower-case letters, digits, '_' and '-' "
            "(at most 64, starting with a letter or digit), e.g. my_game"
        )
    return value


@click.command()
@click.argument("name", callback=_game_name)
@click.option(
    "--kind",
    type=NamedChoice("kind", KINDS),
    default=None,
    help="The material to start with (default: one of each, and the rules reference).",
)
@click.pass_context
def new(context: click.Context, name: str, kind: str | None) -> None:
    """Start a new game: a folder of commented YAML that builds clean."""
    rule_data: Path = context.obj["rule_data"]
    folder = rule_data / name
    if folder.exists() or folder.is_symlink():
        raise click.UsageError(
            f"{folder} already exists; printkit new never writes over a game: choose another "
            "name, or move that folder away first"
        )
    names = FILES[kind] if kind else (*EVERY_KIND, "reference.yaml")
    values = {
        "@name@": name,
        "@title@": name.replace("_", " ").replace("-", " ").title(),
        "@schema@": "# yaml-language-server: $schema="
        + os.path.relpath(Path.cwd() / SCHEMA, folder.absolute()),
    }
    _create(folder, {file: _filled((SCAFFOLD / file).read_text("utf-8"), values) for file in names})
    click.echo(f"created {folder}/ ({', '.join(names)})")
    click.echo(
        f"next: printkit build {name}   (or: printkit watch {name}, then open output/index.html)"
    )
    if not Path(SCHEMA).exists():
        click.echo(f"for completion in YAML editors: printkit schema --out {SCHEMA}")


def _filled(template: str, values: dict[str, str]) -> str:
    for placeholder, value in values.items():
        template = template.replace(placeholder, value)
    return template


def _create(folder: Path, files: dict[str, str]) -> None:
    """Write the files into a hidden folder beside `folder`, then rename it into place: a
    failure leaves nothing behind, and a folder made there meanwhile is never written into."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    except OSError as error:
        raise click.ClickException(f"cannot create {folder}: {error.strerror or error}") from error
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        os.chmod(staging, 0o777 & ~_UMASK)  # mkdtemp's 0o700 is for the staging only
        os.rename(staging, folder)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise click.ClickException(f"cannot create {folder}: {error.strerror or error}") from error
