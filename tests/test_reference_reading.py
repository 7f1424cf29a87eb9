"""The references read like rules for players: every heading has something under it and never
sits at the foot of a column, tables are headed in their own words, no data key is printed,
filler tables are left out, and the rules the first encodings left out are printed."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from support import RULE_DATA, run_cli

from printkit.reference.markdown import _Inline, parse

GAMES = sorted(p.name for p in RULE_DATA.iterdir() if (p / "rules.yaml").exists())
DOCUMENTS = ("quick_reference", "rules_reference")
PAPERS = ("a4", "letter")
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
Fragment = tuple[float, float, str]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("reading")
    for paper in PAPERS:
        for game in GAMES:
            only = [option for document in DOCUMENTS for option in ("--only", document)]
            result = run_cli("build", game, *only, "--paper", paper, "--out", out / paper)
            assert result.exit_code == 0, result.output
    return out


def _pdfs(built: Path) -> list[Path]:
    return [
        built / paper / game / f"{doc}.pdf"
        for paper in PAPERS
        for game in GAMES
        for doc in DOCUMENTS
    ]


def _fragments(page: pypdf.PageObject) -> list[Fragment]:
    """Each run of text with the position where it starts, in points from the bottom left."""
    found: list[Fragment] = []

    def visit(text: str, cm: list, tm: list, *_: object) -> None:
        if text.strip():
            found.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text.strip()))

    page.extract_text(visitor_text=visit)
    return found


def _lines(page: pypdf.PageObject) -> list[str]:
    """The page's text as printed lines: the runs at one height, left to right (a table's
    row is one line, whatever order the PDF draws its cells in)."""
    rows: dict[int, list[Fragment]] = {}
    for fragment in _fragments(page):
        rows.setdefault(round(fragment[1]), []).append(fragment)
    return [" ".join(f[2] for f in sorted(row)) for _, row in sorted(rows.items(), reverse=True)]


def _headings(reader: pypdf.PdfReader) -> list[tuple[str, int, float]]:
    """(title, page index, top) of every outline entry: every heading the document prints."""
    found = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.append((item.title, reader.get_destination_page_number(item), item.top))

    walk(reader.outline)
    return found


def _placed(reader: pypdf.PdfReader, headings: list) -> list[tuple[Fragment, int]]:
    """Where each heading is printed: the run of its text near its outline entry's top."""
    placed = []
    for title, index, top in headings:
        fragments = _fragments(reader.pages[index])
        near = [f for f in fragments if f[2] == title and 0 <= float(top) - f[1] < 40]
        placed.extend((f, index) for f in sorted(near, key=lambda f: float(top) - f[1])[:1])
    return placed


def _under(heading: Fragment, fragments: list[Fragment], width: float) -> list[Fragment]:
    """The text below a heading in its own column, running headers and footers left out."""
    x, y, _ = heading
    return [
        f
        for f in fragments
        if f[1] < y - 2 and x - 3 <= f[0] < x + 0.4 * width and not _running(f[2])
    ]


def _running(text: str) -> bool:
    return bool(re.search(r"(quick reference| · rules)( · )?\s*page \d+$|^page \d+$", text))


def test_every_heading_has_text_under_it_in_its_column(built: Path) -> None:
    """No heading is empty, and none is the last line of a column or page: the first line
    below it, in its column on its page, is text, not another heading."""
    faults = []
    for pdf in _pdfs(built):
        reader = pypdf.PdfReader(pdf)
        headings = _headings(reader)
        placed = _placed(reader, headings)
        for fragment, index in placed:
            if fragment[2].endswith(" · quick reference"):
                continue  # the document's title, above its first heading
            page = reader.pages[index]
            under = _under(fragment, _fragments(page), float(page.mediabox.width))
            following = max(under, key=lambda f: f[1], default=None)
            if following is None or (following, index) in placed:
                faults.append(f"{pdf.relative_to(built)} page {index + 1}: {fragment[2]}")
    assert not faults, "\n".join(faults)


def test_no_table_is_headed_key_or_value_and_no_data_key_is_printed(built: Path) -> None:
    for pdf in _pdfs(built):
        for page in pypdf.PdfReader(pdf).pages:
            lines = page.extract_text().splitlines()
            assert not [line for line in lines if re.match(r"(Key|Value)\b", line)], pdf
            assert not [line for line in lines if IDENTIFIER.search(line)], pdf


def test_a_table_that_maps_numbers_to_themselves_is_not_printed(built: Path) -> None:
    text = " ".join(
        page.extract_text()
        for page in pypdf.PdfReader(built / "a4/raise_the_shields/rules_reference.pdf").pages
    )
    assert "name a sector by its number" in text
    assert not re.search(r"\b1\s+sector 1\b", text) and not re.search(r"\b6\s+shape 6\b", text)


