"""Reference documents written from the rules as data: quick references that fit their pages,
rules references with contents, outline, page labels and links, read back with pypdf; numbers
that follow the data into every document; and template mistakes located in the template."""

from __future__ import annotations

import ctypes
import re
import shutil
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from support import GOOD, RULE_DATA, parse_diagnostics, run_cli

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.reference.compose import after_colon, compose, unlinked

GAMES = sorted(p.name for p in RULE_DATA.iterdir() if (p / "rules.yaml").exists())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("reference")
    for game in GAMES:
        result = run_cli(
            "build", game, "--only", "quick_reference", "--only", "rules_reference", "--out", out
        )
        assert result.exit_code == 0, result.output
    return out


def _text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(pdf).pages)


@pytest.mark.parametrize("game", GAMES)
def test_quick_reference_fits_its_pages(built: Path, game: str) -> None:
    pages = len(pypdf.PdfReader(built / game / "quick_reference.pdf").pages)
    allowed = 2 if game == "raise_shields" else 1
    assert pages <= allowed
    text = _text(built / game / "quick_reference.pdf")
    assert "quick reference" in text and "Setting up" in text


@pytest.mark.parametrize("game", GAMES)
def test_rules_reference_has_contents_outline_labels_and_links(built: Path, game: str) -> None:
    reader = pypdf.PdfReader(built / game / "rules_reference.pdf")
    labels = reader.page_labels
    assert labels == ["i", *(str(n) for n in range(1, len(labels)))], labels
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    # Border Skirmish, written for printkit, has no seed text to correct
    errata = game != "border_skirmish"
    assert ("Errata" in outline) == errata, outline
    contents = reader.pages[0].extract_text()
    assert "Contents" in contents and ("Errata" in contents) == errata
    pages = {page.indirect_reference.idnum: index for index, page in enumerate(reader.pages)}
    headings = {
        item.title: reader.get_destination_page_number(item) for item in _flat(reader.outline)
    }
    links = [
        annotation.get_object()
        for page in reader.pages
        for annotation in page.get("/Annots", [])
        if annotation.get_object().get("/Subtype") == "/Link"
    ]
    assert len(links) >= len(headings), "every contents line (and each ref()) is a link"
    for link in links:
        destination = link.get("/Dest") or link["/A"].get("/D")
        assert pages[destination[0].idnum] in set(headings.values()), "a link lands on a heading"


def _flat(outline: list) -> list:
    return [
        item for entry in outline for item in (_flat(entry) if isinstance(entry, list) else [entry])
    ]


def test_the_rules_reference_follows_the_sections_and_states_the_errata(built: Path) -> None:
    text = _text(built / "raise_shields" / "rules_reference.pdf")
    positions = [text.index(title) for title in ("§4.5 The stress test", "§5.2 Boarding", "Errata")]
    assert positions == sorted(positions)
    assert "The text says:" in text and "This reference follows:" in text


def test_a_table_header_repeats_on_every_page_it_spans(tmp_path: Path) -> None:
    folder = tmp_path / "rule_data" / "long_table"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    rows = "".join(
        f"        - {{key: item{n}, result: row {n} of a long table}}\n" for n in range(140)
    )
    rules = folder / "rules.yaml"
    text = rules.read_text()
    head, tail = text[: text.index("    prices:")], text[text.index("  end_conditions:") :]
    rules.write_text(f"{head}    prices:\n      kind: lookup\n      rows:\n{rows}{tail}")
    (folder / "reference.yaml").write_text("materials:\n  rules:\n    kind: rules_reference\n")
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "rules", "--out", out)
    assert result.exit_code == 0, result.output
    texts = [
        page.extract_text() for page in pypdf.PdfReader(out / "long_table" / "rules.pdf").pages
    ]
    with_rows = [text for text in texts if re.search(r"row \d+ of a long table", text)]
    assert len(with_rows) >= 2, "the table runs over more than one page"
    assert all(re.search(r"Key\s+Result", text) for text in with_rows), "its header on each"


