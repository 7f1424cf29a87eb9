"""The rules validator end to end: the shipped games, their errata, JSON output, claims."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml
from support import GOOD, RULE_DATA, parse_diagnostics, read_package, run_cli

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.model.rules_context import rules_context
from printkit.sandbox.expressions import render

GAMES = sorted(p.name for p in RULE_DATA.iterdir() if (p / "rules.yaml").is_file())


def test_every_game_has_rules() -> None:
    assert GAMES == [
        "border_skirmish",
        "raise_shields",
        "raise_the_shields",
        "rise",
        "shields_dice",
        "shields_up",
    ]


def test_the_shipped_games_validate_with_every_erratum_listed_as_a_note() -> None:
    result = run_cli("validate", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["errors"] == 0 and report["warnings"] == 0, report
    notes = [d for d in report["diagnostics"] if d["severity"] == "note"]
    statuses = {(c["game"], c["id"]): c["status"] for c in report["claims"]}
    assert statuses[("shields_dice", "thirty_four_dice")] == "checked"
    # failing on the text and the played rules alike, each fault a note: resolved in words
    assert statuses[("shields_dice", "endgame_targets")] == "resolved"
    assert statuses[("raise_shields", "armor_twice")] == "resolved"
    assert statuses[("raise_shields", "fled_ships_out")] == "waiting for engine"
    for game in GAMES:
        for erratum in read_package(RULE_DATA / game).get("errata", []):
            named = [
                n
                for n in notes
                if f"resolved by erratum '{erratum['id']}'" in n["message"]
                and n["file"].endswith(f"{game}/rules.yaml")
            ]
            assert named, f"{game}: erratum {erratum['id']} gives no note"
            assert all(erratum["resolution"].split()[0] in n["hint"] for n in named)


def test_each_rules_finding_points_at_the_line_the_erratum_cites_it_for() -> None:
    """An erratum is only as good as the finding it resolves: each shipped one resolves a
    PK5xx finding (or PK220) at a line of that game's rules.yaml."""
    result = run_cli("validate")
    reported = parse_diagnostics(result.output)
    resolved = [r for r in reported if r.code == "PK230"]
    codes = {r.message.rsplit("[", 1)[1].split(",")[0] for r in resolved}
    assert codes >= {"PK500", "PK503", "PK504", "PK505", "PK510", "PK511", "PK516", "PK523"}
    assert codes >= {"PK530"}
    assert codes >= {"PK532"}
    assert all(r.line > 0 for r in resolved)


