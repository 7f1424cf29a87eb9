"""The statistics of the balance report: every figure a count with a 95 % interval.

Rates use Wilson's score interval (it stays inside [0, 1] and is honest at 0 % and 100 %, where
the textbook normal interval collapses to a point). A difference of two independent rates uses
Newcombe's hybrid score interval (method 10), built from the two Wilson intervals. Paired
comparisons on common random numbers use a bootstrap over seeds with a fixed bootstrap seed, so
the interval is as reproducible as the playouts. Pure functions on integers and floats: the
report and the tests call them alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.simulate.protocol import below, seeded

Z95 = 1.959963984540054  # the normal quantile of 97.5 %
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = "bootstrap"  # fixed: the same playouts give the same interval


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95 % interval."""

    estimate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes(self, value: float) -> bool:
        """Whether the interval lies wholly on one side of `value` (a clear effect)."""
        return self.low > value or self.high < value

    def as_json(self) -> dict[str, float]:
        return {"estimate": _rounded(self.estimate), "low": _rounded(self.low),
                "high": _rounded(self.high)}  # fmt: skip


def _rounded(value: float) -> float:
    """Six decimals: enough for any figure, and free of the last-bit noise of float sums."""
    return round(value, 6) + 0.0  # + 0.0 turns -0.0 into 0.0


def wilson(successes: float, n: int, z: float = Z95) -> Interval:
    """Wilson's score interval for a rate; a tie counted as half a success is allowed."""
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    rate = successes / n
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    return Interval(rate, max(0.0, centre - spread), min(1.0, centre + spread))


def newcombe(first: tuple[float, int], second: tuple[float, int], z: float = Z95) -> Interval:
    """Newcombe's interval for rate1 − rate2 of two independent samples, each (successes, n)."""
    one, two = wilson(*first, z=z), wilson(*second, z=z)
    difference = one.estimate - two.estimate
    low = difference - math.sqrt((one.estimate - one.low) ** 2 + (two.high - two.estimate) ** 2)
    high = difference + math.sqrt((one.high - one.estimate) ** 2 + (two.estimate - two.low) ** 2)
    return Interval(difference, max(-1.0, low), min(1.0, high))


def paired_bootstrap(
    differences: Sequence[float], resamples: int = BOOTSTRAP_RESAMPLES, level: float = 0.95
) -> Interval:
    """The mean of paired differences (one per seed) with a percentile bootstrap interval.

    Seeds are resampled with the protocol's integer draws from a fixed seed, so the interval
    is the same on every machine and for every number of workers.
    """
    n = len(differences)
    if n == 0:
        return Interval(0.0, -1.0, 1.0)
    rng = seeded(BOOTSTRAP_SEED, n)
    means = sorted(sum(differences[below(rng, n)] for _ in range(n)) / n for _ in range(resamples))
    tail = (1 - level) / 2
    low = means[math.floor(tail * (resamples - 1))]
    high = means[math.ceil((1 - tail) * (resamples - 1))]
    return Interval(sum(differences) / n, low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """A mean with its normal interval (mean ± z·s/√n): a length's mean over hundreds of
    games, where the central limit theorem holds and a bootstrap would cost seconds."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return Interval(mean, mean - z * spread / math.sqrt(n), mean + z * spread / math.sqrt(n))


def bonferroni_z(comparisons: int, level: float = 0.95) -> float:
    """The normal quantile that keeps the family-wise level over `comparisons` tests."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, comparisons)))


def playouts_for(half_width: float, rate: float = 0.5, z: float = Z95) -> int:
    """Playouts a rate needs for a 95 % interval of ± `half_width` (the worst case at 50 %)."""
    spread = max(rate * (1 - rate), 0.25 if rate in (0.0, 1.0) else 0.0)
    return math.ceil(z * z * spread / (half_width * half_width))


def quartiles(values: Sequence[int]) -> tuple[float, float, float]:
    """First quartile, median and third quartile (the 'inclusive' method: the data's own
    values when the count allows, the same in every statistics package)."""
    ordered = sorted(values)
    if not ordered:
        return (0.0, 0.0, 0.0)
    return (_quantile(ordered, 0.25), _quantile(ordered, 0.5), _quantile(ordered, 0.75))


def _quantile(ordered: Sequence[int], fraction: float) -> float:
    position = fraction * (len(ordered) - 1)
    below_index = math.floor(position)
    above_index = min(below_index + 1, len(ordered) - 1)
    weight = position - below_index
    return ordered[below_index] * (1 - weight) + ordered[above_index] * weight
