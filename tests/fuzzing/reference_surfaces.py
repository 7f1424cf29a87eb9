"""Families for the reference documents: a game's own template overrides (the files named like
printkit's templates in the game's folder) and the reference materials of `reference.yaml`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fuzzing.draft import Draft, known_attack, materials, save_yaml
from fuzzing.expressions import template_text
from fuzzing.hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS
from fuzzing.yaml_mutations import mutate_subtree, mutate_text

SHIPPED_TEMPLATES = Path(__file__).resolve().parents[2] / "printkit" / "templates"
TEMPLATE_NAMES = ("quick_reference.md.j2", "rules_reference.md.j2", "rule.md.j2")
REFERENCE_KINDS = ("quick_reference", "rules_reference")


def ensure_reference(draft: Draft) -> None:
    """Give a game with rules but no reference material both documents, so that a template
    override is used (the shipped rule games have them in reference.yaml)."""
    if not materials(draft.game, REFERENCE_KINDS):
        save_yaml(
            draft.game / "fuzz_reference.yaml",
            {"materials": {f"fuzz_{kind}": {"kind": kind} for kind in REFERENCE_KINDS}},
        )


# --- the attacks the issue lists, as template files ----------------------------------------------


def _words(rng: Any, size: int) -> str:
    words = ("shield", "battery", "roll", "the", "a", "card", "deals", "damage", "turn")
    text, length = [], 0
    while length < size:
        word = rng.choice(words)
        text.append(word)
        length += len(word) + 1
    return " ".join(text)


# Markdown a template may write: (text, whether the issue says it must be a located error).
MARKDOWN: tuple[tuple[str, bool], ...] = (
    ("# Title\n\nSee [the rules](#nope).\n", True),  # a link to an anchor no heading has
    ("## Starts at two\n\nText.\n", True),  # the first heading below level 1
    ("# One\n\n### Three\n\nText.\n", True),  # a heading that skips a level
    ("", True),  # an empty document
    ("   \n\n\t\n", True),  # only white space
    ("# A {#same}\n\n# B {#same}\n", False),  # one anchor twice
    ("# Empty id {#}\n", False),
    ("# T\n\n" + "| a " * 500 + "|\n" + "|---" * 500 + "|\n" + "| x " * 500 + "|\n", False),
    ("# T\n\n" + "".join("  " * depth + "- item\n" for depth in range(200)), False),
    ("# T\n\n" + "> " * 300 + "deep quote\n", False),
    ("# T\n\n![picture](/etc/hostname)\n", False),
    (
        "# T\n\n<img src='/etc/hostname'> <font size='10000'>big</font> <a href='file:///x'>x</a>\n",
        False,
    ),
    ("# T\n\n<b>unclosed <i>tags &#0; &#x10FFFF; &nosuch;\n", False),
    ("# T\n\n```\n" + "x" * 20000 + "\n```\n", False),
    ("# T\n\n" + "y" * 100_000 + "\n", False),
    ("# T\n\n[link](javascript:alert(1)) <http://x> [^note]\n\n[^note]: a footnote\n", False),
    ("# T\n\n| a | b |\n|---|\n| 1 | 2 | 3 | 4 |\n", False),
    ("# T\n\n" + "***" * 1000 + "\n", False),
)


def _link_out(draft: Draft, name: str, to_secret: bool) -> None:
    target = draft.secret_file() if to_secret else Path("/etc/hostname")
    (draft.game / name).symlink_to(target)
    draft.refuse("a template that is a link out of the game folder")
    draft.note(f"{name} is a symbolic link to {'a file outside the game' if to_secret else target}")


def _known_template(draft: Draft, name: str) -> None:
    rng = draft.rng
    path = draft.game / name
    attack = rng.randrange(15)
    if attack in (0, 1):
        _link_out(draft, name, to_secret=attack == 0)
        return
    if attack == 2:  # the included macro file, not the document, is the link
        _link_out(draft, "rule.md.j2", to_secret=True)
        return
    if attack == 3:
        draft.secret_file()
        body = "# T\n\n{% include '../outside/secret.txt' %}\n{% include '/etc/hostname' %}\n"
        draft.refuse("a template that includes a file outside the game folder")
    elif attack == 4:
        size = rng.choice((100_000, 1_000_000, 2_000_000))
        body = "# Title\n\n" + _words(rng, size) + "\n"
        draft.note(f"{name}: {size:,} bytes of plain text")
    elif attack == 5:
        body, refused = rng.choice(MARKDOWN)
        if refused:
            draft.refuse("Markdown the reference cannot lay out")
    elif attack == 6:
        body = rng.choice(("# T\n\n{{ 1 // 0 }}\n", "# T\n\n{{ 2.0 ** 5000 }}\n"))
        draft.refuse("arithmetic that fails")
    elif attack == 7:
        statement = rng.choice(("include", "extends", "import", "from"))
        body = {
            "include": f"# T\n\n{{% include '{name}' %}}\n",
            "extends": f"{{% extends '{name}' %}}\n",
            "import": f"{{% import '{name}' as me %}}# T\n",
            "from": f"{{% from '{name}' import rule %}}# T\n{{{{ rule }}}}\n",
        }[statement]
        draft.refuse(f"a template that {statement}s itself")
    elif attack == 8:
        body = "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}# T\n\n{{ f(0) }}\n"
        draft.refuse("a macro that calls itself")
    elif attack == 9:
        body = "# T\n\n" + rng.choice(
            ("{{ covered('nope') }}", "{{ title(none) }}", "{{ 'abc' | truncate(-1) }}")
        )
        draft.refuse("a helper given an argument it cannot take")
    elif attack == 10:
        body = "# T\n\n" + rng.choice(("{{ lipsum(1) }}", "{{ range(100) | random }}"))
        draft.refuse("a template that uses random or lipsum")
    elif attack == 11:
        shipped = (SHIPPED_TEMPLATES / name).read_bytes()
        cut = rng.randrange(len(shipped))
        path.write_bytes(shipped[:cut] + b"\xff\xfe" + shipped[cut:])
        draft.refuse("a template that is not UTF-8")
        draft.note(f"{name}: invalid UTF-8 at byte {cut}")
        return
    elif attack == 12:
        body = "# T\n\n{{ rules.model_dump_json(indent=10**7) | length }}\n"
        draft.refuse("a model method reached from a template")
    elif attack == 13:  # two overrides that include each other
        (draft.game / "rule.md.j2").write_text("{% include 'quick_reference.md.j2' %}\n")
        body = "# T\n\n{% include 'rule.md.j2' %}\n"
        name, path = "quick_reference.md.j2", draft.game / "quick_reference.md.j2"
        draft.refuse("templates that include each other")
    else:
        path.mkdir()
        draft.note(f"{name} is a folder")
        return
    path.write_text(body, encoding="utf-8")
    draft.note(f"{name}: {body[:100]!r}")


def _random_template(draft: Draft, name: str) -> None:
    """The shipped template with one change: a line mutated, a snippet or Markdown inserted."""
    rng = draft.rng
    path = draft.game / name
    data = (SHIPPED_TEMPLATES / name).read_bytes()
    operation = rng.randrange(3)
    if operation == 0:
        data, change = mutate_text(rng, data)
    else:
        lines = data.split(b"\n")
        at = rng.randrange(len(lines) + 1)
        snippet = template_text(rng, False) if operation == 1 else rng.choice(MARKDOWN)[0]
        lines.insert(at, snippet.encode())
        data, change = b"\n".join(lines), f"insert {snippet[:80]!r} at line {at + 1}"
    path.write_bytes(data)
    draft.note(f"{name}: {change}")


def mutate_templates(draft: Draft) -> None:
    """A template override in the game's folder: a known attack or a mutated shipped template."""
    ensure_reference(draft)
    name = draft.rng.choice(TEMPLATE_NAMES)
    if known_attack(draft.rng):
        _known_template(draft, name)
    else:
        _random_template(draft, name)