@pytest.mark.parametrize(
    ("game", "phrases"),
    [
        (
            "raise_shields",
            [
                "moves off the edge of the map has fled",
                "never choose to move onto or through another ship",
                "each of the two ships takes one die of damage to its hull",
                "Credits At most",
                "Plasma torpedo one shot at boarding odds, always to the hull 5 any number",
            ],
        ),
        (
            "shields_dice",
            [
                "at most one potion or polish a turn",
                "An attacking die you take may attack this same turn",
                "A die in the trash stays there",
            ],
        ),
        ("rise", ["You must keep at least one worker on the board"]),
    ],
)
def test_rules_the_first_encodings_left_out_are_printed(
    built: Path, game: str, phrases: list[str]
) -> None:
    reader = pypdf.PdfReader(built / "a4" / game / "rules_reference.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    for phrase in phrases:
        assert phrase in text, phrase


def test_the_quick_reference_states_the_movement_rules_looked_up_in_play(built: Path) -> None:
    """Fleeing off the map, never through a ship, and collision damage are rules of the
    movement phase: printed in its steps, so at the table as well as in the rules."""
    reader = pypdf.PdfReader(built / "a4" / "raise_shields" / "quick_reference.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    for phrase in (
        "moves off the edge of the map has fled",
        "never choose to move onto or through another ship",
        "each of the two ships takes one die of damage to its hull",
    ):
        assert phrase in text, phrase


@pytest.mark.parametrize("document", DOCUMENTS)
def test_a_two_dimensional_table_prints_as_a_grid_with_both_headings(
    built: Path, document: str
) -> None:
    """Border Skirmish's combat results: the rolls down, the odds across, one cell each."""
    reader = pypdf.PdfReader(built / "a4" / "border_skirmish" / f"{document}.pdf")
    lines = [line for page in reader.pages for line in _lines(page)]
    text = "\n".join(lines)
    # both headings: the rolls' and the odds' (which may wrap under it), then the odds
    # (the narrow quick reference wraps the last column's label: '4-1 or' over 'more')
    heading = r"Roll \(d6\)( /( Odds)?)? under 1-1 1-1 2-1 3-1 4-1 or( more)?\n"
    assert re.search(heading, text), text
    assert "Odds" in text
    for row in ("1 A2 A1 A1 D1 D1r", "3 A1 D1 D1r D2 D2r", "6 D1r D2 D2r D3r D4"):
        assert row in lines, row


def test_the_charts_sheet_prints_the_rules_combat_table(tmp_path: Path) -> None:
    result = run_cli("build", "border_skirmish", "--only", "charts", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "border_skirmish" / "charts.pdf")
    assert "4 A1 D1r D2 D2r D3" in _lines(reader.pages[0])


def _fill(page: pypdf.PageObject) -> float:
    """How far down its body a page's text reaches, 0 to 1 (running header and footer left
    out: they sit within 50 points of the page's edges)."""
    height = float(page.mediabox.height)
    body = [y for _, y, _ in _fragments(page) if 40 < y < height - 50]
    return (height - 50 - min(body)) / (height - 90) if body else 0.0


def test_no_page_is_left_nearly_blank(built: Path) -> None:
    """Contents that spill a line or two onto a page of their own, or a body page that
    breaks early, leave a page nearly blank; only a document's last page may be short."""
    faults = []
    for pdf in _pdfs(built):
        reader = pypdf.PdfReader(pdf)
        labels = reader.page_labels
        contents = [i for i, label in enumerate(labels) if not label.isdigit()]
        body = [i for i, label in enumerate(labels) if label.isdigit()][:-1]
        for index in body:
            if _fill(reader.pages[index]) < 0.5:
                faults.append(f"{pdf.relative_to(built)} page {labels[index]}")
        if len(contents) > 1 and len(_lines(reader.pages[contents[-1]])) < 6:
            faults.append(f"{pdf.relative_to(built)} contents page {labels[contents[-1]]}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize(
    ("written", "bound"),
    [
        ("They enter on turn 4.", "They enter on turn\u00a04."),  # '4.' never starts a line
        ("Spend at most 2) and", "Spend at most\u00a02) and"),
        ("Rolls of 1, 2, 3 or 24.", "Rolls of 1, 2, 3 or\u00a024."),  # a list breaks anywhere
        ("Roll 12, then move", "Roll 12, then move"),
        ("In 2026.", "In 2026."),  # a year is no short count
        ("See §3 Combat", "See §3 Combat"),
    ],
)
def test_a_short_number_ending_a_clause_keeps_to_the_word_before_it(
    written: str, bound: str
) -> None:
    [paragraph] = [token for token in parse(written) if token.type == "inline"]
    assert _Inline(None, set())(paragraph) == bound