def test_the_games_title_and_a_sections_title_print_as_text_never_as_markup(
    tmp_path: Path,
) -> None:
    """reportlab reads paragraph markup: an <img> in a shared game's title would embed a file
    of the machine (or /dev/zero, without end) and '<Deluxe>' would vanish. The title heading,
    the contents and the outline show the characters as written."""
    folder = tmp_path / "rule_data" / "markup"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    hostile = 'Dice <Deluxe> & <img src="/etc/hostname" width="40" height="40"/>'
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("title: Minimal Deck", f"title: '{hostile}'", 1))
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text().replace("title: Winning,", "title: 'Winning & ties',"))
    (folder / "reference.yaml").write_text("materials:\n  rules:\n    kind: rules_reference\n")
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--only", "rules", "--out", out)
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(out / "markup" / "rules.pdf")
    assert sum(len(page.images) for page in reader.pages) == 0
    assert f"{hostile} · rules" in _text(out / "markup" / "rules.pdf")
    assert "Winning & ties" in _text(out / "markup" / "rules.pdf")  # heading and contents
    assert any("Winning & ties" in entry.title for entry in _flat(reader.outline))


def test_a_number_changed_in_the_data_changes_in_every_document(tmp_path: Path) -> None:
    """shields_up holds the shield limit once (values.shield_limit); its prose prints it."""
    folder = tmp_path / "rule_data" / "shields_up"
    shutil.copytree(RULE_DATA / "shields_up", folder)
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text().replace("    shield_limit: 3\n", "    shield_limit: 47\n"))
    # Unbound from its engine: claim shield_limit_kept plays a thief with a full row of three,
    # which a limit of 47 rightly breaks; here only the printed prose is at stake.
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("  engine: shields_up\n", ""))
    result = run_cli(
        "--rule-data", folder.parent, "build", "--out", tmp_path / "out", "--format", "pdf"
    )
    assert result.exit_code == 0, result.output
    mentioning = []
    for pdf in sorted((tmp_path / "out" / "shields_up").glob("*.pdf")):
        text = _text(pdf)
        assert "up to 3 shields" not in text, pdf.name
        if "up to 47 shields" in text:
            mentioning.append(pdf.name)
    assert {"quick_reference.pdf", "rules_reference.pdf"} <= set(mentioning)


def test_an_undefined_name_in_a_template_is_located_in_the_template(tmp_path: Path) -> None:
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    (folder / "reference.yaml").write_text("materials:\n  quick:\n    kind: quick_reference\n")
    (folder / "quick_reference.md.j2").write_text(
        "# {{ game.title }}\n\nSetting up\n\n{{ game.titel }}\n"
    )
    result = run_cli("--rule-data", folder.parent, "validate")
    (problem,) = parse_diagnostics(result.output)
    assert problem.code == "PK600"
    assert (Path(problem.file).name, problem.line) == ("quick_reference.md.j2", 5)
    assert "titel" in problem.message


def test_a_ref_in_rule_text_is_a_link_where_its_section_is_printed_and_text_elsewhere(
    built: Path,
) -> None:
    """shields_up's 'buy the older card' says 'see {{ ref('market') }}': the rules reference
    prints the market section and links to it; the quick reference prints no sections, and
    says where the section is."""
    quick = built / "shields_up" / "quick_reference.pdf"
    assert "waited longer, for 1 action (see The market in the rules)." in _text(quick)
    assert not _links(pypdf.PdfReader(quick)), "nothing to land on in the quick reference"

    reader = pypdf.PdfReader(built / "shields_up" / "rules_reference.pdf")
    market = next(item for item in _flat(reader.outline) if item.title == "The market")
    lines: list[tuple[pypdf.PageObject, float]] = []
    for page in reader.pages:
        page.extract_text(
            visitor_text=lambda text, cm, tm, *_, page=page: (
                lines.append((page, pypdf.mult(tm, cm)[5])) if "(see The market)" in text else None
            )
        )
    ((page, baseline),) = lines
    landing = [
        link
        for link in _links(reader, page)
        if link["/Rect"][1] <= baseline <= link["/Rect"][3]
        and link["/Dest"][0] == market.page
        and link["/Dest"][3] == market.top
    ]
    assert len(landing) == 1, "the 'see The market' line links to the market heading"


