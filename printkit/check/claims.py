"""Claims and worked examples of a rule text, evaluated against the data in Jinja2's sandbox.

Each ends in one status: checked (it holds), failing (it does not: an error, or a note when an
erratum names it), or waiting for the game's engine (it needs play to be checked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from printkit.check.expression_names import missing_names
from printkit.diagnostics import (
    CLAIM_FALSE,
    CLAIM_UNEVALUABLE,
    EXAMPLE_KEYS,
    EXAMPLE_WRONG,
    EXPRESSION_NAMES_NOTHING,
    Diagnostics,
    Span,
    closest,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package
from printkit.model.rules_context import rules_context
from printkit.sandbox.environment import GLOBALS
from printkit.sandbox.expressions import TemplateProblem, evaluate


class Status(StrEnum):
    CHECKED = "checked"
    FAILING = "failing"
    WAITING = "waiting for engine"
    HELD = "held"  # a property of seeded playouts: "held in N playouts"
    NOT_PLAYED = "not played"  # a property when playouts are off (build, --no-simulate)


@dataclass(frozen=True)
class Verdict:
    kind: str  # claim | example
    id: str
    status: Status
    text: str
    playouts: int | None = None  # a property's: the seeded games played
    n: int | None = None  # the moments the rate counts (a game's end, or each step checked)
    rate: float | None = None  # the share of those moments where the expression was true
    interval: tuple[float, float] | None = None  # Wilson 95% interval of the rate

    @property
    def label(self) -> str:
        """The status as `printkit claims` prints it: "held in 500 playouts"."""
        if self.status is Status.HELD:
            return f"held in {self.playouts} playout{'s' if self.playouts != 1 else ''}"
        return str(self.status)

    def summary(self) -> str:
        """The rate in words: "true at 85.9% of 198 moments (95% interval 80.3% to 90.0%)";
        empty for a verdict that played no playouts. A narrow interval gets a second decimal,
        so that 0 of 8,452 does not read as "0.0% to 0.0%"."""
        if self.interval is None or self.rate is None:
            return ""
        low, high = self.interval
        digits = 1 if high - low >= 0.01 else 2
        return (
            f"true at {self.rate:.{digits}%} of {self.n} moments (95% interval "
            f"{low:.{digits}%} to {high:.{digits}%})"
        )

    def figures(self) -> dict[str, object]:
        """The rate and its interval, as `validate --format json` gives them (none for a
        verdict that played no playouts)."""
        if self.playouts is None:
            return {}
        low, high = self.interval or (None, None)
        return {"playouts": self.playouts, "n": self.n, "rate": self.rate, "low": low, "high": high}


def check_claims(package: Package, spans: SourceMap, diagnostics: Diagnostics) -> list[Verdict]:
    """Evaluate every claim and example; one verdict each, diagnostics for the failing ones."""
    context = rules_context(package)
    verdicts: list[Verdict] = []
    for claim_id, claim in package.claims.items():
        path = ("claims", claim_id)
        if claim.check is None:
            verdicts.append(Verdict("claim", claim_id, Status.WAITING, claim.text))
            continue
        value = evaluate_at(claim.check, context, spans, (*path, "check"), diagnostics)
        if value is not True and value is not False:
            if value is not FAILED:
                diagnostics.add(
                    CLAIM_UNEVALUABLE,
                    f"claim '{claim_id}' gives {value!r}, not true or false",
                    spans.value((*path, "check")),
                    hint="write a comparison, e.g. '… == 34'",
                )
            verdicts.append(Verdict("claim", claim_id, Status.FAILING, claim.text))
            continue
        if not value:
            diagnostics.add(
                CLAIM_FALSE,
                f"claim '{claim_id}' does not hold: {claim.text}",
                spans.value((*path, "check")),
                hint="the text contradicts its own data: correct the data, or record an erratum",
            )
        verdicts.append(
            Verdict("claim", claim_id, Status.CHECKED if value else Status.FAILING, claim.text)
        )
    for example_id, example in package.examples.items():
        path = ("examples", example_id)
        if example.engine is not None and example.play is None:
            verdicts.append(Verdict("example", example_id, Status.WAITING, example.text))
            continue
        played = set(example.play.expect) if example.play is not None else set()
        ok = set(example.compute) | played == set(example.outcome)
        if not ok:
            diagnostics.add(
                EXAMPLE_KEYS,
                f"example '{example_id}' states {sorted(example.outcome)} but computes "
                f"{sorted(example.compute)}" + (f" and plays {sorted(played)}" if played else ""),
                spans.key((*path, "compute" if example.compute else "play")),
                hint="give one expression in 'compute' or 'play.expect' for each key of 'outcome'",
            )
        scope = {**context, **example.inputs, "inputs": example.inputs}
        for key, expression in example.compute.items():
            value = evaluate_at(expression, scope, spans, (*path, "compute", key), diagnostics)
            if value is FAILED:
                ok = False
            elif key in example.outcome and value != example.outcome[key]:
                ok = False
                example_wrong(
                    example_id, key, example.outcome[key], f"the rules give {value!r}",
                    spans.value((*path, "outcome", key)), diagnostics,
                    "the example does not follow from the rules: record an erratum naming the "
                    "reading printkit follows, or correct the data",
                )  # fmt: skip
        status = Status.FAILING if not ok else Status.CHECKED if example.compute else Status.WAITING
        verdicts.append(Verdict("example", example_id, status, example.text))
    return verdicts


FAILED = object()  # what evaluate_at gives when the expression failed (and was reported)


def evaluate_at(
    expression: str,
    context: dict[str, Any],
    spans: SourceMap,
    path: PathKey,
    diagnostics: Diagnostics,
) -> Any:
    """The expression's value, or FAILED after reporting why it has none (at `path`)."""
    missing = list(missing_names(expression, context))
    if missing:
        span = spans.value(path)
        for offset, what, hint in missing:
            diagnostics.add(
                EXPRESSION_NAMES_NOTHING,
                f"{_owner(path)} names {what}, which does not exist",
                replace(span, column=span.column + offset) if "\n" not in expression else span,
                hint=hint,
            )
        return FAILED
    try:
        return evaluate(expression, context)
    except TemplateProblem as problem:
        if _undefined_value(expression, str(problem), context):
            return FAILED  # PK535 says it, at this expression's line, with the value's name
        diagnostics.add(
            problem.code or CLAIM_UNEVALUABLE,
            str(problem),
            spans.value(path),
            hint=problem.hint
            or _meant_name(str(problem), context)
            or "the names an expression may use are listed in docs/limits.md ('Template helpers')",
        )
        return FAILED


