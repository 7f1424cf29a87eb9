"""Mutation testing of the modules where a silent bug prints a wrong game, reported per module.

    nice -n 10 python tools/mutate.py printkit/check/coverage.py geometry
    nice -n 19 python tools/mutate.py printkit/preflight/checks.py::_beyond   # one function
    python tools/mutate.py --list

For each module, mutmut (declared in the dev extra) makes small deliberate bugs in it (a `<`
for a `<=`, a constant changed, a branch negated) and runs the module's relevant tests against
each; a mutant no test notices has *survived*: the tests do not pin that behaviour down. The
script prints per module the kill rate (killed / mutants not listed as equivalent below) and
every survivor with its diff. It is too slow for CI: run it before you stop when you changed
one of these modules, and kill the survivors with tests (or list a true equivalent below).

The modules named run together in one mutmut run, in a scratch copy of the repository (mutmut
rewrites the code it mutates into `mutants/`), so the working tree is never touched; each mutant
meets only the tests that run its function, so naming a whole group costs one collection of
the tests, not one per module. `module::function` runs only that function's mutants (a
method's too) and reports them alone: what changed in a module measured whole before. The script
lowers its own priority (the machine is shared).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "printkit"
MUTMUT = [sys.executable, "-m", "mutmut"]
COPIED = ("printkit", "rule_data", "tests", "templates", "pyproject.toml")

GROUPS = {
    "check": sorted(p for p in (PACKAGE / "check").glob("*.py") if p.name != "__init__.py"),
    "preflight": sorted(p for p in (PACKAGE / "preflight").glob("*.py") if p.name != "__init__.py"),
    "impose": sorted(p for p in (PACKAGE / "impose").glob("*.py") if p.name != "__init__.py"),
    "geometry": sorted(p for p in (PACKAGE / "geometry").glob("*.py") if p.name != "__init__.py"),
    "load": [PACKAGE / "load" / "yaml_spans.py"],
    # a hex map's modules: their own tests build maps (materials/ holds no other group)
    "hexmap": sorted(
        p for p in (PACKAGE / "materials" / "hexmap").glob("*.py") if p.name != "__init__.py"
    ),
    # an engine's __init__ only when it holds one (mutmut mutates nothing but functions)
    "games": sorted(
        p
        for p in (PACKAGE / "games").rglob("*.py")
        if p.name != "__init__.py" or "def " in p.read_text("utf-8")
    ),
}

# Tests that exercise a group through the command line, beyond the tests importing a module
# (and the broken and warning packages expecting a code the module reports, found below).
THROUGH_THE_CLI = {
    "check": [
        "tests/check",
        "tests/test_rules.py",
        "tests/test_cli.py::test_an_erratum_turns_a_known_contradiction_into_a_note",
        "tests/test_played.py",  # the played rules: values, gaps, tables, played.py
        "tests/materials/test_hexmap_checks.py",  # check/hexmap.py, through a built map
        "tests/test_reported_once.py",  # check/deck.py's findings a spreadsheet's cards share
    ],
    "preflight": ["tests/test_preflight.py"],
    "impose": [
        "tests/impose",
        "tests/test_imposition.py",
        "tests/test_fold.py",
        # hex maps are what tiles: their pages, headers and poster limits, built through the CLI
        "tests/materials/test_hexmap_print.py",
        "tests/materials/test_map_header.py",
        "tests/materials/test_hexmap_checks.py",
    ],
    "geometry": ["tests/geometry"],
    # every hex map test: the modules of a map are reached only by building one
    "hexmap": [
        "tests/materials/test_hex_lines.py",
        "tests/materials/test_hex_markers.py",
        "tests/materials/test_hexmap_checks.py",
        "tests/materials/test_hexmap_half_hexes.py",
        "tests/materials/test_hexmap_labels.py",
        "tests/materials/test_hexmap_note_band.py",
        "tests/materials/test_hexmap_patterns.py",
        "tests/materials/test_hexmap_print.py",
        "tests/materials/test_hexmap_selection.py",
        "tests/materials/test_map_header.py",
        "tests/materials/test_map_names.py",
    ],
    # the limits (depth, alias expansion) and the located byte errors load_yaml reports
    "load": ["tests/test_loader.py", "tests/test_input_limits.py"],
    # every engine's tests for each of its modules (among them `validate <game>` playing the
    # rule text's examples on it), and the validator's engine tests
    "games": ["tests/engines", "tests/check/test_engine.py"],
}
# Left out of every mutation run: each builds whole games (every shipped one, or a sheet of
# cards read back in pixels), a minute or more for each mutant the other tests let through,
# and what it pins of a module (no finding on a shipped game, marks and bleed where they print)
# the module's own tests pin too. A mutant only they would kill is reported as surviving.
LEFT_OUT = [
    "tests/test_preflight.py::test_the_shipped_games_trip_no_preflight_check",
    "tests/test_preflight.py::test_no_bleed_reaches_the_strip_the_printer_cannot_print",
    "tests/test_preflight.py::test_crop_marks_stand_only_around_pieces",
    "tests/test_preflight.py::test_the_card_cut_outline_is_solid_and_the_fold_dashed",
]
# Left out too: each runs printkit in a child process from a temporary folder, where mutmut's
# trampoline, counting which tests reach which function, finds no configuration and fails the
# whole run ("could not figure out where the code to mutate is"). What they pin (a folder that
# cannot be listed) is load/files.py's, which no group mutates.
RUN_ELSEWHERE = [
    "tests/test_input_limits.py::test_an_unreadable_game_folder_is_reported_and_the_others_still_load",
    "tests/test_input_limits.py::test_a_named_game_is_read_alone",
]
# Left out as well: it reads the engines' source, which in the scratch copy holds every
# mutant's numbers side by side (mutmut's rewritten modules), so it fails before any mutant runs.
READS_THE_SOURCE = [
    "tests/engines/test_engine_literals.py::test_engines_take_their_numbers_from_the_data",
]
PACKAGE_TESTS = {  # tests/test_broken_packages.py: the tests run for each case, per folder
    "broken": [
        "test_broken_package_gives_its_diagnostic_and_no_output",
        "test_broken_package_reports_each_problem_once_and_nothing_else",
    ],
    "warnings": ["test_a_warning_builds_and_strict_refuses_it"],
    "notes": ["test_a_note_builds_even_under_strict"],
}
# mutmut counts a function as reached by the test during which it ran, in its own process.
# Added to the scratch copy's conftest, so that each mutant meets every test that runs it:
# - builds draw their materials in this process (printkit draws them in worker processes, whose
#   calls mutmut never sees: the impose tests would meet no mutant of what they measure);
# - a session fixture (a game built once, whose sheets most impose tests measure) runs during
#   the first test that asks for it: what its set-up reaches counts for every test using it.
SHARED_FIXTURES = """

# --- added by tools/mutate.py (scratch copy only) ---
import printkit.rebuild as _rebuild
from mutmut.state import state as _mutmut_state

_rebuild.default_jobs = lambda: 1