def test_a_ref_where_its_section_is_not_printed_says_the_rules_hold_it(tmp_path: Path) -> None:
    """'Take one action ({{ ref('play') }})': the rules reference prints §2 Playing and names
    it so; the quick reference, which holds no §2, and a sheet, which holds no section, say
    'rules §2 Playing' (a bare '§2 Playing' would send the reader to a section of the page in
    hand), never the Markdown link the reference documents are written in."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    (folder / "reference.yaml").write_text(
        "materials:\n"
        "  quick: {kind: quick_reference}\n"
        "  rules_book: {kind: rules_reference}\n"
        "  aid:\n"
        "    kind: sheet\n"
        "    elements:\n"
        '      - {kind: text, height: 8mm, text: "Your turn: {{ prose(rules.structure.phases'
        '.turn.text) }}"}\n'
    )
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    built = out / "minimal_rules"
    assert "Take one action (rules §2 Playing)." in _text(built / "quick.pdf")
    assert "Take one action (§2 Playing)." in _text(built / "rules_book.pdf")
    assert "Your turn: Take one action (rules §2 Playing)." in _text(built / "aid.pdf")


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ('see [§2 Playing](#play "rules §2 Playing").', "see rules §2 Playing."),
        ('[The "Deal"](#deal "The \\"Deal\\" in the rules")', 'The "Deal" in the rules'),
        ("see [the index](#index) or [the site](https://example.org)", "see the index or the site"),
        ("no link [here] (#x)", "no link [here] (#x)"),
    ],
)
def test_a_link_on_a_page_without_headings_prints_where_it_points(text: str, printed: str) -> None:
    assert unlinked(text) == printed


def test_a_tie_s_sentence_after_on_a_tie_starts_small_unless_a_name(tmp_path: Path) -> None:
    """'On a tie:' is printkit's label, the sentence after it the designer's: after the colon
    the sentence goes on in small letters ('On a tie: the tied players…'), as in running text,
    in both documents; a name the rules capitalise inside a sentence keeps its capital, and the
    rules text itself is printed as written."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    rules = (folder / "rules.yaml").read_text(encoding="utf-8")
    rules = rules.replace(
        "      text: Deal {{ values.hand }} card to each player.\n",
        "      text: Deal {{ values.hand }} card to each player.\n"
        "      ties: The tied players deal again.\n",
    ).replace(
        "        text: Take one action ({{ ref('play') }}).\n",
        "        text: Take one action ({{ ref('play') }}).\n"
        "        ties: Dealer wins; the Dealer is who dealt.\n",
    )
    (folder / "rules.yaml").write_text(rules, encoding="utf-8")
    (folder / "reference.yaml").write_text(
        "materials:\n  quick: {kind: quick_reference}\n  book: {kind: rules_reference}\n"
    )
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output
    for document in ("quick", "book"):
        text = _text(out / "minimal_rules" / f"{document}.pdf")
        assert "On a tie: the tied players deal again." in text, document
        assert "On a tie: Dealer wins; the Dealer is who dealt." in text, document


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("The tied player wins; if still tied, share the win.", "the tied player wins;"),
        ("Red wins.", "Red wins."),  # a name of the game's
        ("Roll again. The higher roll wins.", "Roll again."),  # two sentences
        ("DM decides.", "DM decides."),  # capitals: an abbreviation
        ("I decide.", "I decide."),
        ("each player rolls.", "each player rolls."),
        ("", ""),
    ],
)
def test_a_sentence_after_a_colon(text: str, printed: str) -> None:
    assert after_colon(text, frozenset({"Red"})).startswith(printed)


def _links(reader: pypdf.PdfReader, page: pypdf.PageObject | None = None) -> list:
    pages = reader.pages if page is None else [page]
    return [
        annotation.get_object()
        for each in pages
        for annotation in each.get("/Annots", [])
        if annotation.get_object().get("/Subtype") == "/Link"
    ]


