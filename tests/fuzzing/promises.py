"""The promises of the README, checked on every run of a case: exit code 0 or 1, no traceback,
no internal error (PK900), every line a located diagnostic with its hint, under the time and
memory limits, nothing written for a game with errors, well-formed output files, validate and
build reporting the same diagnostics, the same bytes from two builds, and no byte of a file
outside the game in any output."""

from __future__ import annotations

import json
import random
import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pikepdf
import pypdfium2
from PIL import Image

from fuzzing import running
from fuzzing.cases import Case, Plan
from fuzzing.draft import PRESET_FILE
from fuzzing.running import Outcome, Problem, run
from printkit.cache import CACHE_FOLDER
from printkit.output import MARKER

INTERNAL = "internal error"
TRACEBACK = "traceback"
OVER_TIME = "over time"
OVER_MEMORY = "over memory"
PARTIAL = "partial output"
DISAGREE = "validate/build disagree"
EXIT_CODE = "exit code"
UNLOCATED = "unlocated output"
BAD_FILE = "bad output file"
NOT_REPRODUCIBLE = "not reproducible"
LEAK = "outside file read"
ACCEPTED = "accepted what it must refuse"
REFUSED = "refused what it must accept"
NETWORK = "network used"
WROTE_OUTSIDE = "wrote outside its output"
KINDS = (INTERNAL, TRACEBACK, OVER_TIME, OVER_MEMORY, PARTIAL, DISAGREE, EXIT_CODE, UNLOCATED,
         BAD_FILE, NOT_REPRODUCIBLE, LEAK, ACCEPTED, REFUSED, NETWORK,
         WROTE_OUTSIDE)  # fmt: skip
# Findings about what a build was asked rather than about the game: a profile the game lost
# while the build ran, a print-on-demand preset file and its fit to the game's cards, a
# Tabletop Simulator export (--format tts) without its images' address.
# Validate, asked nothing, cannot make them, so they are not held against it.
OPTION_CODES = ("[PK770]", "[PK771]", "[PK773]", "[PK780]")
# A --profile the game lacks is a mistake on the build's command line: click's usage lines and
# exit 2, the game left unread but for its profiles' names.
_PROFILE_REFUSED = re.compile(r"^Error: Invalid value for --profile: game '.+' has no build ")

_LOCATED = re.compile(
    r"^\S[^\n]*(:\d+:\d+|\.xlsx, (sheet '.+', )?cell [A-Z]+\d+): (error|warning|note)\[PK\d{3}\]: "
    r"\S.*$"
)  # a workbook's cell is named as a spreadsheet names it
_HINT = re.compile(r"^  hint: \S.*$")
_AT_A_PATH = re.compile(r"^(\S[^\n]*?): (error|warning|note)\[PK\d{3}\]: \S.*$")
_WITH_LINES = (".yaml", ".yml", ".json", ".csv", ".j2", ".md", ".toml", ".txt", ".svg")
_SUMMARY = re.compile(r"^\d+ error\(s\), \d+ warning\(s\)( \(errors under --strict\))?$")
_NOT_BUILT = re.compile(
    r"^\S+: (not built \(see the diagnostics\)|nothing to print \(see the notes\))$"
)
_CHECKED = re.compile(r"^.+ checked: no errors, no warnings$")  # a clean validate
_BUILT = re.compile(r"^\S+: \d+ material\(s\)( \(\d+ redrawn\))?, \d+ file\(s\) in \S.*$")
_DIFFERENCE = re.compile(
    r"^\S+: .+ (added|removed|changed)( \(.*\))?$|^no change$"
    r"|^\d+ change\(s\); old beside new in \S.*$|^reprint of \d+ card\(s\), .+ in \S.*$"
)  # what `printkit diff` prints
_NUMBER_TOKEN = re.compile(rb"(?:^|\s)-?(?:nan|inf)(?=\s)", re.IGNORECASE)
_STRING = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")  # text shown, not numbers
_OUT_OF_MEMORY = (
    "MemoryError",
    "Cannot allocate memory",
    "bad_alloc",
    "out of memory",
    "memory allocation of",  # Rust (pydantic-core) aborts with this
)


