"""The commands beyond the core ones, each in its own module (registered in printkit.cli)."""