def test_an_unresolved_fault_is_an_error(tmp_path: Path) -> None:
    """Without its errata, Raise Shields' faults are errors again, at the same lines."""
    copy = tmp_path / "raise_shields"
    shutil.copytree(RULE_DATA / "raise_shields", copy)
    rules = copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text[: text.index("\nerrata:")] + "\n", encoding="utf-8")
    result = run_cli("--rule-data", tmp_path, "validate", "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    errors = [d for d in report["diagnostics"] if d["severity"] == "error"]
    assert {d["code"] for d in errors} == {
        "PK500",
        "PK503",
        "PK505",
        "PK506",
        "PK510",
        "PK511",
        "PK516",
        "PK530",
        "PK532",
        "PK535",
    }
    # 20 errata: one covers two findings, and the starting crew three uses (rules, roster ×2)
    assert report["errors"] == len(errors) == 23
    assert all(
        d["file"].endswith(("rules.yaml", "roster.yaml")) and d["line"] > 0 and d["hint"]
        for d in errors
    )


def test_json_output_is_one_parsable_object_and_text_stays_the_default(tmp_path: Path) -> None:
    broken = Path(__file__).parent / "data" / "broken"
    as_json = run_cli("--rule-data", broken, "validate", "table_range_gap", "--format", "json")
    report = json.loads(as_json.stdout)
    assert as_json.exit_code == 1 and report["failed"] is True
    (finding,) = report["diagnostics"]
    assert finding["code"] == "PK510" and finding["severity"] == "error"
    source = (broken / "table_range_gap" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    marked = next(n for n, line in enumerate(source, start=1) if "# expect: PK510" in line)
    assert finding["file"].endswith("table_range_gap/rules.yaml") and finding["line"] == marked
    assert "1" in finding["message"] and finding["hint"]
    as_text = run_cli("--rule-data", broken, "validate", "table_range_gap")
    assert as_text.stdout == ""
    assert "error[PK510]" in as_text.output


def test_claims_lists_every_claim_and_example_with_its_status() -> None:
    result = run_cli("claims", "rise")
    assert result.exit_code == 0, result.output
    # a played property's figures follow its line, indented
    rows = [line for line in result.stdout.splitlines() if not line.startswith(" ")]
    lines = {line.split()[2]: line for line in rows}
    package = read_package(RULE_DATA / "rise")
    assert set(lines) == set(package["claims"]) | set(package["examples"])
    assert "resolved by erratum 'seven_turns' (in words)" in lines["destroy_and_rebuild"]
    assert "held in 10 playouts" in lines["sacrifice_keeps_one"]
    assert "checked" in lines["blocks_build_three_towers"]
    assert "checked" in lines["tower_three_turns"]


CLAIM_AND_ERRATUM = """claims:
  dealt_two:
    text: Each player starts with two cards.
    check: values.hand == 2
errata:
  - id: two_each
    code: PK530
    subject: "claim 'dealt_two'"
    text_says: the deal gives one card each, yet each player is said to start with two
    resolution: deal two cards each
    plays: {rules.values.hand: HAND}
"""


def _claimed(tmp_path: Path, hand: int) -> Path:
    """minimal_rules with a claim its text fails and an erratum playing `hand` for it."""
    game = tmp_path / "minimal_rules"
    shutil.copytree(GOOD / "minimal_rules", game)
    rules = game / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    ours = CLAIM_AND_ERRATUM.replace("HAND", str(hand))
    rules.write_text(text[: text.index("claims:")] + ours, encoding="utf-8")
    return tmp_path


def _dealt_two(folder: Path) -> tuple[str, dict[str, object]]:
    """`dealt_two`'s status and text as `claims` lists them, and its entry in validate's JSON;
    both commands exit 0 (an erratum resolves it)."""
    result = run_cli("--rule-data", folder, "claims")
    assert result.exit_code == 0, result.output
    (line,) = [row for row in result.stdout.splitlines() if "dealt_two" in row]
    report = json.loads(run_cli("--rule-data", folder, "validate", "--format", "json").stdout)
    assert report["errors"] == 0
    (claim,) = [c for c in report["claims"] if c["id"] == "dealt_two"]
    return line.split(None, 3)[3], claim


def test_claims_lists_a_claim_its_erratum_s_plays_make_hold_as_resolved(tmp_path: Path) -> None:
    """Failing on the text, holding on the rules as played: resolved by the erratum, in the
    list and in validate's JSON; the exit is 0. Played wrong, it is failing, and an error."""
    listed, claim = _dealt_two(_claimed(tmp_path, 2))
    assert listed == "resolved by erratum 'two_each'  Each player starts with two cards."
    assert (claim["status"], claim["errata"], "in_words" in claim) == (
        "resolved",
        ["two_each"],
        False,
    )

    folder = _claimed(tmp_path / "wrong", 3)
    result = run_cli("--rule-data", folder, "claims")
    assert result.exit_code == 1
    (line,) = [row for row in result.stdout.splitlines() if "dealt_two" in row]
    assert line.split(None, 3)[3].startswith("failing ")
    assert "minimal_rules: 1 error(s), 0 warning(s)" in result.output


def test_claims_lists_a_shipped_claim_its_erratum_resolves_in_words_as_validate_does() -> None:
    """`market_stays_two` fails on the text, and its erratum's plays change nothing its check
    reads: validate makes its failure a note "resolved by erratum 'market_refill'", so the
    list says that too, not "failing", with what its check compares on the text under it."""
    result = run_cli("claims", "shields_up")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    (at,) = [n for n, line in enumerate(lines) if " market_stays_two " in line]
    status = lines[at].split(None, 3)[3]
    assert status.startswith("resolved by erratum 'market_refill' (in words)  The market")
    assert lines[at + 1].strip() == "compares 3 == 2"
    assert lines[at + 1].index("compares") == lines[at].index("resolved by")


def test_a_claim_an_erratum_resolves_in_words_is_resolved_in_the_list_and_the_json(
    tmp_path: Path,
) -> None:
    """A `wording_only` erratum naming a claim's failure: resolved in words (exit 0), with
    `"in_words": true` in validate's JSON; without the erratum it is failing, an error."""
    folder = _claimed(tmp_path, 2)
    rules = folder / "minimal_rules" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("plays: {rules.values.hand: 2}", "wording_only: true"))
    listed, claim = _dealt_two(folder)
    assert listed == "resolved by erratum 'two_each' (in words)  Each player starts with two cards."
    assert claim == {
        "game": "minimal_rules",
        "kind": "claim",
        "id": "dealt_two",
        "status": "resolved",
        "errata": ["two_each"],
        "in_words": True,
    }
    rules.write_text(text[: text.index("errata:")])
    report = json.loads(run_cli("--rule-data", folder, "validate", "--format", "json").stdout)
    assert [c["status"] for c in report["claims"]] == ["failing"] and report["errors"] == 1


PLAYS_CHANGE_THEM = """  one_each:
    text: Each player starts with one card.
    check: values.hand == 1
  two_in_all:
    text: The two hands hold four cards in all.
    check: values.hand * 2 == 4
"""


def test_claims_shows_under_a_claim_the_note_that_an_erratum_s_plays_change_it(
    tmp_path: Path,
) -> None:
    """PK552 showed only in validate: `claims` listed `one_each` as checked, though the plays
    of `two_each` make it false of the rules printed, and `two_in_all` as failing, though they
    make it hold. The note is under each, where its status is read, and on its entry of
    validate's JSON; `dealt_two`, which the erratum resolves, has none."""
    folder = _claimed(tmp_path, 2)
    rules = folder / "minimal_rules" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("errata:", PLAYS_CHANGE_THEM + "errata:"), encoding="utf-8")
    result = run_cli("--rule-data", folder, "claims")
    assert result.exit_code == 1, result.output  # two_in_all's failure: no erratum names it
    lines = result.stdout.splitlines()
    under: dict[str, list[str]] = {}  # each claim's lines under its status
    claim = ""
    for line in lines:
        if line.startswith(" "):
            under[claim].append(line.strip())
        else:
            claim = line.split()[2]
            under[claim] = []
    status_at = lines[0].index("resolved by")
    notes = [line for line in lines if "note[PK552]" in line]
    assert len(notes) == 2 and all(line.index("note[") == status_at for line in notes), lines
    assert under["dealt_two"] == []
    assert under["one_each"] == [
        "note[PK552]: on the rules as played, claim 'one_each' does not hold: Each player "
        "starts with one card. (its check compares 2 == 1) [PK530]; it holds on the text, and "
        "the plays of erratum 'two_each' change what it reads"
    ]
    assert under["two_in_all"] == [
        "compares 2 == 4",
        "note[PK552]: claim 'two_in_all' holds on the rules as played: the plays of erratum "
        "'two_each' make it hold, but no erratum names its failure on the text [PK530]",
    ]
    report = json.loads(run_cli("--rule-data", folder, "validate", "--format", "json").stdout)
    claims = {claim["id"]: claim for claim in report["claims"]}
    assert "notes" not in claims["dealt_two"]
    (note,) = claims["one_each"]["notes"]
    assert (note["code"], note["severity"]) == ("PK552", "note")
    assert note in report["diagnostics"]  # the same finding, where the claim is written
    assert [n["code"] for n in claims["two_in_all"]["notes"]] == ["PK552"]


