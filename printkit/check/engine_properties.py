"""Property claims: one quantified expression, evaluated over seeded playouts.

`always` and `never` stop at the first counterexample and name its seed, playout and step,
with a replay file; `sometimes` stops at the first example; `usually` and `rarely` count every
moment and compare the share true with their threshold. A verdict carries the playouts played,
the moments counted, the share true and its Wilson 95% interval.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from printkit.check.claims import FAILED, Status, Verdict, evaluate_at
from printkit.check.engine_replays import write_replay
from printkit.check.engine_setup import BoundEngine
from printkit.check.engine_smoke import cut_short
from printkit.diagnostics import (
    CLAIM_FALSE,
    CLAIM_UNEVALUABLE,
    RULE_UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
)
from printkit.load.yaml_spans import PathKey
from printkit.model.play import Property
from printkit.model.rules import Claim
from printkit.simulate.budget import OutOfMoves
from printkit.simulate.playout import PlayoutResult, Seeds, play_one
from printkit.simulate.protocol import State
from printkit.simulate.stats import wilson

DECIDED_BY_ONE = {"always": False, "never": True, "sometimes": True}  # the value that decides


@dataclass
class Tally:
    """The moments a property was checked at, and what it found."""

    moments: int = 0
    hits: int = 0  # moments where the expression was true
    failed: bool = False  # the expression could not be evaluated (reported)
    step: int | None = None  # the step of the moment that decided it, in the last playout


def check_property(
    bound: BoundEngine, claim_id: str, claim: Claim, max_turns: int, diagnostics: Diagnostics
) -> Verdict:
    """Play the claim's property and give its verdict (PK530 with a counterexample)."""
    play = claim.play
    assert isinstance(play, Property)
    here = ("claims", claim_id, "play")
    failing = Verdict("claim", claim_id, Status.FAILING, claim.text)
    players = bound.players(play.players, (*here, "players"), diagnostics)
    if players is None or not bound.variant(play.variant, (*here, "variant"), diagnostics):
        return failing
    agents = bound.agents(play.agents, players, (*here, "agents"), diagnostics)
    if agents is None or not _moments_exist(bound, play, here, diagnostics):
        return failing
    if bound.new_game(players, play.variant, ("game", "engine"), diagnostics) is None:
        return failing
    tally = Tally()
    moment = _Moment(bound, play, tally, (*here, play.quantifier), diagnostics)
    played = 0
    try:
        for index in range(play.playouts):
            seeds = Seeds(bound.loaded.id, play.seed, index)
            moment.steps = 0
            result = play_one(
                bound.engine,
                bound.loaded.package,
                players,
                play.variant,
                agents,
                seeds,
                max_turns,
                watch=moment.after if play.after else None,
                keep_final=play.at == "end",
            )
            played += 1
            if play.at == "end":
                moment.at_end(result)
            if tally.failed:
                return failing
            if tally.step is not None:
                if play.quantifier != "sometimes":
                    _counterexample(
                        bound, claim_id, play, players, seeds, result, tally, diagnostics
                    )
                    return _measured(failing, played, tally)
                break
    except OutOfMoves:
        where = (*here, "playouts")
        stopped = f"claim '{claim_id}' stopped after {played} of {play.playouts} playouts"
        cut_short(bound, stopped, where, diagnostics)
        return Verdict("claim", claim_id, Status.NOT_PLAYED, claim.text)
    return _judged(bound, claim_id, play, played, tally, failing, diagnostics)


