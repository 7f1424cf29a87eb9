"""Which engine plays a package: `game.engine` names a module of `printkit.games`.

The core knows no game by name. A package binds itself to an engine, so a copied or edited
package (a designer's variant, a deliberately broken test package) reuses the engine of the game
it came from, and the module is imported only when something plays.
"""

from __future__ import annotations

import importlib
import pkgutil

import printkit.games
from printkit.model.package import Package
from printkit.simulate.protocol import Engine


def engine_names() -> list[str]:
    """The engine modules printkit ships, sorted (for did-you-mean and `printkit list`)."""
    return sorted(module.name for module in pkgutil.iter_modules(printkit.games.__path__))


def load_engine(name: str) -> Engine:
    """The ENGINE of `printkit.games.<name>`; KeyError when printkit has no such engine."""
    if name not in engine_names():
        raise KeyError(name)
    return importlib.import_module(f"printkit.games.{name}").ENGINE


def engine_values(package: Package) -> set[str]:
    """The names of rules.values the package's engine reads (none without a known engine):
    a value only the engine reads is used (PK502)."""
    name = package.game.engine
    if name is None or name not in engine_names():
        return set()
    prefix = "rules.values."
    return {path[len(prefix) :] for path in load_engine(name).requires if path.startswith(prefix)}
