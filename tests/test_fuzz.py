"""Fuzzing in the suite: mutated copies of the shipped and test packages, a few seeds for each
family (one surface each: claims, examples, tables, template overrides, reference.yaml, sheets,
CSV and XLSX card data, generated decks, art, fonts; a layout's own fonts, picture icons,
versions and profiles, the exports, card data given by URL, `printkit diff`) and more of the
generic one, each command in a forked child under the limits the README promises.

A failure names its seed; `python fuzz/run.py --replay SEED` rebuilds the same package and runs
it again, and `python fuzz/run.py` runs the same mutators over thousands of seeds.
"""

from __future__ import annotations

import importlib.util
import io
import shutil
import zipfile
import zlib
from pathlib import Path

import pytest
from fuzzing import (
    FAMILY_ORDER,
    SMALL_SEEDS,
    Outcome,
    Plan,
    check_output_text,
    check_outputs,
    describe,
    family_of,
    make_case,
    run_case,
    seeds_of,
    xlsx,
)
from fuzzing.cases import Case
from fuzzing.promises import (
    DISAGREE,
    EXIT_CODE,
    NETWORK,
    OVER_MEMORY,
    OVER_TIME,
    WROTE_OUTSIDE,
    check_limits,
    disagree,
    leaks,
    run_checked,
    same_bytes,
)
from fuzzing.running import run
from openpyxl import load_workbook
from reportlab.pdfgen.canvas import Canvas
from support import REPO

DATA = Path(__file__).resolve().parent / "data"
GOOD, CARD_DATA = DATA / "good", DATA / "card_data"
GENERIC_VALIDATE_CASES = 100
GENERIC_BUILD_CASES = 20
CASES_PER_FAMILY = 3
BUILD = Plan("pdf,svg,png", reproduce=False)
FAMILY_SEEDS = [
    seed for family in FAMILY_ORDER[1:] for seed in seeds_of(family, 0, CASES_PER_FAMILY)
]


@pytest.mark.parametrize("seed", seeds_of("yaml", 0, GENERIC_VALIDATE_CASES))
def test_validate_keeps_its_promises(seed: int, tmp_path: Path) -> None:
    case = make_case(seed, tmp_path)
    for outcome in run_case(case, tmp_path, Plan(None, reproduce=False)):
        assert not outcome.problems, describe(case, outcome)


@pytest.mark.parametrize("seed", seeds_of("yaml", 100_000, GENERIC_BUILD_CASES))
def test_build_keeps_its_promises(seed: int, tmp_path: Path) -> None:
    case = make_case(seed, tmp_path, SMALL_SEEDS)
    for outcome in run_case(case, tmp_path, BUILD):
        assert not outcome.problems, describe(case, outcome)


@pytest.mark.parametrize("seed", FAMILY_SEEDS, ids=lambda seed: f"{family_of(seed)}-{seed}")
def test_every_surface_keeps_its_promises(seed: int, tmp_path: Path) -> None:
    """Validate and build (twice, comparing the bytes, for the first seed of each family)."""
    case = make_case(seed, tmp_path)
    plan = Plan("pdf,svg", reproduce=seed < len(FAMILY_ORDER))
    for outcome in run_case(case, tmp_path, plan):
        assert not outcome.problems, describe(case, outcome)


# --- the checker itself must catch what it looks for ----------------------------------------------


def _outcome(stderr: str, exit_code: int = 1) -> Outcome:
    outcome = Outcome("--rule-data x validate", exit_code, 0.1, 50, stderr)
    check_output_text(outcome)
    return outcome


def test_checker_accepts_located_diagnostics_with_hints() -> None:
    text = "g/game.yaml:3:5: error[PK101]: bad\n  hint: fix it\n1 error(s), 0 warning(s)\n"
    assert _outcome(text).problems == []


@pytest.mark.parametrize(
    "text",
    [
        "g/game.yaml: error[PK121]: missing field 'game'\n  hint: add it\n",
        "g/game.yaml:1:1: error[PK100]: bad\n  in position 5\n",
        "g/game.yaml:3:5: error[PK101]: no hint here\n",
        "Traceback (most recent call last):\nValueError\n",
        "g/game.yaml:3:5: error[PK900]: internal error\n  hint: report it\n",
    ],
)
def test_checker_flags_broken_promises(text: str) -> None:
    assert _outcome(text).problems


def test_checker_flags_a_crash_exit_code() -> None:
    assert _outcome("", exit_code=70).problems


def test_checker_tells_time_from_memory() -> None:
    slow = Outcome("validate", None, 10.0, 80, "", signal_name="SIGALRM")
    check_limits(slow, 1024, 10)
    heavy = Outcome("validate", 3, 2.0, 300, "x: error[PK900]: internal error: MemoryError: \n")
    check_limits(heavy, 1024, 10)
    check_output_text(heavy)
    assert [p.kind for p in slow.problems] == [OVER_TIME]
    assert [p.kind for p in heavy.problems] == [OVER_MEMORY]