class _Moment:
    """Evaluates the expression at each moment: after each step applying a listed rule id,
    or at a playout's end."""

    def __init__(
        self,
        bound: BoundEngine,
        play: Property,
        tally: Tally,
        where: PathKey,
        diagnostics: Diagnostics,
    ) -> None:
        self.bound, self.play, self.tally = bound, play, tally
        self.where, self.diagnostics = where, diagnostics
        self.rule_ids = set(play.after)
        self.steps = 0

    def after(self, state: State, actor: int, action: str, events: list[str]) -> bool:
        self.steps += 1
        if self.rule_ids.isdisjoint(events):
            return True
        scope = {"state": state.to_json(), "actor": actor, "action": action, "events": events}
        return self._count(scope, self.steps)

    def at_end(self, result: PlayoutResult) -> None:
        scope = {
            "state": result.final,
            "returns": result.returns,
            "turns": result.turns,
            "timed_out": result.timed_out,
        }
        self._count(scope, result.steps)

    def _count(self, scope: dict[str, Any], step: int) -> bool:
        """Count one moment; False when the playout should stop (decided, or failed)."""
        spans = self.bound.loaded.spans
        value = evaluate_at(self.play.expression, scope, spans, self.where, self.diagnostics)
        if value is FAILED or not isinstance(value, bool):
            if value is not FAILED:
                self.diagnostics.add(
                    CLAIM_UNEVALUABLE,
                    f"claim '{self.where[1]}' gives {value!r}, not true or false",
                    spans.value(self.where),
                    hint="write a comparison, e.g. 'state.workers[actor] | length >= 1'",
                )
            self.tally.failed = True
            return False
        self.tally.moments += 1
        self.tally.hits += value
        if DECIDED_BY_ONE.get(self.play.quantifier) is value:
            self.tally.step = step
            return False
        return True


def _moments_exist(
    bound: BoundEngine, play: Property, here: PathKey, diagnostics: Diagnostics
) -> bool:
    """Whether every rule id of `after` is one the engine names (PK500 where it is not)."""
    known = bound.engine.events
    for index, rule_id in enumerate(play.after):
        if rule_id not in known:
            diagnostics.add(
                RULE_UNKNOWN_REFERENCE,
                f"'play' checks after '{rule_id}', which engine '{bound.name}' never applies",
                bound.loaded.spans.value((*here, "after", index)),
                hint=did_you_mean(rule_id, known, otherwise="name an action, a phase or a row"),
            )
            return False
    return True


def _measured(verdict: Verdict, played: int, tally: Tally) -> Verdict:
    """The verdict with the playouts played, the moments, the share true and its interval."""
    if not tally.moments:
        return replace(verdict, playouts=played, n=0)
    measured = wilson(tally.hits, tally.moments)
    interval = (measured.low, measured.high)
    return replace(
        verdict, playouts=played, n=tally.moments, rate=measured.estimate, interval=interval
    )


def _counterexample(
    bound: BoundEngine,
    claim_id: str,
    play: Property,
    players: int,
    seeds: Seeds,
    result: PlayoutResult,
    tally: Tally,
    diagnostics: Diagnostics,
) -> None:
    replay = write_replay(bound, players, play.variant, play.agents, seeds, result, claim_id)
    verdict = "true" if play.quantifier == "never" else "false"
    diagnostics.add(
        CLAIM_FALSE,
        f"claim '{claim_id}' does not hold: {play.expression} is {verdict} (seed {seeds.seed}, "
        f"playout {seeds.index}, step {tally.step}; {replay})",
        bound.loaded.spans.value(("claims", claim_id, "play", play.quantifier)),
        hint="the engine's play contradicts the claim: correct the data or the claim, or "
        "record an erratum",
    )


def _judged(
    bound: BoundEngine,
    claim_id: str,
    play: Property,
    played: int,
    tally: Tally,
    failing: Verdict,
    diagnostics: Diagnostics,
) -> Verdict:
    """The verdict once every playout is played (or `sometimes` found its example)."""
    measured = _measured(failing, played, tally)
    share = tally.hits / tally.moments if tally.moments else 0.0
    threshold = play.threshold or 0.0
    problem = None
    if not tally.moments:
        problem = f"it was never checked: no playout applied {', '.join(play.after)}"
    elif play.quantifier == "sometimes" and not tally.hits:
        problem = f"{play.expression} was never true"
    elif play.quantifier == "usually" and share < threshold:
        problem = _share(measured, threshold, "at least")
    elif play.quantifier == "rarely" and share > threshold:
        problem = _share(measured, threshold, "at most")
    if problem is None:
        return replace(measured, status=Status.HELD)
    diagnostics.add(
        CLAIM_FALSE,
        f"claim '{claim_id}' does not hold: {problem} (seed {play.seed}, {played} playouts)",
        bound.loaded.spans.value(("claims", claim_id, "play", play.quantifier)),
        hint="the engine's play contradicts the claim: correct the data or the claim, or "
        "record an erratum; more playouts narrow the interval",
    )
    return measured


def _share(verdict: Verdict, threshold: float, bound: str) -> str:
    return f"{verdict.summary()}, where it should be {bound} {threshold:.0%}"
