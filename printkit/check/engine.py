"""The validator's link to a game's engine: what only play can check.

For a package bound to an engine (`game.engine`), on the played rules: the engine's data must
be there (PK542) and unambiguous (PK541); every scripted `play:` is replayed (PK540, PK530,
PK532, PK549); property claims are played over seeded playouts when asked (`claims`,
`validate`), and `validate`'s smoke playouts look for games that never end and rules never
used. A claim or example that needs play but gives no `play:` is PK548.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from printkit.check.claims import Status, Verdict
from printkit.check.engine_properties import check_property
from printkit.check.engine_scripts import check_script
from printkit.check.engine_setup import BoundEngine
from printkit.check.engine_smoke import check_smoke, cut_short
from printkit.check.tables import check_tables
from printkit.diagnostics import (
    ENGINE_AMBIGUOUS,
    ENGINE_NEEDS_DATA,
    INVARIANT_BROKEN,
    PLAY_MISSING,
    RULE_UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
)
from printkit.load.package import LoadedPackage
from printkit.load.played import NOT_SET, parse_path, value_at
from printkit.load.yaml_spans import PathKey
from printkit.model.limits import MAX_VALIDATE_MOVES
from printkit.model.play import Property, Scenario
from printkit.model.simulation import Simulation
from printkit.simulate.binding import engine_names, load_engine
from printkit.simulate.budget import OutOfMoves, moves_allowed
from printkit.simulate.protocol import Engine


def check_engine(
    loaded: LoadedPackage,
    verdicts: list[Verdict],
    diagnostics: Diagnostics,
    smoke: bool,
    properties: bool = False,
) -> None:
    """Check `loaded` (the played rules) with its engine; `verdicts` (from check_claims) are
    updated in place with what play showed. `properties` plays property claims, `smoke` the
    smoke playouts too."""
    engine = bound_engine(loaded, diagnostics)
    if engine is None:
        return
    bound = BoundEngine(engine, loaded)
    _waiting(loaded, diagnostics)
    if not _data_complete(bound, diagnostics):
        return
    if bound.new_game(bound.default_players(), None, ("game", "engine"), diagnostics) is None:
        return
    with moves_allowed(MAX_VALIDATE_MOVES):
        _played(bound, verdicts, diagnostics, smoke, properties)


def _played(
    bound: BoundEngine,
    verdicts: list[Verdict],
    diagnostics: Diagnostics,
    smoke: bool,
    properties: bool,
) -> None:
    """The claims' and examples' play, then the smoke playouts, within one allowance of moves."""
    loaded = bound.loaded
    package = loaded.package
    max_turns = (package.simulation or Simulation()).max_turns
    index = {(verdict.kind, verdict.id): at for at, verdict in enumerate(verdicts)}
    for claim_id, claim in package.claims.items():
        at = index[("claim", claim_id)]
        if isinstance(claim.play, Scenario):
            play = partial(_scripted, bound, verdicts[at], ("claims", claim_id), claim)
            verdicts[at] = _playing(verdicts[at], play, diagnostics)
        elif isinstance(claim.play, Property) and properties:
            play = partial(check_property, bound, claim_id, claim, max_turns)
            verdicts[at] = _playing(verdicts[at], play, diagnostics)
        elif isinstance(claim.play, Property):
            verdicts[at] = Verdict("claim", claim_id, Status.NOT_PLAYED, claim.text)
    for example_id, example in package.examples.items():
        if example.play is not None:
            at = index[("example", example_id)]
            play = partial(_scripted, bound, verdicts[at], ("examples", example_id), example)
            verdicts[at] = _playing(verdicts[at], play, diagnostics)
    _split_events_named(bound, diagnostics)
    if smoke and not any(found.code == INVARIANT_BROKEN for found in diagnostics):
        check_smoke(bound, diagnostics)  # a script already found the engine broken on this data


def _playing(
    verdict: Verdict, play: Callable[[Diagnostics], Verdict], diagnostics: Diagnostics
) -> Verdict:
    """A verdict once played, carrying what play found wrong beside what its checks did: an
    erratum naming each of them resolves it in words (check/claims.py)."""
    found = Diagnostics()
    played = play(found)
    diagnostics.extend(found)
    return replace(played, faults=(*verdict.faults, *found))


def _scripted(
    bound: BoundEngine, verdict: Verdict, path: PathKey, item: Any, diagnostics: Diagnostics
) -> Verdict:
    """A claim's or example's scripted game replayed, and its verdict; not played when the
    game's moves ran out before its end (PK550)."""
    try:
        held = check_script(bound, path, item, diagnostics)
    except OutOfMoves:
        stopped = f"the scripted game of {verdict.kind} '{verdict.id}' stopped before its end"
        cut_short(bound, stopped, (*path, "play", "moves"), diagnostics)
        return Verdict(
            verdict.kind, verdict.id, Status.NOT_PLAYED, verdict.text, notes=verdict.notes
        )
    return _status(verdict, held)


def bound_engine(loaded: LoadedPackage, diagnostics: Diagnostics) -> Engine | None:
    """The engine `game.engine` names; None without one, or PK500 when printkit has none of
    that name."""
    name = loaded.package.game.engine
    if name is None:
        return None
    try:
        return load_engine(name)
    except KeyError:
        diagnostics.add(
            RULE_UNKNOWN_REFERENCE,
            f"game.engine names engine '{name}', which printkit does not have",
            loaded.spans.value(("game", "engine")),
            hint=did_you_mean(
                name,
                engine_names(),
                otherwise="the engines are the modules of printkit.games: "
                + (", ".join(engine_names()) or "none yet"),
            ),
        )
        return None