def test_a_run_is_charged_only_the_memory_it_adds(tmp_path: Path) -> None:
    """The forked child starts with the test process's pages resident: a suite that holds
    rendered pages must not push a small run past its limit (CI failed on it once)."""
    held = b"x" * (400 << 20)  # written, so resident, and inherited by the child
    outcome = run(["--version"], tmp_path / "log.txt")
    assert outcome.exit_code == 0
    assert outcome.peak_mb < 200, outcome.peak_mb
    assert held[-1:] == b"x"


def test_checker_holds_build_to_what_validate_said() -> None:
    clean = Outcome("validate", 0, 1.0, 80, "")
    warned = Outcome("build", 0, 1.0, 80, "g/a.yaml:1:1: warning[PK301]: small\n  hint: h\n")
    crashed = Outcome("build", 3, 1.0, 80, "x: error[PK900]: internal error: ValueError\n")
    assert disagree(clean, Outcome("build", 0, 1.0, 80, "")) is None
    assert disagree(clean, warned) is not None
    assert disagree(clean, crashed) is not None


def test_checker_flags_bad_files(tmp_path: Path) -> None:
    (tmp_path / "map.svg").write_text("<svg><text>\x01</text></svg>")
    (tmp_path / ".cards.pdf.tmp").write_bytes(b"")
    (tmp_path / "cut.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n")
    (tmp_path / "page.png").write_bytes(b"\x89PNG\r\n\x1a\nbroken")
    problems = check_outputs(tmp_path)
    for name in ("map.svg", ".cards.pdf.tmp", "cut.pdf", "page.png"):
        assert any(name in problem for problem in problems), (name, problems)


def test_checker_finds_nan_in_a_content_stream(tmp_path: Path) -> None:
    path = tmp_path / "nan.pdf"
    canvas = Canvas(str(path))
    canvas.line(0, 0, float("nan"), 10)
    canvas.save()
    assert any("nan or inf" in p for p in check_outputs(tmp_path))


def test_checker_finds_a_secret_in_a_pdf_and_in_diagnostics(tmp_path: Path) -> None:
    canvas = Canvas(str(tmp_path / "quick_reference.pdf"))
    canvas.drawString(72, 72, "root PKFUZZ-SECRET-1 here")
    canvas.save()
    outcome = Outcome("--rule-data x build", 1, 0.1, 50, "a.yaml:1:1: PKFUZZ-SECRET-1\n")
    assert leaks("PKFUZZ-SECRET-1", outcome, tmp_path) == [
        "printed in the build output",
        "in quick_reference.pdf",
    ]


def test_checker_compares_two_builds_byte_for_byte(tmp_path: Path) -> None:
    for name, text in (("a", "same"), ("b", "differs")):
        (tmp_path / name / "game").mkdir(parents=True)
        (tmp_path / name / "game" / "deck.pdf").write_text(text)
        (tmp_path / name / "game" / "deck-p1.svg").write_text("same")
    assert same_bytes(tmp_path / "a", tmp_path / "b") == ["game/deck.pdf"]


def test_a_padded_workbook_inflates_to_what_it_says() -> None:
    head = xlsx.sheet_xml(xlsx.rows_xml([["name", "count"], ["A", 1]])).split("</sheetData>")[0]
    member = xlsx.padded("xl/worksheets/sheet1.xml", head, b" ", 8, "</sheetData></worksheet>")
    data = xlsx.workbook(member)
    sheet = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml")
    assert len(data) < 20_000 < 8 * 2**20 < len(sheet) == member.size
    assert zlib.crc32(sheet) == member.crc
    book = load_workbook(io.BytesIO(data), read_only=True)
    assert [[c.value for c in row] for row in book.worksheets[0].iter_rows()] == [
        ["name", "count"],
        ["A", 1],
    ]


def test_every_family_reaches_its_surface(tmp_path: Path) -> None:
    """Twelve seeds, one per family: each case changes what its family names."""
    for seed in range(len(FAMILY_ORDER)):
        case = make_case(seed, tmp_path / str(seed))
        assert case.family == FAMILY_ORDER[seed] and case.changes, case


def test_the_mutator_is_replayable(tmp_path: Path) -> None:
    # CSV, XLSX, generated decks, art; own fonts, icons, versions, exports, online data, diff
    for seed in (7, 8, 9, 10, *(FAMILY_ORDER.index(f) for f in ("ownfonts", "diff"))):
        first = make_case(seed, tmp_path / f"a{seed}")
        second = make_case(seed, tmp_path / f"b{seed}")
        assert first.changes == second.changes
        for path in sorted(first.game.rglob("*")):
            twin = second.game / path.relative_to(first.game)
            if path.is_file() and not path.is_symlink():
                assert path.read_bytes() == twin.read_bytes()


