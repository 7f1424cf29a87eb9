"""The commands of `printkit`, one module each, registered in printkit/cli.py."""