def test_a_mistake_in_an_imported_macro_is_located_in_the_macro(tmp_path: Path) -> None:
    """A game's own rule.md.j2 (the macro the default rules reference imports) links to an
    anchor no heading has: the diagnostic is at the macro's line, not the importing one."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    (folder / "reference.yaml").write_text("materials:\n  rules:\n    kind: rules_reference\n")
    macro = (RULE_DATA.parent / "printkit" / "templates" / "rule.md.j2").read_text()
    marker = "{{ prose(node.text) }}\n"
    assert marker in macro
    macro = macro.replace(marker, "{{ prose(node.text) }} See [the index](#index).\n", 1)
    (folder / "rule.md.j2").write_text(macro)
    line = macro[: macro.index("[the index]")].count("\n") + 1
    result = run_cli("--rule-data", folder.parent, "validate")
    problems = parse_diagnostics(result.output)
    assert [(p.code, Path(p.file).name, p.line) for p in problems] == [
        ("PK603", "rule.md.j2", line)
    ], result.output
    assert "'#index'" in problems[0].message


def test_a_mistake_in_text_a_filter_changed_is_still_located(tmp_path: Path) -> None:
    """`| trim` of a block cannot trim the line marks, so the marked rendering has lines the
    document has not: the lines both have are matched, and the link keeps its line."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    (folder / "reference.yaml").write_text("materials:\n  quick:\n    kind: quick_reference\n")
    (folder / "quick_reference.md.j2").write_text(
        "# {{ game.title }}: quick reference\n\n{% set body %}\n## Setting up\n\n"
        "Deal the cards, then see [the deal](#deal-rules).\n{% endset %}\n{{ body | trim }}\n"
    )
    result = run_cli("--rule-data", folder.parent, "validate")
    (problem,) = parse_diagnostics(result.output)
    assert (problem.code, Path(problem.file).name, problem.line) == (
        "PK603",
        "quick_reference.md.j2",
        6,
    ), result.output


