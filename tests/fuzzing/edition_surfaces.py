"""The versions family (issue 22): a game's `version` and `date`, its named build `profiles:`
(paper, formats, press, dpi, a watermark template, backgrounds), and the build that names one
with `--profile`."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from fuzzing.draft import Draft, known_attack, load_yaml, save_yaml
from fuzzing.expressions import template_text
from fuzzing.hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_STRUCTURES
from fuzzing.yaml_mutations import mutate_subtree

VERSIONS = (
    1.10,
    2,
    "",
    "x" * 25,
    "x" * 24,
    "漢字",
    "שלום",
    "🂡",
    "1.0\n2.0",
    "\x01",
    "{{ 1 // 0 }}",
    "{{ game.title }}",
    "1.0-rc2",
    " ",
    None,
    [1, 0],
    {"major": 1},
)
DATES = ("2026-02-30", "0000-01-01", "0001-01-01", "9999-12-31", "99999-01-01", "2026-1-1",
         " 2026-03-01 ", "today", 20260301, datetime.datetime(2026, 3, 1, 12),
         datetime.date(1, 1, 1), datetime.date(9999, 12, 31), "", None, -1)  # fmt: skip
WATERMARKS = ("PLAYTEST {{ game.version }}", "{{ game.date }}", "{{ game.nope }}",
              "{{ game.version * 10**6 }}", "{{ game.title * 100 }}", "x" * 60, "x" * 61,
              "漢字", "שלום", "\n", "{{ '\\n' * 5 }}", "{{ game }}", "{{ game.__class__ }}",
              "{{ range(10**9) | list }}", "{{ values.x }}", "{{ lipsum() }}", "  ",
              "{{ '' }}", "{{ game.version ~ game.version ~ game.version }}")  # fmt: skip
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "paper": ("a4", "letter", "A4", "a5", "", "../../etc", None, 4),
    "formats": (["pdf"], ["pdf", "pdf"], [], ["tts"], ["cards"], "pdf", ["svg", "png"], [None]),
    "press": (True, False, "yes", 1, None),
    "dpi": (9, 10, 600, 601, 0, -1, 1e308, float("nan"), "72", True),
    "backgrounds": ("full", "light", "none", "dark", "", None, 0),
    "watermark": WATERMARKS,
}
PROFILE_NAMES = ("playtest", "Playtest", "play test", "-x", "x" * 41, "漢字", "", "final", "1")


def _game_block(draft: Draft) -> tuple[Path, dict[str, Any]]:
    path = draft.game / "game.yaml"
    tree = load_yaml(path)
    if not isinstance(tree.get("game"), dict):
        tree["game"] = {"title": "Fuzz", "players": "2"}
    return path, tree


def _profile(rng: Any) -> dict[str, Any]:
    """A profile of one to six options, each a legal or hostile value."""
    keys = rng.sample(sorted(OPTION_VALUES), rng.randint(1, len(OPTION_VALUES)))
    profile = {key: rng.choice(OPTION_VALUES[key]) for key in keys}
    if rng.random() < 0.3:
        profile["watermark"] = template_text(rng, rng.random() < 0.5)[:60]
    if rng.random() < 0.1:
        profile[rng.choice(("watermarks", "background", "format", "out"))] = "x"
    return profile


def mutate_edition(draft: Draft) -> None:
    """The version, the date or the profiles, and the profile the build names: hostile texts
    and numbers, dates off the calendar, watermark templates that fail, overflow or leak,
    options of the wrong type, a thousand profiles, a profile the game lacks."""
    rng = draft.rng
    path, tree = _game_block(draft)
    game = tree["game"]
    game.setdefault("version", "0.3")
    profiles = tree.get("profiles") if isinstance(tree.get("profiles"), dict) else {}
    tree["profiles"] = profiles
    operation = rng.randrange(5) if known_attack(rng) else rng.randrange(8)
    chosen = "playtest"
    if operation == 0:
        game["version"] = rng.choice(VERSIONS)
        profiles["playtest"] = {"watermark": "PLAYTEST {{ game.version }}"}
        change = f"version = {game['version']!r:.60}"
    elif operation == 1:
        game["date"] = rng.choice(DATES)
        profiles["playtest"] = {"watermark": "{{ game.version }} {{ game.date }}"}
        change = f"date = {game['date']!r:.60}"
    elif operation == 2:
        profiles["playtest"] = {"watermark": rng.choice(WATERMARKS)}
        if rng.random() < 0.5:
            del game["version"]
        change = f"watermark {profiles['playtest']['watermark']!r:.60}"
    elif operation == 3:
        chosen = rng.choice(PROFILE_NAMES)
        profiles[rng.choice(PROFILE_NAMES)] = _profile(rng)
        change = f"profiles {sorted(profiles)!r:.60}, built with --profile {chosen!r:.30}"
    elif operation == 4:
        count = rng.choice((100, 3000))
        profiles.update({f"p{n}": {"watermark": "{{ game.title }} {{ game.version }}",
                                   "backgrounds": "light"} for n in range(count)})  # fmt: skip
        chosen = f"p{count - 1}"
        change = f"{count} profiles with watermarks"
    elif operation == 5:
        profiles["playtest"] = _profile(rng)
        change = f"profile playtest = {profiles['playtest']!r:.100}"
    elif operation == 6:
        key = rng.choice(("version", "date"))
        game[key] = rng.choice((*HOSTILE_NUMBERS, *HOSTILE_STRINGS, *HOSTILE_STRUCTURES))
        profiles["playtest"] = {"watermark": f"{{{{ game.{key} }}}}"}
        change = f"{key} = {game[key]!r:.60}"
    else:
        tree["profiles"], change = mutate_subtree(rng, {"playtest": _profile(rng), **profiles})
        change = f"profiles: {change}"
    draft.build_args += ["--profile", chosen]
    draft.note(f"{path.name}: {change}")
    save_yaml(path, tree)


def edition_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if (game / "game.yaml").is_file()]