def test_claims_columns_are_as_wide_as_their_widest_entry_over_every_game(
    tmp_path: Path,
) -> None:
    """A long status ('resolved by erratum …') or game name widens its column for every row
    of every game listed, so each column starts where it does on the other rows."""
    folder = _claimed(tmp_path, 2)
    rules = folder / "minimal_rules" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("claims:\n", "claims:\n  two: {text: Two., check: 2 == 2}\n"))
    shutil.copytree(GOOD / "minimal_rules", folder / "a_game_named_at_length")
    result = run_cli("--rule-data", folder, "claims")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "a_game_named_at_length  claim    three_cards  checked                         "
        "The deck holds three cards.",
        "a_game_named_at_length  example  near_one     checked                         "
        "A target one step away is near.",
        "minimal_rules           claim    two          checked                         Two.",
        "minimal_rules           claim    dealt_two    resolved by erratum 'two_each'  "
        "Each player starts with two cards.",
    ]


def test_a_number_changed_in_the_data_changes_every_prose_that_prints_it(tmp_path: Path) -> None:
    """Prose prints numbers through the data: change the cost of boarding and the rule text
    says the new cost, the old one nowhere."""
    copy = tmp_path / "raise_shields"
    shutil.copytree(RULE_DATA / "raise_shields", copy)
    rules_file = copy / "rules.yaml"
    data = yaml.safe_load(rules_file.read_text(encoding="utf-8"))
    assert data["rules"]["actions"]["board"]["cost"] == 1
    text = rules_file.read_text(encoding="utf-8")
    rules_file.write_text(
        text.replace("      cost: 1\n      unit: crew", "      cost: 7\n      unit: crew")
    )
    loaded = load_package("raise_shields", copy, Diagnostics())
    assert loaded is not None
    board = loaded.package.rules.actions["board"]
    printed = render(board.text, rules_context(loaded.package))
    assert "give up 7 crew" in printed and "give up 1 crew" not in printed


