"""Claims and worked examples of a rule text, evaluated against the data in Jinja2's sandbox.

Each ends in one status: checked (it holds), failing (it does not: an error), resolved (failing
on the text, holding on the rules as played: the errata's plays put their resolution in the
data; check/played_claims.py; or, failing there too, each of its faults named by an erratum:
resolved in words, as validate's notes say), or waiting for the game's engine (it needs play to
be checked).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from printkit.check.errata import errata_named, resolving_errata
from printkit.check.expression_names import missing_names, paths_read
from printkit.check.follow_ons import reads_broken
from printkit.diagnostics import (
    CLAIM_FALSE,
    CLAIM_UNEVALUABLE,
    EXAMPLE_KEYS,
    EXAMPLE_WRONG,
    EXPRESSION_NAMES_NOTHING,
    Diagnostic,
    Diagnostics,
    Span,
    closest,
    one_line,
)
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package
from printkit.model.rules import Example
from printkit.model.rules_context import rules_context
from printkit.sandbox.environment import GLOBALS
from printkit.sandbox.expressions import TemplateProblem, compared, evaluate


class Status(StrEnum):
    CHECKED = "checked"
    FAILING = "failing"
    WAITING = "waiting for engine"
    HELD = "held"  # a property of seeded playouts: "held in N playouts"
    NOT_PLAYED = "not played"  # a property when playouts are off (build, --no-simulate)
    # failing on the text, holding on the rules as played: "resolved by erratum 'x'"; or its
    # faults all named by errata: "resolved by erratum 'x' (in words)"
    RESOLVED = "resolved"


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
    errata: tuple[str, ...] = ()  # a resolved one's: the errata whose plays make it hold
    in_words: bool = False  # resolved by errata naming its faults, not by their plays
    compared: str = ""  # a failing claim's: what its check compared ('0.487432 > 0.5')
    # the notes that change how its status reads (PK552: an erratum's plays change whether it
    # holds), listed with it by `printkit claims` and validate's JSON as well as where it is
    notes: tuple[Diagnostic, ...] = ()
    # what its checks and play found wrong: resolved in words when an erratum names each
    faults: tuple[Diagnostic, ...] = ()

    @property
    def label(self) -> str:
        """The status as `printkit claims` prints it: "held in 500 playouts", "resolved by
        erratum 'three_pushes'"."""
        if self.status is Status.HELD:
            return f"held in {self.playouts} playout{'s' if self.playouts != 1 else ''}"
        if self.status is Status.RESOLVED:
            words = " (in words)" if self.in_words else ""
            return f"resolved by {errata_named(self.errata)}{words}"
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


def check_claims(
    package: Package,
    spans: SourceMap,
    diagnostics: Diagnostics,
    broken: Collection[PathKey] = (),
) -> list[Verdict]:
    """Evaluate every claim and example; one verdict each, diagnostics for the failing ones.
    A claim that reads a part that did not load (`broken`, reported) is not judged: it would
    judge the game without it."""
    context = rules_context(package)
    verdicts: list[Verdict] = []
    for claim_id, claim in package.claims.items():
        if claim.check is not None and reads_broken(paths_read(claim.check), broken):
            continue
        if claim.check is None:
            verdicts.append(Verdict("claim", claim_id, Status.WAITING, claim.text))
            continue
        found = Diagnostics()
        held, said = claim_holds(claim_id, claim.text, claim.check, context, spans, found)
        diagnostics.extend(found)
        status = Status.CHECKED if held else Status.FAILING
        verdicts.append(
            Verdict("claim", claim_id, status, claim.text, compared=said, faults=tuple(found))
        )
    for example_id, example in package.examples.items():
        if example.engine is not None and example.play is None:
            verdicts.append(Verdict("example", example_id, Status.WAITING, example.text))
            continue
        found = Diagnostics()
        ok = keys_covered(example)
        if not ok:
            played = _played_keys(example)
            found.add(
                EXAMPLE_KEYS,
                f"example '{example_id}' states {sorted(example.outcome)} but computes "
                f"{sorted(example.compute)}" + (f" and plays {sorted(played)}" if played else ""),
                spans.key(("examples", example_id, "compute" if example.compute else "play")),
                hint="give one expression in 'compute' or 'play.expect' for each key of 'outcome'",
            )
        scope = example_scope(context, example)
        for key in example.compute:
            ok = computed_holds(example_id, example, key, scope, spans, found) and ok
        diagnostics.extend(found)
        status = Status.FAILING if not ok else Status.CHECKED if example.compute else Status.WAITING
        verdicts.append(Verdict("example", example_id, status, example.text, faults=tuple(found)))
    return verdicts


