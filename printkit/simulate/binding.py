"""Which engine plays a package: `game.engine` names a module of `printkit.games` that
defines ENGINE (the others there are helpers the engines share).

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
    """The engines printkit has, sorted (for did-you-mean and the lists of engines): the
    modules of `printkit.games` that define ENGINE. A module there may be a helper the engines
    share (`numbers`), which no package can bind to, so each module is imported to tell."""
    return [name for name in _module_names() if _engine_of(name) is not None]


def load_engine(name: str) -> Engine:
    """The ENGINE of `printkit.games.<name>`; KeyError when printkit has no such engine."""
    engine = _engine_of(name) if name in _module_names() else None
    if engine is None:
        raise KeyError(name)
    return engine


def engine_values(package: Package) -> set[str]:
    """The names of rules.values the package's engine reads (none without a known engine):
    a value only the engine reads is used (PK502)."""
    name = package.game.engine
    try:
        requires = load_engine(name).requires if name is not None else ()
    except KeyError:
        return set()
    prefix = "rules.values."
    return {path[len(prefix) :] for path in requires if path.startswith(prefix)}


def _module_names() -> list[str]:
    """The modules of `printkit.games`, sorted, without importing them: the names an engine
    may have (never a dotted path to some other module)."""
    return sorted(module.name for module in pkgutil.iter_modules(printkit.games.__path__))


def _engine_of(name: str) -> Engine | None:
    return getattr(importlib.import_module(f"printkit.games.{name}"), "ENGINE", None)
