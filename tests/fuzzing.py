"""A seeded mutator of game packages and a checker of what printkit does with them.

The suite runs a few hundred cases (tests/test_fuzz.py); `fuzz/run.py` runs thousands before a
release. Both share this module so that a failure found by the long run replays in a test with
its seed. Each case runs the real command in a forked child under a time and memory limit, so a
runaway input is measured, not waited for, and the parent's state never leaks between cases.
"""

from __future__ import annotations

import copy
import os
import random
import re
import resource
import shutil
import signal
import sys
import time
import traceback
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pikepdf
import yaml
from PIL import Image

from printkit.cli import main

REPO = Path(__file__).resolve().parent.parent
SEED_FOLDERS = (REPO / "rule_data", REPO / "tests/data/good", REPO / "tests/data/card_data")
SEEDS = sorted(game for folder in SEED_FOLDERS for game in folder.iterdir() if game.is_dir())
SMALL_SEEDS = [p for p in SEEDS if p.parent.name != "rule_data"]

# --- hostile values -------------------------------------------------------------------------------

HOSTILE_NUMBERS: list[Any] = [
    0, -1, -0.0, 0.0001, 7, 2**31, 2**63, 10**400, 1e308, float("nan"), float("inf"),
    float("-inf"), 100_000, 1_000_000,
]  # fmt: skip
HOSTILE_STRINGS: list[str] = [
    "",
    " ",
    "x" * 5000,
    "\x01\x02\x7f",
    "line\nbreak",
    "tab\there",
    "\u202eevil",
    "<svg onload='x'>&amp;]]>",
    "{{ 'x' * 10**9 }}",
    "{{ 10**10**10 }}",
    "{{ ('x' ~ 'y') * 999999999 }}",
    "{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
    "{{ lipsum(100000) }}",
    "{{ range(10**9)|list|length }}",
    "{{ nope }}",
    "{{ ''.__class__.__mro__ }}",
    "{{ cycler.__init__.__globals__ }}",
    "{{",
    "{% if %}",
    "transparent",
    "cornflower",
    "ReportLabBlue",
    "#12345",
    "#zzzzzz",
    "rgb(300, 0, 0)",
    "1e400 mm",
    "-5 mm",
    "0 mm",
    "5 furlongs",
    "nan mm",
    "inf mm",
    "99999 mm",
    "0.0001 mm",
    "../../../etc/passwd",
    "/etc/passwd",
    "d6",
    "1-999999999",
    "2d6+3",
    "PK999",
]


def _nested(depth: int) -> list[Any]:
    value: list[Any] = ["deep"]
    for _ in range(depth):
        value = [value]
    return value


HOSTILE_STRUCTURES: list[Any] = [
    None,
    [],
    {},
    True,
    _nested(40),
    {"unexpected": {"nested": [1, 2, 3]}},
    [None] * 50,
    list(range(500)),
]


def _hostile_value(rng: random.Random) -> Any:
    family = rng.choice((HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_STRUCTURES))
    return copy.deepcopy(rng.choice(family))


# --- tree mutations (parse, change one node, write back) ------------------------------------------


def _paths(tree: Any, limit: int = 20_000) -> list[tuple[Any, ...]]:
    """Paths to the nodes of a parsed file, at most `limit` of them: an alias bomb that an
    earlier mutation appended must not expand in the mutator either."""
    found: list[tuple[Any, ...]] = []
    pending: list[tuple[Any, tuple[Any, ...]]] = [(tree, ())]
    while pending and len(found) < limit:
        node, prefix = pending.pop()
        found.append(prefix)
        if isinstance(node, dict):
            pending += [(value, (*prefix, key)) for key, value in node.items()]
        elif isinstance(node, list):
            pending += [(value, (*prefix, index)) for index, value in enumerate(node)]
    return found


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


_LEADING_NUMBER = re.compile(r"^-?\d+(\.\d+)?")


