"""Running one printkit command as a user meets it, in a forked child under hard limits: the
parent's state never leaks between cases and a runaway input is measured, not waited for."""

from __future__ import annotations

import errno
import os
import resource
import signal
import socket
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from printkit.cli import run as printkit

WALL_FACTOR = 6  # wall-clock seconds allowed per second of CPU: the machine may be shared


class Problem(NamedTuple):
    """One broken promise: its kind (a column of the report) and what exactly happened."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


@dataclass
class Outcome:
    """What one run of the command did, and every promise it broke."""

    command: str
    exit_code: int | None
    seconds: float
    peak_mb: float  # resident memory the run added to what it inherited from the forking process
    stderr: str
    cpu_seconds: float = 0.0
    signal_name: str | None = None
    problems: list[Problem] = field(default_factory=list)
    network: str = ""  # the connections and look-ups the command tried, one a line


def network_record(log: Path) -> Path:
    return log.with_suffix(".network")


def _forbid_network(record: Path) -> None:
    """No command the fuzzer runs may use the network (builds read the saved copy of online
    card data, and `fetch` is not run): every connection to an internet address and every
    name look-up is written to `record` and fails as an unreachable network would."""
    connect = socket.socket.connect

    def refuse(*args: object, **_: object) -> None:
        with open(record, "a", encoding="utf-8") as tried:
            tried.write(f"{args!r:.200}\n")
        raise OSError(errno.ENETUNREACH, "the fuzzer allows no network")

    def guarded(self: socket.socket, address: object) -> None:
        if self.family in (socket.AF_INET, socket.AF_INET6):
            refuse(address)
        connect(self, address)

    socket.socket.connect = guarded  # type: ignore[method-assign]
    socket.socket.connect_ex = guarded  # type: ignore[assignment,method-assign]
    socket.getaddrinfo = refuse  # type: ignore[assignment]
    socket.create_connection = refuse  # type: ignore[assignment]


def _child(args: list[str], log: Path, home: Path, memory_bytes: int, seconds: int) -> None:
    """Run in the forked child: limits, a private home and temporary folder (PK900 reports
    land there, not in the machine's /tmp), redirected output, the command; never return.

    Time is limited twice: `seconds` of CPU (SIGXCPU), which a loaded machine does not
    inflate, and WALL_FACTOR times that of wall clock (SIGALRM), for a run that waits without
    computing (a named pipe read, a lock)."""
    code = 70
    try:
        # The budget is what the run may add to what it inherits: a child forked from a test
        # process that has run threads (a Dask cluster's, say) starts with gigabytes of
        # address space mapped that the run never touches.
        limit = _status_bytes("VmSize:") + memory_bytes
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))
        signal.alarm(seconds * WALL_FACTOR)
        home.mkdir(exist_ok=True)
        os.environ.update(HOME=str(home), TMPDIR=str(home), XDG_CACHE_HOME=str(home / "cache"))
        tempfile.tempdir = str(home)
        _forbid_network(network_record(log))
        handle = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(handle, 1)
        os.dup2(handle, 2)
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115 - the child exits right after
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        try:
            printkit(args, prog_name="printkit")
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 70
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def run(args: list[str], log: Path, memory_mb: int = 1024, seconds: int = 10) -> Outcome:
    """Run `printkit ARGS` in a forked child, as a user would meet it, under hard limits."""
    started = time.monotonic()
    # A forked child starts with its parent's resident pages counted as its own (most of
    # them: file pages it has not touched are not): a test process that has rendered pages
    # holds hundreds of MB the run never asked for.
    inherited = _status_bytes("VmRSS:")
    pid = os.fork()
    if pid == 0:
        _child(args, log, log.parent / "home", memory_mb * 1024 * 1024, seconds)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.monotonic() - started
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    added = max(0, usage.ru_maxrss * 1024 - inherited) / 2**20
    outcome = Outcome(" ".join(args), None, elapsed, added, text)
    outcome.cpu_seconds = usage.ru_utime + usage.ru_stime
    tried = network_record(log)
    if tried.exists():
        outcome.network = tried.read_text(encoding="utf-8", errors="replace")
        tried.unlink()
    if os.WIFSIGNALED(status):
        outcome.signal_name = signal.Signals(os.WTERMSIG(status)).name
    else:
        outcome.exit_code = os.WEXITSTATUS(status)
    return outcome


def _status_bytes(field: str) -> int:
    """One of this process's memory figures from Linux's /proc/self/status, in bytes (VmSize:
    the address space mapped; VmRSS: resident); 0 where it cannot be read."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
