"""Claims and worked examples failing on the text judged again on the played rules, where
the errata resolving them change what they read.

A claim is checked on the text as it states it, and an erratum naming its failure there turns
that into a note (check/errata.py). But the materials print the played rules: when that
erratum's `plays` change what the claim's expression reads, the claim is judged on them too.
Holding there, the erratum resolved it (`printkit claims` says which); failing there, it is an
error no erratum can resolve (PK534), like the other faults of the played rules
(check/played.py). An erratum that plays nothing the expression reads (one resolving it in
words) leaves the text's verdict: the played rules give the same there. Where the plays change
an outcome the text's verdict stands for (a claim true of the text only, or a failure no erratum
names that they make hold), a note (PK552) says which errata changed it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from printkit.check.claims import (
    Status,
    Verdict,
    claim_holds,
    computed_holds,
    example_scope,
    keys_covered,
)
from printkit.check.errata import errata_named, resolving_errata
from printkit.check.expression_names import paths_read
from printkit.diagnostics import (
    ERRATUM_CHANGES_CLAIM,
    PLAYED_RULES_FAULT,
    Diagnostic,
    Diagnostics,
)
from printkit.load.package import LoadedPackage
from printkit.load.played import plays_of, value_at
from printkit.load.yaml_spans import PathKey, SourceMap
from printkit.model.package import Package
from printkit.model.rules_context import rules_context

Judged = dict[PathKey, tuple[bool, list[Diagnostic]]]  # each expression: held, and why not


def check_played_claims(
    played: LoadedPackage, verdicts: list[Verdict], diagnostics: Diagnostics
) -> list[Verdict]:
    """`verdicts`, the text's (check_claims), with each claim or example that fails on the
    text and holds on the played rules marked resolved by the errata that resolve its
    failure; PK534 in `diagnostics` for each of its expressions that fails on the played
    rules where those errata change what it reads."""
    text = played.text
    if text is None:  # the text itself: nothing is played
        return verdicts
    changed = _changed(text, played.package)
    if not changed:
        return verdicts
    contexts = (rules_context(text), rules_context(played.package))
    return [_again(played, text, verdict, changed, contexts, diagnostics) for verdict in verdicts]


def _changed(text: Package, played: Package) -> dict[PathKey, list[str]]:
    """Each path the errata's plays change (a value the played rules hold otherwise than the
    text: not a play refused, nor one confirming the text), with the errata that play it."""
    changed: dict[PathKey, list[str]] = {}
    for play in plays_of(text):
        was, problem, _ = value_at(text, play.path)
        if problem is None and was != value_at(played, play.path)[0]:
            changed.setdefault(play.path, []).append(play.name)
    return changed


def _again(
    played: LoadedPackage,
    text: Package,
    verdict: Verdict,
    changed: dict[PathKey, list[str]],
    contexts: tuple[dict[str, Any], dict[str, Any]],
    diagnostics: Diagnostics,
) -> Verdict:
    """One claim or example failing on the text judged on the played rules too, when the
    plays change what one of its expressions reads; else the text's verdict stands, being
    what the played rules give. An expression still failing there is PK534 when the errata
    resolving its failure on the text play what it reads."""
    reading = {
        path: names
        for path, source, own in _expressions(text, verdict)
        if (names := _changing(path, paths_read(source, own), changed))
    }
    if verdict.status not in (Status.CHECKED, Status.FAILING) or not reading:
        return verdict
    before = _judged(text, verdict, contexts[0], played.spans)
    after = _judged(played.package, verdict, contexts[1], played.spans)
    notes: list[Diagnostic] = []
    faults: list[Diagnostic] = []  # PK534: failing on the played rules, resolved by no erratum
    for path, names in reading.items():
        if path not in after:  # the plays removed it
            continue
        held, found = before[path]
        resolvers = _resolvers(found, names, text)  # none: a failure no erratum names
        if held or not resolvers:
            changed_it = _outcome_changed(verdict, before[path], after[path], names)
            diagnostics.extend(changed_it)
            notes += changed_it
            continue
        by = [name for name in resolvers if name in names]  # none: resolved in words
        for fault in after[path][1] if by else ():
            faults.append(_report(verdict, fault, by, diagnostics))
    # its status reads otherwise with the notes; the faults keep it failing
    noted = replace(verdict, notes=tuple(notes), faults=(*verdict.faults, *faults))
    if verdict.status is Status.CHECKED:
        return noted
    return _resolved(noted, before, after, reading, played.package, text)


def _expressions(package: Package, verdict: Verdict) -> Iterator[tuple[PathKey, str, set[str]]]:
    """Each expression of a claim or example as `package` states it (none of one the plays
    removed): the claim's path or the example key's, its text, and the names it has of its
    own."""
    if verdict.kind == "claim":
        claim = package.claims.get(verdict.id)
        if claim is not None and claim.check is not None:
            yield ("claims", verdict.id), claim.check, set()
        return
    example = package.examples.get(verdict.id)
    if example is None:
        return
    for key, source in example.compute.items():
        yield ("examples", verdict.id, key), source, set(example.inputs)


def _changing(path: PathKey, reads: set[PathKey], changed: dict[PathKey, list[str]]) -> list[str]:
    """The errata whose plays change what an expression reads: the data it names, or the
    claim or example itself."""
    reads = {*reads, path[:2]}
    return sorted(
        {
            name
            for where, names in changed.items()
            for read in reads
            if where[: len(read)] == read or read[: len(where)] == where
            for name in names
        }
    )


def _judged(
    package: Package, verdict: Verdict, context: dict[str, Any], spans: SourceMap
) -> Judged:
    """Each expression of the claim or example judged over one version of the rules."""
    judged: Judged = {}
    for path, source, _ in _expressions(package, verdict):
        found = Diagnostics()
        if verdict.kind == "claim":
            text = package.claims[verdict.id].text
            held, _ = claim_holds(verdict.id, text, source, context, spans, found)
        else:
            example = package.examples[verdict.id]
            scope = example_scope(context, example)
            held = computed_holds(verdict.id, example, path[-1], scope, spans, found)
        judged[path] = (held, found.items)
    return judged


def _resolvers(found: list[Diagnostic], changing: list[str], text: Package) -> list[str]:
    """The errata resolving an expression's failure on the text: those resolving each of its
    findings (none when one is unresolved: an error already); for a failure without one, a
    value the text lacks (PK535's, reported where it is used), those playing what it reads."""
    if not found:
        return changing
    return resolving_errata(text, found) or []


def _outcome_changed(
    verdict: Verdict,
    before: tuple[bool, list[Diagnostic]],
    after: tuple[bool, list[Diagnostic]],
    names: list[str],
) -> list[Diagnostic]:
    """PK552 for an expression the errata's plays (`names`) turn from holding to failing, or
    from a failure no erratum names to holding: the text's verdict stands, so without a note
    nothing would say that an erratum changed it (the verdict carries it too, for `printkit
    claims`)."""
    (held, found), (held_played, faults) = before, after
    diagnostics = Diagnostics()
    errata = errata_named(names)
    owner = f"{verdict.kind} '{verdict.id}'"
    if held and not held_played:
        for fault in faults:
            diagnostics.add(
                ERRATUM_CHANGES_CLAIM,
                f"on the rules as played, {fault.message} [{fault.code}]; it holds on the "
                f"text, and the plays of {errata} change what it reads",
                fault.span,
                hint=f"the plays of {errata} change what {owner} states: nothing to do if "
                f"that is meant (the {verdict.kind} records the text), else correct them",
            )
    elif not held and held_played:
        diagnostics.add(
            ERRATUM_CHANGES_CLAIM,
            f"{owner} holds on the rules as played: the plays of {errata} make it hold, but no "
            f"erratum names its failure on the text [{found[0].code}]",
            found[0].span,
            hint=f"record an erratum for {found[0].code} naming {owner} (its plays may repeat "
            f"those of {errata}): the error becomes a note, and the {verdict.kind} is resolved",
        )
    return diagnostics.items


def _report(
    verdict: Verdict, fault: Diagnostic, by: list[str], diagnostics: Diagnostics
) -> Diagnostic:
    """PK534: an expression still fails on the played rules, though the errata resolving its
    failure on the text (`by`) play what it reads. It is returned too: the verdict's fault."""
    errata = errata_named(by)
    reported = Diagnostics()
    reported.add(
        PLAYED_RULES_FAULT,
        f"on the rules as played too: {fault.message} [{fault.code}]; the plays of {errata} "
        "change what it reads, but do not make it hold",
        fault.span,
        hint=f"the materials print the rules as played: correct the plays of {errata}, so "
        f"that {verdict.kind} '{verdict.id}' holds on them",
    )
    diagnostics.extend(reported)
    return reported.items[0]


def _resolved(
    verdict: Verdict,
    before: Judged,
    after: Judged,
    reading: dict[PathKey, list[str]],
    played: Package,
    text: Package,
) -> Verdict:
    """The verdict of a claim or example failing on the text: resolved, by the errata that
    resolve its failures there, when it holds whole on the played rules."""
    resolvers = [
        _resolvers(found, reading.get(path, []), text)
        for path, (held, found) in before.items()
        if not held
    ]
    if (
        len(after) < len(before)  # the plays removed one of its expressions
        or not all(held for held, _ in after.values())
        or not all(resolvers)
        or (verdict.kind == "example" and not keys_covered(played.examples[verdict.id]))
    ):
        return verdict
    names = dict.fromkeys(name for names in resolvers for name in names)
    return replace(verdict, status=Status.RESOLVED, errata=tuple(names))
