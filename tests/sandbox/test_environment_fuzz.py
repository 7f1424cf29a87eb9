"""Random templates built from the operations that can blow up (operators, padding, joining,
replacing, ranges, loops, nested lists) with large numbers and long strings: every one renders
within the limits or stops with a diagnostic, quickly and without a memory spike.

Hypothesis draws the templates (derandomized, so CI runs the same cases each time).
"""

from __future__ import annotations

import resource
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.sandbox.environment import MAX_TEXT
from printkit.sandbox.expressions import TemplateProblem, render

NUMBERS = st.sampled_from(["0", "2", "7", "99", "5000", "99999", "100000", "10**6", "10**9"])
STRINGS = st.sampled_from(["'x'", "'ab\\t'", "'%5d'", "'{:>9}'", "'<!--'", "'a b'", "''"])
FILTERS = st.sampled_from(
    [
        "center({n})", "join({s})", "replace('x', {s})", "indent({n})", "batch({n}, 0)|list",
        "list", "string", "map('string')|list", "format({n})", "tojson", "sort", "unique|list",
        "length", "wordwrap({n})", "truncate({n})", "sum(start=[])", "first", "reverse|list",
    ]
)  # fmt: skip
METHODS = st.sampled_from(
    [
        "ljust({n})", "zfill({n})", "join({e})", "replace('x', {s})", "expandtabs({n})",
        "format({n})", "split()", "center({n})", "translate({{120: {s}}})",
    ]
)  # fmt: skip
OPERATORS = st.sampled_from(["*", "**", "+", "~", "%", "//"])


def _expressions() -> st.SearchStrategy[str]:
    atoms = NUMBERS | STRINGS

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, OPERATORS, inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(inner, FILTERS, NUMBERS, STRINGS).map(
                lambda t: f"({t[0]}|{t[1].format(n=t[2], s=t[3])})"
            ),
            st.tuples(STRINGS, METHODS, NUMBERS, STRINGS, inner).map(
                lambda t: f"({t[0]}.{t[1].format(n=t[2], s=t[3], e=t[4])})"
            ),
            st.tuples(inner, inner).map(lambda t: f"[{t[0]}, {t[1]}]"),
            NUMBERS.map(lambda n: f"range({n})"),
        )

    return st.recursive(atoms, extend, max_leaves=6)


def _templates() -> st.SearchStrategy[str]:
    printed = _expressions().map(lambda e: "{{ " + e + " }}")
    loop = st.tuples(NUMBERS, printed, st.booleans()).map(
        lambda t: (
            f"{{% for i in range({t[0]}) %}}"
            + (f"{{% for j in range({t[0]}) %}}{t[1]}{{% endfor %}}" if t[2] else t[1])
            + "{% endfor %}"
        )
    )
    return printed | loop


_SPIKE_BYTES = 300 * 1024 * 1024


def _peak_bytes() -> int:
    """The process's highest resident memory so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(_templates())
def test_any_template_renders_within_the_limits_or_stops_quickly(source: str) -> None:
    peak, started = _peak_bytes(), time.process_time()
    try:
        text = render(source, {})
    except TemplateProblem as problem:
        assert str(problem).startswith(f"in '{source}'")
    else:
        assert len(text) <= MAX_TEXT
    assert time.process_time() - started < 1.0, source
    grown = _peak_bytes() - peak
    assert grown < _SPIKE_BYTES, f"{source} took the process {grown >> 20} MB higher"
