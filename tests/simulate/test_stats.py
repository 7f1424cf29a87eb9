"""The report's statistics against published values (Newcombe 1998, Statistics in Medicine
17:857-872: Table I for Wilson's interval, Table II, method 10, for differences)."""

from __future__ import annotations

import pytest

from printkit.simulate.stats import (
    bonferroni_z,
    newcombe,
    paired_bootstrap,
    playouts_for,
    quartiles,
    wilson,
)


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
     (1, 29, 0.0061, 0.1718)],
)  # fmt: skip
def test_wilson_matches_newcombe_table_one(successes: int, n: int, low: float, high: float):
    interval = wilson(successes, n)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)
    assert interval.estimate == successes / n


@pytest.mark.parametrize(
    ("first", "second", "low", "high"),
    [((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090),
     ((6, 7), (2, 7), 0.0582, 0.8062), ((5, 56), (0, 29), -0.0381, 0.1926),
     ((0, 10), (0, 20), -0.1611, 0.2775)],
)  # fmt: skip
def test_newcombe_matches_method_ten(first, second, low, high):
    interval = newcombe(first, second)
    assert interval.low == pytest.approx(low, abs=5e-4)
    assert interval.high == pytest.approx(high, abs=5e-4)


def test_paired_bootstrap_is_reproducible_and_centred():
    differences = [1.0] * 30 + [0.0] * 50 + [-1.0] * 20
    first, second = paired_bootstrap(differences), paired_bootstrap(differences)
    assert first == second  # a fixed bootstrap seed: the same interval every run
    assert first.estimate == pytest.approx(0.1)
    assert first.low < 0.1 < first.high
    assert first.excludes(0.0) is False  # ±0.14 or so around 0.1 with 100 seeds
    wider = paired_bootstrap(differences, level=1 - 0.05 / 4)
    assert wider.low <= first.low and wider.high >= first.high


def test_bonferroni_widens_with_comparisons():
    assert bonferroni_z(1) == pytest.approx(1.95996, abs=1e-4)
    assert bonferroni_z(4) == pytest.approx(2.49771, abs=1e-4)


def test_playouts_for_a_precision():
    assert playouts_for(0.01) == 9604  # 1.96² × 0.25 / 0.01²
    assert playouts_for(0.02) == 2401
    assert playouts_for(0.01, 0.1) == 3458


def test_quartiles_interpolate_between_the_data():
    assert quartiles([1, 2, 3, 4, 5]) == (2, 3, 4)
    assert quartiles([1, 2, 3, 4]) == (1.75, 2.5, 3.25)