def test_a_document_too_long_is_reported_at_the_erratum_that_plays_its_longest_text(
    tmp_path: Path,
) -> None:
    """printkit's own template is not the designer's to shorten: an erratum playing a result of
    60,000 characters, printed by the table and the errata appendix, makes the rules reference
    too long (PK403), reported at the erratum's value, not at a line of printkit's template."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(RULE_DATA.parent / "tests" / "data" / "good" / "minimal_rules", folder)
    long = "W" * 60_000
    (folder / "reference.yaml").write_text(
        "materials:\n  rules:\n    kind: rules_reference\n"
        "errata:\n  - id: long\n    code: PK530\n    subject: x\n    text_says: says\n"
        f'    resolution: res\n    plays: {{"rules.tables.luck.rows[0].result": {long}}}\n'
    )
    result = run_cli("--rule-data", folder.parent, "validate")
    [problem] = [p for p in parse_diagnostics(result.output) if p.code == "PK403"]
    assert (Path(problem.file).name, problem.line, problem.column) == ("reference.yaml", 10, 49)
    assert "the longest text it prints is this one, 60,000 characters" in problem.message


def test_every_reference_page_says_to_print_it_at_actual_size(built: Path) -> None:
    """PRINT.md: a PDF must print at actual size, and say so on the sheet: every page of every
    quick reference and rules reference does, contents page included."""
    pages = 0
    for pdf in sorted(built.glob("*/*_reference.pdf")):
        for number, page in enumerate(pypdf.PdfReader(pdf).pages, start=1):
            assert "Print at actual size (100 %)" in page.extract_text(), (pdf.name, number)
            pages += 1
    assert pages >= 2 * len(GAMES)


def test_no_reference_text_is_printed_in_a_grey_mix(built: Path) -> None:
    """PRINT.md: text prints black, not a grey mix. Every character of every reference page,
    running heads and small print included, is read back with pdfium: none is a grey (equal
    red, green and blue between black and white)."""
    greys = set()
    for pdf in sorted(built.glob("*/*_reference.pdf")):
        document = pdfium.PdfDocument(pdf)
        for number, page in enumerate(document, start=1):
            text = page.get_textpage()
            for index in range(text.count_chars()):
                r, g, b, a = (ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint())
                pdfium_c.FPDFText_GetFillColor(text.raw, index, r, g, b, a)
                if r.value == g.value == b.value and 0 < r.value < 255:
                    greys.add((pdf.parent.name, pdf.name, number, r.value))
    assert not greys, sorted(greys)[:5]


def test_a_term_a_section_defines_is_printed_there_once_and_the_glossary_points_to_it(
    built: Path,
) -> None:
    """Raise Shields' second appendix covers the terms port and starboard: their definitions
    print there, and the glossary names them with a pointer, not a second copy."""
    pages = pypdf.PdfReader(built / "raise_shields" / "rules_reference.pdf").pages
    text = " ".join(" ".join(page.extract_text().split()) for page in pages)
    assert text.count("the ship's left side") == 1
    assert text.count("the ship's right side") == 1
    glossary = text[text.rindex("Glossary") :]
    assert "port: see Appendix 2: clarifications." in glossary
    assert "starboard: see Appendix 2: clarifications." in glossary


def test_a_quick_reference_is_headed_with_its_material_s_title(tmp_path: Path) -> None:
    """A quick reference given a title prints it as its heading, as written (its '<', '*' and
    brackets are not Markdown), as in its foot and its PDF's title; without one, the game's
    title and 'quick reference'."""
    folder = tmp_path / "shields_dice"
    shutil.copytree(RULE_DATA / "shields_dice", folder)
    materials = folder / "reference.yaml"
    text = materials.read_text(encoding="utf-8")
    titled = "    kind: quick_reference\n    title: 'Crib <v2> *x* [y](z)'\n"
    materials.write_text(text.replace("    kind: quick_reference\n", titled), encoding="utf-8")
    result = run_cli(
        "--rule-data", tmp_path, "build", "shields_dice", "--only", "quick_reference",
        "--out", tmp_path / "out",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "out" / "shields_dice" / "quick_reference.pdf")
    lines = reader.pages[0].extract_text().splitlines()
    assert "Crib <v2> *x* [y](z)" in lines  # the heading, a line of its own
    assert not [line for line in lines if line.endswith(": quick reference")]
    assert reader.metadata is not None and reader.metadata.title == "Crib <v2> *x* [y](z)"


@pytest.mark.parametrize(
    ("game", "heading"),
    [("shields_dice", "Action Limit Effect"), ("raise_shields", "Action Cost Limit Effect")],
)
def test_the_actions_table_has_cost_and_limit_columns_only_when_an_action_has_them(
    built: Path, game: str, heading: str
) -> None:
    """Shields: the Dice Game's actions cost nothing: an empty 'Cost' column would print. Its
    potion and polish may be used once per turn, and Raise Shields' repair once per round: the
    limit players keep to is printed beside the action (and in the rules reference)."""
    text = _text(built / game / "quick_reference.pdf")
    assert text[text.index("Actions") :].startswith(f"Actions {heading}")
    limited = {
        "shields_dice": "Drink a potion (once per turn).",
        "raise_shields": "Repair (once per round).",
    }
    assert limited[game] in _text(built / game / "rules_reference.pdf")


@pytest.mark.parametrize("covers", ["[turn, draw, roll, keep]", "[turn, draw]"])
def test_a_phase_s_steps_print_once_with_their_phase(tmp_path: Path, covers: str) -> None:
    """A phase prints its steps as its numbered list: a section covering the steps too, or
    none covering them, printed them a second time (or under 'More rules')."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    text = text.replace("covers: [turn, draw]", f"covers: {covers}").replace(
        "        see: [play]\n",
        "        see: [play]\n        steps:\n"
        "          - {id: roll, text: Roll both dice at once.}\n"
        "          - {id: keep, text: Score the higher die.}\n",
    )
    rules.write_text(text, encoding="utf-8")
    materials = "  rulebook:\n    kind: rules_reference\n"
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + materials, encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "build", "minimal_rules", "--only", "rulebook",
                     "--format", "pdf", "--out", tmp_path / "out")  # fmt: skip
    assert result.exit_code == 0, result.output
    printed = _text(tmp_path / "out" / "minimal_rules" / "rulebook.pdf")
    assert printed.count("Roll both dice at once.") == 1
    assert printed.count("Score the higher die.") == 1


