"""The checks that must pass on the played rules, not only be excused on the text.

The validator reports the text's gaps and overlaps, and an erratum turns each into a note. But
the materials print the played rules (printkit/load/played.py): a gap an erratum resolves only
in words would still be printed. So the table checks, the checks for ties and rounding, the
check for undefined values and the decks' inventory run again on the played rules, and
whatever they still find is an error (PK534), whether an erratum names it or the errata's
`plays` made it.
"""

from __future__ import annotations

from printkit.check.deck import check_inventory
from printkit.check.errata import resolving_erratum
from printkit.check.gaps import check_gaps
from printkit.check.tables import check_tables
from printkit.check.values import check_values_defined, used_values
from printkit.diagnostics import (
    PLAYED_RULES_FAULT,
    RULE_UNUSED,
    Diagnostic,
    Diagnostics,
    did_you_mean,
)
from printkit.load.package import LoadedPackage
from printkit.load.played import NEW_VALUES, erratum_name, plays_of
from printkit.simulate.binding import engine_values


def check_played(
    played: LoadedPackage, text_found: list[Diagnostic], diagnostics: Diagnostics
) -> None:
    """Add PK534 for each fault of the played rules; `text_found` is what the checks of the
    text reported (a fault it reports with no erratum is already an error there)."""
    again = Diagnostics()
    package = played.package
    if package.rules is not None:
        check_tables(package.rules, played.spans, again)
        check_gaps(package.rules, played.spans, again)
    check_values_defined(package, played.spans, again)
    for deck_id, deck in package.decks.items():
        if ("decks", deck_id) not in played.broken:  # its cards are not all known
            check_inventory(package, deck_id, deck, played.spans, again)
    _unused_new_values(played, diagnostics)
    said = {(d.code, d.span, d.message): d for d in text_found}
    for fault in again:
        earlier = said.get((fault.code, fault.span, fault.message))
        if earlier is None:
            diagnostics.add(
                PLAYED_RULES_FAULT,
                f"the errata's plays make a fault the text does not have: {fault.message} "
                f"[{fault.code}]",
                fault.span,
                hint="check the values the errata play here: " + (fault.hint or ""),
            )
            continue
        match = resolving_erratum(package.errata, earlier)
        if match is None:
            continue  # reported as an error already, as the text states it
        erratum = package.errata[match]
        name = erratum_name(package, match)
        how = "only in words (wording_only)" if erratum.wording_only else "but its plays leave it"
        diagnostics.add(
            PLAYED_RULES_FAULT,
            f"the played rules still have it: {fault.message} [{fault.code}]; erratum "
            f"'{name}' resolves it {how}",
            fault.span,
            hint=f"give erratum '{name}' the plays that put its resolution in the data, "
            "which is what the materials print",
        )


def _unused_new_values(played: LoadedPackage, diagnostics: Diagnostics) -> None:
    """A value an erratum adds that nothing uses (no template, no engine) is a leftover or a
    misspelt name (PK502)."""
    used = used_values(played.package) | engine_values(played.package)
    written = played.as_written.rules.values if played.as_written.rules else {}
    for play in plays_of(played.as_written):
        name = play.path[-1] if play.path[:-1] == NEW_VALUES else None
        if name is not None and name not in written and name not in used:
            diagnostics.add(
                RULE_UNUSED,
                f"erratum '{play.name}' plays value '{name}', which nothing uses",
                played.spans.key(play.where),
                hint=did_you_mean(
                    str(name),
                    used - written.keys(),
                    otherwise=f"print it with {{{{ values.{name} }}}}, or remove the entry",
                ),
            )