def check_limits(outcome: Outcome, memory_mb: int, seconds: int) -> None:
    """Killed by the alarm, the memory limit or a crash: each its own kind of failure."""
    memory_hit = any(sign in outcome.stderr for sign in _OUT_OF_MEMORY)
    if outcome.signal_name == "SIGXCPU":
        outcome.problems.append(Problem(OVER_TIME, f"past {seconds} s of CPU"))
    elif outcome.signal_name == "SIGALRM":
        waits = ", waiting for something" if outcome.cpu_seconds < 1 else ""
        outcome.problems.append(
            Problem(
                OVER_TIME,
                f"past {seconds * running.WALL_FACTOR} s of wall clock "
                f"({outcome.cpu_seconds:.1f} s of CPU{waits})",
            )
        )
    elif memory_hit or outcome.signal_name == "SIGKILL" or outcome.peak_mb > memory_mb:
        outcome.problems.append(
            Problem(OVER_MEMORY, f"over {memory_mb} MB ({outcome.peak_mb:.0f} MB resident added)")
        )
    elif outcome.signal_name:
        outcome.problems.append(Problem(INTERNAL, f"killed by {outcome.signal_name}"))


def check_output_text(outcome: Outcome) -> None:
    """Every line is a located diagnostic, its hint, or one of the command's own summaries; the
    exit code is 0 or 1. A run over a limit or with an internal error counts as that alone."""
    if any(p.kind in (OVER_MEMORY, OVER_TIME) for p in outcome.problems):
        return  # a MemoryError reported as PK900 is counted once, as over memory
    if "Traceback" in outcome.stderr:
        outcome.problems.append(Problem(TRACEBACK, _last_line(outcome.stderr, "Error")))
    if "[PK900]" in outcome.stderr:
        outcome.problems.append(Problem(INTERNAL, _last_line(outcome.stderr, "[PK900]")))
    if outcome.problems or refused_profile(outcome):
        return  # exit code 3 is how PK900 ends
    if outcome.exit_code not in (0, 1, None):
        outcome.problems.append(Problem(EXIT_CODE, str(outcome.exit_code)))
    lines = outcome.stderr.splitlines()
    for index, line in enumerate(lines):
        if _LOCATED.match(line) or _at_a_path(line):
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if not _HINT.match(following):
                outcome.problems.append(Problem(UNLOCATED, f"no hint: {line[:120]}"))
        elif not (
            _HINT.match(line)
            or _SUMMARY.match(line)
            or _CHECKED.match(line)
            or _NOT_BUILT.match(line)
            or _BUILT.match(line)
            or _DIFFERENCE.match(line)
        ):
            outcome.problems.append(Problem(UNLOCATED, f"{line[:120]!r}"))


def refused_profile(outcome: Outcome) -> bool:
    """Whether the run refused the --profile it was given, as a usage mistake."""
    lines = outcome.stderr.strip().splitlines()
    return outcome.exit_code == 2 and bool(lines) and bool(_PROFILE_REFUSED.match(lines[-1]))


def _at_a_path(line: str) -> bool:
    """A diagnostic about something that has no lines: a folder (an output folder `printkit
    diff` was given, there or not), a PDF or an image; a text file needs its line."""
    match = _AT_A_PATH.match(line)
    return bool(match) and Path(match[1]).suffix.lower() not in _WITH_LINES


def _last_line(text: str, marker: str) -> str:
    found = [line for line in text.splitlines() if marker in line]
    return (found[-1] if found else text.strip().splitlines()[-1] if text.strip() else "")[:200]


