"""The rules validator: every check of a package's rules, claims and examples, in one call."""

from __future__ import annotations

from printkit.check.claims import Verdict, check_claims, resolved_in_words
from printkit.check.gaps import check_gaps
from printkit.check.played_claims import check_played_claims
from printkit.check.printed_played import check_printed_played
from printkit.check.prose import check_prose
from printkit.check.references import check_references
from printkit.check.requirements import check_requirements
from printkit.check.retyped import check_retyped
from printkit.check.sections import check_sections
from printkit.check.source_coverage import check_source_coverage
from printkit.check.tables import check_tables
from printkit.check.values import check_values_defined
from printkit.diagnostics import Diagnostics
from printkit.load.package import LoadedPackage


def check_rules(
    loaded: LoadedPackage,
    played: LoadedPackage,
    diagnostics: Diagnostics,
    remaining: Diagnostics,
    smoke: bool = False,
    properties: bool = False,
) -> list[Verdict]:
    """The text's faults (errata make notes of them); prose is rendered as `played`, the
    played rules, prints it, the claims the errata change are judged on the played rules too
    (what they still fail goes to `remaining`: no erratum resolves it), and the game's engine
    plays the played rules (`properties`: property claims too; `smoke`: the smoke playouts
    too). A verdict failing with every fault named by an erratum ends resolved in words."""
    package, spans = loaded.package, loaded.spans
    prose = check_prose(played.package, spans, diagnostics)
    check_references(package, prose, spans, diagnostics)
    check_values_defined(package, spans, diagnostics)
    if package.rules is not None:
        check_tables(package.rules, spans, diagnostics)
        check_gaps(package.rules, spans, diagnostics)
        check_retyped(package.rules, spans, diagnostics)
        check_sections(package.rules, spans, diagnostics)
        check_source_coverage(package.rules, spans, diagnostics)
    check_requirements(package, spans, diagnostics)
    check_printed_played(played, diagnostics)
    verdicts = check_claims(package, spans, diagnostics, loaded.broken)
    verdicts = check_played_claims(played, verdicts, remaining)
    if package.game.engine is not None and not loaded.broken:  # it plays the whole game
        # The engines and the playout machinery are a fifth of a build's start-up: a game
        # without an engine does not import them.
        from printkit.check.engine import check_engine

        check_engine(played, verdicts, diagnostics, smoke, properties)
    return [resolved_in_words(verdict, package) for verdict in verdicts]
