"""Layouts extending layouts (printkit/model/layout.py): each chain is found once, from its
parent's, bounded in depth; a circle is reported at each member in one line."""

from __future__ import annotations

from printkit.diagnostics import Diagnostics
from printkit.load.yaml_spans import SourceMap
from printkit.model.layout import resolve_layouts
from printkit.model.limits import MAX_EXTENDS_DEPTH
from printkit.model.package import LayoutSpec


def _specs(extends: dict[str, str | None]) -> dict[str, LayoutSpec]:
    return {
        name: LayoutSpec.model_validate({"extends": parent} if parent else {"size": "poker"})
        for name, parent in extends.items()
    }


def test_a_chain_resolves_to_its_bound_and_is_refused_once_where_it_passes_it() -> None:
    """Forty layouts one through another: those within the bound resolve, the first past it is
    the one finding (its message one line, however long the chain), the rest fail with it."""
    chain = {"base": None} | {f"l{i}": f"l{i - 1}" if i > 1 else "base" for i in range(1, 41)}
    found = Diagnostics()
    resolved = resolve_layouts(_specs(dict(reversed(chain.items()))), SourceMap(), found)
    deepest = f"l{MAX_EXTENDS_DEPTH + 1}"
    assert set(resolved) == {"base"} | {f"l{i}" for i in range(1, MAX_EXTENDS_DEPTH + 1)}
    assert [(d.code, d.message) for d in found] == [
        (
            "PK202",
            f"layout '{deepest}' extends {MAX_EXTENDS_DEPTH + 1} layouts, one through another: "
            f"{deepest} → l16 → l15 → l14 → l13 → l12 → …",
        )
    ]


def test_each_layout_of_a_long_circle_is_reported_once_naming_the_circle_from_itself() -> None:
    members = [f"c{i}" for i in range(500)]
    specs = _specs({name: members[(i + 1) % 500] for i, name in enumerate(members)})
    found = Diagnostics()
    assert resolve_layouts(specs | _specs({"leaf": "c7"}), SourceMap(), found) == {}
    messages = [d.message for d in found]
    assert all(d.code == "PK201" for d in found)
    assert len(messages) == 500
    assert messages[0] == "layout 'c0' extends itself through c0 → c1 → c2 → c3 → c4 → c5 → …"
    assert messages[499] == (
        "layout 'c499' extends itself through c499 → c0 → c1 → c2 → c3 → c4 → …"
    )


def test_a_short_circle_is_named_whole() -> None:
    found = Diagnostics()
    resolve_layouts(_specs({"face": "back", "back": "face"}), SourceMap(), found)
    assert [d.message for d in found] == [
        "layout 'face' extends itself through face → back",
        "layout 'back' extends itself through back → face",
    ]
