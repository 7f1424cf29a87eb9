"""The exports family (issue 22): a cards or counters material's `tts:` block, the build with
`--format tts,cards` and `--card-dpi`, `--pod` with a shipped preset or a preset file a user
copied and broke, and card names that become file names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from fuzzing.draft import PRESET_FILE, Draft, known_attack, materials, save_yaml
from fuzzing.expressions import template_text
from fuzzing.hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_STRUCTURES
from fuzzing.yaml_mutations import mutate_subtree

REPO = Path(__file__).resolve().parents[2]
PRESETS = REPO / "printkit/presets/pod"
SHIPPED_PRESETS = ("thegamecrafter", "drivethrucards", "makeplayingcards")
TTS_URLS = (
    "https://example.com/g/",
    "file:///etc/",
    "file:///",
    "javascript:alert(1)/",
    'https://example.com/"}]},{"x":"/',
    "https://例え.jp/カード/",
    "https://x/" + "a" * 1990,
    "https://x/" + "a" * 2000,
    "https://x",
    "",
    "http://127.0.0.1:1/",
    "//x/",
    "https://example.com/../../",
    "https://x/\n/",
)
DESCRIPTIONS = ("{{ card.effect }}", "{{ card.nope }}", "{{ 'x' * 10**6 }}", "{{ card }}",
                '"}]}\\n{{ card.name }}', "{{ values }}", "{{ game.title }}", "\x00",
                "x" * 2000, "{% for c in deck %}{{ c }}{% endfor %}", "{{ set.name }}",
                "{{ kind }}")  # fmt: skip
CARD_NAMES = ("../../../outside/x", "/etc/passwd", "a/b", "CON", ".", "..", "x" * 300, "漢字",
              "", " ", "\x00", "*?<>|", "-" * 50, "Twin")  # fmt: skip
NAMINGS = (
    "fuzz-{number:03d}-{side}.png",
    "{number}.png",
    "x.png",
    "../../../escape-{number}-{side}.png",
    "/tmp/escape-{number}-{side}.png",
    "sub/{number}-{side}.png",
    "{number:>999999999}.png",
    "{0.__class__}-{number}-{side}.png",
    "{name!r}-{number}-{side}.png",
    "{nope}.png",
    "{number}-{side}.pdf",
    "",
    "{number}{side}" * 200 + ".png",
    "{side}-{number}-{name}.png",
    "{number:d}{side:s}{name:.1}.png",
)


def _preset(draft: Draft) -> Path:
    """A copy of a shipped preset, as a user would copy and edit it, with one hostile change;
    written outside the game's folder, where a user keeps it."""
    rng = draft.rng
    source = rng.choice(sorted(PRESETS.glob("*.yaml")))
    tree: dict[str, Any] = yaml.safe_load(source.read_text(encoding="utf-8"))
    operation = rng.randrange(5)
    if operation == 0:
        tree["naming"] = rng.choice(NAMINGS)
        tree["file"] = "png"
        tree["shared_back"] = rng.choice((None, "../../../escape-back.png", "x.png", "", "a/b.png"))
        change = f"naming {tree['naming']!r:.60}, shared_back {tree['shared_back']!r}"
    elif operation == 1:
        key = rng.choice(("bleed", "safe", "dpi"))
        tree[key] = rng.choice(("-1in", "1e308in", "nan in", "100in", 0, 72, 1200, 71, 1201,
                                "0.125in", 1e308, float("nan")))  # fmt: skip
        change = f"{key} = {tree[key]!r}"
    elif operation == 2:
        tree["card"] = rng.choice(({"width": "0in", "height": "0in"}, {"width": "1e308in",
                                   "height": "1in"}, {"width": "63mm", "height": "88mm"},
                                   "poker", {"width": "-1in", "height": "3.5in"}))  # fmt: skip
        change = f"card = {tree['card']!r}"
    elif operation == 3:
        tree[rng.choice(("colour", "order", "file", "source", "name"))] = rng.choice(
            (*HOSTILE_STRINGS[:8], *HOSTILE_STRUCTURES)
        )
        change = "a field of the wrong value"
    else:
        mutated, change = mutate_subtree(rng, tree)
        tree = mutated if isinstance(mutated, dict) else {"name": mutated}
    path = draft.workdir / PRESET_FILE
    save_yaml(path, tree)
    draft.note(f"{PRESET_FILE} (from {source.name}): {change}")
    return path


def mutate_exports(draft: Draft) -> None:
    """A material's `tts:` block, card names that become file names, and the build's export
    options: `--format` with tts and cards, `--card-dpi` at its bounds, `--pod` with a shipped
    preset or a broken copy of one."""
    rng = draft.rng
    path, tree, name = rng.choice(materials(draft.game, ("cards", "counters")))
    material = tree["materials"][name]
    operation = rng.randrange(4) if known_attack(rng) else rng.randrange(7)
    formats = rng.choice(("tts", "cards", "tts,cards", "pdf,tts", "pdf,cards,tts"))
    dpi = rng.choice((72, 72, 150, 300, 1200))
    pod: str | None = None
    if operation == 0:
        material["tts"] = {"url": rng.choice(TTS_URLS), "description": rng.choice(DESCRIPTIONS)}
        change = f"tts {material['tts']!r:.100}"
    elif operation == 1:
        material["tts"] = {"description": template_text(rng, rng.random() < 0.5)}
        change = f"tts description {material['tts']['description']!r:.80}"
    elif operation == 2:
        decks = tree.get("decks") if isinstance(tree.get("decks"), dict) else {}
        deck = decks.get(material.get("deck")) if isinstance(material.get("deck"), str) else None
        cards = [c for c in (deck or {}).get("cards") or [] if isinstance(c, dict)]
        for card in cards:
            card["name"] = rng.choice(CARD_NAMES)
        change = f"card names {[c['name'] for c in cards]!r:.80}"
    elif operation == 3:
        pod = str(_preset(draft)) if rng.random() < 0.7 else rng.choice(SHIPPED_PRESETS)
        change = f"--pod {Path(pod).name}"
    elif operation == 4:
        pod = rng.choice(SHIPPED_PRESETS)
        change = f"--pod {pod}"
    elif operation == 5:
        material["tts"] = rng.choice((*HOSTILE_NUMBERS[:6], *HOSTILE_STRUCTURES, "x"))
        change = f"tts = {material['tts']!r:.60}"
    else:
        tts = {"url": "https://example.com/g/", "description": "{{ card.name }}"}
        material["tts"], change = mutate_subtree(rng, tts)
        change = f"tts: {change}"
    draft.build_args += ["--format", formats, "--card-dpi", str(dpi)]
    if pod:
        draft.build_args += ["--pod", pod]
    draft.note(f"{path.name}: material {name}: {change}; --format {formats} --card-dpi {dpi}")
    save_yaml(path, tree)


def export_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if materials(game, ("cards", "counters"))]
