"""The letters a material prints as written (check/literal_texts.py): a `{{` or `{%` in a
zone's or a marker's letters on a map, or in a badge's on a sheet (in a row, or round a
cycle), is PK221 at the letter itself; letters without one, and a zone without a letter, are
nothing to report."""

from __future__ import annotations

from pathlib import Path

from printkit.check.literal_texts import check_literal_texts
from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package

PACKAGE = """\
game: {title: Letters, players: "2"}
materials:
  map:
    kind: hexmap
    hex_size: 20mm
    columns: 2
    rows: 2
    zones:
      camp:
        name: Camp
        letter: "{{"
      ford: {name: Ford, pattern: dots}
      hill: {name: Hill, letter: H}
    markers:
      - hex: "0101"
        fill: red
        label: "{%"
      - {hex: "0202", fill: blue, label: B}
  mat:
    kind: sheet
    elements:
      - kind: row
        elements:
          - kind: stat
            id: health
            label: Health
            badge:
              color: red
              letter: "x{{"
          - {kind: stat, id: luck, label: Luck, badge: {letter: L, color: blue}}
      - kind: cycle
        rows: "[{'key': 'Ann', 'next': 'Bob'}, {'key': 'Bob', 'next': 'Ann'}]"
        next: "{{ row.next }}"
        badges:
          Ann: {letter: A, color: red}
          Bob:
            color: blue
            letter: "{%}"
"""

HINT = "write the letters themselves; templates go in names, labels and texts"


def _at(written: str) -> tuple[int, int]:
    """The line and column of the value in the package's one line holding `written`."""
    (number,) = [n for n, line in enumerate(PACKAGE.splitlines(), start=1) if written in line]
    line = PACKAGE.splitlines()[number - 1]
    return number, line.index(written) + written.index('"') + 1


def test_each_letter_with_template_braces_is_a_warning_at_the_letter(tmp_path: Path) -> None:
    folder = tmp_path / "letters"
    folder.mkdir()
    (folder / "game.yaml").write_text(PACKAGE, encoding="utf-8")
    found = Diagnostics()
    loaded = load_package("letters", folder, found)
    assert loaded is not None, [d.message for d in found]
    check_literal_texts(loaded.package, loaded.spans, found)
    expected = [
        (f"'{letter}' is printed as written: a letter is not a template", *_at(written))
        for letter, written in (
            ("{{", 'letter: "{{"'),
            ("{%", 'label: "{%"'),
            ("x{{", 'letter: "x{{"'),
            ("{%}", 'letter: "{%}"'),
        )
    ]
    assert [(d.message, d.span.line, d.span.column) for d in found] == expected
    assert {(d.code, d.severity, d.hint) for d in found} == {("PK221", "warning", HINT)}
