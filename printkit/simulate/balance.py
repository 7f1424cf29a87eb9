"""What `printkit simulate` computes: the batch asked for on the command line, then the sweeps
and the controlled questions of the command line and of simulation.yaml, as balance.json data.

Every batch of one report runs on the same seeds, so the values of a sweep and the arms of a
question differ only by what they change (common random numbers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from printkit.load.package import LoadedPackage
from printkit.model.simulation import Question, Simulation
from printkit.simulate.figures import batch_figures, paired_change, sweep_changes, sweep_point
from printkit.simulate.protocol import Engine
from printkit.simulate.runner import Batch, Progress, Record, Tested, run
from printkit.simulate.settings import rules_hash, with_settings

FORMAT = 1  # balance.json's layout; raised when a key changes meaning


@dataclass
class Plan:
    """A `printkit simulate` run, as the command line asked for it."""

    loaded: LoadedPackage  # the played rules (errata plays applied)
    engine: Engine
    seed: int = 0
    playouts: int | None = None  # -n; None: 1000 for the batch, each yaml entry its own
    agents: tuple[str, ...] = ("random",)
    players: int | None = None
    variant: str | None = None
    swap: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    sweep: tuple[str, list[Any]] | None = None
    workers: int = 1
    scheduler: str | None = None
    check: bool = False
    progress: Callable[[int], Progress] | None = None  # given a total, a progress callback
    played: Counter[str] = field(default_factory=Counter)  # playouts and steps of every batch

    @property
    def simulation(self) -> Simulation:
        return self.loaded.package.simulation or Simulation()


DEFAULT_PLAYOUTS = 1000


def main_batch(plan: Plan) -> Batch:
    """The batch of the command line's agents on the played rules with --set applied."""
    players = plan.players or min(plan.engine.players)
    return Batch(
        game=plan.loaded.id,
        engine=plan.engine.name,
        rules=with_settings(plan.loaded, plan.settings),
        players=players,
        variant=plan.variant,
        agents=plan.agents,
        seed=plan.seed,
        seeds=plan.playouts or DEFAULT_PLAYOUTS,
        orders=players if plan.swap else 1,
        max_turns=plan.simulation.max_turns,
        check=plan.check,
    )


@dataclass
class Balance:
    """balance.json's data, and the main batch with its records (for the sample games)."""

    data: dict[str, Any]
    batch: Batch
    records: list[Record]


def balance(plan: Plan) -> Balance:
    """Every batch of the report (raises runner.Stopped on Ctrl-C)."""
    batch = main_batch(plan)
    records = _run(plan, batch)
    sweeps: dict[str, Any] = {}
    if plan.sweep is not None:
        path, values = plan.sweep
        sweeps["command_line"] = _sweep(plan, batch, path, values)
    for name, sweep in plan.simulation.sweeps.items():
        arms = replace(batch, agents=tuple(sweep.agents), seeds=plan.playouts or sweep.playouts)
        sweeps[name] = _sweep(plan, arms, sweep.path, sweep.values, sweep.text)
    questions = {
        name: _question(plan, batch, question)
        for name, question in plan.simulation.questions.items()
    }
    data = {
        "format": FORMAT,
        "game": plan.loaded.id,
        "title": plan.loaded.package.game.title,
        "engine": {"name": plan.engine.name, "version": plan.engine.version},
        "rules_hash": rules_hash(batch.rules),
        "seed": plan.seed,
        "n": batch.seeds,
        "swap": plan.swap,
        "max_turns": batch.max_turns,
        "settings": dict(plan.settings),
        "batch": batch_figures(batch, plan.engine, records),
        "sweeps": sweeps,
        "questions": questions,
    }
    return Balance(data, batch, records)


def _run(plan: Plan, batch: Batch) -> list[Record]:
    progress = plan.progress(batch.total) if plan.progress else None
    records = run(batch, plan.workers, plan.scheduler, progress)
    plan.played["playouts"] += len(records)
    plan.played["steps"] += sum(r.steps for r in records)
    return records


def _sweep(
    plan: Plan, batch: Batch, path: str, values: list[Any], text: str | None = None
) -> dict[str, Any]:
    """One path at each value, every value on the same seeds."""
    points = []
    for value in values:
        rules = with_settings(plan.loaded, {**plan.settings, path: value})
        arm = replace(batch, rules=rules)
        points.append(sweep_point(value, arm, _run(plan, arm)))
    sweep_changes(points)
    return {
        "path": path,
        "text": text,
        "agents": list(batch.agents),
        "playouts": batch.total,
        "points": points,
    }


def _question(plan: Plan, batch: Batch, question: Question) -> dict[str, Any]:
    """Player 1 plays `agent` as it is and then constrained by each option in turn, against the
    same opponents on the same seeds, in every seat order."""
    players = question.players or batch.players
    against = list(question.against)
    others = [against[seat % len(against)] for seat in range(players - 1)]
    baseline = replace(
        batch,
        agents=(question.agent, *others),
        players=players,
        variant=question.variant if question.variant is not None else batch.variant,
        seeds=plan.playouts or question.playouts,
        orders=players,
    )
    base_records = _run(plan, baseline)
    always = bool(question.always)
    options = question.always or question.never
    arms = []
    for option in options:
        tested = replace(baseline, tested=Tested(0, (option,), always))
        change = paired_change(base_records, _run(plan, tested), players, len(options))
        label = option.move if option.move is not None else f"action {option.action}"
        arms.append({"option": label, "mode": "always" if always else "never", **change})
    return {
        "text": question.text,
        "agent": question.agent,
        "against": others,
        "players": players,
        "options": arms,
    }
