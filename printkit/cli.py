"""The `printkit` command: a group that knows its commands by name and imports one only when it
runs, so `printkit --help`, `--version` and `list` start without the model, the drawing or the
checks (tests/test_startup.py holds it to that).

A command is a `@click.command()` in `printkit/commands/<name>.py`; registering it is one line
of COMMANDS: its name, "module:function" and the short help `--help` lists (a test keeps that
equal to the command's own docstring).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from printkit.commands.names import NamedChoice

# The cyclic garbage collector's generation-0 threshold (and how many of each generation's
# collections make one of the next), as mypy sets them. A build keeps most of what it allocates
# (a deck's drawings, their items) until it ends, and each collection walks every young object
# that survived: at Python's default of 700, 10,000 distinct cards spent a fifth of the build
# in the collector and a 300 x 300 map a tenth. Garbage without cycles (nearly all of it) is
# freed at once either way; cycles wait a little longer. Set by the executable (`run`), whose
# process is the command's own: a test suite or a program that calls `main` in its own process
# keeps its own collector, which a long-lived process needs (a suite grew past a gigabyte).
COLLECT_AFTER = (200_000, 30, 30)

# name: ("module:function", the short help `printkit --help` shows)
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("printkit.commands.list:list_games", "List the games found and their materials."),
    "validate": ("printkit.commands.validate:validate", "Check games without writing anything."),
    "claims": (
        "printkit.commands.claims:claims",
        "List each claim and worked example of the rules with its status.",
    ),
    "build": (
        "printkit.commands.build:build",
        "Build games into the output folder.",
    ),
    "fetch": (
        "printkit.commands.fetch:fetch",
        "Download the card data that decks name by URL into each game's folder.",
    ),
    "diff": (
        "printkit.commands.diff:diff",
        "Show what changed between two builds; reprint only the changed cards.",
    ),
    "schema": (
        "printkit.commands.schema:schema",
        "Write the JSON Schema of a game package file (for YAML editors).",
    ),
    "explain": (
        "printkit.commands.explain:explain",
        "Explain a diagnostic code (such as PK211), or list them all.",
    ),
    "watch": (
        "printkit.commands.watch:watch",
        "Build, then rebuild each game whose files change, until Ctrl-C.",
    ),
    "new": (
        "printkit.commands.new:new",
        "Start a new game: a folder of commented YAML that builds clean.",
    ),
    "simulate": (
        "printkit.commands.simulate:simulate",
        "Play seeded games and write the balance report (balance.json, balance.pdf).",
    ),
    "replay": (
        "printkit.commands.replay:replay",
        "Replay a game file with invariants on, print it and check its final state.",
    ),
    "play": (
        "printkit.commands.play:play",
        "Play one game against printkit's agents, each move described as it is made.",
    ),
}


def _said_after(short: str, long: str, level: str, said: str) -> click.Option:
    """`-q`/`-v` typed after the command: the setting the group's own option of that name
    sets (`printkit build -q`, where users type it)."""

    def callback(context: click.Context, _param: click.Parameter, value: bool) -> bool:
        if value:
            from printkit.commands import common

            context.find_root().obj["verbosity"] = getattr(common, level)
        return value

    return click.Option(
        [short, long, f"{long[2:]}_here"],
        is_flag=True,
        expose_value=False,
        callback=callback,
        help=f"{said} (also accepted before the command).",
    )


_SAID_AFTER = [
    _said_after("-q", "--quiet", "QUIET", "Print the errors and warnings and nothing else"),
    _said_after("-v", "--verbose", "VERBOSE", "Also print progress and each file written"),
]


# commands that read no game, so no project file: a broken printkit.toml does not stop
# `printkit explain PK008`
STANDALONE_COMMANDS = frozenset({"explain", "schema"})


class LazyGroup(click.Group):
    """Click's documented lazy-loading group: COMMANDS names each command's module, imported
    when the command runs (or its own --help is asked for), never to list it. A command added
    the eager way (`main.add_command`) is listed and run as well."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        module, function = COMMANDS[cmd_name][0].split(":")
        command = getattr(importlib.import_module(module), function)
        assert isinstance(command, click.Command), f"{module}:{function} is not a command"
        known = {param.name for param in command.params}
        command.params += [option for option in _SAID_AFTER if option.name not in known]
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's, with the closest command named when the one typed is none."""
        names = self.list_commands(ctx)
        name = args[0] if args else ""
        if name not in names and not name.startswith("-") and not ctx.resilient_parsing:
            from printkit.diagnostics import closest  # only when a command is refused

            close = closest(name, names)
            if close is not None:
                ctx.fail(f"No such command '{name}'; did you mean '{close}'?")
        return super().resolve_command(ctx, args)

    def summary_of(self, ctx: click.Context, name: str) -> str:
        if name in COMMANDS:
            return COMMANDS[name][1]
        command = super().get_command(ctx, name)
        return command.get_short_help_str() if command else ""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            names = self.list_commands(ctx)
            formatter.write_dl([(name, self.summary_of(ctx, name)) for name in names])

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """The command names with their short help (and the group's options), importing no
        command."""
        names = [
            CompletionItem(name, help=self.summary_of(ctx, name))
            for name in self.list_commands(ctx)
            if name.startswith(incomplete)
        ]
        return names + click.Command.shell_complete(self, ctx, incomplete)

    def invoke(self, ctx: click.Context) -> object:
        """The last resort: an exception no check foresaw becomes one PK900 diagnostic naming
        the file that holds the full report, never a bare traceback on the terminal. The
        command's suggestions compare a bounded number of names (diagnostics.suggesting)."""
        from printkit.diagnostics import suggesting

        try:
            with suggesting():
                return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (`printkit list | head`): stop quietly, as Unix tools do,
            # with nothing left to flush into the closed pipe at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(1)
        except Exception as error:
            # only when printkit itself has failed
            if isinstance(error, MemoryError):
                _release(error)  # before anything else is made, an import included
            from printkit.commands.common import EXIT_INTERNAL, report
            from printkit.crash import save_report
            from printkit.diagnostics import INTERNAL_ERROR, Diagnostics, Span

            diagnostics = Diagnostics()
            what = " ".join(f"{type(error).__name__}: {error}".split())
            try:
                saved_at = save_report(error)
            except OSError as unsaved:
                where, saved = Span("printkit"), f"the report could not be saved ({unsaved})"
            else:
                where, saved = Span(str(saved_at)), f"the full report is in {saved_at}"
            diagnostics.add(
                INTERNAL_ERROR,
                f"internal error: {what}; {saved}",
                where,
                hint="this is a bug in printkit, not in your game: please report it to "
                "printkit's maintainers with the report file and, if you can, the game package",
            )
            report(ctx, diagnostics)
            ctx.exit(EXIT_INTERNAL)


