"""`printkit explain`: the catalogue of diagnostic codes."""

from __future__ import annotations

import click

from printkit.diagnostics import CODES, closest


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
    entry = CODES.get(_typed(code))
    if entry is None:
        raise click.BadParameter(
            f"no diagnostic code {code}; {_closest(_typed(code))}", param_hint="CODE"
        )
    click.echo(f"{entry.code} ({entry.severity}): {entry.title}\n\n{entry.explanation}")


def _closest(code: str) -> str:
    """The codes a partial one begins (PK12: PK120 to PK124), the code it runs past (PK1211:
    PK121), else the closest code, as every other unknown name on the command line is
    answered."""
    begun = sorted(known for known in CODES if known.startswith(code))
    if begun:
        shown = ", ".join(begun[:6]) + (", …" if len(begun) > 6 else "")
        return f"codes that begin so: {shown}"
    within = [known for known in CODES if code.startswith(known)]  # a digit too many
    close = max(within) if within else closest(code, sorted(CODES))
    listed = "'printkit explain' lists them all"
    return f"did you mean '{close}'? ({listed})" if close else listed


def _typed(code: str) -> str:
    """A code as typed, read as meant: 'pk2o1' is PK201 (a letter O for a zero)."""
    upper = code.strip().upper()
    return upper[:2] + upper[2:].replace("O", "0") if upper.startswith("PK") else upper