def _scaled(value: Any, factor: float) -> Any:
    """The same kind of value, out of proportion: a count times a million, '63 mm' times 1000."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return value * factor
    if isinstance(value, str) and (match := _LEADING_NUMBER.match(value)):
        return f"{float(match[0]) * factor:g}{value[match.end() :]}"
    if isinstance(value, list) and value:
        return value * max(1, int(min(factor, 200)))
    return value


def _mutate_tree(rng: random.Random, tree: Any) -> tuple[Any, str]:
    paths = [p for p in _paths(tree) if p]
    if not paths:
        return _hostile_value(rng), "replace the whole document"
    path = rng.choice(paths)
    parent, last = _get(tree, path[:-1]), path[-1]
    operation = rng.choice(("replace", "replace", "scale", "delete", "rename", "graft", "dup"))
    where = "/".join(map(str, path))
    if operation == "scale":
        factor = rng.choice((0, -1, 0.001, 1000, 1_000_000))
        parent[last] = _scaled(parent[last], factor)
        return tree, f"scale {where} by {factor}"
    if operation == "replace":
        value = _hostile_value(rng)
        parent[last] = value
        return tree, f"replace {where} with {value!r:.60}"
    if operation == "delete":
        del parent[last]
        return tree, f"delete {where}"
    if operation == "rename" and isinstance(parent, dict):
        key = str(last)
        new_key = rng.choice((key[:-1], key + "s", key.upper(), key + "\x00", "", "_" + key))
        parent[new_key] = parent.pop(last)
        return tree, f"rename {where} to {new_key!r}"
    if operation == "graft":
        donor = _get(tree, rng.choice(paths))
        parent[last] = copy.deepcopy(donor)
        return tree, f"graft another subtree onto {where}"
    if isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
        return tree, f"duplicate item {where}"
    parent[last] = [copy.deepcopy(parent[last])] * 2
    return tree, f"double {where} into a list"


# --- text mutations (the bytes a careless editor or a hostile user writes) ------------------------

ALIAS_BOMB = (
    "bomb_a: &a [x, x, x, x, x, x, x, x, x]\n"
    "bomb_b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "bomb_c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    "bomb_d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "bomb_e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
    "bomb_f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    "bomb_g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
    "bomb_h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
    "bomb_i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n"
)


def _mutate_text(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = data.split(b"\n")
    at = rng.randrange(len(lines))
    operation = rng.randrange(14)
    if operation == 0:
        del lines[at]
        return b"\n".join(lines), f"delete line {at + 1}"
    if operation == 1:
        lines.insert(at, lines[at])
        return b"\n".join(lines), f"duplicate line {at + 1}"
    if operation == 2:
        lines[at] = b" " * rng.randint(1, 5) + lines[at]
        return b"\n".join(lines), f"indent line {at + 1}"
    if operation == 3:
        lines[at] = lines[at].replace(b":", b" ", 1)
        return b"\n".join(lines), f"drop the colon of line {at + 1}"
    if operation == 4:
        cut = rng.randrange(len(data) + 1)
        return data[:cut], f"truncate at byte {cut}"
    if operation == 5:
        byte = bytes([rng.choice((0, 1, 7, 8, 11, 12, 27, 127))])
        cut = rng.randrange(len(data) + 1)
        return data[:cut] + byte + data[cut:], f"insert control byte {byte!r} at {cut}"
    if operation == 6:
        cut = rng.randrange(len(data) + 1)
        return data[:cut] + b"\xff\xfe\xc3" + data[cut:], f"insert invalid UTF-8 at byte {cut}"
    if operation == 7:
        return data + b"\n" + ALIAS_BOMB.encode(), "append an alias bomb"
    if operation == 8:
        depth = rng.choice((200, 1000, 5000))
        return data + b"\ndeep: " + b"[" * depth + b"]" * depth + b"\n", f"nest {depth} deep"
    if operation == 9:
        return b"", "empty the file"
    if operation == 10:
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"), "BOM and CRLF line ends"
    if operation == 11:
        lines[at] = b"\t" + lines[at]
        return b"\n".join(lines), f"tab before line {at + 1}"
    if operation == 12:
        tag = b"key: !!python/object/apply:os.system ['echo pwned']\n"
        return data + b"\n" + tag, "append a python tag"
    lines[at] = lines[at] + b" &anchor"
    return b"\n".join(lines), f"dangling anchor on line {at + 1}"


# --- folder mutations -----------------------------------------------------------------------------


def _mutate_folder(rng: random.Random, game: Path) -> str:
    operation = rng.randrange(4)
    name = f"extra{len(list(game.iterdir()))}.yaml"  # unique, so mutations can repeat
    if operation == 0:
        (game / name).symlink_to("/etc/hostname")
        return f"symlink {name} to a file outside the game"
    if operation == 1:
        (game / name).mkdir()
        return f"a folder named {name}"
    if operation == 2:
        (game / name).write_bytes(bytes(range(256)) * 4)
        return f"a binary file {name}"
    (game / name).symlink_to(game / "missing.yaml")
    return f"a dangling symlink {name}"


@dataclass(frozen=True)
class Case:
    """A mutated copy of one package; replayable from its seed alone."""

    seed: int
    source: Path
    game: Path
    changes: tuple[str, ...]


def make_case(seed: int, workdir: Path, seeds: list[Path] | None = None) -> Case:
    """Copy a package chosen by `seed` into `workdir` and apply one to three mutations."""
    rng = random.Random(seed)
    source = rng.choice(seeds or SEEDS)
    rule_data = workdir / "rule_data"
    game = rule_data / source.name
    shutil.copytree(source, game)
    changes: list[str] = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.choices(("tree", "text", "folder"), weights=(6, 3, 1))[0]
        files = sorted(p for p in game.glob("*.yaml") if p.is_file() and not p.is_symlink())
        if kind == "folder" or not files:
            changes.append(_mutate_folder(rng, game))
            continue
        target = rng.choice(files)
        data = target.read_bytes()
        if kind == "tree":
            try:
                tree = yaml.safe_load(data)
            except (yaml.YAMLError, RecursionError):
                tree = None
            if isinstance(tree, dict | list):
                tree, change = _mutate_tree(rng, tree)
                dumped = yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=100)
                target.write_text(dumped, encoding="utf-8")
                changes.append(f"{target.name}: {change}")
                continue
        data, change = _mutate_text(rng, data)
        target.write_bytes(data)
        changes.append(f"{target.name}: {change}")
    return Case(seed, source, game, tuple(changes))


# --- running a case -------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What one run of the command did, and every promise it broke."""

    command: str
    exit_code: int | None
    seconds: float
    peak_mb: float
    stderr: str
    problems: list[str] = field(default_factory=list)


