"""Errata: a contradiction of the rule text, once resolved in the data, becomes a note.

The validator keeps reporting what the text states; an erratum names the reading printkit
follows, so the build goes on and the note says which side was chosen and why. An erratum the
data has outgrown (it matches no finding, or its plays set only what the text already holds)
would print a correction of nothing: a warning says so.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from printkit.check.erratum_names import check_erratum_names
from printkit.diagnostics import (
    CODES,
    ERRATUM_APPLIED,
    ERRATUM_CHANGES_NOTHING,
    STALE_ERRATUM,
    UNKNOWN_REFERENCE,
    Diagnostic,
    Diagnostics,
    did_you_mean,
    shown_value,
)
from printkit.load.package import LoadedPackage
from printkit.load.played import Play, erratum_name, plays_of, value_at
from printkit.model.package import Erratum, Package


def resolving_erratum(errata: list[Erratum], diagnostic: Diagnostic) -> int | None:
    """The index of the first erratum that names this finding (its code, and its subject in
    the message), or None."""
    return next(
        (
            index
            for index, erratum in enumerate(errata)
            if erratum.code == diagnostic.code and erratum.subject in diagnostic.message
        ),
        None,
    )


def resolving_errata(text: Package, found: Iterable[Diagnostic]) -> list[str] | None:
    """The names of the errata resolving each finding, each once in order; None when one of
    them no erratum resolves (it stays an error)."""
    indexes = [resolving_erratum(text.errata, fault) for fault in found]
    if None in indexes:
        return None
    return list(dict.fromkeys(erratum_name(text, i) for i in indexes if i is not None))


def errata_named(names: Sequence[str]) -> str:
    """ "erratum 'a'", or "errata 'a' and 'b'", as a message names them."""
    quoted = [f"'{name}'" for name in names]
    if len(quoted) == 1:
        return f"erratum {quoted[0]}"
    return f"errata {', '.join(quoted[:-1])} and {quoted[-1]}"


def apply_errata(
    loaded: LoadedPackage,
    found: list[Diagnostic],
    diagnostics: Diagnostics,
    unplayed: Collection[str] = (),
) -> None:
    """Move `found` into `diagnostics`, turning those an erratum resolves into notes.

    `unplayed` names the claims and examples not played this run ("claim 'x'": property
    claims under `build` and `validate --no-simulate`): an erratum about one of them waits
    for play, and is not stale for matching nothing."""
    used: set[int] = set()
    errata = loaded.package.errata
    for diagnostic in found:
        match = resolving_erratum(errata, diagnostic)
        if match is None:
            diagnostics.extend([diagnostic])
            continue
        used.add(match)
        erratum = errata[match]
        diagnostics.add(
            ERRATUM_APPLIED,
            f"{diagnostic.message} [{diagnostic.code}, resolved by erratum "
            f"'{erratum_name(loaded.package, match)}']",
            diagnostic.span,
            hint=f"the text says: {erratum.text_says}; printkit follows: {erratum.resolution}",
        )
    misnamed = check_erratum_names(loaded, diagnostics)
    plays: dict[int, list[Play]] = {}
    for play in plays_of(loaded.package):
        plays.setdefault(play.erratum, []).append(play)
    for index, erratum in enumerate(errata):
        if erratum.code not in CODES:
            diagnostics.add(
                UNKNOWN_REFERENCE,
                f"erratum names unknown code {erratum.code}",
                loaded.spans.value(("errata", index, "code")),
                hint=did_you_mean(
                    erratum.code, CODES, otherwise="see 'printkit explain' for the codes"
                ),
            )
        elif (
            index not in used
            and index not in misnamed
            and not any(owner in erratum.subject for owner in unplayed)
        ):
            diagnostics.add(
                STALE_ERRATUM,
                f"erratum for {erratum.code} '{erratum.subject}' matches no diagnostic",
                loaded.spans.value(("errata", index)),
                hint="remove the erratum, or correct its code or subject",
            )
        elif index in used and _held_already(loaded.package, plays.get(index, [])):
            held = ", ".join(f"{p.key} = {shown_value(p.value)}" for p in plays[index])
            diagnostics.add(
                ERRATUM_CHANGES_NOTHING,
                f"erratum '{erratum_name(loaded.package, index)}' no longer changes anything: "
                f"the text already holds {held}",
                loaded.spans.value(("errata", index)),
                hint="update its plays to the reading printkit follows instead of the text's, "
                "or replace them with 'wording_only: true' if the data already holds it",
            )


def _held_already(text: Package, plays: list[Play]) -> bool:
    """Whether an erratum's plays (one at least) all set what the text already holds: the data
    was edited since, and the erratum corrects nothing. A play confirming the text beside a
    change (a grid column's label) is not stale; a path that does not exist is PK543's."""
    return bool(plays) and all(_holds(text, play) for play in plays)


def _holds(text: Package, play: Play) -> bool:
    """Whether the text already has the played value at the play's path (a truth value never
    equals a number)."""
    was, problem, _ = value_at(text, play.path)
    return (
        problem is None
        and was == play.value
        and isinstance(was, bool) == isinstance(play.value, bool)
    )
