"""`printkit diff`: what changed between two builds of a copy of a shipped deck, named by card;
the side-by-side PDF; `--reprint`; `--since` against git; and every bad argument a diagnostic."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pypdf
import pypdfium2
import pytest
from support import parse_diagnostics, run_cli

from printkit.model.limits import MAX_CARD_MAP_CARDS

SHIPPED = Path(__file__).resolve().parent.parent / "rule_data" / "shields_up"
OLD_TEXT = "Swap hands with your opponent, even when one of the hands is empty."
NEW_TEXT = "Swap hands with your opponent, even when a hand is empty."


def _edit(deck: Path) -> None:
    """Change the text of one card (Transporter Hijinks, one copy), and swap the places of two
    other cards in the deck, so that the cards between them move to other cells."""
    text = deck.read_text(encoding="utf-8")
    assert OLD_TEXT in text
    text = text.replace(OLD_TEXT, NEW_TEXT)
    first, second, third = (
        text.index(f"      - name: {name}\n") for name in ("Death Ray", "Laser Bank", "Ion Blaster")
    )
    text = text[:first] + text[second:third] + text[first:second] + text[third:]
    deck.write_text(text, encoding="utf-8")


def _build(rule_data: Path, out: Path) -> None:
    result = run_cli("--rule-data", rule_data, "build", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of shields_up built as shipped (old), then with one card's text changed (new);
    the copy is left as the new build was made from."""
    root = tmp_path_factory.mktemp("diff")
    shutil.copytree(SHIPPED, root / "rule_data" / "shields_up")
    _build(root / "rule_data", root / "old")
    _edit(root / "rule_data" / "shields_up" / "deck.yaml")
    _build(root / "rule_data", root / "new")
    return root


def _diff(root: Path, *args: str | Path) -> tuple[int, list[str], str]:
    result = run_cli("--rule-data", root / "rule_data", "diff", *args)
    return result.exit_code, result.stdout.splitlines(), result.output


def test_changing_one_cards_text_names_that_card_only(builds: Path, tmp_path: Path) -> None:
    code, lines, output = _diff(builds, builds / "old", builds / "new", "--to", tmp_path)
    assert code == 0, output
    card = "card 'Transporter Hijinks' (deck 'deck') changed (front)"
    assert lines[:2] == [f"shields_up/deck: {card}", f"shields_up/deck_print_on_demand: {card}"]
    assert lines[2:] == [f"2 change(s); old beside new in {tmp_path / 'changes.pdf'}"]
    assert (tmp_path / "changes.pdf").is_file()


def test_the_side_by_side_pdf_shows_old_and_new_with_the_change_in_red(
    builds: Path, tmp_path: Path
) -> None:
    _diff(builds, builds / "old", builds / "new", "--to", tmp_path)
    reader = pypdf.PdfReader(tmp_path / "changes.pdf")
    assert len(reader.pages) == 2
    assert "Transporter Hijinks" in reader.pages[0].extract_text()
    page = pypdfium2.PdfDocument(tmp_path / "changes.pdf")[0]
    pixels = page.render(scale=1).to_numpy()[:, :, :3].astype(int)  # BGR
    red = (pixels[:, :, 2] > 180) & (pixels[:, :, 1] < 60) & (pixels[:, :, 0] < 60)
    columns = np.flatnonzero(red.any(axis=0))
    middle = pixels.shape[1] / 2
    # a red mark round the changed text on the old card (left) and the new one (right)
    assert (columns < middle).any() and (columns > middle).any()
    rows = np.flatnonzero(red.any(axis=1))
    assert rows.max() - rows.min() < pixels.shape[0] / 4, "the mark is round the text, not all"