def resolved_in_words(verdict: Verdict, text: Package) -> Verdict:
    """A verdict failing once every check and play is done, each of its faults named by an
    erratum of the text, is resolved by those errata in words: validate turns each fault into a
    note, so `printkit claims` must not list as failing what validate calls resolved. Its
    comparison stays: on the text it does fail."""
    if verdict.status is not Status.FAILING or not verdict.faults:
        return verdict
    names = resolving_errata(text, verdict.faults)
    if names is None:
        return verdict
    return replace(verdict, status=Status.RESOLVED, errata=tuple(names), in_words=True)


def claim_holds(
    claim_id: str,
    text: str,
    check: str,
    context: dict[str, Any],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> tuple[bool, str]:
    """Whether a claim's check is true over `context` (one version of the rules), and what it
    compared when it is false (made once: a long check takes time to explain); each reason it
    is not true is reported."""
    path = ("claims", claim_id, "check")
    value = evaluate_at(check, context, spans, path, diagnostics)
    if value is not True and value is not False:
        if value is not FAILED:
            diagnostics.add(
                CLAIM_UNEVALUABLE,
                f"claim '{claim_id}' gives {value!r}, not true or false",
                spans.value(path),
                hint="write a comparison, e.g. '… == 34'",
            )
        return False, ""
    if value:
        return True, ""
    slips: list[str] = []
    said = compared(check, context, slips) or ""
    diagnostics.add(
        CLAIM_FALSE,
        f"claim '{claim_id}' does not hold: {one_line(text)}"
        + (f" (its check compares {said})" if said else ""),
        spans.value(path),
        hint="; ".join(dict.fromkeys(slips))
        or "the text contradicts its own data: correct the data, or record an erratum",
    )
    return False, said


def keys_covered(example: Example) -> bool:
    """Whether the keys an example computes and plays are the keys of its outcome."""
    return set(example.compute) | _played_keys(example) == set(example.outcome)


def _played_keys(example: Example) -> set[str]:
    return set(example.play.expect) if example.play is not None else set()


def example_scope(context: dict[str, Any], example: Example) -> dict[str, Any]:
    """What an example's expressions see: the rules, and its inputs by name and as `inputs`."""
    return {**context, **example.inputs, "inputs": example.inputs}


def computed_holds(
    example_id: str,
    example: Example,
    key: str,
    scope: dict[str, Any],
    spans: SourceMap,
    diagnostics: Diagnostics,
) -> bool:
    """Whether one key an example computes gives the outcome it states (a key the outcome
    lacks only has to evaluate); each reason it does not is reported."""
    value = evaluate_at(
        example.compute[key], scope, spans, ("examples", example_id, "compute", key), diagnostics
    )
    if value is FAILED:
        return False
    if key in example.outcome and value != example.outcome[key]:
        example_wrong(
            example_id, key, example.outcome[key], f"the rules give {value!r}",
            spans.value(("examples", example_id, "outcome", key)), diagnostics,
            "the example does not follow from the rules: record an erratum naming the "
            "reading printkit follows, or correct the data",
        )  # fmt: skip
        return False
    return True


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