def _child(args: list[str], log: Path, memory_bytes: int, seconds: int) -> None:
    """Run in the forked child: limits, redirected output, the command, and never return."""
    code = 70
    try:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        signal.alarm(seconds)
        handle = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(handle, 1)
        os.dup2(handle, 2)
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115 - the child exits right after
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        try:
            main.main(args=args, prog_name="printkit", standalone_mode=True)
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 70
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def run(args: list[str], log: Path, memory_mb: int = 1024, seconds: int = 10) -> Outcome:
    """Run `printkit ARGS` in a forked child, as a user would meet it, under hard limits."""
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        _child(args, log, memory_mb * 1024 * 1024, seconds)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.monotonic() - started
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    outcome = Outcome(" ".join(args), None, elapsed, usage.ru_maxrss / 1024, text)
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        outcome.problems.append(
            "ran past the time limit"
            if number == signal.SIGALRM
            else f"killed by {signal.Signals(number).name}"
        )
    else:
        outcome.exit_code = os.WEXITSTATUS(status)
    return outcome


# --- the promises ---------------------------------------------------------------------------------

_LOCATED = re.compile(r"^\S[^\n]*:\d+:\d+: (error|warning|note)\[PK\d{3}\]: \S.*$")
_HINT = re.compile(r"^  hint: \S.*$")
_SUMMARY = re.compile(r"^\d+ error\(s\), \d+ warning\(s\)( \(errors under --strict\))?$")
_NOT_BUILT = re.compile(r"^\S+: not built \(see the diagnostics\)$")
_BUILT = re.compile(r"^\S+: \d+ material\(s\), \d+ file\(s\) in \S.*$")
_NUMBER_TOKEN = re.compile(rb"(?:^|\s)-?(?:nan|inf)(?=\s)", re.IGNORECASE)
_STRING = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")  # text shown, not numbers


