"""`python -m printkit` runs the same command as the `printkit` script, from any checkout."""

from printkit.cli import run

run()