def diagnostics(outcome: Outcome) -> list[str]:
    """The located diagnostics and hints a run printed, in a comparable order."""
    return sorted(
        line for line in outcome.stderr.splitlines() if _LOCATED.match(line) or _HINT.match(line)
    )


def check_pdf(path: Path) -> list[str]:
    """qpdf's structural check (through pikepdf) plus a scan for non-finite numbers, which qpdf
    accepts but a printer's RIP may not."""
    problems: list[str] = []
    try:
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in pdf.check_pdf_syntax()]
            for number, page in enumerate(pdf.pages, 1):
                contents = page.obj.get("/Contents")
                streams = contents if isinstance(contents, pikepdf.Array) else [contents]
                for stream in streams:
                    if stream is None:
                        continue
                    if _NUMBER_TOKEN.search(_STRING.sub(b" ", stream.read_bytes())):
                        problems.append(f"{path.name} page {number}: nan or inf in its content")
    except pikepdf.PdfError as error:
        problems.append(f"{path.name}: not a readable PDF ({error})")
    return problems


def check_outputs(out: Path) -> list[str]:
    """Every file written is complete and well-formed; no temporary file is left behind."""
    problems: list[str] = []
    for path in sorted(out.rglob("*")):
        if CACHE_FOLDER in path.parts:  # the build cache: only a half-made entry is left over
            if path.is_dir() and path.name.startswith(("tmp-", "old-")):
                problems.append(f"leftover cache entry {path.relative_to(out)}")
            continue
        if path.is_dir() or path.name == MARKER:
            continue  # the marker of a game folder a build wrote (the materials it wrote)
        if path.name.startswith(".") or path.suffix == ".tmp":
            problems.append(f"leftover temporary file {path.relative_to(out)}")
        elif path.suffix == ".pdf":
            problems += check_pdf(path)
        elif path.suffix == ".svg":
            try:
                ElementTree.parse(path)
            except ElementTree.ParseError as error:
                problems.append(f"{path.name}: SVG is not well-formed XML ({error})")
        elif path.suffix == ".json":
            try:
                json.loads(path.read_bytes())
            except ValueError as error:
                problems.append(f"{path.name}: not JSON ({error})")
        elif path.suffix == ".png":
            try:
                with Image.open(path) as image:
                    image.verify()
            except Exception as error:  # PIL raises many kinds for a broken file
                problems.append(f"{path.name}: PNG does not load ({error})")
    return problems


def _text_of(path: Path) -> str:
    """What a reader of the file sees as text: a PDF's extracted text, an SVG's source."""
    if path.suffix == ".pdf":
        document = pypdfium2.PdfDocument(path)
        try:
            return "\n".join(page.get_textpage().get_text_range() for page in document)
        finally:
            document.close()
    return path.read_text(encoding="utf-8", errors="replace") if path.suffix == ".svg" else ""


def leaks(secret: str, outcome: Outcome, out: Path) -> list[str]:
    found = (
        [f"printed in the {outcome.command.split()[2]} output"] if secret in outcome.stderr else []
    )
    files = sorted(out.rglob("*")) if out.exists() else []
    return found + [f"in {p.name}" for p in files if p.is_file() and secret in _text_of(p)]


def same_bytes(first: Path, second: Path) -> list[str]:
    names = {p.relative_to(first) for p in first.rglob("*") if p.suffix in (".pdf", ".svg")}
    twins = {p.relative_to(second) for p in second.rglob("*") if p.suffix in (".pdf", ".svg")}
    if names != twins:
        return [f"different files: {sorted(map(str, names ^ twins))[:4]}"]
    return [str(n) for n in sorted(names) if (first / n).read_bytes() != (second / n).read_bytes()]