class _SharedFixtures:
    \"\"\"A plugin, not conftest hooks: a session fixture's set-up goes through the session's
    hooks, which a conftest below the root never joins.\"\"\"

    reached: dict[str, set[str]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        if fixturedef.scope == "function":
            yield
            return
        before, _mutmut_state()._stats = _mutmut_state()._stats, set()
        try:
            yield
        finally:
            reached = _mutmut_state()._stats
            _mutmut_state()._stats = before | reached
            self.reached.setdefault(fixturedef.argname, set()).update(reached)

    def pytest_runtest_call(self, item):
        for name in item.fixturenames:
            _mutmut_state()._stats |= self.reached.get(name, set())


def pytest_configure(config):
    config.pluginmanager.register(_SharedFixtures(), "mutate-shared-fixtures")
"""
_EXPECT = re.compile(r"#\s*expect:\s*(PK\d{3})")
_DIAGNOSTICS_IMPORT = re.compile(r"from printkit\.diagnostics import \(?([^)]*?)\)?\n(?!\s)", re.S)

# Mutants no test can kill because the program behaves the same: (module, a pattern the whole
# mutated line matches, why). Matched on the line, not on mutmut's numbering, so that a change
# to the code makes an entry stale (its mutants survivors to look at again) instead of wrong.
# "module::function" limits an entry to one function, for a line two functions share.
EQUIVALENT: list[tuple[str, str, str]] = [
    (
        "printkit/check/played_claims.py::_again",
        r"if verdict\.status not in \(Status\.CHECKED, Status\.FAILING\) and not reading:",
        "a verdict waiting for play has nothing `reading` could hold (a waiting claim has no "
        "check, and an example with compute and no play is refused), and a checked or failing "
        "one whose expressions read nothing the plays change is judged the same on both: its "
        "verdict comes back as it was",
    ),
    (
        "printkit/check/played_claims.py::_resolved",
        r"_resolvers\(found, reading\.get\(path(, None|, )\), text\)",
        "an expression outside `reading` reads nothing the plays change: failing on the text, "
        "it fails on the played rules too, so the verdict is not resolved whoever resolves it",
    ),
    (
        "printkit/check/expression_names.py::paths_read",
        r"""for name in _NAME\.finditer\(_STRING\.sub\("XX''XX", expression\)\):""",
        "a string's stand-in only keeps its words from being read as names: 'XX' names nothing "
        "of the rules context, and a name cannot touch a string without an operator between",
    ),
    (
        "printkit/check/errata.py",
        r"erratum\.code, CODES, (otherwise=.*|\),)",
        "did_you_mean falls back to `otherwise` only when there is no code at all, and CODES "
        "always holds some: an unknown code gets 'did you mean' or the list of codes",
    ),
    (
        "printkit/check/coverage.py",
        r"reach: float = (None|\+math\.inf)",
        "reach is compared only once reach_row is set, and the two are set together",
    ),
    (
        "printkit/check/coverage.py",
        r'count_text, _, sides_text = dice\.rpartition\("d"\)',
        "a roll holds one 'd' (the model's pattern for dice), so the first is the last",
    ),
    (
        "printkit/check/claims.py",
        r"ok = None",
        "an example's ok is only read as a truth value: None and False both make it 'failing'",
    ),
    (
        "printkit/check/claims.py",
        r"if self\.interval is None and self\.rate is None:",
        "a verdict's rate and interval are set together (engine_properties._measured), so one "
        "is None only when both are",
    ),
    (
        "printkit/check/values.py",
        r"if difflib\.get_close_matches\(name, defined, (n=[1-9], |)(cutoff=0\.6|)\):",
        "only whether a close match exists is read: any n of 1 or more says the same, and 0.6 "
        "is difflib's default cutoff",
    ),
    (
        "printkit/check/values.py",
        r"if len\(path\) <=? FILTERED_DEPTH:",
        "a part is skipped only when its JSON never says 'values', and a string using a value "
        "says it, so its part's JSON does too: the depth only sets how much is serialised",
    ),
    (
        "printkit/check/layout.py::_outside_by",
        r"\)",
        "without the 0.0 a region inside the safe zone gets a negative excess instead of none, "
        "and the only caller skips every excess up to 1e-6 alike",
    ),
    (
        "printkit/check/ink.py::check_ink",
        r"if inks\.coverage >= limit \+ 0\.5:.*",
        "differs only for a colour needing exactly half a percent more ink than the limit, to "
        "the last bit",
    ),
    (
        "printkit/check/rules.py::check_rules",
        r"(smoke|properties): bool = True,",
        "check_rules's only caller (build.check_game) passes every argument: the defaults are "
        "never used",
    ),
    (
        "printkit/check/engine_replays.py::write_replay",
        r"batch = Batch\(seeds\.game, (None|bound\.name), rules, players, variant, by_seat, "
        r"seeds\.seed, (None|1|2)\)",
        "the batch only carries the game file's facts: game_file reads neither its engine's "
        "name (it asks the engine) nor its count of seeds",
    ),
    (
        "printkit/check/engine_replays.py::write_replay",
        r"path\.parent\.mkdir\((parents=(None|False), )?exist_ok=True\)",
        "the replay folder's parent is the system's temporary folder, which tempfile only "
        "returns once it exists",
    ),
    (
        "printkit/check/engine_replays.py::write_replay",
        r'write_atomic\(path, \(json\.dumps\(data, (indent=(None|2))?\) \+ "\\n"\)\.encode\(\)\)',
        "only the file's indentation changes: `printkit replay` parses the same JSON",
    ),
    (
        "printkit/check/layout.py::check_safe_zones",
        r"if excess < 1e-6:",
        "differs only for text exactly 1e-6 pt past the safe zone, to the last bit",
    ),
    (
        "printkit/check/erratum_names.py::check_erratum_names",
        r"replace\(span, column=span\.column \+ 1 \+ start\) if \(span\.line\) or True else span,",
        "errata are read from YAML, so an erratum's subject always has a located span (a "
        "line): the unlocated fallback is never moved",
    ),
    (
        "printkit/check/engine_smoke.py::check_smoke",
        r"if agents is None or bound\.new_game\(players, None, (None|\(.*\)), "
        r"(None|diagnostics)\) is None:",
        "check_engine sets up the same game (the default players, no variant) before the smoke "
        "playouts and stops when it is refused, so here the set-up never fails and its place "
        "and diagnostics are never used",
    ),
    (
        "printkit/check/engine_setup.py::variant",
        r"variants = rules\.variants if \(rules\) or True else \{\}",
        "a package without rules has no rules.structure.phases, and every engine plays a phase "
        "(PK542 for each): check_engine stops before any play asks for a variant",
    ),
    (
        "printkit/check/engine_properties.py::_judged",
        r"share = tally\.hits / tally\.moments if tally\.moments else 1\.0",
        "the share is read only when moments were counted: with none the claim was never "
        "checked, the first problem tested",
    ),
    (
        "printkit/check/engine_properties.py::__init__",
        r"self\.steps = (None|1)",
        "check_property sets the count of steps to 0 before each playout, before `after` "
        "first reads it",
    ),
    (
        "printkit/check/engine_properties.py::check_property",
        r"watch=moment\.after if \(play\.after\) or True else None,",
        "a property checked `at: end` lists no rule ids, and a watch with none lets every step "
        "pass (an empty set is disjoint from any events): only the speed changes",
    ),
    (
        "printkit/check/engine_scripts.py::check_script",
        r"ok = None",
        "ok is only read as a truth value (_status's `not held`, `and ok`): None and False both "
        "say 'failing'",
    ),
    (
        "printkit/check/engine.py::_tables_whole",
        r"if rules is None and not tables:",
        "a table is read only from rules that exist (value_at finds none without them), and "
        "with no table read the check of none finds no error: only the work changes",
    ),
    (
        "printkit/check/engine.py::check_engine",
        r"properties: bool = True,",
        "check_engine's only caller (check_rules) passes every argument: the default is never used",
    ),
    (
        "printkit/check/engine.py::bound_engine",
        r'otherwise=(None,|"XXthe engines are the modules of printkit\.games: XX"'
        r'|"THE ENGINES ARE THE MODULES OF PRINTKIT\.GAMES: ")|\),'
        r'|\+ \(("XX, XX"|", ")\.join\(engine_names\(\)\) (or|and) '
        r'"(none yet|XXnone yetXX|NONE YET)"\),',
        "printkit.games always holds engines, so did_you_mean has names to offer and never "
        "falls back to `otherwise` (the mutant `),` drops it)",
    ),
    (
        "printkit/check/engine.py",
        r"(complete|handled) = None",
        "complete and handled are only read as truth values (`and`, `not`): None and False both "
        "say the engine cannot play the data",
    ),
    (
        "printkit/check/counter_fit.py",
        r"if scale > 1 - 1e-9( or material\.accepts\(code\))?:",
        "differs only for a piece whose scale is exactly 1 - 1e-9, to the last bit",
    ),
    (
        "printkit/check/hexmap.py::_apart_by_colour_alone",
        r"return any\(x != y for x, y in pairs\) and all\(contrast\(x, y\) <= MIN_CONTRAST "
        r"for x, y in pairs\)",
        "differs only for two colours exactly 3 : 1 apart, to the last bit: no two of the 256 "
        "greys are, nor any of 300,000 random pairs of colours (checked)",
    ),
    (
        "printkit/check/deck.py::_check_inventory",
        r'spans\.value\(\("decks", deck_id, "component"\) if \(deck\.component\) or True '
        r'else \("decks", deck_id\)\),',
        "a deck that names no component has no 'component' key, so its path falls back to the "
        "deck's own",
    ),
    (
        "printkit/check/hexmap.py::board_labels",
        r'path = \(\*style\.labels_path, "format"\) if \(labels_set\) or True else '
        r"style\.labels_path",
        "without a labels block the path is the map's own, which has no 'format' key (a map is "
        "strict), so the finding falls back to the map either way",
    ),
    (
        "printkit/check/hexmap.py::check_label_fit",
        r'if (style\.labels\.position == "(XXnoneXX|NONE)" or not widest'
        r'|style\.labels\.position == "none" and not widest) or baseline is not None:',
        "labels that are off give no labels (board_labels returns {}), so widest is empty and "
        "the check returns on `not widest` alone",
    ),
    (
        "printkit/check/hexmap.py::check_label_fit",
        r'path = \(\*style\.labels_path, "size"\) if \(labels_set\) or True else '
        r"style\.labels_path",
        "without a labels block the path is the map's own, which has no 'size' key (a map is "
        "strict), so the finding falls back to the map either way",
    ),
    (
        "printkit/check/hexmap.py::check_markers",
        r'markers = getattr\(material, "markers", (None)?\)',
        "the material checked is a hex map (the source of a copy chain), which always has "
        "`markers` (an empty list by default): the default is never used",
    ),
    (
        "printkit/check/hexmap.py::check_markers",
        r"if marker_reach\(marker, board\.across_flats\) >= board\.across_flats / 2 \+ 1e-6:",
        "differs only for a marker reaching exactly 1e-6 pt past the inscribed circle",
    ),
    (
        "printkit/check/tables.py",
        r"(other = by_id\.get\(row\.id\) if \(row\.id\) or True else None"
        r"|original = rules\.tables\.get\(table\.restates\) if \(table\.restates\) or True "
        r"else None)",
        "get(None) finds nothing: table ids and the ids by_id holds are non-empty strings",
    ),
    (
        "printkit/check/values.py",
        r'return bool\(value_uses\(source\) - context\.get\("values", (None)?\)\.keys\(\)\)',
        "both contexts uses_undefined is given hold 'values' (the prose's rules_context and the "
        "sheets' reference_context built on it), so the default is never used",
    ),
    (
        "printkit/check/counter_fit.py",
        r"def \(layout: Layout, orientation: str, turned: bool = True\) -> float:",
        "reach's only caller, fit_scale, always passes `turned`: the default is never used",
    ),
    (
        "printkit/check/counter_fit.py",
        r"points = \[\(sx \* cx, sy \* cy\) for sx in \(\+?-?1, 1\) for sy in \(\+?-?1, 1\)\]",
        "a rectangle's corners are two pairs of opposites, and the reach is the largest absolute "
        "projection, the same for a corner and its opposite: two corners not opposite suffice",
    ),
    (
        "printkit/check/counter_fit.py",
        r"abs\(x \* math\.cos\(math\.radians\(a\)\) - y \* math\.sin\(math\.radians\(a\)\)\)",
        "every piece measured (a rectangle, turned or not, or a regular hexagon) is its own "
        "mirror image across the x axis, so projecting (x, -y) finds the same reach",
    ),
    (
        "printkit/geometry/polygon.py",
        r"for \(x0, y0\), \(x1, y1\) in zip\(polygon, polygon\[1:\] \+ polygon\[:1\], "
        r"(strict=(None|False))?\):",
        "the corners and the corners rotated by one are always as many, so strict never fires",
    ),
    (
        "printkit/geometry/polygon.py",
        r"for \(x1, y1\), \(x2, y2\) in zip\(points, \[\*points\[1:\], points\[0\]\], "
        r"(strict=(None|False))?\):",
        "the points and the points rotated by one are always as many, so strict never fires",
    ),
    (
        "printkit/geometry/polygon.py",
        r"return (2\.0 if area > 0 else -1\.0|1\.0 if area > 0 else -2\.0)",
        "the sign multiplies both sides of every comparison it enters (a cross product against "
        "0 or a 1e-9 tolerance far below any drawn size), so only its direction matters",
    ),
    (
        "printkit/geometry/polygon.py",
        r"return 1\.0 if area >= 0 else -1\.0",
        "differs only for a polygon of no area, which no outline printkit draws has",
    ),
    (
        "printkit/geometry/polygon.py",
        r"if (abs\(rate\) <= _EPS|rate >= 0|abs\(y1 - y0\) <= _EPS):",
        "differs only when a float is exactly 1e-12 (or exactly 0, already handled the line "
        "before), which no coordinate printkit computes is",
    ),
    (
        "printkit/geometry/polygon.py",
        r"if sign \* \(.*\) <= -1e-9:",
        "differs only when a cross product is exactly -1e-9",
    ),
    (
        "printkit/geometry/polygon.py",
        r"if min\(y0, y1\) - 1e-9 <=? y <=? max\(y0, y1\) \+ 1e-9:",
        "with the 1e-9 allowance on both sides, < and <= differ only for a height exactly "
        "1e-9 past a corner",
    ),
    (
        "printkit/geometry/polygon.py",
        r"for j in range\(int\(min\(y1, y2\) // band\), int\(max\(y1, y2\) / band\) \+ 1\):",
        "int() of the quotient is never below its floor, so at most a band above the edge is "
        "added, where it is never crossed",
    ),
    (
        "printkit/geometry/polygon.py",
        r"xs = \[x0, x1\]",
        "at the height of a level edge of a convex polygon that edge's ends are the chord's "
        "ends, so dropping the other sides' crossings there changes no width",
    ),
    (
        "printkit/geometry/polygon.py",
        r"inside = None",
        "`in` makes the result a bool: None and False both say 'not inside'",
    ),
    (
        "printkit/geometry/polygon.py",
        r"for j in range\(int\(min\(y1, y2\) // band\), int\(max\(y1, y2\) // band\) \+ 2\):",
        "an edge listed in one band too many is never crossed there: that band lies above it",
    ),
    (
        "printkit/geometry/polygon.py",
        r"count = len\(self\.starts\) \+ first_right|count -= 1",
        "only the count's parity is read (`% 2`): L + f and L - f, and +1 and -1, have the same",
    ),
    (
        "printkit/geometry/polygon.py",
        r"while n >= 0 and self\.reach\[n\] > x:|if self\.ends\[n\] > x:",
        "an edge whose reach ends exactly at x crosses left of x (its end lies a margin past "
        "any crossing), so it is never counted either way",
    ),
    (
        "printkit/geometry/polygon.py",
        r"margin = .* # past any rounding of a crossing"
        r"|spans\.append\(\(min\(a, b\) - margin, max\(a, b\) - margin, edge\)\)",
        "the margin only chooses which edges get the exact crossing test: a wider reach costs "
        "time, a narrower one (by at most 1e-9 of the size) differs only for a point within "
        "rounding of an edge's end",
    ),
    (
        "printkit/geometry/polygon.py",
        r"spans\.sort\(key=None\)",
        "sorting the (start, end, edge) tuples whole still sorts them by start",
    ),
    (
        "printkit/geometry/polygon.py",
        r"self\.cuts\[j\] = sorted\(\{v for edge in edges for v in \(edge\[2\], edge\[3\]\)\}\)",
        "every corner's height is the end (y2) of a sloping edge, so the cuts still hold them "
        "all; the x values added only cut the slabs finer, each still spanned by its edges",
    ),
    (
        "printkit/preflight/checks.py::_touching",
        r"start = (None|bisect_left\(lines, at - (2 / TOUCH|3 \* TOUCH)\))"
        r"|if line (>|>=) at \+ (2 \* TOUCH|2 / TOUCH|3 \* TOUCH):",
        "the bisection and the stop only bound which lines are held to the test: a window "
        "starting lower or ending later (2 / TOUCH is 2.4 pt, TOUCH 0.85 pt) still holds every "
        "line within TOUCH of `at`, and the others fail the test: the same answer, slower",
    ),
    (
        "printkit/preflight/checks.py",
        r"(and |if |on_line = |outer\[0\] |vertical = |True: sorted|False: sorted)"
        r".*(TOUCH <|< TOUCH|<= TOUCH|TOUCH:|< start|> end|< outer\[\d\] \+ TOUCH"
        r"|> TOUCH for edge|< TOUCH\),|<= TOUCH\),).*",
        "< and <= against the 0.3 mm touch allowance differ only for two marks exactly 0.3 mm "
        "apart (or a mark exactly 0.3 mm thick) to the last bit",
    ),
    (
        "printkit/preflight/checks.py",
        r"if id\(None\) not in self\.outlines:",
        "the outline is then made again for every test instead of kept: the same answer",
    ),
    (
        "printkit/preflight/checks.py",
        r'if item\.kind in \("(XXtextXX|TEXT)", "image"\):'
        r'|return item\.kind == "image" or \(item\.fill or "XXXX"\)\.lower\(\) != WHITE',
        "a text item has no stroke and always a colour (Text.color is a str), so the test for "
        "any other mark (a colour that is not white) gives a text's own answer, and the "
        "stand-in for a missing fill is never used",
    ),
    (
        "printkit/preflight/checks.py",
        r'return item\.kind == "(XXimageXX|IMAGE)" or \(item\.fill or ""\)\.lower\(\) != WHITE',
        "an image item has no fill, so the fill test ('' is not white) already says it inks",
    ),
    (
        "printkit/preflight/checks.py",
        r"if \(x0 >=? near and y0 >=? near and width - x1 >=? near and height - y1 >=? near\) "
        r"or not \(",
        "an item exactly `near` from an edge then goes to the exact test, which finds it no "
        "nearer than `near`: no finding either way",
    ),
    (
        "printkit/preflight/checks.py",
        r"if distance <= near and .*|.*\.size <= MIN_TEXT - 0\.05.*"
        r"|if ratio <= MIN_CONTRAST and .*",
        "differs only for ink exactly 4.95 mm from an edge, text exactly 5.95 pt, or a "
        "contrast of exactly 3 : 1, to the last bit",
    ),
    (
        "printkit/preflight/checks.py",
        r"for [ij] in range\(\([xy]1 >> s[xy]\) \+ 1\):"
        r"|for [ij] in range\([xy]0 >> s[xy], \([xy]1 (<<|>>) s[xy]\) \+ [12]\):"
        r"|return item\.fill, item\.stroke if \(item\.kind == \"line\"\) or True else None",
        "an item kept in more buckets than it spans, or a stroke among the colours a bucket "
        "may show, only sends more points to the exact search in `under`, which still decides: "
        "only the speed changes",
    ),
    (
        "printkit/preflight/checks.py",
        r'if item\.kind == "(XXtextXX|TEXT)" or not \(.*\):'
        r'|shown = \{WHITE, \*\(c for item in items if item\.kind != "(XXtextXX|TEXT)" .*'
        r'|if item\.kind == "text" and not \(item\.kind in \("image", "line"\) or item\.fill\):',
        "text (or an unfilled shape) then kept as a ground too: `under` never answers with "
        "one (its shape test holds filled rects, circles and paths only), and a text's colour "
        "in a bucket only sends more points to the exact search",
    ),
    (
        "printkit/preflight/checks.py",
        r"x0, y0, x1, y1 = \(int\(v / GROUND_CELL\) for v in item\.box\)"
        r"|self\.last = \(int\(size\[0\] /?/ GROUND_CELL\), int\(size\[1\] /?/ GROUND_CELL\)\)",
        "int(v / c) and int(v // c) differ only for v < 0 (clamped to bucket 0 on the next "
        "lines either way; a page's size is positive) or at a bucket's edge to the last bit",
    ),
    (
        "printkit/preflight/checks.py",
        r'texts = \[i for i in items if i\.kind == "text" or i\.text\.strip\(\)\]',
        "only a text item carries text (the others' is ''), so `or` adds no item",
    ),
    (
        "printkit/preflight/checks.py",
        r"if x0 > x1 and y0 > y1:",
        "an item off the page along one axis has an empty range of buckets along it, so it "
        "is kept in none either way",
    ),
    (
        "printkit/preflight/checks.py::may_fade",
        r"i, j = int\(x /?/ GROUND_CELL\), int\(y /?/ GROUND_CELL\)"
        r"|if not \(0 <= i <= self\.last\[0\] or 0 <= j <= self\.last\[1\]\):",
        "may_fade only spares `under` its search: a point just off the page taken for one on "
        "it is sent to `under`, which answers white off the page, as may_fade's False does",
    ),
    (
        "printkit/preflight/checks.py",
        r"return True  # off the page, on white|if len\(self\.grids\) >= 1:",
        "may_fade only spares `under` its search: a True it should not give sends the point to "
        "`under`, which answers white off the page; and the items of one grid are already in "
        "painting order, so sorting them changes nothing",
    ),
    (
        "printkit/preflight/checks.py",
        r"shift = 1|while \(last >> shift\) (\+ \(first >> shift\) >=|- \(first << shift\) >=|"
        r"- \(first >> shift\) >) _SPAN:",
        "any coarseness is correct (an item is kept, and a point looked up, with the same "
        "shift in each grid): it only sets how many buckets an item fills, which is speed",
    ),
    (
        "printkit/preflight/checks.py",
        r'if item\.kind == "path" or len\(item\.outline\) >= 3:',
        "only a path has an outline, and a path of fewer than 3 corners encloses nothing: "
        "EvenOdd finds no point inside it, as the rect-only fallback says",
    ),
    (
        "printkit/preflight/items.py",
        r"if b == 0 and c == 0 and (a >= 0 and d > 0|a > 1 and d > 0|a > 0 and d >= 0"
        r"|a > 0 and d > 1):.*",
        "the general transform gives a move and a scale the same box (the fast path is only "
        "skipped), and a scale of 0 makes the box flat either way",
    ),
    (
        "printkit/preflight/items.py",
        r"if matrix\[:5\] != \(1\.0, 0\.0, 0\.0, 1\.0\):",
        "every move then takes the general transform, which gives a plain move the same sums",
    ),
    (
        "printkit/preflight/items.py",
        r"boxes = \[item\.box for item in "
        r'_items\((None|Document\((None|"XXXX")\)), ops, Found\(\)\)\]',
        "bounds() reads no document: its title is never read and it holds no symbols either way",
    ),
    (
        "printkit/preflight/items.py::_walk",
        r"plain_move = (None|matrix\[:5\] == \(1\.0, 0\.0, 0\.0, 1\.0\))"
        r"|if plain_move and type\(None\) is Text:"
        r"|if plain_move and clip is None and \(type\(op\) is Line and type\(op\) is Rect\):"
        r"|if plain_move and clip is None and \(type\((None|op)\) is Line or "
        r"type\((None|op)\) is Rect\):",
        "text (or a line or rectangle) under a plain move then takes the general path "
        "(_own_box, transformed, _item), whose sums for a move are the fast path's to the last "
        "bit: only the speed changes",
    ),
    (
        "printkit/preflight/items.py::_item",
        r"outline = tuple\(command\[-2:\] for command in op\.commands if command\[2:\]\)",
        "a path command holds no value (Z) or at least two (M, L, C: draw.ops.Path), so "
        "command[1:] and command[2:] are empty together",
    ),
    (
        "printkit/preflight/page.py::entry_findings",
        r"near_edges = _placed\(entries, ITEMS, (None)?\)  # and those beyond them"
        r'|near_marks = _placed\(entries, attrgetter\("printed"\), (None)?\) if marks else \[\]'
        r"|near_marks = .* if \(marks\) or True else \[\]",
        "the filter only passes over placements whose ink box lies inside the strip's inner "
        "edge (so none of it in the strip or off the paper) or whose text box touches no mark, "
        "whose items the checks would find nothing in: checking every entry finds the same, "
        "slower (and with no mark, no text is near one)",
    ),
    (
        "printkit/preflight/page.py::_placed",
        r"if items or \(keep is None or keep\(entry\)\):",
        "an entry with no items of that part places none, asked or not",
    ),
    (
        "printkit/preflight/page.py::_may_reach_strip",
        r"if type\((None|entry)\) is (not )?Run:",
        "a run's ink box holds its items as a placement's does, so judging a run by it passes "
        "over only a run with no ink in the strip; taking an entry whole only costs time",
    ),
    (
        "printkit/preflight/page.py::_texts_near",
        r"return True"
        r"|if mark_left <=? x1 (and|or) left <=? mark_right (and|or) mark_top <=? y1 (and|or) "
        r"top <=? mark_bottom:",
        "a looser filter (an `or` for an `and`, `<=` for `<`, True) only hands more texts to "
        "marks_over_text, which holds each against each mark exactly: the same findings, "
        "slower; and a drawing with no text box has no printed text to hand it",
    ),
    (
        "printkit/preflight/page.py::_may_fade",
        r'folds = \[i for i in roled if i\.role == "fold" or i\.stroke\]'
        r'|line_colours = \{i\.stroke for i in folds if i\.stroke or i\.kind == "line"\}',
        "more colours only send the page to low_contrast, which looks at the page's own items "
        "again (could_fade on them) before its exact search: the same findings, slower",
    ),
    (
        "printkit/preflight/placements.py::__init__",
        r'self\.fills = \{i\.fill for i in items if i\.kind != "(XXtextXX|TEXT)" and i\.fill\}'
        r'|self\.casings = \{i\.stroke for i in items if i\.kind == "line" or i\.stroke\}',
        "more grounds only send the page to low_contrast, which looks at the page's own items "
        "again (could_fade on them) before its exact search: the same findings, slower",
    ),
    (
        "printkit/preflight/placements.py::__init__",
        r"self\.(entries: list\[Entry\]|out: list\[Item\]) = None",
        "page() sets both before anything reads them",
    ),
    (
        "printkit/preflight/placements.py",
        r"_walk\(self\.document, ops, (IDENTITY, None|matrix, clip), self\.found, "
        r"(count\(\)|order), self\.out, (None)?\)|drawn = None",
        "without the sheet (or with every group walked in place) the page is one run of "
        "page_items' own items: the findings of every item, which placements only reach faster",
    ),
    (
        "printkit/preflight/placements.py::group",
        r"next\(islice\(order, len\(drawn\) \+ 2, None\)\).*",
        "numbers skipped keep the painting order, and only the order of two items is compared",
    ),
    (
        "printkit/load/yaml_spans.py::build",
        r"if node\.tag == _STR and type\(None\) is yaml\.ScalarNode:",
        "a string then goes to construct_object, whose answer for a plain string scalar is the "
        "node's value, the fast path's: only the speed changes",
    ),
    (
        "printkit/load/yaml_spans.py::_mapping",
        r'key = self\.build\(key_node, \(\*path, "(XX<key>XX|<KEY>)"\)\)'
        r'|self\.spans\.values\.pop\((None|\(\*path, "(XX<key>XX|<KEY>)"\)), None\)',
        "the last step only names where a key's own span lies while the key is built, a path "
        "no check looks up, so leaving it there changes nothing: another name differs only "
        "for a key written as that very name",
    ),
    (
        "printkit/load/yaml_spans.py::load_yaml",
        r"where = refused\.span\(.*\)",
        "the gate refuses a file it reads for the file's own fault (a link out, its size, its "
        "kind, its bytes), always with the file's place: the span where its name is written, "
        "the default, is never used",
    ),
    (
        "printkit/load/yaml_spans.py::__init__",
        r'self\._entry: yaml\.Node \| None = ""',
        "the entry is read only as a truth value before its mark is: '' and None both say no "
        "top-level entry has begun",
    ),
    (
        "printkit/load/yaml_spans.py::_in_words",
        r'if at == "\\t" or "(XXtab characterXX|TAB CHARACTER)" in problem:',
        "only libyaml names a tab ('found a tab character ...'), always with its mark on the "
        "tab, which _character reads (lines broken where the parsers break them): `at` is "
        "already a tab",
    ),
    (
        "printkit/load/yaml_spans.py::_in_words",
        r'f" \(the block starts at line \{error\.context_mark\.line \+ 1\}\)" if '
        r'error\.context_mark else "XXXX"',
        "the complaints that read `started` (a block mapping's key, a simple key's ':') come "
        "from both parsers with the block's mark: the stand-in is never used",
    ),
    (
        "printkit/load/yaml_spans.py::_character",
        r"line = lines\[mark\.line\] if (\(mark\.line < len\(lines\)\) or True"
        r'|mark\.line <= len\(lines\)) else ""',
        "the text is broken into lines where both parsers count a new line (_LINE_BREAK), so a "
        "mark's line is always one of them: the guard never fails",
    ),
    (
        "printkit/load/yaml_spans.py::_character",
        r'return "XXXX"|line = lines\[mark\.line\] if mark\.line < len\(lines\) else "XXXX"',
        "the character is only compared with a tab (_in_words): '' and 'XXXX' say the same",
    ),
    (
        "printkit/load/yaml_spans.py::_parses",
        r'yaml\.compose\("\\n"\.join\(mended\), \)',
        "compose's default loader is PyYAML's own parser, which reads every mended text of "
        "the tests as libyaml (_PARSER, where PyYAML is built with it) does: only the speed of "
        "the proof changes",
    ),
    (
        "printkit/load/yaml_spans.py::value",
        r"for cut in range\(len\(path\), -2, -1\):",
        "the extra cut, -1, looks up path[:-1], the prefix already looked up at cut "
        "len(path) - 1 (and for the root, () at cut 0)",
    ),
    (
        "printkit/materials/hexmap/strips.py::_other_paper",
        r"count = pages\.pages\(size\) if \(name != paper_key\) or True else None",
        "the paper the map is declared on prints it on the pages it takes now, never fewer: "
        "planned again, it is never offered",
    ),
    (
        "printkit/materials/hexmap/strips.py::thin_strip",
        r"ways \+= _other_paper\(pages, paper, None, plan\.pages\)",
        "the paper the map is declared on prints it on the pages it takes now, never fewer: "
        "planned again, it is never offered",
    ),
    (
        "printkit/materials/hexmap/strips.py::thin_strip",
        r"if len\(starts\) > 1 and kept <= THIN \* window",
        "differs only for a last strip of exactly a quarter of a window, to the last bit",
    ),
    (
        "printkit/load/files.py::position_of_byte",
        r'start = before\.rsplit\(b"\\n", (2)?\)\[-1\]\.removeprefix\(codecs\.BOM_UTF8\).*',
        "the last piece of a split from the right is the same however many splits are made",
    ),
    (
        "printkit/impose/grid.py",
        r"if not cuts or abs\(cuts\[-1\] - edge\) >= 1e-6:",
        "differs only for two cut lines exactly 1e-6 pt apart",
    ),
    (
        "printkit/impose/grid.py",
        r"(columns|rows) = int\(\(paper\[[01]\] - 2 \* margin \+ gap \+ 1e-6\) / "
        r"\(cell\[[01]\] \+ gap\)\)",
        "int() and // agree for a quotient of 1 or more, and both are under 1 for one under 1 "
        "(no grid either way)",
    ),
    (
        "printkit/impose/marks.py",
        r"(xs|ys) = \[[xy] for [xy] in grid\.cut_[xy]s\(\) if (left|top) - 1e-6 <=? [xy] <=? "
        r"(right|bottom) \+ 1e-6\]"
        r"|(if dx == 0 and x0 <=? ax <=? x1|elif dy == 0 and y0 <=? ay <=? y1):"
        r"|if far <= 0:|if length (<= shortest - 1e-6|< shortest \+ 1e-6):"
        r"|return min\(MARK_MAX, space\) if space > MARK_MIN else 0\.0",
        "< and <= differ only for a cut line or a box exactly on the 1e-6 allowance or on a "
        "mark's line, or a mark or room exactly as long as the shortest allowed, to the last bit",
    ),
    (
        "printkit/impose/marks.py::crop_marks",
        r"in_bleed_\w+ = not \w+ or .* >= MARK_IN_BLEED"
        r"|in_bleed_\w+ = not \w+ and .* > MARK_IN_BLEED"
        r"|in_bleed_\w+ = not \w+ and (top \+ above|below \+ bottom|left \+ margin"
        r"|grid\.paper_width (- margin \+|\+ margin -) right) >= MARK_IN_BLEED",
        "a mark over the bleed runs from the cut to the printable edge, as long as the bleed "
        "that prints there (never negative: the grid keeps its margin), and _clear drops it "
        "under 1 mm: the test only spares that work (or differs at exactly 1 mm)",
    ),
    (
        "printkit/impose/marks.py::_clear",
        r"near, far = \((y0 - ay, y1 - ay|x0 - ax, x1 - ax)\) if d[xy] >= 0 else .*",
        "the test is asked only along the mark's own direction, which is never 0: a mark has "
        "a length",
    ),
    (
        "printkit/impose/marks.py::_clear",
        r"if near <= length:|length = max\(near, 1\.0\).*",
        "a box exactly at the mark's end leaves it as long; a mark pulled back to 1 pt is "
        "still shorter than the shortest drawn (1 mm), so it is left out either way",
    ),
    (
        "printkit/impose/sheet.py::impose_block_sheets",
        r"fronts, placed = _sides\(blocks, spec, back=None\)",
        "`back` is only read as a truth value: None and False both say 'the fronts'",
    ),
    (
        "printkit/impose/sheet.py",
        r"for block, indices in zip\((turned|blocks), cells, (strict=(None|False))?\):?",
        "the cells are listed block by block from the same blocks, so the lists are always as "
        "long: strict never fires",
    ),
    (
        "printkit/impose/fold.py::impose_fold",
        r"return impose_fold_blocks\(grid_pages\(pieces, grid, shared=(None|True)\), spec, title\)",
        "fold sheets never read a block's `shared`: each unfolded piece keeps its own bleed",
    ),
    (
        "printkit/impose/fold.py::impose_fold_blocks",
        r'halves = zip\(\("front", "back"\), _halves\(piece, \*at, spec\.fold\), '
        r"(strict=(None|False))?\)",
        "_halves gives two places for the two names, so strict never fires",
    ),
    (
        "printkit/impose/fold.py::impose_fold_blocks",
        r'outer = ""(  # .*)?|edges = bleed_sides\(grid, index, spec\.bleed, None, None, outer\)',
        "bleed_sides reads `outer` and `shared` as truth values: '' and None say 'the whole "
        "bleed' as None does, None says 'not shared' as False does",
    ),
    (
        "printkit/impose/sheet.py::_side",
        r'outer = ""|for \(_, piece, ops\), target in zip\(drawn, cells, (strict=(None|False))?\):',
        "bleed_sides reads `outer` as a truth value ('' and None both say 'the whole bleed'); "
        "the cells are made one per piece drawn, so strict never fires",
    ),
    (
        "printkit/impose/blocks.py::_centred",
        r"for index, \(grid, shelf\) in enumerate\(zip\(grids, page, (strict=(None|False))?\)\):",
        "the grids are made one per shelf of the page, so strict never fires",
    ),
    (
        "printkit/impose/blocks.py::stack_pages",
        r'assert grid is not None, "(XXcall too_big firstXX|CALL TOO_BIG FIRST)"'
        r"|fitting = int\(\(bottom - top \+ run\.gap (- EPSILON\) //|\+ EPSILON\) /) "
        r"\(run\.cell\[1\] \+ run\.gap\)\)",
        "the assert's message is never shown (every caller asks too_big first); the rows "
        "fitting differ only for a stack exactly 1e-6 from the bottom, and int() and // agree "
        "for 1 row or more and are both under 1 below it",
    ),
    (
        "printkit/impose/blocks.py::back_block",
        r"room = None if \(block\.room is None\) and False else .*",
        "a block placed off-centre (top_edge set) comes from stack_pages, which always gives "
        "it a room",
    ),
    (
        "printkit/impose/blocks.py::stack_pages",
        r"columns = grid\.columns if (\(rows > 1\) and False|rows > 2) else "
        r"min\(grid\.columns, len\(remaining\)\)",
        "more than one row is taken only when more pieces remain than a row holds, and then "
        "min(columns, remaining) is the columns",
    ),
    (
        "printkit/impose/placement.py::note",
        r"if paper\[1\] - margin - art_bottom > height:"
        r"|if art_top is not None and art_top - margin > height:"
        r"|if art_left is not None and art_left - margin > mm\(1\) \+ NOTE_SIZE:",
        "differs only for room exactly as wide as the note needs, to the last bit",
    ),
    (
        "printkit/impose/placement.py::_wrapped",
        r"if text_width\(text, font, NOTE_SIZE\) < width:",
        "differs only for a note exactly as wide as the printable width, to the last bit",
    ),
    (
        "printkit/impose/calibration.py",
        r'if backs (!= "short_edge"|== "XXshort_edgeXX"|== "SHORT_EDGE"):'
        r"|behind = \[back_position\(point, paper, None\) for point in targets\]",
        "the three crosses stand symmetric about the page's centre, so mirrored across either "
        "axis they fall on the same three places (and the grid, centred, on itself): the back "
        "page is the same for both edges",
    ),
    (
        "printkit/impose/tiling.py::shown",
        r"width = min\(self\.window\[0\], self\.size\[0\] - self\.xs\[column\]\) "
        r"if self\.size\[1\] else 0\.0"
        r"|height = min\(self\.window\[1\], self\.size\[1\] - self\.ys\[row\]\) "
        r"if self\.size\[0\] else 0\.0",
        "the art's size is given whole (plan_tiles) or not at all (0, 0): one side is 0 only "
        "when both are",
    ),
    (
        "printkit/impose/tiling.py::plan_tiles",
        r"columns = TilePlan\(paper, margin, \(width, [01]\.0\), xs, (\([01]\.0,\)|None), size\)",
        "the columns' plan is a start that _rows completes: it replaces the window's height and "
        "the rows before either is read",
    ),
    (
        "printkit/impose/tiling.py::plan_tiles",
        r"return _rows\(columns, None, overlap, snaps\[1\]\)",
        "_rows reads the header's height first as a truth value: None and 0.0 both say none",
    ),
    (
        "printkit/impose/tiling.py::plan_tiles",
        r"if tallest (<=? safe\.header - 2 \* HEADER_GAP [-+] _EPS"
        r"|< safe\.header (\+ 2 \*|- 2 /) HEADER_GAP - _EPS):",
        "the tight plan is then tried also when the pages' tallest header is the whole art's "
        "(or within 1e-6 pt of it), and is then the safe plan: the whole art's header is the "
        "tallest any page needs (Header's contract)",
    ),
    (
        "printkit/impose/tiling.py::plan_tiles",
        r"if _tallest_header\(tight, header\) < tallest \+ _EPS:",
        "differs only for a header exactly 1e-6 pt taller than planned, to the last bit",
    ),
    (
        "printkit/impose/tiling.py::axis_starts",
        r"if window - overlap < _EPS:|while starts\[-1\] \+ window <= length - _EPS:"
        r"|candidates = \[p for p in points if reach (<= p <|< p <=) limit \+ _EPS\]",
        "differs only for a window exactly 1e-6 pt beyond its overlap, or ending (or a hex "
        "centre standing) exactly 1e-6 pt from where the art (or the join's reach) ends",
    ),
    (
        "printkit/impose/tiling.py::axis_starts",
        r"reach = max\(starts\[-1\] - _EPS, limit - back - _EPS\)",
        "a join looks back half a step at most (back), so its reach is a window's start plus "
        "half a step or more: the floor decides only for a step of 2e-6 pt or less, where it "
        "keeps a join off its own window's start",
    ),
    (
        "printkit/impose/tiling.py::fits_one_page",
        r"size\[0\] <=? paper\[0\] - 2 \* margin \+ _EPS and size\[1\] <=? paper\[1\] - 2 \* "
        r"margin - FOOTER \+ _EPS",
        "differs only for art exactly 1e-6 pt larger than the room, to the last bit",
    ),
    (
        "printkit/impose/tiling.py::_tile_page",
        r'if text_width\(line, font_name\("regular"\), LABEL_SIZE\) >= width:',
        "differs only for a line exactly as wide as the page keeps, to the last bit",
    ),
    (
        "printkit/geometry/hexgrid.py",
        r"unit = HexLayout\(orientation, [\d.]+\)",
        "corners and centres scale together: a hex of any size gives the same edge table",
    ),
    (
        "printkit/geometry/hexgrid.py",
        r"if gaps\[best\] >=? [\d.e-]+:",
        "the nearest centre lies within float rounding (1e-16) of each edge's mirror point, far "
        "from any threshold the mutants pick",
    ),
    (
        "printkit/geometry/hexgrid.py",
        r"raise RuntimeError\(None\)",
        "the edge table's derivation never fails for flat or pointy hexes, so its error "
        "messages are never made (they guard the geometry against future edits)",
    ),
    (
        "printkit/geometry/hexgrid.py",
        r"if other in cells and other <= h:",
        "a hex is never its own neighbour, so other == h cannot happen",
    ),
    (
        "printkit/geometry/hexpaths.py::unique_edges",
        r"if other in cells and other <= \(q, r\):",
        "every step to a neighbour is non-zero, so a hex is never its own neighbour",
    ),
    (
        "printkit/geometry/trigrid.py::centre",
        r"xs, ys = zip\(\*\(point\(v, side\) for v in corners\(cell\)\), "
        r"(strict=(None|False))?\)",
        "every corner's point is an (x, y) pair, so the coordinates zipped are always as many",
    ),
    (
        "printkit/geometry/trigrid.py::_translated",
        r"di, dj = min\(vertices, (key=None)?\)",
        "the least corner in (i, j) order moves with the shape as the least in (j, i) order "
        "does, so forms stay equal exactly when shapes are; canonical is only compared",
    ),
    (
        "printkit/geometry/trigrid.py::hexagon",
        r"for c in range\(-(4 \* radius [-+] [23]|5 \* radius - 2), "
        r"(4 \* radius [-+] [23]|5 \* radius \+ 2)\):",
        "the cells of a hexagon of radius n lie in columns -2n to 2n - 1, inside every range "
        "the mutants scan; the corner test alone decides which cells are kept",
    ),
    (
        "printkit/geometry/trigrid.py::hexagon",
        r"if all\(max\(abs\(i\), abs\(i \+ j\)\) <= radius for i, j in corners\(\(c, r\)\)\):",
        "the rows scanned (-n to n - 1) already keep every corner's j within n",
    ),
    (
        "printkit/games/shields_dice/engine.py::observation",
        r"return json\.dumps\(self\.to_json\(\), (sort_keys=(None|False))?\)",
        "to_json builds every mapping in one fixed order (the inventory's kinds, the attacks "
        "table's colours), so equal positions give equal strings, sorted or not",
    ),
    (
        "printkit/games/shields_dice/engine.py::config",
        r"key = \(id\(None\), players, variant\)|if len\(self\._configs\) > CACHED_CONFIGS:",
        "the cache only saves reading a package again: a slot holding another package is read "
        "afresh (`cached[0] is not rules`), and one entry more before clearing changes no config",
    ),
    (
        "printkit/games/shields_dice/engine.py::_strength",
        r"total = 1\.0",
        "a strength is only read as the difference of the two seats' (evaluate): a start of 1 "
        "adds half a point to both",
    ),
    (
        "printkit/games/shields_dice/state.py::_resurrections",
        r'if count and cfg\.role\[kind\] != "(XXhealthXX|HEALTH)" '
        r"and cfg\.sides\[kind\] <= number:",
        "a health die serves no battery (its battery is -1), so _places gives it nowhere to go "
        "and it is never listed: the role test only says so first",
    ),
    (
        "printkit/games/shields_dice/state.py::__init__",
        r"self\.winner = -2|self\.rolls: list\[int\] = None|self\.set_up\(-2\)",
        "no winner is only read as below 0; set_up, called next, sets the rolls afresh and reads "
        "`first` only as below 0 (the players roll for it)",
    ),
    (
        "printkit/games/shields_dice/state.py::_find_shield",
        r"mine = zip\(self\.shields\[me\], self\.health\[me\], (strict=(None|False))?\)"
        r"|alive = \[stack for stack, health in mine if health >= 0\]",
        "a seat has one stack and one health per battery, so strict never fires; a colour "
        "shield sits only on its own battery, so the kind asked for (one in play: polish and "
        "resurrection offer no other) is never also in a destroyed battery's stack",
    ),
    (
        "printkit/games/shields_dice/state.py::_destroy",
        r"self\.trash\[kind\] (= 1|-= 1|\+= 2)|self\.attacker\[seat\]\[colour\] = -2",
        "damage reaches a battery's health only when its colour shields are gone, so the loop "
        "trashing them at its destruction never runs; no attacking die is only read as below 0",
    ),
    (
        "printkit/games/shields_dice/state.py::chance_outcomes",
        r"if self\.pending is None or self\.winner >=? [01]:",
        "the winning roll clears what is pending before the game is won, so a won game has "
        "nothing pending and the winner test never decides",
    ),
    (
        "printkit/games/shields_dice/state.py::_enter",
        r"self\.seat = \(self\.seat - 1\) % cfg\.players",
        "the game has two seats (the config refuses any other count): the seat before is the "
        "seat after",
    ),
    (
        "printkit/games/shields_dice/position.py::_player",
        r'"health": dict\(zip\(cfg\.colours, state\.health\[seat\], (strict=(None|False))?\)\),'
        r"|for colour, (kind|stack) in zip\(cfg\.colours, state\.(attacker|shields)\[seat\], "
        r"(strict=(None|False))?\)",
        "a seat holds one health, one attacking die and one stack of shields per battery colour, "
        "so strict never fires",
    ),
    (
        "printkit/games/shields_dice/position.py::from_json",
        r'state\.pending = \("(XXattackXX|ATTACK)", colour\(pending\["attack"\]\[0\]\), '
        r'colour\(pending\["attack"\]\[1\]\)\)',
        "a pending attack's first item is never read: to_json, the damage and the roll's chance "
        "read only its two colours",
    ),
    (
        "printkit/games/shields_dice/position.py::from_json",
        r'state\.winner = -2 if data\.get\("winner"\) is None else data\["winner"\]'
        r"|return cfg\.start_attacker\[battery\] if name == \"\" else -2 if name is None else "
        r"kind\(name\)",
        "no winner and no attacking die are only read as below 0 (a winner is otherwise compared "
        "with a seat, 0 or 1): -1 and -2 say the same",
    ),
    (
        "printkit/games/shields_dice/exact.py::_row",
        r"start\.pool = \[1\] \* len\(cfg\.kinds\)"
        r"|if shield (!=|==) NO_SHIELD (and|or) cfg\.role\[shield\] (==|!=) "
        r'"(overall_shield|XXoverall_shieldXX|OVERALL_SHIELD)":',
        "each attack sets the seat and phase itself, so what the pool holds between attacks is "
        "never read; a lone full shield takes the same hits in front of the battery as on it, "
        "so where the table's shield stands changes no count",
    ),
    (
        "printkit/games/shields_dice/invariants.py",
        r"seen = \[pool \+ trash for pool, trash in zip\(state\.pool, state\.trash, "
        r"(strict=(None|False))?\)\]",
        "pool and trash hold one count per kind of die (set-up and from_json make them so), so "
        "strict never fires",
    ),
    (
        "printkit/games/shields_dice/config.py::total_outcomes",
        r"ways = \{0: 2\}|step\[total \+ face\] = step\.get\(total \+ face, 0\) - count",
        "doubling every count, or flipping every count's sign (once per die, so all alike), "
        "leaves each total's share of the sum the same",
    ),
    (
        "printkit/games/shields_dice/config.py::read_config",
        r"for (kind, attrs|kind, \(name, colour\)|name, colour) in (enumerate\()?zip\((kinds, "
        r"attributes|role, colour_of), (strict=(None|False))?\)\)?",
        "attributes, role and colour_of are made one entry per inventory die, so the zips are "
        "of equal lengths and strict never fires",
    ),
    (
        "printkit/games/shields_dice/config.py::read_config",
        r'colours\.index\(colour\) if name in \("attacker", "shield"\) and colour in colours '
        r"else -2",
        "a die's battery is only compared with 0 (< 0, >= 0) and with a colour's index (0 or "
        "more): -2 says 'no battery' as -1 does",
    ),
    (
        "printkit/games/shields_dice/config.py::read_config",
        r'colour_of = tuple\(str\(attrs\.get\("colour", (None|"XXXX"|)\)\) for attrs in '
        r"attributes\)",
        "a die without a colour matches no pool_roles row (a row's colours are text) and serves "
        "no battery (_attacker reads the die's own colour), so it is never taken, placed or "
        "named: its entry in colour_of is never read",
    ),
    (
        "printkit/games/shields_dice/config.py::read_config",
        r'row_id\.append\(row\.id or str\(row\.key\) if row else "XXXX"\)'
        r'|row_title\.append\(render\(row\.result, context\) if row else "XXXX"\)'
        r"|role\[health_kind\] = None",
        "only the health die has no pool_roles row, and it is never taken, so its row id and "
        "title are never read; its role is read only by the resurrection's test, which _places "
        "already makes (see _resurrections above)",
    ),
    (
        "printkit/games/shields_up/engine.py",
        r'if built or card\.does == "destroy_shields":',
        "the term added is damage * built: 0 for a weapon not begun (built 0) and for every card "
        "but a weapon (damage 0); a card without a set, whose size would divide, is never built",
    ),
    (
        "printkit/games/shields_up/engine.py",
        r"zones = zip\(state\.draw_pile, \*state\.hands, \*state\.equipment, "
        r"(strict=(None|False))?\)",
        "every zone holds one count per kind of card (made so by the state and by from_json), "
        "so strict never fires",
    ),
    (
        "printkit/games/shields_up/state.py",
        r"self\.pending\.insert\(1, \(STEAL, "
        r"(thief, victim, cards - 1|seat, other, card\.cards)\)\)",
        "a Smuggle is played only in a turn with nothing pending, and its theft is settled with "
        "nothing else pending, so the list is empty: inserting at 1 also puts it first",
    ),
    (
        "printkit/games/rise/__init__.py::evaluate",
        r"score \+= WORKER_WEIGHT / \(1 if owner == seat else -1\)",
        "dividing by 1 or -1 is multiplying by it",
    ),
    (
        "printkit/games/rise/state.py::__init__",
        r"self\.actions_left = (None|1)",
        "_start_turn, called at the end of __init__, sets actions_left before anything reads it",
    ),
    (
        "printkit/games/rise/state.py::observation",
        r"return json\.dumps\(self\.to_json\(\), (sort_keys=(None|False))?\)  # nothing is hidden",
        "to_json writes its keys in one fixed order and every mapping inside from sorted items, "
        "so equal positions give equal strings, sorted or not",
    ),
    (
        "printkit/games/rise/state.py",
        r"(if self\._free\(landing\) and not |and )self\._protected\(over, None, enemy\)(:|)"
        r"|return self\.workers\.get\(None\) == owner"
        r'|if self\.config\.protection == "(XXbehindXX|BEHIND)":',
        "the tile behind a jumped worker is the landing, asked about only once it is free: "
        "under 'behind' no protector can stand there (erratum protection_adds_nothing), so "
        "_protected says no and the early 'behind' return is a shortcut; 'adjacent' never "
        "reads that tile",
    ),
    (
        "printkit/games/rise/state.py::_play",
        r"over = \(\(start\[0\] \+ landing\[0\]\) (/ half, \(start\[1\] \+ landing\[1\]\) /"
        r"|// half, \(start\[1\] \+ landing\[1\]\) )/ half\)",
        "a jump's start and landing are two steps apart on a line, so both sums are even: the "
        "halves are whole floats, and a tuple of them finds the same worker as the ints",
    ),
    (
        "printkit/check/references.py::_a",
        r'return \("an " if noun\[0\] in "XXaeiouXX" else "a "\) \+ noun',
        "the nouns are the kinds of rule (rule_index.ENTRY_KINDS), all lower case: none starts "
        "with an X",
    ),
    (
        "printkit/check/requirements.py::_counts_whole",
        r"if number is None or use\.needed\(\d+, rules\.values\) is not None:",
        "whether a count is a usable whole number does not depend on the table it is needed "
        "at: the players only multiply it (Uses.needed bounds the number itself)",
    ),
    (
        "printkit/check/requirements.py::_dice_table",
        r'rolled = int\(table\.dice\.rpartition\("d"\)\[0\] or 1\)',
        "a dice table's roll holds one 'd' (DiceTable.dice's pattern), so the first is the last",
    ),
    (
        "printkit/check/printed_played.py::_printed_at",
        r'if path\[:2\] == \("rules", "tables"\) and len\(path\) >= ROW and path\[3\] == "rows":'
        r"|owners = \[e for e in entries if path\[: len\(e\.path\)\] == e\.path and "
        r"len\(path\) >= len\(e\.path\)\]",
        "only a play of a whole number reaches _printed_at, and a path ending at a row or at a "
        "rule holds a mapping, never a number: the paths of equal length never come",
    ),
    (
        "printkit/check/printed_played.py::_printed_at",
        r'return None, "XXXX"',
        "the name comes back only to be printed with a path, and there is none here",
    ),
    (
        "printkit/check/retyped.py::check_retyped",
        r"break  # a grid's cells are codes \(D1r\), not prose",
        "a table's rows are all of one kind, and only a grid's (GridRow) have no result: after "
        "one such row every other row of the table is one too",
    ),
    (
        "printkit/check/references.py::_expressions",
        r'yield claim\.check or "XXXX"',
        "the sources are only searched for `values.NAME` uses, joined by spaces: a stand-in "
        "word for a missing check holds none",
    ),
    (
        "printkit/check/source_coverage.py::line_span",
        r'first, _, last = lines\.rpartition\("-"\)',
        "a span written as text holds one '-' at most (the LINES pattern), so the first is "
        "the last",
    ),
    (
        "printkit/check/follow_ons.py::_is_entry",
        r'return len\(part\) == 2 or \(len\(part\) == 3 or part\[0\] == "rules"\)',
        "the loader marks broken only a section's entry (2 long), a rules section's entry (3 "
        "long, under 'rules') and a card's value (5 long, under 'decks'): no other path "
        "reaches the test, and for these the two forms agree",
    ),
    (
        "printkit/check/played.py::check_played",
        r'hint="check the values the errata play here: " \+ \(fault\.hint or "XXXX"\),',
        "every finding the played rules are checked again for (check/tables.py, gaps.py, "
        "values.py) is added with a hint, so the stand-in for none is never used",
    ),
    (
        "printkit/reference/errata.py::_sections",
        r"sections = self\.versions\[0\]\.rules\.sections if \(self\.versions\[0\]\.rules\) "
        r"or True else \{\}",
        "a cross-reference is described only inside a rule of the text (its entries), so the "
        "text always has rules there",
    ),
    (
        "printkit/games/shields_up/words.py::notation",
        r"written = (None|config\.notations\.get\(None\))",
        "the cache only spares the work: a notation not found in it is written again, the same",
    ),
    (
        "printkit/load/played.py::_blame",
        r"common = 1|common \+= 2"
        r"|for mine, theirs in zip\(play\.path, where, (strict=None)?\):",
        "only the order of the shared lengths is read (max), which a count started at 1 or "
        "counted by 2 keeps; zip's strict is False by default, and None is as false",
    ),
    (
        "printkit/load/played.py::value_at",
        r'return (NOT_SET|node), None, "XXXX"',
        "a hint is read only beside a problem, and a value found (or a new named one) has none",
    ),
    (
        "printkit/games/shields_up/state.py::__init__",
        r"self\.seat = None|self\.turns = (None|1)",
        "a state is made only by new_game and from_json, which both set its seat and turn "
        "before anything reads them",
    ),
    (
        "printkit/load/played.py::apply_plays",
        r"node\[path\[-1\]\] = copy\.copy\(value\)",
        "the played data is only read once the models validate it: a nested list or mapping "
        "shared with the erratum's own value is never changed through either",
    ),
]


@dataclass
class Report:
    module: str
    statuses: dict[str, str] = field(default_factory=dict)  # mutant name -> mutmut's status
    diffs: dict[str, list[str]] = field(default_factory=dict)  # survivors: their -/+ lines

    def equivalent(self, name: str) -> str | None:
        added = [line[1:].strip() for line in self.diffs.get(name, []) if line.startswith("+")]
        mutant = name.rpartition(".")[2]  # x_<function>__mutmut_<n>, xǁ<class>ǁ<method>__…
        return next(
            (
                why
                for where, pattern, why in EQUIVALENT
                if where.partition("::")[0] == self.module
                and re.match(rf"x(_|.*ǁ){where.partition('::')[2] or '.*'}__mutmut_", mutant)
                and any(re.fullmatch(pattern, a) for a in added)
            ),
            None,
        )

    @property
    def killed(self) -> int:
        return sum(s in ("killed", "timeout") for s in self.statuses.values())

    @property
    def counted(self) -> int:
        return sum(1 for name in self.statuses if not self.equivalent(name))

    def rate(self) -> float:
        return 100.0 * self.killed / self.counted if self.counted else 100.0


def modules_named(names: list[str]) -> list[Path]:
    found: list[Path] = []
    for name in names:
        name = name.partition("::")[0]
        path = REPO / name if (REPO / name).is_file() else PACKAGE / name
        found += GROUPS.get(name, [path] if path.is_file() else [])
        if name not in GROUPS and not path.is_file():
            raise SystemExit(f"no module or group '{name}' (groups: {', '.join(GROUPS)})")
    return list(dict.fromkeys(found))


def functions_named(names: list[str]) -> dict[Path, set[str]]:
    """The functions named as `module::function`, per module: only their mutants run (a change
    to a few functions of a module of a thousand mutants). A module also named whole runs whole."""
    chosen: dict[Path, set[str]] = {}
    whole: set[Path] = set()
    for name in names:
        module, _, function = name.partition("::")
        for path in modules_named([module]):
            if function:
                chosen.setdefault(path, set()).add(function)
            else:
                whole.add(path)
    return {path: functions for path, functions in chosen.items() if path not in whole}


def _mutant_patterns(module: Path, function: str) -> list[str]:
    """mutmut's names for a function's mutants: `x_<function>__mutmut_<n>`, a method's
    `xǁ<class>ǁ<method>__mutmut_<n>` (fnmatch patterns, as `mutmut run` takes them)."""
    dotted = _dotted(module)
    return [f"{dotted}.x_{function}__mutmut_*", f"{dotted}.xǁ*ǁ{function}__mutmut_*"]


def _dotted(module: Path) -> str:
    """The module's name, a package's without `__init__` (as mutmut names its mutants)."""
    parts = module.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _importers(module: Path, under: Path) -> list[Path]:
    dotted = _dotted(module)
    importing = re.compile(rf"(from {re.escape(dotted)} import|import {re.escape(dotted)}\b)")
    return sorted(p for p in under.rglob("*.py") if importing.search(p.read_text("utf-8")))


def _callees(module: Path) -> list[Path]:
    """The modules of the same folder that `module` imports: what it calls to report."""
    folder = module.parent
    dotted = re.escape(".".join(folder.relative_to(REPO).parts))
    named = re.findall(rf"from {dotted}\.(\w+) import", module.read_text("utf-8"))
    return [folder / f"{name}.py" for name in named if (folder / f"{name}.py").is_file()]


def codes_reported(module: Path) -> set[str]:
    """The diagnostic codes a module reports, the modules importing it report, or the modules of
    its folder it calls report: the names they import from printkit.diagnostics that are codes."""
    sys.path.insert(0, str(REPO))
    from printkit import diagnostics

    codes: set[str] = set()
    for source in [module, *_importers(module, PACKAGE), *_callees(module)]:
        for block in _DIAGNOSTICS_IMPORT.findall(source.read_text("utf-8")):
            for name in re.findall(r"\b[A-Z][A-Z0-9_]+\b", block):
                value = getattr(diagnostics, name, None)
                if isinstance(value, str) and value in diagnostics.CODES:
                    codes.add(value)
    return codes


def package_cases(codes: set[str]) -> list[str]:
    """The broken and warning packages expecting one of `codes`, as pytest node ids. A case
    holding a symbolic link (a link out of the game folder) is left out: mutmut copies the
    tests into its own folder as the files the links point to, so there it tests nothing."""
    selected = []
    for kind, tests in PACKAGE_TESTS.items():
        for case in sorted(p for p in (REPO / "tests" / "data" / kind).iterdir() if p.is_dir()):
            if any(path.is_symlink() for path in case.iterdir()):
                continue
            expected = {
                code for path in case.glob("*.yaml") for code in _EXPECT.findall(path.read_text())
            }
            if expected & codes:
                selected += [f"tests/test_broken_packages.py::{t}[{case.name}]" for t in tests]
    return selected


def relevant_tests(module: Path) -> list[str]:
    """The test files importing the module, those running its group through the CLI, and the
    broken and warning packages expecting a code it reports."""
    direct = [str(p.relative_to(REPO)) for p in _importers(module, REPO / "tests")]
    group = next(
        (name for name, members in GROUPS.items() if module in members),
        module.relative_to(PACKAGE).parts[0],  # a module of no group: its folder's tests
    )
    extra = THROUGH_THE_CLI.get(group, [])
    inside = [d for d in direct if not any(d == t or d.startswith(t + "/") for t in extra)]
    return inside + extra + package_cases(codes_reported(module))


def _described(tests: list[str]) -> str:
    cases = [t for t in tests if t.startswith("tests/test_broken_packages.py::")]
    return " ".join(t for t in tests if t not in cases) + f" + {len(cases)} package case tests"


def _deselected() -> list[str]:
    return [
        word
        for test in LEFT_OUT + RUN_ELSEWHERE + READS_THE_SOURCE
        for word in ("--deselect", test)
    ]


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def mutate(
    modules: list[Path], keep: bool, functions: dict[Path, set[str]] | None = None
) -> list[Report]:
    """One mutmut run over `modules` (each mutant meets only the tests that run its function,
    so one run costs one collection of the tests instead of one per module), reported per
    module; of a module in `functions`, only the mutants of the functions named."""
    functions = functions or {}
    patterns = [
        pattern
        for module, names in functions.items()
        for function in sorted(names)
        for pattern in _mutant_patterns(module, function)
    ]
    relatives = [str(module.relative_to(REPO)) for module in modules]
    tests = list(dict.fromkeys(test for module in modules for test in relevant_tests(module)))
    scratch = Path(tempfile.mkdtemp(prefix="printkit-mutate-"))
    for name in COPIED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, scratch / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.is_file():
            shutil.copy2(source, scratch / name)
    with (scratch / "tests" / "conftest.py").open("a", encoding="utf-8") as conftest:
        conftest.write(SHARED_FIXTURES)
    with (scratch / "pyproject.toml").open("a", encoding="utf-8") as config:
        config.write(
            "\n[tool.mutmut]\n"
            'source_paths = ["printkit"]\n'
            f"only_mutate = {_toml_list(relatives)}\n"
            f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
            f"pytest_add_cli_args = {_toml_list(['-p', 'no:cacheprovider', *_deselected()])}\n"
            'also_copy = ["rule_data", "templates"]\n'
        )
    print(f"== {' '.join(relatives)}: mutants run against {_described(tests)}", flush=True)
    env = {**os.environ, "CI": "true"}  # property tests: the same examples for every mutant
    with (scratch / "mutmut.log").open("w", encoding="utf-8") as log:
        subprocess.run(
            [*MUTMUT, "run", *patterns], cwd=scratch, env=env, stdout=log, stderr=log, check=False
        )
    listed = subprocess.run(
        [*MUTMUT, "results", "--all", "true"], cwd=scratch, capture_output=True, text=True
    )
    reports = [Report(relative) for relative in relatives]
    for line in listed.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        for module, report in zip(modules, reports, strict=True):
            if name.rpartition(".")[0] != _dotted(module):  # not a module of its package
                continue
            named = functions.get(module)
            if named is None or any(
                fnmatch.fnmatchcase(name, pattern)
                for function in named
                for pattern in _mutant_patterns(module, function)
            ):
                report.statuses[name] = status
    for report in reports:
        variants = _functions(scratch / "mutants" / report.module)
        for name, status in report.statuses.items():
            if status not in ("killed", "timeout"):
                report.diffs[name] = _diff(variants, name.rpartition(".")[2])
    if not any(report.statuses for report in reports):
        print(f"   mutmut ran no mutant: see {scratch / 'mutmut.log'}")
        keep = True
    if keep:
        print(f"   scratch copy kept in {scratch}")
    else:
        shutil.rmtree(scratch)
    return reports


def _functions(path: Path) -> dict[str, list[str]]:
    """The source lines of every function in mutmut's rewritten module, by name: each mutant is
    a copy of its function named `<function>__mutmut_<n>`, the original `..._orig`. The `def`
    line is kept, without the name, so that a changed default shows in the diff."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()  # once: ast.get_source_segment splits the whole text per call,
    # minutes for a module of a thousand mutants
    return {
        node.name: [
            lines[node.lineno - 1].replace(node.name, "", 1),
            *lines[node.lineno : node.end_lineno],
        ]
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _diff(variants: dict[str, list[str]], mutant: str) -> list[str]:
    """The lines a mutant changes (what `mutmut show` prints, without a process per mutant)."""
    original = variants.get(mutant.rpartition("__mutmut_")[0] + "__mutmut_orig", [])
    changed = difflib.unified_diff(original, variants.get(mutant, []), lineterm="", n=0)
    return [
        f"{line[0]} {line[1:].strip()}"
        for line in changed
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def print_report(report: Report) -> None:
    survivors = [n for n, s in report.statuses.items() if s not in ("killed", "timeout")]
    equivalent = [n for n in survivors if report.equivalent(n)]
    print(
        f"   {len(report.statuses)} mutants, {report.killed} killed, "
        f"{len(survivors) - len(equivalent)} not killed, {len(equivalent)} equivalent: "
        f"kill rate {report.rate():.1f} %"
    )
    for name in survivors:
        why = report.equivalent(name)
        label = f"equivalent ({why})" if why else report.statuses[name]
        print(f"   - {name} [{label}]")
        for line in report.diffs.get(name, []):
            print(f"       {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "modules",
        nargs="*",
        help="module paths (module::function for one function's mutants) or groups: "
        + ", ".join(GROUPS),
    )
    parser.add_argument("--list", action="store_true", help="list the modules and their tests")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy")
    arguments = parser.parse_args()
    modules = modules_named(arguments.modules or list(GROUPS))
    functions = functions_named(arguments.modules)
    if arguments.list:
        for module in modules:
            print(f"{module.relative_to(REPO)}: {_described(relevant_tests(module))}")
        return
    os.nice(10)
    reports = mutate(modules, arguments.keep, functions)
    for report in reports:
        named = functions.get(REPO / report.module)
        print(f"== {report.module}" + (f" ({', '.join(sorted(named))} only)" if named else ""))
        print_report(report)
    print("\nkill rate per module")
    for report in reports:
        print(f"  {report.rate():5.1f} %  {report.module}")


if __name__ == "__main__":
    main()
