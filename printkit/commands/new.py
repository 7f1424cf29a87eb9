"""`printkit new NAME`: a game folder that builds clean at once, to edit from.

The files are templates shipped with printkit (printkit/scaffold/), commented key by key, each
starting with the line that gives YAML editors the schema. The folder appears whole or not at
all: it is written beside its place and renamed into it. On a game that exists, `--kind` adds
that kind's file alone, where no file of its name is.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import tempfile
from pathlib import Path

import click

from printkit.commands.common import output_folder, rule_data
from printkit.commands.names import NamedChoice
from printkit.diagnostics import relative
from printkit.load.sources import yaml_files
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
    """Start a new game: a folder of commented YAML that builds clean.

    On a game that exists, `--kind` adds that kind's material file to it, never over a file."""
    folder = rule_data(context) / name
    if folder.exists() or folder.is_symlink():
        _add_material(context, folder, name, kind)
        return
    names = FILES[kind] if kind else (*EVERY_KIND, "reference.yaml")
    _create(folder, {file: _template(file, name, folder) for file in names})
    click.echo(f"created {folder}/ ({', '.join(names)})")
    printkit, preview = _printkit(context), relative(output_folder(context) / "index.html")
    click.echo(
        f"next: {printkit} build {name}   (or: {printkit} watch {name}, then open {preview})"
    )
    _schema_hint()


def _printkit(context: click.Context) -> str:
    """`printkit` as the next command is typed where `new` was: with the --rule-data typed,
    which nothing else finds again from there."""
    typed = context.find_root().get_parameter_source("rule_data")
    if typed != click.core.ParameterSource.COMMANDLINE:
        return "printkit"
    return f"printkit --rule-data {shlex.quote(relative(rule_data(context)))}"


def _add_material(context: click.Context, folder: Path, name: str, kind: str | None) -> None:
    """The kind's material file, commented as in a new game, added to the game that exists:
    the way to a template for a game under way. Written only where no file of that name is
    (created exclusively: a file made there meanwhile is never written over); its names are a
    new game's, so `validate` says where they meet the game's own."""
    is_game = _is_game(folder)
    if kind is None or not is_game:
        how = (
            f": to add a material to it, name its kind: printkit new {name} --kind "
            + "|".join(KINDS)
            if is_game
            else ": choose another name, or move that folder away first"
        )
        raise click.UsageError(
            f"{folder} already exists; printkit new never writes over a game{how}"
        )
    file = folder / FILES[kind][-1]
    text = _template(file.name, name, folder).encode("utf-8")
    try:  # O_EXCL: never over a file, nor through a link, made there at any time
        descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        raise click.UsageError(
            f"{file} already exists; printkit new never writes over a file: rename yours (a "
            f"game reads every YAML file of its folder, whatever its name), then run "
            f"printkit new {name} --kind {kind} again"
        ) from None
    except OSError as error:
        raise click.ClickException(f"cannot create {file}: {error.strerror or error}") from error
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(text)
    except OSError as error:  # a disk full: no half-written template is left
        file.unlink(missing_ok=True)
        raise click.ClickException(f"cannot create {file}: {error.strerror or error}") from error
    click.echo(f"added {file} to the game {name}")
    click.echo(
        f"next: {_printkit(context)} validate {name}   (its names are a new game's: rename any "
        "that your game uses already)"
    )
    _schema_hint()


def _is_game(folder: Path) -> bool:
    """A folder of its own (not a link) holding YAML, as printkit lists a game."""
    try:
        return folder.is_dir() and not folder.is_symlink() and bool(yaml_files(folder))
    except OSError:  # a folder that cannot be listed is no game `new` may add to
        return False


def _template(file: str, name: str, folder: Path) -> str:
    """A scaffold file with the game's name, title and the schema line for its folder."""
    values = {
        "@name@": name,
        "@title@": name.replace("_", " ").replace("-", " ").title(),
        "@schema@": "# yaml-language-server: $schema="
        + os.path.relpath(Path.cwd() / SCHEMA, folder.absolute()),
    }
    return _filled((SCAFFOLD / file).read_text("utf-8"), values)


def _schema_hint() -> None:
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