def test_reprint_writes_only_the_changed_card_imposed_with_its_back(
    builds: Path, tmp_path: Path
) -> None:
    code, _, output = _diff(builds, builds / "old", builds / "new", "--reprint", "--to", tmp_path)
    assert code == 0, output
    reprint = pypdf.PdfReader(tmp_path / "shields_up" / "deck.reprint.pdf")
    assert len(reprint.pages) == 2  # one front sheet, its backs; no calibration pages
    front = " ".join(reprint.pages[0].extract_text().split())
    assert "Transporter Hijinks" in front and NEW_TEXT in front
    assert not any(name in front for name in ("Death Ray", "Laser Bank", "Battery"))
    assert "backs of page 1" in reprint.pages[1].extract_text()
    one_per_page = pypdf.PdfReader(tmp_path / "shields_up" / "deck_print_on_demand.reprint.pdf")
    assert len(one_per_page.pages) == 2
    assert "reprint of 1 card(s), 1 copy" in output


def test_reprints_go_into_the_folder_to_names_beside_the_report(
    builds: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, `--to reprint` wrote reprint/reprint/shields_up/deck.pdf: the reprints had a
    folder of their own inside the one named. Clearing an earlier run's reprints leaves a
    build's own PDFs in that folder alone."""
    monkeypatch.chdir(tmp_path)
    game = tmp_path / "reprint" / "shields_up"
    game.mkdir(parents=True)
    (game / "board.reprint.pdf").write_bytes(b"an earlier diff's")
    (game / "deck.pdf").write_bytes(b"a build's")
    code, _, output = _diff(builds, builds / "old", builds / "new", "--reprint", "--to", "reprint")
    assert code == 0, output
    assert sorted(p.name for p in game.iterdir()) == [
        "deck.pdf",
        "deck.reprint.pdf",
        "deck_print_on_demand.reprint.pdf",
    ]
    assert sorted(p.name for p in game.parent.iterdir()) == ["changes.pdf", "shields_up"]
    assert f"in {Path('reprint', 'shields_up', 'deck.reprint.pdf')}" in output


def _count(deck: str, name: str, before: int, after: int) -> str:
    entry = f"      - name: {name}\n        count: {before}\n"
    assert entry in deck
    return deck.replace(entry, entry.replace(f"count: {before}", f"count: {after}"))


def test_a_card_only_printed_more_times_is_reprinted_in_its_added_copies(tmp_path: Path) -> None:
    """Smuggle 2 → 3 copies: the two printed are in the box, so one is reprinted (all three
    were); Ion Blaster 2 → 1: nothing to print (both were); Space Mine 2 → 3 with a new text:
    all three, the two in the box being out of date."""
    game = tmp_path / "rule_data" / "shields_up"
    shutil.copytree(SHIPPED, game)
    # unbound from its engine: its scripted games deal from the deck as shipped
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text().replace("  engine: shields_up\n", "")
    )
    _build(tmp_path / "rule_data", tmp_path / "old")
    deck = (game / "deck.yaml").read_text(encoding="utf-8")
    deck = _count(deck, "Smuggle", 2, 3)
    deck = _count(deck, "Ion Blaster", 2, 1)
    deck = _count(deck, "Space Mine", 2, 3).replace(
        "Played face up it does nothing", "Face up: nothing"
    )
    deck = _count(deck, "Repair Crew", 2, 1)  # the inventory's 18 cards in all
    (game / "deck.yaml").write_text(deck, encoding="utf-8")
    _build(tmp_path / "rule_data", tmp_path / "new")
    code, lines, output = _diff(
        tmp_path, tmp_path / "old", tmp_path / "new", "--reprint", "--to", tmp_path / "d"
    )
    assert code == 0, output
    changed = [line.split(": ", 1)[1] for line in lines if line.startswith("shields_up/deck:")]
    assert changed == [
        "card 'Ion Blaster' (deck 'deck') changed (2 → 1 copies)",
        "card 'Space Mine' (deck 'deck') changed (front, 2 → 3 copies)",
        "card 'Smuggle' (deck 'deck') changed (2 → 3 copies)",
        "card 'Repair Crew' (deck 'deck') changed (2 → 1 copies)",
    ]
    front = pypdf.PdfReader(tmp_path / "d" / "shields_up" / "deck.reprint.pdf").pages[0]
    titles = [
        line
        for line in front.extract_text().splitlines()
        if line in ("Smuggle", "Space Mine", "Ion Blaster", "Repair Crew")
    ]
    assert sorted(titles) == ["Smuggle", "Space Mine", "Space Mine", "Space Mine"]
    assert "reprint of 2 card(s), 4 copies" in output