def test_checker_holds_build_options_to_the_build_alone() -> None:
    """A profile the game lacks or a preset file's mistake is a finding validate, given no
    options, cannot make; a finding about the game is still held against it."""
    clean = Outcome("validate", 0, 1.0, 80, "")
    profile = "g/game.yaml:3:1: error[PK780]: no profile 'x'\n  hint: h\n1 error(s), 0 warning(s)\n"
    preset = "/w/pod-preset.yaml:2:7: error[PK122]: bad dpi\n  hint: h\n"
    game = "g/game.yaml:9:9: error[PK220]: tts.description fails\n  hint: h\n"
    assert disagree(clean, Outcome("build", 1, 1.0, 80, profile)) is None
    assert disagree(clean, Outcome("build", 1, 1.0, 80, preset)) is None
    found = disagree(clean, Outcome("build", 1, 1.0, 80, profile + game))
    assert found is not None and found.kind == DISAGREE


def test_checker_takes_a_refused_profile_as_the_usage_mistake_it_is() -> None:
    """A --profile the game lacks ends the build with click's usage lines and exit 2: no
    broken promise, and nothing validate must agree with; any other exit 2 is still one."""
    refused = (
        "Usage: python -m printkit build [OPTIONS] [GAMES]...\nTry 'python -m printkit build "
        "--help' for help.\n\nError: Invalid value for --profile: game 'g' has no build profile "
        "'x'; did you mean 'y'?\n"
    )
    build = Outcome("build", 2, 1.0, 80, refused)
    check_output_text(build)
    assert build.problems == []
    assert disagree(Outcome("validate", 0, 1.0, 80, ""), build) is None
    other = Outcome("build", 2, 1.0, 80, refused.replace("--profile", "--pod"))
    check_output_text(other)
    assert [problem.kind for problem in other.problems][:1] == [EXIT_CODE]


def test_checker_accepts_what_diff_prints_and_paths_without_lines(tmp_path: Path) -> None:
    """`printkit diff` prints its changes, and a diagnostic about a folder (which has no
    lines) names the path alone; a text file must be located at its line."""
    text = tmp_path / "deck.cards.json"
    text.write_text("{}")
    lines = (
        "g/deck: card 'A' (deck 'deck') changed (front)\n2 change(s); old beside new in d/c.pdf\n"
        f"{tmp_path / 'nope'}: error[PK785]: '{tmp_path / 'nope'}' does not exist\n  hint: h\n"
    )
    assert _outcome(lines).problems == []
    assert _outcome(f"{text}: error[PK785]: not a card map\n  hint: h\n").problems


def _fetching_game(tmp_path: Path) -> Path:
    game = tmp_path / "rule_data" / "csv_deck"
    shutil.copytree(CARD_DATA / "csv_deck", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    url = "card_data: {file: cards.csv, url: 'http://127.0.0.1:9/cards.csv'}"
    (game / "game.yaml").write_text(text.replace("card_data: {file: cards.csv}", url))
    return game


def test_checker_catches_a_command_that_uses_the_network(tmp_path: Path) -> None:
    """`fetch` (which the fuzzer never runs) reaches for the network and is caught; validate
    of the same game, which reads the saved copy, is not."""
    game = _fetching_game(tmp_path)
    case = Case(0, "online", game, game, ("a URL",))
    rule_data = str(game.parent)
    fetched = run_checked(
        case, ["--rule-data", rule_data, "fetch"], tmp_path, "log-f.txt", 1024, 10
    )
    validated = run_checked(
        case, ["--rule-data", rule_data, "validate"], tmp_path, "log-v.txt", 1024, 10
    )
    assert [p.kind for p in fetched.problems if p.kind == NETWORK] == [NETWORK], fetched
    assert validated.problems == [], validated


def test_checker_catches_a_write_outside_the_output_folders(tmp_path: Path) -> None:
    game = tmp_path / "rule_data" / "minimal_deck"
    shutil.copytree(GOOD / "minimal_deck", game)
    case = Case(0, "yaml", game, game, ("nothing",))
    args = ["--rule-data", str(game.parent), "build", "--format", "pdf"]
    inside = run_checked(
        case, [*args, "--out", str(tmp_path / "output")], tmp_path, "log1.txt", 1024, 10
    )
    outside = run_checked(
        case, [*args, "--out", str(tmp_path / "elsewhere")], tmp_path, "log2.txt", 1024, 10
    )
    assert inside.problems == [], inside
    assert WROTE_OUTSIDE in [p.kind for p in outside.problems], outside


def test_a_failing_step_of_the_fuzzer_is_counted_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A family's own step between runs (the diff family damages an output folder) that fails
    is the fuzzer's bug, shown as such: it must not stop a run of thousands of cases."""
    spec = importlib.util.spec_from_file_location("fuzz_run", REPO / "fuzz" / "run.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)

    def failing_step(*_args: object) -> list:
        raise OSError("the damage step could not write")

    monkeypatch.setattr(script, "run_case", failing_step)
    result = script._one(5, 1, 1, keep=tmp_path)
    (failure,) = result["failures"]
    assert failure["kinds"] == ["fuzzer error"]
    assert "running the case failed" in failure["report"]
    assert "the damage step could not write" in failure["report"]