def _split_events_named(bound: BoundEngine, diagnostics: Diagnostics) -> None:
    """PK500 for a length split at an event the engine never names (it would never happen)."""
    known = bound.engine.events
    for name, split in (bound.loaded.package.simulation or Simulation()).splits.items():
        if split.at not in known:
            diagnostics.add(
                RULE_UNKNOWN_REFERENCE,
                f"split '{name}' is at '{split.at}', an event engine '{bound.name}' never names",
                bound.loaded.spans.value(("simulation", "splits", name, "at")),
                hint=did_you_mean(split.at, known, otherwise="name an action, a phase or a row"),
            )


def _status(verdict: Verdict, held: bool) -> Verdict:
    """A verdict once its scripted game is played: checked only if compute (when it has
    one) and play both held; resolved, as compute was, if play held."""
    if verdict.status is Status.RESOLVED and held:
        return verdict
    failing = verdict.status is Status.FAILING or not held
    status = Status.FAILING if failing else Status.CHECKED
    return Verdict(verdict.kind, verdict.id, status, verdict.text, notes=verdict.notes)


def _waiting(loaded: LoadedPackage, diagnostics: Diagnostics) -> None:
    """PK548 for each claim or example that states play (`engine:`) but gives no `play:`."""
    package = loaded.package
    waiting = [("claims", i, c.check is None) for i, c in package.claims.items()]
    waiting += [("examples", i, not e.compute) for i, e in package.examples.items()]
    items = {"claims": package.claims, "examples": package.examples}
    for group, item_id, needs_play in waiting:
        item = items[group][item_id]
        if needs_play and item.play is None:
            diagnostics.add(
                PLAY_MISSING,
                f"{group[:-1]} '{item_id}' waits for an engine, but the game has engine "
                f"'{package.game.engine}'",
                loaded.spans.key((group, item_id, "engine")),
                hint="give it a 'play:': a scripted game (moves, expect) or a property "
                "(always, never, sometimes, usually or rarely)",
            )


def _data_complete(bound: BoundEngine, diagnostics: Diagnostics) -> bool:
    """Whether the package has every path the engine requires (PK542), each set and each
    table it reads free of gaps and overlaps (PK541), and a handler for each phase (PK542)."""
    loaded, name = bound.loaded, bound.name
    at_engine = loaded.spans.value(("game", "engine"))
    complete = True
    tables: set[str] = set()
    for text in bound.engine.requires:
        path = parse_path(text) or ()
        value, problem, hint = value_at(loaded.package, path)
        if value is NOT_SET:
            problem, hint = f"rules.values has no entry '{path[-1]}'", ""
        if problem is not None:
            complete = False
            diagnostics.add(
                ENGINE_NEEDS_DATA,
                f"engine '{name}' reads {text}, which the package lacks: {problem}",
                at_engine,
                hint=hint or "add the data, or an erratum whose 'plays' gives it",
            )
        elif value is None:
            complete = False
            diagnostics.add(
                ENGINE_AMBIGUOUS,
                f"engine '{name}' reads {text}, which the played rules leave unset",
                loaded.spans.value(path),
                hint="record the reading the engine plays as an erratum with 'plays'",
            )
        elif path[:2] == ("rules", "tables") and len(path) > 2:
            tables.add(str(path[2]))
    return (
        _phases_handled(bound, diagnostics)
        and _tables_whole(bound, tables, diagnostics)
        and (complete)
    )


def _phases_handled(bound: BoundEngine, diagnostics: Diagnostics) -> bool:
    rules = bound.loaded.package.rules
    phases = list(rules.structure.phases) if rules and rules.structure else []
    spans = bound.loaded.spans
    handled = True
    for phase in phases:
        if phase not in bound.engine.phases:
            handled = False
            diagnostics.add(
                ENGINE_NEEDS_DATA,
                f"phase '{phase}' has no handler in engine '{bound.name}'",
                spans.key(("rules", "structure", "phases", phase)),
                hint=did_you_mean(
                    phase, bound.engine.phases, otherwise="the engine plays other phases"
                ),
            )
    for phase in bound.engine.phases:
        if phase not in phases:
            handled = False
            diagnostics.add(
                ENGINE_NEEDS_DATA,
                f"engine '{bound.name}' plays phase '{phase}', which rules.structure.phases "
                "does not have",
                spans.value(("game", "engine")),
                hint=did_you_mean(phase, phases, otherwise="define the phase in play order"),
            )
    return handled


def _tables_whole(bound: BoundEngine, tables: set[str], diagnostics: Diagnostics) -> bool:
    """Whether the tables the engine reads have no gap or overlap in the played rules (their
    faults are reported by the table checks; PK541 says that the engine will not guess)."""
    rules = bound.loaded.package.rules
    if rules is None or not tables:
        return True
    read = rules.model_copy(update={"tables": {t: rules.tables[t] for t in sorted(tables)}})
    faults = Diagnostics()
    check_tables(read, bound.loaded.spans, faults)
    errors = [fault for fault in faults if fault.severity == "error"]
    for fault in errors:
        diagnostics.add(
            ENGINE_AMBIGUOUS,
            f"engine '{bound.name}' will not play a table the played rules leave ambiguous: "
            f"{fault.message} [{fault.code}]",
            bound.loaded.spans.value(("game", "engine")),
            hint="give the erratum that resolves it the 'plays' that fix the rows",
        )
    return not errors