def run_case(
    case: Case, workdir: Path, plan: Plan, memory_mb: int = 1024, seconds: int = 10
) -> list[Outcome]:
    """Validate the case; build it as the plan says (twice to compare, for a sample; with the
    options the case asks for); `printkit diff` a tampered copy of the output against it when
    the case compares; check every promise, and those the case's family adds (refuse, accept,
    leak nothing)."""
    rule_data = str(case.game.parent)
    out = workdir / "output"
    commands = [["--rule-data", rule_data, "validate"]]
    formats = plan.formats or ("pdf,svg" if case.secret else None)  # where a leak would show
    if case.build_args or case.compare:
        formats = formats or "pdf"  # the options asked for are the surface: always build
    if formats:
        chosen = [] if "--format" in case.build_args else ["--format", formats]
        commands.append(
            ["--rule-data", rule_data, "build", "--out", str(out), *chosen, *case.build_args]
        )
    outcomes: list[Outcome] = []
    for number, args in enumerate(commands):
        outcome = run_checked(case, args, workdir, f"log{number}.txt", memory_mb, seconds)
        _check_expectations(case, outcome, out)
        outcomes.append(outcome)
        if any(p.kind in (OVER_TIME, OVER_MEMORY) for p in outcome.problems):
            break  # the build would only repeat it, at the same cost
        if args[2] == "build" and outcome.exit_code is not None:
            _check_build(case, outcome, outcomes[0], out, workdir, plan, memory_mb, seconds)
            if case.compare and outcome.exit_code == 0:
                outcomes.append(_run_diff(case, out, workdir, memory_mb, seconds))
    return outcomes


def run_checked(
    case: Case, args: list[str], workdir: Path, log: str, memory_mb: int, seconds: int
) -> Outcome:
    """One command with the promises every command keeps: within its limits, its output
    located, no network, nothing written outside the output folders it was given."""
    before = _files_outside_outputs(workdir)
    outcome = run(args, workdir / log, memory_mb, seconds)
    check_limits(outcome, memory_mb, seconds)
    check_output_text(outcome)
    if outcome.network:
        outcome.problems.append(Problem(NETWORK, outcome.network.splitlines()[0]))
    after = _files_outside_outputs(workdir)
    changed = sorted(str(p.relative_to(workdir)) for p in before.keys() ^ after.keys())
    changed += sorted(
        str(p.relative_to(workdir)) for p in before if after.get(p, before[p]) != before[p]
    )
    outcome.problems += [Problem(WROTE_OUTSIDE, name) for name in changed[:3]]
    return outcome


def _files_outside_outputs(workdir: Path) -> dict[Path, tuple[int, int]]:
    """Every file and folder of the case's folder outside the places commands are told to
    write (outputs, the diff folder, the private home) and the logs: size and time of each."""
    written = ("output", "diff", "home", "log")
    found: dict[Path, tuple[int, int]] = {}
    for path in workdir.rglob("*"):
        if not path.relative_to(workdir).parts[0].startswith(written):
            stat = path.lstat()
            found[path] = (stat.st_size, stat.st_mtime_ns) if path.is_file() else (0, 0)
    return found


def _run_diff(case: Case, new: Path, workdir: Path, memory_mb: int, seconds: int) -> Outcome:
    """`printkit diff` from a copy of the build's output, tampered with as the case's seed
    says, to the output itself; its report folder is checked as a build's output is."""
    from fuzzing.diff_surfaces import tamper

    old = workdir / "output-old"
    shutil.copytree(new, old, symlinks=True)
    to = workdir / "diff"
    secret = workdir / "outside" / "secret.txt" if case.secret else None
    rng = random.Random(f"diff {case.seed}")  # its own source: the mutator's is spent
    paths, options, change = tamper(rng, old, new, secret, case.game.name)
    args = ["--rule-data", str(case.game.parent), "diff", *map(str, paths), "--to", str(to)]
    outcome = run_checked(case, [*args, *options], workdir, "log-diff.txt", memory_mb, seconds)
    outcome.command += f"  (the old output: {change})"
    if case.secret:
        outcome.problems += [Problem(LEAK, where) for where in leaks(case.secret, outcome, to)]
    if outcome.exit_code == 0 and to.exists():
        outcome.problems += [Problem(BAD_FILE, p) for p in check_outputs(to)]
    return outcome


