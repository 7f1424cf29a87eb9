"""What `printkit simulate` computes: the batch asked for on the command line, then the sweeps
and the controlled questions of the command line and of simulation.yaml, and its length splits,
as balance.json data.

Every batch of one report runs on the same seeds, so the values of a sweep and the arms of a
question differ only by what they change (common random numbers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from printkit.load.package import LoadedPackage
from printkit.model.limits import MAX_EXACT_WORK
from printkit.model.simulation import Question, Simulation, Split
from printkit.simulate.budget import moves_allowed
from printkit.simulate.exact import ExactTable, table_json
from printkit.simulate.figures import (
    agent_scores,
    batch_figures,
    observed_rates,
    paired_change,
    split_length,
    sweep_changes,
    sweep_point,
)
from printkit.simulate.protocol import Engine
from printkit.simulate.runner import Batch, Meanwhile, Progress, Record, Tested, idle, run
from printkit.simulate.settings import rules_hash, with_settings

FORMAT = 1


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
    batch_only: bool = False  # the command line's batch alone, without simulation.yaml's
    ladder: tuple[str, ...] = ()  # the skill ladder's rungs, weakest first (none: no ladder)
    progress: Callable[[int], Progress] | None = None  # given a total, a progress callback
    meanwhile: Meanwhile = idle  # the caller's work that needs no playout (the PDF's fonts)
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
    """balance.json's data, the main batch with its records (for the sample games), and the
    exact tables left out at their bound (for the warnings)."""

    data: dict[str, Any]
    batch: Batch
    records: list[Record]
    left_out: list[ExactTable]


def balance(plan: Plan) -> Balance:
    """Every batch of the report (raises runner.Stopped on Ctrl-C)."""
    batch = main_batch(plan)
    exact: list[ExactTable] = []

    def meanwhile() -> None:
        """What needs no playout, done while the workers play the first batch: with several
        workers the parent would otherwise wait, then do it alone (the serial part)."""
        exact.extend(_exact(plan.engine, batch))
        plan.meanwhile()

    records = _run(plan, batch, meanwhile)
    sweeps: dict[str, Any] = {}
    if plan.sweep is not None:
        path, values = plan.sweep
        sweeps["command_line"] = _sweep(plan, batch, path, values)
    asked = Simulation() if plan.batch_only else plan.simulation
    for name, sweep in asked.sweeps.items():
        arms = replace(batch, agents=tuple(sweep.agents), seeds=plan.playouts or sweep.playouts)
        sweeps[name] = _sweep(plan, arms, sweep.path, sweep.values, sweep.text)
    questions = {
        name: _question(plan, batch, question) for name, question in asked.questions.items()
    }
    splits = {name: _split(plan, batch, split) for name, split in asked.splits.items()}
    ladder = _ladder(plan, batch)
    data = {
        "format": FORMAT,
        "game": plan.loaded.id,
        "title": plan.loaded.package.game.title,
        "edition": plan.loaded.package.game.edition.words,  # "version 0.3, 2026-03-01" or ""
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
        "splits": splits,
        "ladder": ladder,
        "exact": [_exact_json(table) for table in exact],
    }
    return Balance(data, batch, records, [t for t in exact if t.left_out is not None])


def _exact(engine: Engine, batch: Batch) -> list[ExactTable]:
    """The engine's exact tables on the batch's rules, when it offers any, within what they
    may enumerate together."""
    offered = getattr(engine, "exact_tables", None)  # optional: most questions need sampling
    if offered is None:
        return []
    with moves_allowed(MAX_EXACT_WORK):
        return offered(batch.rules, batch.players, batch.variant)


def _exact_json(table: ExactTable) -> dict[str, Any]:
    """A table as balance.json keeps it; one left out says what it passed."""
    data = table_json(table)
    if table.left_out is not None:
        data["left_out"] = {"bound": MAX_EXACT_WORK, "left": table.left_out}
    return data


def _run(plan: Plan, batch: Batch, meanwhile: Meanwhile = idle) -> list[Record]:
    progress = plan.progress(batch.total) if plan.progress else None
    records = run(batch, plan.workers, plan.scheduler, progress, meanwhile)
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


def _split(plan: Plan, batch: Batch, split: Split) -> dict[str, Any]:
    """Game length before and after the first step naming `split.at`, on the batch's seeds."""
    marked = replace(batch, agents=tuple(split.agents), seeds=plan.playouts or split.playouts,
                     marks=(split.at,))  # fmt: skip
    return {
        "text": split.text,
        "at": split.at,
        "agents": list(marked.agents),
        "playouts": marked.total,
        **split_length(_run(plan, marked), 0),
    }


def _ladder(plan: Plan, batch: Batch) -> list[dict[str, Any]]:
    """Each rung of the ladder against the rung below, every seat order on the same seeds."""
    steps = []
    for weaker, stronger in pairwise(plan.ladder):
        agents = (stronger,) + (weaker,) * (batch.players - 1)
        rung = replace(batch, agents=agents, orders=batch.players)
        records = _run(plan, rung)
        score = agent_scores(rung, [r for r in records if r.finished])[0]
        del score["agent"], score["player"]
        steps.append({"stronger": stronger, "weaker": weaker, "playouts": len(records), **score})
    return steps


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
        observed=tuple(question.always or question.never),
    )
    base_records = _run(plan, baseline)
    always = bool(question.always)
    options = question.always or question.never
    arms, observed = [], []  # the experiment, and apart from it what was merely seen
    for index, option in enumerate(options):
        tested = replace(baseline, tested=Tested(0, (option,), always), observed=())
        change = paired_change(base_records, _run(plan, tested), players, len(options))
        label = option.move if option.move is not None else f"action {option.action}"
        arms.append({"option": label, "mode": "always" if always else "never", **change})
        observed.append({"option": label, **observed_rates(base_records, index)})
    return {
        "text": question.text,
        "agent": question.agent,
        "against": others,
        "players": players,
        "options": arms,
        "observational": observed,
    }