MANY = 40  # copies of one card: a deck of 2,000 used to take 2.4 GB and 44 s to reprint
DECK_OF_MANY = f"""\
game: {{title: Many, players: "2"}}
components:
  deck: {{count: {MANY + 1}}}
layouts:
  face:
    size: poker
    regions:
      title: {{x: 4mm, y: 4mm, width: 55mm, height: 10mm, text: "{{{{ card.name }}}}"}}
      effect: {{x: 4mm, y: 20mm, width: 55mm, height: 30mm, text: "{{{{ card.effect }}}}"}}
decks:
  deck:
    layout: face
    fields: {{effect: text}}
    cards:
      - {{name: Lone, effect: Discard a card.}}
      - {{name: Many, count: {MANY}, effect: Draw a card.}}
materials:
  sheet: {{kind: cards, deck: deck, impose: {{backs: none}}}}
"""


@pytest.fixture
def many_copies(tmp_path: Path) -> Path:
    """A deck of one card and one printed 40 times, built (old), then the 40 copies' text
    changed and built again (new); the rule data left as the new build was made from."""
    game = tmp_path / "rule_data" / "many"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(DECK_OF_MANY, encoding="utf-8")
    _build(tmp_path / "rule_data", tmp_path / "old")
    (game / "game.yaml").write_text(DECK_OF_MANY.replace("Draw a card.", "Draw two cards."))
    _build(tmp_path / "rule_data", tmp_path / "new")
    return tmp_path


