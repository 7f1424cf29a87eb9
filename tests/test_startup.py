"""Start-up imports only what a command needs (issue 21): `printkit --help`, `--version` and
`list` import none of the heavy libraries nor printkit's model. Checked in a fresh interpreter by
the modules loaded, not by a timing (benchmarks/startup.py times it)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from support import GOOD, REPO, RULE_DATA

from printkit.cli import COMMANDS, main

# What `python -X importtime -c 'import printkit.cli'` showed before the commands were lazy,
# heaviest first: each is what some command needs, none what starting needs.
HEAVY = (
    "reportlab",
    "pydantic",
    "jinja2",
    "markdown_it",
    "pypdf",
    "pypdfium2",
    "pikepdf",
    "openpyxl",
    "svglib",
    "fontTools",
    "svgwrite",
    "numpy",
    "PIL",
    "printkit.model",
    "printkit.build",
    "printkit.check",
    "printkit.draw",
    "printkit.materials",
    "printkit.reference",
    "printkit.preflight",
    "printkit.sandbox",
)

_PROBE = """
import json, sys
from printkit.cli import main
for arguments in {runs!r}:
    try:
        main(arguments, prog_name="printkit")
    except SystemExit as leaving:
        assert leaving.code in (0, None), (arguments, leaving.code)
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_after(*runs: list[str], env: dict[str, str] | None = None) -> set[str]:
    """The modules a fresh interpreter holds after importing printkit.cli and running `runs`
    (with `env` added to the environment)."""
    probe = subprocess.run(
        [sys.executable, "-c", _PROBE.format(runs=list(runs))],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, **(env or {})},
        check=True,
    )
    return set(json.loads(probe.stderr.splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    return sorted(
        m
        for m in modules
        if m.split(".")[0] in HEAVY or any(m == h or m.startswith(h + ".") for h in HEAVY)
    )


def test_importing_the_command_imports_nothing_heavy() -> None:
    assert heavy(modules_after()) == []


def test_help_and_version_import_nothing_heavy() -> None:
    assert heavy(modules_after(["--help"], ["--version"])) == []


def test_list_reads_the_yaml_without_the_model() -> None:
    assert heavy(modules_after(["--rule-data", str(RULE_DATA), "list"])) == []


def test_each_commands_help_imports_nothing_heavy() -> None:
    """A command imports the model and the drawing when it runs, not to describe itself."""
    assert heavy(modules_after(*([name, "--help"] for name in sorted(COMMANDS)))) == []


def test_completing_games_and_materials_imports_nothing_heavy() -> None:
    """Every press of Tab starts a process: completion reads folders and YAML only."""
    words = f"printkit --rule-data {RULE_DATA} build shields_up --only "
    env = {"_PRINTKIT_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": "6"}
    loaded = modules_after([], env=env)
    assert heavy(loaded) == []
    assert "printkit.commands.build" in loaded  # the build command was asked for its --only


def test_a_command_imports_what_it_needs() -> None:
    """The guards above could pass by importing nothing at all: a command that checks does."""
    loaded = modules_after(["--rule-data", str(GOOD), "validate", "minimal_deck"])
    assert {"printkit.build", "printkit.model.package", "reportlab"} <= loaded


def test_a_deck_in_printkits_own_fonts_builds_without_font_tools(tmp_path: Path) -> None:
    """fontTools (a tenth of a deck's imports) reads a game's own font files: a deck set in
    printkit's fonts never needs it to print its PDF."""
    out = tmp_path / "out"
    build = [
        "--rule-data",
        str(GOOD),
        "build",
        "minimal_deck",
        "--format",
        "pdf",
        "--out",
        str(out),
    ]
    loaded = modules_after(build)
    assert (out / "minimal_deck").is_dir()
    assert "printkit.materials.card_faces" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "fontTools"}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_help_listed_is_the_commands_own(name: str) -> None:
    """`printkit --help` lists COMMANDS' short help without importing the commands: it must say
    what each command's docstring says."""
    command = main.get_command(click.Context(main), name)
    assert isinstance(command, click.Command)
    assert command.name == name
    assert COMMANDS[name][1] == command.get_short_help_str(limit=200)


def test_the_executable_runs_with_the_collector_seldom_woken() -> None:
    """A build keeps what it draws until it ends: at Python's default threshold (700) the
    cyclic collector walked it again and again, a fifth of a large deck's build."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import gc; from printkit.cli import run\n"
            f"try: run(['--rule-data', {str(GOOD)!r}, 'validate', 'minimal_deck'])\n"
            "except SystemExit: print(gc.get_threshold())",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    assert int(probe.stdout.strip("()\n").split(",")[0]) >= 100_000


def test_the_executable_leaves_nothing_for_the_last_collection_to_walk(tmp_path: Path) -> None:
    """What a command leaves (a build's cyclic garbage among it) is frozen when it ends: the
    interpreter's last collection at exit found hundreds of objects to walk and free, work the
    exit does anyway."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import gc, sys\nfrom printkit.cli import run\n"
            "def collected(phase, info):\n"
            "    if phase == 'stop': sys.stderr.write(f'collected {info[\"collected\"]}\\n')\n"
            f"try: run(['--rule-data', {str(GOOD)!r}, 'build', 'minimal_deck', '--out', "
            f"{str(tmp_path)!r}])\n"
            "except SystemExit as leaving:\n"
            "    gc.callbacks.append(collected)\n"
            "    print(leaving.code, gc.get_freeze_count())",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    code, frozen = probe.stdout.splitlines()[-1].split()
    assert code == "0" and int(frozen) > 10_000
    found = [int(line.split()[1]) for line in probe.stderr.splitlines() if "collected" in line]
    assert sum(found) == 0, probe.stderr


def test_a_command_called_in_process_leaves_the_callers_collector_alone() -> None:
    """A test suite or a program embedding printkit calls `main` in a process that lives on:
    with the collector woken seldom there, a suite's process grew past a gigabyte."""
    before = gc.get_threshold()
    with pytest.raises(SystemExit) as leaving:
        main(["--rule-data", str(GOOD), "validate", "minimal_deck"], prog_name="printkit")
    assert leaving.value.code == 0
    assert gc.get_threshold() == before


def test_a_one_process_build_without_raster_art_loads_no_pool_and_no_image_reader(
    tmp_path: Path,
) -> None:
    """The process pool's modules, Pillow's PNG and JPEG readers and logging are a few per
    cent of a small deck's build: loaded for `--jobs 2`, raster art and damaged fonts only."""
    out = tmp_path / "out"
    build = ["--rule-data", str(GOOD), "build", "minimal_deck", "--format", "pdf", "--jobs", "1"]
    loaded = modules_after([*build, "--out", str(out)])
    assert (out / "minimal_deck").is_dir()
    assert "reportlab.pdfgen.canvas" in loaded
    unneeded = {
        "multiprocessing",
        "concurrent.futures.process",
        "PIL.PngImagePlugin",
        "PIL.JpegImagePlugin",
        "logging",
    }
    assert unneeded & loaded == set()