def _release(error: BaseException) -> None:
    """Free what the finished frames of an error hold. A MemoryError's frames hold the data that
    filled the memory: the handler itself ran out of memory making its report, and Python's
    own traceback reached the terminal (a hostile package's refill of a billion cards)."""
    import traceback  # small, and often imported already

    traceback.clear_frames(error.__traceback__)
    gc.collect()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit", message="printkit %(version)s")
@click.option(
    "--rule-data",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder of game packages.  [default: printkit.toml's rule-data; else, typed inside "
    "a rule_data folder or a game's folder, that rule_data or the folder holding the game; "
    "else ./rule_data]",
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("-q", "--quiet", is_flag=True, help="Print the errors and warnings and nothing else.")
@click.option(
    "-v", "--verbose", is_flag=True, help="Also print progress and each file written in pipes."
)
@click.option(
    "--color",
    type=NamedChoice("colour setting", ["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the diagnostics (auto: on a terminal, unless NO_COLOR is set).",
)
@click.pass_context
def main(
    context: click.Context,
    rule_data: Path | None,
    strict: bool,
    quiet: bool,
    verbose: bool,
    color: str,
) -> None:
    """Compile tabletop game data into print-and-play materials."""
    from printkit.commands.common import apply_project, quiet_or_verbose  # not for --help
    from printkit.project import RULE_DATA

    if color != "auto":
        context.color = color == "always"
    elif os.environ.get("NO_COLOR"):  # https://no-color.org: set and not empty
        context.color = False
    context.obj = {
        "rule_data": rule_data,
        "strict": strict,
        "verbosity": quiet_or_verbose(quiet, verbose),
    }
    if context.invoked_subcommand not in STANDALONE_COMMANDS:
        apply_project(context)
    context.obj["rule_data"] = context.obj["rule_data"] or Path(RULE_DATA)


def run(args: list[str] | None = None, prog_name: str | None = None) -> None:
    """The `printkit` executable and `python -m printkit`: the collector tuned for one command
    in a process of its own, then the command (exits with its status)."""
    gc.set_threshold(*COLLECT_AFTER)
    try:
        main(args=args, prog_name=prog_name)
    finally:
        # The process ends with the command. Frozen, what it leaves is out of the reach of the
        # interpreter's last collection, which would walk all of it only to free memory the
        # exit frees anyway: 0.06 s of a 1000-card build's 0.53 s of processor time.
        gc.freeze()