def _check_expectations(case: Case, outcome: Outcome, out: Path) -> None:
    if case.must_refuse and outcome.exit_code == 0:
        outcome.problems.append(Problem(ACCEPTED, case.must_refuse))
    if case.must_accept and outcome.exit_code == 1:
        outcome.problems.append(Problem(REFUSED, case.must_accept))
    if case.secret:
        outcome.problems += [Problem(LEAK, where) for where in leaks(case.secret, outcome, out)]


def _about_the_game(outcome: Outcome) -> list[str]:
    """The located diagnostics and hints of a run, without the findings about the options it
    was given (OPTION_CODES, a preset file): those and their hints."""
    kept: list[str] = []
    keep = True
    for line in outcome.stderr.splitlines():
        if _LOCATED.match(line):
            keep = not (any(code in line for code in OPTION_CODES) or PRESET_FILE in line)
            if keep:
                kept.append(line)
        elif _HINT.match(line) and keep:
            kept.append(line)
    return sorted(kept)


def disagree(validate: Outcome, build: Outcome) -> Problem | None:
    """Validate promises what build delivers: a clean validate means a clean build (a build
    that fails after it, even with PK900, breaks it), and every located diagnostic of build is
    validate's too. Validate may find more: it plays property claims and smoke playouts, which
    build does not (`validate --no-simulate` is held to build's exact lines by
    tests/test_validate_promises_build.py). Findings about the build's own options (a profile,
    a preset, and a profile the game lacks, refused as a usage mistake) are build's alone."""
    if validate.exit_code not in (0, 1) or build.exit_code is None or refused_profile(build):
        return None
    missing = []
    game_errors = True
    if build.exit_code in (0, 1):
        found = _about_the_game(build)
        missing = sorted(set(found) - set(diagnostics(validate)))
        game_errors = any(": error[" in line for line in found)
    if (validate.exit_code == 0 and build.exit_code != 0 and game_errors) or missing:
        return Problem(
            DISAGREE, f"exit {validate.exit_code} vs {build.exit_code}; build only: {missing[:2]}"
        )
    return None


def _check_build(
    case: Case, build: Outcome, validate: Outcome, out: Path, workdir: Path, plan: Plan,
    memory_mb: int, seconds: int,
) -> None:  # fmt: skip
    game_out = out / case.game.name
    written = game_out.exists() and any(game_out.iterdir())
    if build.exit_code != 0 and written:
        build.problems.append(Problem(PARTIAL, "files written for a game with errors"))
    if build.exit_code == 0 and out.exists():
        build.problems += [Problem(BAD_FILE, p) for p in check_outputs(out)]
    if disagreement := disagree(validate, build):
        build.problems.append(disagreement)
    if build.exit_code == 0 and (plan.reproduce or case.reproducible):
        again = workdir / "output-again"
        args = build.command.split()
        args[args.index("--out") + 1] = str(again)
        second = run(args, workdir / "log-again.txt", memory_mb, seconds)
        if second.exit_code == 0:
            differ = same_bytes(out, again)
            build.problems += [Problem(NOT_REPRODUCIBLE, f"{name} differs") for name in differ[:3]]


def describe(case: Case, outcome: Outcome) -> str:
    """A failure report a developer can replay: the seed, the changes and the last lines."""
    tail = "\n".join("    " + line for line in outcome.stderr.splitlines()[-8:])
    return (
        f"seed {case.seed} [{case.family}] ({case.source.name}: {'; '.join(case.changes)[:400]})\n"
        f"  replay: python fuzz/run.py --replay {case.seed}\n"
        f"  printkit {outcome.command}  ({outcome.seconds:.1f} s, {outcome.peak_mb:.0f} MB)\n"
        f"  problems: {[str(p)[:200] for p in outcome.problems]}\n{tail}"
    )