@pytest.mark.parametrize(("game", "heading"), [("raise_shields", "Round"), ("shields_up", "Turn")])
def test_the_sequence_heading_names_the_unit_of_play(built: Path, game: str, heading: str) -> None:
    """Raise Shields is played in rounds: its quick reference said 'Turn sequence' all the same."""
    text = _text(built / game / "quick_reference.pdf")
    assert f"{heading} sequence" in text
    assert f"{'Turn' if heading == 'Round' else 'Round'} sequence" not in text


def test_an_end_condition_s_title_heads_it_on_the_quick_reference(tmp_path: Path) -> None:
    """A titled end condition is printed under its title with its outcome (before: its
    outcome alone, 'Win', as if it had no title); an untitled one under its outcome."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    text = (
        rules.read_text(encoding="utf-8")
        .replace("pair_up: {outcome: win,", "pair_up: {title: Matched pair, outcome: win,")
        .replace(
            "  variants:\n",
            "    stalemate: {outcome: end, text: The game ends when the deck runs out.}\n"
            "  variants:\n",
            1,
        )
    )
    rules.write_text(text, encoding="utf-8")
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8") + "  crib:\n    kind: quick_reference\n", encoding="utf-8"
    )
    result = run_cli("--rule-data", tmp_path, "build", "minimal_rules", "--only", "crib",
                     "--format", "pdf", "--out", tmp_path / "out")  # fmt: skip
    assert result.exit_code == 0, result.output
    printed = _text(tmp_path / "out" / "minimal_rules" / "crib.pdf")
    assert "Matched pair (win): Play the pair to win." in printed
    assert "End: The game ends when the deck runs out." in printed


def test_an_end_condition_s_tie_break_is_on_the_quick_reference(tmp_path: Path) -> None:
    """The page players read when the game ends: the tie-break PK505 asks for prints there too,
    as it does in the rules reference."""
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    tied = 'see: [winning], ties: "The player with fewer cards wins."}'
    rules.write_text(rules.read_text(encoding="utf-8").replace("see: [winning]}", tied, 1), "utf-8")
    (folder / "references.yaml").write_text(
        "materials:\n  quick_reference: {kind: quick_reference}\n"
        "  rules_reference: {kind: rules_reference}\n",
        encoding="utf-8",
    )
    result = run_cli("--rule-data", tmp_path, "build", "minimal_rules", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    for document in ("quick_reference", "rules_reference"):
        text = _text(tmp_path / "out" / "minimal_rules" / f"{document}.pdf")
        assert "to win. On a tie: the player with fewer cards wins." in text, document


def test_a_variant_prints_its_set_up_and_changes_on_the_quick_reference(built: Path) -> None:
    """Solo Raise the Shields! changes the set-up and the attack: the quick reference printed
    only its one line of text, so it disagreed with the realm sheet's solo card."""
    text = _text(built / "raise_the_shields" / "quick_reference.pdf")
    solo = text[text.index("Solo (solo)") :]
    assert solo.index("Setting up: Roll 3 dice") < solo.index("Changes Attack: When a shield")


def test_a_variant_s_change_names_the_rule_it_changes_in_both_documents(built: Path) -> None:
    """The quick reference printed "Best of three … *Two batteries:* The match goes to…", the
    rule's bare name, which reads as a rule about batteries; both documents now say which rule
    the variant changes, in the same words."""
    for document in ("quick_reference", "rules_reference"):
        text = _text(built / "shields_dice" / f"{document}.pdf")
        assert "Changes Two batteries: The match goes to whoever wins" in text, document


@pytest.mark.parametrize(
    ("limit", "said"),
    [(1, "once per turn"), (2, "twice per turn"), (3, "3 times per turn"), (0, "never")],
)
def test_an_action_s_limit_is_said_in_words(tmp_path: Path, limit: int, said: str) -> None:
    folder = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("      limit: 1\n", f"      limit: {limit}\n", 1), "utf-8")
    loaded = load_package("minimal_rules", folder, Diagnostics())
    assert loaded is not None
    assert f"**Draw** (costs 1; {said})." in compose(loaded, "rules_reference.md.j2", "Rules")