def _meant_name(problem: str, context: dict[str, Any]) -> str | None:
    """'did you mean factor?' for an undefined name close to one the expression may use (an
    example's input, a value of the context, a helper)."""
    undefined = re.search(r"'([^']+)' is undefined", problem)
    if undefined is None:
        return None
    close = closest(undefined[1], [*context, *GLOBALS])
    return None if close is None else f"did you mean '{close}'?"


def _undefined_value(expression: str, problem: str, context: dict[str, Any]) -> bool:
    """Whether the expression failed on a `values.NAME` the rules do not define: that is
    PK535's to report (check/values.py), once."""
    missing = re.search(r"has no (?:field|item) '([^']+)'", problem)
    if missing is None or missing[1] in (context.get("values") or {}):
        return False
    return re.search(rf"\bvalues\s*\.\s*{re.escape(missing[1])}\b", expression) is not None


def _owner(path: PathKey) -> str:
    """ "claim 'x'" or "example 'x'", from the path of its expression."""
    return f"{'claim' if path[0] == 'claims' else 'example'} '{path[1]}'"


def example_wrong(
    example_id: str,
    key: str,
    stated: Any,
    found: str,
    span: Span,
    diagnostics: Diagnostics,
    hint: str,
) -> None:
    """PK532: a worked example's stated outcome is not what the rules (or play) give. The
    message's "example 'X' states KEY" prefix is what errata subjects match."""
    diagnostics.add(
        EXAMPLE_WRONG,
        f"example '{example_id}' states {key} = {stated!r} but {found}",
        span,
        hint=hint,
    )
