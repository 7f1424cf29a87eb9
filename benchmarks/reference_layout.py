"""Benchmark: how long a quick reference that cannot fit takes to be refused.

Why this exists: a quick reference is laid out at the largest text size, 10 pt down to 7 pt,
that fits its pages. Issue 20 measured a 100 KB plain-text template at 32 s before PK601,
because the layout tried every size and laid out every page of each. Now the size is found by
bisection and each try stops at the first page too many, so the work is bounded by the pages a
quick reference may have, not by its text. The aim: refusing the 100 KB template costs under
3 s more than validating a quick reference that fits (start-up, loading and checks are the
same in both, and a busy machine slows both alike).

What it does: copies tests/data/good/minimal_rules to a temporary folder twice, gives one a
quick reference whose own template is `--kilobytes` of plain text (paragraphs of one sentence)
and the other one of a single paragraph, and times `printkit validate` of each, which lays the
quick reference out (and reports PK601, exit 1, for the long one).

Run: `python benchmarks/reference_layout.py` (`--kilobytes 20` for a smaller text,
`--repeat 3` for the best of three).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from processes import timed

REPO = Path(__file__).resolve().parent.parent
AIM_SECONDS = 3.0
SENTENCE = "A long line of the rules, repeated until no page can hold it, even in small type.\n\n"


def package(folder: Path, kilobytes: int) -> Path:
    game = folder / f"reference_{kilobytes}kb"
    shutil.copytree(REPO / "tests" / "data" / "good" / "minimal_rules", game)
    (game / "reference.yaml").write_text("materials:\n  quick:\n    kind: quick_reference\n")
    text = SENTENCE * max(kilobytes * 1000 // len(SENTENCE), 1)
    (game / "quick_reference.md.j2").write_text(f"# A quick reference that is not quick\n\n{text}")
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kilobytes", type=int, default=95)  # the sandbox renders 100,000 at most
    parser.add_argument("--repeat", type=int, default=1)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        times = {}
        for kilobytes, exit_code in ((options.kilobytes, 1), (0, 0)):
            game = package(Path(temporary) / str(kilobytes), kilobytes)
            command = [
                sys.executable, "-m", "printkit", "--rule-data", str(game.parent), "validate",
            ]  # fmt: skip
            times[kilobytes] = min(timed(command, exit_code) for _ in range(options.repeat))
    extra = times[options.kilobytes] - times[0]
    print(f"validate, a quick reference that fits:        {times[0]:.1f} s")
    print(
        f"validate, {options.kilobytes} KB that does not (PK601): {times[options.kilobytes]:.1f} s"
    )
    print(f"refusing it costs {extra:.1f} s more (aim: under {AIM_SECONDS:g} s)")
    return 0 if extra < AIM_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