def test_a_runaway_roll_span_is_one_diagnostic(tmp_path: Path) -> None:
    game = tmp_path / "runaway"
    shutil.copytree(Path(__file__).parent / "data" / "good" / "minimal_rules", game)
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace('"7-12"', '"7-999999999999"'))
    result = run_cli("--rule-data", tmp_path, "validate", "--format", "json")
    report = json.loads(result.stdout)
    assert sorted(d["code"] for d in report["diagnostics"]) == ["PK510", "PK512"]  # 7-12 missing


def test_an_erratum_resolves_only_a_diagnostic_of_its_own_code(tmp_path: Path) -> None:
    """An erratum names a code and a subject: the subject appearing in another code's
    diagnostic resolves nothing, so that finding stays an error and the erratum is stale."""
    case = tmp_path / "resolved_by_erratum"
    shutil.copytree(GOOD / "resolved_by_erratum", case)
    game = case / "game.yaml"
    game.write_text(game.read_text().replace("- code: PK211", "- code: PK210"))
    result = run_cli("--rule-data", tmp_path, "validate")
    assert result.exit_code == 1, result.output
    found = {(d.code, d.severity) for d in parse_diagnostics(result.output)}
    assert found == {("PK211", "error"), ("PK231", "warning")}, result.output
    (stale,) = [d for d in parse_diagnostics(result.output) if d.code == "PK231"]
    assert stale.message == "erratum for PK210 'set 'pair'' matches no diagnostic"
    assert stale.line == game.read_text().splitlines().index("  - code: PK210") + 1
    assert stale.hint == "remove the erratum, or correct its code or subject"


def test_an_erratum_naming_an_unknown_code_points_at_the_code() -> None:
    case = Path(__file__).parent / "data" / "broken" / "erratum_unknown_code"
    result = run_cli("--rule-data", case.parent, "validate", case.name)
    (found,) = parse_diagnostics(result.output)
    lines = (case / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if "code: PK999" in text)
    assert (found.code, found.line, found.column) == (
        "PK200",
        line,
        lines[line - 1].index("PK999") + 1,
    )
    assert found.message == "erratum names unknown code PK999"
    assert found.hint == "did you mean 'PK900'?"