TEMPLATE_FIELD = (
    "../outside/secret.txt", "/etc/hostname", "game.yaml", "nope.md.j2", "rule.md.j2", "",
    "x" * 300, "quick_reference.md.j2\x00", "rules_reference.md.j2", ".", "..", "art",
)  # fmt: skip


def mutate_reference_yaml(draft: Draft) -> None:
    """A reference material's fields: its template name, pages, paper, title, kind, colour,
    or many copies of it."""
    rng = draft.rng
    ensure_reference(draft)
    path, tree, name = rng.choice(materials(draft.game, REFERENCE_KINDS))
    material = tree["materials"][name]
    field = rng.choice(("template", "pages", "paper", "title", "kind", "colour", "copies", "tree"))
    if field == "template":
        material["template"] = rng.choice(TEMPLATE_FIELD)
        if material["template"].startswith(("../", "/")):
            draft.secret_file()
            draft.refuse("a template named outside the game folder")
    elif field == "pages":
        material["pages"] = rng.choice((*HOSTILE_NUMBERS, 2, 3, "2"))
    elif field == "paper":
        material["paper"] = rng.choice(("letter", "a3", "tabloid", "nope", "", None))
    elif field == "title":
        material["title"] = rng.choice(HOSTILE_STRINGS)
    elif field == "kind":
        material["kind"] = rng.choice((*REFERENCE_KINDS, "sheet", "nope"))
    elif field == "colour":
        material["colour"] = "cmyk"
        material["ink_limit"] = rng.choice((1, 100, 260, 400, 401, 0))
    elif field == "copies":
        count = rng.choice((10, 50))
        for number in range(count):
            tree["materials"][f"{name}_{number}"] = dict(material)
        draft.note(f"{path.name}: {count} copies of '{name}'")
    else:
        tree["materials"][name], change = mutate_subtree(rng, material)
        draft.note(f"{path.name}: material '{name}': {change}")
    if field not in ("copies", "tree"):
        draft.note(f"{path.name}: material '{name}' {field} = {material.get(field)!r:.80}")
    save_yaml(path, tree)
