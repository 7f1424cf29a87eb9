"""`printkit schema`: the JSON Schema of a package file, or its field limits as tables."""

from __future__ import annotations

import json
from pathlib import Path

import click

from printkit.commands.common import report
from printkit.diagnostics import NOT_A_REGULAR_FILE, WRITE_FAILED, Diagnostics, Span, relative
from printkit.output import not_a_regular_file, write_atomic, write_hint


@click.command()
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the schema to this regular file ('-': standard output, the default).",
)
@click.option(
    "--limits",
    is_flag=True,
    help="Write the limits of every field, then the work limits, as Markdown tables instead "
    "(those of docs/limits.md).",
)
@click.pass_context
def schema(context: click.Context, out: Path | None, limits: bool) -> None:
    """Write the JSON Schema of a game package file (for YAML editors)."""
    from printkit.model.limits import limits_table, work_limits_table  # not for --help
    from printkit.model.package import Package

    document = Package.model_json_schema()
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    document["title"] = "printkit game package file"
    document.pop("required", None)  # a package may spread its sections over several files
    if limits:
        text = limits_table(document) + "\n" + work_limits_table()
    else:
        text = json.dumps(document, indent=2, sort_keys=True) + "\n"
    if out is None or str(out) == "-":
        click.echo(text, nl=False)
        return
    diagnostics = Diagnostics()
    refused = not_a_regular_file(out)
    if refused:
        diagnostics.add(
            NOT_A_REGULAR_FILE,
            f"will not write the schema over {refused}",
            Span(relative(out)),
            hint="name a regular file (it is replaced) or '-' for standard output",
        )
    else:
        try:
            write_atomic(out, text.encode("utf-8"))
        except OSError as error:
            diagnostics.add(
                WRITE_FAILED,
                f"cannot write the schema: {error.strerror or error}",
                Span(relative(out)),
                hint=write_hint(error),
            )
    context.exit(report(context, diagnostics))
