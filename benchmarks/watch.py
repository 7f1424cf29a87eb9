"""Benchmark: under `printkit watch`, the time from saving a one-deck change of a shipped game to
the new PDF on disk.

Why this exists: issue 21 asks that a designer who saves a card sees it printed at once: at most
1 s from save to PDF for a one-deck change of a shipped game, once builds redo only the materials
whose inputs changed. This measures what a designer meets: a real `printkit watch` process over a
copy of Shields Up, one card's text changed and saved, and the clock stopped when the deck's PDF
on disk is the new one (the game's folder is swapped in whole, so the PDF appears when every
material of the rebuild is written) and when the preview page's stamp changes (an open page
reloads then).

What it does: copies `rule_data/shields_up` into a temporary folder, starts `python -m printkit
watch shields_up` there (default formats: PDF, SVG and PNG), waits for the first build, then
`--repeat` times rewrites one card's effect in deck.yaml and polls every 5 ms; prints each
save-to-PDF and save-to-page time and the median.

Run: `python benchmarks/watch.py` (`--repeat 3` for a quick look; `--format pdf` for PDFs alone).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAME, DECK, PDF = "shields_up", "deck.yaml", "deck.pdf"
CARD_TEXT = "in play it fires once"


def changed(path: Path, before: tuple[int, int] | None, timeout: float = 120) -> float:
    """Poll until `path` is a file other than `before` (inode and mtime); the time it was seen."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            status = path.stat()
        except FileNotFoundError:
            status = None
        if status is not None and (status.st_ino, status.st_mtime_ns) != before:
            return time.perf_counter()
        time.sleep(0.005)
    raise SystemExit(f"{path} did not change within {timeout} s")


def identity(path: Path) -> tuple[int, int] | None:
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_ino, status.st_mtime_ns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--format", default="pdf,svg,png")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        shutil.copytree(REPO / "rule_data" / GAME, root / "rule_data" / GAME)
        deck, out = root / "rule_data" / GAME / DECK, root / "output"
        pdf, stamp = out / GAME / PDF, out / "index.stamp.js"
        watcher = subprocess.Popen(
            [sys.executable, "-m", "printkit", "watch", GAME, "--format", options.format],
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        try:
            changed(stamp, None)
            time.sleep(1)  # let the watcher settle on its first wait
            to_pdf, to_page = [], []
            for number in range(options.repeat):
                text = deck.read_text(encoding="utf-8")
                before_pdf, before_stamp = identity(pdf), identity(stamp)
                saved = time.perf_counter()
                deck.write_text(text.replace(CARD_TEXT, f"{CARD_TEXT} ({number})", 1), "utf-8")
                to_pdf.append(changed(pdf, before_pdf) - saved)
                to_page.append(changed(stamp, before_stamp) - saved)
                print(f"save {number + 1}: PDF {to_pdf[-1]:.2f} s, page {to_page[-1]:.2f} s")
                deck.write_text(text, "utf-8")
                changed(stamp, identity(stamp))  # the change back is built too: wait it out
                time.sleep(0.5)
        finally:
            watcher.send_signal(signal.SIGINT)
            watcher.wait(timeout=60)
    print(
        f"median save to PDF {statistics.median(to_pdf):.2f} s, to page "
        f"{statistics.median(to_page):.2f} s ({options.format}; target: PDF ≤ 1 s)"
    )


if __name__ == "__main__":
    main()