def test_reprint_renders_and_compares_a_cards_copies_once(
    many_copies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each copy of both builds is rendered once (by the comparison), the reprinted card once
    more, from its first copy; and each distinct pair of images is compared once. Before, the
    reprint rendered its 40 copies and the build's 40 again, held all 80 images, and compared
    them in 40 pairs, as the comparison did too."""
    from printkit.diff import compare, pixels, reprint

    counted = {"renders": 0, "comparisons": 0}

    def counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def count(*args: Any) -> Any:
            counted[name] += 1
            return function(*args)

        return count

    monkeypatch.setattr(pixels, "_region", counting("renders", pixels._region))
    for module in (compare, reprint):
        monkeypatch.setattr(module, "card_change", counting("comparisons", module.card_change))
    root = many_copies
    code, lines, output = _diff(root, root / "old", root / "new", "--reprint", "--to", root / "d")
    assert code == 0, output
    assert lines[0] == "many/sheet: card 'Many' (deck 'deck') changed (front)"
    assert f"reprint of 1 card(s), {MANY} copies" in output
    front = pypdf.PdfReader(root / "d" / "many" / "sheet.reprint.pdf").pages[0]
    assert front.extract_text().count("Draw two cards.") == 9  # a full sheet of poker cards
    assert counted == {"renders": 2 * (MANY + 1) + 1, "comparisons": 2}


def test_reprint_still_compares_every_copy_in_the_build(many_copies: Path) -> None:
    """Copies drawn alike are compared once, not taken on trust: a build whose card map puts
    one copy of Many where Lone is printed holds a Many unlike the others, and nothing is
    reprinted."""
    root = many_copies
    card_map_path = root / "new" / "many" / "sheet.cards.json"
    card_map = json.loads(card_map_path.read_text(encoding="utf-8"))
    [lone] = [card for card in card_map["cards"] if card["name"] == "Lone"]
    last = card_map["cards"][-1]
    assert (last["name"], last["copy"]) == ("Many", MANY)
    last["page"], last["box_mm"] = lone["page"], lone["box_mm"]
    card_map_path.write_text(json.dumps(card_map, indent=1), encoding="utf-8")
    code, _, output = _diff(root, root / "old", root / "new", "--reprint", "--to", root / "d")
    assert code == 1
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK788"
    assert diagnostic.message.startswith("card 'Many' of 'sheet' is drawn differently")
    assert not list((root / "d").glob("*/*.reprint.pdf"))


@pytest.mark.parametrize("channel", [0, 1, 2])
def test_a_pixel_changed_in_one_colour_channel_alone_is_changed(channel: int) -> None:
    """The channels are compared one by one (numpy's any() across them took 20 ms a page):
    a change in any one of them, past the tolerance, is seen at its pixel and nowhere else."""
    from printkit.diff.pixels import TOLERANCE, bounding_box, changed

    old = np.full((30, 40, 3), 255, dtype=np.uint8)
    new = old.copy()
    new[12, 17, channel] = 255 - TOLERANCE - 1
    assert bounding_box(changed(old, new)) == (17, 12, 18, 13)
    new[12, 17, channel] = 255 - TOLERANCE
    assert bounding_box(changed(old, new)) is None, "within the tolerance"


def test_two_identical_builds_diff_empty(builds: Path, tmp_path: Path) -> None:
    (tmp_path / "changes.pdf").write_bytes(b"an earlier diff's")
    code, lines, output = _diff(builds, builds / "new", builds / "new", "--to", tmp_path)
    assert code == 0, output
    assert lines == ["no change"]
    assert not (tmp_path / "changes.pdf").exists(), "an earlier report would mislead"


def test_a_material_added_or_removed_is_reported(builds: Path, tmp_path: Path) -> None:
    """Two game folders are compared whatever they are called."""
    fewer = tmp_path / "shields_up-fewer"
    shutil.copytree(builds / "new" / "shields_up", fewer)
    for path in fewer.glob("deck_print_on_demand.*"):
        path.unlink()
    _, lines, _ = _diff(builds, builds / "new" / "shields_up", fewer, "--to", tmp_path)
    assert lines[0] == "shields_up-fewer/deck_print_on_demand: material removed"
    assert lines[1].startswith("1 change(s)")
    _, lines, _ = _diff(builds, fewer, builds / "new" / "shields_up", "--to", tmp_path)
    assert lines[0] == "shields_up/deck_print_on_demand: material added"
    assert lines[1].startswith("1 change(s)")


@pytest.mark.parametrize("kind", ["missing", "file", "empty folder", "bad card map", "bad pdf"])
def test_a_path_that_is_not_an_output_folder_is_pk785(
    builds: Path, tmp_path: Path, kind: str
) -> None:
    bad = tmp_path / "bad"
    if kind == "file":
        bad.write_text("not a folder")
    elif kind == "empty folder":
        bad.mkdir()
    elif kind == "bad card map":
        shutil.copytree(builds / "new" / "shields_up", bad)
        (bad / "deck.cards.json").write_text("{not json")
    elif kind == "bad pdf":
        shutil.copytree(builds / "new" / "shields_up", bad)
        (bad / "deck.pdf").write_bytes(b"%PDF-1.4 cut short")
    code, _, output = _diff(builds, builds / "old", bad, "--to", tmp_path / "d")
    assert code == 1
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK785"
    assert "Traceback" not in output
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize(
    ("fault", "value"),
    [("box_mm", [0, 0, float("nan"), 88]), ("box_mm", [0, 0, -63, 88]), ("page", 0),
     ("bleed_mm", float("inf")), ("copy", "one"), ("name", None), ("page", float("-inf")),
     ("page", 5000),
     ("box_mm", [0, 0, 3000, 3000])],  # 300 million pixels at 300 dpi: 2.2 GB, then PK900
)  # fmt: skip
def test_a_card_map_entry_that_is_no_card_is_pk785_at_that_entry(
    builds: Path, tmp_path: Path, fault: str, value: object
) -> None:
    """A card map's numbers are checked before any card is drawn (a NaN box reached pdfium:
    the fuzzer's diff family), and the entry at fault is located at its line."""
    bad = tmp_path / "bad"
    shutil.copytree(builds / "new" / "shields_up", bad)
    card_map = json.loads((bad / "deck.cards.json").read_text(encoding="utf-8"))
    if value is None:
        del card_map["cards"][2][fault]
    else:
        card_map["cards"][2][fault] = value
    text = json.dumps(card_map, indent=1)
    (bad / "deck.cards.json").write_text(text, encoding="utf-8")
    code, _, output = _diff(builds, builds / "old", bad, "--to", tmp_path / "d")
    assert code == 1, output
    [diagnostic] = parse_diagnostics(output)
    third = [n for n, line in enumerate(text.splitlines(), 1) if line == "  {"][2]
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("PK785", third, 3)
    assert "card 3" in diagnostic.message


@pytest.mark.parametrize(
    ("cards", "box", "at", "message", "hint"),
    [(MAX_CARD_MAP_CARDS + 1, [0, 0, 10, 10], MAX_CARD_MAP_CARDS + 1, "holds at most 4,000",
      "build the game again"),
     (200, [0, 0, 490, 490], 125, "the boxes up to it cover 30.0 m²", "cover 30 m² at most")],
)  # fmt: skip
def test_a_card_map_asking_for_too_many_cards_is_pk785_at_the_entry_past_the_bound(
    builds: Path, tmp_path: Path, cards: int, box: list[int], at: int, message: str, hint: str
) -> None:
    """diff renders each card of a map alone: 3,000 boxes of 490 mm on one page ran past 300 s,
    so a map's entries and the area of their boxes are bounded before any is rendered."""
    bad = tmp_path / "bad"
    shutil.copytree(builds / "new" / "shields_up", bad)
    card_map = json.loads((bad / "deck.cards.json").read_text(encoding="utf-8"))
    first = card_map["cards"][0]
    card_map["cards"] = [{**first, "name": f"X{n}", "box_mm": box} for n in range(cards)]
    text = json.dumps(card_map, indent=1)
    (bad / "deck.cards.json").write_text(text, encoding="utf-8")
    code, _, output = _diff(builds, builds / "old", bad, "--to", tmp_path / "d")
    assert code == 1, output
    [diagnostic] = parse_diagnostics(output)
    entry = [n for n, line in enumerate(text.splitlines(), 1) if line == "  {"][at - 1]
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("PK785", entry, 3)
    assert f"card {at}: " in diagnostic.message and message in diagnostic.message
    assert diagnostic.hint and hint in diagnostic.hint


def test_a_card_name_in_an_old_card_map_prints_its_control_characters_as_escapes(
    builds: Path, tmp_path: Path
) -> None:
    """An old output folder's card map is text anyone could have written: a name holding an
    escape sequence and a line break neither drives the terminal nor forges a line."""
    old = tmp_path / "old"
    shutil.copytree(builds / "old" / "shields_up", old)
    card_map = json.loads((old / "deck.cards.json").read_text(encoding="utf-8"))
    named = card_map["cards"][0]["name"]
    for card in card_map["cards"]:
        if card["name"] == named:
            card["name"] = "Lo\x1b]0;PWNED\x07\nfake: error[PK000]"
    (old / "deck.cards.json").write_text(json.dumps(card_map), encoding="utf-8")
    _, lines, output = _diff(builds, old, builds / "new" / "shields_up", "--to", tmp_path / "d")
    assert "\x1b" not in output and not any(line.startswith("fake") for line in lines), output


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        (b'{\n "version": 1,\n "cards": [}\n', 3, 12),
        # a byte that is not UTF-8 (fuzzer, diff family, seed 503441 on 04eb32d)
        (b'{\n "version": 1,\n "cards": [\xff]}\n', 3, 12),
        (b'{"version": 1, "cards": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", 1, 1),
    ],
)
def test_a_card_map_that_is_not_json_is_pk785_where_it_stops_being_json(
    builds: Path, tmp_path: Path, text: bytes, line: int, column: int
) -> None:
    bad = tmp_path / "bad"
    shutil.copytree(builds / "new" / "shields_up", bad)
    (bad / "deck.cards.json").write_bytes(text)
    code, _, output = _diff(builds, builds / "old", bad, "--to", tmp_path / "d")
    [diagnostic] = parse_diagnostics(output)
    assert (code, diagnostic.code, diagnostic.line, diagnostic.column) == (1, "PK785", line, column)


def test_one_folder_is_a_usage_mistake(builds: Path) -> None:
    code, _, output = _diff(builds, builds / "old")
    assert code == 2
    assert "OLD_OUTPUT NEW_OUTPUT" in output


def test_reprint_refuses_cards_the_new_build_does_not_hold(builds: Path, tmp_path: Path) -> None:
    """The game's files changed after the new build: reprinting them would print a card nobody
    compared."""
    root = tmp_path / "root"
    shutil.copytree(builds / "rule_data", root / "rule_data")
    deck = root / "rule_data" / "shields_up" / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(NEW_TEXT, "Swap hands."))
    result = run_cli(
        "--rule-data", root / "rule_data", "diff", builds / "old", builds / "new",
        "--reprint", "--to", tmp_path / "d",
    )  # fmt: skip
    assert result.exit_code == 1
    assert {d.code for d in parse_diagnostics(result.output)} == {"PK788"}
    assert not list((tmp_path / "d").glob("*/*.pdf"))


