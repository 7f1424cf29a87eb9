"""The commands of `printkit`, one module each, imported only when the command runs (see
printkit/cli.py's COMMANDS)."""