def test_a_row_s_result_prints_its_own_row_in_documents_and_sheets(tmp_path: Path) -> None:
    """`{{ row.data.cost }}` in a row's result prints the row's number wherever the row is
    printed; a sheet printing the result as a text alone (`prose(row.result)`) would print its
    braces, and is told to give the row."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    own = '        - {key: pair, result: "{{ row.data.cost }} actions", data: {cost: 7}}\n'
    rules.write_text(rules.read_text().replace("        - {key: pair, result: two actions}\n", own))
    sheet = (
        "materials:\n  quick: {kind: quick_reference}\n  prices:\n    kind: sheet\n"
        "    elements:\n      - kind: table\n        id: prices\n"
        "        rows: rules.tables.prices.rows\n        columns:\n"
        '          - {title: Buy, cell: "{{ row.key }}", width: 30mm}\n'
        '          - {title: Cost, cell: "{{ prose(row) }}"}\n'
    )
    (folder / "reference.yaml").write_text(sheet)
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--out", out, "--format", "pdf")
    assert result.exit_code == 0, result.output
    for pdf in ("quick.pdf", "prices.pdf"):
        text = _text(out / "minimal_rules" / pdf)
        assert "pair 7 actions" in text and "row" not in text, pdf
    (folder / "reference.yaml").write_text(sheet.replace("prose(row)", "prose(row.result)"))
    result = run_cli("--rule-data", folder.parent, "validate")
    (problem,) = parse_diagnostics(result.output)
    assert (problem.code, Path(problem.file).name, problem.line) == ("PK406", "reference.yaml", 11)
    assert problem.message == (
        "material 'prices': column 'Cost' in '{{ prose(row.result) }}': prose() is given the "
        "text '{{ row.data.cost }} actions', a table row's result that reads 'row': it prints "
        "from its row"
    )
    assert problem.hint == "write prose(row), not prose(row.result): the result then sees its row"


def test_a_looked_up_result_prints_as_its_row_prints_it(tmp_path: Path) -> None:
    """`lookup(...).result` in rule text and in a sheet prints the result a reader sees ('7
    actions'): before, it printed the result as written, braces and all, and no check said so."""
    folder = tmp_path / "rule_data" / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", folder)
    rules = folder / "rules.yaml"
    own = '        - {key: pair, result: "{{ row.data.cost }} actions", data: {cost: 7}}\n'
    text = rules.read_text().replace("        - {key: pair, result: two actions}\n", own)
    said = (
        "text: Take one action ({{ ref('play') }}); a pair costs "
        "{{ lookup('prices', 'pair').result }}."
    )
    rules.write_text(text.replace("text: Take one action ({{ ref('play') }}).", said))
    (folder / "reference.yaml").write_text(
        "materials:\n  quick: {kind: quick_reference}\n  prices:\n    kind: sheet\n"
        "    elements:\n      - kind: text\n"
        "        text: \"A pair: {{ lookup('prices', 'pair').result }}.\"\n"
    )
    out = tmp_path / "out"
    result = run_cli("--rule-data", folder.parent, "build", "--out", out)
    assert result.exit_code == 0, result.output
    quick = " ".join(_text(out / "minimal_rules" / "quick.pdf").split())
    assert "a pair costs 7 actions." in quick and "{" not in quick
    assert "A pair: 7 actions." in _text(out / "minimal_rules" / "prices.pdf")


@pytest.mark.parametrize(
    ("game", "document", "title"),
    [
        ("rise", "quick_reference", "Rise! · quick reference"),
        ("raise_the_shields", "rules_reference", "Raise the Shields! · rules"),
        ("shields_dice", "quick_reference", "Shields: The Dice Game · quick reference"),
    ],
)
def test_a_game_s_title_is_joined_to_the_document_s_name_without_doubled_punctuation(
    built: Path, game: str, document: str, title: str
) -> None:
    """A colon after the game's title printed "Rise!: quick reference" and "Shields: The Dice
    Game: quick reference"; the ' · ' of the footers joins them in the PDF's Title, the
    document's heading and its footer alike."""
    reader = pypdf.PdfReader(built / game / f"{document}.pdf")
    assert reader.metadata["/Title"] == title
    text = _text(built / game / f"{document}.pdf")
    assert text.count(title) >= 2, text[:200]  # the heading (or header) and the footer
    assert "!:" not in text and "Game:" not in text
