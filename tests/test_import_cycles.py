"""Every printkit module imports on its own, whichever is imported first.

Why: printkit imports a command's modules when it runs, so the order modules are first imported
in differs from one command to the next. A cycle between two modules (the map's checks and the
map material once imported each other) works in the order a build happens to use and fails in
another, as the fuzzer's import of every module by name found. One interpreter imports each
module first in turn: printkit's own modules are forgotten before each, the libraries kept.
"""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import importlib, pkgutil, sys, printkit
names = sorted(
    m.name for m in pkgutil.walk_packages(printkit.__path__, "printkit.")
    if not m.name.endswith("__main__")
)
failed = []
for name in names:
    for loaded in [m for m in sys.modules if m == "printkit" or m.startswith("printkit.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as error:
        failed.append(f"{name}: {error}")
print(len(names))
for failure in failed:
    print(failure)
"""


def test_every_module_imports_when_it_comes_first() -> None:
    probe = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    )
    walked, *failed = probe.stdout.splitlines()
    assert int(walked) > 100  # every module was walked, not an empty package
    assert failed == []
