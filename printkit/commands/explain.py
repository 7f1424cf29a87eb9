"""`printkit explain`: the catalogue of diagnostic codes."""

from __future__ import annotations

import click

from printkit.diagnostics import CODES


def codes_table() -> str:
    """The codes table of docs/diagnostics.md, made from the catalogue `explain` reads, so the
    documentation names each code as the tool does."""
    lines = ["| code | severity | meaning |", "|---|---|---|"]
    for entry in sorted(CODES.values(), key=lambda entry: entry.code):
        meaning = entry.title.replace("|", "\\|")
        lines.append(f"| {entry.code} | {entry.severity} | {meaning} |")
    return "\n".join(lines) + "\n"


@click.command()
@click.argument("code", required=False)
@click.option(
    "--table",
    is_flag=True,
    help="Write every code as the Markdown table of docs/diagnostics.md instead.",
)
def explain(code: str | None, table: bool) -> None:
    """Explain a diagnostic code (such as PK211), or list them all."""
    if table:
        click.echo(codes_table(), nl=False)
        return
    if code is None:
        for entry in sorted(CODES.values(), key=lambda entry: entry.code):
            click.echo(f"{entry.code}  {entry.severity:<7}  {entry.title}")
        return
    entry = CODES.get(code.upper())
    if entry is None:
        raise click.BadParameter(
            f"no diagnostic code {code}; 'printkit explain' lists them all", param_hint="CODE"
        )
    click.echo(f"{entry.code} ({entry.severity}): {entry.title}\n\n{entry.explanation}")
