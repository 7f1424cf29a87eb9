"""What a false check compared (`compared`) costs work in proportion to the check, and no more
than a message can show: a shared package's claim of 5,000 comparisons once took minutes."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from jinja2 import nodes

from printkit.diagnostics import TEMPLATE_TOO_DEEP
from printkit.sandbox import expressions
from printkit.sandbox.expressions import TemplateProblem, compared, evaluate


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often `compared` parses the check and compiles a part of it."""
    counted: Counter[str] = Counter()
    parser, from_string = expressions.Parser, expressions._ENV.from_string

    def parsing(*args: Any, **kwargs: Any) -> Any:
        counted["parses"] += 1
        return parser(*args, **kwargs)

    def compiling(*args: Any, **kwargs: Any) -> Any:
        counted["compilations"] += 1
        return from_string(*args, **kwargs)

    monkeypatch.setattr(expressions, "Parser", parsing)
    monkeypatch.setattr(expressions._ENV, "from_string", compiling)
    return counted


def test_a_chain_of_comparisons_is_parsed_once_and_each_operand_compiled_once(
    work: Counter[str],
) -> None:
    """Before, every operand parsed the whole check again (50 operands: 51 parses)."""
    assert compared(" < ".join(["x"] * 50), {"x": 1}) == " < ".join(["1"] * 50)
    assert work == {"parses": 1, "compilations": 50}


def test_a_chain_of_ands_compiles_each_part_it_shows_once(work: Counter[str]) -> None:
    """`and` shows its false part: whether each left part is true is compiled once, its
    comparisons' operands once, whatever the chain's length."""
    check = " and ".join(["x == 1"] * 24 + ["x == 2"])
    assert compared(check, {"x": 1}) == "1 == 2"
    assert work == {"parses": 1, "compilations": 1 + 2}


def test_a_check_comparing_more_values_than_a_message_shows_is_not_explained(
    work: Counter[str],
) -> None:
    """Fifty values are shown; past them the explanation is left out before any part is
    compiled (the claim still fails, PK530, without it)."""
    assert compared(" or ".join(["x == 2"] * 25), {"x": 1}) == " or ".join(["1 == 2"] * 25)
    work.clear()
    assert compared(" or ".join(["x == 2"] * 25 + ["x"]), {"x": 1}) is None
    assert work == {"parses": 1}


def test_an_expression_is_compiled_without_folding_its_constants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Jinja2's constant folding tried each `or`'s whole subtree again: a check of 300
    `1 == 2 or …` took 17 s to compile. Now no `or` or comparison is folded."""
    folded: Counter[str] = Counter()

    def counted(kind: type[nodes.Expr]) -> Any:
        as_const = kind.as_const

        def folding(self: nodes.Expr, *args: Any) -> Any:
            folded[kind.__name__] += 1
            return as_const(self, *args)

        return folding

    for kind in (nodes.Or, nodes.Compare):
        monkeypatch.setattr(kind, "as_const", counted(kind))
    assert evaluate(" or ".join(["1 == 2"] * 150), {}) is False
    assert not folded


def test_a_chain_too_long_for_python_to_compile_is_too_deep() -> None:
    """Python's compiler refuses the brackets Jinja2 writes for 300 `or`s (SyntaxError): it
    was "a value is out of range"."""
    with pytest.raises(TemplateProblem) as refused:
        evaluate(" or ".join(["1 == 2"] * 300), {})
    assert refused.value.code == TEMPLATE_TOO_DEEP
    assert "nests too deeply to be read" in str(refused.value)
