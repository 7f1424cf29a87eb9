"""The runner: the same records and the same report for any number of workers and on a Dask
cluster, index order kept, Ctrl-C reported with the playouts finished."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest
from support import run_cli

from printkit.simulate.runner import NEVER_MARKED, Stopped, chunks, run
from simulate.hidden_race import ENGINES, GAME, batch


def test_records_do_not_depend_on_workers():
    arms = batch(("greedy", "random"), seeds=40, orders=2)
    one, two = run(arms, workers=1), run(arms, workers=2)
    assert one == two
    assert [r.index for r in one] == list(range(80))


def test_a_mark_is_the_turn_count_at_the_first_step_naming_its_event():
    marked = batch(("greedy", "random"), seeds=40, marks=("bounce",))
    records = run(marked)
    reached = 0
    for r in records:
        first = marked.play(r.index, watch=lambda _s, _a, _n, events: "bounce" not in events)
        assert r.marked == ((first.turns,) if first.stopped else (NEVER_MARKED,))
        reached += first.stopped
    assert 0 < reached < len(records)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_parents_own_work_runs_once_in_it_while_the_workers_play(workers: int):
    seen: list[tuple[int, int]] = []  # the process, and its live worker processes

    def meanwhile() -> None:
        seen.append((os.getpid(), len(multiprocessing.active_children())))

    records = run(batch(seeds=40), workers=workers, meanwhile=meanwhile)
    assert seen == [(os.getpid(), 0 if workers == 1 else workers)]
    assert records == run(batch(seeds=40))


def test_chunks_cover_every_index_once():
    for total, workers in [(1, 1), (7, 2), (1000, 2), (100_000, 8)]:
        parts = chunks(total, workers)
        assert [i for a, b in parts for i in range(a, b)] == list(range(total))


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_reports_the_playouts_finished(workers: int):
    arms = batch(seeds=400)
    seen: list[int] = []

    def interrupt(done: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(Stopped) as stopped:
        run(arms, workers=workers, progress=interrupt)
    assert stopped.value.done == sum(seen)
    assert str(stopped.value) == f"stopped after {sum(seen)} of 400 playouts"


def _simulate(out: Path, *options: str) -> dict:
    result = run_cli("--rule-data", ENGINES, "simulate", GAME, "-n", "60", "--seed", "7",
                     "--agents", "greedy,random", "--swap", "--out", out, *options)  # fmt: skip
    assert result.exit_code == 0, result.output
    return json.loads((out / GAME / "balance.json").read_text())


def test_report_is_byte_identical_for_any_workers(tmp_path: Path):
    first = _simulate(tmp_path / "a", "--workers", "1")
    _simulate(tmp_path / "b", "--workers", "2")
    for name in ("balance.json", "balance.pdf"):
        a, b = (tmp_path / side / GAME / name for side in "ab")
        assert a.read_bytes() == b.read_bytes(), name
    assert first["n"] == 60 and first["seed"] == 7
    assert first["batch"]["playouts"] == 120  # every seed in both seat orders


def test_a_dask_cluster_gives_the_same_report(tmp_path: Path):
    """Two worker processes on the loopback address; `distributed` is in the test extra, so
    this runs (and must pass) wherever the tests run."""
    from distributed import Client, LocalCluster

    # The workers bind the tests' engines as tests/conftest.py binds them here.
    binding = f"import printkit.games; printkit.games.__path__.append({str(ENGINES)!r})"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:  # fmt: skip
        client.run(exec, binding)
        _simulate(tmp_path / "dask", "--scheduler", cluster.scheduler_address)
    _simulate(tmp_path / "local", "--workers", "1")
    dask, local = (tmp_path / side / GAME / "balance.json" for side in ("dask", "local"))
    assert dask.read_bytes() == local.read_bytes()