def check_output_text(outcome: Outcome) -> None:
    """Every line is a located diagnostic, its hint, or one of the command's own summaries."""
    if outcome.exit_code not in (0, 1, None):
        outcome.problems.append(f"exit code {outcome.exit_code}")
    if "Traceback" in outcome.stderr or "[PK900]" in outcome.stderr:
        outcome.problems.append("internal error")
        return
    lines = outcome.stderr.splitlines()
    for index, line in enumerate(lines):
        if _LOCATED.match(line):
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if not _HINT.match(following):
                outcome.problems.append(f"diagnostic without a hint: {line[:120]}")
        elif not (
            _HINT.match(line)
            or _SUMMARY.match(line)
            or _NOT_BUILT.match(line)
            or _BUILT.match(line)
        ):
            outcome.problems.append(f"unlocated or broken line: {line[:120]!r}")


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
        if path.is_dir():
            continue
        if path.name.startswith(".") or path.suffix == ".tmp":
            problems.append(f"leftover temporary file {path.relative_to(out)}")
        elif path.suffix == ".pdf":
            problems += check_pdf(path)
        elif path.suffix == ".svg":
            try:
                ElementTree.parse(path)
            except ElementTree.ParseError as error:
                problems.append(f"{path.name}: SVG is not well-formed XML ({error})")
        elif path.suffix == ".png":
            try:
                with Image.open(path) as image:
                    image.verify()
            except Exception as error:  # PIL raises many kinds for a broken file
                problems.append(f"{path.name}: PNG does not load ({error})")
    return problems


def run_case(
    case: Case,
    workdir: Path,
    build_formats: str | None = "pdf,svg",
    memory_mb: int = 1024,
    seconds: int = 10,
) -> list[Outcome]:
    """Validate the case, then build it when `build_formats` is given; check every promise."""
    rule_data = str(case.game.parent)
    out = workdir / "output"
    commands = [["--rule-data", rule_data, "validate"]]
    if build_formats:
        commands.append(
            ["--rule-data", rule_data, "build", "--out", str(out), "--format", build_formats]
        )
    outcomes = []
    for number, args in enumerate(commands):
        outcome = run(args, workdir / f"log{number}.txt", memory_mb, seconds)
        check_output_text(outcome)
        if args[2] == "build" and outcome.exit_code is not None:
            game_out = out / case.game.name
            written = game_out.exists() and any(game_out.iterdir())
            if outcome.exit_code != 0 and written:
                outcome.problems.append("files written for a game with errors")
            if outcome.exit_code == 0 and out.exists():
                outcome.problems += check_outputs(out)
        outcomes.append(outcome)
    return outcomes


def describe(case: Case, outcome: Outcome) -> str:
    """A failure report a developer can replay: the seed, the changes and the first lines."""
    head = "\n".join(outcome.stderr.splitlines()[-12:])
    return (
        f"seed {case.seed} ({case.source.name}: {'; '.join(case.changes)})\n"
        f"  printkit {outcome.command}\n  problems: {outcome.problems}\n{head}"
    )
