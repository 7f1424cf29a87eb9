"""`printkit explain`: the catalogue of diagnostic codes."""

from __future__ import annotations

import click

from printkit.diagnostics import CODES


@click.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a diagnostic code (such as PK211), or list them all."""
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
