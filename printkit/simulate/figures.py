"""The balance figures of a batch of playouts, as JSON data (what balance.json holds and
balance.pdf draws). Each figure keeps its raw counts, its agents and a 95 % interval, and is
computed from the records in index order, so it is the same for any number of workers.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from printkit.simulate.protocol import Engine
from printkit.simulate.runner import NEVER_MARKED, Batch, Record
from printkit.simulate.stats import (
    Interval,
    mean_interval,
    newcombe,
    paired_bootstrap,
    playouts_for,
    quartiles,
    wilson,
)

HISTOGRAM_BINS = 20
PRECISIONS = (0.01, 0.02)  # the ± points the report gives playouts for


def rate(successes: float, n: int) -> dict[str, Any]:
    """A rate as the report stores it: its counts and Wilson's interval."""
    return {"count": plain_number(successes), "n": n, **wilson(successes, n).as_json()}


def plain_number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def batch_figures(batch: Batch, engine: Engine, records: Sequence[Record]) -> dict[str, Any]:
    """Every figure of one batch."""
    finished = [r for r in records if r.finished]
    return {
        "agents": list(batch.agents),
        "players": batch.players,
        "variant": batch.variant,
        "playouts": len(records),
        "steps": sum(r.steps for r in records),
        "completion": completion(records),
        "seats": seats(batch, finished),
        "agent_scores": agent_scores(batch, finished),
        "ends": ends(batch, records),
        "length": length(batch, records),
        "precision": precision(finished),
        "rule_use": rule_use(engine, records),
    }


def completion(records: Sequence[Record]) -> dict[str, Any]:
    """Games finished, cut off at max_turns, tied, and stopped by a broken invariant."""
    n = len(records)
    return {
        "finished": rate(sum(r.finished for r in records), n),
        "timeouts": rate(sum(r.timed_out for r in records), n),
        "ties": rate(sum(_tied(r) for r in records), n),
        "errors": rate(sum(r.error is not None for r in records), n),
    }


def _tied(record: Record) -> bool:
    if not record.finished:
        return False
    best = max(record.returns)
    return sum(value == best for value in record.returns) > 1


def seats(batch: Batch, finished: Sequence[Record]) -> list[dict[str, Any]]:
    """Each seat's score rate (a tie counts its share, as `returns` gives it) in finished games,
    against the fair share 1/P: the first entry is Ludii's AdvantageP1."""
    n = len(finished)
    fair = 1 / batch.players
    figures = []
    for seat in range(batch.players):
        score = sum(r.returns[seat] for r in finished)
        figure = rate(score, n)
        figure["seat"] = seat + 1
        figure["fair_share"] = round(fair, 6)
        figure["clear"] = wilson(score, n).excludes(fair) if n else False
        figures.append(figure)
    return figures


def agent_scores(batch: Batch, finished: Sequence[Record]) -> list[dict[str, Any]]:
    """Each player identity's score rate over the seats it sat in (with --swap, every seat)."""
    n = len(finished)
    figures = []
    for identity, agent in enumerate(batch.agents if len(batch.agents) > 1 else ()):
        score = sum(r.returns[r.identities.index(identity)] for r in finished)
        figures.append({"agent": agent, "player": identity + 1, **rate(score, n)})
    return figures


def ends(batch: Batch, records: Sequence[Record]) -> list[dict[str, Any]]:
    """How the games ended: each end condition of the rules (those never reached too), then
    timeouts and broken invariants."""
    n = len(records)
    counted = Counter(r.end for r in records if r.finished)
    named = list(batch.rules.rules.end_conditions) if batch.rules.rules else []
    figures = [{"end": end, **rate(counted[end], n)} for end in named]
    unnamed = sum(count for end, count in counted.items() if end not in named)
    if unnamed:
        figures.append({"end": "(no end condition named)", **rate(unnamed, n)})
    figures.append({"end": "timeout", **rate(sum(r.timed_out for r in records), n)})
    return figures