def _git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=folder,
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository holding shields_up as shipped in one commit, changed in the working
    tree as in `builds`."""
    root = tmp_path_factory.mktemp("repository")
    shutil.copytree(SHIPPED, root / "rule_data" / "shields_up")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "as shipped")
    _edit(root / "rule_data" / "shields_up" / "deck.yaml")
    return root


def test_since_compares_a_git_revision_with_the_working_tree(
    repository: Path, tmp_path: Path
) -> None:
    code, lines, output = _diff(
        repository, "shields_up", "--since", "HEAD", "--reprint", "--to", tmp_path
    )
    assert code == 0, output
    assert [line.split(": ", 1)[1] for line in lines[:2]] == [
        "card 'Transporter Hijinks' (deck 'deck') changed (front)"
    ] * 2
    assert len(pypdf.PdfReader(tmp_path / "shields_up" / "deck.reprint.pdf").pages) == 2
    status = subprocess.run(
        ["git", "status", "--porcelain"], cwd=repository, capture_output=True, text=True
    )
    assert status.stdout.split() == ["M", "rule_data/shields_up/deck.yaml"], "left alone"


def test_since_an_unknown_revision_is_pk787(repository: Path, tmp_path: Path) -> None:
    code, _, output = _diff(repository, "shields_up", "--since", "no-such-branch")
    assert code == 1
    assert [d.code for d in parse_diagnostics(output)] == ["PK787"]


def test_since_outside_git_is_pk786(builds: Path) -> None:
    code, _, output = _diff(builds, "shields_up", "--since", "HEAD")
    assert code == 1
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK786"
    assert "not in a git repository" in diagnostic.message


def test_since_runs_no_git_in_a_repository_that_came_with_the_game(tmp_path: Path) -> None:
    """A shared game holding its own .git, whose configuration runs a program as a filter
    ('git archive' obeys it): refused (PK786) before any git runs there."""
    game = tmp_path / "rule_data" / "shields_up"
    shutil.copytree(SHIPPED, game)
    _git(game, "init", "-q")
    (game / ".gitattributes").write_text("*.yaml filter=x\n", encoding="utf-8")
    ran = tmp_path / "ran"
    _git(game, "config", "filter.x.smudge", f"sh -c 'touch {ran}; cat'")
    _git(game, "add", "-A")
    _git(game, "commit", "-qm", "a game with a repository of its own")
    code, _, output = _diff(tmp_path, "shields_up", "--since", "HEAD")
    assert code == 1
    [diagnostic] = parse_diagnostics(output)
    assert diagnostic.code == "PK786" and "repository of its own" in diagnostic.message
    assert not ran.exists()


def test_since_a_revision_that_does_not_build_is_pk789(tmp_path: Path) -> None:
    root = tmp_path / "repository"
    shutil.copytree(SHIPPED, root / "rule_data" / "shields_up")
    deck = root / "rule_data" / "shields_up" / "deck.yaml"
    good = deck.read_text(encoding="utf-8")
    deck.write_text(good.replace("      - name: Death Ray", "      - name: [Death Ray"))
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "broken")
    deck.write_text(good)
    code, _, output = _diff(root, "shields_up", "--since", "HEAD", "--to", tmp_path / "d")
    assert code == 1
    assert [d.code for d in parse_diagnostics(output)] == ["PK789"]
