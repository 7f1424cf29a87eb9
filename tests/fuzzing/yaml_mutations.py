"""The generic family: any YAML file of a package changed the way a careless editor or a hostile
user would (one node replaced, scaled, deleted, renamed, grafted; lines deleted or indented;
bytes truncated or made invalid; alias bombs; deep nesting; binary files and symlinks)."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import yaml

from fuzzing.draft import Draft, save_yaml
from fuzzing.hostile import hostile_value

# --- tree mutations (parse, change one node, write back) ------------------------------------------


def node_paths(tree: Any, limit: int = 20_000) -> list[tuple[Any, ...]]:
    """Paths to the nodes of a parsed file, at most `limit` of them: an alias bomb that an
    earlier mutation appended must not expand in the mutator either."""
    found: list[tuple[Any, ...]] = []
    pending: list[tuple[Any, tuple[Any, ...]]] = [(tree, ())]
    while pending and len(found) < limit:
        node, prefix = pending.pop()
        found.append(prefix)
        if isinstance(node, dict):
            pending += [(value, (*prefix, key)) for key, value in node.items()]
        elif isinstance(node, list):
            pending += [(value, (*prefix, index)) for index, value in enumerate(node)]
    return found


def node_at(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


_LEADING_NUMBER = re.compile(r"^-?\d+(\.\d+)?")


def _scaled(value: Any, factor: float) -> Any:
    """The same kind of value, out of proportion: a count times a million, '63 mm' times 1000."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return value * factor
    if isinstance(value, str) and (match := _LEADING_NUMBER.match(value)):
        return f"{float(match[0]) * factor:g}{value[match.end() :]}"
    if isinstance(value, list) and value:
        return value * max(1, int(min(factor, 200)))
    return value


def mutate_tree(rng: random.Random, tree: Any) -> tuple[Any, str]:
    paths = [p for p in node_paths(tree) if p]
    if not paths:
        return hostile_value(rng), "replace the whole document"
    path = rng.choice(paths)
    parent, last = node_at(tree, path[:-1]), path[-1]
    operation = rng.choice(("replace", "replace", "scale", "delete", "rename", "graft", "dup"))
    where = "/".join(map(str, path))
    if operation == "scale":
        factor = rng.choice((0, -1, 0.001, 1000, 1_000_000))
        parent[last] = _scaled(parent[last], factor)
        return tree, f"scale {where} by {factor}"
    if operation == "replace":
        value = hostile_value(rng)
        parent[last] = value
        return tree, f"replace {where} with {value!r:.60}"
    if operation == "delete":
        del parent[last]
        return tree, f"delete {where}"
    if operation == "rename" and isinstance(parent, dict):
        key = str(last)
        new_key = rng.choice((key[:-1], key + "s", key.upper(), key + "\x00", "", "_" + key))
        parent[new_key] = parent.pop(last)
        return tree, f"rename {where} to {new_key!r}"
    if operation == "graft":
        donor = node_at(tree, rng.choice(paths))
        parent[last] = copy.deepcopy(donor)
        return tree, f"graft another subtree onto {where}"
    if isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
        return tree, f"duplicate item {where}"
    parent[last] = [copy.deepcopy(parent[last])] * 2
    return tree, f"double {where} into a list"


# --- text mutations (the bytes a careless editor or a hostile user writes) ------------------------

ALIAS_BOMB = (
    "bomb_a: &a [x, x, x, x, x, x, x, x, x]\n"
    "bomb_b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "bomb_c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    "bomb_d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "bomb_e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
    "bomb_f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    "bomb_g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
    "bomb_h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
    "bomb_i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n"
)


def mutate_text(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = data.split(b"\n")
    at = rng.randrange(len(lines))
    operation = rng.randrange(14)
    if operation == 0:
        del lines[at]
        return b"\n".join(lines), f"delete line {at + 1}"
    if operation == 1:
        lines.insert(at, lines[at])
        return b"\n".join(lines), f"duplicate line {at + 1}"
    if operation == 2:
        lines[at] = b" " * rng.randint(1, 5) + lines[at]
        return b"\n".join(lines), f"indent line {at + 1}"
    if operation == 3:
        lines[at] = lines[at].replace(b":", b" ", 1)
        return b"\n".join(lines), f"drop the colon of line {at + 1}"
    if operation == 4:
        cut = rng.randrange(len(data) + 1)
        return data[:cut], f"truncate at byte {cut}"
    if operation == 5:
        byte = bytes([rng.choice((0, 1, 7, 8, 11, 12, 27, 127))])
        cut = rng.randrange(len(data) + 1)
        return data[:cut] + byte + data[cut:], f"insert control byte {byte!r} at {cut}"
    if operation == 6:
        cut = rng.randrange(len(data) + 1)
        return data[:cut] + b"\xff\xfe\xc3" + data[cut:], f"insert invalid UTF-8 at byte {cut}"
    if operation == 7:
        return data + b"\n" + ALIAS_BOMB.encode(), "append an alias bomb"
    if operation == 8:
        depth = rng.choice((200, 1000, 5000))
        return data + b"\ndeep: " + b"[" * depth + b"]" * depth + b"\n", f"nest {depth} deep"
    if operation == 9:
        return b"", "empty the file"
    if operation == 10:
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"), "BOM and CRLF line ends"
    if operation == 11:
        lines[at] = b"\t" + lines[at]
        return b"\n".join(lines), f"tab before line {at + 1}"
    if operation == 12:
        tag = b"key: !!python/object/apply:os.system ['echo pwned']\n"
        return data + b"\n" + tag, "append a python tag"
    lines[at] = lines[at] + b" &anchor"
    return b"\n".join(lines), f"dangling anchor on line {at + 1}"


# --- folder mutations -----------------------------------------------------------------------------


def mutate_folder(rng: random.Random, game: Path) -> str:
    operation = rng.randrange(4)
    name = f"extra{len(list(game.iterdir()))}.yaml"  # unique, so mutations can repeat
    if operation == 0:
        (game / name).symlink_to("/etc/hostname")
        return f"symlink {name} to a file outside the game"
    if operation == 1:
        (game / name).mkdir()
        return f"a folder named {name}"
    if operation == 2:
        (game / name).write_bytes(bytes(range(256)) * 4)
        return f"a binary file {name}"
    (game / name).symlink_to(game / "missing.yaml")
    return f"a dangling symlink {name}"


def mutate_package(draft: Draft) -> None:
    """One to three generic mutations of the package's YAML files or its folder."""
    rng, game = draft.rng, draft.game
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.choices(("tree", "text", "folder"), weights=(6, 3, 1))[0]
        files = sorted(p for p in game.glob("*.yaml") if p.is_file() and not p.is_symlink())
        if kind == "folder" or not files:
            draft.note(mutate_folder(rng, game))
            continue
        target = rng.choice(files)
        data = target.read_bytes()
        if kind == "tree":
            try:
                tree = yaml.safe_load(data)
            except (yaml.YAMLError, RecursionError):
                tree = None
            if isinstance(tree, dict | list):
                tree, change = mutate_tree(rng, tree)
                save_yaml(target, tree)
                draft.note(f"{target.name}: {change}")
                continue
        data, change = mutate_text(rng, data)
        target.write_bytes(data)
        draft.note(f"{target.name}: {change}")


def mutate_subtree(rng: random.Random, value: Any) -> tuple[Any, str]:
    """One tree mutation inside `value` (which may itself be replaced, deleted or renamed)."""
    wrapped, change = mutate_tree(rng, {"it": value})
    return (wrapped.get("it") if isinstance(wrapped, dict) else wrapped), change