def distribution(values: Sequence[int]) -> dict[str, Any]:
    """Quartiles, extremes and a histogram of whole numbers (turns, decisions)."""
    if not values:
        return {"n": 0, "total": 0, "min": 0, "max": 0, "quartiles": [0, 0, 0], "histogram": []}
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / HISTOGRAM_BINS))
    bins = Counter((value - low) // width for value in values)
    histogram = [
        [low + b * width, low + (b + 1) * width - 1, bins[b]]
        for b in range((high - low) // width + 1)
    ]
    return {
        "n": len(values),
        "total": sum(values),
        "min": low,
        "max": high,
        "quartiles": [plain_number(round(q, 6)) for q in quartiles(values)],
        "histogram": histogram,
    }


def length(batch: Batch, records: Sequence[Record]) -> dict[str, Any]:
    """Game length in turns (finished games) and decisions per seat."""
    finished = [r for r in records if r.finished]
    return {
        "turns": distribution([r.turns for r in finished]),
        "decisions": [
            {"seat": seat + 1, **distribution([r.decisions[seat] for r in finished])}
            for seat in range(batch.players)
        ],
    }


def split_length(records: Sequence[Record], mark: int) -> dict[str, Any]:
    """Game length split at mark `mark` of the batch: the share of finished games in which it
    happened, and in those the turns before it and after it (distributions and means with
    their intervals)."""
    finished = [r for r in records if r.finished]
    reached = [r for r in finished if r.marked[mark] != NEVER_MARKED]
    parts = {
        "before": [r.marked[mark] for r in reached],
        "after": [r.turns - r.marked[mark] for r in reached],
    }
    return {
        "reached": rate(len(reached), len(finished)),
        **{
            part: {**distribution(turns), "mean": mean_interval(turns).as_json()}
            for part, turns in parts.items()
        },
    }


def precision(finished: Sequence[Record]) -> dict[str, Any]:
    """How precise the first seat's score rate is, and the playouts ±1 and ±2 points need."""
    n = len(finished)
    score = sum(r.returns[0] for r in finished)
    interval = wilson(score, n)
    return {
        "figure": "seat 1 score rate",
        "n": n,
        "half_width": round(interval.half_width, 6),
        "playouts_for": {
            f"±{round(points * 100)} points": playouts_for(points, interval.estimate)
            for points in PRECISIONS
        },
    }


def rule_use(engine: Engine, records: Sequence[Record]) -> list[dict[str, Any]]:
    """Each event the engine names: the games it happened in and its steps; never-reached
    events (a rule no playout used) are listed with zero."""
    n = len(records)
    games: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    for r in records:
        for event, count in r.events:
            games[event] += 1
            steps[event] += count
    names = list(engine.events) + sorted(set(games) - set(engine.events))
    return [{"event": name, "steps": steps[name], **rate(games[name], n)} for name in names]


def score_of(record: Record, identity: int) -> float:
    """What player identity `identity` scored in a playout (0 when it did not finish)."""
    if not record.finished:
        return 0.0
    return record.returns[record.identities.index(identity)]


def paired_change(
    baseline: Sequence[Record], changed: Sequence[Record], orders: int, comparisons: int
) -> dict[str, Any]:
    """The tested player's score change on the same seeds (common random numbers): the
    per-seed mean over seat orders, bootstrapped; clear only when the interval at the
    Bonferroni level for `comparisons` excludes 0."""
    differences = [
        sum(score_of(c, 0) - score_of(b, 0) for b, c in zip(base, new, strict=True)) / orders
        for base, new in zip(_per_seed(baseline, orders), _per_seed(changed, orders), strict=True)
    ]
    interval = paired_bootstrap(differences)
    corrected = paired_bootstrap(differences, level=1 - 0.05 / max(1, comparisons))
    base = sum(score_of(b, 0) for b in baseline)
    new = sum(score_of(c, 0) for c in changed)
    return {
        "seeds": len(differences),
        "baseline": rate(base, len(baseline)),
        "changed": rate(new, len(changed)),
        "change": interval.as_json(),
        "comparisons": comparisons,
        "bonferroni": corrected.as_json(),
        "clear": corrected.excludes(0.0),
    }


def observed_rates(records: Sequence[Record], option: int) -> dict[str, Any]:
    """Player identity 0's score in the games where it made move `option` and in those where
    it did not (a game cut off scores 0, as in the baseline): an observation, not an effect
    (winners' choices are biased)."""
    taken = [r for r in records if r.took[option]]
    other = [r for r in records if not r.took[option]]
    return {
        "taken": rate(sum(score_of(r, 0) for r in taken), len(taken)),
        "not_taken": rate(sum(score_of(r, 0) for r in other), len(other)),
    }


def _per_seed(records: Sequence[Record], orders: int) -> list[Sequence[Record]]:
    return [records[start : start + orders] for start in range(0, len(records), orders)]


def sweep_point(value: Any, batch: Batch, records: Sequence[Record]) -> dict[str, Any]:
    """One value of a sweep: the figures a designer compares across values."""
    finished = [r for r in records if r.finished]
    n = len(finished)
    point = {
        "value": value,
        "seat_1": rate(sum(r.returns[0] for r in finished), n),
        "timeouts": rate(sum(r.timed_out for r in records), len(records)),
        "turns": distribution([r.turns for r in finished])["quartiles"],
    }
    if len(batch.agents) > 1:
        point["player_1"] = rate(sum(score_of(r, 0) for r in finished), n)
    return point


def sweep_changes(points: list[dict[str, Any]]) -> None:
    """Each point's change of the seat-1 rate from the first value, with Newcombe's interval
    (the points are separate batches on the same seeds, treated as independent: conservative)."""
    first = points[0]["seat_1"]
    for point in points:
        here = point["seat_1"]
        change: Interval = newcombe((here["count"], here["n"]), (first["count"], first["n"]))
        point["seat_1_change"] = change.as_json()
