"""The online family (issue 22): card data a deck names by URL (`card_data: {file, url}`) and
the record `printkit fetch` keeps beside the saved copy. Builds and validate read only the
saved copy and never the network (every run is checked for that: running.py)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from fuzzing.draft import Draft, decks_with, known_attack, save_yaml
from fuzzing.hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_STRUCTURES
from fuzzing.yaml_mutations import mutate_subtree, mutate_text

SHEET = "https://docs.google.com/spreadsheets/d/1a2B3c/edit#gid=0"
URLS = (SHEET, "https://docs.google.com/spreadsheets/d/e/2PACX/pubhtml",
        "https://docs.google.com/spreadsheets/d//edit#gid=-1",
        "https://docs.google.com/spreadsheets/d/" + "x" * 1990 + "/edit",
        "http://127.0.0.1:1/cards.csv", "http://[::1]:80/cards.csv", "https://user:pw@x.org/c.csv",
        "file:///etc/passwd", "ftp://x.org/c.csv", "javascript:alert(1)", "https://", "https:///c",
        "https://x.org/a b.csv", "https://例え.jp/カード.csv", "https://x.org/" + "a" * 2000,
        "https://x.org/c.csv\nHost: evil", "//x.org/c.csv", "https://x.org:99999/c.csv",
        "https://x.org/c.csv#" + "%00" * 10, "")  # fmt: skip


def _record(url: str, data: bytes) -> dict[str, Any]:
    """A record as `printkit fetch` writes it for `data` downloaded from `url`."""
    return {"url": url, "downloaded_from": url, "fetched": "2026-11-26T14:03:00Z",
            "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}  # fmt: skip


def _hostile_record(draft: Draft, record: Path, honest: dict[str, Any]) -> str:
    """The record beside the saved copy, broken the ways a hand edit or an attacker would."""
    rng = draft.rng
    kind = rng.randrange(7)
    if kind == 0:
        key = rng.choice(sorted(honest))
        honest[key] = rng.choice((*HOSTILE_NUMBERS, *HOSTILE_STRINGS[:6], *HOSTILE_STRUCTURES))
        text = json.dumps(honest, allow_nan=True)
        change = f"record {key} = {honest[key]!r:.40}"
    elif kind == 1:
        honest["sha256"] = "0" * 64
        text, change = json.dumps(honest), "a record whose SHA-256 is another file's"
    elif kind == 2:
        honest[rng.choice(("extra", "url2", "__class__"))] = 1
        del honest[rng.choice(sorted(honest))]
        text, change = json.dumps(honest), "a record with a key missing and one unknown"
    elif kind == 3:
        text = rng.choice(("", "[]", "null", "{", '"x"', "{" * 100_000, " " * 70_000 + "{}",
                           json.dumps([honest] * 2000)))  # fmt: skip
        change = f"a record that is {text[:20]!r}… ({len(text)} characters)"
    elif kind == 4:
        record.symlink_to(draft.secret_file())
        return "a record that is a link out of the folder"
    elif kind == 5:
        if rng.random() < 0.5:
            os.mkfifo(record)
        else:
            record.mkdir()
        return "a record that is a named pipe or a folder"
    else:
        data, change = mutate_text(rng, json.dumps(honest, indent=2).encode())
        record.write_bytes(data)
        return f"record: {change}"
    record.write_text(text, encoding="utf-8")
    return change


def mutate_online(draft: Draft) -> None:
    """A deck's `card_data` given by URL: addresses of every wrong kind (other schemes, a
    loopback port, credentials, 2,000 characters, line breaks), no saved copy yet, a saved copy
    edited since its fetch, a record beside it that is broken, a link or special file; or a
    random change of `card_data`."""
    rng = draft.rng
    path, tree, deck = decks_with(draft.game, "card_data")[0]
    spec = tree["decks"][deck]["card_data"]
    saved = draft.game / spec["file"]
    record = saved.with_name(saved.name + ".fetched.json")
    spec["url"] = rng.choice(URLS)
    honest = _record(spec["url"], saved.read_bytes())
    record.write_text(json.dumps(honest, indent=2), encoding="utf-8")
    operation = rng.randrange(5) if known_attack(rng) else rng.randrange(7)
    if operation == 0:
        change = f"url = {spec['url']!r:.80}"
    elif operation == 1:
        saved.unlink()
        record.unlink()
        draft.refuse("a deck whose online data was never fetched")
        change = "no saved copy yet"
    elif operation == 2:
        saved.write_bytes(saved.read_bytes() + b"\n")
        change = "the saved copy edited since its fetch"
    elif operation == 3:
        record.unlink()
        change = _hostile_record(draft, record, honest)
    elif operation == 4:
        spec["url"] = SHEET
        record.write_text(json.dumps(_record(URLS[1], saved.read_bytes())), encoding="utf-8")
        change = "a record of another address"
    elif operation == 5:
        spec["url"] = rng.choice((*HOSTILE_NUMBERS, *HOSTILE_STRINGS, *HOSTILE_STRUCTURES))
        change = f"url = {spec['url']!r:.60}"
    else:
        tree["decks"][deck]["card_data"], change = mutate_subtree(rng, spec)
        change = f"card_data: {change}"
    draft.note(f"{path.name}: deck {deck}: {change}")
    save_yaml(path, tree)


def online_games(candidates: list[Path]) -> list[Path]:
    return [game for game in candidates if decks_with(game, "card_data")]
